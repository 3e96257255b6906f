//! EinStein würfelt nicht's settings: how the start arrangements come about, and who moves
//! first. The defaults are OpenSpiel's `einstein_wurfelt_nicht`.

use tafel_core::settings::{choose, GameSettings, Origin, SettingSpec, SettingValues, ValueError};
use tafel_core::Player;

use super::board::{BLACK, WHITE};

/// How the cubes are arranged in the home triangles before the first roll.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Start {
    /// Each arrangement is drawn at random (a chance event): Black's first, then White's, as
    /// OpenSpiel draws them.
    Random,
    /// The players arrange their own cubes, one move each: the player who moves first
    /// arranges first, the other arranges knowing it.
    Placement,
}

impl Start {
    const NAMES: [&'static str; 2] = ["random", "placement"];

    /// The setting's word for this start.
    pub fn name(self) -> &'static str {
        match self {
            Start::Random => "random",
            Start::Placement => "placement",
        }
    }
}

/// The settings. The default is OpenSpiel's game: arrangements drawn at random, White first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EinsteinSettings {
    /// How the start arrangements are made.
    pub start: Start,
    /// The seat that rolls and moves first.
    pub first: Player,
}

impl Default for EinsteinSettings {
    fn default() -> Self {
        EinsteinSettings {
            start: Start::Random,
            first: WHITE,
        }
    }
}

impl GameSettings for EinsteinSettings {
    const SPECS: &'static [SettingSpec] = &[
        SettingSpec {
            key: "start",
            label: "Start arrangement",
            default: "random",
            values: SettingValues::Choice(&Start::NAMES),
            help: "random: each side's six cubes are shuffled onto its corner (as OpenSpiel); \
                   placement: each player arranges his own, the first mover first (as in the \
                   original, where both choose)",
            origin: Origin::Rules,
            applies_when: None,
        },
        SettingSpec {
            key: "first",
            label: "Who moves first",
            default: "white",
            values: SettingValues::Choice(&["white", "black"]),
            help: "who rolls and moves first: White (bottom right), as OpenSpiel, or Black (top \
                   left); the original leaves it to the players",
            origin: Origin::Rules,
            applies_when: None,
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError> {
        match key {
            "start" => {
                self.start = match choose(value, &Start::NAMES)? {
                    "random" => Start::Random,
                    _ => Start::Placement,
                }
            }
            _ => {
                self.first = match choose(value, &["white", "black"])? {
                    "white" => WHITE,
                    _ => BLACK,
                }
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "start" => self.start.name().to_string(),
            _ if self.first == WHITE => "white".to_string(),
            _ => "black".to_string(),
        }
    }
}
