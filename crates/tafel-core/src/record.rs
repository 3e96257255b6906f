//! Game records: settings, start position, moves (chance outcomes included) and result, as
//! text or JSON, and replaying them with every move checked.
//!
//! The text form has PGN-like tags followed by the moves:
//!
//! ```text
//! [Game "karls-race"]
//! [Settings "first=white players=2 start=ABCGHJ"]
//! [Start "w:ABCGHJ:MNPQTU"]
//! [Result "White wins (reached the opponent's corner)"]
//!
//! 1. 3 U-S
//! 2. 5 A-B
//! ```
//!
//! `Start` is present only when the game did not begin from the default start, `Result` is
//! `*` for an unfinished game. A game that ended otherwise than by its rules (a resignation,
//! a draw agreed between the players, a loss on time) says so in a `Termination` tag
//! (`[Termination "resignation"]`, see [`Termination`]); its result is then the one that
//! ending gives ([`Ending`]) rather than the one of the final position, which is unfinished. By default the moves are one numbered line per ply, the chance
//! outcomes before the move; games with a traditional notation replace that part
//! ([`Game::write_movetext`]). The JSON form has the same fields, with the moves as a flat list
//! in the order they were played, chance outcomes included.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{Game, GameExt, MoveError};
use crate::notation::ParseError;
use crate::outcome::Status;
use crate::reason;
use crate::reason::Reason;
use crate::settings::GameSettings;

/// A record in its JSON shape.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The game's name (`kauri`).
    pub game: String,
    /// Every setting, `key` to `value`.
    #[serde(default)]
    pub settings: BTreeMap<String, String>,
    /// The start position's code, when it is not the default start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Every move and chance outcome in the order played, in the game's notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The result as [`describe_status`] writes it, `*` while unfinished; for a game with a
    /// [`termination`](Record::termination), the result of that [`Ending`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// How the game ended when not by its rules (absent when it did, or goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination: Option<Termination>,
}

/// A record as read from text or JSON, before the game checks its moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RawRecord {
    /// The game's name, when the record names it (a bare movetext does not).
    pub game: Option<String>,
    /// The settings, in the order written.
    pub settings: Vec<(String, String)>,
    /// The start position's code, if given.
    pub start: Option<String>,
    /// The result claimed by the record, if given.
    pub result: Option<String>,
    /// How the record says the game ended, when not by its rules.
    pub termination: Option<Termination>,
    /// The moves, still as text.
    pub moves: RawMoves,
}

/// The moves of a [`RawRecord`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RawMoves {
    /// The text after the tags, in the game's record notation.
    Movetext(String),
    /// One move or chance outcome per entry (the JSON form).
    List(Vec<String>),
}

/// Why a record could not be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayError {
    /// The move number at fault (1-based, counting moves as the record numbers them), if one
    /// move is to blame.
    pub move_number: Option<usize>,
    /// What is wrong.
    pub reason: Reason,
}

impl ReplayError {
    /// An error about the record as a whole.
    pub fn record(reason: Reason) -> Self {
        ReplayError {
            move_number: None,
            reason,
        }
    }

    /// An error at move `number`.
    pub fn at(number: usize, reason: Reason) -> Self {
        ReplayError {
            move_number: Some(number),
            reason,
        }
    }
}

impl ReplayError {
    /// The whole error as a reason by code: the reason, after its move's number if one move
    /// is to blame (`record-move`).
    pub fn as_reason(&self) -> Reason {
        match self.move_number {
            Some(n) => Reason::new("record-move", "move {n}: {why}")
                .with("n", n)
                .with_reason("why", self.reason.clone()),
            None => self.reason.clone(),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_reason().fmt(f)
    }
}

impl std::error::Error for ReplayError {}

/// Reads a record in either form (JSON when the text starts with `{`). Text without tags is a
/// bare movetext: the caller says which game and settings it belongs to.
///
/// ```
/// use tafel_core::record::{parse_record, replay};
/// use tafel_testkit::games::TeamNim;
///
/// let raw = parse_record("[Game \"team-nim\"]\n[Result \"*\"]\n\n1. 2\n2. 1\n").unwrap();
/// let replayed = replay(&TeamNim, &raw).unwrap();
/// assert_eq!(replayed.moves, [2, 1]);
/// let wrong = parse_record("1. 2\n2. 3\n").unwrap();
/// assert_eq!(
///     replay(&TeamNim, &wrong).unwrap_err().to_string(),
///     "move 2: illegal move `3`; legal here: 1 2"
/// );
/// ```
pub fn parse_record(text: &str) -> Result<RawRecord, ParseError> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        let record: Record = serde_json::from_str(trimmed).map_err(|e| {
            ParseError::new(
                "record",
                "JSON",
                reason!("record-json", "{detail}", detail = e),
            )
        })?;
        return Ok(RawRecord {
            game: Some(record.game),
            settings: record.settings.into_iter().collect(),
            start: record.start,
            result: record.result,
            termination: record.termination,
            moves: RawMoves::List(record.moves),
        });
    }
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(line).map_err(|reason| {
                let line_reason = Reason::new("record-line", "line {n}: {reason}")
                    .with("n", number + 1)
                    .with_reason("reason", reason);
                ParseError::new("record", line, line_reason)
            })?);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let tag = |name: &str| tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let game = tag("Game");
    let settings = match tag("Settings") {
        Some(s) => s
            .split_whitespace()
            .map(|pair| {
                crate::settings::split_pair(pair)
                    .map_err(|e| ParseError::new("record", &s, e.reason()))
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let termination = match tag("Termination") {
        Some(text) => Some(
            text.parse::<Termination>()
                .map_err(|reason| ParseError::new("record", &text, reason))?,
        ),
        None => None,
    };
    Ok(RawRecord {
        game,
        settings,
        start: tag("Start"),
        result: tag("Result"),
        termination,
        moves: RawMoves::Movetext(movetext),
    })
}

fn parse_tag(line: &str) -> Result<(String, String), Reason> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or(reason!(
            "record-tag-line",
            "a tag line must look like [Name \"value\"]"
        ))?;
    let (name, value) = inner.split_once(' ').ok_or(reason!(
        "record-tag-parts",
        "a tag needs a name and a quoted value"
    ))?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or(reason!(
            "record-tag-quotes",
            "the tag's value must be in double quotes"
        ))?;
    Ok((name.to_string(), value.to_string()))
}

/// A replayed record: where it started, the moves, and where it ended.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    /// The start position.
    pub start: G::State,
    /// Every move and chance outcome, in order.
    pub moves: Vec<G::Move>,
    /// The position after the last move.
    pub end: G::State,
    /// How the game ended, when the record says it ended otherwise than by its rules.
    pub ending: Option<Ending>,
}

/// Replays `raw` under `game` (built from the record's settings), checking the start code,
/// every move and the claimed result: the result of the final position, or, when the record
/// has a [`Termination`], one that such an ending gives in this game (and then the moves must
/// leave the game unfinished).
pub fn replay<G: Game>(game: &G, raw: &RawRecord) -> Result<Replay<G>, ReplayError> {
    if let Some(name) = raw.game.as_deref().filter(|&name| name != G::INFO.name) {
        return Err(ReplayError::record(reason!(
            "record-other-game",
            "the record is for `{name}`, not `{game}`",
            name,
            game = G::INFO.name
        )));
    }
    let start = match &raw.start {
        Some(code) => game
            .parse_position(code)
            .map_err(|e| ReplayError::record(e.as_reason()))?,
        None => game.start(),
    };
    let moves = match &raw.moves {
        RawMoves::Movetext(text) => game.parse_movetext(&start, text)?,
        RawMoves::List(list) => parse_move_list(game, &start, list)?,
    };
    let mut end = start.clone();
    for &mv in &moves {
        game.apply(&mut end, mv);
    }
    let actual = describe_status(game, &end);
    let ending = match raw.termination {
        None => {
            if let Some(claimed) = &raw.result {
                if claimed.trim() != actual {
                    return Err(ReplayError::record(reason!(
                        "record-result",
                        "the record's result is `{claimed}` but the moves give `{actual}`",
                        claimed,
                        actual
                    )));
                }
            }
            None
        }
        Some(termination) => Some(claimed_ending(
            &seats_of(game),
            termination,
            raw.result.as_deref(),
            &actual,
        )?),
    };
    Ok(Replay {
        start,
        moves,
        end,
        ending,
    })
}

/// The ending a record with a `Termination` claims: the game must be unfinished by its moves
/// (`actual` is `*`) and the claimed result one that the termination gives.
fn claimed_ending(
    seats: &[(&str, u8)],
    termination: Termination,
    claimed: Option<&str>,
    actual: &str,
) -> Result<Ending, ReplayError> {
    if actual != "*" {
        return Err(ReplayError::record(
            reason!(
                "record-ended-by-moves",
                "the record says the game ended by {termination}, but its moves end it: `{actual}`",
                actual
            )
            .with_reason("termination", termination.reason()),
        ));
    }
    let claimed = claimed.map(str::trim).ok_or_else(|| {
        ReplayError::record(
            reason!(
                "record-no-result",
                "the record says the game ended by {termination} but gives no result"
            )
            .with_reason("termination", termination.reason()),
        )
    })?;
    let possible = Ending::possible(termination, seats);
    possible
        .iter()
        .find(|ending| ending.result == claimed)
        .cloned()
        .ok_or_else(|| {
            let listed: Vec<String> = possible.iter().map(|e| format!("`{}`", e.result)).collect();
            ReplayError::record(
                reason!(
                    "record-result-by-termination",
                    "the record's result `{claimed}` does not follow from a {termination}; it would be {possible}",
                    claimed,
                    possible = listed.join(" or ")
                )
                .with_reason("termination", termination.reason()),
            )
        })
}

/// The seats of `game`: each one's name and team, in seat order (what an [`Ending`] needs).
pub fn seats_of<G: Game>(game: &G) -> Vec<(&'static str, u8)> {
    (0..game.num_players())
        .map(|p| {
            let player = crate::player::Player(p as u8);
            (game.player_name(player), game.team_of(player))
        })
        .collect()
}

/// How a game ended when not by its rules: the players, the clock or the referee ended it.
/// Written in a record's `Termination` tag (and JSON `termination` field) as `resignation`,
/// `agreement`, `time forfeit`, `rules infraction` (as in PGN) or `aborted`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Termination {
    /// A side resigned: the other side wins.
    #[serde(rename = "resignation")]
    Resignation,
    /// Every side agreed to a draw.
    #[serde(rename = "agreement")]
    Agreement,
    /// A seat's clock ran out: its side loses.
    #[serde(rename = "time forfeit")]
    TimeForfeit,
    /// The game was called off before both sides moved (a seat did not make its first move
    /// in time, or a player aborted it): nobody wins or loses (lichess's abort).
    #[serde(rename = "aborted")]
    Aborted,
    /// A seat broke the rules of play, so its side loses: a program that answered an illegal
    /// or malformed move, or stopped (an engine tournament's referee ends its game so).
    #[serde(rename = "rules infraction")]
    RulesInfraction,
}

impl Termination {
    /// Every termination, in the order error messages list them.
    pub const ALL: [Termination; 5] = [
        Termination::Resignation,
        Termination::Agreement,
        Termination::TimeForfeit,
        Termination::Aborted,
        Termination::RulesInfraction,
    ];

    /// The tag's value: `resignation`, `agreement`, `time forfeit`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time forfeit",
            Termination::Aborted => "aborted",
            Termination::RulesInfraction => "rules infraction",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Termination {
    /// The termination's words as a reason by code (`termination-time-forfeit`), for a
    /// sentence about it in any language.
    pub fn reason(self) -> Reason {
        let code = match self {
            Termination::Resignation => "termination-resignation",
            Termination::Agreement => "termination-agreement",
            Termination::TimeForfeit => "termination-time-forfeit",
            Termination::Aborted => "termination-aborted",
            Termination::RulesInfraction => "termination-rules-infraction",
        };
        Reason::new(code, self.as_str())
    }
}

impl std::str::FromStr for Termination {
    type Err = Reason;

    fn from_str(text: &str) -> Result<Termination, Reason> {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == text.trim())
            .ok_or_else(|| {
                let known: Vec<&str> = Termination::ALL.iter().map(|t| t.as_str()).collect();
                reason!(
                    "record-termination",
                    "unknown termination `{text}` (known: {known})",
                    text,
                    known = known.join(", ")
                )
            })
    }
}

/// A game ended by its players or its clock: how, by whom, who won, and the result in words
/// (what a record's `Result` tag says).
///
/// A resignation or a loss on time loses for the seat's whole team (every seat of the other
/// teams wins); an agreement is a draw.
///
/// ```
/// use tafel_core::record::{Ending, Termination};
/// use tafel_core::Player;
///
/// let seats = [("White", 0), ("Black", 1)];
/// assert_eq!(Ending::resigned(Player(0), &seats).result, "Black wins (White resigned)");
/// assert_eq!(Ending::out_of_time(Player(1), &seats).result, "White wins (Black ran out of time)");
/// assert_eq!(Ending::agreed_draw().result, "draw (agreed)");
/// assert_eq!(Ending::possible(Termination::Resignation, &seats).len(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ending {
    /// How it ended.
    pub termination: Termination,
    /// The seat that ran out of time, or the first seat of the side that resigned (a side
    /// resigns as one); `None` for an agreed draw.
    pub by: Option<crate::player::Player>,
    /// The seats that won (none for a draw).
    pub winners: crate::player::PlayerSet,
    /// The result in words, e.g. `Black wins (White resigned)`.
    pub result: String,
}

impl Ending {
    /// `by`'s side resigned; `seats` are every seat's name and team ([`seats_of`]).
    pub fn resigned(by: crate::player::Player, seats: &[(&str, u8)]) -> Ending {
        let team = seats[by.index()].1;
        let first = seats.iter().position(|(_, t)| *t == team).unwrap_or(0);
        let losers = names(seats, |(_, t)| *t == team);
        Ending::lost(
            Termination::Resignation,
            crate::player::Player(first as u8),
            seats,
            &format!("{losers} resigned"),
        )
    }

    /// `by`'s clock ran out, so its side loses.
    pub fn out_of_time(by: crate::player::Player, seats: &[(&str, u8)]) -> Ending {
        let name = seats[by.index()].0;
        Ending::lost(
            Termination::TimeForfeit,
            by,
            seats,
            &format!("{name} ran out of time"),
        )
    }

    /// `by` broke the rules of play (an illegal move, a program that stopped), so its side
    /// loses.
    pub fn forfeited(by: crate::player::Player, seats: &[(&str, u8)]) -> Ending {
        let name = seats[by.index()].0;
        Ending::lost(
            Termination::RulesInfraction,
            by,
            seats,
            &format!("{name} forfeited"),
        )
    }

    /// Every side agreed to a draw.
    pub fn agreed_draw() -> Ending {
        Ending {
            termination: Termination::Agreement,
            by: None,
            winners: crate::player::PlayerSet::EMPTY,
            result: "draw (agreed)".to_string(),
        }
    }

    /// The game was called off because `by` did not make its first move in time: nobody
    /// wins.
    pub fn aborted(by: crate::player::Player, seats: &[(&str, u8)]) -> Ending {
        Ending {
            termination: Termination::Aborted,
            by: Some(by),
            winners: crate::player::PlayerSet::EMPTY,
            result: format!("aborted ({} did not move in time)", seats[by.index()].0),
        }
    }

    /// The game was called off by `by`, a player, before both sides had moved: nobody wins
    /// (lichess's abort button).
    pub fn called_off(by: crate::player::Player, seats: &[(&str, u8)]) -> Ending {
        Ending {
            termination: Termination::Aborted,
            by: Some(by),
            winners: crate::player::PlayerSet::EMPTY,
            result: format!("aborted ({} called the game off)", seats[by.index()].0),
        }
    }

    /// Every ending of kind `termination` that the game with `seats` can have (a
    /// resignation once per side).
    pub fn possible(termination: Termination, seats: &[(&str, u8)]) -> Vec<Ending> {
        let by_seat = |make: fn(crate::player::Player, &[(&str, u8)]) -> Ending| {
            let mut endings: Vec<Ending> = Vec::new();
            for p in 0..seats.len() {
                let ending = make(crate::player::Player(p as u8), seats);
                if !endings.contains(&ending) {
                    endings.push(ending);
                }
            }
            endings
        };
        match termination {
            Termination::Resignation => by_seat(Ending::resigned),
            Termination::TimeForfeit => by_seat(Ending::out_of_time),
            Termination::Agreement => vec![Ending::agreed_draw()],
            Termination::Aborted => {
                let mut endings = by_seat(Ending::aborted);
                endings.extend(by_seat(Ending::called_off));
                endings
            }
            Termination::RulesInfraction => by_seat(Ending::forfeited),
        }
    }

    fn lost(
        termination: Termination,
        by: crate::player::Player,
        seats: &[(&str, u8)],
        reason: &str,
    ) -> Ending {
        let team = seats[by.index()].1;
        let mut winners = crate::player::PlayerSet::EMPTY;
        for (p, (_, t)) in seats.iter().enumerate() {
            if *t != team {
                winners = winners.with(crate::player::Player(p as u8));
            }
        }
        let won = names(seats, |(_, t)| *t != team);
        let verb = if winners.iter().count() == 1 {
            "wins"
        } else {
            "win"
        };
        Ending {
            termination,
            by: Some(by),
            winners,
            result: format!("{won} {verb} ({reason})"),
        }
    }
}

/// The names of the seats that pass `keep`, joined with "and".
fn names(seats: &[(&str, u8)], keep: impl Fn(&(&str, u8)) -> bool) -> String {
    let kept: Vec<&str> = seats.iter().filter(|s| keep(s)).map(|(n, _)| *n).collect();
    kept.join(" and ")
}

fn parse_move_list<G: Game>(
    game: &G,
    start: &G::State,
    list: &[String],
) -> Result<Vec<G::Move>, ReplayError> {
    let mut state = start.clone();
    let mut moves = Vec::with_capacity(list.len());
    let mut number = 1;
    for text in list {
        let mv = game
            .parse_legal_move(&state, text)
            .map_err(|e| ReplayError::at(number, describe_move_error(text, &e)))?;
        if matches!(game.status(&state), Status::ToMove(_)) {
            number += 1;
        }
        game.apply(&mut state, mv);
        moves.push(mv);
    }
    Ok(moves)
}

fn describe_move_error(text: &str, error: &MoveError) -> Reason {
    match error {
        MoveError::GameOver => reason!(
            "record-after-end",
            "`{text}` comes after the end of the game",
            text
        ),
        other => other.reason(),
    }
}

/// A note on one move of a record, written after it: a mark (`!`, `?`, `??`, `!?`, `?!`) and a
/// comment, which records write in braces (`12. 3 U-S? {52% -> 38%}`). Readers skip both.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MoveNote {
    /// The mark, if any: only the characters `!` and `?`.
    pub mark: Option<String>,
    /// The comment, if any (braces in it are written as parentheses, so it cannot end early).
    pub comment: Option<String>,
}

impl MoveNote {
    /// The note as written after a move: the mark right after it, then ` {comment}`.
    pub fn text(&self) -> String {
        self.mark_text() + &self.comment_text()
    }

    /// The mark alone, as written right after the move (only its `!` and `?`).
    pub fn mark_text(&self) -> String {
        self.mark
            .iter()
            .flat_map(|m| m.chars())
            .filter(|c| matches!(c, '!' | '?'))
            .collect()
    }

    /// The comment alone, as written: ` {comment}`, or nothing.
    pub fn comment_text(&self) -> String {
        let Some(comment) = &self.comment else {
            return String::new();
        };
        let clean: String = comment
            .chars()
            .map(|c| match c {
                '{' => '(',
                '}' => ')',
                c if c.is_control() => ' ',
                c => c,
            })
            .collect();
        format!(" {{{clean}}}")
    }
}

/// Writes the default movetext: one line per move, numbered from 1, each move preceded by the
/// chance outcomes that came before it (`12. 3 U-S`), and followed by its note, if any.
pub fn write_numbered_movetext<G: Game>(
    game: &G,
    start: &G::State,
    moves: &[G::Move],
    notes: &[MoveNote],
) -> String {
    let numbers = numbered_move_numbers(game, start, moves);
    let mut out = String::new();
    let mut state = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if i == 0 || numbers[i] != numbers[i - 1] {
            out.push_str(&format!("{}. ", numbers[i]));
        } else {
            out.push(' ');
        }
        out.push_str(&game.format_move(&state, mv));
        if let Some(note) = notes.get(i) {
            out.push_str(&note.text());
        }
        game.apply(&mut state, mv);
        if numbers.get(i + 1) != Some(&numbers[i]) {
            out.push('\n');
        }
    }
    out
}

/// The default numbering of [`Game::move_numbers`]: the moves count from 1, and each chance
/// outcome takes the number of the move that follows it.
pub fn numbered_move_numbers<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> Vec<u32> {
    let mut state = start.clone();
    let mut number = 1;
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        out.push(number);
        if matches!(game.status(&state), Status::ToMove(_)) {
            number += 1;
        }
        game.apply(&mut state, mv);
    }
    out
}

/// Splits a movetext into its tokens, leaving out comments in braces and the marks `!` and `?`
/// written after a move (or alone); an unclosed brace is an error at the move it follows.
fn movetext_tokens(text: &str) -> Result<Vec<&str>, usize> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(tokens);
        }
        if let Some(inner) = rest.strip_prefix('{') {
            let close = inner.find('}').ok_or(tokens.len())?;
            rest = &inner[close + 1..];
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let token = rest[..end].trim_end_matches(['!', '?']);
        if !token.is_empty() {
            tokens.push(token);
        }
        rest = &rest[end..];
    }
}

/// Reads the default movetext: whitespace-separated moves and chance outcomes, with optional
/// move numbers (`12.`), which must count up from 1 when present. Comments in braces and the
/// marks `!` and `?` after a move ([`MoveNote`]) are skipped.
pub fn parse_numbered_movetext<G: Game>(
    game: &G,
    start: &G::State,
    text: &str,
) -> Result<Vec<G::Move>, ReplayError> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut number = 1;
    let tokens = movetext_tokens(text).map_err(|_| {
        ReplayError::record(reason!(
            "record-comment-open",
            "a comment `{` has no closing `}`"
        ))
    })?;
    for token in tokens {
        if let Some(digits) = token.strip_suffix('.') {
            match digits.parse::<usize>() {
                Ok(n) if n == number => continue,
                Ok(n) => {
                    return Err(ReplayError::at(
                        number,
                        reason!(
                            "record-move-number",
                            "found move number {n} where {number} was expected",
                            n,
                            number
                        ),
                    ))
                }
                Err(_) => {}
            }
        }
        let mv = game
            .parse_legal_move(&state, token)
            .map_err(|e| ReplayError::at(number, describe_move_error(token, &e)))?;
        if matches!(game.status(&state), Status::ToMove(_)) {
            number += 1;
        }
        game.apply(&mut state, mv);
        moves.push(mv);
    }
    Ok(moves)
}

/// The result of `state` in words: `*` while the game goes on, otherwise who won (or
/// "draw"), the score if the game keeps one, and the reason, e.g.
/// `first player wins (the path ran into the boundary)` or `draw 30 : 30 (no seed left)`.
pub fn describe_status<G: Game>(game: &G, state: &G::State) -> String {
    let outcome = match game.status(state) {
        Status::Over(outcome) => outcome,
        _ => return "*".to_string(),
    };
    let mut text = if outcome.is_draw() {
        "draw".to_string()
    } else {
        let names: Vec<&str> = outcome
            .winners
            .iter()
            .map(|p| game.player_name(p))
            .collect();
        let verb = if names.len() == 1 { "wins" } else { "win" };
        format!("{} {verb}", names.join(" and "))
    };
    if let Some(scores) = outcome.scores {
        let shown: Vec<String> = (0..game.num_players())
            .map(|p| scores.0[p].to_string())
            .collect();
        text.push(' ');
        text.push_str(&shown.join(" : "));
    }
    format!("{text} ({})", outcome.reason)
}

/// The record of a game as a [`Record`] value (the JSON shape).
pub fn to_record<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> Record {
    to_ended_record(game, start, moves, None)
}

/// The record of a game that may have ended otherwise than by its rules (`ending`, whose
/// result and termination the record then carries).
pub fn to_ended_record<G: Game>(
    game: &G,
    start: &G::State,
    moves: &[G::Move],
    ending: Option<&Ending>,
) -> Record {
    let mut state = start.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for &mv in moves {
        texts.push(game.format_move(&state, mv));
        game.apply(&mut state, mv);
    }
    Record {
        game: G::INFO.name.to_string(),
        settings: game
            .settings()
            .to_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        start: (*start != game.start()).then(|| game.format_position(start)),
        moves: texts,
        result: Some(match ending {
            Some(ending) => ending.result.clone(),
            None => describe_status(game, &state),
        }),
        termination: ending.map(|e| e.termination),
    }
}

/// The record as JSON.
pub fn to_json<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> String {
    to_ended_json(game, start, moves, None)
}

/// The record as JSON, of a game that may have ended otherwise than by its rules.
pub fn to_ended_json<G: Game>(
    game: &G,
    start: &G::State,
    moves: &[G::Move],
    ending: Option<&Ending>,
) -> String {
    serde_json::to_string_pretty(&to_ended_record(game, start, moves, ending))
        .expect("a record always serialises")
}

/// The record as text: tags, a blank line, then the movetext.
pub fn to_text<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> String {
    to_ended_text(game, start, moves, None)
}

/// The record as text, of a game that may have ended otherwise than by its rules (then with
/// a `Termination` tag after the `Result`).
pub fn to_ended_text<G: Game>(
    game: &G,
    start: &G::State,
    moves: &[G::Move],
    ending: Option<&Ending>,
) -> String {
    to_annotated_text(game, start, moves, ending, &[], &[])
}

/// The record as text with notes on its moves ([`Game::write_annotated_movetext`]) and
/// `extra` tags after the standard ones (double quotes in their values become single ones),
/// of a game that may have ended otherwise than by its rules (`ending`, as in
/// [`to_ended_text`]). It replays like the plain record.
pub fn to_annotated_text<G: Game>(
    game: &G,
    start: &G::State,
    moves: &[G::Move],
    ending: Option<&Ending>,
    notes: &[MoveNote],
    extra: &[(String, String)],
) -> String {
    let record = to_ended_record(game, start, moves, ending);
    let settings = crate::settings::pairs_to_string(&game.settings().to_pairs());
    let mut out = format!("[Game \"{}\"]\n[Settings \"{settings}\"]\n", record.game);
    if let Some(code) = &record.start {
        out.push_str(&format!("[Start \"{code}\"]\n"));
    }
    out.push_str(&format!(
        "[Result \"{}\"]\n",
        record.result.unwrap_or_default()
    ));
    if let Some(termination) = record.termination {
        out.push_str(&format!("[Termination \"{termination}\"]\n"));
    }
    for (name, value) in extra {
        let name: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        let value = value.replace('"', "'").replace(['\n', '\r'], " ");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    out.push_str(&game.write_annotated_movetext(start, moves, notes));
    out
}
