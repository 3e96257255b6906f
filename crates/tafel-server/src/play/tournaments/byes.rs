//! A Swiss's byes asked for by its players: before the start or while it runs, for a round not
//! yet paired, within the half-point byes its organiser offers; taken back until that round is
//! paired ([`crate::domain::tournament::byes`] has the rules).

use super::Tournaments;
use crate::domain::tournament::byes::{check_cancel, check_request, StoredBye};
use crate::domain::Error;
use crate::msg;
use crate::play::accounts::SignedIn;

impl Tournaments {
    /// Gives `account` a bye in round `round` of Swiss `id`, worth half a point when `half`
    /// (else nothing).
    pub async fn ask_for_bye(
        &self,
        id: &str,
        account: &SignedIn,
        round: u32,
        half: bool,
    ) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        let Some((_, entrant)) = detail.entrants.iter().find(|(a, _)| *a == account.id) else {
            return Err(Error::conflict(msg!("not-entered")));
        };
        if entrant.withdrawn {
            return Err(Error::conflict(msg!("you-have-withdrawn-already")));
        }
        let mine = byes_of(&detail.byes, account);
        let half_points = check_request(&detail.stored.tournament, round, half, &mine)?;
        let now = self.store.now_ms();
        let asked = self
            .store
            .ask_for_bye(id, &account.id, round, half_points, now)
            .await
            .map_err(Error::storage)?;
        if !asked {
            // The round was paired (or the player withdrew) in the meantime.
            return Err(Error::conflict(msg!(
                "round-round-is-paired-already",
                round
            )));
        }
        tracing::info!(
            "tournament {id}: {} asked for a bye in round {round} ({half_points} half points)",
            account.username
        );
        Ok(())
    }

    /// Takes back the bye `account` asked for in round `round` of Swiss `id`.
    pub async fn take_back_bye(
        &self,
        id: &str,
        account: &SignedIn,
        round: u32,
    ) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        check_cancel(
            &detail.stored.tournament,
            round,
            &byes_of(&detail.byes, account),
        )?;
        let taken = self
            .store
            .take_back_byes(id, &account.id, Some(round))
            .await
            .map_err(Error::storage)?;
        if !taken {
            return Err(Error::conflict(msg!(
                "round-round-is-paired-already",
                round
            )));
        }
        Ok(())
    }
}

/// The byes of `account` among `byes`.
fn byes_of(byes: &[StoredBye], account: &SignedIn) -> Vec<StoredBye> {
    byes.iter()
        .filter(|b| b.account == account.id)
        .cloned()
        .collect()
}
