//! The tests of the server's Swiss: hand-worked rounds and random tournaments against brute
//! force.

use super::*;
use crate::{GameResult, Outcome, RequestedBye};
use proptest::prelude::*;

/// A seed whose lot gives board 1 of round 1 to the higher-rated player as first mover.
const FIRST: u64 = 1;

fn settings(rounds: usize) -> SwissSettings {
    SwissSettings {
        rounds,
        bye_half_points: 2,
        seed: FIRST,
    }
}

/// Pairs as (first, second) numbered from 1 (entrant 0 is 1), the way the tests write them,
/// ordered by the lower number on the board.
fn numbered(round: &Round) -> Vec<(usize, usize)> {
    let mut boards: Vec<(usize, usize)> = round
        .games
        .iter()
        .map(|game| (game.first.0 + 1, game.second.0 + 1))
        .collect();
    boards.sort_by_key(|&(a, b)| a.min(b));
    boards
}

/// The round played with the given outcomes, board by board.
fn played(round: &Round, outcomes: &[Outcome]) -> PlayedRound {
    assert_eq!(round.games.len(), outcomes.len());
    PlayedRound {
        results: round
            .games
            .iter()
            .zip(outcomes)
            .map(|(&pairing, &outcome)| GameResult { pairing, outcome })
            .collect(),
        bye: round.bye,
        requested: vec![],
    }
}

#[test]
fn the_seed_draws_the_initial_colour() {
    assert_eq!(initial_colour(FIRST), Side::First);
    assert!((0..64).any(|seed| initial_colour(seed) == Side::Second));
}

/// Five players, four rounds, byes worth a win, worked out by hand.
///
/// Round 1: the lowest-rated, 5, has the bye; 1-3 and 4-2 (S1 = 1 2, S2 = 3 4, colours
/// alternating from the lot). 1 and 4 win.
///
/// Round 2: 1, 4, 5 have 1 point, 2 and 3 none. One of the top three floats down, one of 2
/// and 3 has the bye (every pairing has differences [1, 1, 0]). The Dutch order would pair
/// S1 = 1 with S2's 4, but both want the second move (C.12), so 1-5 (5 has no preference:
/// 5-1) and 4, the lowest of S2, floats. 4 has met 2, so 4 meets 3 (3-4, each getting the
/// colour it wants), and 2 has the bye. 5 beats 1, 3-4 drawn.
///
/// Round 3: 5 2 points, 4 1½, 1 and 2 1, 3 ½. 5 and 2 have had byes; the lowest, 3, has it
/// (one point below the lowest score: 1). Then 5-4 (½ apart) and 1-2 (level) is the only
/// pairing with no difference over 1 point. 5 wants the second move (strong), 4 the first
/// (mild): 4-5. 2 wants the first strongly, 1 mildly: the stronger wins (E.2), 2-1. 5 beats
/// 4, 2-1 drawn.
///
/// Round 4 cannot be paired: only 1 and 4 may still have the bye (5, 2, 3 had theirs), and
/// without 1 the rest (5, 2, 3, 4) cannot pair off (3-4 and 2-4 met, so 4 would need 5,
/// met too); without 4, 1 has met 3 and 5, so 1-2 and 5-3, who met.
#[test]
fn five_players_with_byes_by_hand() {
    let ratings = [2000, 1900, 1800, 1700, 1600];
    let s = settings(4);
    use Outcome::*;
    let r1 = pair_next_round(&s, &ratings, &[], &[]).unwrap();
    assert_eq!(
        (numbered(&r1), r1.bye),
        (vec![(1, 3), (4, 2)], Some(Entrant(4)))
    );
    let mut so_far = vec![played(&r1, &[FirstWon, FirstWon])];
    let r2 = pair_next_round(&s, &ratings, &so_far, &[]).unwrap();
    assert_eq!(
        (numbered(&r2), r2.bye),
        (vec![(5, 1), (3, 4)], Some(Entrant(1)))
    );
    so_far.push(played(&r2, &[FirstWon, Draw]));
    let r3 = pair_next_round(&s, &ratings, &so_far, &[]).unwrap();
    assert_eq!(
        (numbered(&r3), r3.bye),
        (vec![(2, 1), (4, 5)], Some(Entrant(2)))
    );
    so_far.push(played(&r3, &[SecondWon, Draw]));
    assert_eq!(
        pair_next_round(&s, &ratings, &so_far, &[]),
        Err(SwissError::NoLegalPairing { round: 4 })
    );
}

/// Seven players, byes worth a win, worked out by hand: floaters through three score
/// groups and repeated floats avoided.
///
/// Round 1: 7 has the bye; 1-4, 5-2, 3-6. 1 wins, 5-2 drawn, 6 wins.
///
/// Round 2: 1, 6, 7 have 1 point; 2, 5 ½ (they met); 3, 4 none. The top bracket keeps one
/// pair; 1-6 would float 7 down again (7's bye was a downfloat: the same downfloat as one
/// round before), so 1-7 and 6 floats; 6 and 2 both want the first move, so 6-5; 2-3, and
/// 4 has the bye. 7-1 drawn, 6 beats 5, 3 beats 2.
///
/// Round 3: 6 2 points; 1, 7 1½ (they met); 3, 4 1; 2, 5 ½. 6 floats alone and meets the
/// first resident of the 1½ bracket, 1 (6 mild black, 1 mild white: 1-6); 7 floats into the
/// 1-point bracket. The MDP-pairing's first candidate, 7-3, would give 3 an upfloat after
/// its upfloat of round 2 (3 met 2, who had ½ to its 0); 7-4 does not (4 had the bye), and
/// grants both colours (7 strong black, 4 strong white): 4-7. 3 floats into the ½ bracket,
/// has met 2, so 3-5 (both mild white, the same games: the higher-ranked 3 gets white, E.4)
/// and 2, who never had a bye, has it.
#[test]
fn seven_players_three_rounds_by_hand() {
    let ratings = [2100, 2000, 1900, 1800, 1700, 1600, 1500];
    let s = settings(4);
    use Outcome::*;
    let r1 = pair_next_round(&s, &ratings, &[], &[]).unwrap();
    assert_eq!(
        (numbered(&r1), r1.bye),
        (vec![(1, 4), (5, 2), (3, 6)], Some(Entrant(6)))
    );
    let mut so_far = vec![played(&r1, &[FirstWon, Draw, SecondWon])];
    let r2 = pair_next_round(&s, &ratings, &so_far, &[]).unwrap();
    assert_eq!(
        (numbered(&r2), r2.bye),
        (vec![(7, 1), (2, 3), (6, 5)], Some(Entrant(3)))
    );
    so_far.push(played(&r2, &[Draw, FirstWon, SecondWon]));
    let r3 = pair_next_round(&s, &ratings, &so_far, &[]).unwrap();
    assert_eq!(
        (numbered(&r3), r3.bye),
        (vec![(1, 6), (3, 5), (4, 7)], Some(Entrant(1)))
    );
}

#[test]
fn bad_input_gets_a_clear_error() {
    let ratings = [1500, 1400];
    let s = settings(2);
    let stranger = PlayedRound {
        results: vec![],
        bye: Some(Entrant(7)),
        requested: vec![],
    };
    let error = pair_next_round(&s, &ratings, &[stranger], &[]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "round 1 names entrant 7, who is not in the tournament"
    );
    assert_eq!(
        pair_next_round(&s, &ratings, &[], &[Entrant(0)]),
        Err(SwissError::NotEnoughPlayers { active: 1 })
    );
    assert_eq!(
        pair_next_round(&settings(0), &ratings, &[], &[]),
        Err(SwissError::NoRounds)
    );
    let too_many = vec![1500; MAX_ENTRANTS + 1];
    assert!(matches!(
        pair_next_round(&s, &too_many, &[], &[]),
        Err(SwissError::TooManyEntrants { .. })
    ));
}

/// Six players, three rounds, worked out by hand (numbers are pairing numbers = entrants + 1,
/// ratings falling with the number).
///
/// Round 1: S1 = 1 2 3 against S2 = 4 5 6; the lot gives 1 the first move, so the colours
/// alternate down the boards: 1-4, 5-2, 3-6. Results: 1 wins, 5-2 drawn, 3 wins.
///
/// Round 2: scores 1 and 3: 1 point; 2 and 5: ½ (they met, so both float down); 4 and 6: 0.
/// Every pairing has one pair at 0 and two at ½ apart, and the Dutch system pairs the top
/// bracket first: 1-3, then the floaters 2 and 5 (S1) against 4 and 6 (S2): 2-4, 5-6.
/// Colours: 1 and 3 both had the first move (strong preference for the second), nothing
/// tells them apart, so the higher-ranked 1 gets its preference (E.4): 3-1. 2 and 4 both had
/// the second move: 2 is higher-ranked: 2-4. 5 wants the second move, 6 the first: 6-5.
/// Results: 3-1 drawn, 2 beats 4, 6 beats 5.
///
/// Round 3, the last: 1, 2, 3 have 1½ (topscorers), 6 has 1, 5 ½, 4 nothing. Met: 1-4,
/// 2-5, 3-6, 1-3, 2-4, 5-6. The top bracket can keep one pair: 1-2 would send 3 down to 5
/// (1 point apart, since 3-6 met) and leave 6-4, also 1 point apart; 2-3 sends 1 down to 6
/// (½) and leaves 5-4 (½): score differences [½, ½, 0] beat [1, 1, 0]. Colours: 3 had the
/// first move twice (absolute preference for the second), 2 is mild: the stronger wins (E.2),
/// 2-3. 1 (mild, first) and 6 (mild, second) agree: 1-6. 4 had the second move twice
/// (absolute) against 5's mild wish for the same: 4-5.
#[test]
fn six_players_three_rounds_by_hand() {
    let ratings = [2000, 1900, 1800, 1700, 1600, 1500];
    let s = settings(3);
    let r1 = pair_next_round(&s, &ratings, &[], &[]).unwrap();
    assert_eq!(numbered(&r1), vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(r1.bye, None);
    use Outcome::*;
    let p1 = played(&r1, &[FirstWon, Draw, FirstWon]);

    let r2 = pair_next_round(&s, &ratings, std::slice::from_ref(&p1), &[]).unwrap();
    assert_eq!(numbered(&r2), vec![(3, 1), (2, 4), (6, 5)]);
    let p2 = played(&r2, &[Draw, FirstWon, FirstWon]);

    let r3 = pair_next_round(&s, &ratings, &[p1.clone(), p2.clone()], &[]).unwrap();
    assert_eq!(numbered(&r3), vec![(1, 6), (2, 3), (4, 5)]);
    let p3 = played(&r3, &[Draw, Draw, Draw]);
    assert_eq!(
        pair_next_round(&s, &ratings, &[p1, p2, p3], &[]),
        Err(SwissError::Finished { rounds: 3 })
    );
}

/// The last round of a field of eight in two groups of four who met only across the groups
/// (top `i` against bottom `4 + (i + r) mod 4` in round `r`), the top four winning every
/// game: they are the topscorers and pair among themselves. Ranks 1 and 3 had the sides
/// `absolute`, ranks 2 and 4 `strong` (for the top player; its opponent the other side).
fn last_round_of_topscorers(absolute: &[Side], strong: &[Side]) -> Round {
    let played: Vec<PlayedRound> = (0..absolute.len())
        .map(|r| PlayedRound {
            results: (0..4)
                .map(|i| {
                    let (top, bottom) = (Entrant(i), Entrant(4 + (i + r) % 4));
                    let side = if i % 2 == 0 { absolute[r] } else { strong[r] };
                    let (pairing, outcome) = if side == Side::First {
                        (
                            Pairing {
                                first: top,
                                second: bottom,
                            },
                            Outcome::FirstWon,
                        )
                    } else {
                        (
                            Pairing {
                                first: bottom,
                                second: top,
                            },
                            Outcome::SecondWon,
                        )
                    };
                    GameResult { pairing, outcome }
                })
                .collect(),
            bye: None,
            requested: vec![],
        })
        .collect();
    let ratings = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700];
    pair_next_round(&settings(played.len() + 1), &ratings, &played, &[]).unwrap()
}

/// The top group's pairs of [`last_round_of_topscorers`], numbered from 1.
fn top_pairs(round: &Round) -> Vec<(usize, usize)> {
    let mut top: Vec<(usize, usize)> = numbered(round)
        .into_iter()
        .filter(|&(a, b)| a <= 4 && b <= 4)
        .collect();
    top.sort_by_key(|&(a, b)| a.min(b));
    top
}

/// C.11 in the last round. Ranks 1 and 3 had the sides second, first, first (an absolute
/// preference for the second move); ranks 2 and 4 first, second, first (a strong one for
/// the second). All four are topscorers, so C.3 lets 1 and 3 meet, and every pairing of
/// the four misses two preferences (C.12, C.13 alike). The Dutch order would pair 1-3 and
/// 2-4, but 1-3 gives one of them the first move a third time running (C.11), which 1-4
/// and 2-3 avoid: 1 and 3, absolute, get the second move against 4 and 2 (E.2).
#[test]
fn topscorers_do_not_get_one_colour_three_times_running() {
    use Side::{First as F, Second as S};
    let round = last_round_of_topscorers(&[S, F, F], &[F, S, F]);
    assert_eq!(top_pairs(&round), vec![(4, 1), (2, 3)], "{round:?}");
}

/// C.10 before C.11 in the last round. Ranks 1 and 3 had first, first, second, first (a
/// colour difference of +2), ranks 2 and 4 second, second, first, first (the first twice
/// running): all four want the second move absolutely, and every pairing misses two
/// preferences. The Dutch order's 1-3 and 2-4 give 3 a difference of +3 (C.10: between
/// equal histories the higher-ranked gets its wish, E.4) and 4 the first move a third time
/// (C.11); 1-4 and 2-3 give the first move a third time to 4 and 2 (two under C.11) but keep
/// every difference within 2, which C.10 puts first: 1 and 3, of the larger difference, get
/// the second move (E.2).
#[test]
fn topscorers_keep_their_colour_difference_within_two() {
    use Side::{First as F, Second as S};
    let round = last_round_of_topscorers(&[F, F, S, F], &[S, S, F, F]);
    assert_eq!(top_pairs(&round), vec![(4, 1), (2, 3)], "{round:?}");
}

/// What a brute-force search over every legal pairing of a round knows, computed from the
/// played rounds independently of the pairing code.
struct Oracle {
    /// The players to pair, by entrant.
    active: Vec<usize>,
    met: std::collections::HashSet<(usize, usize)>,
    may_have_bye: Vec<bool>,
    /// The absolute preference of each entrant, if any.
    absolute: Vec<Option<Side>>,
    topscorer: Vec<bool>,
}

impl Oracle {
    fn new(n: usize, rounds: usize, played: &[PlayedRound], absent: &[Entrant]) -> Oracle {
        let mut met = std::collections::HashSet::new();
        let mut may_have_bye = vec![true; n];
        let mut colours = vec![Vec::new(); n];
        let mut score = vec![0u32; n];
        for round in played {
            for result in &round.results {
                let (a, b) = (result.pairing.first.0, result.pairing.second.0);
                let (pa, pb) = result.outcome.half_points();
                score[a] += pa;
                score[b] += pb;
                if result.outcome.was_played() {
                    met.insert((a.min(b), a.max(b)));
                    colours[a].push(1i64);
                    colours[b].push(-1i64);
                } else {
                    may_have_bye[a] &= pa <= pb;
                    may_have_bye[b] &= pb <= pa;
                }
            }
            if let Some(bye) = round.bye {
                may_have_bye[bye.0] = false;
                score[bye.0] += 2;
            }
            for requested in &round.requested {
                score[requested.entrant.0] += requested.half_points;
                may_have_bye[requested.entrant.0] &= requested.half_points < 2;
            }
        }
        let absolute = colours
            .iter()
            .map(|c| {
                let d: i64 = c.iter().sum();
                let last_two = c.len() >= 2 && c[c.len() - 1] == c[c.len() - 2];
                if d >= 2 || (d > -2 && last_two && c[c.len() - 1] == 1) {
                    Some(Side::Second)
                } else if d <= -2 || (last_two && c[c.len() - 1] == -1) {
                    Some(Side::First)
                } else {
                    None
                }
            })
            .collect();
        let last = played.len() + 1 == rounds;
        let topscorer = score
            .iter()
            .map(|&s| last && s as usize > played.len())
            .collect();
        let active = (0..n).filter(|i| !absent.contains(&Entrant(*i))).collect();
        Oracle {
            active,
            met,
            may_have_bye,
            absolute,
            topscorer,
        }
    }

    fn clash(&self, a: usize, b: usize) -> bool {
        self.absolute[a].is_some()
            && self.absolute[a] == self.absolute[b]
            && !self.topscorer[a]
            && !self.topscorer[b]
    }

    /// Whether some pairing keeps every absolute criterion (by trying them all).
    fn pairable(&self) -> bool {
        self.search(&mut self.active.clone(), false)
    }

    fn search(&self, free: &mut Vec<usize>, bye_given: bool) -> bool {
        let Some(&a) = free.first() else {
            return true;
        };
        free.remove(0);
        let mut found = free.len().is_multiple_of(2)
            && !bye_given
            && self.may_have_bye[a]
            && self.search(free, true);
        for k in 0..free.len() {
            if found {
                break;
            }
            let b = free[k];
            if self.met.contains(&(a.min(b), a.max(b))) || self.clash(a, b) {
                continue;
            }
            free.remove(k);
            found = self.search(free, bye_given);
            free.insert(k, b);
        }
        free.insert(0, a);
        found
    }
}

/// The round after `history` as `tafel swiss` pairs it from the tournament's TRF-2026 export
/// (`trf::export`, then `trf_read::next_round` and `dutch::pair`), by pairing numbers;
/// `requested` is a bye asked for that round.
fn paired_from_trf(
    settings: &SwissSettings,
    ratings: &[u32],
    history: &[PlayedRound],
    withdrawn: &[Entrant],
    requested: Option<RequestedBye>,
) -> Result<dutch::Pairing, dutch::NoPairing> {
    use crate::standings::StandingsRules;
    use crate::trf::{export, TrfHeader, TrfPlayer, TrfVersion};
    let header = TrfHeader {
        name: "Random Swiss".into(),
        rounds: settings.rounds,
        version: TrfVersion::Trf2026,
        initial: Some(initial_colour(settings.seed)),
        system: "FIDE_DUTCH_2025".into(),
        ..TrfHeader::default()
    };
    let players: Vec<TrfPlayer> = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| TrfPlayer {
            name: format!("Player {i}"),
            rating,
            withdrawn: withdrawn.contains(&Entrant(i)),
            next_bye: requested
                .filter(|r| r.entrant == Entrant(i))
                .map(|r| r.half_points),
        })
        .collect();
    let rules = StandingsRules {
        bye_half_points: settings.bye_half_points,
        ..StandingsRules::default()
    };
    let text = export(&header, &players, history, &rules).expect("the rounds add up");
    let field = crate::trf_read::next_round(&text).expect("its own export reads back");
    dutch::pair(&field)
}

/// The Swiss's round by pairing numbers, as `dutch::pair` gives it.
fn by_numbers(round: &Round, ratings: &[u32]) -> dutch::Pairing {
    let numbers = pairing_numbers(ratings);
    let mut boards: Vec<dutch::Board> = round
        .games
        .iter()
        .map(|g| dutch::Board {
            first: numbers[g.first.0],
            second: numbers[g.second.0],
        })
        .collect();
    boards.sort_by_key(|b| (b.first, b.second));
    dutch::Pairing {
        boards,
        bye: round.bye.map(|b| numbers[b.0]),
    }
}

fn outcome(code: u8) -> Outcome {
    match code % 16 {
        0..=4 => Outcome::FirstWon,
        5..=9 => Outcome::SecondWon,
        10..=13 => Outcome::Draw,
        14 => Outcome::FirstWonByForfeit,
        _ => Outcome::SecondWonByForfeit,
    }
}

/// Who is not paired in a random Swiss: `withdrawal` (who, after how many rounds) and
/// `bye_request` (who, for which round from 0, the bye's half points).
struct Absences {
    withdrawal: Option<(usize, usize)>,
    bye_request: Option<(usize, usize, u32)>,
}

/// Plays a Swiss of `n` players with random results (and the `absences`) and checks every round: the same pairing
/// from the tournament's TRF-2026 export read back (as `tafel swiss` pairs it); everyone
/// active paired once, nobody meets twice, nobody has two byes (or a bye after a forfeit
/// win), an absolute preference granted unless the opponent has the same; and with
/// `exhaustive`, against brute force over every legal pairing: absolute colour clashes only
/// when none avoids them, the best score differences, a round refused only when no legal
/// pairing exists.
fn play_random(
    n: usize,
    rounds: usize,
    seed: u64,
    ratings: &[u32],
    codes: Vec<u8>,
    absences: Absences,
    exhaustive: bool,
) -> Result<(), TestCaseError> {
    let Absences {
        withdrawal,
        bye_request,
    } = absences;
    let settings = SwissSettings {
        rounds,
        bye_half_points: 2,
        seed,
    };
    let ratings = &ratings[..n];
    let mut history: Vec<PlayedRound> = Vec::new();
    let mut codes = codes.into_iter().cycle();
    for round in 0..rounds {
        let withdrawn: Vec<Entrant> = withdrawal
            .filter(|&(who, after)| who < n && after <= round)
            .map(|(who, _)| Entrant(who))
            .into_iter()
            .collect();
        // A bye asked for this round by someone still playing.
        let requested = bye_request
            .filter(|&(who, when, _)| {
                who < n && when == round && !withdrawn.contains(&Entrant(who))
            })
            .map(|(who, _, half_points)| RequestedBye {
                entrant: Entrant(who),
                half_points,
            });
        let absent: Vec<Entrant> = withdrawn
            .iter()
            .copied()
            .chain(requested.map(|r| r.entrant))
            .collect();
        let oracle = Oracle::new(n, rounds, &history, &absent);
        // The brute force is for small fields only.
        let pairable = exhaustive && oracle.pairable();
        let paired = pair_next_round(&settings, ratings, &history, &absent);
        // Exported as TRF-2026 and read back, the tournament pairs the same round.
        let from_trf =
            paired_from_trf(&settings, ratings, &history, &withdrawn, requested).map(|mut p| {
                p.boards.sort_by_key(|b| (b.first, b.second));
                p
            });
        let expected = paired.as_ref().ok().map(|r| by_numbers(r, ratings));
        prop_assert_eq!(
            from_trf.as_ref().ok(),
            expected.as_ref(),
            "round {} from the TRF export",
            round + 1
        );
        let Ok(paired) = paired else {
            prop_assert_eq!(paired, Err(SwissError::NoLegalPairing { round: round + 1 }));
            prop_assert!(!pairable, "refused a round that can be paired");
            break;
        };
        let mut seen: Vec<usize> = paired
            .games
            .iter()
            .flat_map(|g| [g.first.0, g.second.0])
            .chain(paired.bye.map(|b| b.0))
            .collect();
        seen.sort_unstable();
        prop_assert_eq!(&seen, &oracle.active, "everyone active is paired once");
        let games: Vec<(usize, usize)> = paired
            .games
            .iter()
            .map(|g| (g.first.0, g.second.0))
            .collect();
        for &(a, b) in &games {
            prop_assert!(
                !oracle.met.contains(&(a.min(b), a.max(b))),
                "{}-{} met before",
                a,
                b
            );
            // An absolute preference is granted unless both have one for the same side.
            for (me, side) in [(a, Side::First), (b, Side::Second)] {
                let other = if me == a { b } else { a };
                if let Some(wanted) = oracle.absolute[me] {
                    prop_assert!(
                        wanted == side || oracle.absolute[other] == Some(wanted),
                        "{} wanted {:?}",
                        me,
                        wanted
                    );
                }
            }
        }
        if let Some(bye) = paired.bye {
            prop_assert!(oracle.may_have_bye[bye.0], "second bye for {}", bye.0);
        }
        let clashes = games.iter().filter(|&&(a, b)| oracle.clash(a, b)).count();
        prop_assert_eq!(clashes, 0, "two non-topscorers due the same colour met");
        prop_assert!(
            !exhaustive || pairable,
            "a pairing was found where brute force found none"
        );
        let outcomes: Vec<Outcome> = paired
            .games
            .iter()
            .map(|_| outcome(codes.next().unwrap()))
            .collect();
        let mut round_played = played(&paired, &outcomes);
        round_played.requested.extend(requested);
        history.push(round_played);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Small fields, every round checked against brute force.
    #[test]
    fn random_tournaments_keep_the_rules(
        n in 6usize..=10,
        rounds in 3usize..=9,
        seed in any::<u64>(),
        ratings in proptest::collection::vec(1000u32..2000, 10),
        codes in proptest::collection::vec(any::<u8>(), 50),
        withdrawal in proptest::option::of((0usize..10, 0usize..9)),
        bye_request in proptest::option::of((0usize..10, 0usize..9, 0u32..=2)),
    ) {
        let absences = Absences { withdrawal, bye_request };
        play_random(n, rounds, seed, &ratings, codes, absences, true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Fields of up to 40, the rules that need no brute force.
    #[test]
    fn large_random_tournaments_keep_the_absolute_rules(
        n in 11usize..=40,
        rounds in 5usize..=9,
        seed in any::<u64>(),
        ratings in proptest::collection::vec(1000u32..2000, 40),
        codes in proptest::collection::vec(any::<u8>(), 50),
        withdrawal in proptest::option::of((0usize..40, 0usize..9)),
        bye_request in proptest::option::of((0usize..40, 0usize..9, 0u32..=2)),
    ) {
        let absences = Absences { withdrawal, bye_request };
        play_random(n, rounds, seed, &ratings, codes, absences, false)?;
    }
}

#[test]
fn a_requested_bye_scores_its_points_and_only_a_full_point_one_bars_the_pairing_bye() {
    let ratings = [2000, 1900, 1800, 1700, 1600];
    let bye = |entrant, half_points| RequestedBye {
        entrant: Entrant(entrant),
        half_points,
    };
    let round = PlayedRound {
        results: vec![GameResult {
            pairing: Pairing {
                first: Entrant(0),
                second: Entrant(1),
            },
            outcome: Outcome::FirstWon,
        }],
        bye: None,
        requested: vec![bye(2, 1), bye(3, 2), bye(4, 0)],
    };
    let players = history(&ratings, std::slice::from_ref(&round), 2).unwrap();
    let (half, full, zero) = (&players[2], &players[3], &players[4]);
    assert_eq!((half.score, full.score, zero.score), (1, 2, 0));
    assert_eq!(half.colours, [None]);
    assert_eq!(
        [half.floats[0], full.floats[0], zero.floats[0]],
        [Float::Down, Float::Down, Float::None]
    );
    assert_eq!(
        [half.bye_barred, full.bye_barred, zero.bye_barred],
        [false, true, false]
    );
    // Named twice, or worth more than a win: refused.
    let mut twice = round.clone();
    twice.requested.push(bye(0, 1));
    assert_eq!(
        history(&ratings, &[twice], 2).unwrap_err(),
        SwissError::Round(RoundError::PairedTwice {
            round: 1,
            entrant: Entrant(0)
        })
    );
    let mut over = round;
    over.requested[0].half_points = 3;
    assert_eq!(
        history(&ratings, &[over], 2).unwrap_err(),
        SwissError::Round(RoundError::ByeOverAWin {
            round: 1,
            entrant: Entrant(2)
        })
    );
}
