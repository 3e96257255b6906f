//! Records on the test games of `tafel-testkit`: written and read back in both forms from
//! random games (with chance outcomes and from other start positions), the default movetext
//! as the record format says, and every kind of bad record refused with its move number.

use proptest::prelude::*;
use rand::SeedableRng;
use tafel_core::game::GameExt;
use tafel_core::record::{self, parse_record, replay, RawMoves};
use tafel_core::Game;
use tafel_testkit::games::{DiceRace, TeamNim, ADVANCE, PUSH};
use tafel_testkit::positions::random_position;

/// Plays `moves` (in notation) from `start`.
fn moves_of<G: Game>(game: &G, start: &G::State, moves: &[&str]) -> Vec<G::Move> {
    let mut state = start.clone();
    moves
        .iter()
        .map(|text| {
            let mv = game.parse_legal_move(&state, text).unwrap();
            game.apply(&mut state, mv);
            mv
        })
        .collect()
}

#[test]
fn the_default_movetext_numbers_moves_with_their_chance_outcomes_first() {
    let start = DiceRace.start();
    let moves = moves_of(&DiceRace, &start, &["2", "10", "1", "11", "3"]);
    assert_eq!(moves, [2, ADVANCE, 1, PUSH, 3]);
    let text = record::to_text(&DiceRace, &start, &moves);
    assert_eq!(
        text,
        "[Game \"dice-race\"]\n[Settings \"\"]\n[Result \"*\"]\n\n1. 2 10\n2. 1 11\n3. 3\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&record::to_json(&DiceRace, &start, &moves)).unwrap();
    assert_eq!(
        json["moves"],
        serde_json::json!(["2", "10", "1", "11", "3"])
    );
    assert!(json.get("start").is_none());
    // From another start the record names it.
    let other = DiceRace.parse_position("3,1 2 A -").unwrap();
    let text = record::to_text(
        &DiceRace,
        &other,
        &moves_of(&DiceRace, &other, &["3", "10"]),
    );
    assert!(text.contains("[Start \"3,1 2 A -\"]"), "{text}");
    assert!(
        text.contains("[Result \"A wins (reached the goal)\"]"),
        "{text}"
    );
    assert!(text.ends_with("\n\n1. 3 10\n"), "{text}");
}

#[test]
fn notes_are_written_after_their_moves_and_skipped_when_read() {
    let start = DiceRace.start();
    let moves = moves_of(&DiceRace, &start, &["2", "10", "1", "11", "3"]);
    let note = |mark: &str, comment: &str| record::MoveNote {
        mark: (!mark.is_empty()).then(|| mark.to_string()),
        comment: (!comment.is_empty()).then(|| comment.to_string()),
    };
    let notes = [
        record::MoveNote::default(),
        note("?", "52% -> 38% {best 11}"),
        note("", ""),
        note("!", ""),
        note("??x", "a draw\nor won by 3 : 2"),
    ];
    let extra = [("Annotator".to_string(), "tafel \"analyze\"".to_string())];
    let text = record::to_annotated_text(&DiceRace, &start, &moves, &notes, &extra);
    assert_eq!(
        text,
        "[Game \"dice-race\"]\n[Settings \"\"]\n[Result \"*\"]\n[Annotator \"tafel 'analyze'\"]\n\n\
         1. 2 10? {52% -> 38% (best 11)}\n2. 1 11!\n3. 3?? {a draw or won by 3 : 2}\n"
    );
    let raw = parse_record(&text).unwrap();
    assert_eq!(replay(&DiceRace, &raw).unwrap().moves, moves);
    // A comment may stand anywhere between tokens, marks may stand alone, and a comment must
    // be closed.
    let raw = parse_record("1. {opening} 2 10 ! 2. 1{x}11?! {y} 3. 3").unwrap();
    assert_eq!(replay(&DiceRace, &raw).unwrap().moves, moves);
    let raw = parse_record("1. 2 10 {unclosed").unwrap();
    assert_eq!(
        replay(&DiceRace, &raw).unwrap_err().to_string(),
        "a comment `{` has no closing `}`"
    );
}

/// Replays `text` as a dice race record and returns the error's text.
fn refused(text: &str) -> String {
    let raw = parse_record(text).unwrap();
    replay(&DiceRace, &raw).unwrap_err().to_string()
}

#[test]
fn bad_records_are_refused_with_the_move_at_fault() {
    assert_eq!(
        refused("1. 2 10 3. 1 10"),
        "move 2: found move number 3 where 2 was expected"
    );
    assert_eq!(
        refused("1. 2 10 2. 1 12"),
        "move 2: illegal move `12`; legal here: 10 11"
    );
    assert_eq!(refused("1. 2 x"), "move 1: invalid move `x`: not a number");
    assert_eq!(
        refused("[Result \"A wins (ahead)\"]\n\n1. 2 10"),
        "the record's result is `A wins (ahead)` but the moves give `*`"
    );
    assert_eq!(
        refused("[Game \"team-nim\"]\n\n1. 1"),
        "the record is for `team-nim`, not `dice-race`"
    );
    assert!(refused("[Start \"9,9 0 A -\"]\n\n").contains("invalid position code `9,9 0 A -`"),);
    // After the end of the game no move can follow.
    let won = "[Start \"3,0 0 A 3\"]\n\n1. 10 2";
    assert_eq!(refused(won), "move 2: `2` comes after the end of the game");
    // JSON: moves numbered as the record numbers them (chance outcomes go with their move).
    let json = r#"{"game": "dice-race", "moves": ["2", "10", "1", "13"]}"#;
    assert_eq!(
        refused(json),
        "move 2: illegal move `13`; legal here: 10 11"
    );
    assert!(parse_record(r#"{"game": "dice-race", "colour": "red"}"#)
        .unwrap_err()
        .to_string()
        .contains("unknown field `colour`"));
    let bad_tag = parse_record("[Game dice-race]\n").unwrap_err().to_string();
    assert!(
        bad_tag.contains("line 1: the tag's value must be in double quotes"),
        "{bad_tag}"
    );
}

#[test]
fn a_bare_movetext_is_a_record_without_tags() {
    let raw = parse_record("1. 1\n2. 2\n").unwrap();
    assert_eq!(raw.game, None);
    assert_eq!(raw.moves, RawMoves::Movetext("1. 1\n2. 2\n".into()));
    let replayed = replay(&TeamNim, &raw).unwrap();
    assert_eq!(replayed.moves, [1, 2]);
    assert_eq!(replayed.end, TeamNim.parse_position("7 S").unwrap());
}

/// Writes the record of `moves` from `start` in both forms and checks that each reads back
/// to the same start, moves and result.
fn round_trip<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> Result<(), TestCaseError> {
    let mut end = start.clone();
    for &mv in moves {
        game.apply(&mut end, mv);
    }
    for text in [
        record::to_text(game, start, moves),
        record::to_json(game, start, moves),
    ] {
        let raw = parse_record(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(raw.start.is_some(), *start != game.start(), "{}", text);
        let replayed = replay(game, &raw).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&replayed.start, start);
        prop_assert_eq!(&replayed.moves, moves);
        prop_assert_eq!(&replayed.end, &end);
        prop_assert_eq!(raw.result, Some(record::describe_status(game, &end)));
    }
    Ok(())
}

/// `plies` random moves and chance outcomes from `start`, fewer if the game ends.
fn random_moves<G: Game>(
    game: &G,
    start: &G::State,
    rng: &mut impl rand::Rng,
    plies: usize,
) -> Vec<G::Move> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_move_vec(&state);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        game.apply(&mut state, mv);
        moves.push(mv);
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn records_read_back_as_written(seed in any::<u64>(), before in 0usize..6, plies in 0usize..40) {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let start = random_position(&DiceRace, &mut rng, before);
        let moves = random_moves(&DiceRace, &start, &mut rng, plies);
        round_trip(&DiceRace, &start, &moves)?;
        let start = random_position(&TeamNim, &mut rng, before);
        let moves = random_moves(&TeamNim, &start, &mut rng, plies);
        round_trip(&TeamNim, &start, &moves)?;
    }
}
