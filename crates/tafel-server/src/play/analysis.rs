//! The analysis of a game ([`tafel_ai::review`]): every move's winning chances on the one
//! scale, its loss and its mark, as `GET /api/games/{id}/analysis` serves it.
//!
//! - **Who may see it.** Anyone, once the game is over; during the game, spectators only: a
//!   request that shows a token holding a seat is refused, so that a player does not consult
//!   the computer about the game being played. An analysis never covers more than the moves
//!   played, so even a player who hides their token learns nothing about the position on the
//!   board (the best move of the last position is not in it).
//! - **Where it runs.** On the hub's [`SearchPool`](crate::compute::pool::SearchPool), one
//!   position at a time, each position a job of the lowest class ([`Class::Analysis`]), so that
//!   every other search gets in between two positions; never on the async runtime. A request
//!   that finds no analysis stored starts one (unless the same one is under way) and is
//!   answered `202` with the progress; the client asks again.
//! - **Bounds.** One client address has at most [`HubLimits::analyses_per_address`] analyses
//!   under way (`429` past that), and the server at most [`HubLimits::search_queue`] (`503`).
//!   Each position gets at most [`crate::Limits::analysis_work`] nodes of search (iterations
//!   for MCTS) and [`crate::Limits::analysis_time`]; positions the solvers cover cost no
//!   search. Stopping the server stops the analyses between positions.
//! - **Storage.** Once computed, an analysis is stored with the number of moves it reviewed
//!   and those moves; a request for the same moves is served from the store. Each game keeps
//!   its latest analysis only, so a finished game's is computed once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use std::net::IpAddr;

use serde::Serialize;
use tafel_ai::review::{start_review, ReviewError};
use tafel_core::{DynGame, DynPosition};
use utoipa::ToSchema;

use super::{Hub, HubLimits};
use crate::compute::pool::{Class, JobOutcome, Owner, Ticket};
use crate::compute::review::AnalysisProgress;
use crate::domain::client::client_key;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::Error;
use crate::msg;

/// The analyses under way (by game id and number of moves reviewed), each with the address
/// that asked for it.
type Running = HashMap<(String, usize), (Option<IpAddr>, Arc<AnalysisProgress>)>;

/// The analyses running, and how many were computed.
#[derive(Default)]
pub struct Analyses {
    running: Mutex<Running>,
    /// The analyses computed (and stored) so far.
    computed: AtomicU64,
    /// The analyses that failed.
    failed: AtomicU64,
}

impl Analyses {
    fn running(&self) -> MutexGuard<'_, Running> {
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

/// Whether the hub is gone or stopping.
pub(super) fn stopped(hub: &Weak<Hub>) -> bool {
    hub.upgrade().is_none_or(|hub| hub.is_stopped())
}

impl Hub {
    /// The analysis of game `id` over the moves played so far, or how far its computation got
    /// (starting it if needed, for the client at `from`). `tokens` are the seats' secrets the
    /// client holds: during a game, holding a seat means no analysis.
    pub async fn analysis(
        self: &Arc<Self>,
        id: &GameId,
        tokens: &[SeatToken],
        from: Option<IpAddr>,
    ) -> Result<Analysis, Error> {
        let handle = self.get(id).await?;
        let (game, start, moves) = {
            let live = handle.lock().await;
            if !live.is_over() && tokens.iter().any(|t| live.seat_of(t).is_some()) {
                return Err(Error::forbidden(msg!("players-of-a-game-see-its")));
            }
            (
                live.game.clone(),
                live.positions[0].clone_box(),
                live.moves.clone(),
            )
        };
        if let Some(review) = self
            .store()
            .analysis(id, &moves)
            .await
            .map_err(Error::storage)?
        {
            return Ok(Analysis::Ready(review));
        }
        let from = from.map(client_key);
        let key = (id.to_string(), moves.len());
        let progress = {
            let mut running = self.analyses().running();
            if let Some((_, progress)) = running.get(&key) {
                if let Some(failure) = progress.failure() {
                    // Said once; the next request tries again.
                    running.remove(&key);
                    return Err(Error::failed(msg!("analysis-failed-failure", failure)));
                }
                return Ok(Analysis::Computing(Computing::of(progress)));
            }
            admit(&running, from, &self.limits)?;
            let progress = Arc::new(AnalysisProgress::default());
            running.insert(key.clone(), (from, progress.clone()));
            progress
        };
        let answer = Computing::of(&progress);
        let owner = from.map_or_else(|| Owner::Game(id.to_string()), Owner::Address);
        tokio::spawn(
            self.clone()
                .analyse(key, owner, game, start, moves, progress),
        );
        Ok(Analysis::Computing(answer))
    }

    /// Computes the analysis `key` of `moves` from `start` one position at a time on the pool,
    /// and stores it; or records why it failed, for the next request to hear.
    async fn analyse(
        self: Arc<Self>,
        key: (String, usize),
        owner: Owner,
        game: Arc<dyn DynGame>,
        start: Box<dyn DynPosition>,
        moves: Vec<String>,
        progress: Arc<AnalysisProgress>,
    ) {
        // A request that missed the store just before the same analysis was stored and let go
        // started this one: it is served from the store, not computed twice.
        if let Ok(Some(_)) = self.store().analysis(&key.0, &moves).await {
            drop(self.analyses().running().remove(&key));
            return;
        }
        let failure = match self.review(owner, game, start, &moves, &progress).await {
            Ok(json) => match self.store().put_analysis(&key.0, &moves, &json).await {
                Ok(()) => {
                    self.analyses().computed.fetch_add(1, Ordering::Relaxed);
                    None
                }
                Err(e) => Some(format!("it could not be stored: {e:#}")),
            },
            Err(failure) => Some(failure),
        };
        match failure {
            // Only now that the store has it may a request start it again.
            None => drop(self.analyses().running().remove(&key)),
            Some(failure) => {
                self.analyses().failed.fetch_add(1, Ordering::Relaxed);
                tracing::error!("game {}: no analysis of {} moves: {failure}", key.0, key.1);
                // The next request for it hears why.
                progress.fail(failure);
            }
        }
    }

    /// The review of `moves` as JSON, each position a job of the pool's lowest class (after
    /// one that checks the moves and prepares the review: solution tables may load then).
    async fn review(
        self: &Arc<Self>,
        owner: Owner,
        game: Arc<dyn DynGame>,
        start: Box<dyn DynPosition>,
        moves: &[String],
        progress: &AnalysisProgress,
    ) -> Result<String, String> {
        let options = self.analysis_budget().review_options();
        let moves = moves.to_vec();
        let mut steps = self
            .analysis_job(&owner, move || {
                start_review(game.as_ref(), start.as_ref(), &moves, &options)
            })
            .await?;
        loop {
            let (done, total) = steps.counts();
            progress.set((done, total));
            if done == total {
                return serde_json::to_string(&steps.finish()).map_err(|e| e.to_string());
            }
            steps = self
                .analysis_job(&owner, move || {
                    steps.step();
                    Ok(steps)
                })
                .await?;
        }
    }

    /// Runs `job`, a part of an analysis for `owner`, on the pool at the lowest priority.
    async fn analysis_job<T: Send + 'static>(
        self: &Arc<Self>,
        owner: &Owner,
        job: impl FnOnce() -> Result<T, ReviewError> + Send + 'static,
    ) -> Result<T, String> {
        let weak = Arc::downgrade(self);
        let ticket = Ticket::new(Class::Analysis, owner.clone());
        let job = self
            .pool()
            .submit(ticket, move || stopped(&weak), job)
            .map_err(|full| full.to_string())?;
        match job.await {
            JobOutcome::Done(done) => done.map_err(|e| e.to_string()),
            JobOutcome::Cancelled => Err("the server is stopping".to_string()),
            JobOutcome::Panicked(message) => Err(format!("the review failed: {message}")),
        }
    }
}

/// Refuses a new analysis when the client at `from` has as many under way as it may, or the
/// server has as many as it takes.
fn admit(running: &Running, from: Option<IpAddr>, limits: &HubLimits) -> Result<(), Error> {
    // A failed analysis waits in the table until it is asked for again (to say why): it is
    // under way no more, so it counts against neither bound.
    let under_way = running.values().filter(|(_, p)| p.failure().is_none());
    if under_way.clone().count() >= limits.search_queue {
        return Err(Error::busy(msg!("too-many-analyses-are-under-way")));
    }
    let mine = under_way
        .filter(|(owner, _)| from.is_some() && *owner == from)
        .count();
    if mine >= limits.analyses_per_address {
        return Err(Error::quota(msg!(
            "this-address-has-mine-analyses-under",
            mine
        )));
    }
    Ok(())
}
