//! Backups taken under load (issue #44): players make games and moves as fast as the server
//! answers while the backup is taken; the backup, restored, is served by a new server that has
//! every game and move acknowledged before the backup began. SQLite by `tafel db backup` and
//! `tafel db restore` (`store::backup`); PostgreSQL by `pg_dump` and `pg_restore` as
//! docs/deploy.md documents them (when `TAFEL_TEST_POSTGRES` names a server: `scripts/test
//! postgres`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use tafel_server::play::SILENCE;
use tafel_server::store::backup::{backup, restore};
use tafel_server::{start, Config, Limits, Server};
use tafel_testkit::client::{black_path_at_one_screen, Client};
use tafel_testkit::wait;

/// Every game acknowledged so far, with its moves acknowledged.
type Acknowledged = Arc<Mutex<HashMap<String, Vec<String>>>>;

/// Players making games at one screen and random legal moves, until stopped.
struct Load {
    stop: Arc<AtomicBool>,
    acknowledged: Acknowledged,
    players: Vec<tokio::task::JoinHandle<()>>,
}

fn moves_of(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

impl Load {
    /// `players` players on the server at `addr`.
    fn start(addr: std::net::SocketAddr, players: u64) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let acknowledged = Acknowledged::default();
        let players = (0..players)
            .map(|seed| {
                let (stop, acknowledged) = (stop.clone(), acknowledged.clone());
                tokio::spawn(async move {
                    let client = Client::new(addr);
                    let mut rng = SmallRng::seed_from_u64(seed);
                    while !stop.load(Ordering::Relaxed) {
                        let (id, tokens) = client
                            .create_at_one_screen(black_path_at_one_screen())
                            .await;
                        acknowledged.lock().unwrap().insert(id.clone(), Vec::new());
                        let mut view = client.view(&id).await;
                        while !stop.load(Ordering::Relaxed) {
                            let (Some(seat), Some(legal)) =
                                (view["status"]["seat"].as_u64(), view["legal"].as_array())
                            else {
                                break;
                            };
                            if legal.is_empty() {
                                break;
                            }
                            let mv = legal[rng.random_range(0..legal.len())].as_str().unwrap();
                            let ply = moves_of(&view).len();
                            let answer = client.play_at(&id, &tokens[seat as usize], mv, ply).await;
                            assert!(answer.is_success(), "{}", answer.body);
                            acknowledged
                                .lock()
                                .unwrap()
                                .insert(id.clone(), moves_of(&answer.body));
                            view = answer.body;
                        }
                    }
                })
            })
            .collect();
        Load {
            stop,
            acknowledged,
            players,
        }
    }

    /// What is acknowledged now.
    fn acknowledged(&self) -> HashMap<String, Vec<String>> {
        self.acknowledged.lock().unwrap().clone()
    }

    /// Waits (at most 30 s) until moves in `games` games, `moves` in all, are acknowledged.
    async fn until_acknowledged(&self, what: &str, games: usize, moves: usize) {
        wait::until(Duration::from_secs(30), what, || async {
            let now = self.acknowledged();
            let made: usize = now.values().map(Vec::len).sum();
            if now.len() >= games && made >= moves {
                Ok(())
            } else {
                Err(format!("{} games, {made} moves", now.len()))
            }
        })
        .await;
    }

    /// Stops the players (each after its request under way).
    async fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        for player in self.players {
            player.await.unwrap();
        }
    }
}

/// A server on `database` that limits no game creations.
async fn server(database: String) -> Server {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.limits = Limits {
        games_per_minute: 0,
        ..Limits::default()
    };
    start(&config).await.unwrap()
}

/// Runs players on `database` for a while, `take_backup` in the middle; returns what was
/// acknowledged before the backup began.
async fn backup_under_load<F: std::future::Future<Output = ()>>(
    database: String,
    take_backup: impl FnOnce() -> F,
) -> HashMap<String, Vec<String>> {
    let source = server(database).await;
    let load = Load::start(source.addr, 4);
    let real = "a real load (4 games, 20 moves) before the backup";
    load.until_acknowledged(real, 4, 20).await;
    let before = load.acknowledged();
    take_backup().await;
    // The load goes on after the backup: the moves acknowledged since are not its to hold.
    let moves: usize = before.values().map(Vec::len).sum();
    let on = "moves after the backup began";
    load.until_acknowledged(on, before.len(), moves + 10).await;
    load.stop().await;
    source.stop();
    before
}

/// Checks that the server on `database` has every game of `before` with (at least) its
/// acknowledged moves.
async fn has_every_game(database: String, before: &HashMap<String, Vec<String>>) {
    let restored = server(database).await;
    let client = Client::new(restored.addr);
    for (id, acknowledged) in before {
        let stored = moves_of(&client.view(id).await);
        assert!(
            stored.starts_with(acknowledged),
            "game {id}: acknowledged {acknowledged:?}, restored {stored:?}"
        );
    }
    eprintln!(
        "restored: all {} games and {} moves acknowledged before the backup",
        before.len(),
        before.values().map(Vec::len).sum::<usize>()
    );
    restored.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sqlite_backup_taken_under_load_restores_every_game_acknowledged_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("tafel.db").display());
    let file = dir.path().join("backup.db");
    let restored = format!("sqlite://{}", dir.path().join("restored.db").display());
    let before = backup_under_load(database.clone(), || async {
        let held = backup(&database, &file).await.unwrap();
        assert!(held.games > 0, "{held:?}");
        // Restoring over a database a server is using is refused.
        let refused = restore(&file, &database, SILENCE).await.unwrap_err();
        assert!(format!("{refused:#}").contains("stop it"), "{refused:#}");
        // A backup never overwrites a file.
        let again = backup(&database, &file).await.unwrap_err();
        assert!(format!("{again:#}").contains("exists"), "{again:#}");
    })
    .await;
    restore(&file, &restored, SILENCE).await.unwrap();
    has_every_game(restored, &before).await;
}

#[tokio::test]
async fn what_is_not_a_tafel_backup_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let target = format!("sqlite://{}", dir.path().join("t.db").display());
    let garbage = dir.path().join("garbage.db");
    std::fs::write(
        &garbage,
        "not a database at all, but long enough to be read",
    )
    .unwrap();
    let error = restore(&garbage, &target, SILENCE).await.unwrap_err();
    assert!(
        format!("{error:#}").contains("not an SQLite database"),
        "{error:#}"
    );
    let missing = dir.path().join("missing.db");
    let error = restore(&missing, &target, SILENCE).await.unwrap_err();
    assert!(format!("{error:#}").contains("does not exist"), "{error:#}");
    let error = backup("postgres://tafel@localhost/tafel", &garbage)
        .await
        .unwrap_err();
    assert!(format!("{error:#}").contains("pg_dump"), "{error:#}");
    assert!(!dir.path().join("t.db").exists(), "nothing restored");
}

/// Runs a PostgreSQL client program (`pg_dump`, `pg_restore`), failing the test on failure.
fn postgres_tool(program: &str, args: &[&str]) {
    let output = std::process::Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pg_dump_taken_under_load_restores_every_game_acknowledged_before_it() {
    let Some(source) = tafel_testkit::postgres::test_database("backup_source").await else {
        return;
    };
    let target = tafel_testkit::postgres::test_database("backup_target")
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("tafel.dump");
    let dump = dump.to_str().unwrap();
    // docs/deploy.md's commands.
    let before = backup_under_load(source.clone(), || async {
        postgres_tool("pg_dump", &["--format=custom", "--file", dump, &source]);
    })
    .await;
    postgres_tool("pg_restore", &["--no-owner", "--dbname", &target, dump]);
    has_every_game(target, &before).await;
}
