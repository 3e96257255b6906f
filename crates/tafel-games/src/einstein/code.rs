//! Position codes: the side to act, then the board rank by rank from the top (rank 5, Black's
//! corner on the left) after `:`, ranks separated by `/`, each square `.` or a cube (`w3`:
//! White's 3, `b5`: Black's 5).
//!
//! The side field is `w` or `b` with the die once rolled (`w4`), or with `s` while that side's
//! start arrangement is still to be made (`bs`): `bs:...../...../...../...../.....` is the
//! start, `w:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1` White to roll after both arrangements.

use tafel_core::{reason, Game, ParseError, Player, Reason};

use crate::chance::{BOTH_SIDES_WIN, OVER_NO_DIE};

use super::board::{square_name, Square, CUBES, HOME, SIDE, SQUARES, WHITE};
use super::{piece_cube, piece_of, Einstein, State};

/// What a code's side field says besides the seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// The seat's start arrangement is to be made.
    Setup,
    /// The seat is to roll (0) or has rolled this value.
    Play(u8),
}

/// The code's letter of a seat.
fn letter(seat: Player) -> char {
    if seat == WHITE {
        'w'
    } else {
        'b'
    }
}

/// The seat of a code's letter (either case).
fn seat_of(letter: char) -> Option<Player> {
    match letter.to_ascii_lowercase() {
        'w' => Some(WHITE),
        'b' => Some(super::board::BLACK),
        _ => None,
    }
}

impl Einstein {
    /// Writes the position code.
    pub(super) fn format_code(&self, state: &State) -> String {
        let mut code = String::with_capacity(48);
        code.push(letter(state.to_move()));
        if state.arranged() < 2 {
            code.push('s');
        } else if let Some(die) = state.die() {
            code.push(char::from(b'0' + die));
        }
        code.push(':');
        for row in 0..SIDE {
            if row > 0 {
                code.push('/');
            }
            for square in row * SIDE..(row + 1) * SIDE {
                match state.cube(square as Square) {
                    Some((seat, number)) => {
                        code.push(letter(seat));
                        code.push(char::from(b'0' + number));
                    }
                    None => code.push('.'),
                }
            }
        }
        code
    }

    /// Reads a position code, checking that it describes a position of these rules.
    pub(super) fn parse_code(&self, code: &str) -> Result<State, ParseError> {
        let at = |at: usize, reason: Reason| ParseError::at("position code", code, at, reason);
        let whole = |reason: Reason| ParseError::new("position code", code, reason);
        let Some((side, ranks)) = code.split_once(':') else {
            return Err(whole(reason!(
                "einstein-code-form",
                "expected the side to act (w or b, with the die or s), `:`, then the board's \
                 five ranks from the top separated by `/`"
            )));
        };
        let (seat, phase) = parse_side(side).map_err(|(i, reason)| at(i, reason))?;
        let offset = side.chars().count() + 1;
        let board = parse_board(ranks).map_err(|(i, reason)| at(offset + i, reason))?;
        let count = |seat: usize| board.iter().filter(|&&p| is_of(p, seat)).count();
        let name = |seat: Player| self.player_name(seat);
        match phase {
            Phase::Setup => {
                if count(seat.index()) > 0 {
                    return Err(whole(
                        reason!(
                            "einstein-arranging",
                            "{name} is to arrange its cubes, so none of them can be on the board yet"
                        )
                        .with_side("name", name(seat)),
                    ));
                }
                let other = Player(1 - seat.0);
                let arranged = if count(other.index()) == 0 {
                    0
                } else {
                    let home = HOME[other.index()];
                    let at_home = home
                        .iter()
                        .all(|&sq| is_of(board[sq as usize], other.index()));
                    if !at_home || count(other.index()) != CUBES {
                        return Err(whole(
                            reason!(
                                "einstein-arranged",
                                "before the game starts, {name}'s six cubes stand on its corner ({squares})",
                                squares = home.map(square_name).join(" ")
                            )
                            .with_side("name", name(other)),
                        ));
                    }
                    1
                };
                if self.arranger(arranged) != seat {
                    let reason = if arranged == 0 {
                        reason!(
                            "einstein-arranges-first",
                            "with these settings {name} arranges its cubes first"
                        )
                    } else {
                        reason!(
                            "einstein-arranges-second",
                            "with these settings {name} arranges its cubes second"
                        )
                    };
                    return Err(whole(
                        reason.with_side("name", name(self.arranger(arranged))),
                    ));
                }
                Ok(self.state_from(board, seat.0, 0, arranged))
            }
            Phase::Play(die) => {
                let state = self.state_from(board, seat.0, die, 2);
                let winners = [WHITE, super::board::BLACK]
                    .into_iter()
                    .filter(|&s| {
                        let target = super::board::TARGET[s.index()];
                        is_of(state.board[target as usize], s.index())
                            || state.cube_count(Player(1 - s.0)) == 0
                    })
                    .count();
                let problem = match winners {
                    2 => Some(BOTH_SIDES_WIN),
                    1 if die != 0 => Some(OVER_NO_DIE),
                    _ => None,
                };
                match problem {
                    Some(reason) => Err(whole(reason)),
                    None => Ok(state),
                }
            }
        }
    }
}

/// Whether the board entry `piece` is a cube of `seat`.
fn is_of(piece: u8, seat: usize) -> bool {
    piece_cube(piece).is_some_and(|(s, _)| s.index() == seat)
}

/// Reads the side field (`w`, `b3`, `bs`); errors carry the character offset in the field.
fn parse_side(field: &str) -> Result<(Player, Phase), (usize, Reason)> {
    let mut chars = field.chars();
    let seat = chars.next().and_then(seat_of).ok_or((
        0,
        reason!("einstein-side", "the side to act is w (White) or b (Black)"),
    ))?;
    let rest: String = chars.collect();
    let phase = match rest.as_str() {
        "" => Phase::Play(0),
        "s" | "S" => Phase::Setup,
        digit if digit.len() == 1 && ("1"..="6").contains(&digit) => {
            Phase::Play(digit.as_bytes()[0] - b'0')
        }
        other => {
            return Err((
                1,
                reason!(
                    "einstein-phase",
                    "after the side comes nothing (die to roll), the die 1 to 6, or s \
                     (arrangement to make), not `{other}`",
                    other
                ),
            ))
        }
    };
    Ok((seat, phase))
}

/// Reads the five ranks; errors carry the character offset in the board field.
fn parse_board(ranks: &str) -> Result<[u8; SQUARES], (usize, Reason)> {
    let mut board = [0u8; SQUARES];
    let mut seen = [0u8; 2];
    let chars: Vec<char> = ranks.chars().collect();
    let (mut i, mut row, mut column) = (0, 0, 0);
    while i <= chars.len() {
        let c = chars.get(i).copied();
        match c {
            None | Some('/') => {
                if column != SIDE {
                    return Err((
                        i,
                        reason!(
                            "einstein-rank-length",
                            "rank {rank} has {column} squares, not {side}",
                            rank = SIDE - row.min(SIDE - 1),
                            column,
                            side = SIDE
                        ),
                    ));
                }
                if c.is_none() {
                    break;
                }
                row += 1;
                column = 0;
                if row == SIDE {
                    return Err((
                        i,
                        reason!(
                            "einstein-ranks-more",
                            "the board has {side} ranks, not more",
                            side = SIDE
                        ),
                    ));
                }
                i += 1;
                continue;
            }
            _ if column == SIDE => {
                return Err((
                    i,
                    reason!(
                        "einstein-rank-long",
                        "rank {rank} has more than {side} squares (ranks are separated by `/`)",
                        rank = SIDE - row,
                        side = SIDE
                    ),
                ))
            }
            Some('.') => i += 1,
            Some(letter) => {
                let seat = seat_of(letter).ok_or((
                    i,
                    reason!(
                        "einstein-square",
                        "`{letter}` is not a square: `.` (empty), or w or b and a number",
                        letter
                    ),
                ))?;
                let number = chars
                    .get(i + 1)
                    .and_then(|d| d.to_digit(10))
                    .filter(|d| (1..=CUBES as u32).contains(d))
                    .ok_or((
                        i + 1,
                        reason!(
                            "einstein-cube-number",
                            "a cube's letter is followed by its number, 1 to 6"
                        ),
                    ))? as u8;
                if seen[seat.index()] & 1 << number != 0 {
                    return Err((
                        i,
                        reason!(
                            "einstein-cube-twice",
                            "{side} has two cubes numbered {number}",
                            number
                        )
                        .with_side("side", if seat == WHITE { "White" } else { "Black" }),
                    ));
                }
                seen[seat.index()] |= 1 << number;
                board[row * SIDE + column] = piece_of(seat.index(), number);
                i += 2;
            }
        }
        column += 1;
    }
    if row != SIDE - 1 {
        return Err((
            chars.len(),
            reason!(
                "einstein-ranks",
                "the board has {side} ranks, not {count}",
                side = SIDE,
                count = row + 1
            ),
        ));
    }
    Ok(board)
}
