//! Carreaux (Mark Steere, 2025): a two-player sliding-tile game. Players take turns sliding any
//! tile next to the bubble (the one empty cell) into it; a slide is legal only if it lowers the
//! total group value, a measure in slides of how far each colour is from forming one group.
//! A colour whose tiles all connect wins, whoever slid.
//!
//! A position is two bit sets (Red, Blue; every other cell but the bubble is neutral green) and
//! the bubble's cell. Applying a slide also evaluates the up to four slides of the new
//! position, so `status` and `legal_moves` only read what `apply` stored; what a position's
//! slides lead to is remembered per thread (`memo`). The slide distances come from
//! a table shared by every game of the same size ([`DistanceTable`]).

mod board;
mod code;
mod distance;
mod group;
mod layout;
mod memo;
mod notation;
mod picture;
mod settings;

pub use board::{Board, CellSet, MAX_SIDE, NO_CELL};
pub use distance::DistanceTable;
pub use group::{GroupRule, Tiles, MAX_TILES};
pub use layout::{Layout, START_BUBBLE};
pub use settings::{CarreauxSettings, MoveRule, Stalemate, DEFAULT_PLY_LIMIT};

use tafel_core::game::GameInfo;
use tafel_core::settings::{SettingsError, ValueError};
use tafel_core::{reason, Game, Outcome, ParseError, Player, Reason, Status};

use crate::history::History;

/// Red, who moves first.
pub const RED: Player = Player(0);
/// Blue.
pub const BLUE: Player = Player(1);

/// Why a game ended with a connected colour.
pub const REASON_RED_CONNECTED: &str = "all Red tiles are connected";
/// Why a game ended with a connected colour.
pub const REASON_BLUE_CONNECTED: &str = "all Blue tiles are connected";
/// Why a literal-rules game ended drawn with no legal slide.
pub const REASON_NO_LOWERING_DRAW: &str = "no slide lowers the total group value: draw";
/// Why a literal-rules game ended lost for the player to move with no legal slide.
pub const REASON_NO_LOWERING_LOSS: &str =
    "no slide lowers the total group value: the player to move loses";
/// Why a `rule=free` game ended drawn with no legal slide.
pub const REASON_ALL_REPEAT_DRAW: &str = "every slide would repeat a position: draw";
/// Why a `rule=free` game ended lost for the player to move with no legal slide.
pub const REASON_ALL_REPEAT_LOSS: &str =
    "every slide would repeat a position: the player to move loses";
/// Why a `rule=free` game ended at its ply limit.
pub const REASON_PLY_LIMIT: &str = "ply limit reached";

use memo::NO_SLIDE;

/// A Carreaux position, with the evaluation of its slides.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    red: CellSet,
    blue: CellSet,
    bubble: u8,
    to_move: Player,
    /// Plies played since the start or the position code (counted for the ply limit).
    plies: u32,
    /// The colour whose tiles are all connected, which ends the game.
    connected: Option<Player>,
    /// The total group value.
    total: u32,
    /// For each neighbour slot of the bubble (as [`Board::neighbours`]), the total group value
    /// after sliding that tile, or [`NO_SLIDE`].
    totals_after: [u32; 4],
    /// Bit `i` set when the slide from neighbour slot `i` is legal.
    legal: u8,
    /// Bit `i` set when the slide from neighbour slot `i` moves a Red or Blue tile and leaves
    /// its colour's tiles connected.
    connects: u8,
    hash: u64,
    /// Under `rule=free`, the hashes of every position of the game so far.
    history: History,
}

impl State {
    /// The Red tiles' cells.
    pub fn red(&self) -> CellSet {
        self.red
    }

    /// The Blue tiles' cells.
    pub fn blue(&self) -> CellSet {
        self.blue
    }

    /// The bubble's cell.
    pub fn bubble(&self) -> usize {
        self.bubble as usize
    }

    /// The player to move (also in a finished position: whose turn it would be).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Plies played since the start or the position code.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Under `rule=free`, the hashes of the positions before this one, which no slide may
    /// recreate, oldest first (what the position code carries); empty under the literal rule.
    pub fn earlier(&self) -> &[u64] {
        let hashes = self.history.hashes();
        &hashes[..hashes.len().saturating_sub(1)]
    }

    /// The total group value (Red's plus Blue's).
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The tiles of `colour` ([`RED`] or [`BLUE`]).
    pub fn tiles_of(&self, colour: Player) -> CellSet {
        if colour == RED {
            self.red
        } else {
            self.blue
        }
    }

    /// The letter of `cell` in codes and pictures: `R`, `B`, `G`, or `.` for the bubble.
    pub fn symbol(&self, cell: usize) -> char {
        match self.colour_at(cell) {
            Some(RED) => 'R',
            Some(_) => 'B',
            None if cell == self.bubble() => '.',
            None => 'G',
        }
    }

    /// The colour of the tile on `cell`, `None` for a green tile or the bubble.
    pub fn colour_at(&self, cell: usize) -> Option<Player> {
        if self.red.contains(cell) {
            Some(RED)
        } else if self.blue.contains(cell) {
            Some(BLUE)
        } else {
            None
        }
    }
}

/// Carreaux on one board size with one start layout and set of rules.
#[derive(Debug)]
pub struct Carreaux {
    settings: CarreauxSettings,
    board: Board,
    table: &'static DistanceTable,
    /// Zobrist keys: `cell * 3 + k` for a Red (k = 0) or Blue (1) tile or the bubble (2), and a
    /// last key for Blue to move.
    keys: Vec<u64>,
    start_total: u32,
}

impl Carreaux {
    /// The board's geometry.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shared slide-distance table of this board size.
    pub fn table(&self) -> &'static DistanceTable {
        self.table
    }

    /// The group values of Red and Blue in `state`.
    pub fn group_values(&self, state: &State) -> [u32; 2] {
        let value = |set: CellSet| {
            self.settings
                .group
                .value(self.table, &Tiles::new(set.iter()), state.bubble())
        };
        [value(state.red), value(state.blue)]
    }

    /// The total group value after each possible slide of `state`, by neighbour slot of the
    /// bubble ([`Board::neighbours`]), `None` where no tile is.
    pub fn totals_after(&self, state: &State) -> [Option<u32>; 4] {
        state.totals_after.map(|t| (t != NO_SLIDE).then_some(t))
    }

    /// The position with these tiles and bubble, `to_move` to play after `plies` plies, with
    /// the hashes of the `earlier` positions a `rule=free` game remembers (oldest first),
    /// evaluated; or why such a position cannot exist (both colours connected).
    fn position(
        &self,
        red: CellSet,
        blue: CellSet,
        bubble: usize,
        to_move: Player,
        plies: u32,
        earlier: &[u64],
    ) -> Result<State, Reason> {
        let connected = match (
            red.is_connected(&self.board),
            blue.is_connected(&self.board),
        ) {
            (true, true) => {
                return Err(reason!(
                    "carreaux-both-connected",
                    "both colours' tiles are already connected"
                ))
            }
            (true, false) => Some(RED),
            (false, true) => Some(BLUE),
            (false, false) => None,
        };
        let mut state = State {
            red,
            blue,
            bubble: bubble as u8,
            to_move,
            plies,
            connected,
            total: 0,
            totals_after: [NO_SLIDE; 4],
            legal: 0,
            connects: 0,
            hash: 0,
            history: History::default(),
        };
        state.total = self.group_values(&state).iter().sum();
        state.hash = self.hash_from_scratch(&state);
        if self.settings.rule == MoveRule::Free {
            for &hash in earlier {
                state.history.push(hash);
            }
            state.history.push(state.hash);
        }
        self.evaluate_slides(&mut state);
        Ok(state)
    }

    /// The hash of the position after the tile on `tile` slides into the bubble. A coloured
    /// tile's keys are masked in rather than added under a branch on its colour, which random
    /// games make unforeseeable.
    #[inline(always)]
    fn hash_after_slide(&self, state: &State, tile: usize) -> u64 {
        let bubble = state.bubble();
        let hash = state.hash
            ^ self.keys[bubble * 3 + 2]
            ^ self.keys[tile * 3 + 2]
            ^ self.keys[self.board.cells() * 3];
        let (red, blue) = (state.red.contains(tile), state.blue.contains(tile));
        let colour = usize::from(blue);
        let coloured = u64::from(red | blue).wrapping_neg();
        hash ^ (self.keys[tile * 3 + colour] ^ self.keys[bubble * 3 + colour]) & coloured
    }

    /// The hash of `state`'s tiles and bubble alone: its hash without the key of Blue to move.
    #[inline(always)]
    fn placement_hash(&self, state: &State) -> u64 {
        let blue_to_move = u64::from(state.to_move == BLUE);
        state.hash ^ self.keys[self.board.cells() * 3] & blue_to_move.wrapping_neg()
    }

    /// Fills in the totals after each slide, which slides connect their colour, and which
    /// are legal, from [`memo::slides`]. Inlined into [`Game::apply`], which a vector of games
    /// calls from another crate.
    #[inline(always)]
    fn evaluate_slides(&self, state: &mut State) {
        let bubble = state.bubble();
        let slides = memo::slides(
            &self.board,
            self.table,
            self.settings.group,
            [&state.red, &state.blue],
            bubble,
            self.placement_hash(state),
        );
        state.totals_after = slides.totals;
        state.connects = slides.connects;
        if state.connected.is_some() || self.ply_limit_reached(state) {
            state.legal = 0;
            return;
        }
        state.legal = match self.settings.rule {
            // A missing slide's total, NO_SLIDE, is never below the total.
            MoveRule::Literal => (0..4).fold(0, |legal, slot| {
                legal | u8::from(slides.totals[slot] < state.total) << slot
            }),
            MoveRule::Free => (0..4).fold(0, |legal, slot| {
                let tile = self.board.neighbours(bubble)[slot];
                let new = tile != NO_CELL
                    && !state
                        .history
                        .contains(self.hash_after_slide(state, tile as usize));
                legal | u8::from(new) << slot
            }),
        };
    }

    #[inline]
    fn ply_limit_reached(&self, state: &State) -> bool {
        let limit = self.settings.ply_limit;
        self.settings.rule == MoveRule::Free && limit > 0 && state.plies >= limit
    }

    fn no_move_outcome(&self, state: &State) -> Outcome {
        if self.ply_limit_reached(state) {
            return Outcome::draw(REASON_PLY_LIMIT);
        }
        let (draw, loss) = match self.settings.rule {
            MoveRule::Literal => (REASON_NO_LOWERING_DRAW, REASON_NO_LOWERING_LOSS),
            MoveRule::Free => (REASON_ALL_REPEAT_DRAW, REASON_ALL_REPEAT_LOSS),
        };
        match self.settings.stalemate {
            Stalemate::Draw => Outcome::draw(draw),
            Stalemate::MoverLoses => Outcome::win(other(state.to_move), loss),
        }
    }
}

/// The neighbour slot of the `k`-th legal slide (`NTH_SLOT[legal][k]`, `legal` a set of slots as
/// [`State`]'s bits, `k` below its count): the slide a drawn index picks, without a loop whose
/// length is the draw.
const NTH_SLOT: [[u8; 4]; 16] = {
    let mut table = [[0; 4]; 16];
    let mut legal = 0;
    while legal < 16 {
        let (mut slot, mut k) = (0, 0);
        while slot < 4 {
            if legal >> slot & 1 != 0 {
                table[legal][k] = slot as u8;
                k += 1;
            }
            slot += 1;
        }
        legal += 1;
    }
    table
};

/// The other player.
fn other(player: Player) -> Player {
    Player(1 - player.0)
}

impl Game for Carreaux {
    type State = State;
    /// The cell of the tile that slides into the bubble.
    type Move = u8;
    type Settings = CarreauxSettings;

    const INFO: GameInfo = GameInfo {
        name: "carreaux",
        title: "Carreaux",
        summary: "Slide tiles into the one empty cell; only slides that lower the total \
                  group value are legal; connect all your tiles to win (Mark Steere, 2025).",
    };

    const REASONS: &'static [&'static str] = &[
        REASON_RED_CONNECTED,
        REASON_BLUE_CONNECTED,
        REASON_NO_LOWERING_DRAW,
        REASON_NO_LOWERING_LOSS,
        REASON_ALL_REPEAT_DRAW,
        REASON_ALL_REPEAT_LOSS,
        REASON_PLY_LIMIT,
    ];

    fn new(settings: CarreauxSettings) -> Result<Self, SettingsError> {
        let side = settings.size;
        if !side.is_multiple_of(2) || !(4..=MAX_SIDE).contains(&side) {
            return Err(SettingsError::InvalidValue {
                key: "size".into(),
                value: side.to_string(),
                reason: Box::new(ValueError::NotAllowed(reason!(
                    "carreaux-size",
                    "the board side must be even, from 4 to {max}",
                    max = MAX_SIDE
                ))),
            });
        }
        let board = Board::new(side);
        let mut game = Carreaux {
            settings,
            table: DistanceTable::shared(side),
            keys: tafel_core::zobrist::keys(0xCA88_0001, board.cells() * 3 + 1),
            board,
            start_total: 0,
        };
        game.start_total = game.start().total;
        Ok(game)
    }

    fn settings(&self) -> &CarreauxSettings {
        &self.settings
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: Player) -> &'static str {
        ["Red", "Blue"][player.index()]
    }

    fn start(&self) -> State {
        let (red, blue) = self.settings.layout.tiles(&self.board);
        self.position(red, blue, START_BUBBLE, RED, 0, &[])
            .expect("no start layout has a connected colour")
    }

    #[inline]
    fn status(&self, state: &State) -> Status {
        match state.connected {
            Some(RED) => Status::Over(Outcome::win(RED, REASON_RED_CONNECTED)),
            Some(_) => Status::Over(Outcome::win(BLUE, REASON_BLUE_CONNECTED)),
            None if state.legal == 0 => Status::Over(self.no_move_outcome(state)),
            None => Status::ToMove(state.to_move),
        }
    }

    fn legal_moves(&self, state: &State, out: &mut Vec<u8>) {
        out.clear();
        let neighbours = self.board.neighbours(state.bubble());
        out.extend(
            (0..4)
                .filter(|slot| state.legal >> slot & 1 != 0)
                .map(|slot| neighbours[slot]),
        );
    }

    /// The legal slide of the index drawn among the legal slides, read from the slots'
    /// legality bits: the draw and the move are those of the listed moves, without the list.
    /// Inlined, as [`Game::apply`] is, into a vector of games (another crate).
    #[inline(always)]
    fn random_move<R: rand::Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut Vec<u8>,
    ) -> u8 {
        buffer.clear();
        let legal = state.legal;
        // `rand` samples a `usize` range that fits 32 bits as this `u32` range (which the
        // compiler inlines): the same index as the listed draw's.
        let index = rng.random_range(0..legal.count_ones());
        let slot = NTH_SLOT[usize::from(legal) & 15][index as usize & 3];
        self.board.neighbours(state.bubble())[usize::from(slot)]
    }

    /// Inlined, with the look-up of the new position's slides, into a vector of games'
    /// step (another crate).
    #[inline(always)]
    fn apply(&self, state: &mut State, tile: u8) {
        let bubble = state.bubble();
        // The slot of the tile among the bubble's neighbours, found without a branch per
        // slot (the slot of a random slide is unforeseeable): the first zero byte of the
        // neighbours XOR the tile in every byte (the lowest byte the test marks is the first
        // zero; a byte above it may be marked wrongly, which the lowest bit ignores).
        let differ =
            u32::from_le_bytes(self.board.neighbours(bubble)) ^ (u32::from(tile) * 0x0101_0101);
        let zeros = differ.wrapping_sub(0x0101_0101) & !differ & 0x8080_8080;
        assert!(zeros != 0, "a slide moves a tile next to the bubble");
        let slot = zeros.trailing_zeros() as usize / 8;
        let tile = tile as usize;
        state.hash = self.hash_after_slide(state, tile);
        state.red.move_if_present(tile, bubble);
        state.blue.move_if_present(tile, bubble);
        state.bubble = tile as u8;
        state.to_move = other(state.to_move);
        state.plies += 1;
        state.total = state.totals_after[slot];
        if state.connects >> slot & 1 != 0 {
            // The sliding tile's colour, now on the bubble's cell.
            state.connected = state.colour_at(bubble);
        }
        if self.settings.rule == MoveRule::Free {
            state.history.push(state.hash);
        }
        self.evaluate_slides(state);
    }

    fn hash(&self, state: &State) -> u64 {
        state.hash
    }

    /// Under `rule=free` every position of the game is remembered, the current one included
    /// (none under the literal rule, whose slides can never recreate a position): only the
    /// first position of a game is free of earlier ones.
    fn history_free(&self, state: &State) -> bool {
        state.history.len() <= 1
    }

    fn hash_from_scratch(&self, state: &State) -> u64 {
        let tiles = |set: CellSet, k: usize| set.iter().fold(0, |h, c| h ^ self.keys[c * 3 + k]);
        let side = if state.to_move == BLUE {
            self.keys[self.board.cells() * 3]
        } else {
            0
        };
        tiles(state.red, 0) ^ tiles(state.blue, 1) ^ self.keys[state.bubble() * 3 + 2] ^ side
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<u8, ParseError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, _state: &State, tile: u8) -> String {
        notation::format_move(self, tile)
    }

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        code::parse(self, text)
    }

    fn format_position(&self, state: &State) -> String {
        code::format(self, state)
    }

    fn picture(&self, state: &State) -> String {
        picture::draw(self, state)
    }

    fn max_plies(&self) -> Option<u64> {
        match self.settings.rule {
            // Every slide lowers the total group value, which starts at `start_total`.
            MoveRule::Literal => Some(self.start_total as u64),
            MoveRule::Free => {
                (self.settings.ply_limit > 0).then_some(self.settings.ply_limit as u64)
            }
        }
    }
}

#[cfg(test)]
mod tests;
