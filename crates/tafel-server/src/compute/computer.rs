//! The computer's moves for computer seats, from `tafel-ai`'s strength levels.

use std::time::Duration;

use tafel_ai::{AgentOptions, AiError};
use tafel_core::{DynGame, DynPosition, Reason};

/// The most time the computer takes for a move off the clock (`tafel-ai`'s cap for every
/// level; on the clock it takes a share of its time left, up to this).
pub const MOVE_TIME_CAP: Duration = tafel_ai::levels::MOVE_TIME_CAP;

/// The strongest level of `game`'s computer player (0 for a name that is not a game).
pub fn max_level(game: &str) -> u8 {
    tafel_games::registry()
        .get(game)
        .ok()
        .and_then(|entry| tafel_ai::entry_ai(entry).ok())
        .map_or(0, |ai| ai.levels().len() as u8)
}

/// Why the computer cannot play `level` of `game` (with its settings) as the level says, e.g.
/// perfect play whose solved table is absent (the notice says how to build it); `None` when it
/// can. Such a level still plays, as the weaker level the notice names. No agent is built.
pub fn level_notice(game: &dyn DynGame, level: u8) -> Result<Option<Reason>, AiError> {
    tafel_ai::level_availability(game, level.into()).map(|availability| availability.notice())
}

/// The move the computer plays at `level` in `position` (where a seat is to move), thinking
/// at most `time_cap`. Each move gets a fresh search with a fresh seed on one thread, so that
/// many games can think at once. Where the level cannot play as its table says (perfect play
/// without the solved table, for example), the agent's notice goes to the server log, once
/// per move.
pub fn choose(
    game: &dyn DynGame,
    position: &dyn DynPosition,
    level: u8,
    time_cap: Duration,
) -> Result<String, AiError> {
    let options = AgentOptions {
        time_cap,
        ..AgentOptions::seeded(rand::random())
    };
    let mut agent = tafel_ai::agent(game, level.into(), &options)?;
    if let Some(notice) = agent.notice() {
        tracing::warn!("{} level {level}: {notice}", game.info().name);
    }
    agent.choose(position).map(|decision| decision.mv)
}
