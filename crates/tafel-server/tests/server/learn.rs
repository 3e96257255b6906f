//! The tutorials through the API, in-process on SQLite (docs/learn.md): an account's progress
//! in each game's course read and recorded, only ever growing (so a browser's progress merges
//! into the account's: the larger wins), each account's its own; nobody signed in, an unknown
//! game, a game without a course and more steps than the course has refused with their codes,
//! in English and German; the pages `/learn` and `/learn/{game}`, an unknown game's the 404 page.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::Config;

use crate::in_process::send;
use crate::person::Person;

/// A server on a database file in `dir`.
async fn server(dir: &tempfile::TempDir) -> Router {
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let config = Config::new("127.0.0.1:0".parse().unwrap(), &url);
    tafel_server::app(&config).await.unwrap().0
}

/// `person` records `steps` done of `game`'s course.
async fn record(person: &Person, game: &str, steps: Value) -> (StatusCode, Value) {
    let path = format!("/api/learn/progress/{game}");
    let (status, body, _) = person
        .request("PUT", &path, Some(json!({ "steps": steps })))
        .await;
    (status, body)
}

/// The number of steps of `game`'s course, as its file has them.
fn course_length(game: &str) -> u64 {
    let path = format!(
        "{}/../../web/learn/courses/{game}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let course: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    course["steps"].as_array().unwrap().len() as u64
}

#[tokio::test]
async fn progress_is_the_accounts_own_and_only_grows() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bob = Person::signed_up(&router, "bob").await;
    let (status, empty) = ann.get("/api/learn/progress").await;
    assert_eq!((status, empty), (StatusCode::OK, json!({"progress": {}})));

    let kauri = course_length("kauri");
    let (status, recorded) = record(&ann, "kauri", json!(2)).await;
    assert_eq!(status, StatusCode::OK, "{recorded}");
    assert_eq!(
        recorded,
        json!({"game": "kauri", "steps": 2, "course": kauri})
    );
    // Fewer steps sent (another browser's, behind) undo nothing: the larger wins.
    assert_eq!(record(&ann, "kauri", json!(1)).await.1["steps"], 2);
    assert_eq!(record(&ann, "kauri", json!(kauri)).await.1["steps"], kauri);
    assert_eq!(record(&ann, "quarx", json!(1)).await.1["steps"], 1);
    let (_, progress) = ann.get("/api/learn/progress").await;
    assert_eq!(progress, json!({"progress": {"kauri": kauri, "quarx": 1}}));

    // Bob's progress is his own: Ann's requests never name another account, and his is empty
    // until he records some, which leaves Ann's as it was.
    assert_eq!(
        bob.get("/api/learn/progress").await.1,
        json!({"progress": {}})
    );
    assert_eq!(record(&bob, "quarx", json!(3)).await.1["steps"], 3);
    assert_eq!(
        ann.get("/api/learn/progress").await.1["progress"]["quarx"],
        1
    );

    // Nobody signed in: nothing read or written.
    let nobody = Person::anonymous(&router);
    let (status, refused) = nobody.get("/api/learn/progress").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    let (status, refused) = record(&nobody, "kauri", json!(1)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
}

#[tokio::test]
async fn bad_progress_is_refused_with_its_code_in_english_and_german() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    let ann = Person::signed_up(&router, "ann").await;
    let session = ann.cookie.clone().unwrap();
    let einstein = course_length("einstein");
    for (language, beyond, no_course) in [
        (
            "en",
            format!("{} steps done, but the course has {einstein}", einstein + 1),
            "there is no course for the game `chess`",
        ),
        (
            "de",
            format!(
                "{} Schritte erledigt, aber der Kurs hat {einstein}",
                einstein + 1
            ),
            "für das Spiel `chess` gibt es keinen Kurs",
        ),
    ] {
        let cookie = format!("{session}; tafel_language={language}");
        let put = |game: &str, body: Value| {
            let path = format!("/api/learn/progress/{game}");
            let (router, cookie) = (router.clone(), cookie.clone());
            async move { send(&router, "PUT", &path, Some(&cookie), Some(body)).await }
        };
        let answer = put("einstein", json!({"steps": einstein + 1})).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
        assert_eq!(answer.body["code"], "steps-done-beyond-the-course");
        assert_eq!(answer.body["error"], beyond.as_str());
        let answer = put("chess", json!({"steps": 1})).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.body);
        assert_eq!(answer.body["code"], "no-course-for-game");
        assert_eq!(answer.body["error"], no_course);
        // Not a count, a negative one, or more than the count: refused as malformed.
        for body in [
            json!({"steps": -1}),
            json!({"steps": "3"}),
            json!({"steps": 1, "more": 2}),
            json!({}),
        ] {
            let answer = put("einstein", body.clone()).await;
            assert_eq!(
                answer.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{body}: {}",
                answer.body
            );
            assert!(answer.body["code"].is_string(), "{}", answer.body);
        }
    }
    // Nothing refused was kept.
    assert_eq!(
        ann.get("/api/learn/progress").await.1,
        json!({"progress": {}})
    );
}

#[tokio::test]
async fn the_tutorials_pages_are_served_and_an_unknown_games_is_the_404_page() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    for path in ["/learn", "/learn/kauri", "/learn/black-path"] {
        let answer = send(&router, "GET", path, None, None).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert!(answer.text.contains(r#"id="app""#), "{path}");
        assert!(
            answer.text.contains(r#"href="/learn""#),
            "the header links to the tutorials"
        );
    }
    for path in [
        "/learn/chess",
        "/learn/..%2F..%2Fstyle.css",
        "/learn/kauri/1",
    ] {
        let answer = send(&router, "GET", path, None, None).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
        assert!(answer.text.contains("Page not found"), "{path}");
    }
}
