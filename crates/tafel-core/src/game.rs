//! The [`Game`] trait: the rules of one game, applied to its positions.

use std::fmt::{self, Debug};
use std::hash::Hash;

use rand::Rng;

use crate::notation::ParseError;
use crate::outcome::{Outcome, Status};
use crate::player::Player;
use crate::reason::Reason;
use crate::settings::GameSettings;

/// Static facts about a game, for listings.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct GameInfo {
    /// The name used on the command line, in the web API and in records (`black-path`).
    pub name: &'static str,
    /// The name shown to people ("Black Path Game").
    pub title: &'static str,
    /// One sentence about the game.
    pub summary: &'static str,
}

/// The rules of one game, built from its settings, acting on positions of type `State`.
///
/// The rules object is immutable and shared; positions are plain values. Moves are small
/// `Copy` values that are only meaningful in the position they were generated for. Chance
/// (a die) is modelled as positions whose [`Status`] is [`Status::Chance`]: their legal
/// "moves" are the chance outcomes, chosen by the caller, never by the engine.
///
/// Forced passes are ordinary moves, so a position whose status is [`Status::ToMove`] always
/// has at least one legal move.
pub trait Game: Send + Sync + Sized + 'static {
    /// A position: everything that determines the legal moves and the outcome.
    type State: Clone + PartialEq + Debug + Send + Sync;
    /// A move or a chance outcome.
    type Move: Copy + Eq + Ord + Hash + Debug + Send + Sync;
    /// The game's typed settings.
    type Settings: GameSettings;

    /// Name, title and summary.
    const INFO: GameInfo;

    /// Every reason an [`Outcome`] of this game can give (`Outcome::reason`),
    /// so that interfaces can give each one words of their own (the server's catalogues key
    /// them by the text).
    const REASONS: &'static [&'static str] = &[];

    /// The rules for `settings`, or why the combination of settings is refused.
    fn new(settings: Self::Settings) -> Result<Self, crate::settings::SettingsError>;

    /// The settings these rules were built from.
    fn settings(&self) -> &Self::Settings;

    /// How many seats the game has (2 to 4).
    fn num_players(&self) -> usize;

    /// The team of `player`; by default every seat is its own team.
    fn team_of(&self, player: Player) -> u8 {
        player.0
    }

    /// The name of a seat as players know it ("White", "Red", "first player").
    fn player_name(&self, player: Player) -> &'static str;

    /// The start position.
    fn start(&self) -> Self::State;

    /// Whose turn it is, whether chance acts, or how the game ended.
    fn status(&self, state: &Self::State) -> Status;

    /// Clears `out` and fills it with the legal moves (or chance outcomes) of `state`, in a
    /// fixed order. Empty exactly when the game is over.
    fn legal_moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// The probability of `outcomes[index]` at a chance position, where `outcomes` are the
    /// position's legal moves. Chance outcomes are equally likely unless a game says otherwise.
    fn chance_probability(
        &self,
        _state: &Self::State,
        outcomes: &[Self::Move],
        _index: usize,
    ) -> f64 {
        1.0 / outcomes.len() as f64
    }

    /// Plays uniformly random moves (and chance outcomes by their probability) from `state`
    /// until the game ends; returns the outcome and the number of moves played (chance
    /// outcomes not counted). `buffer` may be used for move generation.
    ///
    /// The default is the generic loop [`crate::playout::generic_random_playout`]. A game may
    /// override it with a faster loop of its own, which must play the same random game: as a
    /// rule by drawing the same random numbers, so that it plays exactly the generic loop's
    /// game for the same generator ([`crate::conformance::check_own_playout`]); a loop that
    /// draws its own way (EinStein's) must keep every move and outcome exactly as likely, and
    /// its tests compare the two loops' games statistically.
    fn random_playout<R: Rng + ?Sized>(
        &self,
        state: &mut Self::State,
        rng: &mut R,
        buffer: &mut Vec<Self::Move>,
    ) -> (Outcome, u64) {
        crate::playout::generic_random_playout(self, state, rng, buffer)
    }

    /// A uniformly random legal move of `state`, where a player is to move
    /// ([`Status::ToMove`]), drawn from `rng`. `buffer` is room for move generation; on return
    /// it holds either every legal move of `state` in [`Game::legal_moves`]'s order (where the
    /// draw listed them, as the default does) or nothing, so that a caller may use a list
    /// made anyway.
    ///
    /// The default lists the legal moves and draws one index among them, as
    /// [`crate::playout::generic_random_playout`] does. A game may override it with a way that
    /// does not list every move (counting them, say), which must keep every legal move exactly
    /// as likely: [`crate::conformance::check_random_move`] checks that it draws only legal
    /// moves, and that their frequencies over many draws fit the uniform distribution.
    fn random_move<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        rng: &mut R,
        buffer: &mut Vec<Self::Move>,
    ) -> Self::Move {
        self.legal_moves(state, buffer);
        buffer[rng.random_range(0..buffer.len())]
    }

    /// Asks the processor to start fetching what [`Game::apply`] on `state` will write out of
    /// the cache's way (a hint that changes nothing else): a caller about to play moves in many
    /// positions one after the other, as a vector of games does, calls it a few positions
    /// ahead. The default does nothing.
    #[inline(always)]
    fn prefetch(&self, _state: &Self::State) {}

    /// Plays `mv`, which must be one of the legal moves of `state`.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);

    /// The position's hash, usually kept up to date incrementally by [`Game::apply`]. Equal
    /// positions (as position codes) have equal hashes.
    fn hash(&self, state: &Self::State) -> u64;

    /// The same hash computed from nothing but the position, to check the incremental one.
    fn hash_from_scratch(&self, state: &Self::State) -> u64;

    /// Whether what can follow `state` depends on its position alone, not on the positions
    /// before it: false while a repetition rule remembers earlier positions that could forbid
    /// a move or end the game further on (Quarx after a king's slide, Carreaux under
    /// `rule=free`, Kauri after a move without capture). Searchers share a value between two
    /// ways of reaching the same position (a transposition) only where this holds; the ply
    /// limit is the one history they ignore. True by default (no repetition rule).
    fn history_free(&self, _state: &Self::State) -> bool {
        true
    }

    /// Reads a move (or chance outcome) in the game's notation. Only well-formedness is
    /// checked here; [`GameExt::parse_legal_move`] also checks legality.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, ParseError>;

    /// Writes a move of `state` in the game's notation; [`Game::parse_move`] reads it back.
    fn format_move(&self, state: &Self::State, mv: Self::Move) -> String;

    /// Reads a position code.
    fn parse_position(&self, code: &str) -> Result<Self::State, ParseError>;

    /// Writes the position code; [`Game::parse_position`] reads it back exactly.
    fn format_position(&self, state: &Self::State) -> String;

    /// A text picture of the position for terminals (several lines, no trailing newline).
    fn picture(&self, state: &Self::State) -> String;

    /// An upper bound on the number of plies (moves, chance outcomes excluded) of any game
    /// from the start, when the rules or settings give one.
    fn max_plies(&self) -> Option<u64>;

    /// Writes a record's moves (the text after the tags): [`Game::write_annotated_movetext`]
    /// without notes.
    fn write_movetext(&self, start: &Self::State, moves: &[Self::Move]) -> String {
        self.write_annotated_movetext(start, moves, &[])
    }

    /// Writes a record's moves with `notes[i]` (a mark such as `?` and a `{comment}`) after
    /// move `i`; `notes` may be shorter than `moves`. [`Game::parse_movetext`] reads the text
    /// back, skipping the notes. Games with a traditional notation for whole games (Kauri)
    /// override this and [`Game::parse_movetext`].
    fn write_annotated_movetext(
        &self,
        start: &Self::State,
        moves: &[Self::Move],
        notes: &[crate::record::MoveNote],
    ) -> String {
        crate::record::write_numbered_movetext(self, start, moves, notes)
    }

    /// The number each of `moves` from `start` carries in the record [`Game::write_movetext`]
    /// writes, so that a move list can be numbered as the record is; a chance outcome carries
    /// the number of the move it comes before. By default one number per move (`12. 3 U-S`).
    fn move_numbers(&self, start: &Self::State, moves: &[Self::Move]) -> Vec<u32> {
        crate::record::numbered_move_numbers(self, start, moves)
    }

    /// Reads a record's moves from `start`, checking each one's legality; the error names the
    /// first problem by its move number.
    fn parse_movetext(
        &self,
        start: &Self::State,
        text: &str,
    ) -> Result<Vec<Self::Move>, crate::record::ReplayError> {
        crate::record::parse_numbered_movetext(self, start, text)
    }
}

/// A move that was read but is not legal here, or could not be read at all.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not a move in the game's notation.
    Malformed(ParseError),
    /// The text is a move, but not a legal one in this position.
    Illegal {
        /// The move as given.
        text: String,
        /// The legal moves here, in notation.
        legal: Vec<String>,
    },
    /// The game is over; no move can be played.
    GameOver,
}

impl MoveError {
    /// The error as a reason by code.
    pub fn reason(&self) -> Reason {
        match self {
            MoveError::Malformed(e) => e.as_reason(),
            MoveError::Illegal { text, legal } => {
                Reason::new("illegal-move", "illegal move `{text}`; legal here: {legal}")
                    .with("text", text)
                    .with("legal", legal.join(" "))
            }
            MoveError::GameOver => Reason::new("game-over", "the game is over"),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.reason(), f)
    }
}

impl std::error::Error for MoveError {}

/// Conveniences every game gets for free.
pub trait GameExt: Game {
    /// The legal moves of `state` as a new vector (for callers off the hot path).
    fn legal_move_vec(&self, state: &Self::State) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves(state, &mut out);
        out
    }

    /// Reads `text` and checks that it is legal in `state`.
    ///
    /// ```
    /// use tafel_core::game::GameExt;
    /// use tafel_core::{Game, MoveError};
    /// use tafel_testkit::games::TeamNim;
    ///
    /// let one = TeamNim.parse_position("1 E").unwrap();
    /// assert_eq!(TeamNim.parse_legal_move(&one, " 1 "), Ok(1));
    /// let err = TeamNim.parse_legal_move(&one, "2").unwrap_err();
    /// assert_eq!(err, MoveError::Illegal { text: "2".into(), legal: vec!["1".into()] });
    /// assert!(matches!(TeamNim.parse_legal_move(&one, "two"), Err(MoveError::Malformed(_))));
    /// ```
    fn parse_legal_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, MoveError> {
        let legal = self.legal_move_vec(state);
        if legal.is_empty() {
            return Err(MoveError::GameOver);
        }
        let mv = self
            .parse_move(state, text.trim())
            .map_err(MoveError::Malformed)?;
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal {
                text: text.trim().to_string(),
                legal: legal.iter().map(|&m| self.format_move(state, m)).collect(),
            })
        }
    }

    /// The position after `mv`.
    fn after(&self, state: &Self::State, mv: Self::Move) -> Self::State {
        let mut next = state.clone();
        self.apply(&mut next, mv);
        next
    }
}

impl<G: Game> GameExt for G {}
