//! The one scale: the committed curves are what their committed data sets give, they are
//! monotone, they predict games they were not fitted on, and exact values agree with the
//! solvers.

use rand::{Rng, SeedableRng};
use tafel_ai::scale::fit::{self, Point};
use tafel_ai::scale::{assess, AssessOptions, Assessor, Basis, Calibration, Chance, Curve};
use tafel_ai::{entry_ai, game_ai};
use tafel_core::game::GameExt;
use tafel_core::{Game, GameSettings, Status};

/// Every game's committed calibration with its data set (`calibration/<game>.csv`).
fn calibrations() -> Vec<(Calibration, Vec<Point>)> {
    let mut found = Vec::new();
    for entry in tafel_games::registry().entries() {
        let Some(calibration) = entry_ai(entry).unwrap().calibration() else {
            continue;
        };
        assert_eq!(calibration.game, entry.info.name);
        let path = format!(
            "{}/calibration/{}.csv",
            env!("CARGO_MANIFEST_DIR"),
            entry.info.name
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        found.push((calibration, fit::parse_csv(&text).unwrap()));
    }
    found
}

/// The curve of the game's analysis search (each game keeps exactly that one).
fn analysis_curve(calibration: &Calibration) -> &Curve {
    assert_eq!(calibration.curves.len(), 1, "{}", calibration.game);
    &calibration.curves[0]
}

#[test]
fn every_game_with_a_search_estimate_has_a_committed_curve() {
    let names: Vec<String> = calibrations().iter().map(|(c, _)| c.game.clone()).collect();
    // Carreaux has none: under the designer's rules it is exact everywhere, and under
    // `rule=free` the levels drew all their games, which leaves nothing to fit. Black Path has
    // none: its search's score did not predict the levels' games better than the base rates
    // (docs/analysis.md), and its solvers answer the boards up to 64 squares exactly.
    for game in ["einstein", "karls-race", "kauri", "quarx"] {
        assert!(names.iter().any(|n| n == game), "{game}: {names:?}");
    }
}

#[test]
fn the_committed_curves_are_what_their_data_give() {
    for (calibration, points) in calibrations() {
        let curve = analysis_curve(&calibration);
        assert_eq!(curve.fitted_on.positions, points.len() as u64);
        let refit = fit::fit(&points).unwrap();
        // The data set keeps six decimals of each score: the refit may differ by that much.
        let close = |a: f64, b: f64| (a - b).abs() < 1e-4;
        assert!(
            close(refit.intercept, curve.intercept)
                && close(refit.slope, curve.slope)
                && close(refit.draw_width, curve.draw_width),
            "{}: refit {refit:?}, committed {curve:?}",
            calibration.game
        );
        assert!(curve.fitted_on.command.contains("--fit"));
    }
}

#[test]
fn a_better_score_never_means_a_worse_chance() {
    for (calibration, _) in calibrations() {
        let curve = analysis_curve(&calibration);
        assert!(curve.slope > 0.0, "{}", calibration.game);
        let mut last: Option<Chance> = None;
        for i in -400..=400 {
            let c = curve.chance_at(i as f64 / 40.0);
            assert!(c.win + c.draw <= 1.0 + 1e-12 && c.draw >= 0.0);
            if let Some(l) = last {
                assert!(c.win >= l.win && c.loss() <= l.loss() && c.score() >= l.score());
            }
            last = Some(c);
        }
    }
}

/// Held out: a curve fitted on the even-numbered games of the data set predicts the
/// odd-numbered ones. The positions are put in five bins of the predicted result (win + half
/// the draw), and in every bin the mean observed result must lie within
/// `3 * 0.5 / sqrt(games) + 0.05` of the mean prediction: three standard errors of a result
/// between 0 and 1 (at most 0.5 each), counted by games rather than positions since the
/// positions of one game share its result, plus 0.05 for the model's coarseness (one slope for
/// every stage of the game). Overall the curve must also beat the base rates (the same
/// chances for every position) in log-loss on the held-out games.
#[test]
fn the_curves_predict_games_they_were_not_fitted_on() {
    for (calibration, points) in calibrations() {
        let (train, test): (Vec<Point>, Vec<Point>) = points.iter().partition(|p| p.game % 2 == 0);
        let half = fit::fit(&train).unwrap();
        for bin in fit::calibration_table(&test, |x| half.chance_at(x), 5) {
            let predicted = bin.predicted_win + bin.predicted_draw / 2.0;
            let observed = bin.observed_win + bin.observed_draw / 2.0;
            let tolerance = 1.5 / (bin.games as f64).sqrt() + 0.05;
            assert!(
                (predicted - observed).abs() <= tolerance,
                "{}: {bin:?} off by more than {tolerance:.3}",
                calibration.game
            );
        }
        let rate =
            |r: f64| train.iter().filter(|p| p.result == r).count() as f64 / train.len() as f64;
        let base = Chance::new(rate(1.0), rate(0.5), Basis::Estimate);
        let baseline = fit::log_loss(&test, |_| base);
        let model = fit::log_loss(&test, |x| half.chance_at(x));
        assert!(
            model < baseline,
            "{}: log-loss {model:.4} against the base rates' {baseline:.4}",
            calibration.game
        );
    }
}

#[test]
fn carreaux_under_the_designers_rules_is_exact_and_agrees_with_the_solver() {
    use tafel_ai::solve::carreaux::winner;
    use tafel_games::carreaux::{Carreaux, CarreauxSettings};
    let game = Carreaux::new(CarreauxSettings::default()).unwrap();
    let mut assessor = Assessor::new(&game, &AssessOptions::default());
    // The whole game tree is small (perft 2, 4, 4, 4, 4, 4, 0): check every position.
    let mut stack = vec![game.start()];
    let mut checked = 0;
    while let Some(state) = stack.pop() {
        let Status::ToMove(mover) = game.status(&state) else {
            continue;
        };
        let found = assessor.assess(&game, &state).unwrap();
        assert!(found.chance.is_exact());
        let expected = match winner(&game, &state).unwrap() {
            None => Chance::of_payoff(0.5),
            Some(p) if p == mover => Chance::of_payoff(1.0),
            Some(_) => Chance::of_payoff(0.0),
        };
        assert_eq!(found.chance, expected, "{}", game.format_position(&state));
        checked += 1;
        stack.extend(
            game.legal_move_vec(&state)
                .into_iter()
                .map(|mv| game.after(&state, mv)),
        );
    }
    assert_eq!(checked, 19, "{checked} positions");
}

#[test]
fn black_path_is_exact_and_agrees_with_the_perfect_player() {
    use tafel_ai::solve::black_path::PerfectBlackPath;
    use tafel_ai::{Agent, Evaluation};
    use tafel_games::black_path::{BlackPath, BlackPathSettings};
    let settings = BlackPathSettings::from_pairs("black-path", &[("size", "4x4")]).unwrap();
    let game = BlackPath::new(settings).unwrap();
    let mut assessor = Assessor::new(&game, &AssessOptions::default());
    let mut perfect = PerfectBlackPath::default();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
    let (mut wins, mut losses) = (0, 0);
    for _ in 0..20 {
        let mut state = game.start();
        while let Status::ToMove(_) = game.status(&state) {
            let found = assessor.assess(&game, &state).unwrap();
            assert!(found.chance.is_exact());
            let values = assessor.move_values(&game, &state).unwrap();
            assert_eq!(values.len(), game.legal_move_vec(&state).len());
            let decision = perfect.choose(&game, &state).unwrap();
            assert!(
                decision.effort.to_string().starts_with("proven"),
                "{}",
                decision.effort
            );
            match decision.evaluation {
                Evaluation::Expected(1.0) => {
                    assert_eq!(found.chance, Chance::of_payoff(1.0));
                    wins += 1;
                }
                Evaluation::Expected(0.0) => {
                    assert_eq!(found.chance, Chance::of_payoff(0.0));
                    losses += 1;
                }
                other => panic!("the perfect player said {other:?}"),
            }
            let moves = game.legal_move_vec(&state);
            state = game.after(&state, moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(
        wins > 10 && losses > 10,
        "{wins} won, {losses} lost positions"
    );
}

#[test]
fn assess_answers_on_the_scale_for_every_game_and_refuses_finished_ones() {
    for entry in tafel_games::registry().entries() {
        let game = entry.build(&[]).unwrap();
        let mut position = game.start();
        // Past the chance of a die game's first roll.
        while matches!(position.status(), Status::Chance) {
            let first = position.legal_moves()[0].clone();
            position.play(&first).unwrap();
        }
        let options = AssessOptions {
            work: Some(2_000),
            ..AssessOptions::default()
        };
        let answer = assess(game.as_ref(), position.as_ref(), &options).unwrap();
        assert!(
            position.legal_moves().contains(&answer.best),
            "{}",
            entry.info.name
        );
        let c = answer.chance;
        assert!((0.0..=1.0).contains(&c.win) && (0.0..=1.0).contains(&(c.win + c.draw)));
        // A game with a fitted curve says "estimate" for a searched position.
        if game_ai(game.as_ref()).unwrap().calibration().is_some() && !c.is_exact() {
            assert_eq!(c.basis, Basis::Estimate, "{}", entry.info.name);
        }
    }
}
