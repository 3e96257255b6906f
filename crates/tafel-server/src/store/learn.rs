//! The tutorials' progress: how many steps of each game's course an account has done. A
//! record only grows (the larger of what is stored and what is sent wins), so two devices
//! never undo each other's steps.

use anyhow::{Context, Result};

use super::rows::Reading;
use super::Store;
use crate::domain::ids::AccountId;

impl Store {
    /// The steps `account` has done of each game's course, by game name, in order.
    pub async fn learn_progress(&self, account: &AccountId) -> Result<Vec<(String, i64)>> {
        sqlx::query_as(
            &self.sql("SELECT game, steps FROM learn_progress WHERE account_id = ? ORDER BY game"),
        )
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("learn_progress")
    }

    /// Records that `account` has done `steps` steps of `game`'s course at `now_ms`, unless
    /// more are stored already; returns the steps stored after it.
    pub async fn record_learn_progress(
        &self,
        account: &AccountId,
        game: &str,
        steps: i64,
        now_ms: i64,
    ) -> Result<i64> {
        sqlx::query(&self.sql(
            "INSERT INTO learn_progress (account_id, game, steps, updated_ms) VALUES (?, ?, ?, ?)
             ON CONFLICT (account_id, game) DO UPDATE SET
               steps = excluded.steps, updated_ms = excluded.updated_ms
             WHERE excluded.steps > learn_progress.steps",
        ))
        .bind(account.as_str())
        .bind(game)
        .bind(steps)
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .context("cannot store the progress of a course")?;
        sqlx::query_scalar(
            &self.sql("SELECT steps FROM learn_progress WHERE account_id = ? AND game = ?"),
        )
        .bind(account.as_str())
        .bind(game)
        .fetch_one(&self.pool)
        .await
        .reading("learn_progress")
    }
}

#[cfg(test)]
mod tests {
    use crate::store::tests::{ann_and_bob, databases};
    use crate::store::Store;

    #[tokio::test]
    async fn progress_only_grows_stays_with_its_account_and_goes_with_it() {
        for store in databases().await {
            progress_of_ann_and_bob(&store).await;
        }
    }

    async fn progress_of_ann_and_bob(store: &Store) {
        let [ann, bob] = ann_and_bob(store).await;
        let record = |account, game, steps| store.record_learn_progress(account, game, steps, 9);
        assert_eq!(record(&ann, "kauri", 3).await.unwrap(), 3);
        assert_eq!(
            record(&ann, "kauri", 2).await.unwrap(),
            3,
            "fewer steps undo nothing"
        );
        assert_eq!(record(&ann, "kauri", 4).await.unwrap(), 4);
        assert_eq!(record(&ann, "quarx", 5).await.unwrap(), 5);
        assert_eq!(record(&bob, "kauri", 1).await.unwrap(), 1);
        let progress = store.learn_progress(&ann).await.unwrap();
        assert_eq!(
            progress,
            [("kauri".to_string(), 4), ("quarx".to_string(), 5)]
        );
        store.delete_account(&ann, 10).await.unwrap();
        assert!(store.learn_progress(&ann).await.unwrap().is_empty());
        assert_eq!(
            store.learn_progress(&bob).await.unwrap(),
            [("kauri".to_string(), 1)]
        );
    }
}
