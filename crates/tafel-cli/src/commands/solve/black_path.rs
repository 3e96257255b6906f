//! `tafel solve black-path`: the winner with perfect play and a winning move, or a table of
//! every board up to a size from every start edge.

use std::time::Instant;

use anyhow::{bail, Result};
use tafel_ai::solve::black_path::{self as solver, Solution, DEFAULT_TABLE_LOG2};
use tafel_core::{Game, Status};
use tafel_games::black_path::{exit, BlackPath, BlackPathSettings, PathEnd, StartEdge};
use tafel_games::grid::{GridSize, Side};

use super::Args;

/// Solves one position, or prints the table asked for by `--up-to`.
pub fn run(args: &Args) -> Result<()> {
    if let Some(limit) = &args.up_to {
        let limit = GridSize::parse(limit, 8, 64).map_err(|e| anyhow::anyhow!("--up-to: {e}"))?;
        return table(limit, args.search);
    }
    let game: BlackPath = super::build(args)?;
    let state = super::position(&game, args)?;
    let Status::ToMove(mover) = game.status(&state) else {
        bail!("the game is over: there is nothing to solve");
    };
    let started = Instant::now();
    let solution = solve(&game, &state, args.search)?;
    let elapsed = started.elapsed();
    let winner = if solution.mover_wins {
        mover
    } else {
        tafel_core::Player(1 - mover.0)
    };
    println!("{} wins", game.player_name(winner));
    if let (Some(tile), PathEnd::Open { entry, .. }) = (solution.winning_tile, state.end()) {
        let which = if state.placed() == 0 { "first " } else { "" };
        println!(
            "winning {which}move: {tile} (the path leaves by {})",
            exit(tile, entry)
        );
    }
    println!(
        "method: {}; nodes: {}; time: {:.3} s",
        solution.method,
        solution.nodes,
        elapsed.as_secs_f64()
    );
    Ok(())
}

fn solve(
    game: &BlackPath,
    state: &tafel_games::black_path::State,
    search: bool,
) -> Result<Solution> {
    Ok(if search {
        solver::solve_by_search(game, state, DEFAULT_TABLE_LOG2)?
    } else {
        solver::solve(game, state, DEFAULT_TABLE_LOG2)?
    })
}

/// Every start edge of a board, in order: along the top (N), the right (E), the bottom (S) and
/// the left (W) side, square by square.
fn start_edges(size: GridSize) -> Vec<StartEdge> {
    let mut edges = Vec::new();
    for side in Side::ALL {
        for row in 0..size.rows {
            for col in 0..size.cols {
                let edge = StartEdge { row, col, side };
                if edge.is_on_boundary(size) {
                    edges.push(edge);
                }
            }
        }
    }
    edges
}

/// One line per board: which start edges the first player wins from, with the work done.
fn table(limit: GridSize, search: bool) -> Result<()> {
    println!("board  starts  first player wins from             method  nodes  time (s)");
    for rows in 1..=limit.rows {
        for cols in 1..=limit.cols {
            let size = GridSize { rows, cols };
            let started = Instant::now();
            let (mut firsts, mut nodes, mut methods) = (Vec::new(), 0, Vec::new());
            let edges = start_edges(size);
            for &start in &edges {
                let game = BlackPath::new(BlackPathSettings { size, start })?;
                let solution = solve(&game, &game.start(), search)?;
                nodes += solution.nodes;
                if !methods.contains(&solution.method) {
                    methods.push(solution.method);
                }
                if solution.mover_wins {
                    firsts.push(start.to_string());
                }
            }
            let who = match firsts.len() {
                0 => "none (second player wins from all)".to_string(),
                n if n == edges.len() => "all".to_string(),
                _ => firsts.join(" "),
            };
            let method = match methods.as_slice() {
                [one] => one.to_string(),
                _ => "domino strategy + exact search".to_string(),
            };
            println!(
                "{rows}x{cols}  {}  {who}  {method}  {nodes}  {:.3}",
                edges.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
