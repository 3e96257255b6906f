//! Rules tests on positions built by hand, and the spec's reference figures.

use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Outcome, Player, PlayerSet, Scores, Status};

use super::*;

fn game(pairs: &[(&str, &str)]) -> Kauri {
    Kauri::new(KauriSettings::from_pairs("kauri", pairs).unwrap()).unwrap()
}

fn position(game: &Kauri, code: &str) -> State {
    game.parse_position(code).unwrap()
}

/// Plays `mv` (in notation) and returns the seeds captured directly and lost indirectly.
fn play(game: &Kauri, state: &mut State, mv: &str) -> (u8, u8) {
    let mv = game.parse_legal_move(state, mv).unwrap();
    game.apply_counting(state, mv)
}

fn scores(first: i32, second: i32) -> Option<Scores> {
    let mut s = Scores::default();
    s.0[0] = first;
    s.0[1] = second;
    Some(s)
}

#[test]
fn perft_matches_the_spec() {
    let g = game(&[]);
    let expected = [6, 36, 191, 976, 4501, 19763];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &g.start(), d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn start_position_code_and_picture() {
    let g = game(&[]);
    let start = g.start();
    let code = "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0";
    assert_eq!(g.format_position(&start), code);
    assert_eq!(position(&g, code), start);
    let picture = g.picture(&start);
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<String>(), "FEDCBA");
    assert_eq!(lines[3].split_whitespace().collect::<String>(), "abcdef");
    assert!(lines[4].contains("first player to move"));
    let mut moves = Vec::new();
    g.legal_moves(&start, &mut moves);
    let names: Vec<String> = moves.iter().map(|&m| g.format_move(&start, m)).collect();
    assert_eq!(names, ["a", "b", "c", "d", "e", "f"]);
}

#[test]
fn sowing_goes_anticlockwise_seeds_first_then_cowries() {
    let g = game(&[]);
    let mut s = g.start();
    // f: five seeds into A..E, the cowrie into F (which holds a cowrie: no capture).
    assert_eq!(play(&g, &mut s, "f"), (0, 0));
    assert_eq!(
        g.format_position(&s),
        "A/5+1,5+1,5+1,5+1,5+1,0+0/6+1,6+1,6+1,6+1,6+1,5+2/0,0"
    );
    // F: five seeds into a..e, the two cowries into f (empty: captures nothing) and A.
    assert_eq!(play(&g, &mut s, "F"), (0, 0));
    assert_eq!(
        g.format_position(&s),
        "a/6+1,6+1,6+1,6+1,6+1,0+1/6+2,6+1,6+1,6+1,6+1,0+0/0,0"
    );
}

#[test]
fn direct_capture_takes_seeds_sown_in_the_same_move() {
    let g = game(&[]);
    // f holds 12 seeds and 2 cowries; A has 3 seeds and no cowrie, B is empty.
    let mut s = position(&g, "a/5+1,5+1,5+1,5+1,5+1,12+2/3+0,0+0,5+1,5+1,5+2,5+1/0,0");
    // The seeds go round once (A and B get one each, the 12th falls back into f), then the
    // cowries capture A's 3 + 1 and B's 1 just sown.
    assert_eq!(play(&g, &mut s, "f"), (5, 0));
    assert_eq!(
        g.format_position(&s),
        "A/6+1,6+1,6+1,6+1,6+1,1+0/0+1,0+1,6+1,6+1,6+2,6+1/5,0"
    );
}

#[test]
fn indirect_capture_gives_the_seed_to_the_opponent() {
    let g = game(&[]);
    // A holds a cowrie and no seed: the seed dropped there goes to the second player.
    let mut s = position(&g, "a/5+1,5+1,5+1,5+1,5+1,1+1/0+1,2+1,8+1,8+1,8+1,8+1/0,0");
    assert_eq!(play(&g, &mut s, "f"), (0, 1));
    assert_eq!(
        g.format_position(&s),
        "A/5+1,5+1,5+1,5+1,5+1,0+0/0+1,2+2,8+1,8+1,8+1,8+1/0,1"
    );
}

#[test]
fn a_seed_into_an_empty_hole_stays_and_an_empty_hole_gives_nothing() {
    let g = game(&[]);
    // A and B are completely empty: the seed stays in A, the first cowrie captures nothing
    // in B, the second lands on C's cowrie.
    let mut s = position(&g, "a/5+1,5+1,5+1,5+1,5+1,1+2/0+0,0+0,10+1,8+1,8+1,8+2/0,0");
    assert_eq!(play(&g, &mut s, "f"), (0, 0));
    assert_eq!(
        g.format_position(&s),
        "A/5+1,5+1,5+1,5+1,5+1,0+0/1+0,0+1,10+2,8+1,8+1,8+2/0,0"
    );
}

#[test]
fn own_holes_never_capture() {
    let g = game(&[]);
    // d's seed falls into e (a cowrie, no seed), its cowrie into f (seeds, no cowrie): both
    // are the mover's own holes, so nothing is captured.
    let mut s = position(&g, "a/5+1,5+1,5+1,1+1,0+1,3+0/6+1,5+1,5+1,5+1,5+1,5+2/10,0");
    assert_eq!(play(&g, &mut s, "d"), (0, 0));
    assert_eq!(
        g.format_position(&s),
        "A/5+1,5+1,5+1,0+0,1+1,3+1/6+1,5+1,5+1,5+1,5+1,5+2/10,0"
    );
}

#[test]
fn a_26_counter_sowing_laps_twice_through_the_origin() {
    let g = game(&[]);
    // e holds 24 seeds and 2 cowries. The seeds go round twice (e gets two of them back);
    // both seeds dropped into B (a cowrie, no seed) go to the second player; the second
    // cowrie captures the two seeds sown into A, which has no cowrie.
    let mut s = position(&g, "a/1+1,1+1,1+1,1+1,24+2,0+1/0+0,0+1,1+1,5+1,5+1,5+1/8,8");
    assert_eq!(play(&g, &mut s, "e"), (2, 2));
    assert_eq!(
        g.format_position(&s),
        "A/3+1,3+1,3+1,3+1,2+0,2+2/0+1,0+1,3+1,7+1,7+1,7+1/10,10"
    );
    assert_eq!(g.hash(&s), g.hash_from_scratch(&s));
}

#[test]
fn a_player_without_cowries_must_pass() {
    let g = game(&[]);
    let mut s = position(&g, "a/5+0,5+0,5+0,5+0,5+0,5+0/1+1,1+1,5+2,5+2,5+3,5+3/4,4");
    assert_eq!(g.legal_move_vec(&s), [Move::Pass]);
    assert!(g.parse_legal_move(&s, "a").is_err());
    play(&g, &mut s, "pass");
    assert_eq!(g.status(&s), Status::ToMove(Player(1)));
    assert!(g.parse_legal_move(&s, "pass").is_err());
    play(&g, &mut s, "A");
    assert_eq!(g.legal_move_vec(&s), [Move::Pass]);
}

#[test]
fn no_seed_left_ends_the_game_on_captured_seeds() {
    let g = game(&[]);
    // f's last seed falls into A, which has a cowrie and no seed: the second player gets it.
    let mut s = position(
        &g,
        "a/0+1,0+1,0+1,0+1,0+1,1+1/0+1,0+1,0+1,0+1,0+1,0+1/29,30",
    );
    play(&g, &mut s, "f");
    assert_eq!(
        g.status(&s),
        Status::Over(Outcome {
            winners: PlayerSet::single(Player(1)),
            scores: scores(29, 31),
            reason: REASON_NO_SEED,
        })
    );
    assert!(g.legal_move_vec(&s).is_empty());
    let drawn = position(
        &g,
        "A/0+1,0+1,0+1,0+1,0+1,0+1/0+1,0+1,0+1,0+1,0+1,0+1/30,30",
    );
    assert_eq!(
        g.status(&drawn),
        Status::Over(Outcome {
            winners: PlayerSet::EMPTY,
            scores: scores(30, 30),
            reason: REASON_NO_SEED,
        })
    );
}

#[test]
fn old_tiebreak_plays_on_with_cowries_until_a_player_cannot_move() {
    let none = game(&[]);
    let old = game(&[("tiebreak", "old")]);
    let code = "a/0+0,0+0,0+0,0+0,0+0,0+1/0+0,0+3,0+2,0+2,0+2,0+2/30,30";
    assert!(matches!(none.status(&position(&none, code)), Status::Over(o) if o.is_draw()));
    let mut s = position(&old, code);
    assert!(old.in_tiebreak(&s));
    assert_eq!(old.legal_move_vec(&s), [Move::Sow(5)]);
    // f's cowrie goes to A; now the first player has no cowrie, but the second may move.
    play(&old, &mut s, "f");
    assert_eq!(old.status(&s), Status::ToMove(Player(1)));
    // A's cowrie stays in the second player's row: the first player cannot move and loses
    // (in the tie-break phase there is no pass).
    play(&old, &mut s, "A");
    assert_eq!(
        old.status(&s),
        Status::Over(Outcome {
            winners: PlayerSet::single(Player(1)),
            scores: scores(30, 30),
            reason: REASON_TIEBREAK,
        })
    );
    // Unequal scores end the game as usual under the old rule too.
    let unequal = position(
        &old,
        "a/0+0,0+0,0+0,0+0,0+0,0+1/0+0,0+3,0+2,0+2,0+2,0+2/31,29",
    );
    assert!(
        matches!(old.status(&unequal), Status::Over(o) if o.reason == REASON_NO_SEED && o.winners.contains(Player(0)))
    );
}

#[test]
fn ply_limit_ends_the_game_scored_on_seeds() {
    let g = game(&[("ply-limit", "2")]);
    assert_eq!(g.max_plies(), Some(2));
    let mut s = g.start();
    play(&g, &mut s, "f");
    assert_eq!(g.format_position(&s).rsplit('/').next(), Some("1"));
    play(&g, &mut s, "F");
    assert_eq!(
        g.status(&s),
        Status::Over(Outcome {
            winners: PlayerSet::EMPTY,
            scores: scores(0, 0),
            reason: REASON_PLY_LIMIT,
        })
    );
    let code = g.format_position(&s);
    assert_eq!(g.format_position(&position(&g, &code)), code);
    assert!(game(&[]).parse_position(&code).is_err());
}

#[test]
fn bad_codes_moves_and_settings_are_refused_with_reasons() {
    let g = game(&[]);
    let bad = [
        (
            "b/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
            "side to move",
        ),
        (
            "a/5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
            "6 holes",
        ),
        (
            "a/5+1,5+1,5+1,5+1,5+1,5x1/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
            "SEEDS+COWRIES",
        ),
        (
            "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/1,0",
            "61 seeds",
        ),
        (
            "a/5+1,5+1,5+1,5+1,5+1,5+2/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
            "13 cowries",
        ),
        (
            "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0",
            "stores",
        ),
        ("a/5+1", "fields"),
    ];
    for (code, reason) in bad {
        let e = g.parse_position(code).unwrap_err();
        assert!(e.to_string().contains(reason), "{code}: {e}");
    }
    assert!(g.parse_move(&g.start(), "g").is_err());
    assert!(g.parse_move(&g.start(), "ab").is_err());
    assert_eq!(g.parse_move(&g.start(), "F"), Ok(Move::Sow(11)));
    assert!(KauriSettings::from_pairs("kauri", &[("tiebreak", "new")]).is_err());
    assert!(KauriSettings::from_pairs("kauri", &[("ply-limit", "-3")]).is_err());
}

#[test]
fn decided_winner_is_the_player_with_more_than_30_seeds() {
    let g = game(&[]);
    let s = position(
        &g,
        "a/0+1,0+1,0+1,0+1,0+1,1+1/0+1,0+1,0+1,0+1,0+1,0+1/28,31",
    );
    assert_eq!(s.decided_winner(), Some(Player(1)));
    assert_eq!(g.start().decided_winner(), None);
}

#[test]
fn a_repeated_position_ends_the_game_scored_on_seeds() {
    // In the old tie-break phase only cowries move and nothing can be captured; these twelve
    // plies bring the position back.
    let g = game(&[("tiebreak", "old")]);
    let code = "a/0+0,0+0,0+3,0+1,0+1,0+0/0+1,0+2,0+0,0+0,0+2,0+2/30,30";
    let mut s = position(&g, code);
    let cycle = ["c", "E", "e", "F", "a", "B", "d", "A", "f", "C", "b", "D"];
    for (i, mv) in cycle.iter().enumerate() {
        assert!(matches!(g.status(&s), Status::ToMove(_)), "ply {i}");
        play(&g, &mut s, mv);
        assert_eq!(s.history.len(), i + 1);
    }
    assert_eq!(g.format_position(&s), code);
    assert_eq!(
        g.status(&s),
        Status::Over(Outcome {
            winners: PlayerSet::EMPTY,
            scores: scores(30, 30),
            reason: REASON_REPEATED,
        })
    );
    assert!(g.legal_move_vec(&s).is_empty());
}

#[test]
fn a_capture_forgets_the_earlier_positions() {
    let g = game(&[]);
    let mut s = position(&g, "a/5+1,5+1,5+1,5+1,5+1,1+1/0+1,2+1,8+1,8+1,8+1,8+1/0,0");
    assert!(g.history_free(&s));
    play(&g, &mut s, "a");
    play(&g, &mut s, "B");
    assert_eq!(s.history.len(), 2);
    assert!(
        !g.history_free(&s),
        "a search may not share this position's value"
    );
    // f's first seed falls into A (cowries, no seed): a capture, after which no earlier
    // position can come back (seeds only ever leave the board).
    assert_eq!(play(&g, &mut s, "f"), (0, 1));
    assert!(s.history.is_empty());
    assert!(g.history_free(&s));
}

#[test]
fn random_play_branches_about_3_6_ways_as_the_original_says() {
    use rand::{Rng, SeedableRng};
    let g = game(&[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let (mut options, mut decisions) = (0usize, 0usize);
    let mut moves = Vec::new();
    for _ in 0..5000 {
        let mut s = g.start();
        while let Status::ToMove(_) = g.status(&s) {
            g.legal_moves(&s, &mut moves);
            if moves != [Move::Pass] {
                options += moves.len();
                decisions += 1;
            }
            g.apply(&mut s, moves[rng.random_range(0..moves.len())]);
        }
    }
    let mean = options as f64 / decisions as f64;
    assert!((mean - 3.60).abs() < 0.02, "mean branching factor {mean}");
}

#[test]
fn the_table_drawn_random_move_is_the_listed_draw() {
    let forms: [&[(&str, &str)]; 3] = [&[], &[("tiebreak", "old")], &[("ply-limit", "40")]];
    for pairs in forms {
        let g = game(pairs);
        for seed in 0..300 {
            if let Err(e) = tafel_core::conformance::check_own_random_move(&g, seed) {
                panic!("{pairs:?}: {e}");
            }
        }
    }
}

#[test]
fn the_specialised_playout_plays_the_generic_playouts_games() {
    let forms: [&[(&str, &str)]; 3] = [&[], &[("tiebreak", "old")], &[("ply-limit", "40")]];
    for pairs in forms {
        let g = game(pairs);
        for seed in 0..2000 {
            if let Err(e) = tafel_core::conformance::check_own_playout(&g, seed) {
                panic!("{pairs:?}: {e}");
            }
        }
    }
}

#[test]
fn positions_differing_only_in_the_second_rows_cowries_are_not_a_repetition() {
    // The repetition list packs both rows of cowries into one word; the second row's counts
    // sit in the high half of each byte lane and must not be confused with the first row's.
    let g = game(&[]);
    let a = position(
        &g,
        "A/0+0,0+0,0+0,0+0,0+0,4+1/0+0,0+1,0+9,0+0,0+0,0+1/28,28",
    );
    let b = position(
        &g,
        "A/0+0,0+0,0+0,0+0,0+0,4+1/0+0,0+1,0+8,0+1,0+0,0+1/28,28",
    );
    let c = position(
        &g,
        "a/0+0,0+0,0+0,0+0,0+0,4+1/0+0,0+1,0+9,0+0,0+0,0+1/28,28",
    );
    let mut seen = repetition::Repetitions::default();
    seen.push(&repetition::Key::of(&a.board));
    assert!(seen.contains(&repetition::Key::of(&a.board)));
    assert!(!seen.contains(&repetition::Key::of(&b.board)));
    assert!(
        !seen.contains(&repetition::Key::of(&c.board)),
        "the side to move counts"
    );
}

#[test]
fn the_board_seen_from_either_side_holds_the_same_counters() {
    let g = game(&[]);
    let code = "A/1+0,2+1,3+0,4+2,5+0,6+1/7+3,8+0,9+1,0+2,0+0,1+2/8,6";
    let s = position(&g, code);
    assert_eq!(s.side(), Player(1));
    assert_eq!(
        (s.seeds(0), s.cowries(1), s.seeds(6), s.cowries(11)),
        (1, 1, 7, 2)
    );
    assert_eq!((s.store(Player(0)), s.store(Player(1))), (8, 6));
    assert_eq!(g.format_position(&s), code);
    let turned = s.board.turned();
    assert_eq!(turned.side, 0);
    assert_eq!(turned.seeds_in(6), 7);
    assert_eq!(turned.store(Player(1)), 6);
    assert_eq!(turned.turned(), s.board);
}

/// `clone_from` gives the state `clone` gives (the repetition list and its filter included),
/// keeping the room of the list it overwrites: a vector restarting games in place does not
/// grow each game's list from nothing again.
#[test]
fn clone_from_equals_clone_and_keeps_the_room() {
    use rand::SeedableRng;
    let game = game(&[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut buffer = Vec::new();
    let mut long = game.start();
    let mut states = vec![long.clone()];
    while matches!(game.status(&long), Status::ToMove(_)) && states.len() < 200 {
        let mv = game.random_move(&long, &mut rng, &mut buffer);
        game.apply(&mut long, mv);
        states.push(long.clone());
    }
    let roomiest = states
        .iter()
        .max_by_key(|state| state.history.len())
        .expect("a game")
        .clone();
    assert!(roomiest.history.len() > 1, "a capture-free stretch");
    for source in &states {
        let mut target = roomiest.clone();
        let room = target.history.capacity();
        target.clone_from(source);
        assert_eq!(&target, source);
        assert_eq!(target, source.clone());
        assert!(target.history.capacity() >= room);
    }
}
