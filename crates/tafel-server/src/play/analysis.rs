//! The analysis of a game ([`tafel_ai::review::review_game`]): every move's winning chances
//! on the one scale, its loss and its mark, as `GET /api/games/{id}/analysis` serves it; and
//! hints ([`Hub::hint`], `POST /api/games/{id}/hint`): the best move of a player's position, for a
//! person who turned hints on before a game against the computer (off by default, refused
//! otherwise), searched on the pool with the same budget per position.
//!
//! - **Who may see it.** Anyone, once the game is over; during the game, spectators only: a
//!   request that shows a token holding a seat is refused, so that a player does not consult
//!   the computer about the game being played. An analysis never covers more than the moves
//!   played, so even a player who hides their token learns nothing about the position on the
//!   board (the best move of the last position is not in it).
//! - **Where it runs.** On the hub's bounded [`SearchPool`](crate::compute::pool::SearchPool), like the
//!   computer's moves, never on the async runtime; a request that finds no analysis stored
//!   starts one (unless the same one runs already) and is answered `202` with the progress;
//!   the client asks again. A full queue is answered `503`.
//! - **Budget.** Each position gets at most [`crate::Limits::analysis_work`] nodes of search
//!   (iterations for MCTS) and [`crate::Limits::analysis_time`]; positions the solvers cover
//!   cost no search. Stopping the server stops the analyses between positions.
//! - **Storage.** Once computed, an analysis is stored with the number of moves it reviewed
//!   and those moves; a request for the same moves is served from the store. Each game keeps
//!   its latest analysis only, so a finished game's is computed once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use serde::Serialize;
use tafel_ai::review::review_game;
use tafel_ai::scale::{assess, Chance};
use utoipa::ToSchema;

use super::Hub;
use crate::compute::pool::JobOutcome;
use crate::compute::review::{AnalysisProgress, Control};
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::Error;

/// The analyses running, and how many were computed.
#[derive(Default)]
pub struct Analyses {
    /// By game id and number of moves reviewed.
    running: Mutex<HashMap<(String, usize), Arc<AnalysisProgress>>>,
    /// The analyses computed (and stored) so far.
    computed: AtomicU64,
    /// The analyses that failed.
    failed: AtomicU64,
}

impl Analyses {
    fn running(&self) -> MutexGuard<'_, HashMap<(String, usize), Arc<AnalysisProgress>>> {
        self.running.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of analyses computed so far (served from the store afterwards).
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// The number of analyses that failed.
    pub fn failed(&self) -> u64 {
        self.failed.load(Ordering::Relaxed)
    }
}

/// The answer while an analysis is being computed (`202`).
#[derive(Serialize, ToSchema)]
pub struct Computing {
    /// Always `computing`.
    pub status: &'static str,
    /// The moves reviewed so far.
    pub done: usize,
    /// The moves to review (moves with a choice or not; chance outcomes are not reviewed).
    pub total: usize,
}

impl Computing {
    fn of(progress: &AnalysisProgress) -> Computing {
        let (done, total) = progress.counts();
        Computing {
            status: "computing",
            done,
            total,
        }
    }
}

/// What a request for an analysis gets.
pub enum Analysis {
    /// The stored analysis, as JSON text (a [`tafel_ai::review::GameReview`]).
    Ready(String),
    /// It is being computed.
    Computing(Computing),
}

/// A hint: the best move of a position and the mover's chances.
pub struct Hint {
    /// The number of moves played before the position.
    pub ply: usize,
    /// The best move, in the game's notation.
    pub best: String,
    /// The mover's chances after it.
    pub chance: Chance,
}

/// Whether the hub is gone or stopping.
fn stopped(hub: &Weak<Hub>) -> bool {
    hub.upgrade().is_none_or(|hub| hub.is_stopped())
}

impl Hub {
    /// The analysis of game `id` over the moves played so far, or how far its computation got
    /// (starting it if needed). `tokens` are the seats' secrets the client holds: during a game,
    /// holding a seat means no analysis.
    pub async fn analysis(
        self: &Arc<Self>,
        id: &GameId,
        tokens: &[SeatToken],
    ) -> Result<Analysis, Error> {
        let hub = self;
        let handle = hub.get(id).await?;
        let (game, start, moves) = {
            let live = handle.lock().await;
            if !live.is_over() && tokens.iter().any(|t| live.seat_of(t).is_some()) {
                return Err(Error::forbidden(
                    "the players of a game see its analysis once the game is over",
                ));
            }
            (
                live.game.clone(),
                live.positions[0].clone_box(),
                live.moves.clone(),
            )
        };
        let count = moves.len();
        if let Some(review) = hub
            .store()
            .analysis(id, &moves)
            .await
            .map_err(Error::storage)?
        {
            return Ok(Analysis::Ready(review));
        }
        let key = (id.to_string(), count);
        let progress = {
            let mut running = hub.analyses().running();
            if let Some(progress) = running.get(&key) {
                if let Some(failure) = progress.failure() {
                    // Said once; the next request tries again.
                    running.remove(&key);
                    return Err(Error::failed(format!("the analysis failed: {failure}")));
                }
                return Ok(Analysis::Computing(Computing::of(progress)));
            }
            let progress = Arc::new(AnalysisProgress::default());
            running.insert(key.clone(), progress.clone());
            progress
        };
        let options = hub.analysis_budget().review_options();
        let weak = Arc::downgrade(hub);
        let watched = weak.clone();
        let mut control = Control::new(move || stopped(&watched), progress.clone());
        let reviewed = moves.clone();
        let submitted = hub.pool().submit(
            move || stopped(&weak),
            move || {
                review_game(
                    game.as_ref(),
                    start.as_ref(),
                    &reviewed,
                    &options,
                    &mut control,
                )
            },
        );
        let job = match submitted {
            Ok(job) => job,
            Err(full) => {
                hub.analyses().running().remove(&key);
                return Err(Error::busy(full));
            }
        };
        let finisher = hub.clone();
        let answer = Computing::of(&progress);
        tokio::spawn(async move {
            let hub = finisher;
            let outcome = job.await;
            let failure = match outcome {
                JobOutcome::Done(Ok(review)) => match serde_json::to_string(&review) {
                    Ok(json) => match hub.store().put_analysis(&key.0, &moves, &json).await {
                        Ok(()) => {
                            hub.analyses().computed.fetch_add(1, Ordering::Relaxed);
                            None
                        }
                        Err(e) => Some(format!("it could not be stored: {e:#}")),
                    },
                    Err(e) => Some(e.to_string()),
                },
                JobOutcome::Done(Err(e)) => Some(e.to_string()),
                JobOutcome::Cancelled => Some("the server is stopping".to_string()),
                JobOutcome::Panicked(message) => Some(format!("the review failed: {message}")),
            };
            match failure {
                // Only now that the store has it may a request start it again.
                None => drop(hub.analyses().running().remove(&key)),
                Some(failure) => {
                    hub.analyses().failed.fetch_add(1, Ordering::Relaxed);
                    tracing::error!("game {}: no analysis of {} moves: {failure}", key.0, key.1);
                    // The next request for it hears why.
                    progress.fail(failure);
                }
            }
        });
        Ok(Analysis::Computing(answer))
    }

    /// The best move of game `id`'s position for the seat holding `token`, found on the pool with
    /// the analysis budget: refused unless the seat's person turned hints on before the game (only
    /// possible against the computer) and the seat is to move.
    pub async fn hint(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<Hint, Error> {
        let hub = self;
        let handle = hub.get(id).await?;
        let (game, position, ply, version) = {
            let live = handle.lock().await;
            let seat = live.seat_for(token)?;
            if !live.table.seats[seat].hints {
                return Err(Error::forbidden(
                    "hints are off in this game: they are turned on before a game against the computer",
                ));
            }
            if live.is_over() {
                return Err(Error::conflict("the game is over"));
            }
            if live.seat_to_move() != Some(seat) {
                return Err(Error::conflict(
                    "a hint is for the position where it is your move",
                ));
            }
            (
                live.game.clone(),
                live.current().clone_box(),
                live.moves.len(),
                live.version().clone(),
            )
        };
        let options = hub.analysis_budget().assess_options();
        let searched = version.get();
        let weak = Arc::downgrade(hub);
        let job = hub
            .pool()
            .submit(
                move || stopped(&weak) || version.changed_since(searched),
                move || assess(game.as_ref(), position.as_ref(), &options),
            )
            .map_err(Error::busy)?;
        match job.await {
            JobOutcome::Done(Ok(found)) => Ok(Hint {
                ply,
                best: found.best,
                chance: found.chance,
            }),
            JobOutcome::Done(Err(e)) => Err(Error::conflict(e)),
            JobOutcome::Cancelled => Err(Error::conflict(
                "the game changed before the hint was found; ask again",
            )),
            JobOutcome::Panicked(message) => {
                Err(Error::failed(format!("the search failed: {message}")))
            }
        }
    }
}
