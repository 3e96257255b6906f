//! The client's address behind a reverse proxy (`--trusted-proxies`): from a trusted proxy the
//! per-address limits count the client its `X-Forwarded-For` names, from anyone else that
//! header changes nothing. A real server on loopback; the proxy is played by a client from
//! 127.0.0.1 (trusted) and a client from 127.0.0.2 (not trusted); then real nginx and Caddy,
//! each with the configuration `docs/deploy.md` documents, read from it.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::Command;

use serde_json::json;
use tafel_server::proxies::TrustedProxies;
use tafel_server::{start, Config, Limits, Server};
use tafel_testkit::client::{connect_from, Answer, Client};
use tafel_testkit::proxy::{documented, documented_nginx, free_address, nginx_command, Proxy};
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
    wrong_password_as(client, forwarded_for, "nobody").await
}

/// A failed sign-in as `username` sent by `client` with `X-Forwarded-For: forwarded_for`.
async fn wrong_password_as(client: &Client, forwarded_for: &str, username: &str) -> Answer {
    let request = client
        .http
        .post(client.url("/api/session"))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"username": username, "password": "not the password"}));
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

/// The Caddyfile `docs/deploy.md` documents, made to run here: the instance at `upstream`
/// instead of the documented ones, plain HTTP on `listen` instead of the documented name (and
/// its certificate), no admin endpoint.
fn documented_caddy(upstream: SocketAddr, listen: SocketAddr) -> String {
    let mut site = String::from("{\n    admin off\n}\n");
    let mut upstreams = 0;
    for line in documented("caddyfile").lines() {
        let directive = line.trim_start();
        if directive.starts_with("reverse_proxy ") {
            upstreams += directive.matches("127.0.0.1:").count();
            site.push_str(&format!("    reverse_proxy {upstream} {{\n"));
        } else if directive.ends_with('{') && !line.starts_with(' ') {
            site.push_str(&format!("http://{listen} {{\n"));
        } else {
            site.push_str(line);
            site.push('\n');
        }
    }
    assert!(
        upstreams > 0,
        "the documented reverse_proxy lists its instances"
    );
    site
}

/// A proxy program, when it is installed: `variable` names it, else Debian's `path`
/// (`scripts/test proxies` installs it); `None`, said on standard error, when there is none
/// and `TAFEL_TEST_PROXIES` is unset (`scripts/test` sets it, so there it fails instead).
fn installed(variable: &str, path: &str) -> Option<PathBuf> {
    let path = std::env::var_os(variable).map_or_else(|| PathBuf::from(path), PathBuf::from);
    if path.is_file() {
        return Some(path);
    }
    assert!(
        std::env::var_os("TAFEL_TEST_PROXIES").is_none(),
        "{} is missing",
        path.display()
    );
    eprintln!("{} not found, so it is not tested", path.display());
    None
}

/// What the must-show of issue #44 asks of each proxy: behind `proxy` (in front of `server`,
/// which trusts it), 40 failed sign-ins from one client address (each naming the other
/// client in a forged `X-Forwarded-For`) do not stop the other client's sign-in; the same sent
/// to the server directly from an untrusted peer is counted as that peer.
async fn one_clients_failed_sign_ins_stop_no_other(server: &Server, proxy: &Proxy) {
    let (attacker, player) = (
        Client::from_address(proxy.addr, ip("127.0.0.2")),
        Client::from_address(proxy.addr, ip("127.0.0.3")),
    );
    let password = "a long and good passphrase";
    let up = player
        .post(
            "/api/account",
            json!({"username": "ann", "password": password}),
        )
        .await;
    assert_eq!(up.status, 201, "{}", up.body);

    // The proxy appends the address it was reached from, so the attempts count as
    // 127.0.0.2's, refused past the 30 of its burst; another username each time, so that the
    // limit per account plays no part.
    let mut refused = 0;
    for i in 0..40 {
        let answer = wrong_password_as(&attacker, "127.0.0.3", &format!("guess{i}")).await;
        assert!(matches!(answer.status, 401 | 429), "{}", answer.body);
        refused += usize::from(answer.status == 429);
    }
    assert_eq!(refused, 10, "the attacker's address is limited after 30");
    let sign_in = json!({"username": "ann", "password": password});
    let answer = player.post("/api/session", sign_in.clone()).await;
    assert_eq!(answer.status, 200, "the player signs in: {}", answer.body);

    // Straight to the server from an untrusted peer, a forged header changes nothing.
    let stranger = Client::from_address(server.addr, ip("127.0.0.4"));
    let mut refused = 0;
    for i in 0..40 {
        let answer = wrong_password_as(&stranger, "127.0.0.3", &format!("guess{i}")).await;
        refused += usize::from(answer.status == 429);
    }
    assert_eq!(
        refused, 10,
        "counted as 127.0.0.4, not as the forged address"
    );
    let answer = player.post("/api/session", sign_in).await;
    assert_eq!(
        answer.status, 200,
        "the player still signs in: {}",
        answer.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_the_documented_nginx_one_clients_failed_sign_ins_stop_no_other() {
    let Some(nginx) = installed("TAFEL_TEST_NGINX", "/usr/sbin/nginx") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = behind_proxy(&dir.path().join("t.db"), Limits::default()).await;
    let listen = free_address();
    let conf = dir.path().join("nginx.conf");
    std::fs::write(&conf, documented_nginx(&[server.addr], listen, dir.path())).unwrap();
    let command = nginx_command(&nginx, dir.path(), &conf);
    let proxy = Proxy::start(command, listen, dir.path()).await;
    one_clients_failed_sign_ins_stop_no_other(&server, &proxy).await;
    drop(proxy);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_the_documented_caddy_one_clients_failed_sign_ins_stop_no_other() {
    let Some(caddy) = installed("TAFEL_TEST_CADDY", "/usr/bin/caddy") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = behind_proxy(&dir.path().join("t.db"), Limits::default()).await;
    let listen = free_address();
    let conf = dir.path().join("Caddyfile");
    std::fs::write(&conf, documented_caddy(server.addr, listen)).unwrap();
    let mut command = Command::new(caddy);
    command
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(&conf)
        // Caddy keeps its state under the home directory: the test's directory instead.
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path());
    let proxy = Proxy::start(command, listen, dir.path()).await;
    one_clients_failed_sign_ins_stop_no_other(&server, &proxy).await;
    drop(proxy);
    server.stop();
}
