//! What the handlers share ([`AppState`]), and the part of it each takes
//! (`State<Arc<Hub>>`...).

use std::sync::Arc;

use axum::extract::FromRef;

use super::api;
use super::drain;
use super::forward;
use super::metrics;
use super::rate::{AccountRates, ChatRates, RateLimiter};
use super::session::CookiePolicy;
use super::ws::Sockets;
use super::Origins;
use crate::play::accounts::Accounts;
use crate::play::bots::Bots;
use crate::play::challenges::Challenges;
use crate::play::follows::Follows;
use crate::play::lobby::Lobby;
use crate::play::moderation::Moderation;
use crate::play::puzzles::Puzzles;
use crate::play::recovery::Recovery;
use crate::play::tournaments::Tournaments;
use crate::play::Hub;
use crate::proxies::TrustedProxies;

/// Everything the handlers share. Handlers take the part they need (`State<Arc<Hub>>`...).
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub hub: Arc<Hub>,
    /// The open WebSockets and their limit.
    pub sockets: Arc<Sockets>,
    /// Game creations and imports per client address.
    pub creations: Arc<RateLimiter>,
    /// The hosts and origins the server answers.
    pub origins: Arc<Origins>,
    /// The reverse proxies whose forwarding headers name the client.
    pub proxies: Arc<TrustedProxies>,
    /// Accounts and sessions.
    pub accounts: Arc<Accounts>,
    /// E-mail addresses and password resets.
    pub recovery: Arc<Recovery>,
    /// How the session cookie is made.
    pub cookies: CookiePolicy,
    /// The lobby's seeks.
    pub lobby: Arc<Lobby>,
    /// Sign-ins and sign-ups per client address and per account.
    pub account_rates: Arc<AccountRates>,
    /// Chat messages per writer.
    pub chat_rates: Arc<ChatRates>,
    /// The tournaments and their director.
    pub tournaments: Arc<Tournaments>,
    /// Bots: tokens and streams.
    pub bots: Arc<Bots>,
    /// Challenges between accounts, people's and bots'.
    pub challenges: Arc<Challenges>,
    /// Who follows whom.
    pub follows: Arc<Follows>,
    /// Reports, blocks and the moderators' work.
    pub moderation: Arc<Moderation>,
    /// The puzzles.
    pub puzzles: Arc<Puzzles>,
    /// Puzzle moves judged per client address.
    pub puzzle_rates: Arc<api::puzzles::PuzzleRates>,
    /// Whether the server is stopping.
    pub drain: drain::Drain,
    /// Requests counted and timed.
    pub metrics: Arc<metrics::Metrics>,
    /// A game's requests sent on to its owner, another instance.
    pub forwarding: Arc<forward::Forwarding>,
}

impl FromRef<AppState> for Arc<Bots> {
    fn from_ref(state: &AppState) -> Self {
        state.bots.clone()
    }
}

impl FromRef<AppState> for Arc<Challenges> {
    fn from_ref(state: &AppState) -> Self {
        state.challenges.clone()
    }
}

impl FromRef<AppState> for Arc<Follows> {
    fn from_ref(state: &AppState) -> Self {
        state.follows.clone()
    }
}

impl FromRef<AppState> for Arc<Moderation> {
    fn from_ref(state: &AppState) -> Self {
        state.moderation.clone()
    }
}

impl FromRef<AppState> for Arc<Puzzles> {
    fn from_ref(state: &AppState) -> Self {
        state.puzzles.clone()
    }
}

impl FromRef<AppState> for Arc<api::puzzles::PuzzleRates> {
    fn from_ref(state: &AppState) -> Self {
        state.puzzle_rates.clone()
    }
}

impl FromRef<AppState> for Arc<ChatRates> {
    fn from_ref(state: &AppState) -> Self {
        state.chat_rates.clone()
    }
}

impl FromRef<AppState> for Arc<Tournaments> {
    fn from_ref(state: &AppState) -> Self {
        state.tournaments.clone()
    }
}

impl FromRef<AppState> for Arc<Lobby> {
    fn from_ref(state: &AppState) -> Self {
        state.lobby.clone()
    }
}

impl FromRef<AppState> for Arc<AccountRates> {
    fn from_ref(state: &AppState) -> Self {
        state.account_rates.clone()
    }
}

impl FromRef<AppState> for Arc<Recovery> {
    fn from_ref(state: &AppState) -> Self {
        state.recovery.clone()
    }
}

impl FromRef<AppState> for Arc<Accounts> {
    fn from_ref(state: &AppState) -> Self {
        state.accounts.clone()
    }
}

impl FromRef<AppState> for CookiePolicy {
    fn from_ref(state: &AppState) -> Self {
        state.cookies
    }
}

impl FromRef<AppState> for Arc<Hub> {
    fn from_ref(state: &AppState) -> Self {
        state.hub.clone()
    }
}

impl FromRef<AppState> for Arc<Sockets> {
    fn from_ref(state: &AppState) -> Self {
        state.sockets.clone()
    }
}

impl FromRef<AppState> for Arc<RateLimiter> {
    fn from_ref(state: &AppState) -> Self {
        state.creations.clone()
    }
}
