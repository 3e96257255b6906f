//! Alpha-beta against plain negamax: at a fixed depth, with its transposition table, move
//! ordering and pruning, the search must find exactly the value that full-width negamax
//! without any of them finds, and play a move of that value.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_ai::alphabeta::{heuristic_score, AlphaBeta, AlphaBetaConfig, QUIESCENCE_PLIES, WIN};
use tafel_ai::eval::quarx::MaterialEvaluator;
use tafel_ai::eval::{EvalContext, Evaluator};
use tafel_ai::Budget;
use tafel_core::game::GameExt;
use tafel_core::{Game, Status};
use tafel_games::quarx::Quarx;

/// The negamax value of `state` (someone to move) for the player to move, `depth` plies deep,
/// then on through positions the evaluator does not call quiet up to ply `horizon`; leaves
/// valued by `evaluator`, wins and losses by their distance from the root.
fn negamax<G: Game, E: Evaluator<G>>(
    game: &G,
    evaluator: &E,
    ctx: &mut EvalContext<G>,
    state: &G::State,
    depth: u32,
    ply: u32,
    horizon: u32,
) -> i32 {
    let Status::ToMove(me) = game.status(state) else {
        unreachable!("negamax is called where someone is to move");
    };

    if depth == 0 && (ply >= horizon || evaluator.quiet(game, state, ctx)) {
        return heuristic_score(evaluator.evaluate(game, state, ctx)[me.index()]);
    }
    let mut best = i32::MIN;
    for mv in game.legal_move_vec(state) {
        let child = game.after(state, mv);
        let score = move_value(
            game,
            evaluator,
            ctx,
            &child,
            me,
            depth.saturating_sub(1),
            ply + 1,
            horizon,
        );
        best = best.max(score);
    }
    best
}

/// The value for `me` of `child`, reached by `me`'s move at `ply`.
#[allow(clippy::too_many_arguments)]
fn move_value<G: Game, E: Evaluator<G>>(
    game: &G,
    evaluator: &E,
    ctx: &mut EvalContext<G>,
    child: &G::State,
    me: tafel_core::Player,
    depth: u32,
    ply: u32,
    horizon: u32,
) -> i32 {
    match game.status(child) {
        Status::Over(outcome) if outcome.payoff(me) > 0.5 => WIN - ply as i32,
        Status::Over(outcome) if outcome.payoff(me) < 0.5 => -(WIN - ply as i32),
        Status::Over(_) => 0,
        Status::ToMove(_) => -negamax(game, evaluator, ctx, child, depth, ply, horizon),
        Status::Chance => unreachable!("no chance in these games"),
    }
}

/// Quarx positions from random games after 60 to 160 plies, thinned out enough (at most
/// `pieces` pieces) for full-width negamax with its quiescence search to be quick.
fn random_positions(
    game: &Quarx,
    count: usize,
    pieces: u32,
    seed: u64,
) -> Vec<<Quarx as Game>::State> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let plies = rng.random_range(60..160);
        let state = tafel_testkit::positions::random_position(game, &mut rng, plies);
        let on_board = (state.white() | state.black()).count_ones();
        if matches!(game.status(&state), Status::ToMove(_)) && on_board <= pieces {
            positions.push(state);
        }
    }
    positions
}

/// An alpha-beta searcher to `depth` plies within `nodes` nodes, with the Quarx evaluation.
fn searcher(depth: u32, nodes: u64) -> AlphaBeta<Quarx, MaterialEvaluator> {
    AlphaBeta::new(
        AlphaBetaConfig {
            budget: Budget::work(nodes),
            max_depth: depth,
            table_bits: 16,
            seed: 1,
        },
        MaterialEvaluator::default(),
    )
}

#[test]
fn alpha_beta_finds_the_negamax_value_on_quarx() {
    let game = Quarx::new(Default::default()).unwrap();
    let evaluator = MaterialEvaluator::default();
    let mut ctx = EvalContext::new(1);
    for (i, state) in random_positions(&game, 16, 24, 7).iter().enumerate() {
        let code = game.format_position(state);
        for depth in 1..=3 {
            let horizon = depth + QUIESCENCE_PLIES;
            let expected = negamax(&game, &evaluator, &mut ctx, state, depth, 0, horizon);
            // The second search of the same position starts with the first one's table.
            let mut search = searcher(depth, u64::MAX);
            for round in ["first", "second"] {
                let at = format!("position {i} {code}, depth {depth}, {round} search");
                let result = search.analyse(&game, state).unwrap();
                if result.score.abs() < WIN - 100 {
                    assert_eq!(result.depth, depth, "{at}");
                }
                assert_eq!(result.score, expected, "{at}");
                let Status::ToMove(me) = game.status(state) else {
                    unreachable!()
                };
                let child = game.after(state, result.best);
                let (rest, ply) = (depth - 1, 1);
                let chosen =
                    move_value(&game, &evaluator, &mut ctx, &child, me, rest, ply, horizon);
                assert_eq!(chosen, expected, "{at}: the move");
            }
        }
    }
}

/// When the node budget runs out in the middle of an iteration, the search plays the last
/// completed iteration's move with its score, untouched by the unfinished one.
#[test]
fn an_aborted_iteration_leaves_the_last_complete_one() {
    let game = Quarx::new(Default::default()).unwrap();
    let mut state = game.start();
    for mv in ["1111-2211", "3333x1111x3311"] {
        let mv = game.parse_legal_move(&state, mv).unwrap();
        game.apply(&mut state, mv);
    }
    let complete = searcher(2, u64::MAX).analyse(&game, &state).unwrap();
    let deeper = searcher(3, u64::MAX).analyse(&game, &state).unwrap();
    assert!(deeper.nodes > complete.nodes + 2);
    for nodes in [
        complete.nodes + 1,
        (complete.nodes + deeper.nodes) / 2,
        deeper.nodes - 1,
    ] {
        let cut = searcher(3, nodes).analyse(&game, &state).unwrap();
        assert_eq!(cut.depth, 2, "{nodes} nodes");
        assert_eq!((cut.best, cut.score), (complete.best, complete.score));
    }
}

/// Under Carreaux's `rule=free` a slide may not recreate an earlier position of the game, so
/// the same position can have other legal moves after another history: alpha-beta's
/// transposition table must not carry a value from one history to the other. Small boards
/// (4 x 4, at most four slides a position) let plain negamax go deep enough for
/// transpositions to repeat positions.
#[test]
fn alpha_beta_finds_the_negamax_value_under_a_no_repeat_rule() {
    use tafel_ai::eval::carreaux::ConnectionEvaluator;
    use tafel_core::GameSettings;
    use tafel_games::carreaux::{Carreaux, CarreauxSettings};

    let mut settings = CarreauxSettings::default();
    for (key, value) in [("size", "4"), ("rule", "free")] {
        settings.set(key, value).unwrap();
    }
    let game = Carreaux::new(settings).unwrap();
    let evaluator = ConnectionEvaluator;
    let mut ctx = EvalContext::new(1);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut mismatches = Vec::new();
    for i in 0..12 {
        let plies = rng.random_range(0..12);
        let state = tafel_testkit::positions::random_position(&game, &mut rng, plies);
        if !matches!(game.status(&state), Status::ToMove(_)) {
            continue;
        }
        for depth in [4, 6, 8] {
            let expected = negamax(&game, &evaluator, &mut ctx, &state, depth, 0, depth);
            let mut search = AlphaBeta::new(
                AlphaBetaConfig {
                    budget: Budget::work(u64::MAX),
                    max_depth: depth,
                    table_bits: 16,
                    seed: 1,
                },
                evaluator,
            );
            let result = search.analyse(&game, &state).unwrap();
            if result.score != expected {
                mismatches.push(format!(
                    "position {i} {}, depth {depth}: {} against {expected}",
                    game.format_position(&state),
                    result.score
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}
