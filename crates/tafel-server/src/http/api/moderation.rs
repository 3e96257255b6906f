//! Moderation (issue #45, docs/moderation.md): reports and blocks for everyone signed in; the
//! queue of reports, the actions on accounts and tournaments and their log for moderators.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::domain::chat::Room;
use crate::domain::moderation::{utc_iso as utc, Action, ReportReason};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::play::moderation::{ContextLine, LogRow, Moderation, QueuedReport, Report};

/// A report of a player, of a game they played, or of a chat line they wrote (in a game's
/// chat, or in a tournament's).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// The reported player's username.
    player: String,
    /// Why: `abuse`, `cheating`, `name` or `other`.
    #[schema(value_type = String)]
    reason: ReportReason,
    /// What the moderators should know (one line; may be empty).
    #[serde(default)]
    details: String,
    /// The game, when a game or a chat line of it is reported.
    #[serde(default)]
    game: Option<String>,
    /// The chat line's room (with `game` and `seq`).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    room: Option<Room>,
    /// The tournament, when a line of its chat is reported (with `seq`, without `game`).
    #[serde(default)]
    tournament: Option<String>,
    /// The chat line's number in its room.
    #[serde(default)]
    seq: Option<i64>,
}

/// A report made.
#[derive(Serialize, ToSchema)]
pub struct ReportMade {
    /// Its id.
    id: String,
}

/// Reports a player to the moderators. One open report per player and reporter; at most a
/// few open at once (`--open-reports-per-account`).
#[utoipa::path(post, path = "/api/reports", tag = tags::MODERATION, request_body = ReportRequest,
    responses((status = 201, description = "Reported", body = ReportMade),
              (status = 400, description = "Details too long or with hidden characters; a chat line without its game, room or number; a tournament's chat line without its number, or with a game or room", body = ErrorBody),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 404, description = "No such player, game or chat line of the player (in the game or the tournament)", body = ErrorBody),
              (status = 409, description = "Reporting oneself, or a player one has an open report about", body = ErrorBody),
              (status = 429, description = "As many open reports as one may have", body = ErrorBody)))]
pub async fn report(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
    Json(request): Json<ReportRequest>,
) -> Result<(StatusCode, Json<ReportMade>), ApiError> {
    let refused = |message| ApiError::from(crate::domain::Error::invalid(message));
    let (line, tournament_line) = match (request.room, request.seq, request.tournament) {
        (Some(room), Some(seq), None) => (Some((room, seq)), None),
        (None, None, None) => (None, None),
        (None, Some(seq), Some(tournament)) if request.game.is_none() => {
            (None, Some((tournament, seq)))
        }
        (_, _, Some(_)) => {
            return Err(refused(crate::msg!(
                "a-tournament-chat-line-is-reported-with"
            )))
        }
        _ => {
            return Err(refused(crate::msg!(
                "a-chat-line-is-reported-with-its-game"
            )))
        }
    };
    let report = Report {
        player: request.player,
        reason: request.reason,
        details: request.details,
        game: request.game,
        line,
        tournament_line,
    };
    let id = moderation.report(&account, report).await?;
    Ok((StatusCode::CREATED, Json(ReportMade { id })))
}

/// The players one blocks.
#[derive(Serialize, ToSchema)]
pub struct Blocked {
    /// Their usernames, in order.
    blocked: Vec<String>,
}

/// The players the signed-in account blocks.
#[utoipa::path(get, path = "/api/account/blocks", tag = tags::MODERATION,
    responses((status = 200, description = "The players blocked", body = Blocked),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn blocked(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
) -> Result<Json<Blocked>, ApiError> {
    let blocked = moderation.blocked(&account).await?;
    Ok(Json(Blocked { blocked }))
}

/// Blocks a player: no chat from them in one's games, no game, seek or challenge between
/// the two (blocking twice is one block; at most `--blocks-per-account`).
#[utoipa::path(put, path = "/api/account/blocks/{name}", tag = tags::MODERATION,
    params(("name" = String, Path, description = "The player's username")),
    responses((status = 204, description = "Blocked"),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Blocking oneself", body = ErrorBody),
              (status = 429, description = "As many players blocked as one may", body = ErrorBody)))]
pub async fn block(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    moderation.block(&account, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Blocks a player no more.
#[utoipa::path(delete, path = "/api/account/blocks/{name}", tag = tags::MODERATION,
    params(("name" = String, Path, description = "The player's username")),
    responses((status = 204, description = "Not blocked (any more)"),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn unblock(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    moderation.unblock(&account, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A moderator's action as the log shows it.
#[derive(Serialize, ToSchema)]
pub struct LogEntry {
    /// When (UTC, ISO 8601).
    at: String,
    /// The moderator's username (null once the account is deleted).
    moderator: Option<String>,
    /// `warn`, `mute`, `rename`, `close`, `remove-tournament` or `dismiss`.
    action: String,
    /// The player acted on, if any.
    player: Option<String>,
    /// The tournament removed, if any.
    tournament: Option<String>,
    /// Why.
    reason: String,
    /// What it changed (`60 min`; `old → new`; `2 resigned, 3 refunded`; the report dismissed).
    detail: Option<String>,
}

impl From<LogRow> for LogEntry {
    fn from(row: LogRow) -> LogEntry {
        LogEntry {
            at: utc(row.at_ms),
            moderator: row.moderator,
            action: row.action,
            player: row.player,
            tournament: row.tournament,
            reason: row.reason,
            detail: row.detail,
        }
    }
}

/// What the moderators told the signed-in account.
#[derive(Serialize, ToSchema)]
pub struct NoticesView {
    /// Warnings, mutes and renames, the latest first (`moderator` is null: who acted is not
    /// said).
    notices: Vec<LogEntry>,
    /// Until when the account may not chat (UTC, ISO 8601), if that is still to come.
    muted_until: Option<String>,
}

/// What the moderators told the signed-in account: warnings, mutes, renames.
#[utoipa::path(get, path = "/api/account/notices", tag = tags::MODERATION,
    responses((status = 200, description = "The notices", body = NoticesView),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn notices(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
) -> Result<Json<NoticesView>, ApiError> {
    let notices = moderation.notices(&account).await?;
    Ok(Json(NoticesView {
        notices: (notices.notices.into_iter())
            .map(|row| LogEntry {
                moderator: None,
                ..LogEntry::from(row)
            })
            .collect(),
        muted_until: notices.muted_until_ms.map(utc),
    }))
}

/// One chat line beside a report.
#[derive(Serialize, ToSchema)]
pub struct ContextLineView {
    /// Its game (null in a tournament's chat).
    game: Option<String>,
    /// Its tournament, in a tournament's chat.
    tournament: Option<String>,
    /// `players` or `spectators` in a game, `tournament` in a tournament's chat.
    room: String,
    /// Its number in the room.
    seq: i64,
    /// Its author's username (null for a person without an account: see `seat`).
    name: Option<String>,
    /// Its author's seat, in the players' room.
    seat: Option<usize>,
    /// Whether the reported player wrote it.
    by_player: bool,
    /// Whether it is the line reported.
    reported: bool,
    /// The text.
    text: String,
    /// When (UTC, ISO 8601).
    at: String,
}

impl From<ContextLine> for ContextLineView {
    fn from(line: ContextLine) -> ContextLineView {
        ContextLineView {
            game: line.game,
            tournament: line.tournament,
            room: line.room.map_or("tournament", Room::as_str).to_string(),
            seq: line.seq,
            name: line.username,
            seat: line.seat,
            by_player: line.by_player,
            reported: line.reported,
            text: line.text,
            at: utc(line.at_ms),
        }
    }
}

/// An open report in the moderators' queue.
#[derive(Serialize, ToSchema)]
pub struct QueuedReportView {
    /// Its id.
    id: String,
    /// The reported player.
    player: Option<String>,
    /// Who reported.
    reporter: Option<String>,
    /// Why.
    reason: String,
    /// What the reporter added.
    details: String,
    /// The game reported, or the chat line's.
    game: Option<String>,
    /// The tournament whose chat line is reported.
    tournament: Option<String>,
    /// The chat line's room (`tournament` in a tournament's chat).
    room: Option<String>,
    /// The chat line's number.
    seq: Option<i64>,
    /// When it was made (UTC, ISO 8601).
    created_at: String,
    /// Until when the player may not chat, if ever muted.
    player_muted_until: Option<String>,
    /// Whether the player's account is closed.
    player_closed: bool,
    /// The chat around it: the reported line's room, both rooms of a reported game, or the
    /// player's latest lines.
    context: Vec<ContextLineView>,
}

impl From<QueuedReport> for QueuedReportView {
    fn from(queued: QueuedReport) -> QueuedReportView {
        let report = queued.report;
        QueuedReportView {
            id: report.id,
            player: report.player,
            reporter: report.reporter,
            reason: report.reason,
            details: report.details,
            game: report.game_id,
            tournament: report.tournament_id,
            room: report.room,
            seq: report.seq,
            created_at: utc(report.created_ms),
            player_muted_until: report.muted_until_ms.map(utc),
            player_closed: report.closed_ms.is_some(),
            context: queued.context.into_iter().map(Into::into).collect(),
        }
    }
}

/// The moderators' queue.
#[derive(Serialize, ToSchema)]
pub struct Queue {
    /// The open reports, the oldest first (at most 100).
    reports: Vec<QueuedReportView>,
}

/// The open reports, oldest first, each with the chat around it (moderators only).
#[utoipa::path(get, path = "/api/moderation/reports", tag = tags::MODERATION,
    responses((status = 200, description = "The queue", body = Queue),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 403, description = "Not a moderator", body = ErrorBody)))]
pub async fn queue(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
) -> Result<Json<Queue>, ApiError> {
    let reports = moderation.queue(&account).await?;
    Ok(Json(Queue {
        reports: reports.into_iter().map(Into::into).collect(),
    }))
}

/// A moderator's reason.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Reason {
    /// Why (one line).
    reason: String,
}

/// Dismisses an open report (moderators only).
#[utoipa::path(post, path = "/api/moderation/reports/{report}/dismiss", tag = tags::MODERATION,
    request_body = Reason,
    params(("report" = String, Path, description = "The report's id")),
    responses((status = 200, description = "Dismissed; the log's entry", body = LogEntry),
              (status = 400, description = "No reason, or one too long", body = ErrorBody),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 403, description = "Not a moderator", body = ErrorBody),
              (status = 404, description = "No such open report", body = ErrorBody)))]
pub async fn dismiss(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
    Path(report): Path<String>,
    Json(request): Json<Reason>,
) -> Result<Json<LogEntry>, ApiError> {
    let row = moderation
        .dismiss(&account, &report, &request.reason)
        .await?;
    Ok(Json(row.into()))
}

/// What a moderator does to a player, with why.
#[derive(Deserialize, ToSchema)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum ActionRequest {
    /// A warning the player reads on their settings page.
    Warn {
        /// Why (one line).
        reason: String,
    },
    /// No chat for a time.
    Mute {
        /// How long, in minutes (1 to 43,200: 30 days).
        minutes: u32,
        /// Why (one line).
        reason: String,
    },
    /// A new username, checked as at sign-up; the old one is never taken again.
    Rename {
        /// The new username.
        username: String,
        /// Why (one line).
        reason: String,
    },
    /// The account closed: signed out, its games in play resigned, out of its tournaments,
    /// on no leaderboard; it signs in no more.
    Close {
        /// Whether the losers of its rated games of the last 30 days get their points back.
        refund: bool,
        /// Why (one line).
        reason: String,
    },
}

/// Acts on a player: warn, mute, rename or close (moderators only). The player's open reports
/// are closed; the action is logged.
#[utoipa::path(post, path = "/api/moderation/players/{name}", tag = tags::MODERATION,
    request_body = ActionRequest,
    params(("name" = String, Path, description = "The player's username")),
    responses((status = 200, description = "Done; the log's entry", body = LogEntry),
              (status = 400, description = "No reason, a mute outside 1 to 43,200 minutes, a username that cannot be one", body = ErrorBody),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 403, description = "Not a moderator", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Acting on oneself; the new name is taken; the account is closed already", body = ErrorBody)))]
pub async fn act(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
    Path(name): Path<String>,
    Json(request): Json<ActionRequest>,
) -> Result<Json<LogEntry>, ApiError> {
    let (action, reason) = match request {
        ActionRequest::Warn { reason } => (Action::Warn, reason),
        ActionRequest::Mute { minutes, reason } => (Action::mute(minutes)?, reason),
        ActionRequest::Rename { username, reason } => (Action::Rename(username), reason),
        ActionRequest::Close { refund, reason } => (Action::Close { refund }, reason),
    };
    let row = moderation.act(&account, &name, action, &reason).await?;
    Ok(Json(row.into()))
}

/// Removes a tournament that is open or running (moderators only): nobody enters it, no
/// round is paired any more (games under way are played out), and no list shows it.
#[utoipa::path(post, path = "/api/moderation/tournaments/{tournament}/remove", tag = tags::MODERATION,
    request_body = Reason,
    params(("tournament" = String, Path, description = "The tournament's id")),
    responses((status = 200, description = "Removed; the log's entry", body = LogEntry),
              (status = 400, description = "No reason, or one too long", body = ErrorBody),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 403, description = "Not a moderator", body = ErrorBody),
              (status = 404, description = "No tournament of this id is open or running", body = ErrorBody)))]
pub async fn remove_tournament(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
    Path(tournament): Path<String>,
    Json(request): Json<Reason>,
) -> Result<Json<LogEntry>, ApiError> {
    let row = moderation
        .remove_tournament(&account, &tournament, &request.reason)
        .await?;
    Ok(Json(row.into()))
}

/// The moderators' log.
#[derive(Serialize, ToSchema)]
pub struct Log {
    /// The latest actions, the latest first (at most 200).
    entries: Vec<LogEntry>,
}

/// The latest actions of the moderators, with who and why (moderators only).
#[utoipa::path(get, path = "/api/moderation/log", tag = tags::MODERATION,
    responses((status = 200, description = "The log", body = Log),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 403, description = "Not a moderator", body = ErrorBody)))]
pub async fn log(
    State(moderation): State<Arc<Moderation>>,
    SignedIn(account): SignedIn,
) -> Result<Json<Log>, ApiError> {
    let rows = moderation.log_for(&account).await?;
    Ok(Json(Log {
        entries: rows.into_iter().map(Into::into).collect(),
    }))
}
