//! The ratings a tournament's page shows beside its standings: each entrant's rating in the
//! tournament's game now, and what the tournament's rated games changed of it.

use std::collections::HashMap;

use super::{TournamentDetail, Tournaments};
use crate::domain::ids::AccountId;
use crate::domain::rating::START;
use crate::domain::Error;

/// Each entrant's rating in the tournament's game, and the change its rated games made.
#[derive(Clone, Debug, Default)]
pub struct EntrantRatings {
    /// The rating now, by account (those who played the game rated).
    pub now: HashMap<AccountId, f64>,
    /// The sum of the changes the tournament's rated games made, by account.
    pub change: HashMap<AccountId, f64>,
}

impl EntrantRatings {
    /// `account`'s rating at the start, rounded, for ARO: now, less what the tournament's
    /// games changed. One who never played the game rated (or `None`, nobody) counts at the
    /// rating every account starts from, as a Swiss's numbering counts them.
    pub fn at_start(&self, account: Option<&AccountId>) -> u32 {
        let of = |map: &HashMap<AccountId, f64>| account.and_then(|a| map.get(a)).copied();
        let start = of(&self.now).unwrap_or(START.rating) - of(&self.change).unwrap_or(0.0);
        start.round().max(1.0) as u32
    }
}

impl Tournaments {
    /// The ratings of `detail`'s entrants.
    pub async fn ratings(&self, detail: &TournamentDetail) -> Result<EntrantRatings, Error> {
        let t = &detail.stored.tournament;
        let now = self.store.entrant_ratings(&t.id, &t.game).await;
        let change = self.store.tournament_rating_changes(&t.id).await;
        Ok(EntrantRatings {
            now: now.map_err(Error::storage)?.into_iter().collect(),
            change: change.map_err(Error::storage)?.into_iter().collect(),
        })
    }
}
