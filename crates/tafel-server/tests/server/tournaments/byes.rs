//! A Swiss's byes asked for and its late entries through the API: asked for before the start
//! and during it, within the half-point byes offered, taken back, refused once their round is
//! paired; a late entrant numbered last with a bye for each round missed; every round paired
//! as `tafel swiss` pairs it from the tournament's TRF-2026 export (which marks the byes), and
//! the byes' points in the standings. On PostgreSQL too when `TAFEL_TEST_POSTGRES` is set.

use super::*;

/// A bye `person` asks for in `round` of tournament `id`; the answer.
async fn ask(person: &Person, id: &str, round: u32, half_point: bool) -> (StatusCode, Value) {
    person
        .post(
            &format!("/api/tournaments/{id}/byes"),
            json!({"round": round, "half_point": half_point}),
        )
        .await
}

/// The error of a refused answer.
fn error(answer: &(StatusCode, Value)) -> (StatusCode, &str) {
    (answer.0, answer.1["error"].as_str().unwrap_or_default())
}

/// The byes of `view`, as (round, username, half points, asked for).
fn byes(view: &Value) -> Vec<(u64, String, u64, bool)> {
    view["byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["round"].as_u64().unwrap(),
                b["username"].as_str().unwrap().to_string(),
                b["half_points"].as_u64().unwrap(),
                b["requested"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// Whether `username` is on a board of `round` in `view`.
fn paired_in(view: &Value, round: u64, username: &str) -> bool {
    view["pairings"].as_array().unwrap().iter().any(|r| {
        r["round"] == round
            && r["boards"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["first"] == username || b["second"] == username)
    })
}

/// A database for test `name`: PostgreSQL's when `TAFEL_TEST_POSTGRES` is set (scripts/test's
/// `postgres` step), else SQLite in memory.
pub(super) async fn database(name: &str) -> String {
    let postgres = tafel_testkit::postgres::test_database(name).await;
    postgres.unwrap_or_else(|| "sqlite::memory:".to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_gives_the_byes_asked_for_and_takes_a_late_entrant() {
    let (router, hub) = server(&database("swiss_byes").await, Limits::default()).await;
    let organiser = Person::signed_up(&router, "sbyorg").await;
    let players = players(&router, "sby", 7).await;
    let swiss = json!({"kind": "swiss", "rounds": 4, "half_point_byes": 1,
                       "late_entry": "half_point_byes"});
    let id = organise(&hub, &organiser, swiss).await;
    enter(&hub, &players[..6], &id).await;
    let before = view(&players[0], &id).await;
    assert_eq!(
        (&before["late_entry"], &before["half_point_byes"]),
        (&json!("half_point_byes"), &json!(1))
    );
    // Before the start: sby5 sits out round 1 for half a point; a second half-point bye is
    // more than offered, a zero-point one is not; it is taken back again.
    assert_eq!(ask(&players[5], &id, 1, true).await.0, StatusCode::OK);
    let second = ask(&players[5], &id, 2, true).await;
    assert_eq!(
        error(&second),
        (
            StatusCode::CONFLICT,
            "you have had the 1 half-point byes this tournament offers; a zero-point bye is still possible"
        )
    );
    assert_eq!(ask(&players[5], &id, 2, false).await.0, StatusCode::OK);
    let again = ask(&players[5], &id, 2, false).await;
    assert_eq!(
        error(&again),
        (StatusCode::CONFLICT, "you have a bye in round 2 already")
    );
    let (status, taken, _) = players[5]
        .request("DELETE", &format!("/api/tournaments/{id}/byes/2"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(byes(&taken), [(1, "sby5".to_string(), 1, true)]);
    let path = format!("/api/tournaments/{id}/byes/two");
    let (status, refused, _) = players[5].request("DELETE", &path, None).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("round-text-is-not-a-round"))
    );
    for (round, words) in [(0, "the round is 1 to 4"), (5, "the round is 1 to 4")] {
        let refused = ask(&players[1], &id, round, false).await;
        assert_eq!(error(&refused), (StatusCode::BAD_REQUEST, words));
    }
    let stranger = ask(&players[6], &id, 2, false).await;
    assert_eq!(error(&stranger).0, StatusCode::CONFLICT);

    // Round 1 pairs the five others (a pairing-allocated bye among them), as from the TRF.
    begin(&hub);
    let first = until(&players[0], &id, |v| {
        v["round"] == 1 && !v["in_play"].as_array().unwrap().is_empty()
    })
    .await;
    assert!(!paired_in(&first, 1, "sby5"), "{first:#}");
    let boards = first["in_play"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    same_as_from_trf(&players[0], &id, boards).await;
    let late = ask(&players[1], &id, 1, false).await;
    assert_eq!(
        error(&late),
        (
            StatusCode::CONFLICT,
            "round 1 is paired already: a bye is asked for before its round is paired"
        )
    );
    // sby1 sits out round 2 for nothing; sby6 enters late, with half a point for round 1.
    assert_eq!(ask(&players[1], &id, 2, false).await.0, StatusCode::OK);
    let (status, entered) = players[6]
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{entered}");
    assert_eq!(
        byes(&entered),
        [
            (1, "sby5".to_string(), 1, true),
            (1, "sby6".to_string(), 1, false),
            (2, "sby1".to_string(), 0, true),
        ]
    );
    play_boards(&players, "sby", &id, boards).await;

    // Round 2: sby1 out; sby5 and the late sby6 in; paired as from the TRF, which marks the
    // byes.
    let second = until(&players[0], &id, |v| {
        v["round"] == 2 && !v["in_play"].as_array().unwrap().is_empty()
    })
    .await;
    assert!(!paired_in(&second, 2, "sby1"), "{second:#}");
    assert!(paired_in(&second, 2, "sby5") && paired_in(&second, 2, "sby6"));
    let boards = second["in_play"].as_array().unwrap();
    same_as_from_trf(&players[0], &id, boards).await;
    let points_of = |view: &Value, name: &str| {
        view["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["username"] == name)
            .map(|s| s["points"].as_f64().unwrap())
    };
    assert_eq!(points_of(&second, "sby5"), Some(0.5));
    assert_eq!(points_of(&second, "sby6"), Some(0.5));
    let (status, trf) = players[0]
        .get(&format!("/api/tournaments/{id}/trf?version=2026"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let trf = trf.as_str().unwrap();
    let line_of = |name: &str| trf.lines().find(|l| l.contains(name)).unwrap().to_string();
    assert!(line_of("sby5").contains("0000 - H"), "{trf}");
    assert!(line_of("sby6").contains("0000 - H"), "{trf}");
    play_boards(&players, "sby", &id, boards).await;

    // To the end: the points are the boards' (a point each) and the two half-point byes'.
    let end = play_to_the_end(&players, "sby", &id).await;
    let (_, trf) = players[0]
        .get(&format!("/api/tournaments/{id}/trf?version=2026"))
        .await;
    let trf = trf.as_str().unwrap();
    let sby1 = trf.lines().find(|l| l.contains("sby1")).unwrap();
    assert_eq!(&sby1[101..109], "0000 - Z", "round 2 of {trf}");
    let total: f64 = end["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    let boards = end["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["boards"].as_array().unwrap().len())
        .sum::<usize>();
    assert_eq!(total, boards as f64 + 1.0, "{end:#}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn byes_and_late_entries_are_a_swiss_s_and_a_closed_swiss_takes_nobody_late() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let organiser = Person::signed_up(&router, "sbzorg").await;
    let start = hub.now_ms() + START_IN.as_millis() as i64;
    let clock = json!({"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0});
    for (extra, words) in [
        (
            json!({"kind": "round_robin", "late_entry": "zero_point_byes"}),
            "late entry and byes are chosen for a Swiss only",
        ),
        (
            json!({"kind": "swiss", "rounds": 3, "half_point_byes": 4}),
            "a player may be offered 0 to 3 half-point byes (the rounds of this Swiss)",
        ),
        (
            json!({"kind": "swiss", "late_entry": "later"}),
            "late_entry",
        ),
    ] {
        let mut body = json!({"name": "Bad", "game": "black-path", "time_control": clock,
                              "starts_ms": start});
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        let (status, refused) = organiser.post("/api/tournaments", body).await;
        assert!(status.is_client_error(), "{refused}");
        let said = refused["error"].as_str().unwrap();
        assert!(said.contains(words), "{said}");
    }
    let robin = organise(&hub, &organiser, json!({})).await;
    let players = players(&router, "sbz", 3).await;
    enter(&hub, &players[..2], &robin).await;
    let refused = ask(&players[0], &robin, 1, false).await;
    assert_eq!(
        error(&refused),
        (
            StatusCode::BAD_REQUEST,
            "byes are asked for in a Swiss only: the other kinds pair everyone"
        )
    );
    let closed = json!({"kind": "swiss", "rounds": 3, "late_entry": "closed"});
    let swiss = organise(&hub, &organiser, closed).await;
    enter(&hub, &players[..2], &swiss).await;
    begin(&hub);
    until(&players[0], &swiss, |v| v["round"] == 1).await;
    let (status, late) = players[2]
        .post(&format!("/api/tournaments/{swiss}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{late}");
    assert_eq!(late["error"], "entries to this tournament have closed");
}
