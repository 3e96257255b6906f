//! Following players (docs/accounts.md, "People"): an account follows others by name, at most
//! [`Follows::cap`] of them, and reads who of them is online and who is playing (one click to
//! watch). Only the follower's choice: the followed are neither asked nor told.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::{SignedIn, SEEN_EVERY};
use super::Hub;
use crate::domain::Error;
use crate::msg;
use crate::store::Store;

/// A player counts as online while a session of theirs was seen this recently: two of the
/// sessions' [`SEEN_EVERY`], so that a page left open (which asks the server every few
/// seconds) keeps its player online.
pub const ONLINE_WITHIN: Duration = Duration::from_secs(2 * SEEN_EVERY.as_secs());

/// A player followed, as the follower's list shows them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct FollowedPlayer {
    /// Their username.
    pub username: String,
    /// Whether they are online (a session seen within the last two minutes).
    pub online: bool,
    /// A game they are playing (the latest made), to watch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playing: Option<String>,
}

/// The follows between accounts.
pub struct Follows {
    hub: Arc<Hub>,
    store: Store,
    cap: usize,
}

impl Follows {
    /// The follows of `hub`'s store, each account following at most `cap` others.
    pub fn new(hub: Arc<Hub>, cap: usize) -> Arc<Follows> {
        Arc::new(Follows {
            store: hub.store().clone(),
            hub,
            cap,
        })
    }

    /// The accounts one account may follow at most.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// `follower` follows the player named `name` (404 if none, 409 for oneself, 429 when
    /// it follows [`Follows::cap`] players already). Following twice is following once.
    pub async fn follow(&self, follower: &SignedIn, name: &str) -> Result<(), Error> {
        let player = self.hub.player(name).await?;
        if player.id == follower.id {
            return Err(Error::conflict(msg!("you-cannot-follow-yourself")));
        }
        if player.closed {
            return Err(Error::not_found(msg!(
                "there-is-no-player-named-name",
                name
            )));
        }
        let now = self.store.now_ms();
        let follows = self.store.follow(&follower.id, &player.id, now, self.cap);
        if follows.await.map_err(Error::storage)? {
            Ok(())
        } else {
            Err(Error::quota(msg!(
                "you-follow-cap-players-already",
                cap = self.cap
            )))
        }
    }

    /// `follower` follows the player named `name` no more (404 if there is none).
    pub async fn unfollow(&self, follower: &SignedIn, name: &str) -> Result<(), Error> {
        let player = self.hub.player(name).await?;
        let unfollowed = self.store.unfollow(&follower.id, &player.id).await;
        unfollowed.map_err(Error::storage)
    }

    /// The players `follower` follows, by name: who is online, and a game each is playing.
    pub async fn followed_by(&self, follower: &SignedIn) -> Result<Vec<FollowedPlayer>, Error> {
        let now = self.store.now_ms();
        let online_since = now - ONLINE_WITHIN.as_millis() as i64;
        let followed = self.store.followed_by(&follower.id, now).await;
        Ok((followed.map_err(Error::storage)?.into_iter())
            .map(|player| FollowedPlayer {
                online: player.seen_ms.is_some_and(|seen| seen >= online_since),
                username: player.username,
                playing: player.playing,
            })
            .collect())
    }
}
