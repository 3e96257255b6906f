//! Move notation: `2233-2323` for a step or slide, `3333x1111x3311` for a capture listing
//! every landing cell. Any jump order of a capture is read; the lexicographically smallest is
//! written.

use tafel_core::{reason, ParseError, Reason};

use super::board::{bit, cell_at, coords, name, name_value, parse_name, Cell};
use super::{Move, Quarx, State};

/// The cells strictly between two cells on one line along a direction, or `None` when they
/// are not on such a line.
fn between(from: Cell, to: Cell) -> Option<Vec<Cell>> {
    let (p, q) = (coords(from).map(|v| v as i8), coords(to).map(|v| v as i8));
    let delta: Vec<i8> = (0..4).map(|i| q[i] - p[i]).collect();
    let length = delta.iter().map(|d| d.abs()).max().unwrap_or(0);
    let moving = delta.iter().filter(|&&d| d != 0).count();
    if length == 0 || delta.iter().any(|d| d.abs() % length != 0) || !(moving == 2 || moving == 4) {
        return None;
    }
    let unit: Vec<i8> = delta.iter().map(|d| d / length).collect();
    Some(
        (1..length)
            .map(|k| {
                let at = [0, 1, 2, 3].map(|i| p[i] + k * unit[i]);
                cell_at(at).expect("cells on a diagonal line are playable")
            })
            .collect(),
    )
}

/// Reads a move. A capture's captured pieces are read off the position: each jump must pass
/// over exactly one piece, an opponent's, and land on an empty cell.
pub fn parse_move(state: &State, text: &str) -> Result<Move, ParseError> {
    let err = |at: usize, reason: Reason| ParseError::at("move", text, at, reason);
    let capture = text.contains(['x', 'X']);
    let parts: Vec<&str> = text.split(['x', 'X', '-']).collect();
    if parts.len() < 2 {
        return Err(ParseError::new(
            "move",
            text,
            reason!(
                "quarx-move",
                "expected FROM-TO (2233-2323) or a capture FROMxLANDINGx... (3333x1111x3311)"
            ),
        ));
    }
    if capture && text.contains('-') {
        return Err(ParseError::new(
            "move",
            text,
            reason!(
                "quarx-move-mixed",
                "a move is either FROM-TO or a capture with `x` between cells, not both"
            ),
        ));
    }
    if !capture && parts.len() != 2 {
        return Err(ParseError::new(
            "move",
            text,
            reason!("quarx-move-two", "a step or slide names two cells, FROM-TO"),
        ));
    }
    let mut path = Vec::with_capacity(parts.len());
    let mut offset = 0;
    for part in &parts {
        path.push((parse_name(part).map_err(|e| err(offset, e.reason))?, offset));
        offset += part.chars().count() + 1;
    }
    let from = path[0].0;
    let (own, enemy) = state.sides();
    if own & bit(from) == 0 {
        return Err(err(
            0,
            reason!(
                "quarx-no-piece",
                "no {side} piece on {cell}",
                cell = name(from)
            )
            .with_side("side", ["White", "Black"][state.side as usize]),
        ));
    }
    if !capture {
        return Ok(Move {
            from,
            to: path[1].0,
            captured: 0,
        });
    }
    let occupied = (own | enemy) & !bit(from);
    let mut captured = 0u128;
    for pair in path.windows(2) {
        let ((at, _), (land, offset)) = (pair[0], pair[1]);
        let line = between(at, land).ok_or_else(|| {
            err(
                offset,
                reason!(
                    "quarx-not-on-line",
                    "{cell} is not on a line with {other}",
                    cell = name(land),
                    other = name(at)
                ),
            )
        })?;
        let mut pieces = line.iter().filter(|&&c| occupied & bit(c) != 0);
        let over = match (pieces.next(), pieces.next()) {
            (Some(&over), None) => over,
            (None, _) => {
                return Err(err(
                    offset,
                    reason!(
                        "quarx-nothing-between",
                        "no piece between {from} and {to}",
                        from = name(at),
                        to = name(land)
                    ),
                ))
            }
            _ => {
                return Err(err(
                    offset,
                    reason!(
                        "quarx-many-between",
                        "more than one piece between {from} and {to}",
                        from = name(at),
                        to = name(land)
                    ),
                ))
            }
        };
        if enemy & bit(over) == 0 {
            return Err(err(
                offset,
                reason!(
                    "quarx-not-opponent",
                    "{cell} is not an opponent's piece",
                    cell = name(over)
                ),
            ));
        }
        if captured & bit(over) != 0 {
            return Err(err(
                offset,
                reason!(
                    "quarx-jumped-twice",
                    "{cell} is jumped twice",
                    cell = name(over)
                ),
            ));
        }
        if occupied & bit(land) != 0 {
            return Err(err(
                offset,
                reason!("quarx-not-empty", "{cell} is not empty", cell = name(land)),
            ));
        }
        captured |= bit(over);
    }
    Ok(Move {
        from,
        to: path[path.len() - 1].0,
        captured,
    })
}

/// Writes a move; a capture gets its lexicographically smallest landing sequence.
pub fn format_move(game: &Quarx, state: &State, mv: Move) -> String {
    if mv.captured == 0 {
        return format!("{}-{}", name(mv.from), name(mv.to));
    }
    let mut path = vec![mv.from];
    if !smallest_path(game, state, mv, &mut path, 0) {
        // Not a capture of this position: name its ends only.
        path = vec![mv.from, mv.to];
    }
    path.iter().map(|&c| name(c)).collect::<Vec<_>>().join("x")
}

/// Extends `path` (whose pieces in `done` are captured) to a jump order of `mv`, trying
/// landing cells in name order, so the first order found is the smallest.
fn smallest_path(game: &Quarx, state: &State, mv: Move, path: &mut Vec<Cell>, done: u128) -> bool {
    let at = *path.last().expect("the path has its start");
    if done == mv.captured {
        return at == mv.to;
    }
    let occupied = (state.white | state.black) & !bit(mv.from);
    let king = state.kings & bit(mv.from) != 0;
    let mut jumps: Vec<(u16, Cell, Cell)> = Vec::new();
    for ray in game.tables.rays(at) {
        let reach = if king { 3 } else { 1 };
        let mut along = ray.iter().skip_while(|&c| occupied & bit(c) == 0);
        let hit = ray.iter().take_while(|&c| occupied & bit(c) == 0).count();
        let (Some(over), true) = (along.next(), hit < reach) else {
            continue;
        };
        if mv.captured & !done & bit(over) == 0 {
            continue;
        }
        let landings = along.take_while(|&c| occupied & bit(c) == 0);
        for land in landings.take(if king { 3 } else { 1 }) {
            jumps.push((name_value(land), land, over));
        }
    }
    jumps.sort_unstable();
    for (_, land, over) in jumps {
        path.push(land);
        if smallest_path(game, state, mv, path, done | bit(over)) {
            return true;
        }
        path.pop();
    }
    false
}
