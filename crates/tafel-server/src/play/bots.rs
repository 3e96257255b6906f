//! Bots: accounts played by a program (docs/bots.md). An account's owner makes it a bot
//! before its first game and gets its token (one at a time, revocable); people challenge a
//! bot, and the bot hears of the challenges on its event stream, accepts (the game is made
//! as the lobby makes its games, [`Hub::pair`]) or declines (the challenger reads why), and
//! plays through the games' own actions with the seat its account plays.
//!
//! Bounded: each bot has at most [`BotLimits::streams`] streams open at once on this
//! instance, each person at most [`BotLimits::challenges_per_person`] challenges waiting and
//! each bot at most [`BotLimits::challenges_per_bot`]; a challenge waits at most
//! [`CHALLENGE_LIFETIME`].

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::SignedIn;
use super::moderation::keep_apart;
use super::pairs::{Pairee, Terms};
use super::Hub;
use crate::domain::account::{Password, PasswordHash, Username};
use crate::domain::bot::{ChallengeRequest, ChallengeStatus, ChallengeView, CHALLENGE_LIFETIME};
use crate::domain::game::two_player_game;
use crate::domain::ids::{AccountId, BotToken, GameId, SeatToken};
use crate::domain::name::PersonName;
use crate::domain::Error;
use crate::msg;
use crate::store::bots::StoredChallenge;
use crate::store::Store;

/// The games a bot's event stream follows at most (a bot plays no more at once).
pub const MAX_BOT_GAMES: i64 = 100;

/// The bots `GET /api/bots` lists at most (the first by name).
pub const BOT_LIST_SIZE: i64 = 50;

/// The bounds on what bots and their challengers can start.
#[derive(Clone, Debug)]
pub struct BotLimits {
    /// Streams (events and games) one bot may have open at once on an instance.
    pub streams: usize,
    /// Challenges one person may have waiting at once.
    pub challenges_per_person: usize,
    /// Challenges one bot may have waiting at once.
    pub challenges_per_bot: usize,
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
    /// The bots of `hub`'s store, within `limits`.
    pub fn new(hub: Arc<Hub>, limits: BotLimits) -> Arc<Bots> {
        Arc::new(Bots {
            store: hub.store().clone(),
            hub,
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

    /// The time before which a pending challenge has expired.
    fn expired_before(&self) -> i64 {
        self.store.now_ms() - CHALLENGE_LIFETIME.as_millis() as i64
    }

    /// `challenger` challenges the bot named `bot` to `request` (unless either account blocks
    /// the other).
    pub async fn challenge(
        &self,
        challenger: &SignedIn,
        bot: &str,
        request: ChallengeRequest,
    ) -> Result<ChallengeView, Error> {
        request.check()?;
        let bot = match Username::parse(bot) {
            Ok(name) => self
                .store
                .bot_by_key(&name.key())
                .await
                .map_err(Error::storage)?,
            Err(_) => None,
        }
        .ok_or_else(|| Error::not_found(msg!("there-is-no-bot-named-bot", bot)))?;
        if bot.id == challenger.id {
            return Err(Error::conflict(msg!("bot-does-not-play-itself")));
        }
        keep_apart(&self.store, &bot.id, &challenger.id).await?;
        two_player_game(
            &request.game,
            &request.settings,
            msg!("bots-play-two-player-games"),
        )?;
        let since = self.expired_before();
        let sent = self
            .store
            .pending_challenges(&challenger.id, true, since)
            .await
            .map_err(Error::storage)?;
        if sent >= self.limits.challenges_per_person {
            return Err(Error::quota(msg!(
                "you-have-sent-challenges-waiting-for",
                sent
            )));
        }
        let waiting = self
            .store
            .pending_challenges(&bot.id, false, since)
            .await
            .map_err(Error::storage)?;
        if waiting >= self.limits.challenges_per_bot {
            return Err(Error::quota(msg!(
                "username-has-waiting-challenges-waiting-as",
                username = bot.username,
                waiting
            )));
        }
        let id = GameId::random().to_string();
        self.store
            .add_challenge(&id, &challenger.id, &bot.id, &request, self.store.now_ms())
            .await
            .map_err(Error::storage)?;
        Ok(self.read(&id).await?.view)
    }

    async fn read(&self, id: &str) -> Result<StoredChallenge, Error> {
        self.store
            .challenge(id, self.expired_before())
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("there-is-no-challenge-id", id)))
    }

    /// Challenge `id` as `account` (its challenger or its bot) sees it: the challenger also
    /// gets its seat and token once the game is made.
    pub async fn challenge_of(
        &self,
        account: &SignedIn,
        id: &str,
    ) -> Result<(ChallengeView, Option<(usize, SeatToken)>), Error> {
        let stored = self.read(id).await?;
        if stored.challenger == account.id {
            Ok((stored.view, stored.seat))
        } else if stored.bot == account.id {
            Ok((stored.view, None))
        } else {
            Err(Error::forbidden(msg!(
                "that-challenge-is-between-other-people"
            )))
        }
    }

    /// The challenger withdraws pending challenge `id`.
    pub async fn cancel(&self, challenger: &SignedIn, id: &str) -> Result<ChallengeView, Error> {
        self.answer(&challenger.id, true, id, ChallengeStatus::Cancelled, None)
            .await
    }

    /// Bot `bot` declines pending challenge `id`, saying why (the challenger reads it).
    pub async fn decline(
        &self,
        bot: &SignedIn,
        id: &str,
        reason: Option<String>,
    ) -> Result<ChallengeView, Error> {
        let reason = reason.unwrap_or_else(|| "the bot declined".to_string());
        let reason: String = reason.chars().take(200).collect();
        self.answer(&bot.id, false, id, ChallengeStatus::Declined, Some(&reason))
            .await
    }

    async fn answer(
        &self,
        account: &AccountId,
        by_challenger: bool,
        id: &str,
        status: ChallengeStatus,
        reason: Option<&str>,
    ) -> Result<ChallengeView, Error> {
        let stored = self.read(id).await?;
        let party = if by_challenger {
            &stored.challenger
        } else {
            &stored.bot
        };
        if party != account {
            return Err(Error::forbidden(msg!("that-challenge-is-not-yours-to")));
        }
        let answered = self
            .store
            .answer_challenge(
                id,
                account,
                by_challenger,
                status,
                reason,
                self.expired_before(),
            )
            .await
            .map_err(Error::storage)?;
        if !answered {
            return Err(answered_already(&stored.view));
        }
        Ok(self.read(id).await?.view)
    }

    /// Bot `bot` accepts pending challenge `id`: the game is made, the challenger in the side
    /// asked for. Returns the game and the bot's seat. A game that cannot be made declines
    /// the challenge with the reason.
    pub async fn accept(&self, bot: &SignedIn, id: &str) -> Result<(GameId, usize), Error> {
        let stored = self.read(id).await?;
        if stored.bot != bot.id {
            return Err(Error::forbidden(msg!("that-challenge-is-not-yours-to")));
        }
        let claimed = self
            .store
            .answer_challenge(
                id,
                &bot.id,
                false,
                ChallengeStatus::Accepted,
                None,
                self.expired_before(),
            )
            .await
            .map_err(Error::storage)?;
        if !claimed {
            return Err(answered_already(&stored.view));
        }
        let request = stored.view.request;
        let challenger_seat = request.side.seat(rand::random());
        let challenger = SignedIn {
            id: stored.challenger,
            username: stored.view.challenger,
        };
        let made = self
            .hub
            .pair(
                Terms {
                    game: request.game,
                    settings: request.settings.into_iter().collect(),
                    time_control: request.time_control,
                    rated: request.rated,
                },
                Pairee {
                    name: PersonName::parse(&challenger.username)?,
                    account: Some(challenger),
                },
                challenger_seat,
                Pairee {
                    name: PersonName::parse(&bot.username)?,
                    account: Some(bot.clone()),
                },
            )
            .await;
        match made {
            Ok(paired) => {
                let bot_seat = 1 - challenger_seat;
                if let Err(e) = self.hub.mark_bot_seat(&paired.id, bot_seat).await {
                    tracing::error!("game {}: cannot label the bot's seat: {e}", paired.id);
                }
                self.store
                    .challenge_game(
                        id,
                        paired.id.as_str(),
                        challenger_seat,
                        &paired.tokens[challenger_seat],
                    )
                    .await
                    .map_err(Error::storage)?;
                Ok((paired.id, bot_seat))
            }
            Err(error) => {
                let reason = format!("the game could not be made: {}", error.message);
                if let Err(e) = self.store.decline_made(id, &reason).await {
                    tracing::error!("challenge {id}: cannot record its failure: {e:#}");
                }
                Err(error)
            }
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
        let challenges = self
            .store
            .challenges_of_bot(
                bot,
                self.expired_before(),
                self.limits.challenges_per_bot as i64,
            )
            .await
            .map_err(Error::storage)?;
        for challenge in challenges {
            if told.challenges.insert(challenge.view.id.clone()) {
                events.push(BotEvent::Challenge {
                    challenge: challenge.view,
                });
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

/// The refusal of an answer to `challenge`, answered by someone else first. One still
/// reading as pending was accepted and its game is being made.
fn answered_already(challenge: &ChallengeView) -> Error {
    let status = match challenge.status {
        ChallengeStatus::Pending => ChallengeStatus::Accepted,
        status => status,
    };
    Error::conflict(msg!(
        "that-challenge-is-status-already",
        status = status.as_str()
    ))
}
