//! N positions of one game played together, for training loops: observations and legal-action
//! masks as whole arrays, one action per position per step, chance resolved by the vector's own
//! seeded generator, finished games reported and restarted.

use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::playout::sample_chance;
use tafel_core::{Game, Status};

use crate::encoding::Encoded;
use crate::state::{legal_move, returns_of};
use crate::Error;

/// N positions of one game behind a trait object. Every position is always one where a player
/// is to move: chance is resolved and finished games restart inside [`AnyVector::step`].
pub trait AnyVector: Send + Sync {
    /// How many positions.
    fn len(&self) -> usize;
    /// Whether there are none (never: a vector holds at least one position).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Writes every position's observation, one after the other.
    fn observations(&self, out: &mut [f32]);
    /// Writes every position's legal-action mask (`num_actions` booleans each).
    fn legal_actions_mask(&self, out: &mut [bool]) -> Result<(), Error>;
    /// A uniformly random legal action for each position, drawn from the vector's generator
    /// (a random policy without a round trip through the masks).
    fn sample_actions(&mut self) -> Result<Vec<u32>, Error>;
    /// The seat to move in each position.
    fn current_players(&self) -> Vec<i32>;
    /// The position codes.
    fn codes(&self) -> Vec<String>;
    /// Plays `actions[i]` in position `i` (all are checked before any is played), resolves
    /// chance, and restarts finished games: `rewards` gets each finished game's returns
    /// (`players` per position, left as they are elsewhere), `done` whether the game finished.
    fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f64],
        done: &mut [bool],
    ) -> Result<(), Error>;
}

/// N positions of the game `G`.
pub struct TypedVector<G: Encoded> {
    rules: Arc<G>,
    states: Vec<G::State>,
    rng: SmallRng,
    moves: Vec<G::Move>,
    actions: Vec<u32>,
}

impl<G: Encoded> TypedVector<G> {
    /// `n` start positions, chance resolved with a generator seeded by `seed`.
    pub fn new(rules: Arc<G>, n: usize, seed: u64) -> Self {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let states = (0..n)
            .map(|_| {
                let mut state = rules.start();
                resolve_chance(rules.as_ref(), &mut state, &mut moves, &mut rng);
                state
            })
            .collect();
        TypedVector {
            rules,
            states,
            rng,
            moves,
            actions: Vec::new(),
        }
    }
}

/// Plays chance outcomes (by their probability) until a player is to move or the game ends.
fn resolve_chance<G: Game>(
    rules: &G,
    state: &mut G::State,
    moves: &mut Vec<G::Move>,
    rng: &mut SmallRng,
) {
    while matches!(rules.status(state), Status::Chance) {
        rules.legal_moves(state, moves);
        let outcome = sample_chance(rules, state, moves, rng);
        rules.apply(state, outcome);
    }
}

/// Fills `moves` and `actions` with the legal moves of `state` and their numbers.
fn encode<G: Encoded>(
    rules: &G,
    state: &G::State,
    moves: &mut Vec<G::Move>,
    actions: &mut Vec<u32>,
) -> Result<(), Error> {
    rules.legal_moves(state, moves);
    actions.clear();
    rules
        .encode_moves(state, moves, actions)
        .map_err(Error::Value)
}

impl<G: Encoded> AnyVector for TypedVector<G> {
    fn len(&self) -> usize {
        self.states.len()
    }
    fn observations(&self, out: &mut [f32]) {
        let size = out.len() / self.states.len();
        for (state, chunk) in self.states.iter().zip(out.chunks_exact_mut(size)) {
            self.rules.observe(state, chunk);
        }
    }
    fn legal_actions_mask(&self, out: &mut [bool]) -> Result<(), Error> {
        let width = self.rules.num_actions();
        let (mut moves, mut actions) = (Vec::new(), Vec::new());
        for (state, row) in self.states.iter().zip(out.chunks_exact_mut(width)) {
            encode(self.rules.as_ref(), state, &mut moves, &mut actions)?;
            for &action in &actions {
                row[action as usize] = true;
            }
        }
        Ok(())
    }
    fn sample_actions(&mut self) -> Result<Vec<u32>, Error> {
        let rules = self.rules.as_ref();
        let mut sampled = Vec::with_capacity(self.states.len());
        for state in &self.states {
            encode(rules, state, &mut self.moves, &mut self.actions)?;
            sampled.push(self.actions[self.rng.random_range(0..self.actions.len())]);
        }
        Ok(sampled)
    }
    fn current_players(&self) -> Vec<i32> {
        self.states
            .iter()
            .map(|state| match self.rules.status(state) {
                Status::ToMove(player) => i32::from(player.0),
                _ => unreachable!("a vector's positions always have a player to move"),
            })
            .collect()
    }
    fn codes(&self) -> Vec<String> {
        self.states
            .iter()
            .map(|state| self.rules.format_position(state))
            .collect()
    }
    fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f64],
        done: &mut [bool],
    ) -> Result<(), Error> {
        let rules = self.rules.as_ref();
        let mut chosen = Vec::with_capacity(self.states.len());
        for (i, state) in self.states.iter().enumerate() {
            encode(rules, state, &mut self.moves, &mut self.actions)?;
            let mv = legal_move(&self.moves, &self.actions, actions[i])
                .map_err(|e| Error::Value(format!("position {i}: {e}")))?;
            chosen.push(mv);
        }
        let players = rules.num_players();
        for (i, mv) in chosen.into_iter().enumerate() {
            let state = &mut self.states[i];
            rules.apply(state, mv);
            resolve_chance(rules, state, &mut self.moves, &mut self.rng);
            let status = rules.status(state);
            done[i] = matches!(status, Status::Over(_));
            if done[i] {
                let returns = returns_of(&status, players);
                rewards[i * players..(i + 1) * players].copy_from_slice(&returns);
                *state = rules.start();
                resolve_chance(rules, state, &mut self.moves, &mut self.rng);
            }
        }
        Ok(())
    }
}
