//! The puzzles shipped in `data/puzzles/`: every exact one checked against the solver (its
//! answer the only winning move or the best by the exact margin, at every move of the player
//! in its line), every searched one in a position the solver does not cover, and every one's
//! code and moves legal under its settings.

use std::collections::HashSet;
use std::path::PathBuf;

use tafel_ai::puzzles::rule::EXACT_MARGIN;
use tafel_ai::puzzles::{exact_values, Puzzle};
use tafel_core::{DynGame, Status};

/// The games with a file, as the registry names them.
const GAMES: [&str; 6] = [
    "black-path",
    "karls-race",
    "carreaux",
    "kauri",
    "quarx",
    "einstein",
];

/// The games with dice: one move a puzzle.
const DICE: [&str; 2] = ["karls-race", "einstein"];

fn shipped(game: &str) -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(format!("{game}.jsonl"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    Puzzle::parse_lines(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rules(puzzle: &Puzzle) -> std::sync::Arc<dyn DynGame> {
    let settings: Vec<(String, String)> = puzzle
        .settings
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    tafel_games::registry()
        .get(&puzzle.game)
        .unwrap()
        .build(&settings)
        .unwrap_or_else(|e| panic!("{}: settings: {e}", puzzle.id))
}

/// The solver's values at a player's move of the line: the answer is the only winning move
/// or the best by the exact margin.
fn check_exact(puzzle: &Puzzle, values: &[(String, tafel_ai::scale::Chance)], answer: &str) {
    let value = |mv: &str| values.iter().find(|(m, _)| m == mv).map(|(_, c)| c.score());
    let best = value(answer).unwrap_or_else(|| panic!("{}: {answer} is not legal", puzzle.id));
    let second = values
        .iter()
        .filter(|(m, _)| m != answer)
        .map(|(_, c)| c.score())
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(second.is_finite(), "{}: only one move", puzzle.id);
    let only_win = best >= 1.0 && second < 1.0;
    assert!(
        only_win || best - second >= EXACT_MARGIN - 1e-9,
        "{}: {answer} is worth {best}, another move {second}",
        puzzle.id
    );
}

#[test]
fn every_game_ships_at_least_300_puzzles_with_unique_ids() {
    for game in GAMES {
        let puzzles = shipped(game);
        assert!(puzzles.len() >= 300, "{game}: {} puzzles", puzzles.len());
        let ids: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), puzzles.len(), "{game}: ids repeat");
        let codes: HashSet<&str> = puzzles.iter().map(|p| p.code.as_str()).collect();
        assert_eq!(codes.len(), puzzles.len(), "{game}: positions repeat");
        assert!(puzzles
            .iter()
            .all(|p| p.game == game && p.id.starts_with(game)));
    }
}

#[test]
fn every_puzzle_parses_and_its_line_is_legal() {
    for game in GAMES {
        for puzzle in shipped(game) {
            let rules = rules(&puzzle);
            let mut position = rules
                .parse_position(&puzzle.code)
                .unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            assert_eq!(
                position.code(),
                puzzle.code,
                "{}: the code round-trips",
                puzzle.id
            );
            let Status::ToMove(player) = position.status() else {
                panic!("{}: nobody to move", puzzle.id);
            };
            assert!(
                position.legal_moves().len() > 1,
                "{}: a forced move",
                puzzle.id
            );
            assert_eq!(puzzle.solution.len() % 2, 1, "{}: even length", puzzle.id);
            if DICE.contains(&game) {
                assert_eq!(puzzle.solution.len(), 1, "{}: a line with dice", puzzle.id);
            }
            for (i, mv) in puzzle.solution.iter().enumerate() {
                let Status::ToMove(mover) = position.status() else {
                    panic!("{}: move {i} where nobody is to move", puzzle.id);
                };
                let own = rules.team_of(mover) == rules.team_of(player);
                assert_eq!(own, i % 2 == 0, "{}: move {i} by the wrong side", puzzle.id);
                position
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{}: {mv}: {e}", puzzle.id));
            }
            assert!(!puzzle.themes.is_empty(), "{}: no theme", puzzle.id);
            assert!(
                puzzle.check.best - puzzle.check.second > 0.0,
                "{}",
                puzzle.id
            );
        }
    }
}

#[test]
fn every_exact_puzzle_agrees_with_the_solver_and_every_searched_one_lies_beyond_it() {
    for game in GAMES {
        for puzzle in shipped(game) {
            let rules = rules(&puzzle);
            let mut position = rules.parse_position(&puzzle.code).unwrap();
            let values = exact_values(rules.as_ref(), position.as_ref()).unwrap();
            let Some(values) = values else {
                assert!(
                    !puzzle.check.exact,
                    "{}: exact, but no solver covers it",
                    puzzle.id
                );
                continue;
            };
            assert!(
                puzzle.check.exact,
                "{}: searched where the solver answers",
                puzzle.id
            );
            check_exact(&puzzle, &values, &puzzle.solution[0]);
            let score = |mv: &str| values.iter().find(|(m, _)| m == mv).unwrap().1.score();
            // The file's decimals (JSON) come back to within a unit in the last place.
            let best = score(&puzzle.solution[0]);
            assert!(
                (best - puzzle.check.best).abs() < 1e-12,
                "{}: {best}",
                puzzle.id
            );
            for (i, mv) in puzzle.solution.iter().enumerate().skip(1) {
                position.play(&puzzle.solution[i - 1]).unwrap();
                if i % 2 == 0 {
                    let values = exact_values(rules.as_ref(), position.as_ref())
                        .unwrap()
                        .unwrap_or_else(|| panic!("{}: move {i} beyond the solver", puzzle.id));
                    check_exact(&puzzle, &values, mv);
                }
            }
        }
    }
}
