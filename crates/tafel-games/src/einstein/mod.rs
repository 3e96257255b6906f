//! EinStein würfelt nicht (Ingo Althöfer, 2004): six numbered cubes a side on a 5 x 5 board.
//! Each turn the die names the cube to move (or, when it is gone, the nearest number above or
//! below it that is still on the board); a cube steps one square towards the opposite corner,
//! removing any cube there, of either colour. Whoever reaches the opposite corner, or takes all
//! the opponent's cubes, wins.
//!
//! The start arrangements are chance events (drawn as OpenSpiel draws them) or the players'
//! first moves, as the `start` setting says. The die is a chance event: the engine never rolls.
//!
//! A position is the board (what stands on each square), where each cube stands, which
//! numbers each side still has, the seat to move, the die and the hash: a few dozen bytes,
//! copied freely. Each square's steps per colour and the cubes each die lets move (for every
//! set of numbers still on the board) are tables of the rules object.

mod arrangement;
mod board;
mod code;
mod notation;
mod picture;
mod playout;
mod settings;

pub use arrangement::{ARRANGEMENTS, PERMUTATIONS};
pub use board::{
    distance, square_name, square_named, Square, BLACK, CUBES, HOME, SIDE, SQUARES, TARGET, WHITE,
};
pub use settings::{EinsteinSettings, Start};

use tafel_core::game::GameInfo;
use tafel_core::settings::SettingsError;
use tafel_core::zobrist;
use tafel_core::{Game, Outcome, ParseError, Player, Status};

/// Why a game ended when a cube reached the opposite corner.
pub const REASON_CORNER: &str = "reached the opposite corner";

/// Why a game ended when one side lost its last cube.
pub const REASON_NO_CUBES: &str = "took all the opponent's cubes";

/// Where an absent cube "stands".
const NOWHERE: Square = SQUARES as Square;

/// A position: the cubes on the board, the seat to move, the die it rolled (0 before the
/// roll) and how many start arrangements have been made.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    /// What stands on each square: 0 for nothing, else `seat * 6 + number` (White's cubes
    /// 1 to 6, Black's 7 to 12).
    board: [u8; SQUARES],
    /// The square of each seat's cube of each number ([`NOWHERE`] once taken).
    squares: [[Square; CUBES]; 2],
    /// Bit `n - 1` of a seat's mask is set while its cube `n` is on the board.
    present: [u8; 2],
    to_move: u8,
    die: u8,
    /// Start arrangements made: 0, 1 or 2 (the game proper begins after two).
    arranged: u8,
    hash: u64,
}

impl State {
    /// The cube on `square`, as (seat, number), if any.
    pub fn cube(&self, square: Square) -> Option<(Player, u8)> {
        piece_cube(self.board[square as usize])
    }

    /// The square of `seat`'s cube numbered `number`, if it is still on the board.
    pub fn square_of(&self, seat: Player, number: u8) -> Option<Square> {
        let square = self.squares[seat.index()][number as usize - 1];
        (square != NOWHERE).then_some(square)
    }

    /// How many cubes `seat` has on the board.
    pub fn cube_count(&self, seat: Player) -> u32 {
        self.present[seat.index()].count_ones()
    }

    /// The seat to move (or to arrange its cubes next, before the game proper).
    pub fn to_move(&self) -> Player {
        Player(self.to_move)
    }

    /// The die rolled for the current turn, if it has been rolled.
    pub fn die(&self) -> Option<u8> {
        (self.die != 0).then_some(self.die)
    }

    /// How many start arrangements have been made (the game proper begins after two).
    pub fn arranged(&self) -> u8 {
        self.arranged
    }
}

/// The cube a board entry stands for, as (seat, number).
fn piece_cube(piece: u8) -> Option<(Player, u8)> {
    (piece != 0).then(|| {
        (
            Player((piece - 1) / CUBES as u8),
            (piece - 1) % CUBES as u8 + 1,
        )
    })
}

/// The board entry of `seat`'s cube `number`.
fn piece_of(seat: usize, number: u8) -> u8 {
    (seat * CUBES) as u8 + number
}

/// A ply's parts: a start arrangement (drawn or chosen), the die's outcome, or a cube's step.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// The arranging seat's cubes go on its triangle's squares in reading order with the
    /// numbers of arrangement number `0..720` (dictionary order of its six digits).
    Arrange(u16),
    /// The die shows this value (1 to 6): a chance outcome.
    Roll(u8),
    /// The cube on `from` steps to `to`, removing any cube there.
    Step {
        /// The square the cube leaves.
        from: Square,
        /// The square it enters.
        to: Square,
    },
}

/// The rules of EinStein würfelt nicht for one choice of settings.
#[derive(Clone, Debug)]
pub struct Einstein {
    settings: EinsteinSettings,
    /// Who arranges first and second.
    arrangers: [Player; 2],
    /// Each seat's steps from each square, in listing order.
    steps: [[StepList; SQUARES]; 2],
    /// `movable[die][numbers]`: the numbers (bit `n - 1`) a roll of `die` lets a side move
    /// that still has the numbers `numbers`.
    movable: [[u8; 1 << CUBES]; CUBES + 1],
    keys: Keys,
    start: State,
    max_plies: u64,
}

/// Zobrist keys of the hash.
#[derive(Clone, Debug)]
struct Keys {
    /// Per square and board entry (0 unused), padded with rows of zeros (from [`NOWHERE`]
    /// on) to a power of two, so that the playout adds a taken cube's key, standing on
    /// `NOWHERE`, as a zero without a branch or a bounds check.
    pieces: [[u64; 2 * CUBES + 1]; playout::PLACES],
    /// Per seat to move.
    to_move: [u64; 2],
    /// Per die value (0: not rolled).
    die: [u64; CUBES + 1],
    /// Per number of arrangements made.
    arranged: [u64; 3],
}

impl Keys {
    fn new() -> Self {
        let all = zobrist::keys(0xE1A5_7E1A, SQUARES * (2 * CUBES + 1) + 2 + CUBES + 1 + 3);
        let mut next = all.into_iter();
        let mut take = || next.next().expect("enough keys");
        let mut keys = Keys {
            pieces: [[0; 2 * CUBES + 1]; playout::PLACES],
            to_move: [0; 2],
            die: [0; CUBES + 1],
            arranged: [0; 3],
        };
        keys.pieces[..SQUARES]
            .iter_mut()
            .flatten()
            .for_each(|k| *k = take());
        keys.to_move.iter_mut().for_each(|k| *k = take());
        keys.die.iter_mut().for_each(|k| *k = take());
        keys.arranged.iter_mut().for_each(|k| *k = take());
        keys
    }
}

/// The most steps one turn can offer: two cubes (the die's neighbours above and below) with
/// three steps each.
const MAX_STEPS: usize = 6;

/// Steps per cube at most.
const MAX_FORWARD: usize = 3;

/// The steps of one cube: those onto the board in listing order, then padding, so that move
/// generation copies all [`MAX_FORWARD`] slots without branching and keeps `len`.
#[derive(Clone, Copy, Debug)]
struct StepList {
    moves: [Move; MAX_FORWARD],
    len: u8,
}

/// The steps of one turn, gathered on the stack, with room for the last cube's padding.
type StepBuffer = [Move; MAX_STEPS + MAX_FORWARD];

/// Every face of the die, the outcomes of a roll.
const ROLLS: [Move; CUBES] = [
    Move::Roll(1),
    Move::Roll(2),
    Move::Roll(3),
    Move::Roll(4),
    Move::Roll(5),
    Move::Roll(6),
];

/// The numbers (bit `n - 1`) a roll of `die` (1 to 6) lets a side move that has the numbers
/// `present` (bit `n - 1` for cube `n`): the die's own if present, else the nearest present
/// below it and the nearest above it. A `const fn`, so that evaluations can build their
/// tables from it at compile time.
pub const fn movable_numbers(die: usize, present: u8) -> u8 {
    if present & 1 << (die - 1) != 0 {
        return 1 << (die - 1);
    }
    let mut set = 0;
    let mut below = die - 1;
    while below >= 1 {
        if present & 1 << (below - 1) != 0 {
            set |= 1 << (below - 1);
            break;
        }
        below -= 1;
    }
    let mut above = die + 1;
    while above <= CUBES {
        if present & 1 << (above - 1) != 0 {
            set |= 1 << (above - 1);
            break;
        }
        above += 1;
    }
    set
}

impl Einstein {
    /// The seat that arranges its cubes when `arranged` arrangements have been made.
    pub fn arranger(&self, arranged: u8) -> Player {
        self.arrangers[arranged as usize]
    }

    /// Writes the steps the rolled die allows the seat to move into `buffer` (cubes in the
    /// order of their squares, each cube's steps in listing order) and returns how many.
    #[inline]
    fn gather_steps(&self, state: &State, buffer: &mut StepBuffer) -> usize {
        let seat = state.to_move as usize;
        let numbers = self.movable[state.die as usize][state.present[seat] as usize];
        let mut from = [NOWHERE; 2];
        let mut cubes = 0;
        let mut rest = numbers;
        while rest != 0 {
            from[cubes] = state.squares[seat][rest.trailing_zeros() as usize];
            cubes += 1;
            rest &= rest - 1;
        }
        if cubes == 2 && from[1] < from[0] {
            from.swap(0, 1);
        }
        let mut count = 0;
        for &square in &from[..cubes] {
            let list = &self.steps[seat][square as usize];
            buffer[count..count + MAX_FORWARD].copy_from_slice(&list.moves);
            count += list.len as usize;
        }
        count
    }

    /// Whether the game is over: a cube on its target corner, or a side without cubes once
    /// both have arranged theirs.
    #[inline]
    fn is_over(&self, state: &State) -> bool {
        state.arranged == 2
            && (state.present[0] == 0
                || state.present[1] == 0
                || is_seat(state.board[TARGET[0] as usize], 0)
                || is_seat(state.board[TARGET[1] as usize], 1))
    }

    /// Who won and why, if the game is over.
    fn winner(&self, state: &State) -> Option<(Player, &'static str)> {
        if state.arranged < 2 {
            return None;
        }
        if let Some(seat) = (0..2).find(|&seat| is_seat(state.board[TARGET[seat] as usize], seat)) {
            return Some((Player(seat as u8), REASON_CORNER));
        }
        (0..2)
            .find(|&seat| state.present[1 - seat] == 0)
            .map(|seat| (Player(seat as u8), REASON_NO_CUBES))
    }

    /// Places the arranging seat's cubes by arrangement `index` and hands the turn on: to the
    /// other arranger, or after both to the first mover, whose die is to be rolled.
    fn arrange(&self, state: &mut State, index: u16) {
        let seat = state.to_move as usize;
        for (&square, &number) in board::HOME[seat].iter().zip(&arrangement::digits(index)) {
            self.put(state, square, piece_of(seat, number));
        }
        state.hash ^= self.keys.arranged[state.arranged as usize];
        state.arranged += 1;
        state.hash ^= self.keys.arranged[state.arranged as usize];
        let next = if state.arranged == 1 {
            self.arrangers[1]
        } else {
            self.settings.first
        };
        self.set_to_move(state, next.0);
    }

    /// Puts `piece` on the empty square `square`.
    fn put(&self, state: &mut State, square: Square, piece: u8) {
        let (seat, number) = piece_cube(piece).expect("a cube");
        state.board[square as usize] = piece;
        state.squares[seat.index()][number as usize - 1] = square;
        state.present[seat.index()] |= 1 << (number - 1);
        state.hash ^= self.keys.pieces[square as usize][piece as usize];
    }

    /// Moves the cube on `from` to `to`, removing whatever cube stood there, and passes the
    /// turn to the other seat, whose die is still to be rolled.
    #[inline]
    fn play_step(&self, state: &mut State, from: Square, to: Square) {
        let keys = &self.keys.pieces;
        let taken = state.board[to as usize];
        if taken != 0 {
            let (seat, number) = ((taken - 1) / CUBES as u8, (taken - 1) % CUBES as u8);
            state.present[seat as usize] &= !(1 << number);
            state.squares[seat as usize][number as usize] = NOWHERE;
            state.hash ^= keys[to as usize][taken as usize];
        }
        let piece = state.board[from as usize];
        let (seat, number) = ((piece - 1) / CUBES as u8, (piece - 1) % CUBES as u8);
        state.board[from as usize] = 0;
        state.board[to as usize] = piece;
        state.squares[seat as usize][number as usize] = to;
        state.hash ^= keys[from as usize][piece as usize] ^ keys[to as usize][piece as usize];
        state.hash ^= self.keys.die[state.die as usize] ^ self.keys.die[0];
        state.die = 0;
        self.set_to_move(state, 1 - state.to_move);
    }

    fn set_to_move(&self, state: &mut State, seat: u8) {
        state.hash ^= self.keys.to_move[state.to_move as usize] ^ self.keys.to_move[seat as usize];
        state.to_move = seat;
    }

    /// The hash of `state` from its parts: the board, the seat to move, the die and the
    /// arrangements made.
    fn hash_of(&self, board: &[u8; SQUARES], to_move: u8, die: u8, arranged: u8) -> u64 {
        let pieces = board
            .iter()
            .enumerate()
            .filter(|(_, &piece)| piece != 0)
            .fold(0, |hash, (square, &piece)| {
                hash ^ self.keys.pieces[square][piece as usize]
            });
        pieces
            ^ self.keys.to_move[to_move as usize]
            ^ self.keys.die[die as usize]
            ^ self.keys.arranged[arranged as usize]
    }

    /// A position with `board`, rebuilding where each cube stands and the hash.
    fn state_from(&self, board: [u8; SQUARES], to_move: u8, die: u8, arranged: u8) -> State {
        let mut state = State {
            board: [0; SQUARES],
            squares: [[NOWHERE; CUBES]; 2],
            present: [0; 2],
            to_move,
            die,
            arranged,
            hash: 0,
        };
        for (square, &piece) in board.iter().enumerate() {
            if piece != 0 {
                self.put(&mut state, square as Square, piece);
            }
        }
        state.hash = self.hash_of(&board, to_move, die, arranged);
        state
    }
}

/// Whether the board entry `piece` is a cube of `seat`.
#[inline]
fn is_seat(piece: u8, seat: usize) -> bool {
    piece != 0 && (piece - 1) / CUBES as u8 == seat as u8
}

impl Game for Einstein {
    type State = State;
    type Move = Move;
    type Settings = EinsteinSettings;

    const INFO: GameInfo = GameInfo {
        name: "einstein",
        title: "EinStein würfelt nicht",
        summary: "Six numbered cubes a side on 5 x 5: the die names the cube, race it to the \
                  opposite corner or take every enemy cube (Ingo Althöfer, 2004).",
    };

    const REASONS: &'static [&'static str] = &[REASON_CORNER, REASON_NO_CUBES];

    fn new(settings: EinsteinSettings) -> Result<Self, SettingsError> {
        let first = settings.first;
        let other = Player(1 - first.0);
        let arrangers = match settings.start {
            Start::Random => [BLACK, WHITE],
            Start::Placement => [first, other],
        };
        let mut steps = [[StepList {
            moves: [Move::Roll(0); MAX_FORWARD],
            len: 0,
        }; SQUARES]; 2];
        for (seat, lists) in steps.iter_mut().enumerate() {
            for (from, list) in lists.iter_mut().enumerate() {
                for direction in board::DIRECTIONS[seat] {
                    if let Some(to) = board::step(from as Square, direction) {
                        list.moves[list.len as usize] = Move::Step {
                            from: from as Square,
                            to,
                        };
                        list.len += 1;
                    }
                }
            }
        }
        let mut movable = [[0; 1 << CUBES]; CUBES + 1];
        for (die, row) in movable.iter_mut().enumerate().skip(1) {
            for (present, entry) in row.iter_mut().enumerate() {
                *entry = movable_numbers(die, present as u8);
            }
        }
        let arrangements = match settings.start {
            Start::Random => 0,
            Start::Placement => 2,
        };
        // Every step brings a cube at least one row or column nearer its target, where the
        // game ends: at most the sum of the cubes' longest walks from the start.
        let walks: u64 = (0..2)
            .map(|seat| {
                board::HOME[seat]
                    .iter()
                    .map(|&sq| board::longest_walk(Player(seat as u8), sq))
                    .sum::<u64>()
            })
            .sum();
        let mut game = Einstein {
            settings,
            arrangers,
            steps,
            movable,
            keys: Keys::new(),
            start: State {
                board: [0; SQUARES],
                squares: [[NOWHERE; CUBES]; 2],
                present: [0; 2],
                to_move: arrangers[0].0,
                die: 0,
                arranged: 0,
                hash: 0,
            },
            max_plies: walks + arrangements,
        };
        game.start = game.state_from([0; SQUARES], arrangers[0].0, 0, 0);
        Ok(game)
    }

    fn settings(&self) -> &EinsteinSettings {
        &self.settings
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: Player) -> &'static str {
        if player == WHITE {
            "White"
        } else {
            "Black"
        }
    }

    fn start(&self) -> State {
        self.start
    }

    fn status(&self, state: &State) -> Status {
        if state.arranged < 2 {
            return match self.settings.start {
                Start::Random => Status::Chance,
                Start::Placement => Status::ToMove(Player(state.to_move)),
            };
        }
        if let Some((winner, reason)) = self.winner(state) {
            Status::Over(Outcome::win(winner, reason))
        } else if state.die == 0 {
            Status::Chance
        } else {
            Status::ToMove(Player(state.to_move))
        }
    }

    fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.arranged < 2 {
            out.extend((0..ARRANGEMENTS as u16).map(Move::Arrange));
            return;
        }
        if self.is_over(state) {
            return;
        }
        if state.die == 0 {
            out.extend_from_slice(&ROLLS);
        } else {
            let mut steps = [Move::Roll(0); MAX_STEPS + MAX_FORWARD];
            let count = self.gather_steps(state, &mut steps);
            out.extend_from_slice(&steps[..count]);
        }
    }

    /// EinStein's own loop (module `playout`): the generic loop's random game, drawn its own way.
    fn random_playout<R: rand::Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        _buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        self.random_playout_on_tables(state, rng)
    }

    fn apply(&self, state: &mut State, mv: Move) {
        match mv {
            Move::Arrange(index) => self.arrange(state, index),
            Move::Roll(die) => {
                state.hash ^= self.keys.die[0] ^ self.keys.die[die as usize];
                state.die = die;
            }
            Move::Step { from, to } => self.play_step(state, from, to),
        }
    }

    fn hash(&self, state: &State) -> u64 {
        state.hash
    }

    /// From the board alone, so that a stray entry in the other tables shows up as a
    /// different position (the code round trip compares them).
    fn hash_from_scratch(&self, state: &State) -> u64 {
        self.hash_of(&state.board, state.to_move, state.die, state.arranged)
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(text)
    }

    fn format_move(&self, _state: &State, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn parse_position(&self, code: &str) -> Result<State, ParseError> {
        self.parse_code(code)
    }

    fn format_position(&self, state: &State) -> String {
        self.format_code(state)
    }

    fn picture(&self, state: &State) -> String {
        picture::draw(self, state)
    }

    fn max_plies(&self) -> Option<u64> {
        Some(self.max_plies)
    }
}

#[cfg(test)]
mod tests;
