//! Quarx's settings: the reconstructed setup and an engine ply limit.

use tafel_core::reason;
use tafel_core::settings::{choose, GameSettings, Origin, SettingSpec, SettingValues, ValueError};

use super::board::{bit, cell_at, Cell, CELLS};

/// Where each side's eight men beyond its first row stand (the original's drawing is lost).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Setup {
    /// One man on the second row of each board on the two diagonals of the board grid: the
    /// only choice every symmetry of the rules leaves unchanged (the spec's reconstruction).
    Diagonals,
    /// The second row of the four central boards (a and b in 2..3).
    Central,
    /// The second row of the four corner boards.
    Corners,
    /// The second row of the four boards with b = 1.
    Bottom,
}

impl Setup {
    /// Every setup, in the order the setting lists them.
    pub const ALL: [Setup; 4] = [
        Setup::Diagonals,
        Setup::Central,
        Setup::Corners,
        Setup::Bottom,
    ];

    /// The setting's word for this setup.
    pub fn word(self) -> &'static str {
        ["diagonals", "central", "corners", "bottom"][self as usize]
    }

    /// White's 40 men: the whole first row and eight men on the second.
    pub fn white_men(self) -> u128 {
        let mut men = 0;
        for cell in 0..CELLS as Cell {
            let [x, y, a, b] = super::board::coords(cell);
            let extra = match self {
                Setup::Diagonals => DIAGONAL_EXTRAS.contains(&[x, a, b]),
                Setup::Central => (1..=2).contains(&a) && (1..=2).contains(&b),
                Setup::Corners => a % 3 == 0 && b % 3 == 0,
                Setup::Bottom => b == 0,
            };
            if y == 0 || (y == 1 && extra) {
                men |= bit(cell);
            }
        }
        men
    }

    /// Black's 40 men: White's reflected through the centre of the hypercube.
    pub fn black_men(self) -> u128 {
        super::board::cells(self.white_men())
            .map(|cell| {
                let c = super::board::coords(cell).map(|v| 3 - v as i8);
                bit(cell_at(c).expect("the reflection of a playable cell is playable"))
            })
            .fold(0, |set, b| set | b)
    }
}

/// The diagonal setup's White second-row men as 0-based `[x, a, b]` (y = 2): cells 1214 1241
/// 2222 2233 3223 3232 4211 4244, one on each board (a, b) with a = b or a + b = 5.
const DIAGONAL_EXTRAS: [[u8; 3]; 8] = [
    [0, 0, 3],
    [0, 3, 0],
    [1, 1, 1],
    [1, 2, 2],
    [2, 1, 2],
    [2, 2, 1],
    [3, 0, 0],
    [3, 3, 3],
];

/// The setup and the engine ply limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QuarxSettings {
    /// Which cells the eight second-row men take.
    pub setup: Setup,
    /// The number of plies after which the game is drawn; 0 for none (the rules have none).
    pub ply_limit: u32,
}

/// The default engine ply limit: far beyond any random game seen (see the rules document).
pub const DEFAULT_PLY_LIMIT: u32 = 1000;

impl Default for QuarxSettings {
    fn default() -> Self {
        QuarxSettings {
            setup: Setup::Diagonals,
            ply_limit: DEFAULT_PLY_LIMIT,
        }
    }
}

const SETUP_WORDS: &[&str] = &["diagonals", "central", "corners", "bottom"];

impl GameSettings for QuarxSettings {
    const SPECS: &'static [SettingSpec] = &[
        SettingSpec {
            key: "setup",
            label: "Setup",
            default: "diagonals",
            values: SettingValues::Choice(SETUP_WORDS),
            help: "where the eight men beyond each side's first row stand (the drawing is lost)",
            origin: Origin::Reconstructed,
            applies_when: None,
        },
        SettingSpec {
            key: "ply-limit",
            label: "Ply limit",
            default: "1000",
            values: SettingValues::Text("a number of plies, 0 for none"),
            help: "draw the game after this many plies (the rules have no limit)",
            origin: Origin::Engine,
            applies_when: None,
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError> {
        match key {
            "setup" => {
                let word = choose(value, SETUP_WORDS)?;
                self.setup = Setup::ALL
                    .into_iter()
                    .find(|s| s.word() == word)
                    .expect("every word names a setup");
            }
            _ => {
                self.ply_limit = value.parse().map_err(|_| ValueError::Malformed {
                    expected: reason!("quarx-plies-form", "a whole number of plies (0 for none)"),
                    got: Some(value.to_string()),
                })?
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "setup" => self.setup.word().to_string(),
            _ => self.ply_limit.to_string(),
        }
    }
}
