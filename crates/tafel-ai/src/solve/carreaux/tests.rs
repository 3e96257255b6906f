use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use tafel_core::game::GameExt;
use tafel_core::{Game, GameSettings, Status};
use tafel_games::carreaux::{Carreaux, CarreauxSettings, State};

use super::*;

fn game(pairs: &[(&str, &str)]) -> Carreaux {
    Carreaux::new(CarreauxSettings::from_pairs("carreaux", pairs).unwrap()).unwrap()
}

/// Plain minimax over the whole tree, no memo: (value for the mover, games, longest game).
fn brute_force(game: &Carreaux, state: &State) -> (Value, u128, u32) {
    if let Status::Over(outcome) = game.status(state) {
        let value = if outcome.is_draw() {
            Value::Draw
        } else if outcome.winners.contains(state.to_move()) {
            Value::Win
        } else {
            Value::Loss
        };
        return (value, 1, 0);
    }
    let (mut value, mut games, mut longest) = (Value::Loss, 0, 0);
    for mv in game.legal_move_vec(state) {
        let (v, g, l) = brute_force(game, &game.after(state, mv));
        value = value.max(v.flip());
        games += g;
        longest = longest.max(l + 1);
    }
    (value, games, longest)
}

fn check(game: &Carreaux, state: &State) -> Node {
    let node = Solver::new(game).unwrap().solve(state);
    let (value, games, longest) = brute_force(game, state);
    assert_eq!(
        (node.value, node.games, node.longest),
        (value, games, longest),
        "{}",
        game.format_position(state)
    );
    node
}

#[test]
fn the_solver_agrees_with_brute_force_from_every_layout() {
    for size in ["4", "6", "8"] {
        for layout in ["diag", "halves", "rows"] {
            for stalemate in ["draw", "mover-loses"] {
                for group in ["sum", "mst"] {
                    let g = game(&[
                        ("size", size),
                        ("layout", layout),
                        ("stalemate", stalemate),
                        ("group", group),
                    ]);
                    let node = check(&g, &g.start());
                    if stalemate == "draw" {
                        // No colour ever connects from these layouts (docs/rules/carreaux.md).
                        assert_eq!(node.value, Value::Draw);
                    }
                }
            }
        }
    }
}

#[test]
fn the_default_start_matches_the_published_figures() {
    let g = game(&[]);
    let mut solver = Solver::new(&g).unwrap();
    let node = solver.solve(&g.start());
    // docs/rules/carreaux.md: 4 games of 6 plies, 23 distinct positions, all drawn.
    assert_eq!((node.games, node.longest, node.value), (4, 6, Value::Draw));
    assert_eq!(solver.positions(), 23);
    // Tree nodes: perft 2, 4, 4, 4, 4, 4 plus the root.
    assert_eq!(node.tree_nodes, 1 + 2 + 4 * 5);
    assert_eq!(solver.principal_variation(&g.start()).len(), 6);
}

#[test]
fn the_solver_agrees_with_brute_force_on_random_small_boards() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut decided = 0;
    for stalemate in ["draw", "mover-loses"] {
        let g = game(&[("size", "4"), ("stalemate", stalemate)]);
        let mut checked = 0;
        while checked < 300 {
            let mut cells: Vec<char> = "RRRRBBBBGGGGGGG.".chars().collect();
            cells.shuffle(&mut rng);
            let rows: Vec<String> = cells.chunks(4).map(|r| r.iter().collect()).collect();
            let Ok(state) = g.parse_position(&format!("r:{}", rows.join("/"))) else {
                continue; // both colours already connected
            };
            let node = check(&g, &state);
            if node.value != Value::Draw {
                decided += 1;
            }
            checked += 1;
        }
    }
    assert!(decided > 50, "only {decided} decided boards");
}

#[test]
fn the_perfect_agent_reaches_the_solved_result_and_refuses_the_free_variant() {
    let mut rng = SmallRng::seed_from_u64(8);
    let g = game(&[("size", "4"), ("stalemate", "mover-loses")]);
    let mut tried = 0;
    while tried < 100 {
        let mut cells: Vec<char> = "RRRRBBBBGGGGGGG.".chars().collect();
        cells.shuffle(&mut rng);
        let rows: Vec<String> = cells.chunks(4).map(|r| r.iter().collect()).collect();
        let Ok(start) = g.parse_position(&format!("r:{}", rows.join("/"))) else {
            continue;
        };
        tried += 1;
        let expected = winner(&g, &start).unwrap();
        // Both seats played by the perfect agent: the game ends as solved.
        let mut agent = PerfectCarreaux::new();
        let mut state = start;
        while let Some(d) = agent.choose(&g, &state) {
            state = g.after(&state, d.mv);
        }
        let Status::Over(outcome) = g.status(&state) else {
            panic!("the agent stopped before the end")
        };
        assert_eq!(outcome.winners.iter().next(), expected);
    }
    let free = game(&[("rule", "free")]);
    assert_eq!(Solver::new(&free).err(), Some(SolveError::FreeRule));
    assert!(PerfectCarreaux::new()
        .choose(&free, &free.start())
        .is_none());
}
