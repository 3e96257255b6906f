//! Tournaments, their entrants and their boards as their rows are read.

use anyhow::Result;

use crate::domain::tournament::standings::kind_tie_breaks;
use crate::domain::tournament::{parse_outcome, Board, Entrant, Entry, Kind, State, Tournament};

/// The columns a [`TournamentRow`] is read from (`t` the tournament, `a` its organiser's
/// account).
pub(super) const COLUMNS: &str = "t.id AS id, t.name AS name, a.username AS organiser_name,
    t.game AS game, t.settings AS settings, t.time_control AS time_control, t.rated AS rated,
    t.kind AS kind, t.entry AS entry, t.max_entrants AS max_entrants, t.starts_ms AS starts_ms,
    t.state AS state, t.round AS round, t.rounds AS rounds, t.round_pause_ms AS round_pause_ms,
    t.next_round_ms AS next_round_ms, t.minutes AS minutes,
    t.late_bye_half_points AS late_bye_half_points, t.half_point_byes AS half_point_byes,
    t.tie_breaks AS tie_breaks";

/// A tournament's row of [`COLUMNS`] (the organiser's username `None` once deleted).
#[derive(sqlx::FromRow)]
pub(super) struct TournamentRow {
    id: String,
    name: String,
    organiser_name: Option<String>,
    game: String,
    settings: String,
    time_control: String,
    rated: i64,
    kind: String,
    entry: String,
    #[sqlx(try_from = "i64")]
    max_entrants: usize,
    starts_ms: i64,
    state: String,
    #[sqlx(try_from = "i64")]
    round: u32,
    #[sqlx(try_from = "i64")]
    rounds: u32,
    round_pause_ms: i64,
    next_round_ms: Option<i64>,
    #[sqlx(try_from = "i64")]
    minutes: u32,
    late_bye_half_points: Option<i64>,
    #[sqlx(try_from = "i64")]
    half_point_byes: u32,
    tie_breaks: Option<String>,
}

impl TryFrom<TournamentRow> for Tournament {
    type Error = anyhow::Error;

    fn try_from(row: TournamentRow) -> Result<Tournament> {
        let kind = Kind::parse(&row.kind)?;
        Ok(Tournament {
            id: row.id,
            name: row.name,
            organiser: deleted_or(row.organiser_name),
            game: row.game,
            settings: serde_json::from_str(&row.settings)?,
            time_control: serde_json::from_str(&row.time_control)?,
            rated: row.rated != 0,
            entry: Entry::parse(&row.entry)?,
            max_entrants: row.max_entrants,
            starts_ms: row.starts_ms,
            state: State::parse(&row.state)?,
            round: row.round,
            rounds: row.rounds,
            round_pause_ms: row.round_pause_ms,
            next_round_ms: row.next_round_ms,
            minutes: row.minutes,
            late_bye_half_points: row.late_bye_half_points.map(|h| h as u32),
            half_point_byes: row.half_point_byes,
            tie_breaks: match row.tie_breaks {
                // Tournaments made before the choice rank by their kind's.
                None => kind_tie_breaks(kind),
                Some(list) => list
                    .split_whitespace()
                    .map(str::parse)
                    .collect::<Result<_, String>>()
                    .map_err(anyhow::Error::msg)?,
            },
            kind,
        })
    }
}

/// A tournament with its organiser's account and invitation code.
#[derive(sqlx::FromRow)]
pub(super) struct StoredRow {
    #[sqlx(flatten)]
    pub(super) tournament: TournamentRow,
    pub(super) organiser_id: String,
    pub(super) invite: Option<String>,
}

/// A tournament in a list, with its entrants counted.
#[derive(sqlx::FromRow)]
pub(super) struct ListedRow {
    #[sqlx(flatten)]
    pub(super) tournament: TournamentRow,
    pub(super) entrants: i64,
}

/// An entrant's row, with its account's username (`None` once deleted).
#[derive(sqlx::FromRow)]
pub(super) struct EntrantRow {
    pub(super) account_id: String,
    username: Option<String>,
    number: Option<i64>,
    withdrawn_ms: Option<i64>,
}

impl From<EntrantRow> for Entrant {
    fn from(row: EntrantRow) -> Entrant {
        Entrant {
            username: deleted_or(row.username),
            number: row.number.map(|n| n as usize),
            withdrawn: row.withdrawn_ms.is_some(),
        }
    }
}

/// A board's row.
#[derive(sqlx::FromRow)]
pub(super) struct BoardRow {
    #[sqlx(try_from = "i64")]
    round: u32,
    #[sqlx(try_from = "i64")]
    board: u32,
    #[sqlx(try_from = "i64")]
    first: usize,
    second: Option<i64>,
    game_id: Option<String>,
    outcome: Option<String>,
    #[sqlx(try_from = "i64")]
    plies: u32,
    first_berserk: i64,
    second_berserk: i64,
}

impl TryFrom<BoardRow> for Board {
    type Error = anyhow::Error;

    fn try_from(row: BoardRow) -> Result<Board> {
        Ok(Board {
            round: row.round,
            board: row.board,
            first: row.first,
            second: row.second.map(|n| n as usize),
            game_id: row.game_id,
            outcome: row.outcome.as_deref().map(parse_outcome).transpose()?,
            plies: row.plies,
            berserk: [row.first_berserk != 0, row.second_berserk != 0],
        })
    }
}

/// A username, or what a deleted account's is shown as.
fn deleted_or(username: Option<String>) -> String {
    username.unwrap_or_else(|| "a deleted player".to_string())
}
