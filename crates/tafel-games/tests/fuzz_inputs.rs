//! Every parser that reads outside input, fed arbitrary and mutated text: position codes,
//! moves, text and JSON records (Kauri's Mancala World movetext among them) and settings. Each
//! input is accepted or refused with a message; none may panic, and whatever is accepted must
//! be usable (its code, picture, legal moves and a few random moves work, and its code reads
//! back to the same position).
//!
//! Everything goes through the registry and the erased view (`DynGame`, `DynPosition`,
//! `parse_record`, `DynGame::replay`, `GameEntry::build`), the way the command line and the
//! server read input. Each property runs 10,000 cases, every game in each case.

use std::sync::Arc;

use proptest::prelude::*;
use proptest::sample::Index;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tafel_core::record::{parse_record, RawMoves};
use tafel_core::settings::SettingValues;
use tafel_core::{DynGame, DynPosition};
use tafel_games::registry;

const CASES: u32 = 10_000;

/// Every game with its default settings.
fn games() -> Vec<Arc<dyn DynGame>> {
    registry()
        .entries()
        .iter()
        .map(|entry| entry.build(&[]).expect("defaults are valid"))
        .collect()
}

/// The position after `plies` random moves (chance included) from the start.
fn random_position(
    game: &dyn DynGame,
    seed: u64,
    plies: usize,
) -> (Box<dyn DynPosition>, Vec<String>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = game.start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        match position.play_random(&mut rng) {
            Some(mv) => moves.push(mv),
            None => break,
        }
    }
    (position, moves)
}

/// Uses a position the way the command line and the server do, and checks that its code
/// reads back to the same position.
fn exercise(
    game: &dyn DynGame,
    position: &dyn DynPosition,
    seed: u64,
) -> Result<(), TestCaseError> {
    let code = position.code();
    let again = game
        .parse_position(&code)
        .map_err(|e| TestCaseError::fail(format!("own code `{code}` refused: {e}")))?;
    prop_assert_eq!(again.code(), code.clone());
    let _ = position.picture();
    let _ = position.describe_status();
    let legal = position.legal_moves();
    let mut copy = position.clone_box();
    let mut rng = SmallRng::seed_from_u64(seed);
    for mv in legal.iter().take(3) {
        let mut next = position.clone_box();
        next.play(mv).map_err(|e| {
            TestCaseError::fail(format!("legal move `{mv}` in `{code}` refused: {e}"))
        })?;
    }
    for _ in 0..4 {
        if copy.play_random(&mut rng).is_none() {
            break;
        }
        let _ = copy.legal_moves();
    }
    Ok(())
}

/// An edit of a text: insert, delete, replace, duplicate or cut.
#[derive(Clone, Debug)]
struct Edit {
    at: Index,
    len: Index,
    kind: u8,
    text: String,
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    // Characters that mean something in codes, moves and records, and some that never should.
    let interesting = prop::sample::select(vec![
        "/",
        ".",
        "-",
        "x",
        ",",
        ":",
        " ",
        "\n",
        "0",
        "1",
        "9",
        "10",
        "99",
        "a",
        "A",
        "z",
        "N",
        "S",
        "E",
        "W",
        "w",
        "b",
        "[",
        "]",
        "\"",
        "{",
        "}",
        "(",
        ")",
        "*",
        "#",
        "é",
        "\u{0}",
        "\u{200b}",
        "-1",
        "4294967296",
        "18446744073709551616",
    ])
    .prop_map(str::to_string);
    let text = prop_oneof![interesting, any::<char>().prop_map(|c| c.to_string())];
    prop::collection::vec(
        (any::<Index>(), any::<Index>(), 0..5u8, text).prop_map(|(at, len, kind, text)| Edit {
            at,
            len,
            kind,
            text,
        }),
        1..6,
    )
}

/// `base` with `edits` applied (positions counted in characters).
fn mutate(base: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for edit in edits {
        let at = edit.at.index(chars.len() + 1);
        let len = edit.len.index(chars.len() - at + 1).min(8);
        match edit.kind {
            0 => {
                chars.splice(at..at, edit.text.chars());
            }
            1 => {
                chars.drain(at..at + len);
            }
            2 => {
                chars.splice(at..at + len, edit.text.chars());
            }
            3 => {
                let copy: Vec<char> = chars[at..at + len].to_vec();
                chars.splice(at..at, copy);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn any_text_as_a_position_code(text in any::<String>()) {
        for game in games() {
            match game.parse_position(&text) {
                Ok(position) => exercise(game.as_ref(), position.as_ref(), 1)?,
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn mutated_position_codes(seed in any::<u64>(), plies in 0..40usize, edits in edits()) {
        for game in games() {
            let (position, _) = random_position(game.as_ref(), seed, plies);
            let text = mutate(&position.code(), &edits);
            match game.parse_position(&text) {
                Ok(position) => exercise(game.as_ref(), position.as_ref(), seed)?,
                Err(e) => prop_assert!(!e.to_string().is_empty(), "{}: empty error for {text:?}", game.info().name),
            }
        }
    }

    #[test]
    fn any_and_mutated_moves(seed in any::<u64>(), plies in 0..40usize, text in any::<String>(), pick in any::<Index>(), edits in edits()) {
        for game in games() {
            let (position, _) = random_position(game.as_ref(), seed, plies);
            let legal = position.legal_moves();
            let mutated = if legal.is_empty() {
                mutate("", &edits)
            } else {
                mutate(&legal[pick.index(legal.len())], &edits)
            };
            for input in [&text, &mutated] {
                let mut next = position.clone_box();
                match next.play(input) {
                    Ok(canonical) => {
                        prop_assert!(position.legal_moves().contains(&canonical), "`{input}` played as `{canonical}`, not legal");
                        exercise(game.as_ref(), next.as_ref(), seed)?;
                    }
                    Err(e) => {
                        prop_assert!(!e.to_string().is_empty());
                        prop_assert_eq!(next.code(), position.code(), "a refused move changed the position");
                    }
                }
            }
        }
    }

    #[test]
    fn any_text_as_a_record(text in any::<String>()) {
        if let Ok(raw) = parse_record(&text) {
            for game in games() {
                let _ = game.replay(&raw);
            }
        }
    }

    #[test]
    fn mutated_text_and_json_records(seed in any::<u64>(), plies in 0..60usize, json in any::<bool>(), edits in edits()) {
        for game in games() {
            let (_, moves) = random_position(game.as_ref(), seed, plies);
            let record = game.write_record(game.start().as_ref(), &moves, json).expect("a played game writes its record");
            let text = mutate(&record, &edits);
            let raw = match parse_record(&text) {
                Ok(raw) => raw,
                Err(e) => {
                    prop_assert!(!e.to_string().is_empty());
                    continue;
                }
            };
            match game.replay(&raw) {
                Ok((start, replayed)) => {
                    // An accepted record replays move by move from its start.
                    let mut position = start.clone_box();
                    for mv in &replayed {
                        position.play(mv).map_err(|e| TestCaseError::fail(format!("replayed `{mv}` refused: {e}")))?;
                    }
                    exercise(game.as_ref(), position.as_ref(), seed)?;
                    if let (RawMoves::List(list), false) = (&raw.moves, json) {
                        prop_assert!(list.len() >= replayed.len());
                    }
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn any_and_mutated_settings(
        pairs in prop::collection::vec((any::<Index>(), any::<String>(), any::<Index>(), any::<bool>()), 0..4),
        edits in edits(),
    ) {
        for entry in registry().entries() {
            let settings: Vec<(String, String)> = pairs
                .iter()
                .map(|(key, free, value, mutated)| {
                    // Now and then an unknown key.
                    if entry.specs.is_empty() || (!mutated && key.index(3) == 0) {
                        return (free.clone(), free.clone());
                    }
                    let spec = &entry.specs[key.index(entry.specs.len())];
                    let base = match spec.values {
                        SettingValues::Choice(words) => words[value.index(words.len())],
                        SettingValues::ChoiceBy { choices, .. } => {
                            let (_, words) = choices[value.index(choices.len())];
                            words[value.index(words.len())]
                        }
                        SettingValues::Text(_) => spec.default,
                    };
                    let value = if *mutated { mutate(base, &edits) } else { free.clone() };
                    (spec.key.to_string(), value)
                })
                .collect();
            match entry.build(&settings) {
                Ok(game) => {
                    let start = game.start();
                    exercise(game.as_ref(), start.as_ref(), 7)?;
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}

/// Two panics of Kauri's movetext reader: an annotation starting with a character of more
/// than one byte (found by `mutated_text_and_json_records`), and letters whose lower case is
/// longer than themselves (`İ`) before a result line, which shifted where the result was cut
/// (found by reading the reader after that).
#[test]
fn kauri_movetext_with_characters_of_several_bytes() {
    let kauri = registry().get("kauri").unwrap().build(&[]).unwrap();
    for movetext in [
        "1. e (-1🕴) C",
        "1. e C (+2é)",
        "İİİİİİİ won byé 3 : 1 points",
        "1. e C İİİİİİİİ draw é",
    ] {
        let text = format!("[Game \"kauri\"]\n\n{movetext}\n");
        let raw = parse_record(&text).expect("the tags are fine");
        let error = kauri.replay(&raw).err();
        assert!(
            error.is_some_and(|e| !e.to_string().is_empty()),
            "{movetext}"
        );
    }
}
