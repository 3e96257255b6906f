//! The positions a game has passed through, for repetition rules (Quarx forbids a move that
//! repeats a position; Carreaux's `rule=free` variant forbids recreating one). Kauri, whose
//! playouts check repetition on every ply, keeps its own filtered list in `kauri::repetition`.

use tafel_core::{reason, Reason};

/// Hashes of the positions seen since the last irreversible move. Games clear it after a move
/// that can never be undone (a capture, a man's step), since no earlier position can recur.
///
/// A 64-bit filter of the hashes (one bit each, chosen by the hash's top six bits) answers
/// most "never seen" questions without scanning the list: Quarx asks for every king's slide.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
    /// The filter bit of every hash in `hashes` (a function of them, so equality holds).
    filter: u64,
}

/// A hash's bit in [`History`]'s filter.
#[inline]
fn filter_bit(hash: u64) -> u64 {
    1 << (hash >> 58)
}

impl History {
    /// Whether a position with this hash was seen.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.filter & filter_bit(hash) != 0 && self.hashes.contains(&hash)
    }

    /// Records a position.
    pub fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
        self.filter |= filter_bit(hash);
    }

    /// Forgets every position (after an irreversible move).
    pub fn clear(&mut self) {
        self.hashes.clear();
        self.filter = 0;
    }

    /// Whether no position is remembered.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// How many positions are remembered.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// The remembered hashes, oldest first.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }
}

/// Hashes as position codes carry them: 16 lower-case hex digits each, separated by `,`.
pub fn format_hashes(hashes: &[u64]) -> String {
    let hex: Vec<String> = hashes.iter().map(|h| format!("{h:016x}")).collect();
    hex.join(",")
}

/// Reads [`format_hashes`]'s text of the positions a game passed through before one reached
/// after `plies` plies (so no more of them than `plies`); the error says what is wrong.
pub fn parse_earlier(text: &str, plies: u32) -> Result<Vec<u64>, Reason> {
    let hashes = parse_hashes(text)?;
    if hashes.len() > plies as usize {
        return Err(reason!(
            "history-too-many",
            "{count} earlier positions, more than the {plies} plies played",
            count = hashes.len(),
            plies
        ));
    }
    Ok(hashes)
}

/// Reads [`format_hashes`]'s text.
fn parse_hashes(text: &str) -> Result<Vec<u64>, Reason> {
    text.split(',')
        .map(|hex| {
            u64::from_str_radix(hex, 16)
                .ok()
                .filter(|_| hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
                .ok_or_else(|| {
                    reason!(
                        "history-hash",
                        "`{hex}` is not a position's hash (16 hex digits)",
                        hex
                    )
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_round_trip_and_bad_ones_are_refused() {
        let hashes = [0, 1, u64::MAX, 0x0123_4567_89ab_cdef];
        let text = format_hashes(&hashes);
        assert_eq!(
            text,
            "0000000000000000,0000000000000001,ffffffffffffffff,0123456789abcdef"
        );
        assert_eq!(parse_earlier(&text, 4).unwrap(), hashes);
        let error = parse_earlier(&text, 3).unwrap_err();
        assert_eq!(
            error.to_string(),
            "4 earlier positions, more than the 3 plies played"
        );
        for bad in [
            "",
            "12",
            "+123456789abcdef",
            "0123456789abcdefa",
            "0123456789abcdeg",
        ] {
            assert!(parse_earlier(bad, 10).is_err(), "{bad}");
        }
    }
}
