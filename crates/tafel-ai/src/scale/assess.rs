//! One position on the one scale: the best move and the mover's chances, from the game's
//! solvers where they cover the position, else from a search whose score a fitted curve maps.

use std::sync::Arc;
use std::time::Duration;

use tafel_core::erased::ErasedPosition;
use tafel_core::{DynGame, DynPosition, Game, Status};

use super::{chance_of, Calibration, Chance, Curve, Oracle, SearchKind};
use crate::agent::{Agent, Evaluation};
use crate::budget::StopFlag;
use crate::erased::{AgentOptions, AiError};
use crate::games::{game_ai, GameAi};
use crate::levels::{Algorithm, MOVE_TIME_CAP};
use crate::searcher::Searcher;

/// How to assess positions.
#[derive(Clone, PartialEq, Debug)]
pub struct AssessOptions {
    /// The search; `None` for the game's analysis search ([`GameAi::ANALYSIS`]).
    pub algorithm: Option<Algorithm>,
    /// Its work budget per position (nodes, or iterations for MCTS); `None` for the
    /// algorithm's own.
    pub work: Option<u64>,
    /// The most time one position's search may take.
    pub time_cap: Duration,
    /// The seed of every search (the same seed gives the same answers).
    pub seed: u64,
    /// Whether to ask the game's solvers first ([`GameAi::oracle`]).
    pub exact: bool,
    /// A flag that ends the searches early when raised ([`StopFlag`]); a stopped search
    /// answers with what it found so far.
    pub stop: Option<StopFlag>,
}

impl Default for AssessOptions {
    /// The analysis search with its own budget, the usual time cap, seed 1, solvers first,
    /// no stop flag.
    fn default() -> Self {
        AssessOptions {
            algorithm: None,
            work: None,
            time_cap: MOVE_TIME_CAP,
            seed: 1,
            exact: true,
            stop: None,
        }
    }
}

/// What an assessment found: the best move and its value for the mover.
#[derive(Clone, PartialEq, Debug)]
pub struct Assessment<M> {
    /// The best move (the first in move order among equals, for the solvers).
    pub best: M,
    /// The mover's chances after it, which are the position's.
    pub chance: Chance,
    /// The search's own result ([`Evaluation::Unknown`] when a solver answered).
    pub evaluation: Evaluation,
    /// What found it ("exact: the game's solver", "alpha-beta, depth 9, 200000 nodes"), by
    /// kind with its numbers.
    pub effort: tafel_core::Reason,
}

/// Assesses positions of one game: the game's solvers where they answer, else a fresh search
/// per position (so that a position's value depends on the position alone), its score mapped
/// by the game's curve for that search ([`GameAi::CALIBRATION`]).
pub struct Assessor<G: GameAi> {
    oracle: Option<Box<dyn Oracle<G>>>,
    algorithm: Algorithm,
    curve: Option<Curve>,
    options: AgentOptions,
}

impl<G: GameAi> Assessor<G> {
    /// An assessor for `game` as `options` say.
    pub fn new(game: &G, options: &AssessOptions) -> Self {
        let mut algorithm = options.algorithm.unwrap_or(G::ANALYSIS);
        if let Algorithm::Perfect { otherwise } = algorithm {
            algorithm = *otherwise;
        }
        if let Some(work) = options.work {
            algorithm = algorithm.with_work(work);
        }
        let curve = SearchKind::of(algorithm, game.num_players())
            .and_then(|kind| calibration::<G>().and_then(|c| c.curve(kind).cloned()));
        Assessor {
            oracle: if options.exact { game.oracle() } else { None },
            algorithm,
            curve,
            options: AgentOptions {
                seed: options.seed,
                threads: 1,
                time_cap: options.time_cap,
                stop: options.stop.clone(),
            },
        }
    }

    /// The search it runs where the solvers do not answer.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The curve that maps the search's scores, if one was fitted for it.
    pub fn curve(&self) -> Option<&Curve> {
        self.curve.as_ref()
    }

    /// The exact value of every legal move of `state`, where the solvers know them.
    pub fn move_values(&mut self, game: &G, state: &G::State) -> Option<Vec<(G::Move, Chance)>> {
        self.oracle.as_mut()?.move_values(game, state)
    }

    /// The best move of `state` and the mover's chances; `None` where nobody is to move.
    pub fn assess(&mut self, game: &G, state: &G::State) -> Option<Assessment<G::Move>> {
        self.assess_but(game, state, None)
    }

    /// The best move of `state` other than `excluded`, and the mover's chances after it;
    /// `None` where nobody is to move or no other move is legal.
    pub fn assess_excluding(
        &mut self,
        game: &G,
        state: &G::State,
        excluded: G::Move,
    ) -> Option<Assessment<G::Move>> {
        self.assess_but(game, state, Some(excluded))
    }

    fn assess_but(
        &mut self,
        game: &G,
        state: &G::State,
        excluded: Option<G::Move>,
    ) -> Option<Assessment<G::Move>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        if let Some(values) = self.move_values(game, state) {
            return best_exact(&values, excluded).map(|(best, chance)| Assessment {
                best,
                chance,
                evaluation: Evaluation::Unknown,
                effort: tafel_core::reason!("effort-solver", "exact: the game's solver"),
            });
        }
        let mut searcher = Searcher::new(game, self.algorithm, &self.options)?;
        let decision = match excluded {
            None => searcher.choose(game, state)?,
            Some(mv) => searcher.best_excluding(game, state, mv)?,
        };
        Some(Assessment {
            best: decision.mv,
            chance: chance_of(decision.evaluation, self.curve.as_ref())?,
            evaluation: decision.evaluation,
            effort: decision.effort,
        })
    }
}

/// The best of the exact move values (the first in move order among equals), leaving out
/// `excluded`.
pub(crate) fn best_exact<M: Copy + PartialEq>(
    values: &[(M, Chance)],
    excluded: Option<M>,
) -> Option<(M, Chance)> {
    values.iter().filter(|(mv, _)| Some(*mv) != excluded).fold(
        None,
        |best: Option<(M, Chance)>, &(mv, chance)| match best {
            Some((_, top)) if top.score() >= chance.score() => best,
            _ => Some((mv, chance)),
        },
    )
}

/// The game's fitted curves ([`GameAi::CALIBRATION`]), if it has any. The text is part of the
/// binary and checked by the tests, so a malformed one is a bug, reported by a panic in the
/// tests, and treated as no calibration here.
pub(crate) fn calibration<G: GameAi>() -> Option<Calibration> {
    if G::CALIBRATION.is_empty() {
        return None;
    }
    Calibration::parse(G::CALIBRATION).ok()
}

/// The concrete position inside `position`, which must be a position of `game`.
pub(crate) fn concrete<'a, G: Game>(
    game: &Arc<G>,
    position: &'a dyn DynPosition,
) -> Result<&'a ErasedPosition<G>, AiError> {
    position
        .as_any()
        .downcast_ref::<ErasedPosition<G>>()
        .filter(|p| Arc::ptr_eq(&p.game, game))
        .ok_or(AiError::WrongGame)
}

/// A position of any game assessed on the one scale (see [`assess`]).
#[derive(Clone, PartialEq, Debug)]
pub struct DynAssessment {
    /// The best move, in the game's notation.
    pub best: String,
    /// The mover's chances.
    pub chance: Chance,
    /// The search's own result ([`Evaluation::Unknown`] when a solver answered).
    pub evaluation: Evaluation,
    /// What found it, by kind with its numbers.
    pub effort: tafel_core::Reason,
    /// The search used where the solvers did not answer.
    pub search: Algorithm,
}

/// The best move of `position` (a position of `game` where someone is to move) and the mover's
/// chances on the one scale.
///
/// ```
/// use tafel_ai::scale::{assess, AssessOptions, Basis};
///
/// let game = tafel_games::registry().get("carreaux").unwrap().build(&[]).unwrap();
/// // Under the designer's rules the game is solved: every start is a draw.
/// let answer = assess(game.as_ref(), game.start().as_ref(), &AssessOptions::default()).unwrap();
/// assert_eq!(answer.chance.basis, Basis::Exact);
/// assert_eq!(answer.chance.to_string(), "0% win, 100% draw (exact)");
/// ```
pub fn assess(
    game: &dyn DynGame,
    position: &dyn DynPosition,
    options: &AssessOptions,
) -> Result<DynAssessment, AiError> {
    game_ai(game)?.assess(game, position, options)
}

/// [`assess`] for the concrete game `G`.
pub(crate) fn assess_typed<G: GameAi>(
    game: &Arc<G>,
    position: &dyn DynPosition,
    options: &AssessOptions,
) -> Result<DynAssessment, AiError> {
    let state = &concrete(game, position)?.state;
    let game = game.as_ref();
    let mut assessor = Assessor::new(game, options);
    let found = assessor.assess(game, state).ok_or(AiError::NobodyToMove)?;
    Ok(DynAssessment {
        best: game.format_move(state, found.best),
        chance: found.chance,
        evaluation: found.evaluation,
        effort: found.effort,
        search: assessor.algorithm(),
    })
}
