//! The model of games being played and of the people who play them, pure: no HTTP, no database,
//! no sockets. Each module is one concept, tested on its own:
//!
//! - [`live`]: the live game, rebuilt by replaying its moves, and every change worked out
//!   before it is stored and applied;
//! - [`game`]: the game as it is kept (its table, its summary, what lists show);
//! - [`seat`] (who sits where), [`consent`] (draws, takebacks, resignations decided
//!   together), [`clock`] (time controls), [`dice`] (the server's chance outcomes), [`seek`]
//!   (someone to play now), [`chat`] (a game's two chat rooms: who writes, who reads, what),
//!   [`tournament`] (tournaments: what an organiser asks for, their states, pairings as stored,
//!   results and standings);
//! - [`account`] (usernames, passwords and their hashes), [`rating`] (Glicko-2 as lichess
//!   runs it) and [`rated`] (which games are rated, aborts, what a finished game tells its
//!   accounts), [`moderation`] (reports, blocks, roles and what moderators do), [`learn`] (the
//!   tutorials' progress: steps done of a course);
//! - [`ids`] (game ids and secrets) and [`name`] (people's names): types that parse what
//!   clients send, once, where it comes in;
//! - [`client`] (the address a client counts as) and [`error`] (the one error type, with its
//!   kinds);
//! - [`message`] (what the server says, by key), [`catalogue`] (the words of every message in
//!   every [`language`]), [`game_texts`] (the games' texts, by key: summaries, settings,
//!   choices, outcomes' reasons and results).
//!
//! The domain imports nothing else of the server; every other layer may import it.

pub mod account;
pub mod catalogue;
pub mod challenge;
pub mod chat;
pub mod client;
pub mod clock;
pub mod consent;
pub mod dice;
pub mod error;
pub mod game;
pub mod game_texts;
pub mod ids;
pub mod instance;
pub mod language;
pub mod learn;
pub mod live;
pub mod message;
pub mod moderation;
pub mod name;
pub mod puzzle;
pub mod rated;
pub mod rating;
pub mod rematch;
pub mod seat;
pub mod seek;
pub mod tournament;

pub use error::{Error, ErrorKind};
