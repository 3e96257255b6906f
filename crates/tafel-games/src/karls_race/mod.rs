//! Karl's Race (Ingo Althöfer, 2006): "EinStein würfelt nicht" without numbers, on Karl
//! Scherer's tiling of a 16 x 16 square by 21 squares of sides 1 to 6. The die names a square
//! size instead of a numbered stone; stones step east/south (Black) or north/west (White) onto
//! bordering squares, removing whatever stone stands there, and race for the opposite corner.
//! With four players, two teams race from the four corners.
//!
//! A position is one 21-bit mask per seat, the seat to move and the rolled die (0 before the
//! roll): a few bytes, copied freely. The die is a chance node: the engine never rolls it.
//! Each square's steps per seat, step counts and occupied sizes per 7-square chunk, and the
//! squares each die allows are tables of the rules object, so generating and playing moves is
//! a handful of bit operations and table look-ups.

mod board;
mod code;
mod corner;
mod notation;
mod picture;
mod playout;
mod settings;

pub use board::{
    board, set_names, square_name, square_named, squares_in, Board, Dir, Placement, Square,
    SquareSet, BOARD_JSON, MAX_SIZE, SIDE, SQUARES,
};
pub use corner::Corner;
pub use settings::{KarlsRaceSettings, TeamStart, START_SETS};

use tafel_core::game::GameInfo;
use tafel_core::settings::{SettingsError, ValueError};
use tafel_core::zobrist::splitmix64;
use tafel_core::{reason, Game, Outcome, ParseError, Player, PlayerSet, Status};

/// The most seats a game has.
pub const MAX_SEATS: usize = 4;

/// Why a game ended when a stone reached its target corner.
pub const REASON_CORNER: &str = "reached the opposite corner";

/// Why a game ended when one side lost its last stone.
pub const REASON_NO_STONES: &str = "the opponents have no stone left";

/// A position: the squares holding each seat's stones, the seat to move and the die it
/// rolled (0 while the die is still to be rolled).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    stones: [SquareSet; MAX_SEATS],
    to_move: u8,
    die: u8,
}

impl State {
    /// The squares holding `seat`'s stones.
    pub fn stones(&self, seat: Player) -> SquareSet {
        self.stones[seat.index()]
    }

    /// The seat whose turn it is (also while its die is still to be rolled).
    pub fn to_move(&self) -> Player {
        Player(self.to_move)
    }

    /// The die rolled for the current turn, if it has been rolled.
    pub fn die(&self) -> Option<u8> {
        (self.die != 0).then_some(self.die)
    }

    /// The seat whose stone stands on `square`, if any.
    pub fn occupant(&self, square: Square) -> Option<Player> {
        (0..MAX_SEATS)
            .find(|&seat| self.stones[seat] & 1 << square != 0)
            .map(|seat| Player(seat as u8))
    }
}

/// A ply's parts: the die's outcome, a stone's step, or the forced pass of a player without
/// stones (team game only).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// The die shows this value (1 to 6): a chance outcome.
    Roll(u8),
    /// The stone on `from` steps to the bordering square `to`.
    Step {
        /// The square the stone leaves.
        from: Square,
        /// The square it enters, removing any stone there.
        to: Square,
    },
    /// A player without stones passes.
    Pass,
}

/// The rules of Karl's Race for one choice of settings.
#[derive(Clone, Debug)]
pub struct KarlsRace {
    settings: KarlsRaceSettings,
    seats: usize,
    corners: [Corner; MAX_SEATS],
    steps: [[StepList; SQUARES]; MAX_SEATS],
    targets: [SquareSet; MAX_SEATS],
    next_seat: [u8; MAX_SEATS],
    size_classes: [SquareSet; MAX_SIZE + 1],
    chunk_sizes: [[u8; 1 << CHUNK_BITS]; CHUNKS],
    chunk_steps: [[[u8; 1 << CHUNK_BITS]; CHUNKS]; MAX_SEATS],
    allowed: [[SquareSet; 1 << MAX_SIZE]; MAX_SIZE + 1],
    start: State,
    max_plies: u64,
}

/// The most steps one turn can offer, reserved before generating them: at most six stones,
/// each with at most four forward neighbours (no square has more than two neighbours in one
/// direction).
const MAX_STEPS: usize = 24;

/// The most forward neighbours a square has (two in each of a seat's two directions).
const MAX_FORWARD: usize = 4;

/// The steps of one stone: those to its forward neighbours in square order, then padding, so
/// that move generation copies all [`MAX_FORWARD`] slots without branching and keeps `len`.
#[derive(Clone, Copy, Debug)]
struct StepList {
    moves: [Move; MAX_FORWARD],
    len: u8,
}

/// The steps of one turn, gathered on the stack: room for [`MAX_STEPS`] and the padding
/// slots the last stone's copy writes beyond them.
type StepBuffer = [Move; MAX_STEPS + MAX_FORWARD];

/// The board's squares are read in chunks of this many bits to find the sizes a seat occupies
/// with one table look-up per chunk.
const CHUNK_BITS: usize = 7;
const CHUNKS: usize = SQUARES.div_ceil(CHUNK_BITS);

/// Every face of the die, the outcomes of a chance position.
const ROLLS: [Move; MAX_SIZE] = [
    Move::Roll(1),
    Move::Roll(2),
    Move::Roll(3),
    Move::Roll(4),
    Move::Roll(5),
    Move::Roll(6),
];

/// The seats' corners in turn order. Two players: White (SE) then Black (NW); four players
/// clockwise from SE.
const TWO_SEATS: [Corner; 2] = [Corner::SE, Corner::NW];
const FOUR_SEATS: [Corner; 4] = [Corner::SE, Corner::SW, Corner::NW, Corner::NE];

impl KarlsRace {
    /// The home corner of `seat`.
    pub fn corner_of(&self, seat: Player) -> Corner {
        self.corners[seat.index()]
    }

    /// The seat sitting at `corner`, if anyone does.
    pub fn seat_at(&self, corner: Corner) -> Option<Player> {
        (0..self.seats)
            .find(|&seat| self.corners[seat] == corner)
            .map(|seat| Player(seat as u8))
    }

    /// How many stones each player starts with.
    pub fn stones_per_player(&self) -> usize {
        self.start.stones[0].count_ones() as usize
    }

    /// The squares whose stones the die value `die` lets `stones` move: those on squares of
    /// side `die`; failing those, the stones on the largest smaller size occupied together
    /// with those on the smallest larger size occupied.
    ///
    /// Branch-free: the sizes `stones` occupy (found chunk by chunk in a table) index a table
    /// of the squares each die allows.
    #[inline]
    pub fn movable(&self, stones: SquareSet, die: u8) -> SquareSet {
        let occupied = (0..CHUNKS).fold(0, |sizes, chunk| {
            sizes | self.chunk_sizes[chunk][chunk_bits(stones, chunk)] as usize
        });
        stones & self.allowed[die as usize][occupied]
    }

    /// How many steps `seat`'s stones on `from` have together, one table look-up per chunk.
    #[inline]
    fn step_count(&self, seat: usize, from: SquareSet) -> u32 {
        let tables = &self.chunk_steps[seat];
        (0..CHUNKS).fold(0, |count, chunk| {
            count + tables[chunk][chunk_bits(from, chunk)] as u32
        })
    }

    /// Writes the steps the rolled die allows the seat to move into `buffer` (in the order of
    /// their squares, then of their targets) and returns how many there are.
    #[inline]
    fn gather_steps(&self, state: &State, buffer: &mut StepBuffer) -> usize {
        let seat = state.to_move as usize;
        let mut count = 0;
        for from in squares_in(self.movable(state.stones[seat], state.die)) {
            let list = &self.steps[seat][from as usize];
            buffer[count..count + MAX_FORWARD].copy_from_slice(&list.moves);
            count += list.len as usize;
        }
        count
    }

    /// Every stone of `team` (seats `team`, `team + 2`: with two players a team is one seat).
    fn team_stones(&self, state: &State, team: usize) -> SquareSet {
        state.stones[team] | state.stones[team + 2]
    }

    /// The seats of `team`.
    fn members(&self, team: usize) -> PlayerSet {
        (team..self.seats)
            .step_by(2)
            .fold(PlayerSet::EMPTY, |set, seat| set.with(Player(seat as u8)))
    }

    /// Why `team` has won, if it has: one of its stones stands on that player's target
    /// corner, or the other team has no stone left.
    fn win_reason(&self, state: &State, team: usize) -> Option<&'static str> {
        let on_target = (team..self.seats)
            .step_by(2)
            .any(|seat| state.stones[seat] & self.targets[seat] != 0);
        if on_target {
            Some(REASON_CORNER)
        } else if self.team_stones(state, 1 - team) == 0 {
            Some(REASON_NO_STONES)
        } else {
            None
        }
    }

    /// Whether the game is over: a stone on its seat's target corner, or a team without
    /// stones. Branch-light, since every status and move generation asks.
    #[inline]
    fn is_over(&self, state: &State) -> bool {
        self.is_over_with::<MAX_SEATS>(state)
    }

    /// [`KarlsRace::is_over`] looking at the first `SEATS` seats only: all of them, or in a
    /// two-player game the two that can hold stones (for the playout loop).
    #[inline]
    fn is_over_with<const SEATS: usize>(&self, state: &State) -> bool {
        let mut on_target = 0;
        let mut teams = [0; 2];
        for seat in 0..SEATS {
            on_target |= state.stones[seat] & self.targets[seat];
            teams[seat % 2] |= state.stones[seat];
        }
        on_target != 0 || teams[0] == 0 || teams[1] == 0
    }

    /// How the game ended, if it has.
    #[inline]
    fn outcome(&self, state: &State) -> Option<Outcome> {
        if self.is_over(state) {
            Some(self.final_outcome(state))
        } else {
            None
        }
    }

    /// How a finished game ended.
    #[cold]
    fn final_outcome(&self, state: &State) -> Outcome {
        (0..2)
            .find_map(|team| {
                self.win_reason(state, team).map(|reason| Outcome {
                    winners: self.members(team),
                    scores: None,
                    reason,
                })
            })
            .expect("a finished game has a winning team")
    }

    /// Moves the stone of the seat to move from `from` to `to`, removing whatever stone
    /// stood there, and passes the turn on.
    #[inline]
    fn play_step(&self, state: &mut State, from: Square, to: Square) {
        self.play_step_with::<MAX_SEATS>(state, from, to);
    }

    /// [`KarlsRace::play_step`] clearing the target square in the first `SEATS` seats only:
    /// all of them, or in a two-player game the two that can hold stones.
    #[inline]
    fn play_step_with<const SEATS: usize>(&self, state: &mut State, from: Square, to: Square) {
        let seat = state.to_move as usize % SEATS;
        let target = 1 << to;
        for stones in &mut state.stones[..SEATS] {
            *stones &= !target;
        }
        state.stones[seat] = (state.stones[seat] & !(1 << from)) | target;
        state.die = 0;
        state.to_move = self.next_seat[seat];
    }

    /// The position hash: a bijective mix of the packed position (two players need 47 bits,
    /// so their hash never collides); four players fold in the other two seats' masks.
    fn key(stones: &[SquareSet; MAX_SEATS], to_move: u8, die: u8) -> u64 {
        let low = stones[0] as u64
            | (stones[1] as u64) << SQUARES
            | (to_move as u64) << (2 * SQUARES)
            | (die as u64) << (2 * SQUARES + 2);
        let high = stones[2] as u64 | (stones[3] as u64) << SQUARES;
        splitmix64(low ^ splitmix64(high))
    }
}

/// The bits of `set` in chunk number `chunk`, as a table index.
#[inline]
fn chunk_bits(set: SquareSet, chunk: usize) -> usize {
    (set >> (chunk * CHUNK_BITS)) as usize & ((1 << CHUNK_BITS) - 1)
}

/// The squares of chunk number `chunk` whose bits are `bits`: the inverse of [`chunk_bits`].
fn chunk_squares(chunk: usize, bits: usize) -> SquareSet {
    (bits << (chunk * CHUNK_BITS)) as SquareSet & ((1 << SQUARES) - 1)
}

/// The sizes whose stones a roll of `die` lets a player move, given the sizes the player
/// occupies (bit `s - 1` for size `s`): the die's own size if occupied; otherwise the largest
/// occupied size below it and the smallest occupied size above it (EinStein's rule).
fn allowed_sizes(die: usize, occupied: usize) -> impl Iterator<Item = usize> {
    let has = move |size: &usize| occupied & 1 << (size - 1) != 0;
    let (below, above) = if has(&die) {
        (None, None)
    } else {
        ((1..die).rev().find(has), (die + 1..=MAX_SIZE).find(has))
    };
    let exact = has(&die).then_some(die);
    exact.into_iter().chain(below).chain(above)
}

impl Game for KarlsRace {
    type State = State;
    type Move = Move;
    type Settings = KarlsRaceSettings;

    const INFO: GameInfo = GameInfo {
        name: "karls-race",
        title: "Karl's Race",
        summary: "EinStein würfelt nicht without numbers: the die names a square size on Karl \
                  Scherer's tiling (Ingo Althöfer, 2006).",
    };

    const REASONS: &'static [&'static str] = &[REASON_CORNER, REASON_NO_STONES];

    fn new(settings: KarlsRaceSettings) -> Result<Self, SettingsError> {
        let corners: &[Corner] = if settings.players == 4 {
            &FOUR_SEATS
        } else {
            &TWO_SEATS
        };
        let Some(first) = corners.iter().position(|&c| c == settings.first) else {
            return Err(SettingsError::InvalidValue {
                key: "first".into(),
                value: settings.first.code().into(),
                reason: Box::new(ValueError::NotAllowed(reason!(
                    "karls-race-first",
                    "with two players only white or black can start"
                ))),
            });
        };
        let board = board();
        let seats = corners.len();
        let mut game = KarlsRace {
            settings,
            seats,
            corners: [Corner::SE; MAX_SEATS],
            steps: [[StepList {
                moves: [Move::Pass; MAX_FORWARD],
                len: 0,
            }; SQUARES]; MAX_SEATS],
            targets: [0; MAX_SEATS],
            next_seat: [0; MAX_SEATS],
            size_classes: [0; MAX_SIZE + 1],
            chunk_sizes: [[0; 1 << CHUNK_BITS]; CHUNKS],
            chunk_steps: [[[0; 1 << CHUNK_BITS]; CHUNKS]; MAX_SEATS],
            allowed: [[0; 1 << MAX_SIZE]; MAX_SIZE + 1],
            start: State {
                stones: [0; MAX_SEATS],
                to_move: first as u8,
                die: 0,
            },
            max_plies: 0,
        };
        for size in 1..=MAX_SIZE {
            game.size_classes[size] = board.squares_of_size(size);
        }
        for (chunk, sizes) in game.chunk_sizes.iter_mut().enumerate() {
            for (bits, entry) in sizes.iter_mut().enumerate() {
                *entry = squares_in(chunk_squares(chunk, bits))
                    .fold(0, |set, sq| set | 1 << (board.size(sq) - 1));
            }
        }
        for die in 1..=MAX_SIZE {
            for occupied in 0..1 << MAX_SIZE {
                game.allowed[die][occupied] = allowed_sizes(die, occupied)
                    .map(|size| game.size_classes[size])
                    .fold(0, |set, class| set | class);
            }
        }
        for (seat, &corner) in corners.iter().enumerate() {
            game.corners[seat] = corner;
            for from in 0..SQUARES as Square {
                let list = &mut game.steps[seat][from as usize];
                for to in squares_in(corner.forward_neighbours(from)) {
                    list.moves[list.len as usize] = Move::Step { from, to };
                    list.len += 1;
                }
            }
            for (chunk, counts) in game.chunk_steps[seat].iter_mut().enumerate() {
                for (bits, entry) in counts.iter_mut().enumerate() {
                    *entry = squares_in(chunk_squares(chunk, bits))
                        .map(|sq| game.steps[seat][sq as usize].len)
                        .sum();
                }
            }
            game.targets[seat] = 1 << corner.opposite().square();
            game.next_seat[seat] = ((seat + 1) % seats) as u8;
            game.start.stones[seat] = match (seats, settings.start4) {
                (4, TeamStart::Quadrant) => corner.quadrant(),
                (4, TeamStart::Corner) => corner.corner_group(),
                _ => {
                    let black: SquareSet = START_SETS[settings.start]
                        .chars()
                        .filter_map(square_named)
                        .fold(0, |set, sq| set | 1 << sq);
                    if corner == Corner::NW {
                        black
                    } else {
                        squares_in(black).fold(0, |set, sq| set | 1 << board.rotated(sq))
                    }
                }
            };
        }
        // Every step moves a stone strictly towards its target, so the moves are bounded by
        // the stones' longest walks; with four players at most two forced passes come between
        // two moves, since both teams keep a player with stones while the game goes on.
        let moves: u64 = (0..seats)
            .map(|seat| {
                squares_in(game.start.stones[seat])
                    .map(|sq| game.corners[seat].longest_walk(sq))
                    .sum::<u64>()
            })
            .sum();
        game.max_plies = if seats == 4 { 3 * moves + 2 } else { moves };
        Ok(game)
    }

    fn settings(&self) -> &KarlsRaceSettings {
        &self.settings
    }

    fn num_players(&self) -> usize {
        self.seats
    }

    fn team_of(&self, player: Player) -> u8 {
        player.0 % 2
    }

    fn player_name(&self, player: Player) -> &'static str {
        match (self.seats, self.corners[player.index()]) {
            (2, Corner::SE) => "White",
            (2, _) => "Black",
            (_, corner) => corner.name(),
        }
    }

    fn start(&self) -> State {
        self.start
    }

    fn status(&self, state: &State) -> Status {
        if let Some(outcome) = self.outcome(state) {
            Status::Over(outcome)
        } else if state.die == 0 && state.stones[state.to_move as usize] != 0 {
            Status::Chance
        } else {
            Status::ToMove(Player(state.to_move))
        }
    }

    fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if self.is_over(state) {
            return;
        }
        let seat = state.to_move as usize;
        let stones = state.stones[seat];
        if stones == 0 {
            out.push(Move::Pass);
        } else if state.die == 0 {
            out.extend_from_slice(&ROLLS);
        } else {
            let mut steps = [Move::Pass; MAX_STEPS + MAX_FORWARD];
            let count = self.gather_steps(state, &mut steps);
            out.extend_from_slice(&steps[..count]);
        }
    }

    /// Karl's Race's own loop on the bit masks, playing the generic loop's games.
    fn random_playout<R: rand::Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        _buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        self.random_playout_on_masks(state, rng)
    }

    /// The playout's draw (module `playout`): the steps counted on the masks, not listed
    /// (`buffer` left empty); the same move as the default for the same generator.
    fn random_move<R: rand::Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> Move {
        buffer.clear();
        let seat = state.to_move as usize;
        let stones = state.stones[seat];
        if stones == 0 {
            // The default draws an index even among one move.
            let _only: usize = rng.random_range(0..1);
            return Move::Pass;
        }
        let (from, to) = self.random_step(seat, self.movable(stones, state.die), rng);
        Move::Step { from, to }
    }

    fn apply(&self, state: &mut State, mv: Move) {
        let seat = state.to_move as usize;
        match mv {
            Move::Roll(die) => state.die = die,
            Move::Step { from, to } => self.play_step(state, from, to),
            Move::Pass => state.to_move = self.next_seat[seat],
        }
    }

    fn hash(&self, state: &State) -> u64 {
        Self::key(&state.stones, state.to_move, state.die)
    }

    /// Rebuilds the masks square by square before mixing, so that a stray bit or a square
    /// claimed by two seats shows up as a different hash.
    fn hash_from_scratch(&self, state: &State) -> u64 {
        let mut stones = [0; MAX_SEATS];
        for square in 0..SQUARES as Square {
            if let Some(seat) = state.occupant(square) {
                stones[seat.index()] |= 1 << square;
            }
        }
        Self::key(&stones, state.to_move, state.die)
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
