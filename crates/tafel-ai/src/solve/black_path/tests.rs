use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::{Game, GameSettings, Player, Status};
use tafel_games::black_path::{BlackPath, BlackPathSettings, StartEdge, State};
use tafel_games::grid::{GridSize, Side};

use super::*;
use crate::agent::{Agent, RandomAgent};

fn game(rows: usize, cols: usize, start: StartEdge) -> BlackPath {
    BlackPath::new(BlackPathSettings {
        size: GridSize { rows, cols },
        start,
    })
    .unwrap()
}

/// Every start edge of a `rows` x `cols` board.
fn start_edges(rows: usize, cols: usize) -> Vec<StartEdge> {
    let size = GridSize { rows, cols };
    let mut edges = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            for side in Side::ALL {
                let edge = StartEdge { row, col, side };
                if edge.is_on_boundary(size) {
                    edges.push(edge);
                }
            }
        }
    }
    edges
}

/// Plain minimax over the game's own rules: no table, no ordering, no shortcut.
fn brute_force_mover_wins(game: &BlackPath, state: &State) -> bool {
    (1..=3).any(|tile| {
        let next = game.after(state, tile);
        match game.status(&next) {
            Status::Over(outcome) => outcome.winners.contains(Player((state.placed() % 2) as u8)),
            _ => !brute_force_mover_wins(game, &next),
        }
    })
}

fn search(game: &BlackPath, state: &State) -> Solution {
    solve_by_search(game, state, 16).unwrap()
}

#[test]
fn the_search_agrees_with_brute_force_on_every_tiny_board_and_start() {
    let mut rng = SmallRng::seed_from_u64(9);
    for rows in 1..=4 {
        for cols in 1..=4 {
            if rows * cols > 12 {
                continue;
            }
            for start in start_edges(rows, cols) {
                let g = game(rows, cols, start);
                // The start and the positions along a few random games.
                for _ in 0..4 {
                    let mut state = g.start();
                    while let Status::ToMove(_) = g.status(&state) {
                        let solution = search(&g, &state);
                        assert_eq!(
                            solution.mover_wins,
                            brute_force_mover_wins(&g, &state),
                            "{rows}x{cols} from {start}, position {}",
                            g.format_position(&state)
                        );
                        if let Some(tile) = solution.winning_tile {
                            let next = g.after(&state, tile);
                            let mover_keeps_winning = match g.status(&next) {
                                Status::Over(o) => {
                                    !o.winners.is_empty()
                                        && !o.winners.contains(Player((state.placed() % 2) as u8))
                                }
                                _ => brute_force_mover_wins(&g, &next),
                            };
                            assert!(!mover_keeps_winning, "winning tile {tile} is not winning");
                        }
                        state = g.after(&state, rng.random_range(1..=3));
                    }
                }
            }
        }
    }
}

#[test]
fn the_domino_strategy_agrees_with_the_search_from_every_start_it_covers() {
    let mut covered = 0;
    for rows in 1..=5 {
        for cols in 1..=5 {
            if rows * cols > 20 {
                continue;
            }
            for start in start_edges(rows, cols) {
                let g = game(rows, cols, start);
                let claim = domino::first_player_wins(&g);
                // The argument covers every board with an even side, and odd x odd boards
                // exactly from a square of the corners' colour.
                let corner_colour = (start.row + start.col) % 2 == 0;
                let expected_cover = (rows * cols) % 2 == 0 || corner_colour;
                assert_eq!(
                    claim.is_some(),
                    expected_cover,
                    "{rows}x{cols} from {start}"
                );
                if let Some(first_wins) = claim {
                    covered += 1;
                    assert_eq!(first_wins, (rows * cols) % 2 == 0);
                    assert_eq!(
                        search(&g, &g.start()).mover_wins,
                        first_wins,
                        "{rows}x{cols} from {start}"
                    );
                }
            }
        }
    }
    assert!(covered > 200);
}

#[test]
fn every_domino_move_along_random_games_is_a_winning_move() {
    let mut rng = SmallRng::seed_from_u64(17);
    let mut checked = 0;
    for (rows, cols) in [(4, 4), (3, 5), (5, 4), (2, 6), (4, 6), (5, 5), (3, 7)] {
        let starts = start_edges(rows, cols);
        for _ in 0..30 {
            let start = starts[rng.random_range(0..starts.len())];
            let g = game(rows, cols, start);
            let mut searcher = Searcher::new(&g, 18).unwrap();
            let mut state = g.start();
            while let Status::ToMove(_) = g.status(&state) {
                match domino::verdict(&g, &state) {
                    Some(DominoVerdict::MoverWins { tile }) => {
                        let next = g.after(&state, tile);
                        assert!(matches!(g.status(&next), Status::ToMove(_)));
                        let reply = searcher.solve(&g, &next).unwrap();
                        assert!(
                            !reply.mover_wins,
                            "domino move {tile} in {} does not win",
                            g.format_position(&state)
                        );
                        checked += 1;
                    }
                    Some(DominoVerdict::MoverLoses) => {
                        assert!(!searcher.solve(&g, &state).unwrap().mover_wins);
                        checked += 1;
                    }
                    None => {}
                }
                state = g.after(&state, rng.random_range(1..=3));
            }
        }
    }
    assert!(checked > 500, "only {checked} positions checked");
}

#[test]
fn one_row_boards_are_won_by_the_first_player_exactly_when_he_can_choose_an_even_run() {
    // On 1 x n the path can only run along the row; from the side of square k the first
    // player chooses the direction, and whoever fills the last square of the run loses.
    for n in 1..=12 {
        for start in start_edges(1, n) {
            let g = game(1, n, start);
            let k = start.col;
            let runs = match start.side {
                Side::W => vec![n],
                Side::E => vec![n],
                _ => vec![k + 1, n - k],
            };
            let expected = runs.iter().any(|r| r % 2 == 0);
            assert_eq!(
                search(&g, &g.start()).mover_wins,
                expected,
                "1x{n} from {start}"
            );
        }
    }
}

#[test]
fn the_perfect_agent_wins_every_game_it_should_against_random_play() {
    let mut rng = SmallRng::seed_from_u64(5);
    for (rows, cols, start) in [
        (4, 4, "0,0,W"),
        (3, 3, "0,1,N"),
        (5, 5, "2,4,E"),
        (9, 9, "0,0,N"),
        (3, 5, "1,0,W"),
    ] {
        let settings = BlackPathSettings::from_pairs(
            "black-path",
            &[
                ("size", format!("{rows}x{cols}")),
                ("start", start.to_string()),
            ],
        )
        .unwrap();
        let g = BlackPath::new(settings).unwrap();
        let first_wins = solve(&g, &g.start(), 18).unwrap().mover_wins;
        let perfect_seat = if first_wins { 0 } else { 1 };
        for _ in 0..20 {
            let mut perfect = PerfectBlackPath::new(16);
            let mut random = RandomAgent::new(rng.random());
            let mut state = g.start();
            while let Status::ToMove(p) = g.status(&state) {
                let d = if p.index() == perfect_seat {
                    perfect.choose(&g, &state)
                } else {
                    Agent::<BlackPath>::choose(&mut random, &g, &state)
                }
                .unwrap();
                state = g.after(&state, d.mv);
            }
            let Status::Over(o) = g.status(&state) else {
                unreachable!()
            };
            assert!(
                o.winners.contains(Player(perfect_seat as u8)),
                "{rows}x{cols} from {start}"
            );
        }
    }
}

#[test]
fn solving_refuses_a_finished_game_and_oversized_searches() {
    let g = game(
        9,
        9,
        StartEdge {
            row: 0,
            col: 1,
            side: Side::N,
        },
    );
    assert!(matches!(
        solve(&g, &g.start(), 10),
        Err(SolveError::TooLarge { squares: 81 })
    ));
    let g = game(
        2,
        2,
        StartEdge {
            row: 0,
            col: 0,
            side: Side::W,
        },
    );
    let over = g.after(&g.start(), 1);
    assert_eq!(solve(&g, &over, 10), Err(SolveError::GameOver));
}

#[test]
fn domino_cutoffs_change_no_result() {
    let mut rng = SmallRng::seed_from_u64(23);
    for (rows, cols) in [(3, 3), (3, 5), (5, 3), (4, 4), (1, 7), (2, 5)] {
        for start in start_edges(rows, cols) {
            let g = game(rows, cols, start);
            let mut plain = Searcher::new(&g, 16).unwrap();
            let mut fast = Searcher::new(&g, 16).unwrap().with_domino_cutoffs(true);
            let mut state = g.start();
            while let Status::ToMove(_) = g.status(&state) {
                let p = plain.solve(&g, &state).unwrap();
                let f = fast.solve(&g, &state).unwrap();
                assert_eq!(p.mover_wins, f.mover_wins, "{rows}x{cols} from {start}");
                state = g.after(&state, rng.random_range(1..=3));
            }
        }
    }
}

#[test]
fn a_search_that_reaches_its_node_limit_says_so_and_proves_nothing() {
    // 5 x 5 from a square not of the corners' colour: the domino argument does not apply.
    let g = game(
        5,
        5,
        StartEdge {
            row: 0,
            col: 1,
            side: Side::N,
        },
    );
    let start = g.start();
    let mut limited = Searcher::new(&g, 16).unwrap().with_node_limit(10);
    assert_eq!(
        limited.solve(&g, &start).unwrap_err(),
        SolveError::NodeLimit { nodes: 10 }
    );
    // Without the limit the same searcher finishes, and agrees with a fresh one.
    let mut unlimited = Searcher::new(&g, 16).unwrap();
    let answer = unlimited.solve(&g, &start).unwrap();
    assert!(answer.nodes > 10);
    let mut again = limited.with_node_limit(u64::MAX);
    assert_eq!(
        again.solve(&g, &start).unwrap().mover_wins,
        answer.mover_wins
    );
}
