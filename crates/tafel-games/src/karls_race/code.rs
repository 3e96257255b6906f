//! Position codes: the side to move with the die if it has been rolled, then each player's
//! squares in reading order of the home corners (NW, NE, SW, SE), `-` for none:
//! `w:ABCGHJ:MNPQTU` is the two-player start (Black's squares first), `b4:...` Black to move
//! with a 4 rolled, and `se:AGHJ:CDEF:ORSU:MNQT` the four-player start.

use tafel_core::{reason, Game, ParseError, Player, Reason};

use crate::chance::{BOTH_SIDES_WIN, OVER_NO_DIE};

use super::board::{set_names, square_letter, square_name, square_named, SquareSet, MAX_SIZE};
use super::corner::Corner;
use super::{KarlsRace, State, MAX_SEATS};

impl KarlsRace {
    /// The code's word for `seat` as the side to move: `w`/`b`, or the corner's code.
    fn side_word(&self, seat: Player) -> &'static str {
        match (self.seats, self.corner_of(seat)) {
            (2, Corner::SE) => "w",
            (2, _) => "b",
            (_, corner) => corner.code(),
        }
    }

    /// The seats in the order of the code's fields (reading order of their corners).
    fn code_order(&self) -> impl Iterator<Item = Player> + '_ {
        Corner::READING_ORDER
            .into_iter()
            .filter_map(|corner| self.seat_at(corner))
    }

    /// Writes the position code.
    pub(super) fn format_code(&self, state: &State) -> String {
        let mut code = self.side_word(state.to_move()).to_string();
        if let Some(die) = state.die() {
            code.push_str(&die.to_string());
        }
        for seat in self.code_order() {
            code.push(':');
            code.push_str(&set_names(state.stones(seat)));
        }
        code
    }

    /// Reads a position code, checking that it describes a position of these rules.
    pub(super) fn parse_code(&self, code: &str) -> Result<State, ParseError> {
        let error = |at: usize, reason: Reason| ParseError::at("position code", code, at, reason);
        let fields: Vec<&str> = code.split(':').collect();
        if fields.len() != self.seats + 1 {
            let form = if self.seats == 2 {
                reason!(
                    "karls-race-code-form-2",
                    "expected {count} fields separated by `:` (w or b, then Black's squares, then White's), found {found}"
                )
            } else {
                reason!(
                    "karls-race-code-form-4",
                    "expected {count} fields separated by `:` (se, sw, nw or ne, then the squares of NW, NE, SW and SE), found {found}"
                )
            };
            return Err(ParseError::new(
                "position code",
                code,
                form.with("count", self.seats + 1)
                    .with("found", fields.len()),
            ));
        }
        let (to_move, die) = self.parse_side(fields[0]).map_err(|(at, r)| error(at, r))?;
        let mut stones = [0 as SquareSet; MAX_SEATS];
        let mut taken: SquareSet = 0;
        let mut offset = fields[0].chars().count() + 1;
        for (field, seat) in fields[1..].iter().zip(self.code_order()) {
            let name = self.player_name(seat);
            if field.is_empty() {
                return Err(error(
                    offset,
                    reason!(
                        "karls-race-empty-field",
                        "{name}'s field is empty: write `-` for no stones"
                    )
                    .with_side("name", name),
                ));
            }
            if *field != "-" {
                for (i, letter) in field.chars().enumerate() {
                    let square = square_named(letter)
                        .ok_or_else(|| error(offset + i, square_letter(letter)))?;
                    if taken & 1 << square != 0 {
                        return Err(error(
                            offset + i,
                            reason!(
                                "karls-race-two-stones",
                                "square {square} holds two stones",
                                square = square_name(square)
                            ),
                        ));
                    }
                    taken |= 1 << square;
                    stones[seat.index()] |= 1 << square;
                }
            }
            let count = stones[seat.index()].count_ones() as usize;
            if count > self.stones_per_player() {
                return Err(error(
                    offset,
                    reason!(
                        "karls-race-too-many",
                        "{name} has {count} stones, but a player starts with {start}",
                        count,
                        start = self.stones_per_player()
                    )
                    .with_side("name", name),
                ));
            }
            offset += field.chars().count() + 1;
        }
        let state = State {
            stones,
            to_move: to_move.0,
            die,
        };
        let over = (0..2).filter(|&team| self.win_reason(&state, team).is_some());
        let problem = match over.count() {
            2 => Some(BOTH_SIDES_WIN),
            1 if die != 0 => Some(OVER_NO_DIE),
            0 if die != 0 && stones[to_move.index()] == 0 => Some(reason!(
                "karls-race-no-stone-die",
                "the player to move has no stone, so no die can be rolled"
            )),
            _ => None,
        };
        match problem {
            Some(reason) => Err(ParseError::new("position code", code, reason)),
            None => Ok(state),
        }
    }

    /// Reads the side to move and the optional die (`w`, `b3`, `se`, `nw6`); errors carry the
    /// character offset within the field.
    fn parse_side(&self, field: &str) -> Result<(Player, u8), (usize, Reason)> {
        let split = field
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(field.len());
        let (word, die) = field.split_at(split);
        let seat = (0..self.seats as u8).map(Player).find(|&seat| {
            let expected = self.side_word(seat);
            word.eq_ignore_ascii_case(expected)
        });
        let Some(seat) = seat else {
            let words: Vec<&str> = (0..self.seats as u8)
                .map(|seat| self.side_word(Player(seat)))
                .collect();
            return Err((
                0,
                reason!(
                    "karls-race-side",
                    "`{word}` is not a side to move (expected {words})",
                    word,
                    words = words.join(", ")
                ),
            ));
        };
        let die = match die.parse::<u8>() {
            _ if die.is_empty() => 0,
            Ok(value @ 1..=6) if die.len() == 1 => value,
            _ => {
                return Err((
                    word.chars().count(),
                    reason!(
                        "karls-race-die",
                        "the die must be one digit 1 to {max}, not `{die}`",
                        max = MAX_SIZE,
                        die
                    ),
                ))
            }
        };
        Ok((seat, die))
    }
}
