//! Games in play: the rules, every position so far, the seats, and the viewers to notify.
//!
//! A [`LiveGame`] is rebuilt from storage by replaying its moves through the rules, so the
//! database holds only settings, seats and move texts. Every change is worked out first
//! ([`LiveGame::continuation`], [`LiveGame::undo_point`]), written to the store, and only then
//! applied here ([`LiveGame::extend`], [`LiveGame::truncate`]) and shown to anyone.
//!
//! Each change also advances the game's [`Version`], which work done off the game's lock (the
//! computer's search) compares before its result is used: a search for a position that was
//! taken back, or for a game that left memory, is dropped.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rand::Rng;
use serde::Serialize;
use tafel_core::{DynGame, DynPosition, Player, Status};
use tokio::sync::broadcast;

use crate::error::ApiError;
use crate::seat::SeatKind;
use crate::store::{Progress, StoredGame, StoredSeat};

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
    /// Why the computer could not move, once it has given up retrying (shown in the view;
    /// cleared when the computer tries again).
    pub computer_error: Option<String>,
    version: Version,
    evicted: bool,
}

/// A game's change counter, readable without the game's lock (from a search thread, say).
/// It advances with every move, undo and eviction, never goes back, and is not the move
/// count: an undo followed by a new move leaves the same number of moves but a new version.
#[derive(Clone, Debug, Default)]
pub struct Version(Arc<AtomicU64>);

impl Version {
    /// The current value.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    fn advance(&self) {
        self.0.fetch_add(1, Ordering::AcqRel);
    }
}

/// Positions and moves that follow the current position: a move and the dice rolled after it.
pub struct Continuation {
    positions: Vec<Box<dyn DynPosition>>,
    moves: Vec<String>,
}

impl Continuation {
    /// The moves and chance outcomes, in notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }
}

/// The public view of one seat (no token).
#[derive(Serialize)]
pub struct SeatView {
    /// The seat number, from 0.
    pub seat: usize,
    /// The game's name for the seat ("White").
    pub name: &'static str,
    /// `local`, `invite` or `computer`.
    pub kind: SeatKind,
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

/// One entry of the move list: its number in the record and who played it.
#[derive(Serialize)]
pub struct PlyView {
    /// The number the game's record gives it; a chance outcome has the number of the move it
    /// comes before (`12. 3 U-S`), Kauri's plies are numbered in pairs (`1. f D`).
    pub number: u32,
    /// The seat that played it; `None` for a chance outcome (the server's roll).
    pub seat: Option<usize>,
}

/// The last move (not a chance outcome) before the position shown, so that the page can mark
/// what it changed.
#[derive(Serialize)]
pub struct LastMoveView {
    /// Its index in the game's moves.
    pub index: usize,
    /// The move in notation.
    pub text: String,
    /// The seat that played it.
    pub seat: usize,
    /// The position code before it.
    pub before: String,
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
    /// Each of `moves` with its number in the record and who played it.
    pub plies: Vec<PlyView>,
    /// The ply shown (number of moves played before this position).
    pub ply: usize,
    /// The last move before the ply shown, if any.
    pub last_move: Option<LastMoveView>,
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
    /// Why the computer could not move (after retrying), if it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer_error: Option<String>,
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
            computer_error: None,
            version: Version::default(),
            evicted: false,
        };
        for (i, mv) in stored.moves.iter().enumerate() {
            let mut next = live.current().clone_box();
            let canonical = next
                .play(mv)
                .map_err(|e| ApiError::bad_request(format!("move {}: {e}", i + 1)))?;
            live.positions.push(next);
            live.moves.push(canonical);
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

    /// What follows the current position after `text` (a move in notation, if given) and the
    /// dice rolled while chance is to act; the game itself is not changed.
    pub fn continuation(&self, text: Option<&str>) -> Result<Continuation, ApiError> {
        let mut continuation = Continuation {
            positions: Vec::new(),
            moves: Vec::new(),
        };
        let mut position = self.current().clone_box();
        if let Some(text) = text {
            continuation
                .moves
                .push(position.play(text).map_err(ApiError::unprocessable)?);
            continuation.positions.push(position.clone_box());
        }
        while position.status() == Status::Chance {
            let Some(outcome) = position.play_random(&mut rand::rng()) else {
                return Err(ApiError::unprocessable(
                    "a chance position has no outcomes (a rules bug)",
                ));
            };
            continuation.moves.push(outcome);
            continuation.positions.push(position.clone_box());
        }
        Ok(continuation)
    }

    /// Applies a continuation worked out by [`LiveGame::continuation`] (once it is stored).
    pub fn extend(&mut self, continuation: Continuation) {
        self.positions.extend(continuation.positions);
        self.moves.extend(continuation.moves);
        self.version.advance();
    }

    /// Takes moves back to the position after `keep` moves (once that is stored).
    pub fn truncate(&mut self, keep: usize) {
        self.positions.truncate(keep + 1);
        self.moves.truncate(keep);
        self.version.advance();
    }

    /// The number of moves to keep when `seat` takes back its last move: everything from that
    /// move on goes. At one screen, a local seat takes back the last move of any local seat.
    pub fn undo_point(&self, seat: usize) -> Result<usize, ApiError> {
        let local = self.seats[seat].kind == SeatKind::Local;
        let owns = |s: usize| s == seat || (local && self.seats[s].kind == SeatKind::Local);
        (0..self.moves.len())
            .rev()
            .find(|&i| match self.positions[i].status() {
                Status::ToMove(p) => owns(p.index()),
                _ => false,
            })
            .ok_or_else(|| ApiError::conflict("there is no move of yours to take back"))
    }

    /// What the store keeps about the game beside its moves, were `position` its current
    /// position.
    fn progress_at(&self, position: &dyn DynPosition) -> Progress {
        let status = position.status();
        Progress {
            result: matches!(status, Status::Over(_)).then(|| position.describe_status()),
            computer_to_move: match status {
                Status::ToMove(p) => self.seats[p.index()].kind == SeatKind::Computer,
                _ => false,
            },
        }
    }

    /// The progress after `continuation` would be applied.
    pub fn progress_after(&self, continuation: &Continuation) -> Progress {
        let last = continuation.positions.last();
        self.progress_at(last.map_or(self.current(), |p| p.as_ref()))
    }

    /// The progress after truncating to `keep` moves.
    pub fn progress_after_undo(&self, keep: usize) -> Progress {
        self.progress_at(self.positions[keep].as_ref())
    }

    /// The progress now.
    pub fn progress(&self) -> Progress {
        self.progress_at(self.current())
    }

    /// The game's change counter.
    pub fn version(&self) -> &Version {
        &self.version
    }

    /// Marks this copy as gone from memory: any work still holding it must drop its result and
    /// find the game again through the hub.
    pub fn evict(&mut self) {
        self.evicted = true;
        self.version.advance();
    }

    /// Whether this copy left memory (see [`LiveGame::evict`]).
    pub fn is_evicted(&self) -> bool {
        self.evicted
    }

    /// Whether a computer seat is to move now.
    pub fn computer_to_move(&self) -> bool {
        self.seat_to_move()
            .is_some_and(|s| self.seats[s].kind == SeatKind::Computer)
    }

    /// Whether a computer seat is to move and nothing is playing for it.
    pub fn computer_owed(&self) -> bool {
        self.computer_to_move() && !self.thinking && !self.evicted
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
            .position(|s| s.kind.is_person() && constant_time_eq(&s.token, token))
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
        let numbers = self
            .game
            .move_numbers(self.positions[0].as_ref(), &self.moves)
            .map_err(ApiError::internal_replay)?;
        let seat_at = |i: usize| match self.positions[i].status() {
            Status::ToMove(p) => Some(p.index()),
            _ => None,
        };
        let plies = numbers
            .into_iter()
            .enumerate()
            .map(|(i, number)| PlyView {
                number,
                seat: seat_at(i),
            })
            .collect::<Vec<_>>();
        let last_move = (0..ply).rev().find_map(|i| {
            plies[i].seat.map(|seat| LastMoveView {
                index: i,
                text: self.moves[i].clone(),
                seat,
                before: self.positions[i].code(),
            })
        });
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
                    kind: s.kind,
                    level: s.level,
                })
                .collect(),
            moves: self.moves.clone(),
            plies,
            ply,
            last_move,
            code: position.code(),
            picture: position.picture(),
            status,
            legal: if ply == last {
                position.legal_moves()
            } else {
                Vec::new()
            },
            thinking: self.thinking,
            computer_error: self.computer_error.clone(),
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
