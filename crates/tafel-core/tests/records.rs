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
    let text = record::to_annotated_text(&DiceRace, &start, &moves, None, &notes, &extra);
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
        prop_assert_eq!(replayed.ending, None);
    }
    // An unfinished game may also have ended by resignation, agreement or time.
    if matches!(game.status(&end), tafel_core::Status::Over(_)) {
        return Ok(());
    }
    let seats = record::seats_of(game);
    let by = tafel_core::Player((moves.len() % seats.len()) as u8);
    for ending in [
        record::Ending::resigned(by, &seats),
        record::Ending::agreed_draw(),
        record::Ending::out_of_time(by, &seats),
    ] {
        for text in [
            record::to_ended_text(game, start, moves, Some(&ending)),
            record::to_ended_json(game, start, moves, Some(&ending)),
        ] {
            let raw = parse_record(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let replayed = replay(game, &raw).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&replayed.moves, moves);
            prop_assert_eq!(replayed.ending.as_ref(), Some(&ending), "{}", text);
        }
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

#[test]
fn games_ended_by_the_players_or_the_clock_keep_their_ending_in_both_forms() {
    use tafel_core::record::{seats_of, Ending, Termination};
    use tafel_core::Player;
    let start = DiceRace.start();
    let moves = moves_of(&DiceRace, &start, &["2", "10", "1"]);
    let seats = seats_of(&DiceRace);
    for ending in [
        Ending::resigned(Player(1), &seats),
        Ending::agreed_draw(),
        Ending::out_of_time(Player(0), &seats),
    ] {
        let text = record::to_ended_text(&DiceRace, &start, &moves, Some(&ending));
        let tags = format!(
            "[Result \"{}\"]\n[Termination \"{}\"]\n\n1. 2 10\n2. 1\n",
            ending.result, ending.termination
        );
        assert!(text.ends_with(&tags), "{text}");
        let json = record::to_ended_json(&DiceRace, &start, &moves, Some(&ending));
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["termination"], ending.termination.as_str());
        for written in [text, json] {
            let replayed = replay(&DiceRace, &parse_record(&written).unwrap()).unwrap();
            assert_eq!(replayed.moves, moves);
            assert_eq!(replayed.ending.as_ref(), Some(&ending), "{written}");
        }
        // An annotated record (`tafel analyze --record`) keeps how the game ended.
        let notes = [record::MoveNote {
            mark: Some("?".to_string()),
            comment: None,
        }];
        let annotated =
            record::to_annotated_text(&DiceRace, &start, &moves, Some(&ending), &notes, &[]);
        assert!(annotated.contains("1. 2? 10"), "{annotated}");
        let replayed = replay(&DiceRace, &parse_record(&annotated).unwrap()).unwrap();
        assert_eq!(replayed.moves, moves);
        assert_eq!(replayed.ending.as_ref(), Some(&ending), "{annotated}");
    }
    assert_eq!(
        Ending::resigned(Player(1), &seats).result,
        "A wins (B resigned)"
    );
    assert_eq!(
        Ending::out_of_time(Player(0), &seats).result,
        "B wins (A ran out of time)"
    );
    // Without an ending, nothing changes: no Termination tag or field.
    let plain = record::to_text(&DiceRace, &start, &moves);
    assert!(!plain.contains("Termination"), "{plain}");
    let plain = record::to_json(&DiceRace, &start, &moves);
    assert!(!plain.contains("termination"), "{plain}");
    assert_eq!(
        Ending::forfeited(Player(1), &seats).result,
        "A wins (B forfeited)"
    );
    assert_eq!(Termination::ALL.len(), 5);
}

#[test]
fn a_team_resigns_or_loses_on_time_together() {
    use tafel_core::record::{seats_of, Ending};
    use tafel_core::{Player, PlayerSet};
    let seats = seats_of(&TeamNim);
    let resigned = Ending::resigned(Player(1), &seats);
    assert_eq!(
        resigned.winners,
        PlayerSet::single(Player(0)).with(Player(2))
    );
    assert_eq!(
        resigned.result,
        format!(
            "{} and {} win ({} and {} resigned)",
            seats[0].0, seats[2].0, seats[1].0, seats[3].0
        )
    );
    let flagged = Ending::out_of_time(Player(2), &seats);
    assert_eq!(
        flagged.winners,
        PlayerSet::single(Player(1)).with(Player(3))
    );
    assert_eq!(
        flagged.result,
        format!(
            "{} and {} win ({} ran out of time)",
            seats[1].0, seats[3].0, seats[2].0
        )
    );
    let text = record::to_ended_text(&TeamNim, &TeamNim.start(), &[], Some(&flagged));
    let replayed = replay(&TeamNim, &parse_record(&text).unwrap()).unwrap();
    assert_eq!(replayed.ending, Some(flagged));
}

#[test]
fn an_ending_must_fit_the_moves_and_the_termination() {
    // A termination on a game the moves finished.
    let won = "[Start \"3,0 0 A 3\"]\n[Result \"B wins (A resigned)\"]\n[Termination \"resignation\"]\n\n1. 10";
    assert_eq!(
        refused(won),
        "the record says the game ended by resignation, but its moves end it: `A wins (reached the goal)`"
    );
    // A result that no resignation gives.
    assert_eq!(
        refused("[Result \"A wins (B gave up)\"]\n[Termination \"resignation\"]\n\n1. 2"),
        "the record's result `A wins (B gave up)` does not follow from a resignation; \
         it would be `B wins (A resigned)` or `A wins (B resigned)`"
    );
    assert_eq!(
        refused("[Termination \"agreement\"]\n\n1. 2"),
        "the record says the game ended by agreement but gives no result"
    );
    let unknown = parse_record("[Termination \"abandoned\"]\n\n1. 2")
        .unwrap_err()
        .to_string();
    assert!(
        unknown.contains(
            "unknown termination `abandoned` (known: resignation, agreement, time forfeit, aborted, rules infraction)"
        ),
        "{unknown}"
    );
    let json =
        parse_record(r#"{"game": "dice-race", "result": "draw (agreed)", "termination": "truce"}"#)
            .unwrap_err()
            .to_string();
    assert!(json.contains("unknown variant `truce`"), "{json}");
    // An agreed draw in JSON replays.
    let agreed = r#"{"game": "dice-race", "moves": ["2"], "result": "draw (agreed)", "termination": "agreement"}"#;
    let replayed = replay(&DiceRace, &parse_record(agreed).unwrap()).unwrap();
    assert_eq!(replayed.ending.unwrap().result, "draw (agreed)");
}
