//! The one scale every evaluation a person sees is given on: the side to move's chance to win,
//! and to draw where draws exist, from 0 to 100%.
//!
//! - **Exact** where the position is solved: by a game's solver ([`Oracle`]: Karl's Race from
//!   its table, Black Path, Carreaux under the designer's rules, Kauri's tie-break phase) or by
//!   a search that proved the result ("win in 5 plies").
//! - **Estimate** elsewhere: the search's score mapped to a chance by a [`Curve`] fitted on
//!   games between the computer levels (`tafel analyze GAME --fit`; the figures are in
//!   `docs/analysis.md`). The curves of a game are its [`crate::GameAi::CALIBRATION`].
//! - **Search estimate** where no curve was fitted for the search that ran (a level's MCTS, say):
//!   the search's own expected result, labelled as not calibrated.
//!
//! [`Assessor`] puts the three together for one position: it asks the oracle, else searches
//! and maps the score. [`crate::review`] does it for every move of a game.

pub(crate) mod assess;
pub mod fit;
mod oracle;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::agent::Evaluation;
use crate::levels::Algorithm;

pub use assess::{assess, AssessOptions, Assessment, Assessor, DynAssessment};
pub use oracle::Oracle;

/// How a [`Chance`] was found.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// Proven: by a solver, or by a search that reached the end of every line.
    Exact,
    /// A search's score mapped by a curve fitted on games between the computer levels.
    Estimate,
    /// A search's own expected result, with no fitted curve for that search.
    Search,
}

/// The chances of one side (the side to move, unless said otherwise): to win, to draw, and so
/// to lose (the rest).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Chance {
    /// The probability of a win, 0 to 1.
    pub win: f64,
    /// The probability of a draw, 0 to 1 (0 in games or curves without draws).
    pub draw: f64,
    /// How it was found.
    pub basis: Basis,
}

impl Chance {
    /// A chance of the given kind; `win` and `draw` are clamped so that they and the loss lie
    /// in 0..=1.
    pub fn new(win: f64, draw: f64, basis: Basis) -> Chance {
        let win = win.clamp(0.0, 1.0);
        Chance {
            win,
            draw: draw.clamp(0.0, 1.0 - win),
            basis,
        }
    }

    /// The exact chance of a finished game's `payoff` (1 win, 1/2 draw, 0 loss).
    pub fn of_payoff(payoff: f64) -> Chance {
        if payoff > 0.5 {
            Chance::new(1.0, 0.0, Basis::Exact)
        } else if payoff < 0.5 {
            Chance::new(0.0, 0.0, Basis::Exact)
        } else {
            Chance::new(0.0, 1.0, Basis::Exact)
        }
    }

    /// The probability of a loss.
    pub fn loss(&self) -> f64 {
        (1.0 - self.win - self.draw).max(0.0)
    }

    /// The winning chance with a draw counting half a win: the expected result, which is what
    /// a move's loss is measured on ([`crate::review`]).
    pub fn score(&self) -> f64 {
        self.win + self.draw / 2.0
    }

    /// The same chances seen by the other side.
    pub fn flipped(&self) -> Chance {
        Chance {
            win: self.loss(),
            draw: self.draw,
            basis: self.basis,
        }
    }

    /// Whether it is exact.
    pub fn is_exact(&self) -> bool {
        self.basis == Basis::Exact
    }

    /// The average of `parts` weighted by their probabilities (which add up to 1): the chance
    /// before a die is rolled. Exact only if every part is; otherwise of the weakest basis.
    pub fn average(parts: &[(f64, Chance)]) -> Chance {
        let win = parts.iter().map(|(p, c)| p * c.win).sum();
        let draw = parts.iter().map(|(p, c)| p * c.draw).sum();
        let basis = parts
            .iter()
            .map(|(_, c)| c.basis)
            .max_by_key(|b| match b {
                Basis::Exact => 0,
                Basis::Estimate => 1,
                Basis::Search => 2,
            })
            .unwrap_or(Basis::Exact);
        Chance::new(win, draw, basis)
    }
}

/// A probability in percent for people: whole percents, or one decimal for an exact value
/// that is neither 0 nor 1 (Karl's Race's table).
fn percent(p: f64, exact: bool) -> String {
    if exact && p > 0.0005 && p < 0.9995 && (p * 100.0 - (p * 100.0).round()).abs() > 0.05 {
        format!("{:.1}%", p * 100.0)
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

impl fmt::Display for Chance {
    /// `63% win, 5% draw (estimate)`; the draw is left out when it is 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let exact = self.is_exact();
        write!(f, "{} win", percent(self.win, exact))?;
        if self.draw > 0.0 {
            write!(f, ", {} draw", percent(self.draw, exact))?;
        }
        f.write_str(match self.basis {
            Basis::Exact => " (exact)",
            Basis::Estimate => " (estimate)",
            Basis::Search => " (the search's own estimate, not calibrated)",
        })
    }
}

/// The kind of search a [`Curve`] maps: each kind's score means something else.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchKind {
    /// Alpha-beta: a minimax of evaluations ([`Evaluation::Heuristic`]).
    AlphaBeta,
    /// Expectimax: an expected result over the die ([`Evaluation::Expected`]).
    Expectimax,
    /// MCTS: the best move's mean result ([`Evaluation::Expected`]).
    Mcts,
}

impl SearchKind {
    /// The kind of the searcher `algorithm` runs in a game of `seats` seats (the minimax
    /// searchers need two; with more, their budget goes to MCTS), if it is a search.
    pub fn of(algorithm: Algorithm, seats: usize) -> Option<SearchKind> {
        match algorithm {
            Algorithm::Random => None,
            Algorithm::Mcts { .. } => Some(SearchKind::Mcts),
            Algorithm::AlphaBeta { .. } if seats == 2 => Some(SearchKind::AlphaBeta),
            Algorithm::Expectimax { .. } if seats == 2 => Some(SearchKind::Expectimax),
            Algorithm::AlphaBeta { .. } | Algorithm::Expectimax { .. } => Some(SearchKind::Mcts),
            Algorithm::Perfect { otherwise } => SearchKind::of(*otherwise, seats),
        }
    }
}

impl fmt::Display for SearchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SearchKind::AlphaBeta => "alpha-beta",
            SearchKind::Expectimax => "expectimax",
            SearchKind::Mcts => "MCTS",
        })
    }
}

/// The search's score as the input of a curve: the logit of its expected result for the mover,
/// with the result kept within [`SCORE_LIMIT`] of 0 and 1 (so a minimax of noisy playouts,
/// which leans to 0 and 1, stays finite). `None` for a proven result or no estimate.
pub fn score_logit(evaluation: Evaluation) -> Option<f64> {
    let p = match evaluation {
        Evaluation::Heuristic(_) | Evaluation::Expected(_) => evaluation.expected()?,
        _ => return None,
    };
    let p = p.clamp(SCORE_LIMIT, 1.0 - SCORE_LIMIT);
    Some((p / (1.0 - p)).ln())
}

/// How near 0 or 1 a search's expected result is taken to be at most (see [`score_logit`]).
pub const SCORE_LIMIT: f64 = 0.001;

/// The logistic function.
pub(crate) fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// The ordered logistic model of [`Curve`] with these parameters, at logit `x`.
pub(crate) fn ordered_chance(intercept: f64, slope: f64, draw_width: f64, x: f64) -> Chance {
    let z = intercept + slope * x;
    let win = sigmoid(z - draw_width);
    Chance::new(win, sigmoid(z + draw_width) - win, Basis::Estimate)
}

/// A fitted map from one search's score to the mover's chances: an ordered logistic model on
/// `z = intercept + slope * x`, where `x` is [`score_logit`] of the score:
///
/// - P(win) = σ(z − draw_width)
/// - P(win or draw) = σ(z + draw_width)
///
/// so a higher score never lowers the chance to win nor raises the chance to lose (the slope
/// is positive), and `draw_width` = 0 means no draws. Fitted by maximum likelihood
/// ([`fit::fit`]) on positions of games between the computer levels.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Curve {
    /// The search whose score it maps.
    pub search: SearchKind,
    /// The work budget (nodes or iterations) per position the positions were searched with.
    pub nodes: u64,
    /// The model's intercept (the side to move's own edge at an even score).
    pub intercept: f64,
    /// The model's slope on the score's logit (positive).
    pub slope: f64,
    /// Half the width of the draw band on the logit scale (0: no draws).
    pub draw_width: f64,
    /// Where the data came from: settings, players, games, positions, seed, and the command.
    pub fitted_on: FitSource,
}

/// Where a [`Curve`]'s data came from, and how well it fitted.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct FitSource {
    /// The game's settings, `key=value` separated by spaces.
    pub settings: String,
    /// Who played the games (`ai:3 vs ai:3`, ...).
    pub players: String,
    /// Games played.
    pub games: u64,
    /// Positions searched (a few per game).
    pub positions: u64,
    /// The seed of the data set.
    pub seed: u64,
    /// The average log-loss of the fitted model on the data (nats per position).
    pub log_loss: f64,
    /// The command that makes the data set and the fit.
    pub command: String,
}

impl Curve {
    /// The mover's chances at a search score of logit `x` ([`score_logit`]).
    pub fn chance_at(&self, x: f64) -> Chance {
        ordered_chance(self.intercept, self.slope, self.draw_width, x)
    }
}

/// A game's fitted curves, one per search kind at most: the file `tafel analyze GAME --fit`
/// writes, which the game's [`crate::GameAi::CALIBRATION`] embeds.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Calibration {
    /// The game's name.
    pub game: String,
    /// The curves.
    pub curves: Vec<Curve>,
}

impl Calibration {
    /// Reads a calibration file.
    pub fn parse(text: &str) -> Result<Calibration, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The file's text (what `--fit` writes).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a calibration always serialises") + "\n"
    }

    /// The curve of `kind`, if one was fitted.
    pub fn curve(&self, kind: SearchKind) -> Option<&Curve> {
        self.curves.iter().find(|c| c.search == kind)
    }
}

/// The chances a search's [`Evaluation`] stands for, from the mover's side: exact for a
/// proven result, through `curve` (the search's fitted curve) for a score, the search's own expected
/// result where there is no curve; `None` for no estimate at all.
pub fn chance_of(evaluation: Evaluation, curve: Option<&Curve>) -> Option<Chance> {
    match evaluation {
        Evaluation::Unknown => None,
        Evaluation::WinIn(_) => Some(Chance::new(1.0, 0.0, Basis::Exact)),
        Evaluation::LossIn(_) => Some(Chance::new(0.0, 0.0, Basis::Exact)),
        Evaluation::Draw => Some(Chance::new(0.0, 1.0, Basis::Exact)),
        Evaluation::Heuristic(_) | Evaluation::Expected(_) => match curve {
            Some(curve) => score_logit(evaluation).map(|x| curve.chance_at(x)),
            None => evaluation
                .expected()
                .map(|p| Chance::new(p, 0.0, Basis::Search)),
        },
    }
}

#[cfg(test)]
mod tests;
