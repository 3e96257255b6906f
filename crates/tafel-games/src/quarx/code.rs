//! Position codes: `w:` or `b:` (the side to move), then the 16 boards separated by `/`.
//!
//! Boards come in the order (a, b) = 11, 21, 31, 41, 12, ..., 44 (a fastest); each lists its
//! 8 playable cells by rows y = 1..4, x growing within a row: `o`/`O` White man/king,
//! `x`/`X` Black man/king, `.` empty, or a digit 1..8 for that many empty cells.
//!
//! The code holds the whole state, so that a game resumed from it plays on as the game it came
//! from: once a ply is played, a third field `:PLIES` counts the plies (for the ply limit), and
//! while the repetition ban remembers earlier positions (after a king's slide), a fourth field
//! lists their hashes, oldest first (16 hex digits each, separated by `,`). Both may be left
//! out when reading: ply 0, no earlier positions.

use tafel_core::{reason, ParseError, Reason};

use super::board::{bit, name, Cell};
use super::{Quarx, State};
use crate::history::{format_hashes, parse_earlier};

const BOARDS: usize = 16;
const CELLS_PER_BOARD: usize = 8;

/// Writes the code, runs of empty cells as digits.
pub fn format(state: &State) -> String {
    let mut code = String::from(if state.side == 0 { "w:" } else { "b:" });
    for board in 0..BOARDS {
        if board > 0 {
            code.push('/');
        }
        let mut empty = 0;
        for cell in (board * CELLS_PER_BOARD..(board + 1) * CELLS_PER_BOARD).map(|c| c as Cell) {
            let king = state.kings & bit(cell) != 0;
            let piece = match (state.white & bit(cell) != 0, state.black & bit(cell) != 0) {
                (true, _) => Some(if king { 'O' } else { 'o' }),
                (_, true) => Some(if king { 'X' } else { 'x' }),
                _ => None,
            };
            match piece {
                Some(ch) => {
                    if empty > 0 {
                        code.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    code.push(ch);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            code.push(char::from(b'0' + empty));
        }
    }
    let seen = state.history.hashes();
    if state.plies > 0 || !seen.is_empty() {
        code.push_str(&format!(":{}", state.plies));
    }
    if !seen.is_empty() {
        code.push(':');
        code.push_str(&format_hashes(seen));
    }
    code
}

/// Reads a code (digits or dots for empty cells).
pub fn parse(game: &Quarx, code: &str) -> Result<State, ParseError> {
    let err = |at: usize, reason: Reason| ParseError::at("position code", code, at, reason);
    let side = match code.get(..2) {
        Some("w:") => 0,
        Some("b:") => 1,
        _ => {
            return Err(ParseError::new(
                "position code",
                code,
                reason!(
                    "quarx-code-form",
                    "expected `w:` or `b:` (the side to move) and 16 boards separated by `/`"
                ),
            ))
        }
    };
    let mut fields = code[2..].split(':');
    let board_text = fields.next().unwrap_or_default();
    let (plies, seen) = (fields.next(), fields.next());
    if fields.next().is_some() {
        return Err(ParseError::new(
            "position code",
            code,
            reason!(
                "quarx-code-fields",
                "expected at most the boards, `:` and the plies, `:` and the earlier positions' hashes"
            ),
        ));
    }
    let boards: Vec<&str> = board_text.split('/').collect();
    if boards.len() != BOARDS {
        return Err(ParseError::new(
            "position code",
            code,
            reason!(
                "quarx-boards",
                "{n} boards, expected 16 separated by `/`",
                n = boards.len()
            ),
        ));
    }
    let (mut white, mut black, mut kings) = (0u128, 0u128, 0u128);
    let mut offset = 2;
    for (board, text) in boards.iter().enumerate() {
        let mut filled = 0;
        for (i, ch) in text.chars().enumerate() {
            let at = offset + i;
            let run = match ch {
                '.' => 1,
                '1'..='8' => ch as usize - '0' as usize,
                'o' | 'O' | 'x' | 'X' => 1,
                _ => {
                    return Err(err(
                        at,
                        reason!(
                            "quarx-code-char",
                            "`{ch}` is not o, O, x, X, `.` or 1..8",
                            ch
                        ),
                    ))
                }
            };
            if filled + run > CELLS_PER_BOARD {
                return Err(err(
                    at,
                    reason!(
                        "quarx-board-long",
                        "board {n} has more than 8 cells",
                        n = board + 1
                    ),
                ));
            }
            if matches!(ch, 'o' | 'O' | 'x' | 'X') {
                let cell = (board * CELLS_PER_BOARD + filled) as Cell;
                let (white_piece, king) = (ch.eq_ignore_ascii_case(&'o'), ch.is_uppercase());
                let promotion = game.tables.promotion[usize::from(!white_piece)];
                if !king && promotion & bit(cell) != 0 {
                    return Err(err(
                        at,
                        reason!(
                            "quarx-man-promotion",
                            "a man on {cell} stands on its promotion row",
                            cell = name(cell)
                        ),
                    ));
                }
                if white_piece {
                    white |= bit(cell);
                } else {
                    black |= bit(cell);
                }
                if king {
                    kings |= bit(cell);
                }
            }
            filled += run;
        }
        if filled != CELLS_PER_BOARD {
            return Err(err(
                offset,
                reason!(
                    "quarx-board-cells",
                    "board {n} has {filled} cells, expected 8",
                    n = board + 1,
                    filled
                ),
            ));
        }
        offset += text.chars().count() + 1;
    }
    let mut state = game.position(white, black, kings, side);
    if let Some(text) = plies {
        state.plies = text
            .parse()
            .ok()
            .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                err(
                    offset,
                    reason!("quarx-plies", "`{text}` is not a number of plies", text),
                )
            })?;
        offset += text.len() + 1;
    }
    if let Some(text) = seen {
        let hashes = parse_earlier(text, state.plies).map_err(|reason| err(offset, reason))?;
        for hash in hashes {
            state.history.push(hash);
        }
    }
    Ok(state)
}
