//! The game and position a command works on: a game name, `--set key=value` settings and an
//! optional `--position CODE`, shared by every subcommand.

use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;
use tafel_core::{DynGame, DynPosition};

/// Which game, with which settings.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game's name (see `tafel games`).
    pub game: String,
    /// A setting as key=value; repeat for several.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub settings: Vec<String>,
}

/// Which game and settings, and which position of it.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position code instead of the start position.
    #[arg(long, value_name = "CODE")]
    pub position: Option<String>,
}

impl GameArgs {
    /// The `key=value` pairs, split.
    pub fn pairs(&self) -> Result<Vec<(String, String)>> {
        self.settings.iter().map(|s| Ok(tafel_core::settings::split_pair(s)?)).collect()
    }

    /// The game with its settings applied.
    pub fn build(&self) -> Result<Arc<dyn DynGame>> {
        let registry = tafel_games::registry();
        let entry = registry.get(&self.game)?;
        Ok(entry.build(&self.pairs()?).with_context(|| format!("{}", self.game))?)
    }
}

impl PositionArgs {
    /// The game and the requested position (the start when no code is given).
    pub fn build(&self) -> Result<(Arc<dyn DynGame>, Box<dyn DynPosition>)> {
        let game = self.game.build()?;
        let position = match &self.position {
            Some(code) => game.parse_position(code)?,
            None => game.start(),
        };
        Ok((game, position))
    }
}
