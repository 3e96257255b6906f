//! The changes of the stored games, as the rest of the server makes them: each is handed to
//! the [writer](super::writer) and acknowledged once committed.

use anyhow::Result;

use super::changes::{Mutation, WriteError};
use super::Store;
use crate::domain::game::{Snapshot, StoredGame, Summary};

impl Store {
    /// Stores a new game (at version 0) with its first moves (the dice rolled at once, if
    /// any), its table and summary, all or nothing.
    pub async fn create(&self, game: &StoredGame, summary: &Summary) -> Result<(), WriteError> {
        self.write(Mutation::Create {
            game: Box::new(game.clone()),
            summary: summary.clone(),
        })
        .await
    }

    /// Appends moves from index `first` on and records the snapshot over stored `version`
    /// (else a [`Conflict`](super::Conflict)): either all of it is stored or none.
    pub async fn append(
        &self,
        id: &str,
        version: i64,
        first: usize,
        moves: &[String],
        snapshot: &Snapshot,
    ) -> Result<(), WriteError> {
        self.write(Mutation::Append {
            id: id.to_string(),
            version,
            first,
            moves: moves.to_vec(),
            snapshot: Box::new(snapshot.clone()),
        })
        .await
    }

    /// Deletes every move from index `keep` on (an undo or takeback), and records the
    /// snapshot over stored `version` (else a [`Conflict`](super::Conflict)), all or nothing.
    pub async fn truncate(
        &self,
        id: &str,
        version: i64,
        keep: usize,
        snapshot: &Snapshot,
    ) -> Result<(), WriteError> {
        self.write(Mutation::Truncate {
            id: id.to_string(),
            version,
            keep,
            snapshot: Box::new(snapshot.clone()),
        })
        .await
    }

    /// Records a change of the table alone (a person joined, a proposal, an ending) over
    /// stored `version` (else a [`Conflict`](super::Conflict)).
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        snapshot: &Snapshot,
    ) -> Result<(), WriteError> {
        self.write(Mutation::Update {
            id: id.to_string(),
            version,
            snapshot: Box::new(snapshot.clone()),
        })
        .await
    }

    /// Stores the rematch `game` of game `old` together with `old`'s table, which names it,
    /// over `old`'s stored `version` (else a [`Conflict`](super::Conflict)), all or nothing.
    pub async fn rematch(
        &self,
        old: &str,
        version: i64,
        snapshot: &Snapshot,
        game: &StoredGame,
        summary: &Summary,
    ) -> Result<(), WriteError> {
        self.write(Mutation::Rematch {
            old: old.to_string(),
            version,
            snapshot: Box::new(snapshot.clone()),
            game: Box::new(game.clone()),
            summary: summary.clone(),
        })
        .await
    }

    /// Records the summary of a game stored before summaries were kept (the lists work it out
    /// once).
    pub async fn set_summary(&self, id: &str, summary: &Summary) -> Result<()> {
        Ok(self
            .write(Mutation::Summary {
                id: id.to_string(),
                summary: summary.clone(),
            })
            .await?)
    }

    /// Records that a game's computer seat is or is not to move, without another change (for
    /// games stored before the fact was kept, once they have been looked at).
    pub async fn set_computer_to_move(&self, id: &str, computer_to_move: bool) -> Result<()> {
        Ok(self
            .write(Mutation::ComputerToMove {
                id: id.to_string(),
                computer_to_move,
            })
            .await?)
    }

    /// Stores the analysis `review` (JSON) of game `id` over the moves `played`, in place of
    /// the game's earlier analysis, if any.
    pub async fn put_analysis(&self, id: &str, played: &[String], review: &str) -> Result<()> {
        Ok(self
            .write(Mutation::Analysis {
                id: id.to_string(),
                played: played.to_vec(),
                review: review.to_string(),
            })
            .await?)
    }
}
