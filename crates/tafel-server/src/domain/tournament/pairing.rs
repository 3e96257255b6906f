//! The rounds of a tournament: how many it has, and the next one to pair from its kind and the
//! boards so far.
//!
//! A round robin's rounds are FIDE's Berger tables (`tafel_tournament::berger`), known at the
//! start. A Swiss pairs each round from the results of the rounds before
//! (`tafel_tournament::swiss`, FIDE Dutch: no pair meets twice, one bye a player at most, the
//! bye scoring a win, colours balanced). Its entrants' pairing numbers are their numbers in the
//! tournament, given at the start by their ratings in the game ([`seeded`]), and the lot for
//! the first round's colours is drawn from the tournament's id, so that every instance pairs a
//! round alike. A
//! Swiss has at most as many rounds as its entrants allow (one fewer than their number when
//! even), and ends early when a round cannot be paired (every pairing would repeat a game, or
//! fewer than two players are left).

use tafel_tournament::swiss::{self, SwissError, SwissSettings};
use tafel_tournament::{berger, Entrant, Round};

use super::arena::next_wave;
use super::byes::{absent_in, Bye};
use super::standings::played_rounds;
use super::{Board, Kind, Tournament, SWISS_BYE_HALF_POINTS};
use crate::domain::error::Error;
use crate::domain::ids::AccountId;
use crate::domain::rating::START;
use crate::msg;

/// The entrants of a tournament of `kind` in the order they are numbered at the start, from
/// `entered` (in the order of entry) and the `ratings` in the game of those who have one.
///
/// A Swiss numbers them as FIDE's Dutch system does, by rating, highest first (an entrant who
/// never played the game rated counts at the rating every account starts from, 1500, as the
/// rating system takes it), ties in the order of entry; the ratings are read once, at the
/// start, so the numbers never change. An Arena numbers them the same way, so that players
/// with equal points are paired in the order of their ratings (as lichess pairs an Arena's
/// players close in rank; late entrants are numbered after, in their order of entry). A round
/// robin keeps the order of entry (FIDE draws the Berger numbers by lot; the order of entry is
/// ours).
pub fn seeded(kind: Kind, entered: &[AccountId], ratings: &[(AccountId, f64)]) -> Vec<AccountId> {
    if !matches!(kind, Kind::Swiss | Kind::Arena) {
        return entered.to_vec();
    }
    let rating_of = |account: &AccountId| {
        ratings
            .iter()
            .find(|(a, _)| a == account)
            .map_or(START.rating, |(_, r)| *r)
    };
    let rounded: Vec<u32> = entered
        .iter()
        .map(|a| rating_of(a).round().clamp(0.0, f64::from(u32::MAX)) as u32)
        .collect();
    let numbers = swiss::pairing_numbers(&rounded);
    let mut order: Vec<(usize, AccountId)> =
        numbers.into_iter().zip(entered.iter().cloned()).collect();
    order.sort_by_key(|(number, _)| *number);
    order.into_iter().map(|(_, account)| account).collect()
}

/// The rounds in all of a tournament of `kind` that starts with `entrants` players; `chosen` is
/// a Swiss's number of rounds as its organiser chose it. An Arena's waves are not counted in
/// advance: 0.
pub fn rounds_in_all(kind: Kind, entrants: usize, chosen: u32) -> u32 {
    match kind {
        Kind::Arena => 0,
        Kind::Swiss => {
            let most = if entrants.is_multiple_of(2) {
                entrants.saturating_sub(1)
            } else {
                entrants
            };
            chosen.min(u32::try_from(most).unwrap_or(u32::MAX))
        }
        _ => berger::rounds(entrants, kind == Kind::DoubleRoundRobin).len() as u32,
    }
}

/// The round after round `t.round` of tournament `t`, whose `entrants` have played `boards`
/// (and had `byes`, a Swiss's; those of the round to pair leave their entrants out of it) and
/// of whom `withdrawn` have withdrawn; `None` when a Swiss cannot pair it (it ends there).
/// An Arena's next round is the wave of the players free now ([`next_wave`]; `None`: nobody
/// to pair yet).
pub fn next_round(
    t: &Tournament,
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
    withdrawn: &[usize],
) -> Result<Option<Round>, Error> {
    match t.kind {
        Kind::RoundRobin => Ok(berger::rounds(entrants, false)
            .into_iter()
            .nth(t.round as usize)),
        Kind::DoubleRoundRobin => Ok(double_round_robin_round(
            &berger::rounds(entrants, true),
            t.round as usize,
            boards,
        )),
        Kind::Swiss => {
            let played = played_rounds(boards, byes, t.round);
            let absent = absent_entrants(withdrawn, byes, t.round + 1);
            match swiss::pair_next_round(&swiss_settings(t), &vec![0; entrants], &played, &absent) {
                Ok(round) => Ok(Some(round)),
                Err(SwissError::NoLegalPairing { .. } | SwissError::NotEnoughPlayers { .. }) => {
                    Ok(None)
                }
                Err(e) => Err(Error::failed(msg!(
                    "tournament-id-round-round-cannot-be",
                    id = t.id,
                    round = t.round + 1,
                    e
                ))),
            }
        }
        Kind::Arena => next_wave(entrants, boards, withdrawn),
    }
}

/// How Swiss `t` is paired: its rounds, the pairing-allocated bye's points, its colour lot.
pub fn swiss_settings(t: &Tournament) -> SwissSettings {
    SwissSettings {
        rounds: t.rounds as usize,
        bye_half_points: SWISS_BYE_HALF_POINTS,
        seed: lot_seed(&t.id),
    }
}

/// The entrants not paired in `round`: the `withdrawn`, and those with a bye asked for it.
pub fn absent_entrants(withdrawn: &[usize], byes: &[Bye], round: u32) -> Vec<Entrant> {
    withdrawn
        .iter()
        .copied()
        .chain(absent_in(byes, round))
        .map(Entrant)
        .collect()
}

/// Round `index` (from 0) of a double round robin's `table`, given the `boards` played so far.
/// It plays the Berger table's last two first-cycle rounds in reverse order (see
/// [`berger::rounds`]); one begun by an earlier version of Tafel played them in the table's
/// order, so when the round due last in the first cycle was played already, the other comes.
fn double_round_robin_round(table: &[Round], index: usize, boards: &[Board]) -> Option<Round> {
    let round = table.get(index)?;
    let cycle = table.len() / 2;
    let played = |round: &Round| {
        round.games.iter().any(|game| {
            boards.iter().any(|b| {
                b.round as usize <= index
                    && b.first == game.first.0
                    && b.second == Some(game.second.0)
            })
        })
    };
    if table.len() >= 4 && index + 1 == cycle && played(round) {
        return Some(table[index - 1].clone());
    }
    Some(round.clone())
}

/// The seed of a Swiss's colour lot, from its id (FNV-1a): the same on every instance.
pub fn lot_seed(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The boards of `rounds`, numbered from 1.
    fn played(rounds: &[Round]) -> Vec<Board> {
        let mut boards = Vec::new();
        for (number, round) in (1..).zip(rounds) {
            for (board, game) in (1..).zip(&round.games) {
                boards.push(Board {
                    round: number,
                    board,
                    first: game.first.0,
                    second: Some(game.second.0),
                    game_id: None,
                    outcome: None,
                    plies: 0,
                    berserk: [false; 2],
                });
            }
        }
        boards
    }

    #[test]
    fn a_double_round_robin_begun_in_the_tables_order_finishes_its_first_cycle_without_a_repeat() {
        let single = berger::rounds(4, false);
        let table = berger::rounds(4, true);
        // Begun now: the table's round 3 comes second, round 2 third.
        let now = played(&table[..2]);
        assert_eq!(
            double_round_robin_round(&table, 2, &now),
            Some(single[1].clone())
        );
        // Begun by an earlier version, which played the table's rounds 1 and 2: round 3 comes.
        let before = played(&single[..2]);
        assert_eq!(
            double_round_robin_round(&table, 2, &before),
            Some(single[2].clone())
        );
        // The second cycle is the same either way.
        assert_eq!(
            double_round_robin_round(&table, 3, &before),
            Some(table[3].clone())
        );
    }
}
