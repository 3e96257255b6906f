//! Limits on what one client can hold: half-sent requests, connections in all and per address,
//! idle connections, WebSockets (their number and the pings that close dead ones), and game
//! creations per address. Each test runs a real server on loopback with small limits.

use crate::support;

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use support::serve_with;
use tafel_server::Limits;
use tafel_testkit::client::{black_path_at_one_screen, connect_from, Client};
use tafel_testkit::viewer::tungstenite;
use tafel_testkit::wait;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Opens `n` connections from `from` that send the first line of a request and nothing more,
/// and waits until the server has taken them.
async fn half_sent(addr: SocketAddr, from: IpAddr, n: usize) -> Vec<TcpStream> {
    let mut held = Vec::new();
    for _ in 0..n {
        let mut stream = connect_from(addr, from).await.unwrap();
        stream.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        held.push(stream);
    }
    // The accept loop takes them asynchronously, and says nothing when it has: a request to
    // find out would itself take one of the places these are to fill.
    tokio::time::sleep(Duration::from_millis(200)).await;
    held
}

const HOME: &str = "127.0.0.1";
const NEIGHBOUR: &str = "127.0.0.2";

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

/// A client whose connections come from `from` (another loopback address is another client).
fn client_from(server: &tafel_server::Server, from: &str) -> Client {
    Client::from_address(server.addr, ip(from))
}

/// Whether the server closes `stream` within `limit` (end of stream or reset).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue, // an answer (408, say) before the close
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_half_sent_requests_do_not_stop_the_catalog() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let held = half_sent(server.addr, ip(HOME), 300).await;
    let client = Client::new(server.addr);
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(1), client.get("/api/catalog"))
        .await
        .expect("the catalog answers within a second");
    assert_eq!(answer.status, 200);
    assert!(answer.body["games"].as_array().unwrap().len() >= 5);
    assert!(started.elapsed() < Duration::from_secs(1));
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        header_timeout: Duration::from_millis(500),
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let started = Instant::now();
    let mut held = half_sent(server.addr, ip(HOME), 50).await;
    for stream in &mut held {
        assert!(closed_within(stream, Duration::from_secs(3)).await);
    }
    assert!(
        started.elapsed() >= Duration::from_millis(450),
        "not before the timeout"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_stops_sending_its_body_is_closed_when_idle() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        idle_timeout: Duration::from_millis(400),
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(
            b"POST /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n\
              content-length: 100\r\n\r\n{\"game\":",
        )
        .await
        .unwrap();
    assert!(closed_within(&mut stream, Duration::from_secs(3)).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_limit_get_a_json_503_and_room_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        max_connections: 10,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let held = half_sent(server.addr, ip(HOME), 10).await;
    let client = Client::new(server.addr);
    let answer = client.get("/api/catalog").await;
    assert_eq!(answer.status, 503);
    assert!(
        answer.error().contains("open connections"),
        "{}",
        answer.body
    );
    assert_eq!(answer.header("retry-after"), "5");
    drop(held);
    wait::until(Duration::from_secs(5), "room again", || async {
        match Client::new(server.addr).get("/api/catalog").await.status {
            200 => Ok(()),
            refused => Err(refused),
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_connection() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        max_connections_per_address: 5,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let held = half_sent(server.addr, ip(HOME), 5).await;
    let answer = client_from(&server, HOME).get("/api/catalog").await;
    assert_eq!(answer.status, 503);
    assert!(answer.error().contains("your address"), "{}", answer.body);
    let answer = client_from(&server, NEIGHBOUR).get("/api/catalog").await;
    assert_eq!(answer.status, 200, "another address is served");
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_have_a_limit_and_dead_ones_are_closed_by_pings() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        max_websockets: 2,
        ws_ping: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client.create(black_path_at_one_screen()).await;

    // A live viewer: reads (and so answers pings) all along, counting the views it gets.
    let live = client.watch(&id).await;
    let (views_tx, mut views) = tokio::sync::mpsc::unbounded_channel();
    let reader = tokio::spawn(async move {
        let mut live = live;
        while let Some(Ok(message)) = live.next().await {
            if message.is_text() {
                let _ = views_tx.send(message.into_text().unwrap().to_string());
            }
        }
    });
    // A dead one: connected, but never read again, so it answers no ping.
    let dead = client.watch(&id).await;

    let Err(refused) = client.try_watch(&id, None).await else {
        panic!("a WebSocket over the limit was opened");
    };
    match refused {
        tungstenite::Error::Http(response) => {
            assert_eq!(response.status().as_u16(), 503);
            let body = String::from_utf8(response.body().clone().unwrap_or_default()).unwrap();
            assert!(body.contains("WebSockets"), "{body}");
        }
        other => panic!("expected a 503, got {other}"),
    }

    // The dead socket is pinged after 0.3 s of silence and closed 0.3 s later; its place is
    // free again, while the live viewer stays.
    let what = "the dead socket's place free";
    let _third = wait::until(Duration::from_secs(5), what, || client.try_watch(&id, None)).await;
    let moved = client.play(&id, tokens[0].as_ref().unwrap(), "2").await;
    assert_eq!(moved.status, 200);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let view = tokio::time::timeout_at(deadline.into(), views.recv())
            .await
            .expect("the live viewer still gets views")
            .unwrap();
        if view.contains("\"moves\":[\"2\"]") {
            break;
        }
    }
    drop(dead);
    reader.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_and_importing_games_is_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        games_burst: 3,
        games_per_minute: 1,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let home = client_from(&server, HOME);
    for _ in 0..3 {
        home.create(black_path_at_one_screen()).await;
    }
    let answer = home.post("/api/games", black_path_at_one_screen()).await;
    assert_eq!(answer.status, 429);
    assert!(answer.error().contains("many games"), "{}", answer.body);
    let wait: u64 = answer.header("retry-after").parse().unwrap();
    assert!((50..=60).contains(&wait), "one game a minute: {wait}");
    let record = "[Game \"black-path\"]\n[Settings \"size=4x4\"]\n\n1. 2\n";
    let answer = home
        .post(
            "/api/import",
            json!({"record": record, "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await;
    assert_eq!(answer.status, 429, "importing counts too: {}", answer.body);
    // Reading is not limited, and another address has its own allowance.
    assert_eq!(home.get("/api/games").await.status, 200);
    client_from(&server, NEIGHBOUR)
        .create(black_path_at_one_screen())
        .await;
}
