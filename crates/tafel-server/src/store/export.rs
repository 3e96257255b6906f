//! Every stored row of a game, and every account, session and rating, out and in: what `tafel
//! db copy` carries from one database to another.

use anyhow::Result;
use sqlx::any::AnyArguments;

use super::reads::AnalysisRow;
use super::rows::{value, values, Reading};
use super::table_rows::{Value, OF_A_GAME, PEOPLE};
use super::Store;

impl Store {
    /// The ids of every stored game, in the order they were stored (for `tafel db copy`).
    pub async fn game_ids(&self) -> Result<Vec<String>> {
        let rows = sqlx::query(&format!(
            "SELECT id FROM games ORDER BY {}",
            self.backend.insertion_order()
        ))
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        values(&rows, "games", "id")
    }

    /// Everything stored about game `id`, column by column (for `tafel db copy`).
    pub async fn export(&self, id: &str) -> Result<Option<GameRows>> {
        let mut tx = self.pool.begin().await?;
        let columns = COPIED_TEXT
            .iter()
            .chain(COPIED_NUMBERS)
            .copied()
            .collect::<Vec<_>>()
            .join(", ");
        let Some(row) =
            sqlx::query(&self.sql(&format!("SELECT {columns} FROM games WHERE id = ?")))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await
                .reading("games")?
        else {
            return Ok(None);
        };
        let text = COPIED_TEXT
            .iter()
            .map(|column| value(&row, "games", column))
            .collect::<Result<_>>()?;
        let numbers = COPIED_NUMBERS
            .iter()
            .map(|column| value(&row, "games", column))
            .collect::<Result<_>>()?;
        let moves = sqlx::query_as::<_, MoveRow>(
            &self.sql("SELECT ply, notation FROM moves WHERE game_id = ? ORDER BY ply"),
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await
        .reading("moves")?;
        let analyses = sqlx::query_as::<_, AnalysisRow>(&self.sql(
            "SELECT moves, played, review, created_at FROM analyses WHERE game_id = ?
             ORDER BY moves",
        ))
        .bind(id)
        .fetch_all(&mut *tx)
        .await
        .reading("analyses")?;
        let mut linked = Vec::with_capacity(OF_A_GAME.len());
        for table in OF_A_GAME {
            linked.push(
                table
                    .read(self.backend, &mut tx, Some(("game_id", id)))
                    .await?,
            );
        }
        tx.commit().await?;
        Ok(Some(GameRows {
            text,
            numbers,
            moves,
            analyses,
            linked,
        }))
    }

    /// Every account, session and rating (for `tafel db copy`), read at one moment.
    pub async fn export_people(&self) -> Result<PeopleRows> {
        let mut tx = self.pool.begin().await?;
        let mut tables = Vec::with_capacity(PEOPLE.len());
        for table in PEOPLE {
            tables.push(table.read(self.backend, &mut tx, None).await?);
        }
        tx.commit().await?;
        Ok(PeopleRows(tables))
    }

    /// Stores `rows` (from [`Store::export_people`]), all or nothing: each account, session
    /// and rating in place of the one with its key, if any; the others are kept.
    pub async fn import_people(&self, rows: &PeopleRows) -> Result<()> {
        let mut tx = self.begin_write().await?;
        for (table, rows) in PEOPLE.iter().zip(&rows.0) {
            table.write(self.backend, &mut tx, rows).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores `rows` (from [`Store::export`]) in place of the game with their id, if any,
    /// all or nothing; the lease is not copied.
    pub async fn import(&self, rows: &GameRows) -> Result<()> {
        let id = rows.id();
        let mut tx = self.begin_write().await?;
        sqlx::query(&self.sql("DELETE FROM games WHERE id = ?"))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let names: Vec<&str> = COPIED_TEXT.iter().chain(COPIED_NUMBERS).copied().collect();
        let marks = vec!["?"; names.len()].join(", ");
        let sql = self.sql(&format!(
            "INSERT INTO games ({}) VALUES ({marks})",
            names.join(", ")
        ));
        let mut insert = sqlx::query_with(&sql, AnyArguments::default());
        for value in &rows.text {
            insert = insert.bind(value.clone());
        }
        for value in &rows.numbers {
            insert = insert.bind(*value);
        }
        insert.execute(&mut *tx).await?;
        for MoveRow { ply, notation } in &rows.moves {
            sqlx::query(&self.sql("INSERT INTO moves (game_id, ply, notation) VALUES (?, ?, ?)"))
                .bind(id)
                .bind(*ply)
                .bind(notation)
                .execute(&mut *tx)
                .await?;
        }
        for AnalysisRow {
            moves,
            played,
            review,
            created_at,
        } in &rows.analyses
        {
            sqlx::query(&self.sql(
                "INSERT INTO analyses (game_id, moves, played, review, created_at)
                 VALUES (?, ?, ?, ?, ?)",
            ))
            .bind(id)
            .bind(*moves)
            .bind(played)
            .bind(review)
            .bind(created_at)
            .execute(&mut *tx)
            .await?;
        }
        for (table, rows) in OF_A_GAME.iter().zip(&rows.linked) {
            table.write(self.backend, &mut tx, rows).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The text columns of a game that `tafel db copy` copies (`id` first).
const COPIED_TEXT: &[&str] = &[
    "id",
    "game",
    "settings",
    "start",
    "seats",
    "result",
    "created_at",
    "updated_at",
    "dice_seed",
    "time_control",
    "clock",
    "ending",
    "proposals",
    "rematch",
    "rematch_of",
    "players",
];

/// The number columns of a game that `tafel db copy` copies.
const COPIED_NUMBERS: &[&str] = &[
    "computer_to_move",
    "public",
    "open_seats",
    "clock_since",
    "flag_at",
    "record_moves",
    "plies",
    "version",
    "rated",
];

/// Everything stored about one game, as it is stored: the game's columns, its moves, its
/// analyses, and the rows of its accounts (who plays which seat, rating changes, results).
/// What `tafel db copy` carries from one database to the other.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRows {
    text: Vec<Option<String>>,
    numbers: Vec<Option<i64>>,
    moves: Vec<MoveRow>,
    analyses: Vec<AnalysisRow>,
    /// The rows of each table of `OF_A_GAME`, in its order.
    linked: Vec<Vec<Vec<Value>>>,
}

impl GameRows {
    /// The game's id.
    pub fn id(&self) -> &str {
        self.text[0].as_deref().unwrap_or_default()
    }

    /// The number of moves stored.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The number of analyses stored.
    pub fn analyses(&self) -> usize {
        self.analyses.len()
    }
}

/// A move as stored: its ply and notation.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
struct MoveRow {
    ply: i64,
    notation: String,
}

/// Every account, session and rating, as stored: the rows of each table of `PEOPLE`, in its
/// order. What `tafel db copy` carries of the people.
#[derive(Clone, Debug, PartialEq)]
pub struct PeopleRows(Vec<Vec<Vec<Value>>>);

impl PeopleRows {
    /// The number of accounts (deleted ones included).
    pub fn accounts(&self) -> usize {
        self.rows_of("accounts")
    }

    /// The number of ratings (one per account and game).
    pub fn ratings(&self) -> usize {
        self.rows_of("ratings")
    }

    /// The number of rows of the people's table `name`.
    fn rows_of(&self, name: &str) -> usize {
        PEOPLE
            .iter()
            .position(|table| table.name == name)
            .and_then(|i| self.0.get(i))
            .map_or(0, Vec::len)
    }
}
