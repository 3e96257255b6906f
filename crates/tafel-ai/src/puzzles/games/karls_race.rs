//! Karl's Race's puzzles: exact everywhere from the whole table of `tafel solve karls-race`
//! when there is one (`--table FILE`, else the table at [`karls_race::default_path`]);
//! without it exact only in the endgame of up to [`ENDGAME_STONES`] stones a side, solved in
//! the process by the retrograde solver (the same values as the whole table's), and searched
//! elsewhere.

use std::path::Path;
use std::sync::Arc;

use tafel_core::Game;
use tafel_games::karls_race::{KarlsRace, Move};

pub use crate::games::karls_race::ENDGAME_STONES;
use crate::games::karls_race::{endgame_table, table};
use crate::levels::{expectimax, mcts, Algorithm, EVAL};
use crate::puzzles::{PuzzleError, PuzzleGame, PuzzleSolver};
use crate::solve::karls_race::{self, Table, TableOracle};

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 20_000;

impl PuzzleGame for KarlsRace {
    const DICE: bool = true;
    const FIRST: Algorithm = expectimax(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);

    /// The table at `table`, else the one at [`karls_race::default_path`] if it is usable
    /// there, else the endgame table (the name says why). Two players only: the oracle
    /// answers nothing in the four-player game.
    fn puzzle_solver(&self, table_at: Option<&Path>) -> Result<PuzzleSolver<Self>, PuzzleError> {
        let whole = |path: &Path, table: &Table| {
            format!(
                "the Karl's Race table {} (every position with up to {} stones a side)",
                path.display(),
                table.index().max_stones()
            )
        };
        let (table, name) = match table_at {
            Some(path) => {
                let table = Table::open(path).map_err(|e| PuzzleError::Table(e.to_string()))?;
                let name = whole(path, &table);
                (Arc::new(table), name)
            }
            None => match table(self) {
                Ok(table) => {
                    let name = whole(&karls_race::default_path(), &table);
                    (table, name)
                }
                Err(why) => (
                    endgame_table(),
                    format!(
                        "the endgame of up to {ENDGAME_STONES} stones a side, solved in this \
                         process; positions with more stones are searched ({why}; or name \
                         the table with --table FILE)"
                    ),
                ),
            },
        };
        Ok(PuzzleSolver {
            oracle: Some(Box::new(TableOracle::new(table))),
            name,
        })
    }

    /// `capture` when the step removes an opponent's stone, `own-capture` one's own, else
    /// `race`.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        let Move::Step { to, .. } = mv else {
            return Vec::new();
        };
        vec![match state.occupant(to) {
            Some(seat) if self.team_of(seat) == self.team_of(state.to_move()) => "own-capture",
            Some(_) => "capture",
            None => "race",
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::NoProgress;
    use tafel_games::kauri::Kauri;

    #[test]
    fn a_named_table_is_read_and_named_and_other_games_refuse_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("small.tafeltable");
        let table = karls_race::solve(2, "test", &NoProgress).unwrap();
        table.write(&path).unwrap();
        let game = KarlsRace::new(Default::default()).unwrap();
        let solver = game.puzzle_solver(Some(&path)).unwrap();
        let expected = format!(
            "table {} (every position with up to 2 stones",
            path.display()
        );
        assert!(solver.name.contains(&expected), "{}", solver.name);
        // Its values where it covers the position (two stones a side), none beyond.
        let mut oracle = solver.oracle.unwrap();
        let covered = game.parse_position("w1:H:BD").unwrap();
        assert!(oracle.move_values(&game, &covered).is_some());
        let beyond = game.parse_position("w6:JL:KQS").unwrap();
        assert!(oracle.move_values(&game, &beyond).is_none());

        let missing = dir.path().join("none.tafeltable");
        let Err(PuzzleError::Table(why)) = game.puzzle_solver(Some(&missing)) else {
            panic!("a missing table is refused");
        };
        assert!(why.starts_with("no Karl's Race table at"), "{why}");
        let kauri = Kauri::new(Default::default()).unwrap();
        assert!(matches!(
            kauri.puzzle_solver(Some(&path)),
            Err(PuzzleError::NoTable)
        ));
    }
}
