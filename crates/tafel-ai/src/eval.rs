//! Static evaluation: what a position is worth to each seat without searching it further.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use tafel_core::playout::random_playout;
use tafel_core::{Game, Outcome, Player, Status, MAX_PLAYERS};

/// Expected payoff of every seat (1 for a win, 1/2 for a draw, 0 for a loss), indexed by seat.
pub type Payoffs = [f64; MAX_PLAYERS];

/// The payoffs of a finished game, from [`Outcome::payoff`] (team partners both win).
pub fn outcome_payoffs(outcome: &Outcome, num_players: usize) -> Payoffs {
    let mut payoffs = [0.0; MAX_PLAYERS];
    for (seat, p) in payoffs.iter_mut().enumerate().take(num_players) {
        *p = outcome.payoff(Player(seat as u8));
    }
    payoffs
}

/// Scratch space an evaluator may use: a seeded generator and a move buffer, owned by the
/// searcher so that evaluating a node allocates nothing.
pub struct EvalContext<G: Game> {
    /// The searcher's generator (seeded, so searches are reproducible).
    pub rng: SmallRng,
    /// A buffer for move generation.
    pub moves: Vec<G::Move>,
}

impl<G: Game> EvalContext<G> {
    /// Scratch space with a generator seeded by `seed`.
    pub fn new(seed: u64) -> Self {
        EvalContext {
            rng: SmallRng::seed_from_u64(seed),
            moves: Vec::with_capacity(64),
        }
    }
}

/// A static evaluation function for one game: the expected payoff of every seat in a position.
///
/// Values lie in [0, 1] on the payoff scale, so MCTS can back them up as they are and the
/// minimax searchers can compare them with won and lost positions. A finished position must be
/// valued by its outcome.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The expected payoffs of `state`.
    fn evaluate(&self, game: &G, state: &G::State, ctx: &mut EvalContext<G>) -> Payoffs;
}

/// The evaluation every game has before it gets its own: the average result of a few uniformly
/// random games played out from the position (chance outcomes drawn by their probability).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayoutEvaluator {
    /// Random games per evaluation (at least one).
    pub playouts: u32,
}

impl Default for PlayoutEvaluator {
    fn default() -> Self {
        PlayoutEvaluator { playouts: 1 }
    }
}

impl<G: Game> Evaluator<G> for PlayoutEvaluator {
    fn evaluate(&self, game: &G, state: &G::State, ctx: &mut EvalContext<G>) -> Payoffs {
        let n = game.num_players();
        if let Status::Over(outcome) = game.status(state) {
            return outcome_payoffs(&outcome, n);
        }
        let playouts = self.playouts.max(1);
        let mut total = [0.0; MAX_PLAYERS];
        for _ in 0..playouts {
            let mut s = state.clone();
            let (outcome, _) = random_playout(game, &mut s, &mut ctx.rng, &mut ctx.moves);
            for (t, p) in total.iter_mut().zip(outcome_payoffs(&outcome, n)) {
                *t += p;
            }
        }
        total.map(|t| t / playouts as f64)
    }
}
