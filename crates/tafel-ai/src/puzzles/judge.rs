//! Whether a position is a puzzle: its best and second-best moves' values, exact from the
//! game's solver where it covers the position, else from the first search, and then the
//! second, independent search's re-check.

use tafel_core::game::GameExt;
use tafel_core::Status;

use std::path::Path;

use super::rule::{exact_puzzle, searched_candidate, top_two, TopTwo};
use super::{PuzzleError, PuzzleGame};
use crate::levels::Algorithm;
use crate::scale::assess::best_exact;
use crate::scale::{AssessOptions, Assessor, Chance, Oracle};

/// What the judge made of a position.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Verdict<M> {
    /// Not a puzzle: nobody to move, a forced move, or no clear best move.
    No,
    /// A puzzle by the solver's values.
    Exact(TopTwo<M>),
    /// A candidate of the first search, and what the second search found; kept when they
    /// agree ([`Verdict::kept`]).
    Searched {
        /// The first search's top two.
        first: TopTwo<M>,
        /// The second search's top two (`None` if it found no second move).
        second: Option<TopTwo<M>>,
    },
}

impl<M: Copy + PartialEq> Verdict<M> {
    /// Whether the second search agrees with the first: the same best move, and better than
    /// every other by its own values.
    pub fn agrees(first: &TopTwo<M>, second: &Option<TopTwo<M>>) -> bool {
        second.is_some_and(|s| s.best == first.best && s.margin() > 0.0)
    }

    /// The puzzle's top two and whether they are exact, if the position is kept.
    pub fn kept(&self) -> Option<(TopTwo<M>, bool)> {
        match self {
            Verdict::No => None,
            Verdict::Exact(top) => Some((*top, true)),
            Verdict::Searched { first, second } => {
                Self::agrees(first, second).then_some((*first, false))
            }
        }
    }
}

/// Judges positions of one game: its puzzle solver, and the two searches.
pub(crate) struct Judge<G: PuzzleGame> {
    oracle: Option<Box<dyn Oracle<G>>>,
    /// What the solver is ([`super::PuzzleSolver`]'s name).
    pub(crate) solver: String,
    first: Assessor<G>,
    second: Assessor<G>,
}

impl<G: PuzzleGame> Judge<G> {
    /// A judge for `game`, its searches seeded from `seed` (the second with another seed),
    /// its solver reading the table at `table` if one is named
    /// ([`PuzzleGame::puzzle_solver`]).
    pub(crate) fn new(game: &G, seed: u64, table: Option<&Path>) -> Result<Self, PuzzleError> {
        let solver = game.puzzle_solver(table)?;
        let searcher = |algorithm: Algorithm, seed: u64| {
            Assessor::new(
                game,
                &AssessOptions {
                    algorithm: Some(algorithm),
                    seed,
                    exact: false,
                    ..AssessOptions::default()
                },
            )
        };
        Ok(Judge {
            oracle: solver.oracle,
            solver: solver.name,
            first: searcher(G::FIRST, seed),
            second: searcher(G::SECOND, seed.wrapping_add(1)),
        })
    }

    /// The solver's value of every move of `state`, where it covers the position.
    pub(crate) fn exact_values(
        &mut self,
        game: &G,
        state: &G::State,
    ) -> Option<Vec<(G::Move, Chance)>> {
        self.oracle.as_mut()?.move_values(game, state)
    }

    /// Whether `state` is a puzzle for the player to move.
    pub(crate) fn verdict(&mut self, game: &G, state: &G::State) -> Verdict<G::Move> {
        if !matches!(game.status(state), Status::ToMove(_)) || game.legal_move_vec(state).len() < 2
        {
            return Verdict::No;
        }
        if let Some(values) = self.exact_values(game, state) {
            return match top_two(&values) {
                Some(top) if exact_puzzle(&top) => Verdict::Exact(top),
                _ => Verdict::No,
            };
        }
        match searched_top_two(&mut self.first, game, state) {
            Some(first) if searched_candidate(&first, G::MARGIN) => Verdict::Searched {
                first,
                second: searched_top_two(&mut self.second, game, state),
            },
            _ => Verdict::No,
        }
    }

    /// The best move of `state` for the player to move: the solver's, else the first
    /// search's (the opponent's reply in a puzzle's line).
    pub(crate) fn best_move(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        if let Some(values) = self.exact_values(game, state) {
            return best_exact(&values, None).map(|(mv, _)| mv);
        }
        self.first.assess(game, state).map(|found| found.best)
    }
}

/// A search's best move of `state` and the best other move's value.
fn searched_top_two<G: PuzzleGame>(
    assessor: &mut Assessor<G>,
    game: &G,
    state: &G::State,
) -> Option<TopTwo<G::Move>> {
    let best = assessor.assess(game, state)?;
    let other = assessor.assess_excluding(game, state, best.best)?;
    Some(TopTwo {
        best: best.best,
        value: best.chance.score(),
        second: other.chance.score(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::kauri::{PhaseValue, TiebreakTable};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use tafel_core::game::GameExt;
    use tafel_core::{Game, GameSettings};
    use tafel_games::carreaux::Carreaux;
    use tafel_games::karls_race::KarlsRace;
    use tafel_games::kauri::{Kauri, KauriSettings};

    fn verdict<G: PuzzleGame>(code: &str) -> (G, G::State, Verdict<G::Move>) {
        let game = G::new(Default::default()).unwrap();
        let state = game.parse_position(code).unwrap();
        let verdict = Judge::new(&game, 1, None).unwrap().verdict(&game, &state);
        (game, state, verdict)
    }

    #[test]
    fn the_only_winning_step_of_an_endgame_is_an_exact_puzzle() {
        // White's 1 moves D to C or F; Black's last stone is on H. Only C wins for certain.
        let (game, state, verdict) = verdict::<KarlsRace>("w1:H:BD");
        assert_eq!(game.legal_move_vec(&state).len(), 2);
        let Verdict::Exact(top) = verdict else {
            panic!("not an exact puzzle: {verdict:?}");
        };
        assert_eq!(game.format_move(&state, top.best), "D-C");
        assert_eq!((top.value, top.second), (1.0, 0.0));
        assert_eq!(verdict.kept(), Some((top, true)));
    }

    #[test]
    fn equal_moves_make_no_puzzle() {
        // Under the designer's rules every move of the start draws.
        let (game, state, verdict) =
            verdict::<Carreaux>("r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG");
        assert!(game.legal_move_vec(&state).len() > 1);
        assert_eq!(verdict, Verdict::No);
    }

    #[test]
    fn a_searched_win_in_one_is_kept_when_the_second_search_agrees() {
        // 27 to 24 with few seeds left: sowing e keeps the lead, every other hole gives it up.
        let (game, state, verdict) =
            verdict::<Kauri>("a/0+0,2+0,1+0,1+2,2+5,1+1/1+0,0+1,0+0,0+2,0+1,1+0/27,24");
        let Verdict::Searched { first, second } = verdict else {
            panic!("not a searched candidate: {verdict:?}");
        };
        assert_eq!(game.format_move(&state, first.best), "e");
        assert!(first.margin() >= Kauri::MARGIN);
        assert!(Verdict::agrees(&first, &second));
        assert_eq!(verdict.kept(), Some((first, false)));
    }

    #[test]
    fn kauri_s_tie_break_phase_makes_exact_puzzles_that_its_table_confirms() {
        // With `tiebreak=old` the phase after the last seed (the cowries moved alone) is solved:
        // a puzzle there is exact, and by the phase's table, read here apart from the judge,
        // its answer's result is the puzzle's value and better than every other move's.
        let settings = KauriSettings::from_pairs("kauri", &[("tiebreak", "old")]).unwrap();
        let game = Kauri::new(settings).unwrap();
        let table = TiebreakTable::shared();
        let mut judge = Judge::new(&game, 1, None).unwrap();
        let mut rng = SmallRng::seed_from_u64(7);
        let row = |holes: &[u8]| holes.iter().map(|c| format!("0+{c}")).collect::<Vec<_>>();
        let mut exact = 0;
        for _ in 0..300 {
            let mut holes = [0u8; 12];
            for _ in 0..12 {
                holes[rng.random_range(0..12)] += 1;
            }
            let code = format!(
                "a/{}/{}/30,30",
                row(&holes[..6]).join(","),
                row(&holes[6..]).join(",")
            );
            let state = game.parse_position(&code).unwrap();
            let Verdict::Exact(top) = judge.verdict(&game, &state) else {
                continue;
            };
            exact += 1;
            // The mover's result after each move: 1 a win, 1/2 a draw, 0 a loss.
            let result = |mv| {
                let after = game.after(&state, mv);
                match game.status(&after) {
                    Status::Over(outcome) if outcome.is_draw() => 0.5,
                    Status::Over(outcome) => {
                        f64::from(u8::from(outcome.winners.contains(state.side())))
                    }
                    _ => match table.value(&game, &after).unwrap() {
                        PhaseValue::Win(_) => 0.0,
                        PhaseValue::Draw => 0.5,
                        PhaseValue::Loss(_) => 1.0,
                    },
                }
            };
            assert_eq!(result(top.best), top.value, "{code}");
            for mv in game.legal_move_vec(&state) {
                assert!(mv == top.best || result(mv) < top.value, "{code}");
            }
        }
        // (34 with this seed.)
        assert!(
            exact >= 10,
            "{exact} exact puzzles in 300 positions of the phase"
        );
    }

    #[test]
    fn disagreeing_searches_keep_nothing() {
        let top = |best| TopTwo {
            best,
            value: 0.9,
            second: 0.4,
        };
        let verdict = Verdict::Searched {
            first: top(1),
            second: Some(top(2)),
        };
        assert_eq!(verdict.kept(), None);
        let unsure = Verdict::Searched {
            first: top(1),
            second: Some(TopTwo {
                second: 0.9,
                ..top(1)
            }),
        };
        assert_eq!(unsure.kept(), None);
    }
}
