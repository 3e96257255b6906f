//! Games in play: the rules, every position so far, the table (seats, clocks, proposals,
//! ending).
//!
//! A [`LiveGame`] is rebuilt from storage by replaying its moves through the rules, so the
//! database holds only settings, the table and move texts. Every change is worked out first
//! as a [`Change`] (the moves it adds or takes back and the table after it:
//! [`LiveGame::move_change`], [`LiveGame::takeback_change`], [`LiveGame::table_change`],
//! [`LiveGame::ending_change`]), written to the store, and only then applied here
//! ([`LiveGame::apply`]) and shown to anyone. Working a change out also settles the clocks:
//! the mover's clock stops (with its increment) and the clock of the seat to move next runs.
//!
//! Each change of the moves, and the end of the game, advances the game's [`Version`], which
//! work done off the game's lock (the computer's search) compares before its result is used:
//! a search for a position that was taken back, or for a game that ended or left memory, is
//! dropped.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tafel_core::record::Ending;
use tafel_core::{DynGame, DynPosition, Player, Status};

use crate::domain::clock::TimeControl;
use crate::domain::consent::{Proposals, Sides};
use crate::domain::dice::Dice;
use crate::domain::error::Error;
use crate::domain::game::{Snapshot, StoredGame, Summary, Table};
use crate::domain::ids::{GameId, OfSeat, SeatToken, SecretKind};
use crate::domain::seat::{SeatKind, SeatView};
use crate::msg;

/// A game being played, held in memory.
pub struct LiveGame {
    /// The game's id.
    pub id: GameId,
    /// The rules, with the game's settings.
    pub game: Arc<dyn DynGame>,
    /// The settings as given at creation.
    pub settings: Vec<(String, String)>,
    /// The start position's code as stored (`None`: the default start).
    pub start: Option<String>,
    /// Every position so far: `positions[0]` is the start, `positions[i]` follows `moves[..i]`.
    pub positions: Vec<Box<dyn DynPosition>>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<String>,
    /// Seats, clocks, proposals, ending and rematch.
    pub table: Table,
    /// The secret seed of the dice.
    pub dice: Dice,
    /// Whether the game is listed as an open challenge while a seat is free.
    pub public: bool,
    /// The time control chosen at creation.
    pub time_control: TimeControl,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// Whether a computer seat's task is running for this game.
    pub thinking: bool,
    /// Why the computer could not move, once it has given up retrying (shown in the view;
    /// cleared when the computer tries again).
    pub computer_error: Option<String>,
    /// The address (see [`crate::domain::client`]) of the person the computer's next move
    /// answers: whoever created the game or moved last in this copy. In memory only; `None`
    /// in a game loaded from the store until a person moves.
    pub origin: Option<IpAddr>,
    /// The version stored in the database this copy is at: a change is stored only over it
    /// (another instance may have changed the game meanwhile).
    pub stored_version: i64,
    version: Version,
    evicted: bool,
}

/// A game's change counter, readable without the game's lock (from a search thread, say).
/// It advances with every move, takeback, ending and eviction, never goes back, and is not the
/// move count: an undo followed by a new move leaves the same number of moves but a new
/// version.
#[derive(Clone, Debug, Default)]
pub struct Version(Arc<AtomicU64>);

impl Version {
    /// The current value.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    /// Whether the game changed since it was at `seen` (work for that version is stale).
    /// The one place where the computer's searches learn that they are no longer wanted.
    pub fn changed_since(&self, seen: u64) -> bool {
        self.get() != seen
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

/// What a change does to the moves.
pub enum Moves {
    /// Nothing.
    Same,
    /// Adds a move and the dice after it.
    Extend(Continuation),
    /// Keeps the first so many moves.
    Truncate(usize),
}

/// A change worked out but not applied yet: the moves, and the table after it.
pub struct Change {
    /// What happens to the moves.
    pub moves: Moves,
    /// The table after the change.
    pub table: Table,
}

impl LiveGame {
    /// Rebuilds a game from storage by replaying its moves.
    pub fn from_stored(stored: &StoredGame) -> Result<LiveGame, Error> {
        let id = GameId::parse(&stored.id)?;
        let registry = tafel_games::registry();
        let entry = registry.get(&stored.game).map_err(Error::invalid)?;
        let game = entry.build(&stored.settings).map_err(Error::invalid)?;
        let start = match &stored.start {
            Some(code) => game.parse_position(code).map_err(Error::invalid)?,
            None => game.start(),
        };
        if stored.table.seats.len() != game.num_players() {
            return Err(Error::invalid(msg!(
                "name-has-num-players-seats-not",
                name = entry.info.name,
                num_players = game.num_players(),
                count = stored.table.seats.len()
            )));
        }
        let mut live = LiveGame {
            id,
            game,
            settings: stored.settings.clone(),
            start: stored.start.clone(),
            positions: vec![start],
            moves: Vec::new(),
            table: stored.table.clone(),
            dice: stored.dice.clone(),
            public: stored.public,
            time_control: stored.time_control,
            rematch_of: stored.rematch_of.clone(),
            rated: stored.rated,
            thinking: false,
            computer_error: None,
            origin: None,
            stored_version: stored.version,
            version: Version::default(),
            evicted: false,
        };
        for (i, mv) in stored.moves.iter().enumerate() {
            let mut next = live.current().clone_box();
            let canonical = next
                .play(mv)
                .map_err(|e| Error::invalid(msg!("stored-move-does-not-replay", i = i + 1, e)))?;
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

    /// Who speaks for whom among the seats of `table`.
    pub fn sides<'a>(&self, table: &'a Table) -> Sides<'a> {
        let teams = (0..table.seats.len())
            .map(|p| self.game.team_of(Player(p as u8)))
            .collect();
        Sides::new(&table.seats, teams)
    }

    /// Every seat's name and team, for endings.
    pub fn seat_names(&self) -> Vec<(&'static str, u8)> {
        self.game.seats()
    }

    /// What follows the current position after `text` (a move in notation, if given) and the
    /// dice rolled while chance is to act, each roll drawn from the game's dice for the moves
    /// before it;
    /// the game itself is not changed.
    pub fn continuation(&self, text: Option<&str>) -> Result<Continuation, Error> {
        let mut continuation = Continuation {
            positions: Vec::new(),
            moves: Vec::new(),
        };
        let mut position = self.current().clone_box();
        if let Some(text) = text {
            continuation
                .moves
                .push(position.play(text).map_err(Error::illegal)?);
            continuation.positions.push(position.clone_box());
        }
        while position.status() == Status::Chance {
            let played: Vec<String> = self
                .moves
                .iter()
                .chain(&continuation.moves)
                .cloned()
                .collect();
            let Some(outcome) = position.play_random(&mut self.dice.for_roll(&played)) else {
                return Err(Error::illegal(msg!("chance-position-has-no-outcomes-a")));
            };
            continuation.moves.push(outcome);
            continuation.positions.push(position.clone_box());
        }
        Ok(continuation)
    }

    /// Whether every seat of `table` is taken (no invitation waits).
    pub fn all_taken(table: &Table) -> bool {
        table.seats.iter().all(|s| !s.is_open())
    }

    /// Sets the clocks of `table` for the game at `position` at `now`: the seat to move's
    /// clock runs, unless the game ended, waits for a person to join, or chance acts.
    fn settle_clock(&self, table: &mut Table, position: &dyn DynPosition, now: i64) {
        let running = match position.status() {
            Status::ToMove(p) if table.ending.is_none() && Self::all_taken(table) => {
                Some(p.index())
            }
            _ => None,
        };
        if let Some(clock) = table.clock.as_mut() {
            clock.settle(running, now);
        }
    }

    /// The dice a new game rolls at once (nobody sees it before they are rolled) and its
    /// clocks started at `now` when every seat is taken.
    pub fn opening_change(&self, now: i64) -> Result<Change, Error> {
        let mut table = self.table.clone();
        let (moves, after) = if table.ending.is_some() {
            (Moves::Same, self.current().clone_box())
        } else {
            let dice = self.continuation(None)?;
            let after = dice
                .positions
                .last()
                .map_or(self.current().clone_box(), |p| p.clone_box());
            (Moves::Extend(dice), after)
        };
        self.settle_clock(&mut table, after.as_ref(), now);
        Ok(Change { moves, table })
    }

    /// Whose clock has run out at `now` (the game goes on, so it is the seat to move).
    pub fn fallen(&self, now: i64) -> Option<usize> {
        if self.table.ending.is_some() {
            return None;
        }
        self.table.clock.as_ref().and_then(|c| c.fallen(now))
    }

    /// `seat` plays `text` at `now`: the move, the dice after it, the proposals it answers and
    /// the clocks.
    pub fn move_change(&self, seat: usize, text: &str, now: i64) -> Result<Change, Error> {
        let continuation = self.continuation(Some(text))?;
        let mut table = self.table.clone();
        let person = table.seats[seat].kind.is_person();
        let mut proposals = std::mem::take(&mut table.proposals);
        proposals.after_move(&self.sides(&table), seat, person);
        table.proposals = proposals;
        if let Some(clock) = table.clock.as_mut() {
            clock.moved(seat, now);
        }
        let after = continuation
            .positions
            .last()
            .map_or(self.current(), |p| p.as_ref());
        self.settle_clock(&mut table, after, now);
        Ok(Change {
            moves: Moves::Extend(continuation),
            table,
        })
    }

    /// Moves taken back to the position after `keep` at `now` (an undo or an accepted
    /// takeback): proposals are cleared, times stay as they are, and the clock of the seat to
    /// move then runs.
    pub fn takeback_change(&self, keep: usize, now: i64) -> Change {
        let mut table = self.table.clone();
        table.proposals = Proposals::default();
        self.settle_clock(&mut table, self.positions[keep].as_ref(), now);
        Change {
            moves: Moves::Truncate(keep),
            table,
        }
    }

    /// A change of the table alone (a person joined, a proposal) at `now`, the clocks settled
    /// for it.
    pub fn table_change(&self, mut table: Table, now: i64) -> Change {
        self.settle_clock(&mut table, self.current(), now);
        Change {
            moves: Moves::Same,
            table,
        }
    }

    /// The game ends as `ending` says at `now`: proposals cleared, clocks stopped.
    pub fn ending_change(&self, ending: Ending, now: i64) -> Change {
        let mut table = self.table.clone();
        table.ending = Some(ending);
        table.proposals = Proposals::default();
        if let Some(clock) = table.clock.as_mut() {
            clock.stop(now);
        }
        Change {
            moves: Moves::Same,
            table,
        }
    }

    /// What the store keeps with `change`: its table and the summary after it.
    pub fn snapshot_after(&self, change: &Change) -> Result<Snapshot, Error> {
        let (moves, positions): (Vec<String>, Vec<&dyn DynPosition>) = match &change.moves {
            Moves::Same => (
                self.moves.clone(),
                self.positions.iter().map(|p| p.as_ref()).collect(),
            ),
            Moves::Extend(c) => (
                self.moves.iter().chain(&c.moves).cloned().collect(),
                self.positions
                    .iter()
                    .chain(&c.positions)
                    .map(|p| p.as_ref())
                    .collect(),
            ),
            Moves::Truncate(keep) => (
                self.moves[..*keep].to_vec(),
                self.positions[..=*keep]
                    .iter()
                    .map(|p| p.as_ref())
                    .collect(),
            ),
        };
        let table = &change.table;
        let end = positions[moves.len()];
        let status = end.status();
        let numbers = self
            .game
            .move_numbers(positions[0], &moves)
            .map_err(Error::replay)?;
        let record_moves = (0..moves.len())
            .rev()
            .find(|&i| matches!(positions[i].status(), Status::ToMove(_)))
            .map_or(0, |i| numbers[i]);
        Ok(Snapshot {
            table: table.clone(),
            summary: Summary {
                result: match (&table.ending, status) {
                    (Some(ending), _) => Some(ending.result.clone()),
                    (None, Status::Over(_)) => Some(end.describe_status()),
                    _ => None,
                },
                computer_to_move: match status {
                    Status::ToMove(p) => {
                        table.ending.is_none() && table.seats[p.index()].kind == SeatKind::Computer
                    }
                    _ => false,
                },
                record_moves: Some(record_moves),
                players: Some(self.seat_views(table)),
            },
        })
    }

    /// Applies a change worked out here (once it is stored).
    pub fn apply(&mut self, change: Change) {
        let ended = change.table.ending.is_some() && self.table.ending.is_none();
        let moved = match change.moves {
            Moves::Same => false,
            Moves::Extend(continuation) => {
                self.positions.extend(continuation.positions);
                self.moves.extend(continuation.moves);
                true
            }
            Moves::Truncate(keep) => {
                self.positions.truncate(keep + 1);
                self.moves.truncate(keep);
                true
            }
        };
        self.table = change.table;
        if moved || ended {
            self.version.advance();
        }
    }

    /// The number of moves to keep when `seat` takes back its last move: everything from that
    /// move on goes. At one screen, a local seat takes back the last move of any local seat.
    pub fn undo_point(&self, seat: usize) -> Result<usize, Error> {
        let local = self.table.seats[seat].kind == SeatKind::Local;
        let owns = |s: usize| s == seat || (local && self.table.seats[s].kind == SeatKind::Local);
        (0..self.moves.len())
            .rev()
            .find(|&i| match self.positions[i].status() {
                Status::ToMove(p) => owns(p.index()),
                _ => false,
            })
            .ok_or_else(|| Error::conflict(msg!("there-is-no-move-of-yours")))
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
            .is_some_and(|s| self.table.seats[s].kind == SeatKind::Computer)
    }

    /// Whether a computer seat is to move and nothing is playing for it.
    pub fn computer_owed(&self) -> bool {
        self.computer_to_move() && !self.thinking && !self.evicted
    }

    /// The seat to move now, if a seat is to move (none once the game has ended, by its rules
    /// or otherwise).
    pub fn seat_to_move(&self) -> Option<usize> {
        match self.current().status() {
            Status::ToMove(p) if self.table.ending.is_none() => Some(p.index()),
            _ => None,
        }
    }

    /// Whether the game is over, by its rules or otherwise.
    pub fn is_over(&self) -> bool {
        self.table.ending.is_some() || matches!(self.current().status(), Status::Over(_))
    }

    /// The seat whose secret is `token` (a taken seat of a person).
    pub fn seat_of(&self, token: &SeatToken) -> Option<usize> {
        self.table
            .seats
            .iter()
            .position(|s| s.kind.is_person() && s.joined && s.token == *token)
    }

    /// The seat whose secret is `token`, or 403.
    pub fn seat_for(&self, token: &SeatToken) -> Result<usize, Error> {
        self.seat_of(token).ok_or_else(OfSeat::refused)
    }

    /// [`Self::seat_for`] in a game still being played: what resigning, draws and takebacks
    /// need (409 once the game is over).
    pub fn playing_seat(&self, token: &SeatToken) -> Result<usize, Error> {
        let seat = self.seat_for(token)?;
        if self.is_over() {
            return Err(Error::conflict(msg!("game-is-over")));
        }
        Ok(seat)
    }

    /// The seat views of `table`.
    pub fn seat_views(&self, table: &Table) -> Vec<SeatView> {
        table
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView::of(i, self.game.player_name(Player(i as u8)), s))
            .collect()
    }
}

#[cfg(test)]
mod tests;
