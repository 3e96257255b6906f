use std::time::Duration;

use tafel_tournament::{Entrant as E, Outcome, Pairing, Round};

use super::standings::{crosstable, kind_tie_breaks, standings};
use super::*;

const LIMITS: TournamentLimits = TournamentLimits {
    entrants: 64,
    open_per_account: 3,
    no_show: Duration::from_secs(60),
    chat_messages: 300,
};

fn request() -> TournamentRequest {
    serde_json::from_value(serde_json::json!({
        "name": " Club night ", "game": "kauri",
        "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0},
        "kind": "round_robin", "starts_ms": 1_000_000
    }))
    .unwrap()
}

#[test]
fn tie_breaks_are_chosen_from_fides_with_reasons_for_a_refusal() {
    let with = |kind: &str, list: serde_json::Value| -> Result<Vec<String>, String> {
        let body = serde_json::json!({
            "name": "Club night", "game": "kauri",
            "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0},
            "kind": kind, "starts_ms": 1_000_000, "tie_breaks": list
        });
        let request: TournamentRequest = serde_json::from_value(body).unwrap();
        request
            .check(1_000_000, &LIMITS)
            .map(|c| c.tie_breaks.iter().map(ToString::to_string).collect())
            .map_err(|e| e.to_string())
    };
    let names = |list: &[&str]| Ok(list.iter().map(|s| s.to_string()).collect());
    use serde_json::json;
    assert_eq!(
        with("swiss", json!(null)),
        names(&["BH-C1", "BH", "SB", "DE"])
    );
    assert_eq!(
        with("round_robin", json!(null)),
        names(&["DE", "SB", "WIN"])
    );
    assert_eq!(with("arena", json!(null)), names(&["SB", "BH"]));
    assert_eq!(
        with("swiss", json!(["ARO-C1", "bh-m1", "WON"])),
        names(&["ARO-C1", "BH-M1", "WON"])
    );
    let refused = |kind: &str, list: serde_json::Value| with(kind, list).unwrap_err();
    assert!(refused("swiss", json!(["BH", "XYZ"]))
        .contains("XYZ is not a tie-break offered here: one of BH-C1, BH,"));
    assert!(refused("swiss", json!(["SB", "SB"])).contains("SB is listed twice"));
    assert!(refused("swiss", json!([])).contains("1 to 5 tie-breaks"));
    assert!(
        refused("swiss", json!(["BH", "SB", "DE", "WIN", "WON", "ARO"]))
            .contains("1 to 5 tie-breaks")
    );
    assert!(refused("round_robin", json!(["BH-C1"])).contains("only a Swiss does"));
    assert!(refused("arena", json!(["SB"])).contains("an Arena breaks ties by its own rules"));
}

fn board(round: u32, first: usize, second: usize, outcome: Outcome) -> Board {
    Board {
        round,
        board: 1,
        first,
        second: Some(second),
        game_id: None,
        outcome: Some(outcome),
        plies: 40,
        berserk: [false; 2],
    }
}

#[test]
fn a_request_is_checked_with_its_reasons() {
    let ok = request();
    assert_eq!(
        ok.check(1_000_000, &LIMITS).unwrap(),
        Checked {
            name: "Club night".into(),
            max_entrants: 64,
            rounds: 0,
            round_pause_ms: 0,
            minutes: 0,
            late_bye_half_points: None,
            half_point_byes: 0,
            tie_breaks: kind_tie_breaks(Kind::RoundRobin),
        }
    );
    let paused = |seconds: u32| TournamentRequest {
        round_pause_s: seconds,
        ..request()
    };
    assert_eq!(
        paused(3600)
            .check(1_000_000, &LIMITS)
            .unwrap()
            .round_pause_ms,
        3_600_000
    );
    let swiss = |rounds: Option<u32>| TournamentRequest {
        kind: Kind::Swiss,
        rounds,
        ..request()
    };
    assert_eq!(swiss(None).check(1_000_000, &LIMITS).unwrap().rounds, 5);
    assert_eq!(
        swiss(Some(20)).check(1_000_000, &LIMITS).unwrap().rounds,
        20
    );
    let refused = |r: TournamentRequest| r.check(1_000_000, &LIMITS).unwrap_err().to_string();
    assert!(refused(paused(3601)).contains("the pause between rounds is 0 to 3600 seconds"));
    assert!(refused(TournamentRequest {
        kind: Kind::Arena,
        round_pause_s: 30,
        ..request()
    })
    .contains("not an Arena"));
    assert!(refused(swiss(Some(0))).contains("a Swiss has 1 to 20 rounds"));
    assert!(refused(swiss(Some(21))).contains("a Swiss has 1 to 20 rounds"));
    assert!(refused(TournamentRequest {
        rounds: Some(3),
        ..request()
    })
    .contains("rounds are chosen for a Swiss only"));
    let arena = |minutes| TournamentRequest {
        kind: Kind::Arena,
        minutes,
        ..request()
    };
    assert_eq!(arena(None).check(1_000_000, &LIMITS).unwrap().minutes, 60);
    assert_eq!(arena(Some(5)).check(1_000_000, &LIMITS).unwrap().minutes, 5);
    assert_eq!(
        arena(Some(720)).check(1_000_000, &LIMITS).unwrap().minutes,
        720
    );
    assert!(refused(arena(Some(4))).contains("an Arena lasts 5 to 720 minutes"));
    assert!(refused(arena(Some(721))).contains("an Arena lasts 5 to 720 minutes"));
    assert!(refused(TournamentRequest {
        time_control: TimeControl::Correspondence { days_per_move: 1 },
        ..arena(None)
    })
    .contains("not days per move"));
    assert!(refused(TournamentRequest {
        minutes: Some(30),
        ..request()
    })
    .contains("for an Arena only"));
    assert!(refused(TournamentRequest {
        time_control: TimeControl::None,
        ..request()
    })
    .contains("needs a clock"));
    assert!(refused(TournamentRequest {
        name: "  ".into(),
        ..request()
    })
    .contains("name"));
    assert!(refused(TournamentRequest {
        starts_ms: 0,
        ..request()
    })
    .contains("passed"));
    assert!(refused(TournamentRequest {
        max_entrants: Some(65),
        ..request()
    })
    .contains("2 to 64 entrants"));
    assert!(refused(TournamentRequest {
        max_entrants: Some(1),
        ..request()
    })
    .contains("2 to 64"));
}

#[test]
fn names_round_trip() {
    for kind in [
        Kind::RoundRobin,
        Kind::DoubleRoundRobin,
        Kind::Swiss,
        Kind::Arena,
    ] {
        assert_eq!(Kind::parse(kind.as_str()).unwrap(), kind);
    }
    for state in State::ALL {
        assert_eq!(State::parse(state.as_str()).unwrap(), state);
    }
    for outcome in Outcome::ALL {
        assert_eq!(parse_outcome(outcome_text(outcome)).unwrap(), outcome);
    }
    assert!(parse_outcome("2-0").is_err());
}

#[test]
fn a_withdrawn_entrants_games_are_forfeited_when_paired_and_the_bye_is_board_zero() {
    let round = Round {
        games: vec![
            Pairing {
                first: E(0),
                second: E(1),
            },
            Pairing {
                first: E(2),
                second: E(3),
            },
        ],
        bye: Some(E(4)),
    };
    let mut ids = 0;
    let boards = boards(3, &round, &[3], || {
        ids += 1;
        format!("game{ids}")
    });
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0].game_id.as_deref(), Some("game1"));
    assert_eq!(boards[0].outcome, None);
    assert_eq!(boards[1].game_id, None);
    assert_eq!(boards[1].outcome, Some(Outcome::FirstWonByForfeit));
    assert_eq!((boards[2].board, boards[2].first), (0, 4));
    assert_eq!(boards[2].second, None);
    assert!(boards.iter().all(|b| b.round == 3));
}

#[test]
fn standings_and_sonneborn_berger_on_a_hand_worked_table() {
    // Four players: 0 beats 1 and 2, draws 3; 1 beats 2 and 3; 2 beats 3 by forfeit.
    // Points: 0 2.5, 1 2, 2 1, 3 0.5. A round robin's pairings are fixed, so the forfeit
    // counts as 2 and 3's game. By default: direct encounter (nobody level: 0), SB, wins.
    // SB: 0: 2 (beat 1) + 1 (beat 2) + 0.25 (drew 3) = 3.25; 1: 1 (beat 2) + 0.5 (beat 3) =
    // 1.5; 2: 0.5 (beat 3 by forfeit); 3: 2.5 * 0.5 = 1.25. Wins: 2, 2, 1 (the forfeit), 0.
    let boards = [
        board(1, 0, 1, Outcome::FirstWon),
        board(1, 2, 3, Outcome::FirstWonByForfeit),
        board(2, 2, 0, Outcome::SecondWon),
        board(2, 3, 1, Outcome::SecondWon),
        board(3, 0, 3, Outcome::Draw),
        board(3, 1, 2, Outcome::FirstWon),
    ];
    let kind = Kind::RoundRobin;
    let table = standings(kind, &kind_tie_breaks(kind), 4, &boards, &[], &[]).unwrap();
    let got: Vec<(usize, usize, f64, Vec<f64>)> = table
        .iter()
        .map(|s| (s.rank, s.entrant, s.points, s.tie_breaks.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, 0, 2.5, vec![0.0, 3.25, 2.0]),
            (2, 1, 2.0, vec![0.0, 1.5, 2.0]),
            (3, 2, 1.0, vec![0.0, 0.5, 1.0]),
            (4, 3, 0.5, vec![0.0, 1.25, 0.0])
        ]
    );
    assert!(table.iter().all(|s| s.games == 3));
    let cross = crosstable(4, &boards);
    assert_eq!(cross[0], vec!["", "1", "1", "½"]);
    assert_eq!(cross[2][3], "+");
    assert_eq!(cross[3][2], "-");
    assert_eq!(cross[3][0], "½");
}

#[test]
fn equal_points_and_tie_break_share_a_place() {
    let boards = [board(1, 0, 1, Outcome::Draw)];
    let kind = Kind::RoundRobin;
    let table = standings(kind, &kind_tie_breaks(kind), 3, &boards, &[], &[]).unwrap();
    assert_eq!(table[0].rank, 1);
    assert_eq!(table[1].rank, 1);
    assert_eq!((table[2].rank, table[2].entrant, table[2].games), (3, 2, 0));
}

fn bye(round: u32, entrant: usize) -> Board {
    Board {
        round,
        board: 0,
        first: entrant,
        second: None,
        game_id: None,
        outcome: None,
        plies: 0,
        berserk: [false; 2],
    }
}

#[test]
fn a_swiss_scores_the_bye_as_a_win_and_ranks_by_buchholz_with_dummy_opponents() {
    // Three players, two rounds: 0 beats 1 and 2 has the bye; then 2 and 0 draw, 1 has the bye.
    // Points: 0 1.5, 2 1.5 (bye 1), 1 1 (bye 1). A bye meets a dummy opponent with the
    // player's own score. By default: Buchholz Cut-1, Buchholz, Sonneborn-Berger, DE.
    // Buchholz: 0: 1 (1) + 1.5 (2) = 2.5; 1: 1.5 (0) + its own 1 = 2.5; 2: its own 1.5 + 1.5
    // (0) = 3; each less its lowest value: 1.5. SB: 0: 1 x 1 + 1.5 x ½ = 1.75; 1: 1 x 1 = 1;
    // 2: 1.5 x 1 + 1.5 x ½ = 2.25.
    let mut boards = vec![
        board(1, 0, 1, Outcome::FirstWon),
        bye(1, 2),
        board(2, 2, 0, Outcome::Draw),
        bye(2, 1),
    ];
    let expected = vec![
        (1, 2, 1.5, vec![1.5, 3.0, 2.25, 0.0]),
        (2, 0, 1.5, vec![1.5, 2.5, 1.75, 0.0]),
        (3, 1, 1.0, vec![1.5, 2.5, 1.0, 0.0]),
    ];
    let table = |boards: &[Board]| -> Vec<(usize, usize, f64, Vec<f64>)> {
        let kind = Kind::Swiss;
        standings(kind, &kind_tie_breaks(kind), 3, boards, &[], &[])
            .unwrap()
            .iter()
            .map(|s| (s.rank, s.entrant, s.points, s.tie_breaks.clone()))
            .collect()
    };
    assert_eq!(table(&boards), expected);
    // A round under way does not count until it is complete.
    boards.push(Board {
        outcome: None,
        ..board(3, 1, 2, Outcome::Draw)
    });
    assert_eq!(table(&boards), expected);
    // A round robin's bye scores nothing.
    let kind = Kind::RoundRobin;
    let robin = standings(kind, &kind_tie_breaks(kind), 3, &boards, &[], &[]).unwrap();
    assert_eq!((robin[2].entrant, robin[2].points), (1, 0.0));
}

/// A running Swiss `id` of `rounds` rounds at round `round`.
pub(super) fn swiss(id: &str, rounds: u32, round: u32) -> Tournament {
    Tournament {
        id: id.into(),
        name: "Swiss".into(),
        organiser: "o".into(),
        game: "kauri".into(),
        settings: BTreeMap::new(),
        time_control: TimeControl::None,
        rated: false,
        kind: Kind::Swiss,
        entry: Entry::Open,
        max_entrants: 64,
        starts_ms: 0,
        state: State::Running,
        round,
        rounds,
        round_pause_ms: 0,
        next_round_ms: None,
        minutes: 0,
        late_bye_half_points: Some(0),
        half_point_byes: 2,
        tie_breaks: kind_tie_breaks(Kind::Swiss),
    }
}

#[test]
fn a_swiss_and_an_arena_number_their_entrants_by_rating_and_a_round_robin_by_entry() {
    use crate::domain::ids::AccountId;
    use pairing::seeded;
    let [ada, bo, cy, di] =
        ["ada", "bo", "cy", "di"].map(|n| AccountId::from_stored(n.to_string()));
    let entered = [ada.clone(), bo.clone(), cy.clone(), di.clone()];
    // Bo 1700 and Di 1400 have played rated; Ada and Cy count at 1500, Ada first by entry.
    let ratings = [(bo.clone(), 1700.2), (di.clone(), 1400.0)];
    assert_eq!(
        seeded(Kind::Swiss, &entered, &ratings),
        [bo.clone(), ada.clone(), cy.clone(), di.clone()]
    );
    assert_eq!(
        seeded(Kind::Arena, &entered, &ratings),
        [bo.clone(), ada.clone(), cy.clone(), di.clone()]
    );
    assert_eq!(seeded(Kind::RoundRobin, &entered, &ratings), entered);
    assert_eq!(seeded(Kind::Swiss, &entered, &[]), entered);
}

#[test]
fn a_swiss_pairs_every_round_alike_without_repeats_and_ends_when_it_cannot() {
    use super::pairing::{next_round, rounds_in_all};
    assert_eq!(rounds_in_all(Kind::Swiss, 6, 20), 5);
    assert_eq!(rounds_in_all(Kind::Swiss, 5, 20), 5);
    assert_eq!(rounds_in_all(Kind::Swiss, 20, 5), 5);
    assert_eq!(rounds_in_all(Kind::DoubleRoundRobin, 4, 0), 6);
    // Five players, five rounds: each round from the results so far (the lower number wins).
    let mut boards: Vec<Board> = Vec::new();
    let (mut met, mut byes) = (std::collections::BTreeSet::new(), Vec::new());
    for round in 0..5 {
        let t = swiss("AAAAAAAAAAAA", 5, round);
        let next = next_round(&t, 5, &boards, &[], &[]).unwrap().unwrap();
        assert_eq!(next_round(&t, 5, &boards, &[], &[]).unwrap().unwrap(), next);
        let mut ids = 0;
        for mut b in super::boards(round + 1, &next, &[], || {
            ids += 1;
            ids.to_string()
        }) {
            match b.second {
                Some(second) => {
                    assert!(met.insert((b.first.min(second), b.first.max(second))));
                    b.outcome = Some(if b.first < second {
                        Outcome::FirstWon
                    } else {
                        Outcome::SecondWon
                    });
                }
                None => byes.push(b.first),
            }
            boards.push(b);
        }
    }
    byes.sort();
    assert_eq!(byes, vec![0, 1, 2, 3, 4]);
    assert_eq!(met.len(), 10);
    // A sixth round would repeat a game: the Swiss ends instead.
    let t = swiss("AAAAAAAAAAAA", 6, 5);
    assert_eq!(next_round(&t, 5, &boards, &[], &[]).unwrap(), None);
}

#[test]
fn an_arena_pairs_the_free_players_and_scores_streaks_from_the_boards() {
    use super::arena::{next_wave, sheets};
    let arena_board = |round, first, second, outcome: Option<Outcome>| Board {
        outcome,
        ..board(round, first, second, Outcome::Draw)
    };
    // Wave 1 pairs all four; 0 beats 1, 2 and 3 still play.
    let first = next_wave(4, &[], &[]).unwrap().unwrap();
    assert_eq!(first.games.len(), 2);
    let mut boards = vec![
        arena_board(1, 0, 1, Some(Outcome::FirstWon)),
        arena_board(1, 2, 3, None),
    ];
    // 0 and 1 are free, and nobody else: they meet again.
    let wave = next_wave(4, &boards, &[]).unwrap().unwrap();
    assert_eq!(wave.games.len(), 1);
    assert_eq!(wave.bye, None);
    // 1 withdrew: nobody to pair 0 with.
    assert_eq!(next_wave(4, &boards, &[1]).unwrap(), None);
    // 2-3 ends: 0 and 2 (the winners) are paired, and 1 and 3, no rematch.
    boards[1].outcome = Some(Outcome::FirstWon);
    let wave = next_wave(4, &boards, &[]).unwrap().unwrap();
    let mut pairs: Vec<(usize, usize)> = wave
        .games
        .iter()
        .map(|p| (p.first.0.min(p.second.0), p.first.0.max(p.second.0)))
        .collect();
    pairs.sort();
    assert_eq!(pairs, vec![(0, 2), (1, 3)]);
    // 0 wins twice more: on fire from its third game; a berserk win of 14 plies adds one.
    boards.push(arena_board(2, 0, 2, Some(Outcome::FirstWon)));
    boards.push(Board {
        plies: 14,
        berserk: [false, true],
        ..arena_board(3, 1, 0, Some(Outcome::SecondWon))
    });
    let sheets = sheets(4, &boards).unwrap();
    let points: Vec<u32> = sheets[0].lines.iter().map(|l| l.points).collect();
    assert_eq!(points, vec![2, 2, 5]);
    assert!(sheets[0].on_fire());
    let kind = Kind::Arena;
    let table = standings(kind, &kind_tie_breaks(kind), 4, &boards, &[], &[]).unwrap();
    assert_eq!(
        (table[0].entrant, table[0].points, table[0].games),
        (0, 9.0, 3)
    );
}
