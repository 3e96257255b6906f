//! EinStein würfelt nicht: a race to the opposite corner in which the die picks the cube.
//!
//! The evaluation measures each side's *threat*: the sum over its cubes of `q * 2^-d`, where
//! `d` is the fewest steps from the cube to its target corner (with diagonal steps, the larger
//! of the row and column distances) and `q` the share of the die's faces that let the side
//! move that cube (a cube whose neighbouring numbers are gone is moved more often). One cube
//! always movable counts as much as two at the same distance movable half the time each. The
//! side whose turn it is (to roll, or to move after its roll) gets a tempo of `ln 2`, worth a
//! step of its whole threat. The payoff of White (seat 0) is
//! `logistic(SCALE * ln(threat0 / threat1) + tempo)`, the tempo counted for White or against.

use tafel_core::{Game, Player, Status};
use tafel_games::einstein::{distance, movable_numbers, Einstein, State, BLACK, CUBES, WHITE};

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// How sharply a lead in threat turns into a winning chance.
const SCALE: f64 = 1.0;

/// The race evaluation of EinStein würfelt nicht (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct CubeRaceEvaluator;

/// For every set of numbers still on the board (bit `n - 1`), how many of the die's faces let
/// the side move each number: `FACES[present][n - 1]`.
pub(crate) const FACES: [[u8; CUBES]; 1 << CUBES] = {
    let mut table = [[0; CUBES]; 1 << CUBES];
    let mut present = 0;
    while present < 1 << CUBES {
        let mut die = 1;
        while die <= CUBES {
            let movable = movable_numbers(die, present as u8);
            let mut n = 0;
            while n < CUBES {
                if movable & 1 << n != 0 {
                    table[present][n] += 1;
                }
                n += 1;
            }
            die += 1;
        }
        present += 1;
    }
    table
};

/// Powers of one half by distance (no cube is more than four steps away).
const HALF_POWERS: [f64; 5] = [1.0, 0.5, 0.25, 0.125, 0.0625];

impl CubeRaceEvaluator {
    /// The threat of `seat`'s cubes (see the module documentation).
    pub fn threat(state: &State, seat: Player) -> f64 {
        let present = (1..=CUBES as u8)
            .filter(|&n| state.square_of(seat, n).is_some())
            .fold(0usize, |set, n| set | 1 << (n - 1));
        (1..=CUBES as u8)
            .filter_map(|n| state.square_of(seat, n).map(|sq| (n, sq)))
            .map(|(n, square)| {
                let faces = FACES[present][n as usize - 1] as f64;
                faces / CUBES as f64 * HALF_POWERS[distance(seat, square) as usize]
            })
            .sum()
    }

    /// The expected payoff of White (seat 0).
    pub fn white_payoff(state: &State) -> f64 {
        let white = Self::threat(state, WHITE) + 1e-9;
        let black = Self::threat(state, BLACK) + 1e-9;
        let tempo = if state.to_move() == WHITE {
            std::f64::consts::LN_2
        } else {
            -std::f64::consts::LN_2
        };
        logistic(SCALE * (white / black).ln() + tempo)
    }
}

impl Evaluator<Einstein> for CubeRaceEvaluator {
    fn evaluate(
        &self,
        game: &Einstein,
        state: &<Einstein as Game>::State,
        _ctx: &mut EvalContext<Einstein>,
    ) -> Payoffs {
        match game.status(state) {
            Status::Over(outcome) => outcome_payoffs(&outcome, game.num_players()),
            // Before the arrangements the sides are even, up to the first move.
            _ if state.arranged() < 2 => two_sided(game, 0.5),
            _ => two_sided(game, Self::white_payoff(state)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_count_the_dice_that_move_each_cube() {
        // All six present: each cube has its own face.
        assert_eq!(FACES[0b111111], [1; CUBES]);
        // Only 1 and 4: 1 moves on 1, 2, 3; 4 on 2, 3, 4, 5, 6.
        assert_eq!(FACES[0b001001], [3, 0, 0, 5, 0, 0]);
        // A lone cube moves on every face.
        assert_eq!(FACES[0b000100], [0, 0, 6, 0, 0, 0]);
    }

    #[test]
    fn a_nearer_or_more_mobile_cube_threatens_more() {
        let game = Einstein::new(Default::default()).unwrap();
        let at = |code: &str| game.parse_position(code).unwrap();
        let threat = |code: &str| CubeRaceEvaluator::threat(&at(code), WHITE);
        // Nearer: one step from a5 against two.
        assert!(
            threat("b:...../.w1.../...../...../b1....")
                > threat("b:...../...../..w1../...../b1....")
        );
        // More mobile: alone, White's 1 on b4 moves on every face; among five more cubes far
        // away it moves on one face in six, and they add less than it loses.
        assert!(
            threat("b:...../.w1.../...../...../b1....")
                > threat("b:...../.w1.../....w2/...w3w4/..w5w6b1")
        );
        // White's cube one step from a5 against Black's four steps from e1 (and out of reach
        // of each other): White is well ahead even with Black to move.
        let lead = at("b:...../.w1.../...../...../b1....");
        assert!(CubeRaceEvaluator::white_payoff(&lead) > 0.75);
        assert!(CubeRaceEvaluator::white_payoff(&at("w:...../.w1.../...../...../b1....")) > 0.9);
    }
}
