//! Rules tests on positions built by hand, the board against the spec's table, and the spec's
//! reference figures.

use tafel_core::conformance::check_random_game;
use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::record::describe_status;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Player, PlayerSet, Status};

use super::*;

fn game(pairs: &[(&str, &str)]) -> KarlsRace {
    KarlsRace::new(KarlsRaceSettings::from_pairs("karls-race", pairs).unwrap()).unwrap()
}

fn two() -> KarlsRace {
    game(&[])
}

fn four() -> KarlsRace {
    game(&[("players", "4")])
}

fn at(game: &KarlsRace, code: &str) -> State {
    game.parse_position(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// The legal moves of `code` in notation, separated by spaces.
fn moves(game: &KarlsRace, code: &str) -> String {
    let state = at(game, code);
    game.legal_move_vec(&state)
        .iter()
        .map(|&m| game.format_move(&state, m))
        .collect::<Vec<_>>()
        .join(" ")
}

fn play(game: &KarlsRace, state: &State, text: &str) -> State {
    let mv = game
        .parse_legal_move(state, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    game.after(state, mv)
}

#[test]
fn neighbours_equal_the_spec_table() {
    // sq: E, S, W, N, exactly as the spec's table lists them.
    let table = [
        ("A", "B", "GH", "", ""),
        ("B", "CE", "JK", "AH", ""),
        ("C", "D", "EF", "B", ""),
        ("D", "", "I", "CF", ""),
        ("E", "FI", "K", "B", "C"),
        ("F", "D", "I", "E", "C"),
        ("G", "HJ", "L", "", "A"),
        ("H", "B", "J", "G", "A"),
        ("I", "", "MN", "EK", "DF"),
        ("J", "K", "L", "G", "BH"),
        ("K", "IM", "OP", "JL", "BE"),
        ("L", "KO", "RS", "", "GJ"),
        ("M", "N", "PQ", "K", "I"),
        ("N", "", "T", "MQ", "I"),
        ("O", "P", "U", "LS", "K"),
        ("P", "QT", "", "OU", "KM"),
        ("Q", "N", "T", "P", "M"),
        ("R", "SU", "", "", "L"),
        ("S", "O", "U", "R", "L"),
        ("T", "", "", "P", "NQ"),
        ("U", "P", "", "R", "OS"),
    ];
    let board = board();
    for (i, (sq, e, s, w, n)) in table.into_iter().enumerate() {
        let square = i as Square;
        assert_eq!(square_name(square).to_string(), sq);
        for (dir, expected) in [(Dir::E, e), (Dir::S, s), (Dir::W, w), (Dir::N, n)] {
            let expected = if expected.is_empty() { "-" } else { expected };
            assert_eq!(
                set_names(board.neighbours(square, dir)),
                expected,
                "{sq} {dir:?}"
            );
        }
    }
}

#[test]
fn board_has_the_spec_sizes_and_corners() {
    let sizes: String = (0..SQUARES as Square)
        .map(|sq| format!("{}{}", square_name(sq), board().size(sq)))
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        sizes,
        "A4 B5 C3 D4 E2 F1 G3 H1 I5 J2 K6 L5 M2 N3 O2 P5 Q1 R4 S1 T4 U3"
    );
    let corners: String = [Corner::NW, Corner::NE, Corner::SW, Corner::SE]
        .into_iter()
        .map(|c| square_name(c.square()))
        .collect();
    assert_eq!(corners, "ADRT");
    // No two squares of equal size share a piece of an edge (the tiling is alternating).
    for sq in 0..SQUARES as Square {
        for dir in Dir::ALL {
            for other in squares_in(board().neighbours(sq, dir)) {
                assert_ne!(board().size(sq), board().size(other));
            }
        }
    }
}

#[test]
fn the_embedded_board_equals_the_shared_data_file() {
    // The shared folder sits beside the main checkout (`../shared`), or beside the folder of
    // worktrees; it is not part of every checkout.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let shared = ["/../shared", "/../../shared"]
        .iter()
        .map(|up| format!("{root}{up}/data/karls-race-board.json"))
        .find_map(|path| std::fs::read_to_string(path).ok());
    let Some(text) = shared else {
        return;
    };
    let parse = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
    assert_eq!(parse(&text), parse(include_str!("board.json")));
}

#[test]
fn bad_board_files_are_refused() {
    let good: serde_json::Value = serde_json::from_str(include_str!("board.json")).unwrap();
    let mut overlapping = good.clone();
    overlapping["squares"][1]["x"] = 3.into();
    assert!(Board::from_json(&overlapping.to_string())
        .unwrap_err()
        .to_string()
        .contains("overlaps"));
    let mut renamed = good.clone();
    renamed["squares"][0]["name"] = "Z".into();
    assert!(Board::from_json(&renamed.to_string())
        .unwrap_err()
        .to_string()
        .contains("named Z"));
    assert!(Board::from_json("{}").is_err());
}

#[test]
fn start_positions_follow_the_settings() {
    assert_eq!(two().format_position(&two().start()), "w:ABCGHJ:MNPQTU");
    let code = |pairs: &[(&str, &str)]| {
        let g = game(pairs);
        g.format_position(&g.start())
    };
    assert_eq!(code(&[("start", "ABCEGH")]), "w:ABCEGH:NOPQTU");
    assert_eq!(code(&[("start", "ACGHJL")]), "w:ACGHJL:IMNQTU");
    assert_eq!(code(&[("first", "black")]), "b:ABCGHJ:MNPQTU");
    // Four players: fields NW, NE, SW, SE; South-East moves first.
    assert_eq!(code(&[("players", "4")]), "se:AGHJ:CDEF:ORSU:MNQT");
    assert_eq!(
        code(&[("players", "4"), ("start4", "corner")]),
        "se:ABGH:CDFI:LRSU:NPQT"
    );
    assert_eq!(
        code(&[("players", "4"), ("first", "nw")]),
        "nw:AGHJ:CDEF:ORSU:MNQT"
    );
}

#[test]
fn seats_teams_and_names() {
    let g = two();
    assert_eq!(g.player_name(Player(0)), "White");
    assert_eq!(g.player_name(Player(1)), "Black");
    assert_ne!(g.team_of(Player(0)), g.team_of(Player(1)));
    let g = four();
    let seats: Vec<&str> = (0..4).map(|p| g.player_name(Player(p))).collect();
    assert_eq!(
        seats,
        ["South-East", "South-West", "North-West", "North-East"]
    );
    // NW + SE against NE + SW.
    assert_eq!(g.team_of(Player(0)), g.team_of(Player(2)));
    assert_eq!(g.team_of(Player(1)), g.team_of(Player(3)));
    assert_ne!(g.team_of(Player(0)), g.team_of(Player(1)));
}

#[test]
fn whites_options_per_die_at_the_start() {
    let g = two();
    let expected = [
        "Q-M Q-P",
        "M-I M-K",
        "N-I N-M N-Q U-O U-R U-S",
        "T-N T-P T-Q",
        "P-K P-M P-O P-U",
        "P-K P-M P-O P-U",
    ];
    assert_eq!(g.status(&g.start()), Status::Chance);
    assert_eq!(moves(&g, "w:ABCGHJ:MNPQTU"), "1 2 3 4 5 6");
    for (die, expected) in (1..=6).zip(expected) {
        let code = format!("w{die}:ABCGHJ:MNPQTU");
        assert_eq!(moves(&g, &code), expected, "die {die}");
    }
}

#[test]
fn perft_matches_the_spec() {
    let g = two();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &g.start(), d)).collect();
    assert_eq!(counts, [21, 441, 10008]);
}

#[test]
fn a_missing_size_falls_to_the_next_lower_size() {
    // White on M (2) and N (3), no 4 and nothing larger: a 4 moves the stone on N.
    assert_eq!(moves(&two(), "w4:AB:MN"), "N-I N-M N-Q");
    // Black on H (1) alone: a 4 moves it.
    assert_eq!(moves(&two(), "b4:H:MN"), "H-B H-J");
}

#[test]
fn a_missing_size_rises_to_the_next_higher_size() {
    // White on T (4) and P (5), nothing smaller: a 1 moves the stone on T.
    assert_eq!(moves(&two(), "w1:AB:PT"), "T-N T-P T-Q");
    assert_eq!(moves(&two(), "w2:AB:PT"), "T-N T-P T-Q");
}

#[test]
fn a_missing_size_opens_both_neighbouring_sizes() {
    // White on M and O (2) and T (4): a 3 moves either size-2 stone or the one on T.
    assert_eq!(
        moves(&two(), "w3:AB:MOT"),
        "M-I M-K O-K O-L O-S T-N T-P T-Q"
    );
    // Black on B (5) and H (1): a 3 opens both.
    assert_eq!(moves(&two(), "b3:BH:T"), "B-C B-E B-J B-K H-B H-J");
    // Sizes further away stay closed: White on Q (1), M (2), T (4), P (5); a 3 opens M and T.
    assert_eq!(moves(&two(), "w3:A:MPQT"), "M-I M-K T-N T-P T-Q");
}

#[test]
fn a_six_with_the_centre_empty_moves_the_next_size_down() {
    assert_eq!(moves(&two(), "w6:AB:PQ"), "P-K P-M P-O P-U");
    assert_eq!(moves(&two(), "b6:BH:T"), "B-C B-E B-J B-K");
    // An enemy stone on K does not count: the die concerns one's own stones.
    assert_eq!(moves(&two(), "w6:AK:PQ"), "P-K P-M P-O P-U");
    // Nothing above 6, nothing between: with only size-1 stones a 6 moves them.
    assert_eq!(moves(&two(), "w6:A:Q"), "Q-M Q-P");
    // With one's own stone on K, a 6 moves only that stone.
    assert_eq!(moves(&two(), "w6:A:KP"), "K-B K-E K-J K-L");
}

#[test]
fn a_step_removes_any_stone_on_its_square_even_ones_own() {
    let g = two();
    let own = play(&g, &at(&g, "w5:AB:KP"), "P-K");
    assert_eq!(g.format_position(&own), "b:AB:K");
    assert_eq!(g.status(&own), Status::Chance);
    let enemy = play(&g, &at(&g, "w5:ABK:P"), "P-K");
    assert_eq!(g.format_position(&enemy), "b:AB:K");
    let black = play(&g, &at(&g, "b4:AH:BM"), "A-B");
    assert_eq!(g.format_position(&black), "w:BH:M");
}

#[test]
fn reaching_the_opposite_corner_wins() {
    let g = two();
    let white = play(&g, &at(&g, "w3:CD:GT"), "G-A");
    assert_eq!(g.format_position(&white), "b:CD:AT");
    assert_eq!(
        g.status(&white),
        Status::Over(tafel_core::Outcome::win(Player(0), REASON_CORNER))
    );
    assert!(g.legal_move_vec(&white).is_empty());
    assert_eq!(
        describe_status(&g, &white),
        "White wins (reached the opposite corner)"
    );
    let black = play(&g, &at(&g, "b3:N:MQ"), "N-T");
    assert_eq!(
        g.status(&black),
        Status::Over(tafel_core::Outcome::win(Player(1), REASON_CORNER))
    );
    // Standing on one's own start corner is no win: the start position goes on.
    assert_eq!(g.status(&at(&g, "w:A:T")), Status::Chance);
}

#[test]
fn removing_the_last_enemy_stone_wins() {
    let g = two();
    let won = play(&g, &at(&g, "w5:K:P"), "P-K");
    assert_eq!(g.format_position(&won), "b:-:K");
    assert_eq!(
        g.status(&won),
        Status::Over(tafel_core::Outcome::win(Player(0), REASON_NO_STONES))
    );
    assert!(g.legal_move_vec(&won).is_empty());
}

#[test]
fn a_record_carries_the_die_of_every_ply() {
    let g = two();
    let mut state = g.start();
    let mut played = Vec::new();
    for text in ["3", "U-S", "5", "B-K", "1", "Q-P"] {
        let mv = g.parse_legal_move(&state, text).unwrap();
        g.apply(&mut state, mv);
        played.push(mv);
    }
    assert_eq!(
        g.write_movetext(&g.start(), &played),
        "1. 3 U-S\n2. 5 B-K\n3. 1 Q-P\n"
    );
    // Each die takes the number of the move it allows, also a roll not yet used.
    assert_eq!(g.move_numbers(&g.start(), &played), [1, 1, 2, 2, 3, 3]);
    let roll = g.parse_legal_move(&state, "4").unwrap();
    played.push(roll);
    assert_eq!(g.move_numbers(&g.start(), &played)[6], 4);
    assert!(g
        .write_movetext(&g.start(), &played)
        .ends_with("3. 1 Q-P\n4. 4\n"));
    assert_eq!(g.format_position(&state), "b:ACGHJK:MNPST");
}

#[test]
fn four_players_take_turns_clockwise_from_south_east() {
    let g = four();
    let mut state = g.start();
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(g.player_name(state.to_move()));
        assert_eq!(g.status(&state), Status::Chance);
        state = play(&g, &state, "1");
        let mv = g.legal_move_vec(&state)[0];
        g.apply(&mut state, mv);
    }
    assert_eq!(
        order,
        [
            "South-East",
            "South-West",
            "North-West",
            "North-East",
            "South-East"
        ]
    );
    // South-East's options at the start with a 1: its stone on Q (size 1) steps north or west.
    assert_eq!(moves(&g, "se1:AGHJ:CDEF:ORSU:MNQT"), "Q-M Q-P");
    // North-East moves south and west: from F (size 1) to I or E.
    assert_eq!(moves(&g, "ne1:AGHJ:CDEF:ORSU:MNQT"), "F-E F-I");
}

#[test]
fn a_player_without_stones_passes_without_rolling() {
    let g = four();
    // South-West has no stones; its partner North-East still has one.
    let state = at(&g, "sw:H:C:-:M");
    assert_eq!(g.status(&state), Status::ToMove(Player(1)));
    assert_eq!(moves(&g, "sw:H:C:-:M"), "pass");
    let after = play(&g, &state, "pass");
    assert_eq!(g.format_position(&after), "nw:H:C:-:M");
    assert_eq!(g.status(&after), Status::Chance);
    // A forced pass is one ply.
    assert_eq!(perft(&g, &state, 1), 1);
    let err = g.parse_position("sw3:H:C:-:M").unwrap_err().to_string();
    assert!(err.contains("no stone, so no die"), "{err}");
}

#[test]
fn a_team_wins_together() {
    let g = four();
    let team = PlayerSet::single(Player(0)).with(Player(2));
    // North-West steps onto T, South-East's home corner: North-West and South-East win.
    let corner = play(&g, &at(&g, "nw3:N:C:-:M"), "N-T");
    assert_eq!(
        g.status(&corner),
        Status::Over(tafel_core::Outcome {
            winners: team,
            scores: None,
            reason: REASON_CORNER
        })
    );
    assert_eq!(
        describe_status(&g, &corner),
        "South-East and North-West win (reached the opposite corner)"
    );
    // South-East takes North-East's last stone while South-West has none: the team of
    // North-East and South-West has no stone left and loses.
    let wiped = play(&g, &at(&g, "se2:H:K:-:M"), "M-K");
    assert_eq!(
        g.status(&wiped),
        Status::Over(tafel_core::Outcome {
            winners: team,
            scores: None,
            reason: REASON_NO_STONES
        })
    );
    // One partner without stones is no loss: the game goes on.
    assert_eq!(g.status(&at(&g, "ne:H:K:-:M")), Status::Chance);
    // A partner's stone may be removed, and a stone of another seat on one's target corner
    // is no win for that seat: North-East stands on T.
    let partner = play(&g, &at(&g, "nw2:J:T:R:K"), "J-K");
    assert_eq!(g.format_position(&partner), "ne:K:T:R:-");
    assert_eq!(g.status(&partner), Status::Chance);
}

#[test]
fn moves_are_read_and_checked() {
    let g = two();
    let s = g.start();
    assert_eq!(g.parse_move(&s, "3").unwrap(), Move::Roll(3));
    assert_eq!(
        g.parse_move(&s, "u-s").unwrap(),
        Move::Step { from: 20, to: 18 }
    );
    assert_eq!(g.parse_move(&s, "PASS").unwrap(), Move::Pass);
    let cases = [
        ("7", "1 to 6"),
        ("0", "1 to 6"),
        ("V-A", "`V` is not a square"),
        ("A-9", "at character 3"),
        ("AB", "expected a die value"),
        ("", "expected a die value"),
    ];
    for (text, expected) in cases {
        let err = g.parse_move(&s, text).unwrap_err().to_string();
        assert!(err.contains(expected), "`{text}`: {err}");
    }
    let err = g.parse_legal_move(&at(&g, "w1:ABCGHJ:MNPQTU"), "P-K");
    assert!(
        err.unwrap_err().to_string().contains("legal here: Q-M Q-P"),
        "an illegal step names the legal ones"
    );
}

#[test]
fn position_codes_are_checked() {
    let g = two();
    let cases = [
        ("w:ABC", "expected 3 fields"),
        ("x:A:T", "`x` is not a side to move (expected w, b)"),
        ("w7:A:T", "one digit 1 to 6, not `7`"),
        ("w12:A:T", "not `12`"),
        ("w:A:", "White's field is empty"),
        ("w:AZ:T", "at character 4: `Z` is not a square"),
        ("w:AB:BT", "square B holds two stones"),
        ("w:ABCDEFG:T", "Black has 7 stones"),
        ("w3:AT:MN", "game is over"),
        ("w:T:A", "both sides"),
        ("w:-:-", "both sides"),
    ];
    for (code, expected) in cases {
        let err = g.parse_position(code).unwrap_err().to_string();
        assert!(err.contains(expected), "`{code}`: {err}");
    }
    assert_eq!(g.format_position(&at(&g, "B6:hbA:tq")), "b6:ABH:QT");
    let g = four();
    let err = g.parse_position("w:A:D:R:T").unwrap_err().to_string();
    assert!(err.contains("expected se, sw, nw, ne"), "{err}");
    let err = g.parse_position("se:ABGHJ:D:R:T").unwrap_err().to_string();
    assert!(err.contains("North-West has 5 stones"), "{err}");
}

#[test]
fn settings_are_validated() {
    let err = |pairs: &[(&str, &str)]| match KarlsRaceSettings::from_pairs("karls-race", pairs) {
        Err(e) => e.to_string(),
        Ok(s) => KarlsRace::new(s).unwrap_err().to_string(),
    };
    assert!(err(&[("players", "3")]).contains("expected one of 2, 4"));
    assert!(err(&[("start", "ABCDEF")]).contains("ABCGHJ, ABCEGH, ACGHJL"));
    assert!(err(&[("start4", "edge")]).contains("quadrant, corner"));
    assert!(err(&[("first", "red")]).contains("white or black"));
    assert!(err(&[("first", "ne")]).contains("only white or black"));
    let settings = |pairs: &[(&str, &str)]| {
        let s = KarlsRaceSettings::from_pairs("karls-race", pairs).unwrap();
        tafel_core::settings::pairs_to_string(&s.to_pairs())
    };
    assert_eq!(
        settings(&[]),
        "players=2 start=ABCGHJ start4=quadrant first=white"
    );
    assert_eq!(
        settings(&[("players", "4"), ("first", "ne")]),
        "players=4 start=ABCGHJ start4=quadrant first=ne"
    );
    assert_eq!(
        settings(&[("first", "nw")]),
        settings(&[("first", "black")])
    );
}

#[test]
fn random_games_follow_the_rules_in_every_form() {
    let forms: [&[(&str, &str)]; 4] = [
        &[("players", "4"), ("start4", "corner")],
        &[("players", "4"), ("first", "ne")],
        &[("first", "black"), ("start", "ACGHJL")],
        &[("start", "ABCEGH")],
    ];
    for pairs in forms {
        let g = game(pairs);
        for seed in 0..200 {
            if let Err(e) = check_random_game(&g, seed) {
                panic!("{pairs:?}: {e}");
            }
        }
    }
}

#[test]
fn the_ply_bound_holds() {
    // The bound counts every stone's longest walk; random games stay inside it.
    assert_eq!(two().max_plies(), Some(128));
    for g in [two(), four()] {
        let stats = tafel_core::playout::random_playouts(&g, &g.start(), 5000, 7);
        let bound = g.max_plies().unwrap();
        assert!(stats.longest <= bound, "{} > {bound}", stats.longest);
        assert_eq!(stats.draws, 0);
    }
}

#[test]
fn the_picture_shows_the_tiling_and_the_stones() {
    let g = two();
    let expected = r"┌───────────────┬───────────────────┬───────────┬───────────────┐
│A              │B                  │C          │D              │
│               │                   │           │               │
│               │                   │     ●     │               │
│       ●       │                   │           │               │
│               │         ●         │           │               │
│               │                   ├───────┬───┤               │
│               │                   │E      │F  │               │
├───────────┬───┤                   │       ├───┴───────────────┤
│G          │H● │                   │       │I                  │
│           ├───┴───┬───────────────┴───────┤                   │
│     ●     │J      │K                      │                   │
│           │   ●   │                       │                   │
│           │       │                       │                   │
├───────────┴───────┤                       │                   │
│L                  │                       │                   │
│                   │                       │                   │
│                   │                       │                   │
│                   │                       ├───────┬───────────┤
│                   │                       │M      │N          │
│                   │                       │   ○   │           │
│                   │                       │       │     ○     │
│                   ├───────┬───────────────┴───┬───┤           │
│                   │O      │P                  │Q○ │           │
├───────────────┬───┤       │                   ├───┴───────────┤
│R              │S  │       │                   │T              │
│               ├───┴───────┤                   │               │
│               │U          │         ○         │               │
│               │           │                   │       ○       │
│               │     ○     │                   │               │
│               │           │                   │               │
│               │           │                   │               │
└───────────────┴───────────┴───────────────────┴───────────────┘
○ White (6 stones)
● Black (6 stones)
White to roll the die";
    assert_eq!(g.picture(&g.start()), expected);
    let last_line = |g: &KarlsRace, code: &str| {
        let picture = g.picture(&at(g, code));
        assert!(picture.lines().all(|l| l.chars().count() <= 80));
        picture.lines().last().unwrap().to_string()
    };
    assert_eq!(last_line(&g, "b5:AB:PT"), "Black to move, die 5");
    assert_eq!(
        last_line(&g, "b:AB:-"),
        "Black wins (the opponents have no stone left)"
    );
    let g = four();
    assert_eq!(
        last_line(&g, "sw:H:C:-:M"),
        "South-West has no stone and passes"
    );
    let picture = g.picture(&g.start());
    assert!(picture.contains("○ South-East (4 stones) + ● North-West (4 stones)"));
    assert!(picture.contains("□ South-West (4 stones) + ■ North-East (4 stones)"));
    assert!(picture.lines().all(|l| l.chars().count() <= 80));
}

/// The settings of the two- and four-player forms, the latter with both starts.
const FORMS: [&[(&str, &str)]; 3] = [
    &[],
    &[("players", "4")],
    &[("players", "4"), ("start4", "corner")],
];

#[test]
fn the_counted_random_move_is_the_listed_draw() {
    for pairs in FORMS {
        let g = game(pairs);
        for seed in 0..300 {
            if let Err(e) = tafel_core::conformance::check_own_random_move(&g, seed) {
                panic!("{e}");
            }
        }
    }
}

#[test]
fn the_specialised_playout_plays_the_generic_playouts_games() {
    for pairs in FORMS {
        let g = game(pairs);
        for seed in 0..2000 {
            if let Err(e) = tafel_core::conformance::check_own_playout(&g, seed) {
                panic!("{e}");
            }
        }
    }
}
