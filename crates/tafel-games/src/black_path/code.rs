//! Position codes: the board's rows from the top, separated by `/`, one character per square:
//! `.` for an empty square, `1`, `2` or `3` for its tile. The board size and the start edge
//! come from the settings; the path's end follows from the tiles, so a code whose tiles are
//! not all on the path from the start edge is refused.

use tafel_core::{reason, Game, ParseError};

use super::{BlackPath, PathEnd, State, WORDS};

/// Reads a position code under `game`'s settings.
pub(super) fn parse(game: &BlackPath, code: &str) -> Result<State, ParseError> {
    let size = game.size();
    let rows: Vec<&str> = code.split('/').collect();
    if rows.len() != size.rows {
        return Err(ParseError::new(
            "position code",
            code,
            reason!(
                "black-path-rows",
                "{rows} rows, but the board has {n} (set size= to match)",
                rows = rows.len(),
                n = size.rows
            ),
        ));
    }
    let mut state = State {
        tiles: [0; WORDS],
        end: PathEnd::Boundary,
        placed: 0,
        hash: 0,
    };
    let mut offset = 0;
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != size.cols {
            return Err(ParseError::at(
                "position code",
                code,
                offset,
                reason!(
                    "black-path-row-length",
                    "row {row} has {count} squares, but the board has {cols} columns",
                    row = r + 1,
                    count = row.chars().count(),
                    cols = size.cols
                ),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => {}
                '1'..='3' => {
                    state.set_tile(size.index(r, c), ch as u8 - b'0');
                    state.placed += 1;
                }
                _ => {
                    return Err(ParseError::at(
                        "position code",
                        code,
                        offset + c,
                        reason!(
                            "black-path-square",
                            "`{ch}` is not `.`, `1`, `2` or `3`",
                            ch
                        ),
                    ))
                }
            }
        }
        offset += row.len() + 1;
    }
    let path = game.trace(&state);
    let on_path = |cell: usize| path.iter().any(|&(c, _)| c == cell);
    if let Some(cell) = (0..size.cells()).find(|&c| state.tile(c) != 0 && !on_path(c)) {
        let (r, c) = size.coords(cell);
        return Err(ParseError::new(
            "position code",
            code,
            reason!(
                "black-path-off-path",
                "the tile on row {row}, column {col} is not on the path from the start edge",
                row = r + 1,
                col = c + 1
            ),
        ));
    }
    let &(last, entry) = path.last().expect("the path has its start square");
    state.end = if state.tile(last) == 0 {
        PathEnd::Open {
            cell: last as u16,
            entry,
        }
    } else {
        PathEnd::Boundary
    };
    state.hash = game.hash_from_scratch(&state);
    Ok(state)
}

/// Writes `state`'s position code.
pub(super) fn format(game: &BlackPath, state: &State) -> String {
    let size = game.size();
    let rows: Vec<String> = (0..size.rows)
        .map(|r| {
            (0..size.cols)
                .map(|c| match state.tile(size.index(r, c)) {
                    0 => '.',
                    t => (b'0' + t) as char,
                })
                .collect()
        })
        .collect();
    rows.join("/")
}
