//! N positions of one game played together, for training loops: observations and legal-action
//! masks as whole arrays, one action per position per step, chance resolved by the vector's own
//! seeded generator, finished games reported and restarted.

use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::{Game, Player, Status};

use crate::encoding::{observe_from, Encoded};
use crate::state::{legal_move, write_returns, AnyState, TypedState};
use crate::Error;

/// Whose side a vector's observations are seen from ([`observe_from`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    /// The absolute layout.
    Absolute,
    /// The seat to move's; for a finished game, the seat that made its last move.
    Mover,
    /// One seat's.
    Seat(Player),
}

/// How many fresh games in a row one step or reset lets end before the seat it plays up to
/// moves, before it gives up (a setting whose games always end so would loop for ever).
pub const MAX_RESTARTS: usize = 1000;

/// N positions of one game behind a trait object. Every position is always one where a player
/// is to move: chance is resolved and finished games restart inside [`AnyVector::step`].
pub trait AnyVector: Send + Sync {
    /// How many positions.
    fn len(&self) -> usize;
    /// Whether there are none (never: a vector holds at least one position).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Writes every position's observation seen from `view`, one after the other.
    fn observations(&self, view: View, out: &mut [f32]);
    /// Writes every position's legal-action mask (`num_actions` booleans each).
    fn legal_actions_mask(&mut self, out: &mut [bool]) -> Result<(), Error>;
    /// Every position's legal actions, ascending, in rows as long as the longest, the rest
    /// filled with -1: the values into `out` (cleared first; a buffer kept between calls
    /// spares a fresh megabyte per call for Quarx), and the row length returned.
    fn legal_actions(&mut self, out: &mut Vec<i64>) -> Result<usize, Error>;
    /// Writes a uniformly random legal action for each position, drawn from the vector's
    /// generator, into `out` (one slot a position): a random policy without a round trip
    /// through the masks.
    fn sample_actions(&mut self, out: &mut [i64]) -> Result<(), Error>;
    /// The seat to move in each position.
    fn current_players(&self) -> Vec<i32>;
    /// The position codes.
    fn codes(&self) -> Vec<String>;
    /// Plays `actions[i]` in position `i` (all are checked before any is played), resolves
    /// chance, and restarts finished games: `rewards` gets each finished game's returns
    /// (`players` per position, left as they are elsewhere), `done` whether the game finished.
    /// With `until = Some(seat)`, the other seats then play uniformly random legal moves (from
    /// the vector's generator) until `seat` is to move in every position; the first game that
    /// ends in a position is the one reported, and a fresh game that ends before `seat` moves
    /// is started again unreported (up to [`MAX_RESTARTS`] times, then an error).
    fn step(
        &mut self,
        actions: &[i64],
        until: Option<Player>,
        rewards: &mut [f64],
        done: &mut [bool],
    ) -> Result<(), Error>;
    /// Writes the observation, seen from `view`, of each position's finished game of the last
    /// step (the position before its restart) into its slot of `out` (zeroed, as long as
    /// [`AnyVector::observations`]'s), leaving the slots of unfinished games as they are.
    fn final_observations(&self, view: View, out: &mut [f32]);
    /// Starts the games of positions `rows` again, chance drawn from the vector's generator,
    /// and with `until = Some(seat)` plays the other seats as [`AnyVector::step`] does; a row
    /// out of range is refused before any restarts.
    fn reset_rows(&mut self, rows: &[usize], until: Option<Player>) -> Result<(), Error>;
    /// A copy of position `row` as a single state.
    fn state(&self, row: usize) -> Result<Box<dyn AnyState>, Error>;
}

/// N positions of the game `G`.
pub struct TypedVector<G: Encoded> {
    rules: Arc<G>,
    states: Vec<G::State>,
    /// The seat to move in each position.
    movers: Vec<Player>,
    /// The positions whose games finished in the last step, as they ended, by row, with the
    /// seat that made the last move.
    finished: Vec<(usize, G::State, Player)>,
    rng: SmallRng,
    /// Room for chance outcomes.
    moves: Vec<G::Move>,
    legal: LegalTable<G>,
    restart: Restart<G>,
}

/// The legal action numbers of every position, found once between two steps when masks or
/// lists ask for them, each position's in a vector of its own that keeps its room from step to
/// step, and the move each position plays next. The moves themselves are not kept: they are
/// generated into one scratch vector, which stays in the cache (keeping every move of 1,024
/// Quarx positions, 32 bytes each, had meant megabytes written per step, of which one move a
/// position was read back). [`AnyVector::sample_actions`] draws each position's move with
/// [`Game::random_move`], which lists no moves where the game can count them (listing every
/// legal move had been over half of Quarx's step), and numbers only the move it draws
/// (numbering every legal move of every position had been over a quarter).
struct LegalTable<G: Game> {
    /// Whether `actions` is for the positions as they are now.
    fresh: bool,
    /// Each position's legal action numbers, in the game's move order.
    actions: Vec<Vec<u32>>,
    /// The move each position plays next with its number: the draws of the last
    /// [`AnyVector::sample_actions`] (a step with those actions plays them without a search),
    /// or the moves a step found for its actions; empty when the positions changed since.
    chosen: Vec<(G::Move, u32)>,
    /// Room for one position's moves.
    moves: Vec<G::Move>,
}

impl<G: Encoded> LegalTable<G> {
    /// An empty, stale table.
    fn new() -> Self {
        LegalTable {
            fresh: false,
            actions: Vec::new(),
            chosen: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Forgets everything: the positions have changed.
    fn invalidate(&mut self) {
        self.fresh = false;
        self.chosen.clear();
    }

    /// Fills the action numbers for `states` unless they are fresh.
    fn fill(&mut self, rules: &G, states: &[G::State]) -> Result<(), Error> {
        if self.fresh {
            return Ok(());
        }
        self.actions.resize_with(states.len(), Vec::new);
        for (state, actions) in states.iter().zip(&mut self.actions) {
            rules.legal_moves(state, &mut self.moves);
            actions.clear();
            rules
                .encode_moves(state, &self.moves, actions)
                .map_err(Error::Value)?;
        }
        self.fresh = true;
        Ok(())
    }

    /// Draws a uniformly random legal move in each of `states` from `rng`, kept for the step;
    /// writes their numbers into `out`. The generator and the room for moves are local
    /// variables during the loop, which the compiler keeps in registers: as fields of `self`
    /// they had been read from memory and written back at every draw, the generator's four
    /// words a chain from one position's draw to the next's through memory.
    fn sample(
        &mut self,
        rules: &G,
        states: &[G::State],
        rng: &mut SmallRng,
        out: &mut [i64],
    ) -> Result<(), Error> {
        let mut local = rng.clone();
        let mut moves = std::mem::take(&mut self.moves);
        let mut chosen = std::mem::take(&mut self.chosen);
        chosen.clear();
        let mut drawn = Ok(());
        for (state, slot) in states.iter().zip(out) {
            let mv = rules.random_move(state, &mut local, &mut moves);
            match rules.encode_legal_move(state, mv, &mut moves) {
                Ok(action) => {
                    chosen.push((mv, action));
                    *slot = i64::from(action);
                }
                Err(e) => {
                    drawn = Err(Error::Value(e));
                    chosen.clear();
                    break;
                }
            }
        }
        *rng = local;
        self.moves = moves;
        self.chosen = chosen;
        drawn
    }

    /// Position `i`'s legal actions (the table must be fresh).
    fn of(&self, i: usize) -> &[u32] {
        &self.actions[i]
    }

    /// Makes `chosen` the moves numbered `actions` in `states`, or says why one is not legal
    /// (none is taken then): the sampled moves where the actions are those drawn, otherwise
    /// each position's moves generated again and searched.
    fn choose(&mut self, rules: &G, states: &[G::State], actions: &[i64]) -> Result<(), Error> {
        let drawn = self.chosen.len() == actions.len()
            && self
                .chosen
                .iter()
                .zip(actions)
                .all(|(&(_, a), &b)| i64::from(a) == b);
        if drawn {
            return Ok(());
        }
        self.fill(rules, states)?;
        let mut chosen = Vec::with_capacity(states.len());
        for (i, (state, &action)) in states.iter().zip(actions).enumerate() {
            let mv = match self.chosen.get(i) {
                Some(&(mv, drawn)) if i64::from(drawn) == action => mv,
                _ => {
                    rules.legal_moves(state, &mut self.moves);
                    legal_move(&self.moves, &self.actions[i], action)
                        .map_err(|e| Error::Value(format!("position {i}: {e}")))?
                }
            };
            // Checked just now: the number is one of the position's, below 2^32.
            chosen.push((mv, action as u32));
        }
        self.chosen = chosen;
        Ok(())
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

    /// Starts a new game in `state`, its chance resolved, in place (a fresh game moved in and
    /// the old one out had cost five copies of the state, a seventh of Black Path's step, whose
    /// random games last about five plies); returns its status.
    fn begin(
        &self,
        rules: &G,
        state: &mut G::State,
        moves: &mut Vec<G::Move>,
        rng: &mut SmallRng,
    ) -> Status {
        state.clone_from(&self.start);
        if !self.outcomes.is_empty() {
            let roll: f64 = rng.random();
            let i = self.cumulative.partition_point(|&c| c <= roll);
            rules.apply(state, self.outcomes[i.min(self.outcomes.len() - 1)]);
        }
        resolve_chance(rules, state, moves, rng)
    }
}

impl<G: Encoded> TypedVector<G> {
    /// `n` start positions, chance resolved with a generator seeded by `seed`.
    pub fn new(rules: Arc<G>, n: usize, seed: u64) -> Self {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let restart = Restart::new(rules.as_ref());
        let states: Vec<G::State> = (0..n)
            .map(|_| {
                let mut state = restart.start.clone();
                restart.begin(rules.as_ref(), &mut state, &mut moves, &mut rng);
                state
            })
            .collect();
        let movers = states
            .iter()
            .map(|state| mover(&rules.status(state)))
            .collect();
        TypedVector {
            rules,
            states,
            movers,
            finished: Vec::new(),
            rng,
            moves,
            legal: LegalTable::new(),
            restart,
        }
    }
}

/// The seat to move in `status`, which must have one.
fn mover(status: &Status) -> Player {
    match status {
        Status::ToMove(player) => *player,
        _ => unreachable!("a vector's positions always have a player to move"),
    }
}

/// Plays uniformly random legal moves for the seats other than `seat`, and chance outcomes,
/// from `status`, the status of `state`, until `seat` is to move or the game ends; returns the
/// status reached and the seat that moved last (`None` if nobody moved).
fn play_others<G: Game>(
    rules: &G,
    state: &mut G::State,
    mut status: Status,
    seat: Player,
    moves: &mut Vec<G::Move>,
    rng: &mut SmallRng,
) -> (Status, Option<Player>) {
    let mut last = None;
    while let Status::ToMove(player) = status {
        if player == seat {
            break;
        }
        let mv = rules.random_move(state, rng, moves);
        rules.apply(state, mv);
        last = Some(player);
        status = resolve_chance(rules, state, moves, rng);
    }
    (status, last)
}

/// Plays chance outcomes (by their probability) until a player is to move or the game ends;
/// returns the status reached. Inlined: the call had been about a twentieth of Karl's Race's
/// step, whose every ply rolls the die.
#[inline(always)]
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
        let outcome = draw_chance(rules, state, moves, rng);
        rules.apply(state, outcome);
    }
}

/// One of the chance `outcomes` of `state`, drawn by their probabilities: the first whose
/// cumulative probability exceeds a uniform roll, found by counting the outcomes at or below
/// it rather than by a branch per outcome (a die's face is unforeseeable, so such a branch
/// mispredicts; it had been half the cost of resolving EinStein's die).
fn draw_chance<G: Game>(
    rules: &G,
    state: &G::State,
    outcomes: &[G::Move],
    rng: &mut SmallRng,
) -> G::Move {
    let roll: f64 = rng.random();
    let mut total = 0.0;
    let mut below = 0;
    for i in 0..outcomes.len() {
        total += rules.chance_probability(state, outcomes, i);
        below += usize::from(total <= roll);
    }
    outcomes[below.min(outcomes.len() - 1)]
}

/// What [`AnyVector::step`] needs for a row whose game ended or whose other seats play.
struct Settle<'a, G: Game> {
    /// The game.
    rules: &'a G,
    /// The seat the other seats play up to, if any.
    until: Option<Player>,
    /// The vector's generator, taken out for the step.
    rng: SmallRng,
    /// The vector's room for moves, taken out for the step.
    moves: Vec<G::Move>,
    /// How a finished game starts again.
    restart: &'a Restart<G>,
    /// The step's finished games (`TypedVector::finished`).
    finished: &'a mut Vec<(usize, G::State, Player)>,
}

impl<G: Game> Settle<'_, G> {
    /// Row `i` after its move, `state` with `status`, `last` the seat that moved: the other
    /// seats play up to `until`, and a game that ends is reported (the first one of the row:
    /// its returns into `rewards`, `done[i]` set, the position kept) and started again; returns
    /// the seat to move then. Out of line: most rows of most steps go on without either.
    #[cold]
    #[inline(never)]
    fn row(
        &mut self,
        i: usize,
        state: &mut G::State,
        mut status: Status,
        mut last: Player,
        rewards: &mut [f64],
        done: &mut [bool],
    ) -> Result<Player, Error> {
        let rules = self.rules;
        let players = rules.num_players();
        let mut restarts = 0;
        loop {
            if let Some(seat) = self.until {
                let played =
                    play_others(rules, state, status, seat, &mut self.moves, &mut self.rng);
                status = played.0;
                last = played.1.unwrap_or(last);
            }
            if !matches!(status, Status::Over(_)) {
                return Ok(mover(&status));
            }
            if !done[i] {
                done[i] = true;
                write_returns(&status, &mut rewards[i * players..(i + 1) * players]);
                self.finished.push((i, state.clone(), last));
            } else if restarts == MAX_RESTARTS {
                return Err(too_many_restarts(i));
            }
            restarts += 1;
            status = self
                .restart
                .begin(rules, state, &mut self.moves, &mut self.rng);
        }
    }
}

/// How many positions ahead [`AnyVector::step`] asks for what a move will touch
/// ([`Game::prefetch`]).
const PREFETCH_AHEAD: usize = 12;

impl<G: Encoded> AnyVector for TypedVector<G> {
    fn len(&self) -> usize {
        self.states.len()
    }
    fn observations(&self, view: View, out: &mut [f32]) {
        let size = out.len() / self.states.len();
        for (row, (state, chunk)) in self
            .states
            .iter()
            .zip(out.chunks_exact_mut(size))
            .enumerate()
        {
            let seat = match view {
                View::Absolute => None,
                View::Mover => Some(self.movers[row]),
                View::Seat(seat) => Some(seat),
            };
            observe_from(self.rules.as_ref(), state, seat, chunk);
        }
    }
    fn legal_actions_mask(&mut self, out: &mut [bool]) -> Result<(), Error> {
        self.legal.fill(self.rules.as_ref(), &self.states)?;
        let width = self.rules.num_actions();
        for (i, row) in out.chunks_exact_mut(width).enumerate() {
            for &action in self.legal.of(i) {
                row[action as usize] = true;
            }
        }
        Ok(())
    }
    fn legal_actions(&mut self, out: &mut Vec<i64>) -> Result<usize, Error> {
        self.legal.fill(self.rules.as_ref(), &self.states)?;
        let n = self.states.len();
        let width = (0..n).map(|i| self.legal.of(i).len()).max().unwrap_or(0);
        out.clear();
        out.resize(n * width, -1);
        for (i, row) in out.chunks_exact_mut(width.max(1)).enumerate().take(n) {
            let actions = self.legal.of(i);
            for (slot, &action) in row.iter_mut().zip(actions) {
                *slot = i64::from(action);
            }
            row[..actions.len()].sort_unstable();
        }
        Ok(width)
    }
    fn sample_actions(&mut self, out: &mut [i64]) -> Result<(), Error> {
        self.legal
            .sample(self.rules.as_ref(), &self.states, &mut self.rng, out)
    }
    fn current_players(&self) -> Vec<i32> {
        self.movers.iter().map(|seat| i32::from(seat.0)).collect()
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
        until: Option<Player>,
        rewards: &mut [f64],
        done: &mut [bool],
    ) -> Result<(), Error> {
        let rules = self.rules.as_ref();
        self.legal.choose(rules, &self.states, actions)?;
        // Taken out while the positions change (an error below leaves the table empty, as it
        // must be then), and put back for its room.
        self.legal.fresh = false;
        let chosen = std::mem::take(&mut self.legal.chosen);
        self.finished.clear();
        // The generator and the room for moves as local variables, kept in registers (as in
        // `LegalTable::sample`); the rows whose game ended, or whose other seats play, are
        // settled out of line (`Settle::row`), so that the loop of the usual row is short.
        let mut settle = Settle {
            rules,
            until,
            rng: self.rng.clone(),
            moves: std::mem::take(&mut self.moves),
            restart: &self.restart,
            finished: &mut self.finished,
        };
        // Slices of one length (`choose` made a move for every row), indexed by a counted
        // loop: no bounds checks, no iterator adapters per row.
        let n = self.states.len().min(chosen.len());
        let (states, movers, moved) = (&mut self.states[..n], &mut self.movers[..n], &chosen[..n]);
        let mut result = Ok(());
        for i in 0..n {
            if let Some(ahead) = states.get(i + PREFETCH_AHEAD) {
                rules.prefetch(ahead);
            }
            let state = &mut states[i];
            rules.apply(state, moved[i].0);
            let status = resolve_chance(rules, state, &mut settle.moves, &mut settle.rng);
            match status {
                Status::ToMove(seat) if until.is_none() => movers[i] = seat,
                status => match settle.row(i, state, status, movers[i], rewards, done) {
                    Ok(seat) => movers[i] = seat,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                },
            }
        }
        self.rng = settle.rng;
        self.moves = settle.moves;
        self.legal.chosen = chosen;
        self.legal.invalidate();
        result
    }
    fn final_observations(&self, view: View, out: &mut [f32]) {
        let size = out.len() / self.states.len();
        for (row, state, last) in &self.finished {
            let seat = match view {
                View::Absolute => None,
                View::Mover => Some(*last),
                View::Seat(seat) => Some(seat),
            };
            observe_from(
                self.rules.as_ref(),
                state,
                seat,
                &mut out[row * size..(row + 1) * size],
            );
        }
    }
    fn reset_rows(&mut self, rows: &[usize], until: Option<Player>) -> Result<(), Error> {
        let n = self.states.len();
        if let Some(row) = rows.iter().find(|&&row| row >= n) {
            return Err(Error::Value(format!(
                "row {row} does not exist; the vector has {n} rows (0 to {})",
                n - 1
            )));
        }
        let rules = self.rules.as_ref();
        for &row in rows {
            let mut restarts = 0;
            let state = &mut self.states[row];
            loop {
                let mut status = self
                    .restart
                    .begin(rules, state, &mut self.moves, &mut self.rng);
                if let Some(seat) = until {
                    status =
                        play_others(rules, state, status, seat, &mut self.moves, &mut self.rng).0;
                }
                if !matches!(status, Status::Over(_)) {
                    self.movers[row] = mover(&status);
                    break;
                }
                restarts += 1;
                if restarts > MAX_RESTARTS {
                    return Err(too_many_restarts(row));
                }
            }
        }
        self.legal.invalidate();
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

/// The error of a position whose fresh games kept ending before the seat played up to moved.
fn too_many_restarts(row: usize) -> Error {
    Error::Value(format!(
        "position {row}: {MAX_RESTARTS} fresh games in a row ended before the seat to play \
         for moved"
    ))
}
