//! A puzzle's themes: what its answer does. Each game names what its move does
//! ([`PuzzleGame::move_themes`]); every game adds `finish` (the move wins at once),
//! `combination` (a line of three moves) and `defence` (the best move does not keep a winning
//! chance above one half: it saves what can be saved).
//!
//! `block` (Quarx, Kauri) is a move that leaves the opponent, to move next, exactly one legal
//! move (`forced_reply`); in Quarx one that is not a capture (a capture the rules compel
//! is no block).

use tafel_core::game::GameExt;
use tafel_core::{Player, Status};

use super::PuzzleGame;

/// The opponent's only legal move after `mover` reached `after`, if the opponent is to move
/// there and has exactly one: the move blocked the others (the `block` theme).
pub(crate) fn forced_reply<G: PuzzleGame>(
    game: &G,
    mover: Player,
    after: &G::State,
) -> Option<G::Move> {
    match game.status(after) {
        Status::ToMove(next) if next != mover => match game.legal_move_vec(after)[..] {
            [only] => Some(only),
            _ => None,
        },
        _ => None,
    }
}

/// The themes of the answer `line` (the player's moves at even indexes) in `state`, whose
/// best move is worth `value` to the player.
pub fn themes<G: PuzzleGame>(
    game: &G,
    state: &G::State,
    line: &[G::Move],
    value: f64,
) -> Vec<String> {
    let Some(&first) = line.first() else {
        return Vec::new();
    };
    let mut themes: Vec<&str> = game.move_themes(state, first);
    if let (Status::ToMove(player), Status::Over(outcome)) =
        (game.status(state), game.status(&game.after(state, first)))
    {
        if outcome.payoff(player) > 0.5 {
            themes.push("finish");
        }
    }
    if line.len() > 1 {
        themes.push("combination");
    }
    if value <= 0.5 {
        themes.push("defence");
    }
    themes.into_iter().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafel_core::Game;
    use tafel_games::carreaux::Carreaux;
    use tafel_games::einstein::Einstein;
    use tafel_games::karls_race::KarlsRace;
    use tafel_games::kauri::Kauri;
    use tafel_games::quarx::Quarx;

    /// The themes of the one-move answer `mv` in the position `code`, worth `value`.
    fn of<G: PuzzleGame>(code: &str, mv: &str, value: f64) -> Vec<String> {
        let game = G::new(Default::default()).unwrap();
        let state = game.parse_position(code).unwrap();
        let mv = game.parse_legal_move(&state, mv).unwrap();
        themes(&game, &state, &[mv], value)
    }

    #[test]
    fn karls_race_tells_a_capture_from_a_race_and_a_finish() {
        assert_eq!(of::<KarlsRace>("w5:ABK:P", "P-K", 0.9), ["capture"]);
        assert_eq!(of::<KarlsRace>("w5:AB:KP", "P-K", 0.9), ["own-capture"]);
        assert_eq!(of::<KarlsRace>("w3:CD:GT", "G-A", 1.0), ["race", "finish"]);
        assert_eq!(
            of::<KarlsRace>("w5:AB:KP", "P-K", 0.3),
            ["own-capture", "defence"]
        );
    }

    #[test]
    fn einstein_tells_a_capture_from_a_race() {
        let code = "w2:...../.b4.../..b2w2./...w5./.....";
        assert_eq!(of::<Einstein>(code, "d3-c3", 0.8), ["capture"]);
        assert_eq!(of::<Einstein>(code, "d3-d4", 0.8), ["race"]);
    }

    #[test]
    fn kauri_tells_a_capture_from_a_gift() {
        let capture = "a/5+1,5+1,5+1,5+1,5+1,12+2/3+0,0+0,5+1,5+1,5+2,5+1/0,0";
        assert_eq!(of::<Kauri>(capture, "f", 0.8), ["sowing", "capture"]);
        let gift = "a/5+1,5+1,5+1,5+1,5+1,1+1/0+1,2+1,8+1,8+1,8+1,8+1/0,0";
        assert_eq!(of::<Kauri>(gift, "f", 0.8), ["sowing", "sacrifice"]);
    }

    #[test]
    fn kauri_names_a_block_that_leaves_the_opponent_one_hole() {
        // The second player's cowries are all in F: after `a` (its cowrie sown into `b`) F is
        // their only move; after `f` the cowrie lands in B, a second one.
        let code = "a/0+1,0+0,0+0,0+0,0+0,1+1/0+0,0+0,0+0,0+0,0+0,0+10/30,29";
        assert_eq!(of::<Kauri>(code, "a", 0.8), ["sowing", "block"]);
        assert_eq!(of::<Kauri>(code, "f", 0.8), ["sowing"]);
    }

    #[test]
    fn quarx_tells_a_quiet_step_from_a_double_capture() {
        let game = Quarx::new(Default::default()).unwrap();
        let start = game.start();
        let code = game.format_position(&start);
        assert_eq!(of::<Quarx>(&code, "1111-2211", 0.6), ["quiet"]);
        let after = game.after(&start, game.parse_legal_move(&start, "1111-2211").unwrap());
        let code = game.format_position(&after);
        assert_eq!(of::<Quarx>(&code, "3333x1111x3311", 0.6), ["multi-capture"]);
    }

    /// A Quarx code with `side` to move and `pieces` (cell `xyab`, `o` White's man, `x`
    /// Black's), the others empty.
    fn quarx_code(side: char, pieces: &[(&str, char)]) -> String {
        let boards: Vec<String> = (0..16)
            .map(|i| {
                let (a, b) = (i % 4 + 1, i / 4 + 1);
                let mut text = String::new();
                for y in 1..=4 {
                    for x in 1..=4 {
                        if (x + y + a + b) % 2 == 0 {
                            let cell = format!("{x}{y}{a}{b}");
                            let found = pieces.iter().find(|(c, _)| *c == cell);
                            text.push(found.map_or('.', |(_, piece)| *piece));
                        }
                    }
                }
                text
            })
            .collect();
        format!("{side}:{}", boards.join("/"))
    }

    #[test]
    fn quarx_names_a_block_that_leaves_one_step() {
        // Black's one man on 1412 has six steps; White's men stand on five of them, each with
        // a piece or the board's edge behind it (no capture). `1212-2312` fills the fifth:
        // Black's only move is 1412-2323. `1214-2314` leaves 2312 free.
        let white = [
            "1212", "1322", "1311", "1313", "2321", "3212", "1232", "1214",
        ];
        let mut pieces: Vec<(&str, char)> = white.iter().map(|&c| (c, 'o')).collect();
        pieces.push(("1412", 'x'));
        let code = quarx_code('w', &pieces);
        assert_eq!(of::<Quarx>(&code, "1212-2312", 0.8), ["quiet", "block"]);
        assert_eq!(of::<Quarx>(&code, "1214-2314", 0.8), ["quiet"]);
    }

    #[test]
    fn carreaux_names_the_tile_that_slides() {
        let game = Carreaux::new(Default::default()).unwrap();
        let code = game.format_position(&game.start());
        assert_eq!(of::<Carreaux>(&code, "a5", 0.6), ["own-tile"]);
        assert_eq!(of::<Carreaux>(&code, "b6", 0.6), ["opponent-tile"]);
    }

    #[test]
    fn a_line_of_three_moves_is_a_combination() {
        let game = Carreaux::new(Default::default()).unwrap();
        let start = game.start();
        let line: Vec<_> = ["b6", "c6", "c5"]
            .iter()
            .scan(start.clone(), |state, text| {
                let mv = game.parse_legal_move(state, text).unwrap();
                game.apply(state, mv);
                Some(mv)
            })
            .collect();
        assert_eq!(
            themes(&game, &start, &line, 1.0),
            ["opponent-tile", "combination"]
        );
    }
}
