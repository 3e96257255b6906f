//! Puzzles from the server's own finished games (`tafel puzzles generate GAME --database
//! URL`, docs/learn.md): the games of a game with the given settings, the most recently
//! finished first, replayed and judged by the generator's judge
//! ([`tafel_ai::puzzles::mine()`]); the kept puzzles are checked as a shipped file's lines
//! are and added to the store, each naming its game (`source.server_game`). A game the
//! store has puzzles from is mined once: later runs leave it out, and positions the store has
//! already (the same game, settings and code) are not judged again.
//!
//! The server reads puzzles from the store at every request (it keeps none in memory), so a
//! running server poses the new puzzles at once.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use anyhow::{anyhow, Context, Result};
use tafel_ai::puzzles::{mine, Generated, PlayedGame, PuzzleOptions, Report};
use tafel_core::DynGame;

use super::Puzzles;
use crate::domain::puzzle::Puzzle;

/// The most games one mining may read.
pub const MAX_GAMES: u32 = 100_000;

/// What to mine: how many of the most recent finished games to read, and as
/// [`PuzzleOptions`] say, the seed and the most puzzles to keep.
#[derive(Clone, Debug)]
pub struct Mining {
    /// The most games read (at most [`MAX_GAMES`]).
    pub games: u32,
    /// The seed and the count of puzzles.
    pub options: PuzzleOptions,
}

/// What mining did: the puzzles kept and the report, the games read, and how many puzzles
/// were new to the store.
#[derive(Clone, Debug)]
pub struct Mined {
    /// The puzzles kept, and the generator's report.
    pub generated: Generated,
    /// The finished games of the game with the same settings that were read.
    pub games: usize,
    /// The puzzles added to the store.
    pub added: u64,
}

/// `rules`' settings as a puzzle holds them: those that differ from the defaults.
fn changed_settings(rules: &dyn DynGame) -> BTreeMap<String, String> {
    let specs = rules.setting_specs();
    rules
        .settings()
        .into_iter()
        .filter(|(key, value)| !specs.iter().any(|s| s.key == *key && s.default == value))
        .map(|(key, value)| (key.to_string(), value))
        .collect()
}

impl Puzzles {
    /// Mines the finished games of `rules` (a game with its settings) as `mining` says;
    /// `progress` hears the generator's report after every game.
    pub async fn mine(
        &self,
        rules: Arc<dyn DynGame>,
        mining: Mining,
        progress: impl FnMut(&Report) + Send + 'static,
    ) -> Result<Mined> {
        if mining.games > MAX_GAMES {
            return Err(anyhow!("at most {MAX_GAMES} games can be read at once"));
        }
        let name = rules.info().name;
        let settings = changed_settings(rules.as_ref());
        let registry = tafel_games::registry();
        let entry = registry.get(name)?;
        // What the store has of this game and these settings: the positions, and the server
        // games mined already (a game is mined once: a second run adds nothing from it).
        let mut known = HashSet::new();
        let mut mined = HashSet::new();
        for (stored, code, source) in self.store.puzzle_positions(name).await? {
            if serde_json::from_str(&stored).ok().as_ref() == Some(&settings) {
                known.insert(code);
                let source: serde_json::Value = serde_json::from_str(&source)?;
                if let Some(game) = source["server_game"].as_str() {
                    mined.insert(game.to_string());
                }
            }
        }
        let mut played = Vec::new();
        for id in self
            .store
            .finished_game_ids(name, mining.games.into())
            .await?
        {
            if mined.contains(id.as_str()) {
                continue;
            }
            let Some(game) = self.store.load(&id).await? else {
                continue;
            };
            let theirs = entry.build(&game.settings)?;
            if changed_settings(theirs.as_ref()) == settings {
                played.push(PlayedGame {
                    id: game.id,
                    start: game.start,
                    moves: game.moves,
                });
            }
        }
        let games = played.len();
        let mut progress = progress;
        let generated = tokio::task::spawn_blocking(move || {
            mine(
                rules.as_ref(),
                &played,
                known,
                &mining.options,
                &mut progress,
            )
        })
        .await??;
        let puzzles = generated
            .puzzles
            .iter()
            .map(|kept| Puzzle::checked(kept.puzzle.clone()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow!("a mined puzzle does not check: {}", e.message))?;
        let added = self.store.add_puzzles(&puzzles, self.store.now_ms()).await;
        let added = added.context("cannot store the puzzles")?.added;
        Ok(Mined {
            generated,
            games,
            added,
        })
    }
}
