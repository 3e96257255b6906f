//! The lobby's seeks: someone to play now.
//!
//! A person in the lobby (one lobby connection, [`Seeker`]) lists a seek; everyone in the
//! lobby sees it; the first to take it plays its owner, on sides drawn at random, and both
//! land in the game (the taker at once, the owner through its connection, which finds the
//! game made for its seek). Nobody takes their own seek (the same connection, or the same
//! account on another one), nor the seek of an account that blocks theirs or that theirs
//! blocks. A seek goes when its owner leaves the lobby (the connection
//! closes), when the owner withdraws it, or when its instance dies.
//!
//! Seeks live in the database, so that every instance lists the same ones and exactly one
//! taker gets each ([`Store::claim_seek`]). This instance's lobby connections hear of changes
//! made here at once ([`Lobby::changes`]) and look again every [`LOBBY_REFRESH`] for those
//! made by other instances. They share one reading of the list ([`Lobby::listed`]: read at
//! most once every [`LIST_KEPT`] and after each change made here), so however many people
//! watch the lobby, the database is asked a few times a second; only a connection with seeks
//! of its own asks whether a game was made for them.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{watch, Mutex};

use super::accounts::SignedIn;
use super::moderation::keep_apart;
use super::pairs::{Paired, Pairee, Terms};
use super::Hub;
use crate::domain::ids::{AccountId, GameId, SeatToken};
use crate::domain::name::PersonName;
use crate::domain::rating::START;
use crate::domain::seek::{SeekRequest, SeekView};
use crate::domain::Error;
use crate::msg;
use crate::store::seeks::TakenSeek;
use crate::store::Store;

/// How often a lobby connection looks for changes made by other instances.
pub const LOBBY_REFRESH: Duration = Duration::from_secs(2);

/// How long one reading of the list serves every lobby connection of this instance (unless a
/// change is made here meanwhile).
pub const LIST_KEPT: Duration = Duration::from_secs(1);

/// The most seeks the lobby lists at once (the oldest first).
pub const MAX_LISTED: usize = 200;

/// How long a claimed seek whose owner never came for its game is kept.
const CLAIMED_KEPT: Duration = Duration::from_secs(600);

/// How often stale seeks (of dead instances, or claimed and never fetched) are removed.
const STALE_SWEEP: Duration = Duration::from_secs(30);

/// Someone in the lobby: their lobby connection, their account if signed in, and the name
/// they go by otherwise.
#[derive(Clone, Debug)]
pub struct Seeker {
    /// The lobby connection's id (random, never shown to others).
    pub connection: String,
    /// The account, if signed in.
    pub account: Option<SignedIn>,
    /// The name shown for a person without an account.
    pub name: PersonName,
}

impl Seeker {
    /// The name everyone sees: the account's username, or the name given.
    fn shown_name(&self) -> String {
        match &self.account {
            Some(account) => account.username.clone(),
            None => self.name.to_string(),
        }
    }
}

/// A game the lobby made: its seek, its id, and the seat and token of the person it is told
/// to.
#[derive(Debug)]
pub struct LobbyGame {
    /// The seek it was made from.
    pub seek: String,
    /// The game.
    pub id: GameId,
    /// The person's seat.
    pub seat: usize,
    /// The person's token for it.
    pub token: SeatToken,
}

/// The list of seeks as last read, shared by the lobby connections of this instance.
struct Reading {
    /// When it was read.
    at: Instant,
    /// The count of changes made here when it was read ([`Lobby::changes`]).
    change: u64,
    /// The seeks.
    seeks: Vec<SeekView>,
}

/// The seeks, and the games made from them.
pub struct Lobby {
    hub: Arc<Hub>,
    store: Store,
    changed: watch::Sender<u64>,
    seeks_per_connection: usize,
    last_sweep: AtomicI64,
    reading: Mutex<Option<Reading>>,
}

impl Lobby {
    /// The lobby of `hub`'s games, each connection listing at most `seeks_per_connection`
    /// seeks at once.
    pub fn new(hub: Arc<Hub>, store: Store, seeks_per_connection: usize) -> Lobby {
        Lobby {
            hub,
            store,
            changed: watch::Sender::new(0),
            seeks_per_connection,
            last_sweep: AtomicI64::new(0),
            reading: Mutex::new(None),
        }
    }

    /// Changes of the seeks made by this instance (a counter that goes up).
    pub fn changes(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// Gives `seeker`, a person without an account, the name `text` for their seeks and the
    /// games they take: refused (and the name they had kept) when it is no name
    /// ([`PersonName::parse`]) or would pass for an account or speak for the site, as a seat's
    /// name is refused ([`Seater::check_free_name`](super::seats::Seater)).
    pub async fn name(&self, seeker: &mut Seeker, text: &str) -> Result<(), Error> {
        let name = PersonName::parse(text)?;
        if seeker.account.is_none() {
            self.hub.seater.check_free_name(name.as_str(), None).await?;
        }
        seeker.name = name;
        Ok(())
    }

    /// Lists `seek` for `seeker`.
    pub async fn seek(&self, seeker: &Seeker, seek: SeekRequest) -> Result<SeekView, Error> {
        seek.check(seeker.account.is_some())?;
        let registry = tafel_games::registry();
        let settings: Vec<(String, String)> = seek.settings.clone().into_iter().collect();
        registry
            .get(&seek.game)
            .map_err(Error::invalid)?
            .build(&settings)
            .map_err(Error::invalid)?;
        let listed = self
            .store
            .seeks_of(&seeker.connection)
            .await
            .map_err(Error::storage)?;
        if listed >= self.seeks_per_connection {
            return Err(Error::quota(msg!(
                "you-have-listed-seeks-listed-as",
                listed
            )));
        }
        let id = GameId::random().to_string();
        let name = seeker.shown_name();
        let account = seeker.account.as_ref().map(|a| &a.id);
        self.store
            .add_seek(
                &id,
                &seeker.connection,
                account,
                &name,
                &seek,
                self.store.now_ms(),
            )
            .await
            .map_err(Error::storage)?;
        self.tell();
        // Read back, with the seeker's rating.
        let listed = self.store.seek(&id).await.map_err(Error::storage)?;
        listed
            .map(|stored| stored.view)
            .ok_or_else(|| Error::conflict(msg!("that-seek-is-gone-taken-withdrawn")))
    }

    /// Withdraws seek `id` of `seeker`, or all their seeks (they left the lobby); a seek
    /// taken meanwhile stays (its game is being made). Returns how many were withdrawn.
    pub async fn withdraw(&self, seeker: &Seeker, id: Option<&str>) -> Result<u64, Error> {
        let removed = self
            .store
            .withdraw_seeks(&seeker.connection, id)
            .await
            .map_err(Error::storage)?;
        if removed > 0 {
            self.tell();
        }
        Ok(removed)
    }

    /// The seeks waiting for a taker: the reading of the list that every connection of this
    /// instance shares, read again when older than [`LIST_KEPT`] or when a change was made
    /// here since (one connection reads; the others wait for its reading).
    pub async fn listed(&self) -> Result<Vec<SeekView>, Error> {
        let mut reading = self.reading.lock().await;
        let change = *self.changed.borrow();
        if let Some(fresh) = reading
            .as_ref()
            .filter(|r| r.change == change && r.at.elapsed() < LIST_KEPT)
        {
            return Ok(fresh.seeks.clone());
        }
        let at = Instant::now();
        let seeks = self.read_list().await?;
        *reading = Some(Reading {
            at,
            change,
            seeks: seeks.clone(),
        });
        Ok(seeks)
    }

    /// Reads the seeks waiting for a taker from the store (removing stale ones now and then).
    async fn read_list(&self) -> Result<Vec<SeekView>, Error> {
        self.hub
            .stats
            .seek_list_reads
            .fetch_add(1, Ordering::Relaxed);
        let now = self.store.now_ms();
        let last = self.last_sweep.load(Ordering::Relaxed);
        if now - last >= STALE_SWEEP.as_millis() as i64
            && self
                .last_sweep
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            let before = now - CLAIMED_KEPT.as_millis() as i64;
            if let Err(error) = self.store.forget_stale_seeks(now, before).await {
                tracing::warn!("cannot remove stale seeks: {error:#}");
            }
        }
        Ok(self
            .store
            .open_seeks(now, MAX_LISTED as i64)
            .await
            .map_err(Error::storage)?
            .into_iter()
            .map(|seek| seek.view)
            .collect())
    }

    /// `taker` takes seek `id`: a game between its owner and the taker is made, and the
    /// taker's seat in it returned (the owner's connection finds its own).
    pub async fn take(&self, taker: &Seeker, id: &str) -> Result<LobbyGame, Error> {
        let seek = self
            .store
            .claim_seek(id, &taker.connection)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("that-seek-is-gone-taken-withdrawn")))?;
        let own = seek.connection == taker.connection
            || (seek.account.is_some()
                && seek.account == taker.account.as_ref().map(|a| a.id.clone()));
        let refusal = if own {
            Some(Error::conflict(msg!("that-is-your-own-seek")))
        } else {
            match (&taker.account, seek.view.rated) {
                (None, true) => Some(Error::unauthorized(msg!(
                    "rated-game-needs-an-account-sign"
                ))),
                (Some(account), true) => self.check_range(&seek.view, account).await.err(),
                (_, false) => None,
            }
        };
        let refusal = match (refusal, &seek.account, &taker.account) {
            (None, Some(owner), Some(taker)) => {
                keep_apart(&self.store, owner, &taker.id).await.err()
            }
            (refusal, _, _) => refusal,
        };
        if let Some(refusal) = refusal {
            self.store.release_seek(id).await.map_err(Error::storage)?;
            return Err(refusal);
        }
        let made = self.play(&seek.view, &seek.account, taker).await;
        let (game, owner_seat, owner_token, taker_seat, taker_token) = match made {
            Ok(made) => made,
            Err(error) => {
                self.store.release_seek(id).await.map_err(Error::storage)?;
                return Err(error);
            }
        };
        self.store
            .seek_played(id, &game, owner_seat, &owner_token)
            .await
            .map_err(Error::storage)?;
        self.tell();
        Ok(LobbyGame {
            seek: id.to_string(),
            id: game,
            seat: taker_seat,
            token: taker_token,
        })
    }

    /// The games made for `seeker`'s seeks since last asked (each is told once).
    pub async fn played(&self, seeker: &Seeker) -> Result<Vec<LobbyGame>, Error> {
        let taken = self
            .store
            .take_played_seeks(&seeker.connection)
            .await
            .map_err(Error::storage)?;
        taken
            .into_iter()
            .map(
                |TakenSeek {
                     id,
                     game,
                     seat,
                     token,
                 }| {
                    Ok(LobbyGame {
                        seek: id,
                        id: GameId::parse(&game)?,
                        seat,
                        token,
                    })
                },
            )
            .collect()
    }

    /// Makes the game of `seek` between its owner and `taker`, sides drawn at random: the
    /// owner's seat made for them (their account's, if any: the owner is the game's creator)
    /// and the other an invitation the taker takes at once. Returns `(game, owner's seat,
    /// owner's token, taker's seat, taker's token)`.
    async fn play(
        &self,
        seek: &SeekView,
        owner_account: &Option<AccountId>,
        taker: &Seeker,
    ) -> Result<(GameId, usize, SeatToken, usize, SeatToken), Error> {
        let owner_seat = usize::from(rand::random::<bool>());
        let taker_seat = 1 - owner_seat;
        let Paired { id, tokens } = self
            .hub
            .pair(
                Terms {
                    game: seek.game.clone(),
                    settings: seek.settings.clone().into_iter().collect(),
                    time_control: seek.time_control,
                    rated: seek.rated,
                },
                Pairee {
                    name: PersonName::parse(&seek.name)?,
                    account: owner_account.as_ref().map(|id| SignedIn {
                        id: id.clone(),
                        username: seek.name.clone(),
                    }),
                },
                owner_seat,
                Pairee {
                    name: taker.name.clone(),
                    account: taker.account.clone(),
                },
            )
            .await?;
        let [owner_token, taker_token] = [tokens[owner_seat].clone(), tokens[taker_seat].clone()];
        Ok((id, owner_seat, owner_token, taker_seat, taker_token))
    }

    /// Whether `taker` may take rated seek `seek`: their rating in its game (a newcomer's is
    /// the start, 1500) is within the range the owner wants.
    async fn check_range(&self, seek: &SeekView, taker: &SignedIn) -> Result<(), Error> {
        if seek.rating_min.is_none() && seek.rating_max.is_none() {
            return Ok(());
        }
        let ratings = self
            .store
            .player_ratings(&taker.id)
            .await
            .map_err(Error::storage)?;
        let rating = ratings
            .iter()
            .find(|(game, _)| *game == seek.game)
            .map_or(START, |(_, stored)| stored.now(self.store.now_ms()))
            .rating
            .round() as u32;
        if seek.accepts(rating) {
            Ok(())
        } else {
            Err(Error::forbidden(msg!(
                "your-game-rating-rating-is-outside",
                game = seek.game,
                rating,
                min = seek.rating_min.map_or("any".to_string(), |r| r.to_string()),
                max = seek.rating_max.map_or("any".to_string(), |r| r.to_string())
            )))
        }
    }

    fn tell(&self) {
        self.changed.send_modify(|n| *n += 1);
    }
}
