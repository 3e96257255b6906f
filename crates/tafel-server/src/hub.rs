//! The games in play, by id: loading them from storage, changing them (moves, dice, undo) with
//! every change stored before it is acknowledged, and running computer seats off the request
//! path.

use std::collections::HashMap;
use std::sync::Arc;

use tafel_core::Status;
use tokio::sync::Mutex;

use crate::error::ApiError;
use crate::live::{new_id, new_token, LiveGame};
use crate::store::{Store, StoredGame, StoredSeat};

/// A shared handle to one game in play.
pub type GameHandle = Arc<Mutex<LiveGame>>;

/// Who sits in a seat, as asked for when creating a game.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// `local`, `invite` or `computer`.
    pub kind: String,
    /// The computer's level (computer seats only).
    #[serde(default)]
    pub level: Option<u8>,
}

/// The games in play and the database behind them.
pub struct Hub {
    store: Store,
    games: Mutex<HashMap<String, GameHandle>>,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            games: Mutex::new(HashMap::new()),
        })
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The game with this id, loaded from storage if it is not in memory.
    pub async fn get(&self, id: &str) -> Result<GameHandle, ApiError> {
        let mut games = self.games.lock().await;
        if let Some(handle) = games.get(id) {
            return Ok(handle.clone());
        }
        let stored = self
            .store
            .load(id)
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))?;
        let handle = Arc::new(Mutex::new(LiveGame::from_stored(&stored)?));
        games.insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// Creates a game from a game name, settings, an optional start code and optional moves
    /// (an imported record), stores it, and starts its computer seats. Returns the id.
    pub async fn create(
        self: &Arc<Self>,
        game: &str,
        settings: Vec<(String, String)>,
        start: Option<String>,
        moves: Vec<String>,
        seats: &[SeatRequest],
    ) -> Result<String, ApiError> {
        let seats = seats
            .iter()
            .map(|s| seat_from_request(game, s))
            .collect::<Result<Vec<_>, _>>()?;
        let mut stored = StoredGame {
            id: new_id(),
            game: game.to_string(),
            settings,
            start,
            seats,
            moves,
        };
        let mut live = LiveGame::from_stored(&stored)?;
        live.roll_dice();
        stored.moves = live.moves.clone();
        self.store
            .create(&stored, live.result().as_deref())
            .await
            .map_err(ApiError::internal)?;
        self.games
            .lock()
            .await
            .insert(stored.id.clone(), Arc::new(Mutex::new(live)));
        self.clone().wake_computer(stored.id.clone());
        Ok(stored.id)
    }

    /// Plays `text` for the seat holding `token`, if that seat is to move and `ply` (when given)
    /// is the current number of moves; then rolls the dice, stores everything, tells the
    /// viewers and lets a computer seat reply.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        text: &str,
        ply: Option<usize>,
    ) -> Result<(), ApiError> {
        let handle = self.get(id).await?;
        let mut live = handle.lock().await;
        let seat = live
            .seat_of(token)
            .ok_or_else(|| ApiError::forbidden("that token holds no seat in this game"))?;
        if let Some(ply) = ply.filter(|&p| p != live.moves.len()) {
            return Err(ApiError::conflict(format!(
                "the game is at move {}, not {ply}; reload",
                live.moves.len()
            )));
        }
        match live.seat_to_move() {
            Some(s) if s == seat => {}
            Some(s) => {
                let name = live.game.player_name(tafel_core::Player(s as u8));
                return Err(ApiError::conflict(format!("it is {name}'s turn")));
            }
            None => return Err(ApiError::conflict("the game is over")),
        }
        self.commit(&mut live, text).await?;
        drop(live);
        self.clone().wake_computer(id.to_string());
        Ok(())
    }

    /// Takes back the last move of the seat holding `token`, with everything played after it.
    /// Allowed against the computer and at one screen, where nobody else's move is lost
    /// without their say; refused between people online.
    pub async fn undo(self: &Arc<Self>, id: &str, token: &str) -> Result<(), ApiError> {
        let handle = self.get(id).await?;
        let mut live = handle.lock().await;
        let seat = live
            .seat_of(token)
            .ok_or_else(|| ApiError::forbidden("that token holds no seat in this game"))?;
        if live.seats.iter().any(|s| s.kind == "invite")
            && !live.seats.iter().any(|s| s.kind == "computer")
        {
            return Err(ApiError::conflict(
                "undo is for games against the computer or at one screen",
            ));
        }
        let local = live.seats[seat].kind == "local";
        let owns = |s: usize| s == seat || (local && live.seats[s].kind == "local");
        let last = live.moves.len();
        let target = (0..last).rev().find(|&i| match live.positions[i].status() {
            Status::ToMove(p) => owns(p.index()),
            _ => false,
        });
        let Some(keep) = target else {
            return Err(ApiError::conflict("there is no move of yours to take back"));
        };
        live.truncate(keep);
        let result = live.result();
        if let Err(e) = self.store.truncate(id, keep, result.as_deref()).await {
            // Storage refused: forget the in-memory game; it is rebuilt from what is stored.
            self.games.lock().await.remove(id);
            return Err(ApiError::internal(e));
        }
        let _ = live.changed.send(());
        Ok(())
    }

    /// Plays a move, rolls the dice, and stores it all; on a storage failure the game is
    /// left as it was.
    async fn commit(&self, live: &mut LiveGame, text: &str) -> Result<(), ApiError> {
        let first = live.moves.len();
        live.play(text)?;
        live.roll_dice();
        let added = live.moves[first..].to_vec();
        if let Err(e) = self
            .store
            .append(&live.id, first, &added, live.result().as_deref())
            .await
        {
            live.truncate(first);
            return Err(ApiError::internal(e));
        }
        let _ = live.changed.send(());
        Ok(())
    }

    /// Starts a task that plays for computer seats while one is to move. At most one task
    /// runs per game; the search runs on the blocking pool, so it stalls no request.
    pub fn wake_computer(self: Arc<Self>, id: String) {
        tokio::spawn(async move {
            let Ok(handle) = self.get(&id).await else {
                return;
            };
            {
                let mut live = handle.lock().await;
                let computer_to_move = live
                    .seat_to_move()
                    .is_some_and(|s| live.seats[s].kind == "computer");
                if live.thinking || !computer_to_move {
                    return;
                }
                live.thinking = true;
            }
            loop {
                let (rules, position, level, ply) = {
                    let live = handle.lock().await;
                    match live.seat_to_move() {
                        Some(s) if live.seats[s].kind == "computer" => (
                            live.game.clone(),
                            live.current().clone_box(),
                            live.seats[s].level.unwrap_or(1),
                            live.moves.len(),
                        ),
                        _ => break,
                    }
                };
                let _ = handle.lock().await.changed.send(());
                let choice = tokio::task::spawn_blocking(move || {
                    crate::computer::choose(rules.as_ref(), position.as_ref(), level)
                })
                .await;
                let mut live = handle.lock().await;
                let mv = match choice {
                    Ok(Ok(mv)) => mv,
                    Ok(Err(e)) => {
                        tracing::error!("the computer cannot move in game {id}: {e}");
                        break;
                    }
                    Err(_) => break,
                };
                if live.moves.len() != ply {
                    continue;
                }
                if let Err(e) = self.commit(&mut live, &mv).await {
                    tracing::error!("computer move in game {id} failed: {}", e.message);
                    break;
                }
            }
            let mut live = handle.lock().await;
            live.thinking = false;
            let _ = live.changed.send(());
        });
    }

    /// Restarts the computer seats of every unfinished game (after a server restart).
    pub async fn resume(self: &Arc<Self>) -> anyhow::Result<()> {
        for id in self.store.unfinished().await? {
            self.clone().wake_computer(id);
        }
        Ok(())
    }
}

fn seat_from_request(game: &str, request: &SeatRequest) -> Result<StoredSeat, ApiError> {
    let max_level = crate::computer::max_level(game);
    match (request.kind.as_str(), request.level) {
        ("local" | "invite", None) => Ok(StoredSeat {
            kind: request.kind.clone(),
            level: None,
            token: new_token(),
        }),
        ("computer", Some(level)) if (1..=max_level).contains(&level) => Ok(StoredSeat {
            kind: "computer".into(),
            level: Some(level),
            token: new_token(),
        }),
        ("computer", _) => Err(ApiError::bad_request(format!(
            "a computer seat needs a level from 1 to {max_level}"
        ))),
        ("local" | "invite", Some(_)) => {
            Err(ApiError::bad_request("only computer seats have a level"))
        }
        (kind, _) => Err(ApiError::bad_request(format!(
            "unknown seat kind `{kind}` (local, invite or computer)"
        ))),
    }
}
