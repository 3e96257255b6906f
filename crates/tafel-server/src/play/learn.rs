//! The tutorials' progress of accounts (`/learn`): the steps of each game's course an account
//! has done, read and recorded. A record only grows, so the progress a browser kept before
//! its owner signed in merges into the account's by sending it (the larger wins).

use std::collections::BTreeMap;

use super::Hub;
use crate::domain::ids::AccountId;
use crate::domain::learn::StepsDone;
use crate::domain::Error;

impl Hub {
    /// The steps `account` has done of each game's course, by game name.
    pub async fn learn_progress(
        &self,
        account: &AccountId,
    ) -> Result<BTreeMap<String, i64>, Error> {
        let stored = self.store().learn_progress(account).await;
        Ok(stored.map_err(Error::storage)?.into_iter().collect())
    }

    /// Records that `account` has done `steps` of `game`'s course (unless more are recorded);
    /// returns the steps recorded now.
    pub async fn record_learn_progress(
        &self,
        account: &AccountId,
        game: &str,
        steps: StepsDone,
    ) -> Result<i64, Error> {
        let now = self.store().now_ms();
        self.store()
            .record_learn_progress(account, game, steps.count(), now)
            .await
            .map_err(Error::storage)
    }
}
