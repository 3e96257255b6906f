//! The instances mode with games against the computer (`--instances N --computer-games G`):
//! the games' people spread over the instances while the moving clients play, and, on
//! PostgreSQL, the deadlocks the database detected meanwhile, which must be none (issue #29:
//! the lease renewal and the group commit deadlocked 18 times a minute before).

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use serde_json::json;
use sqlx::Connection;
use tafel_testkit::client::Client;

use crate::{client_address, person, Args, Load};

/// Games of a person against the computer, person `i` on instance `i` modulo their number.
pub struct ComputerGames {
    started: Instant,
    load: Arc<Load>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl ComputerGames {
    /// Starts `games` games of `args.game` against `args.level` on the instances `addrs`,
    /// their people connecting from the addresses after the moving clients'.
    pub fn start(args: &Args, addrs: &[SocketAddr], games: usize) -> ComputerGames {
        let load = Arc::new(Load::default());
        let seats = json!([{"kind": "local"}, {"kind": "computer", "level": args.level}]);
        let tasks = (0..games)
            .map(|i| {
                let addr = addrs[i % addrs.len()];
                tokio::spawn(person(
                    Client::from_address(addr, client_address(args.clients + i)),
                    json!({"game": args.game, "seats": seats}),
                    args.seed.wrapping_add(i as u64),
                    load.clone(),
                ))
            })
            .collect();
        ComputerGames {
            started: Instant::now(),
            load,
            tasks,
        }
    }

    /// Stops the games and prints their figures; returns whether the people and the
    /// computer moved.
    pub fn stop(self) -> bool {
        self.load.stop.store(true, Ordering::Relaxed);
        for task in self.tasks {
            task.abort();
        }
        let (count, p50, p99, max) = self.load.moves.summary();
        let replies = self.load.replies.summary().0 as u64;
        println!(
            "computer games: the person's move p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms \
             ({count} moves); the computer's moves {replies} ({:.1}/s); games finished {}",
            replies as f64 / self.started.elapsed().as_secs_f64(),
            self.load.finished.load(Ordering::Relaxed)
        );
        count > 0 && replies > 0
    }
}

/// The deadlocks PostgreSQL has detected in the database at `url` (`pg_stat_database`), or
/// `None` if `url` is not a PostgreSQL database.
pub async fn deadlocks(url: Option<&str>) -> Option<i64> {
    let url = url.filter(|u| u.starts_with("postgres"))?;
    let mut connection = sqlx::PgConnection::connect(url)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
    // The statistics of the sessions that ended are in; ours are read fresh.
    let query = "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()";
    let count = sqlx::query_scalar(query)
        .fetch_one(&mut connection)
        .await
        .unwrap_or_else(|e| panic!("cannot read pg_stat_database: {e}"));
    Some(count)
}

/// Checks that PostgreSQL detected no deadlock since it counted `before` (once the
/// instances' sessions ended, so that theirs are counted); prints the count.
pub async fn no_deadlocks_since(args: &Args, before: Option<i64>) -> bool {
    let Some(before) = before else {
        return true;
    };
    // A session's statistics reach pg_stat_database when it ends (the instances were
    // killed just now) or within a second.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let after = deadlocks(args.database.as_deref()).await.unwrap_or(before);
    println!(
        "deadlocks detected by PostgreSQL during the run: {} (pg_stat_database)",
        after - before
    );
    after == before
}
