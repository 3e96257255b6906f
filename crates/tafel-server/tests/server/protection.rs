//! What every answer looks like and who may ask: every error is `{"error": "..."}` with its
//! status (the framework's rejections included), OPTIONS is answered, unknown paths get a JSON
//! or an HTML 404, every answer carries the security headers, and requests naming a foreign
//! host or coming from a foreign page are refused.

use crate::support;

use serde_json::json;
use support::serve_with;
use tafel_server::http::guard::CONTENT_SECURITY_POLICY;
use tafel_server::Limits;
use tafel_testkit::client::reqwest::Method;
use tafel_testkit::client::{black_path_at_one_screen, Client};
use tafel_testkit::viewer::tungstenite;

async fn server() -> (tafel_server::Server, Client, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let client = Client::new(server.addr);
    (server, client, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_is_json_with_its_status() {
    let (_server, client, _dir) = server().await;
    let (id, _) = client.create(black_path_at_one_screen()).await;
    let url = |path: &str| format!("{}{path}", client.base);
    let body = |text: &'static str| {
        client
            .http
            .post(url("/api/games"))
            .header("content-type", "application/json")
            .body(text)
    };
    let cases = [
        // Malformed JSON.
        (body("{not json"), 400, "parse the request body as JSON"),
        // Well-formed JSON of the wrong shape.
        (body(r#"{"game": 7, "seats": []}"#), 422, "invalid type"),
        (body(r#"{"game": "quarx"}"#), 422, "missing field `seats`"),
        // No JSON content type.
        (
            client.http.post(url("/api/games")).body("{}"),
            415,
            "Content-Type",
        ),
        // Too large.
        (
            client
                .http
                .post(url("/api/import"))
                .json(&json!({"record": "x".repeat(tafel_server::MAX_BODY), "seats": []})),
            413,
            "larger than the limit of 256 KiB",
        ),
        // A method the path does not take.
        (
            client.http.delete(url(&format!("/api/games/{id}"))),
            405,
            "DELETE is not allowed here (allowed: GET,HEAD)",
        ),
        // A bad query.
        (
            client.http.get(url(&format!("/api/games/{id}?ply=minus"))),
            400,
            "ply",
        ),
        // Unknown API paths.
        (
            client.http.get(url("/api/nothing/here")),
            404,
            "no API endpoint at `/api/nothing/here`",
        ),
        (client.http.get(url("/api")), 404, "no API endpoint"),
        // A WebSocket path without the upgrade.
        (
            client.http.get(url(&format!("/api/games/{id}/ws"))),
            400,
            "",
        ),
    ];
    for (request, status, message) in cases {
        let answer = client.send(request).await;
        assert_eq!(answer.status, status, "{}", answer.body);
        assert!(
            answer
                .header("content-type")
                .starts_with("application/json"),
            "{status}: {}",
            answer.header("content-type")
        );
        assert!(
            answer.error().contains(message),
            "{status}: {} lacks {message:?}",
            answer.body
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_says_which_methods_a_path_takes() {
    let (_server, client, _dir) = server().await;
    let answer = client
        .send(
            client
                .http
                .request(Method::OPTIONS, format!("{}/api/games", client.base)),
        )
        .await;
    assert_eq!(answer.status, 204);
    let allowed = answer.header("allow");
    for method in ["GET", "POST", "OPTIONS"] {
        assert!(allowed.contains(method), "{allowed}");
    }
    let answer = client
        .send(
            client
                .http
                .request(Method::OPTIONS, format!("{}/api/nowhere", client.base)),
        )
        .await;
    assert_eq!(answer.status, 404);
    assert!(answer.error().contains("no API endpoint"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_pages_get_an_html_404() {
    let (_server, client, _dir) = server().await;
    for path in ["/nowhere", "/game/x/y", "/rules", "/assets/nothing.js"] {
        let answer = client.get(path).await;
        assert_eq!(answer.status, 404, "{path}");
        assert!(answer.header("content-type").starts_with("text/html"));
        assert!(answer.body.as_str().unwrap().contains("Page not found"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let (_server, client, _dir) = server().await;
    for path in [
        "/",
        "/game/abc",
        "/assets/app.js",
        "/api/catalog",
        "/api/games/nosuchgame",
        "/nowhere",
    ] {
        let answer = client.get(path).await;
        assert_eq!(
            answer.header("content-security-policy"),
            CONTENT_SECURITY_POLICY,
            "{path}"
        );
        assert!(!CONTENT_SECURITY_POLICY.contains("unsafe-inline"));
        assert!(CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
        assert_eq!(answer.header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(answer.header("x-frame-options"), "DENY", "{path}");
        assert_eq!(answer.header("referrer-policy"), "no-referrer", "{path}");
    }
    // The page itself has no inline script for the policy to block.
    let page = client.get("/").await;
    let page = page.body.as_str().unwrap();
    for script in page.split("<script").skip(1) {
        assert!(
            script.contains("src="),
            "inline script in the page: {script}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_hosts_and_pages_are_refused() {
    let (server, client, _dir) = server().await;
    let (id, tokens) = client.create(black_path_at_one_screen()).await;
    let token = tokens[0].clone().unwrap();
    let own = format!("http://{}", server.addr);

    // DNS rebinding: the request names another host.
    let answer = client
        .send(
            client
                .http
                .get(format!("{own}/api/games"))
                .header("host", "evil.example"),
        )
        .await;
    assert_eq!(answer.status, 403);
    assert!(answer.error().contains("evil.example"), "{}", answer.body);

    // A foreign page may not create games or move; the server's own page may.
    let create = |origin: &str| {
        client
            .http
            .post(format!("{own}/api/games"))
            .header("origin", origin)
            .json(&black_path_at_one_screen())
    };
    let answer = client.send(create("https://evil.example")).await;
    assert_eq!(answer.status, 403);
    assert!(answer.error().contains("evil.example"));
    assert_eq!(client.send(create(&own)).await.status, 200);
    let answer = client
        .send(
            client
                .http
                .post(format!("{own}/api/games/{id}/moves"))
                .header("origin", "null")
                .json(&json!({"token": token, "move": "2"})),
        )
        .await;
    assert_eq!(answer.status, 403);

    // A foreign page cannot open a game's WebSocket; the server's own page can.
    match client.try_watch(&id, Some("https://evil.example")).await {
        Err(tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 403);
            let body = String::from_utf8(response.body().clone().unwrap_or_default()).unwrap();
            assert!(body.contains("not accepted"), "{body}");
        }
        Ok(_) => panic!("a foreign page opened a WebSocket"),
        Err(other) => panic!("expected a 403, got {other}"),
    }
    assert!(client.try_watch(&id, Some(&own)).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_url_is_accepted_as_host_and_origin() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = tafel_server::Config::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", dir.path().join("t.db").display()),
    );
    config.public_urls = vec!["https://games.example.org".parse().unwrap()];
    let server = tafel_server::start(&config).await.unwrap();
    let client = Client::new(server.addr);
    // As a reverse proxy would pass it on: the public host, the public page's origin.
    let answer = client
        .send(
            client
                .http
                .post(format!("{}/api/games", client.base))
                .header("host", "games.example.org")
                .header("origin", "https://games.example.org")
                .json(&black_path_at_one_screen()),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = client
        .send(
            client
                .http
                .get(format!("{}/api/games", client.base))
                .header("host", "other.example.org"),
        )
        .await;
    assert_eq!(answer.status, 403);
}
