//! Aborts by a player: a game between people called off before both sides have moved, as
//! lichess's abort button (the rules are [`crate::domain::rated`]'s): it ends without a
//! result, unrated, counted in no total.

use std::sync::Arc;

use tafel_core::record::Ending;
use tafel_core::Player;

use super::Hub;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::rated::check_abort;
use crate::domain::Error;
use crate::msg;

impl Hub {
    /// The holder of `token` aborts game `id` ([`check_abort`]); a tournament game is not
    /// aborted (its no-shows are forfeited).
    pub async fn abort(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        check_abort(&live, seat)?;
        let store = self.committer.store();
        let tournament =
            (store.tournament_kind_of_game(id.as_str()).await).map_err(Error::storage)?;
        if tournament.is_some() {
            return Err(Error::invalid(msg!("tournament-games-are-not-aborted")));
        }
        let ending = Ending::called_off(Player(seat as u8), &live.seat_names());
        let change = live.ending_change(ending, self.committer.now_ms());
        self.committer.commit(&mut live, change).await
    }
}
