//! The solver against plain expectimax to the end of the game on positions with few stones,
//! the index as a bijection, the file format and its errors, and the perfect agent.

use std::collections::HashMap;
use std::sync::Arc;

use tafel_core::game::GameExt;
use tafel_core::{Game, Player, Status};
use tafel_games::karls_race::{set_names, squares_in, KarlsRace, Move, SquareSet, State, SQUARES};

use super::position::{BLACK, WHITE};
use super::solver::ONE;
use super::*;
use crate::agent::{Agent, Evaluation};
use crate::solve::progress::Counter;
use crate::solve::NoProgress;

/// The fixed-point rounding allowed between the table and exact arithmetic: half a unit per
/// ply, for far more plies than these small games last.
const TOLERANCE: f64 = 64.0 / ONE as f64;

fn rules() -> KarlsRace {
    KarlsRace::new(Default::default()).unwrap()
}

fn solved(max_stones: usize) -> Table {
    solve(max_stones, "test", &NoProgress).unwrap()
}

/// Plain expectimax to the end of the game through the public game interface: the exact
/// probability that the side to move wins (before or after its roll), memoised by state.
fn brute(game: &KarlsRace, state: &State, memo: &mut HashMap<State, f64>) -> f64 {
    if let Some(&value) = memo.get(state) {
        return value;
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let value = match game.status(state) {
        Status::Over(outcome) => outcome.payoff(state.to_move()),
        Status::Chance => (0..moves.len())
            .map(|i| {
                let p = game.chance_probability(state, &moves, i);
                p * brute(game, &game.after(state, moves[i]), memo)
            })
            .sum(),
        Status::ToMove(_) => moves
            .iter()
            .map(|&mv| 1.0 - brute(game, &game.after(state, mv), memo))
            .fold(0.0, f64::max),
    };
    memo.insert(*state, value);
    value
}

/// The state with White's and Black's squares given and `side` (`w` or `b`) to move.
fn state(game: &KarlsRace, side: char, white: SquareSet, black: SquareSet) -> State {
    let code = format!("{side}:{}:{}", set_names(black), set_names(white));
    game.parse_position(&code).unwrap()
}

/// Every position the index of `max_stones` covers.
fn universe(max_stones: usize) -> Vec<Canonical> {
    let geometry = Geometry::new();
    let index = Index::new(&geometry, max_stones);
    let mut all = Vec::new();
    for mover in 1..(1 as SquareSet) << SQUARES {
        if mover.count_ones() as usize > max_stones {
            continue;
        }
        for opponent in squares_subsets(!mover & ((1 << SQUARES) - 1), max_stones) {
            let position = Canonical { mover, opponent };
            if index.covers(position) {
                all.push(position);
            }
        }
    }
    all
}

/// The non-empty subsets of `within` with at most `max` squares.
fn squares_subsets(within: SquareSet, max: usize) -> Vec<SquareSet> {
    let squares: Vec<_> = squares_in(within).collect();
    let mut sets = vec![0];
    for sq in squares {
        let more: Vec<_> = sets
            .iter()
            .filter(|s: &&SquareSet| (s.count_ones() as usize) < max)
            .map(|s| s | 1 << sq)
            .collect();
        sets.extend(more);
    }
    sets.retain(|&s| s != 0);
    sets
}

#[test]
fn the_index_is_a_bijection_onto_its_slots() {
    let geometry = Geometry::new();
    for max in 1..=3 {
        let index = Index::new(&geometry, max);
        let all = universe(max);
        assert_eq!(all.len() as u64, index.len());
        let mut seen = vec![false; index.len() as usize];
        for position in all {
            let slot = index.rank(position) as usize;
            assert!(!seen[slot], "slot {slot} twice");
            seen[slot] = true;
        }
    }
}

#[test]
fn the_full_index_has_the_documented_size() {
    let index = Index::new(&Geometry::new(), MAX_STONES);
    assert_eq!(index.len(), 577_064_885);
}

#[test]
fn every_position_with_two_stones_a_side_matches_brute_force() {
    let game = rules();
    let table = solved(2);
    let geometry = table.geometry();
    let mut memo = HashMap::new();
    let mut checked = 0;
    for position in universe(2) {
        let white_to_move = state(&game, 'w', position.mover, position.opponent);
        let black_to_move = state(
            &game,
            'b',
            geometry.rotate(position.opponent),
            geometry.rotate(position.mover),
        );
        for s in [white_to_move, black_to_move] {
            let exact = brute(&game, &s, &mut memo);
            let got = table.probability(&s).unwrap();
            assert!(
                (got - exact).abs() <= TOLERANCE,
                "{}: table {got}, brute force {exact}",
                game.format_position(&s)
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked} positions");
}

#[test]
fn positions_with_three_stones_a_side_and_every_die_match_brute_force() {
    let game = rules();
    let table = solved(3);
    let mut memo = HashMap::new();
    let codes = [
        "w:KOP:BEH",
        "b:KOP:BEH",
        "w:IMN:GJL",
        "b:ILM:CEF",
        "w:HK:LS",
        "b:EFK:ILO",
        "w:PQ:BCJ",
        "b:KN:I",
        "w:D:R",
    ];
    for code in codes {
        let start = game.parse_position(code).unwrap();
        let exact = brute(&game, &start, &mut memo);
        let got = table.probability(&start).unwrap();
        assert!((got - exact).abs() <= TOLERANCE, "{code}: {got} vs {exact}");
        for die in 1..=6 {
            let rolled = game.after(&start, Move::Roll(die));
            let exact = brute(&game, &rolled, &mut memo);
            let (mv, got) = table.best_move(&rolled).unwrap();
            assert!((got - exact).abs() <= TOLERANCE, "{code} die {die}");
            let after = 1.0 - brute(&game, &game.after(&rolled, mv), &mut memo);
            assert!(
                (after - exact).abs() <= 1e-12,
                "{code} die {die}: {mv:?} is not best"
            );
        }
    }
    // The memo holds every state reached from those positions: many of them are in the table.
    let mut compared = 0;
    for (s, exact) in &memo {
        if s.die().is_none() {
            if let Some(got) = table.probability(s) {
                assert!((got - exact).abs() <= TOLERANCE);
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "{compared} states compared");
}

#[test]
fn the_table_is_the_same_on_one_thread_and_on_two() {
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let table = pool.install(|| solved(2));
        (0..table.index().len())
            .map(|slot| table.entry(slot))
            .collect::<Vec<_>>()
    };
    assert_eq!(on(1), on(2));
}

#[test]
fn a_written_table_reads_back_the_same() {
    let table = solved(2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    table.write(&path).unwrap();
    let read = Table::open(&path).unwrap();
    assert_eq!(read.header(), table.header());
    for slot in 0..table.index().len() {
        assert_eq!(read.entry(slot), table.entry(slot));
    }
    let game = rules();
    let s = game.parse_position("b5:AH:PT").unwrap();
    assert_eq!(read.best_move(&s), table.best_move(&s));
}

#[test]
fn damaged_files_give_clear_errors() {
    let table = solved(1);
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.tafeltable");
    table.write(&good).unwrap();
    let bytes = std::fs::read(&good).unwrap();
    let case = |name: &str, data: Vec<u8>, expected: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, data).unwrap();
        let error = Table::open(&path).err().expect(name).to_string();
        assert!(error.contains(expected), "{name}: {error}");
        assert!(error.contains("tafel solve karls-race"), "{name}: {error}");
    };
    case("empty", Vec::new(), "shorter than the 64-byte header");
    case("truncated", bytes[..bytes.len() - 3].to_vec(), "truncated");
    let mut magic = bytes.clone();
    magic[0] = b'X';
    case("magic", magic, "does not start with TAFEL-KR");
    let mut version = bytes.clone();
    version[8] = 2;
    case("version", version, "format version 2");
    let mut stones = bytes.clone();
    stones[20] = 9;
    case("stones", stones, "9 stones a side");
    let mut entries = bytes.clone();
    entries[24] ^= 1;
    case("entries", entries, "entries");
    let missing = Table::open(&dir.path().join("absent"))
        .err()
        .unwrap()
        .to_string();
    assert!(missing.contains("tafel solve karls-race"), "{missing}");
}

#[test]
fn the_default_path_follows_tafel_data() {
    // Only this test touches the variable.
    std::env::set_var(DATA_DIR_VAR, "/some/dir");
    assert_eq!(
        default_path(),
        std::path::Path::new("/some/dir").join(FILE_NAME)
    );
    std::env::remove_var(DATA_DIR_VAR);
    assert_eq!(default_path(), std::path::Path::new(FILE_NAME));
}

#[test]
fn the_perfect_agent_plays_the_best_step_and_reports_its_probability() {
    let game = rules();
    let table = Arc::new(solved(2));
    let mut agent = PerfectAgent::new(table.clone());
    let mut memo = HashMap::new();
    let start = game.parse_position("w:BH:NP").unwrap();
    assert!(
        agent.choose(&game, &start).is_none(),
        "nobody moves before the roll"
    );
    for die in 1..=6 {
        let rolled = game.after(&start, Move::Roll(die));
        let decision = agent.choose(&game, &rolled).unwrap();
        let Evaluation::Expected(p) = decision.evaluation else {
            panic!("{:?}", decision.evaluation);
        };
        let best = brute(&game, &rolled, &mut memo);
        assert!((p - best).abs() <= TOLERANCE);
        let after = 1.0 - brute(&game, &game.after(&rolled, decision.mv), &mut memo);
        assert!((after - best).abs() <= 1e-12);
    }
}

#[test]
fn finished_games_and_uncovered_states_are_answered_without_panic() {
    let game = rules();
    let table = solved(1);
    let won = game.parse_position("b:T:P").unwrap();
    assert_eq!(
        table.probability(&won),
        Some(1.0),
        "Black stands on T: Black has won"
    );
    let big = game.parse_position("w:AB:PT").unwrap();
    assert_eq!(table.probability(&big), None);
    assert_eq!(table.best_move(&game.after(&big, Move::Roll(3))), None);
}

#[test]
fn every_step_without_capture_raises_the_potential_and_captures_remove_a_stone() {
    let geometry = Geometry::new();
    for position in universe(2) {
        let before = geometry.potential(position.mover, position.opponent);
        let stones = (position.mover | position.opponent).count_ones();
        for from in squares_in(position.mover) {
            for to in squares_in(geometry.forward(from)) {
                if geometry.step_wins(position, to) {
                    continue;
                }
                let child = geometry.after_step(position, from, to);
                let after = geometry.potential(child.mover, child.opponent);
                let left = (child.mover | child.opponent).count_ones();
                assert!(left < stones || after > before, "{position:?} {from}-{to}");
            }
        }
    }
}

#[test]
fn every_entry_equals_its_value_recomputed_from_its_children() {
    let game = rules();
    let table = solved(2);
    for position in universe(2) {
        let s = state(&game, 'w', position.mover, position.opponent);
        let (stored, fresh) = table.recomputed(&s).unwrap();
        assert_eq!(stored, fresh, "{}", game.format_position(&s));
    }
}

/// Needs the full table (`tafel solve karls-race`, in `$TAFEL_DATA` or the current directory),
/// so it is ignored by default: `cargo test -p tafel-ai --release full_table -- --ignored`.
/// Along random games from every start set, each entry equals its value recomputed from its
/// children, and the perfect agent's step is one of the best.
#[test]
#[ignore]
fn the_full_table_is_consistent_along_random_games() {
    use rand::{Rng, SeedableRng};
    let table = Arc::new(Table::open(&default_path()).unwrap());
    let mut agent = PerfectAgent::new(table.clone());
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut checked = 0;
    for start in tafel_games::karls_race::START_SETS {
        let game = KarlsRace::new(
            tafel_core::GameSettings::from_pairs("karls-race", &[("start", start)]).unwrap(),
        )
        .unwrap();
        for _ in 0..200 {
            let mut s = game.start();
            loop {
                match game.status(&s) {
                    Status::Over(_) => break,
                    Status::Chance => {
                        let (stored, fresh) = table.recomputed(&s).unwrap();
                        assert_eq!(stored, fresh, "{}", game.format_position(&s));
                        checked += 1;
                        s = game.after(&s, Move::Roll(rng.random_range(1..=6)));
                    }
                    Status::ToMove(_) => {
                        let decision = agent.choose(&game, &s).unwrap();
                        let values = table.step_values(&s).unwrap();
                        let top = values.iter().map(|&(_, v)| v).max().unwrap();
                        assert!(values.contains(&(decision.mv, top)));
                        let moves = game.legal_move_vec(&s);
                        s = game.after(&s, moves[rng.random_range(0..moves.len())]);
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// Plain expectimax against a uniformly random opponent through the public game interface:
/// the probability that `computer` wins from `state` (before or after a roll), when the other
/// side picks uniformly among its legal moves and the computer plays `perfect`'s choice, or,
/// without it, the best move against random play. Memoised by state.
fn against_random(
    game: &KarlsRace,
    state: &State,
    computer: Player,
    perfect: &mut Option<PerfectAgent>,
    memo: &mut HashMap<State, f64>,
) -> f64 {
    if let Some(&value) = memo.get(state) {
        return value;
    }
    let moves = game.legal_move_vec(state);
    let after = |mv, perfect: &mut Option<PerfectAgent>, memo: &mut HashMap<State, f64>| {
        against_random(game, &game.after(state, mv), computer, perfect, memo)
    };
    let value = match game.status(state) {
        Status::Over(outcome) => outcome.payoff(computer),
        Status::Chance => (0..moves.len())
            .map(|i| game.chance_probability(state, &moves, i) * after(moves[i], perfect, memo))
            .sum(),
        Status::ToMove(player) if player == computer => match perfect {
            Some(agent) => {
                let mv = agent.choose(game, state).unwrap().mv;
                after(mv, perfect, memo)
            }
            None => moves
                .iter()
                .map(|&mv| after(mv, perfect, memo))
                .fold(0.0, f64::max),
        },
        Status::ToMove(_) => {
            let total: f64 = moves.iter().map(|&mv| after(mv, perfect, memo)).sum();
            total / moves.len() as f64
        }
    };
    memo.insert(*state, value);
    value
}

/// The computer's winning probability against best defence, from `table`.
fn minimax_for(table: &Table, state: &State, computer: Player) -> f64 {
    let p = table.probability(state).unwrap();
    if state.to_move() == computer {
        p
    } else {
        1.0 - p
    }
}

/// Compares the exact values against random play with brute force on `states`, for both
/// colours of the computer and both strategies, and checks best response >= perfect player
/// against random play >= perfect player against best defence. Returns how often each
/// inequality was strict (by more than 1e-6).
fn check_against_random(table: &Arc<Table>, states: &[State]) -> (usize, usize) {
    let game = rules();
    let best = AgainstRandom::best_response(table.index().max_stones(), &NoProgress).unwrap();
    let (mut better_than_perfect, mut better_than_minimax) = (0, 0);
    for computer in [WHITE, BLACK] {
        let perfect = AgainstRandom::perfect_player(table, computer, &NoProgress).unwrap();
        let other = if computer == WHITE { BLACK } else { WHITE };
        assert_eq!(perfect.probability(&states[0], other), None, "other colour");
        let mut best_memo = HashMap::new();
        let mut perfect_memo = HashMap::new();
        let mut agent = Some(PerfectAgent::new(table.clone()));
        for s in states {
            let code = game.format_position(s);
            let exact_best = against_random(&game, s, computer, &mut None, &mut best_memo);
            let exact_perfect = against_random(&game, s, computer, &mut agent, &mut perfect_memo);
            let got_best = best.probability(s, computer).unwrap();
            let got_perfect = perfect.probability(s, computer).unwrap();
            assert!(
                (got_best - exact_best).abs() <= TOLERANCE,
                "{code}, computer {computer:?}: best response {got_best}, brute force {exact_best}"
            );
            assert!(
                (got_perfect - exact_perfect).abs() <= TOLERANCE,
                "{code}, computer {computer:?}: perfect player {got_perfect}, brute force \
                 {exact_perfect}"
            );
            let minimax = minimax_for(table, s, computer);
            assert!(got_best >= got_perfect - TOLERANCE, "{code}");
            assert!(got_perfect >= minimax - TOLERANCE, "{code}");
            better_than_perfect += (got_best > got_perfect + 1e-6) as usize;
            better_than_minimax += (got_perfect > minimax + 1e-6) as usize;
        }
    }
    (better_than_perfect, better_than_minimax)
}

#[test]
fn every_position_with_two_stones_a_side_against_random_play_matches_brute_force() {
    let game = rules();
    let table = Arc::new(solved(2));
    let geometry = table.geometry();
    let mut states = Vec::new();
    for position in universe(2) {
        states.push(state(&game, 'w', position.mover, position.opponent));
        states.push(state(
            &game,
            'b',
            geometry.rotate(position.opponent),
            geometry.rotate(position.mover),
        ));
    }
    let (better_than_perfect, better_than_minimax) = check_against_random(&table, &states);
    assert!(states.len() > 10_000, "{} states", states.len());
    // Random play is exploitable beyond what perfect play takes from it, and weaker than
    // best defence.
    assert!(better_than_perfect > 100, "{better_than_perfect}");
    assert!(better_than_minimax > 1000, "{better_than_minimax}");
}

#[test]
fn positions_with_three_stones_a_side_against_random_play_match_brute_force() {
    let game = rules();
    let table = Arc::new(solved(3));
    let codes = [
        "w:KOP:BEH",
        "b:KOP:BEH",
        "w:IMN:GJL",
        "b:ILM:CEF",
        "w:PQ:BCJ",
        "b:EFK:ILO",
    ];
    let states: Vec<State> = codes
        .iter()
        .map(|code| game.parse_position(code).unwrap())
        .collect();
    let (better_than_perfect, _) = check_against_random(&table, &states);
    assert!(better_than_perfect > 0);
}

#[test]
fn against_random_play_answers_only_before_the_roll() {
    let game = rules();
    let best = AgainstRandom::best_response(2, &NoProgress).unwrap();
    let s = game.parse_position("w:BH:NP").unwrap();
    assert!(best.probability(&s, WHITE).is_some());
    assert_eq!(
        best.probability(&game.after(&s, Move::Roll(2)), WHITE),
        None
    );
    assert_eq!(
        best.probability(&game.parse_position("w:ABC:NP").unwrap(), WHITE),
        None
    );
    let won = game.parse_position("b:T:P").unwrap();
    assert_eq!(best.probability(&won, BLACK), Some(1.0));
    assert_eq!(best.probability(&won, WHITE), Some(0.0));
}

#[test]
fn the_solvers_report_every_position_as_progress() {
    let counter = Counter::default();
    let table = solve(2, "test", &counter).unwrap();
    assert_eq!(counter.total(), table.index().len());
    assert_eq!(counter.done(), table.index().len());
    let counter = Counter::default();
    AgainstRandom::best_response(2, &counter).unwrap();
    assert_eq!(counter.total(), table.index().len());
    assert_eq!(counter.done(), table.index().len());
}

#[test]
fn the_oracle_gives_every_steps_exact_chance_as_brute_force_does() {
    use crate::scale::{Basis, Oracle};
    let game = rules();
    let mut oracle = TableOracle::new(Arc::new(solved(3)));
    let mut memo = HashMap::new();
    let mut steps = 0;
    for code in ["w:KOP:BEH", "b:IMN:GJL", "w:HK:LS", "b:KN:I"] {
        let start = game.parse_position(code).unwrap();
        // Before the roll nobody is to move: the oracle leaves it to the caller.
        assert!(oracle.move_values(&game, &start).is_none());
        for die in 1..=6 {
            let rolled = game.after(&start, Move::Roll(die));
            let values = oracle.move_values(&game, &rolled).unwrap();
            assert_eq!(values.len(), game.legal_move_vec(&rolled).len());
            for (mv, chance) in values {
                let exact = 1.0 - brute(&game, &game.after(&rolled, mv), &mut memo);
                assert_eq!(chance.basis, Basis::Exact);
                assert!(
                    (chance.win - exact).abs() <= TOLERANCE && chance.draw == 0.0,
                    "{code} die {die} {mv:?}: {chance} vs {exact}"
                );
                steps += 1;
            }
        }
    }
    assert!(steps > 30, "{steps} steps");
    // Positions beyond the table (more stones) are not answered.
    let full = game.after(&game.start(), Move::Roll(6));
    assert!(oracle.move_values(&game, &full).is_none());
}
