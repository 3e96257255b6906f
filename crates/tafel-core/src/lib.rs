//! The game abstraction shared by every Tafel game.
//!
//! A game is a [`Game`]: an immutable rules object (built from typed [`GameSettings`]) that
//! creates, inspects and advances its `State` values. Everything generic lives here so that the
//! five games, the search code, the command line and the server share one vocabulary:
//!
//! - [`player`] and [`outcome`]: seats, teams, who won, scores and why the game ended;
//! - [`settings`]: typed settings with defaults, allowed values and `key=value` text;
//! - [`notation`]: the error type for move notation, position codes and records;
//! - [`perft`] and [`playout`]: move-path counting and uniform random play, for any game;
//! - [`perft_suite`]: perft suites, named positions with their counts kept as data files;
//! - [`record`]: game records as text and JSON, and replaying them;
//! - [`zobrist`]: deterministic random keys for position hashing;
//! - [`erased`] and [`registry`]: the type-erased view through which the command line and the
//!   server handle any game by name;
//! - [`conformance`]: the checks every registered game must pass (used by property tests).

pub mod conformance;
pub mod erased;
pub mod game;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod perft_suite;
pub mod player;
pub mod playout;
pub mod record;
pub mod registry;
pub mod settings;
pub mod zobrist;

pub use erased::{DynGame, DynPosition};
pub use game::{Game, GameInfo, MoveError};
pub use notation::ParseError;
pub use outcome::{Outcome, Scores, Status};
pub use player::{Player, PlayerSet, MAX_PLAYERS};
pub use record::Record;
pub use registry::{Registry, UnknownGame};
pub use settings::{GameSettings, Origin, SettingSpec, SettingValues, SettingsError, ValueError};
