//! The client's address behind a reverse proxy (`--trusted-proxies`): from a trusted proxy the
//! per-address limits count the client its `X-Forwarded-For` names, from anyone else that
//! header changes nothing. A real server on loopback; the proxy is played by a client from
//! 127.0.0.1 (trusted) and a client from 127.0.0.2 (not trusted).

use std::net::IpAddr;

use serde_json::json;
use tafel_server::proxies::TrustedProxies;
use tafel_server::{start, Config, Limits, Server};
use tafel_testkit::client::{connect_from, Answer, Client};
use tokio::io::AsyncWriteExt;

const PROXY: &str = "127.0.0.1";
const STRANGER: &str = "127.0.0.2";

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

/// A server trusting the proxy at [`PROXY`] only, with `limits`.
async fn behind_proxy(db: &std::path::Path, limits: Limits) -> Server {
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", db.display()),
    );
    config.trusted_proxies = TrustedProxies::new(vec![PROXY.parse().unwrap()]);
    config.limits = limits;
    start(&config).await.unwrap()
}

/// Three sign-in attempts per client address, none per account.
fn three_sign_ins() -> Limits {
    Limits {
        sign_ins_burst: 3,
        account_sign_ins_per_minute: 0,
        ..Limits::default()
    }
}

/// A failed sign-in sent by `client` with `X-Forwarded-For: forwarded_for`.
async fn wrong_password(client: &Client, forwarded_for: &str) -> Answer {
    let request = client
        .http
        .post(client.url("/api/session"))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"username": "nobody", "password": "not the password"}));
    client.send(request).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxys_clients_are_limited_each_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let server = behind_proxy(&dir.path().join("t.db"), three_sign_ins()).await;
    let proxy = Client::from_address(server.addr, ip(PROXY));
    for _ in 0..3 {
        assert_eq!(wrong_password(&proxy, "203.0.113.1").await.status, 401);
    }
    let refused = wrong_password(&proxy, "203.0.113.1").await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(
        refused.error().contains("from this address"),
        "{}",
        refused.body
    );
    // Another client behind the same proxy still may; what a client writes to the left of
    // the proxy's entry does not make it another.
    assert_eq!(wrong_password(&proxy, "203.0.113.2").await.status, 401);
    assert_eq!(
        wrong_password(&proxy, "198.51.100.7, 203.0.113.1")
            .await
            .status,
        429
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_header_from_an_untrusted_peer_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = behind_proxy(&dir.path().join("t.db"), three_sign_ins()).await;
    let stranger = Client::from_address(server.addr, ip(STRANGER));
    for forged in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
        assert_eq!(wrong_password(&stranger, forged).await.status, 401);
    }
    let refused = wrong_password(&stranger, "203.0.113.4").await;
    assert_eq!(
        refused.status, 429,
        "counted as {STRANGER}: {}",
        refused.body
    );
    // The forged addresses were never counted: the proxy's client 203.0.113.1 is not limited.
    let proxy = Client::from_address(server.addr, ip(PROXY));
    assert_eq!(wrong_password(&proxy, "203.0.113.1").await.status, 401);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxys_connections_are_not_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        max_connections_per_address: 2,
        ..Limits::default()
    };
    let server = behind_proxy(&dir.path().join("t.db"), limits).await;
    let mut held = Vec::new();
    for from in [PROXY, PROXY, STRANGER, STRANGER] {
        let mut stream = connect_from(server.addr, ip(from)).await.unwrap();
        stream.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        held.push(stream);
    }
    // The accept loop takes them asynchronously.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let proxy = Client::from_address(server.addr, ip(PROXY));
    assert_eq!(proxy.get("/api/catalog").await.status, 200);
    let stranger = Client::from_address(server.addr, ip(STRANGER));
    let refused = stranger.get("/api/catalog").await;
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert!(refused.error().contains("your address"), "{}", refused.body);
    drop(held);
    server.stop();
}
