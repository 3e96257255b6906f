//! Agents: anything that picks a move for a position, from random play to deep search.

use std::fmt;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::{Game, Status};

/// What a search concluded about the position it was asked about, from the mover's side.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Evaluation {
    /// No estimate (random play).
    Unknown,
    /// The expected payoff for the mover (1 win, 1/2 draw, 0 loss), estimated.
    Expected(f64),
    /// A minimax score of static evaluations in [-1, 1] for the mover: no forced result was
    /// found within the search's depth (minimax over noisy estimates leans to the extremes, so
    /// this is not a probability).
    Heuristic(f64),
    /// A proven win for the mover in this many plies (the mover's and the opponent's moves).
    WinIn(u32),
    /// A proven loss for the mover in this many plies, against best defence.
    LossIn(u32),
    /// A proven draw.
    Draw,
}

impl Evaluation {
    /// The expected payoff for the mover, where there is one.
    pub fn expected(&self) -> Option<f64> {
        match *self {
            Evaluation::Unknown => None,
            Evaluation::Expected(v) => Some(v),
            Evaluation::Heuristic(v) => Some((v + 1.0) / 2.0),
            Evaluation::WinIn(_) => Some(1.0),
            Evaluation::LossIn(_) => Some(0.0),
            Evaluation::Draw => Some(0.5),
        }
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Evaluation::Unknown => write!(f, "no estimate"),
            Evaluation::Expected(v) => write!(f, "expected result {:.1}% for the mover", v * 100.0),
            Evaluation::Heuristic(v) => write!(
                f,
                "no forced result within the search; heuristic score {v:+.2} for the mover"
            ),
            Evaluation::WinIn(n) => write!(f, "win in {n} plies"),
            Evaluation::LossIn(n) => write!(f, "loss in {n} plies against best defence"),
            Evaluation::Draw => write!(f, "draw with best play"),
        }
    }
}

/// A chosen move with what the search thought of it.
#[derive(Clone, PartialEq, Debug)]
pub struct Decision<M> {
    /// The move to play.
    pub mv: M,
    /// The value of the position after the move, for the player who makes it.
    pub evaluation: Evaluation,
    /// How much the search did, by kind with its numbers ("alpha-beta, depth 9, 40000
    /// nodes"; [`crate::effort`]).
    pub effort: tafel_core::Reason,
}

/// Picks moves for one game. An agent may keep state between calls (a search tree to reuse,
/// a generator), so one agent plays one game at a time, in order.
pub trait Agent<G: Game>: Send {
    /// A move for the player to move in `state`, or `None` when nobody is to move (chance acts
    /// or the game is over).
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>>;
}

impl<G: Game> Agent<G> for Box<dyn Agent<G>> {
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>> {
        self.as_mut().choose(game, state)
    }
}

/// Uniformly random legal moves: the weakest player, and the yardstick for the others.
pub struct RandomAgent {
    rng: SmallRng,
}

impl RandomAgent {
    /// A random player seeded by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        Some(Decision {
            mv: moves[self.rng.random_range(0..moves.len())],
            evaluation: Evaluation::Unknown,
            effort: tafel_core::reason!("effort-random", "random move"),
        })
    }
}
