//! Karl's Race's settings: two or four players, the start squares of each form, and who
//! moves first.

use tafel_core::reason;
use tafel_core::settings::{choose, GameSettings, Origin, SettingSpec, SettingValues, ValueError};

use super::corner::Corner;

/// The three sets of six squares that fit the original's two-player start ("sizes 1, 2, 3, 3,
/// 4, 5 in the home corner"), named by Black's squares; White starts on their half-turn image.
pub const START_SETS: [&str; 3] = ["ABCGHJ", "ABCEGH", "ACGHJL"];

/// Where each of the four players starts in the team game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TeamStart {
    /// The four squares wholly inside the player's own 8 x 8 quarter of the board.
    Quadrant,
    /// The corner square and its three forward neighbours.
    Corner,
}

impl TeamStart {
    const NAMES: [&'static str; 2] = ["quadrant", "corner"];

    /// The setting's word for this start.
    pub fn name(self) -> &'static str {
        match self {
            TeamStart::Quadrant => "quadrant",
            TeamStart::Corner => "corner",
        }
    }
}

/// The settings. The default is the two-player game from Black A B C G H J, White first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KarlsRaceSettings {
    /// 2, or 4 in two teams.
    pub players: usize,
    /// The two-player start, as an index into [`START_SETS`] (ignored with four players).
    pub start: usize,
    /// The four-player start (ignored with two players).
    pub start4: TeamStart,
    /// The corner of the player who moves first: `SE` is White (or the South-East player),
    /// `NW` is Black.
    pub first: Corner,
}

impl Default for KarlsRaceSettings {
    fn default() -> Self {
        KarlsRaceSettings {
            players: 2,
            start: 0,
            start4: TeamStart::Quadrant,
            first: Corner::SE,
        }
    }
}

impl GameSettings for KarlsRaceSettings {
    const SPECS: &'static [SettingSpec] = &[
        SettingSpec {
            key: "players",
            label: "Players",
            default: "2",
            values: SettingValues::Choice(&["2", "4"]),
            help: "two players, or four in two teams (NW + SE against NE + SW)",
            origin: Origin::Rules,
            applies_when: None,
        },
        SettingSpec {
            key: "start",
            label: "Start squares",
            default: "ABCGHJ",
            values: SettingValues::Choice(&START_SETS),
            help: "Black's six start squares with two players; White's are their half-turn image",
            origin: Origin::Reconstructed,
            applies_when: Some(("players", "2")),
        },
        SettingSpec {
            key: "start4",
            label: "Start squares",
            default: "quadrant",
            values: SettingValues::Choice(&TeamStart::NAMES),
            help: "four players: the four squares inside one's own quarter, or the corner square \
                   and its three forward neighbours",
            origin: Origin::Reconstructed,
            applies_when: Some(("players", "4")),
        },
        SettingSpec {
            key: "first",
            label: "Who moves first",
            default: "white",
            values: SettingValues::ChoiceBy {
                key: "players",
                choices: &[("2", &["white", "black"]), ("4", &["se", "sw", "nw", "ne"])],
            },
            help: "who moves first (the original: White, or the loser of the previous game); \
                   with four players a corner, and white and black also name the se and nw corners",
            origin: Origin::Rules,
            applies_when: None,
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError> {
        match key {
            "players" => self.players = choose(value, &["2", "4"])?.parse().expect("a digit"),
            "start" => {
                let name = choose(value, &START_SETS)?;
                self.start = START_SETS.iter().position(|&s| s == name).expect("listed");
            }
            "start4" => {
                self.start4 = match choose(value, &TeamStart::NAMES)? {
                    "quadrant" => TeamStart::Quadrant,
                    _ => TeamStart::Corner,
                }
            }
            _ => {
                self.first = match value {
                    "white" => Corner::SE,
                    "black" => Corner::NW,
                    other => Corner::from_code(other).ok_or(ValueError::Malformed {
                        expected: reason!(
                            "karls-race-first-form",
                            "white or black (two players), or se, sw, nw or ne (four players)"
                        ),
                        got: None,
                    })?,
                }
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "players" => self.players.to_string(),
            "start" => START_SETS[self.start].to_string(),
            "start4" => self.start4.name().to_string(),
            _ => match (self.players, self.first) {
                (2, Corner::SE) => "white".to_string(),
                (2, Corner::NW) => "black".to_string(),
                (_, corner) => corner.code().to_string(),
            },
        }
    }
}
