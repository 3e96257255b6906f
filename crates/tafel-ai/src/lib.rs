//! Computer players for every Tafel game.
//!
//! The searchers are generic over [`tafel_core::Game`] and allocate nothing per node once warmed
//! up (apart from what cloning a game's position costs):
//!
//! - [`mcts`]: UCT for any game (2 to 4 seats, teams, chance), tree reuse, root parallelism;
//! - [`alphabeta`]: negamax with iterative deepening and a transposition table, for
//!   deterministic two-player games;
//! - [`expectimax`]: *-minimax (Star1) for two-player games with a die;
//! - [`games`]: [`GameAi`], what each game gives the computer players (its evaluation,
//!   levels, analysis search, signature positions, perfect play and exact knowledge), one
//!   module per game, and [`DynGameAi`], the same for a game known only as a `DynGame`;
//! - [`eval`]: the [`eval::Evaluator`] trait, the random-playout default and each game's own
//!   evaluation function;
//! - [`agent`](mod@agent): the [`agent::Agent`] trait, random play, and what a search reports;
//! - [`budget`]: work and time budgets;
//! - [`levels`]: the [`Algorithm`]s that strength levels are made of;
//! - [`solve`]: exact solvers and perfect players (Black Path, Karl's Race, Carreaux, Kauri's
//!   tie-break);
//! - [`puzzles`]: positions where one move is clearly best, found in games between the
//!   levels and checked by the solvers or by two independent searches;
//! - [`signature`]: the search signature, one number that changes when search behaviour does;
//! - [`erased`]: agents for the type-erased games of the command line and the server;
//! - [`scale`]: the one scale of evaluations people see (the chance to win and to draw), exact
//!   from the solvers or estimated through fitted curves, and [`review`]: a whole game on it,
//!   move by move, with each move's loss and mark.

pub mod agent;
pub mod alphabeta;
mod bound;
pub mod budget;
pub mod effort;
pub mod erased;
pub mod eval;
pub mod expectimax;
pub mod games;
pub mod levels;
pub mod mcts;
pub mod puzzles;
pub mod review;
pub mod scale;
mod searcher;
pub mod signature;
pub mod solve;

pub use agent::{Agent, Decision, Evaluation, RandomAgent};
pub use budget::Budget;
pub use erased::{
    agent, agent_with, level_availability, AgentOptions, AiError, DynAgent, DynDecision,
};
pub use eval::{Evaluator, Leaf, PlayoutEvaluator};
pub use games::{entry_ai, game_ai, Availability, DynGameAi, GameAi, MissingTable, NoPerfectPlay};
pub use levels::Algorithm;
