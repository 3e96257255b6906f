//! Puzzles from games people played on a server (`tafel puzzles generate GAME --database
//! URL`): each game replayed from its moves, its positions where someone is to move with a
//! choice judged as the self-played games' are (by `generate::Keeper`).

use std::collections::HashSet;

use rand::seq::SliceRandom;
use tafel_core::game::GameExt;
use tafel_core::Status;

use super::format::Source;
use super::generate::{Generated, Keeper, PuzzleOptions, Report};
use super::play::rng_of;
use super::{PuzzleError, PuzzleGame};

/// A finished game to find puzzles in: its id on the server, its start and its moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedGame {
    /// The game's id on the server; a puzzle from it is `<game>-<id>-<ply>`.
    pub id: String,
    /// The start position's code, if not the game's usual start.
    pub start: Option<String>,
    /// Every move and chance outcome, in notation, in order.
    pub moves: Vec<String>,
}

/// The positions of `played` where someone is to move with a choice, with the number of
/// moves before each, in the order of the moves.
fn positions<G: PuzzleGame>(
    game: &G,
    played: &PlayedGame,
) -> Result<Vec<(u32, G::State)>, PuzzleError> {
    let unreadable = |reason: String| PuzzleError::Unreadable {
        game: played.id.clone(),
        reason,
    };
    let mut state = match &played.start {
        Some(code) => game
            .parse_position(code)
            .map_err(|e| unreadable(e.to_string()))?,
        None => game.start(),
    };
    let mut positions = Vec::new();
    for (ply, text) in played.moves.iter().enumerate() {
        let moves = game.legal_move_vec(&state);
        if matches!(game.status(&state), Status::ToMove(_)) && moves.len() > 1 {
            positions.push((ply as u32, state.clone()));
        }
        let mv = game
            .parse_legal_move(&state, text)
            .map_err(|e| unreadable(format!("move {}: {e}", ply + 1)))?;
        game.apply(&mut state, mv);
    }
    Ok(positions)
}

/// A number from `id` that stays the same from run to run and version to version (64-bit
/// FNV-1a), so that a game's positions are judged in the same order whatever other games are
/// read with it.
fn stable_hash(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Puzzles of `game` from `played`, as `options` say (at most `options.count`; the seed
/// with each game's id orders its positions, the seed seeds the searches), skipping the positions whose codes
/// are in `known`; `progress` hears the report after every game.
pub(crate) fn mine_typed<G: PuzzleGame>(
    game: &G,
    played: &[PlayedGame],
    known: HashSet<String>,
    options: &PuzzleOptions,
    progress: &mut dyn FnMut(&Report),
) -> Result<Generated, PuzzleError> {
    let mut keeper = Keeper::new(game, options, known)?;
    for source in played {
        if keeper.full() {
            break;
        }
        let mut positions = positions(game, source)?;
        positions.shuffle(&mut rng_of(options.seed, stable_hash(&source.id)));
        keeper.judge_game(positions, &|ply, _| {
            let id = format!("{}-{}-{ply}", G::INFO.name, source.id);
            let source = Source::Played {
                server_game: source.id.clone(),
                ply,
            };
            (id, source)
        });
        progress(&keeper.generated.report);
    }
    Ok(keeper.generated)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafel_core::Game;
    use tafel_games::black_path::BlackPath;

    /// A long game of Black Path: each move the one at the ply's number (modulo their number)
    /// among the legal moves that do not end the game (all of them when each does).
    fn long_game(game: &BlackPath) -> Vec<String> {
        let mut state = game.start();
        let mut moves = Vec::new();
        loop {
            let legal = game.legal_move_vec(&state);
            if legal.is_empty() {
                return moves;
            }
            let going_on: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&mv| matches!(game.status(&game.after(&state, mv)), Status::ToMove(_)))
                .collect();
            let choices = if going_on.is_empty() { legal } else { going_on };
            let mv = choices[moves.len() % choices.len()];
            moves.push(game.format_move(&state, mv));
            game.apply(&mut state, mv);
        }
    }

    #[test]
    fn puzzles_come_from_the_played_positions_and_name_their_game() {
        let game = BlackPath::new(Default::default()).unwrap();
        let moves = long_game(&game);
        let played = [PlayedGame {
            id: "g7".into(),
            start: None,
            moves: moves.clone(),
        }];
        let options = PuzzleOptions {
            seed: 1,
            count: 10,
            table: None,
        };
        let mined = mine_typed(&game, &played, HashSet::new(), &options, &mut |_| {}).unwrap();
        assert!(!mined.puzzles.is_empty(), "{:?}", mined.report);
        let codes: Vec<(u32, String)> = positions(&game, &played[0])
            .unwrap()
            .into_iter()
            .map(|(ply, state)| (ply, game.format_position(&state)))
            .collect();
        for puzzle in mined.puzzles.iter().map(|kept| &kept.puzzle) {
            let Source::Played { server_game, ply } = &puzzle.source else {
                panic!("{puzzle:?}");
            };
            assert_eq!(server_game, "g7");
            assert_eq!(puzzle.id, format!("black-path-g7-{ply}"));
            assert!(codes.contains(&(*ply, puzzle.code.clone())), "{puzzle:?}");
            assert!(puzzle.settings.is_empty(), "{puzzle:?}");
        }
        // The known positions are not judged again: whatever a second run keeps is new.
        let known: HashSet<String> = mined
            .puzzles
            .iter()
            .map(|kept| kept.puzzle.code.clone())
            .collect();
        let again = mine_typed(&game, &played, known.clone(), &options, &mut |_| {}).unwrap();
        assert!(again
            .puzzles
            .iter()
            .all(|kept| !known.contains(&kept.puzzle.code)));
        let broken = [PlayedGame {
            moves: vec!["9".into()],
            ..played[0].clone()
        }];
        let refused = mine_typed(&game, &broken, HashSet::new(), &options, &mut |_| {});
        assert!(matches!(refused, Err(PuzzleError::Unreadable { .. })));
    }
}
