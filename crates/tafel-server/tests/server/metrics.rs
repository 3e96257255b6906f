//! Watched (issue #44): a real Prometheus scrapes a real `tafel serve`'s `/metrics`, and every
//! metric the operator's guide names is there, read back through Prometheus's HTTP API; the
//! public listener does not serve `/metrics`; `/readyz` turns unready while the server drains
//! after SIGTERM, while `/healthz` stays alive; the JSON log's line for a request carries the
//! request's id.
//!
//! Prometheus is Debian's package: `scripts/test metrics` installs it and names it in
//! `TAFEL_PROMETHEUS`. Without that variable the test says so and passes.

use crate::process;

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use process::Instance;
use serde_json::{json, Value};
use tafel_testkit::client::{black_path_at_one_screen, reqwest, Client};
use tafel_testkit::wait;

/// A Prometheus server scraping one target every half second; stopped when dropped.
struct Prometheus {
    child: Child,
    api: String,
}

impl Prometheus {
    /// Starts `binary` on a free loopback port, scraping `target`'s `/metrics`, its data in
    /// `folder`.
    fn start(binary: &str, target: SocketAddr, folder: &Path) -> Prometheus {
        let config = folder.join("prometheus.yml");
        std::fs::write(
            &config,
            format!(
                "global:\n  scrape_interval: 500ms\n  scrape_timeout: 400ms\n\
                 scrape_configs:\n  - job_name: tafel\n    static_configs:\n      \
                 - targets: ['{target}']\n"
            ),
        )
        .unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(binary)
            .arg(format!("--config.file={}", config.display()))
            .arg(format!(
                "--storage.tsdb.path={}",
                folder.join("data").display()
            ))
            .arg(format!("--web.listen-address=127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {binary}: {e}"));
        Prometheus {
            child,
            api: format!("http://127.0.0.1:{port}/api/v1"),
        }
    }

    /// The series an instant query finds now (none while Prometheus is starting).
    async fn query(&self, query: &str) -> Vec<Value> {
        let answer = reqwest::Client::new()
            .get(format!("{}/query", self.api))
            .query(&[("query", query)])
            .send()
            .await;
        let Ok(answer) = answer else {
            return Vec::new();
        };
        let body: Value = answer.json().await.unwrap_or(Value::Null);
        body["data"]["result"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Waits (up to 30 s) until `query` finds a series; returns them.
    async fn wait_for(&self, query: &str) -> Vec<Value> {
        let what = format!("Prometheus finding `{query}`");
        wait::until(Duration::from_secs(30), &what, || async {
            let found = self.query(query).await;
            if found.is_empty() {
                Err("no series")
            } else {
                Ok(found)
            }
        })
        .await
    }
}

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prometheus_scrapes_every_metric_and_readyz_turns_unready_while_draining() {
    let Ok(binary) = std::env::var("TAFEL_PROMETHEUS") else {
        eprintln!(
            "TAFEL_PROMETHEUS is not set: no Prometheus to scrape with (scripts/test metrics)"
        );
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", folder.path().join("tafel.db").display());
    let mut tafel = Instance::start_with(
        &database,
        &[
            "--metrics-listen",
            "127.0.0.1:0",
            "--drain-delay",
            "4",
            "--log-format",
            "json",
            "--access-log",
        ],
    );
    let metrics = tafel.metrics.expect("the metrics listener's address");
    let prometheus = Prometheus::start(&binary, metrics, folder.path());

    // The public listener does not show the metrics.
    assert_eq!(tafel.get("/metrics").await.status, 404);

    // Something to count: a game with a move, a game of the computer with its move, a
    // refused sign-in, an open WebSocket.
    let (id, tokens) = tafel.create_at_one_screen(black_path_at_one_screen()).await;
    let view = tafel.view(&id).await;
    let mv = view["legal"][0].as_str().unwrap().to_string();
    let played = tafel.play(&id, &tokens[0], &mv).await;
    assert_eq!(played.status, 200, "{}", played.text);
    let (computer, _) = tafel
        .create(json!({"game": "black-path", "seats": [{"kind": "computer", "level": 1}, {"kind": "computer", "level": 1}]}))
        .await;
    let refused = tafel
        .post(
            "/api/session",
            json!({"username": "nobody", "password": "not the password"}),
        )
        .await;
    assert_eq!(refused.status, 401, "{}", refused.text);
    let mut viewer = tafel.watch(&computer).await;

    // Every metric docs/deploy.md names, through Prometheus.
    let route = prometheus
        .wait_for(r#"tafel_http_request_duration_seconds_count{route="/api/games/{id}/moves",method="POST",status="200"}"#)
        .await;
    assert_eq!(route[0]["value"][1], "1", "{route:?}");
    prometheus
        .wait_for(r#"tafel_http_request_duration_seconds_bucket{route="/api/games",le="+Inf"}"#)
        .await;
    // Raw paths never become labels.
    let raw = prometheus
        .query(&format!(
            r#"tafel_http_request_duration_seconds_count{{route=~".*{id}.*"}}"#
        ))
        .await;
    assert!(raw.is_empty(), "{raw:?}");
    prometheus
        .wait_for(r#"tafel_moves_total{by="person"} >= 1"#)
        .await;
    prometheus
        .wait_for(r#"tafel_moves_total{by="computer"} >= 1"#)
        .await;
    prometheus.wait_for("tafel_games_in_memory >= 2").await;
    prometheus.wait_for("tafel_websockets_open == 1").await;
    for kind in ["reply", "hint", "unattended", "analysis"] {
        prometheus
            .wait_for(&format!(r#"tafel_search_queue{{kind="{kind}"}}"#))
            .await;
    }
    prometheus.wait_for("tafel_searches_running").await;
    prometheus
        .wait_for(r#"tafel_db_connections{state="idle"}"#)
        .await;
    prometheus
        .wait_for(r#"tafel_db_connections{state="in_use"}"#)
        .await;
    prometheus.wait_for("tafel_db_connections_max >= 1").await;
    prometheus
        .wait_for(r#"tafel_sign_in_refusals_total{reason="credentials"} == 1"#)
        .await;
    prometheus
        .wait_for("tafel_results_outbox_backlog == 0")
        .await;
    prometheus.wait_for("tafel_draining == 0").await;

    // The JSON log's line for the refused sign-in carries its request id.
    let request_id = refused.header("x-request-id").to_string();
    assert!(!request_id.is_empty());
    let logged = tafel.output.lock().unwrap().iter().any(|line| {
        serde_json::from_str::<Value>(line).is_ok_and(|entry| {
            entry["span"]["id"] == request_id.as_str() && entry["fields"]["status"] == 401
        })
    });
    assert!(logged, "no JSON line with request id {request_id}");

    // Draining: unready at once (the reason in the answer), alive, the WebSocket told to
    // reconnect, and Prometheus sees it.
    assert_eq!(tafel.get("/readyz").await.status, 200);
    let client = Client::new(tafel.addr());
    tafel.terminate();
    let unready = wait::until(Duration::from_secs(2), "unready", || async {
        let answer = client.get("/readyz").await;
        if answer.status == 200 {
            Err(answer.text)
        } else {
            Ok(answer)
        }
    })
    .await;
    assert_eq!(unready.status, 503, "{}", unready.text);
    assert_eq!(
        unready.body["code"], "server-is-draining",
        "{}",
        unready.text
    );
    assert_eq!(client.get("/healthz").await.status, 200);
    viewer.next_of("reconnect").await;
    prometheus.wait_for("tafel_draining == 1").await;
    // After the drain delay the server stops and exits by itself.
    let status = tafel.wait_for_exit(Duration::from_secs(20));
    assert!(status.success(), "{status}");
}
