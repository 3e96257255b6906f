//! What the units' tests share: a store in memory, the parts a unit is built from over it
//! (no hub, no server), and games stored there as a new game is, to hand to a unit.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;

use super::clocks::Schedule;
use super::commit::Committer;
use super::create::opened;
use super::finisher::Finisher;
use super::flagger::Flagger;
use super::viewers::{Event, Viewers};
use super::HubStats;
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::game::StoredGame;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::seat::{SeatKind, StoredSeat};
use crate::store::Store;

/// A store in memory and the parts over it that units are made of.
pub(super) struct Bench {
    /// The database, SQLite in memory.
    pub(super) store: Store,
    /// The viewers of every game (to subscribe to a game's events).
    pub(super) viewers: Viewers,
    /// The clock keeper's deadlines.
    pub(super) schedule: Arc<Schedule>,
    /// The counts of flags and aborts.
    pub(super) stats: Arc<HubStats>,
    /// The committer over all of these.
    pub(super) committer: Committer,
    abort_after: Duration,
}

impl Bench {
    /// A bench whose rated games are never aborted.
    pub(super) async fn new() -> Bench {
        Bench::aborting_after(Duration::ZERO).await
    }

    /// A bench whose rated games are aborted when a seat has not made its first move
    /// `abort_after` its turn began.
    pub(super) async fn aborting_after(abort_after: Duration) -> Bench {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let viewers = Viewers::default();
        let schedule = Arc::new(Schedule::on(store.timeline().clone()));
        let finisher = Finisher::new(store.clone());
        let committer = Committer::new(
            store.clone(),
            viewers.clone(),
            schedule.clone(),
            finisher,
            abort_after,
        );
        Bench {
            store,
            viewers,
            schedule,
            stats: Arc::default(),
            committer,
            abort_after,
        }
    }

    /// A flagger over this bench.
    pub(super) fn flagger(&self) -> Flagger {
        Flagger::new(self.committer.clone(), self.stats.clone(), self.abort_after)
    }

    /// `stored`, a new game, stored and made live as the hub makes a new game.
    pub(super) async fn game(&self, mut stored: StoredGame) -> LiveGame {
        let (live, summary) = opened(&mut stored, self.store.now_ms()).unwrap();
        self.store.create(&stored, &summary).await.unwrap();
        live
    }

    /// A new game of Black Path on the default board between `seats`.
    pub(super) async fn black_path(&self, seats: Vec<StoredSeat>) -> LiveGame {
        self.game(black_path(seats)).await
    }

    /// A new game of Black Path between [`two_people`] with a clock of a minute each (rated
    /// or not), whose first seat's clock has run `ran` milliseconds.
    pub(super) async fn clocked(&self, rated: bool, ran: i64) -> LiveGame {
        let mut stored = black_path(two_people());
        stored.rated = rated;
        stored.time_control = TimeControl::Fischer {
            initial_seconds: 60,
            increment_seconds: 0,
        };
        stored.table.clock = Clock::new(stored.time_control, 2);
        let mut live = self.game(stored).await;
        let clock = live.table.clock.as_mut().unwrap();
        clock.running = Some(0);
        clock.since_ms = Some(self.store.now_ms() - ran);
        live
    }

    /// Game `id` as stored now, replayed.
    pub(super) async fn reload(&self, id: &GameId) -> LiveGame {
        let stored = self.store.load(id).await.unwrap().unwrap();
        LiveGame::from_stored(&stored).unwrap()
    }

    /// The events of game `id` from now on.
    pub(super) fn events(&self, id: &GameId) -> broadcast::Receiver<Event> {
        self.viewers.subscribe(id)
    }
}

/// A new game of Black Path on the default board between `seats`, as it is to be stored.
fn black_path(seats: Vec<StoredSeat>) -> StoredGame {
    StoredGame::new(GameId::random(), "black-path", vec![], None, seats, vec![])
}

/// Two people at two screens, Ann and Bob (invited seats both taken).
pub(super) fn two_people() -> Vec<StoredSeat> {
    let person = |name: &str| StoredSeat::person(SeatKind::Invite, Some(name.to_string()));
    vec![person("Ann"), person("Bob")]
}

/// The token of `live`'s seat `seat`.
pub(super) fn token(live: &LiveGame, seat: usize) -> SeatToken {
    live.table.seats[seat].token.clone()
}

/// A legal move in `live`'s position now after which the game goes on (in Black Path many
/// a first move leads the path off the board and loses at once).
pub(super) fn a_move(live: &LiveGame) -> String {
    let position = live.positions.last().unwrap();
    position
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let mut after = position.clone_box();
            after.play(mv).unwrap();
            !matches!(after.status(), tafel_core::Status::Over(_))
        })
        .expect("a move that does not end the game")
}

/// The events received on `events` so far.
pub(super) fn received(events: &mut broadcast::Receiver<Event>) -> Vec<Event> {
    std::iter::from_fn(|| events.try_recv().ok()).collect()
}
