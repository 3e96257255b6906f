//! Entering and leaving a tournament: an entry before the start (or into an Arena until its
//! end, late or back after a pause; into a Swiss that takes late entries until its last round
//! is paired, its missed rounds scored as byes), a withdrawal (before the start the entry goes; from a
//! round robin or a Swiss for good, its game in play resigned; from an Arena a pause).

use super::Tournaments;
use crate::domain::ids::{AccountId, GameId, InviteCode};
use crate::domain::tournament::{Entry, Kind, State};
use crate::domain::{Error, ErrorKind};
use crate::msg;
use crate::play::accounts::SignedIn;

impl Tournaments {
    /// Enters `account` into tournament `id` (with the invitation's `code` when entry is by
    /// invitation): before the start, or into an Arena until its end (numbered after the
    /// players in, or back after a withdrawal), or into a Swiss that takes late entries until
    /// its last round is paired (numbered after the players in, a bye for each round missed).
    pub async fn enter(
        &self,
        id: &str,
        account: &SignedIn,
        code: Option<&InviteCode>,
    ) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        let t = &detail.stored.tournament;
        if t.entry == Entry::Invitation
            && code.map(InviteCode::as_str) != detail.stored.invite.as_deref()
        {
            return Err(Error::forbidden(msg!("tournament-by-invitation")));
        }
        let now = self.store.now_ms();
        // An Arena takes players until its end, as lichess's do: late entrants and those who
        // withdrew and come back.
        let arena_under_way =
            t.kind == Kind::Arena && t.state == State::Running && now < t.ends_ms();
        // A Swiss whose organiser takes late entries does until its last round is paired.
        let swiss_under_way = t.kind == Kind::Swiss
            && t.state == State::Running
            && t.late_bye_half_points.is_some()
            && t.round < t.rounds;
        if let Some((_, entrant)) = detail.entrants.iter().find(|(a, _)| *a == account.id) {
            if !entrant.withdrawn {
                return Err(Error::conflict(msg!("entered-already")));
            }
            if t.kind != Kind::Arena {
                return Err(Error::conflict(msg!("withdrawn-for-good")));
            }
            let returned = self
                .store
                .return_to_arena(id, &account.id, now)
                .await
                .map_err(Error::storage)?;
            return if returned {
                Ok(())
            } else {
                Err(Error::conflict(msg!("entries-closed")))
            };
        }
        if !arena_under_way && !swiss_under_way && (t.state != State::Open || t.starts_ms <= now) {
            return Err(Error::conflict(msg!("entries-closed")));
        }
        if detail.entrants.len() >= t.max_entrants {
            return Err(Error::conflict(msg!(
                "this-tournament-is-full-max-entrants",
                max_entrants = t.max_entrants
            )));
        }
        let entered = if arena_under_way {
            self.store.enter_arena_late(id, &account.id, now).await
        } else if swiss_under_way {
            self.store
                .enter_swiss_late(id, &account.id, t.round, now)
                .await
        } else {
            self.store.enter_tournament(id, &account.id, now).await
        }
        .map_err(Error::storage)?;
        if entered {
            Ok(())
        } else {
            Err(Error::conflict(msg!("entries-closed-meanwhile")))
        }
    }

    /// Takes `account` out of tournament `id`: before the start its entry goes; while a round
    /// robin or a Swiss runs, it resigns its game in play and its later games are forfeited;
    /// in an Arena it pauses (the game in play goes on; no new pairing until it comes back).
    pub async fn withdraw(&self, id: &str, account: &SignedIn) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        let Some((_, entrant)) = detail.entrants.iter().find(|(a, _)| *a == account.id) else {
            return Err(Error::conflict(msg!("not-entered")));
        };
        if entrant.withdrawn {
            return Err(Error::conflict(msg!("you-have-withdrawn-already")));
        }
        let withdrawn = self
            .store
            .withdraw_from_tournament(id, &account.id, self.store.now_ms())
            .await
            .map_err(Error::storage)?;
        if !withdrawn {
            return Err(Error::conflict(msg!("this-tournament-is-over")));
        }
        if detail.stored.tournament.state == State::Open {
            // The entry went: so do the byes it asked for.
            self.store
                .take_back_byes(id, &account.id, None)
                .await
                .map_err(Error::storage)?;
        }
        if detail.stored.tournament.kind == Kind::Arena {
            return Ok(());
        }
        let playing = detail.boards.iter().filter(|b| {
            b.outcome.is_none() && (Some(b.first) == entrant.number || b.second == entrant.number)
        });
        for game in playing.filter_map(|b| b.game_id.as_deref()) {
            self.resign_for(&GameId::parse(game)?, &account.id).await?;
        }
        Ok(())
    }

    /// Resigns `account`'s seat in game `id` if the game goes on.
    async fn resign_for(&self, id: &GameId, account: &AccountId) -> Result<(), Error> {
        let token = {
            let handle = match self.hub.get(id).await {
                Err(e) if e.kind == ErrorKind::NotFound => return Ok(()),
                handle => handle?,
            };
            let live = handle.lock().await;
            if live.is_over() {
                return Ok(());
            }
            live.table
                .seats
                .iter()
                .find(|s| s.account.as_ref() == Some(account))
                .map(|s| s.token.clone())
        };
        match token {
            Some(token) => self.hub.resign(id, &token).await,
            None => Ok(()),
        }
    }
}
