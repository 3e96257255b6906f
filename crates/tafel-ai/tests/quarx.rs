//! The searchers on Quarx: forced wins found, and no free capture given away at the middle
//! level.

mod support;

use support::{assert_levels_find_the_win, level_agent};
use tafel_core::game::GameExt;
use tafel_core::Game;
use tafel_games::quarx::{Quarx, State};

fn game() -> Quarx {
    Quarx::new(Default::default()).unwrap()
}

/// A position where exactly one capture wins at once (Black takes or blocks everything left).
const WIN_IN_ONE: &[(&str, &str)] = &[(
    "b:3xo1x1/1X4xx/4X1x1/6x1/1X1x2x1/3x2xx/8/8/6x1/6xx/2o3xx/6xx/6xx/6x1/XX4x1/2x5",
    "2134x2332",
)];

/// Positions where exactly one move forces a win with the mover's next move.
const WIN_IN_TWO: &[(&str, &str)] = &[
    (
        "b:6xx/6x1/7x/1Xo4x/6x1/4xx2/5X2/8/5x2/5xx1/4o1xx/7x/6xx/2x3x1/7x/2x5",
        "1423x1243",
    ),
    (
        "w:3o4/oo5O/8/ooo2x2/8/2o5/o7/8/1oo5/8/8/o2x4/8/1o5O/8/3o4",
        "4244x2242",
    ),
    (
        "b:3x4/1o3xx1/5x1x/8/7x/2x5/5O2/8/X5xx/8/8/8/8/5x1x/7x/8",
        "4431x4233",
    ),
];

/// Positions without a capture for the mover where some moves leave the opponent a capture
/// that cannot be answered by one and others leave him no capture at all.
const FREE_CAPTURES: &[&str] = &[
    "w:oo1ox1xx/oo4xx/oo4xx/ooo2xxx/oo4xx/ooo2xxx/oo1ox1xx/oo4xx/oo4xx/oo1ox1xx/ooo2xxx/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx",
    "b:oo1ox1xO/oo4xx/oo1x2xx/ooo2xxx/oo4xx/ooo3xx/oo2x1xx/oo4xx/oo4xx/oo1ox1xx/oo3xxx/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx",
    "b:oo1ox1xO/oo4x1/oo1x3x/ooo2xxx/oo4xx/ooo3xx/oo4xx/oo4xx/oo4xx/oo1ox1xx/oo3xxx/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx",
    "b:oo1ox1xO/oo3ox1/oo5x/o1o2xxx/oo4xx/ooo3xx/oo2x1xx/oo4xx/oo4xx/oo1ox1xx/oo3x1x/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx",
    "b:oo1ox1x1/oo3ox1/oo1O3x/o1o2xx1/oo4xx/ooo3x1/ooo3x1/oo4xx/oo4xx/oo1o2xx/oo6/oo4xx/oo3xxx/oo4xx/oo4xx/oo1ox1xx",
    "w:oo1ox1x1/oo3ox1/oo1O3x/o1o2xx1/oo4xx/ooo3x1/ooo3x1/oo4xx/oo4xx/oo1o2xx/oo6/oo4xx/oo3xxx/oo4xx/oo3xxx/oo1ox1x1",
];

#[test]
fn every_level_from_the_middle_up_wins_in_one() {
    let game = game();
    for &(code, mv) in WIN_IN_ONE {
        assert_levels_find_the_win(&game, code, mv, 1, &[3, 4, 5]);
    }
}

#[test]
fn the_upper_levels_win_in_two() {
    let game = game();
    for &(code, mv) in WIN_IN_TWO {
        assert_levels_find_the_win(&game, code, mv, 3, &[4, 5]);
    }
}

/// Whether the player to move in `state` must capture.
fn must_capture(game: &Quarx, state: &State) -> bool {
    game.legal_move_vec(state)
        .first()
        .is_some_and(|mv| mv.captured != 0)
}

/// Whether the opponent, to move in `after`, has a capture that the mover cannot answer
/// with a capture of his own.
fn gives_free_capture(game: &Quarx, after: &State) -> bool {
    game.legal_move_vec(after)
        .into_iter()
        .any(|reply| reply.captured != 0 && !must_capture(game, &game.after(after, reply)))
}

#[test]
fn the_middle_level_gives_no_capture_away() {
    let game = game();
    for code in FREE_CAPTURES {
        let state = game.parse_position(code).unwrap();
        assert!(!must_capture(&game, &state), "{code}");
        let moves = game.legal_move_vec(&state);
        let free = |mv| gives_free_capture(&game, &game.after(&state, mv));
        let safe = |mv| !must_capture(&game, &game.after(&state, mv));
        assert!(moves.iter().any(|&mv| free(mv)), "{code}");
        assert!(moves.iter().any(|&mv| safe(mv)), "{code}");
        let chosen = level_agent(&game, 3, 1).choose(&game, &state).unwrap().mv;
        assert!(!free(chosen), "{code}: level 3 played {chosen:?}");
    }
}

/// The evaluation's own capture and safe-move tests agree with the rules' move generation on
/// positions from random games.
#[test]
fn the_evaluation_sees_captures_and_safe_moves_as_the_rules_do() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use tafel_ai::eval::quarx::MaterialEvaluator;

    let game = game();
    let evaluator = MaterialEvaluator::default();
    let mut rng = SmallRng::seed_from_u64(3);
    let (mut checked, mut unsafe_positions) = (0, 0);
    for _ in 0..60 {
        let mut state = game.start();
        loop {
            let moves = game.legal_move_vec(&state);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            assert_eq!(
                evaluator.must_capture(&state),
                must_capture(&game, &state),
                "{}",
                game.format_position(&state)
            );
            if !must_capture(&game, &state) {
                let safe = game
                    .legal_move_vec(&state)
                    .into_iter()
                    .any(|mv| !must_capture(&game, &game.after(&state, mv)));
                // The evaluation ignores the repetition ban, which only removes king slides.
                if safe {
                    assert!(
                        evaluator.has_safe_move(&state),
                        "{}",
                        game.format_position(&state)
                    );
                } else if state.kings() == 0 {
                    assert!(
                        !evaluator.has_safe_move(&state),
                        "{}",
                        game.format_position(&state)
                    );
                }
                unsafe_positions += usize::from(!safe);
                checked += 1;
            }
            game.apply(&mut state, mv);
        }
    }
    assert!(
        checked > 1000 && unsafe_positions > 50,
        "{checked} {unsafe_positions}"
    );
}

/// The lines through `cell` along which a piece there could be jumped, from the geometry:
/// pairs of cells on either side of it along one of the 40 directions, each line once.
fn lines_through(
    cell: tafel_games::quarx::board::Cell,
) -> Vec<[tafel_games::quarx::board::Cell; 2]> {
    use tafel_games::quarx::board::{cell_at, coords, directions};
    let c = coords(cell).map(|v| v as i8);
    let step = |d: [i8; 4], sign: i8| cell_at([0, 1, 2, 3].map(|i| c[i] + sign * d[i]));
    directions()
        .into_iter()
        .filter_map(|d| Some([step(d, 1)?, step(d, -1)?]))
        .filter(|[one, other]| one < other)
        .collect()
}

/// The number of open lines through the pieces `own` counted one piece and one line at a
/// time (the module documentation of `eval::quarx` defines them).
fn open_lines_one_by_one(own: u128, occupied: u128) -> u32 {
    use tafel_games::quarx::board::{bit, cells};
    cells(own)
        .map(|cell| {
            let open = |&[one, other]: &[_; 2]| {
                let ends = bit(one) | bit(other);
                own & ends == 0 && occupied & ends != ends
            };
            lines_through(cell).iter().filter(|line| open(line)).count() as u32
        })
        .sum()
}

/// The lines are exactly the rules' jumps: a Black man next to a lone White man can jump it
/// precisely along the lines through that cell, onto the line's other end (a man cannot stand
/// on its promotion row: there the White piece is a king, and no Black man attacks from row
/// 1). The evaluation counts every line of a lone piece as open; enemy pieces on both ends
/// close a line, on one end they do not.
#[test]
fn the_open_lines_are_the_lines_a_piece_can_be_jumped_along() {
    use tafel_ai::eval::quarx::MaterialEvaluator;
    use tafel_games::quarx::board::{bit, coords, parse_name, Cell, CELLS};

    let game = game();
    let evaluator = MaterialEvaluator::default();
    // A position code from a map of cells (cell numbers run through the code in order).
    let code = |side: char, pieces: &[(Cell, char)]| {
        let mut cells = vec!['.'; CELLS];
        for &(cell, piece) in pieces {
            cells[cell as usize] = piece;
        }
        let boards: Vec<String> = cells.chunks(8).map(|b| b.iter().collect()).collect();
        format!("{side}:{}", boards.join("/"))
    };
    let cell = |name: &str| parse_name(name).unwrap();
    assert_eq!(lines_through(cell("1111")).len(), 0, "a corner");
    assert_eq!(lines_through(cell("2222")).len(), 20, "all 40 directions");
    let row = |cell: Cell| coords(cell)[1];
    let may_attack = |cell: Cell| row(cell) != 0;
    for target in 0..CELLS as Cell {
        let white = if row(target) == 3 { 'O' } else { 'o' };
        let mut jumps = Vec::new();
        for attacker in (0..CELLS as Cell).filter(|&c| c != target && may_attack(c)) {
            let state = game
                .parse_position(&code('b', &[(target, white), (attacker, 'x')]))
                .unwrap();
            for mv in game.legal_move_vec(&state) {
                let text = game.format_move(&state, mv);
                if let Some((from, to)) = text.split_once('x') {
                    assert_eq!(cell(from), attacker, "{text}");
                    jumps.push([attacker, cell(to)]);
                }
            }
        }
        let mut lines: Vec<[Cell; 2]> = lines_through(target)
            .iter()
            .flat_map(|&[one, other]| [[one, other], [other, one]])
            .filter(|&[from, _]| may_attack(from))
            .collect();
        lines.sort();
        jumps.sort();
        assert_eq!(lines, jumps, "cell {target}");
        let alone = bit(target);
        let open = evaluator.open_lines(alone, alone);
        assert_eq!(open as usize, lines_through(target).len(), "{target}");
        for [one, other] in lines_through(target) {
            let (one_end, both_ends) = (alone | bit(one), alone | bit(one) | bit(other));
            assert_eq!(
                evaluator.open_lines(alone, one_end),
                open,
                "{target}: {one}"
            );
            assert_eq!(evaluator.open_lines(alone, both_ends), open - 1, "{target}");
        }
    }
}

/// The evaluation counts open lines a direction at a time over whole bit sets; on positions
/// from random games that is the same count as one piece and one line at a time.
#[test]
fn the_open_lines_of_whole_sets_are_those_of_each_piece() {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;
    use tafel_ai::eval::quarx::MaterialEvaluator;

    let game = game();
    let evaluator = MaterialEvaluator::default();
    let mut rng = SmallRng::seed_from_u64(11);
    for plies in (0..200).step_by(2) {
        let state = tafel_testkit::positions::random_position(&game, &mut rng, plies);
        let occupied = state.white() | state.black();
        for own in [state.white(), state.black()] {
            assert_eq!(
                evaluator.open_lines(own, occupied),
                open_lines_one_by_one(own, occupied),
                "{}",
                game.format_position(&state)
            );
        }
    }
}
