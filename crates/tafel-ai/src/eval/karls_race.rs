//! Karl's Race: a race to the opposite corner in which the die decides which stones may move.
//!
//! The evaluation measures each team's *threat*: the sum over its stones of `2^-d`, where `d`
//! is the least number of forward steps from the stone's square to its seat's target corner.
//! One stone three steps away counts as much as two stones four steps away: a nearer stone is
//! worth more, and more stones mean more dice that let the team advance (and more material
//! against captures). The team to move is half a step ahead. The payoff of team 0 is
//! `logistic(ln(threat0 / threat1) + tempo)`, so with one stone each a lead of one step
//! gives about 0.67.

use tafel_core::{Game, Player, Status};
use tafel_games::karls_race::{squares_in, Corner, KarlsRace, Square, SQUARES};

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// How far from its target corner a stone may be (no square is further than this).
const UNREACHABLE: u8 = 32;

/// The race evaluation of Karl's Race (see the module documentation).
#[derive(Clone, Debug)]
pub struct RaceEvaluator {
    /// `distance[corner][square]`: forward steps from the square to the corner's target.
    distance: [[u8; SQUARES]; 4],
}

/// The corners in the order of [`RaceEvaluator::weight`].
const CORNERS: [Corner; 4] = [Corner::NW, Corner::NE, Corner::SW, Corner::SE];

/// The fewest forward steps from every square to `corner`'s target square.
pub fn distances(corner: Corner) -> [u8; SQUARES] {
    let target = corner.opposite().square();
    let mut dist = [UNREACHABLE; SQUARES];
    dist[target as usize] = 0;
    // Forward steps form an acyclic graph with at most SQUARES squares on any path.
    for _ in 0..SQUARES {
        for square in 0..SQUARES as Square {
            let best = squares_in(corner.forward_neighbours(square))
                .map(|n| dist[n as usize].saturating_add(1))
                .min()
                .unwrap_or(UNREACHABLE);
            if square != target && best < dist[square as usize] {
                dist[square as usize] = best;
            }
        }
    }
    dist
}

impl Default for RaceEvaluator {
    fn default() -> Self {
        RaceEvaluator {
            distance: CORNERS.map(distances),
        }
    }
}

impl RaceEvaluator {
    /// The threat of `seat`'s stones (see the module documentation).
    fn threat(&self, game: &KarlsRace, state: &<KarlsRace as Game>::State, seat: Player) -> f64 {
        let corner = CORNERS
            .iter()
            .position(|&c| c == game.corner_of(seat))
            .expect("every corner is listed");
        squares_in(state.stones(seat))
            .map(|sq| match self.distance[corner][sq as usize] {
                UNREACHABLE.. => 0.0,
                d => 0.5f64.powi(d as i32),
            })
            .sum()
    }

    /// The expected payoff of team 0 (the team of the first seat).
    pub fn team0_payoff(&self, game: &KarlsRace, state: &<KarlsRace as Game>::State) -> f64 {
        let mut threat = [1e-9; 2];
        for seat in 0..game.num_players() {
            let seat = Player(seat as u8);
            threat[game.team_of(seat) as usize] += self.threat(game, state, seat);
        }
        let tempo = std::f64::consts::LN_2 / 2.0;
        let mover_team = game.team_of(state.to_move()) as usize;
        let lead = (threat[0] / threat[1]).ln();
        logistic(if mover_team == 0 {
            lead + tempo
        } else {
            lead - tempo
        })
    }
}

impl Evaluator<KarlsRace> for RaceEvaluator {
    fn evaluate(
        &self,
        game: &KarlsRace,
        state: &<KarlsRace as Game>::State,
        _ctx: &mut EvalContext<KarlsRace>,
    ) -> Payoffs {
        if let Status::Over(outcome) = game.status(state) {
            return outcome_payoffs(&outcome, game.num_players());
        }
        two_sided(game, self.team0_payoff(game, state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafel_games::karls_race::square_named;

    #[test]
    fn distances_count_forward_steps_to_the_opposite_corner() {
        let nw = distances(Corner::NW);
        let at = |letter| nw[square_named(letter).unwrap() as usize];
        assert_eq!(at('T'), 0);
        // P and N border T (T's west and north neighbours).
        assert_eq!(at('P'), 1);
        assert_eq!(at('N'), 1);
        // A reaches T in some steps and no square is unreachable for a corner's stones.
        assert!(at('A') > 2 && at('A') < UNREACHABLE);
        let se = distances(Corner::SE);
        assert_eq!(se[square_named('A').unwrap() as usize], 0);
        assert_eq!(se[square_named('T').unwrap() as usize], at('A'));
    }
}
