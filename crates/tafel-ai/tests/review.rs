//! A whole game reviewed on the one scale: losses and marks against the solvers' exact values,
//! the estimates of a searched game, stopping, and the stored form.

use rand::{Rng, SeedableRng};
use tafel_ai::review::{
    review_game, GameReview, Mark, ReviewControl, ReviewError, ReviewOptions, BLUNDER, MISTAKE,
};
use tafel_ai::scale::{AssessOptions, Assessor, Basis};
use tafel_core::game::GameExt;
use tafel_core::{DynGame, Game, GameSettings, Status};
use tafel_games::black_path::{BlackPath, BlackPathSettings};

/// A 4 x 4 Black Path game of random moves, as the typed game, the type-erased one and the
/// moves in notation.
fn random_black_path(seed: u64) -> (BlackPath, std::sync::Arc<dyn DynGame>, Vec<String>) {
    let settings = [("size".to_string(), "4x4".to_string())];
    let dynamic = tafel_games::registry()
        .get("black-path")
        .unwrap()
        .build(&settings)
        .unwrap();
    let game =
        BlackPath::new(BlackPathSettings::from_pairs("black-path", &[("size", "4x4")]).unwrap())
            .unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut state = game.start();
    let mut moves = Vec::new();
    while let Status::ToMove(_) = game.status(&state) {
        let legal = game.legal_move_vec(&state);
        let mv = legal[rng.random_range(0..legal.len())];
        moves.push(game.format_move(&state, mv));
        state = game.after(&state, mv);
    }
    (game, dynamic, moves)
}

#[test]
fn losses_and_marks_follow_the_exact_values() {
    let mut marks = [0usize; 3];
    for seed in 0..12 {
        let (game, dynamic, moves) = random_black_path(seed);
        let start = dynamic.start();
        let review = review_game(
            dynamic.as_ref(),
            start.as_ref(),
            &moves,
            &ReviewOptions::default(),
            &mut (),
        )
        .unwrap();
        assert_eq!(review.moves.len(), moves.len());
        let mut assessor = Assessor::new(&game, &AssessOptions::default());
        let mut state = game.start();
        for (m, text) in review.moves.iter().zip(&moves) {
            assert_eq!(&m.played, text);
            let values = assessor.move_values(&game, &state).unwrap();
            let score = |t: &str| {
                values
                    .iter()
                    .find(|(mv, _)| game.format_move(&state, *mv) == t)
                    .unwrap()
                    .1
                    .score()
            };
            let best = values.iter().map(|(_, c)| c.score()).fold(0.0, f64::max);
            assert_eq!(m.before.score(), best);
            assert_eq!(score(&m.best), best);
            assert_eq!(m.loss, best - score(text));
            assert!(m.before.is_exact() && m.after.is_exact());
            let others_lose = values
                .iter()
                .filter(|(mv, _)| game.format_move(&state, *mv) != *text)
                .all(|(_, c)| best - c.score() >= MISTAKE);
            let expected = if values.len() < 2 {
                None
            } else if m.loss >= BLUNDER {
                Some(Mark::Blunder)
            } else if m.loss >= MISTAKE {
                Some(Mark::Mistake)
            } else if others_lose {
                Some(Mark::Only)
            } else {
                None
            };
            assert_eq!(
                m.mark,
                expected,
                "{text} in {}",
                game.format_position(&state)
            );
            assert_eq!(m.forced, values.len() < 2);
            match m.mark {
                Some(Mark::Blunder) => marks[0] += 1,
                Some(Mark::Mistake) => marks[1] += 1,
                Some(Mark::Only) => marks[2] += 1,
                None => {}
            }
            state = game.after(&state, game.parse_legal_move(&state, text).unwrap());
        }
        // The result and the first player's chart end where the game did.
        let result = review.result.unwrap();
        assert!(result.is_exact());
        let seat = |s: u8| review.seats.iter().find(|x| x.seat == s).unwrap();
        let blunders: usize = review
            .moves
            .iter()
            .filter(|m| m.mark == Some(Mark::Blunder))
            .count();
        assert_eq!(seat(0).blunders + seat(1).blunders, blunders);
    }
    // Random play on a solved board blunders (win to loss is a loss of 1) and finds only moves.
    assert!(marks[0] > 5 && marks[2] > 0, "{marks:?}");
}

/// Stops before the `after`-th position and counts the progress reports.
struct StopAfter {
    after: usize,
    seen: usize,
}

impl ReviewControl for StopAfter {
    fn cancelled(&self) -> bool {
        self.seen >= self.after
    }
    fn progress(&mut self, done: usize, total: usize) {
        assert!(done <= total);
        self.seen = done;
    }
}

#[test]
fn a_review_can_be_stopped_between_positions() {
    let (_, dynamic, moves) = random_black_path(1);
    let start = dynamic.start();
    let mut control = StopAfter { after: 2, seen: 0 };
    let err = review_game(
        dynamic.as_ref(),
        start.as_ref(),
        &moves,
        &ReviewOptions::default(),
        &mut control,
    )
    .unwrap_err();
    assert_eq!(err, ReviewError::Cancelled);
    assert_eq!(control.seen, 2);
}

#[test]
fn bad_moves_are_named_by_their_place() {
    let (_, dynamic, mut moves) = random_black_path(2);
    moves.insert(1, "x9".to_string());
    let start = dynamic.start();
    let err = review_game(
        dynamic.as_ref(),
        start.as_ref(),
        &moves,
        &ReviewOptions::default(),
        &mut (),
    )
    .unwrap_err();
    assert!(matches!(err, ReviewError::Move { index: 1, .. }), "{err:?}");
    assert!(err.to_string().starts_with("move 2: "), "{err}");
}

#[test]
fn a_searched_game_is_estimated_and_its_review_is_stored_as_json() {
    // Quarx, a few moves in, searched with a small budget: estimates on the fitted curve.
    let game = tafel_games::registry()
        .get("quarx")
        .unwrap()
        .build(&[])
        .unwrap();
    let start = game.start();
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    for _ in 0..4 {
        let legal = position.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())].clone();
        moves.push(position.play(&mv).unwrap());
    }
    let options = ReviewOptions {
        assess: AssessOptions {
            work: Some(3_000),
            ..AssessOptions::default()
        },
        ..ReviewOptions::default()
    };
    let review = review_game(game.as_ref(), start.as_ref(), &moves, &options, &mut ()).unwrap();
    assert_eq!(review.moves.len(), 4);
    assert_eq!(review.result, None);
    for m in &review.moves {
        assert_eq!(m.before.basis, Basis::Estimate);
        assert!((0.0..=1.0).contains(&m.loss));
        // The chart's chance is the first player's: the mover's, or its flip.
        let first = if m.seat == 0 {
            m.before
        } else {
            m.before.flipped()
        };
        assert_eq!(m.first, first);
    }
    assert!(review.search.contains("fitted curve"), "{}", review.search);
    let json = serde_json::to_string(&review).unwrap();
    assert!(json.contains("\"basis\":\"estimate\""), "{json}");
    let back: GameReview = serde_json::from_str(&json).unwrap();
    // JSON numbers read back to within the last bit of a float.
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert_eq!(back.moves.len(), review.moves.len());
    for (b, m) in back.moves.iter().zip(&review.moves) {
        assert_eq!(
            (&b.played, &b.best, b.mark, b.seat),
            (&m.played, &m.best, m.mark, m.seat)
        );
        assert!(close(b.loss, m.loss) && close(b.before.win, m.before.win));
        assert!(close(b.first.draw, m.first.draw) && b.after.basis == m.after.basis);
    }
    assert_eq!(
        (back.seats.len(), back.search, back.thresholds),
        (2, review.search, review.thresholds)
    );
}
