//! Tournaments for clubs: what an organiser asks for (a game and its settings, a clock, rated
//! or casual, the start, who may join, the kind), the states a tournament goes through, and
//! the limits that keep one account from filling the server.
//!
//! - **States.** [`State::Open`] for entries until the start time; then [`State::Running`]
//!   (round after round; the round number is kept beside it), or [`State::Cancelled`] when
//!   fewer than two players entered; [`State::Finished`] once every round is complete;
//!   [`State::Removed`] when a moderator removed it (no entries, no more rounds, in no list).
//! - **Kinds** ([`Kind`]): round robin and double round robin (FIDE's Berger tables, from
//!   `tafel_tournament::berger`), and Swiss (FIDE Dutch, `tafel_tournament::swiss`) over a
//!   number of rounds the organiser chooses; [`pairing`] finds each next round. Arena
//!   (lichess's: a duration, players paired again as soon as they are free, streaks and
//!   berserk) is in [`arena`].
//! - **Games** of a tournament are two-player games between accounts ([`game`]: a finished
//!   game's result for the table, and the forfeit of a player who never moves);
//!   [`standings`] works out points, the tie-break and the crosstable.
//! - **Byes** a Swiss's players ask for, and the rounds a late entrant missed: [`byes`].
//! - **Chat**: who writes in a tournament's: [`chat`].

pub mod arena;
pub mod byes;
pub mod chat;
pub mod game;
pub mod manual;
pub mod pairing;
pub mod standings;
pub mod trf;

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tafel_tournament::Round;

use crate::domain::clock::TimeControl;
use crate::domain::error::Error;
use crate::domain::name::is_hidden;
use crate::msg;

/// The longest name of a tournament, in characters.
pub const MAX_NAME_CHARS: usize = 80;

/// How far ahead a tournament may be set to start (30 days).
pub const MAX_AHEAD_MS: i64 = 30 * 24 * 3600 * 1000;

/// How long ago a start may lie when the tournament is created (clocks of clients differ a
/// little; a start already past means "now").
pub const PAST_START_GRACE_MS: i64 = 60 * 1000;

/// The fewest entrants a tournament may be limited to.
pub const MIN_ENTRANTS: usize = 2;

/// The rounds of a Swiss when its organiser does not say.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 20;

/// What a Swiss's bye scores, in half points: a win, FIDE's default.
pub const SWISS_BYE_HALF_POINTS: u32 = 2;

/// The longest pause an organiser may set between rounds, in seconds (an hour).
pub const MAX_ROUND_PAUSE_S: u32 = 3600;

/// How entrants are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Everyone plays everyone once (FIDE's Berger tables; a bye a round with an odd number).
    RoundRobin,
    /// Everyone plays everyone twice, sides swapped in the second cycle.
    DoubleRoundRobin,
    /// Swiss (FIDE Dutch): a fixed number of rounds, each paired from the results so far.
    Swiss,
    /// Arena (lichess's): a fixed duration, players paired again as soon as they are free.
    Arena,
}

impl Kind {
    /// Every kind, in order.
    pub const ALL: [Kind; 4] = [
        Kind::RoundRobin,
        Kind::DoubleRoundRobin,
        Kind::Swiss,
        Kind::Arena,
    ];

    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::RoundRobin => "round_robin",
            Kind::DoubleRoundRobin => "double_round_robin",
            Kind::Swiss => "swiss",
            Kind::Arena => "arena",
        }
    }

    /// The kind stored as `text`.
    pub fn parse(text: &str) -> Result<Kind, Error> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
            .ok_or_else(|| Error::invalid(msg!("unknown-tournament-kind-text", text)))
    }
}

/// Who may enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Anyone signed in.
    Open,
    /// Whoever has the invitation link (the organiser gets it at creation).
    Invitation,
}

impl Entry {
    /// Every entry, in order.
    pub const ALL: [Entry; 2] = [Entry::Open, Entry::Invitation];

    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Entry::Open => "open",
            Entry::Invitation => "invitation",
        }
    }

    /// The entry stored as `text`.
    pub fn parse(text: &str) -> Result<Entry, Error> {
        match text {
            "open" => Ok(Entry::Open),
            "invitation" => Ok(Entry::Invitation),
            _ => Err(Error::invalid(msg!("unknown-entry-text", text))),
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Taking entries until the start time.
    Open,
    /// Being played (the round number is kept beside it).
    Running,
    /// Every round complete.
    Finished,
    /// Fewer than two players had entered at the start time.
    Cancelled,
    /// A moderator removed it, open or running.
    Removed,
}

impl State {
    /// Every state, in order.
    pub const ALL: [State; 5] = [
        State::Open,
        State::Running,
        State::Finished,
        State::Cancelled,
        State::Removed,
    ];

    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            State::Open => "open",
            State::Running => "running",
            State::Finished => "finished",
            State::Cancelled => "cancelled",
            State::Removed => "removed",
        }
    }

    /// The state stored as `text`.
    pub fn parse(text: &str) -> Result<State, Error> {
        State::ALL
            .into_iter()
            .find(|state| state.as_str() == text)
            .ok_or_else(|| Error::failed(msg!("tournament-stored-in-state-text", text)))
    }
}

/// The limits on tournaments (flags of `tafel serve`; defaults in `crate::Limits`).
#[derive(Clone, Copy, Debug)]
pub struct TournamentLimits {
    /// Entrants one tournament may have at most (its organiser may choose fewer).
    pub entrants: usize,
    /// Tournaments one account may have open or running at once as organiser.
    pub open_per_account: usize,
    /// How long a paired player has for a first move (from when their clock starts) before
    /// the game is forfeited (zero: never; the clock still ends it).
    pub no_show: Duration,
    /// The messages a tournament's chat holds at most (as a game's chat room).
    pub chat_messages: usize,
}

/// A tournament as its organiser asks for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentRequest {
    /// Its name, 1 to 80 characters.
    pub name: String,
    /// The game's name (`GET /api/catalog`).
    pub game: String,
    /// The game's settings, `key` to `value` (defaults for the others).
    #[serde(default)]
    pub settings: BTreeMap<String, String>,
    /// Every game's clock (a tournament needs one).
    pub time_control: TimeControl,
    /// Whether the games are rated.
    #[serde(default)]
    pub rated: bool,
    /// How players are paired.
    pub kind: Kind,
    /// Who may enter (default: anyone signed in).
    #[serde(default = "open_entry")]
    pub entry: Entry,
    /// When it starts (ms since the Unix epoch); entries close then.
    pub starts_ms: i64,
    /// Entrants at most (default and most: the server's limit).
    #[serde(default)]
    pub max_entrants: Option<usize>,
    /// The rounds of a Swiss, 1 to 20 (default 5); not for other kinds, whose rounds follow
    /// from the number of entrants.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Seconds between the end of a round's last game and the beginning of the next round
    /// (paired at once), 0 to 3600 (default 0: it begins at once).
    #[serde(default)]
    pub round_pause_s: u32,
    /// An Arena's duration in minutes, 5 to 720 (default 60); not for other kinds.
    #[serde(default)]
    pub minutes: Option<u32>,
    /// Whether a Swiss takes players after its start, and what their missed rounds score
    /// (default: zero-point byes); not for other kinds.
    #[serde(default)]
    pub late_entry: Option<byes::LateEntry>,
    /// How many half-point byes each player of a Swiss may ask for, 0 up to its rounds
    /// (default 2); not for other kinds.
    #[serde(default)]
    pub half_point_byes: Option<u32>,
    /// The tie-breaks of a Swiss or a round robin, in order, by FIDE's acronyms ("BH-C1",
    /// "SB", "DE"...; default: the kind's, [`standings::kind_tie_breaks`]); not for an Arena.
    #[serde(default)]
    pub tie_breaks: Option<Vec<String>>,
}

/// A request as checked: the name trimmed, the entrants at most, and the rounds of a Swiss (0
/// for other kinds, whose rounds are known at the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The tournament's name, trimmed.
    pub name: String,
    /// Entrants at most.
    pub max_entrants: usize,
    /// The rounds of a Swiss; 0 for the other kinds.
    pub rounds: u32,
    /// The pause between rounds, in milliseconds.
    pub round_pause_ms: i64,
    /// An Arena's duration in minutes; 0 for the other kinds.
    pub minutes: u32,
    /// The half points of each round a late entrant of a Swiss missed; `None`: no late entry.
    pub late_bye_half_points: Option<u32>,
    /// The half-point byes each player of a Swiss may ask for (0 for the other kinds).
    pub half_point_byes: u32,
    /// The tie-breaks, in order.
    pub tie_breaks: Vec<tafel_tournament::tie_breaks::TieBreak>,
}

fn open_entry() -> Entry {
    Entry::Open
}

impl TournamentRequest {
    /// Checks what can be checked without the game's rules, at `now` (ms) under `limits`.
    pub fn check(&self, now: i64, limits: &TournamentLimits) -> Result<Checked, Error> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(Error::invalid(msg!(
                "tournament-name-is-1-to-max",
                max_name_chars = MAX_NAME_CHARS
            )));
        }
        if let Some(hidden) = name.chars().find(|&c| is_hidden(c)) {
            return Err(Error::invalid(msg!(
                "what-may-not-contain-invisible-characters",
                what = "tournament",
                code = format!("{:04X}", u32::from(hidden))
            )));
        }
        self.time_control.check()?;
        if self.time_control == TimeControl::None {
            return Err(Error::invalid(msg!("tournament-needs-a-clock-so-that")));
        }
        if self.starts_ms < now - PAST_START_GRACE_MS {
            return Err(Error::invalid(msg!("start-time-has-passed")));
        }
        if self.starts_ms > now + MAX_AHEAD_MS {
            return Err(Error::invalid(msg!("tournament-starts-within-30-days-of")));
        }
        let limit = match self.kind {
            Kind::Swiss => limits.entrants.min(tafel_tournament::swiss::MAX_ENTRANTS),
            _ => limits.entrants,
        };
        let most = self.max_entrants.unwrap_or(limit);
        if !(MIN_ENTRANTS..=limit).contains(&most) {
            return Err(Error::invalid(msg!(
                "tournament-takes-min-entrants-to-limit",
                min_entrants = MIN_ENTRANTS,
                limit
            )));
        }
        let rounds = match (self.kind, self.rounds) {
            (Kind::Swiss, rounds) => rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
            (_, None) => 0,
            (_, Some(_)) => return Err(Error::invalid(msg!("rounds-are-chosen-for-a-swiss"))),
        };
        if self.kind == Kind::Swiss && !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
            return Err(Error::invalid(msg!(
                "swiss-has-1-to-max-swiss",
                max_swiss_rounds = MAX_SWISS_ROUNDS
            )));
        }
        if self.round_pause_s > MAX_ROUND_PAUSE_S {
            return Err(Error::invalid(msg!(
                "pause-between-rounds-is-0-to",
                max_round_pause_s = MAX_ROUND_PAUSE_S
            )));
        }
        if self.kind == Kind::Arena && self.round_pause_s > 0 {
            return Err(Error::invalid(msg!(
                "pause-between-rounds-is-for-tournaments"
            )));
        }
        let minutes = match (self.kind, self.minutes) {
            (Kind::Arena, minutes) => minutes.unwrap_or(arena::DEFAULT_MINUTES),
            (_, None) => 0,
            (_, Some(_)) => return Err(Error::invalid(msg!("duration-in-minutes-is-chosen-for"))),
        };
        if self.kind == Kind::Arena {
            if !(arena::MIN_MINUTES..=arena::MAX_MINUTES).contains(&minutes) {
                return Err(Error::invalid(msg!(
                    "arena-lasts-min-minutes-to-max",
                    min_minutes = arena::MIN_MINUTES,
                    max_minutes = arena::MAX_MINUTES
                )));
            }
            if !matches!(self.time_control, TimeControl::Fischer { .. }) {
                return Err(Error::invalid(msg!("arena-needs-a-clock-in-minutes")));
            }
        }
        let (late_bye_half_points, half_point_byes) =
            byes::check_settings(self.kind, rounds, self.late_entry, self.half_point_byes)?;
        let tie_breaks = standings::check_tie_breaks(self.kind, self.tie_breaks.as_deref())?;
        Ok(Checked {
            name: name.to_string(),
            max_entrants: most,
            rounds,
            round_pause_ms: i64::from(self.round_pause_s) * 1000,
            minutes,
            late_bye_half_points,
            half_point_byes,
            tie_breaks,
        })
    }
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Its id (as a game's: 12 characters).
    pub id: String,
    /// Its name.
    pub name: String,
    /// The organiser's username.
    pub organiser: String,
    /// The game's name.
    pub game: String,
    /// The game's settings.
    pub settings: BTreeMap<String, String>,
    /// Every game's clock.
    pub time_control: TimeControl,
    /// Whether the games are rated.
    pub rated: bool,
    /// How players are paired.
    pub kind: Kind,
    /// Who may enter.
    pub entry: Entry,
    /// Entrants at most.
    pub max_entrants: usize,
    /// When it starts (ms since the Unix epoch).
    pub starts_ms: i64,
    /// Where it stands.
    pub state: State,
    /// The round being played (0 before the start); the last round once finished.
    pub round: u32,
    /// The rounds in all: a Swiss's as chosen (fewer at the start if its entrants cannot play
    /// that many); a round robin's from the start (0 before); an Arena's: 0.
    pub rounds: u32,
    /// The pause between the end of a round and the beginning of the next, in milliseconds.
    pub round_pause_ms: i64,
    /// When the games of the round paired last begin, if it was paired with a pause (ms since
    /// the Unix epoch; until then its pairings may be changed by hand); `None` otherwise.
    pub next_round_ms: Option<i64>,
    /// An Arena's duration in minutes (0 for the other kinds).
    pub minutes: u32,
    /// The half points of each round a late entrant of a Swiss missed; `None`: entries close
    /// at the start (an Arena's late entries are its own).
    pub late_bye_half_points: Option<u32>,
    /// The half-point byes each player of a Swiss may ask for.
    pub half_point_byes: u32,
    /// The tie-breaks, in order.
    pub tie_breaks: Vec<tafel_tournament::tie_breaks::TieBreak>,
}

/// One entrant of a tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The account's username.
    pub username: String,
    /// Its number in the tournament (from 0; fixed at the start: a Swiss's and an Arena's by
    /// rating, see [`pairing::seeded`], a round robin's by the order of entry; an Arena's late
    /// entrants numbered after, in their order of entry).
    pub number: Option<usize>,
    /// Whether the player withdrew.
    pub withdrawn: bool,
}

/// One paired game of a tournament as stored (or a bye: `second` is `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The round, from 1.
    pub round: u32,
    /// The board in the round, from 1 (0: the bye).
    pub board: u32,
    /// The entrant who moves first (the bye's entrant for a bye).
    pub first: usize,
    /// The entrant who moves second; `None` for a bye.
    pub second: Option<usize>,
    /// The game played, if one was made (none for a bye or a game forfeited in advance).
    pub game_id: Option<String>,
    /// How it ended; `None` while it is played.
    pub outcome: Option<tafel_tournament::Outcome>,
    /// The moves the players made, once scored (0 for a game not made).
    pub plies: u32,
    /// Whether the first and the second player went berserk (Arena games), once scored.
    pub berserk: [bool; 2],
}

/// The boards of round `number` (from 1) of `round`, paired between entrants of whom
/// `withdrawn` have withdrawn: a game between two present entrants gets the game id
/// `new_game()`; a game with a withdrawn entrant is scored at once as a forfeit; the bye is
/// board 0.
pub fn boards(
    number: u32,
    round: &Round,
    withdrawn: &[usize],
    mut new_game: impl FnMut() -> String,
) -> Vec<Board> {
    use tafel_tournament::Outcome;
    let gone = |e: usize| withdrawn.contains(&e);
    let mut boards: Vec<Board> = round
        .games
        .iter()
        .zip(1..)
        .map(|(pairing, board)| {
            let (first, second) = (pairing.first.0, pairing.second.0);
            let outcome = match (gone(first), gone(second)) {
                (false, false) => None,
                (true, false) => Some(Outcome::SecondWonByForfeit),
                (false, true) => Some(Outcome::FirstWonByForfeit),
                (true, true) => Some(Outcome::DoubleForfeit),
            };
            Board {
                round: number,
                board,
                first,
                second: Some(second),
                game_id: outcome.is_none().then(&mut new_game),
                outcome,
                plies: 0,
                berserk: [false; 2],
            }
        })
        .collect();
    if let Some(bye) = round.bye {
        boards.push(Board {
            round: number,
            board: 0,
            first: bye.0,
            second: None,
            game_id: None,
            outcome: None,
            plies: 0,
            berserk: [false; 2],
        });
    }
    boards
}

/// The text an outcome is stored as.
pub fn outcome_text(outcome: tafel_tournament::Outcome) -> &'static str {
    use tafel_tournament::Outcome::*;
    match outcome {
        FirstWon => "1-0",
        SecondWon => "0-1",
        Draw => "1/2-1/2",
        FirstWonByForfeit => "+:-",
        SecondWonByForfeit => "-:+",
        DoubleForfeit => "-:-",
    }
}

/// The outcome written `text` (as [`outcome_text`] writes it), if it is one.
pub fn outcome_of_text(text: &str) -> Option<tafel_tournament::Outcome> {
    tafel_tournament::Outcome::ALL
        .into_iter()
        .find(|o| outcome_text(*o) == text)
}

/// The outcome stored as `text`.
pub fn parse_outcome(text: &str) -> Result<tafel_tournament::Outcome, Error> {
    outcome_of_text(text)
        .ok_or_else(|| Error::failed(msg!("tournament-game-stored-with-outcome-text", text)))
}

#[cfg(test)]
mod tests;
