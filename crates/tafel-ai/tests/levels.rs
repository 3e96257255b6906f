//! The strength levels through the type-erased entry point the command line uses.

use tafel_ai::{AgentOptions, AiError, Algorithm};
use tafel_core::{DynGame, Player, Status};

fn black_path() -> std::sync::Arc<dyn DynGame> {
    tafel_games::registry()
        .get("black-path")
        .unwrap()
        .build(&[])
        .unwrap()
}

/// Plays one game between `agents[0]` (first seat) and `agents[1]`; returns the winner's seat.
fn play(game: &dyn DynGame, levels: [Option<u32>; 2], seed: u64) -> Option<Player> {
    let mut agents: Vec<_> = levels
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let options = AgentOptions::seeded(seed * 2 + i as u64);
            match level {
                Some(l) => tafel_ai::agent(game, *l, &options).unwrap(),
                None => tafel_ai::agent_with(game, Algorithm::Random, &options).unwrap(),
            }
        })
        .collect();
    let mut position = game.start();
    loop {
        match position.status() {
            Status::Over(outcome) => return outcome.winners.iter().next(),
            Status::ToMove(p) => {
                let decision = agents[p.index()].choose(position.as_ref()).unwrap();
                position.play(&decision.mv).unwrap();
            }
            Status::Chance => unreachable!("Black Path has no chance"),
        }
    }
}

#[test]
fn the_strongest_level_beats_random_play_in_at_least_99_percent() {
    let game = black_path();
    let strongest = tafel_ai::game_ai(game.as_ref()).unwrap().levels().len() as u32;
    let games = 100;
    let wins = (0..games)
        .filter(|&i| {
            let seat = (i % 2) as usize;
            let mut levels = [None, None];
            levels[seat] = Some(strongest);
            play(game.as_ref(), levels, i) == Some(Player(seat as u8))
        })
        .count();
    assert!(wins as f64 >= 0.99 * games as f64, "{wins} wins in {games}");
}

#[test]
fn every_level_plays_legal_moves_to_the_end() {
    let game = tafel_games::registry()
        .get("black-path")
        .unwrap()
        .build(&[("size".into(), "4x4".into())])
        .unwrap();
    for level in 1..=tafel_ai::game_ai(game.as_ref()).unwrap().levels().len() as u32 {
        let winner = play(game.as_ref(), [Some(level), Some(level)], level as u64);
        assert!(winner.is_some(), "Black Path has no draws");
    }
}

#[test]
fn agents_refuse_unknown_levels_other_games_and_finished_positions() {
    let game = black_path();
    let err = tafel_ai::agent(game.as_ref(), 7, &AgentOptions::seeded(1))
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "black-path has no level 7 (levels are 1 to 6)"
    );
    let mut agent = tafel_ai::agent(game.as_ref(), 1, &AgentOptions::seeded(1)).unwrap();
    // A position of the same game type built by another game object is refused, not misread.
    let other = black_path();
    assert_eq!(
        agent.choose(other.start().as_ref()).err(),
        Some(AiError::WrongGame)
    );
    let over = game
        .parse_position("1......./......../......../......../......../......../......../........")
        .unwrap();
    assert_eq!(
        agent.choose(over.as_ref()).err(),
        Some(AiError::NobodyToMove)
    );
}
