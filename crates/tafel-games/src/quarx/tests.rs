//! Rules tests on positions built by hand, and the spec's reference figures.

use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, MoveError, Outcome, Player, Status};

use super::board::{bit, cells, coords, parse_name};
use super::*;

fn game(pairs: &[(&str, &str)]) -> Quarx {
    Quarx::new(QuarxSettings::from_pairs("quarx", pairs).unwrap()).unwrap()
}

/// A position from pieces such as `o2222 X4444` (`o`/`O` White man/king, `x`/`X` Black).
fn position(game: &Quarx, to_move: Player, pieces: &str) -> State {
    let (mut white, mut black, mut kings) = (0, 0, 0);
    for piece in pieces.split_whitespace() {
        let cell = bit(parse_name(&piece[1..]).unwrap());
        match &piece[..1] {
            "o" => white |= cell,
            "O" => (white, kings) = (white | cell, kings | cell),
            "x" => black |= cell,
            "X" => (black, kings) = (black | cell, kings | cell),
            other => panic!("unknown piece {other}"),
        }
    }
    game.position(white, black, kings, to_move.0)
}

/// The legal moves in notation, sorted.
fn moves(game: &Quarx, state: &State) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_move_vec(state)
        .iter()
        .map(|&m| game.format_move(state, m))
        .collect();
    out.sort();
    out
}

fn play(game: &Quarx, state: &mut State, text: &str) {
    let mv = game.parse_legal_move(state, text).unwrap();
    game.apply(state, mv);
}

fn piece_on(state: &State, cell: &str) -> char {
    let b = bit(parse_name(cell).unwrap());
    let king = state.kings() & b != 0;
    match (state.white() & b != 0, state.black() & b != 0, king) {
        (true, _, false) => 'o',
        (true, _, true) => 'O',
        (_, true, false) => 'x',
        (_, true, true) => 'X',
        _ => '.',
    }
}

#[test]
fn start_has_228_quiet_moves_and_perft_matches_the_spec() {
    let g = game(&[]);
    let start = g.start();
    let legal = g.legal_move_vec(&start);
    assert_eq!(legal.len(), 228);
    assert!(legal.iter().all(|m| m.captured == 0));
    assert_eq!(perft(&g, &start, 1), 228);
    assert_eq!(perft(&g, &start, 2), 8460);
}

/// perft(3) is our own figure, not the spec's (which gives depths 1 and 2 only); it guards
/// against regressions. perft(4) = 13,343,220 is measured in the benchmark.
#[test]
fn perft_3_regression_figure_of_our_own() {
    let g = game(&[]);
    assert_eq!(perft(&g, &g.start(), 3), 315_732);
}

/// The start is symmetric under the point reflection that swaps the colours, so Black to move
/// from it must count exactly like White: a check on the colour-dependent rules.
#[test]
fn black_to_move_from_the_start_counts_like_white() {
    let g = game(&[]);
    let code = g.format_position(&g.start()).replacen("w:", "b:", 1);
    let black_first = g.parse_position(&code).unwrap();
    for depth in 1..=3 {
        assert_eq!(
            perft(&g, &black_first, depth),
            perft(&g, &g.start(), depth),
            "depth {depth}"
        );
    }
}

#[test]
fn the_setup_is_forty_men_a_side_reflected_through_the_centre() {
    let g = game(&[]);
    let start = g.start();
    assert_eq!(start.white().count_ones(), 40);
    assert_eq!(start.black().count_ones(), 40);
    let extras: Vec<String> = cells(start.white())
        .filter(|&c| coords(c)[1] == 1)
        .map(board::name)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(
        extras,
        ["1214", "1241", "2222", "2233", "3223", "3232", "4211", "4244"]
    );
    for name in [
        "1311", "1344", "2323", "2332", "3322", "3333", "4314", "4341",
    ] {
        assert_eq!(piece_on(&start, name), 'x', "{name}");
    }
    for setup in Setup::ALL {
        let white = setup.white_men();
        assert_eq!(white.count_ones(), 40, "{setup:?}");
        assert_eq!(setup.black_men().count_ones(), 40, "{setup:?}");
        assert_eq!(white & setup.black_men(), 0);
    }
}

#[test]
fn from_1111_a_man_reaches_the_seven_cells_the_original_lists() {
    let g = game(&[]);
    let s = position(&g, Player(0), "O1111 x4444");
    let targets: Vec<String> = moves(&g, &s)
        .iter()
        .map(|m| m.trim_start_matches("1111-").to_string())
        .filter(|m| m.len() == 4 && m.chars().filter(|&c| c == '2').count() >= 2)
        .collect();
    assert_eq!(
        targets,
        ["1122", "1212", "1221", "2112", "2121", "2211", "2222"]
    );
    // A man only steps to the four of them with y = 2.
    let s = position(&g, Player(0), "o1111 x4444");
    assert_eq!(
        moves(&g, &s),
        ["1111-1212", "1111-1221", "1111-2211", "1111-2222"]
    );
}

#[test]
fn the_spec_example_capture_goes_backwards_over_the_promotion_row() {
    let g = game(&[]);
    let mut s = g.start();
    play(&g, &mut s, "1111-2211");
    assert_eq!(moves(&g, &s), ["3333x1111x3311"]);
    play(&g, &mut s, "3333x1111x3311");
    assert_eq!(piece_on(&s, "3311"), 'x', "no promotion in passing");
    assert_eq!(piece_on(&s, "2222"), '.');
    assert_eq!(piece_on(&s, "2211"), '.');
    assert_eq!(s.white().count_ones(), 38);
}

#[test]
fn the_original_example_capture_2323x2143() {
    let g = game(&[]);
    let s = position(&g, Player(1), "x2323 o2233 o1111");
    assert_eq!(moves(&g, &s), ["2323x2143"]);
}

#[test]
fn a_man_captures_backwards_and_sideways() {
    let g = game(&[]);
    let s = position(&g, Player(0), "o2323 x2222 x3333");
    // 2222 lies behind (y falls), 3333 beside (y stays); forward steps are not allowed
    // because capturing is compulsory.
    assert_eq!(moves(&g, &s), ["2323x2121", "2323x4343"]);
}

#[test]
fn the_longest_capture_is_compulsory() {
    let g = game(&[]);
    let s = position(&g, Player(0), "o2222 x3232 x4233 x2233");
    // 2222x2244 takes one piece; the sequence over 3232 and 4233 takes two.
    assert_eq!(moves(&g, &s), ["2222x4242x4224"]);
    let short = g.parse_move(&s, "2222x2244").unwrap();
    assert_eq!(short.captured.count_ones(), 1);
    assert!(matches!(
        g.parse_legal_move(&s, "2222x2244"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn a_king_captures_from_a_distance_and_lands_on_any_free_cell() {
    let g = game(&[]);
    let far = position(&g, Player(0), "O1111 x3333");
    assert_eq!(moves(&g, &far), ["1111x4444"]);
    // Next to the piece: two landing cells, and the piece cannot be jumped a second time
    // (no 1111x3333x1111 back over it).
    let near = position(&g, Player(0), "O1111 x2222");
    assert_eq!(moves(&g, &near), ["1111x3333", "1111x4444"]);
}

#[test]
fn a_king_must_pick_the_landing_cell_that_lets_it_go_on() {
    let g = game(&[]);
    let s = position(&g, Player(0), "O1111 x2222 x2233");
    assert_eq!(moves(&g, &s), ["1111x3333x1133"]);
}

#[test]
fn captured_pieces_stay_until_the_end_and_block() {
    let g = game(&[]);
    // Were 3322 removed at once, the king could go on from 3142 over 3232 onto 3322 or
    // through it to 3412, capturing three; the captured man still stands there and blocks.
    let s = position(&g, Player(0), "O4312 x3322 x3232 x2242 x1333");
    assert_eq!(
        moves(&g, &s),
        ["4312x1342x1324", "4312x1342x3142", "4312x2332x4132"]
    );
}

#[test]
fn a_capture_may_return_to_its_start_and_any_order_is_read() {
    let g = game(&[]);
    let s = position(&g, Player(0), "o1111 x2211 x3221 x2121");
    assert_eq!(moves(&g, &s), ["1111x3131x3311x1111"]);
    let one = g.parse_legal_move(&s, "1111x3311x3131x1111").unwrap();
    let other = g.parse_legal_move(&s, "1111x3131x3311x1111").unwrap();
    assert_eq!(one, other);
    let after = g.after(&s, one);
    assert_eq!(piece_on(&after, "1111"), 'o');
    assert_eq!(
        g.status(&after),
        Status::Over(Outcome::win(Player(0), REASON_NO_PIECES))
    );
}

#[test]
fn a_man_promotes_only_where_its_move_ends() {
    let g = game(&[]);
    let through = position(&g, Player(0), "o2222 x3322 x4332");
    assert_eq!(moves(&g, &through), ["2222x4422x4242"]);
    let after = g.after(&through, g.legal_move_vec(&through)[0]);
    assert_eq!(piece_on(&after, "4242"), 'o');
    let ending = position(&g, Player(0), "o2222 x3322 x1111");
    assert_eq!(moves(&g, &ending), ["2222x4422"]);
    let after = g.after(&ending, g.legal_move_vec(&ending)[0]);
    assert_eq!(piece_on(&after, "4422"), 'O');
    let step = position(&g, Player(1), "x2222 o4444");
    let after = g.after(&step, g.parse_legal_move(&step, "2222-1111").unwrap());
    assert_eq!(piece_on(&after, "1111"), 'X');
}

#[test]
fn a_king_move_may_not_recreate_a_position() {
    let g = game(&[]);
    let mut s = position(&g, Player(0), "O1111 X4444 x4343");
    // Three king moves later, Black's king going back to 4444 would recreate the start.
    for m in ["1111-2211", "4444-3344", "2211-1111"] {
        play(&g, &mut s, m);
    }
    assert!(matches!(
        g.parse_legal_move(&s, "3344-4444"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(!moves(&g, &s).contains(&"3344-4444".to_string()));
    assert!(moves(&g, &s).contains(&"3344-3333".to_string()));
    // A man's move makes every earlier position unreachable, so the history is forgotten.
    play(&g, &mut s, "4343-3232");
    assert!(s.history.is_empty());
}

#[test]
fn a_player_with_no_legal_move_loses() {
    let g = game(&[]);
    let s = position(
        &g,
        Player(0),
        "o1111 x2211 x1221 x1212 x2222 x3311 x1331 x1313 x3333",
    );
    assert!(g.legal_move_vec(&s).is_empty());
    assert_eq!(
        g.status(&s),
        Status::Over(Outcome::win(Player(1), REASON_NO_MOVE))
    );
}

#[test]
fn every_setup_starts_without_captures() {
    for setup in ["diagonals", "central", "corners", "bottom"] {
        let g = game(&[("setup", setup)]);
        let legal = g.legal_move_vec(&g.start());
        assert!(
            !legal.is_empty() && legal.iter().all(|m| m.captured == 0),
            "{setup}"
        );
    }
}

#[test]
fn the_ply_limit_draws_the_game() {
    let g = game(&[("ply-limit", "2")]);
    assert_eq!(g.max_plies(), Some(2));
    let mut s = g.start();
    play(&g, &mut s, "1111-2211");
    assert_eq!(g.status(&s), Status::ToMove(Player(1)));
    play(&g, &mut s, "3333x1111x3311");
    assert_eq!(g.status(&s), Status::Over(Outcome::draw(REASON_PLY_LIMIT)));
    assert!(g.legal_move_vec(&s).is_empty());
    assert_eq!(game(&[("ply-limit", "0")]).max_plies(), None);
    assert_eq!(game(&[]).max_plies(), Some(u64::from(DEFAULT_PLY_LIMIT)));
    let spec = QuarxSettings::SPECS
        .iter()
        .find(|s| s.key == "ply-limit")
        .unwrap();
    assert_eq!(spec.default, DEFAULT_PLY_LIMIT.to_string());
}

#[test]
fn settings_errors_name_the_problem() {
    let e = QuarxSettings::from_pairs("quarx", &[("setup", "spiral")])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("expected one of diagonals, central, corners, bottom"),
        "{e}"
    );
    let e = QuarxSettings::from_pairs("quarx", &[("ply-limit", "-3")])
        .unwrap_err()
        .to_string();
    assert!(e.contains("whole number of plies"), "{e}");
}

#[test]
fn the_start_code_round_trips_and_a_code_can_hold_any_setup() {
    let g = game(&[]);
    let start = g.start();
    let code = g.format_position(&start);
    assert_eq!(
        code,
        "w:oo1ox1xx/oo4xx/oo4xx/ooo2xxx/oo4xx/ooo2xxx/oo1ox1xx/oo4xx/\
         oo4xx/oo1ox1xx/ooo2xxx/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx"
    );
    assert_eq!(g.parse_position(&code).unwrap(), start);
    // Dots read like digits; kings and Black to move survive the round trip.
    let dotted = code.replacen("1", ".", 1).replacen("w:", "b:", 1);
    let s = g.parse_position(&dotted).unwrap();
    assert_eq!(s.to_move(), Player(1));
    let kings = position(&g, Player(1), "O1111 X4444 x2323");
    let code = g.format_position(&kings);
    assert_eq!(g.parse_position(&code).unwrap(), kings);
    // Another setup entered as a code under the default settings.
    let central = game(&[("setup", "central")]);
    let code = central.format_position(&central.start());
    let s = g.parse_position(&code).unwrap();
    assert_eq!(
        g.legal_move_vec(&s),
        central.legal_move_vec(&central.start())
    );
}

#[test]
fn bad_codes_are_refused_with_the_reason() {
    let g = game(&[]);
    let start = g.format_position(&g.start());
    let cases = [
        ("oo1ox1xx".to_string(), "side to move"),
        (start.replacen("/oo4xx", "", 1), "15 boards"),
        (
            start.replacen("oo1ox1xx", "oo1ox1xxx", 1),
            "more than 8 cells",
        ),
        (start.replacen("oo1ox1xx", "oo1ox1x", 1), "has 7 cells"),
        (start.replacen("oo1ox1xx", "oo1oq1xx", 1), "`q` is not"),
        (start.replacen("oo1ox1xx", "oo1ox1xo", 1), "promotion row"),
        (start.replacen("w:", "é", 1), "side to move"),
        (start.replacen("oo1ox1xx", "oo1ox1xé", 1), "`é` is not"),
    ];
    for (code, reason) in cases {
        let e = g.parse_position(&code).unwrap_err();
        assert!(e.to_string().contains(reason), "{code}: {e}");
    }
}

#[test]
fn bad_moves_are_refused_with_the_reason() {
    let g = game(&[]);
    let s = g.start();
    let cases = [
        ("1111", "expected FROM-TO"),
        ("1111-2211-3311", "two cells"),
        ("1111-2212", "not playable"),
        ("1111-2251", "not a digit 1 to 4"),
        ("111-2211", "four digits"),
        ("1111x3311-2222", "not both"),
        ("3311-4422", "no White piece on 3311"),
        ("1111–2211", "expected FROM-TO"),
        ("1111-2é11", "`é` in cell `2é11` is not a digit"),
    ];
    for (text, reason) in cases {
        let e = g.parse_move(&s, text).unwrap_err();
        assert!(e.to_string().contains(reason), "{text}: {e}");
    }
    let s = position(&g, Player(1), "x3333 o2222 x4444 o1111 o3232");
    let cases = [
        ("3333x3131x2424", "2424 is not on a line with 3131"),
        ("4444x1111", "more than one piece between 4444 and 1111"),
        ("3333x3311", "no piece between 3333 and 3311"),
        ("3333x3131x3333", "3232 is jumped twice"),
        ("4444x2222", "3333 is not an opponent's piece"),
        ("3333x1111", "1111 is not empty"),
    ];
    for (text, reason) in cases {
        let e = g.parse_move(&s, text).unwrap_err();
        assert!(e.to_string().contains(reason), "{text}: {e}");
    }
}

#[test]
fn the_picture_shows_the_grid_of_boards_in_16_rows() {
    let g = game(&[]);
    let s = position(&g, Player(0), "O1111 o4211 x2424 X4444");
    let picture = g.picture(&s);
    let rows: Vec<&str> = picture.lines().collect();
    assert_eq!(rows.len(), 16);
    assert!(rows.iter().all(|r| r.len() <= 80));
    // Bottom row: b = 1, y = 1; board a = 1 starts the row, 1111 is its first cell.
    assert_eq!(rows[15], "b1 y1    O   .       .   .   .   .       .   .");
    assert_eq!(rows[14], "b1 y2      .   o   .   .       .   .   .   .");
    assert_eq!(rows[0], "b4 y4    .   .       x   .   .   .       .   X");
}

#[test]
fn a_kings_slide_makes_the_history_matter_until_a_man_steps() {
    let g = game(&[]);
    let mut s = position(&g, Player(0), "O1111 o3111 x4444");
    assert!(g.history_free(&s));
    play(&g, &mut s, "1111-2222");
    assert!(
        !g.history_free(&s),
        "the slide back to 1111 is now forbidden later on"
    );
    play(&g, &mut s, "4444-3344");
    assert!(g.history_free(&s), "a man's step can never be undone");
}

#[test]
fn the_own_playout_plays_the_generic_loops_games() {
    // Every setup, and a short ply limit, so that games also end at the limit.
    let mut settings: Vec<Vec<(&str, &str)>> = Setup::ALL
        .iter()
        .map(|setup| vec![("setup", setup.word())])
        .collect();
    settings.push(vec![("ply-limit", "40")]);
    for pairs in &settings {
        let g = game(pairs);
        for seed in 0..30 {
            if let Err(e) = tafel_core::conformance::check_own_playout(&g, seed) {
                panic!("{pairs:?}: {e}");
            }
        }
    }
}

/// Checks that `play`, a version of Quarx's own playout, plays the generic loop's games
/// (outcome, plies and final position) from the start on 20 seeds.
fn plays_the_generic_loops_games(
    play: impl Fn(&Quarx, &mut State, &mut rand::rngs::SmallRng, &mut Vec<Move>) -> (Outcome, u64),
) {
    use rand::SeedableRng;
    let g = game(&[]);
    for seed in 0..20 {
        let mut generic_rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut own_rng = generic_rng.clone();
        let (mut generic, mut own) = (g.start(), g.start());
        let mut buffer = Vec::new();
        let expected = tafel_core::playout::generic_random_playout(
            &g,
            &mut generic,
            &mut generic_rng,
            &mut buffer,
        );
        let played = play(&g, &mut own, &mut own_rng, &mut buffer);
        assert_eq!(played, expected, "seed {seed}");
        assert_eq!(own, generic, "seed {seed}");
    }
}

#[test]
fn every_loop_this_processor_runs_plays_the_generic_loops_games() {
    // `random_playout` runs the version of the loop `PlayoutLoop::active` names (the
    // processor's best, or `TAFEL_QUARX_LOOP`'s); every version must play the same games.
    let versions: Vec<PlayoutLoop> = PlayoutLoop::ALL
        .into_iter()
        .filter(|v| v.runs_here())
        .collect();
    assert!(versions.contains(&PlayoutLoop::Portable));
    for version in versions {
        plays_the_generic_loops_games(|g, state, rng, buffer| {
            // SAFETY: the processor runs this version (filtered above).
            unsafe { g.playout_by(version, state, rng, buffer) }
        });
    }
}

#[test]
fn every_loops_random_move_is_the_move_a_listed_draw_gives() {
    // `random_move` counts the quiet moves rather than listing them: in every version of the
    // loop, at every position of random games (every setup, and a short ply limit), it must
    // give the move that an index drawn among the listed legal moves gives for the same
    // generator, and leave the generator as that draw does.
    use rand::{Rng, RngCore, SeedableRng};
    let versions: Vec<PlayoutLoop> = PlayoutLoop::ALL
        .into_iter()
        .filter(|v| v.runs_here())
        .collect();
    let mut settings: Vec<Vec<(&str, &str)>> = Setup::ALL
        .iter()
        .map(|setup| vec![("setup", setup.word())])
        .collect();
    settings.push(vec![("ply-limit", "40")]);
    let (mut moves, mut buffer) = (Vec::new(), Vec::new());
    let mut positions = 0;
    for pairs in &settings {
        let g = game(pairs);
        for seed in 0..10 {
            let mut walk = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut state = g.start();
            while let Status::ToMove(_) = g.status(&state) {
                g.legal_moves(&state, &mut moves);
                for &version in &versions {
                    let mut listed = rand::rngs::SmallRng::seed_from_u64(walk.next_u64());
                    let mut counted = listed.clone();
                    let expected = moves[listed.random_range(0..moves.len())];
                    let draw = playout::Draw {
                        state: &state,
                        rng: &mut counted,
                        buffer: &mut buffer,
                    };
                    // SAFETY: the processor runs this version (filtered above).
                    let drawn = unsafe { g.run_by(version, draw) };
                    assert_eq!(drawn, Some(expected), "{pairs:?}, seed {seed}, {version}");
                    assert_eq!(counted.next_u64(), listed.next_u64());
                }
                positions += 1;
                g.apply(&mut state, moves[walk.random_range(0..moves.len())]);
            }
        }
    }
    assert!(positions > 1000, "{positions} positions");
}

#[test]
fn the_tables_for_pext_and_pdep_pair_cells_ray_by_ray() {
    // `board::gather` and `board::scatter` pair the n-th cell of one set with the n-th of
    // another: each pair must be on one ray of the cell, at the distances the sets name.
    let t = board::Tables::new();
    for cell in 0..board::CELLS {
        let firsts = t
            .rays(cell as Cell)
            .iter()
            .fold(0, |set, ray| set | bit(ray.cells[0]));
        assert_eq!(t.neighbours[cell], firsts, "cell {cell}");
        assert_eq!(t.jumpable[cell].count_ones(), t.landings[cell].count_ones());
        for (over, land) in cells(t.jumpable[cell]).zip(cells(t.landings[cell])) {
            assert_eq!(
                t.beyond[cell][over as usize], land,
                "cell {cell}, over {over}"
            );
        }
        let far = t.far_jumpable[cell];
        assert_eq!(far.count_ones(), t.far_middles[cell].count_ones());
        assert_eq!(far.count_ones(), t.far_landings[cell].count_ones());
        let triples = cells(far)
            .zip(cells(t.far_middles[cell]))
            .zip(cells(t.far_landings[cell]));
        for ((over, middle), land) in triples {
            assert_eq!(
                t.middle[cell][over as usize], middle,
                "cell {cell}, over {over}"
            );
            assert_eq!(
                t.beyond[cell][over as usize], land,
                "cell {cell}, over {over}"
            );
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn the_tests_for_bmi2_answer_as_the_portable_ones() {
    use super::movegen::{king_can_jump, king_can_jump_bmi2, man_can_jump, man_can_jump_bmi2};
    if !crate::cpu::has_bit_instructions() {
        eprintln!("no BMI2 on this processor: nothing to compare");
        return;
    }
    let g = game(&[]);
    let t = &g.tables;
    let (mut jumps, mut slides) = (0, 0);
    for state in tafel_testkit::positions::seeded_positions(&g, &g.start(), 3000, 5) {
        let (own, enemy) = state.sides();
        for from in cells(own) {
            let occupied = (own | enemy) & !bit(from);
            // SAFETY: the processor has BMI2 (tested above).
            let (man, king, open) = unsafe {
                (
                    man_can_jump_bmi2(t, from, occupied, enemy),
                    king_can_jump_bmi2(t, from, occupied, enemy),
                    playout::king_slide_targets_bmi2(t, from, own | enemy),
                )
            };
            assert_eq!(
                man,
                man_can_jump(t, from, occupied, enemy),
                "{state:?} {from}"
            );
            assert_eq!(
                king,
                king_can_jump(t, from, occupied, enemy),
                "{state:?} {from}"
            );
            let mut expected = 0;
            let history_free = State {
                history: Default::default(),
                ..state.clone()
            };
            g.king_slides(&history_free, from, own | enemy, |to| {
                expected |= bit(to);
                true
            });
            assert_eq!(open, expected, "{state:?} {from}");
            jumps += usize::from(man);
            slides += open.count_ones();
        }
    }
    assert!(
        jumps > 100 && slides > 1000,
        "too few jumps ({jumps}) or slides ({slides})"
    );
}
