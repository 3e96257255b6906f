//! The Black Path Game (Larry Black, 1960; Winning Ways): two players extend one path by
//! filling the square at its end with one of three tiles; whoever runs the path into the
//! board's boundary loses.
//!
//! A position packs two bits per square into a fixed array, so copying one is a short memcpy
//! and no move allocates. The path's end is kept up to date as tiles are placed; the automatic
//! run through filled squares is part of [`BlackPath::apply`].

mod picture;
mod settings;
mod tile;

pub use settings::{BlackPathSettings, StartEdge, MAX_SQUARES};
pub use tile::{exit, tile_for_exit, Tile};

use tafel_core::game::GameInfo;
use tafel_core::settings::{SettingsError, ValueError};
use tafel_core::{Game, Outcome, ParseError, Player, Status};

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

    fn new(settings: BlackPathSettings) -> Result<Self, SettingsError> {
        if !settings.start.is_on_boundary(settings.size) {
            return Err(SettingsError::InvalidValue {
                key: "start".into(),
                value: settings.start.to_string(),
                reason: ValueError::NotAllowed(format!(
                    "that side of that square is not on the boundary of a {} board",
                    settings.size
                )),
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
        let mut chars = text.chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            return Err(ParseError::new(
                "move",
                text,
                "expected a tile 1, 2 or 3, or an exit side N, E, S or W",
            ));
        };
        if let Some(tile) = ch.to_digit(10).filter(|d| (1..=3).contains(d)) {
            return Ok(tile as Tile);
        }
        let Some(side) = Side::from_letter(ch) else {
            return Err(ParseError::new(
                "move",
                text,
                "expected a tile 1, 2 or 3, or an exit side N, E, S or W",
            ));
        };
        let PathEnd::Open { entry, .. } = state.end else {
            return Err(ParseError::new("move", text, "the game is over"));
        };
        tile_for_exit(entry, side).ok_or_else(|| {
            ParseError::new(
                "move",
                text,
                format!("the path enters through {entry}, so it cannot leave through {side}"),
            )
        })
    }

    fn format_move(&self, _state: &State, tile: Tile) -> String {
        tile.to_string()
    }

    fn parse_position(&self, code: &str) -> Result<State, ParseError> {
        let size = self.size();
        let rows: Vec<&str> = code.split('/').collect();
        if rows.len() != size.rows {
            return Err(ParseError::new(
                "position code",
                code,
                format!(
                    "{} rows, but the board has {} (set size= to match)",
                    rows.len(),
                    size.rows
                ),
            ));
        }
        let mut state = State {
            tiles: [0; WORDS],
            end: PathEnd::Boundary,
            placed: 0,
            hash: 0,
        };
        let mut offset = 0;
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != size.cols {
                return Err(ParseError::at(
                    "position code",
                    code,
                    offset,
                    format!(
                        "row {} has {} squares, but the board has {} columns",
                        r + 1,
                        row.chars().count(),
                        size.cols
                    ),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '1'..='3' => {
                        state.set_tile(size.index(r, c), ch as u8 - b'0');
                        state.placed += 1;
                    }
                    _ => {
                        return Err(ParseError::at(
                            "position code",
                            code,
                            offset + c,
                            format!("`{ch}` is not `.`, `1`, `2` or `3`"),
                        ))
                    }
                }
            }
            offset += row.len() + 1;
        }
        let path = self.trace(&state);
        let on_path = |cell: usize| path.iter().any(|&(c, _)| c == cell);
        if let Some(cell) = (0..size.cells()).find(|&c| state.tile(c) != 0 && !on_path(c)) {
            let (r, c) = size.coords(cell);
            return Err(ParseError::new(
                "position code",
                code,
                format!(
                    "the tile on row {}, column {} is not on the path from the start edge",
                    r + 1,
                    c + 1
                ),
            ));
        }
        let &(last, entry) = path.last().expect("the path has its start square");
        state.end = if state.tile(last) == 0 {
            PathEnd::Open {
                cell: last as u16,
                entry,
            }
        } else {
            PathEnd::Boundary
        };
        state.hash = self.hash_from_scratch(&state);
        Ok(state)
    }

    fn format_position(&self, state: &State) -> String {
        let size = self.size();
        let rows: Vec<String> = (0..size.rows)
            .map(|r| {
                (0..size.cols)
                    .map(|c| match state.tile(size.index(r, c)) {
                        0 => '.',
                        t => (b'0' + t) as char,
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
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
