//! N positions of one game played together, for training loops: observations and legal-action
//! masks as whole arrays, one action per position per step, chance resolved by the vector's own
//! seeded generator, finished games reported and restarted.

use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::playout::sample_chance;
use tafel_core::{Game, Status};

use crate::encoding::Encoded;
use crate::state::{legal_move, returns_of, AnyState, TypedState};
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
    fn legal_actions_mask(&mut self, out: &mut [bool]) -> Result<(), Error>;
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
    /// Writes the observation of each position's finished game of the last step (the
    /// position before its restart) into its slot of `out` (zeroed, as long as
    /// [`AnyVector::observations`]'s), leaving the slots of unfinished games as they are.
    fn final_observations(&self, out: &mut [f32]);
    /// Starts the games of positions `rows` again, chance drawn from the vector's generator;
    /// a row out of range is refused before any restarts.
    fn reset_rows(&mut self, rows: &[usize]) -> Result<(), Error>;
    /// A copy of position `row` as a single state.
    fn state(&self, row: usize) -> Result<Box<dyn AnyState>, Error>;
}

/// N positions of the game `G`.
pub struct TypedVector<G: Encoded> {
    rules: Arc<G>,
    states: Vec<G::State>,
    /// The positions whose games finished in the last step, as they ended, by row.
    finished: Vec<(usize, G::State)>,
    rng: SmallRng,
    /// Room for chance outcomes.
    moves: Vec<G::Move>,
    legal: LegalTable<G>,
    restart: Restart<G>,
}

/// The legal moves of every position and their action numbers, one after the other, found
/// once between two steps (masks, sampling and the step itself all need them).
struct LegalTable<G: Game> {
    /// Whether the table is for the positions as they are now.
    fresh: bool,
    moves: Vec<G::Move>,
    actions: Vec<u32>,
    /// Where each position's moves end in `moves` and `actions`.
    ends: Vec<usize>,
    /// Room for one position's moves.
    buffer: Vec<G::Move>,
}

impl<G: Encoded> LegalTable<G> {
    /// An empty, stale table.
    fn new() -> Self {
        LegalTable {
            fresh: false,
            moves: Vec::new(),
            actions: Vec::new(),
            ends: Vec::new(),
            buffer: Vec::new(),
        }
    }

    /// Fills the table for `states` unless it is fresh.
    fn fill(&mut self, rules: &G, states: &[G::State]) -> Result<(), Error> {
        if self.fresh {
            return Ok(());
        }
        self.moves.clear();
        self.actions.clear();
        self.ends.clear();
        for state in states {
            rules.legal_moves(state, &mut self.buffer);
            rules
                .encode_moves(state, &self.buffer, &mut self.actions)
                .map_err(Error::Value)?;
            self.moves.extend_from_slice(&self.buffer);
            self.ends.push(self.moves.len());
        }
        self.fresh = true;
        Ok(())
    }

    /// Position `i`'s legal moves and their numbers (the table must be fresh).
    fn of(&self, i: usize) -> (&[G::Move], &[u32]) {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        let end = self.ends[i];
        (&self.moves[start..end], &self.actions[start..end])
    }
}

/// How a finished game starts again: the start position and, when chance acts there first,
/// its outcomes with their cumulative probabilities, found once (EinStein's 720 start
/// arrangements had been most of the cost of a step).
struct Restart<G: Game> {
    start: G::State,
    outcomes: Vec<G::Move>,
    cumulative: Vec<f64>,
}

impl<G: Game> Restart<G> {
    /// The start of `rules`.
    fn new(rules: &G) -> Self {
        let start = rules.start();
        let mut outcomes = Vec::new();
        let mut cumulative = Vec::new();
        if matches!(rules.status(&start), Status::Chance) {
            rules.legal_moves(&start, &mut outcomes);
            let mut total = 0.0;
            for i in 0..outcomes.len() {
                total += rules.chance_probability(&start, &outcomes, i);
                cumulative.push(total);
            }
        }
        Restart {
            start,
            outcomes,
            cumulative,
        }
    }

    /// A new game with its chance resolved.
    fn fresh(&self, rules: &G, moves: &mut Vec<G::Move>, rng: &mut SmallRng) -> G::State {
        let mut state = self.start.clone();
        if !self.outcomes.is_empty() {
            let roll: f64 = rng.random();
            let i = self.cumulative.partition_point(|&c| c <= roll);
            rules.apply(&mut state, self.outcomes[i.min(self.outcomes.len() - 1)]);
        }
        resolve_chance(rules, &mut state, moves, rng);
        state
    }
}

impl<G: Encoded> TypedVector<G> {
    /// `n` start positions, chance resolved with a generator seeded by `seed`.
    pub fn new(rules: Arc<G>, n: usize, seed: u64) -> Self {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let restart = Restart::new(rules.as_ref());
        let states = (0..n)
            .map(|_| restart.fresh(rules.as_ref(), &mut moves, &mut rng))
            .collect();
        TypedVector {
            rules,
            states,
            finished: Vec::new(),
            rng,
            moves,
            legal: LegalTable::new(),
            restart,
        }
    }
}

/// Plays chance outcomes (by their probability) until a player is to move or the game ends;
/// returns the status reached.
fn resolve_chance<G: Game>(
    rules: &G,
    state: &mut G::State,
    moves: &mut Vec<G::Move>,
    rng: &mut SmallRng,
) -> Status {
    loop {
        let status = rules.status(state);
        if !matches!(status, Status::Chance) {
            return status;
        }
        rules.legal_moves(state, moves);
        let outcome = sample_chance(rules, state, moves, rng);
        rules.apply(state, outcome);
    }
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
    fn legal_actions_mask(&mut self, out: &mut [bool]) -> Result<(), Error> {
        self.legal.fill(self.rules.as_ref(), &self.states)?;
        let width = self.rules.num_actions();
        for (i, row) in out.chunks_exact_mut(width).enumerate() {
            for &action in self.legal.of(i).1 {
                row[action as usize] = true;
            }
        }
        Ok(())
    }
    fn sample_actions(&mut self) -> Result<Vec<u32>, Error> {
        self.legal.fill(self.rules.as_ref(), &self.states)?;
        let sampled = (0..self.states.len())
            .map(|i| {
                let actions = self.legal.of(i).1;
                actions[self.rng.random_range(0..actions.len())]
            })
            .collect();
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
        self.legal.fill(rules, &self.states)?;
        let mut chosen = Vec::with_capacity(self.states.len());
        for (i, &action) in actions.iter().enumerate() {
            let (moves, numbers) = self.legal.of(i);
            let mv = legal_move(moves, numbers, action)
                .map_err(|e| Error::Value(format!("position {i}: {e}")))?;
            chosen.push(mv);
        }
        self.legal.fresh = false;
        self.finished.clear();
        let players = rules.num_players();
        for (i, mv) in chosen.into_iter().enumerate() {
            let state = &mut self.states[i];
            rules.apply(state, mv);
            let status = resolve_chance(rules, state, &mut self.moves, &mut self.rng);
            done[i] = matches!(status, Status::Over(_));
            if done[i] {
                let returns = returns_of(&status, players);
                rewards[i * players..(i + 1) * players].copy_from_slice(&returns);
                let fresh = self.restart.fresh(rules, &mut self.moves, &mut self.rng);
                self.finished.push((i, std::mem::replace(state, fresh)));
            }
        }
        Ok(())
    }
    fn final_observations(&self, out: &mut [f32]) {
        let size = out.len() / self.states.len();
        for (row, state) in &self.finished {
            self.rules
                .observe(state, &mut out[row * size..(row + 1) * size]);
        }
    }
    fn reset_rows(&mut self, rows: &[usize]) -> Result<(), Error> {
        let n = self.states.len();
        if let Some(row) = rows.iter().find(|&&row| row >= n) {
            return Err(Error::Value(format!(
                "row {row} does not exist; the vector has {n} rows (0 to {})",
                n - 1
            )));
        }
        for &row in rows {
            self.states[row] =
                self.restart
                    .fresh(self.rules.as_ref(), &mut self.moves, &mut self.rng);
        }
        self.legal.fresh = false;
        Ok(())
    }
    fn state(&self, row: usize) -> Result<Box<dyn AnyState>, Error> {
        let state = self.states.get(row).ok_or_else(|| {
            Error::Value(format!(
                "row {row} does not exist; the vector has {} rows (0 to {})",
                self.states.len(),
                self.states.len() - 1
            ))
        })?;
        Ok(Box::new(TypedState::new(self.rules.clone(), state.clone())))
    }
}
