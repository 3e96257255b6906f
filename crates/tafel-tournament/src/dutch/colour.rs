//! Colour preferences (C.04.3 1.6) and the allocation of colours to a pair (C.04.3 5).
//!
//! The colour difference is the games played with white minus those played with black (games
//! not played over the board do not count). A preference is absolute with a difference beyond
//! ±1 or the same colour in the two latest games played (the difference decides when both
//! apply), strong with ±1, mild with 0 (the other colour than in the latest game); a player who
//! has played no game has none.
//!
//! Allocation, in order: both preferences if they agree; the stronger one (between two absolute
//! ones, the wider colour difference); alternate the colours from the latest game in which the
//! two had different colours (their games played over the board compared from the latest back);
//! the higher-ranked player's preference; and with none of these, the higher-ranked player gets
//! the initial colour if its place by pairing number is odd, the other if even (the place among
//! the players paired this round and those absent who were paired in an earlier round).

use super::Seat;
use crate::Side;

/// How strongly a player wants a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Colour difference 0: the other colour than last time.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour twice running.
    Absolute,
}

/// A player's colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The side wanted.
    pub side: Side,
    /// How strongly.
    pub strength: Strength,
    /// The colour difference (white minus black).
    pub difference: i32,
}

/// The colour difference of a history: games with white minus games with black.
pub fn difference(colours: &[Option<Side>]) -> i32 {
    colours.iter().flatten().fold(0, |d, side| match side {
        Side::First => d + 1,
        Side::Second => d - 1,
    })
}

/// The preference of a player whose sides per round were `colours` (`None`: not played).
pub fn preference(colours: &[Option<Side>]) -> Option<Preference> {
    let played: Vec<Side> = colours.iter().flatten().copied().collect();
    let last = *played.last()?;
    let difference = difference(colours);
    let twice = played.len() >= 2 && played[played.len() - 2] == last;
    let (side, strength) = if difference > 1 {
        (Side::Second, Strength::Absolute)
    } else if difference < -1 {
        (Side::First, Strength::Absolute)
    } else if twice {
        (last.other(), Strength::Absolute)
    } else if difference == 1 {
        (Side::Second, Strength::Strong)
    } else if difference == -1 {
        (Side::First, Strength::Strong)
    } else {
        (last.other(), Strength::Mild)
    };
    Some(Preference {
        side,
        strength,
        difference,
    })
}

/// Whether two players' preferences clash: both want the same side.
pub fn clash(a: Option<Preference>, b: Option<Preference>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a.side == b.side)
}

/// The side `higher` gets against `lower` (C.04.3 5); `higher` is the higher-ranked of the two.
fn side_of_higher(higher: &Seat, lower: &Seat, initial: Side) -> Side {
    match (higher.preference, lower.preference) {
        (Some(h), Some(l)) if h.side != l.side => return h.side,
        (Some(h), None) => return h.side,
        (None, Some(l)) => return l.side.other(),
        (Some(h), Some(l)) => {
            if h.strength != l.strength {
                return if h.strength > l.strength {
                    h.side
                } else {
                    l.side.other()
                };
            }
            if h.strength == Strength::Absolute && h.difference.abs() != l.difference.abs() {
                return if h.difference.abs() > l.difference.abs() {
                    h.side
                } else {
                    l.side.other()
                };
            }
        }
        (None, None) => {}
    }
    let (hc, lc) = (&higher.player.colours, &lower.player.colours);
    let alternate = hc
        .iter()
        .flatten()
        .rev()
        .zip(lc.iter().flatten().rev())
        .find(|(h, l)| h != l)
        .map(|(h, _)| h.other());
    if let Some(side) = alternate {
        return side;
    }
    if let Some(h) = higher.preference {
        return h.side;
    }
    if higher.place % 2 == 1 {
        initial
    } else {
        initial.other()
    }
}

/// Allocates the colours of a pair: returns (white, black). `a_higher` says whether `a` is the
/// higher-ranked of the two (more points, or as many and a lower pairing number).
pub(crate) fn allocate<'s, 'p>(
    a: &'s Seat<'p>,
    b: &'s Seat<'p>,
    a_higher: bool,
    initial: Side,
) -> (&'s Seat<'p>, &'s Seat<'p>) {
    let (higher, lower) = if a_higher { (a, b) } else { (b, a) };
    match side_of_higher(higher, lower, initial) {
        Side::First => (higher, lower),
        Side::Second => (lower, higher),
    }
}

/// The side `a` would get against `b` (for the criteria that look at the colours given).
pub(crate) fn side_against(a: &Seat, b: &Seat, a_higher: bool, initial: Side) -> Side {
    let (white, _) = allocate(a, b, a_higher, initial);
    if std::ptr::eq(white, a) {
        Side::First
    } else {
        Side::Second
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_preferences_follow_the_rules() {
        use Side::{First as W, Second as B};
        let pref = |colours: &[Option<Side>]| preference(colours).map(|p| (p.side, p.strength));
        assert_eq!(pref(&[]), None);
        assert_eq!(pref(&[None]), None);
        assert_eq!(pref(&[Some(W)]), Some((B, Strength::Strong)));
        assert_eq!(pref(&[Some(W), Some(B)]), Some((W, Strength::Mild)));
        // Twice running, with an unplayed round between.
        assert_eq!(
            pref(&[Some(B), Some(W), None, Some(W)]),
            Some((B, Strength::Absolute))
        );
        assert_eq!(
            pref(&[Some(W), Some(B), Some(W)]),
            Some((B, Strength::Strong))
        );
        // A difference of +2 decides over the last two.
        assert_eq!(
            pref(&[Some(W), Some(W), Some(B), Some(B), Some(W), Some(W)]),
            Some((B, Strength::Absolute))
        );
        assert_eq!(
            pref(&[Some(B), Some(B), Some(W)]),
            Some((W, Strength::Strong))
        );
    }
}
