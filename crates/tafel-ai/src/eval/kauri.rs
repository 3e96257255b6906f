//! Kauri: the game is scored on captured seeds, and only cowries capture.
//!
//! The evaluation measures, for the first player against the second:
//! - the **store difference**, the seeds already captured (what the result is counted on);
//! - **capturing power**: cowries in one's own row, worth half a seed each. Only a hole with a
//!   cowrie can be sown, and only a cowrie dropped into the opponent's row captures, so the
//!   side with more cowries has more moves and more threats;
//! - **seeds at risk**: seeds lying in one's own holes that hold no cowrie, a third of a seed
//!   each against their owner: exactly those can be taken by the opponent's next cowrie.
//!
//! The payoff is `logistic(x / 4)` of that sum `x`, so a lead of four seeds is worth about
//! 0.73; a player with more than half of the seeds has won whatever happens.

use tafel_core::{Game, Player, Status};
use tafel_games::kauri::{owner, Kauri, HOLES};

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// Seeds a cowrie in one's own row is worth.
const COWRIE_WEIGHT: f64 = 0.5;
/// Seeds a seed in one of one's own holes without a cowrie costs.
const AT_RISK_WEIGHT: f64 = 0.33;
/// Seeds of lead that make the logistic's argument 1.
const SCALE: f64 = 4.0;

/// The store-and-cowries evaluation of Kauri (see the module documentation).
#[derive(Clone, Copy, Default, Debug)]
pub struct StoreEvaluator;

impl StoreEvaluator {
    /// The first player's lead in seeds, by the weights above.
    pub fn lead(&self, state: &<Kauri as Game>::State) -> f64 {
        let mut x = state.store(Player(0)) as f64 - state.store(Player(1)) as f64;
        for hole in 0..HOLES {
            let sign = if owner(hole) == Player(0) { 1.0 } else { -1.0 };
            let cowries = state.cowries(hole);
            if cowries > 0 {
                x += sign * COWRIE_WEIGHT * cowries as f64;
            } else {
                x -= sign * AT_RISK_WEIGHT * state.seeds(hole) as f64;
            }
        }
        x
    }
}

impl Evaluator<Kauri> for StoreEvaluator {
    fn evaluate(
        &self,
        game: &Kauri,
        state: &<Kauri as Game>::State,
        _ctx: &mut EvalContext<Kauri>,
    ) -> Payoffs {
        if let Status::Over(outcome) = game.status(state) {
            return outcome_payoffs(&outcome, game.num_players());
        }
        let p0 = match state.decided_winner() {
            Some(Player(0)) => 1.0,
            Some(_) => 0.0,
            None if state.seeds_on_board() == 0 => 0.5,
            None => logistic(self.lead(state) / SCALE),
        };
        two_sided(game, p0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level_and_captures_count() {
        let game = Kauri::new(Default::default()).unwrap();
        let start = game.start();
        assert_eq!(StoreEvaluator.lead(&start), 0.0);
        let mut ctx = EvalContext::new(1);
        assert_eq!(StoreEvaluator.evaluate(&game, &start, &mut ctx)[0], 0.5);
        // The first player has captured 10 seeds (taken from holes with cowries).
        let ahead = game
            .parse_position("a/5+1,5+1,5+1,5+1,5+1,5+1/0+1,0+1,5+1,5+1,5+1,5+1/10,0")
            .unwrap();
        assert_eq!(StoreEvaluator.lead(&ahead), 10.0);
        assert!(StoreEvaluator.evaluate(&game, &ahead, &mut ctx)[0] > 0.9);
        // Seeds in a hole without a cowrie are at risk for their owner.
        let exposed = game
            .parse_position("A/0+2,5+0,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/5,0")
            .unwrap();
        assert!(StoreEvaluator.lead(&exposed) < 5.0);
    }
}
