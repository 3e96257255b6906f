//! Rules tests on positions built by hand, and the spec's reference figures.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Outcome, Status};

use super::*;

fn game(pairs: &[(&str, &str)]) -> Carreaux {
    Carreaux::new(CarreauxSettings::from_pairs("carreaux", pairs).unwrap()).unwrap()
}

fn names(g: &Carreaux, state: &State) -> Vec<String> {
    let moves = g.legal_move_vec(state);
    moves.iter().map(|&m| g.format_move(state, m)).collect()
}

fn play(g: &Carreaux, state: &State, moves: &str) -> State {
    let mut state = state.clone();
    for m in moves.split_whitespace() {
        let mv = g.parse_legal_move(&state, m).unwrap();
        g.apply(&mut state, mv);
    }
    state
}

fn cell(board: &Board, name: &str) -> usize {
    board.parse_name(name).unwrap()
}

#[test]
fn cells_are_named_like_chess_squares_both_ways() {
    let b6 = Board::new(6);
    for (name, index) in [
        ("a6", 0),
        ("f6", 5),
        ("a5", 6),
        ("a1", 30),
        ("f1", 35),
        ("c4", 14),
    ] {
        assert_eq!(cell(&b6, name), index, "{name}");
        assert_eq!(b6.name(index), name);
    }
    let b12 = Board::new(12);
    assert_eq!(cell(&b12, "l12"), 11);
    assert_eq!(cell(&b12, "a1"), 132);
    assert_eq!(cell(&b12, "L1"), 143);
    for board in [&b6, &b12] {
        for c in 0..board.cells() {
            assert_eq!(cell(board, &board.name(c)), c);
        }
    }
    for (bad, reason) in [
        ("g1", "no file g"),
        ("a7", "no rank 7"),
        ("a0", "no rank 0"),
        ("", "expected a cell"),
        ("b", "expected a cell"),
        ("6b", "expected a cell"),
        ("b+6", "expected a cell"),
        ("é6", "expected a cell"),
    ] {
        let err = b6.parse_name(bad).unwrap_err().to_string();
        assert!(err.contains(reason), "`{bad}`: {err}");
    }
}

#[test]
fn distance_table_sums_match_the_spec() {
    let t4 = DistanceTable::shared(4);
    assert_eq!((t4.sum(), t4.max()), (8_216, 15));
    let t6 = DistanceTable::shared(6);
    assert_eq!((t6.sum(), t6.max()), (222_812, 29));
}

#[test]
fn sample_distances_match_the_spec() {
    let board = Board::new(6);
    let table = DistanceTable::shared(6);
    let samples = [
        ("b2", "a2", "a4", 0),
        ("a1", "c1", "b1", 1),
        ("c3", "e3", "a3", 6),
        ("f5", "c4", "d4", 7),
        ("c5", "f6", "e4", 9),
        ("a2", "d1", "e1", 11),
        ("f4", "f1", "a6", 14),
        ("f6", "d1", "a1", 22),
        ("f6", "b1", "a4", 25),
    ];
    for (a, b, e, d) in samples {
        let (a, b, e) = (cell(&board, a), cell(&board, b), cell(&board, e));
        assert_eq!(table.get(a, b, e), d, "({a}, {b}, {e})");
        assert_eq!(table.get(b, a, e), d, "symmetric");
    }
}

/// The distance by a breadth-first search from the one state (a, b, e), written independently
/// of the table's multi-source search.
fn direct_distance(board: &Board, a: usize, b: usize, e: usize) -> u32 {
    let mut seen = std::collections::HashSet::new();
    let mut queue = VecDeque::from([((a, b, e), 0)]);
    seen.insert((a, b, e));
    while let Some(((a, b, e), d)) = queue.pop_front() {
        if board.adjacent(a, b) {
            return d;
        }
        let grid = board.grid();
        for side in crate::grid::Side::ALL {
            let Some(x) = grid.neighbour(e, side) else {
                continue;
            };
            let next = if x == a {
                (e, b, x)
            } else if x == b {
                (a, e, x)
            } else {
                (a, b, x)
            };
            if seen.insert(next) {
                queue.push_back((next, d + 1));
            }
        }
    }
    panic!("the two tiles can always be brought together")
}

#[test]
fn distance_table_agrees_with_direct_search_on_8x8() {
    let board = Board::new(8);
    let table = DistanceTable::shared(8);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(8);
    let mut checked = 0;
    while checked < 40 {
        let (a, b, e) = (
            rng.random_range(0..64),
            rng.random_range(0..64),
            rng.random_range(0..64),
        );
        if a == b || a == e || b == e {
            continue;
        }
        assert_eq!(
            table.get(a, b, e) as u32,
            direct_distance(&board, a, b, e),
            "{} {} {}",
            board.name(a),
            board.name(b),
            board.name(e)
        );
        checked += 1;
    }
}

#[test]
fn one_slide_changes_every_distance_by_at_most_one() {
    for side in [6, 8] {
        let board = Board::new(side);
        let table = DistanceTable::shared(side);
        let n = board.cells();
        for e in 0..n {
            for a in (0..n).filter(|&a| a != e) {
                for b in (0..n).filter(|&b| b != e && b != a) {
                    let before = table.get(a, b, e) as i32;
                    for x in board.neighbours(e).into_iter().filter(|&x| x != NO_CELL) {
                        let x = x as usize;
                        let (a2, b2) = match x {
                            _ if x == a => (e, b),
                            _ if x == b => (a, e),
                            _ => (a, b),
                        };
                        let after = table.get(a2, b2, x) as i32;
                        assert!((after - before).abs() <= 1, "{a} {b} {e} -> {x}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_default_start_matches_the_spec() {
    let g = game(&[]);
    let start = g.start();
    assert_eq!(
        g.format_position(&start),
        "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG"
    );
    assert_eq!(g.group_values(&start), [36, 36]);
    assert_eq!(start.total(), 72);
    assert_eq!(names(&g, &start), ["b6", "a5"]);
    for m in ["b6", "a5"] {
        assert_eq!(play(&g, &start, m).total(), 62, "{m}");
    }
    assert_eq!(g.status(&start), Status::ToMove(RED));
    let expected = [
        " 6 . B G B G B",
        " 5 R G B G B G",
        " 4 G R G B G B",
        " 3 R G R G B G",
        " 2 G R G R G B",
        " 1 R G R G R G",
        "   a b c d e f",
        "group values: Red 36, Blue 36, total 72; Red to move",
    ];
    assert_eq!(g.picture(&start), expected.join("\n"));
}

#[test]
fn perft_matches_the_spec() {
    let g = game(&[]);
    let start = g.start();
    let expected = [2, 4, 4, 4, 4, 4, 0];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn the_other_layouts_split_the_checkerboard_as_documented() {
    let halves = game(&[("layout", "halves")]);
    assert_eq!(
        halves.format_position(&halves.start()),
        "r:.RGRGR/RGRGRG/GRGRGR/BGBGBG/GBGBGB/BGBGBG"
    );
    let rows = game(&[("layout", "rows")]);
    assert_eq!(
        rows.format_position(&rows.start()),
        "r:.RGRGR/BGBGBG/GRGRGR/BGBGBG/GRGRGR/BGBGBG"
    );
    for size in ["4", "8", "10", "12"] {
        for layout in ["diag", "halves", "rows"] {
            let g = game(&[("size", size), ("layout", layout)]);
            let start = g.start();
            let n: usize = size.parse().unwrap();
            assert_eq!(start.red().len(), n * n / 4, "{size} {layout}");
            assert_eq!(start.blue().len(), n * n / 4, "{size} {layout}");
            assert_eq!(start.bubble(), 0);
        }
    }
}

/// Red slides its own tile d3 into the bubble on e3, joining e2 and e1: Red wins.
#[test]
fn a_slide_that_connects_the_sliders_colour_wins_for_it() {
    let g = game(&[]);
    let state = g
        .parse_position("r:GGGGBB/GBGGGG/GGGGGG/GGGR.G/GGGGRG/GGGGRG")
        .unwrap();
    assert_eq!(g.group_values(&state)[0], 1);
    assert!(names(&g, &state).contains(&"d3".to_string()));
    let after = play(&g, &state, "d3");
    assert_eq!(g.group_values(&after)[0], 0);
    assert!(after.total() < state.total());
    assert_eq!(
        g.status(&after),
        Status::Over(Outcome::win(RED, REASON_RED_CONNECTED))
    );
    assert!(g.legal_move_vec(&after).is_empty());
}

/// Red, to move, slides the Blue tile c5 into the bubble on d5, joining e5 and f5: Blue wins.
#[test]
fn a_slide_that_connects_the_other_colour_wins_for_that_colour() {
    let g = game(&[]);
    let state = g
        .parse_position("r:GGRGGG/GGB.BB/GGGGGG/GGGGGG/GGRGGG/GGGGRG")
        .unwrap();
    assert_eq!(g.status(&state), Status::ToMove(RED));
    let after = play(&g, &state, "c5");
    assert_eq!(
        g.status(&after),
        Status::Over(Outcome::win(BLUE, REASON_BLUE_CONNECTED))
    );
}

/// Red's 2 x 2 block on a1-b2 has four touching pairs, so Red's four smallest pair distances
/// are 0, but the tile on f6 is apart: no win.
#[test]
fn group_value_zero_without_connection_is_no_win() {
    let g = game(&[]);
    let state = g
        .parse_position("r:.GBGGR/GGGGGG/GGBGGG/GGGGGG/RRGGBG/RRGBGB")
        .unwrap();
    let [red, blue] = g.group_values(&state);
    assert_eq!(red, 0);
    assert!(blue > 0);
    assert!(!state.red().is_connected(g.board()));
    assert_eq!(g.status(&state), Status::ToMove(RED));
    // The spanning-tree variant sees the gap.
    let mst = game(&[("group", "mst")]);
    let state = mst.parse_position(&g.format_position(&state)).unwrap();
    assert!(mst.group_values(&state)[0] > 0);
}

/// The default start's first line: after six slides every slide raises the total.
#[test]
fn no_legal_move_ends_the_game_under_each_stalemate_setting() {
    let code = "r:BGBBGB/RGGGBG/GRRBGB/RGG.BG/GRGRGB/RGRGRG";
    let g = game(&[]);
    let played = play(&g, &g.start(), "b6 c6 c5 c4 c3 d3");
    assert_eq!(g.format_position(&played), code);
    let state = g.parse_position(code).unwrap();
    assert_eq!(state.total(), 40);
    assert_eq!(
        g.totals_after(&state),
        [Some(44), Some(42), Some(42), Some(47)]
    );
    assert!(g.legal_move_vec(&state).is_empty());
    assert_eq!(
        g.status(&state),
        Status::Over(Outcome::draw(REASON_NO_LOWERING_DRAW))
    );
    let strict = game(&[("stalemate", "mover-loses")]);
    let state = strict.parse_position(code).unwrap();
    assert_eq!(
        strict.status(&state),
        Status::Over(Outcome::win(BLUE, REASON_NO_LOWERING_LOSS))
    );
    let blue_to_move = strict.parse_position(&code.replacen('r', "b", 1)).unwrap();
    assert_eq!(
        strict.status(&blue_to_move),
        Status::Over(Outcome::win(RED, REASON_NO_LOWERING_LOSS))
    );
}

#[test]
fn legality_does_not_depend_on_who_moves() {
    let g = game(&[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    for _ in 0..50 {
        let mut state = g.start();
        while let Some(&mv) = {
            let moves = g.legal_move_vec(&state);
            moves.get(rng.random_range(0..moves.len().max(1))).copied()
        }
        .as_ref()
        {
            let code = g.format_position(&state);
            let flipped = if code.starts_with('r') {
                code.replacen('r', "b", 1)
            } else {
                code.replacen('b', "r", 1)
            };
            let other = g.parse_position(&flipped).unwrap();
            assert_eq!(g.legal_move_vec(&other), g.legal_move_vec(&state));
            g.apply(&mut state, mv);
        }
    }
}

#[test]
fn every_game_from_the_default_start_lasts_six_plies_and_is_drawn() {
    fn walk(g: &Carreaux, state: &State, depth: u32, games: &mut u32) {
        match g.status(state) {
            Status::Over(outcome) => {
                assert_eq!(depth, 6);
                assert_eq!(outcome, Outcome::draw(REASON_NO_LOWERING_DRAW));
                *games += 1;
            }
            _ => {
                for mv in g.legal_move_vec(state) {
                    walk(g, &g.after(state, mv), depth + 1, games);
                }
            }
        }
    }
    let g = game(&[]);
    let mut games = 0;
    walk(&g, &g.start(), 0, &mut games);
    assert_eq!(games, 4);
}

#[test]
fn totals_are_kept_up_to_date_and_every_legal_slide_lowers_them() {
    for pairs in [
        &[][..],
        &[("group", "mst")],
        &[("size", "8"), ("layout", "rows")],
    ] {
        let g = game(pairs);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        for _ in 0..20 {
            let mut state = g.start();
            loop {
                assert_eq!(state.total(), g.group_values(&state).iter().sum::<u32>());
                let moves = g.legal_move_vec(&state);
                let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                    break;
                };
                let before = state.total();
                g.apply(&mut state, mv);
                assert!(state.total() < before);
            }
        }
    }
}

#[test]
fn spanning_tree_values_are_zero_exactly_when_connected() {
    let g = game(&[("group", "mst")]);
    let board = g.board();
    let table = g.table();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
    for _ in 0..2000 {
        let bubble = rng.random_range(0..36);
        let mut set = CellSet::default();
        while set.len() < 5 {
            let c = rng.random_range(0..36);
            if c != bubble {
                set.insert(c);
            }
        }
        let tiles = Tiles::new(set.iter());
        let mst = GroupRule::SpanningTree.value(table, &tiles, bubble);
        let sum = GroupRule::SmallestPairs.value(table, &tiles, bubble);
        assert_eq!(mst == 0, set.is_connected(board));
        assert!(
            sum <= mst,
            "the N-1 smallest pairs never weigh more than a tree"
        );
    }
}

#[test]
fn free_sliding_forbids_recreating_a_position() {
    let g = game(&[("rule", "free"), ("ply-limit", "0")]);
    assert_eq!(g.max_plies(), None);
    // Green tiles a6, b6 and b5 around the bubble on a5: three slides round the square bring
    // the bubble next to where it started; sliding a5 back (or undoing b5) would recreate an
    // earlier position. The code carries the history; a code without it starts afresh.
    let state = g
        .parse_position("r:GGRGBG/.GGBGR/RGBGRG/GBGRGB/BGRGBG/GRGBGR")
        .unwrap();
    assert!(g.history_free(&state));
    let after_one = play(&g, &state, "a6");
    assert!(!names(&g, &after_one).contains(&"a5".to_string()), "undo");
    assert!(
        !g.history_free(&after_one),
        "the legal slides depend on the history"
    );
    let literal = game(&[]);
    let start = literal.start();
    let mut literal_after = start.clone();
    literal.apply(&mut literal_after, literal.legal_move_vec(&start)[0]);
    assert!(
        literal.history_free(&literal_after),
        "the literal rule has no history"
    );
    let after_three = play(&g, &state, "a6 b6 b5");
    assert_eq!(names(&g, &after_three), ["c5", "b4"]);
    let code = g.format_position(&after_three);
    assert_eq!(names(&g, &g.parse_position(&code).unwrap()), ["c5", "b4"]);
    let board: Vec<&str> = code.split(':').take(2).collect();
    let afresh = g.parse_position(&board.join(":")).unwrap();
    assert!(names(&g, &afresh).contains(&"a5".to_string()));
}

#[test]
fn free_sliding_ends_at_the_ply_limit() {
    let g = game(&[("rule", "free"), ("ply-limit", "3")]);
    assert_eq!(g.max_plies(), Some(3));
    let start = g.start();
    assert_eq!(
        g.format_position(&start),
        format!("{}:0", game(&[]).format_position(&start))
    );
    let state = play(&g, &start, "b6 c6 c5");
    assert_eq!(
        g.status(&state),
        Status::Over(Outcome::draw(REASON_PLY_LIMIT))
    );
    assert!(g.legal_move_vec(&state).is_empty());
    let code = g.format_position(&state);
    let fields: Vec<&str> = code.split(':').collect();
    assert_eq!(fields[2], "3", "{code}");
    assert_eq!(
        fields[3].split(',').count(),
        3,
        "the three earlier positions: {code}"
    );
    assert_eq!(g.parse_position(&code).unwrap().plies(), 3);
    let err = g
        .parse_position(&code.replace(":3:", ":4:"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("ply limit 3"), "{err}");
    let without = fields[..2].join(":");
    assert_eq!(g.parse_position(&without).unwrap().plies(), 0);
}

#[test]
fn position_codes_are_checked() {
    let g = game(&[]);
    let bad = [
        ("x:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG", "`r` or `b`"),
        (".BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG", "side to move"),
        (
            "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG:0",
            "side to move",
        ),
        ("r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB", "5 rows"),
        (
            "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGR",
            "rank 1 has 5 cells",
        ),
        ("r:.BGBGB/RGBGBG/GRGXGB/RGRGBG/GRGRGB/RGRGRG", "`X` is not"),
        (
            "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGR.",
            "second bubble",
        ),
        ("r:GBGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG", "no bubble"),
        (
            "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRR",
            "Red has 10 tiles and Blue 9",
        ),
        (
            "r:.BGGGG/GGGGGG/GGGGGG/GGGGGG/GGGGGG/GGGGGR",
            "at least two tiles",
        ),
        (
            "r:.BBGGG/GGGGGG/GGGGGG/GGGGGG/GGGGGG/GGGGRR",
            "both colours",
        ),
    ];
    for (code, expected) in bad {
        let err = g.parse_position(code).unwrap_err().to_string();
        assert!(err.contains(expected), "`{code}`: {err}");
    }
    let err = g
        .parse_position("r:.BGBGB/RGBGBG/GRGXGB/RGRGBG/GRGRGB/RGRGRG")
        .unwrap_err();
    assert_eq!(err.at, Some(19));
    // One colour connected is a finished game, which a code may describe.
    let won = g
        .parse_position("b:.BGBGG/GGGGGG/GGGGGG/GGGGGG/GGGGGG/GGGGRR")
        .unwrap();
    assert_eq!(
        g.status(&won),
        Status::Over(Outcome::win(RED, REASON_RED_CONNECTED))
    );
}

#[test]
fn moves_are_read_and_written_as_the_sliding_tiles_cell() {
    let g = game(&[]);
    let start = g.start();
    let mv = g.parse_move(&start, "b6").unwrap();
    assert_eq!(mv, 1);
    assert_eq!(g.format_move(&start, mv), "b6");
    assert_eq!(g.parse_move(&start, "A5").unwrap(), 6);
    let err = g.parse_move(&start, "g6").unwrap_err().to_string();
    assert!(err.contains("no file g on a 6 x 6 board"), "{err}");
    let err = g.parse_legal_move(&start, "c6").unwrap_err().to_string();
    assert!(err.contains("legal here: b6 a5"), "{err}");
}

#[test]
fn settings_are_validated_and_variants_are_labelled() {
    let err = |pairs: &[(&str, &str)]| {
        CarreauxSettings::from_pairs("carreaux", pairs)
            .unwrap_err()
            .to_string()
    };
    assert!(err(&[("size", "5")]).contains("expected one of 4, 6, 8, 10, 12"));
    assert!(err(&[("layout", "spiral")]).contains("diag, halves, rows"));
    assert!(err(&[("ply-limit", "-1")]).contains("whole number"));
    assert!(err(&[("rule", "loose")]).contains("literal, free"));
    let odd = CarreauxSettings {
        size: 7,
        ..CarreauxSettings::default()
    };
    assert!(Carreaux::new(odd).unwrap_err().to_string().contains("even"));
    for spec in CarreauxSettings::SPECS {
        if spec.origin == tafel_core::settings::Origin::Variant {
            assert!(
                spec.help.contains("variant, not the designer's rule"),
                "{}",
                spec.key
            );
        }
    }
    let g = game(&[]);
    assert_eq!(g.max_plies(), Some(72));
}

#[test]
fn games_of_one_size_share_one_table() {
    let a = game(&[]);
    let b = game(&[("layout", "rows"), ("group", "mst")]);
    assert!(std::ptr::eq(a.table(), b.table()));
    assert!(!std::ptr::eq(a.table(), game(&[("size", "4")]).table()));
}

/// The bubble walks b5, b6, a6 round the green 2 x 2 block in the corner: from a6, sliding b6
/// undoes the last slide and sliding a5 brings back the first position, so no slide is left.
#[test]
fn free_sliding_with_every_slide_repeating_ends_under_the_stalemate_setting() {
    let code = "r:GGRGBG/.GGBGR/RGBGRG/GBGRGB/BGRGBG/GRGBGR";
    for (stalemate, outcome) in [
        ("draw", Outcome::draw(REASON_ALL_REPEAT_DRAW)),
        ("mover-loses", Outcome::win(RED, REASON_ALL_REPEAT_LOSS)),
    ] {
        let g = game(&[("rule", "free"), ("stalemate", stalemate)]);
        let state = play(&g, &g.parse_position(code).unwrap(), "b5 b6 a6");
        assert_eq!(state.to_move(), BLUE);
        assert!(g.legal_move_vec(&state).is_empty());
        assert_eq!(g.status(&state), Status::Over(outcome));
    }
}

#[test]
fn default_settings_match_the_listed_defaults() {
    let defaults = CarreauxSettings::default();
    for spec in CarreauxSettings::SPECS {
        assert_eq!(defaults.get(spec.key), spec.default, "{}", spec.key);
    }
    assert_eq!(defaults.ply_limit, DEFAULT_PLY_LIMIT);
}

/// Both group values against plain computations: sorting all pair distances, and Kruskal's
/// algorithm for the spanning tree, on random sets of up to the most tiles a colour can have.
#[test]
fn group_values_agree_with_sorting_and_kruskal() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
    for side in [6, 12] {
        let table = DistanceTable::shared(side);
        let cells = side * side;
        for _ in 0..200 {
            let count = rng.random_range(2..=(cells - 1) / 2);
            let mut order: Vec<usize> = (0..cells).collect();
            for i in 0..=count {
                let j = rng.random_range(i..cells);
                order.swap(i, j);
            }
            let (bubble, cells_of_tiles) = (order[0], &order[1..=count]);
            let mut pairs = Vec::new();
            for (i, &a) in cells_of_tiles.iter().enumerate() {
                for &b in &cells_of_tiles[i + 1..] {
                    pairs.push((table.get(a, b, bubble) as u32, a, b));
                }
            }
            pairs.sort_unstable();
            let smallest: u32 = pairs.iter().take(count - 1).map(|p| p.0).sum();
            let mut root: Vec<usize> = (0..cells).collect();
            fn find(root: &mut [usize], x: usize) -> usize {
                if root[x] != x {
                    root[x] = find(root, root[x]);
                }
                root[x]
            }
            let mut tree = 0;
            for &(d, a, b) in &pairs {
                let (ra, rb) = (find(&mut root, a), find(&mut root, b));
                if ra != rb {
                    root[ra] = rb;
                    tree += d;
                }
            }
            let tiles = Tiles::new(cells_of_tiles.iter().copied());
            assert_eq!(
                GroupRule::SmallestPairs.value(table, &tiles, bubble),
                smallest
            );
            assert_eq!(GroupRule::SpanningTree.value(table, &tiles, bubble), tree);
        }
    }
}

/// A 12 x 12 checkerboard of Red and Blue with one cell green and one the bubble: 71 tiles
/// each, the most a colour can have.
#[test]
fn the_fullest_board_is_accepted_and_played() {
    let g = game(&[("size", "12")]);
    let rows: Vec<String> = (0..12)
        .map(|r| {
            (0..12)
                .map(|c| match (r, c) {
                    (0, 0) => '.',
                    (0, 1) => 'G',
                    _ if (r + c) % 2 == 0 => 'R',
                    _ => 'B',
                })
                .collect()
        })
        .collect();
    let state = g.parse_position(&format!("r:{}", rows.join("/"))).unwrap();
    assert_eq!((state.red().len(), state.blue().len()), (71, 71));
    assert_eq!(state.total(), g.group_values(&state).iter().sum::<u32>());
    // The bubble in the corner has two neighbours; a slide is legal exactly when it lowers the
    // total.
    let neighbours = g.board().neighbours(state.bubble());
    let lowering: Vec<u8> = (0..4)
        .filter(|&slot| g.totals_after(&state)[slot].is_some_and(|t| t < state.total()))
        .map(|slot| neighbours[slot])
        .collect();
    assert_eq!(g.totals_after(&state).iter().flatten().count(), 2);
    assert_eq!(g.legal_move_vec(&state), lowering);
}

/// Every setting that changes what a slide leads to or which slides are legal.
const FORMS: [&[(&str, &str)]; 6] = [
    &[],
    &[("group", "mst")],
    &[("size", "4")],
    &[("size", "8"), ("layout", "rows")],
    &[("size", "10"), ("layout", "halves")],
    &[("rule", "free"), ("ply-limit", "60")],
];

#[test]
fn the_bit_drawn_random_move_is_the_listed_draw() {
    for pairs in FORMS {
        let g = game(pairs);
        for seed in 0..300 {
            if let Err(e) = tafel_core::conformance::check_own_random_move(&g, seed) {
                panic!("{pairs:?}: {e}");
            }
        }
    }
}

/// What `apply` stored, worked out again from nothing: the total after each slide from both
/// colours' group values and whether the sliding tile's colour is then connected.
fn slides_from_scratch(g: &Carreaux, state: &State) -> ([Option<u32>; 4], u8) {
    let mut totals = [None; 4];
    let mut connects = 0;
    let bubble = state.bubble();
    for (slot, tile) in g.board().neighbours(bubble).into_iter().enumerate() {
        if tile == NO_CELL {
            continue;
        }
        let tile = tile as usize;
        let mut after = state.clone();
        for set in [&mut after.red, &mut after.blue] {
            if set.contains(tile) {
                set.remove(tile);
                set.insert(bubble);
                if set.is_connected(g.board()) {
                    connects |= 1 << slot;
                }
            }
        }
        after.bubble = tile as u8;
        totals[slot] = Some(g.group_values(&after).iter().sum());
    }
    (totals, connects)
}

#[test]
fn remembered_slides_are_those_worked_out_again() {
    for pairs in FORMS {
        let g = game(pairs);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
        let mut moves = Vec::new();
        // Far more positions than the thread's table holds, so that entries are replaced and
        // met again.
        for _ in 0..400 {
            let mut state = g.start();
            while let Status::ToMove(_) = g.status(&state) {
                assert_eq!(
                    (g.totals_after(&state), state.connects),
                    slides_from_scratch(&g, &state),
                    "{pairs:?}: {}",
                    g.format_position(&state)
                );
                g.legal_moves(&state, &mut moves);
                g.apply(&mut state, moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
