//! The reference games of the Kauri spec, replayed from fixture files through the same path
//! as `tafel replay kauri FILE`: `parse_record` then `replay`.

use tafel_core::record::{parse_record, replay, ReplayError};
use tafel_core::Game;
use tafel_games::kauri::{Kauri, KauriSettings, State};

fn replay_file(name: &str) -> Result<State, ReplayError> {
    let path = format!("{}/tests/data/kauri/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let raw = parse_record(&text).unwrap();
    assert_eq!(raw.game, None, "{name} is a bare movetext");
    let game = Kauri::new(KauriSettings::default()).unwrap();
    replay(&game, &raw).map(|r| r.end)
}

fn stores(state: &State) -> (u8, u8) {
    use tafel_core::Player;
    (state.store(Player(0)), state.store(Player(1)))
}

#[test]
fn corrected_game_one_replays_to_8_31() {
    let end = replay_file("sandler-gering-2008-04-21-corrected.txt").unwrap();
    assert_eq!(stores(&end), (8, 31));
}

#[test]
fn printed_game_one_disagrees_at_move_5() {
    let e = replay_file("sandler-gering-2008-04-21-printed.txt").unwrap_err();
    assert_eq!(e.move_number, Some(5), "{e}");
    assert_eq!(
        e.reason.to_string(),
        "`C` captures nothing, but the record says (+1)"
    );
}

#[test]
fn game_two_replays_to_33_22() {
    let end = replay_file("sandler-gering-2008-04-29.txt").unwrap();
    assert_eq!(stores(&end), (33, 22));
}

fn replay_text(text: &str) -> Result<State, ReplayError> {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    replay(&game, &parse_record(text).unwrap()).map(|r| r.end)
}

const CORRECTED: &str = "1. f D; 2. e F; 3. b (+1) D; 4. d E; 5. c C; 6. a (+6-1) B (-1); \
                         7. a B; 8. b D! (+25); 9. d F (+5) - Gering won by 31 : 8 points";

#[test]
fn our_notation_writes_the_corrected_game_back() {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let raw = parse_record(CORRECTED).unwrap();
    let replayed = replay(&game, &raw).unwrap();
    assert_eq!(
        game.write_movetext(&replayed.start, &replayed.moves),
        "1. f D; 2. e F; 3. b (+1) D; 4. d E; 5. c C; 6. a (+6-1) B (-1); 7. a B; 8. b D (+25);\n\
         9. d F (+5)\n"
    );
}

#[test]
fn move_numbers_pair_the_plies_as_the_record_does() {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let replayed = replay(&game, &parse_record(CORRECTED).unwrap()).unwrap();
    let numbers = game.move_numbers(&replayed.start, &replayed.moves);
    let pairs: Vec<u32> = (1..=9).flat_map(|n| [n, n]).collect();
    assert_eq!(numbers, pairs);
}

#[test]
fn compound_annotations_add_up_their_plus_and_minus_terms() {
    for form in ["(+6;-1)", "(-1+6)", "(+2+4-1)", "( +6 ; -1 )"] {
        let text = CORRECTED.replace("(+6-1)", form);
        assert!(replay_text(&text).is_ok(), "{form}");
    }
    for form in ["(+6)", "(+5)", "(+6-2)", "(-5)"] {
        let e = replay_text(&CORRECTED.replace("(+6-1)", form)).unwrap_err();
        assert_eq!(e.move_number, Some(6), "{form}: {e}");
        assert!(
            e.reason.to_string().contains("captures 6 and loses 1"),
            "{e}"
        );
    }
}

#[test]
fn a_capture_without_annotation_is_a_disagreement() {
    let e = replay_text(&CORRECTED.replace("b (+1)", "b")).unwrap_err();
    assert_eq!(e.move_number, Some(3));
    assert_eq!(
        e.reason.to_string(),
        "`b` captures 1, but the record gives no annotation"
    );
}

#[test]
fn comments_and_note_markers_are_ignored() {
    let text = CORRECTED
        .replace("4. d E;", "4. d!? E (A) {a quiet move};")
        .replace("7. a B", "7. a?? B!!");
    assert_eq!(stores(&replay_text(&text).unwrap()), (8, 31));
}

/// A record of a game over before any move (written from a finished position) is read back:
/// its movetext is the result line alone.
#[test]
fn a_record_with_no_move_reads_back() {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let start = game
        .parse_position("a/0+1,0+1,0+2,0+0,0+1,0+1/0+0,0+1,0+1,0+2,0+1,0+1/30,30")
        .unwrap();
    let text = tafel_core::record::to_text(&game, &start, &[]);
    let replayed = replay(&game, &parse_record(&text).unwrap()).unwrap();
    assert!(replayed.moves.is_empty(), "{text}");
    assert_eq!(stores(&replayed.end), (30, 30));
}

#[test]
fn the_result_line_is_checked_against_the_stores() {
    let wrong = [
        "Gering won by 30 : 8 points",
        "Gering won by 8 : 31 points",
        "first player won by 31 : 8 points",
        "Draw by 8 : 31 points",
        "Gering won by lots",
    ];
    for line in wrong {
        let text = CORRECTED.replace("Gering won by 31 : 8 points", line);
        let e = replay_text(&text).unwrap_err();
        assert_eq!(e.move_number, None, "{line}: {e}");
    }
    let named = CORRECTED.replace("Gering", "second player");
    assert!(replay_text(&named).is_ok());
    assert!(replay_text(&format!("{CORRECTED}.")).is_ok());
}

#[test]
fn malformed_records_name_the_move() {
    let cases = [
        (
            "1. f D; 3. e F",
            2,
            "found move number 3 where 2 was expected",
        ),
        ("1. f D; 2. f", 2, "illegal move `f`"),
        (
            "1. D",
            1,
            "but the first player is to move and need not pass",
        ),
        ("1. f D; 2. x", 2, "`x` is not a ply"),
        ("1. f D e", 1, "comes before the second player's"),
        ("1. f e", 1, "two plies by the first player"),
        ("1. f-e", 1, "need not pass"),
        ("f D", 1, "starts with the move number"),
        ("1. f D; 2. e (+1", 2, "without a closing"),
        ("1. f D; 2. e (+x)", 2, "is not a capture annotation"),
        (
            "1. f (+1) D",
            1,
            "`f` captures nothing, but the record says (+1)",
        ),
    ];
    for (text, number, reason) in cases {
        let e = replay_text(text).unwrap_err();
        assert_eq!(e.move_number, Some(number), "{text}: {e}");
        assert!(e.reason.to_string().contains(reason), "{text}: {e}");
    }
}

#[test]
fn chains_imply_the_forced_passes_and_records_round_trip() {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    // The first player has no cowrie: he passes while the second player sows A, then B.
    let start = game
        .parse_position("a/5+0,5+0,5+0,5+0,5+0,5+0/1+1,1+1,5+2,5+2,5+3,5+3/4,4")
        .unwrap();
    let moves = game.parse_movetext(&start, "1. A-B").unwrap();
    let names: Vec<String> = {
        let mut s = start.clone();
        moves
            .iter()
            .map(|&m| {
                let t = game.format_move(&s, m);
                game.apply(&mut s, m);
                t
            })
            .collect()
    };
    assert_eq!(names, ["pass", "A", "pass", "B"]);
    assert_eq!(game.write_movetext(&start, &moves), "1. A-B\n");
    assert_eq!(game.move_numbers(&start, &moves), [1, 1, 1, 1]);
    // A record ending on a pass writes that pass, as the first player's ply of move 2.
    assert_eq!(game.write_movetext(&start, &moves[..3]), "1. A; 2. pass\n");
    assert_eq!(game.move_numbers(&start, &moves[..3]), [1, 1, 2]);
    assert_eq!(
        game.parse_movetext(&start, "1. A; 2. pass").unwrap(),
        &moves[..3]
    );
    for text in [
        tafel_core::record::to_text(&game, &start, &moves),
        tafel_core::record::to_json(&game, &start, &moves),
    ] {
        let replayed = replay(&game, &parse_record(&text).unwrap()).unwrap();
        assert_eq!(replayed.moves, moves, "{text}");
    }
}

#[test]
fn finished_games_get_a_result_line_naming_the_seat() {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let start = game
        .parse_position("a/0+1,0+1,0+1,0+1,0+1,1+1/0+1,0+1,0+1,0+1,0+1,0+1/29,30")
        .unwrap();
    let moves = game.parse_movetext(&start, "1. f (-1)").unwrap();
    let text = game.write_movetext(&start, &moves);
    assert_eq!(text, "1. f (-1) - second player won by 31 : 29 points\n");
    assert!(game.parse_movetext(&start, &text).is_ok());
    let wrong = text.replace("second", "first");
    assert!(game.parse_movetext(&start, &wrong).is_err());
}

#[test]
fn notes_go_around_the_capture_annotations_and_replay() {
    use tafel_core::record::{to_annotated_text, MoveNote};
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let replayed = replay(&game, &parse_record(CORRECTED).unwrap()).unwrap();
    let mut notes = vec![MoveNote::default(); replayed.moves.len()];
    // Words a result line is found by, inside comments, must not end the moves early.
    notes[0].comment = Some("62% win, 10% draw; won by nobody yet".into());
    notes[15] = MoveNote {
        mark: Some("!".into()),
        comment: Some("the only good move".into()),
    };
    let text = to_annotated_text(&game, &replayed.start, &replayed.moves, None, &notes, &[]);
    assert!(
        text.contains("1. f {62% win, 10% draw; won by nobody yet} D;"),
        "{text}"
    );
    assert!(
        text.contains("8. b D! (+25) {the only good move};"),
        "{text}"
    );
    let again = replay(&game, &parse_record(&text).unwrap()).unwrap();
    assert_eq!(again.moves, replayed.moves);
    assert_eq!(stores(&again.end), (8, 31));
}
