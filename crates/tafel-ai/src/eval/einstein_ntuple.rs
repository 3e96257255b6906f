//! A learned evaluation of EinStein würfelt nicht: an n-tuple network trained by self-play
//! with temporal-difference learning, TD(0), as the programs that win EinStein tournaments
//! learn theirs.
//!
//! The network values a position from the side to move, with the board turned so that this
//! side races towards a5 (Black's board is rotated half a turn and the colours swapped), and
//! reads it twice, as it stands and mirrored in the a5–e1 diagonal, so that the value is the
//! same for a position and its mirror image. Each cell is empty, or holds one of the mover's
//! or the opponent's cubes, graded by how many faces of the die move it (one; two or three;
//! four or more). The features ([`LAYOUT`]), each a table of weights summed over both
//! readings:
//!
//! - every 2 x 2 square of cells with its seven-state cells (16 tables of 7^4);
//! - every 2 x 3 and 3 x 2 rectangle with the cells as empty, mover's or opponent's (24
//!   tables of 3^6);
//! - each cube's square and number of faces that move it, one table for the mover's cubes and
//!   one for the opponent's (25 x 6 each);
//! - the sets of numbers each side still has (64 x 64).
//!
//! The mover's winning chance is the logistic function of the weights' sum. Training plays
//! games against itself: each move is the one whose resulting position (before the next roll)
//! the network values best for the mover, and each such position's value is moved towards the
//! next one's (the result, at the end). Everything is reproducible from the seed.
//!
//! Weights are written as data ([`NTupleNetwork::to_bytes`]): a magic line, a JSON header
//! naming the game, the tuple layout, the training command and seed, then the weights as
//! little-endian `f32`. Loading checks all of it. A level uses the network in place of the
//! cube-race evaluation when `TAFEL_EINSTEIN_WEIGHTS` names a weights file
//! ([`EinsteinEvaluator`]).

use std::fmt;
use std::sync::{Arc, OnceLock};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use tafel_core::game::GameExt;
use tafel_core::playout::sample_chance;
use tafel_core::{Game, Player, Status};
use tafel_games::einstein::{Einstein, Move, State, BLACK, CUBES, SIDE, SQUARES, WHITE};

use super::einstein::{CubeRaceEvaluator, FACES};
use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// The name of the feature layout; a weights file for another layout is refused.
pub const LAYOUT: &str = "einstein-ntuple-1: 16 2x2 squares of 7 states, 24 2x3/3x2 \
                          rectangles of 3 states, cube square x faces (mover, opponent), \
                          number sets 64x64; both diagonal readings";

/// The environment variable that names the weights file the levels use.
pub const WEIGHTS_VARIABLE: &str = "TAFEL_EINSTEIN_WEIGHTS";

/// The first bytes of a weights file.
const MAGIC: &[u8; 8] = b"TAFELNT1";

/// The game a weights file must name.
const GAME: &str = "einstein";

/// States of a cell in the square tuples: empty, mover's cube by faces class, opponent's.
const STATES: usize = 7;
/// Entries of one 2 x 2 square's table.
const SQUARE_ENTRIES: usize = STATES * STATES * STATES * STATES;
/// Entries of one 2 x 3 rectangle's table (cells of three states).
const RECT_ENTRIES: usize = 729;
/// The 2 x 2 squares.
const SQUARE_TUPLES: usize = (SIDE - 1) * (SIDE - 1);
/// The 2 x 3 and 3 x 2 rectangles.
const RECT_TUPLES: usize = 2 * (SIDE - 1) * (SIDE - 2);
/// Entries of a cube table: square by faces.
const CUBE_ENTRIES: usize = SQUARES * CUBES;

const RECT_OFFSET: usize = SQUARE_TUPLES * SQUARE_ENTRIES;
const CUBE_OFFSET: usize = RECT_OFFSET + RECT_TUPLES * RECT_ENTRIES;
const MASK_OFFSET: usize = CUBE_OFFSET + 2 * CUBE_ENTRIES;
/// The number of weights.
pub const WEIGHTS: usize = MASK_OFFSET + (1 << CUBES) * (1 << CUBES);

/// The learning rate of [`train`], per active feature.
const LEARNING_RATE: f32 = 0.002;

/// The cells of each 2 x 2 square.
const SQUARE_CELLS: [[usize; 4]; SQUARE_TUPLES] = {
    let mut cells = [[0; 4]; SQUARE_TUPLES];
    let mut i = 0;
    while i < SQUARE_TUPLES {
        let (r, c) = (i / (SIDE - 1), i % (SIDE - 1));
        let top = r * SIDE + c;
        cells[i] = [top, top + 1, top + SIDE, top + SIDE + 1];
        i += 1;
    }
    cells
};

/// The cells of each 2 x 3 rectangle, then of each 3 x 2 one.
const RECT_CELLS: [[usize; 6]; RECT_TUPLES] = {
    let mut cells = [[0; 6]; RECT_TUPLES];
    let per = (SIDE - 1) * (SIDE - 2);
    let mut i = 0;
    while i < per {
        // 2 rows by 3 columns.
        let (r, c) = (i / (SIDE - 2), i % (SIDE - 2));
        let top = r * SIDE + c;
        cells[i] = [
            top,
            top + 1,
            top + 2,
            top + SIDE,
            top + SIDE + 1,
            top + SIDE + 2,
        ];
        // 3 rows by 2 columns.
        let (r, c) = (i / (SIDE - 1), i % (SIDE - 1));
        let top = r * SIDE + c;
        cells[per + i] = [
            top,
            top + 1,
            top + SIDE,
            top + SIDE + 1,
            top + 2 * SIDE,
            top + 2 * SIDE + 1,
        ];
        i += 1;
    }
    cells
};

/// A position as the network reads it: each cell's state (0 empty, 1–3 the mover's cube by
/// faces class, 4–6 the opponent's), each side's cubes as (square, faces), in both readings,
/// and the number sets.
struct Reading {
    cells: [[u8; SQUARES]; 2],
    cubes: [[(u8, u8); CUBES]; 2],
    counts: [usize; 2],
    masks: [usize; 2],
}

impl Reading {
    /// `state` read from `mover`'s side.
    fn new(state: &State, mover: Player) -> Reading {
        let mut reading = Reading {
            cells: [[0; SQUARES]; 2],
            cubes: [[(0, 0); CUBES]; 2],
            counts: [0; 2],
            masks: [0; 2],
        };
        let sides = [mover, if mover == WHITE { BLACK } else { WHITE }];
        for (side, &seat) in sides.iter().enumerate() {
            reading.masks[side] = (1..=CUBES as u8)
                .filter(|&n| state.square_of(seat, n).is_some())
                .fold(0, |mask, n| mask | 1 << (n - 1));
        }
        for (side, &seat) in sides.iter().enumerate() {
            for n in 1..=CUBES as u8 {
                let Some(square) = state.square_of(seat, n) else {
                    continue;
                };
                // White races to a5 (square 0) already; Black's board is turned half round.
                let square = if seat == WHITE {
                    square as usize
                } else {
                    SQUARES - 1 - square as usize
                };
                let mirror = (square % SIDE) * SIDE + square / SIDE;
                let faces = FACES[reading.masks[side]][n as usize - 1];
                let class = match faces {
                    1 => 1,
                    2 | 3 => 2,
                    _ => 3,
                } + 3 * side as u8;
                reading.cells[0][square] = class;
                reading.cells[1][mirror] = class;
                reading.cubes[side][reading.counts[side]] = (square as u8, faces);
                reading.counts[side] += 1;
            }
        }
        reading
    }

    /// Calls `f` with the index of every active weight (some more than once).
    fn for_each_feature(&self, mut f: impl FnMut(usize)) {
        for cells in &self.cells {
            for (t, tuple) in SQUARE_CELLS.iter().enumerate() {
                let index = tuple
                    .iter()
                    .fold(0, |i, &cell| i * STATES + cells[cell] as usize);
                f(t * SQUARE_ENTRIES + index);
            }
            for (t, tuple) in RECT_CELLS.iter().enumerate() {
                let index = tuple
                    .iter()
                    .fold(0, |i, &cell| i * 3 + (cells[cell] as usize).div_ceil(3));
                f(RECT_OFFSET + t * RECT_ENTRIES + index);
            }
        }
        for side in 0..2 {
            for &(square, faces) in &self.cubes[side][..self.counts[side]] {
                let mirror = (square as usize % SIDE) * SIDE + square as usize / SIDE;
                for sq in [square as usize, mirror] {
                    f(CUBE_OFFSET + side * CUBE_ENTRIES + sq * CUBES + faces as usize - 1);
                }
            }
        }
        f(MASK_OFFSET + self.masks[0] * (1 << CUBES) + self.masks[1]);
    }
}

/// An n-tuple network's weights for EinStein würfelt nicht (see the module documentation).
#[derive(Clone, PartialEq)]
pub struct NTupleNetwork {
    weights: Vec<f32>,
}

impl fmt::Debug for NTupleNetwork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NTupleNetwork({} weights)", self.weights.len())
    }
}

/// What a weights file says about itself.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct WeightsHeader {
    /// The game (`einstein`).
    pub game: String,
    /// The feature layout ([`LAYOUT`]).
    pub layout: String,
    /// The command that trained the weights.
    pub command: String,
    /// The training seed.
    pub seed: u64,
    /// The self-play games trained on.
    pub games: u64,
    /// The number of weights that follow.
    pub weights: usize,
}

/// Why a weights file was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WeightsError(String);

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WeightsError {}

/// Refuses with a message.
fn refuse<T>(message: impl Into<String>) -> Result<T, WeightsError> {
    Err(WeightsError(message.into()))
}

impl Default for NTupleNetwork {
    fn default() -> Self {
        NTupleNetwork {
            weights: vec![0.0; WEIGHTS],
        }
    }
}

impl NTupleNetwork {
    /// The weights' sum for `reading`: the logit of the mover's winning chance.
    fn logit(&self, reading: &Reading) -> f32 {
        let mut sum = 0.0;
        reading.for_each_feature(|i| sum += self.weights[i]);
        sum
    }

    /// White's (seat 0's) winning chance in `state`, a position of the game proper that is
    /// not over.
    pub fn white_payoff(&self, state: &State) -> f64 {
        let mover = state.to_move();
        let p = logistic(self.logit(&Reading::new(state, mover)) as f64);
        if mover == WHITE {
            p
        } else {
            1.0 - p
        }
    }

    /// Moves `state`'s value towards White's payoff `target`.
    fn learn(&mut self, state: &State, target: f64) {
        let mover = state.to_move();
        let reading = Reading::new(state, mover);
        let target = if mover == WHITE { target } else { 1.0 - target };
        let error = (target - logistic(self.logit(&reading) as f64)) as f32;
        let step = LEARNING_RATE * error;
        reading.for_each_feature(|i| self.weights[i] += step);
    }

    /// The file's bytes: the magic, `header` (its `weights` set to the count) as JSON with
    /// its length, the weights.
    pub fn to_bytes(&self, header: &WeightsHeader) -> Vec<u8> {
        let header = WeightsHeader {
            weights: self.weights.len(),
            ..header.clone()
        };
        let json = serde_json::to_vec(&header).expect("a header always serialises");
        let mut bytes = Vec::with_capacity(16 + json.len() + 4 * self.weights.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(json.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&json);
        for w in &self.weights {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes
    }

    /// Reads a weights file's bytes, checking the magic, the game, the layout, the count and
    /// that every weight is a finite number.
    pub fn from_bytes(bytes: &[u8]) -> Result<(WeightsHeader, NTupleNetwork), WeightsError> {
        let Some(rest) = bytes.strip_prefix(MAGIC) else {
            return refuse("not a Tafel n-tuple weights file (it does not begin with TAFELNT1)");
        };
        let Some((length, rest)) = rest.split_first_chunk::<4>() else {
            return refuse("the weights file ends in its header");
        };
        let length = u32::from_le_bytes(*length) as usize;
        if rest.len() < length {
            return refuse("the weights file ends in its header");
        }
        let (json, data) = rest.split_at(length);
        let header: WeightsHeader = serde_json::from_slice(json)
            .map_err(|e| WeightsError(format!("the weights file's header is not valid: {e}")))?;
        if header.game != GAME {
            return refuse(format!(
                "the weights file is for the game {:?}, not {GAME}",
                header.game
            ));
        }
        if header.layout != LAYOUT {
            return refuse(format!(
                "the weights file's tuple layout is {:?}, not this version's {LAYOUT:?}",
                header.layout
            ));
        }
        if header.weights != WEIGHTS || data.len() != 4 * WEIGHTS {
            return refuse(format!(
                "the weights file holds {} weights in {} bytes; the layout has {WEIGHTS}",
                header.weights,
                data.len()
            ));
        }
        let weights: Vec<f32> = data
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if weights.iter().any(|w| !w.is_finite()) {
            return refuse("the weights file holds a weight that is not a finite number");
        }
        Ok((header, NTupleNetwork { weights }))
    }

    /// Reads the weights file at `path` ([`NTupleNetwork::from_bytes`]).
    pub fn load(path: &std::path::Path) -> Result<(WeightsHeader, NTupleNetwork), WeightsError> {
        let bytes = std::fs::read(path).map_err(|e| {
            WeightsError(format!("cannot read weights file {}: {e}", path.display()))
        })?;
        Self::from_bytes(&bytes)
            .map_err(|e| WeightsError(format!("weights file {}: {e}", path.display())))
    }
}

/// How far training has got, for a progress line.
#[derive(Clone, Copy, Debug)]
pub struct TrainingProgress {
    /// Games played so far.
    pub games: u64,
    /// White's share of wins since the last report.
    pub white_wins: f64,
    /// The mean absolute TD error since the last report.
    pub mean_error: f64,
}

/// Trains a network by `games` games of self-play from `seed` (see the module
/// documentation), calling `report` every `every` games.
pub fn train(
    seed: u64,
    games: u64,
    every: u64,
    mut report: impl FnMut(TrainingProgress),
) -> NTupleNetwork {
    let game = Einstein::new(Default::default()).expect("the default settings are valid");
    let mut network = NTupleNetwork::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::with_capacity(8);
    let (mut white_wins, mut error, mut updates) = (0u64, 0.0, 0u64);
    for played in 1..=games {
        let mut state = game.start();
        let mut previous: Option<State> = None;
        loop {
            match game.status(&state) {
                Status::Over(outcome) => {
                    let target = outcome.payoff(WHITE);
                    white_wins += (target > 0.5) as u64;
                    if let Some(previous) = previous {
                        error += (target - network.white_payoff(&previous)).abs();
                        updates += 1;
                        network.learn(&previous, target);
                    }
                    break;
                }
                Status::Chance => {
                    game.legal_moves(&state, &mut moves);
                    let mv = sample_chance(&game, &state, &moves, &mut rng);
                    game.apply(&mut state, mv);
                }
                Status::ToMove(mover) => {
                    game.legal_moves(&state, &mut moves);
                    let mv = if state.arranged() < 2 {
                        moves[rng.random_range(0..moves.len())]
                    } else {
                        best_move(&game, &network, &state, mover, &moves)
                    };
                    game.apply(&mut state, mv);
                    if matches!(game.status(&state), Status::Over(_)) {
                        continue;
                    }
                    if let Some(previous) = previous {
                        let target = network.white_payoff(&state);
                        error += (target - network.white_payoff(&previous)).abs();
                        updates += 1;
                        network.learn(&previous, target);
                    }
                    previous = Some(state);
                }
            }
        }
        if played % every.max(1) == 0 || played == games {
            let since = (played - 1) % every.max(1) + 1;
            report(TrainingProgress {
                games: played,
                white_wins: white_wins as f64 / since as f64,
                mean_error: error / updates.max(1) as f64,
            });
            (white_wins, error, updates) = (0, 0.0, 0);
        }
    }
    network
}

/// The move whose resulting position `network` values best for `mover` (a win first).
fn best_move(
    game: &Einstein,
    network: &NTupleNetwork,
    state: &State,
    mover: Player,
    moves: &[Move],
) -> Move {
    let mut best = (f64::NEG_INFINITY, moves[0]);
    for &mv in moves {
        let after = game.after(state, mv);
        let value = match game.status(&after) {
            Status::Over(outcome) => outcome.payoff(mover) * 2.0,
            _ => {
                let white = network.white_payoff(&after);
                if mover == WHITE {
                    white
                } else {
                    1.0 - white
                }
            }
        };
        if value > best.0 {
            best = (value, mv);
        }
    }
    best.1
}

/// The weights named by `TAFEL_EINSTEIN_WEIGHTS`, read once per process: `None` when the
/// variable is not set, an error when the file cannot be used.
pub fn learned_weights() -> Result<Option<Arc<NTupleNetwork>>, WeightsError> {
    static WEIGHTS_READ: OnceLock<Result<Option<Arc<NTupleNetwork>>, WeightsError>> =
        OnceLock::new();
    WEIGHTS_READ
        .get_or_init(|| match std::env::var_os(WEIGHTS_VARIABLE) {
            None => Ok(None),
            Some(path) => NTupleNetwork::load(path.as_ref())
                .map(|(_, network)| Some(Arc::new(network)))
                .map_err(|e| WeightsError(format!("{WEIGHTS_VARIABLE}: {e}"))),
        })
        .clone()
}

/// EinStein's evaluation for the levels: the learned network where `TAFEL_EINSTEIN_WEIGHTS`
/// names weights ([`learned_weights`]), else the cube race ([`CubeRaceEvaluator`]).
#[derive(Clone, Debug)]
pub struct EinsteinEvaluator {
    /// The learned network, if any.
    pub network: Option<Arc<NTupleNetwork>>,
}

impl Default for EinsteinEvaluator {
    /// With the weights of `TAFEL_EINSTEIN_WEIGHTS` (the command line refuses a bad file at
    /// its start, so here a bad file leaves the cube race).
    fn default() -> Self {
        EinsteinEvaluator {
            network: learned_weights().ok().flatten(),
        }
    }
}

impl Evaluator<Einstein> for EinsteinEvaluator {
    fn evaluate(
        &self,
        game: &Einstein,
        state: &<Einstein as Game>::State,
        ctx: &mut EvalContext<Einstein>,
    ) -> Payoffs {
        match (&self.network, game.status(state)) {
            (_, Status::Over(outcome)) => outcome_payoffs(&outcome, game.num_players()),
            (Some(network), _) if state.arranged() == 2 => {
                two_sided(game, network.white_payoff(state))
            }
            _ => CubeRaceEvaluator.evaluate(game, state, ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> WeightsHeader {
        WeightsHeader {
            game: GAME.into(),
            layout: LAYOUT.into(),
            command: "test".into(),
            seed: 1,
            games: 0,
            weights: 0,
        }
    }

    #[test]
    fn the_tuples_cover_the_board_inside_it() {
        assert!(SQUARE_CELLS.iter().flatten().all(|&c| c < SQUARES));
        assert!(RECT_CELLS.iter().flatten().all(|&c| c < SQUARES));
        assert_eq!(RECT_CELLS[0], [0, 1, 2, 5, 6, 7]);
        assert_eq!(RECT_CELLS[12], [0, 1, 5, 6, 10, 11]);
        assert_eq!(*RECT_CELLS.last().unwrap(), [13, 14, 18, 19, 23, 24]);
    }

    #[test]
    fn training_is_reproducible_from_the_seed() {
        let a = train(7, 200, 100, |_| {});
        let b = train(7, 200, 100, |_| {});
        let c = train(8, 200, 100, |_| {});
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, NTupleNetwork::default());
    }

    #[test]
    fn weights_survive_the_file_and_bad_files_are_refused() {
        let network = train(3, 50, 50, |_| {});
        let bytes = network.to_bytes(&header());
        let (read_header, read) = NTupleNetwork::from_bytes(&bytes).unwrap();
        assert_eq!(read, network);
        assert_eq!(read_header.weights, WEIGHTS);

        let error = |bytes: &[u8]| NTupleNetwork::from_bytes(bytes).unwrap_err().to_string();
        assert!(error(b"hello").contains("not a Tafel n-tuple weights file"));
        assert!(error(&bytes[..bytes.len() - 4]).contains("weights"));
        assert!(error(&bytes[..12]).contains("ends in its header"));
        let other_game = WeightsHeader {
            game: "kauri".into(),
            ..header()
        };
        assert!(error(&network.to_bytes(&other_game)).contains("for the game \"kauri\""));
        let other_layout = WeightsHeader {
            layout: "another".into(),
            ..header()
        };
        assert!(error(&network.to_bytes(&other_layout)).contains("tuple layout"));
        let mut nan = network.clone();
        nan.weights[5] = f32::NAN;
        assert!(error(&nan.to_bytes(&header())).contains("finite"));
    }

    #[test]
    fn the_value_is_the_same_from_either_side_and_in_the_mirror() {
        let game = Einstein::new(Default::default()).unwrap();
        let network = train(5, 2_000, 2_000, |_| {});
        let at = |code: &str| game.parse_position(code).unwrap();
        // White to roll with a cube on b4 against Black's on d2, and the same turned half
        // round with the colours swapped: White's chance is Black's there.
        let white = network.white_payoff(&at("w:...../.w1.../...../...b2./....."));
        let black = network.white_payoff(&at("b:...../.w2.../...../...b1./....."));
        assert!((white - (1.0 - black)).abs() < 1e-6, "{white} {black}");
        // Mirrored in the a5-e1 diagonal: the same value.
        let a = network.white_payoff(&at("w:...../w1..../...../b2.b3../....."));
        let b = network.white_payoff(&at("w:.w1.b2./...../...b3./...../....."));
        assert!((a - b).abs() < 1e-6, "{a} {b}");
    }

    #[test]
    fn a_learned_network_sees_a_race_won_and_finished_games_as_they_are() {
        let game = Einstein::new(Default::default()).unwrap();
        let network = Arc::new(train(5, 5_000, 5_000, |_| {}));
        let at = |code: &str| game.parse_position(code).unwrap();
        // White's last cube one step from its corner, Black's four steps from its own.
        let near = at("w:.w1.../b1..../...../...../.....");
        assert!(network.white_payoff(&near) > 0.7);
        let evaluator = EinsteinEvaluator {
            network: Some(network),
        };
        let mut ctx = EvalContext::new(1);
        // Over: White's cube in its corner has won.
        let won = at("b:w1..../...../...../...../...b1.");
        assert_eq!(evaluator.evaluate(&game, &won, &mut ctx)[0], 1.0);
    }
}
