//! Moderation at work (the words are [`crate::domain::moderation`]'s): people report a player,
//! a game or a chat line (a game's or a tournament's) and block players; moderators (the role an operator gives with
//! `tafel account role NAME moderator`) read the open reports with the chat around them and
//! act: warn, mute, rename, close an account (its games in play resigned, its tournaments
//! left, with a refund of a cheater's rated wins), remove a tournament, or dismiss a report.
//! Every action is logged with who and why, and closes the player's open reports.
//!
//! Bounded: each account has at most [`ModerationLimits::open_reports`] reports waiting and
//! blocks at most [`ModerationLimits::blocks`] players.

use std::sync::Arc;

use super::accounts::{stored_account_named, taken, SignedIn};
use super::Hub;
use crate::domain::account::Username;
use crate::domain::chat::Room;
use crate::domain::ids::{AccountId, GameId};
use crate::domain::message::Message;
use crate::domain::moderation::{
    action_reason, report_details, Action, ReportReason, Role, DISMISS, REFUND_WINDOW,
    REMOVE_TOURNAMENT,
};
use crate::domain::seat::StoredSeat;
use crate::domain::Error;
use crate::msg;
use crate::store::accounts::StoredAccount;
use crate::store::chat::StoredChat;
pub use crate::store::moderation::LogRow;
use crate::store::moderation::NewLogEntry;
use crate::store::reports::{NewReport, OpenReport};
use crate::store::Store;

/// The room a reported line of a tournament's chat is stored under (a game's are `players`
/// and `spectators`).
const TOURNAMENT_ROOM: &str = "tournament";

/// The reports the queue shows at once at most (the oldest first).
pub const QUEUE_SIZE: i64 = 100;

/// The chat lines of a reported player shown beside a report of the player (the latest).
pub const PLAYER_LINES: i64 = 20;

/// The actions the log shows at once at most (the latest first).
pub const LOG_SIZE: i64 = 200;

/// The notices an account reads at most (the latest first).
const NOTICES: i64 = 50;

/// The bounds on what one account starts (flags of `tafel serve`).
#[derive(Clone, Copy, Debug)]
pub struct ModerationLimits {
    /// Reports one account may have waiting for a moderator at once.
    pub open_reports: usize,
    /// Players one account may block.
    pub blocks: usize,
}

/// What a person reports.
#[derive(Clone, Debug)]
pub struct Report {
    /// The player's username.
    pub player: String,
    /// Why.
    pub reason: ReportReason,
    /// What the reporter adds (may be empty).
    pub details: String,
    /// The game, if a game or a chat line is reported.
    pub game: Option<String>,
    /// The chat line's room and number.
    pub line: Option<(Room, i64)>,
    /// A line of a tournament's chat: the tournament and the line's number.
    pub tournament_line: Option<(String, i64)>,
}

/// One chat line beside a report: a game's or a tournament's.
#[derive(Clone, Debug, PartialEq)]
pub struct ContextLine {
    /// Its game (`None` in a tournament's chat).
    pub game: Option<String>,
    /// Its tournament, in a tournament's chat.
    pub tournament: Option<String>,
    /// Its room in a game (a tournament's chat has one).
    pub room: Option<Room>,
    /// Its number in the room, from 1.
    pub seq: i64,
    /// Its author's username, unless the account was deleted (or no account wrote it).
    pub username: Option<String>,
    /// Its author's seat, in a game's players' room.
    pub seat: Option<usize>,
    /// The text.
    pub text: String,
    /// When it was written (ms since the Unix epoch).
    pub at_ms: i64,
    /// Whether the reported player wrote it.
    pub by_player: bool,
    /// Whether it is the line reported.
    pub reported: bool,
}

impl ContextLine {
    /// Line `line` of game `game`'s chat.
    fn in_game(game: String, line: StoredChat, by_player: bool, reported: bool) -> ContextLine {
        ContextLine {
            game: Some(game),
            tournament: None,
            room: Some(line.room),
            seq: line.seq,
            username: line.username,
            seat: line.seat,
            text: line.text,
            at_ms: line.at_ms,
            by_player,
            reported,
        }
    }
}

/// An open report with the chat around it.
#[derive(Clone, Debug)]
pub struct QueuedReport {
    /// The report.
    pub report: OpenReport,
    /// The chat: the room of a reported line, both rooms of a reported game, or the player's
    /// latest lines.
    pub context: Vec<ContextLine>,
}

/// What a player is told by the moderators.
#[derive(Clone, Debug)]
pub struct Notices {
    /// Warnings, mutes and renames, the latest first.
    pub notices: Vec<LogRow>,
    /// Until when the account may not chat, if that is still to come.
    pub muted_until_ms: Option<i64>,
}

/// Reports, blocks and the moderators' work.
pub struct Moderation {
    hub: Arc<Hub>,
    store: Store,
    limits: ModerationLimits,
}

/// Gives the account `username` in `store` the role `role` (`tafel account role`).
pub async fn set_role_of(store: &Store, username: &str, role: Role) -> Result<(), Error> {
    let account = stored_account_named(store, username).await?;
    store
        .set_role(&account.id, role)
        .await
        .map_err(Error::storage)
}

impl Moderation {
    /// Moderation over `hub`'s games and `store`, bounded by `limits`.
    pub fn new(hub: Arc<Hub>, store: Store, limits: ModerationLimits) -> Arc<Moderation> {
        Arc::new(Moderation { hub, store, limits })
    }

    /// Whether `account` is a moderator.
    pub async fn is_moderator(&self, account: &SignedIn) -> Result<bool, Error> {
        let role = self.store.role_of(&account.id).await;
        Ok(role.map_err(Error::storage)? == Role::Moderator)
    }

    /// `account`, if it is a moderator (403 otherwise).
    async fn moderator(&self, account: &SignedIn) -> Result<(), Error> {
        if !self.is_moderator(account).await? {
            return Err(Error::forbidden(msg!("only-moderators-may-do-this")));
        }
        Ok(())
    }

    /// The living account named `name`, other than `account` (409: `yourself` refuses it).
    async fn other(
        &self,
        account: &SignedIn,
        name: &str,
        yourself: &'static str,
    ) -> Result<StoredAccount, Error> {
        let other = stored_account_named(&self.store, name).await?;
        if other.id == account.id {
            return Err(Error::conflict(Message::new(yourself)));
        }
        Ok(other)
    }

    /// `reporter` reports `report`; the report's id.
    pub async fn report(&self, reporter: &SignedIn, report: Report) -> Result<String, Error> {
        let details = report_details(&report.details)?;
        let player = (self.other(reporter, &report.player, "you-cannot-report-yourself")).await?;
        if let Some(game) = &report.game {
            let game = GameId::parse(game)?;
            self.hub.get(&game).await?;
            if let Some((room, seq)) = report.line {
                let line = self.store.chat_message(&game, room, seq).await;
                if line.map_err(Error::storage)?.and_then(|l| l.account) != Some(player.id.clone())
                {
                    return Err(Error::not_found(msg!(
                        "player-wrote-no-such-line-in-this-game",
                        player = player.username
                    )));
                }
            }
        } else if report.line.is_some() {
            return Err(Error::invalid(msg!(
                "a-chat-line-is-reported-with-its-game"
            )));
        }
        if let Some((tournament, seq)) = &report.tournament_line {
            let author = self.store.tournament_chat_author(tournament, *seq).await;
            if author.map_err(Error::storage)? != Some(player.id.clone()) {
                return Err(Error::not_found(msg!(
                    "player-wrote-no-such-line-in-this-tournament",
                    player = player.username
                )));
            }
        }
        let (open, about) = (self.store)
            .open_reports_by(&reporter.id, &player.id)
            .await
            .map_err(Error::storage)?;
        if about > 0 {
            return Err(Error::conflict(msg!("you-reported-this-player-already")));
        }
        let cap = self.limits.open_reports;
        if open >= cap as i64 {
            return Err(Error::quota(msg!("you-have-cap-reports-waiting", cap)));
        }
        let id = AccountId::random().as_str().to_string();
        let line = report.line.map(|(room, seq)| (room.as_str(), seq));
        let tournament = report.tournament_line.as_ref();
        let line = line.or(tournament.map(|(_, seq)| (TOURNAMENT_ROOM, *seq)));
        (self.store)
            .add_report(&NewReport {
                id: &id,
                reporter: &reporter.id,
                account: &player.id,
                reason: report.reason.as_str(),
                details: &details,
                game: report.game.as_deref(),
                tournament: tournament.map(|(id, _)| id.as_str()),
                line,
                at_ms: self.store.now_ms(),
            })
            .await
            .map_err(Error::storage)?;
        Ok(id)
    }

    /// `account` blocks the player `name`.
    pub async fn block(&self, account: &SignedIn, name: &str) -> Result<(), Error> {
        let other = (self.other(account, name, "you-cannot-block-yourself")).await?;
        let cap = self.limits.blocks;
        let now = self.store.now_ms();
        let blocked = self.store.block(&account.id, &other.id, now, cap).await;
        if !blocked.map_err(Error::storage)? {
            return Err(Error::quota(msg!("you-block-cap-players-already", cap)));
        }
        Ok(())
    }

    /// `account` blocks the player `name` no more.
    pub async fn unblock(&self, account: &SignedIn, name: &str) -> Result<(), Error> {
        let other = stored_account_named(&self.store, name).await?;
        (self.store.unblock(&account.id, &other.id).await).map_err(Error::storage)
    }

    /// The players `account` blocks, by name.
    pub async fn blocked(&self, account: &SignedIn) -> Result<Vec<String>, Error> {
        let blocked = self.store.blocked_by(&account.id).await;
        Ok(blocked
            .map_err(Error::storage)?
            .into_iter()
            .map(|(_, name)| name)
            .collect())
    }

    /// What the moderators told `account`.
    pub async fn notices(&self, account: &SignedIn) -> Result<Notices, Error> {
        let notices = self.store.notices_of(&account.id, NOTICES).await;
        let standing = self.store.standing(&account.id).await;
        let now = self.store.now_ms();
        Ok(Notices {
            notices: notices.map_err(Error::storage)?,
            muted_until_ms: (standing.map_err(Error::storage)?.muted_until_ms)
                .filter(|until| *until > now),
        })
    }

    /// The open reports, oldest first, each with its chat, for the moderator `moderator`.
    pub async fn queue(&self, moderator: &SignedIn) -> Result<Vec<QueuedReport>, Error> {
        self.moderator(moderator).await?;
        let reports = self.store.open_reports(QUEUE_SIZE).await;
        let mut queue = Vec::new();
        for report in reports.map_err(Error::storage)? {
            let context = self.context(&report).await?;
            queue.push(QueuedReport { report, context });
        }
        Ok(queue)
    }

    /// The chat beside `report`.
    async fn context(&self, report: &OpenReport) -> Result<Vec<ContextLine>, Error> {
        let player = AccountId::from_stored(report.account_id.clone());
        let line = report.room.as_deref().and_then(Room::parse).zip(report.seq);
        if let Some(tournament) = &report.tournament_id {
            let lines = self.store.tournament_chat(tournament, 0).await;
            return Ok((lines.map_err(Error::storage)?.into_iter())
                .map(|row| ContextLine {
                    game: None,
                    tournament: Some(tournament.clone()),
                    room: None,
                    seq: row.seq,
                    by_player: row.username.is_some() && row.username == report.player,
                    username: row.username,
                    seat: None,
                    text: row.text,
                    at_ms: row.at_ms,
                    reported: Some(row.seq) == report.seq,
                })
                .collect());
        }
        let Some(game) = &report.game_id else {
            let lines = self.store.chat_of_account(&player, PLAYER_LINES).await;
            return Ok((lines.map_err(Error::storage)?.into_iter())
                .map(|(game, line)| ContextLine::in_game(game, line, true, false))
                .collect());
        };
        let id = GameId::parse(game)?;
        let rooms = match line {
            Some((room, _)) => vec![room],
            None => Room::ALL.to_vec(),
        };
        let mut context = Vec::new();
        for room in rooms {
            let lines = self.store.chat(&id, room).await.map_err(Error::storage)?;
            context.extend(lines.into_iter().map(|stored| {
                let by_player = stored.account.as_ref() == Some(&player);
                let reported = line == Some((stored.room, stored.seq));
                ContextLine::in_game(game.clone(), stored, by_player, reported)
            }));
        }
        Ok(context)
    }

    /// The moderator `moderator` dismisses the open report `id` for `reason`.
    pub async fn dismiss(
        &self,
        moderator: &SignedIn,
        id: &str,
        reason: &str,
    ) -> Result<LogRow, Error> {
        self.moderator(moderator).await?;
        let reason = action_reason(reason)?;
        let now = self.store.now_ms();
        let account = (self.store.dismiss_report(id, &moderator.id, now).await)
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("there-is-no-open-report-id", id)))?;
        let detail = format!("report {id}");
        self.log(
            moderator,
            Some(&account),
            None,
            DISMISS,
            &reason,
            Some(&detail),
        )
        .await
    }

    /// The moderator `moderator` does `action` to the player `name` for `reason`; the
    /// player's open reports are closed.
    pub async fn act(
        &self,
        moderator: &SignedIn,
        name: &str,
        action: Action,
        reason: &str,
    ) -> Result<LogRow, Error> {
        self.moderator(moderator).await?;
        let reason = action_reason(reason)?;
        let player = (self.other(moderator, name, "moderators-do-not-act-on-themselves")).await?;
        let now = self.store.now_ms();
        let detail = match &action {
            Action::Warn => None,
            Action::Mute(minutes) => {
                let until = now + i64::from(*minutes) * 60_000;
                (self.store.mute(&player.id, until).await).map_err(Error::storage)?;
                Some(format!("{minutes} min"))
            }
            Action::Rename(new) => Some(self.rename(&player, new, now).await?),
            Action::Close { refund } => Some(self.close(&player, *refund, now).await?),
        };
        (self.store)
            .close_reports_about(&player.id, &moderator.id, now)
            .await
            .map_err(Error::storage)?;
        let name = action.name();
        (self.log(
            moderator,
            Some(&player.id),
            None,
            name,
            &reason,
            detail.as_deref(),
        ))
        .await
    }

    /// Renames `player` to `new` (checked as at sign-up); says what changed.
    async fn rename(&self, player: &StoredAccount, new: &str, now: i64) -> Result<String, Error> {
        let new = Username::choose(new)?;
        let old = Username::parse(&player.username)?;
        (self.store.rename_account(&player.id, &old, &new, now).await)
            .map_err(Error::storage)?
            .map_err(|_| taken(&new))?;
        self.hub.rename_seats(&player.id, new.as_str());
        Ok(format!("{} → {}", old.as_str(), new.as_str()))
    }

    /// Closes `player`'s account: its sessions end, its games in play are resigned, it leaves
    /// its tournaments, and with `refund` its rated wins of the last 30 days go back to the
    /// losers. Says what changed.
    async fn close(&self, player: &StoredAccount, refund: bool, now: i64) -> Result<String, Error> {
        let closed = self.store.close_account(&player.id, now).await;
        if !closed.map_err(Error::storage)? {
            return Err(Error::conflict(msg!("this-account-is-closed-already")));
        }
        let resigned = self.hub.resign_games_of(&player.id).await?;
        let tournaments = self.store.tournaments_entered(&player.id).await;
        for tournament in tournaments.map_err(Error::storage)? {
            (self.store)
                .withdraw_from_tournament(&tournament, &player.id, now)
                .await
                .map_err(Error::storage)?;
        }
        let refunded = if refund {
            let since = now - REFUND_WINDOW.as_millis() as i64;
            let refunds = self.store.refund_wins(&player.id, since, now).await;
            refunds.map_err(Error::storage)?
        } else {
            0
        };
        Ok(format!("{resigned} resigned, {refunded} refunded"))
    }

    /// The moderator `moderator` removes tournament `id` for `reason`.
    pub async fn remove_tournament(
        &self,
        moderator: &SignedIn,
        id: &str,
        reason: &str,
    ) -> Result<LogRow, Error> {
        self.moderator(moderator).await?;
        let reason = action_reason(reason)?;
        let removed = self.store.remove_tournament(id, self.store.now_ms()).await;
        if !removed.map_err(Error::storage)? {
            return Err(Error::not_found(msg!("no-tournament-id-is-open-or", id)));
        }
        (self.log(moderator, None, Some(id), REMOVE_TOURNAMENT, &reason, None)).await
    }

    /// The latest actions, for the moderator `moderator`.
    pub async fn log_for(&self, moderator: &SignedIn) -> Result<Vec<LogRow>, Error> {
        self.moderator(moderator).await?;
        (self.store.moderation_log(LOG_SIZE).await).map_err(Error::storage)
    }

    /// Writes an action in the log and reads it back as the log shows it.
    async fn log(
        &self,
        moderator: &SignedIn,
        account: Option<&AccountId>,
        tournament: Option<&str>,
        action: &str,
        reason: &str,
        detail: Option<&str>,
    ) -> Result<LogRow, Error> {
        let id = AccountId::random().as_str().to_string();
        let entry = NewLogEntry {
            id: &id,
            moderator: &moderator.id,
            account,
            tournament,
            action,
            reason,
            detail,
            at_ms: self.store.now_ms(),
        };
        (self.store.log_action(&entry).await).map_err(Error::storage)?;
        (self.store.log_entry(&id).await)
            .map_err(Error::storage)?
            .ok_or_else(|| Error::failed(msg!("log-entry-just-written-cannot-be-read")))
    }
}

/// 403 when `one` and `other` keep away from each other (either blocks the other): no game
/// and no challenge between them.
pub(super) async fn keep_apart(
    store: &Store,
    one: &AccountId,
    other: &AccountId,
) -> Result<(), Error> {
    if store
        .blocked_between(one, other)
        .await
        .map_err(Error::storage)?
    {
        return Err(Error::forbidden(msg!("you-cannot-play-this-player")));
    }
    Ok(())
}

impl Hub {
    /// Resigns, for the account `account`, every game in play it has a seat in; how many.
    async fn resign_games_of(self: &Arc<Self>, account: &AccountId) -> Result<usize, Error> {
        let games = self.store.games_in_play_of(account).await;
        let mut resigned = 0;
        for game in games.map_err(Error::storage)? {
            let (_handle, mut live) = self.lock_game(&GameId::parse(&game)?).await?;
            if self.resigner.resign_account(&mut live, account).await? {
                resigned += 1;
            }
        }
        Ok(resigned)
    }

    /// Shows, in the background, the account `account`'s seats in all its games under its
    /// new name `name` (a failure is logged; the account is renamed all the same).
    fn rename_seats(self: &Arc<Self>, account: &AccountId, name: &str) {
        let (hub, account, name) = (self.clone(), account.clone(), name.to_string());
        tokio::spawn(async move {
            let renamed = async {
                let games = hub.store.games_of(&account).await.map_err(Error::storage)?;
                for game in games {
                    let (_handle, mut live) = hub.lock_game(&GameId::parse(&game)?).await?;
                    let rename = |seat: &mut StoredSeat| seat.name = Some(name.clone());
                    hub.rewrite_seats_of(&mut live, &account, rename).await?;
                }
                Ok::<(), Error>(())
            };
            if let Err(error) = renamed.await {
                tracing::warn!("cannot show a renamed account's seats: {}", error.message);
            }
        });
    }
}
