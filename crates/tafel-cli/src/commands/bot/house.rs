//! `tafel serve --bots`: Tafel's own levels as bot accounts on the server, each played by a
//! bot client in this process that goes through the server's bot API over HTTP exactly as
//! `tafel bot` does, its engine the level played in process (as `tafel tournament` plays a
//! level).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::Result;
use tafel_server::compute::computer::max_level;
use tafel_server::play::bots::house_bot_token;
use tafel_server::store::Store;

use super::client::Client;
use crate::commands::tournament::spec::{EngineKind, EngineSpec};

/// The name of the server's bot playing `level`.
pub fn bot_name(level: u8) -> String {
    format!("tafel-level-{level}")
}

/// The levels every game has: the server's bots play them all.
pub fn levels() -> u8 {
    tafel_games::registry()
        .entries()
        .iter()
        .map(|entry| max_level(entry.info.name))
        .min()
        .unwrap_or(0)
}

/// Starts a bot for each of [`levels`] on the server listening on `listen` (over `store`),
/// each playing up to `games` games at once. Returns the bots' names.
pub async fn start(listen: SocketAddr, store: &Store, games: usize) -> Result<Vec<String>> {
    let host = if listen.ip().is_unspecified() {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else {
        listen.ip()
    };
    let server = format!("http://{}", SocketAddr::new(host, listen.port()));
    let mut names = Vec::new();
    for level in 1..=levels() {
        let name = bot_name(level);
        let token = house_bot_token(store, &name).await?;
        let client = Client::new(&server, token.as_str())?;
        let engine = EngineSpec {
            name: name.clone(),
            kind: EngineKind::Level(level.into()),
        };
        let label = name.clone();
        tokio::spawn(async move {
            if let Err(error) = super::serve(client, engine, games).await {
                eprintln!("{label}: {error:#}");
            }
        });
        names.push(name);
    }
    Ok(names)
}
