//! Property tests every registered game runs: random games from the default settings and from
//! every value of every choice setting must follow the conformance rules of
//! [`tafel_core::conformance::check_random_game`] (no panic, every move applies, codes and
//! notation round-trip, incremental hash equals hash from scratch, games end within the bound,
//! records replay).

use proptest::prelude::*;
use tafel_core::settings::SettingValues;
use tafel_games::registry;

/// Every game built with its defaults and with each single choice-setting value.
fn configurations() -> Vec<(String, std::sync::Arc<dyn tafel_core::DynGame>)> {
    let mut out = Vec::new();
    for entry in registry().entries() {
        out.push((
            format!("{} (defaults)", entry.info.name),
            entry.build(&[]).expect("defaults are valid"),
        ));
        for spec in entry.specs {
            if let SettingValues::Choice(values) = spec.values {
                for value in values.iter().filter(|v| **v != spec.default) {
                    let pairs = [(spec.key.to_string(), value.to_string())];
                    match entry.build(&pairs) {
                        Ok(game) => {
                            out.push((format!("{} {}={value}", entry.info.name, spec.key), game))
                        }
                        Err(e) => panic!(
                            "{} rejects its own listed value {}={value}: {e}",
                            entry.info.name, spec.key
                        ),
                    }
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
