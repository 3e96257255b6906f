//! Games in play: the rules, every position so far, the seats, and the viewers to notify.
//!
//! A [`LiveGame`] is rebuilt from storage by replaying its moves through the rules, so the
//! database holds only settings, seats and move texts. Every change is written to the store
//! before it is acknowledged or shown to anyone.

use std::sync::Arc;

use rand::Rng;
use serde::Serialize;
use tafel_core::{DynGame, DynPosition, Player, Status};
use tokio::sync::broadcast;

use crate::error::ApiError;
use crate::store::{StoredGame, StoredSeat};

/// A game being played, held in memory.
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// The rules, with the game's settings.
    pub game: Arc<dyn DynGame>,
    /// The settings as given at creation.
    pub settings: Vec<(String, String)>,
    /// Every position so far: `positions[0]` is the start, `positions[i]` follows `moves[..i]`.
    pub positions: Vec<Box<dyn DynPosition>>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<String>,
    /// Who sits where, with their secret tokens.
    pub seats: Vec<StoredSeat>,
    /// Tells viewers (WebSockets) that the game changed.
    pub changed: broadcast::Sender<()>,
    /// Whether a computer seat's task is running for this game.
    pub thinking: bool,
}

/// The public view of one seat (no token).
#[derive(Serialize)]
pub struct SeatView {
    /// The seat number, from 0.
    pub seat: usize,
    /// The game's name for the seat ("White").
    pub name: &'static str,
    /// `local`, `invite` or `computer`.
    pub kind: String,
    /// The computer's level.
    pub level: Option<u8>,
}

/// Whose turn it is or how the game ended.
#[derive(Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum StatusView {
    /// A seat is to move.
    ToMove {
        /// The seat, from 0.
        seat: usize,
        /// The seat's name.
        name: &'static str,
    },
    /// The server is about to roll.
    Chance,
    /// The game is over.
    Over {
        /// The result in words.
        result: String,
        /// The winning seats, from 0 (none for a draw).
        winners: Vec<usize>,
    },
}

/// Everything a browser needs to draw a game at one ply.
#[derive(Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// The settings.
    pub settings: Vec<(String, String)>,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// Every move so far (the whole game, also when viewing an earlier ply).
    pub moves: Vec<String>,
    /// The ply shown (number of moves played before this position).
    pub ply: usize,
    /// The position code.
    pub code: String,
    /// The text picture.
    pub picture: String,
    /// Whose turn it is, or the result.
    pub status: StatusView,
    /// The legal moves at this ply (empty when viewing the past or when the game is over).
    pub legal: Vec<String>,
    /// Whether the computer is choosing a move.
    pub thinking: bool,
}

impl LiveGame {
    /// Rebuilds a game from storage by replaying its moves.
    pub fn from_stored(stored: &StoredGame) -> Result<LiveGame, ApiError> {
        let registry = tafel_games::registry();
        let entry = registry.get(&stored.game).map_err(ApiError::bad_request)?;
        let game = entry
            .build(&stored.settings)
            .map_err(ApiError::bad_request)?;
        let start = match &stored.start {
            Some(code) => game.parse_position(code).map_err(ApiError::bad_request)?,
            None => game.start(),
        };
        if stored.seats.len() != game.num_players() {
            return Err(ApiError::bad_request(format!(
                "{} has {} seats, not {}",
                entry.info.name,
                game.num_players(),
                stored.seats.len()
            )));
        }
        let mut live = LiveGame {
            id: stored.id.clone(),
            game,
            settings: stored.settings.clone(),
            positions: vec![start],
            moves: Vec::new(),
            seats: stored.seats.clone(),
            changed: broadcast::channel(16).0,
            thinking: false,
        };
        for (i, mv) in stored.moves.iter().enumerate() {
            live.play(mv)
                .map_err(|e| ApiError::bad_request(format!("move {}: {}", i + 1, e.message)))?;
        }
        Ok(live)
    }

    /// The current position.
    pub fn current(&self) -> &dyn DynPosition {
        self.positions
            .last()
            .expect("a game has its start position")
            .as_ref()
    }

    /// Plays a move (or chance outcome) given in notation; returns it in canonical notation.
    pub fn play(&mut self, text: &str) -> Result<String, ApiError> {
        let mut next = self.current().clone_box();
        let canonical = next.play(text).map_err(ApiError::unprocessable)?;
        self.positions.push(next);
        self.moves.push(canonical.clone());
        Ok(canonical)
    }

    /// Rolls the dice while chance is to act; returns the outcomes rolled.
    pub fn roll_dice(&mut self) -> Vec<String> {
        let mut rolled = Vec::new();
        while self.current().status() == Status::Chance {
            let mut next = self.current().clone_box();
            let outcome = next
                .play_random(&mut rand::rng())
                .expect("a chance position has outcomes");
            self.positions.push(next);
            self.moves.push(outcome.clone());
            rolled.push(outcome);
        }
        rolled
    }

    /// Takes moves back to the position after `keep` moves.
    pub fn truncate(&mut self, keep: usize) {
        self.positions.truncate(keep + 1);
        self.moves.truncate(keep);
    }

    /// The seat to move now, if a seat is to move.
    pub fn seat_to_move(&self) -> Option<usize> {
        match self.current().status() {
            Status::ToMove(p) => Some(p.index()),
            _ => None,
        }
    }

    /// The seat whose secret is `token`.
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.kind != "computer" && constant_time_eq(&s.token, token))
    }

    /// The result in words once the game is over.
    pub fn result(&self) -> Option<String> {
        matches!(self.current().status(), Status::Over(_)).then(|| self.current().describe_status())
    }

    /// The view at `ply` (the current position when `None`).
    pub fn view(&self, ply: Option<usize>) -> Result<GameView, ApiError> {
        let last = self.moves.len();
        let ply = ply.unwrap_or(last);
        let position = self.positions.get(ply).ok_or_else(|| {
            ApiError::bad_request(format!(
                "ply {ply} does not exist; the game has {last} moves"
            ))
        })?;
        let info = self.game.info();
        let status = match position.status() {
            Status::ToMove(p) => StatusView::ToMove {
                seat: p.index(),
                name: self.game.player_name(p),
            },
            Status::Chance => StatusView::Chance,
            Status::Over(outcome) => StatusView::Over {
                result: position.describe_status(),
                winners: outcome.winners.iter().map(Player::index).collect(),
            },
        };
        Ok(GameView {
            id: self.id.clone(),
            game: info.name,
            title: info.title,
            settings: self.settings.clone(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatView {
                    seat: i,
                    name: self.game.player_name(Player(i as u8)),
                    kind: s.kind.clone(),
                    level: s.level,
                })
                .collect(),
            moves: self.moves.clone(),
            ply,
            code: position.code(),
            picture: position.picture(),
            status,
            legal: if ply == last {
                position.legal_moves()
            } else {
                Vec::new()
            },
            thinking: self.thinking,
        })
    }
}

/// A fresh secret: 128 random bits as hex.
pub fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// A fresh game id: 12 random lowercase letters and digits.
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..12)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Compares two secrets without leaking where they differ through timing.
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
