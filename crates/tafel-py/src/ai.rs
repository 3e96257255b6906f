//! Tafel's players for Python: the best move of a position at a strength level, with the
//! mover's chances on the one scale `tafel hint` shows (exact where the game's solvers know
//! the position).

use std::time::Duration;

use tafel_ai::scale::{AssessOptions, Basis};
use tafel_ai::Algorithm;

use crate::game::AnyGame;
use crate::state::AnyState;
use crate::Error;

/// The longest search one call may ask for.
pub const MAX_TIME: Duration = Duration::from_secs(600);

/// How to search, as `tafel hint` does: a strength level (`tafel play --level`), or the game's
/// analysis search with its solvers asked first; optionally another node budget, a time cap
/// and a seed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Search {
    /// The strength level (see docs/ai.md); `None` for the analysis search, which asks the
    /// game's solvers first (as a perfect level does).
    pub level: Option<u32>,
    /// Nodes (or MCTS iterations) instead of the level's own budget.
    pub nodes: Option<u64>,
    /// The most time the search may take, instead of the usual cap.
    pub time: Option<Duration>,
    /// The seed of the search (the same seed gives the same answer).
    pub seed: u64,
}

/// The move a search chose and the mover's chances after it.
#[derive(Clone, PartialEq, Debug)]
pub struct BestMove {
    /// The move's action number.
    pub action: u32,
    /// The move in the game's notation.
    pub text: String,
    /// The mover's chance to win, 0 to 1.
    pub win: f64,
    /// The mover's chance to draw, 0 to 1.
    pub draw: f64,
    /// Whether the chances are proven rather than estimated.
    pub exact: bool,
    /// What found them, in words.
    pub effort: String,
}

/// The best move of `state` (of `game`, with a player to move) by `search`.
pub fn best_move(
    game: &dyn AnyGame,
    state: &dyn AnyState,
    search: Search,
) -> Result<BestMove, Error> {
    if let Some(time) = search.time {
        if time.is_zero() || time > MAX_TIME {
            return Err(Error::Value(format!(
                "time_ms must be 1 to {}, not {}",
                MAX_TIME.as_millis(),
                time.as_millis()
            )));
        }
    }
    if search.nodes == Some(0) {
        return Err(Error::Value("nodes must be at least 1".into()));
    }
    if state.current_player() < 0 {
        return Err(Error::Value(
            "nobody is to move here (chance acts or the game is over)".into(),
        ));
    }
    let erased = game.dyn_game().as_ref();
    let value = |e: tafel_ai::AiError| Error::Value(e.to_string());
    let ai = tafel_ai::game_ai(erased).map_err(value)?;
    let (algorithm, exact) = match search.level {
        Some(level) => {
            let algorithm = ai.level(level).map_err(|e| Error::Value(e.to_string()))?;
            let perfect = matches!(algorithm, Algorithm::Perfect { .. });
            (algorithm, perfect)
        }
        None => (ai.analysis(), true),
    };
    let mut options = AssessOptions {
        exact,
        algorithm: Some(algorithm),
        work: search.nodes,
        seed: search.seed,
        ..AssessOptions::default()
    };
    if let Some(time) = search.time {
        options.time_cap = time;
    }
    let position = state.dyn_position();
    let answer = tafel_ai::scale::assess(erased, position.as_ref(), &options).map_err(value)?;
    Ok(BestMove {
        action: state.string_to_action(&answer.best)?,
        text: answer.best,
        win: answer.chance.win,
        draw: answer.chance.draw,
        exact: answer.chance.basis == Basis::Exact,
        effort: answer.effort.to_string(),
    })
}
