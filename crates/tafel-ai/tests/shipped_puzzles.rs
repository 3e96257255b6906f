//! The puzzles shipped in `data/puzzles/`: every exact one checked against the solver (its
//! answer the only winning move or the best by the exact margin, at every move of the player
//! in its line), every searched one in a position the solver does not cover, and every one's
//! code and moves legal under its settings. Every Karl's Race puzzle is exact, by the whole
//! table of `tafel solve karls-race`: checked against that table where it is (at
//! `$TAFEL_DATA/karls-race.tafeltable` or `./karls-race.tafeltable`; `scripts/test karls-race-puzzles`
//! builds it), against the endgame solved in the process elsewhere.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use tafel_ai::puzzles::rule::EXACT_MARGIN;
use tafel_ai::puzzles::{exact_values, Kept};
use tafel_ai::scale::{Chance, Oracle};
use tafel_ai::solve::karls_race::{self, Table, TableOracle};
use tafel_core::{DynGame, Game, GameSettings, Status};
use tafel_games::karls_race::{KarlsRace, KarlsRaceSettings};

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

/// Set (to anything) to make a missing Karl's Race table a failure rather than a skip
/// (`scripts/test karls-race-puzzles` sets it).
const NEED_TABLE: &str = "TAFEL_TEST_KARLS_RACE_TABLE";

fn shipped(game: &str) -> Vec<Kept> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(format!("{game}.jsonl"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    Kept::parse_lines(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rules(puzzle: &Kept) -> Arc<dyn DynGame> {
    let puzzle = &puzzle.puzzle;
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

/// The solver's values at a player's move of puzzle `id`'s line: `answer` is the only winning
/// move or the best by the exact margin; returns its value.
fn check_exact(id: &str, values: &[(String, Chance)], answer: &str) -> f64 {
    let value = |mv: &str| values.iter().find(|(m, _)| m == mv).map(|(_, c)| c.score());
    let best = value(answer).unwrap_or_else(|| panic!("{id}: {answer} is not legal"));
    let second = values
        .iter()
        .filter(|(m, _)| m != answer)
        .map(|(_, c)| c.score())
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(second.is_finite(), "{id}: only one move");
    let only_win = best >= 1.0 && second < 1.0;
    assert!(
        only_win || best - second >= EXACT_MARGIN - 1e-9,
        "{id}: {answer} is worth {best}, another move {second}"
    );
    best
}

/// Checks that the first move's value is the one the file holds: its decimals (JSON) come
/// back to within a unit in the last place.
fn check_best(kept: &Kept, best: f64) {
    assert!(
        (best - kept.check.best).abs() < 1e-12,
        "{}: {best}, the file says {}",
        kept.puzzle.id,
        kept.check.best
    );
}

#[test]
fn every_game_ships_at_least_300_puzzles_with_unique_ids() {
    for game in GAMES {
        let kept = shipped(game);
        let puzzles: Vec<_> = kept.iter().map(|k| &k.puzzle).collect();
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
        for kept in shipped(game) {
            let rules = rules(&kept);
            let puzzle = &kept.puzzle;
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
            assert!(kept.check.best - kept.check.second > 0.0, "{}", puzzle.id);
        }
    }
}

/// Without the whole Karl's Race table, the solver here covers only its endgame: the exact
/// puzzles beyond it are left to `every_karls_race_puzzle_is_the_whole_tables`.
#[test]
fn every_exact_puzzle_agrees_with_the_solver_and_every_searched_one_lies_beyond_it() {
    for game in GAMES {
        let mut beyond = 0;
        for kept in shipped(game) {
            let (puzzle, exact) = (&kept.puzzle, kept.check.exact);
            let rules = rules(&kept);
            if game == "karls-race" {
                assert!(exact, "{}: every Karl's Race puzzle is exact", puzzle.id);
            }
            let mut position = rules.parse_position(&puzzle.code).unwrap();
            let values = exact_values(rules.as_ref(), position.as_ref()).unwrap();
            let Some(values) = values else {
                if game == "karls-race" {
                    beyond += 1;
                    continue;
                }
                assert!(!exact, "{}: exact, but no solver covers it", puzzle.id);
                continue;
            };
            assert!(exact, "{}: searched where the solver answers", puzzle.id);
            check_best(&kept, check_exact(&puzzle.id, &values, &puzzle.solution[0]));
            for (i, mv) in puzzle.solution.iter().enumerate().skip(1) {
                position.play(&puzzle.solution[i - 1]).unwrap();
                if i % 2 == 0 {
                    let values = exact_values(rules.as_ref(), position.as_ref())
                        .unwrap()
                        .unwrap_or_else(|| panic!("{}: move {i} beyond the solver", puzzle.id));
                    check_exact(&puzzle.id, &values, mv);
                }
            }
        }
        if beyond > 0 {
            eprintln!(
                "{game}: {beyond} puzzles lie beyond the endgame solved here; \
                 every_karls_race_puzzle_is_the_whole_tables checks them against the table"
            );
        }
    }
}

/// Every shipped Karl's Race puzzle's answer is the whole table's (`tafel solve karls-race`):
/// the only winning step, or the best by the exact margin, with the value the file holds.
/// Skipped with a message when the table is missing, unless `TAFEL_TEST_KARLS_RACE_TABLE` is
/// set (`scripts/test karls-race-puzzles` builds the table and sets it).
#[test]
fn every_karls_race_puzzle_is_the_whole_tables() {
    let path = karls_race::default_path();
    let table = match Table::open(&path) {
        Ok(table) => table,
        Err(e) if std::env::var_os(NEED_TABLE).is_none() => {
            eprintln!("skipped: {e} ({NEED_TABLE} makes this a failure)");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        table.index().max_stones(),
        karls_race::MAX_STONES,
        "not the whole table"
    );
    let mut oracle = TableOracle::new(Arc::new(table));
    let puzzles = shipped("karls-race");
    for kept in &puzzles {
        let puzzle = &kept.puzzle;
        let pairs: Vec<_> = puzzle.settings.iter().collect();
        let settings = KarlsRaceSettings::from_pairs(KarlsRace::INFO.name, &pairs).unwrap();
        let game = KarlsRace::new(settings).unwrap();
        let state = game.parse_position(&puzzle.code).unwrap();
        let values: Vec<(String, Chance)> = oracle
            .move_values(&game, &state)
            .unwrap_or_else(|| panic!("{}: outside the table", puzzle.id))
            .into_iter()
            .map(|(mv, chance)| (game.format_move(&state, mv), chance))
            .collect();
        assert!(kept.check.exact, "{}: not exact", puzzle.id);
        check_best(kept, check_exact(&puzzle.id, &values, &puzzle.solution[0]));
    }
    eprintln!(
        "{} Karl's Race puzzles are the table's ({})",
        puzzles.len(),
        path.display()
    );
}
