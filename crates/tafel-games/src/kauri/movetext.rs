//! Mancala World records: `1. f D; 2. e F; 3. b (+1) D; ... 9. d F (+5) - Gering won by 31 : 8
//! points`.
//!
//! A move number `N.` is followed by the first player's ply (lower case), then the second
//! player's (upper case); `;` separates moves. Either ply may be missing. `d-a-f` is a chain of
//! plies by one player while the other must pass; every pass the rules force is implied, and
//! `pass` may be written to show one (our writer does so only for a pass that ends a record).
//! After a ply, `(+n)` gives the seeds the mover captured directly and `(-n)` the seeds he lost
//! by indirect capture; compound forms such as `(+1;-1)` or `(-1+3)` add up their `+` terms and
//! their `-` terms separately. `!`, `?`, note markers such as `(A)` and `{...}` are comments
//! (a result line is looked for outside braces only); the writer puts a move's [`MoveNote`]
//! around its capture annotation: `b D! (+25) {comment}`.
//!
//! Replaying checks every annotation against the simulation, both ways: an annotation that
//! disagrees is an error, and so is a capturing ply without one (that is how Mancala World
//! records are written; see the rules document). The optional result line after ` - `,
//! `NAME won by W : L points` (winner's score first) or `Draw by N : N points`, is checked
//! against the stores; `first player` and `second player` name seats, other names (players'
//! surnames) cannot be tied to a seat, so then only the scores are checked.

use tafel_core::game::GameExt;
use tafel_core::record::{MoveNote, ReplayError};
use tafel_core::{reason, Game, Player, Reason, Status};

use super::board::{hole_of, letter, owner};
use super::{Kauri, Move, State};

/// Moves per line in written records.
const MOVES_PER_LINE: usize = 8;

/// Writes `moves` from `start` in Mancala World notation, with capture annotations, the notes
/// (`notes[i]` after ply `i`; an implied pass's note is left out with the pass) and, when the
/// game is over, the result line.
pub(super) fn write(game: &Kauri, start: &State, moves: &[Move], notes: &[MoveNote]) -> String {
    let numbers = move_numbers(game, start, moves);
    // One entry per move number: its plies with their annotations, a chain of one player's
    // plies joined by `-`; forced passes are implied, except a pass that ends the record.
    let mut numbered: Vec<String> = Vec::new();
    let mut previous: Option<Player> = None;
    let mut state = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let player = state.side();
        let text = game.format_move(&state, mv);
        let (direct, indirect) = game.apply_counting(&mut state, mv);
        if !is_written(mv, i, moves.len()) {
            continue;
        }
        let note = notes.get(i).cloned().unwrap_or_default();
        let text = text + &note.mark_text() + &annotation(direct, indirect) + &note.comment_text();
        if numbered.len() < numbers[i] as usize {
            numbered.push(format!("{}. {text}", numbers[i]));
        } else {
            let last = numbered.last_mut().expect("numbers count up from 1");
            last.push(if previous == Some(player) { '-' } else { ' ' });
            last.push_str(&text);
        }
        previous = Some(player);
    }
    let mut out = String::new();
    for (i, mv) in numbered.iter().enumerate() {
        if i > 0 {
            out.push_str(if i % MOVES_PER_LINE == 0 { ";\n" } else { "; " });
        }
        out.push_str(mv);
    }
    if let Status::Over(outcome) = game.status(&state) {
        let result = match outcome.winners.iter().next() {
            Some(winner) => format!(
                "{} won by {} : {} points",
                game.player_name(winner),
                state.store(winner),
                state.store(Player(1 - winner.0))
            ),
            None => format!(
                "Draw by {} : {} points",
                state.store(Player(0)),
                state.store(Player(1))
            ),
        };
        out.push_str(" - ");
        out.push_str(&result);
    }
    out.push('\n');
    out
}

/// Whether the record writes the `index`th of `count` plies: every ply but a forced pass,
/// which is implied unless it ends the record.
fn is_written(mv: Move, index: usize, count: usize) -> bool {
    mv != Move::Pass || index + 1 == count
}

/// The move number of each ply as [`write`] numbers them: a new number starts with each
/// first-player ply that does not continue a chain of his (and with the record's first ply);
/// the second player's reply and a chain share it, and an implied pass takes the number of
/// the move it falls in.
pub(super) fn move_numbers(game: &Kauri, start: &State, moves: &[Move]) -> Vec<u32> {
    let mut state = start.clone();
    let mut number = 0;
    let mut previous: Option<Player> = None;
    let mut out = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let player = state.side();
        game.apply(&mut state, mv);
        if is_written(mv, i, moves.len()) {
            if number == 0 || (player == Player(0) && previous != Some(player)) {
                number += 1;
            }
            previous = Some(player);
        }
        out.push(number.max(1));
    }
    out
}

/// The annotation for a ply that captured `direct` seeds and lost `indirect` ones.
fn annotation(direct: u8, indirect: u8) -> String {
    match (direct, indirect) {
        (0, 0) => String::new(),
        (d, 0) => format!(" (+{d})"),
        (0, i) => format!(" (-{i})"),
        (d, i) => format!(" (+{d}-{i})"),
    }
}

/// Reads a Mancala World record from `start`, replaying it and checking every annotation and
/// the result line.
pub(super) fn parse(game: &Kauri, start: &State, text: &str) -> Result<Vec<Move>, ReplayError> {
    let (moves_text, result) = split_result(text);
    let mut replay = Replayer::new(game, start);
    replay.run(moves_text)?;
    replay.finish_ply()?;
    if let Some(result) = result {
        let claim = parse_result(result)?;
        check_result(game, &replay.state, &claim)?;
    }
    Ok(replay.moves)
}

/// A ply already played whose annotation may still follow.
struct PendingPly {
    number: usize,
    text: char,
    direct: u8,
    indirect: u8,
    annotated: bool,
}

/// The replay of a record, token by token.
struct Replayer<'a> {
    game: &'a Kauri,
    state: State,
    moves: Vec<Move>,
    /// The current move number (0 before the first).
    number: usize,
    /// The player of the last ply in the current move, and whether a chain `-` follows it.
    last_side: Option<Player>,
    chained: bool,
    pending: Option<PendingPly>,
}

impl<'a> Replayer<'a> {
    fn new(game: &'a Kauri, start: &State) -> Self {
        Replayer {
            game,
            state: start.clone(),
            moves: Vec::new(),
            number: 0,
            last_side: None,
            chained: false,
            pending: None,
        }
    }

    fn error(&self, reason: Reason) -> ReplayError {
        ReplayError::at(self.number.max(1), reason)
    }

    fn run(&mut self, text: &str) -> Result<(), ReplayError> {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            match c {
                _ if c.is_whitespace() => i += 1,
                ';' | '!' | '?' => i += 1,
                '0'..='9' => {
                    let end = scan(&chars, i, |c| c.is_ascii_digit());
                    if chars.get(end) != Some(&'.') {
                        return Err(self.error(reason!(
                            "kauri-record-number",
                            "a number must be a move number such as `{n}.`",
                            n = collect(&chars, i, end)
                        )));
                    }
                    let n: usize = collect(&chars, i, end).parse().map_err(|_| {
                        self.error(reason!(
                            "kauri-record-number-large",
                            "move number too large"
                        ))
                    })?;
                    self.move_number(n)?;
                    i = end + 1;
                }
                '(' | '{' => {
                    let close = if c == '(' { ')' } else { '}' };
                    let end = (i + 1..chars.len())
                        .find(|&j| chars[j] == close)
                        .ok_or_else(|| {
                            self.error(reason!(
                                "kauri-record-unclosed",
                                "`{c}` without a closing `{close}`",
                                c,
                                close
                            ))
                        })?;
                    let inner = collect(&chars, i + 1, end);
                    if c == '(' && inner.trim_start().starts_with(['+', '-']) {
                        self.annotate(&inner)?;
                    }
                    i = end + 1;
                }
                '-' => {
                    if self.pending.is_none() || self.chained {
                        return Err(self.error(reason!(
                            "kauri-record-dash",
                            "`-` must join two plies, as in `d-a-f`"
                        )));
                    }
                    self.chained = true;
                    i += 1;
                }
                _ if c.is_alphabetic() => {
                    let end = scan(&chars, i, |c| c.is_alphanumeric());
                    let word = collect(&chars, i, end);
                    match (word.as_str(), word.chars().next().and_then(hole_of)) {
                        ("pass", _) => self.ply(None, 'p')?,
                        (_, Some(hole)) if word.len() == 1 => self.ply(Some(hole), c)?,
                        _ => {
                            return Err(self.error(reason!(
                                "kauri-record-word",
                                "`{word}` is not a ply (a..f, A..F or pass)",
                                word
                            )))
                        }
                    }
                    i = end;
                }
                _ => {
                    return Err(self.error(reason!(
                        "kauri-record-unexpected",
                        "unexpected `{c}`",
                        c
                    )))
                }
            }
        }
        if self.chained {
            return Err(self.error(reason!(
                "kauri-record-ends-dash",
                "the record ends with `-`"
            )));
        }
        Ok(())
    }

    fn move_number(&mut self, n: usize) -> Result<(), ReplayError> {
        if self.chained {
            return Err(self.error(reason!(
                "kauri-record-dash-ply",
                "`-` must be followed by a ply"
            )));
        }
        if n != self.number + 1 {
            return Err(ReplayError::at(
                self.number + 1,
                reason!(
                    "record-move-number",
                    "found move number {n} where {number} was expected",
                    n,
                    number = self.number + 1
                ),
            ));
        }
        self.finish_ply()?;
        self.number = n;
        self.last_side = None;
        Ok(())
    }

    /// Plays one ply: the hole `hole`, or a written pass (`None`). Passes the rules force on
    /// the other player before it are played first.
    fn ply(&mut self, hole: Option<usize>, text: char) -> Result<(), ReplayError> {
        if self.number == 0 {
            return Err(self.error(reason!(
                "kauri-record-start",
                "a record starts with the move number `1.`"
            )));
        }
        self.finish_ply()?;
        let game = self.game;
        let player = match hole {
            Some(h) => owner(h),
            None => self.state.side(),
        };
        if let Some(last) = self.last_side {
            if last == player && !self.chained {
                return Err(self.error(
                    reason!(
                        "kauri-record-chain",
                        "two plies by the {side} in one move must be chained with `-`"
                    )
                    .with_side("side", game.player_name(player)),
                ));
            }
            if last == Player(1) && player == Player(0) {
                return Err(self.error(reason!(
                    "kauri-record-order",
                    "the first player's ply comes before the second player's in a move"
                )));
            }
        }
        if self.chained && self.last_side != Some(player) {
            return Err(self.error(reason!(
                "kauri-record-chain-one",
                "a chain `-` joins plies of one player"
            )));
        }
        while self.state.side() != player {
            let mut legal = Vec::new();
            game.legal_moves(&self.state, &mut legal);
            if legal != [Move::Pass] {
                return Err(self.error(
                    reason!(
                        "kauri-record-no-pass",
                        "`{text}` is a ply of the {side}, but the {other} is to move and need not pass",
                        text
                    )
                    .with_side("side", game.player_name(player))
                    .with_side("other", game.player_name(self.state.side())),
                ));
            }
            self.play(Move::Pass);
        }
        let written = match hole {
            Some(h) => letter(h).to_string(),
            None => "pass".to_string(),
        };
        let mv = game
            .parse_legal_move(&self.state, &written)
            .map_err(|e| self.error(e.reason()))?;
        let (direct, indirect) = self.play(mv);
        self.pending = Some(PendingPly {
            number: self.number,
            text,
            direct,
            indirect,
            annotated: false,
        });
        self.last_side = Some(player);
        self.chained = false;
        Ok(())
    }

    fn play(&mut self, mv: Move) -> (u8, u8) {
        self.moves.push(mv);
        self.game.apply_counting(&mut self.state, mv)
    }

    /// Checks a capture annotation (the text inside the parentheses) against the last ply.
    fn annotate(&mut self, inner: &str) -> Result<(), ReplayError> {
        let (plus, minus) = parse_annotation(inner).ok_or_else(|| {
            self.error(reason!(
                "kauri-record-annotation",
                "`({inner})` is not a capture annotation such as (+2), (-1) or (+1;-1)",
                inner
            ))
        })?;
        let Some(ply) = self.pending.as_mut().filter(|p| !p.annotated) else {
            return Err(self.error(reason!(
                "kauri-record-annotation-alone",
                "`({inner})` does not follow a ply",
                inner
            )));
        };
        ply.annotated = true;
        if (plus, minus) != (ply.direct as u32, ply.indirect as u32) {
            return Err(ReplayError::at(
                ply.number,
                reason!(
                    "kauri-record-annotation-wrong",
                    "`{ply}` {captures}, but the record says ({inner})",
                    ply = ply.text,
                    inner
                )
                .with_reason("captures", describe_captures(ply.direct, ply.indirect)),
            ));
        }
        Ok(())
    }

    /// Closes the last ply: a capture must have been annotated.
    fn finish_ply(&mut self) -> Result<(), ReplayError> {
        match self.pending.take() {
            Some(ply) if !ply.annotated && ply.direct + ply.indirect > 0 => Err(ReplayError::at(
                ply.number,
                reason!(
                    "kauri-record-annotation-missing",
                    "`{ply}` {captures}, but the record gives no annotation",
                    ply = ply.text
                )
                .with_reason("captures", describe_captures(ply.direct, ply.indirect)),
            )),
            _ => Ok(()),
        }
    }
}

fn scan(chars: &[char], from: usize, keep: impl Fn(char) -> bool) -> usize {
    (from..chars.len())
        .find(|&j| !keep(chars[j]))
        .unwrap_or(chars.len())
}

fn collect(chars: &[char], from: usize, to: usize) -> String {
    chars[from..to].iter().collect()
}

fn describe_captures(direct: u8, indirect: u8) -> Reason {
    match (direct, indirect) {
        (0, 0) => reason!("kauri-captures-nothing", "captures nothing"),
        (d, 0) => reason!("kauri-captures", "captures {d}", d),
        (0, i) => reason!("kauri-loses", "loses {i}", i),
        (d, i) => reason!("kauri-captures-loses", "captures {d} and loses {i}", d, i),
    }
}

/// The `+` total and the `-` total of an annotation such as `+1;-1` or `-1+3`.
fn parse_annotation(inner: &str) -> Option<(u32, u32)> {
    let compact: String = inner
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ';' && *c != ',')
        .collect();
    let (mut plus, mut minus) = (0u32, 0u32);
    let mut rest = compact.as_str();
    while !rest.is_empty() {
        let sign = rest.chars().next()?;
        if sign != '+' && sign != '-' {
            return None;
        }
        let digits_end = rest[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |j| j + 1);
        let value: u32 = rest[1..digits_end].parse().ok()?;
        match sign {
            '+' => plus += value,
            '-' => minus += value,
            _ => return None,
        }
        rest = &rest[digits_end..];
    }
    Some((plus, minus))
}

/// What a result line claims.
#[derive(Debug, PartialEq)]
enum Claim {
    /// `NAME won by W : L points`: the seat when the name is `first player` or `second
    /// player`, the winner's and the loser's scores.
    Won(Option<Player>, u8, u8),
    /// `Draw by N : N points`.
    Draw(u8, u8),
}

/// Splits a record into its moves and its result line (after the last ` - ` or line break
/// before `won by` or `draw`), if it has one.
fn split_result(text: &str) -> (&str, Option<&str>) {
    // ASCII case folding keeps every byte where it is, so `at` indexes `text` too; so does
    // blanking out the comments in braces (whole runs of bytes, from `{` to `}`).
    let mut in_comment = false;
    let masked: Vec<u8> = text
        .bytes()
        .map(|b| {
            let blank = in_comment || b == b'{';
            if b == b'{' {
                in_comment = true;
            } else if b == b'}' {
                in_comment = false;
            }
            if blank {
                b' '
            } else {
                b.to_ascii_lowercase()
            }
        })
        .collect();
    let lower = String::from_utf8(masked).expect("whole comments were blanked out");
    let Some(at) = lower.find("won by").or_else(|| lower.find("draw")) else {
        return (text, None);
    };
    let dash = text[..at].rfind(" - ").map(|d| (d, d + 3));
    let line = text[..at].rfind('\n').map(|n| (n, n + 1));
    match dash.max(line) {
        Some((moves_end, result_start)) => (&text[..moves_end], Some(&text[result_start..])),
        None => ("", Some(text)),
    }
}

fn parse_result(text: &str) -> Result<Claim, ReplayError> {
    // A record with no move has the result line alone, after the `-` the writer puts before it.
    let line = text.trim().trim_start_matches('-').trim_start();
    let bad = || {
        ReplayError::record(reason!(
            "kauri-result-line",
            "result line `{line}` is not `NAME won by W : L points` or `Draw by N : N points`",
            line
        ))
    };
    let lower = line.to_lowercase();
    let body = lower.strip_suffix('.').unwrap_or(&lower);
    let body = body
        .strip_suffix(" points")
        .or_else(|| body.strip_suffix(" point"))
        .ok_or_else(bad)?;
    let (head, scores) = body.rsplit_once(" by ").ok_or_else(bad)?;
    let (a, b) = scores.split_once(':').ok_or_else(bad)?;
    let a: u8 = a.trim().parse().map_err(|_| bad())?;
    let b: u8 = b.trim().parse().map_err(|_| bad())?;
    if head == "draw" {
        return Ok(Claim::Draw(a, b));
    }
    let name = head.strip_suffix(" won").ok_or_else(bad)?.trim();
    let seat = match name {
        "first player" => Some(Player(0)),
        "second player" => Some(Player(1)),
        _ => None,
    };
    Ok(Claim::Won(seat, a, b))
}

/// Checks a result line against the final position: the scores must be the stores (winner's
/// first); a named seat must be the one with that score; a finished game must have that
/// outcome.
fn check_result(game: &Kauri, state: &State, claim: &Claim) -> Result<(), ReplayError> {
    let stores = [state.store(Player(0)), state.store(Player(1))];
    let outcome = match game.status(state) {
        Status::Over(outcome) => Some(outcome),
        _ => None,
    };
    let fail = |why: Reason| {
        ReplayError::record(
            reason!(
                "kauri-result-claim",
                "the result line claims {claim} but {why} (stores: first player {first}, second player {second})",
                first = stores[0],
                second = stores[1]
            )
            .with_reason("claim", describe_claim(claim))
            .with_reason("why", why),
        )
    };
    match *claim {
        Claim::Draw(a, b) => {
            if a != b || stores != [a, b] {
                return Err(fail(reason!("kauri-result-differ", "the scores differ")));
            }
            if outcome.is_some_and(|o| !o.is_draw()) {
                return Err(fail(reason!(
                    "kauri-result-not-drawn",
                    "the game is not drawn"
                )));
            }
        }
        Claim::Won(seat, winner_score, loser_score) => {
            if winner_score < loser_score {
                return Err(fail(reason!(
                    "kauri-result-order",
                    "the winner's score comes first"
                )));
            }
            let candidates: Vec<Player> = match (outcome, seat) {
                (Some(o), _) => o.winners.iter().collect(),
                (None, Some(s)) => vec![s],
                (None, None) => vec![Player(0), Player(1)],
            };
            let fits = |p: &Player| {
                seat.is_none_or(|s| s == *p)
                    && stores[p.index()] == winner_score
                    && stores[1 - p.index()] == loser_score
            };
            if !candidates.iter().any(fits) {
                return Err(fail(if outcome.is_some_and(|o| o.is_draw()) {
                    reason!("kauri-result-drawn", "the game is drawn")
                } else {
                    reason!("kauri-result-stores", "the stores say otherwise")
                }));
            }
        }
    }
    Ok(())
}

fn describe_claim(claim: &Claim) -> Reason {
    match claim {
        Claim::Draw(a, b) => reason!("kauri-claim-draw", "a draw by {a} : {b}", a, b),
        Claim::Won(Some(p), w, l) => reason!(
            "kauri-claim-player",
            "a win of player {p} by {w} : {l}",
            p = p.0 + 1,
            w,
            l
        ),
        Claim::Won(None, w, l) => reason!("kauri-claim-win", "a win by {w} : {l}", w, l),
    }
}
