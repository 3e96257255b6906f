//! Kauri's settings: the old tie-break rule and an engine ply limit.

use std::fmt;

use tafel_core::reason;
use tafel_core::settings::{choose, GameSettings, Origin, SettingSpec, SettingValues, ValueError};

/// What happens when no seed is left and both players captured the same number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Tiebreak {
    /// The current rules: the game is a draw.
    #[default]
    None,
    /// The old rule (still used on igGameCenter): play goes on with the cowries alone until a
    /// player cannot move; that player loses.
    Old,
}

impl Tiebreak {
    const WORDS: &'static [&'static str] = &["none", "old"];
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tiebreak::None => "none",
            Tiebreak::Old => "old",
        })
    }
}

/// Kauri's settings. The default is the current official rules without a ply limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct KauriSettings {
    /// The rule for equal scores when no seed is left.
    pub tiebreak: Tiebreak,
    /// After this many plies (passes included) the game ends, scored on captured seeds;
    /// 0 means no limit.
    pub ply_limit: u32,
}

impl GameSettings for KauriSettings {
    const SPECS: &'static [SettingSpec] = &[
        SettingSpec {
            key: "tiebreak",
            label: "Equal scores",
            default: "none",
            values: SettingValues::Choice(Tiebreak::WORDS),
            help: "equal scores: none = draw; old = play on with the cowries until a player cannot move",
            origin: Origin::Rules,
            applies_when: None,
        },
        SettingSpec {
            key: "ply-limit",
            label: "Ply limit",
            default: "0",
            values: SettingValues::Text("a number of plies, 0 = no limit"),
            help: "end the game after this many plies, scored on captured seeds",
            origin: Origin::Engine,
            applies_when: None,
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError> {
        match key {
            "tiebreak" => {
                self.tiebreak = match choose(value, Tiebreak::WORDS)? {
                    "old" => Tiebreak::Old,
                    _ => Tiebreak::None,
                }
            }
            _ => {
                self.ply_limit = value.parse().map_err(|_| ValueError::Malformed {
                    expected: reason!("kauri-plies-form", "a number of plies (0 = no limit)"),
                    got: Some(value.to_string()),
                })?
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "tiebreak" => self.tiebreak.to_string(),
            _ => self.ply_limit.to_string(),
        }
    }
}
