//! Every status the API answers is in its OpenAPI document, so that clients generated from the
//! document expect it. Each operation of the document is sent requests of many kinds (for a
//! real game and for none, with good, malformed and mistyped bodies and queries, with and
//! without a JSON content type), in-process through the router, and every status answered must
//! be among the operation's documented responses: the status-code check that schemathesis
//! makes, over a fixed and wider set of requests than its random ones reach.

use std::collections::{BTreeMap, BTreeSet};

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::{Config, Limits};
use tower::ServiceExt;

/// A request: method, path and query, body, and whether it is sent as JSON.
struct Sent {
    method: String,
    uri: String,
    body: String,
    json: bool,
}

async fn status(router: &Router, sent: &Sent) -> u16 {
    let mut request = Request::builder()
        .method(sent.method.to_uppercase().as_str())
        .uri(&sent.uri);
    if sent.json {
        request = request.header("content-type", "application/json");
    } else if !sent.body.is_empty() {
        request = request.header("content-type", "text/plain");
    }
    let request = request.body(Body::from(sent.body.clone())).unwrap();
    router
        .clone()
        .oneshot(request)
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// The bodies tried on operations that take one: good ones for the game at hand, and broken
/// ones of every kind.
fn bodies(token: &str, game: &Value) -> Vec<(String, bool)> {
    let good = [
        json!({"token": token, "move": game["legal"][0]}),
        json!({"token": token, "move": "no such move"}),
        json!({"token": token, "answer": "offer"}),
        json!({"token": token, "answer": "accept"}),
        json!({"token": "not a token", "move": "x"}),
        json!({"invite": "no such code", "name": "Ann"}),
        json!({"seat": 1, "name": "Ann"}),
        json!({"seat": 1, "name": "\u{202e}nimdA"}),
        json!({"game": "kauri", "seats": [{"kind": "local"}, {"kind": "local"}]}),
        json!({"game": "no such game", "seats": []}),
        json!({"game": "kauri", "seats": [{"kind": "computer"}, {"kind": "local"}]}),
        json!({"record": "[Game \"kauri\"]\n\n1. x"}),
        json!({"record": "not a record"}),
        json!({"username": "Ann_L", "password": "a long enough passphrase"}),
        json!({"username": "ab", "password": "short"}),
        json!({"password": "a long enough passphrase", "new_password": "short"}),
        json!({"seats": [{"game": "nosuchgame", "token": "0123abcd"}]}),
    ];
    let mut bodies: Vec<(String, bool)> = good.iter().map(|b| (b.to_string(), true)).collect();
    for broken in ["", "{", "[]", "null", "{\"unknown\": 1}", "{\"token\": 5}"] {
        bodies.push((broken.to_string(), true));
    }
    bodies.push((json!({"token": token}).to_string(), false));
    bodies
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_status_the_api_answers_is_documented() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.limits = Limits {
        games_per_minute: 0,
        ..Limits::default()
    };
    let (router, _hub) = tafel_server::app(&config).await.unwrap();
    let document = serde_json::to_value(tafel_server::openapi()).unwrap();
    let create = Sent {
        method: "post".into(),
        uri: "/api/games".into(),
        body: json!({"game": "kauri", "seats": [{"kind": "local"}, {"kind": "local"}]}).to_string(),
        json: true,
    };
    assert_eq!(status(&router, &create).await, 200);
    let answer = router
        .clone()
        .oneshot(
            Request::post("/api/games")
                .header("content-type", "application/json")
                .body(Body::from(create.body.clone()))
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX)
        .await
        .unwrap();
    let created: Value = serde_json::from_slice(&bytes).unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    let view = &created["view"];

    let mut tried = 0;
    let mut undocumented = BTreeMap::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let documented: BTreeSet<&str> = operation["responses"]
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            let takes_body = operation.get("requestBody").is_some();
            for (game_id, game_name) in [(id.as_str(), "kauri"), ("nosuchgame", "nosuch")] {
                let base = path
                    .replace("{id}", game_id)
                    .replace("{game}", game_name)
                    .replace("{name}", "nobody");
                for query in [
                    "",
                    "?ply=9999",
                    "?ply=x",
                    "?format=xml",
                    "?limit=x",
                    "?size=9",
                ] {
                    let uri = format!("{base}{query}");
                    let mut requests = Vec::new();
                    if takes_body {
                        for (body, json) in bodies(&token, view) {
                            requests.push(Sent {
                                method: method.clone(),
                                uri: uri.clone(),
                                body,
                                json,
                            });
                        }
                    } else {
                        requests.push(Sent {
                            method: method.clone(),
                            uri: uri.clone(),
                            body: String::new(),
                            json: false,
                        });
                    }
                    for sent in requests {
                        tried += 1;
                        let answered = status(&router, &sent).await.to_string();
                        if !documented.contains(answered.as_str()) {
                            let what = format!("{} {path}: {answered}", method.to_uppercase());
                            let example = format!("e.g. {} {:?}", sent.uri, sent.body);
                            undocumented.entry(what).or_insert(example);
                        }
                    }
                }
            }
        }
    }
    assert!(tried > 500, "only {tried} requests");
    assert!(
        undocumented.is_empty(),
        "statuses the OpenAPI document does not list:\n{}",
        undocumented
            .into_iter()
            .map(|(what, example)| format!("{what} ({example})"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
