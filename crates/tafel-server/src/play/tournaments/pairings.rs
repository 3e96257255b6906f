//! A Swiss round's pairings changed by hand by its organiser, while the round waits for its
//! games to begin (the pause between rounds), and what the round breaks of the Dutch system
//! ([`crate::domain::tournament::manual`] has the rules).

use super::{withdrawn_numbers, TournamentDetail, Tournaments};
use crate::domain::ids::GameId;
use crate::domain::tournament::manual::{broken, hand_round, Broken, HandBoard};
use crate::domain::tournament::{boards, State};
use crate::domain::Error;
use crate::msg;
use crate::play::accounts::SignedIn;

impl TournamentDetail {
    /// Whether round `round` is paired and its games begin after `now_ms`.
    pub fn waits_to_begin(&self, round: u32, now_ms: i64) -> bool {
        let t = &self.stored.tournament;
        t.state == State::Running
            && t.round == round
            && t.next_round_ms.is_some_and(|begins| now_ms < begins)
    }

    /// What the round waiting to begin at `now_ms` breaks of the Dutch system (empty when no
    /// round waits, and for other kinds than a Swiss).
    pub fn broken_rules(&self, now_ms: i64) -> Vec<Broken> {
        let t = &self.stored.tournament;
        if !self.waits_to_begin(t.round, now_ms) {
            return Vec::new();
        }
        broken(
            t,
            self.entrants.len(),
            &self.boards,
            &self.numbered_byes(),
            &withdrawn_numbers(self),
        )
    }
}

impl Tournaments {
    /// Pairs round `round` of Swiss `id` as its organiser `account` sets it (`hand`, by entrant
    /// numbers), while the round waits for its games to begin; every entrant present paired
    /// once. Its games get new ids (none has been made yet).
    pub async fn change_pairings(
        &self,
        id: &str,
        account: &SignedIn,
        round: u32,
        hand: &[HandBoard],
    ) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        if detail.stored.organiser != account.id {
            return Err(Error::forbidden(msg!(
                "only-the-organiser-changes-pairings"
            )));
        }
        let now = self.store.now_ms();
        if !detail.waits_to_begin(round, now) {
            return Err(Error::conflict(msg!(
                "round-round-is-not-waiting-to-begin",
                round = round
            )));
        }
        let t = &detail.stored.tournament;
        let withdrawn = withdrawn_numbers(&detail);
        let paired = hand_round(
            t,
            detail.entrants.len(),
            &detail.boards,
            &detail.numbered_byes(),
            &withdrawn,
            hand,
        )?;
        let boards = boards(round, &paired, &withdrawn, || GameId::random().to_string());
        let changed = self
            .store
            .repair_round(id, round, &boards, now)
            .await
            .map_err(Error::storage)?;
        if !changed {
            return Err(Error::conflict(msg!(
                "round-round-is-not-waiting-to-begin",
                round = round
            )));
        }
        tracing::info!("tournament {id}: round {round} paired by hand by its organiser");
        Ok(())
    }
}
