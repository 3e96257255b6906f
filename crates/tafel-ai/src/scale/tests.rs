use super::*;

#[test]
fn chances_read_as_people_say_them() {
    assert_eq!(
        Chance::new(0.63, 0.05, Basis::Estimate).to_string(),
        "63% win, 5% draw (estimate)"
    );
    assert_eq!(
        Chance::new(0.529275, 0.0, Basis::Exact).to_string(),
        "52.9% win (exact)"
    );
    assert_eq!(Chance::of_payoff(1.0).to_string(), "100% win (exact)");
    assert_eq!(
        Chance::new(0.4, 0.0, Basis::Search).to_string(),
        "40% win (the search's own estimate, not calibrated)"
    );
}

#[test]
fn flipping_swaps_win_and_loss() {
    let c = Chance::new(0.6, 0.1, Basis::Estimate);
    let f = c.flipped();
    assert!((f.win - 0.3).abs() < 1e-12 && (f.draw - 0.1).abs() < 1e-12);
    assert!((c.score() + f.score() - 1.0).abs() < 1e-12);
    assert_eq!(f.flipped(), c);
}

#[test]
fn averages_keep_the_weakest_basis() {
    let exact = Chance::of_payoff(1.0);
    let estimate = Chance::new(0.5, 0.0, Basis::Estimate);
    let mixed = Chance::average(&[(0.5, exact), (0.5, estimate)]);
    assert_eq!(mixed.basis, Basis::Estimate);
    assert!((mixed.win - 0.75).abs() < 1e-12);
    assert!(Chance::average(&[(1.0, exact)]).is_exact());
}

#[test]
fn proven_results_are_exact_and_scores_go_through_the_curve() {
    let curve = Curve {
        search: SearchKind::AlphaBeta,
        nodes: 1000,
        intercept: 0.0,
        slope: 1.0,
        draw_width: 0.0,
        fitted_on: FitSource {
            settings: String::new(),
            players: String::new(),
            games: 0,
            positions: 0,
            seed: 0,
            log_loss: 0.0,
            command: String::new(),
        },
    };
    assert_eq!(
        chance_of(Evaluation::WinIn(3), Some(&curve)),
        Some(Chance::of_payoff(1.0))
    );
    assert_eq!(
        chance_of(Evaluation::Draw, None),
        Some(Chance::of_payoff(0.5))
    );
    assert_eq!(chance_of(Evaluation::Unknown, Some(&curve)), None);
    // Slope 1 and no intercept: the curve gives back the search's own expected result.
    let c = chance_of(Evaluation::Heuristic(0.5), Some(&curve)).unwrap();
    assert!((c.win - 0.75).abs() < 1e-9 && c.basis == Basis::Estimate);
    let c = chance_of(Evaluation::Expected(0.3), None).unwrap();
    assert_eq!(c.basis, Basis::Search);
}

#[test]
fn search_kinds_follow_the_seats() {
    use crate::levels::{alpha_beta, expectimax, mcts, EVAL};
    assert_eq!(
        SearchKind::of(alpha_beta(4, 100, EVAL), 2),
        Some(SearchKind::AlphaBeta)
    );
    assert_eq!(
        SearchKind::of(expectimax(4, 100, EVAL), 4),
        Some(SearchKind::Mcts)
    );
    assert_eq!(SearchKind::of(mcts(10, EVAL), 2), Some(SearchKind::Mcts));
    assert_eq!(SearchKind::of(Algorithm::Random, 2), None);
}
