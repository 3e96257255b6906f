//! The type-erased view of a game: moves, positions and records as text.
//!
//! The command line and the server work with [`DynGame`] and [`DynPosition`] trait objects,
//! so every game goes through one code path. Work that must be fast (perft, playouts, the
//! conformance checks) runs inside the erased wrapper on the concrete types.

use std::any::Any;
use std::sync::Arc;

use rand::RngCore;

use crate::conformance::ConformanceError;
use crate::game::{Game, GameExt, GameInfo, MoveError};
use crate::notation::ParseError;
use crate::outcome::Status;
use crate::player::Player;
use crate::playout::{random_playouts, sample_chance, PlayoutStats};
use crate::record::{self, Ending, RawRecord, ReplayError};
use crate::settings::{GameSettings, SettingSpec};

/// A game with its settings applied, behind a trait object.
pub trait DynGame: Send + Sync {
    /// Name, title and summary.
    fn info(&self) -> GameInfo;
    /// The descriptions of the game's settings.
    fn setting_specs(&self) -> &'static [SettingSpec];
    /// The settings in force, in `setting_specs` order.
    fn settings(&self) -> Vec<(&'static str, String)>;
    /// How many seats the game has.
    fn num_players(&self) -> usize;
    /// The name of a seat.
    fn player_name(&self, player: Player) -> &'static str;
    /// The team of a seat.
    fn team_of(&self, player: Player) -> u8;
    /// An upper bound on the number of moves of a game, if there is one.
    fn max_plies(&self) -> Option<u64>;
    /// The start position.
    fn start(&self) -> Box<dyn DynPosition>;
    /// The position with the given code.
    fn parse_position(&self, code: &str) -> Result<Box<dyn DynPosition>, ParseError>;
    /// Replays a record made for this game: the start position and the move texts (in
    /// canonical notation), with every move checked.
    fn replay(&self, raw: &RawRecord) -> Result<(Box<dyn DynPosition>, Vec<String>), ReplayError> {
        self.replay_record(raw).map(|r| (r.start, r.moves))
    }
    /// Replays a record made for this game, with every move and the result checked: also how
    /// the game ended when the record says it ended otherwise than by its rules.
    fn replay_record(&self, raw: &RawRecord) -> Result<ErasedReplay, ReplayError>;
    /// Writes the record of `moves` from `start` as text, or as JSON when `json` is set.
    /// The moves must be legal (they are replayed through the rules).
    fn write_record(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
        json: bool,
    ) -> Result<String, ReplayError> {
        self.write_ended_record(start, moves, None, json)
    }
    /// Writes the record of a game that may have ended otherwise than by its rules
    /// (`ending`: a resignation, an agreed draw, a loss on time), with its result and
    /// `Termination`.
    fn write_ended_record(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
        ending: Option<&Ending>,
        json: bool,
    ) -> Result<String, ReplayError>;
    /// Writes the record of `moves` from `start` as text with `notes[i]` after move `i`
    /// and the `extra` tags ([`record::to_annotated_text`]), ended as `ending` says (as in
    /// [`DynGame::write_ended_record`]); it replays like the plain record.
    fn write_annotated_record(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
        ending: Option<&Ending>,
        notes: &[record::MoveNote],
        extra: &[(String, String)],
    ) -> Result<String, ReplayError>;
    /// The record's number of each of `moves` from `start` ([`Game::move_numbers`]).
    fn move_numbers(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
    ) -> Result<Vec<u32>, ReplayError>;
    /// Plays one random game with the given seed, checking every rule of
    /// [`crate::conformance::check_random_game`]; returns the number of moves.
    fn self_check(&self, seed: u64) -> Result<u64, ConformanceError>;
    /// Checks that [`Game::random_move`] draws legal moves uniformly along one random game
    /// with the given seed ([`crate::conformance::check_random_move`]); returns the number
    /// of draws.
    fn random_move_check(&self, seed: u64) -> Result<u64, ConformanceError>;
    /// The concrete game, for code that knows the type.
    fn as_any(&self) -> &dyn Any;
}

impl dyn DynGame + '_ {
    /// Whether this is the game `G` (with any settings): how code that knows games by type
    /// finds its part for an erased game, without comparing names.
    pub fn is<G: Game>(&self) -> bool {
        self.as_any().is::<ErasedGame<G>>()
    }

    /// Every seat's name and team, in seat order (what an [`Ending`] is made from).
    pub fn seats(&self) -> Vec<(&'static str, u8)> {
        (0..self.num_players())
            .map(|p| {
                (
                    self.player_name(Player(p as u8)),
                    self.team_of(Player(p as u8)),
                )
            })
            .collect()
    }

    /// The concrete rules inside, if this is the game `G`.
    pub fn downcast<G: Game>(&self) -> Option<&Arc<G>> {
        self.as_any()
            .downcast_ref::<ErasedGame<G>>()
            .map(|erased| &erased.0)
    }
}

/// A record replayed through [`DynGame::replay_record`].
pub struct ErasedReplay {
    /// The start position.
    pub start: Box<dyn DynPosition>,
    /// Every move and chance outcome, in canonical notation.
    pub moves: Vec<String>,
    /// How the game ended, when the record says it ended otherwise than by its rules.
    pub ending: Option<Ending>,
}

/// A position of some game, behind a trait object, that knows its game.
pub trait DynPosition: Send + Sync {
    /// Whose turn it is, whether chance acts, or how the game ended.
    fn status(&self) -> Status;
    /// The legal moves (or chance outcomes) in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads `text`, checks that it is legal, plays it and returns it in canonical notation.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Plays a uniformly random legal move, or a chance outcome by its probability; returns it
    /// in notation, or `None` when the game is over.
    fn play_random(&mut self, rng: &mut dyn RngCore) -> Option<String>;
    /// The position code.
    fn code(&self) -> String;
    /// The text picture.
    fn picture(&self) -> String;
    /// The position hash.
    fn hash(&self) -> u64;
    /// The result in words (`*` while the game goes on).
    fn describe_status(&self) -> String;
    /// perft(`depth`).
    fn perft(&self, depth: u32) -> u64;
    /// perft(`depth`) split by first ply.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Statistics of `games` random games from here.
    fn random_playouts(&self, games: u64, seed: u64) -> PlayoutStats;
    /// A copy of this position.
    fn clone_box(&self) -> Box<dyn DynPosition>;
    /// The concrete position, for code that knows the type.
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn DynPosition> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Wraps a concrete game as a [`DynGame`].
pub fn erase<G: Game>(game: G) -> Arc<dyn DynGame> {
    Arc::new(ErasedGame(Arc::new(game)))
}

/// A concrete game behind [`DynGame`].
pub struct ErasedGame<G: Game>(pub Arc<G>);

/// A concrete position behind [`DynPosition`], with the rules it belongs to.
pub struct ErasedPosition<G: Game> {
    /// The rules.
    pub game: Arc<G>,
    /// The position.
    pub state: G::State,
}

impl<G: Game> ErasedGame<G> {
    fn position(&self, state: G::State) -> Box<dyn DynPosition> {
        Box::new(ErasedPosition {
            game: self.0.clone(),
            state,
        })
    }

    fn concrete<'a>(
        &self,
        start: &'a dyn DynPosition,
    ) -> Result<&'a ErasedPosition<G>, ReplayError> {
        start
            .as_any()
            .downcast_ref::<ErasedPosition<G>>()
            .ok_or_else(|| {
                ReplayError::record(crate::reason!(
                    "record-start-other-game",
                    "the start position belongs to another game"
                ))
            })
    }

    fn concrete_moves(
        &self,
        start: &G::State,
        moves: &[String],
    ) -> Result<Vec<G::Move>, ReplayError> {
        let mut state = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let mv = self
                .0
                .parse_legal_move(&state, text)
                .map_err(|e| ReplayError::at(i + 1, e.reason()))?;
            self.0.apply(&mut state, mv);
            out.push(mv);
        }
        Ok(out)
    }
}

impl<G: Game> DynGame for ErasedGame<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }
    fn setting_specs(&self) -> &'static [SettingSpec] {
        G::Settings::SPECS
    }
    fn settings(&self) -> Vec<(&'static str, String)> {
        self.0.settings().to_pairs()
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn player_name(&self, player: Player) -> &'static str {
        self.0.player_name(player)
    }
    fn team_of(&self, player: Player) -> u8 {
        self.0.team_of(player)
    }
    fn max_plies(&self) -> Option<u64> {
        self.0.max_plies()
    }
    fn start(&self) -> Box<dyn DynPosition> {
        self.position(self.0.start())
    }
    fn parse_position(&self, code: &str) -> Result<Box<dyn DynPosition>, ParseError> {
        Ok(self.position(self.0.parse_position(code.trim())?))
    }
    fn replay_record(&self, raw: &RawRecord) -> Result<ErasedReplay, ReplayError> {
        let replay = record::replay(self.0.as_ref(), raw)?;
        let mut state = replay.start.clone();
        let mut texts = Vec::with_capacity(replay.moves.len());
        for &mv in &replay.moves {
            texts.push(self.0.format_move(&state, mv));
            self.0.apply(&mut state, mv);
        }
        Ok(ErasedReplay {
            start: self.position(replay.start),
            moves: texts,
            ending: replay.ending,
        })
    }
    fn write_ended_record(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
        ending: Option<&Ending>,
        json: bool,
    ) -> Result<String, ReplayError> {
        let start = self.concrete(start)?;
        let concrete = self.concrete_moves(&start.state, moves)?;
        Ok(if json {
            record::to_ended_json(self.0.as_ref(), &start.state, &concrete, ending)
        } else {
            record::to_ended_text(self.0.as_ref(), &start.state, &concrete, ending)
        })
    }
    fn write_annotated_record(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
        ending: Option<&Ending>,
        notes: &[record::MoveNote],
        extra: &[(String, String)],
    ) -> Result<String, ReplayError> {
        let start = self.concrete(start)?;
        let concrete = self.concrete_moves(&start.state, moves)?;
        Ok(record::to_annotated_text(
            self.0.as_ref(),
            &start.state,
            &concrete,
            ending,
            notes,
            extra,
        ))
    }
    fn move_numbers(
        &self,
        start: &dyn DynPosition,
        moves: &[String],
    ) -> Result<Vec<u32>, ReplayError> {
        let start = self.concrete(start)?;
        let concrete = self.concrete_moves(&start.state, moves)?;
        Ok(self.0.move_numbers(&start.state, &concrete))
    }
    fn self_check(&self, seed: u64) -> Result<u64, ConformanceError> {
        crate::conformance::check_random_game(self.0.as_ref(), seed)
    }
    fn random_move_check(&self, seed: u64) -> Result<u64, ConformanceError> {
        crate::conformance::check_random_move(self.0.as_ref(), seed)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl<G: Game> DynPosition for ErasedPosition<G> {
    fn status(&self) -> Status {
        self.game.status(&self.state)
    }
    fn legal_moves(&self) -> Vec<String> {
        let moves = self.game.legal_move_vec(&self.state);
        moves
            .into_iter()
            .map(|m| self.game.format_move(&self.state, m))
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.game.parse_legal_move(&self.state, text)?;
        let canonical = self.game.format_move(&self.state, mv);
        self.game.apply(&mut self.state, mv);
        Ok(canonical)
    }
    fn play_random(&mut self, rng: &mut dyn RngCore) -> Option<String> {
        let moves = self.game.legal_move_vec(&self.state);
        let mv = match self.game.status(&self.state) {
            Status::Over(_) => return None,
            Status::Chance => sample_chance(self.game.as_ref(), &self.state, &moves, rng),
            Status::ToMove(_) => moves[(rng.next_u64() % moves.len() as u64) as usize],
        };
        let text = self.game.format_move(&self.state, mv);
        self.game.apply(&mut self.state, mv);
        Some(text)
    }
    fn code(&self) -> String {
        self.game.format_position(&self.state)
    }
    fn picture(&self) -> String {
        self.game.picture(&self.state)
    }
    fn hash(&self) -> u64 {
        self.game.hash(&self.state)
    }
    fn describe_status(&self) -> String {
        record::describe_status(self.game.as_ref(), &self.state)
    }
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self.game.as_ref(), &self.state, depth)
    }
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        crate::perft::perft_divide(self.game.as_ref(), &self.state, depth)
    }
    fn random_playouts(&self, games: u64, seed: u64) -> PlayoutStats {
        random_playouts(self.game.as_ref(), &self.state, games, seed)
    }
    fn clone_box(&self) -> Box<dyn DynPosition> {
        Box::new(ErasedPosition {
            game: self.game.clone(),
            state: self.state.clone(),
        })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}
