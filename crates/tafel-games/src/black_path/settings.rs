//! The Black Path Game's settings: board size and start edge.

use std::fmt;

use tafel_core::reason;
use tafel_core::settings::{GameSettings, Origin, SettingSpec, SettingValues, ValueError};

use crate::grid::{GridSize, Side};

/// The most squares a board may have (the position packs two bits per square into 256 bytes).
pub const MAX_SQUARES: usize = 1024;

/// The unit edge on the board's boundary where the path begins: a square and its side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StartEdge {
    /// The start square's row (0 = top).
    pub row: usize,
    /// The start square's column (0 = left).
    pub col: usize,
    /// The side of the start square that lies on the boundary.
    pub side: Side,
}

impl StartEdge {
    /// Whether the edge lies on the boundary of a board of `size`.
    pub fn is_on_boundary(self, size: GridSize) -> bool {
        self.row < size.rows
            && self.col < size.cols
            && match self.side {
                Side::N => self.row == 0,
                Side::S => self.row + 1 == size.rows,
                Side::W => self.col == 0,
                Side::E => self.col + 1 == size.cols,
            }
    }

    /// Reads `r,c,SIDE`.
    pub fn parse(text: &str) -> Result<StartEdge, ValueError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let number = |t: &str| {
            t.parse::<usize>().map_err(|_| {
                ValueError::NotAllowed(reason!(
                    "black-path-start-number",
                    "`{text}` is not a row or column number",
                    text = t
                ))
            })
        };
        match parts.as_slice() {
            [r, c, s] => {
                let mut letters = s.chars();
                let side = match (letters.next().and_then(Side::from_letter), letters.next()) {
                    (Some(side), None) => side,
                    _ => {
                        return Err(ValueError::NotAllowed(reason!(
                            "black-path-start-side",
                            "`{text}` is not a side (N, E, S or W)",
                            text = s
                        )))
                    }
                };
                Ok(StartEdge {
                    row: number(r)?,
                    col: number(c)?,
                    side,
                })
            }
            _ => Err(ValueError::Malformed {
                expected: reason!("black-path-start-form", "ROW,COLUMN,SIDE such as 0,0,W"),
                got: Some(text.to_string()),
            }),
        }
    }
}

impl fmt::Display for StartEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.row, self.col, self.side)
    }
}

/// Board size and start edge. The default is the 8 x 8 board from the west side of the
/// top-left square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BlackPathSettings {
    /// The board's size.
    pub size: GridSize,
    /// Where the path begins.
    pub start: StartEdge,
}

impl Default for BlackPathSettings {
    fn default() -> Self {
        BlackPathSettings {
            size: GridSize { rows: 8, cols: 8 },
            start: StartEdge {
                row: 0,
                col: 0,
                side: Side::W,
            },
        }
    }
}

impl GameSettings for BlackPathSettings {
    const SPECS: &'static [SettingSpec] = &[
        SettingSpec {
            key: "size",
            label: "Board size",
            default: "8x8",
            values: SettingValues::Text("ROWSxCOLUMNS, at most 1024 squares (e.g. 8x8, 3x5, 1x7)"),
            help: "the board's rows and columns",
            origin: Origin::Rules,
            applies_when: None,
        },
        SettingSpec {
            key: "start",
            label: "Start edge",
            default: "0,0,W",
            values: SettingValues::Text(
                "ROW,COLUMN,SIDE: a side of a square on the boundary (0-based, N E S W)",
            ),
            help: "the unit edge on the boundary where the path begins",
            origin: Origin::Rules,
            applies_when: None,
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError> {
        match key {
            "size" => self.size = GridSize::parse(value, MAX_SQUARES, MAX_SQUARES)?,
            _ => self.start = StartEdge::parse(value)?,
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "size" => self.size.to_string(),
            _ => self.start.to_string(),
        }
    }
}
