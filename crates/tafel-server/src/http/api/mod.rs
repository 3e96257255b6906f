//! The REST API: the catalogue of games; creating, listing, reading and importing games;
//! joining them; moves, undo, resignation, draws, takebacks, rematches; chat; records. Every answer
//! is JSON; errors are `{"error": "..."}` with a 4xx status. Each handler carries its OpenAPI
//! description (`#[utoipa::path]`), from which `/api/openapi.json` is generated.

//!
//! One module a group of operations: [`catalog`], [`positions`], [`games`], [`play`],
//! [`analysis`], [`chat`], [`accounts`], [`players`], [`tournaments`], [`bots`], [`learn`], [`puzzles`].

pub mod accounts;
pub mod analysis;
pub mod bots;
pub mod catalog;
pub mod challenges;
pub mod chat;
pub mod follows;
pub mod games;
pub mod learn;
pub mod mail;
pub mod moderation;
pub mod own_data;
pub mod play;
pub mod players;
pub mod positions;
pub mod puzzles;
pub mod second_factor;
pub mod sessions;
pub mod tournaments;

/// The tags that group the API's operations in its OpenAPI document.
pub mod tags {
    /// The games Tafel offers.
    pub const CATALOG: &str = "catalog";
    /// Creating, listing and reading games.
    pub const GAMES: &str = "games";
    /// Playing: joining, moves and everything people decide together.
    pub const PLAY: &str = "play";
    /// Accounts and sessions.
    pub const ACCOUNTS: &str = "accounts";
    /// The lobby's seeks.
    pub const LOBBY: &str = "lobby";
    /// Players' pages, ratings and leaderboards.
    pub const PLAYERS: &str = "players";
    /// Tournaments: created, listed, shown, entered and left.
    pub const TOURNAMENTS: &str = "tournaments";
    /// Bots: tokens, challenges, streams and moves.
    pub const BOTS: &str = "bots";
    /// Reports, blocks and the moderators' work.
    pub const MODERATION: &str = "moderation";
    /// The tutorials (progress in the games' courses) and the puzzles.
    pub const LEARN: &str = "learn";
}
