use std::time::Duration;

use tafel_tournament::{Entrant as E, Outcome, Pairing, Round};

use super::standings::{crosstable, standings};
use super::*;

const LIMITS: TournamentLimits = TournamentLimits {
    entrants: 64,
    open_per_account: 3,
    no_show: Duration::from_secs(60),
};

fn request() -> TournamentRequest {
    serde_json::from_value(serde_json::json!({
        "name": " Club night ", "game": "kauri",
        "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0},
        "kind": "round_robin", "starts_ms": 1_000_000
    }))
    .unwrap()
}

fn board(round: u32, first: usize, second: usize, outcome: Outcome) -> Board {
    Board {
        round,
        board: 1,
        first,
        second: Some(second),
        game_id: None,
        outcome: Some(outcome),
    }
}

#[test]
fn a_request_is_checked_with_its_reasons() {
    let ok = request();
    assert_eq!(
        ok.check(1_000_000, &LIMITS).unwrap(),
        ("Club night".into(), 64)
    );
    let refused = |r: TournamentRequest| r.check(1_000_000, &LIMITS).unwrap_err().to_string();
    assert!(refused(TournamentRequest {
        kind: Kind::Swiss,
        ..request()
    })
    .contains("Swiss tournaments are not available yet"));
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
    for state in [
        State::Open,
        State::Running,
        State::Finished,
        State::Cancelled,
    ] {
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
    // Points: 0 2.5, 1 2, 2 1, 3 0.5.
    // SB (played games only): 0: 2 (beat 1) + 1 (beat 2) + 0.25 (drew 3) = 3.25;
    // 1: 1 (beat 2) + 0.5 (beat 3) = 1.5; 2: 0 (its win was a forfeit); 3: 2.5 * 0.5 = 1.25.
    let boards = [
        board(1, 0, 1, Outcome::FirstWon),
        board(1, 2, 3, Outcome::FirstWonByForfeit),
        board(2, 2, 0, Outcome::SecondWon),
        board(2, 3, 1, Outcome::SecondWon),
        board(3, 0, 3, Outcome::Draw),
        board(3, 1, 2, Outcome::FirstWon),
    ];
    let table = standings(4, &boards);
    let got: Vec<(usize, usize, f64, f64)> = table
        .iter()
        .map(|s| (s.rank, s.entrant, s.points, s.tie_break))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, 0, 2.5, 3.25),
            (2, 1, 2.0, 1.5),
            (3, 2, 1.0, 0.0),
            (4, 3, 0.5, 1.25)
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
    let table = standings(3, &boards);
    assert_eq!(table[0].rank, 1);
    assert_eq!(table[1].rank, 1);
    assert_eq!((table[2].rank, table[2].entrant, table[2].games), (3, 2, 0));
}
