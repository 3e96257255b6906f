//! Static evaluation: what a position is worth to each seat without searching it further.
//!
//! Every game can be valued by random playouts ([`PlayoutEvaluator`]); each game also has its
//! own evaluation function (one module per game here, named by [`crate::GameAi::Heuristic`]),
//! and a searcher's leaves are valued as its [`Leaf`] setting says ([`LeafEvaluator`]).

pub mod carreaux;
pub mod einstein;
pub mod einstein_ntuple;
pub mod karls_race;
pub mod kauri;
pub mod quarx;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::playout::{random_playout, sample_chance};
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

    /// Whether `state` can be valued as it stands. A position in the middle of an exchange
    /// (a compulsory capture pending, say) is not quiet: alpha-beta searches on through it
    /// before evaluating (its quiescence search). Quiet by default.
    fn quiet(&self, _game: &G, _state: &G::State, _ctx: &mut EvalContext<G>) -> bool {
        true
    }
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

/// The logistic function: turns a score difference (in units where 1 is a clear edge) into a
/// probability-like payoff in (0, 1).
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The payoffs of a two-sided game where seat 0's team is expected to score `p0`: `p0` for
/// the seats of team 0 and `1 - p0` for the others (so partners share a value).
pub fn two_sided<G: Game>(game: &G, p0: f64) -> Payoffs {
    let mut payoffs = [0.0; MAX_PLAYERS];
    let team0 = game.team_of(Player(0));
    for (seat, p) in payoffs.iter_mut().enumerate().take(game.num_players()) {
        *p = if game.team_of(Player(seat as u8)) == team0 {
            p0
        } else {
            1.0 - p0
        };
    }
    payoffs
}

/// How a searcher values the positions at its leaves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leaf {
    /// The average of this many random playouts (at least one).
    Playouts(u32),
    /// The game's own evaluation function, at once.
    Heuristic,
    /// A random playout of at most this many plies, then the game's own evaluation (an
    /// "evaluation-cut" playout: some of the playout's variety, less of its noise).
    CutPlayout(u32),
}

impl Leaf {
    /// How leaves are valued, as a reason by code with its numbers.
    pub fn reason(&self) -> tafel_core::Reason {
        use tafel_core::reason;
        match *self {
            Leaf::Playouts(1) => reason!("leaf-playout", "one random playout per leaf"),
            Leaf::Playouts(n) => reason!("leaf-playouts", "{n} random playouts per leaf", n),
            Leaf::Heuristic => reason!("leaf-heuristic", "the game's evaluation at the leaves"),
            Leaf::CutPlayout(n) => reason!(
                "leaf-cut-playout",
                "random playouts cut after {n} plies and valued by the game's evaluation",
                n
            ),
        }
    }
}

impl std::fmt::Display for Leaf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.reason(), f)
    }
}

/// Values leaves as a [`Leaf`] setting says, with the game's evaluator `H`.
#[derive(Clone, Debug)]
pub struct LeafEvaluator<H> {
    /// How leaves are valued.
    pub leaf: Leaf,
    /// The game's own evaluation.
    pub heuristic: H,
}

impl<H> LeafEvaluator<H> {
    /// Leaves valued as `leaf` says, with `heuristic` where the game's evaluation is asked for.
    pub fn new(leaf: Leaf, heuristic: H) -> Self {
        LeafEvaluator { leaf, heuristic }
    }
}

impl<G: Game, H: Evaluator<G>> Evaluator<G> for LeafEvaluator<H> {
    fn evaluate(&self, game: &G, state: &G::State, ctx: &mut EvalContext<G>) -> Payoffs {
        match self.leaf {
            Leaf::Playouts(playouts) => PlayoutEvaluator { playouts }.evaluate(game, state, ctx),
            Leaf::Heuristic => self.heuristic.evaluate(game, state, ctx),
            Leaf::CutPlayout(plies) => {
                let mut s = state.clone();
                let mut played = 0;
                loop {
                    match game.status(&s) {
                        Status::Over(outcome) => {
                            return outcome_payoffs(&outcome, game.num_players())
                        }
                        _ if played >= plies => break,
                        Status::Chance => {
                            game.legal_moves(&s, &mut ctx.moves);
                            let mv = sample_chance(game, &s, &ctx.moves, &mut ctx.rng);
                            game.apply(&mut s, mv);
                        }
                        Status::ToMove(_) => {
                            game.legal_moves(&s, &mut ctx.moves);
                            let mv = ctx.moves[ctx.rng.random_range(0..ctx.moves.len())];
                            game.apply(&mut s, mv);
                            played += 1;
                        }
                    }
                }
                self.heuristic.evaluate(game, &s, ctx)
            }
        }
    }

    /// Random playouts take any position as it is; the game's evaluation says for itself.
    fn quiet(&self, game: &G, state: &G::State, ctx: &mut EvalContext<G>) -> bool {
        match self.leaf {
            Leaf::Playouts(_) => true,
            Leaf::Heuristic | Leaf::CutPlayout(_) => self.heuristic.quiet(game, state, ctx),
        }
    }
}
