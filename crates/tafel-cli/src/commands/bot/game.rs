//! One game of the bot: its stream followed (and opened again after a dropped connection,
//! at once when the server ended it saying `reconnect`), the engine handed the position and the clock whenever it is the bot's turn, its move sent.
//!
//! An engine that fails on a move (crashes, hangs, answers garbage, refuses a command, or
//! answers a move the rules do not allow here) is started again and asked again, within what
//! the clock leaves; after [`MAX_FAILURES`] failures on one move, or with the clock run out,
//! the bot resigns the game with a note on standard error, so that it never waits forever. A
//! move the server refuses although the rules allow it is reported and not sent again: the
//! game goes on under the bot's clock until the next change.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tafel_core::{DynGame, DynPosition};

use super::client::{error_of, Client, Refusal};
use super::RECONNECT;
use crate::commands::tournament::clock::Clock;
use crate::commands::tournament::contender::{Contender, MoveRequest};
use crate::commands::tournament::fault::Fault;
use crate::commands::tournament::spec::EngineSpec;

/// The time for a move in a game without a clock.
const UNTIMED_MOVE: Duration = Duration::from_secs(1);

/// The longest an engine is given for one move (a correspondence clock offers days).
const MAX_MOVE: Duration = Duration::from_secs(60);

/// How long the bot waits past the time offered before it gives up on the engine.
const GRACE: Duration = Duration::from_secs(2);

/// How long to wait before opening a dropped game stream again.
const REOPEN: Duration = Duration::from_secs(1);

/// How many times the engine may fail on one move before the bot resigns.
const MAX_FAILURES: usize = 3;

/// Plays game `id` with an engine of `spec` until it is over (or is not the bot's).
pub async fn play(client: Client, spec: EngineSpec, id: String) {
    let mut engine = Some(Engine::new(spec));
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
                tokio::time::sleep(REOPEN).await;
                continue;
            }
        };
        let told_to_reconnect = loop {
            let line = match lines.next().await {
                Ok(Some(line)) if line["type"] == RECONNECT => {
                    eprintln!("game {id}: the server is stopping; opening its stream again");
                    break true;
                }
                Ok(Some(line)) => line,
                Ok(None) => break false,
                Err(error) => {
                    eprintln!("game {id}: {error:#}; opening its stream again");
                    break false;
                }
            };
            let received = Instant::now();
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
            let Some(mut playing) = engine.take() else {
                return;
            };
            let (label, view) = (id.clone(), view.clone());
            let (playing, decided) = tokio::task::spawn_blocking(move || {
                let decided = playing.decide(&label, &view, seat, received);
                (playing, decided)
            })
            .await
            .expect("the engine's thread does not panic");
            engine = Some(playing);
            match decided {
                Ok(mv) => {
                    if !send_move(&client, &id, &mv, ply).await {
                        // Not taken (the server stopping, or unreachable): the position is
                        // decided again when the reopened stream shows it.
                        answered = None;
                    }
                }
                Err(note) => resign(&client, &id, &note).await,
            }
        };
        if !told_to_reconnect {
            tokio::time::sleep(REOPEN).await;
        }
    }
    if let Some(engine) = engine {
        tokio::task::spawn_blocking(move || engine.shut_down());
    }
}

/// Sends the move `mv` for ply `ply` of game `id`; a refusal is reported. Returns false
/// where the move may be worth sending again: not sent, or refused by a server error (a
/// server stopping answers 503); a move refused for what it is stays refused.
async fn send_move(client: &Client, id: &str, mv: &str, ply: usize) -> bool {
    match client
        .post(
            &format!("/api/bot/games/{id}/moves"),
            &json!({"move": mv, "ply": ply}),
        )
        .await
    {
        Ok((status, _)) if status.is_success() => true,
        Ok((status, answer)) => {
            eprintln!(
                "game {id}: the server refused the engine's move `{mv}` ({status}): {}; \
                 the game goes on under the bot's clock",
                error_of(&answer)
            );
            !status.is_server_error()
        }
        Err(error) => {
            eprintln!("game {id}: the move `{mv}` was not sent: {error:#}");
            false
        }
    }
}

/// Resigns game `id`, saying why (`note`) on standard error.
async fn resign(client: &Client, id: &str, note: &str) {
    eprintln!("game {id}: resigning: {note}");
    match client
        .post(&format!("/api/bot/games/{id}/resign"), &json!({}))
        .await
    {
        Ok((status, _)) if status.is_success() => {}
        Ok((status, answer)) => eprintln!(
            "game {id}: the server refused the resignation ({status}): {}",
            error_of(&answer)
        ),
        Err(error) => eprintln!("game {id}: the resignation was not sent: {error:#}"),
    }
}

/// The bot's engine for one game: started again whenever it fails.
struct Engine {
    spec: EngineSpec,
    contender: Contender,
    /// Whether the running program was sent this game (`new GAME SETTINGS`).
    ready: bool,
}

/// The game a view shows, read for the engine.
struct Turn {
    game: Arc<dyn DynGame>,
    moves: Vec<String>,
    position: Box<dyn DynPosition>,
}

impl Engine {
    /// An engine of `spec`, started at its first move.
    fn new(spec: EngineSpec) -> Engine {
        Engine {
            contender: Contender::new(&spec),
            spec,
            ready: false,
        }
    }

    /// The move to send in game `id` (named in reports), whose state `view` was received at
    /// `received`, for `seat`: the engine's move, in the game's notation, asked again of an
    /// engine started again after each failure; or, after [`MAX_FAILURES`] failures or with
    /// the clock run out, why the bot resigns.
    fn decide(
        &mut self,
        id: &str,
        view: &Value,
        seat: usize,
        received: Instant,
    ) -> Result<String, String> {
        let turn = Turn::read(view).map_err(|e| format!("the game cannot be played: {e}"))?;
        let mut failures = 0;
        loop {
            let Some(allotted) = allotment(&view["clock"], seat, received.elapsed()) else {
                return Err(format!(
                    "the clock ran out after the engine failed {failures} times on this move"
                ));
            };
            let fault = match self.ask(&turn, allotted) {
                Ok(mv) => match turn.position.clone_box().play(&mv) {
                    Ok(canonical) => return Ok(canonical),
                    Err(e) => Fault::Illegal {
                        answered: mv,
                        reason: e.to_string(),
                    },
                },
                Err(fault) => fault,
            };
            failures += 1;
            if failures == MAX_FAILURES {
                return Err(format!(
                    "the engine failed {failures} times on this move, last: {fault}"
                ));
            }
            eprintln!(
                "game {id}: the engine failed ({fault}); starting it again, {} tries left",
                MAX_FAILURES - failures
            );
            self.restart();
        }
    }

    /// The engine's answer to `turn` with `allotted` time, the game sent first to a program
    /// started for it.
    fn ask(&mut self, turn: &Turn, allotted: Duration) -> Result<String, Fault> {
        if !self.ready {
            self.contender.start_game(&*turn.game)?;
            self.ready = true;
        }
        self.contender.choose(&MoveRequest {
            game: &*turn.game,
            start: "position start",
            moves: &turn.moves,
            position: &*turn.position,
            allotted,
            deadline: Instant::now() + allotted + GRACE,
            seed: turn.moves.len() as u64,
        })
    }

    /// Ends the engine as it is (a program is killed) and makes a new one.
    fn restart(&mut self) {
        self.contender = Contender::new(&self.spec);
        self.ready = false;
    }

    /// Ends the engine's program, if one runs.
    fn shut_down(self) {
        self.contender.shut_down();
    }
}

impl Turn {
    /// The game, its moves and its position, from a game's view.
    fn read(view: &Value) -> Result<Turn, String> {
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
        Ok(Turn {
            game,
            moves,
            position,
        })
    }
}

/// The time offered for a move by the clock `clock` (a game view's) of `seat`, `elapsed`
/// after the view was received, as `tafel tournament` offers it, at most [`MAX_MOVE`];
/// `None` when the clock has run out.
fn allotment(clock: &Value, seat: usize, elapsed: Duration) -> Option<Duration> {
    let Some(remaining) = clock["remaining_ms"][seat].as_i64() else {
        return Some(UNTIMED_MOVE);
    };
    let left = Duration::from_millis(remaining.max(0) as u64).checked_sub(elapsed)?;
    if left.is_zero() {
        return None;
    }
    let increment = clock["control"]["increment_seconds"].as_u64().unwrap_or(0);
    Some(
        Clock::left(left, Duration::from_secs(increment))
            .allotment()
            .min(MAX_MOVE),
    )
}
