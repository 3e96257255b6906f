//! A Swiss's byes asked for and its late entries. Each first locks the tournament's row, as the
//! pairing of a round does ([`super::rounds`]), so that they come one after the other.

use anyhow::Result;

use super::{bind_entry, Store};
use crate::domain::ids::AccountId;
use crate::domain::tournament::byes::StoredBye;
use crate::store::rows::Reading;

/// A bye's row.
#[derive(sqlx::FromRow)]
struct ByeRow {
    account_id: String,
    #[sqlx(try_from = "i64")]
    round: u32,
    #[sqlx(try_from = "i64")]
    half_points: u32,
    requested: i64,
}

impl Store {
    /// The byes of tournament `id`, by round.
    pub async fn byes(&self, id: &str) -> Result<Vec<StoredBye>> {
        let rows = sqlx::query_as::<_, ByeRow>(&self.sql(
            "SELECT account_id, round, half_points, requested FROM tournament_byes
             WHERE tournament_id = ? ORDER BY round, account_id",
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .reading("tournament_byes")?;
        Ok(rows
            .into_iter()
            .map(|row| StoredBye {
                account: AccountId::from_stored(row.account_id),
                round: row.round,
                half_points: row.half_points,
                requested: row.requested != 0,
            })
            .collect())
    }

    /// Gives `account`, an entrant of Swiss `id` who has not withdrawn, the bye it asked for
    /// in `round` worth `half_points`, if that round is not paired yet; whether it did.
    pub async fn ask_for_bye(
        &self,
        id: &str,
        account: &AccountId,
        round: u32,
        half_points: u32,
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.locked(id).await?;
        let asked = sqlx::query(&self.sql(
            "INSERT INTO tournament_byes (tournament_id, account_id, round, half_points,
                                          requested, requested_ms)
             SELECT t.id, ?, ?, ?, 1, ? FROM tournaments t
             WHERE t.id = ? AND t.round < ? AND t.state IN ('open', 'running')
               AND EXISTS (SELECT 1 FROM tournament_entrants e WHERE e.tournament_id = t.id
                           AND e.account_id = ? AND e.withdrawn_ms IS NULL)
               AND NOT EXISTS (SELECT 1 FROM tournament_byes b WHERE b.tournament_id = t.id
                               AND b.account_id = ? AND b.round = ?)",
        ))
        .bind(account.as_str())
        .bind(i64::from(round))
        .bind(i64::from(half_points))
        .bind(now_ms)
        .bind(id)
        .bind(i64::from(round))
        .bind(account.as_str())
        .bind(account.as_str())
        .bind(i64::from(round))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(asked.rows_affected() == 1)
    }

    /// Takes back the byes `account` asked for in tournament `id` whose rounds are not paired
    /// yet: the one of `round`, or every one (`None`: its entry went before the start).
    /// Whether any went.
    pub async fn take_back_byes(
        &self,
        id: &str,
        account: &AccountId,
        round: Option<u32>,
    ) -> Result<bool> {
        let mut tx = self.locked(id).await?;
        let of_round = if round.is_some() { "AND round = ?" } else { "" };
        let statement = self.sql(&format!(
            "DELETE FROM tournament_byes
             WHERE tournament_id = ? AND account_id = ? AND requested = 1
               AND round > (SELECT t.round FROM tournaments t WHERE t.id = ?) {of_round}"
        ));
        let mut query = sqlx::query(&statement)
            .bind(id)
            .bind(account.as_str())
            .bind(id);
        if let Some(round) = round {
            query = query.bind(i64::from(round));
        }
        let taken = query.execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(taken.rows_affected() > 0)
    }

    /// Enters `account` late into Swiss `id` at `now_ms`, while round `round` is its round
    /// (and not its last), it takes late entries and has room: numbered after the players in,
    /// with a bye for each round up to `round`, worth what the organiser chose. Whether it
    /// did.
    pub async fn enter_swiss_late(
        &self,
        id: &str,
        account: &AccountId,
        round: u32,
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.locked(id).await?;
        // The round is the server's own number, not a client's text: written in the statement.
        let open = format!(
            "t.kind = 'swiss' AND t.state = 'running' AND t.late_bye_half_points IS NOT NULL
             AND t.round < t.rounds AND t.round = {round} AND t.starts_ms <= ?"
        );
        let entry = self.entry(
            "(SELECT COALESCE(MAX(e.number), -1) + 1 FROM tournament_entrants e
              WHERE e.tournament_id = t.id)",
            &open,
        );
        let entered = bind_entry(sqlx::query(&entry), id, account, now_ms)
            .execute(&mut *tx)
            .await?;
        if entered.rows_affected() != 1 {
            return Ok(false);
        }
        for missed in 1..=round {
            sqlx::query(&self.sql(
                "INSERT INTO tournament_byes (tournament_id, account_id, round, half_points,
                                              requested, requested_ms)
                 SELECT t.id, ?, ?, t.late_bye_half_points, 0, ? FROM tournaments t WHERE t.id = ?",
            ))
            .bind(account.as_str())
            .bind(i64::from(missed))
            .bind(now_ms)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
