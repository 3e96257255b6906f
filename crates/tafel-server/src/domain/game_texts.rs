//! The games' texts in a reader's language: each game's summary, its settings' labels, help
//! texts, forms of free values and choice words, the reasons its rules give for an ending, and
//! the results as the rules and the players end games. The game crates speak English (the
//! command line and the records use their words); here each of their texts has a key of the
//! catalogues, made from the game's name and the text's code:
//!
//! - `GAME-summary`;
//! - `GAME-KEY` (a setting's label), `GAME-KEY-help`, `GAME-KEY-form` (what a free value looks
//!   like) and `GAME-KEY-VALUE` (a choice's words, for values that are words: `random`, not
//!   `8` or `ABCGHJ`, which are shown as they are);
//! - `GAME-reason-REASON`, the reason's text with every run of other characters than letters
//!   and digits made one `-` (`no slide lowers the total group value: draw` is
//!   `no-slide-lowers-the-total-group-value-draw`).
//!
//! [`keys`] lists them all, so that a test can check that every catalogue has every one.

use tafel_core::record::{Ending, Termination};
use tafel_core::registry::GameEntry;
use tafel_core::settings::{SettingSpec, SettingValues};
use tafel_core::{DynGame, Outcome, Player};

use crate::domain::catalogue::{self, Arg};
use crate::domain::language::Language;

/// `text` as a part of a key: lower case, every run of other characters than letters and
/// digits one `-`, none at either end.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The message `key` without arguments in `language`.
fn words(key: &str, language: Language) -> String {
    catalogue::render(key, &[], language)
}

/// A game's summary in `language`.
pub fn summary(game: &str, language: Language) -> String {
    words(&format!("{game}-summary"), language)
}

/// A setting's label ("Who moves first") in `language`.
pub fn label(game: &str, spec: &SettingSpec, language: Language) -> String {
    words(&format!("{game}-{}", spec.key), language)
}

/// A setting's help text in `language`.
pub fn help(game: &str, spec: &SettingSpec, language: Language) -> String {
    words(&format!("{game}-{}-help", spec.key), language)
}

/// The values a setting allows, as one line in `language`: the form of a free value
/// ("ROWSxCOLUMNS, ..."), or the choices' words joined by `|`.
pub fn allowed(game: &str, spec: &SettingSpec, language: Language) -> String {
    match spec.values {
        SettingValues::Text(_) => words(&format!("{game}-{}-form", spec.key), language),
        _ => choices(spec)
            .iter()
            .map(|value| choice(game, spec.key, value, language))
            .collect::<Vec<_>>()
            .join("|"),
    }
}

/// Whether a choice's value is a word that has words of its own in each language (`random`,
/// `mover-loses`), rather than a number or a code shown as it is (`8`, `ABCGHJ`).
pub fn is_word(value: &str) -> bool {
    value.bytes().any(|b| b.is_ascii_lowercase())
        && value.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
}

/// Every value a setting offers to choose (none for a free value).
pub fn choices(spec: &SettingSpec) -> Vec<&'static str> {
    match spec.values {
        SettingValues::Choice(values) => values.to_vec(),
        SettingValues::ChoiceBy { choices, .. } => {
            let mut all: Vec<&'static str> = Vec::new();
            for value in choices.iter().flat_map(|(_, values)| values.iter()) {
                if !all.contains(value) {
                    all.push(value);
                }
            }
            all
        }
        SettingValues::Text(_) => Vec::new(),
    }
}

/// A setting's value in words in `language`: a choice's words (`random` is "zufällig" in
/// German), any other value as it is.
pub fn choice(game: &str, key: &str, value: &str, language: Language) -> String {
    if is_word(value) {
        words(&format!("{game}-{key}-{value}"), language)
    } else {
        value.to_string()
    }
}

/// The key of an outcome's reason of `game`.
fn reason_key(game: &str, reason: &str) -> String {
    format!("{game}-reason-{}", slug(reason))
}

/// An outcome's reason ("no pieces left") in `language`.
pub fn reason(game: &str, reason: &str, language: Language) -> String {
    words(&reason_key(game, reason), language)
}

/// Every key the game of `entry` gives texts by: its summary, each setting's label, help, form
/// or choices' words, each reason of its outcomes.
pub fn keys(entry: &GameEntry) -> Vec<String> {
    let game = entry.info.name;
    let mut keys = vec![format!("{game}-summary")];
    for spec in entry.specs {
        keys.push(format!("{game}-{}", spec.key));
        keys.push(format!("{game}-{}-help", spec.key));
        if let SettingValues::Text(_) = spec.values {
            keys.push(format!("{game}-{}-form", spec.key));
        }
        for value in choices(spec).into_iter().filter(|v| is_word(v)) {
            keys.push(format!("{game}-{}-{value}", spec.key));
        }
    }
    keys.extend(entry.reasons.iter().map(|r| reason_key(game, r)));
    keys
}

/// Sides' names as the games give them, each in `language`, joined as a list ("White and
/// Black", "Weiß und Schwarz").
fn names<'a>(sides: impl IntoIterator<Item = &'a str>, language: Language) -> String {
    let names: Vec<String> = sides
        .into_iter()
        .map(|side| catalogue::side(side, language))
        .collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => catalogue::render(
            "list-and",
            &[
                ("first", Arg::Text(rest.join(", "))),
                ("last", Arg::Text(last.clone())),
            ],
            language,
        ),
    }
}

/// `one` for a single name, else `several`: what the catalogues choose a verb's form by.
fn count(n: usize) -> Arg {
    Arg::Text(if n == 1 { "one" } else { "several" }.to_string())
}

/// A result: `key` with the winners' names and their count, and `args`.
fn result(
    key: &str,
    winners: &[&str],
    mut args: Vec<(&'static str, Arg)>,
    language: Language,
) -> String {
    args.push(("names", Arg::Text(names(winners.iter().copied(), language))));
    args.push(("count", count(winners.len())));
    catalogue::render(key, &args, language)
}

/// The result of an `outcome` of `game` by its rules in `language`: who won (or a draw), the
/// scores where the game keeps them, and why ("Schwarz gewinnt (keine Steine mehr)").
pub fn outcome(game: &dyn DynGame, outcome: &Outcome, language: Language) -> String {
    let name = game.info().name;
    let winners: Vec<&str> = outcome
        .winners
        .iter()
        .map(|p| game.player_name(p))
        .collect();
    let mut args = vec![("reason", Arg::Text(reason(name, outcome.reason, language)))];
    if let Some(scores) = outcome.scores {
        let shown: Vec<String> = (0..game.num_players())
            .map(|p| scores.0[p].to_string())
            .collect();
        args.push(("scores", Arg::Text(shown.join(" : "))));
    }
    let key = match (winners.is_empty(), outcome.scores.is_some()) {
        (true, false) => "result-draw",
        (true, true) => "result-draw-scores",
        (false, false) => "result-win",
        (false, true) => "result-win-scores",
    };
    result(key, &winners, args, language)
}

/// The result of a game ended by its players, its clock or the referee, in `language`;
/// `seats` are every seat's name and team.
pub fn ending(ending: &Ending, seats: &[(&'static str, u8)], language: Language) -> String {
    let winners: Vec<&str> = ending.winners.iter().map(|p| seats[p.index()].0).collect();
    let by = ending.by.map_or(0, Player::index);
    let name = || ("name", Arg::Text(catalogue::side(seats[by].0, language)));
    match ending.termination {
        Termination::Agreement => words("result-agreed", language),
        Termination::Aborted if *ending == Ending::called_off(Player(by as u8), seats) => {
            catalogue::render("result-called-off", &[name()], language)
        }
        Termination::Aborted => catalogue::render("result-aborted", &[name()], language),
        Termination::Resignation => {
            let team = seats[by].1;
            let losers = names(
                seats.iter().filter(|(_, t)| *t == team).map(|(n, _)| *n),
                language,
            );
            result(
                "result-resigned",
                &winners,
                vec![("losers", Arg::Text(losers))],
                language,
            )
        }
        Termination::TimeForfeit => result("result-out-of-time", &winners, vec![name()], language),
        Termination::RulesInfraction => {
            result("result-forfeited", &winners, vec![name()], language)
        }
    }
}

/// A result as records word it (`Black wins (no pieces left)`, `draw 30 : 30 (no seed left)`,
/// `White wins (Black resigned)`; what the store keeps of a finished game of `game`) in
/// `language`; a text of another shape as it is.
pub fn stored(game: &str, text: &str, language: Language) -> String {
    if language == Language::English {
        return text.to_string();
    }
    read_stored(game, text, language).unwrap_or_else(|| text.to_string())
}

/// A stored result in `language`, if it has one of the shapes [`stored`] knows.
fn read_stored(game: &str, text: &str, language: Language) -> Option<String> {
    let open = text.rfind(" (")?;
    let (head, why) = (&text[..open], text[open + 2..].strip_suffix(')')?);
    let side = |name: &str| Arg::Text(catalogue::side(name, language));
    if head == "draw" && why == "agreed" {
        return Some(words("result-agreed", language));
    }
    if head == "aborted" {
        let (key, name) = match why.strip_suffix(" did not move in time") {
            Some(name) => ("result-aborted", name),
            None => (
                "result-called-off",
                why.strip_suffix(" called the game off")?,
            ),
        };
        return Some(catalogue::render(key, &[("name", side(name))], language));
    }
    let (winners, scores) = if let Some(scores) = head.strip_prefix("draw") {
        (Vec::new(), scores.trim())
    } else {
        let (names, scores) = head
            .split_once(" wins")
            .or_else(|| head.split_once(" win"))?;
        (names.split(" and ").collect(), scores.trim())
    };
    let with = |key: &str, args: Vec<(&'static str, Arg)>| result(key, &winners, args, language);
    if !winners.is_empty() && scores.is_empty() {
        if let Some(losers) = why.strip_suffix(" resigned") {
            let losers = names(losers.split(" and "), language);
            return Some(with("result-resigned", vec![("losers", Arg::Text(losers))]));
        }
        if let Some(name) = why.strip_suffix(" ran out of time") {
            return Some(with("result-out-of-time", vec![("name", side(name))]));
        }
        if let Some(name) = why.strip_suffix(" forfeited") {
            return Some(with("result-forfeited", vec![("name", side(name))]));
        }
    }
    let registry = tafel_games::registry();
    let reason = registry
        .get(game)
        .ok()?
        .reasons
        .iter()
        .find(|r| **r == why)?;
    let mut args = vec![("reason", Arg::Text(self::reason(game, reason, language)))];
    let key = match (winners.is_empty(), scores.is_empty()) {
        (true, true) => "result-draw",
        (false, true) => "result-win",
        (true, false) => "result-draw-scores",
        (false, false) => "result-win-scores",
    };
    if !scores.is_empty() {
        args.push(("scores", Arg::Text(scores.to_string())));
    }
    Some(with(key, args))
}

#[cfg(test)]
mod tests {
    use tafel_core::record::Ending;

    use super::*;

    #[test]
    fn keys_are_made_of_the_games_codes() {
        assert_eq!(
            slug("no slide lowers the total group value: draw"),
            "no-slide-lowers-the-total-group-value-draw"
        );
        assert_eq!(
            slug("took all the opponent's cubes"),
            "took-all-the-opponent-s-cubes"
        );
        assert!(is_word("mover-loses") && !is_word("8") && !is_word("ABCGHJ"));
    }

    #[test]
    fn every_key_the_games_give_has_a_message_in_every_language() {
        // The catalogues' completeness for the games' texts: every summary, setting, choice
        // and outcome's reason of every game in the registry.
        let registry = tafel_games::registry();
        let wanted: Vec<String> = registry.entries().iter().flat_map(keys).collect();
        assert!(
            wanted.len() > 80,
            "{} keys: are the games read?",
            wanted.len()
        );
        for language in Language::ALL {
            let missing: Vec<_> = wanted
                .iter()
                .filter(|k| !catalogue::has(k, language))
                .collect();
            assert!(missing.is_empty(), "{language:?} lacks {missing:?}");
        }
    }

    #[test]
    fn the_english_catalogue_says_what_the_games_say() {
        // The games' own words (the command line's and the records') and the English
        // catalogue's must not drift apart.
        let english = Language::English;
        for entry in tafel_games::registry().entries() {
            let game = entry.info.name;
            assert_eq!(summary(game, english), entry.info.summary);
            for spec in entry.specs {
                assert_eq!(
                    label(game, spec, english),
                    spec.label,
                    "{game} {}",
                    spec.key
                );
                assert_eq!(help(game, spec, english), spec.help, "{game} {}", spec.key);
                if !matches!(spec.values, SettingValues::ChoiceBy { .. }) {
                    assert_eq!(allowed(game, spec, english), spec.allowed());
                }
                for value in choices(spec) {
                    assert_eq!(choice(game, spec.key, value, english), value);
                }
            }
            for why in entry.reasons {
                assert_eq!(reason(game, why, english), *why);
            }
        }
    }

    #[test]
    fn the_games_texts_are_said_in_each_language() {
        let registry = tafel_games::registry();
        let einstein = registry.get("einstein").unwrap();
        let first = &einstein.specs.iter().find(|s| s.key == "first").unwrap();
        assert_eq!(label("einstein", first, Language::German), "Wer beginnt");
        assert_eq!(
            choice("einstein", "start", "random", Language::German),
            "zufällig"
        );
        assert_eq!(
            choice("einstein", "start", "random", Language::English),
            "random"
        );
        assert_eq!(
            choice("karls-race", "start", "ABCGHJ", Language::German),
            "ABCGHJ"
        );
        assert_eq!(allowed("einstein", first, Language::German), "Weiß|Schwarz");
    }

    #[test]
    fn results_are_said_in_each_language_and_stored_ones_read_back() {
        let registry = tafel_games::registry();
        let quarx = registry.get("quarx").unwrap().build(&[]).unwrap();
        let won = Outcome::win(Player(1), "no pieces left");
        assert_eq!(
            outcome(quarx.as_ref(), &won, Language::German),
            "Schwarz gewinnt (keine Steine mehr)"
        );
        assert_eq!(
            outcome(quarx.as_ref(), &won, Language::English),
            "Black wins (no pieces left)"
        );
        assert_eq!(
            stored("quarx", "Black wins (no pieces left)", Language::German),
            "Schwarz gewinnt (keine Steine mehr)"
        );
        assert_eq!(
            stored("kauri", "draw 30 : 30 (no seed left)", Language::German),
            "Remis 30 : 30 (keine Samen mehr)"
        );
        let seats = quarx.seats();
        let resigned = Ending::resigned(Player(0), &seats);
        assert_eq!(
            ending(&resigned, &seats, Language::German),
            "Schwarz gewinnt (Aufgabe durch Weiß)"
        );
        assert_eq!(
            ending(&resigned, &seats, Language::English),
            resigned.result
        );
        assert_eq!(
            stored("quarx", &resigned.result, Language::German),
            "Schwarz gewinnt (Aufgabe durch Weiß)"
        );
        for make in [
            Ending::out_of_time,
            Ending::aborted,
            Ending::called_off,
            Ending::forfeited,
        ] {
            let ended = make(Player(1), &seats);
            assert_eq!(ending(&ended, &seats, Language::English), ended.result);
            assert_eq!(
                stored("quarx", &ended.result, Language::German),
                ending(&ended, &seats, Language::German)
            );
        }
        assert_eq!(
            stored("quarx", "something else", Language::German),
            "something else"
        );
    }
}
