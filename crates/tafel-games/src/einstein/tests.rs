//! Rules tests on positions built by hand: the start arrangements (drawn and chosen), which
//! cubes a die lets move, steps and captures, both ways of winning, codes and notation.

use tafel_core::conformance::check_random_game;
use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::record::describe_status;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Status};

use super::*;

fn game(pairs: &[(&str, &str)]) -> Einstein {
    Einstein::new(EinsteinSettings::from_pairs("einstein", pairs).unwrap()).unwrap()
}

fn at(game: &Einstein, code: &str) -> State {
    game.parse_position(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// The legal moves of `code` in notation, separated by spaces.
fn moves(game: &Einstein, code: &str) -> String {
    let state = at(game, code);
    game.legal_move_vec(&state)
        .iter()
        .map(|&m| game.format_move(&state, m))
        .collect::<Vec<_>>()
        .join(" ")
}

fn play(game: &Einstein, state: &State, text: &str) -> State {
    let mv = game
        .parse_legal_move(state, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    game.after(state, mv)
}

/// OpenSpiel's first draw for Black (arrangement 0) and last for White (719), as its own
/// picture shows them after `apply_action(0)`, `apply_action(719)`.
const DRAWN: &str = "w:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1";

#[test]
fn the_random_start_draws_blacks_arrangement_then_whites_then_white_rolls() {
    let g = game(&[]);
    let start = g.start();
    assert_eq!(
        g.format_position(&start),
        "bs:...../...../...../...../....."
    );
    assert_eq!(g.status(&start), Status::Chance);
    let outcomes = g.legal_move_vec(&start);
    assert_eq!(outcomes.len(), 720);
    assert_eq!(g.format_move(&start, outcomes[0]), "123456");
    assert_eq!(g.format_move(&start, outcomes[719]), "654321");
    assert!((g.chance_probability(&start, &outcomes, 5) - 1.0 / 720.0).abs() < 1e-15);
    let black = play(&g, &start, "123456");
    assert_eq!(
        g.format_position(&black),
        "ws:b1b2b3../b4b5.../b6..../...../....."
    );
    assert_eq!(g.status(&black), Status::Chance);
    let both = play(&g, &black, "654321");
    assert_eq!(g.format_position(&both), DRAWN);
    assert_eq!(g.status(&both), Status::Chance);
    assert_eq!(moves(&g, DRAWN), "1 2 3 4 5 6");
    // White rolls 3: its cube 3 on c1 steps up, diagonally up-left or left.
    assert_eq!(
        moves(&g, "w3:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1"),
        "c1-c2 c1-b2 c1-b1"
    );
    assert_eq!(g.max_plies(), Some(80));
}

#[test]
fn with_placement_the_first_mover_arranges_first_and_arrangements_are_moves() {
    let g = game(&[("start", "placement")]);
    let start = g.start();
    assert_eq!(
        g.format_position(&start),
        "ws:...../...../...../...../....."
    );
    assert_eq!(g.status(&start), Status::ToMove(WHITE));
    let white = play(&g, &start, "614325");
    assert_eq!(
        g.format_position(&white),
        "bs:...../...../....w6/...w1w4/..w3w2w5"
    );
    assert_eq!(g.status(&white), Status::ToMove(BLACK));
    let both = play(&g, &white, "123456");
    assert_eq!(g.status(&both), Status::Chance);
    assert_eq!(both.to_move(), WHITE);
    assert_eq!(g.max_plies(), Some(82));
    // Black first: Black arranges first and rolls first.
    let g = game(&[("start", "placement"), ("first", "black")]);
    let both = play(&g, &play(&g, &g.start(), "123456"), "123456");
    assert_eq!(
        g.format_position(&both),
        "b:b1b2b3../b4b5.../b6...w1/...w2w3/..w4w5w6"
    );
    // A drawn start is Black's then White's whoever moves first.
    let g = game(&[("first", "black")]);
    assert_eq!(
        g.format_position(&g.start()),
        "bs:...../...../...../...../....."
    );
    let both = play(&g, &play(&g, &g.start(), "123456"), "123456");
    assert_eq!(g.status(&both), Status::Chance);
    assert_eq!(both.to_move(), BLACK);
}

#[test]
fn the_die_names_the_cube_or_the_nearest_numbers_above_and_below() {
    let g = game(&[]);
    // White has 2, 5 and 6. A 5 moves only the 5 (on d3).
    let code = |die: u8| format!("w{die}:b1..../...../...w2./...w5./.w6...");
    assert_eq!(moves(&g, &code(5)), "d2-d3 d2-c3 d2-c2");
    // A 3 or a 4: the nearest below (2, on d3) and the nearest above (5, on d2), in square
    // order.
    for die in [3, 4] {
        assert_eq!(moves(&g, &code(die)), "d3-d4 d3-c4 d3-c3 d2-d3 d2-c3 d2-c2");
    }
    // A 1: nothing below, so the nearest above (2).
    assert_eq!(moves(&g, &code(1)), "d3-d4 d3-c4 d3-c3");
    // Black with only its 1: every die moves it.
    for die in 1..=6 {
        assert_eq!(
            moves(&g, &format!("b{die}:b1..../...../...w2./...w5./.w6...")),
            "a5-b4 a5-a4 a5-b5"
        );
    }
}

#[test]
fn steps_stop_at_the_edges_and_take_any_cube_there() {
    let g = game(&[]);
    // White's 4 on a2: up to a3 (its own 6, taken), no diagonal or left step off the board.
    let code = "w4:b1..../...../w6..../w4b2.../.....";
    assert_eq!(moves(&g, code), "a2-a3");
    let after = play(&g, &at(&g, code), "a2-a3");
    assert_eq!(
        g.format_position(&after),
        "b:b1..../...../w4..../.b2.../....."
    );
    assert_eq!(after.square_of(WHITE, 6), None);
    assert_eq!(after.cube_count(WHITE), 1);
    // Black rolled 2: its 2 on b2 steps diagonally to c1, down to b1 or right to c2.
    assert_eq!(
        moves(&g, "b2:b1..../...../w4..../.b2.../....."),
        "b2-c1 b2-b1 b2-c2"
    );
    // Black's 2 on a4 takes White's 4 on b3 diagonally.
    let code = "b2:b1..../b2..../.w4.../...../.....";
    let after = play(&g, &at(&g, code), "a4-b3");
    assert_eq!(
        g.format_position(&after),
        "w:b1..../...../.b2.../...../....."
    );
}

#[test]
fn reaching_the_corner_or_taking_the_last_cube_wins() {
    let g = game(&[]);
    // White's 3 on b4 can reach a5 diagonally.
    let code = "w3:...../.w3.../...../...b1./.....";
    let won = play(&g, &at(&g, code), "b4-a5");
    assert_eq!(
        g.status(&won),
        Status::Over(Outcome::win(WHITE, REASON_CORNER))
    );
    assert_eq!(
        describe_status(&g, &won),
        "White wins (reached the opposite corner)"
    );
    assert!(g.legal_move_vec(&won).is_empty());
    // Taking Black's last cube wins, wherever it stands.
    let code = "w3:...../...../..w3../..b1../.....";
    assert_eq!(moves(&g, code), "c3-c4 c3-b4 c3-b3");
    let code = "w3:...../...../...../..b1w3./.....";
    let won = play(&g, &at(&g, code), "d2-c2");
    assert_eq!(
        g.status(&won),
        Status::Over(Outcome::win(WHITE, REASON_NO_CUBES))
    );
    // Black wins on e1.
    let code = "b5:...../...../...../...b5./w1....";
    let won = play(&g, &at(&g, code), "d2-e1");
    assert_eq!(
        g.status(&won),
        Status::Over(Outcome::win(BLACK, REASON_CORNER))
    );
    // White's own cube on e1 is no win for anyone: it is White's start corner.
    assert_eq!(
        g.status(&at(&g, "b:b1..../...../...../...../....w1")),
        Status::Chance
    );
}

#[test]
fn codes_round_trip_and_errors_say_what_is_wrong() {
    let g = game(&[]);
    for code in [
        DRAWN,
        "bs:...../...../...../...../.....",
        "ws:b1b2b3../b4b5.../b6..../...../.....",
        "b6:b1..../...../...w2./...w5./.w6...",
        "b:...../.w3.../...../...../.....",
    ] {
        let state = at(&g, code);
        assert_eq!(g.format_position(&state), code);
        assert_eq!(g.hash(&state), g.hash_from_scratch(&state));
    }
    // Either case reads.
    assert_eq!(
        g.format_position(&at(&g, "W3:B1..../...../...../...../....W1")),
        "w3:b1..../...../...../...../....w1"
    );
    let error = |code: &str| g.parse_position(code).unwrap_err().to_string();
    assert!(error("w").contains("`:`"));
    assert!(error("x:...../...../...../...../.....").contains("w (White) or b (Black)"));
    assert!(error("w7:...../...../...../...../.....").contains("the die 1 to 6"));
    assert!(error("w:...../...../...../...../....").contains("rank 1 has 4 squares"));
    assert!(error("w:...../...../...../.....").contains("the board has 5 ranks, not 4"));
    assert!(error("w:...../...../...../...../...../.....").contains("not more"));
    assert!(error("w:....../...../...../...../.....").contains("more than 5 squares"));
    assert!(error("w:x..../...../...../...../.....").contains("`x` is not a square"));
    assert!(error("w:w7..../...../...../...../.....").contains("followed by its number"));
    assert!(error("w:w1w1.../...../...../...../.....").contains("White has two cubes numbered 1"));
    // Positions that cannot arise.
    assert!(error("w:w1..../...../...../...../....b1").contains("both sides"));
    assert!(error("w3:w1..../...../...../...../....b2").contains("both sides"));
    assert!(error("b3:w1..../...../...../..b2../.....").contains("no die can be rolled"));
    assert!(error("ws:...../...../...../...../.....").contains("Black arranges its cubes first"));
    assert!(error("bs:b1..../...../...../...../.....").contains("none of them"));
    assert!(error("ws:b1b2b3../b4b5.../b6..../...../....w1").contains("none of them"));
    assert!(error("ws:b1b2b3../b4.b5../b6..../...../.....").contains("a5 b5 c5 a4 b4 a3"));
    // The game over by taking every cube is a position like any other.
    let over = at(&g, "b:w1..../...../...../...../.....");
    assert!(matches!(g.status(&over), Status::Over(_)));
}

#[test]
fn moves_read_back_and_errors_name_the_problem() {
    let g = game(&[]);
    let s = g.start();
    for text in ["3", "b4-c3", "614325", "123456"] {
        let mv = g.parse_move(&s, text).unwrap();
        assert_eq!(g.format_move(&s, mv), text);
    }
    assert_eq!(
        g.parse_move(&s, "B4-C3").unwrap(),
        Move::Step {
            from: square_named("b4").unwrap(),
            to: square_named("c3").unwrap()
        }
    );
    let error = |text: &str| g.parse_move(&s, text).unwrap_err().to_string();
    assert!(error("7").contains("1 to 6"));
    assert!(error("12").contains("six digits"));
    assert!(error("123455").contains("cube 5 appears twice"));
    assert!(error("b4-f3").contains("`f3` is not a square"));
    assert!(error("b4").contains("expected a die value"));
    // Legality is checked by parse_legal_move, which names the legal moves.
    let rolled = at(&g, "w3:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1");
    let err = g
        .parse_legal_move(&rolled, "d2-d3")
        .unwrap_err()
        .to_string();
    assert!(err.contains("legal here: c1-c2 c1-b2 c1-b1"), "{err}");
}

#[test]
fn perft_counts_from_the_drawn_start() {
    let g = game(&[]);
    let drawn = at(&g, DRAWN);
    // Every face moves one of White's six cubes, each of which has three steps.
    assert_eq!(perft(&g, &drawn, 1), 18);
    // Placement: White's 720 arrangements, then Black's 720.
    let p = game(&[("start", "placement")]);
    assert_eq!(perft(&p, &p.start(), 1), 720);
    assert_eq!(perft(&p, &p.start(), 2), 720 * 720);
}

/// Many random games' figures: how many, White's wins, wins by taking every cube, and how
/// many games lasted each number of moves.
#[derive(Default)]
struct Games {
    count: u64,
    white_wins: u64,
    wiped_out: u64,
    lengths: Vec<u64>,
}

impl Games {
    fn play(game: &Einstein, seed: u64, count: u64, own: bool) -> Games {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut buffer = Vec::new();
        let mut games = Games::default();
        for _ in 0..count {
            let mut state = game.start();
            let (outcome, plies) = if own {
                game.random_playout(&mut state, &mut rng, &mut buffer)
            } else {
                tafel_core::playout::generic_random_playout(game, &mut state, &mut rng, &mut buffer)
            };
            games.count += 1;
            games.white_wins += u64::from(outcome.winners.contains(WHITE));
            games.wiped_out += u64::from(outcome.reason == REASON_NO_CUBES);
            if games.lengths.len() <= plies as usize {
                games.lengths.resize(plies as usize + 1, 0);
            }
            games.lengths[plies as usize] += 1;
        }
        games
    }
}

/// Whether two shares of `n` games each differ by at most five standard errors.
fn shares_agree(a: u64, b: u64, n: u64) -> bool {
    let (p, q) = (a as f64 / n as f64, b as f64 / n as f64);
    let pooled = (p + q) / 2.0;
    let error = (2.0 * pooled * (1.0 - pooled) / n as f64).sqrt();
    (p - q).abs() <= 5.0 * error
}

#[test]
fn the_own_playout_plays_the_generic_loops_game() {
    // The own loop draws other random numbers than the generic loop, so the two are compared
    // as random games: who wins, how, and the distribution of the games' lengths (a
    // two-sample chi-square over lengths both loops reach at least 20 times together, within
    // five standard deviations of its mean). A die or a step drawn unevenly shifts them.
    const GAMES: u64 = 20_000;
    for pairs in [&[][..], &[("start", "placement"), ("first", "black")][..]] {
        let g = game(pairs);
        let own = Games::play(&g, 1, GAMES, true);
        let generic = Games::play(&g, 2, GAMES, false);
        assert!(
            shares_agree(own.white_wins, generic.white_wins, GAMES),
            "{pairs:?}: White won {} (own) and {} (generic) of {GAMES}",
            own.white_wins,
            generic.white_wins
        );
        assert!(
            shares_agree(own.wiped_out, generic.wiped_out, GAMES),
            "{pairs:?}: all cubes taken in {} (own) and {} (generic) of {GAMES}",
            own.wiped_out,
            generic.wiped_out
        );
        let longest = own.lengths.len().max(generic.lengths.len());
        let count = |lengths: &[u64], plies: usize| lengths.get(plies).copied().unwrap_or(0) as f64;
        let (mut statistic, mut bins) = (0.0, 0);
        for plies in 0..longest {
            let (a, b) = (count(&own.lengths, plies), count(&generic.lengths, plies));
            if a + b >= 20.0 {
                statistic += (a - b) * (a - b) / (a + b);
                bins += 1;
            }
        }
        let freedom = f64::from(bins - 1);
        assert!(
            bins > 10 && statistic <= freedom + 5.0 * (2.0 * freedom).sqrt(),
            "{pairs:?}: chi-square {statistic:.1} over {bins} lengths"
        );
    }
}

/// Every position of a uniform random game from the start, the start included (chance by
/// its probabilities), seeded by `seed`.
fn random_path(g: &Einstein, seed: u64) -> Vec<State> {
    use rand::SeedableRng;
    let mut walker = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut buffer = Vec::new();
    let mut path = vec![g.start()];
    let mut position = g.start();
    while !matches!(g.status(&position), Status::Over(_)) {
        g.legal_moves(&position, &mut buffer);
        let mv = match g.status(&position) {
            Status::Chance => {
                tafel_core::playout::sample_chance(g, &position, &buffer, &mut walker)
            }
            _ => buffer[rand::Rng::random_range(&mut walker, 0..buffer.len())],
        };
        g.apply(&mut position, mv);
        path.push(position);
    }
    path
}

/// The steps of the rolled die in the order the own loop lists them: the lower-numbered
/// cube's first, each cube's in listing order (the rules list the cubes by their squares).
fn steps_by_number(g: &Einstein, state: &State, buffer: &mut Vec<Move>) {
    g.legal_moves(state, buffer);
    buffer.sort_by_key(|&mv| match mv {
        Move::Step { from, .. } => state.cube(from).map(|(_, number)| number),
        _ => None,
    });
}

/// Plays the step the random bits `pick` choose (as the own loop chooses it); returns
/// whether the game is over.
fn step_through_the_rules(
    g: &Einstein,
    state: &mut State,
    pick: u16,
    rng: &mut rand::rngs::SmallRng,
    buffer: &mut Vec<Move>,
) -> bool {
    steps_by_number(g, state, buffer);
    let choice = crate::chance::below(pick, buffer.len() as u16, rng);
    g.apply(state, buffer[usize::from(choice)]);
    matches!(g.status(state), Status::Over(_))
}

/// Rolls the die from the high half of the 32 random bits `bits` and plays the step their
/// low half chooses; returns whether the game is over.
fn turn_through_the_rules(
    g: &Einstein,
    state: &mut State,
    bits: u32,
    rng: &mut rand::rngs::SmallRng,
    buffer: &mut Vec<Move>,
) -> bool {
    let die = crate::chance::below((bits >> 16) as u16, CUBES as u16, rng) as u8 + 1;
    g.apply(state, Move::Roll(die));
    step_through_the_rules(g, state, bits as u16, rng, buffer)
}

/// The random game the own loop plays from `state`, played through the rules instead
/// (`Game::legal_moves` and `Game::apply`), every arrangement, die and step drawn from the
/// same random numbers in the same order as the loop draws them; returns the moves played.
fn replay_through_the_rules(
    g: &Einstein,
    state: &mut State,
    rng: &mut rand::rngs::SmallRng,
) -> u64 {
    use rand::RngCore;
    let mut buffer = Vec::new();
    if matches!(g.status(state), Status::Over(_)) {
        return 0;
    }
    let mut plies = 0;
    if state.arranged() < 2 {
        let mut bits = rng.next_u64();
        while state.arranged() < 2 {
            let index = crate::chance::below(bits as u16, ARRANGEMENTS as u16, rng);
            bits >>= 16;
            plies += u64::from(g.settings.start == Start::Placement);
            g.apply(state, Move::Arrange(index));
        }
    }
    if state.die().is_some() {
        plies += 1;
        let pick = rng.next_u32() as u16;
        if step_through_the_rules(g, state, pick, rng, &mut buffer) {
            return plies;
        }
    }
    if state.to_move() == BLACK {
        plies += 1;
        let bits = rng.next_u32();
        if turn_through_the_rules(g, state, bits, rng, &mut buffer) {
            return plies;
        }
    }
    loop {
        let bits = rng.next_u64();
        for half in [bits as u32, (bits >> 32) as u32] {
            plies += 1;
            if turn_through_the_rules(g, state, half, rng, &mut buffer) {
                return plies;
            }
        }
    }
}

#[test]
fn the_own_playout_plays_each_move_as_the_rules_do() {
    // The own loop's game, replayed through the rules with the same random numbers, move by
    // move: the same final position and outcome, as many moves, and the same random numbers
    // used. From the start (many games, thousands of captures) and from every position of
    // seeded random games, before and after the roll and after captures.
    use rand::{RngCore, SeedableRng};
    for pairs in [&[][..], &[("start", "placement"), ("first", "black")][..]] {
        let g = game(pairs);
        let mut buffer = Vec::new();
        let mut starts: Vec<State> = vec![g.start(); 3_000];
        starts.extend((0..40).flat_map(|seed| random_path(&g, seed)));
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        for (i, from) in starts.into_iter().enumerate() {
            let mut rules_rng = rng.clone();
            let (mut own, mut by_rules) = (from, from);
            let (outcome, plies) = g.random_playout(&mut own, &mut rng, &mut buffer);
            let replayed = replay_through_the_rules(&g, &mut by_rules, &mut rules_rng);
            assert_eq!(own, by_rules, "{pairs:?}, game {i} from {from:?}");
            assert_eq!(plies, replayed, "{pairs:?}, game {i}");
            assert_eq!(Status::Over(outcome), g.status(&own), "{pairs:?}, game {i}");
            assert_eq!(rng.next_u64(), rules_rng.next_u64(), "{pairs:?}, game {i}");
        }
    }
}

#[test]
fn the_own_playouts_portable_version_plays_the_same_games() {
    // `random_playout` runs the version compiled for the processor's bit instructions where
    // it has them (`crate::cpu`); the portable one, for other processors, must play the very
    // same games from the same random numbers.
    use rand::SeedableRng;
    for pairs in [&[][..], &[("start", "placement"), ("first", "black")][..]] {
        let g = game(pairs);
        let mut buffer = Vec::new();
        for seed in 0..2_000 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut portable_rng = rng.clone();
            let (mut dispatched, mut portable) = (g.start(), g.start());
            let played = g.random_playout(&mut dispatched, &mut rng, &mut buffer);
            let portably = g.playout(&mut portable, &mut portable_rng);
            assert_eq!(portably, played, "{pairs:?}, seed {seed}");
            assert_eq!(portable, dispatched, "{pairs:?}, seed {seed}");
        }
    }
}

#[test]
fn the_own_playout_ends_in_a_finished_position_of_the_rules() {
    // From the start and from every position of seeded random games (before and after the
    // roll): the game is over in the position the loop leaves, its outcome is the one the
    // loop returns, and every part of the position agrees with the board (the code round
    // trip and the hash from scratch).
    use rand::SeedableRng;
    for pairs in [&[][..], &[("start", "placement")][..]] {
        let g = game(pairs);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut buffer = Vec::new();
        for seed in 0..40 {
            for from in random_path(&g, seed) {
                let mut end = from;
                let (outcome, plies) = g.random_playout(&mut end, &mut rng, &mut buffer);
                let Status::Over(expected) = g.status(&end) else {
                    panic!("seed {seed}: the playout from {from:?} stopped at {end:?}");
                };
                assert_eq!(outcome, expected, "seed {seed}");
                assert_eq!(g.hash(&end), g.hash_from_scratch(&end), "seed {seed}");
                assert_eq!(at(&g, &g.format_position(&end)), end, "seed {seed}");
                assert!(plies <= g.max_plies().unwrap(), "seed {seed}");
                if matches!(g.status(&from), Status::Over(_)) {
                    assert_eq!((end, plies), (from, 0), "seed {seed}");
                }
            }
        }
    }
}

#[test]
fn random_games_follow_the_conformance_rules() {
    for pairs in [&[][..], &[("start", "placement")][..]] {
        let g = game(pairs);
        for seed in 0..50 {
            let plies = check_random_game(&g, seed).unwrap_or_else(|e| panic!("{e}"));
            assert!(plies >= 4, "seed {seed}: {plies} moves");
        }
    }
}

#[test]
fn the_picture_shows_cubes_targets_and_the_turn() {
    let g = game(&[]);
    let picture = g.picture(&at(&g, "w3:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1"));
    assert_eq!(
        picture,
        "5  B1 B2 B3  .  .\n\
         4  B4 B5  .  .  .\n\
         3  B6  .  .  . W6\n\
         2   .  .  . W5 W4\n\
         1   .  . W3 W2 W1\n    \
         a  b  c  d  e\n\
         White (W), racing to a5: cubes 1 2 3 4 5 6\n\
         Black (B), racing to e1: cubes 1 2 3 4 5 6\n\
         White to move, die 3"
    );
    assert!(g
        .picture(&g.start())
        .ends_with("Black to arrange its cubes"));
    let empty = g.picture(&at(&g, "b:...../.w3.../...../...../....."));
    assert!(empty.contains("5   *"), "{empty}");
}
