//! The three tiles and how they route the path.

use crate::grid::Side;

/// A tile number, 1 to 3 (0 stands for an empty square in packed boards).
pub type Tile = u8;

/// `EXIT[tile][entry]`: the side through which the path leaves a square holding `tile` when it
/// enters through `entry`. Tile 1 joins N-W and E-S, tile 2 N-E and S-W, tile 3 N-S and E-W.
const EXIT: [[Side; 4]; 4] = [
    [Side::N, Side::E, Side::S, Side::W], // unused: empty square
    [Side::W, Side::S, Side::E, Side::N],
    [Side::E, Side::N, Side::W, Side::S],
    [Side::S, Side::W, Side::N, Side::E],
];

/// The side the path leaves by after entering a square with `tile` through `entry`.
pub fn exit(tile: Tile, entry: Side) -> Side {
    EXIT[tile as usize][entry as usize]
}

/// The tile that sends a path entering through `entry` out through `exit`, if `exit` differs
/// from `entry` (each of the three other sides belongs to exactly one tile).
pub fn tile_for_exit(entry: Side, exit_side: Side) -> Option<Tile> {
    (1..=3).find(|&t| exit(t, entry) == exit_side && exit_side != entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tile_pairs_the_sides_symmetrically() {
        for tile in 1..=3 {
            for side in Side::ALL {
                let out = exit(tile, side);
                assert_ne!(out, side);
                assert_eq!(
                    exit(tile, out),
                    side,
                    "tile {tile} is not symmetric at {side}"
                );
            }
        }
    }

    #[test]
    fn the_three_tiles_send_an_entry_to_the_three_other_sides() {
        for entry in Side::ALL {
            let mut exits: Vec<Side> = (1..=3).map(|t| exit(t, entry)).collect();
            exits.sort();
            let mut others: Vec<Side> = Side::ALL.into_iter().filter(|&s| s != entry).collect();
            others.sort();
            assert_eq!(exits, others);
            assert_eq!(tile_for_exit(entry, entry), None);
        }
        assert_eq!(exit(1, Side::N), Side::W);
        assert_eq!(exit(1, Side::E), Side::S);
        assert_eq!(exit(2, Side::N), Side::E);
        assert_eq!(exit(2, Side::S), Side::W);
        assert_eq!(exit(3, Side::N), Side::S);
        assert_eq!(exit(3, Side::E), Side::W);
    }
}
