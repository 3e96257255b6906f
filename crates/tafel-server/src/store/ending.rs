//! How an [`Ending`] is stored (JSON, seats as numbers).

use serde::{Deserialize, Serialize};
use tafel_core::record::{Ending, Termination};
use tafel_core::{Player, PlayerSet};

/// An [`Ending`] as stored.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredEnding {
    termination: Termination,
    by: Option<u8>,
    winners: Vec<u8>,
    result: String,
}

impl StoredEnding {
    pub(super) fn of(ending: &Ending) -> StoredEnding {
        StoredEnding {
            termination: ending.termination,
            by: ending.by.map(|p| p.0),
            winners: ending.winners.iter().map(|p| p.0).collect(),
            result: ending.result.clone(),
        }
    }

    pub(super) fn into_ending(self) -> Ending {
        Ending {
            termination: self.termination,
            by: self.by.map(Player),
            winners: self
                .winners
                .into_iter()
                .fold(PlayerSet::EMPTY, |set, p| set.with(Player(p))),
            result: self.result,
        }
    }
}
