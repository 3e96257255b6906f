//! Position codes hold the whole state where the rules remember earlier positions (Quarx's
//! repetition ban after a king's slide, Carreaux's `rule=free`) and count plies (their ply
//! limits): a position read back from its code has the same status and legal moves, and plays
//! on as the game it came from.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::settings::GameSettings;
use tafel_core::Game;
use tafel_games::carreaux::{Carreaux, CarreauxSettings};
use tafel_games::quarx::{Quarx, QuarxSettings};

/// Plays `games` random games of `game`; at every position the state read back from its
/// code has the same status, legal moves and hash, and the move played next leaves both in
/// the same position (same code). Returns how many positions remembered earlier ones.
fn check<G: Game>(game: &G, games: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(49);
    let mut remembering = 0;
    for _ in 0..games {
        let mut state = game.start();
        loop {
            let code = game.format_position(&state);
            let mut again = game.parse_position(&code).unwrap();
            assert_eq!(game.status(&again), game.status(&state), "{code}");
            assert_eq!(game.hash(&again), game.hash(&state), "{code}");
            let moves = game.legal_move_vec(&state);
            assert_eq!(game.legal_move_vec(&again), moves, "{code}");
            if !game.history_free(&state) {
                remembering += 1;
                assert!(!game.history_free(&again), "{code}");
            }
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.apply(&mut state, mv);
            game.apply(&mut again, mv);
            assert_eq!(
                game.format_position(&again),
                game.format_position(&state),
                "after {code}"
            );
        }
    }
    remembering
}

#[test]
fn quarx_codes_restore_the_repetition_history_and_the_plies() {
    let game = Quarx::new(QuarxSettings::default()).unwrap();
    assert!(check(&game, 30) > 100);
    // Reaching the ply limit ends the game read back from a code as it ends the original.
    let short = QuarxSettings::from_pairs("quarx", &[("ply-limit", "12")]).unwrap();
    check(&Quarx::new(short).unwrap(), 5);
}

#[test]
fn carreaux_free_codes_restore_every_earlier_position() {
    for (size, limit) in [("4", "0"), ("6", "200"), ("8", "30")] {
        let pairs = [("rule", "free"), ("size", size), ("ply-limit", limit)];
        let game =
            Carreaux::new(CarreauxSettings::from_pairs("carreaux", &pairs).unwrap()).unwrap();
        assert!(check(&game, 20) > 100, "size {size}");
    }
}

#[test]
fn codes_with_a_history_are_checked() {
    let quarx = Quarx::new(QuarxSettings::default()).unwrap();
    let start = quarx.format_position(&quarx.start());
    let refused = |code: String| quarx.parse_position(&code).unwrap_err().to_string();
    assert!(refused(format!("{start}:x")).contains("not a number of plies"));
    assert!(refused(format!("{start}:1:0123")).contains("16 hex digits"));
    assert!(
        refused(format!("{start}:1:{0},{0}", "0123456789abcdef")).contains("more than the 1 plies")
    );
    assert!(refused(format!("{start}:1:0123456789abcdef:9")).contains("at most"));
    let read = quarx
        .parse_position(&format!("{start}:3:0123456789abcdef"))
        .unwrap();
    assert_eq!(
        quarx.format_position(&read),
        format!("{start}:3:0123456789abcdef")
    );

    let pairs = [("rule", "free"), ("ply-limit", "0")];
    let free = Carreaux::new(CarreauxSettings::from_pairs("carreaux", &pairs).unwrap()).unwrap();
    let start = free.format_position(&free.start());
    assert!(free
        .parse_position(&format!("{start}:5:zz"))
        .unwrap_err()
        .to_string()
        .contains("16 hex digits"));
    assert!(free
        .parse_position(&format!("{start}:0:0123456789abcdef"))
        .is_err());
    let literal = Carreaux::new(CarreauxSettings::default()).unwrap();
    let start = literal.format_position(&literal.start());
    assert!(literal.parse_position(&format!("{start}:5")).is_err());
}
