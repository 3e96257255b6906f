//! The resigner: a side gives the game up (the rules are [`crate::domain::consent`]'s).

use std::sync::Arc;

use tafel_core::record::Ending;
use tafel_core::Player;

use super::commit::Committer;
use super::Hub;
use crate::domain::clock::now_ms;
use crate::domain::consent::Decided;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::Error;

/// Resigns for a side.
#[derive(Clone)]
pub struct Resigner {
    committer: Committer,
}

impl Resigner {
    /// A resigner storing through `committer`.
    pub(super) fn new(committer: Committer) -> Resigner {
        Resigner { committer }
    }

    /// The seat holding `token` resigns for its side in `live`: the game ends when every
    /// person of the side has resigned (in a two-player game, at once).
    pub(super) async fn resign(&self, live: &mut LiveGame, token: &SeatToken) -> Result<(), Error> {
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.resign(&live.sides(&table), seat);
        table.proposals = proposals;
        let now = now_ms();
        let change = match decided {
            Decided::Done => live.ending_change(
                Ending::resigned(Player(seat as u8), &live.seat_names()),
                now,
            ),
            Decided::Waiting => live.table_change(table, now),
        };
        self.committer.commit(live, change).await
    }
}

impl Hub {
    /// The seat holding `token` resigns for its side in game `id` ([`Resigner`]).
    pub async fn resign(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        self.resigner.resign(&mut live, token).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{token, two_people, Bench};
    use super::*;
    use crate::domain::seat::{SeatKind, StoredSeat};

    #[tokio::test]
    async fn a_resignation_ends_the_game_for_the_other_side() {
        let bench = Bench::new().await;
        let resigner = Resigner::new(bench.committer.clone());
        let mut live = bench.black_path(two_people()).await;
        let bob = token(&live, 1);
        resigner.resign(&mut live, &bob).await.unwrap();
        let ending = Ending::resigned(Player(1), &live.seat_names());
        assert_eq!(bench.reload(&live.id).await.table.ending, Some(ending));
        let again = resigner.resign(&mut live, &bob).await.unwrap_err();
        assert_eq!(again.code(), "game-is-over");
    }

    #[tokio::test]
    async fn a_team_resigns_when_every_person_of_it_has() {
        let bench = Bench::new().await;
        let resigner = Resigner::new(bench.committer.clone());
        let person = |name: &str| StoredSeat::person(SeatKind::Invite, Some(name.to_string()));
        let seats = ["Ann", "Bob", "Cid", "Dee"].map(person).to_vec();
        let stored = crate::domain::game::StoredGame::new(
            GameId::random(),
            "karls-race",
            vec![("players".to_string(), "4".to_string())],
            None,
            seats,
            vec![],
        );
        let mut live = bench.game(stored).await;
        let sides = live.sides(&live.table);
        let partner = (1..4).find(|&s| sides.team(s) == sides.team(0)).unwrap();
        let first = token(&live, 0);
        resigner.resign(&mut live, &first).await.unwrap();
        assert!(!bench.reload(&live.id).await.is_over());
        let second = token(&live, partner);
        resigner.resign(&mut live, &second).await.unwrap();
        assert!(bench.reload(&live.id).await.is_over());
    }
}
