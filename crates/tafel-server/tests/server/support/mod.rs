//! What the server's integration tests share besides the test kit's client
//! (`tafel_testkit::client`): a server in this process, on loopback, with chosen limits.

use tafel_server::domain::clock::Timeline;
use tafel_server::{start, Config, Limits, Server};

/// A server on a free loopback port over the database file `db`, with `limits`.
pub async fn serve_with(db: &std::path::Path, limits: Limits) -> Server {
    serve_on(db, limits, Timeline::default()).await
}

/// [`serve_with`], on `timeline` (which the test moves on, and may share with the next server
/// it starts on `db`).
pub async fn serve_on(db: &std::path::Path, limits: Limits, timeline: Timeline) -> Server {
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", db.display()),
    );
    config.limits = limits;
    config.timeline = timeline;
    start(&config).await.unwrap()
}
