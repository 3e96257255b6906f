//! Position codes: `SIDE:ROWS`, the side to move (`r` or `b`) and the board's rows from the
//! top, separated by `/`, with `R` and `B` for the players' tiles, `G` for a green tile and `.`
//! for the bubble. The default 6 x 6 start is
//! `r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG`.
//!
//! Under `rule=free` the code holds the whole state, so that a game resumed from it plays on
//! as the game it came from: with a ply limit a third field counts the plies already played
//! (`b:...:17`), and once the game has left its first position a fourth field lists the
//! hashes of every earlier position, which the variant forbids recreating, oldest first (16
//! hex digits each, separated by `,`; the plies are then written without a limit too). Both
//! may be left out when reading: ply 0, no earlier positions.

use tafel_core::{reason, Game, ParseError};

use super::board::CellSet;
use super::{Carreaux, MoveRule, State, BLUE, RED};
use crate::history::{format_hashes, parse_earlier};

const WHAT: &str = "position code";

/// Whether the rules remember earlier positions (`rule=free`).
fn remembers(game: &Carreaux) -> bool {
    game.settings().rule == MoveRule::Free
}

/// Whether codes carry the ply count under these rules.
fn counts_plies(game: &Carreaux) -> bool {
    remembers(game) && game.settings().ply_limit > 0
}

/// Writes the code of `state`.
pub fn format(game: &Carreaux, state: &State) -> String {
    let board = game.board();
    let side = if state.to_move() == RED { 'r' } else { 'b' };
    let rows: Vec<String> = (0..board.side())
        .map(|row| {
            (0..board.side())
                .map(|col| state.symbol(board.grid().index(row, col)))
                .collect()
        })
        .collect();
    let mut code = format!("{side}:{}", rows.join("/"));
    let seen = state.earlier();
    if counts_plies(game) || !seen.is_empty() {
        code.push_str(&format!(":{}", state.plies()));
    }
    if !seen.is_empty() {
        code.push(':');
        code.push_str(&format_hashes(seen));
    }
    code
}

/// Reads a code, checking that it describes a position of these settings.
pub fn parse(game: &Carreaux, code: &str) -> Result<State, ParseError> {
    let fields: Vec<&str> = code.split(':').collect();
    let form = if remembers(game) {
        reason!(
            "carreaux-code-form-history",
            "expected the side to move, `:` and the rows and optionally the plies played and the earlier positions' hashes, such as r:.BGB/RGBG/..."
        )
    } else {
        reason!(
            "carreaux-code-form",
            "expected the side to move, `:` and the rows, such as r:.BGB/RGBG/..."
        )
    };
    let (side, rows, plies, seen) = match fields.as_slice() {
        [side, rows] => (*side, *rows, None, None),
        [side, rows, plies] if remembers(game) => (*side, *rows, Some(*plies), None),
        [side, rows, plies, seen] if remembers(game) => (*side, *rows, Some(*plies), Some(*seen)),
        _ => return Err(ParseError::new(WHAT, code, form)),
    };
    let to_move = match side {
        "r" => RED,
        "b" => BLUE,
        _ => {
            return Err(ParseError::at(
                WHAT,
                code,
                0,
                reason!("carreaux-side", "the side to move must be `r` or `b`"),
            ))
        }
    };
    let rows_at = side.len() + 1;
    let (red, blue, bubble) = parse_rows(game, code, rows, rows_at)?;
    let plies_at = rows_at + rows.len() + 1;
    let plies = match plies {
        None => 0,
        Some(text) => parse_plies(game, code, text, plies_at)?,
    };
    let earlier = match seen {
        None => Vec::new(),
        Some(text) => {
            let at = plies_at + fields[2].len() + 1;
            parse_earlier(text, plies).map_err(|reason| ParseError::at(WHAT, code, at, reason))?
        }
    };
    game.position(red, blue, bubble, to_move, plies, &earlier)
        .map_err(|reason| ParseError::new(WHAT, code, reason))
}

/// Reads the rows, which start at character `at` of `code`.
fn parse_rows(
    game: &Carreaux,
    code: &str,
    rows: &str,
    mut at: usize,
) -> Result<(CellSet, CellSet, usize), ParseError> {
    let board = game.board();
    let n = board.side();
    let lines: Vec<&str> = rows.split('/').collect();
    if lines.len() != n {
        return Err(ParseError::at(
            WHAT,
            code,
            at,
            reason!(
                "carreaux-rows",
                "{rows} rows, but the board has {n} (set size= to match)",
                rows = lines.len(),
                n
            ),
        ));
    }
    let (mut red, mut blue, mut bubble) = (CellSet::default(), CellSet::default(), None);
    for (row, line) in lines.iter().enumerate() {
        let rank = n - row;
        if line.chars().count() != n {
            return Err(ParseError::at(
                WHAT,
                code,
                at,
                reason!(
                    "carreaux-rank-length",
                    "rank {rank} has {count} cells, but the board has {n} files",
                    rank,
                    count = line.chars().count(),
                    n
                ),
            ));
        }
        for (col, ch) in line.chars().enumerate() {
            let cell = board.grid().index(row, col);
            match ch {
                'R' => red.insert(cell),
                'B' => blue.insert(cell),
                'G' => {}
                '.' if bubble.is_none() => bubble = Some(cell),
                '.' => {
                    return Err(ParseError::at(
                        WHAT,
                        code,
                        at + col,
                        reason!(
                            "carreaux-second-bubble",
                            "a second bubble: there is exactly one empty cell"
                        ),
                    ))
                }
                _ => {
                    return Err(ParseError::at(
                        WHAT,
                        code,
                        at + col,
                        reason!(
                            "carreaux-cell",
                            "`{ch}` is not R, B, G or . (the bubble)",
                            ch
                        ),
                    ))
                }
            }
        }
        at += line.len() + 1;
    }
    let bubble = bubble.ok_or_else(|| {
        ParseError::new(
            WHAT,
            code,
            reason!(
                "carreaux-no-bubble",
                "no bubble: exactly one cell must be empty (`.`)"
            ),
        )
    })?;
    if red.len() != blue.len() {
        return Err(ParseError::new(
            WHAT,
            code,
            reason!(
                "carreaux-unequal",
                "Red has {red} tiles and Blue {blue}: the numbers must be equal",
                red = red.len(),
                blue = blue.len()
            ),
        ));
    }
    if red.len() < 2 {
        return Err(ParseError::new(
            WHAT,
            code,
            reason!("carreaux-too-few", "each colour needs at least two tiles"),
        ));
    }
    Ok((red, blue, bubble))
}

/// Reads the ply count, which starts at character `at` of `code`.
fn parse_plies(game: &Carreaux, code: &str, text: &str, at: usize) -> Result<u32, ParseError> {
    let limit = game.settings().ply_limit;
    let most = if limit == 0 { u32::MAX } else { limit };
    text.parse::<u32>()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
        .filter(|&p| p <= most)
        .ok_or_else(|| {
            let reason = if limit == 0 {
                reason!(
                    "carreaux-plies",
                    "the plies played must be a whole number from 0"
                )
            } else {
                reason!(
                    "carreaux-plies-limit",
                    "the plies played must be a whole number from 0 to the ply limit {limit}",
                    limit
                )
            };
            ParseError::at(WHAT, code, at, reason)
        })
}
