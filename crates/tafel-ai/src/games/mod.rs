//! What each game gives the computer players, through one trait: [`GameAi`], implemented once
//! per game in this folder's module of the same name (`games/kauri.rs`, ...).
//!
//! A game's [`GameAi`] names its evaluation function, its strength levels, its analysis
//! search, its part of the search signature, and what the solvers lend it (perfect play where
//! the game is solved, exact knowledge where part of it is). Everything else reaches the games
//! through this trait: the generic searchers through the type, the command line and the server
//! through [`DynGameAi`], the type-erased view of one game's AI, found for a registered game
//! by its type ([`game_ai`], [`entry_ai`]), never by its name.
//!
//! The games come from the one list in `tafel-games` ([`tafel_games::for_each_game!`]): a game
//! added there without a [`GameAi`] does not compile.

pub mod black_path;
pub mod carreaux;
pub mod einstein;
pub mod karls_race;
pub mod kauri;
pub mod quarx;

use std::collections::HashSet;
use std::fmt;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::Arc;

use tafel_core::registry::GameEntry;
use tafel_core::{DynGame, DynPosition, Game, GameInfo, Reason};

use crate::agent::Agent;
use crate::erased::{typed_agent_with_notice, AgentOptions, AiError, DynAgent, ErasedAgent};
use crate::eval::Evaluator;
use crate::levels::{level_in, Algorithm, UnknownLevel};
use crate::puzzles::generate::generate_typed;
use crate::puzzles::mine::mine_typed;
use crate::puzzles::{
    values_erased, Generated, PlayedGame, PuzzleError, PuzzleGame, PuzzleOptions, Report,
};
use crate::review::{start_typed, ReviewError, ReviewOptions, ReviewSteps};
use crate::scale::assess::{assess_typed, calibration};
use crate::scale::Chance;
use crate::scale::{AssessOptions, Calibration, DynAssessment, Oracle};
use crate::signature::{game_lines, SignatureLine, SignatureSpec};
use crate::solve::karls_race::TableError;
use crate::solve::Progress;

/// What a game gives the computer players. One implementation per game, in
/// `games/<game>.rs`; see the module documentation.
pub trait GameAi: Game {
    /// The game's own evaluation function: what the searchers use where a level asks for
    /// [`crate::Leaf::Heuristic`] or [`crate::Leaf::CutPlayout`]. A game without a useful one
    /// uses [`crate::PlayoutEvaluator`].
    type Heuristic: Evaluator<Self> + Clone + Default + 'static;

    /// The strength levels: `LEVELS[i]` is level `i + 1`, from one a beginner can beat up to
    /// the strongest. What each was measured to do is in `docs/ai.md`.
    const LEVELS: &'static [Algorithm];

    /// The search `tafel hint` runs when no level is asked for: deeper than the levels where
    /// the game allows it, and for deterministic two-player games able to prove results.
    const ANALYSIS: Algorithm;

    /// The game's part of the search signature ([`crate::signature`]): positions whose
    /// searches' node counts change when search behaviour does.
    const SIGNATURE: &'static [SignatureSpec];

    /// Whether [`GameAi::perfect_agent`] can play with these settings, found out without
    /// building the player (it reads no table, only checks that it is there). A game that
    /// overrides one of the two overrides both.
    fn perfect_play(&self) -> Result<(), NoPerfectPlay> {
        Err(NoPerfectPlay::NotSolved {
            game: Self::INFO.title,
        })
    }

    /// A player that plays perfectly with these settings, or why there is none (the game or
    /// variant is not solved, or a solution table has not been built yet).
    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, NoPerfectPlay> {
        Err(NoPerfectPlay::NotSolved {
            game: Self::INFO.title,
        })
    }

    /// `agent` with the solvers' exact knowledge of this game added (a solved phase, say);
    /// by default `agent` as it is.
    fn with_exact_knowledge(&self, agent: Box<dyn Agent<Self>>) -> Box<dyn Agent<Self>> {
        agent
    }

    /// The solution table that perfect play with these settings needs and that is missing
    /// (or unusable) here, with how to build it; `None` when perfect play needs no table or
    /// has it. A game that keeps its solution in a file overrides this together with
    /// [`GameAi::perfect_play`].
    fn missing_table(&self) -> Option<MissingTable> {
        None
    }

    /// The exact value of every move, where the game's solvers know it with these settings
    /// (see [`Oracle`]); `None`, the default, for a game without solvers.
    fn oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        None
    }

    /// The curves that map this game's search scores to chances on the one scale
    /// ([`crate::scale`]): the JSON text of a [`crate::scale::Calibration`], as
    /// `tafel analyze GAME --fit` writes it (embedded with `include_str!`). Empty, the
    /// default, where none was fitted: the searches' own expected results are shown then,
    /// labelled as not calibrated.
    const CALIBRATION: &'static str = "";
}

/// A solution table that is missing, and the work that builds it where perfect play looks for
/// it ([`GameAi::missing_table`]): for `tafel serve --build-tables`, which builds such tables
/// in the background.
pub struct MissingTable {
    /// What the table is, for people ("the Karl's Race table").
    pub what: &'static str,
    /// Where it is written, and where perfect play looks for it.
    pub path: PathBuf,
    build: BuildTable,
}

/// The work that builds a [`MissingTable`], reporting to the progress it is given.
type BuildTable = Box<dyn FnOnce(&dyn Progress) -> Result<(), TableError> + Send>;

impl MissingTable {
    /// A table called `what`, at `path`, made by `build` (which reports to the progress it is
    /// given and writes the file so that it appears under `path` only when complete).
    pub fn new(
        what: &'static str,
        path: PathBuf,
        build: impl FnOnce(&dyn Progress) -> Result<(), TableError> + Send + 'static,
    ) -> MissingTable {
        MissingTable {
            what,
            path,
            build: Box::new(build),
        }
    }

    /// Builds the table and writes it to [`MissingTable::path`]; the levels that need it can
    /// play as they say from then on.
    pub fn build(self, progress: &dyn Progress) -> Result<(), TableError> {
        (self.build)(progress)
    }
}

impl fmt::Debug for MissingTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MissingTable")
            .field("what", &self.what)
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// Why a game cannot be played perfectly with its settings.
#[derive(Debug)]
pub enum NoPerfectPlay {
    /// The game is not solved.
    NotSolved {
        /// The game's title.
        game: &'static str,
    },
    /// The game is solved, but not with these settings; the reason says which are.
    UnsolvedSettings(Reason),
    /// The solution is a table file that is missing or unusable; the error says how to
    /// build it.
    Table(TableError),
}

impl NoPerfectPlay {
    /// Why, as a reason by code.
    pub fn reason(&self) -> Reason {
        match self {
            NoPerfectPlay::NotSolved { game } => {
                tafel_core::reason!("not-solved", "{game} is not solved", game)
            }
            NoPerfectPlay::UnsolvedSettings(why) => why.clone(),
            NoPerfectPlay::Table(e) => e.reason(),
        }
    }
}

impl fmt::Display for NoPerfectPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.reason(), f)
    }
}

impl std::error::Error for NoPerfectPlay {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NoPerfectPlay::Table(e) => Some(e),
            _ => None,
        }
    }
}

/// Whether a level can play as its table says.
#[derive(Debug)]
pub enum Availability {
    /// It can.
    Ready,
    /// It cannot (a perfect level whose solution is missing for these settings): why, which
    /// says how to get it where that can be done, and what plays instead.
    Unavailable {
        /// Why the level cannot play as it says.
        reason: NoPerfectPlay,
        /// What plays in its place.
        instead: Algorithm,
    },
}

impl Availability {
    /// The notice an agent of this level gives ([`DynAgent::notice`]): `None` when the level
    /// is ready, else why it cannot play as it says and what plays instead.
    pub fn notice(&self) -> Option<Reason> {
        match self {
            Availability::Ready => None,
            Availability::Unavailable { reason, instead } => {
                Some(substitute_notice(reason, instead))
            }
        }
    }
}

/// The notice of a perfect level played by its stand-in `instead` because of `reason`.
pub(crate) fn substitute_notice(reason: &NoPerfectPlay, instead: &Algorithm) -> Reason {
    Reason::new(
        "no-perfect-play",
        "no perfect play: {why}; playing {instead}",
    )
    .with_reason("why", reason.reason())
    .with_reason("instead", instead.reason())
}

/// Whether `algorithm` can play on `game` as it says, without building it.
fn availability<G: GameAi>(game: &G, algorithm: Algorithm) -> Availability {
    match algorithm {
        Algorithm::Perfect { otherwise } => match game.perfect_play() {
            Ok(()) => Availability::Ready,
            Err(reason) => Availability::Unavailable {
                reason,
                instead: *otherwise,
            },
        },
        _ => Availability::Ready,
    }
}

/// One game's [`GameAi`] behind a trait object, for code that holds games as
/// [`DynGame`]s or registry entries (the command line, the server).
pub trait DynGameAi: Send + Sync {
    /// The game's name, title and summary.
    fn info(&self) -> GameInfo;
    /// Whether `game` is this game (with any settings).
    fn is_for(&self, game: &dyn DynGame) -> bool;
    /// Whether the registry entry `entry` is this game.
    fn is_for_entry(&self, entry: &GameEntry) -> bool;
    /// The strength levels ([`GameAi::LEVELS`]).
    fn levels(&self) -> &'static [Algorithm];
    /// Level `level`, counted from 1.
    fn level(&self, level: u32) -> Result<Algorithm, UnknownLevel>;
    /// The analysis search ([`GameAi::ANALYSIS`]).
    fn analysis(&self) -> Algorithm;
    /// The game's lines of the search signature (runs the searches).
    fn signature(&self) -> Vec<SignatureLine>;
    /// An agent running `algorithm` on `game`, which must be this game.
    fn agent(
        &self,
        game: &dyn DynGame,
        algorithm: Algorithm,
        options: &AgentOptions,
    ) -> Result<Box<dyn DynAgent>, AiError>;
    /// Whether level `level` can play on `game` (this game, with its settings) as its table
    /// says, found out without building the agent.
    fn availability(&self, game: &dyn DynGame, level: u32) -> Result<Availability, AiError>;
    /// The solution table that perfect play on `game` (this game, with its settings) needs
    /// and that is missing here ([`GameAi::missing_table`]).
    fn missing_table(&self, game: &dyn DynGame) -> Result<Option<MissingTable>, AiError>;
    /// The game's fitted curves ([`GameAi::CALIBRATION`]), if it has any.
    fn calibration(&self) -> Option<Calibration>;
    /// `position` of `game` (this game) on the one scale ([`crate::scale::assess`]).
    fn assess(
        &self,
        game: &dyn DynGame,
        position: &dyn DynPosition,
        options: &AssessOptions,
    ) -> Result<DynAssessment, AiError>;
    /// The review of a game of `game` (this game) on the one scale, ready to be done move by
    /// move ([`crate::review::start_review`]).
    fn start_review(
        &self,
        game: &dyn DynGame,
        start: &dyn DynPosition,
        moves: &[String],
        options: &ReviewOptions,
    ) -> Result<Box<dyn ReviewSteps>, ReviewError>;
    /// Puzzles of `game` (this game) as `options` say ([`crate::puzzles::generate()`]).
    fn generate_puzzles(
        &self,
        game: &dyn DynGame,
        options: &PuzzleOptions,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Generated, PuzzleError>;
    /// Puzzles of `game` (this game) from games people played ([`crate::puzzles::mine()`]).
    fn mine_puzzles(
        &self,
        game: &dyn DynGame,
        played: &[PlayedGame],
        known: HashSet<String>,
        options: &PuzzleOptions,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Generated, PuzzleError>;
    /// The puzzle solver's value of every move of `position` ([`crate::puzzles::exact_values`]).
    fn puzzle_values(
        &self,
        game: &dyn DynGame,
        position: &dyn DynPosition,
    ) -> Result<Option<Vec<(String, Chance)>>, PuzzleError>;
}

/// The [`DynGameAi`] of the game `G`.
struct AiOf<G>(PhantomData<fn() -> G>);

impl<G: GameAi> AiOf<G> {
    fn rules(game: &dyn DynGame) -> Result<&Arc<G>, AiError> {
        game.downcast::<G>().ok_or(AiError::WrongGame)
    }
}

impl<G: PuzzleGame> DynGameAi for AiOf<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }
    fn is_for(&self, game: &dyn DynGame) -> bool {
        game.is::<G>()
    }
    fn is_for_entry(&self, entry: &GameEntry) -> bool {
        entry.is::<G>()
    }
    fn levels(&self) -> &'static [Algorithm] {
        G::LEVELS
    }
    fn level(&self, level: u32) -> Result<Algorithm, UnknownLevel> {
        level_in(G::INFO.name, G::LEVELS, level)
    }
    fn analysis(&self) -> Algorithm {
        G::ANALYSIS
    }
    fn signature(&self) -> Vec<SignatureLine> {
        G::SIGNATURE
            .iter()
            .flat_map(|spec| game_lines::<G>(G::ANALYSIS, spec))
            .collect()
    }
    fn agent(
        &self,
        game: &dyn DynGame,
        algorithm: Algorithm,
        options: &AgentOptions,
    ) -> Result<Box<dyn DynAgent>, AiError> {
        let game = Self::rules(game)?.clone();
        let (agent, notice) = typed_agent_with_notice(game.as_ref(), algorithm, options);
        Ok(Box::new(ErasedAgent::new(game, agent, notice)))
    }
    fn availability(&self, game: &dyn DynGame, level: u32) -> Result<Availability, AiError> {
        let algorithm = self.level(level)?;
        Ok(availability(Self::rules(game)?.as_ref(), algorithm))
    }
    fn missing_table(&self, game: &dyn DynGame) -> Result<Option<MissingTable>, AiError> {
        Ok(Self::rules(game)?.missing_table())
    }
    fn calibration(&self) -> Option<Calibration> {
        calibration::<G>()
    }
    fn assess(
        &self,
        game: &dyn DynGame,
        position: &dyn DynPosition,
        options: &AssessOptions,
    ) -> Result<DynAssessment, AiError> {
        assess_typed(Self::rules(game)?, position, options)
    }
    fn start_review(
        &self,
        game: &dyn DynGame,
        start: &dyn DynPosition,
        moves: &[String],
        options: &ReviewOptions,
    ) -> Result<Box<dyn ReviewSteps>, ReviewError> {
        start_typed(Self::rules(game)?, start, moves, options)
    }
    fn generate_puzzles(
        &self,
        game: &dyn DynGame,
        options: &PuzzleOptions,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Generated, PuzzleError> {
        generate_typed(Self::rules(game)?.as_ref(), options, progress)
    }
    fn mine_puzzles(
        &self,
        game: &dyn DynGame,
        played: &[PlayedGame],
        known: HashSet<String>,
        options: &PuzzleOptions,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Generated, PuzzleError> {
        mine_typed(
            Self::rules(game)?.as_ref(),
            played,
            known,
            options,
            progress,
        )
    }
    fn puzzle_values(
        &self,
        game: &dyn DynGame,
        position: &dyn DynPosition,
    ) -> Result<Option<Vec<(String, Chance)>>, PuzzleError> {
        values_erased(Self::rules(game)?, position)
    }
}

macro_rules! every_game_ai {
    ($($game:ty),* $(,)?) => {
        /// The AI of every game of the one list, in its order.
        static GAMES: &[&dyn DynGameAi] = &[$(&AiOf::<$game>(PhantomData)),*];
    };
}
tafel_games::for_each_game!(every_game_ai);

/// The AI of every game, in the order of `tafel_games::registry()`.
pub fn all() -> &'static [&'static dyn DynGameAi] {
    GAMES
}

/// The AI of the erased game `game`.
pub fn game_ai(game: &dyn DynGame) -> Result<&'static dyn DynGameAi, AiError> {
    GAMES
        .iter()
        .copied()
        .find(|ai| ai.is_for(game))
        .ok_or(AiError::UnknownGame(game.info().name))
}

/// The AI of the game of the registry entry `entry`.
pub fn entry_ai(entry: &GameEntry) -> Result<&'static dyn DynGameAi, AiError> {
    GAMES
        .iter()
        .copied()
        .find(|ai| ai.is_for_entry(entry))
        .ok_or(AiError::UnknownGame(entry.info.name))
}
