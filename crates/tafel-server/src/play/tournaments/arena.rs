//! The director of an Arena: every look scores the games that ended, and until the end of the
//! Arena's time pairs the players free at that moment as a new wave
//! (`domain::tournament::arena::next_wave`), stored by the same conditional update of the
//! round number as a Swiss round, so that each wave is paired once whichever instance gets to
//! it. From the end on nobody is paired; the games under way are played out, and the Arena
//! finishes when the last of them has a result.

use super::{withdrawn_numbers, TournamentDetail, Tournaments};
use crate::domain::ids::GameId;
use crate::domain::tournament::boards;
use crate::domain::tournament::pairing::next_round;
use crate::domain::Error;

impl Tournaments {
    /// One look at running Arena `detail`: results scored, the free players paired until the
    /// end, the Arena finished once its time is up and its last game over.
    pub(super) async fn advance_arena(&self, detail: &TournamentDetail) -> Result<(), Error> {
        let t = &detail.stored.tournament;
        let complete = self.score_boards(detail, detail.boards.iter()).await?;
        let now = self.store.now_ms();
        if now >= t.ends_ms() {
            if complete
                && self
                    .store
                    .finish_tournament(&t.id, t.round, now)
                    .await
                    .map_err(Error::storage)?
            {
                tracing::info!("arena {}: finished after {} waves", t.id, t.round);
            }
            return Ok(());
        }
        // The boards again, with the results just scored: their players are free.
        let played = self.store.boards(&t.id).await.map_err(Error::storage)?;
        let withdrawn = withdrawn_numbers(detail);
        let Some(wave) = next_round(t, detail.entrants.len(), &played, &[], &withdrawn)? else {
            return Ok(());
        };
        let wave = boards(t.round + 1, &wave, &withdrawn, || {
            GameId::random().to_string()
        });
        self.pair_next(t, &wave, "wave", None, None).await
    }
}
