//! Positions as the solver sees them: from the side to move, turned so that the mover always
//! plays White's part (stepping north or west towards square A). A half turn of the board with
//! the colours swapped carries Black's positions onto White's, so one value per such position
//! covers both sides to move: that is the symmetry that halves the table.

use tafel_core::{Game, Player};
use tafel_games::karls_race::{
    board, squares_in, Corner, KarlsRace, KarlsRaceSettings, Square, SquareSet, State, MAX_SIZE,
    SQUARES,
};

/// The seat of White, who moves north and west in the two-player game.
pub const WHITE: Player = Player(0);

/// The seat of Black, who moves east and south.
pub const BLACK: Player = Player(1);

/// A position before the die is rolled, from the mover's side: `mover` plays White's part
/// (north/west, aiming at A), `opponent` Black's (east/south, aiming at T).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Canonical {
    /// The squares of the side to move, in White's orientation.
    pub mover: SquareSet,
    /// The squares of the other side, in Black's orientation.
    pub opponent: SquareSet,
}

/// Bits per chunk of a square set when rotating it by table look-ups.
const CHUNK_BITS: usize = 7;
const CHUNKS: usize = SQUARES.div_ceil(CHUNK_BITS);

/// What the solver needs to know about the board, in White's orientation: steps, targets, the
/// half turn, the die rule and a potential that every step raises.
#[derive(Clone, Debug)]
pub struct Geometry {
    rules: KarlsRace,
    /// White's forward neighbours of each square.
    forward: [SquareSet; SQUARES],
    /// The half-turn image of each square.
    rotated: [Square; SQUARES],
    /// The half-turn image of each chunk of a square set.
    rotated_chunks: [[SquareSet; 1 << CHUNK_BITS]; CHUNKS],
    /// White's potential of each square: every White step strictly raises it.
    white_potential: [u32; SQUARES],
    /// Black's potential: White's of the rotated square.
    black_potential: [u32; SQUARES],
    /// The side of each square.
    size: [u8; SQUARES],
    /// `die_sizes[die][occupied]`: the sizes (bit `s - 1` for side `s`) whose stones `die`
    /// lets move when a side occupies the sizes `occupied`; read off the rules' own
    /// [`KarlsRace::movable`].
    die_sizes: [[u8; 1 << MAX_SIZE]; MAX_SIZE + 1],
    /// White's target corner (A).
    white_target: Square,
    /// Black's target corner (T).
    black_target: Square,
}

impl Default for Geometry {
    fn default() -> Self {
        Self::new()
    }
}

impl Geometry {
    /// The two-player geometry (the same for every start set and whoever moves first).
    pub fn new() -> Self {
        let rules =
            KarlsRace::new(KarlsRaceSettings::default()).expect("the default settings are valid");
        let board = board();
        let mut forward = [0; SQUARES];
        let mut rotated = [0; SQUARES];
        let mut white_potential = [0; SQUARES];
        let longest = (0..SQUARES as Square)
            .map(|sq| Corner::SE.longest_walk(sq))
            .max()
            .unwrap_or(0);
        for sq in 0..SQUARES as Square {
            forward[sq as usize] = Corner::SE.forward_neighbours(sq);
            rotated[sq as usize] = board.rotated(sq);
            white_potential[sq as usize] = (longest - Corner::SE.longest_walk(sq)) as u32;
        }
        let black_potential = rotated.map(|image| white_potential[image as usize]);
        let mut rotated_chunks = [[0; 1 << CHUNK_BITS]; CHUNKS];
        for (chunk, table) in rotated_chunks.iter_mut().enumerate() {
            for (bits, entry) in table.iter_mut().enumerate() {
                let set = ((bits as SquareSet) << (chunk * CHUNK_BITS)) & ((1 << SQUARES) - 1);
                *entry = squares_in(set).fold(0, |image, sq| image | 1 << rotated[sq as usize]);
            }
        }
        let size = std::array::from_fn(|sq| board.size(sq as Square) as u8);
        let sizes_of =
            |set: SquareSet| squares_in(set).fold(0u8, |mask, sq| mask | 1 << (board.size(sq) - 1));
        let mut die_sizes = [[0; 1 << MAX_SIZE]; MAX_SIZE + 1];
        for (die, row) in die_sizes.iter_mut().enumerate().skip(1) {
            for (occupied, entry) in row.iter_mut().enumerate() {
                let stones = (1..=MAX_SIZE)
                    .filter(|s| occupied & 1 << (s - 1) != 0)
                    .map(|s| 1 << board.squares_of_size(s).trailing_zeros())
                    .fold(0, |set, bit: SquareSet| set | bit);
                *entry = sizes_of(rules.movable(stones, die as u8));
            }
        }
        Geometry {
            size,
            die_sizes,
            rules,
            forward,
            rotated,
            rotated_chunks,
            white_potential,
            black_potential,
            white_target: Corner::NW.square(),
            black_target: Corner::SE.square(),
        }
    }

    /// The two-player rules (default settings), for move generation in the table's queries.
    pub fn rules(&self) -> &KarlsRace {
        &self.rules
    }

    /// White's forward neighbours of `square`.
    #[inline(always)]
    pub fn forward(&self, square: Square) -> SquareSet {
        self.forward[square as usize]
    }

    /// The half-turn image of `square`.
    #[inline(always)]
    pub fn rotate_square(&self, square: Square) -> Square {
        self.rotated[square as usize]
    }

    /// The bit of the half-turn image of `square`.
    #[inline(always)]
    pub fn rotated_bit(&self, square: Square) -> SquareSet {
        1 << self.rotated[square as usize]
    }

    /// The side of `square`.
    #[inline(always)]
    pub fn size(&self, square: Square) -> usize {
        self.size[square as usize] as usize
    }

    /// The sizes whose stones `die` lets move when a side occupies the sizes `occupied`
    /// (bit `s - 1` for side `s`), as such a mask.
    #[inline(always)]
    pub fn die_sizes(&self, die: usize, occupied: u8) -> u8 {
        self.die_sizes[die][occupied as usize]
    }

    /// The half-turn image of a set of squares.
    #[inline(always)]
    pub fn rotate(&self, set: SquareSet) -> SquareSet {
        (0..CHUNKS).fold(0, |image, chunk| {
            let bits = (set >> (chunk * CHUNK_BITS)) as usize & ((1 << CHUNK_BITS) - 1);
            image | self.rotated_chunks[chunk][bits]
        })
    }

    /// The square the mover aims at (A).
    pub fn mover_target(&self) -> Square {
        self.white_target
    }

    /// The square the opponent aims at (T).
    pub fn opponent_target(&self) -> Square {
        self.black_target
    }

    /// The potential of a position: White's potentials of the mover's squares plus Black's of
    /// the opponent's. A step raises it; it is the same for a position and its half-turn,
    /// colour-swapped image, so a move without a capture always leads to a higher potential.
    pub fn potential(&self, mover: SquareSet, opponent: SquareSet) -> u32 {
        self.mover_potential(mover) + self.opponent_potential(opponent)
    }

    /// The mover's part of [`Geometry::potential`].
    pub fn mover_potential(&self, mover: SquareSet) -> u32 {
        squares_in(mover)
            .map(|sq| self.white_potential[sq as usize])
            .sum()
    }

    /// The opponent's part of [`Geometry::potential`].
    pub fn opponent_potential(&self, opponent: SquareSet) -> u32 {
        squares_in(opponent)
            .map(|sq| self.black_potential[sq as usize])
            .sum()
    }

    /// The position after the mover steps from `from` to `to` (neither a win), seen from the
    /// new mover's side.
    #[inline(always)]
    pub fn after_step(&self, position: Canonical, from: Square, to: Square) -> Canonical {
        let mover = (position.mover & !(1 << from)) | 1 << to;
        let opponent = position.opponent & !(1 << to);
        Canonical {
            mover: self.rotate(opponent),
            opponent: self.rotate(mover),
        }
    }

    /// Whether the mover's step onto `to` wins: it reaches A or removes the last opposing
    /// stone.
    #[inline(always)]
    pub fn step_wins(&self, position: Canonical, to: Square) -> bool {
        to == self.white_target || position.opponent == 1 << to
    }

    /// A two-player state (before or after its roll) from the mover's side, or `None` when the
    /// game is over or the state has stones of a third or fourth seat.
    pub fn canonical(&self, state: &State) -> Option<Canonical> {
        let extra = (2..4).any(|seat| state.stones(Player(seat)) != 0);
        if extra || !matches!(state.to_move(), WHITE | BLACK) {
            return None;
        }
        let (white, black) = (state.stones(WHITE), state.stones(BLACK));
        let position = if state.to_move() == WHITE {
            Canonical {
                mover: white,
                opponent: black,
            }
        } else {
            Canonical {
                mover: self.rotate(black),
                opponent: self.rotate(white),
            }
        };
        let over = position.mover == 0
            || position.opponent == 0
            || position.mover & 1 << self.white_target != 0
            || position.opponent & 1 << self.black_target != 0;
        (!over).then_some(position)
    }
}
