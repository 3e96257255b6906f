//! The API's request bodies fed arbitrary and mutated input, in-process through the router:
//! creating and importing games, moves and undo; signing up and in. Every answer must be a
//! success or a client error (never a 5xx, never a panic) in JSON, with a message for every
//! error. Each property runs 10,000 cases; the WebSocket's messages are fuzzed in `ws.rs`'s
//! unit tests.
//!
//! Checking a password takes Argon2's tens of milliseconds, so the sign-up and sign-in bodies
//! are made so that most fail before it: sign-ins mostly try a few names, whose attempts the
//! per-account limit soon refuses (429), and few sign-ups carry a password that passes the
//! rules.

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{json, Value};
use tafel_server::{Config, Limits};
use tower::ServiceExt;

const CASES: u32 = 10_000;

/// The server under test, in memory, and a game at one screen with its seats' tokens.
struct Fixture {
    runtime: tokio::runtime::Runtime,
    router: Router,
    game: String,
    tokens: Vec<String>,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
        config.limits = Limits {
            games_per_minute: 0,
            ..Limits::default()
        };
        let (router, _hub) = runtime.block_on(tafel_server::app(&config)).unwrap();
        let mut fixture = Fixture {
            runtime,
            router,
            game: String::new(),
            tokens: Vec::new(),
        };
        let (status, created) = fixture.send(
            "/api/games",
            json!({"game": "black-path", "settings": {"size": "5x5"},
                   "seats": [{"kind": "local"}, {"kind": "local"}]})
            .to_string()
            .into_bytes(),
        );
        assert_eq!(status, 200, "{created}");
        fixture.game = created["id"].as_str().unwrap().to_string();
        fixture.tokens = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_string())
            .collect();
        fixture
    })
}

impl Fixture {
    /// POSTs `body` as JSON to `path`; returns the status and the JSON answer.
    fn send(&self, path: &str, body: Vec<u8>) -> (u16, Value) {
        let request = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap();
        self.runtime.block_on(async {
            let response = self.router.clone().oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            let value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
                panic!(
                    "{path}: answer {status} is not JSON: {}",
                    String::from_utf8_lossy(&bytes)
                )
            });
            (status, value)
        })
    }

    /// The paths that read a JSON body.
    fn paths(&self) -> [String; 4] {
        [
            "/api/games".to_string(),
            "/api/import".to_string(),
            format!("/api/games/{}/moves", self.game),
            format!("/api/games/{}/undo", self.game),
        ]
    }
}

/// Checks the answer: a success or a client error with a message.
fn check(path: &str, input: &[u8], (status, body): (u16, Value)) -> Result<(), TestCaseError> {
    let shown = String::from_utf8_lossy(input);
    prop_assert!(
        status < 500,
        "{path} answered {status} to {shown:?}: {body}"
    );
    if status >= 400 {
        let message = body["error"].as_str().unwrap_or_default();
        prop_assert!(
            !message.is_empty(),
            "{path}: no message for {status}: {body}"
        );
    }
    Ok(())
}

/// Any JSON value, with the API's own keys often among the object keys.
fn json_value() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        prop::sample::select(vec![
            "game", "settings", "start", "seats", "kind", "level", "record", "token", "move",
            "ply", "size", "type",
        ])
        .prop_map(str::to_string),
        any::<String>(),
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        any::<String>().prop_map(Value::from),
        prop::sample::select(vec![
            "black-path",
            "karls-race",
            "carreaux",
            "kauri",
            "quarx",
            "local",
            "invite",
            "computer",
            "5x5",
            "2",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 5, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..5)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

/// Valid bodies of every path, to mutate.
fn valid_bodies(fixture: &Fixture) -> Vec<(String, String)> {
    let [create, import, moves, undo] = fixture.paths();
    let record = "[Game \"kauri\"]\n\n1. e C; 2. b D; 3. d (-1) A\n";
    vec![
        (create.clone(), json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "invite"}]}).to_string()),
        (create, json!({"game": "black-path", "settings": {"size": "3x4", "start": "0,0,N"}, "start": "..../..../....", "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}]}).to_string()),
        (import.clone(), json!({"record": record, "seats": [{"kind": "local"}, {"kind": "local"}]}).to_string()),
        (import, json!({"record": "{\"game\": \"carreaux\", \"moves\": [\"b6\"]}", "seats": [{"kind": "local"}, {"kind": "local"}]}).to_string()),
        (moves.clone(), json!({"token": fixture.tokens[0], "move": "2", "ply": 0}).to_string()),
        (moves, json!({"token": fixture.tokens[1], "move": "3"}).to_string()),
        (undo, json!({"token": fixture.tokens[0]}).to_string()),
    ]
}

/// `base` with up to five edits: characters inserted, removed or replaced, slices doubled.
fn mutate(base: &str, edits: &[(Index, Index, u8, char)]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for (at, len, kind, c) in edits {
        let at = at.index(chars.len() + 1);
        let len = len.index(chars.len() - at + 1).min(8);
        match kind {
            0 => chars.insert(at, *c),
            1 => {
                chars.drain(at..at + len);
            }
            2 => {
                chars.splice(at..at + len, [*c]);
            }
            _ => {
                let copy: Vec<char> = chars[at..at + len].to_vec();
                chars.splice(at..at, copy);
            }
        }
    }
    chars.into_iter().collect()
}

/// Characters that matter in JSON, records and moves, or that never should appear.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '"', '\\', '{', '}', '[', ']', ':', ',', '0', '9', '-', '.', 'e', 'x', ' ', '\n',
            '\u{0}', 'é', '🕴',
        ]),
        any::<char>(),
    ]
}

/// The JSON pointers of every value inside `value` (the root included).
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                pointers(
                    item,
                    format!("{at}/{}", key.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        _ => {}
    }
    out.push(at);
}

/// The account paths: sign up, sign in.
const ACCOUNT_PATHS: [&str; 2] = ["/api/account", "/api/session"];

/// Usernames: a few (so that the per-account limit soon stops their password checks),
/// names of any characters, and names the rules refuse.
fn username() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => prop::sample::select(vec![
            "fuzz_a", "Fuzz_A", "fuzz-b", "fuzz9", "ab", "admin", "Adm1n", "a__b", "", " ",
            "xxxxxxxxxxxxxxxxxxxxx", "na\u{0}me", "n\u{430}me", "\u{202e}evil",
        ])
        .prop_map(Value::from),
        1 => "[a-zA-Z0-9_-]{0,24}".prop_map(Value::from),
        1 => any::<String>().prop_map(Value::from),
        1 => json_value(),
    ]
}

/// Passwords: mostly ones the rules refuse (short, too long, control characters, common,
/// not text), and a few good ones.
fn password() -> impl Strategy<Value = Value> {
    prop_oneof![
        10 => ".{0,9}".prop_map(Value::from),
        2 => ".{257,300}".prop_map(Value::from),
        2 => "[a-z]{5}[\\x00-\\x1f][a-z]{5}".prop_map(Value::from),
        2 => prop::sample::select(vec!["password123", "qwertyuiop", "fuzz_a12345", "Tafel12345"])
            .prop_map(Value::from),
        2 => json_value(),
        1 => "[a-z]{4} [a-z]{4} [a-z]{4}".prop_map(Value::from),
    ]
}

/// A sign-up or sign-in body: of the right shape, with a field missing or an unknown one, or
/// any JSON, or a mutated one, or any bytes.
fn account_body() -> impl Strategy<Value = Vec<u8>> {
    let shaped = (username(), password(), 0..8u8).prop_map(|(username, password, shape)| {
        let body = match shape {
            0 => json!({ "username": username }),
            1 => json!({ "password": password }),
            2 => json!({ "username": username, "password": password, "extra": 1 }),
            _ => json!({ "username": username, "password": password }),
        };
        body.to_string().into_bytes()
    });
    let mutated = (
        prop::sample::select(vec![
            r#"{"username": "fuzz_a", "password": "a fine long password"}"#,
            r#"{"username": "Fuzz-B", "password": "short"}"#,
        ]),
        prop::collection::vec((any::<Index>(), any::<Index>(), 0..4u8, edit_char()), 1..6),
    )
        .prop_map(|(base, edits)| mutate(base, &edits).into_bytes());
    prop_oneof![
        8 => shaped,
        2 => mutated,
        1 => json_value().prop_map(|v| v.to_string().into_bytes()),
        1 => prop::collection::vec(any::<u8>(), 0..120),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn sign_up_and_sign_in_bodies_get_an_answer_or_a_client_error(
        body in account_body(),
        path in prop::sample::select(ACCOUNT_PATHS.to_vec()),
    ) {
        let fixture = fixture();
        let (status, answer) = fixture.send(path, body.clone());
        check(path, &body, (status, answer.clone()))?;
        let text = answer.to_string();
        prop_assert!(!text.contains("argon2"), "{path}: a hash in {text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn bodies_with_a_value_changed_get_an_answer_or_a_client_error(
        pick in any::<Index>(),
        target in any::<Index>(),
        how in 0..3u8,
        replacement in json_value(),
        edits in prop::collection::vec((any::<Index>(), any::<Index>(), 0..4u8, edit_char()), 1..6),
    ) {
        let fixture = fixture();
        let bodies = valid_bodies(fixture);
        let (path, body) = &bodies[pick.index(bodies.len())];
        let mut value: Value = serde_json::from_str(body).unwrap();
        let mut all = Vec::new();
        pointers(&value, String::new(), &mut all);
        let pointer = &all[target.index(all.len())];
        let slot = value.pointer_mut(pointer).unwrap();
        match (how, &*slot) {
            // Text (a record, a move, a setting) edited in place.
            (0, Value::String(text)) => *slot = Value::String(mutate(text, &edits)),
            (0 | 1, _) => *slot = replacement,
            _ => *slot = Value::Null,
        }
        let body = value.to_string().into_bytes();
        check(path, &body, fixture.send(path, body.clone()))?;
    }

    #[test]
    fn any_json_body_gets_an_answer_or_a_client_error(value in json_value(), path in any::<Index>()) {
        let fixture = fixture();
        let paths = fixture.paths();
        let path = &paths[path.index(paths.len())];
        let body = value.to_string().into_bytes();
        check(path, &body, fixture.send(path, body.clone()))?;
    }

    #[test]
    fn mutated_bodies_get_an_answer_or_a_client_error(
        pick in any::<Index>(),
        edits in prop::collection::vec((any::<Index>(), any::<Index>(), 0..4u8, edit_char()), 1..6),
    ) {
        let fixture = fixture();
        let bodies = valid_bodies(fixture);
        let (path, body) = &bodies[pick.index(bodies.len())];
        let body = mutate(body, &edits).into_bytes();
        check(path, &body, fixture.send(path, body.clone()))?;
    }

    #[test]
    fn any_bytes_get_a_client_error(bytes in prop::collection::vec(any::<u8>(), 0..200), path in any::<Index>()) {
        let fixture = fixture();
        let paths = fixture.paths();
        let path = &paths[path.index(paths.len())];
        check(path, &bytes, fixture.send(path, bytes.clone()))?;
    }
}

#[test]
fn the_valid_bodies_are_valid() {
    let fixture = fixture();
    for (path, body) in valid_bodies(fixture) {
        let (status, answer) = fixture.send(&path, body.clone().into_bytes());
        // A move may meet a game another case has moved on; it must still be a client error.
        assert!(
            status == 200 || status == 409,
            "{path} {body}: {status} {answer}"
        );
    }
}
