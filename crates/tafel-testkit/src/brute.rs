//! Brute-force solvers: slow, obviously right, for checking the searchers on small games.

use std::collections::HashMap;

use tafel_core::game::GameExt;
use tafel_core::{Game, Player, Status};

/// The exact expected payoff of `state` for `player` with best play on both sides, by
/// expectiminimax over the whole tree (no pruning), each position valued once: for games whose
/// hash is a complete key (the test games here).
pub fn exact_value<G: Game>(game: &G, state: &G::State, player: Player) -> f64 {
    exact_value_memo(game, state, player, &mut HashMap::new())
}

/// Whether the player to move in `state` (deterministic, two players) can force a win within
/// `plies` plies, by plain minimax.
pub fn wins_within<G: Game>(game: &G, state: &G::State, plies: u32) -> bool {
    let Status::ToMove(me) = game.status(state) else {
        return false;
    };
    game.legal_move_vec(state)
        .into_iter()
        .any(|mv| forced_win_after(game, &game.after(state, mv), me, plies - 1))
}

/// Whether `me` has won in `state`, or will whatever the opponent does within `plies` plies.
fn forced_win_after<G: Game>(game: &G, state: &G::State, me: Player, plies: u32) -> bool {
    match game.status(state) {
        Status::Over(outcome) => outcome.payoff(me) == 1.0,
        _ if plies == 0 => false,
        Status::ToMove(p) if p == me => wins_within(game, state, plies),
        Status::ToMove(_) => game
            .legal_move_vec(state)
            .into_iter()
            .all(|mv| forced_win_after(game, &game.after(state, mv), me, plies - 1)),
        Status::Chance => false,
    }
}

/// The moves of `state` after which the mover forces a win within `plies` plies in all.
pub fn winning_moves<G: Game>(game: &G, state: &G::State, plies: u32) -> Vec<G::Move> {
    let Status::ToMove(me) = game.status(state) else {
        return Vec::new();
    };
    game.legal_move_vec(state)
        .into_iter()
        .filter(|&mv| forced_win_after(game, &game.after(state, mv), me, plies - 1))
        .collect()
}

/// [`exact_value`] with a table of the positions already valued, keyed by [`Game::hash`], kept
/// by the caller across calls: for games whose hash is collision-free on the positions reached
/// (two-player Karl's Race packs the whole position into it).
pub fn exact_value_memo<G: Game>(
    game: &G,
    state: &G::State,
    player: Player,
    memo: &mut HashMap<u64, f64>,
) -> f64 {
    let key = game.hash(state);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let moves = game.legal_move_vec(state);
    let value = match game.status(state) {
        Status::Over(outcome) => outcome.payoff(player),
        Status::Chance => moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                game.chance_probability(state, &moves, i)
                    * exact_value_memo(game, &game.after(state, mv), player, memo)
            })
            .sum(),
        Status::ToMove(mover) => {
            let values = moves
                .iter()
                .map(|&mv| exact_value_memo(game, &game.after(state, mv), player, memo));
            if game.team_of(mover) == game.team_of(player) {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    };
    memo.insert(key, value);
    value
}
