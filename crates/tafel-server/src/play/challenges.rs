//! Challenges (docs/accounts.md, "People"; docs/bots.md): an account asks another, a person
//! or a bot, to a game with its settings, clock, side and whether it is rated. The challenged
//! hears of it (a person on every page of the site, a bot on its event stream), accepts (the
//! game is made as the lobby makes its games, [`Hub::pair`]) or declines (the challenger
//! reads why); the challenger may cancel it while it waits.
//!
//! Bounded: each account has at most [`ChallengeLimits::sent`] challenges waiting that it
//! sent and at most [`ChallengeLimits::waiting`] waiting for its answer; a challenge waits at
//! most [`CHALLENGE_LIFETIME`].

use std::sync::Arc;

use super::accounts::SignedIn;
use super::moderation::keep_apart;
use super::pairs::{Pairee, Terms};
use super::Hub;
use crate::domain::account::Username;
use crate::domain::challenge::{
    ChallengeRequest, ChallengeStatus, ChallengeView, CHALLENGE_LIFETIME,
};
use crate::domain::game::two_player_game;
use crate::domain::ids::{AccountId, GameId, SeatToken};
use crate::domain::name::PersonName;
use crate::domain::Error;
use crate::msg;
use crate::store::challenges::StoredChallenge;
use crate::store::Store;

/// The characters of a decline's reason kept at most.
pub const MAX_REASON_CHARS: usize = 200;

/// The bounds on the challenges waiting at once.
#[derive(Clone, Debug)]
pub struct ChallengeLimits {
    /// Challenges one account may have sent and waiting for their answers.
    pub sent: usize,
    /// Challenges one account, person or bot, may have waiting for its answer.
    pub waiting: usize,
}

/// Who may be challenged by name: any living account, or bots only (the bots' API).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whom {
    /// A person or a bot.
    Anyone,
    /// A bot (`POST /api/bots/{name}/challenge`).
    Bot,
}

/// A challenge accepted: the game made, and the accepting account's seat and its token.
#[derive(Debug)]
pub struct Accepted {
    /// The game made.
    pub game: GameId,
    /// The seat of the account that accepted.
    pub seat: usize,
    /// That seat's token.
    pub token: SeatToken,
}

/// The challenges between accounts.
pub struct Challenges {
    hub: Arc<Hub>,
    store: Store,
    limits: ChallengeLimits,
}

impl Challenges {
    /// The challenges of `hub`'s store, within `limits`.
    pub fn new(hub: Arc<Hub>, limits: ChallengeLimits) -> Arc<Challenges> {
        Arc::new(Challenges {
            store: hub.store().clone(),
            hub,
            limits,
        })
    }

    /// The time before which a pending challenge has expired.
    fn expired_before(&self) -> i64 {
        self.store.now_ms() - CHALLENGE_LIFETIME.as_millis() as i64
    }

    /// `challenger` challenges the account named `name` (of `whom`) to `request`, unless
    /// either account blocks the other.
    pub async fn challenge(
        &self,
        challenger: &SignedIn,
        name: &str,
        whom: Whom,
        request: ChallengeRequest,
    ) -> Result<ChallengeView, Error> {
        request.check()?;
        let challenged = self.challengeable(name, whom).await?;
        if challenged.id == challenger.id {
            return Err(Error::conflict(msg!("you-cannot-challenge-yourself")));
        }
        keep_apart(&self.store, &challenged.id, &challenger.id).await?;
        two_player_game(
            &request.game,
            &request.settings,
            msg!("challenges-are-to-two-player-games"),
        )?;
        let since = self.expired_before();
        let sent = self
            .store
            .pending_challenges(&challenger.id, true, since)
            .await
            .map_err(Error::storage)?;
        if sent >= self.limits.sent {
            return Err(Error::quota(msg!(
                "you-have-sent-challenges-waiting-for",
                sent
            )));
        }
        let waiting = self
            .store
            .pending_challenges(&challenged.id, false, since)
            .await
            .map_err(Error::storage)?;
        if waiting >= self.limits.waiting {
            return Err(Error::quota(msg!(
                "username-has-waiting-challenges-waiting-as",
                username = challenged.username,
                waiting
            )));
        }
        let id = GameId::random().to_string();
        let now = self.store.now_ms();
        (self.store)
            .add_challenge(&id, &challenger.id, &challenged.id, &request, now)
            .await
            .map_err(Error::storage)?;
        Ok(self.read(&id).await?.view)
    }

    /// The living account named `name` that `whom` allows (404 if none).
    async fn challengeable(&self, name: &str, whom: Whom) -> Result<SignedIn, Error> {
        let key = Username::parse(name).map(|name| name.key()).ok();
        let found = match (key, whom) {
            (None, _) => Ok(None),
            (Some(key), Whom::Bot) => self.store.bot_by_key(&key).await,
            (Some(key), Whom::Anyone) => (self.store.account_by_key(&key).await).map(|found| {
                found
                    .filter(|account| account.closed_ms.is_none())
                    .map(|account| SignedIn {
                        id: account.id,
                        username: account.username,
                    })
            }),
        };
        found.map_err(Error::storage)?.ok_or_else(|| match whom {
            Whom::Bot => Error::not_found(msg!("there-is-no-bot-named-bot", bot = name)),
            Whom::Anyone => Error::not_found(msg!("there-is-no-player-named-name", name)),
        })
    }

    async fn read(&self, id: &str) -> Result<StoredChallenge, Error> {
        self.store
            .challenge(id, self.expired_before())
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("there-is-no-challenge-id", id)))
    }

    /// The challenges waiting for `account`'s answer, oldest first.
    pub async fn waiting_for(&self, account: &AccountId) -> Result<Vec<ChallengeView>, Error> {
        let limit = self.limits.waiting as i64;
        let waiting = self
            .store
            .challenges_to(account, self.expired_before(), limit);
        let waiting = waiting.await.map_err(Error::storage)?;
        Ok(waiting.into_iter().map(|stored| stored.view).collect())
    }

    /// The challenges waiting that `account` sent or was sent, oldest first.
    pub async fn pending_of(&self, account: &AccountId) -> Result<Vec<ChallengeView>, Error> {
        let limit = (self.limits.waiting + self.limits.sent) as i64;
        let pending = self
            .store
            .challenges_of(account, self.expired_before(), limit);
        let pending = pending.await.map_err(Error::storage)?;
        Ok(pending.into_iter().map(|stored| stored.view).collect())
    }

    /// Challenge `id` as `account` (its challenger or the challenged) sees it: the challenger
    /// also gets its seat and token once the game is made.
    pub async fn challenge_of(
        &self,
        account: &SignedIn,
        id: &str,
    ) -> Result<(ChallengeView, Option<(usize, SeatToken)>), Error> {
        let stored = self.read(id).await?;
        if stored.challenger == account.id {
            Ok((stored.view, stored.seat))
        } else if stored.challenged == account.id {
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

    /// The challenged `account` declines pending challenge `id`, saying why if it likes (the
    /// challenger reads it; at most [`MAX_REASON_CHARS`] kept).
    pub async fn decline(
        &self,
        account: &SignedIn,
        id: &str,
        reason: Option<String>,
    ) -> Result<ChallengeView, Error> {
        let reason: Option<String> =
            reason.map(|reason| reason.chars().take(MAX_REASON_CHARS).collect());
        let declined = ChallengeStatus::Declined;
        (self.answer(&account.id, false, id, declined, reason.as_deref())).await
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
            &stored.challenged
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

    /// The challenged `account` accepts pending challenge `id`: the game is made, the
    /// challenger in the side asked for (a bot's seat is marked as a bot's). A game that
    /// cannot be made declines the challenge with the reason.
    pub async fn accept(&self, account: &SignedIn, id: &str) -> Result<Accepted, Error> {
        let stored = self.read(id).await?;
        if stored.challenged != account.id {
            return Err(Error::forbidden(msg!("that-challenge-is-not-yours-to")));
        }
        let claimed = self
            .store
            .answer_challenge(
                id,
                &account.id,
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
                    name: PersonName::parse(&account.username)?,
                    account: Some(account.clone()),
                },
            )
            .await;
        let paired = match made {
            Ok(paired) => paired,
            Err(error) => {
                let reason = format!("the game could not be made: {}", error.message);
                if let Err(e) = self.store.decline_made(id, &reason).await {
                    tracing::error!("challenge {id}: cannot record its failure: {e:#}");
                }
                return Err(error);
            }
        };
        let seat = 1 - challenger_seat;
        if self
            .store
            .is_bot(&account.id)
            .await
            .map_err(Error::storage)?
        {
            if let Err(e) = self.hub.mark_bot_seat(&paired.id, seat).await {
                tracing::error!("game {}: cannot label the bot's seat: {e}", paired.id);
            }
        }
        let challenger_token = &paired.tokens[challenger_seat];
        (self.store)
            .challenge_game(id, paired.id.as_str(), challenger_seat, challenger_token)
            .await
            .map_err(Error::storage)?;
        Ok(Accepted {
            token: paired.tokens[seat].clone(),
            game: paired.id,
            seat,
        })
    }
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
