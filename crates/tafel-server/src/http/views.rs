//! What a browser is shown of a game: the view of one ply, sent as JSON by the API and the
//! WebSocket.

use serde::Serialize;
use tafel_core::{DynGame, DynPosition, Player, Status};
use utoipa::ToSchema;

use crate::domain::clock::{Clock, TimeControl};
use crate::domain::consent::Proposals;
use crate::domain::game_texts;
use crate::domain::ids::GameId;
use crate::domain::live::LiveGame;
use crate::domain::seat::SeatView;
use crate::domain::Error;
use crate::http::language::Language;
use crate::msg;

/// Whose turn it is or how the game ended.
#[derive(Serialize, ToSchema)]
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
        /// The result in words, in the request's language (the catalogues' `result-*`).
        result: String,
        /// The winning seats, from 0 (none for a draw).
        winners: Vec<usize>,
        /// How it ended when not by the rules: `resignation`, `agreement`, `time forfeit` or
        /// `aborted` (a rated game whose player did not make a first move in time).
        #[schema(value_type = Option<String>)]
        termination: Option<&'static str>,
    },
}

impl StatusView {
    /// The status of `position` of `game` by the rules alone (no resignation or agreement),
    /// its result in `language`.
    pub fn of_position(
        game: &dyn DynGame,
        position: &dyn DynPosition,
        language: Language,
    ) -> StatusView {
        match position.status() {
            Status::ToMove(p) => StatusView::ToMove {
                seat: p.index(),
                name: game.player_name(p),
            },
            Status::Chance => StatusView::Chance,
            Status::Over(outcome) => StatusView::Over {
                result: game_texts::outcome(game, &outcome, language),
                winners: outcome.winners.iter().map(Player::index).collect(),
                termination: None,
            },
        }
    }
}

/// One entry of the move list: its number in the record and who played it.
#[derive(Serialize, ToSchema)]
pub struct PlyView {
    /// The number the game's record gives it; a chance outcome has the number of the move it
    /// comes before (`12. 3 U-S`), Kauri's plies are numbered in pairs (`1. f D`).
    pub number: u32,
    /// The seat that played it; `None` for a chance outcome (the server's roll).
    pub seat: Option<usize>,
}

/// The last move (not a chance outcome) before the position shown, so that the page can mark
/// what it changed.
#[derive(Serialize, ToSchema)]
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

/// One seat's rating before and after a rated game.
#[derive(Serialize, ToSchema)]
pub struct SeatRatingView {
    /// The seat, from 0.
    pub seat: usize,
    /// The rating before the game, rounded.
    pub before: i64,
    /// Its deviation before, rounded.
    pub deviation_before: i64,
    /// The rating after the game, rounded.
    pub after: i64,
    /// Its deviation after, rounded.
    pub deviation_after: i64,
}

/// A game's clocks as the page shows them.
#[derive(Serialize, ToSchema)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left now, in milliseconds (never below 0).
    pub remaining_ms: Vec<i64>,
    /// The seat whose clock runs, if one does (its time goes down from `remaining_ms`).
    pub running: Option<usize>,
    /// Each seat: whether it went berserk (an Arena game: half its time, no increment).
    pub berserk: Vec<bool>,
}

impl ClockView {
    /// The view of `clock` at `now`.
    pub fn of(clock: &Clock, now: i64) -> ClockView {
        let seats = 0..clock.remaining_ms.len();
        ClockView {
            control: clock.control,
            remaining_ms: seats
                .clone()
                .map(|seat| clock.left(seat, now).max(0))
                .collect(),
            running: clock.running,
            berserk: seats.map(|seat| clock.is_berserk(seat)).collect(),
        }
    }
}

/// Everything a browser needs to draw a game at one ply.
#[derive(Serialize, ToSchema)]
pub struct GameView {
    /// The game's id.
    #[schema(value_type = String)]
    pub id: GameId,
    /// The registry name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// The settings, as `[key, value]` pairs.
    #[schema(value_type = Vec<Vec<String>>)]
    pub settings: Vec<(String, String)>,
    /// The seats, with the names of the people in them.
    pub seats: Vec<SeatView>,
    /// Whether every seat is taken (invited people have joined); clocks run only then.
    pub started: bool,
    /// Whether the game is listed as an open challenge while a seat is free.
    pub public: bool,
    /// Whether the game is rated.
    pub rated: bool,
    /// Once a rated game is over and rated: each rated seat's rating before and after it
    /// (only in the answers of `GET /api/games/{id}`; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings: Option<Vec<SeatRatingView>>,
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
    /// Whose turn it is, or the result (of the whole game when it ended otherwise than by
    /// its rules).
    pub status: StatusView,
    /// The legal moves at this ply (empty when viewing the past or when the game is over).
    pub legal: Vec<String>,
    /// The clocks (absent without a time control).
    pub clock: Option<ClockView>,
    /// Draw offers, takeback requests and team resignations waiting for an answer.
    pub proposals: Proposals,
    /// The rematch of this game, once somebody asked for one.
    pub rematch: Option<String>,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// Whether the computer is choosing a move.
    pub thinking: bool,
    /// Why the computer could not move (after retrying), if it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer_error: Option<String>,
}

impl GameView {
    /// The view of `live` at `ply` (the current position when `None`) at `now`, its words in
    /// `language`.
    pub fn of(
        live: &LiveGame,
        ply: Option<usize>,
        now: i64,
        language: Language,
    ) -> Result<GameView, Error> {
        let last = live.moves.len();
        let ply = ply.unwrap_or(last);
        let position = live
            .positions
            .get(ply)
            .ok_or_else(|| Error::invalid(msg!("ply-ply-does-not-exist-the", ply, last)))?;
        let info = live.game.info();
        let numbers = live
            .game
            .move_numbers(live.positions[0].as_ref(), &live.moves)
            .map_err(Error::replay)?;
        let seat_at = |i: usize| match live.positions[i].status() {
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
                text: live.moves[i].clone(),
                seat,
                before: live.positions[i].code(),
            })
        });
        let ending = live.table.ending.as_ref().filter(|_| ply == last);
        let status = match (ending, position.status()) {
            (Some(ending), _) => StatusView::Over {
                result: game_texts::ending(ending, &live.seat_names(), language),
                winners: ending.winners.iter().map(Player::index).collect(),
                termination: Some(ending.termination.as_str()),
            },
            (None, _) => StatusView::of_position(live.game.as_ref(), position.as_ref(), language),
        };
        Ok(GameView {
            id: live.id.clone(),
            game: info.name,
            title: info.title,
            settings: live.settings.clone(),
            seats: live.seat_views(&live.table),
            started: LiveGame::all_taken(&live.table),
            public: live.public,
            rated: live.rated,
            ratings: None,
            moves: live.moves.clone(),
            plies,
            ply,
            last_move,
            code: position.code(),
            picture: position.picture(),
            status,
            legal: if ply == last && ending.is_none() {
                position.legal_moves()
            } else {
                Vec::new()
            },
            clock: live.table.clock.as_ref().map(|c| ClockView::of(c, now)),
            proposals: live.table.proposals.clone(),
            rematch: live.table.rematch.clone(),
            rematch_of: live.rematch_of.clone(),
            thinking: live.thinking,
            computer_error: live.computer_error.clone(),
        })
    }
}
