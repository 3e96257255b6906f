//! Carreaux's settings: board size, start layout, what ends a game with no legal move, and the
//! exploration variants (group value by spanning tree, free sliding with a ply limit).

use tafel_core::reason;
use tafel_core::settings::{choose, GameSettings, Origin, SettingSpec, SettingValues, ValueError};

use super::group::GroupRule;
use super::layout::Layout;

/// What happens when the player to move has no legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stalemate {
    /// The game is drawn (default).
    Draw,
    /// The player to move loses.
    MoverLoses,
}

/// Which slides are legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveRule {
    /// The designer's rule: a slide must lower the total group value.
    Literal,
    /// Variant: any slide that does not recreate an earlier position of the game.
    Free,
}

/// The ply limit of `rule=free` unless set otherwise.
pub const DEFAULT_PLY_LIMIT: u32 = 200;

/// Every Carreaux setting. The defaults are the designer's rules on 6 x 6 with our
/// reconstruction of the lost start diagram.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CarreauxSettings {
    /// Cells along each edge: 4, 6, 8, 10 or 12.
    pub size: usize,
    /// The start layout.
    pub layout: Layout,
    /// What a position with no legal move means.
    pub stalemate: Stalemate,
    /// How group values are computed.
    pub group: GroupRule,
    /// Which slides are legal.
    pub rule: MoveRule,
    /// Under `rule=free`, the number of plies after which the game is drawn (0: none).
    pub ply_limit: u32,
}

impl Default for CarreauxSettings {
    fn default() -> Self {
        CarreauxSettings {
            size: 6,
            layout: Layout::Diagonal,
            stalemate: Stalemate::Draw,
            group: GroupRule::SmallestPairs,
            rule: MoveRule::Literal,
            ply_limit: DEFAULT_PLY_LIMIT,
        }
    }
}

const SIZES: &[&str] = &["4", "6", "8", "10", "12"];
const LAYOUTS: &[&str] = &["diag", "halves", "rows"];
const STALEMATES: &[&str] = &["draw", "mover-loses"];
const GROUPS: &[&str] = &["sum", "mst"];
const RULES: &[&str] = &["literal", "free"];

impl GameSettings for CarreauxSettings {
    const SPECS: &'static [SettingSpec] = &[
        SettingSpec {
            key: "size",
            label: "Board size",
            default: "6",
            values: SettingValues::Choice(SIZES),
            help: "cells along each edge of the square board (even)",
            origin: Origin::Rules,
            applies_when: None,
        },
        SettingSpec {
            key: "layout",
            label: "Start layout",
            default: "diag",
            values: SettingValues::Choice(LAYOUTS),
            help: "start layout (the original diagram is lost): checkerboard split by the \
                   bubble's diagonal, by halves, or by alternating rows",
            origin: Origin::Reconstructed,
            applies_when: None,
        },
        SettingSpec {
            key: "stalemate",
            label: "When no slide is legal",
            default: "draw",
            values: SettingValues::Choice(STALEMATES),
            help: "when no slide is legal the game ends: drawn, or lost by the player to move \
                   (our ruling: the original assumes this never happens)",
            origin: Origin::Reconstructed,
            applies_when: None,
        },
        SettingSpec {
            key: "group",
            label: "Group value",
            default: "sum",
            values: SettingValues::Choice(GROUPS),
            help: "group value: sum of the N-1 smallest pair distances (the designer's rule), \
                   or mst = minimum spanning tree weight (variant, not the designer's rule)",
            origin: Origin::Variant,
            applies_when: None,
        },
        SettingSpec {
            key: "rule",
            label: "Legal slides",
            default: "literal",
            values: SettingValues::Choice(RULES),
            help: "legal slides: literal = must lower the total group value (the designer's \
                   rule), or free = any slide that does not recreate an earlier position \
                   (variant, not the designer's rule)",
            origin: Origin::Variant,
            applies_when: None,
        },
        SettingSpec {
            key: "ply-limit",
            label: "Ply limit",
            default: "200",
            values: SettingValues::Text("a whole number of plies, 0 = no limit"),
            help: "under rule=free only, the game is drawn after this many plies",
            origin: Origin::Engine,
            applies_when: Some(("rule", "free")),
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError> {
        match key {
            "size" => self.size = choose(value, SIZES)?.parse().expect("listed sizes parse"),
            "layout" => {
                self.layout = match choose(value, LAYOUTS)? {
                    "diag" => Layout::Diagonal,
                    "halves" => Layout::Halves,
                    _ => Layout::Rows,
                }
            }
            "stalemate" => {
                self.stalemate = match choose(value, STALEMATES)? {
                    "draw" => Stalemate::Draw,
                    _ => Stalemate::MoverLoses,
                }
            }
            "group" => {
                self.group = match choose(value, GROUPS)? {
                    "sum" => GroupRule::SmallestPairs,
                    _ => GroupRule::SpanningTree,
                }
            }
            "rule" => {
                self.rule = match choose(value, RULES)? {
                    "literal" => MoveRule::Literal,
                    _ => MoveRule::Free,
                }
            }
            _ => {
                self.ply_limit = value.parse().map_err(|_| ValueError::Malformed {
                    expected: reason!("plies-form", "a whole number of plies (0 = no limit)"),
                    got: None,
                })?
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        let word = match key {
            "size" => return self.size.to_string(),
            "layout" => match self.layout {
                Layout::Diagonal => "diag",
                Layout::Halves => "halves",
                Layout::Rows => "rows",
            },
            "stalemate" => match self.stalemate {
                Stalemate::Draw => "draw",
                Stalemate::MoverLoses => "mover-loses",
            },
            "group" => match self.group {
                GroupRule::SmallestPairs => "sum",
                GroupRule::SpanningTree => "mst",
            },
            "rule" => match self.rule {
                MoveRule::Literal => "literal",
                MoveRule::Free => "free",
            },
            _ => return self.ply_limit.to_string(),
        };
        word.to_string()
    }
}
