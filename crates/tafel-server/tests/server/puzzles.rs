//! Puzzles through the API, in-process on SQLite (docs/learn.md): the test's own puzzles
//! loaded (a bad line refused, loading again keeps the ratings), the next puzzle and the
//! daily one, attempts solved and failed with the solution shown only at the end, ratings
//! changed by an account's first attempt only, a line of three moves answered reply by reply,
//! anonymous attempts kept unrated, one account's attempts never another's, and every
//! refusal with its code in English and German; the pages `/puzzles` and `/puzzles/{game}`.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::play::puzzles::Puzzles;
use tafel_server::store::Store;
use tafel_server::Config;

use crate::in_process::{send, send_from};
use crate::person::Person;

/// The test's puzzles: Kauri's end, where the first player's `f` takes the last seeds and wins
/// (`a` to `e` do not); the same position as a line of three moves (`a`, the reply `C`, then
/// `f` wins); EinStein würfelt nicht with a 4 rolled, where `d3-c4` takes Black's last cube;
/// and a line that does not read.
const FIXTURES: &str = r#"{"id":"kauri-t1","game":"kauri","settings":{},"code":"a/0+1,0+1,0+1,0+1,0+2,1+1/0+1,4+0,0+1,0+1,0+1,0+1/28,27","solution":["f"],"themes":["end"],"source":{"seed":1,"game":0,"ply":0,"levels":[1,1]},"check":{"exact":false,"best":1.0,"second":0.0}}
{"id":"kauri-t2","game":"kauri","settings":{},"code":"a/0+1,0+1,0+1,0+1,0+2,1+1/0+1,4+0,0+1,0+1,0+1,0+1/28,27","solution":["a","C","f"],"themes":["end"],"source":{"seed":1,"game":0,"ply":0,"levels":[1,1]},"check":{"exact":false,"best":1.0,"second":0.0}}

{"id":"einstein-t1","game":"einstein","settings":{},"code":"w4:...../..b6../...w4./...../....w2","solution":["d3-c4"],"themes":["capture"],"source":{"seed":1,"game":0,"ply":0,"levels":[1,1]},"check":{"exact":false,"best":1.0,"second":0.0}}
{"id":"kauri-bad","game":"kauri","settings":{},"code":"a/0+1,0+1,0+1,0+1,0+2,1+1/0+1,4+0,0+1,0+1,0+1,0+1/28,27","solution":["z"],"themes":["end"],"source":{"seed":1,"game":0,"ply":0,"levels":[1,1]},"check":{"exact":false,"best":1.0,"second":0.0}}
"#;

/// A server on a database file in `dir`, with the test's puzzles loaded first (and only them).
async fn server(dir: &tempfile::TempDir) -> Router {
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = Store::open(&url).await.unwrap();
    let loaded = Puzzles::new(store).load("fixtures.jsonl", FIXTURES).await;
    let loaded = loaded.unwrap();
    assert_eq!((loaded.read, loaded.added), (3, 3));
    assert_eq!(loaded.refused.len(), 1, "{:?}", loaded.refused);
    assert!(
        loaded.refused[0].starts_with("fixtures.jsonl:5: "),
        "{:?}",
        loaded.refused
    );
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), &url);
    config.limits.puzzle_moves_burst = 5;
    config.limits.puzzle_moves_per_minute = 1;
    config.shipped_puzzles = false;
    tafel_server::app(&config).await.unwrap().0
}

/// `person` sends `moves` at puzzle `id` (with `browser`'s id, if any).
async fn attempt(
    person: &Person,
    id: &str,
    moves: &[&str],
    browser: Option<&str>,
) -> (StatusCode, Value) {
    let mut body = json!({ "moves": moves });
    if let Some(browser) = browser {
        body["browser"] = json!(browser);
    }
    person.post(&format!("/api/puzzles/{id}/moves"), body).await
}

/// The puzzle rating of `person` in `game`, as `/api/puzzles` shows it.
async fn rating(person: &Person, game: &str) -> Value {
    let (_, games) = person.get("/api/puzzles").await;
    let games = games["games"].as_array().unwrap().clone();
    games.into_iter().find(|g| g["game"] == game).unwrap()["rating"].clone()
}

#[tokio::test]
async fn solved_and_failed_attempts_rate_first_attempts_once() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bob = Person::signed_up(&router, "bob").await;

    let (status, listed) = ann.get("/api/puzzles").await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let counts: Vec<(String, i64)> = listed["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["game"].as_str().unwrap().to_string(),
                g["puzzles"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(
        counts.contains(&("kauri".to_string(), 2)) && counts.contains(&("quarx".to_string(), 0))
    );
    assert_eq!(
        rating(&ann, "kauri").await,
        Value::Null,
        "no rating before an attempt"
    );

    // The puzzle as posed: everything but its solution.
    let (status, posed) = ann.get("/api/puzzles/next/kauri").await;
    assert_eq!(status, StatusCode::OK, "{posed}");
    assert_eq!(posed["id"], "kauri-t1");
    assert_eq!(
        (posed["rating"].as_i64(), posed["plays"].as_i64()),
        (Some(1500), Some(0))
    );
    assert_eq!(
        (posed["moves"].as_i64(), posed["side"].as_str()),
        (Some(1), Some("first player"))
    );
    assert!(posed.get("solution").is_none(), "{posed}");

    // Ann solves it: her rating rises, the puzzle's falls.
    let (status, solved) = attempt(&ann, "kauri-t1", &["f"], None).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["state"], "solved");
    assert_eq!(solved["solution"], json!(["f"]));
    assert_eq!(solved["attempt"], 1);
    let mine = &solved["rating"];
    assert_eq!(mine["before"], 1500);
    assert!(mine["after"].as_i64().unwrap() > 1500, "{solved}");
    let theirs = &solved["puzzle_rating"];
    assert!(theirs["after"].as_i64().unwrap() < 1500, "{solved}");
    let after = mine["after"].clone();
    assert_eq!(rating(&ann, "kauri").await["rating"], after);
    assert_eq!(rating(&ann, "kauri").await["plays"], 1);

    // Again: judged and kept, never rated a second time.
    let (_, again) = attempt(&ann, "kauri-t1", &["a"], None).await;
    assert_eq!(
        (again["state"].as_str(), again["attempt"].as_i64()),
        (Some("failed"), Some(2))
    );
    assert_eq!(
        (&again["rating"], &again["puzzle_rating"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(rating(&ann, "kauri").await["rating"], after);

    // Bob fails it: the right answer is shown, his rating falls, the puzzle's rises from where
    // Ann's solve left it; Ann's rating stays hers.
    let (_, failed) = attempt(&bob, "kauri-t1", &["c"], None).await;
    assert_eq!(failed["state"], "failed");
    assert_eq!(failed["solution"], json!(["f"]));
    assert!(
        failed["rating"]["after"].as_i64().unwrap() < 1500,
        "{failed}"
    );
    assert_eq!(failed["puzzle_rating"]["before"], theirs["after"]);
    assert!(failed["puzzle_rating"]["after"].as_i64() > theirs["after"].as_i64());
    assert_eq!(rating(&ann, "kauri").await["rating"], after);
    let (_, puzzle) = bob.get("/api/puzzles/kauri-t1").await;
    assert_eq!(
        (puzzle["plays"].as_i64(), &puzzle["rating"]),
        (Some(2), &failed["puzzle_rating"]["after"])
    );

    // A line of three moves: the reply comes, not the solution; then the verdict.
    let (_, next) = ann.get("/api/puzzles/next/kauri").await;
    assert_eq!(
        (next["id"].as_str(), next["moves"].as_i64()),
        (Some("kauri-t2"), Some(2))
    );
    let (_, reply) = attempt(&ann, "kauri-t2", &["a"], None).await;
    assert_eq!(reply["state"], "reply");
    assert_eq!(reply["reply"], "C");
    assert_eq!(
        (&reply["solution"], &reply["rating"]),
        (&Value::Null, &Value::Null)
    );
    let (_, solved) = attempt(&ann, "kauri-t2", &["a", "f"], None).await;
    assert_eq!(solved["state"], "solved");
    assert_eq!(solved["solution"], json!(["a", "C", "f"]));
    assert_eq!(solved["rating"]["before"], after);
    // A wrong second move fails it (Bob's first attempt at it).
    let (_, failed) = attempt(&bob, "kauri-t2", &["a", "b"], None).await;
    assert_eq!(failed["state"], "failed");

    // Every Kauri puzzle tried: none left for Ann.
    let (status, none) = ann.get("/api/puzzles/next/kauri").await;
    assert_eq!(
        (status, none["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("no-puzzle-left"))
    );

    // A dice game's puzzle carries its die: another move to the same end is right too.
    let (_, einstein) = attempt(&bob, "einstein-t1", &["d3-c4"], None).await;
    assert_eq!(einstein["state"], "solved", "{einstein}");
}

#[tokio::test]
async fn browsers_attempt_unrated_and_everyone_shares_the_daily_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let nobody = Person::anonymous(&router);
    let browser = "browser-aaaa-1111";
    let (status, next) = nobody
        .get(&format!("/api/puzzles/next/kauri?browser={browser}"))
        .await;
    assert_eq!(
        (status, next["id"].as_str()),
        (StatusCode::OK, Some("kauri-t1"))
    );
    let (_, solved) = attempt(&nobody, "kauri-t1", &["f"], Some(browser)).await;
    assert_eq!(
        (solved["state"].as_str(), solved["attempt"].as_i64()),
        (Some("solved"), Some(1))
    );
    assert_eq!(
        (&solved["rating"], &solved["puzzle_rating"]),
        (&Value::Null, &Value::Null)
    );
    let (_, puzzle) = nobody.get("/api/puzzles/kauri-t1").await;
    assert_eq!(
        (puzzle["plays"].as_i64(), puzzle["rating"].as_i64()),
        (Some(1), Some(1500))
    );
    let (_, next) = nobody
        .get(&format!("/api/puzzles/next/kauri?browser={browser}"))
        .await;
    assert_eq!(
        next["id"], "kauri-t2",
        "the browser's tried puzzle is not offered again"
    );
    let (_, other) = nobody
        .get("/api/puzzles/next/kauri?browser=another-browser")
        .await;
    assert_eq!(
        other["id"], "kauri-t1",
        "another browser's attempts are not this one's"
    );
    // Signed in, the account is the solver (a browser id sent too changes nothing).
    let ann = Person::signed_up(&router, "ann").await;
    let (_, mine) = attempt(&ann, "kauri-t1", &["f"], Some(browser)).await;
    assert_eq!(mine["attempt"], 1);
    assert!(mine["rating"].is_object(), "{mine}");

    // The daily puzzle: the same for everyone, one of the puzzles.
    let (status, daily) = nobody.get("/api/puzzles/daily").await;
    assert_eq!(status, StatusCode::OK, "{daily}");
    assert_eq!(ann.get("/api/puzzles/daily").await.1, daily);
    assert_eq!(daily["day"].as_str().unwrap().len(), 10);
    let id = daily["puzzle"]["id"].as_str().unwrap();
    assert_eq!(
        nobody.get(&format!("/api/puzzles/{id}")).await.1,
        daily["puzzle"]
    );

    // The pages.
    for (path, status) in [
        ("/puzzles", 200),
        ("/puzzles/kauri", 200),
        ("/puzzles/chess", 404),
    ] {
        let answer = send(&router, "GET", path, None, None).await;
        assert_eq!(answer.status.as_u16(), status, "{path}");
    }
}

/// A request refused: its method, path and body, the status, the code and words of the
/// English and German message (no code: any refusal of that status).
type Refusal = (
    &'static str,
    &'static str,
    Option<Value>,
    u16,
    &'static str,
    &'static str,
    &'static str,
);

#[tokio::test]
async fn refusals_have_their_codes_in_english_and_german() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let cases: [Refusal; 8] = [
        (
            "GET",
            "/api/puzzles/nope",
            None,
            404,
            "no-such-puzzle",
            "there is no puzzle `nope`",
            "es gibt kein Rätsel `nope`",
        ),
        (
            "GET",
            "/api/puzzles/next/kauri",
            None,
            400,
            "puzzle-solver-unknown",
            "sign in, or send",
            "melde dich an",
        ),
        (
            "GET",
            "/api/puzzles/next/kauri?browser=x",
            None,
            400,
            "browser-id-unreadable",
            "a browser id is",
            "eine Browser-Id",
        ),
        (
            "GET",
            "/api/puzzles/next/chess?browser=browser-aaaa",
            None,
            404,
            "unknown-game",
            "chess",
            "chess",
        ),
        (
            "POST",
            "/api/puzzles/kauri-t1/moves",
            Some(json!({"moves": ["f"]})),
            400,
            "puzzle-solver-unknown",
            "sign in",
            "melde dich an",
        ),
        (
            "POST",
            "/api/puzzles/kauri-t1/moves",
            Some(json!({"moves": ["f", "a"], "browser": "browser-aaaa"})),
            400,
            "puzzle-moves-count",
            "2 moves sent",
            "2 Züge gesendet",
        ),
        (
            "POST",
            "/api/puzzles/kauri-t1/moves",
            Some(json!({"moves": ["x".repeat(65)], "browser": "browser-aaaa"})),
            400,
            "puzzle-moves-too-many",
            "at most 8 moves",
            "höchstens 8 Züge",
        ),
        (
            "POST",
            "/api/puzzles/kauri-t1/moves",
            Some(json!({"moves": ["Z"], "browser": "browser-aaaa"})),
            422,
            "",
            "",
            "",
        ),
    ];
    for (language, pick) in [("en", 0), ("de", 1)] {
        let cookie = format!("tafel_language={language}");
        for (method, path, body, status, code, english, german) in &cases {
            let answer = send(&router, method, path, Some(&cookie), body.clone()).await;
            assert_eq!(answer.status.as_u16(), *status, "{path}: {}", answer.body);
            assert!(answer.body["code"].is_string(), "{}", answer.body);
            if !code.is_empty() {
                assert_eq!(answer.body["code"], *code, "{}", answer.body);
                let words = [english, german][pick];
                assert!(
                    answer.body["error"].as_str().unwrap().contains(words),
                    "{}",
                    answer.body
                );
            }
        }
    }
    // Nothing refused was stored: the puzzle is unplayed.
    let (_, puzzle) = Person::anonymous(&router)
        .get("/api/puzzles/kauri-t1")
        .await;
    assert_eq!(puzzle["plays"], 0);
}

#[tokio::test]
async fn loading_again_adds_only_new_puzzles_and_keeps_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let ann = Person::signed_up(&router, "ann").await;
    let (_, solved) = attempt(&ann, "kauri-t1", &["f"], None).await;
    let rated = solved["puzzle_rating"]["after"].clone();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let puzzles = Puzzles::new(Store::open(&url).await.unwrap());
    let first = FIXTURES.lines().next().unwrap();
    let more = format!("{first}\n{}", first.replace("kauri-t1", "kauri-t3"));
    let loaded = puzzles.load("more.jsonl", &more).await.unwrap();
    assert_eq!((loaded.read, loaded.added, loaded.changed), (2, 1, 0));
    let (_, puzzle) = ann.get("/api/puzzles/kauri-t1").await;
    assert_eq!(puzzle["rating"], rated);
    let (_, added) = ann.get("/api/puzzles/kauri-t3").await;
    assert_eq!(added["rating"], 1500);
    assert!(added["source_game"].is_null(), "{added}");

    // A file made again: new themes keep the puzzle's rating and attempts; another solution
    // under the same id is another puzzle, at the start rating, its old attempts gone.
    let themes = first.replace(r#"["end"]"#, r#"["end","finish"]"#);
    let loaded = puzzles.load("themes.jsonl", &themes).await.unwrap();
    assert_eq!((loaded.added, loaded.changed), (0, 1));
    let (_, puzzle) = ann.get("/api/puzzles/kauri-t1").await;
    assert_eq!((&puzzle["rating"], &puzzle["plays"]), (&rated, &json!(1)));
    assert_eq!(puzzle["themes"], json!(["end", "finish"]));
    let line = FIXTURES
        .lines()
        .nth(1)
        .unwrap()
        .replace("kauri-t2", "kauri-t1");
    let loaded = puzzles.load("line.jsonl", &line).await.unwrap();
    assert_eq!((loaded.added, loaded.changed), (0, 1));
    let (_, puzzle) = ann.get("/api/puzzles/kauri-t1").await;
    assert_eq!(
        (&puzzle["rating"], &puzzle["plays"]),
        (&json!(1500), &json!(0))
    );
    assert_eq!(puzzle["moves"], 2, "{puzzle}");
    let (_, first_again) = attempt(&ann, "kauri-t1", &["a"], None).await;
    assert_eq!(first_again["state"], "reply", "{first_again}");
    let (_, ended) = attempt(&ann, "kauri-t1", &["a", "f"], None).await;
    assert_eq!(ended["attempt"], 1, "a first attempt again: {ended}");
    assert!(ended["puzzle_rating"].is_object(), "{ended}");
    assert_eq!(puzzles.load("line.jsonl", &line).await.unwrap().changed, 0);
}

#[tokio::test]
async fn an_address_has_its_moves_judged_at_a_bounded_rate() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let body = json!({"moves": ["a"], "browser": "browser-rate-1"});
    let post = |address| {
        let (router, body) = (router.clone(), body.clone());
        async move {
            send_from(
                &router,
                Some(address),
                "POST",
                "/api/puzzles/kauri-t1/moves",
                None,
                Some(body),
            )
            .await
        }
    };
    for _ in 0..5 {
        assert_eq!(post("203.0.113.9").await.status, StatusCode::OK);
    }
    let refused = post("203.0.113.9").await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert_eq!(refused.body["code"], "puzzle-moves-too-fast");
    assert_eq!(
        post("203.0.113.10").await.status,
        StatusCode::OK,
        "another address"
    );
}
