//! Tournaments, their entrants and their boards. Written directly (not through the group
//! commit of games' changes): a tournament changes a few times a round.
//!
//! **Exactly once, between instances.** A tournament starts by one conditional `UPDATE`
//! (`state` from `open`), and each later round is paired by one conditional `UPDATE` of its
//! round number (from the round just completed), each in the same transaction as the round's
//! boards are inserted: of several instances pairing at once, one changes the row and the
//! others roll back (an Arena's waves of pairings are rounds too). A board's outcome is
//! written once (`outcome IS NULL`).

use anyhow::{Context, Result};
use sqlx::{Any, AnyConnection, Transaction};

use super::backend::Backend;

use super::columns::AnyQuery;
use super::rows::{value, values, Reading};
use super::Store;
use crate::domain::ids::AccountId;
use crate::domain::tournament::game::Scored;
use crate::domain::tournament::{outcome_text, Board, Entrant, Kind, State, Tournament};
use stored::{BoardRow, EntrantRow, ListedRow, StoredRow, COLUMNS};
use tafel_tournament::Outcome;

/// A tournament with what only some may see: the organiser's account and the invitation code.
#[derive(Debug)]
pub struct StoredTournament {
    /// What everyone sees.
    pub tournament: Tournament,
    /// The organiser's account.
    pub organiser: AccountId,
    /// The invitation code (entry by invitation).
    pub invite: Option<String>,
}

/// A tournament in a list, with its entrants counted.
#[derive(Debug)]
pub struct ListedTournament {
    /// The tournament.
    pub tournament: Tournament,
    /// Entrants who have not withdrawn.
    pub entrants: i64,
}

impl Store {
    /// Stores a new tournament `t` of `organiser`, with its invitation code if any.
    pub async fn create_tournament(
        &self,
        t: &Tournament,
        organiser: &AccountId,
        invite: Option<&str>,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO tournaments (id, name, organiser_id, game, settings, time_control, rated,
                                      kind, entry, invite, max_entrants, starts_ms, state,
                                      rounds, round_pause_ms, minutes, late_bye_half_points,
                                      half_point_byes, tie_breaks, created_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(&t.id)
        .bind(&t.name)
        .bind(organiser.as_str())
        .bind(&t.game)
        .bind(serde_json::to_string(&t.settings)?)
        .bind(serde_json::to_string(&t.time_control)?)
        .bind(i64::from(t.rated))
        .bind(t.kind.as_str())
        .bind(t.entry.as_str())
        .bind(invite)
        .bind(t.max_entrants as i64)
        .bind(t.starts_ms)
        .bind(t.state.as_str())
        .bind(i64::from(t.rounds))
        .bind(t.round_pause_ms)
        .bind(i64::from(t.minutes))
        .bind(t.late_bye_half_points.map(i64::from))
        .bind(i64::from(t.half_point_byes))
        .bind(
            t.tie_breaks
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        )
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a tournament")?;
        Ok(())
    }

    /// How many tournaments `organiser` has open or running.
    pub async fn tournaments_under_way(&self, organiser: &AccountId) -> Result<usize> {
        let row = sqlx::query(&self.sql(
            "SELECT count(*) AS under_way FROM tournaments
             WHERE organiser_id = ? AND state IN ('open', 'running')",
        ))
        .bind(organiser.as_str())
        .fetch_one(&self.pool)
        .await
        .reading("tournaments")?;
        Ok(value::<i64>(&row, "tournaments", "under_way")? as usize)
    }

    /// Tournament `id`, if there is one.
    pub async fn tournament(&self, id: &str) -> Result<Option<StoredTournament>> {
        let row = sqlx::query_as::<_, StoredRow>(&self.sql(&format!(
            "SELECT {COLUMNS}, t.organiser_id AS organiser_id, t.invite AS invite
             FROM tournaments t JOIN accounts a ON a.id = t.organiser_id WHERE t.id = ?"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .reading("tournaments")?;
        row.map(|row| {
            Ok(StoredTournament {
                tournament: row.tournament.try_into()?,
                organiser: AccountId::from_stored(row.organiser_id),
                invite: row.invite,
            })
        })
        .transpose()
    }

    /// Tournaments in `states`, at most `limit`: the soonest to start first when `soonest`,
    /// else the latest started first.
    pub async fn tournaments_in(
        &self,
        states: &[State],
        soonest: bool,
        limit: i64,
    ) -> Result<Vec<ListedTournament>> {
        let states: Vec<String> = states.iter().map(|s| format!("'{}'", s.as_str())).collect();
        let order = if soonest { "ASC" } else { "DESC" };
        let rows = sqlx::query_as::<_, ListedRow>(&self.sql(&format!(
            "SELECT {COLUMNS}, (SELECT count(*) FROM tournament_entrants e
                                WHERE e.tournament_id = t.id AND e.withdrawn_ms IS NULL) AS entrants
             FROM tournaments t JOIN accounts a ON a.id = t.organiser_id
             WHERE t.state IN ({}) ORDER BY t.starts_ms {order}, t.id LIMIT ?",
            states.join(", ")
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("tournaments")?;
        rows.into_iter()
            .map(|row| {
                Ok(ListedTournament {
                    tournament: row.tournament.try_into()?,
                    entrants: row.entrants,
                })
            })
            .collect()
    }

    /// The ids of the tournaments open for entries whose start time has come at `now_ms`,
    /// and of those running.
    pub async fn tournaments_to_direct(&self, now_ms: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(&self.sql(
            "SELECT id FROM tournaments
             WHERE (state = 'open' AND starts_ms <= ?) OR state = 'running' ORDER BY id",
        ))
        .bind(now_ms)
        .fetch_all(&self.pool)
        .await
        .reading("tournaments")?;
        values(&rows, "tournaments", "id")
    }

    /// The entrants of tournament `id` with their accounts, by number (then by entry).
    pub async fn entrants(&self, id: &str) -> Result<Vec<(AccountId, Entrant)>> {
        let rows = sqlx::query_as::<_, EntrantRow>(&self.sql(
            "SELECT e.account_id AS account_id, a.username AS username, e.number AS number,
                    e.withdrawn_ms AS withdrawn_ms
             FROM tournament_entrants e JOIN accounts a ON a.id = e.account_id
             WHERE e.tournament_id = ? ORDER BY e.number, e.entered_ms, e.account_id",
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .reading("tournament_entrants")?;
        Ok(rows
            .into_iter()
            .map(|row| {
                (
                    AccountId::from_stored(row.account_id.clone()),
                    Entrant::from(row),
                )
            })
            .collect())
    }

    /// The ratings in `game` of tournament `id`'s entrants who have one (played it rated).
    pub async fn entrant_ratings(&self, id: &str, game: &str) -> Result<Vec<(AccountId, f64)>> {
        let rows = sqlx::query_as::<_, EntrantRating>(&self.sql(
            "SELECT e.account_id AS account_id, r.rating AS rating FROM tournament_entrants e
             JOIN ratings r ON r.account_id = e.account_id AND r.game = ?
             WHERE e.tournament_id = ? AND r.games > 0",
        ))
        .bind(game)
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .reading("tournament_entrants")?;
        Ok(rows
            .into_iter()
            .map(|row| (AccountId::from_stored(row.account_id), row.rating))
            .collect())
    }

    /// What tournament `id`'s rated games changed of each entrant's rating, summed.
    pub async fn tournament_rating_changes(&self, id: &str) -> Result<Vec<(AccountId, f64)>> {
        let rows = sqlx::query_as::<_, EntrantRating>(&self.sql(
            "SELECT c.account_id AS account_id, SUM(c.rating_after - c.rating_before) AS rating
             FROM tournament_boards b JOIN rating_changes c ON c.game_id = b.game_id
             WHERE b.tournament_id = ? GROUP BY c.account_id",
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .reading("rating_changes")?;
        Ok(rows
            .into_iter()
            .map(|row| (AccountId::from_stored(row.account_id), row.rating))
            .collect())
    }

    /// Enters `account` into tournament `id` if it is open for entries at `now_ms` and has
    /// room; whether it did (an account entered already is not entered again).
    pub async fn enter_tournament(
        &self,
        id: &str,
        account: &AccountId,
        now_ms: i64,
    ) -> Result<bool> {
        let entry = self.entry(
            "CAST(NULL AS BIGINT)",
            "t.state = 'open' AND t.starts_ms > ?",
        );
        let entered = bind_entry(sqlx::query(&entry), id, account, now_ms)
            .execute(&self.pool)
            .await?;
        Ok(entered.rows_affected() == 1)
    }

    /// Enters `account` into Arena `id` under way at `now_ms`, before its end and with room,
    /// numbered after the players already in (a late entry); whether it did. The entry first
    /// locks the tournament's row, so that entries at the same moment (on PostgreSQL, from
    /// several instances) are numbered one after the other, never twice with one number.
    pub async fn enter_arena_late(
        &self,
        id: &str,
        account: &AccountId,
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        sqlx::query(&self.sql("UPDATE tournaments SET round = round WHERE id = ?"))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let entry = self.entry(
            "(SELECT COALESCE(MAX(e.number), -1) + 1 FROM tournament_entrants e
              WHERE e.tournament_id = t.id)",
            "t.kind = 'arena' AND t.state = 'running' AND t.starts_ms + t.minutes * 60000 > ?",
        );
        let entered = bind_entry(sqlx::query(&entry), id, account, now_ms)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(entered.rows_affected() == 1)
    }

    /// The statement of an entry with the entrant's `number` (an SQL expression), if the
    /// tournament is `open` (a condition with one parameter, the moment of the entry), has
    /// room and does not have the account already; its parameters are bound by
    /// [`bind_entry`].
    fn entry(&self, number: &str, open: &str) -> String {
        self.sql(&format!(
            "INSERT INTO tournament_entrants (tournament_id, account_id, number, entered_ms)
             SELECT t.id, ?, {number}, ? FROM tournaments t
             WHERE t.id = ? AND {open}
               AND (SELECT count(*) FROM tournament_entrants e WHERE e.tournament_id = t.id)
                   < t.max_entrants
               AND NOT EXISTS (SELECT 1 FROM tournament_entrants e
                               WHERE e.tournament_id = t.id AND e.account_id = ?)"
        ))
    }

    /// Takes `account`, who withdrew from Arena `id`, back into it at `now_ms` if the Arena is
    /// under way and before its end; whether it did.
    pub async fn return_to_arena(
        &self,
        id: &str,
        account: &AccountId,
        now_ms: i64,
    ) -> Result<bool> {
        let returned = sqlx::query(&self.sql(
            "UPDATE tournament_entrants SET withdrawn_ms = NULL
             WHERE tournament_id = ? AND account_id = ? AND withdrawn_ms IS NOT NULL
               AND EXISTS (SELECT 1 FROM tournaments t
                           WHERE t.id = ? AND t.kind = 'arena' AND t.state = 'running'
                             AND t.starts_ms + t.minutes * 60000 > ?)",
        ))
        .bind(id)
        .bind(account.as_str())
        .bind(id)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(returned.rows_affected() == 1)
    }

    /// Sets the outcome of board `board` of round `round` of tournament `id` to `outcome`, if
    /// the board is a game that has an outcome already (an organiser's correction). Whether it
    /// did.
    pub async fn correct_board(
        &self,
        id: &str,
        round: u32,
        board: u32,
        outcome: Outcome,
    ) -> Result<bool> {
        let corrected = sqlx::query(&self.sql(
            "UPDATE tournament_boards SET outcome = ?
             WHERE tournament_id = ? AND round = ? AND board = ? AND second IS NOT NULL
               AND outcome IS NOT NULL",
        ))
        .bind(outcome_text(outcome))
        .bind(id)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .execute(&self.pool)
        .await?;
        Ok(corrected.rows_affected() == 1)
    }

    /// Takes `account` out of tournament `id`: before the start its entry goes; once running
    /// it is marked withdrawn at `now_ms`. Whether anything changed.
    pub async fn withdraw_from_tournament(
        &self,
        id: &str,
        account: &AccountId,
        now_ms: i64,
    ) -> Result<bool> {
        let removed = sqlx::query(&self.sql(
            "DELETE FROM tournament_entrants WHERE tournament_id = ? AND account_id = ?
             AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND state = 'open')",
        ))
        .bind(id)
        .bind(account.as_str())
        .bind(id)
        .execute(&self.pool)
        .await?;
        if removed.rows_affected() == 1 {
            return Ok(true);
        }
        let marked = sqlx::query(&self.sql(
            "UPDATE tournament_entrants SET withdrawn_ms = ?
             WHERE tournament_id = ? AND account_id = ? AND withdrawn_ms IS NULL
               AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND state = 'running')",
        ))
        .bind(now_ms)
        .bind(id)
        .bind(account.as_str())
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(marked.rows_affected() == 1)
    }

    /// The boards of tournament `id`, round by round.
    pub async fn boards(&self, id: &str) -> Result<Vec<Board>> {
        let rows = sqlx::query_as::<_, BoardRow>(&self.sql(
            "SELECT round, board, first, second, game_id, outcome, plies, first_berserk,
                    second_berserk
             FROM tournament_boards WHERE tournament_id = ? ORDER BY round, board",
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .reading("tournament_boards")?;
        rows.into_iter().map(Board::try_from).collect()
    }

    /// Cancels tournament `id` if it is still open (fewer than two entered by its start).
    pub async fn cancel_tournament(&self, id: &str, now_ms: i64) -> Result<bool> {
        let cancelled = sqlx::query(&self.sql(
            "UPDATE tournaments SET state = 'cancelled', ended_ms = ? WHERE id = ? AND state = 'open'",
        ))
        .bind(now_ms)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(cancelled.rows_affected() == 1)
    }

    /// Ends running tournament `id` after its last round `last`.
    pub async fn finish_tournament(&self, id: &str, last: u32, now_ms: i64) -> Result<bool> {
        let finished = sqlx::query(&self.sql(
            "UPDATE tournaments SET state = 'finished', ended_ms = ?
             WHERE id = ? AND round = ? AND state = 'running'",
        ))
        .bind(now_ms)
        .bind(id)
        .bind(i64::from(last))
        .execute(&self.pool)
        .await?;
        Ok(finished.rows_affected() == 1)
    }

    /// Writes how board `board` of round `round` of tournament `id` ended, once.
    pub async fn score_board(
        &self,
        id: &str,
        round: u32,
        board: u32,
        scored: &Scored,
    ) -> Result<()> {
        let sql = self.sql(&format!(
            "{SCORE} tournament_id = ? AND round = ? AND board = ?"
        ));
        scoring(&sql, scored)
            .bind(id)
            .bind(i64::from(round))
            .bind(i64::from(board))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The kind of the tournament game `game_id` is paired in, if it is a tournament's.
    pub async fn tournament_kind_of_game(&self, game_id: &str) -> Result<Option<Kind>> {
        let row = sqlx::query(&self.sql(
            "SELECT t.kind AS kind FROM tournament_boards b JOIN tournaments t ON t.id = b.tournament_id
             WHERE b.game_id = ?",
        ))
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await
        .reading("tournament_boards")?;
        row.map(|row| Ok(Kind::parse(&value::<String>(&row, "tournaments", "kind")?)?))
            .transpose()
    }

    async fn insert_boards(
        &self,
        tx: &mut Transaction<'_, Any>,
        id: &str,
        boards: &[Board],
    ) -> Result<()> {
        for b in boards {
            sqlx::query(&self.sql(
                "INSERT INTO tournament_boards (tournament_id, round, board, first, second,
                                                game_id, outcome)
                 VALUES (?, ?, ?, ?, ?, ?, ?)",
            ))
            .bind(id)
            .bind(i64::from(b.round))
            .bind(i64::from(b.board))
            .bind(b.first as i64)
            .bind(b.second.map(|s| s as i64))
            .bind(b.game_id.as_deref())
            .bind(b.outcome.map(outcome_text))
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}

/// An entrant's account and its rating.
#[derive(sqlx::FromRow)]
struct EntrantRating {
    account_id: String,
    /// A rating, or a sum of rating changes.
    rating: f64,
}

/// Binds the parameters of an [entry](Store::entry): `account` entering tournament `id` at
/// `now_ms`.
fn bind_entry<'q>(
    query: AnyQuery<'q>,
    id: &'q str,
    account: &'q AccountId,
    now_ms: i64,
) -> AnyQuery<'q> {
    query
        .bind(account.as_str())
        .bind(now_ms)
        .bind(id)
        .bind(now_ms)
        .bind(account.as_str())
}

mod byes;
mod chat;
mod rounds;
mod stored;
#[cfg(test)]
mod tests;

pub use chat::TournamentChatRow;
pub use rounds::PairedFrom;

/// Scores, inside `tx`, the tournament board on which game `game_id` is played with `scored`,
/// unless it has a score (a game's end, done by the outbox: [`super::finishes`]).
pub(super) async fn score_game_board(
    backend: Backend,
    tx: &mut AnyConnection,
    game_id: &str,
    scored: &Scored,
) -> Result<()> {
    let sql = backend.sql(&format!("{SCORE} game_id = ?"));
    scoring(&sql, scored)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// How a board is scored, up to the condition that picks it (a board with a score keeps it).
const SCORE: &str = "UPDATE tournament_boards SET outcome = ?, plies = ?, first_berserk = ?,
                                               second_berserk = ?
                     WHERE outcome IS NULL AND";

/// Statement `sql` (which starts with [`SCORE`]) with `scored` bound.
fn scoring<'q>(sql: &'q str, scored: &Scored) -> AnyQuery<'q> {
    sqlx::query(sql)
        .bind(outcome_text(scored.outcome))
        .bind(i64::from(scored.plies))
        .bind(i64::from(scored.berserk[0]))
        .bind(i64::from(scored.berserk[1]))
}
