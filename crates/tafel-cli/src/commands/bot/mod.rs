//! `tafel bot`: a program speaking the engine protocol (docs/engine-protocol.md) plays as a
//! bot account on a Tafel server (docs/bots.md). The bot's event stream tells of challenges,
//! accepted while fewer than `--games` games are under way and declined beyond; each game
//! runs on a task of its own with an engine of its own ([`game`]). A dropped connection is
//! opened again, and the server's event stream names the games still under way, so a bot
//! that was stopped and started again continues its games. A stream the server ends with
//! `{"type": "reconnect"}` (it is stopping) is opened again at once, at the same address:
//! behind a load balancer another instance answers.

pub mod client;
pub mod game;
pub mod house;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, ensure, Result};
use serde_json::{json, Value};

use crate::commands::tournament::spec::{EngineKind, EngineSpec};
use client::{error_of, Client, Refusal};

/// The longest wait before opening a dropped event stream again (it doubles from a second).
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// The type of a stream's last line when the server stops: open the stream again at once.
pub const RECONNECT: &str = "reconnect";

/// Arguments of `tafel bot`.
#[derive(clap::Args)]
pub struct Args {
    /// The server, as `http://host:port`.
    #[arg(long)]
    server: String,
    /// The bot's token (its owner gets it from `POST /api/bot/token`).
    #[arg(long)]
    token: String,
    /// The engine: a shell command starting a program that speaks the engine protocol.
    #[arg(long)]
    engine: String,
    /// Words added to every `go` before the clock's `time MS` (e.g. `level 3`).
    #[arg(long, default_value = "")]
    go: String,
    /// Games played at once; challenges beyond are declined.
    #[arg(long, default_value_t = 1)]
    games: usize,
}

/// Runs `tafel bot` until the server refuses the token.
pub fn run(args: Args) -> Result<()> {
    ensure!(args.games >= 1, "--games must be 1 or more");
    ensure!(!args.engine.trim().is_empty(), "--engine is empty");
    let engine = EngineSpec {
        name: "bot".to_string(),
        kind: EngineKind::Program {
            command: args.engine,
            go: args.go,
        },
    };
    let client = Client::new(&args.server, &args.token)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(client, engine, args.games))
}

/// Plays as the bot of `client` with engines of `engine`, at most `games` games at once,
/// until the server refuses the bot's token.
pub async fn serve(client: Client, engine: EngineSpec, games: usize) -> Result<()> {
    let playing = Arc::new(Mutex::new(HashSet::new()));
    let mut backoff = Duration::from_secs(1);
    loop {
        let mut lines = match client.stream("/api/bot/stream").await {
            Ok(lines) => lines,
            Err(Refusal::Refused(status, reason)) => {
                bail!("the server refused the bot ({status}): {reason}")
            }
            Err(Refusal::Unreachable(why)) => {
                eprintln!("bot: {why}; trying again in {} s", backoff.as_secs());
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        backoff = Duration::from_secs(1);
        println!("bot: connected, waiting for challenges");
        let told_to_reconnect = loop {
            match lines.next().await {
                Ok(Some(event)) if event["type"] == RECONNECT => {
                    eprintln!("bot: the server is stopping; opening the event stream again");
                    break true;
                }
                Ok(Some(event)) => {
                    handle(&client, &engine, games, &playing, &event).await;
                }
                Ok(None) => {
                    eprintln!("bot: the server closed the event stream; opening it again");
                    break false;
                }
                Err(error) => {
                    eprintln!("bot: {error:#}; opening the event stream again");
                    break false;
                }
            }
        };
        if !told_to_reconnect {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// Acts on one event of the bot's stream.
async fn handle(
    client: &Client,
    engine: &EngineSpec,
    games: usize,
    playing: &Arc<Mutex<HashSet<String>>>,
    event: &Value,
) {
    match event["type"].as_str() {
        Some("challenge") => {
            let challenge = &event["challenge"];
            let id = challenge["id"].as_str().unwrap_or_default();
            let busy = playing.lock().expect("not poisoned").len() >= games;
            let (path, body) = if busy {
                (
                    format!("/api/bot/challenges/{id}/decline"),
                    json!({"reason": format!("busy: playing {games} games, as many as it takes at once")}),
                )
            } else {
                (format!("/api/bot/challenges/{id}/accept"), json!({}))
            };
            match client.post(&path, &body).await {
                Ok((status, answer)) if status.is_success() => {
                    if busy {
                        println!(
                            "bot: declined {}'s challenge (busy)",
                            challenge["challenger"]
                        );
                    } else if let (Some(game), Some(seat)) =
                        (answer["game"].as_str(), answer["seat"].as_u64())
                    {
                        println!(
                            "bot: accepted {}'s challenge: game {game}, seat {seat}",
                            challenge["challenger"]
                        );
                        start(client, engine, playing, game);
                    }
                }
                Ok((status, answer)) => {
                    eprintln!("bot: challenge {id}: {status}: {}", error_of(&answer));
                }
                Err(error) => eprintln!("bot: challenge {id}: {error:#}"),
            }
        }
        Some("game_started") => {
            if let Some(game) = event["game"].as_str() {
                start(client, engine, playing, game);
            }
        }
        Some("game_finished") => {}
        _ => eprintln!("bot: an event it does not know: {event}"),
    }
}

/// Starts playing game `id` unless it is being played already.
fn start(client: &Client, engine: &EngineSpec, playing: &Arc<Mutex<HashSet<String>>>, id: &str) {
    if !playing.lock().expect("not poisoned").insert(id.to_string()) {
        return;
    }
    let (client, engine, playing, id) = (
        client.clone(),
        engine.clone(),
        playing.clone(),
        id.to_string(),
    );
    tokio::spawn(async move {
        game::play(client, engine, id.clone()).await;
        playing.lock().expect("not poisoned").remove(&id);
    });
}
