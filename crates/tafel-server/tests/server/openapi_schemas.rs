//! The OpenAPI document states the limits the server enforces, from the constants its checks
//! use, and the server refuses a request just over a limit the document states; the schemas of
//! the domain's values, described in `http/schemas/`, have the fields of their JSON.

use crate::support;

use serde_json::{json, Value};
use support::serve_with;
use tafel_server::domain::account::username::{MAX_USERNAME, MIN_USERNAME};
use tafel_server::domain::challenge::{ChallengeRequest, ChallengeStatus, ChallengeView, Side};
use tafel_server::domain::chat::{ChatMessage, Room, MAX_CHAT_TEXT};
use tafel_server::domain::clock::{TimeControl, MAX_DAYS_PER_MOVE, MAX_INITIAL_SECONDS};
use tafel_server::domain::consent::{Proposals, Resignation, Takeback};
use tafel_server::domain::name::MAX_NAME;
use tafel_server::domain::seat::{SeatKind, SeatView};
use tafel_server::domain::seek::{SeekView, RATINGS};
use tafel_server::domain::tournament::{MAX_NAME_CHARS, MAX_SWISS_ROUNDS};
use tafel_server::play::players::MAX_PAGE_SIZE;
use tafel_server::Limits;
use tafel_testkit::client::{black_path_at_one_screen, Client};

/// The OpenAPI document as JSON.
fn document() -> Value {
    serde_json::to_value(tafel_server::openapi()).unwrap()
}

/// The schema named `name`, with the fields of the schemas it is made of (`allOf`) merged in.
fn schema(document: &Value, name: &str) -> Value {
    let found = &document["components"]["schemas"][name];
    assert!(found.is_object(), "no schema {name}");
    let mut merged = found.clone();
    for part in found["allOf"].as_array().into_iter().flatten() {
        let part = match part["$ref"].as_str() {
            Some(target) => schema(document, target.rsplit('/').next().unwrap()),
            None => part.clone(),
        };
        let mut properties = merged["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        properties.extend(part["properties"].as_object().cloned().unwrap_or_default());
        merged["properties"] = Value::Object(properties);
        let mut required = merged["required"].as_array().cloned().unwrap_or_default();
        required.extend(part["required"].as_array().cloned().unwrap_or_default());
        merged["required"] = Value::Array(required);
    }
    merged
}

/// The number `key` (`maxLength`, `maximum`, ...) of field `field` of schema `name`.
fn limit(document: &Value, name: &str, field: &str, key: &str) -> u64 {
    let property = &schema(document, name)["properties"][field];
    property[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{name}.{field} states no {key}: {property}"))
}

/// The number `key` of the variant of `TimeControl` that has field `field`.
fn clock_limit(document: &Value, field: &str, key: &str) -> u64 {
    let variants = schema(document, "TimeControl")["oneOf"].clone();
    let variant = variants
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["properties"][field].is_object())
        .unwrap_or_else(|| panic!("no time control with {field}"))
        .clone();
    variant["properties"][field][key].as_u64().unwrap()
}

/// The number `key` of query parameter `name` of `GET path`.
fn parameter_limit(document: &Value, path: &str, name: &str, key: &str) -> u64 {
    let parameters = document["paths"][path]["get"]["parameters"]
        .as_array()
        .unwrap();
    let parameter = parameters.iter().find(|p| p["name"] == name).unwrap();
    parameter["schema"][key].as_u64().unwrap()
}

#[test]
fn the_document_states_the_limits_the_server_enforces() {
    let document = document();
    let chars = |name, field| {
        (
            limit(&document, name, field, "minLength"),
            limit(&document, name, field, "maxLength"),
        )
    };
    let at_most = |n: usize| (1_u64, n as u64);
    assert_eq!(chars("ChatMessage", "text"), at_most(MAX_CHAT_TEXT));
    assert_eq!(chars("ChatRequest", "text"), at_most(MAX_CHAT_TEXT));
    assert_eq!(chars("SeatRequest", "name"), at_most(MAX_NAME));
    assert_eq!(chars("JoinRequest", "name"), at_most(MAX_NAME));
    assert_eq!(chars("TournamentRequest", "name"), at_most(MAX_NAME_CHARS));
    assert_eq!(
        chars("Credentials", "username"),
        (MIN_USERNAME as u64, MAX_USERNAME as u64)
    );
    let range = |name, field| {
        (
            limit(&document, name, field, "minimum"),
            limit(&document, name, field, "maximum"),
        )
    };
    assert_eq!(
        range("TournamentRequest", "rounds"),
        (1, u64::from(MAX_SWISS_ROUNDS))
    );
    let ratings = (u64::from(*RATINGS.start()), u64::from(*RATINGS.end()));
    assert_eq!(range("SeekRequest", "rating_min"), ratings);
    assert_eq!(
        clock_limit(&document, "initial_seconds", "maximum"),
        u64::from(MAX_INITIAL_SECONDS)
    );
    assert_eq!(
        clock_limit(&document, "days_per_move", "maximum"),
        u64::from(MAX_DAYS_PER_MOVE)
    );
    let games = "/api/players/{name}/games";
    assert_eq!(
        parameter_limit(&document, games, "per_page", "maximum"),
        MAX_PAGE_SIZE as u64
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_just_over_a_limit_the_document_states_is_refused() {
    let document = document();
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("tafel.db"), Limits::default()).await;
    let client = Client::new(server.addr);

    // A seat's name at the creator's screen: as long as stated, and one character more.
    let most = limit(&document, "SeatRequest", "name", "maxLength") as usize;
    let named = |length: usize| {
        let mut body = black_path_at_one_screen();
        body["seats"][0]["name"] = json!("é".repeat(length));
        body
    };
    assert_eq!(client.post("/api/games", named(most)).await.status, 200);
    let refused = client.post("/api/games", named(most + 1)).await;
    assert_eq!(refused.status, 400, "{}", refused.body);

    // A Fischer clock's initial time.
    let most = clock_limit(&document, "initial_seconds", "maximum");
    let clocked = |seconds: u64| {
        let mut body = black_path_at_one_screen();
        body["time_control"] =
            json!({"kind": "fischer", "initial_seconds": seconds, "increment_seconds": 0});
        body
    };
    assert_eq!(client.post("/api/games", clocked(most)).await.status, 200);
    let refused = client.post("/api/games", clocked(most + 1)).await;
    assert_eq!(refused.status, 400, "{}", refused.body);

    // A username one letter too long, and a page of one game too many.
    let most = limit(&document, "Credentials", "username", "maxLength") as usize;
    let long = json!({"username": "a".repeat(most + 1), "password": "correct horse battery"});
    let refused = client.post("/api/account", long).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    let name = "a".repeat(most);
    client.sign_up(&name).await;
    let games = "/api/players/{name}/games";
    let most = parameter_limit(&document, games, "per_page", "maximum");
    let page = |n: u64| format!("/api/players/{name}/games?per_page={n}");
    assert_eq!(client.get(&page(most)).await.status, 200);
    let refused = client.get(&page(most + 1)).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
}

/// Checks that `json` has every field schema `name` requires and no field it does not name.
fn fits(document: &Value, name: &str, json: &Value) {
    let schema = schema(document, name);
    let properties = schema["properties"].as_object().unwrap();
    let object = json.as_object().unwrap();
    for key in object.keys() {
        assert!(properties.contains_key(key), "{name} lacks `{key}`: {json}");
    }
    for required in schema["required"].as_array().into_iter().flatten() {
        let required = required.as_str().unwrap();
        assert!(
            object.contains_key(required),
            "{name}: no `{required}` in {json}"
        );
    }
}

/// The fields a request type reads, from the error serde gives for an unknown one (each
/// refuses unknown fields).
fn fields_read<T: serde::de::DeserializeOwned>() -> Vec<String> {
    let error = serde_json::from_value::<T>(json!({"no such field": 0}))
        .err()
        .unwrap()
        .to_string();
    let expected = error.split("expected one of ").nth(1).unwrap_or_default();
    expected
        .split(',')
        .map(|field| field.trim().trim_matches('`').to_string())
        .filter(|field| !field.is_empty())
        .collect()
}

#[test]
fn the_described_schemas_have_the_fields_of_their_json() {
    let document = document();
    let seat = SeatView {
        seat: 0,
        name: "White".into(),
        kind: SeatKind::Computer,
        level: Some(3),
        player: None,
        account: false,
        joined: true,
        hints: false,
        deleted: false,
        bot: false,
    };
    fits(&document, "SeatView", &serde_json::to_value(&seat).unwrap());
    let fischer = TimeControl::Fischer {
        initial_seconds: 300,
        increment_seconds: 3,
    };
    let request = ChallengeRequest {
        game: "kauri".into(),
        settings: Default::default(),
        time_control: fischer,
        side: Side::First,
        rated: true,
    };
    let challenge = ChallengeView {
        id: "c1".into(),
        challenger: "alice".into(),
        challenged: "robot".into(),
        request,
        status: ChallengeStatus::Declined,
        reason: Some("busy".into()),
        game_id: Some("g1".into()),
        created_ms: 1,
    };
    fits(
        &document,
        "ChallengeView",
        &serde_json::to_value(&challenge).unwrap(),
    );
    let seek = SeekView {
        id: "s1".into(),
        name: "alice".into(),
        account: true,
        game: "kauri".into(),
        settings: Default::default(),
        time_control: fischer,
        rated: true,
        rating_min: Some(1200),
        rating_max: None,
        rating: Some(1613),
    };
    fits(&document, "SeekView", &serde_json::to_value(&seek).unwrap());
    let message = ChatMessage {
        room: Room::Players,
        seq: 1,
        seat: Some(0),
        name: "alice".into(),
        account: true,
        text: "good luck".into(),
        at_ms: 1,
    };
    fits(
        &document,
        "ChatMessage",
        &serde_json::to_value(&message).unwrap(),
    );
    let proposals = Proposals {
        draw: Some(vec![0]),
        takeback: Some(Takeback {
            by: 1,
            keep: 4,
            accepted: vec![1],
        }),
        resign: vec![Resignation {
            team: 0,
            seats: vec![0],
        }],
        rematch: Some(vec![1]),
    };
    let json = serde_json::to_value(&proposals).unwrap();
    fits(&document, "Proposals", &json);
    fits(&document, "Takeback", &json["takeback"]);
    fits(&document, "Resignation", &json["resign"][0]);
    // Each time control is one of the schema's choices, by its `kind`.
    let choices = schema(&document, "TimeControl")["oneOf"].clone();
    for control in [
        TimeControl::None,
        fischer,
        TimeControl::Correspondence { days_per_move: 3 },
    ] {
        let json = serde_json::to_value(control).unwrap();
        let choice = choices
            .as_array()
            .unwrap()
            .iter()
            .find(|choice| choice["properties"]["kind"]["enum"][0] == json["kind"]);
        let mut keys: Vec<_> = json.as_object().unwrap().keys().cloned().collect();
        let mut named: Vec<_> = choice.expect("a choice of its kind")["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        keys.sort();
        named.sort();
        assert_eq!(keys, named, "{json}");
    }
    // The requests: the fields each reads are the fields its schema names.
    for (name, read) in [
        (
            "SeatRequest",
            fields_read::<tafel_server::domain::seat::SeatRequest>(),
        ),
        (
            "SeekRequest",
            fields_read::<tafel_server::domain::seek::SeekRequest>(),
        ),
        ("ChallengeRequest", fields_read::<ChallengeRequest>()),
        (
            "TournamentRequest",
            fields_read::<tafel_server::domain::tournament::TournamentRequest>(),
        ),
    ] {
        let schema = schema(&document, name);
        let mut named: Vec<_> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        let mut read = read;
        named.sort();
        read.sort();
        assert_eq!(named, read, "{name}");
    }
}
