//! Rematches by consent: offered, accepted, declined or cancelled on a finished game, the
//! offer gone when a player leaves the game's page (the rules are
//! [`crate::domain::rematch`]'s); the rematch itself is made by the [`Creator`] only once
//! everyone asked has agreed.
//!
//! [`Creator`]: super::create::Creator

use std::sync::Arc;

use super::create::Held;
use super::viewers::Event;
use super::Hub;
use crate::domain::consent::{Answer, Decided, Lapse};
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::Error;
use crate::msg;

/// What an answer to a rematch came to.
pub enum Rematch {
    /// An offer stands, waiting for the others.
    Offered,
    /// The offer went (declined, or cancelled by its offerer); nothing was made.
    Declined,
    /// The rematch is made: the caller's seats in it.
    Made(Held),
}

impl Hub {
    /// The answer `answer` of the holder of `token` to the rematch of finished game `id`: an
    /// offer, an acceptance or a decline ([`Proposals::rematch`]). When everyone asked has
    /// agreed, the rematch is made ([`Creator`]) and everyone in the old game is told; once
    /// it is made, an offer or an acceptance gives the caller's seats in it (with their new
    /// tokens; at one screen, every seat there) and the invitations of seats nobody took in
    /// the old game.
    ///
    /// [`Proposals::rematch`]: crate::domain::consent::Proposals::rematch
    /// [`Creator`]: super::create::Creator
    pub async fn rematch(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<Rematch, Error> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.seat_for(token)?;
        if !live.is_over() {
            return Err(Error::conflict(msg!("game-is-not-over-yet-a")));
        }
        let mine = live.sides(&live.table).speaking_with(seat);
        let n = live.table.seats.len();
        let new_id = match (live.table.rematch.clone(), answer) {
            (Some(_), Answer::Decline) => {
                return Err(Error::conflict(msg!(
                    "there-is-no-rematch-offer-to-decline"
                )))
            }
            (Some(made), _) => GameId::parse(&made)?,
            (None, _) => {
                let mut table = live.table.clone();
                let mut proposals = std::mem::take(&mut table.proposals);
                let decided = proposals.rematch(&live.sides(&table), seat, answer)?;
                table.proposals = proposals;
                if decided == Decided::Waiting {
                    self.committer.propose(&mut live, table, seat).await?;
                    return Ok(match live.table.proposals.rematch {
                        Some(_) => Rematch::Offered,
                        None => Rematch::Declined,
                    });
                }
                let new = self.creator.rematch(&mut live, seat, table).await?;
                self.keep(new).await
            }
        };
        drop(live);
        let (_, rematch) = self.lock_game(&new_id).await?;
        let seats = &rematch.table.seats;
        Ok(Rematch::Made(Held {
            id: new_id.clone(),
            tokens: mine
                .iter()
                .map(|old| (old + n - 1) % n)
                .filter(|&new| seats[new].joined)
                .map(|new| (new, seats[new].token.clone()))
                .collect(),
            invites: seats
                .iter()
                .enumerate()
                .filter_map(|(i, s)| Some((i, s.invite.clone()?)).filter(|_| s.is_open()))
                .collect(),
        }))
    }

    /// The last page of `seats` in game `id` closed: a rematch offer standing in it goes, and
    /// its viewers are told (`left`). Only a game in memory is looked at (a game with an
    /// offer standing was just changed, so it is there).
    pub(super) async fn left(self: &Arc<Self>, id: GameId, seats: Vec<usize>) {
        let loaded = (self.lock_games().slots.get(id.as_str()))
            .is_some_and(|slot| slot.cell.get().is_some());
        if !loaded {
            return;
        }
        let Ok((_, mut live)) = self.lock_game(&id).await else {
            return;
        };
        if live.table.proposals.rematch.is_none() || !live.is_over() {
            return;
        }
        let mut table = live.table.clone();
        let sides = live.sides(&live.table);
        let Some(&seat) = seats
            .iter()
            .find(|&&s| table.proposals.rematch_left(&sides, s))
        else {
            return;
        };
        let change = live.table_change(table, self.committer.now_ms());
        if let Err(e) = self.committer.commit(&mut live, change).await {
            tracing::warn!(
                "game {id}: cannot withdraw the rematch offer: {}",
                e.message
            );
            return;
        }
        let lapse = Lapse {
            proposal: "rematch",
            seat,
            answer: "left",
        };
        self.tell(id.as_str(), Event::Lapsed(lapse));
    }
}
