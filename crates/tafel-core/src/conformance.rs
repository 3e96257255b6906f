//! The checks every registered game must pass on random games.
//!
//! The property tests run [`check_random_game`] for every game in the registry with many
//! seeds, so a newly registered game is covered without writing a line of test code.

use rand::{Rng, SeedableRng};

use crate::game::{Game, GameExt};

use crate::outcome::Status;
use crate::playout::{generic_random_playout, sample_chance};
use crate::record::{self, RawMoves};

/// Plays one random game from the start with the given seed, checking at every ply that:
/// the position code round-trips and reproduces the hash; the incremental hash equals the
/// hash from scratch; the status and the legal moves agree (moves exactly when the game is
/// not over, no duplicates, a seat that exists, chance probabilities that sum to 1); every
/// move's notation round-trips and every move applies; the game ends within
/// [`Game::max_plies`]. At the end the game's text and JSON records must replay to the same
/// moves. Returns the number of moves played, or a description of the first failure.
pub fn check_random_game<G: Game>(game: &G, seed: u64) -> Result<u64, String> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let start = game.start();
    let mut state = start.clone();
    let mut history = Vec::new();
    let mut plies = 0u64;
    let mut legal = Vec::new();
    loop {
        let done = history.len();
        let here = || format!("{} after {done} moves (seed {seed})", G::INFO.name);
        check_position(game, &state).map_err(|e| format!("{}: {e}", here()))?;
        let status = game.status(&state);
        game.legal_moves(&state, &mut legal);
        let mv = match status {
            Status::Over(_) if legal.is_empty() => break,
            Status::Over(_) => {
                return Err(format!("{}: the game is over but has legal moves", here()))
            }
            _ if legal.is_empty() => {
                return Err(format!(
                    "{}: the game is not over but has no legal move",
                    here()
                ))
            }
            Status::ToMove(p) if p.index() >= game.num_players() => {
                return Err(format!("{}: seat {} does not exist", here(), p.0))
            }
            Status::ToMove(_) => legal[rng.random_range(0..legal.len())],
            Status::Chance => {
                let total: f64 = (0..legal.len())
                    .map(|i| game.chance_probability(&state, &legal, i))
                    .sum();
                if (total - 1.0).abs() > 1e-9 {
                    return Err(format!("{}: chance probabilities sum to {total}", here()));
                }
                sample_chance(game, &state, &legal, &mut rng)
            }
        };
        let mut sorted = legal.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != legal.len() {
            return Err(format!("{}: duplicate legal moves", here()));
        }
        for &m in &legal {
            let text = game.format_move(&state, m);
            match game.parse_move(&state, &text) {
                Ok(back) if back == m => {}
                other => return Err(format!("{}: move `{text}` reads back as {other:?}", here())),
            }
            let _child = game.after(&state, m);
        }
        if matches!(status, Status::ToMove(_)) {
            plies += 1;
        }
        game.apply(&mut state, mv);
        history.push(mv);
        if let Some(bound) = game.max_plies() {
            if plies > bound {
                return Err(format!("{}: more than {bound} moves", here()));
            }
        }
    }
    check_records(game, &start, &history)
        .map_err(|e| format!("{} (seed {seed}): {e}", G::INFO.name))?;
    Ok(plies)
}

/// Checks one position's code and hash.
pub fn check_position<G: Game>(game: &G, state: &G::State) -> Result<(), String> {
    let hash = game.hash(state);
    let scratch = game.hash_from_scratch(state);
    if hash != scratch {
        return Err(format!(
            "incremental hash {hash:#x} differs from hash from scratch {scratch:#x}"
        ));
    }
    let code = game.format_position(state);
    let parsed = game
        .parse_position(&code)
        .map_err(|e| format!("own code does not parse: {e}"))?;
    let again = game.format_position(&parsed);
    if again != code {
        return Err(format!("position code `{code}` reads back as `{again}`"));
    }
    if game.hash(&parsed) != hash {
        return Err(format!(
            "position code `{code}` reads back with another hash"
        ));
    }
    let _ = game.picture(state);
    Ok(())
}

fn check_records<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> Result<(), String> {
    for text in [
        record::to_text(game, start, moves),
        record::to_json(game, start, moves),
    ] {
        let raw = record::parse_record(&text)
            .map_err(|e| format!("own record does not parse: {e}\n{text}"))?;
        let replayed = record::replay(game, &raw)
            .map_err(|e| format!("own record does not replay: {e}\n{text}"))?;
        if replayed.moves != moves {
            return Err(format!("record replays to other moves\n{text}"));
        }
        if matches!(raw.moves, RawMoves::List(_)) != text.starts_with('{') {
            return Err("record form misdetected".into());
        }
    }
    Ok(())
}

/// Checks that `game`'s own [`Game::random_playout`] plays exactly the game that the generic
/// loop ([`generic_random_playout`]) plays from the start with the same seed: the same outcome,
/// the same number of moves and the same final position. A game that overrides the playout for
/// speed must pass this for many seeds. Returns a description of the first difference.
pub fn check_own_playout<G: Game>(game: &G, seed: u64) -> Result<(), String> {
    let mut generic_rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut own_rng = generic_rng.clone();
    let mut generic = game.start();
    let mut own = game.start();
    let mut buffer = Vec::new();
    let expected = generic_random_playout(game, &mut generic, &mut generic_rng, &mut buffer);
    let played = game.random_playout(&mut own, &mut own_rng, &mut buffer);
    if played != expected {
        return Err(format!(
            "{} seed {seed}: own playout gave {played:?}, the generic loop {expected:?}",
            G::INFO.name
        ));
    }
    if own != generic {
        return Err(format!(
            "{} seed {seed}: own playout ended in {own:?}, the generic loop in {generic:?}",
            G::INFO.name
        ));
    }
    Ok(())
}
