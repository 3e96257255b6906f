//! Position codes: `SIDE/ROW/ROW/STORES[/PLIES]`, for example the start
//! `a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0`.
//!
//! `SIDE` is `a` when the first player is to move, `A` for the second. The first `ROW` lists
//! holes `a`..`f`, the second `A`..`F`, each as seeds `+` cowries. `STORES` are the seeds
//! captured by the first and the second player. Under a ply limit a fifth field gives the
//! plies played so far. A code holds all 60 seeds (board and stores) and all 12 cowries. It
//! carries no history: a position read from a code has seen no earlier position.

use tafel_core::{reason, ParseError, Player};

use super::board::{HOLES, ROW, TOTAL_COWRIES, TOTAL_SEEDS};
use super::{Kauri, State};

const WHAT: &str = "position code";

/// Writes the code of `state`.
pub(super) fn format(game: &Kauri, state: &State) -> String {
    let side = if state.side() == Player(0) { 'a' } else { 'A' };
    let row = |first: usize| {
        (first..first + ROW)
            .map(|h| format!("{}+{}", state.seeds(h), state.cowries(h)))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut code = format!(
        "{side}/{}/{}/{},{}",
        row(0),
        row(ROW),
        state.store(Player(0)),
        state.store(Player(1))
    );
    if game.settings.ply_limit > 0 {
        code.push_str(&format!("/{}", state.plies));
    }
    code
}

/// Reads a code, checking its form and that it holds every counter of the game.
pub(super) fn parse(game: &Kauri, code: &str) -> Result<State, ParseError> {
    let fields: Vec<&str> = code.split('/').collect();
    let with_plies = game.settings.ply_limit > 0;
    if !(fields.len() == 4 || fields.len() == 5 && with_plies) {
        let form = if with_plies {
            reason!(
                "kauri-code-fields-plies",
                "{fields} fields separated by `/`, expected 4 or 5 fields SIDE/ROW/ROW/STORES[/PLIES]"
            )
        } else {
            reason!(
                "kauri-code-fields",
                "{fields} fields separated by `/`, expected 4 fields SIDE/ROW/ROW/STORES (PLIES only under a ply limit)"
            )
        };
        return Err(ParseError::new(
            WHAT,
            code,
            form.with("fields", fields.len()),
        ));
    }
    let offsets: Vec<usize> = fields
        .iter()
        .scan(0, |offset, field| {
            let at = *offset;
            *offset += field.len() + 1;
            Some(at)
        })
        .collect();
    let side = match fields[0] {
        "a" => Player(0),
        "A" => Player(1),
        other => {
            return Err(ParseError::at(
                WHAT,
                code,
                0,
                reason!(
                    "kauri-side",
                    "side to move `{other}` is not `a` (first player) or `A` (second)",
                    other
                ),
            ))
        }
    };
    let mut seeds = [0u8; HOLES];
    let mut cowries = [0u8; HOLES];
    for (row, first) in [(1, 0), (2, ROW)] {
        let holes: Vec<&str> = fields[row].split(',').collect();
        if holes.len() != ROW {
            return Err(ParseError::at(
                WHAT,
                code,
                offsets[row],
                reason!(
                    "kauri-row",
                    "a row has 6 holes separated by `,`, found {count}",
                    count = holes.len()
                ),
            ));
        }
        let mut at = offsets[row];
        for (i, hole) in holes.iter().enumerate() {
            let (s, c) = hole
                .split_once('+')
                .and_then(|(s, c)| Some((number(s)?, number(c)?)))
                .ok_or_else(|| {
                    ParseError::at(
                        WHAT,
                        code,
                        at,
                        reason!(
                            "kauri-hole",
                            "hole `{hole}` is not SEEDS+COWRIES such as 5+1 (counts up to 60)",
                            hole
                        ),
                    )
                })?;
            seeds[first + i] = s;
            cowries[first + i] = c;
            at += hole.len() + 1;
        }
    }
    let stores = fields[3]
        .split_once(',')
        .and_then(|(a, b)| Some([number(a)?, number(b)?]))
        .ok_or_else(|| {
            ParseError::at(
                WHAT,
                code,
                offsets[3],
                reason!("kauri-stores", "stores must be FIRST,SECOND such as 0,0"),
            )
        })?;
    let plies = match fields.get(4) {
        Some(text) => text.parse::<u32>().map_err(|_| {
            ParseError::at(
                WHAT,
                code,
                offsets[4],
                reason!("kauri-plies", "plies must be a whole number"),
            )
        })?,
        None => 0,
    };
    let seed_total: u32 = seeds.iter().chain(&stores).map(|&s| s as u32).sum();
    if seed_total != TOTAL_SEEDS as u32 {
        return Err(ParseError::new(
            WHAT,
            code,
            reason!(
                "kauri-seeds",
                "the board and stores hold {n} seeds, but the game has 60",
                n = seed_total
            ),
        ));
    }
    let cowrie_total: u32 = cowries.iter().map(|&c| c as u32).sum();
    if cowrie_total != TOTAL_COWRIES as u32 {
        return Err(ParseError::new(
            WHAT,
            code,
            reason!(
                "kauri-cowries",
                "the board holds {n} cowries, but the game has 12",
                n = cowrie_total
            ),
        ));
    }
    Ok(game.assemble(seeds, cowries, stores, side, plies))
}

/// A count of at most 60, written in decimal digits.
fn number(text: &str) -> Option<u8> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u8>().ok().filter(|&n| n <= TOTAL_SEEDS)
}
