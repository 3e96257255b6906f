//! The rematch as an offer, over HTTP and the game's WebSocket, on a server in this process:
//! offered, then accepted (the new game made and its clock started only then), declined,
//! cancelled, or gone when a player leaves the page; what each side is told.

use crate::support;

use std::time::Duration;

use serde_json::{json, Value};
use support::serve_on;
use tafel_server::domain::clock::Timeline;
use tafel_server::{Limits, Server};
use tafel_testkit::client::{Answer, Client};
use tafel_testkit::viewer::Viewer;

/// A server on `timeline`, which the test moves on by hand.
async fn serve(dir: &tempfile::TempDir, timeline: &Timeline) -> Server {
    serve_on(
        &dir.path().join("tafel.db"),
        Limits::default(),
        timeline.clone(),
    )
    .await
}

/// A finished game of Black Path with a clock between Hal (the host) and Ada (invited): the
/// host resigned. Its id, the host's and the guest's tokens.
async fn finished(client: &Client) -> (String, String, String) {
    let clock = json!({"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3});
    let body = json!({"game": "black-path", "settings": {"size": "4x4"}, "time_control": clock});
    let (id, host, guest) = client.host_and_guest(body, client).await;
    assert_eq!(
        act(client, &id, &host, None).await.status,
        409,
        "not before the end"
    );
    let resigned = client
        .post(&format!("/api/games/{id}/resign"), json!({"token": host}))
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    (id, host, guest)
}

/// Posts a rematch answer (`action`, or none: an offer) for `token` in game `id`.
async fn act(client: &Client, id: &str, token: &str, action: Option<&str>) -> Answer {
    let body = match action {
        Some(action) => json!({"token": token, "action": action}),
        None => json!({"token": token}),
    };
    client.post(&format!("/api/games/{id}/rematch"), body).await
}

/// A WebSocket on game `id` that has had its first view and holds `token`'s seat.
async fn watch_as(client: &Client, id: &str, token: &str) -> Viewer {
    let mut viewer = client.watch(id).await;
    viewer.next_of("view").await;
    let hello = json!({"type": "hello", "tokens": [token]});
    viewer.send_json(hello).await;
    viewer
}

/// The next view on `socket` whose rematch offer is `offer`.
async fn view_with_offer(socket: &mut Viewer, offer: &Value) -> Value {
    loop {
        let view = socket.next_of("view").await["view"].clone();
        if view["proposals"].get("rematch").unwrap_or(&Value::Null) == offer {
            return view;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_makes_no_game_and_no_clock_runs_until_it_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let timeline = Timeline::default();
    let server = serve(&dir, &timeline).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = finished(&client).await;
    let mut host_socket = watch_as(&client, &id, &host).await;
    let mut guest_socket = watch_as(&client, &id, &guest).await;

    // The host offers: nothing is made, both see the offer, an answer by the offerer is refused.
    let offered = act(&client, &id, &host, None).await;
    assert_eq!(offered.status, 200, "{}", offered.body);
    assert_eq!(offered.body["state"], "offered");
    assert!(offered.body["id"].is_null(), "{}", offered.body);
    view_with_offer(&mut guest_socket, &json!([0])).await;
    view_with_offer(&mut host_socket, &json!([0])).await;
    let twice = act(&client, &id, &host, Some("offer")).await;
    assert_eq!(
        (twice.status, twice.body["code"].as_str()),
        (409, Some("you-have-offered-a-rematch"))
    );
    let old = client.get(&format!("/api/games/{id}")).await.body;
    assert!(old["rematch"].is_null(), "no game before the answer: {old}");
    assert_eq!(old["proposals"]["rematch"], json!([0]));

    // A minute passes before the guest accepts: the rematch's clocks are full.
    timeline.advance(Duration::from_secs(60));
    let accepted = act(&client, &id, &guest, Some("accept")).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.body["state"], "made");
    let rematch = accepted.body["id"].as_str().unwrap().to_string();
    assert_eq!(accepted.body["seats"][0]["seat"], 0, "the sides swapped");
    for socket in [&mut host_socket, &mut guest_socket] {
        let made = socket.next_of("rematch").await;
        assert_eq!(
            (made["id"].as_str(), made["seat"].as_u64()),
            (Some(rematch.as_str()), Some(1))
        );
    }
    let view = client.get(&format!("/api/games/{rematch}")).await.body;
    // (Real time runs on as well: the running clock may have lost a few milliseconds since.)
    let remaining = &view["clock"]["remaining_ms"];
    assert!(remaining[0].as_i64().unwrap() > 295_000, "{view}");
    assert_eq!(remaining[1], 300_000, "{view}");
    assert_eq!(view["seats"][0]["player"], "Ada");
    assert_eq!(view["rematch_of"], id.as_str());
    // The host, told, takes the other seat of the same rematch; the offer is gone.
    let host_side = act(&client, &id, &host, None).await;
    assert_eq!(host_side.body["id"], rematch.as_str());
    assert_eq!(host_side.body["seats"][0]["seat"], 1);
    let old = client.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(old["rematch"], rematch.as_str());
    assert!(old["proposals"].get("rematch").is_none(), "{old}");
    let late = act(&client, &id, &guest, Some("decline")).await;
    assert_eq!(late.status, 409, "made already: {}", late.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_declined_or_cancelled_is_told_and_makes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let timeline = Timeline::default();
    let server = serve(&dir, &timeline).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = finished(&client).await;
    let mut socket = watch_as(&client, &id, &host).await;
    let nothing = act(&client, &id, &guest, Some("accept")).await;
    assert_eq!(nothing.body["code"], "there-is-no-rematch-offer-to-accept");

    // Declined by the guest.
    act(&client, &id, &host, None).await;
    let declined = act(&client, &id, &guest, Some("decline")).await;
    assert_eq!(declined.body["state"], "declined", "{}", declined.body);
    let told = socket.next_of("answered").await;
    assert_eq!(
        told,
        json!({"type": "answered", "proposal": "rematch", "seat": 1, "answer": "declined"})
    );
    // Offered by the guest, cancelled by the guest.
    act(&client, &id, &guest, None).await;
    let cancelled = act(&client, &id, &guest, Some("decline")).await;
    assert_eq!(cancelled.body["state"], "declined");
    let told = socket.next_of("answered").await;
    assert_eq!(
        (told["seat"].as_u64(), told["answer"].as_str()),
        (Some(1), Some("withdrawn"))
    );
    let old = client.get(&format!("/api/games/{id}")).await.body;
    assert!(
        old["rematch"].is_null() && old["proposals"].get("rematch").is_none(),
        "{old}"
    );
    let again = act(&client, &id, &host, Some("decline")).await;
    assert_eq!(again.body["code"], "there-is-no-rematch-offer-to-decline");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_goes_when_a_player_leaves_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let timeline = Timeline::default();
    let server = serve(&dir, &timeline).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = finished(&client).await;
    let mut host_socket = watch_as(&client, &id, &host).await;
    let guest_socket = watch_as(&client, &id, &guest).await;
    act(&client, &id, &host, None).await;
    view_with_offer(&mut host_socket, &json!([0])).await;
    // The guest closes the game's page: the host is told, and the offer is gone.
    drop(guest_socket);
    let told = host_socket.next_of("answered").await;
    assert_eq!(
        told,
        json!({"type": "answered", "proposal": "rematch", "seat": 1, "answer": "left"})
    );
    let old = client.get(&format!("/api/games/{id}")).await.body;
    assert!(old["proposals"].get("rematch").is_none(), "{old}");
    assert!(old["rematch"].is_null());
    let accept = act(&client, &id, &guest, Some("accept")).await;
    assert_eq!(accept.status, 409, "{}", accept.body);
}
