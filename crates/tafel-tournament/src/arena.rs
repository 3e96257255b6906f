//! Arena tournaments as lichess runs them (lila's `modules/tournament`, the arena `Sheet` and
//! `Pairing`, and its page "Arena tournaments: how are scores calculated?"): a fixed duration,
//! in which every player is paired again as soon as it is free, and a score sheet that rewards
//! winning streaks and quick, decisive games.
//!
//! The duration is the server's to keep (this crate has no clock): it calls [`pair_waiting`]
//! whenever players are free until the time is up, and [`sheets`] as games finish.
//!
//! **Scoring** (lichess's wording: "a win has a base score of 2 points, a draw 1 point, and a
//! loss is worth no points. If you win two games consecutively you will start a double point
//! streak … until you fail to win a game"):
//! - a win 2, a draw 1, a loss 0;
//! - *on fire*: after two wins in a row, every game is worth double (a win 4, a draw 2) until
//!   the player fails to win; the streak is lila's `isOnFire`, the last two results wins;
//! - *berserk*: a player who gives up half its clock at the start (and its increment) scores
//!   one more point for a win, provided the game lasted at least 14 plies (lichess: "at least 7
//!   moves"; lila: `notSoQuickFinish`, `turns >= 14`); the bonus is added after doubling, so a
//!   berserk win on fire is worth 5;
//! - *quick draws*: a draw before ply 20 scores nothing for either player (lila: `quickDraw`,
//!   `turns < 20`), and, not being a win, ends a streak.
//!
//! Not modelled: lichess's rule that a second draw in a row scores nothing unless it lasted 30
//! moves (lila's scoring "V2"); no issue asked for it.
//!
//! Forfeits score as wins and losses (the player who never moved lost; a game with no plies
//! earns no berserk bonus); a double forfeit is a loss for both.
//!
//! **Pairing**: among the players waiting at a moment, a maximum-weight matching pairs as many
//! as possible, ranked by score (then rating), with the closest ranks together (each pair weighs
//! less by the square of its players' distance in the ranking, so the pairs are evenly close),
//! and two who just played each other only when nothing else pairs them (lichess avoids the
//! immediate rematch where it can; two players alone meet again). A player left over waits
//! for the next pairing. The player who
//! has moved first less often moves first (ties: the higher-ranked).
//!
//! **Standings** rank by the Arena points; ties are broken by Sonneborn-Berger and Buchholz on
//! the games' own results (`crate::standings`, with every game a round of fixed pairings).
//! lichess breaks them by performance rating instead, which needs ratings this crate does not
//! keep.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::matching::max_weight_matching;
use crate::standings::{self, Standing, StandingsRules};
use crate::tie_breaks::{Cut, Pairings, TieBreak};
use crate::{Entrant, GameResult, Outcome, Pairing, PlayedRound, RoundError};

/// The fewest plies a game must last for a berserk winner's extra point (lichess: 7 moves).
pub const BERSERK_MIN_PLIES: u32 = 14;

/// A draw in fewer plies than this scores nothing (lichess: 10 moves).
pub const QUICK_DRAW_PLIES: u32 = 20;

/// One finished Arena game, with what the scoring needs beyond its outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaGame {
    /// Who played whom, and who moved first.
    pub pairing: Pairing,
    /// How it ended.
    pub outcome: Outcome,
    /// How many plies (single moves) were played.
    pub plies: u32,
    /// Whether the first player went berserk.
    pub first_berserk: bool,
    /// Whether the second player went berserk.
    pub second_berserk: bool,
}

/// What one game was for one player, as the score sheet sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SheetResult {
    /// Won (over the board or by forfeit).
    Win,
    /// Drawn, late enough to count.
    Draw,
    /// Drawn before ply [`QUICK_DRAW_PLIES`]: no points.
    QuickDraw,
    /// Lost.
    Loss,
}

/// One line of a player's score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetLine {
    /// The game's index in the list given to [`sheets`].
    pub game: usize,
    /// The result for this player.
    pub result: SheetResult,
    /// Whether the player was on fire (its two previous games were wins): points doubled.
    pub on_fire: bool,
    /// Whether the player earned the berserk point.
    pub berserk_point: bool,
    /// The points the game earned.
    pub points: u32,
}

/// A player's score sheet: its games in the order they finished.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// The games, oldest first.
    pub lines: Vec<SheetLine>,
    /// The Arena points.
    pub total: u32,
}

impl Sheet {
    /// Whether the next game counts double: the last two were wins.
    pub fn on_fire(&self) -> bool {
        let n = self.lines.len();
        n >= 2
            && self.lines[n - 2..]
                .iter()
                .all(|line| line.result == SheetResult::Win)
    }

    /// Adds a game that ended in `result` after `plies` plies, the player berserk or not.
    fn add(&mut self, game: usize, result: SheetResult, plies: u32, berserk: bool) {
        let on_fire = self.on_fire();
        let base = match result {
            SheetResult::Win => 2,
            SheetResult::Draw => 1,
            SheetResult::QuickDraw | SheetResult::Loss => 0,
        };
        let berserk_point = berserk && result == SheetResult::Win && plies >= BERSERK_MIN_PLIES;
        let points = base * if on_fire { 2 } else { 1 } + u32::from(berserk_point);
        self.total += points;
        self.lines.push(SheetLine {
            game,
            result,
            on_fire,
            berserk_point,
            points,
        });
    }
}

/// Every entrant's score sheet from the finished `games`, in the order they finished.
pub fn sheets(entrants: usize, games: &[ArenaGame]) -> Result<Vec<Sheet>, RoundError> {
    let mut sheets = vec![Sheet::default(); entrants];
    for (index, game) in games.iter().enumerate() {
        as_round(game).check(entrants, index + 1)?;
        let (first, second) = game.outcome.half_points();
        let quick = game.outcome == Outcome::Draw && game.plies < QUICK_DRAW_PLIES;
        let result = |own: u32, other: u32| match own.cmp(&other) {
            std::cmp::Ordering::Greater => SheetResult::Win,
            std::cmp::Ordering::Less => SheetResult::Loss,
            std::cmp::Ordering::Equal if quick => SheetResult::QuickDraw,
            // A double forfeit scores nothing for either: a loss for both.
            std::cmp::Ordering::Equal if own == 0 => SheetResult::Loss,
            std::cmp::Ordering::Equal => SheetResult::Draw,
        };
        sheets[game.pairing.first.0].add(
            index,
            result(first, second),
            game.plies,
            game.first_berserk,
        );
        sheets[game.pairing.second.0].add(
            index,
            result(second, first),
            game.plies,
            game.second_berserk,
        );
    }
    Ok(sheets)
}

/// An Arena game as a round of one game, for the checks and tie-breaks shared with the other
/// kinds.
fn as_round(game: &ArenaGame) -> PlayedRound {
    PlayedRound {
        results: vec![GameResult {
            pairing: game.pairing,
            outcome: game.outcome,
        }],
        ..PlayedRound::default()
    }
}

/// An Arena's tie-breaks: Sonneborn-Berger, then Buchholz, on its games (each game a round of
/// fixed pairings: a forfeit counts as the game).
pub const TIE_BREAKS: [TieBreak; 2] = [
    TieBreak::SonnebornBerger(Cut::None),
    TieBreak::Buchholz(Cut::None),
];

/// The Arena standings: by Arena points, then Sonneborn-Berger and Buchholz on the games.
pub fn standings(entrants: usize, games: &[ArenaGame]) -> Result<Vec<Standing>, RoundError> {
    let points: Vec<u32> = sheets(entrants, games)?
        .iter()
        .map(|sheet| sheet.total)
        .collect();
    let rounds: Vec<PlayedRound> = games.iter().map(as_round).collect();
    let rules = StandingsRules {
        bye_half_points: 0,
        tie_breaks: TIE_BREAKS.to_vec(),
        pairings: Pairings::Fixed,
    };
    standings::standings_by(&points, &rounds, &rules)
}

/// The initial time of a player who goes berserk: half of `initial` (and no increment at all);
/// `None` when there is no initial time to halve (lichess offers no berserk there).
pub fn berserk_time(initial: Duration) -> Option<Duration> {
    (!initial.is_zero()).then(|| initial / 2)
}

/// A player waiting for its next Arena game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// Who.
    pub entrant: Entrant,
    /// Its Arena points so far.
    pub points: u32,
    /// Its rating, for the ranking among equal points.
    pub rating: u32,
    /// Whom it played last, if anyone: they are paired again at once only when nothing else
    /// pairs them.
    pub last_opponent: Option<Entrant>,
    /// Games in which it moved first minus games in which it moved second.
    pub first_moves: i32,
}

/// The most waiting players one matching pairs; a larger crowd is paired in slices of this many
/// consecutive ranks (the matching is cubic in its size).
pub const MATCHING_SLICE: usize = 256;

/// Pairs the waiting players: as many pairs as possible, as few immediate rematches as that
/// allows, the closest in the ranking together. Players left over are not in any pairing; an entrant listed twice
/// waits once.
pub fn pair_waiting(waiting: &[Waiting]) -> Vec<Pairing> {
    let mut ranked: Vec<&Waiting> = waiting.iter().collect();
    ranked.sort_by_key(|w| {
        (
            std::cmp::Reverse(w.points),
            std::cmp::Reverse(w.rating),
            w.entrant,
        )
    });
    let mut seen = std::collections::HashSet::new();
    ranked.retain(|w| seen.insert(w.entrant));
    let mut pairings: Vec<Pairing> = ranked
        .chunks(MATCHING_SLICE)
        .flat_map(pair_ranked)
        .collect();
    pairings.sort_by_key(|p| p.first.min(p.second));
    pairings
}

/// Pairs players already ranked, best first.
fn pair_ranked(ranked: &[&Waiting]) -> Vec<Pairing> {
    let n = ranked.len();
    // A pair weighs less by the square of its ranks' distance (two pairs 2 apart beat one 1
    // and one 3 apart); a rematch weighs less by more than all distances together, and an
    // extra pair outweighs every rematch and distance.
    let rematch_cost = (n * n * n + 1) as i128;
    let top = rematch_cost * (n as i128 + 1);
    let mate = max_weight_matching(n, |i, j| {
        let (a, b) = (ranked[i], ranked[j]);
        let rematch = a.last_opponent == Some(b.entrant) || b.last_opponent == Some(a.entrant);
        let cost = if rematch { rematch_cost } else { 0 };
        Some(top - cost - ((j - i) * (j - i)) as i128)
    });
    mate.iter()
        .enumerate()
        .filter_map(|(i, partner)| partner.filter(|&j| i < j).map(|j| (ranked[i], ranked[j])))
        .map(|(higher, lower)| {
            // The one that moved first less often moves first; ties: the higher-ranked.
            if lower.first_moves < higher.first_moves {
                Pairing {
                    first: lower.entrant,
                    second: higher.entrant,
                }
            } else {
                Pairing {
                    first: higher.entrant,
                    second: lower.entrant,
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of entrant 0 (first) against entrant 1.
    fn game(outcome: Outcome, plies: u32, berserk: (bool, bool)) -> ArenaGame {
        ArenaGame {
            pairing: Pairing {
                first: Entrant(0),
                second: Entrant(1),
            },
            outcome,
            plies,
            first_berserk: berserk.0,
            second_berserk: berserk.1,
        }
    }

    fn points(sheet: &Sheet) -> Vec<u32> {
        sheet.lines.iter().map(|line| line.points).collect()
    }

    #[test]
    fn streaks_double_until_a_game_is_not_won() {
        use Outcome::*;
        let none = (false, false);
        // For entrant 0: win, win, win (on fire: 4), draw (on fire: 2), loss, win.
        let games = [
            game(FirstWon, 40, none),
            game(FirstWon, 40, none),
            game(FirstWon, 40, none),
            game(Draw, 40, none),
            game(SecondWon, 40, none),
            game(FirstWon, 40, none),
        ];
        let sheets = sheets(2, &games).unwrap();
        assert_eq!(points(&sheets[0]), vec![2, 2, 4, 2, 0, 2]);
        assert_eq!(sheets[0].total, 12); // lichess's example: 2 + 2 + 2×1 after two wins
        let fire: Vec<bool> = sheets[0].lines.iter().map(|l| l.on_fire).collect();
        assert_eq!(fire, vec![false, false, true, true, false, false]);
        // Entrant 1: loss ×3, draw 1, win 2, loss 0.
        assert_eq!(points(&sheets[1]), vec![0, 0, 0, 1, 2, 0]);
        assert!(!sheets[0].on_fire());
    }

    #[test]
    fn berserk_adds_a_point_to_wins_of_at_least_14_plies() {
        use Outcome::*;
        let games = [
            game(FirstWon, 14, (true, true)),  // 0: 2 + 1; 1: berserk loss, 0
            game(FirstWon, 13, (true, false)), // 0: too quick for the point: 2
            game(FirstWon, 30, (true, false)), // 0: on fire, 4 + 1
            game(SecondWon, 30, (true, true)), // 1: 2 + 1; 0's berserk loss: 0
        ];
        let sheets = sheets(2, &games).unwrap();
        assert_eq!(points(&sheets[0]), vec![3, 2, 5, 0]);
        assert_eq!(points(&sheets[1]), vec![0, 0, 0, 3]);
        assert_eq!(
            berserk_time(Duration::from_secs(300)),
            Some(Duration::from_secs(150))
        );
        assert_eq!(berserk_time(Duration::ZERO), None);
    }

    #[test]
    fn a_draw_before_ply_20_scores_nothing_and_ends_a_streak() {
        use Outcome::*;
        let none = (false, false);
        let games = [
            game(FirstWon, 30, none),
            game(FirstWon, 30, none),
            game(Draw, 19, none), // on fire, but quick: 0
            game(FirstWon, 30, none),
            game(Draw, 20, none), // late enough: 1 (not on fire: the quick draw broke it)
        ];
        let sheets = sheets(2, &games).unwrap();
        assert_eq!(points(&sheets[0]), vec![2, 2, 0, 2, 1]);
        assert_eq!(sheets[0].lines[2].result, SheetResult::QuickDraw);
        assert_eq!(points(&sheets[1]), vec![0, 0, 0, 0, 1]);
    }

    #[test]
    fn forfeits_score_without_berserk_points() {
        let games = [
            game(Outcome::SecondWonByForfeit, 0, (true, true)),
            game(Outcome::DoubleForfeit, 0, (false, false)),
        ];
        let sheets = sheets(2, &games).unwrap();
        assert_eq!(points(&sheets[1]), vec![2, 0]);
        assert_eq!(points(&sheets[0]), vec![0, 0]);
    }

    #[test]
    fn standings_rank_by_arena_points() {
        use Outcome::*;
        let between = |first: usize, second: usize, outcome: Outcome| ArenaGame {
            pairing: Pairing {
                first: Entrant(first),
                second: Entrant(second),
            },
            outcome,
            plies: 40,
            first_berserk: false,
            second_berserk: false,
        };
        // 0 wins twice (2 + 2); 2 wins three times (2 + 2 + 4); 1 and 3 lose everything.
        let games = [
            between(0, 1, FirstWon),
            between(2, 3, FirstWon),
            between(0, 3, FirstWon),
            between(2, 1, FirstWon),
            between(2, 1, FirstWon),
        ];
        let lines = standings(4, &games).unwrap();
        let order: Vec<(usize, u32)> = lines.iter().map(|l| (l.entrant.0, l.points)).collect();
        assert_eq!(order, vec![(2, 8), (0, 4), (1, 0), (3, 0)]);
        assert!(sheets(2, &[between(0, 4, Draw)]).is_err());
    }

    fn waiting(entrant: usize, points: u32, last: Option<usize>, first_moves: i32) -> Waiting {
        Waiting {
            entrant: Entrant(entrant),
            points,
            rating: 1500,
            last_opponent: last.map(Entrant),
            first_moves,
        }
    }

    #[test]
    fn the_waiting_pair_by_rank_avoiding_an_immediate_rematch() {
        // Ranked 0 (9 points), 1 (8), 2 (3), 3 (2): 0-1 and 2-3 are the closest pairs, but 0
        // and 1 just played each other, so 0-2 and 1-3.
        let pool = [
            waiting(0, 9, Some(1), 0),
            waiting(1, 8, Some(0), 1),
            waiting(2, 3, None, 1),
            waiting(3, 2, None, -1),
        ];
        let pairs = pair_waiting(&pool);
        let as_numbers: Vec<(usize, usize)> =
            pairs.iter().map(|p| (p.first.0, p.second.0)).collect();
        // 0 has moved first as often as second, 2 more often: 0 moves first. 3 has moved first
        // less often than 1: 3 moves first.
        assert_eq!(as_numbers, vec![(0, 2), (3, 1)]);
        // Two who just played meet again when nobody else waits; with a third, the one who
        // the closest two who did not just play are paired, and the odd one out waits.
        assert_eq!(pair_waiting(&pool[..2]).len(), 1);
        let three: Vec<(usize, usize)> = pair_waiting(&pool[..3])
            .iter()
            .map(|p| (p.first.0.min(p.second.0), p.first.0.max(p.second.0)))
            .collect();
        assert_eq!(three, vec![(1, 2)]);
        // Listed twice, still one player: never paired with itself.
        assert!(pair_waiting(&[pool[2], pool[2]]).is_empty());
    }
}
