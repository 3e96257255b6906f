//! Hints ([`Hub::hint`], `POST /api/games/{id}/hint`): the best move of a player's position,
//! for a person who turned hints on before a game against the computer (off by default,
//! refused otherwise), searched on the pool with the analysis budget.
//!
//! One hint is searched per game and position at a time: a request while one is being
//! searched waits for the same answer instead of starting another search, so a flood of
//! requests costs one search. Hints are jobs of [`Class::Hint`]: after the computer's replies
//! to people, before everything else, and the people asking take turns.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use tafel_ai::scale::{assess, Chance};
use tokio::sync::watch;

use super::analysis::stopped;
use super::Hub;
use crate::compute::pool::{Class, JobOutcome, Owner, Ticket};
use crate::domain::client::client_key;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::Error;
use crate::msg;

/// A hint: the best move of a position and the mover's chances.
#[derive(Clone, Debug)]
pub struct Hint {
    /// The number of moves played before the position.
    pub ply: usize,
    /// The best move, in the game's notation.
    pub best: String,
    /// The mover's chances after it.
    pub chance: Chance,
}

/// A hint's answer once found (`None` while it is searched).
type Answer = Option<Result<Hint, Error>>;

/// The hints being searched: by game id, the game's version searched and the answer to come.
#[derive(Default)]
pub struct Hints(Mutex<HashMap<String, (u64, watch::Receiver<Answer>)>>);

impl Hints {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, (u64, watch::Receiver<Answer>)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of hints being searched.
    pub fn searching(&self) -> usize {
        self.lock().len()
    }
}

impl Hub {
    /// The best move of game `id`'s position for the seat holding `token` (a client at
    /// `from`), found on the pool with the analysis budget: refused unless the seat's person
    /// turned hints on before the game (only possible against the computer) and the seat is
    /// to move.
    pub async fn hint(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        from: Option<IpAddr>,
    ) -> Result<Hint, Error> {
        let handle = self.get(id).await?;
        let (game, position, ply, version, origin) = {
            let live = handle.lock().await;
            let seat = live.seat_for(token)?;
            if !live.table.seats[seat].hints {
                return Err(Error::forbidden(msg!("hints-are-off-in-this-game")));
            }
            if live.is_over() {
                return Err(Error::conflict(msg!("game-is-over")));
            }
            if live.seat_to_move() != Some(seat) {
                return Err(Error::conflict(msg!("hint-is-for-the-position-where")));
            }
            (
                live.game.clone(),
                live.current().clone_box(),
                live.moves.len(),
                live.version().clone(),
                live.origin,
            )
        };
        let searched = version.get();
        let mut answer = {
            let mut hints = self.hints.lock();
            match hints.get(id.as_str()) {
                Some((at, answer)) if *at == searched => answer.clone(),
                _ => {
                    let owner = from
                        .map(client_key)
                        .or(origin)
                        .map_or_else(|| Owner::Game(id.to_string()), Owner::Address);
                    let options = self.analysis_budget().assess_options();
                    let weak = Arc::downgrade(self);
                    let job = self
                        .pool()
                        .submit(
                            Ticket::new(Class::Hint, owner),
                            move || stopped(&weak) || version.changed_since(searched),
                            move || assess(game.as_ref(), position.as_ref(), &options),
                        )
                        .map_err(Error::busy)?;
                    let (tell, answer) = watch::channel(None);
                    hints.insert(id.to_string(), (searched, answer.clone()));
                    let (hub, id) = (self.clone(), id.to_string());
                    tokio::spawn(async move {
                        let found = match job.await {
                            JobOutcome::Done(Ok(found)) => Ok(Hint {
                                ply,
                                best: found.best,
                                chance: found.chance,
                            }),
                            JobOutcome::Done(Err(e)) => Err(Error::conflict(e)),
                            JobOutcome::Cancelled => {
                                Err(Error::conflict(msg!("game-changed-before-the-hint-was")))
                            }
                            JobOutcome::Panicked(message) => {
                                Err(Error::failed(msg!("search-failed-message", message)))
                            }
                        };
                        let mut hints = hub.hints.lock();
                        if hints.get(&id).is_some_and(|(at, _)| *at == searched) {
                            hints.remove(&id);
                        }
                        let _ = tell.send(Some(found));
                    });
                    answer
                }
            }
        };
        let found = answer
            .wait_for(Option::is_some)
            .await
            .map_err(|_| Error::failed(msg!("hint-search-ended-without-an-answer")))?;
        found.clone().expect("waited for an answer")
    }
}
