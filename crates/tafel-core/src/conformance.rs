//! The checks every registered game must pass on random games.
//!
//! The property tests run [`check_random_game`] for every game in the registry with many
//! seeds, so a newly registered game is covered without writing a line of test code.

use std::fmt;

use rand::{Rng, RngCore, SeedableRng};

use crate::game::{Game, GameExt};
use crate::notation::ParseError;
use crate::outcome::Status;
use crate::player::Player;
use crate::playout::{generic_random_playout, sample_chance};
use crate::record::{self, RawMoves, ReplayError};

/// A rule of the conformance checks that a game broke, with where it happened.
#[derive(Clone, PartialEq, Debug)]
pub struct ConformanceError {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the random game, where one was played.
    pub seed: Option<u64>,
    /// The moves played before the broken rule showed, where it showed during play.
    pub moves: Option<usize>,
    /// The rule broken.
    pub violation: Violation,
}

impl fmt::Display for ConformanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game)?;
        match (self.moves, self.seed) {
            (Some(moves), Some(seed)) => write!(f, " after {moves} moves (seed {seed})")?,
            (None, Some(seed)) => write!(f, " (seed {seed})")?,
            (Some(moves), None) => write!(f, " after {moves} moves")?,
            (None, None) => {}
        }
        write!(f, ": {}", self.violation)
    }
}

impl std::error::Error for ConformanceError {}

/// One rule of the conformance checks, broken.
#[derive(Clone, PartialEq, Debug)]
pub enum Violation {
    /// The hash kept by [`Game::apply`] differs from [`Game::hash_from_scratch`].
    IncrementalHash {
        /// The position's hash.
        incremental: u64,
        /// The hash computed from scratch.
        scratch: u64,
    },
    /// The position's own code does not parse.
    CodeUnreadable(Box<ParseError>),
    /// The position's code reads back as another code.
    CodeRoundTrip {
        /// The code written.
        code: String,
        /// The code of the position read from it.
        again: String,
    },
    /// The position read from the code has another hash.
    CodeHash {
        /// The code.
        code: String,
    },
    /// The game is over but has legal moves.
    MovesAfterTheEnd,
    /// The game ended with a reason its [`Game::REASONS`] do not list.
    UnlistedReason(&'static str),
    /// The game is not over but has no legal move.
    NoMove,
    /// The seat to move does not exist.
    NoSuchSeat(Player),
    /// The chance outcomes' probabilities do not sum to 1.
    ChanceSum(f64),
    /// A move appears twice among the legal moves.
    DuplicateMoves,
    /// A move's notation does not read back as the move.
    MoveRoundTrip {
        /// The move as written.
        text: String,
        /// What reading it gave.
        read_back: String,
    },
    /// The game went on past [`Game::max_plies`].
    TooLong {
        /// The bound.
        bound: u64,
    },
    /// The game's own record does not parse.
    RecordUnreadable {
        /// Why.
        error: Box<ParseError>,
        /// The record.
        record: String,
    },
    /// The game's own record does not replay.
    RecordReplay {
        /// Why.
        error: Box<ReplayError>,
        /// The record.
        record: String,
    },
    /// The game's own record replays to other moves.
    RecordMoves {
        /// The record.
        record: String,
    },
    /// A text record was read as JSON or the other way round.
    RecordForm,
    /// [`Game::random_move`] drew a move that is not legal, or left in its buffer neither
    /// nothing nor the legal moves.
    RandomMoveIllegal {
        /// The move drawn.
        drawn: String,
    },
    /// [`Game::random_move`]'s draws do not fit the uniform distribution over the legal
    /// moves: their chi-square statistic is beyond its bound.
    RandomMoveUneven {
        /// The chi-square statistic over every position checked.
        statistic: f64,
        /// Its degrees of freedom.
        freedom: u64,
    },
    /// The game's own [`Game::random_move`] draws another move than an index drawn among
    /// the listed legal moves, or leaves the generator elsewhere.
    OwnRandomMove {
        /// What the game's own draw gave.
        own: String,
        /// What the listed draw gave.
        listed: String,
    },
    /// The game's own random playout plays another game than the generic loop.
    OwnPlayout {
        /// What the game's own loop gave.
        own: String,
        /// What the generic loop gave.
        generic: String,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::IncrementalHash {
                incremental,
                scratch,
            } => write!(
                f,
                "incremental hash {incremental:#x} differs from hash from scratch {scratch:#x}"
            ),
            Violation::CodeUnreadable(e) => write!(f, "own code does not parse: {e}"),
            Violation::CodeRoundTrip { code, again } => {
                write!(f, "position code `{code}` reads back as `{again}`")
            }
            Violation::CodeHash { code } => {
                write!(f, "position code `{code}` reads back with another hash")
            }
            Violation::MovesAfterTheEnd => write!(f, "the game is over but has legal moves"),
            Violation::UnlistedReason(reason) => {
                write!(
                    f,
                    "the game ended \"{reason}\", a reason its REASONS do not list"
                )
            }
            Violation::NoMove => write!(f, "the game is not over but has no legal move"),
            Violation::NoSuchSeat(p) => write!(f, "seat {} does not exist", p.0),
            Violation::ChanceSum(total) => write!(f, "chance probabilities sum to {total}"),
            Violation::DuplicateMoves => write!(f, "duplicate legal moves"),
            Violation::MoveRoundTrip { text, read_back } => {
                write!(f, "move `{text}` reads back as {read_back}")
            }
            Violation::TooLong { bound } => write!(f, "more than {bound} moves"),
            Violation::RecordUnreadable { error, record } => {
                write!(f, "own record does not parse: {error}\n{record}")
            }
            Violation::RecordReplay { error, record } => {
                write!(f, "own record does not replay: {error}\n{record}")
            }
            Violation::RecordMoves { record } => {
                write!(f, "record replays to other moves\n{record}")
            }
            Violation::RecordForm => write!(f, "record form misdetected"),
            Violation::RandomMoveIllegal { drawn } => {
                write!(
                    f,
                    "the random move drew `{drawn}`, which is not legal, or left other moves \
                     than the legal ones in its buffer"
                )
            }
            Violation::RandomMoveUneven { statistic, freedom } => write!(
                f,
                "the random move's draws are uneven: chi-square {statistic:.1} with {freedom} \
                 degrees of freedom"
            ),
            Violation::OwnRandomMove { own, listed } => {
                write!(f, "own random move gave {own}, the listed draw {listed}")
            }
            Violation::OwnPlayout { own, generic } => {
                write!(f, "own playout gave {own}, the generic loop {generic}")
            }
        }
    }
}

/// Plays one random game from the start with the given seed, checking at every ply that:
/// the position code round-trips and reproduces the hash; the incremental hash equals the
/// hash from scratch; the status and the legal moves agree (moves exactly when the game is
/// not over, no duplicates, a seat that exists, chance probabilities that sum to 1); every
/// move's notation round-trips and every move applies; [`Game::random_move`] draws a legal
/// move (from a generator of its own, so that the game played is the same whether a game
/// overrides it or not); the game ends within [`Game::max_plies`]. At the end the game's text
/// and JSON records must replay to the same moves. Returns the number of moves played, or the
/// first rule broken.
pub fn check_random_game<G: Game>(game: &G, seed: u64) -> Result<u64, ConformanceError> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut draws = rand::rngs::SmallRng::seed_from_u64(!seed);
    let mut scratch = Vec::new();
    let start = game.start();
    let mut state = start.clone();
    let mut history = Vec::new();
    let mut plies = 0u64;
    let mut legal = Vec::new();
    loop {
        let done = history.len();
        let here = |violation| ConformanceError {
            game: G::INFO.name,
            seed: Some(seed),
            moves: Some(done),
            violation,
        };
        check_position(game, &state).map_err(here)?;
        let status = game.status(&state);
        game.legal_moves(&state, &mut legal);
        let mv = match status {
            Status::Over(outcome) if !G::REASONS.contains(&outcome.reason) => {
                return Err(here(Violation::UnlistedReason(outcome.reason)))
            }
            Status::Over(_) if legal.is_empty() => break,
            Status::Over(_) => return Err(here(Violation::MovesAfterTheEnd)),
            _ if legal.is_empty() => return Err(here(Violation::NoMove)),
            Status::ToMove(p) if p.index() >= game.num_players() => {
                return Err(here(Violation::NoSuchSeat(p)))
            }
            Status::ToMove(_) => {
                let drawn = game.random_move(&state, &mut draws, &mut scratch);
                if !legal.contains(&drawn) || !(scratch.is_empty() || scratch == legal) {
                    let drawn = format!("{drawn:?}");
                    return Err(here(Violation::RandomMoveIllegal { drawn }));
                }
                legal[rng.random_range(0..legal.len())]
            }
            Status::Chance => {
                let total: f64 = (0..legal.len())
                    .map(|i| game.chance_probability(&state, &legal, i))
                    .sum();
                if (total - 1.0).abs() > 1e-9 {
                    return Err(here(Violation::ChanceSum(total)));
                }
                sample_chance(game, &state, &legal, &mut rng)
            }
        };
        let mut sorted = legal.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != legal.len() {
            return Err(here(Violation::DuplicateMoves));
        }
        for &m in &legal {
            let text = game.format_move(&state, m);
            match game.parse_move(&state, &text) {
                Ok(back) if back == m => {}
                other => {
                    return Err(here(Violation::MoveRoundTrip {
                        text,
                        read_back: format!("{other:?}"),
                    }))
                }
            }
            let _child = game.after(&state, m);
        }
        if matches!(status, Status::ToMove(_)) {
            plies += 1;
        }
        game.apply(&mut state, mv);
        history.push(mv);
        if let Some(bound) = game.max_plies() {
            if plies > bound {
                return Err(here(Violation::TooLong { bound }));
            }
        }
    }
    check_records(game, &start, &history).map_err(|violation| ConformanceError {
        game: G::INFO.name,
        seed: Some(seed),
        moves: None,
        violation,
    })?;
    Ok(plies)
}

/// Checks one position's code and hash.
pub fn check_position<G: Game>(game: &G, state: &G::State) -> Result<(), Violation> {
    let hash = game.hash(state);
    let scratch = game.hash_from_scratch(state);
    if hash != scratch {
        return Err(Violation::IncrementalHash {
            incremental: hash,
            scratch,
        });
    }
    let code = game.format_position(state);
    let parsed = game
        .parse_position(&code)
        .map_err(|e| Violation::CodeUnreadable(Box::new(e)))?;
    let again = game.format_position(&parsed);
    if again != code {
        return Err(Violation::CodeRoundTrip { code, again });
    }
    if game.hash(&parsed) != hash {
        return Err(Violation::CodeHash { code });
    }
    let _ = game.picture(state);
    Ok(())
}

fn check_records<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> Result<(), Violation> {
    for record in [
        record::to_text(game, start, moves),
        record::to_json(game, start, moves),
    ] {
        let raw = match record::parse_record(&record) {
            Ok(raw) => raw,
            Err(error) => {
                let error = Box::new(error);
                return Err(Violation::RecordUnreadable { error, record });
            }
        };
        let replayed = match record::replay(game, &raw) {
            Ok(replayed) => replayed,
            Err(error) => {
                let error = Box::new(error);
                return Err(Violation::RecordReplay { error, record });
            }
        };
        if replayed.moves != moves {
            return Err(Violation::RecordMoves { record });
        }
        if matches!(raw.moves, RawMoves::List(_)) != record.starts_with('{') {
            return Err(Violation::RecordForm);
        }
    }
    Ok(())
}

/// How many times [`check_random_move`] draws in a position, per legal move: each move's
/// expected count, enough for the chi-square approximation.
const DRAWS_PER_MOVE: usize = 10;

/// Checks that `game`'s [`Game::random_move`] keeps every legal move exactly as likely. Along
/// one uniform random game from the start with the given seed (chance by its probabilities),
/// in every position where a player is to move and has at least two moves, it draws ten
/// moves per legal move from a generator seeded by `seed` too; each must be
/// legal (and leave its buffer empty or holding the legal moves), and the chi-square statistic of their counts against the uniform distribution,
/// summed over the positions (a chi-square whose degrees of freedom `k` are the positions'
/// summed), must lie within five of its standard deviations (`sqrt(2 k)`) above its mean `k`.
/// Returns the number of draws, or the first rule broken.
pub fn check_random_move<G: Game>(game: &G, seed: u64) -> Result<u64, ConformanceError> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut draws = rand::rngs::SmallRng::seed_from_u64(!seed);
    let (mut legal, mut scratch) = (Vec::new(), Vec::new());
    let mut state = game.start();
    let (mut statistic, mut freedom, mut drawn) = (0.0, 0u64, 0u64);
    let mut counts = std::collections::HashMap::new();
    let error = |moves, violation| ConformanceError {
        game: G::INFO.name,
        seed: Some(seed),
        moves,
        violation,
    };
    for moves in 0.. {
        let status = game.status(&state);
        game.legal_moves(&state, &mut legal);
        let mv = match status {
            Status::Over(_) => break,
            Status::Chance => sample_chance(game, &state, &legal, &mut rng),
            Status::ToMove(_) => legal[rng.random_range(0..legal.len())],
        };
        if matches!(status, Status::ToMove(_)) && legal.len() > 1 {
            counts.clear();
            counts.extend(legal.iter().map(|&m| (m, 0u64)));
            for _ in 0..DRAWS_PER_MOVE * legal.len() {
                let drawn = game.random_move(&state, &mut draws, &mut scratch);
                let listed = scratch.is_empty() || scratch == legal;
                let Some(count) = counts.get_mut(&drawn).filter(|_| listed) else {
                    let drawn = format!("{drawn:?}");
                    return Err(error(Some(moves), Violation::RandomMoveIllegal { drawn }));
                };
                *count += 1;
            }
            let expected = DRAWS_PER_MOVE as f64;
            statistic += counts
                .values()
                .map(|&count| (count as f64 - expected).powi(2) / expected)
                .sum::<f64>();
            freedom += legal.len() as u64 - 1;
            drawn += (DRAWS_PER_MOVE * legal.len()) as u64;
        }
        game.apply(&mut state, mv);
    }
    let k = freedom as f64;
    if statistic > k + 5.0 * (2.0 * k).sqrt() {
        return Err(error(
            None,
            Violation::RandomMoveUneven { statistic, freedom },
        ));
    }
    Ok(drawn)
}

/// Checks that `game`'s own [`Game::random_move`] draws exactly as the default does: along one
/// uniform random game from the start with the given seed (chance by its probabilities), in
/// every position where a player is to move, it gives the move that an index drawn among the
/// listed legal moves gives for the same generator, and leaves the generator as that draw does
/// (and its buffer empty or holding the legal moves). A game whose own draw keeps the default's random numbers (counting the moves in the listed
/// order rather than listing them) must pass this for many seeds. Returns the number of
/// positions checked, or the first difference.
pub fn check_own_random_move<G: Game>(game: &G, seed: u64) -> Result<u64, ConformanceError> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut legal, mut buffer) = (Vec::new(), Vec::new());
    let mut state = game.start();
    let mut positions = 0;
    loop {
        let status = game.status(&state);
        game.legal_moves(&state, &mut legal);
        let mv = match status {
            Status::Over(_) => return Ok(positions),
            Status::Chance => sample_chance(game, &state, &legal, &mut rng),
            Status::ToMove(_) => {
                let mut listed = rand::rngs::SmallRng::seed_from_u64(rng.next_u64());
                let mut own = listed.clone();
                let expected = legal[listed.random_range(0..legal.len())];
                let drawn = game.random_move(&state, &mut own, &mut buffer);
                let (after, listed_after) = (own.next_u64(), listed.next_u64());
                let kept = buffer.is_empty() || buffer == legal;
                if drawn != expected || after != listed_after || !kept {
                    return Err(ConformanceError {
                        game: G::INFO.name,
                        seed: Some(seed),
                        moves: Some(positions as usize),
                        violation: Violation::OwnRandomMove {
                            own: format!("{drawn:?}, then {after:#x}, leaving {buffer:?}"),
                            listed: format!("{expected:?}, then {listed_after:#x}"),
                        },
                    });
                }
                positions += 1;
                legal[rng.random_range(0..legal.len())]
            }
        };
        game.apply(&mut state, mv);
    }
}

/// Checks that `game`'s own [`Game::random_playout`] plays exactly the game that the generic
/// loop ([`generic_random_playout`]) plays from the start with the same seed: the same outcome,
/// the same number of moves and the same final position. A game that overrides the playout for
/// speed must pass this for many seeds. Returns the first difference.
pub fn check_own_playout<G: Game>(game: &G, seed: u64) -> Result<(), ConformanceError> {
    let mut generic_rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut own_rng = generic_rng.clone();
    let mut generic = game.start();
    let mut own = game.start();
    let mut buffer = Vec::new();
    let expected = generic_random_playout(game, &mut generic, &mut generic_rng, &mut buffer);
    let played = game.random_playout(&mut own, &mut own_rng, &mut buffer);
    let differs = |own: String, generic: String| ConformanceError {
        game: G::INFO.name,
        seed: Some(seed),
        moves: None,
        violation: Violation::OwnPlayout { own, generic },
    };
    if played != expected {
        return Err(differs(format!("{played:?}"), format!("{expected:?}")));
    }
    if own != generic {
        return Err(differs(
            format!("the position {own:?}"),
            format!("the position {generic:?}"),
        ));
    }
    Ok(())
}
