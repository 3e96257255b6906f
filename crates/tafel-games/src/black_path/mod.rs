//! The Black Path Game (Larry Black, 1960; Winning Ways): two players extend one path by
//! filling the square at its end with one of three tiles; whoever runs the path into the
//! board's boundary loses.
//!
//! A position packs two bits per square into a fixed array, so copying one is a short memcpy
//! and no move allocates. The path's end is kept up to date as tiles are placed; the automatic
//! run through filled squares is part of [`BlackPath::apply`].

mod code;
mod notation;
mod picture;
mod settings;
mod tile;

pub use settings::{BlackPathSettings, StartEdge, MAX_SQUARES};
pub use tile::{exit, tile_for_exit, Tile};

use tafel_core::game::GameInfo;
use tafel_core::settings::{SettingsError, ValueError};
use tafel_core::{reason, Game, Outcome, ParseError, Player, Status};

use crate::grid::{GridSize, Side};

const WORDS: usize = MAX_SQUARES / 32;

/// Where the path ends now.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PathEnd {
    /// At the empty square `cell`, entered through `entry`: the next tile goes there.
    Open {
        /// The square the next tile goes into.
        cell: u16,
        /// The side the path enters it by.
        entry: Side,
    },
    /// The path ran into the boundary: the game is over.
    Boundary,
}

/// A Black Path position: the tile on every square and the path's end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    tiles: [u64; WORDS],
    end: PathEnd,
    placed: u16,
    hash: u64,
}

impl State {
    /// The tile on `cell` (0 when empty).
    pub fn tile(&self, cell: usize) -> Tile {
        ((self.tiles[cell / 32] >> (2 * (cell % 32))) & 3) as Tile
    }

    fn set_tile(&mut self, cell: usize, tile: Tile) {
        self.tiles[cell / 32] |= (tile as u64) << (2 * (cell % 32));
    }

    /// Where the path ends.
    pub fn end(&self) -> PathEnd {
        self.end
    }

    /// How many tiles have been placed.
    pub fn placed(&self) -> usize {
        self.placed as usize
    }
}

/// The Black Path Game on one board from one start edge.
#[derive(Clone, Debug)]
pub struct BlackPath {
    settings: BlackPathSettings,
    tile_keys: Vec<u64>,
    end_keys: Vec<u64>,
}

/// Why a finished game ended.
pub const REASON_BOUNDARY: &str = "the path ran into the boundary";

impl BlackPath {
    /// The board size.
    pub fn size(&self) -> GridSize {
        self.settings.size
    }

    fn end_key(&self, end: PathEnd) -> u64 {
        match end {
            PathEnd::Open { cell, entry } => self.end_keys[cell as usize * 4 + entry as usize],
            PathEnd::Boundary => self.end_keys[self.size().cells() * 4],
        }
    }

    /// Follows the path from a square's `exit` side through filled squares, to the next empty
    /// square or the boundary.
    fn run(&self, tiles: &State, mut cell: usize, mut exit_side: Side) -> PathEnd {
        let size = self.size();
        loop {
            match size.neighbour(cell, exit_side) {
                None => return PathEnd::Boundary,
                Some(next) => {
                    let entry = exit_side.opposite();
                    let tile = tiles.tile(next);
                    if tile == 0 {
                        return PathEnd::Open {
                            cell: next as u16,
                            entry,
                        };
                    }
                    cell = next;
                    exit_side = exit(tile, entry);
                }
            }
        }
    }

    /// The path from the start edge as (square, entry side) steps, in order, including the open
    /// square at its end if there is one (for pictures and position checking).
    pub fn trace(&self, state: &State) -> Vec<(usize, Side)> {
        let size = self.size();
        let start = self.settings.start;
        let mut steps = Vec::new();
        let mut cell = size.index(start.row, start.col);
        let mut entry = start.side;
        // Each step crosses a new unit edge, so the walk is at most 2 * cells + 1 long.
        for _ in 0..=2 * size.cells() {
            steps.push((cell, entry));
            let tile = state.tile(cell);
            if tile == 0 {
                break;
            }
            let out = exit(tile, entry);
            match size.neighbour(cell, out) {
                Some(next) => {
                    cell = next;
                    entry = out.opposite();
                }
                None => break,
            }
        }
        steps
    }

    fn empty_state(&self) -> State {
        let start = self.settings.start;
        let cell = self.size().index(start.row, start.col);
        let end = PathEnd::Open {
            cell: cell as u16,
            entry: start.side,
        };
        let mut state = State {
            tiles: [0; WORDS],
            end,
            placed: 0,
            hash: 0,
        };
        state.hash = self.hash_from_scratch(&state);
        state
    }
}

impl Game for BlackPath {
    type State = State;
    type Move = Tile;
    type Settings = BlackPathSettings;

    const INFO: GameInfo = GameInfo {
        name: "black-path",
        title: "Black Path Game",
        summary: "Extend one path with tiles; whoever runs it into the boundary loses (Larry Black, 1960).",
    };

    const REASONS: &'static [&'static str] = &[REASON_BOUNDARY];

    fn new(settings: BlackPathSettings) -> Result<Self, SettingsError> {
        if !settings.start.is_on_boundary(settings.size) {
            return Err(SettingsError::InvalidValue {
                key: "start".into(),
                value: settings.start.to_string(),
                reason: Box::new(ValueError::NotAllowed(reason!(
                    "black-path-start-boundary",
                    "that side of that square is not on the boundary of a {size} board",
                    size = settings.size
                ))),
            });
        }
        let cells = settings.size.cells();
        Ok(BlackPath {
            settings,
            tile_keys: tafel_core::zobrist::keys(0xB1AC_0001, cells * 4),
            end_keys: tafel_core::zobrist::keys(0xB1AC_0002, cells * 4 + 1),
        })
    }

    fn settings(&self) -> &BlackPathSettings {
        &self.settings
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: Player) -> &'static str {
        ["first player", "second player"][player.index()]
    }

    fn start(&self) -> State {
        self.empty_state()
    }

    fn status(&self, state: &State) -> Status {
        let next = Player((state.placed % 2) as u8);
        match state.end {
            PathEnd::Open { .. } => Status::ToMove(next),
            // The player who placed the last tile ran the path out; the other one wins.
            PathEnd::Boundary => Status::Over(Outcome::win(next, REASON_BOUNDARY)),
        }
    }

    fn legal_moves(&self, state: &State, out: &mut Vec<Tile>) {
        out.clear();
        if let PathEnd::Open { .. } = state.end {
            out.extend_from_slice(&[1, 2, 3]);
        }
    }

    fn apply(&self, state: &mut State, tile: Tile) {
        let PathEnd::Open { cell, entry } = state.end else {
            panic!("no tile can be placed after the game ended");
        };
        let cell = cell as usize;
        state.set_tile(cell, tile);
        let end = self.run(state, cell, exit(tile, entry));
        state.hash ^=
            self.tile_keys[cell * 4 + tile as usize] ^ self.end_key(state.end) ^ self.end_key(end);
        state.end = end;
        state.placed += 1;
    }

    fn hash(&self, state: &State) -> u64 {
        state.hash
    }

    fn hash_from_scratch(&self, state: &State) -> u64 {
        let tiles = (0..self.size().cells())
            .filter(|&c| state.tile(c) != 0)
            .fold(0, |h, c| h ^ self.tile_keys[c * 4 + state.tile(c) as usize]);
        tiles ^ self.end_key(state.end)
    }

    fn parse_move(&self, state: &State, text: &str) -> Result<Tile, ParseError> {
        notation::parse_move(state, text)
    }

    fn format_move(&self, _state: &State, tile: Tile) -> String {
        notation::format_move(tile)
    }

    fn parse_position(&self, code: &str) -> Result<State, ParseError> {
        code::parse(self, code)
    }

    fn format_position(&self, state: &State) -> String {
        code::format(self, state)
    }

    fn picture(&self, state: &State) -> String {
        picture::draw(self, state)
    }

    fn max_plies(&self) -> Option<u64> {
        Some(self.size().cells() as u64)
    }
}

#[cfg(test)]
mod tests;
