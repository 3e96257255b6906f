//! Leases on computer moves: on a shared database, the instance that plays a computer seat's
//! move holds the game's lease, renews it while alive, and another instance takes the game
//! over when it lapses.
//!
//! A game's lease names its holder (`games.lease_owner`: the instance that wrote the game's
//! last change, or took the lease) and lasts as long as the holder's row in `lease_holders`
//! (`until_ms`), which the holder renews for all its games at once. So renewing writes one row
//! that no other statement writes, never the rows of the games: on PostgreSQL, renewing the
//! lease in each game's row (before issue #29) locked many games in another order than the
//! writer's group commit and deadlocked with it. A lapsed holder's row counts as no row, so
//! removing it changes nothing.
//!
//! **Owners** (issue #51). The same lease makes a game's owner: every game in play belongs to
//! the instance that last wrote it while that instance lives, and a request for it that
//! reaches another instance is forwarded there ([`Store::owner_of`]). So the holder's row also
//! says where the other instances reach it and the token its forwarded requests show
//! ([`Contact`], published with [`Store::advertise`]).

use std::sync::{Arc, OnceLock};

use anyhow::Result;

use crate::domain::instance::{Contact, Owner};

use super::rows::{values, Reading};
use super::Store;

/// How long a computer seat's lease lasts past the last renewal by the instance holding it
/// (renewed every heartbeat): when that instance dies, another takes the game over after
/// at most this long and its next look.
pub const LEASE: std::time::Duration = std::time::Duration::from_secs(3);

/// The condition, in a statement on `games`, that a game's lease has lapsed at the time bound
/// to its `?`: its holder's row says it was renewed until before then, or there is no such
/// row (or no holder).
const LAPSED: &str = "NOT EXISTS (SELECT 1 FROM lease_holders
                                  WHERE holder = games.lease_owner AND until_ms >= ?)";

/// A game's owner as `lease_holders` has it.
#[derive(sqlx::FromRow)]
struct OwnerRow {
    holder: String,
    address: String,
    token: String,
    until_ms: i64,
}

impl OwnerRow {
    /// The owner, and until when its lease lasts.
    fn owner(self) -> (Owner, i64) {
        let owner = Owner {
            holder: self.holder,
            address: self.address,
            token: self.token,
        };
        (owner, self.until_ms)
    }
}

/// What this instance has published of itself, shared by the clones of its [`Store`].
pub(super) type Published = Arc<OnceLock<Contact>>;

impl Store {
    /// Publishes where the other instances reach this one (once; from the next renewal of
    /// its leases on). Without it, no request is forwarded here.
    pub fn advertise(&self, contact: Contact) {
        let _ = self.contact.set(contact);
    }

    /// This instance's id, as `lease_holders` and the games' `lease_owner` name it.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Game `id`'s owner at `now_ms`, if another living instance that takes forwarded
    /// requests wrote it last, with the moment its lease lapses unless renewed.
    pub async fn owner_of(&self, id: &str, now_ms: i64) -> Result<Option<(Owner, i64)>> {
        let row = sqlx::query_as::<_, OwnerRow>(&self.sql(
            "SELECT h.holder, h.address, h.token, h.until_ms FROM games g
             JOIN lease_holders h ON h.holder = g.lease_owner
             WHERE g.id = ? AND h.until_ms >= ? AND h.holder <> ?
               AND h.address IS NOT NULL AND h.token IS NOT NULL",
        ))
        .bind(id)
        .bind(now_ms)
        .bind(&*self.instance)
        .fetch_optional(&self.pool)
        .await
        .reading("lease_holders")?;
        Ok(row.map(OwnerRow::owner))
    }

    /// The other instances alive at `now_ms` that take forwarded requests, each with the
    /// moment its lease lapses unless renewed.
    pub async fn living_instances(&self, now_ms: i64) -> Result<Vec<(Owner, i64)>> {
        let rows = sqlx::query_as::<_, OwnerRow>(&self.sql(
            "SELECT holder, address, token, until_ms FROM lease_holders
             WHERE until_ms >= ? AND holder <> ? AND address IS NOT NULL AND token IS NOT NULL",
        ))
        .bind(now_ms)
        .bind(&*self.instance)
        .fetch_all(&self.pool)
        .await
        .reading("lease_holders")?;
        Ok(rows.into_iter().map(OwnerRow::owner).collect())
    }

    /// The games whose computer seat is to move and which no instance holds a lease on at
    /// `now_ms` (its holder died, or none took it yet), the longest waiting first, at most
    /// `limit`.
    pub async fn unleased_computer_games(&self, now_ms: i64, limit: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id FROM games WHERE computer_to_move = 1 AND {LAPSED}
             ORDER BY updated_at, {} LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        values(&rows, "games", "id")
    }

    /// Takes the lease on game `id`'s computer move, if the game is still at stored `version`
    /// and no other instance holds a lease on it at `now_ms`. Returns whether this instance
    /// holds it now (then it lasts as long as this instance renews its leases).
    pub async fn take_lease(&self, id: &str, version: i64, now_ms: i64) -> Result<bool> {
        let taken = sqlx::query(&self.sql(&format!(
            "UPDATE games SET lease_owner = ?
             WHERE id = ? AND version = ?
               AND (lease_owner IS NULL OR lease_owner = ? OR {LAPSED})"
        )))
        .bind(&*self.instance)
        .bind(id)
        .bind(version)
        .bind(&*self.instance)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(taken.rows_affected() == 1)
    }

    /// Gives up this instance's lease on game `id`, if it holds one.
    pub async fn release_lease(&self, id: &str) -> Result<()> {
        sqlx::query(
            &self.sql("UPDATE games SET lease_owner = NULL WHERE id = ? AND lease_owner = ?"),
        )
        .bind(id)
        .bind(&*self.instance)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Gives up every lease this instance holds (it is stopping): the other instances take
    /// its games over at their next heartbeat instead of after [`LEASE`].
    pub async fn release_leases(&self) -> Result<()> {
        sqlx::query(&self.sql("UPDATE games SET lease_owner = NULL WHERE lease_owner = ?"))
            .bind(&*self.instance)
            .execute(&self.pool)
            .await?;
        sqlx::query(&self.sql("DELETE FROM lease_holders WHERE holder = ?"))
            .bind(&*self.instance)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Extends every lease this instance holds until `until_ms` (it is alive), and says
    /// where it is reached ([`Store::advertise`]): one row.
    pub async fn renew_leases(&self, until_ms: i64) -> Result<()> {
        let contact = self.contact.get();
        sqlx::query(&self.sql(
            "INSERT INTO lease_holders (holder, until_ms, address, token) VALUES (?, ?, ?, ?)
             ON CONFLICT (holder) DO UPDATE SET until_ms = excluded.until_ms,
               address = excluded.address, token = excluded.token",
        ))
        .bind(&*self.instance)
        .bind(until_ms)
        .bind(contact.map(|c| c.address.clone()))
        .bind(contact.map(|c| c.token.clone()))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Called when the store opens at `now_ms`: this instance holds its leases from now on
    /// (the games it writes are leased to it), and the rows of holders lapsed before now are
    /// removed, locked in the order of their key so that two instances starting together do
    /// not deadlock.
    pub(super) async fn start_leases(&self, now_ms: i64) -> Result<()> {
        sqlx::query(&self.sql(&format!(
            "DELETE FROM lease_holders WHERE holder IN
               (SELECT holder FROM lease_holders WHERE until_ms < ? ORDER BY holder{})",
            self.backend.lock_in_order()
        )))
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        self.renew_leases(now_ms + LEASE.as_millis() as i64).await
    }
}
