//! A game as it is kept: its table (seats, clocks, proposals, ending, rematch), everything
//! needed to rebuild it, and the summaries the lists show without replaying it.

use serde::Serialize;
use tafel_core::record::Ending;

use crate::domain::clock::{Clock, TimeControl};
use crate::domain::consent::Proposals;
use crate::domain::dice::Dice;
use crate::domain::seat::{SeatView, StoredSeat};

/// Everything about a game beside its moves that changes as it is played: who sits where,
/// the clocks, the proposals waiting for an answer, how the game ended if not by its rules,
/// and its rematch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// The clocks, when the game has a time control.
    pub clock: Option<Clock>,
    /// How the game ended, when not by its rules (resignation, agreed draw, time).
    pub ending: Option<Ending>,
    /// Draw offers, takeback requests and team resignations waiting for an answer.
    pub proposals: Proposals,
    /// The id of the rematch, once somebody asked for one.
    pub rematch: Option<String>,
}

/// A game as stored: everything needed to rebuild it.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The settings as `key=value` pairs.
    pub settings: Vec<(String, String)>,
    /// The start position's code, if not the default start.
    pub start: Option<String>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<String>,
    /// The secret seed of the game's dice.
    pub dice: Dice,
    /// Whether the game is listed as an open challenge while a seat is free.
    pub public: bool,
    /// The time control chosen at creation.
    pub time_control: TimeControl,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// Whether the game is rated (an online game between two accounts, chosen at creation).
    pub rated: bool,
    /// Seats, clocks, proposals, ending and rematch.
    pub table: Table,
    /// The stored version: 0 when created, advanced by every change.
    pub version: i64,
}

impl StoredGame {
    /// A private game without a clock, with fresh dice, of `seats` and `moves`.
    pub fn new(
        id: impl Into<String>,
        game: impl Into<String>,
        settings: Vec<(String, String)>,
        start: Option<String>,
        seats: Vec<StoredSeat>,
        moves: Vec<String>,
    ) -> StoredGame {
        StoredGame {
            id: id.into(),
            game: game.into(),
            settings,
            start,
            moves,
            dice: Dice::new(),
            public: false,
            time_control: TimeControl::None,
            rematch_of: None,
            rated: false,
            table: Table {
                seats,
                ..Table::default()
            },
            version: 0,
        }
    }
}

/// What the rest of the server (the lists, a restart) needs to know about a game without
/// loading it, written with every change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The result in words once the game is over, `None` while it goes on.
    pub result: Option<String>,
    /// Whether a computer seat is to move (a restarted server resumes these games).
    pub computer_to_move: bool,
    /// The record's number of the last move, 0 before the first (`None`: not known).
    pub record_moves: Option<u32>,
    /// The seats as everyone sees them (`None`: not known; the lists work it out once).
    pub players: Option<Vec<SeatView>>,
}

/// What a change writes beside the moves: the table and the summary after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Seats, clocks, proposals, ending, rematch.
    pub table: Table,
    /// The summary for lists and restarts.
    pub summary: Summary,
}

/// One line of the list of recent games, from the stored summary (no replay).
#[derive(Clone, Debug, Serialize)]
pub struct RecentGame {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The result in words, or `None` while the game goes on.
    pub result: Option<String>,
    /// The number of moves (chance outcomes included).
    pub moves: i64,
    /// The record's number of the last move (`None` when not known yet).
    pub record_moves: Option<u32>,
    /// The seats as everyone sees them (`None` when not known yet).
    pub players: Option<Vec<SeatView>>,
    /// When the game was last changed (UTC, ISO 8601).
    pub updated_at: String,
    /// When the game was created (UTC, ISO 8601).
    pub created_at: String,
}

/// A public game waiting for an opponent.
#[derive(Clone, Debug)]
pub struct OpenChallenge {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The settings.
    pub settings: Vec<(String, String)>,
    /// The seats as everyone sees them.
    pub players: Option<Vec<SeatView>>,
    /// The time control.
    pub time_control: TimeControl,
    /// When the game was created (UTC, ISO 8601).
    pub created_at: String,
}

/// Game `name` with `settings` over its defaults, built to check them, if it seats two
/// players; refused with `refusal` if it seats more.
pub fn two_player_game(
    name: &str,
    settings: &std::collections::BTreeMap<String, String>,
    refusal: crate::domain::message::Message,
) -> Result<std::sync::Arc<dyn tafel_core::DynGame>, crate::domain::Error> {
    use crate::domain::Error;
    let settings: Vec<(String, String)> = settings.clone().into_iter().collect();
    let game = tafel_games::registry()
        .get(name)
        .map_err(Error::invalid)?
        .build(&settings)
        .map_err(Error::invalid)?;
    if game.num_players() != 2 {
        return Err(Error::invalid(refusal));
    }
    Ok(game)
}
