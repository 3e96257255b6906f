//! Kauri (Ralf Gering, 2006): a two-row mancala game with two kinds of counters. Seeds are
//! sown first, then cowries; a cowrie dropped into an opponent's hole without cowries takes
//! its seeds, a seed dropped into an opponent's hole holding only cowries goes to the
//! opponent. Whoever captures more seeds wins.
//!
//! A position packs the per-hole counts of seeds and of cowries into one `u64` per row each (a
//! byte lane per hole), so that a sowing of any length is a few branch-free integer operations
//! (module `sowing`). With the two stores and the side to move they make a small `Copy` board;
//! the position adds the positions since the last capture, for the repetition rule. Playing a
//! move allocates nothing beyond the growth of that list, and the hash is computed only when
//! asked for.

mod board;
mod code;
mod hashing;
mod lanes;
mod movetext;
mod notation;
mod picture;
mod playout;
mod repetition;
mod settings;
mod sowing;

pub use board::{hole_of, letter, owner, HOLES, ROW, TOTAL_COWRIES, TOTAL_SEEDS};
pub use settings::{KauriSettings, Tiebreak};

use tafel_core::game::GameInfo;
use tafel_core::record::{MoveNote, ReplayError};
use tafel_core::settings::SettingsError;
use tafel_core::{Game, Outcome, ParseError, Player, PlayerSet, Scores, Status};

use board::Board;
use repetition::{Key, Repetitions};

/// Why a game ended: no seed left on the board (the rules' end).
pub const REASON_NO_SEED: &str = "no seed left";
/// Why a game ended: a position came back (our addition), scored on captured seeds.
pub const REASON_REPEATED: &str = "position repeated";
/// Why a game ended: the engine ply limit, scored on captured seeds.
pub const REASON_PLY_LIMIT: &str = "ply limit reached";
/// Why a game ended: in the old tie-break phase the player to move has no cowrie.
pub const REASON_TIEBREAK: &str = "tie-break: no move left";

/// A Kauri move: sow one of the mover's holes, or the forced pass.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Sow the hole with this index (0..12, `a`..`f` then `A`..`F`).
    Sow(u8),
    /// Pass: legal only when none of the mover's holes holds a cowrie.
    Pass,
}

/// A Kauri position, with what the repetition rule and the ply limit need to know about the
/// game that led to it.
#[derive(PartialEq, Eq, Debug)]
pub struct State {
    /// The counters and the side to move.
    board: Board,
    /// Whether the position repeated or no seed is left: the game may then be over (the old
    /// tie-break may still go on), and only then, the ply limit aside, does [`Game::status`]
    /// look closer.
    may_be_over: bool,
    /// Plies played, for the ply limit.
    plies: u32,
    /// The positions since the last capture, the current one excluded.
    history: Repetitions,
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            board: self.board,
            may_be_over: self.may_be_over,
            plies: self.plies,
            history: self.history.clone(),
        }
    }

    /// Keeps the room of `self`'s repetition list (`Repetitions::clone_from`).
    fn clone_from(&mut self, source: &Self) {
        self.board = source.board;
        self.may_be_over = source.may_be_over;
        self.plies = source.plies;
        self.history.clone_from(&source.history);
    }
}

impl State {
    /// The seeds in hole `hole` (0..12).
    pub fn seeds(&self, hole: usize) -> u8 {
        self.board.seeds_in(hole)
    }

    /// The cowries in hole `hole` (0..12).
    pub fn cowries(&self, hole: usize) -> u8 {
        self.board.cowries_in(hole)
    }

    /// The seeds `player` has captured.
    pub fn store(&self, player: Player) -> u8 {
        self.board.store(player)
    }

    /// The player to move (also meaningful once the game is over).
    pub fn side(&self) -> Player {
        Player(self.board.side)
    }

    /// The seeds still on the board.
    pub fn seeds_on_board(&self) -> u8 {
        self.board.seeds_on_board()
    }

    /// Plies played since the start or since the position was read from a code (passes
    /// included); counts toward the ply limit.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Whether `player` has a cowrie in his row, that is, a hole he may sow.
    pub fn can_sow(&self, player: Player) -> bool {
        self.board.can_sow(player)
    }

    /// The player who has captured more than half of the seeds, if any: the game is then
    /// decided (published records stop there), although the rules play on.
    pub fn decided_winner(&self) -> Option<Player> {
        (0..2)
            .map(Player)
            .find(|&p| 2 * self.store(p) > TOTAL_SEEDS)
    }
}

/// Kauri under one choice of settings.
#[derive(Clone, Debug)]
pub struct Kauri {
    settings: KauriSettings,
    /// The ply limit, or `u32::MAX` without one: [`Game::status`] looks closer from there on.
    ply_cap: u32,
}

impl Kauri {
    /// The outcome when the game ends on captured seeds: more seeds wins, equal is a draw.
    fn scored(&self, state: &State, reason: &'static str) -> Outcome {
        let [first, second] = [state.store(Player(0)), state.store(Player(1))];
        let winners = match first.cmp(&second) {
            std::cmp::Ordering::Greater => PlayerSet::single(Player(0)),
            std::cmp::Ordering::Less => PlayerSet::single(Player(1)),
            std::cmp::Ordering::Equal => PlayerSet::EMPTY,
        };
        Outcome {
            winners,
            scores: Some(scores(state)),
            reason,
        }
    }

    /// Whether `state` is in the old tie-break phase: no seed left, equal scores, and the
    /// setting asks to play on.
    #[inline]
    pub fn in_tiebreak(&self, state: &State) -> bool {
        self.settings.tiebreak == Tiebreak::Old
            && state.seeds_on_board() == 0
            && state.board.stores[0] == state.board.stores[1]
    }

    /// A position from its parts (for codes and tests); the history is empty.
    fn assemble(
        &self,
        seeds: [u8; HOLES],
        cowries: [u8; HOLES],
        stores: [u8; 2],
        side: Player,
        plies: u32,
    ) -> State {
        let board = Board::new(&seeds, &cowries, stores, side);
        State {
            board,
            may_be_over: board.seeds_on_board() == 0,
            plies,
            history: Repetitions::default(),
        }
    }

    /// The status when [`Game::status`]'s quick test says the game may be over.
    #[cold]
    fn closer_status(&self, state: &State) -> Status {
        if state.history.contains(&Key::of(&state.board)) {
            return Status::Over(self.scored(state, REASON_REPEATED));
        }
        let mover = state.side();
        if state.seeds_on_board() == 0 {
            if !self.in_tiebreak(state) {
                return Status::Over(self.scored(state, REASON_NO_SEED));
            }
            if !state.can_sow(mover) {
                return Status::Over(Outcome {
                    winners: PlayerSet::single(Player(1 - mover.0)),
                    scores: Some(scores(state)),
                    reason: REASON_TIEBREAK,
                });
            }
        }
        if self.settings.ply_limit > 0 && state.plies >= self.settings.ply_limit {
            return Status::Over(self.scored(state, REASON_PLY_LIMIT));
        }
        Status::ToMove(mover)
    }

    /// Plays `mv` on `board` and records the position it leaves in `history`: all of
    /// [`Game::apply`] but the ply count, always inlined so that the playout loop, which keeps
    /// the board in registers, has the whole move in line. Returns whether the game may then
    /// be over (`State::may_be_over`).
    #[inline(always)]
    fn advance(board: &mut Board, history: &mut Repetitions, mv: Move) -> bool {
        let before = Key::of(board);
        let captured = match mv {
            // The mover's holes are `ROW * side..ROW * (side + 1)`.
            Move::Sow(hole) => board.sow(hole as usize - ROW * board.side as usize),
            Move::Pass => false,
        };
        *board = board.turned();
        let repeated = if captured {
            history.clear();
            false
        } else {
            history.push(&before);
            history.contains(&Key::of(board))
        };
        repeated || board.seeds_on_board() == 0
    }

    /// Plays `mv` and returns the seeds the mover captured directly and lost by indirect
    /// capture (for record annotations).
    pub fn apply_counting(&self, state: &mut State, mv: Move) -> (u8, u8) {
        let mover = state.side();
        let opponent = Player(1 - mover.0);
        let before = (state.store(mover), state.store(opponent));
        self.apply(state, mv);
        (
            state.store(mover) - before.0,
            state.store(opponent) - before.1,
        )
    }
}

/// The legal moves of one player for each set of his holes holding cowries (bit `i` for his
/// `i`-th hole): the sowing moves in hole order, or the pass when the set is empty.
struct MoveTable {
    /// The moves, padded to eight so that an index masked with 7 needs no bounds check.
    moves: [[Move; 8]; 1 << ROW],
    lens: [u8; 1 << ROW],
}

impl MoveTable {
    /// The table of the player with index `side` (0 or 1).
    #[inline(always)]
    fn of(side: u8) -> &'static MoveTable {
        &MOVE_TABLE[side as usize & 1]
    }

    /// The number of legal moves for the set of holes `sowable`.
    #[inline(always)]
    fn count(&self, sowable: usize) -> u8 {
        self.lens[sowable & 63]
    }

    /// The `index`-th legal move (below the count) for the set of holes `sowable`.
    #[inline(always)]
    fn nth(&self, sowable: usize, index: usize) -> Move {
        self.moves[sowable & 63][index & 7]
    }
}

const fn move_table(player: usize) -> MoveTable {
    let mut table = MoveTable {
        moves: [[Move::Pass; 8]; 1 << ROW],
        lens: [1; 1 << ROW],
    };
    let mut mask = 1;
    while mask < 1 << ROW {
        let mut count = 0;
        let mut i = 0;
        while i < ROW {
            if mask & (1 << i) != 0 {
                table.moves[mask][count] = Move::Sow((player * ROW + i) as u8);
                count += 1;
            }
            i += 1;
        }
        table.lens[mask] = count as u8;
        mask += 1;
    }
    table
}

static MOVE_TABLE: [MoveTable; 2] = [move_table(0), move_table(1)];

fn scores(state: &State) -> Scores {
    let mut scores = Scores::default();
    scores.0[0] = state.store(Player(0)) as i32;
    scores.0[1] = state.store(Player(1)) as i32;
    scores
}

impl Game for Kauri {
    type State = State;
    type Move = Move;
    type Settings = KauriSettings;

    const INFO: GameInfo = GameInfo {
        name: "kauri",
        title: "Kauri",
        summary: "Sow seeds, then cowries; cowries capture seeds from the opponent's holes (Ralf Gering, 2006).",
    };

    const REASONS: &'static [&'static str] = &[
        REASON_NO_SEED,
        REASON_REPEATED,
        REASON_PLY_LIMIT,
        REASON_TIEBREAK,
    ];

    fn new(settings: KauriSettings) -> Result<Self, SettingsError> {
        let ply_cap = match settings.ply_limit {
            0 => u32::MAX,
            limit => limit,
        };
        Ok(Kauri { settings, ply_cap })
    }

    fn settings(&self) -> &KauriSettings {
        &self.settings
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: Player) -> &'static str {
        ["first player", "second player"][player.index()]
    }

    fn start(&self) -> State {
        self.assemble([5; HOLES], [1; HOLES], [0; 2], Player(0), 0)
    }

    #[inline]
    fn status(&self, state: &State) -> Status {
        if state.may_be_over || state.plies >= self.ply_cap {
            return self.closer_status(state);
        }
        Status::ToMove(state.side())
    }

    #[inline]
    fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if !matches!(self.status(state), Status::ToMove(_)) {
            return;
        }
        let table = MoveTable::of(state.board.side);
        let entry = state.board.sowable();
        // A fixed-size copy and a truncation: no branch on the holes, no call to memcpy.
        out.extend_from_slice(&table.moves[entry]);
        out.truncate(table.count(entry) as usize);
    }

    /// Kauri's own loop on the move tables, playing the generic loop's games.
    fn random_playout<R: rand::Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        _buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        self.random_playout_on_lanes(state, rng)
    }

    /// The playout's draw (module `playout`): straight from the move table, without the
    /// status or a list (`buffer` left empty); the same move as the default for the same
    /// generator.
    #[inline(always)]
    fn random_move<R: rand::Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> Move {
        buffer.clear();
        Self::random_sowing(&state.board, rng)
    }

    /// Fetches the end of the repetition list, where `apply` writes.
    #[inline(always)]
    fn prefetch(&self, state: &State) {
        state.history.prefetch_end();
    }

    #[inline(always)]
    fn apply(&self, state: &mut State, mv: Move) {
        state.may_be_over = Self::advance(&mut state.board, &mut state.history, mv);
        state.plies += 1;
    }

    fn hash(&self, state: &State) -> u64 {
        hashing::hash(&state.board)
    }

    /// A repeated position ends the game; positions are remembered since the last capture.
    fn history_free(&self, state: &State) -> bool {
        state.history.is_empty()
    }

    fn hash_from_scratch(&self, state: &State) -> u64 {
        hashing::hash(&state.board)
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(text)
    }

    fn format_move(&self, _state: &State, mv: Move) -> String {
        notation::format_move(mv)
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
        (self.settings.ply_limit > 0).then_some(self.settings.ply_limit as u64)
    }

    fn write_annotated_movetext(
        &self,
        start: &State,
        moves: &[Move],
        notes: &[MoveNote],
    ) -> String {
        movetext::write(self, start, moves, notes)
    }

    fn move_numbers(&self, start: &State, moves: &[Move]) -> Vec<u32> {
        movetext::move_numbers(self, start, moves)
    }

    fn parse_movetext(&self, start: &State, text: &str) -> Result<Vec<Move>, ReplayError> {
        movetext::parse(self, start, text)
    }
}

#[cfg(test)]
mod tests;
