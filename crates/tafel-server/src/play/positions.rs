//! The analysis of a position of no game ([`Hub::analyse_position`],
//! `POST /api/positions/analysis`), as the position editor's "Analyse" shows it, after
//! lichess's analysis board: the side to move's chances on the one scale, the best move and
//! the best line from there.
//!
//! - **Where it runs.** Each ply of the line is one search of the position reached, a job of
//!   [`Class::Hint`] on the pool (a person waits for it: after the computer's replies to people,
//!   before the analyses of whole games; the people asking take turns), with the analysis
//!   budget. The line ends at its length, at a chance position (a die to roll) or at the end
//!   of the game.
//! - **Bounds.** A line has at most [`MAX_LINE_PLIES`] plies ([`DEFAULT_LINE_PLIES`] unless
//!   asked); a client address has at most [`HubLimits::analyses_per_address`] position
//!   analyses under way (`429` past that); the pool's queue bounds the server (`503`).
//!   Stopping the server stops a line between two plies.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use serde::Serialize;
use tafel_ai::scale::{assess, Chance};
use tafel_core::{DynGame, DynPosition, Status};
use utoipa::ToSchema;

use super::analysis::stopped;
use super::{Hub, HubLimits};
use crate::compute::pool::{Class, JobOutcome, Owner, Ticket};
use crate::domain::client::client_key;
use crate::domain::Error;
use crate::msg;

/// The longest best line a request may ask for, in plies.
pub const MAX_LINE_PLIES: usize = 8;

/// The best line's length when the request does not say.
pub const DEFAULT_LINE_PLIES: usize = 4;

/// What the engine makes of a position.
#[derive(Clone, Debug)]
pub struct PositionAnalysis {
    /// The side to move's chances with the best move.
    pub chance: Chance,
    /// What found them ("exact: the game's solver", "alpha-beta, depth 9, 20000 nodes").
    pub effort: tafel_core::Reason,
    /// The best line: the best move, then each side's best reply in turn.
    pub line: Vec<LineMove>,
}

/// One ply of a best line.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LineMove {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The name of the side that plays it.
    pub side: &'static str,
    /// The position's code before the move, so that a client can say the move in words
    /// where that needs the position (Black Path's tile and exit).
    pub before: String,
}

/// The position analyses under way, by client address.
#[derive(Default)]
pub struct PositionAnalyses(Mutex<HashMap<IpAddr, usize>>);

impl PositionAnalyses {
    fn lock(&self) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one more analysis for `from` (if known), refused past `limits`; the count drops
    /// with the returned guard.
    fn admit<'a>(
        &'a self,
        from: Option<IpAddr>,
        limits: &HubLimits,
    ) -> Result<Admitted<'a>, Error> {
        if let Some(address) = from {
            let mut under_way = self.lock();
            let mine = under_way.entry(address).or_default();
            if *mine >= limits.analyses_per_address {
                return Err(Error::quota(msg!(
                    "this-address-has-mine-analyses-under",
                    mine
                )));
            }
            *mine += 1;
        }
        Ok(Admitted {
            analyses: self,
            from,
        })
    }
}

/// One admitted position analysis; dropping it ends its count.
struct Admitted<'a> {
    analyses: &'a PositionAnalyses,
    from: Option<IpAddr>,
}

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        if let Some(address) = self.from {
            let mut under_way = self.analyses.lock();
            if let Some(mine) = under_way.get_mut(&address) {
                *mine -= 1;
                if *mine == 0 {
                    under_way.remove(&address);
                }
            }
        }
    }
}

impl Hub {
    /// The side to move's chances in `position` of `game` and the best line of at most
    /// `plies` plies (at least the best move), for the client at `from`. Refused where nobody
    /// is to move.
    pub async fn analyse_position(
        self: &Arc<Self>,
        game: Arc<dyn DynGame>,
        position: Box<dyn DynPosition>,
        plies: usize,
        from: Option<IpAddr>,
    ) -> Result<PositionAnalysis, Error> {
        if !matches!(position.status(), Status::ToMove(_)) {
            return Err(Error::conflict(msg!("nobody-is-to-move-in-this")));
        }
        let from = from.map(client_key);
        let _admitted = self.position_analyses.admit(from, &self.limits)?;
        let owner = from.map_or_else(|| Owner::Game("position".to_string()), Owner::Address);
        let options = self.analysis_budget().assess_options();
        let mut at = position;
        let mut first = None;
        let mut line = Vec::new();
        while line.len() < plies.max(1) {
            let Status::ToMove(side) = at.status() else {
                break;
            };
            let (rules, searched, options) = (game.clone(), at.clone_box(), options.clone());
            let weak = Arc::downgrade(self);
            let job = self
                .pool()
                .submit(
                    Ticket::new(Class::Hint, owner.clone()),
                    move || stopped(&weak),
                    move || assess(rules.as_ref(), searched.as_ref(), &options),
                )
                .map_err(Error::busy)?;
            let found = match job.await {
                JobOutcome::Done(found) => found.map_err(Error::conflict)?,
                JobOutcome::Cancelled => return Err(Error::busy(msg!("server-is-stopping"))),
                JobOutcome::Panicked(message) => {
                    return Err(Error::failed(msg!("search-failed-message", message)))
                }
            };
            let before = at.code();
            at.play(&found.best).map_err(Error::illegal)?;
            line.push(LineMove {
                text: found.best.clone(),
                side: game.player_name(side),
                before,
            });
            first.get_or_insert(found);
        }
        let first = first.expect("the position has a side to move, so one ply was searched");
        Ok(PositionAnalysis {
            chance: first.chance,
            effort: first.effort,
            line,
        })
    }
}
