//! `tafel solve carreaux`: the whole game tree under the literal rules, its result under each
//! stalemate setting, its size and its longest game.

use std::time::Instant;

use anyhow::{bail, Result};
use tafel_ai::solve::carreaux::{Node, Solver, Value};
use tafel_core::{Game, GameSettings, Player};
use tafel_games::carreaux::{Carreaux, CarreauxSettings, Stalemate, MAX_SIDE};

use super::Args;

/// Solves the position (or, with `--all-layouts`, every layout on every size) and prints it.
pub fn run(args: &Args) -> Result<()> {
    let game: Carreaux = super::build(args)?;
    if args.all_layouts {
        if args.target.position.is_some() {
            bail!("--all-layouts solves the start layouts; leave out --position");
        }
        println!("board  layout  start total  positions  tree nodes  games  longest  stalemate=draw  stalemate=mover-loses  time (s)");
        for size in (4..=MAX_SIDE).step_by(2) {
            for layout in ["diag", "halves", "rows"] {
                let mut pairs = game.settings().to_pairs();
                pairs.retain(|(k, _)| *k != "size" && *k != "layout");
                pairs.push(("size", size.to_string()));
                pairs.push(("layout", layout.to_string()));
                let g = Carreaux::new(CarreauxSettings::from_pairs(Carreaux::INFO.name, &pairs)?)?;
                let started = Instant::now();
                let [draw, loses] = solve_both(&g, &g.start())?;
                println!(
                    "{size}x{size}  {layout}  {}  {}  {}  {}  {}  {}  {}  {:.3}",
                    g.start().total(),
                    draw.1,
                    draw.0.tree_nodes,
                    draw.0.games,
                    draw.0.longest,
                    result(&g, g.start().to_move(), &draw.0),
                    result(&g, g.start().to_move(), &loses.0),
                    started.elapsed().as_secs_f64()
                );
            }
        }
        return Ok(());
    }
    let state = super::position(&game, args)?;
    let started = Instant::now();
    let [draw, loses] = solve_both(&game, &state)?;
    let node = draw.0;
    println!(
        "positions: {} distinct (finished ones included); game tree: {} nodes, {} games",
        draw.1, node.tree_nodes, node.games
    );
    println!("longest game: {} plies", node.longest);
    for (name, (node, _, line)) in [("stalemate=draw", &draw), ("stalemate=mover-loses", &loses)] {
        println!(
            "{name}: {} (perfect play: {})",
            result(&game, state.to_move(), node),
            if line.is_empty() {
                "no move".to_string()
            } else {
                line.join(" ")
            }
        );
    }
    println!("time: {:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// The solution under `stalemate=draw` and `stalemate=mover-loses`: the root, the positions
/// solved and the principal variation.
fn solve_both(
    game: &Carreaux,
    state: &tafel_games::carreaux::State,
) -> Result<[(Node, usize, Vec<String>); 2]> {
    let code = game.format_position(state);
    let solve = |stalemate: Stalemate| -> Result<(Node, usize, Vec<String>)> {
        let g = Carreaux::new(CarreauxSettings {
            stalemate,
            ..*game.settings()
        })?;
        let state = g.parse_position(&code)?;
        let mut solver = Solver::new(&g)?;
        let node = solver.solve(&state);
        let positions = solver.positions();
        let mut s = state.clone();
        let line = solver
            .principal_variation(&state)
            .into_iter()
            .map(|mv| {
                let text = g.format_move(&s, mv);
                s = tafel_core::game::GameExt::after(&g, &s, mv);
                text
            })
            .collect();
        Ok((node, positions, line))
    };
    Ok([solve(Stalemate::Draw)?, solve(Stalemate::MoverLoses)?])
}

/// "draw", or "Red wins in 6 plies".
fn result(game: &Carreaux, mover: Player, node: &Node) -> String {
    match node.value {
        Value::Draw => format!("draw ({} plies)", node.plies),
        Value::Win => format!("{} wins in {} plies", game.player_name(mover), node.plies),
        Value::Loss => format!(
            "{} wins in {} plies",
            game.player_name(Player(1 - mover.0)),
            node.plies
        ),
    }
}
