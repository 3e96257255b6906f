//! Quarx (author and year unknown): draughts on the 128 playable cells of a 4 x 4 x 4 x 4
//! hypercube, with men, flying kings, compulsory maximum captures and a ban on repeating a
//! position.
//!
//! A position is three `u128` sets (White's pieces, Black's pieces, kings), the side to move,
//! the ply count and the hashes of the positions since the last irreversible move. Move
//! generation (`movegen`) reads precomputed neighbour and ray tables ([`board`]).

pub mod board;
mod code;
mod loops;
mod movegen;
mod notation;
mod picture;
mod playout;
mod settings;

pub use loops::{LoopError, PlayoutLoop, LOOP_VARIABLE};
pub use settings::{QuarxSettings, Setup, DEFAULT_PLY_LIMIT};

use tafel_core::game::GameInfo;
use tafel_core::settings::SettingsError;
use tafel_core::{Game, Outcome, ParseError, Player, Status};

use crate::history::History;
use board::{bit, cells, for_each_cell, has, Cell, Tables, CELLS};

/// Why a game ended because the player to move has no piece left.
pub const REASON_NO_PIECES: &str = "no pieces left";
/// Why a game ended because the player to move has pieces but no legal move.
pub const REASON_NO_MOVE: &str = "no legal move";
/// Why a game ended at the engine's ply limit.
pub const REASON_PLY_LIMIT: &str = "ply limit reached";

/// Zobrist kind of a man; add 2 for Black.
const KIND_MAN: usize = 0;
/// Zobrist kind of a king; add 2 for Black.
const KIND_KING: usize = 1;

/// A move: the piece on `from` ends on `to`, having captured the pieces in `captured` (empty
/// for a step or slide). Jump orders with the same start, end and captured set are one move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]

pub struct Move {
    /// The moving piece's cell.
    pub from: Cell,
    /// Where it ends.
    pub to: Cell,
    /// The cells of the pieces it captures.
    pub captured: u128,
}

/// A Quarx position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    white: u128,
    black: u128,
    kings: u128,
    /// 0 when White is to move, 1 for Black.
    side: u8,
    plies: u32,
    hash: u64,
    /// Positions before the current one since the last capture or man's move.
    history: History,
}

impl State {
    /// White's pieces.
    pub fn white(&self) -> u128 {
        self.white
    }

    /// Black's pieces.
    pub fn black(&self) -> u128 {
        self.black
    }

    /// The kings of both sides.
    pub fn kings(&self) -> u128 {
        self.kings
    }

    /// The player to move (White is `Player(0)`).
    pub fn to_move(&self) -> Player {
        Player(self.side)
    }

    /// Plies played since the start (or since the position code it was read from).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The hashes of the positions before this one that the repetition ban remembers (those
    /// since the last capture or man's move), oldest first: what the position code carries.
    pub fn earlier(&self) -> &[u64] {
        self.history.hashes()
    }

    /// The mover's pieces and the opponent's.
    fn sides(&self) -> (u128, u128) {
        if self.side == 0 {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        }
    }
}

/// Quarx under one setup and ply limit.
#[derive(Clone, Debug)]
pub struct Quarx {
    settings: QuarxSettings,
    tables: Box<Tables>,
    /// One key per cell and kind (White man, White king, Black man, Black king).
    piece_keys: Box<[[u64; 4]; CELLS]>,
    side_key: u64,
    /// The version of the playout loop that runs ([`PlayoutLoop::active`], read when the game
    /// is made rather than at each random move: a vector's step draws one a ply).
    active_loop: PlayoutLoop,
}

impl Quarx {
    fn piece_key(&self, cell: Cell, kind: usize) -> u64 {
        // (The remainders cost nothing and spare the bounds checks: cells are below 128.)
        self.piece_keys[cell as usize % CELLS][kind % 4]
    }

    /// A position from its pieces, with the ply count and history at zero.
    fn position(&self, white: u128, black: u128, kings: u128, side: u8) -> State {
        let mut state = State {
            white,
            black,
            kings,
            side,
            plies: 0,
            hash: 0,
            history: History::default(),
        };
        state.hash = self.hash_from_scratch(&state);
        state
    }

    /// Plays `mv` ([`Game::apply`]); inlined, so that the playout's version for `popcnt` and
    /// BMI has its own.
    #[inline(always)]
    fn play(&self, state: &mut State, mv: Move) {
        let hash = state.hash ^ self.hash_change(state, mv);
        self.play_unhashed(state, mv);
        state.hash = hash;
    }

    /// What playing `mv` changes in the hash: the side to move, the mover's key on both its
    /// cells (a king's on the promotion row) and the captured pieces' keys.
    #[inline(always)]
    fn hash_change(&self, state: &State, mv: Move) -> u64 {
        let side = state.side as usize;
        // The mover's pieces are kinds 0 and 1 for White, 2 and 3 for Black; captured pieces
        // are the other side's.
        let king = has(state.kings, mv.from);
        let kind = 2 * side + if king { KIND_KING } else { KIND_MAN };
        let promotes = !king && has(self.tables.promotion[side], mv.to);
        let mut change = self.side_key ^ self.piece_key(mv.from, kind);
        change ^= self.piece_key(mv.to, if promotes { kind + 1 } else { kind });
        let captured_men = 2 * (side ^ 1) + KIND_MAN;
        for cell in cells(mv.captured) {
            let captured_king = usize::from(has(state.kings, cell));
            change ^= self.piece_key(cell, captured_men + captured_king);
        }
        change
    }

    /// [`Quarx::play`] except the hash, which it leaves as it was: the random playout
    /// ([`Quarx::random_playout_counting`]) keeps it only while positions are remembered.
    /// A king's slide pushes `state.hash` into the history, so it must be the position's.
    #[inline(always)]
    fn play_unhashed(&self, state: &mut State, mv: Move) {
        let side = state.side as usize;
        let king = has(state.kings, mv.from);
        let moved = bit(mv.from) ^ bit(mv.to);
        if side == 0 {
            state.white ^= moved;
            state.black &= !mv.captured;
        } else {
            state.black ^= moved;
            state.white &= !mv.captured;
        }
        state.kings &= !mv.captured;
        if king {
            state.kings ^= moved;
        } else if has(self.tables.promotion[side], mv.to) {
            state.kings |= bit(mv.to);
        }
        if king && mv.captured == 0 {
            state.history.push(state.hash);
        } else {
            state.history.clear();
        }
        state.side ^= 1;
        state.plies += 1;
    }

    fn limit_reached(&self, state: &State) -> bool {
        self.settings.ply_limit != 0 && state.plies >= self.settings.ply_limit
    }
}

impl Game for Quarx {
    type State = State;
    type Move = Move;
    type Settings = QuarxSettings;

    const INFO: GameInfo = GameInfo {
        name: "quarx",
        title: "Quarx",
        summary: "Draughts in four dimensions: men and flying kings on a 4x4x4x4 hypercube.",
    };

    const REASONS: &'static [&'static str] = &[REASON_NO_PIECES, REASON_NO_MOVE, REASON_PLY_LIMIT];

    fn new(settings: QuarxSettings) -> Result<Self, SettingsError> {
        let piece_keys = tafel_core::zobrist::keys(0x0A7A_0001, CELLS * 4);
        Ok(Quarx {
            settings,
            tables: Tables::new(),
            piece_keys: Box::new(std::array::from_fn(|cell| {
                std::array::from_fn(|kind| piece_keys[cell * 4 + kind])
            })),
            side_key: tafel_core::zobrist::keys(0x0A7A_0002, 1)[0],
            active_loop: PlayoutLoop::active(),
        })
    }

    fn settings(&self) -> &QuarxSettings {
        &self.settings
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: Player) -> &'static str {
        ["White", "Black"][player.index()]
    }

    fn start(&self) -> State {
        let setup = self.settings.setup;
        self.position(setup.white_men(), setup.black_men(), 0, 0)
    }

    #[inline]
    fn status(&self, state: &State) -> Status {
        let winner = Player(1 - state.side);
        if state.sides().0 == 0 {
            Status::Over(Outcome::win(winner, REASON_NO_PIECES))
        } else if !self.has_move(state) {
            Status::Over(Outcome::win(winner, REASON_NO_MOVE))
        } else if self.limit_reached(state) {
            Status::Over(Outcome::draw(REASON_PLY_LIMIT))
        } else {
            Status::ToMove(state.to_move())
        }
    }

    fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        if self.limit_reached(state) {
            out.clear();
            return;
        }
        self.captures(state, out);
        if out.is_empty() {
            self.quiet_moves(state, out);
        }
    }

    /// Quarx's own loop (module `playout`), playing the generic loop's games.
    fn random_playout<R: rand::Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        self.random_playout_counting(state, rng, buffer)
    }

    /// The playout's draw (module `playout`): the quiet moves counted, not listed (`buffer`
    /// left empty), the captures listed; the same move as the default for the same generator.
    fn random_move<R: rand::Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> Move {
        self.random_move_counting(state, rng, buffer)
    }

    /// Inlined into callers in other crates (a vector of games' step).
    #[inline]
    fn apply(&self, state: &mut State, mv: Move) {
        self.play(state, mv);
    }

    fn hash(&self, state: &State) -> u64 {
        state.hash
    }

    /// The repetition ban remembers the positions since the last capture or man's step.
    fn history_free(&self, state: &State) -> bool {
        state.history.is_empty()
    }

    fn hash_from_scratch(&self, state: &State) -> u64 {
        let (white, black, kings) = (state.white, state.black, state.kings);
        // Each kind's pieces apart: no test of a piece's kind.
        let mut pieces = 0;
        for (set, kind) in [
            (white & !kings, KIND_MAN),
            (white & kings, KIND_KING),
            (black & !kings, 2 + KIND_MAN),
            (black & kings, 2 + KIND_KING),
        ] {
            for_each_cell(set, |cell| pieces ^= self.piece_key(cell, kind));
        }
        if state.side == 1 {
            pieces ^ self.side_key
        } else {
            pieces
        }
    }

    fn parse_move(&self, state: &State, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(state, text)
    }

    fn format_move(&self, state: &State, mv: Move) -> String {
        notation::format_move(self, state, mv)
    }

    fn parse_position(&self, code: &str) -> Result<State, ParseError> {
        code::parse(self, code)
    }

    fn format_position(&self, state: &State) -> String {
        code::format(state)
    }

    fn picture(&self, state: &State) -> String {
        picture::draw(state)
    }

    fn max_plies(&self) -> Option<u64> {
        match self.settings.ply_limit {
            0 => None,
            limit => Some(u64::from(limit)),
        }
    }
}

#[cfg(test)]
mod tests;
