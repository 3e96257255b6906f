//! Bots: accounts played by a program (docs/bots.md). An account's owner makes it a bot
//! before its first game and gets its token (one at a time, revocable); people challenge a
//! bot ([`Challenges`]), and the bot hears of the challenges on its event stream, accepts or
//! declines them, and plays through the games' own actions with the seat its account plays.
//!
//! Bounded: each bot has at most [`BotLimits::streams`] streams open at once on this
//! instance.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::SignedIn;
use super::challenges::Challenges;
use super::Hub;
use crate::domain::account::{Password, PasswordHash, Username};
use crate::domain::challenge::ChallengeView;
use crate::domain::ids::{AccountId, BotToken, GameId, SeatToken};
use crate::domain::Error;
use crate::msg;
use crate::store::Store;

/// The games a bot's event stream follows at most (a bot plays no more at once).
pub const MAX_BOT_GAMES: i64 = 100;

/// The bots `GET /api/bots` lists at most (the first by name).
pub const BOT_LIST_SIZE: i64 = 50;

/// The bounds on what bots can start.
#[derive(Clone, Debug)]
pub struct BotLimits {
    /// Streams (events and games) one bot may have open at once on an instance.
    pub streams: usize,
}

/// What a bot's event stream tells it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    /// A person challenged the bot: accept or decline it.
    Challenge {
        /// The challenge.
        challenge: ChallengeView,
    },
    /// A game of the bot is under way (sent once per stream, also for games that began
    /// before the stream was opened): follow it on its game stream.
    GameStarted {
        /// The game's id.
        game: String,
        /// The bot's seat, from 0.
        seat: usize,
    },
    /// A game the stream told of is over.
    GameFinished {
        /// The game's id.
        game: String,
    },
    /// The server is stopping (a restart, an upgrade): the stream ends after this line. Open
    /// it again (behind a load balancer another instance answers; 503 until one does).
    Reconnect,
}

/// What one event stream has told its bot so far.
#[derive(Default)]
pub struct Told {
    challenges: BTreeSet<String>,
    games: BTreeSet<String>,
}

/// The bots' accounts, tokens, challenges and open streams.
pub struct Bots {
    hub: Arc<Hub>,
    challenges: Arc<Challenges>,
    store: Store,
    limits: BotLimits,
    streams: Mutex<HashMap<AccountId, usize>>,
}

/// An open stream of a bot, counted until it is dropped.
pub struct StreamPermit {
    bots: Arc<Bots>,
    bot: AccountId,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut streams = self.bots.lock_streams();
        if let Some(open) = streams.get_mut(&self.bot) {
            *open -= 1;
            if *open == 0 {
                streams.remove(&self.bot);
            }
        }
    }
}

impl Bots {
    /// The bots of `hub`'s store, whose challenges are among `challenges`, within `limits`.
    pub fn new(hub: Arc<Hub>, challenges: Arc<Challenges>, limits: BotLimits) -> Arc<Bots> {
        Arc::new(Bots {
            store: hub.store().clone(),
            hub,
            challenges,
            limits,
            streams: Mutex::new(HashMap::new()),
        })
    }

    fn lock_streams(&self) -> std::sync::MutexGuard<'_, HashMap<AccountId, usize>> {
        self.streams.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The names of the first [`BOT_LIST_SIZE`] bots, by name.
    pub async fn names(&self) -> Result<Vec<String>, Error> {
        self.store
            .bot_names(BOT_LIST_SIZE)
            .await
            .map_err(Error::storage)
    }

    /// Makes `account` a bot: only before its first game (409 after).
    pub async fn make_bot(&self, account: &SignedIn) -> Result<(), Error> {
        if self
            .store
            .make_bot(&account.id)
            .await
            .map_err(Error::storage)?
        {
            Ok(())
        } else {
            Err(Error::conflict(msg!(
                "this-account-has-played-games-already"
            )))
        }
    }

    /// A new token for bot `account`, replacing any it had; shown this once.
    pub async fn new_token(&self, account: &SignedIn) -> Result<BotToken, Error> {
        self.require_bot(&account.id).await?;
        let token = BotToken::random();
        self.store
            .set_bot_token(&account.id, &token, self.store.now_ms())
            .await
            .map_err(Error::storage)?;
        Ok(token)
    }

    /// Revokes bot `account`'s token (404 when it has none).
    pub async fn revoke_token(&self, account: &SignedIn) -> Result<(), Error> {
        self.require_bot(&account.id).await?;
        if self
            .store
            .revoke_bot_token(&account.id)
            .await
            .map_err(Error::storage)?
        {
            Ok(())
        } else {
            Err(Error::not_found(msg!("this-bot-has-no-token-to")))
        }
    }

    /// The bot `token` opens (401 when none: revoked, never issued, or not a bot's).
    pub async fn bot_of_token(&self, token: &BotToken) -> Result<SignedIn, Error> {
        self.store
            .bot_of_token(token)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::unauthorized(msg!("that-bot-token-opens-no-bot")))
    }

    async fn require_bot(&self, account: &AccountId) -> Result<(), Error> {
        if self.store.is_bot(account).await.map_err(Error::storage)? {
            Ok(())
        } else {
            Err(Error::forbidden(msg!("only-bots-get-tokens-make-this")))
        }
    }

    /// The ids of the games whose end is done from now on (any instance's): a bot's stream
    /// tells its bot at once.
    pub fn ends(&self) -> tokio::sync::broadcast::Receiver<String> {
        self.hub.finisher().subscribe()
    }

    /// Opens a stream of bot `bot`, if it has fewer than [`BotLimits::streams`] (429 if not).
    pub fn open_stream(self: &Arc<Self>, bot: &AccountId) -> Result<StreamPermit, Error> {
        let mut streams = self.lock_streams();
        let open = streams.entry(bot.clone()).or_insert(0);
        if *open >= self.limits.streams {
            return Err(Error::quota(msg!("this-bot-has-open-streams-open", open)));
        }
        *open += 1;
        Ok(StreamPermit {
            bots: self.clone(),
            bot: bot.clone(),
        })
    }

    /// What bot `bot` has not been told yet on the stream that told it `told`: new
    /// challenges, games under way, and games over.
    pub async fn news(&self, bot: &AccountId, told: &mut Told) -> Result<Vec<BotEvent>, Error> {
        let mut events = Vec::new();
        let challenges = self.challenges.waiting_for(bot).await?;
        for challenge in challenges {
            if told.challenges.insert(challenge.id.clone()) {
                events.push(BotEvent::Challenge { challenge });
            }
        }
        let games = self
            .store
            .games_in_play(bot, MAX_BOT_GAMES)
            .await
            .map_err(Error::storage)?;
        let finished: Vec<String> = told
            .games
            .iter()
            .filter(|game| !games.iter().any(|(id, _)| id == *game))
            .cloned()
            .collect();
        for game in finished {
            told.games.remove(&game);
            events.push(BotEvent::GameFinished { game });
        }
        for (game, seat) in games {
            if told.games.insert(game.clone()) {
                events.push(BotEvent::GameStarted { game, seat });
            }
        }
        Ok(events)
    }

    /// The seat bot `bot` plays in game `id` and its token (403 if none).
    pub async fn seat(&self, bot: &SignedIn, id: &GameId) -> Result<(usize, SeatToken), Error> {
        self.hub.seat_of_account(id, &bot.id).await
    }
}

/// The token of the server's own bot `username` (`tafel serve --bots`), a fresh one each
/// time: the account is made (with a random password nobody knows, so only the token plays
/// it) and made a bot if it is not one. Refused (409) when the name is a person's account.
/// The bot then plays through the API like any other.
pub async fn house_bot_token(store: &Store, username: &str) -> Result<BotToken, Error> {
    let name = Username::parse(username)?;
    let id = match store
        .account_by_key(&name.key())
        .await
        .map_err(Error::storage)?
    {
        Some(account) => account.id,
        None => {
            let password = Password::choose(BotToken::random().as_str(), &name)?;
            let hash = tokio::task::spawn_blocking(move || PasswordHash::new(&password))
                .await
                .map_err(|e| Error::failed(msg!("hashing-a-bot-password-failed", e)))??;
            let id = AccountId::random();
            store
                .create_account(&id, &name, &hash, store.now_ms())
                .await
                .map_err(Error::storage)?
                .map_err(|_| Error::conflict(msg!("name-username-is-taken", username)))?;
            id
        }
    };
    if !store.make_bot(&id).await.map_err(Error::storage)? {
        return Err(Error::conflict(msg!(
            "username-is-a-person-account-it",
            username
        )));
    }
    let token = BotToken::random();
    store
        .set_bot_token(&id, &token, store.now_ms())
        .await
        .map_err(Error::storage)?;
    Ok(token)
}
