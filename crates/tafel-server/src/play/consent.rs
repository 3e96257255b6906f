//! Decisions taken together: resignations, draw offers and takebacks (the rules are in
//! [`crate::domain::consent`]).

use std::sync::Arc;

use tafel_core::record::Ending;
use tafel_core::Player;

use super::Hub;
use crate::domain::clock::now_ms;
use crate::domain::consent::{Answer, Decided};
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::Error;

impl Hub {
    /// The seat holding `token` resigns for its side: the game ends when every person of the
    /// side has resigned (in a two-player game, at once).
    pub async fn resign(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.resign(&live.sides(&table), seat);
        table.proposals = proposals;
        let now = now_ms();
        let change = match decided {
            Decided::Done => live.ending_change(
                Ending::resigned(Player(seat as u8), &live.seat_names()),
                now,
            ),
            Decided::Waiting => live.table_change(table, now),
        };
        self.commit(&mut live, change).await
    }

    /// The seat holding `token` offers, accepts or declines a draw; the game ends drawn when
    /// every side has agreed.
    pub async fn draw(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.draw(&live.sides(&table), seat, answer)?;
        table.proposals = proposals;
        let now = now_ms();
        let before = live.table.proposals.clone();
        match decided {
            Decided::Done => {
                let change = live.ending_change(Ending::agreed_draw(), now);
                self.commit(&mut live, change).await
            }
            Decided::Waiting => {
                let change = live.table_change(table, now);
                self.commit(&mut live, change).await?;
                self.tell_lapses(&live.id, &before, &live.table.proposals, seat, false);
                Ok(())
            }
        }
    }

    /// The seat holding `token` asks to take back its last move (with everything after it),
    /// or accepts or declines the takeback asked for. It happens when every other person in
    /// the game has accepted (at once where there is nobody else).
    pub async fn takeback(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<(), Error> {
        let (handle, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let keep = match answer {
            Answer::Offer => {
                let keep = live.undo_point(seat)?;
                match proposals.request_takeback(&live.sides(&table), seat, keep)? {
                    Decided::Done => Some(keep),
                    Decided::Waiting => None,
                }
            }
            Answer::Accept => proposals.answer_takeback(&live.sides(&table), seat, true)?,
            Answer::Decline => proposals.answer_takeback(&live.sides(&table), seat, false)?,
        };
        table.proposals = proposals;
        let now = now_ms();
        let before = live.table.proposals.clone();
        match keep {
            Some(keep) => {
                let change = live.takeback_change(keep, now);
                self.commit(&mut live, change).await?;
            }
            None => {
                let change = live.table_change(table, now);
                self.commit(&mut live, change).await?;
                self.tell_lapses(&live.id, &before, &live.table.proposals, seat, false);
            }
        }
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }
}
