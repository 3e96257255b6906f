//! The perfect Black Path player.

use tafel_core::game::GameExt;
use tafel_core::{reason, Game, Reason, Status};
use tafel_games::black_path::{BlackPath, BlackPathSettings, PathEnd, State, Tile};

use super::domino::{self, DominoVerdict};
use super::Searcher;
use crate::agent::{Agent, Decision, Evaluation};
use crate::scale::{Chance, Oracle};

/// Plays Black Path perfectly: the domino strategy where it applies, the exact search elsewhere
/// (boards of up to [`super::MAX_SEARCH_SQUARES`] squares). A lost position is played on with a
/// move that does not run into the boundary at once, if there is one.
///
/// On a larger board where neither applies (an odd x odd board from a start square not of the
/// corners' colour, or a position left by a mistake), or where the search would take more than
/// `AGENT_NODE_LIMIT` nodes, it looks one move ahead for a move that leaves the opponent a domino-lost position and
/// otherwise plays a move that does not lose at once; its decision then says "no estimate".
pub struct PerfectBlackPath {
    log2_slots: u32,
    /// The searcher for the board of the last game seen (its table is kept between moves).
    searcher: Option<(BlackPathSettings, Searcher)>,
}

impl Default for PerfectBlackPath {
    /// A table of 2^20 entries (16 MiB), allocated only when a position needs the search.
    fn default() -> Self {
        Self::new(AGENT_TABLE_LOG2)
    }
}

/// The most nodes the agent's exact search visits for one move (a few seconds at most): the
/// domino strategy settles almost every position of the usual boards at once, but a position
/// left by an opponent's mistake on a large board can need far more, and a player must answer
/// in time. Beyond it the agent plays its one-move look-ahead and says so.
pub const AGENT_NODE_LIMIT: u64 = 2_000_000;

/// The default agent's table size: smaller than the command line's, since a server may run many
/// agents at once and most positions never need the search.
pub const AGENT_TABLE_LOG2: u32 = 20;

impl PerfectBlackPath {
    /// A perfect player whose search uses a table of `2^log2_slots` entries (16 bytes each).
    pub fn new(log2_slots: u32) -> Self {
        PerfectBlackPath {
            log2_slots,
            searcher: None,
        }
    }

    fn searcher(&mut self, game: &BlackPath) -> Option<&mut Searcher> {
        let settings = *game.settings();
        if self.searcher.as_ref().map(|(s, _)| *s) != Some(settings) {
            self.searcher = Searcher::new(game, self.log2_slots).map(|s| {
                let s = s
                    .with_domino_cutoffs(true)
                    .with_node_limit(AGENT_NODE_LIMIT);
                (settings, s)
            });
        }
        self.searcher.as_mut().map(|(_, s)| s)
    }

    /// Whether the player to move in `state` (a running game) wins with perfect play: by the
    /// domino argument, else by the exact search within [`AGENT_NODE_LIMIT`]; `None` where
    /// neither settles it.
    pub(super) fn mover_wins(&mut self, game: &BlackPath, state: &State) -> Option<bool> {
        match domino::verdict(game, state) {
            Some(DominoVerdict::MoverWins { .. }) => Some(true),
            Some(DominoVerdict::MoverLoses) => Some(false),
            None => self
                .searcher(game)?
                .solve(game, state)
                .ok()
                .map(|s| s.mover_wins),
        }
    }
}

/// The exact value of every move of a Black Path position, from the same methods as
/// [`PerfectBlackPath`] (and within the same node limit per position solved).
#[derive(Default)]
pub struct BlackPathOracle {
    solver: PerfectBlackPath,
}

impl Oracle<BlackPath> for BlackPathOracle {
    fn move_values(&mut self, game: &BlackPath, state: &State) -> Option<Vec<(Tile, Chance)>> {
        let Status::ToMove(mover) = game.status(state) else {
            return None;
        };
        game.legal_move_vec(state)
            .into_iter()
            .map(|tile| {
                let child = game.after(state, tile);
                let chance = match game.status(&child) {
                    Status::Over(outcome) => Chance::of_payoff(outcome.payoff(mover)),
                    _ => Chance::of_payoff(if self.solver.mover_wins(game, &child)? {
                        0.0
                    } else {
                        1.0
                    }),
                };
                Some((tile, chance))
            })
            .collect()
    }
}

/// The tiles of `state` whose run does not end at the boundary.
fn surviving_tiles(game: &BlackPath, state: &State) -> Vec<Tile> {
    (1..=3)
        .filter(|&t| matches!(game.after(state, t).end(), PathEnd::Open { .. }))
        .collect()
}

impl Agent<BlackPath> for PerfectBlackPath {
    fn choose(&mut self, game: &BlackPath, state: &State) -> Option<Decision<Tile>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        let decision = |mv, evaluation, effort: Reason| {
            Some(Decision {
                mv,
                evaluation,
                effort,
            })
        };
        let surviving = surviving_tiles(game, state);
        let fallback = surviving.first().copied().unwrap_or(1);
        match domino::verdict(game, state) {
            Some(DominoVerdict::MoverWins { tile }) => {
                return decision(
                    tile,
                    Evaluation::Expected(1.0),
                    reason!("effort-domino-win", "proven win: domino strategy"),
                )
            }
            Some(DominoVerdict::MoverLoses) => {
                return decision(
                    fallback,
                    Evaluation::Expected(0.0),
                    reason!(
                        "effort-domino-loss",
                        "proven loss: domino strategy for the opponent"
                    ),
                )
            }
            None => {}
        }
        let note = match self.searcher(game).map(|s| s.solve(game, state)) {
            Some(Ok(solution)) => {
                return match solution.winning_tile {
                    Some(tile) => decision(
                        tile,
                        Evaluation::Expected(1.0),
                        reason!(
                            "effort-search-win",
                            "proven win: exact search, {nodes} nodes",
                            nodes = solution.nodes
                        ),
                    ),
                    None => decision(
                        fallback,
                        Evaluation::Expected(0.0),
                        reason!(
                            "effort-search-loss",
                            "proven loss: exact search, {nodes} nodes",
                            nodes = solution.nodes
                        ),
                    ),
                }
            }
            Some(Err(_)) => reason!(
                "effort-node-limit",
                "the exact search reached its node limit; a move that does not lose at once"
            ),
            None => reason!(
                "effort-board-too-large",
                "board too large for the exact search; a move that does not lose at once"
            ),
        };
        let domino_win = surviving.iter().copied().find(|&t| {
            domino::verdict(game, &game.after(state, t)) == Some(DominoVerdict::MoverLoses)
        });
        match domino_win {
            Some(tile) => decision(
                tile,
                Evaluation::Expected(1.0),
                reason!(
                    "effort-reply-domino-lost",
                    "proven win: the reply position is domino-lost"
                ),
            ),
            None => decision(fallback, Evaluation::Unknown, note),
        }
    }
}
