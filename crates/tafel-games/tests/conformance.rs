//! Property tests every registered game runs: random games from the default settings and from
//! every value of every choice setting must follow the conformance rules of
//! [`tafel_core::conformance::check_random_game`] (no panic, every move applies, codes and
//! notation round-trip, incremental hash equals hash from scratch, games end within the bound,
//! records replay), and every configuration's random move must draw legal moves uniformly
//! ([`tafel_core::conformance::check_random_move`]).

use proptest::prelude::*;
use tafel_core::settings::SettingValues;
use tafel_games::registry;

/// Every game built with its defaults and with each single choice-setting value (together with
/// the value of the setting it applies with or depends on, if any).
fn configurations() -> Vec<(String, std::sync::Arc<dyn tafel_core::DynGame>)> {
    let mut out = Vec::new();
    for entry in registry().entries() {
        out.push((
            format!("{} (defaults)", entry.info.name),
            entry.build(&[]).expect("defaults are valid"),
        ));
        for spec in entry.specs {
            let mut variants: Vec<Vec<(&str, &str)>> = Vec::new();
            let condition: Vec<(&str, &str)> = spec.applies_when.into_iter().collect();
            match spec.values {
                SettingValues::Choice(values) => {
                    for value in values.iter().filter(|v| **v != spec.default) {
                        variants.push([condition.as_slice(), &[(spec.key, value)]].concat());
                    }
                }
                SettingValues::ChoiceBy { key, choices } => {
                    for (other, values) in choices {
                        for value in values.iter() {
                            variants.push(vec![(key, other), (spec.key, value)]);
                        }
                    }
                }
                SettingValues::Text(_) => {}
            }
            for pairs in variants {
                let pairs: Vec<(String, String)> = pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                let name = pairs
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" ");
                match entry.build(&pairs) {
                    Ok(game) => out.push((format!("{} {name}", entry.info.name), game)),
                    Err(e) => panic!(
                        "{} rejects its own listed value {name}: {e}",
                        entry.info.name
                    ),
                }
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_follow_the_rules(seed in any::<u64>()) {
        for (name, game) in configurations() {
            if let Err(e) = game.self_check(seed) {
                return Err(TestCaseError::fail(format!("{name}: {e}")));
            }
        }
    }
}

/// Fixed seeds, so that the chi-square bound is tested on the same draws every run.
#[test]
fn random_moves_are_legal_and_uniform() {
    for (name, game) in configurations() {
        for seed in 0..3 {
            if let Err(e) = game.random_move_check(seed) {
                panic!("{name}: {e}");
            }
        }
    }
}
