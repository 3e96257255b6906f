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
//! `*` for an unfinished game. By default the moves are one numbered line per ply, the chance
//! outcomes before the move; games with a traditional notation replace that part
//! ([`Game::write_movetext`]). The JSON form has the same fields, with the moves as a flat list
//! in the order they were played, chance outcomes included.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{Game, GameExt, MoveError};
use crate::notation::ParseError;
use crate::outcome::Status;
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
    /// The result as [`describe_status`] writes it, `*` while unfinished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
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
    pub reason: String,
}

impl ReplayError {
    /// An error about the record as a whole.
    pub fn record(reason: impl Into<String>) -> Self {
        ReplayError {
            move_number: None,
            reason: reason.into(),
        }
    }

    /// An error at move `number`.
    pub fn at(number: usize, reason: impl Into<String>) -> Self {
        ReplayError {
            move_number: Some(number),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.move_number {
            Some(n) => write!(f, "move {n}: {}", self.reason),
            None => write!(f, "{}", self.reason),
        }
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
        let record: Record = serde_json::from_str(trimmed)
            .map_err(|e| ParseError::new("record", "JSON", e.to_string()))?;
        return Ok(RawRecord {
            game: Some(record.game),
            settings: record.settings.into_iter().collect(),
            start: record.start,
            result: record.result,
            moves: RawMoves::List(record.moves),
        });
    }
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(line).map_err(|reason| {
                ParseError::new("record", line, format!("line {}: {reason}", number + 1))
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
                    .map_err(|e| ParseError::new("record", &s, e.to_string()))
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    Ok(RawRecord {
        game,
        settings,
        start: tag("Start"),
        result: tag("Result"),
        moves: RawMoves::Movetext(movetext),
    })
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("a tag line must look like [Name \"value\"]")?;
    let (name, value) = inner
        .split_once(' ')
        .ok_or("a tag needs a name and a quoted value")?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or("the tag's value must be in double quotes")?;
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
}

/// Replays `raw` under `game` (built from the record's settings), checking the start code,
/// every move and the claimed result.
pub fn replay<G: Game>(game: &G, raw: &RawRecord) -> Result<Replay<G>, ReplayError> {
    if let Some(name) = raw.game.as_deref().filter(|&name| name != G::INFO.name) {
        return Err(ReplayError::record(format!(
            "the record is for `{name}`, not `{}`",
            G::INFO.name
        )));
    }
    let start = match &raw.start {
        Some(code) => game
            .parse_position(code)
            .map_err(|e| ReplayError::record(e.to_string()))?,
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
    if let Some(claimed) = &raw.result {
        let actual = describe_status(game, &end);
        if claimed.trim() != actual {
            return Err(ReplayError::record(format!(
                "the record's result is `{claimed}` but the moves give `{actual}`"
            )));
        }
    }
    Ok(Replay { start, moves, end })
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

fn describe_move_error(text: &str, error: &MoveError) -> String {
    match error {
        MoveError::GameOver => format!("`{text}` comes after the end of the game"),
        other => other.to_string(),
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
    let tokens = movetext_tokens(text)
        .map_err(|_| ReplayError::record("a comment `{` has no closing `}`"))?;
    for token in tokens {
        if let Some(digits) = token.strip_suffix('.') {
            match digits.parse::<usize>() {
                Ok(n) if n == number => continue,
                Ok(n) => {
                    return Err(ReplayError::at(
                        number,
                        format!("found move number {n} where {number} was expected"),
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
        result: Some(describe_status(game, &state)),
    }
}

/// The record as JSON.
pub fn to_json<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> String {
    serde_json::to_string_pretty(&to_record(game, start, moves))
        .expect("a record always serialises")
}

/// The record as text: tags, a blank line, then the movetext.
pub fn to_text<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> String {
    to_annotated_text(game, start, moves, &[], &[])
}

/// The record as text with notes on its moves ([`Game::write_annotated_movetext`]) and
/// `extra` tags after the standard ones (double quotes in their values become single ones).
/// It replays like the plain record.
pub fn to_annotated_text<G: Game>(
    game: &G,
    start: &G::State,
    moves: &[G::Move],
    notes: &[MoveNote],
    extra: &[(String, String)],
) -> String {
    let record = to_record(game, start, moves);
    let settings = crate::settings::pairs_to_string(&game.settings().to_pairs());
    let mut out = format!("[Game \"{}\"]\n[Settings \"{settings}\"]\n", record.game);
    if let Some(code) = &record.start {
        out.push_str(&format!("[Start \"{code}\"]\n"));
    }
    out.push_str(&format!(
        "[Result \"{}\"]\n",
        record.result.unwrap_or_default()
    ));
    for (name, value) in extra {
        let name: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        let value = value.replace('"', "'").replace(['\n', '\r'], " ");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    out.push_str(&game.write_annotated_movetext(start, moves, notes));
    out
}
