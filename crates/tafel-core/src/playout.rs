//! Uniform random play, for any game: the playouts of benchmarks, statistics and MCTS.

use rand::Rng;

use crate::game::Game;
use crate::outcome::{Outcome, Status};
use crate::player::MAX_PLAYERS;

/// Picks a chance outcome of `state` (whose legal moves are `outcomes`) by its probability.
pub fn sample_chance<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &G::State,
    outcomes: &[G::Move],
    rng: &mut R,
) -> G::Move {
    let mut roll: f64 = rng.random();
    for (i, &mv) in outcomes.iter().enumerate() {
        roll -= game.chance_probability(state, outcomes, i);
        if roll < 0.0 {
            return mv;
        }
    }
    *outcomes.last().expect("a chance position has outcomes")
}

/// Plays uniformly random moves (and chance outcomes by their probability) from `state` until
/// the game ends; returns the outcome and the number of moves played (chance outcomes not
/// counted). `buffer` is reused for move generation. This is [`Game::random_playout`], which
/// a game may have replaced by a faster loop playing the same games.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
    buffer: &mut Vec<G::Move>,
) -> (Outcome, u64) {
    game.random_playout(state, rng, buffer)
}

/// The random playout of any game, through [`Game::status`], [`Game::legal_moves`] and
/// [`Game::apply`]: the default of [`Game::random_playout`], and the reference a game's own
/// faster loop is tested against.
pub fn generic_random_playout<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
    buffer: &mut Vec<G::Move>,
) -> (Outcome, u64) {
    let mut plies = 0;
    loop {
        match game.status(state) {
            Status::Over(outcome) => return (outcome, plies),
            Status::Chance => {
                game.legal_moves(state, buffer);
                let mv = sample_chance(game, state, buffer, rng);
                game.apply(state, mv);
            }
            Status::ToMove(_) => {
                game.legal_moves(state, buffer);
                let mv = buffer[rng.random_range(0..buffer.len())];
                game.apply(state, mv);
                plies += 1;
            }
        }
    }
}

/// Totals over many random games.
#[derive(Clone, Copy, PartialEq, Debug, Default, serde::Serialize)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Moves played in all games together.
    pub plies: u64,
    /// The longest game, in moves.
    pub longest: u64,
    /// Games won per seat (a team win counts for each member).
    pub wins: [u64; MAX_PLAYERS],
    /// Drawn games.
    pub draws: u64,
}

impl PlayoutStats {
    /// Adds one finished game.
    pub fn add(&mut self, outcome: &Outcome, plies: u64) {
        self.games += 1;
        self.plies += plies;
        self.longest = self.longest.max(plies);
        if outcome.is_draw() {
            self.draws += 1;
        }
        for p in outcome.winners.iter() {
            self.wins[p.index()] += 1;
        }
    }

    /// Adds another batch of games.
    pub fn merge(&mut self, other: &PlayoutStats) {
        self.games += other.games;
        self.plies += other.plies;
        self.longest = self.longest.max(other.longest);
        self.draws += other.draws;
        for (w, o) in self.wins.iter_mut().zip(other.wins) {
            *w += o;
        }
    }
}

/// Plays `games` random games from `start` with a generator seeded by `seed`.
pub fn random_playouts<G: Game>(game: &G, start: &G::State, games: u64, seed: u64) -> PlayoutStats {
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut buffer = Vec::with_capacity(256);
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let mut state = start.clone();
        let (outcome, plies) = random_playout(game, &mut state, &mut rng, &mut buffer);
        stats.add(&outcome, plies);
    }
    stats
}
