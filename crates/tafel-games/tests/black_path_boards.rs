//! Property tests of the Black Path Game over random board sizes and start edges.

use proptest::prelude::*;
use tafel_core::settings::GameSettings;
use tafel_core::{conformance, Game};
use tafel_games::black_path::{BlackPath, BlackPathSettings};

fn board() -> impl Strategy<Value = BlackPath> {
    (1usize..=12, 1usize..=12, 0usize..4, any::<usize>()).prop_map(|(rows, cols, side, along)| {
        let (r, c, s) = match side {
            0 => (0, along % cols, "N"),
            1 => (along % rows, cols - 1, "E"),
            2 => (rows - 1, along % cols, "S"),
            _ => (along % rows, 0, "W"),
        };
        let pairs = [
            ("size", format!("{rows}x{cols}")),
            ("start", format!("{r},{c},{s}")),
        ];
        BlackPath::new(BlackPathSettings::from_pairs("black-path", &pairs).unwrap()).unwrap()
    })
}

proptest! {
    #[test]
    fn random_games_on_any_board_follow_the_rules(game in board(), seed in any::<u64>()) {
        let plies = conformance::check_random_game(&game, seed)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(plies as usize <= game.size().cells());
    }
}
