//! The registry of games by name, through which every command and the server find a game.

use std::any::TypeId;
use std::fmt;
use std::sync::Arc;

use crate::erased::{erase, DynGame};
use crate::game::{Game, GameInfo};
use crate::settings::{GameSettings, SettingSpec, SettingsError};

/// Builds a game from `key=value` pairs applied over its defaults.
type Builder = fn(&[(String, String)]) -> Result<Arc<dyn DynGame>, SettingsError>;

/// One registered game: its description and how to build it from settings.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// Name, title and summary.
    pub info: GameInfo,
    /// The game's settings.
    pub specs: &'static [SettingSpec],
    /// Every reason its outcomes can give ([`Game::REASONS`]).
    pub reasons: &'static [&'static str],
    build: Builder,
    game_type: TypeId,
}

impl GameEntry {
    /// Whether this entry is the game `G`: how code that knows games by type (the computer
    /// players, say) finds its part for an entry, without comparing names.
    pub fn is<G: Game>(&self) -> bool {
        self.game_type == TypeId::of::<G>()
    }

    /// The game with the defaults and then the given `key=value` pairs applied.
    pub fn build(&self, settings: &[(String, String)]) -> Result<Arc<dyn DynGame>, SettingsError> {
        (self.build)(settings)
    }
}

impl fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameEntry")
            .field("info", &self.info)
            .finish_non_exhaustive()
    }
}

/// A game name that is not registered.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownGame {
    /// The name asked for.
    pub name: String,
    /// The registered names.
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game `{}` (known: {})",
            self.name,
            self.known.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

/// The games, by name, in the order they were registered.
#[derive(Clone, Default, Debug)]
pub struct Registry {
    entries: Vec<GameEntry>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// This registry with `G` added.
    pub fn with<G: Game>(mut self) -> Self {
        self.entries.push(GameEntry {
            info: G::INFO,
            specs: G::Settings::SPECS,
            reasons: G::REASONS,
            build: |pairs| {
                Ok(erase(G::new(G::Settings::from_pairs(
                    G::INFO.name,
                    pairs,
                )?)?))
            },
            game_type: TypeId::of::<G>(),
        });
        self
    }

    /// Every registered game.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Result<&GameEntry, UnknownGame> {
        self.entries
            .iter()
            .find(|e| e.info.name == name)
            .ok_or_else(|| UnknownGame {
                name: name.to_string(),
                known: self.entries.iter().map(|e| e.info.name).collect(),
            })
    }
}
