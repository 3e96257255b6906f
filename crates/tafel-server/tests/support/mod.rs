//! What the server's integration tests share besides the test kit's client
//! (`tafel_testkit::client`): a server in this process, on loopback, with chosen limits.

use tafel_server::{start, Config, Limits, Server};

/// A server on a free loopback port over the database file `db`, with `limits`.
pub async fn serve_with(db: &std::path::Path, limits: Limits) -> Server {
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", db.display()),
    );
    config.limits = limits;
    start(&config).await.unwrap()
}
