//! Every refusal carries a stable code, its parameters, the request's id, and words in the
//! request's language (the `tafel_language` cookie, else `Accept-Language`, else English):
//! refusals of each layer (the HTTP layer's guard and the framework's own rejections, a
//! domain rule, online play) over HTTP and over a game's WebSocket, in English and German.

use crate::support;

use serde_json::{json, Value};
use support::serve_with;
use tafel_server::Limits;
use tafel_testkit::client::{black_path_at_one_screen, Answer, Client};
use tafel_testkit::viewer::Viewer;

/// `request` sent with the language header `language` (`Accept-Language`, or the cookie when
/// it starts with `tafel_language=`).
async fn in_language(client: &Client, request: reqwest::RequestBuilder, language: &str) -> Answer {
    let request = if language.starts_with("tafel_language=") {
        request.header("cookie", language)
    } else {
        request.header("accept-language", language)
    };
    client.send(request).await
}

/// Checks an error answer: its status, code, parameters and words; it names a request id,
/// the same as its `x-request-id` header.
fn check(answer: &Answer, status: u16, code: &str, params: Value, words: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert_eq!(answer.body["code"], code, "{}", answer.body);
    assert_eq!(answer.body["params"], params, "{}", answer.body);
    assert_eq!(answer.body["error"], words, "{}", answer.body);
    let id = answer.body["request_id"].as_str().unwrap_or_default();
    assert!(id.len() >= 32, "no request id: {}", answer.body);
    assert_eq!(answer.header("x-request-id"), id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_over_http_carry_a_code_and_words_in_the_request_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("tafel.db"), Limits::default()).await;
    let client = Client::new(server.addr);

    // The games' registry, through online play: an unknown game.
    let unknown = json!({"game": "chess", "seats": [{"kind": "local"}, {"kind": "local"}]});
    let known = "black-path, karls-race, carreaux, kauri, quarx, einstein";
    for (language, words) in [
        ("en", format!("unknown game `chess` (known: {known})")),
        (
            "de-DE,de;q=0.9",
            format!("unbekanntes Spiel `chess` (bekannt: {known})"),
        ),
        (
            "tafel_language=de",
            format!("unbekanntes Spiel `chess` (bekannt: {known})"),
        ),
        ("fr", format!("unknown game `chess` (known: {known})")),
    ] {
        let request = client.http.post(client.url("/api/games")).json(&unknown);
        let answer = in_language(&client, request, language).await;
        let params = json!({"game": "chess", "known": known});
        check(&answer, 400, "unknown-game", params, &words);
    }

    // Online play: a move by the side not to move. The side's name, a parameter, is in the
    // request's language too (Black Path's sides are the first and the second player).
    let (id, tokens) = client
        .create_at_one_screen(black_path_at_one_screen())
        .await;
    let path = format!("/api/games/{id}/moves");
    let second = json!({"token": tokens[1], "move": "1"});
    for (language, words) in [
        ("en", "it is first player's turn"),
        ("de", "Spieler 1 ist am Zug"),
    ] {
        let request = client.http.post(client.url(&path)).json(&second);
        let answer = in_language(&client, request, language).await;
        let params = json!({"name": "first player"});
        check(&answer, 409, "it-is-name-turn", params, words);
    }

    // The HTTP layer's guard: a request for a host the server does not answer for.
    let request = client
        .http
        .get(client.url("/api/catalog"))
        .header("host", "evil.example:80");
    let answer = in_language(&client, request, "de").await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert_eq!(
        answer.body["code"], "this-server-does-not-answer-for",
        "{}",
        answer.body
    );
    assert!(answer.body["error"]
        .as_str()
        .is_some_and(|e| e.contains("evil.example")));

    // The framework's own rejection (405), worded by the server too.
    let request = client.http.delete(client.url("/api/catalog"));
    for (language, words) in [
        ("en", "DELETE is not allowed here (allowed: GET,HEAD)"),
        ("de", "DELETE ist hier nicht erlaubt (erlaubt: GET,HEAD)"),
    ] {
        let answer = in_language(&client, request.try_clone().unwrap(), language).await;
        let params = json!({"method": "DELETE", "allowed": "GET,HEAD"});
        check(&answer, 405, "method-not-allowed", params, words);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_over_a_websocket_carry_a_code_and_words_in_the_socket_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("tafel.db"), Limits::default()).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client
        .create_at_one_screen(black_path_at_one_screen())
        .await;
    let path = format!("/api/games/{id}/ws");

    for (language, malformed, turn) in [
        ("en", "malformed message: ", "it is first player's turn"),
        ("de", "fehlerhafte Nachricht: ", "Spieler 1 ist am Zug"),
    ] {
        let headers = [("accept-language", language)];
        let mut viewer = Viewer::open_at(server.addr, &path, None, &headers)
            .await
            .unwrap();
        viewer.next_of("view").await;

        // The HTTP layer: a message that is not one.
        viewer.send_json(json!({"type": "dance"})).await;
        let error = viewer.next_of("error").await;
        assert_eq!(error["code"], "malformed-message", "{error}");
        assert_eq!(error["status"], 400, "{error}");
        let words = error["error"].as_str().unwrap_or_default();
        assert!(words.starts_with(malformed), "{error}");

        // A domain rule: the side not to move moves.
        let second = json!({"type": "move", "token": tokens[1], "move": "1"});
        viewer.send_json(second).await;
        let error = viewer.next_of("error").await;
        assert_eq!(error["code"], "it-is-name-turn", "{error}");
        assert_eq!(error["status"], 409, "{error}");
        assert_eq!(error["params"], json!({"name": "first player"}), "{error}");
        assert_eq!(error["error"], turn, "{error}");
        viewer.close().await;
    }
}
