//! The review of a whole game, move by move, on the one scale ([`crate::scale`]): for every
//! move, the mover's chances before it (with the best move), after it, the chance it lost, and
//! its mark: a mistake, a blunder, or the only good move.
//!
//! **Loss** is measured on the winning chance with a draw counting half
//! ([`Chance::score`]): the best move's minus the played move's, never below 0 (a search can
//! find the played move better than its own choice once it looks from the next position).
//!
//! **Marks** ([`Thresholds`], the defaults [`MISTAKE`] and [`BLUNDER`]): a move that loses at
//! least 20 points of winning chance is a blunder (`??`), at least 10 a mistake (`?`); a move
//! that was the best while every other move would have lost at least 10 points is the only
//! good move (`!`). Forced moves (one legal move) get no mark and do not count in a player's
//! average loss. The thresholds are lichess's (mistake 10, blunder 15 points on the same
//! scale), with the blunder line raised to 20 because our estimates are coarser than a chess
//! engine's.
//!
//! **Cost.** Where the game's solvers cover a position ([`crate::GameAi::oracle`]) every move's
//! value is exact and costs no search. Elsewhere each position is searched once with the
//! options' budget (a fresh search, so a position's value depends on it alone); a move other
//! than the search's best costs the search of the position after it (for a die game, of each
//! roll after it), and a best move one more search without it, to tell whether it was the
//! only good one. [`ReviewControl`] lets the caller stop between positions and follow the
//! progress.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tafel_core::game::GameExt;
use tafel_core::{DynGame, DynPosition, Game, Player, Status};

use crate::erased::AiError;
use crate::games::{game_ai, GameAi};
use crate::scale::assess::{best_exact, concrete};
use crate::scale::{AssessOptions, Assessment, Assessor, Chance};

/// The default loss (of winning chance, a draw counting half) from which a move is a mistake.
pub const MISTAKE: f64 = 0.10;
/// The default loss from which a move is a blunder.
pub const BLUNDER: f64 = 0.20;

/// Where marks begin: losses of winning chance (0 to 1, a draw counting half).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Thresholds {
    /// A move losing at least this much is a mistake; a best move whose every alternative
    /// loses at least this much is the only good move.
    pub mistake: f64,
    /// A move losing at least this much is a blunder.
    pub blunder: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            mistake: MISTAKE,
            blunder: BLUNDER,
        }
    }
}

/// How to review a game.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct ReviewOptions {
    /// How each position is assessed (search, budget, seed, solvers).
    pub assess: AssessOptions,
    /// Where marks begin.
    pub thresholds: Thresholds,
}

/// A move's mark.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The only good move (`!`).
    Only,
    /// A mistake (`?`).
    Mistake,
    /// A blunder (`??`).
    Blunder,
}

impl Mark {
    /// The mark as records write it: `!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Only => "!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One move of the game, reviewed. Chances are the mover's unless said otherwise.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move's index in the game's list of moves (chance outcomes included), from 0.
    pub index: usize,
    /// The number the record writes it under ([`tafel_core::Game::move_numbers`]).
    pub number: u32,
    /// The seat that moved, from 0.
    pub seat: u8,
    /// The move played, in the game's notation.
    pub played: String,
    /// The best move found.
    pub best: String,
    /// The mover's chances before the move: those of the best move.
    pub before: Chance,
    /// The same chances seen by the first player's side (for a chart of the game).
    pub first: Chance,
    /// The mover's chances after the played move.
    pub after: Chance,
    /// The best other move's chances, where they were needed (whether the move was the only
    /// good one).
    pub second: Option<Chance>,
    /// The winning chance the move lost (a draw counting half), 0 to 1.
    pub loss: f64,
    /// Whether the mover had only this move.
    pub forced: bool,
    /// The move's mark, if any.
    pub mark: Option<Mark>,
}

/// One seat's moves in sum.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat, from 0.
    pub seat: u8,
    /// Its name ("White").
    pub name: String,
    /// Its moves with a choice (forced moves left out).
    pub moves: usize,
    /// The average loss of winning chance of those moves, 0 to 1.
    pub average_loss: f64,
    /// Its mistakes (blunders not counted).
    pub mistakes: usize,
    /// Its blunders.
    pub blunders: usize,
    /// Its only good moves found.
    pub only_moves: usize,
}

/// A game reviewed move by move: what [`review_game`] returns, and what a server stores.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameReview {
    /// The game's name.
    pub game: String,
    /// The search that assessed the positions the solvers did not cover.
    pub search: String,
    /// Where marks began.
    pub thresholds: Thresholds,
    /// Every move made by a player (chance outcomes have none), in order.
    pub moves: Vec<MoveReview>,
    /// The final position for the first player's side: the result, if the game is over.
    pub result: Option<Chance>,
    /// Each seat's moves in sum.
    pub seats: Vec<SeatSummary>,
}

/// What the caller of a review can do while it runs.
pub trait ReviewControl {
    /// Whether to stop (asked before each position).
    fn cancelled(&self) -> bool {
        false
    }
    /// `done` of `total` moves reviewed.
    fn progress(&mut self, _done: usize, _total: usize) {}
}

/// Nothing to stop or follow.
impl ReviewControl for () {}

/// Why a game could not be reviewed.
#[derive(Clone, PartialEq, Debug)]
pub enum ReviewError {
    /// The game has no computer player, or the start belongs to another game.
    Ai(AiError),
    /// A move is not legal (its index in the list of moves, from 0, and why).
    Move {
        /// The move's index.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// The game is not played by two sides (teams).
    NotTwoSided,
    /// The caller stopped the review.
    Cancelled,
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Ai(e) => fmt::Display::fmt(e, f),
            ReviewError::Move { index, reason } => write!(f, "move {}: {reason}", index + 1),
            ReviewError::NotTwoSided => {
                write!(f, "only games of two sides can be reviewed on one scale")
            }
            ReviewError::Cancelled => write!(f, "the review was stopped"),
        }
    }
}

impl std::error::Error for ReviewError {}

impl From<AiError> for ReviewError {
    fn from(e: AiError) -> Self {
        ReviewError::Ai(e)
    }
}

/// Reviews the game of `moves` (in notation, chance outcomes included) from `start`, a position
/// of `game`: every move with the mover's chances before and after it, its loss and its mark.
///
/// ```
/// use tafel_ai::review::{review_game, ReviewOptions};
///
/// let game = tafel_games::registry().get("black-path").unwrap()
///     .build(&[("size".into(), "4x4".into())]).unwrap();
/// let start = game.start();
/// let mut position = start.clone();
/// // The first move of each turn, for as long as the game lasts.
/// let mut moves = Vec::new();
/// while let Some(mv) = position.legal_moves().first().cloned() {
///     moves.push(position.play(&mv).unwrap());
/// }
/// let review = review_game(game.as_ref(), start.as_ref(), &moves, &ReviewOptions::default(), &mut ())
///     .unwrap();
/// assert_eq!(review.moves.len(), moves.len());
/// // Black Path on 4 x 4 is solved: every value is exact, and so is the result.
/// assert!(review.result.unwrap().is_exact());
/// assert!(review.moves.iter().all(|m| m.before.is_exact() && m.after.is_exact()));
/// ```
pub fn review_game(
    game: &dyn DynGame,
    start: &dyn DynPosition,
    moves: &[String],
    options: &ReviewOptions,
    control: &mut dyn ReviewControl,
) -> Result<GameReview, ReviewError> {
    let mut review = start_review(game, start, moves, options)?;
    loop {
        if control.cancelled() {
            return Err(ReviewError::Cancelled);
        }
        if !review.step() {
            break;
        }
        let (done, total) = review.counts();
        control.progress(done, total);
    }
    Ok(review.finish())
}

/// A review done one position at a time ([`start_review`]), so that whoever runs it can do
/// other work between two positions, on another thread if it likes.
pub trait ReviewSteps: Send {
    /// Reviews the next move; false once every move is reviewed (then nothing is done).
    fn step(&mut self) -> bool;
    /// The moves reviewed so far and the moves to review (moves where someone chose).
    fn counts(&self) -> (usize, usize);
    /// The review of the moves reviewed so far: the whole game once [`ReviewSteps::step`]
    /// said false.
    fn finish(self: Box<Self>) -> GameReview;
}

/// Checks the game of `moves` (as [`review_game`] takes it) and prepares its review, which
/// [`ReviewSteps::step`] then does one move at a time.
pub fn start_review(
    game: &dyn DynGame,
    start: &dyn DynPosition,
    moves: &[String],
    options: &ReviewOptions,
) -> Result<Box<dyn ReviewSteps>, ReviewError> {
    game_ai(game)?.start_review(game, start, moves, options)
}

/// [`start_review`] for the concrete game `G`.
pub(crate) fn start_typed<G: GameAi>(
    game: &Arc<G>,
    start: &dyn DynPosition,
    moves: &[String],
    options: &ReviewOptions,
) -> Result<Box<dyn ReviewSteps>, ReviewError> {
    let start = concrete(game, start)?.state.clone();
    let sides = Sides::of(game.as_ref()).ok_or(ReviewError::NotTwoSided)?;
    // The moves, checked, and the position before each.
    let mut states = vec![start.clone()];
    let mut parsed = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let state = states.last().expect("the start is there");
        let mv = game
            .parse_legal_move(state, text)
            .map_err(|e| ReviewError::Move {
                index,
                reason: e.to_string(),
            })?;
        parsed.push(mv);
        states.push(game.after(state, mv));
    }
    let numbers = game.move_numbers(&start, &parsed);
    let decisions: Vec<usize> = (0..parsed.len())
        .filter(|&i| matches!(game.status(&states[i]), Status::ToMove(_)))
        .collect();
    Ok(Box::new(TypedReview {
        game: game.clone(),
        reviewer: Reviewer {
            assessor: Assessor::new(game.as_ref(), &options.assess),
            sides,
            cache: HashMap::new(),
        },
        thresholds: options.thresholds,
        reviewed: Vec::with_capacity(decisions.len()),
        states,
        parsed,
        numbers,
        decisions,
    }))
}

/// A review of a game of `G` under way.
struct TypedReview<G: GameAi> {
    game: Arc<G>,
    reviewer: Reviewer<G>,
    thresholds: Thresholds,
    /// The position before each move, and the last.
    states: Vec<G::State>,
    parsed: Vec<G::Move>,
    numbers: Vec<u32>,
    /// The indices of the moves where someone chose.
    decisions: Vec<usize>,
    reviewed: Vec<MoveReview>,
}

impl<G: GameAi> ReviewSteps for TypedReview<G> {
    fn step(&mut self) -> bool {
        let Some(&i) = self.decisions.get(self.reviewed.len()) else {
            return false;
        };
        let game = self.game.as_ref();
        let Status::ToMove(mover) = game.status(&self.states[i]) else {
            unreachable!("decisions are positions where someone is to move");
        };
        let mut review =
            self.reviewer
                .review_move(game, &self.states[i], self.parsed[i], &self.thresholds);
        review.index = i;
        review.number = self.numbers[i];
        review.seat = mover.0;
        review.first = self.reviewer.sides.for_first(mover, game, review.before);
        self.reviewed.push(review);
        true
    }

    fn counts(&self) -> (usize, usize) {
        (self.reviewed.len(), self.decisions.len())
    }

    fn finish(self: Box<Self>) -> GameReview {
        let game = self.game.as_ref();
        let end = self.states.last().expect("the start is there");
        let result = match game.status(end) {
            Status::Over(outcome) => Some(Chance::of_payoff(outcome.payoff(Player(0)))),
            _ => None,
        };
        let seats = summaries(game, &self.reviewed);
        GameReview {
            game: G::INFO.name.to_string(),
            search: describe_search(&self.reviewer.assessor),
            thresholds: self.thresholds,
            moves: self.reviewed,
            result,
            seats,
        }
    }
}

fn describe_search<G: GameAi>(assessor: &Assessor<G>) -> String {
    let curve = match assessor.curve() {
        Some(_) => "scores mapped by the game's fitted curve",
        None => "no fitted curve for this search: its own expected results",
    };
    format!("{} ({curve})", assessor.algorithm())
}

/// The two sides of a game: which team is the first player's.
#[derive(Clone, Copy, Debug)]
struct Sides {
    first: u8,
}

impl Sides {
    /// The sides of `game`, if it has exactly two teams.
    fn of<G: Game>(game: &G) -> Option<Sides> {
        let mut teams: Vec<u8> = (0..game.num_players())
            .map(|p| game.team_of(Player(p as u8)))
            .collect();
        teams.sort_unstable();
        teams.dedup();
        (teams.len() == 2).then(|| Sides {
            first: game.team_of(Player(0)),
        })
    }

    /// `chance`, the chances of `player`'s side, seen by the first player's side.
    fn for_first<G: Game>(&self, player: Player, game: &G, chance: Chance) -> Chance {
        if game.team_of(player) == self.first {
            chance
        } else {
            chance.flipped()
        }
    }
}

/// The state of one review: the assessor and the positions assessed so far.
struct Reviewer<G: GameAi> {
    assessor: Assessor<G>,
    sides: Sides,
    /// Assessments by position hash (and the position, since positions with a different
    /// history can share a hash).
    cache: HashMap<u64, Vec<Assessed<G>>>,
}

/// A position and its assessment (`None`: nobody to move).
type Assessed<G> = (<G as Game>::State, Option<Assessment<<G as Game>::Move>>);

impl<G: GameAi> Reviewer<G> {
    /// The assessment of `state` (someone to move), searched once per review.
    fn assess(&mut self, game: &G, state: &G::State) -> Option<Assessment<G::Move>> {
        let key = game.hash(state);
        if let Some(found) = self
            .cache
            .get(&key)
            .and_then(|list| list.iter().find(|(s, _)| s == state))
        {
            return found.1.clone();
        }
        let found = self.assessor.assess(game, state);
        self.cache
            .entry(key)
            .or_default()
            .push((state.clone(), found.clone()));
        found
    }

    /// The chances of `team` in `state`, any kind of position: the result of a finished game,
    /// the assessment of a decision, the average over the outcomes of chance.
    fn chance_of(&mut self, game: &G, state: &G::State, team: u8) -> Chance {
        match game.status(state) {
            Status::Over(outcome) => {
                let seat = (0..game.num_players())
                    .map(|p| Player(p as u8))
                    .find(|&p| game.team_of(p) == team)
                    .expect("the team has a seat");
                Chance::of_payoff(outcome.payoff(seat))
            }
            Status::ToMove(player) => {
                let chance = self
                    .assess(game, state)
                    .map_or(Chance::new(0.5, 0.0, crate::scale::Basis::Search), |a| {
                        a.chance
                    });
                if game.team_of(player) == team {
                    chance
                } else {
                    chance.flipped()
                }
            }
            Status::Chance => {
                let outcomes = game.legal_move_vec(state);
                let parts: Vec<(f64, Chance)> = (0..outcomes.len())
                    .map(|i| {
                        let p = game.chance_probability(state, &outcomes, i);
                        (
                            p,
                            self.chance_of(game, &game.after(state, outcomes[i]), team),
                        )
                    })
                    .collect();
                Chance::average(&parts)
            }
        }
    }

    /// The review of `played` in `state` (someone to move); the caller fills in where it
    /// stands in the game.
    fn review_move(
        &mut self,
        game: &G,
        state: &G::State,
        played: G::Move,
        thresholds: &Thresholds,
    ) -> MoveReview {
        let Status::ToMove(mover) = game.status(state) else {
            unreachable!("only moves of players are reviewed");
        };
        let team = game.team_of(mover);
        let choices = game.legal_move_vec(state).len();
        let (best, before, after, second) = match self.assessor.move_values(game, state) {
            Some(values) => {
                let best = best_exact(&values, None).expect("a position to move has moves");
                let after = values
                    .iter()
                    .find(|(mv, _)| *mv == played)
                    .map(|&(_, c)| c)
                    .expect("the played move is legal");
                let second = best_exact(&values, Some(best.0)).map(|(_, c)| c);
                (best.0, best.1, after, second)
            }
            None => {
                let found = self.assess(game, state);
                let (best, before) = match &found {
                    Some(a) => (a.best, a.chance),
                    None => (
                        played,
                        self.chance_of(game, &game.after(state, played), team),
                    ),
                };
                let after = if best == played {
                    before
                } else {
                    self.chance_of(game, &game.after(state, played), team)
                };
                let second = (best == played && choices > 1)
                    .then(|| self.assessor.assess_excluding(game, state, played))
                    .flatten()
                    .map(|a| a.chance);
                (best, before, after, second)
            }
        };
        let loss = (before.score() - after.score()).max(0.0);
        let forced = choices < 2;
        let mark = if forced {
            None
        } else if loss >= thresholds.blunder {
            Some(Mark::Blunder)
        } else if loss >= thresholds.mistake {
            Some(Mark::Mistake)
        } else if loss < 1e-9
            && second.is_some_and(|s| before.score() - s.score() >= thresholds.mistake)
        {
            Some(Mark::Only)
        } else {
            None
        };
        MoveReview {
            index: 0,
            number: 0,
            seat: mover.0,
            played: game.format_move(state, played),
            best: game.format_move(state, best),
            before,
            first: before,
            after,
            second,
            loss,
            forced,
            mark,
        }
    }
}

/// Each seat's moves in sum.
fn summaries<G: Game>(game: &G, moves: &[MoveReview]) -> Vec<SeatSummary> {
    (0..game.num_players())
        .map(|seat| {
            let mine: Vec<&MoveReview> = moves
                .iter()
                .filter(|m| m.seat as usize == seat && !m.forced)
                .collect();
            let count = |mark: Mark| mine.iter().filter(|m| m.mark == Some(mark)).count();
            SeatSummary {
                seat: seat as u8,
                name: game.player_name(Player(seat as u8)).to_string(),
                moves: mine.len(),
                average_loss: if mine.is_empty() {
                    0.0
                } else {
                    mine.iter().map(|m| m.loss).sum::<f64>() / mine.len() as f64
                },
                mistakes: count(Mark::Mistake),
                blunders: count(Mark::Blunder),
                only_moves: count(Mark::Only),
            }
        })
        .collect()
}
