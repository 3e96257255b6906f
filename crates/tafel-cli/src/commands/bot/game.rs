//! One game of the bot: its stream followed (and opened again after a dropped connection),
//! the engine handed the position and the clock whenever it is the bot's turn, its move sent.
//! A move the server refuses is reported and not sent again: the game goes on under the bot's
//! clock until the next change.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tafel_core::DynGame;

use super::client::{error_of, Client, Refusal};
use crate::commands::tournament::clock::Clock;
use crate::commands::tournament::contender::{Contender, MoveRequest};
use crate::commands::tournament::spec::EngineSpec;

/// The time for a move in a game without a clock.
const UNTIMED_MOVE: Duration = Duration::from_secs(1);

/// The longest an engine is given for one move (a correspondence clock offers days).
const MAX_MOVE: Duration = Duration::from_secs(60);

/// How long the referee waits past the time offered before it gives up on the engine.
const GRACE: Duration = Duration::from_secs(2);

/// How long to wait before opening a dropped game stream again.
const RECONNECT: Duration = Duration::from_secs(1);

/// Plays game `id` with an engine of `spec` until it is over (or is not the bot's).
pub async fn play(client: Client, spec: EngineSpec, id: String) {
    let mut engine: Option<Contender> = Some(Contender::new(&spec));
    let mut started = false;
    let mut answered: Option<usize> = None;
    let mut seat = None;
    loop {
        let mut lines = match client.stream(&format!("/api/bot/games/{id}/stream")).await {
            Ok(lines) => lines,
            Err(Refusal::Refused(status, reason)) => {
                eprintln!("game {id}: the server refused its stream ({status}): {reason}");
                break;
            }
            Err(Refusal::Unreachable(why)) => {
                eprintln!("game {id}: {why}; trying again");
                tokio::time::sleep(RECONNECT).await;
                continue;
            }
        };
        loop {
            let line = match lines.next().await {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(error) => {
                    eprintln!("game {id}: {error:#}; opening its stream again");
                    break;
                }
            };
            if let Some(s) = line["seat"].as_u64() {
                seat = Some(s as usize);
            }
            let view = &line["game"];
            if view["status"]["state"] == "over" {
                println!("game {id}: over, {}", view["status"]["result"]);
                if let Some(engine) = engine.take() {
                    tokio::task::spawn_blocking(move || engine.shut_down());
                }
                return;
            }
            let Some(seat) = seat else { continue };
            let ply = view["moves"].as_array().map_or(0, Vec::len);
            let to_move = view["status"]["state"] == "to_move"
                && view["status"]["seat"].as_u64() == Some(seat as u64);
            if !to_move || answered == Some(ply) {
                continue;
            }
            answered = Some(ply);
            let Some(mut contender) = engine.take() else {
                return;
            };
            let view = view.clone();
            let first = !started;
            let (contender, chosen) = tokio::task::spawn_blocking(move || {
                let chosen = choose(&mut contender, &view, seat, first);
                (contender, chosen)
            })
            .await
            .expect("the engine's thread does not panic");
            engine = Some(contender);
            let mv = match chosen {
                Ok(mv) => {
                    started = true;
                    mv
                }
                Err(error) => {
                    eprintln!("game {id}: the engine gave no move: {error}");
                    continue;
                }
            };
            match client
                .post(
                    &format!("/api/bot/games/{id}/moves"),
                    &json!({"move": mv, "ply": ply}),
                )
                .await
            {
                Ok((status, _)) if status.is_success() => {}
                Ok((status, answer)) => eprintln!(
                    "game {id}: the server refused the engine's move `{mv}` ({status}): {}; \
                     the game goes on under the bot's clock",
                    error_of(&answer)
                ),
                Err(error) => eprintln!("game {id}: the move `{mv}` was not sent: {error:#}"),
            }
        }
        tokio::time::sleep(RECONNECT).await;
    }
    if let Some(engine) = engine {
        tokio::task::spawn_blocking(move || engine.shut_down());
    }
}

/// The engine's move in the game `view` shows, for `seat`; the engine is set up for the game
/// first when `first`.
fn choose(
    contender: &mut Contender,
    view: &Value,
    seat: usize,
    first: bool,
) -> Result<String, String> {
    let name = view["game"]
        .as_str()
        .ok_or("the game's view names no game")?;
    let settings: Vec<(String, String)> = view["settings"]
        .as_array()
        .map(|pairs| {
            pairs
                .iter()
                .filter_map(|pair| {
                    Some((pair[0].as_str()?.to_string(), pair[1].as_str()?.to_string()))
                })
                .collect()
        })
        .unwrap_or_default();
    let registry = tafel_games::registry();
    let entry = registry.get(name).map_err(|e| e.to_string())?;
    let game: Arc<dyn DynGame> = entry.build(&settings).map_err(|e| e.to_string())?;
    let moves: Vec<String> = view["moves"]
        .as_array()
        .map(|moves| {
            moves
                .iter()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let mut position = game.start();
    for mv in &moves {
        position
            .play(mv)
            .map_err(|e| format!("the server's move `{mv}` does not replay: {e}"))?;
    }
    if first {
        contender.start_game(&*game).map_err(|fault| {
            contender.after_fault(&fault);
            fault.to_string()
        })?;
    }
    let allotted = allotment(&view["clock"], seat);
    let request = MoveRequest {
        game: &*game,
        start: "position start",
        moves: &moves,
        position: &*position,
        allotted,
        deadline: Instant::now() + allotted + GRACE,
        seed: moves.len() as u64,
    };
    contender.choose(&request).map_err(|fault| {
        contender.after_fault(&fault);
        fault.to_string()
    })
}

/// The time offered for a move by the clock `clock` (a game view's) of `seat`, as
/// `tafel tournament` offers it, at most [`MAX_MOVE`].
fn allotment(clock: &Value, seat: usize) -> Duration {
    let Some(remaining) = clock["remaining_ms"][seat].as_i64() else {
        return UNTIMED_MOVE;
    };
    let increment = clock["control"]["increment_seconds"].as_u64().unwrap_or(0);
    Clock::left(
        Duration::from_millis(remaining.max(0) as u64),
        Duration::from_secs(increment),
    )
    .allotment()
    .min(MAX_MOVE)
}
