//! The type-erased entry point for the command line and the server: an agent for any
//! registered game, working on [`DynPosition`]s and move texts.
//!
//! The search is generic, so it must know each game's concrete type: the game's
//! [`crate::DynGameAi`] ([`crate::games::game_ai`]) builds the agent on the concrete rules.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use tafel_core::erased::ErasedPosition;
use tafel_core::{DynGame, DynPosition, Game};

use crate::agent::{Agent, Evaluation, RandomAgent};
use crate::budget::StopFlag;
use crate::games::{game_ai, substitute_notice, Availability, GameAi};
use crate::levels::{Algorithm, UnknownLevel, MOVE_TIME_CAP};
use crate::searcher::Searcher;

/// Everything about an agent that is not its algorithm.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AgentOptions {
    /// The seed of the agent's generators.
    pub seed: u64,
    /// Threads for MCTS (root parallelisation); the other searchers use one.
    pub threads: usize,
    /// The most time one move may take.
    pub time_cap: Duration,
    /// A flag that ends the searches early when raised (see [`crate::budget::StopFlag`]);
    /// the searchers then answer with what they found so far.
    pub stop: Option<StopFlag>,
}

impl AgentOptions {
    /// One thread, the usual time cap, no stop flag.
    pub fn seeded(seed: u64) -> Self {
        AgentOptions {
            seed,
            threads: 1,
            time_cap: MOVE_TIME_CAP,
            stop: None,
        }
    }
}

/// Why an agent could not be made or could not move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AiError {
    /// The level does not exist for this game.
    UnknownLevel(UnknownLevel),
    /// The game is registered but has no [`GameAi`] (a registry of test games, say).
    UnknownGame(&'static str),
    /// The position belongs to another game than the agent's.
    WrongGame,
    /// Nobody is to move: chance acts or the game is over.
    NobodyToMove,
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::UnknownLevel(e) => fmt::Display::fmt(e, f),
            AiError::UnknownGame(name) => write!(f, "no computer player knows {name} yet"),
            AiError::WrongGame => write!(f, "the position belongs to another game"),
            AiError::NobodyToMove => write!(f, "nobody is to move in this position"),
        }
    }
}

impl std::error::Error for AiError {}

impl From<UnknownLevel> for AiError {
    fn from(e: UnknownLevel) -> Self {
        AiError::UnknownLevel(e)
    }
}

/// A chosen move in notation, with what the search thought of it.
#[derive(Clone, PartialEq, Debug)]
pub struct DynDecision {
    /// The move, in the game's notation.
    pub mv: String,
    /// The value after the move for the player who makes it.
    pub evaluation: Evaluation,
    /// How much the search did, by kind with its numbers.
    pub effort: tafel_core::Reason,
}

/// An agent for one game behind a trait object.
pub trait DynAgent: Send {
    /// A move for the player to move in `position`.
    fn choose(&mut self, position: &dyn DynPosition) -> Result<DynDecision, AiError>;

    /// Why the agent plays other than its level says, if it does (a perfect level whose
    /// solution table is not built yet, say, and how to build it).
    fn notice(&self) -> Option<&tafel_core::Reason>;
}

/// An agent playing level `level` of `game`.
///
/// ```
/// use tafel_ai::AgentOptions;
///
/// let game = tafel_games::registry().get("black-path").unwrap().build(&[]).unwrap();
/// let position = game.start();
/// let mut agent = tafel_ai::agent(game.as_ref(), 2, &AgentOptions::seeded(7)).unwrap();
/// let decision = agent.choose(position.as_ref()).unwrap();
/// assert!(position.legal_moves().contains(&decision.mv));
/// assert_eq!(agent.notice(), None);
/// ```
pub fn agent(
    game: &dyn DynGame,
    level: u32,
    options: &AgentOptions,
) -> Result<Box<dyn DynAgent>, AiError> {
    let ai = game_ai(game)?;
    ai.agent(game, ai.level(level)?, options)
}

/// An agent running `algorithm` on `game`.
pub fn agent_with(
    game: &dyn DynGame,
    algorithm: Algorithm,
    options: &AgentOptions,
) -> Result<Box<dyn DynAgent>, AiError> {
    game_ai(game)?.agent(game, algorithm, options)
}

/// Whether level `level` of `game` (with its settings) can play as its table says, found out
/// without building the agent: a perfect level whose solution table is missing cannot, and
/// the answer says how to build it and what plays instead.
///
/// ```
/// use tafel_ai::Availability;
///
/// let registry = tafel_games::registry();
/// let four = registry.get("karls-race").unwrap().build(&[("players".into(), "4".into())]).unwrap();
/// assert!(matches!(tafel_ai::level_availability(four.as_ref(), 5), Ok(Availability::Ready)));
/// // Level 6 plays perfectly, but only the two-player game is solved.
/// match tafel_ai::level_availability(four.as_ref(), 6).unwrap() {
///     Availability::Unavailable { reason, instead } => {
///         assert_eq!(reason.to_string(), "only the two-player game of Karl's Race is solved");
///         assert_eq!(instead, tafel_ai::levels::expectimax(64, 1_000_000, tafel_ai::Leaf::Heuristic));
///     }
///     Availability::Ready => unreachable!(),
/// }
/// ```
pub fn level_availability(game: &dyn DynGame, level: u32) -> Result<Availability, AiError> {
    game_ai(game)?.availability(game, level)
}

/// An agent running `algorithm` on the concrete game `game`. The minimax searchers need two
/// seats; with more, the level's node budget goes to MCTS instead (a tenth of it, as
/// iterations cost about ten nodes).
///
/// ```
/// use tafel_ai::{levels, AgentOptions, Evaluation, Leaf};
/// use tafel_core::Game;
/// use tafel_games::kauri::Kauri;
///
/// let game = Kauri::new(Default::default()).unwrap();
/// // The second player's hole E takes the last seeds at once: a win in one.
/// let state = game.parse_position("A/1+0,1+0,0+0,0+1,0+0,0+1/0+1,0+3,0+0,0+2,0+3,0+1/29,29").unwrap();
/// let search = levels::alpha_beta(4, 10_000, Leaf::Heuristic);
/// let mut agent = tafel_ai::erased::typed_agent(&game, search, &AgentOptions::seeded(1));
/// let decision = agent.choose(&game, &state).unwrap();
/// assert_eq!(game.format_move(&state, decision.mv), "E");
/// assert_eq!(decision.evaluation, Evaluation::WinIn(1));
/// ```
pub fn typed_agent<G: GameAi>(
    game: &G,
    algorithm: Algorithm,
    options: &AgentOptions,
) -> Box<dyn Agent<G>> {
    typed_agent_with_notice(game, algorithm, options).0
}

/// [`typed_agent`], with the reason when a perfect level cannot play perfectly. Every agent
/// but random play gets the solvers' exact knowledge ([`GameAi::with_exact_knowledge`]).
pub(crate) fn typed_agent_with_notice<G: GameAi>(
    game: &G,
    algorithm: Algorithm,
    options: &AgentOptions,
) -> (Box<dyn Agent<G>>, Option<tafel_core::Reason>) {
    match algorithm {
        Algorithm::Random => (Box::new(RandomAgent::new(options.seed)), None),
        Algorithm::Perfect { otherwise } => match game.perfect_agent() {
            Ok(agent) => (agent, None),
            Err(why) => {
                let (agent, _) = typed_agent_with_notice(game, *otherwise, options);
                (agent, Some(substitute_notice(&why, otherwise)))
            }
        },
        searcher => (
            game.with_exact_knowledge(searcher_agent(game, searcher, options)),
            None,
        ),
    }
}

/// The agent running `algorithm` without the solvers' help.
fn searcher_agent<G: GameAi>(
    game: &G,
    algorithm: Algorithm,
    options: &AgentOptions,
) -> Box<dyn Agent<G>> {
    match Searcher::new(game, algorithm, options) {
        Some(searcher) => Box::new(searcher),
        None => Box::new(RandomAgent::new(options.seed)),
    }
}

/// An agent for the concrete game `G` behind [`DynAgent`].
pub(crate) struct ErasedAgent<G: Game> {
    game: Arc<G>,
    agent: Box<dyn Agent<G>>,
    notice: Option<tafel_core::Reason>,
}

impl<G: Game> ErasedAgent<G> {
    /// `agent` playing `game`, with the notice it was built with.
    pub(crate) fn new(
        game: Arc<G>,
        agent: Box<dyn Agent<G>>,
        notice: Option<tafel_core::Reason>,
    ) -> Self {
        ErasedAgent {
            game,
            agent,
            notice,
        }
    }
}

impl<G: Game> DynAgent for ErasedAgent<G> {
    fn choose(&mut self, position: &dyn DynPosition) -> Result<DynDecision, AiError> {
        let position = position
            .as_any()
            .downcast_ref::<ErasedPosition<G>>()
            .filter(|p| Arc::ptr_eq(&p.game, &self.game))
            .ok_or(AiError::WrongGame)?;
        let decision = self
            .agent
            .choose(&self.game, &position.state)
            .ok_or(AiError::NobodyToMove)?;
        Ok(DynDecision {
            mv: self.game.format_move(&position.state, decision.mv),
            evaluation: decision.evaluation,
            effort: decision.effort,
        })
    }

    fn notice(&self) -> Option<&tafel_core::Reason> {
        self.notice.as_ref()
    }
}
