//! Every level of every registered game, built through the type-erased entry point the
//! command line and the server use, plays a legal move; and what a level says about itself
//! before it is built ([`tafel_ai::level_availability`]) matches what the built agent says.

use std::time::Duration;

use rand::SeedableRng;
use tafel_ai::{AgentOptions, Availability};
use tafel_core::{DynPosition, Status};

/// The first position from the start where a player is to move (chance outcomes drawn).
fn first_decision(start: Box<dyn DynPosition>) -> Box<dyn DynPosition> {
    let mut position = start;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    while position.status() == Status::Chance {
        position.play_random(&mut rng);
    }
    position
}

#[test]
fn every_level_of_every_game_plays_a_move() {
    // Where the solved Karl's Race table is looked for: an empty folder, so that level 6
    // shows its stand-in (this test binary's only test that reads the variable).
    let empty = tempfile::tempdir().unwrap();
    std::env::set_var("TAFEL_DATA", empty.path());
    let registry = tafel_games::registry();
    assert!(!registry.entries().is_empty());
    for entry in registry.entries() {
        let ai = tafel_ai::entry_ai(entry).unwrap();
        let game = entry.build(&[]).unwrap();
        assert!(std::ptr::eq(ai, tafel_ai::game_ai(game.as_ref()).unwrap()));
        let name = entry.info.name;
        let levels = ai.levels();
        assert!(levels.len() >= 5, "{name} has {} levels", levels.len());
        let position = first_decision(game.start());
        let legal = position.legal_moves();
        for level in 1..=levels.len() as u32 {
            // The work budgets end long before the cap except at the top levels of the
            // slower games, which are cut short to keep the test quick.
            let options = AgentOptions {
                time_cap: Duration::from_millis(300),
                ..AgentOptions::seeded(level as u64)
            };
            let availability = tafel_ai::level_availability(game.as_ref(), level).unwrap();
            let mut agent = tafel_ai::agent(game.as_ref(), level, &options).unwrap();
            assert_eq!(
                availability.notice().as_ref(),
                agent.notice(),
                "{name} {level}"
            );
            match (&availability, agent.notice()) {
                (Availability::Ready, None) => {}
                (Availability::Unavailable { reason, instead }, Some(notice)) => {
                    assert!(
                        notice.to_string().contains(&reason.to_string()),
                        "{name} {level}: {notice}"
                    );
                    assert!(
                        notice.to_string().contains(&format!("playing {instead}")),
                        "{notice}"
                    );
                }
                (availability, notice) => {
                    panic!("{name} level {level}: {availability:?} but notice {notice:?}")
                }
            }
            let decision = agent.choose(position.as_ref()).unwrap();
            assert!(
                legal.contains(&decision.mv),
                "{name} level {level} played {}",
                decision.mv
            );
        }
        let err = tafel_ai::level_availability(game.as_ref(), levels.len() as u32 + 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("has no level {}", levels.len() + 1)),
            "{err}"
        );
    }
}

#[test]
fn the_ai_of_a_game_refuses_another_game_and_games_without_one() {
    let registry = tafel_games::registry();
    let quarx = registry.get("quarx").unwrap().build(&[]).unwrap();
    let kauri = registry.get("kauri").unwrap().build(&[]).unwrap();
    let ai = tafel_ai::game_ai(quarx.as_ref()).unwrap();
    assert_eq!(ai.info().name, "quarx");
    assert_eq!(
        ai.availability(kauri.as_ref(), 1).err(),
        Some(tafel_ai::AiError::WrongGame)
    );
    // A registered game that has no `GameAi` (a test game) gets no agent, and says why.
    let tests = tafel_core::Registry::new().with::<tafel_testkit::games::DiceRace>();
    let race = tests.get("dice-race").unwrap();
    assert_eq!(
        tafel_ai::entry_ai(race).err(),
        Some(tafel_ai::AiError::UnknownGame("dice-race"))
    );
    let game = race.build(&[]).unwrap();
    let err = tafel_ai::agent(game.as_ref(), 1, &AgentOptions::seeded(1))
        .err()
        .unwrap();
    assert_eq!(err.to_string(), "no computer player knows dice-race yet");
}
