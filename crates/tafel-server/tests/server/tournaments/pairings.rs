//! A Swiss round's pairings changed by hand through the API: only by the organiser, only while
//! the round waits for the pause between rounds to end, only as a pairing of every entrant
//! present; the page then shows what the round breaks of the Dutch system, and its games are
//! the ones the organiser set.

use super::*;

/// The entrant number of `username` in `view`.
fn number(view: &Value, username: &str) -> u64 {
    view["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["username"] == username)
        .and_then(|p| p["number"].as_u64())
        .unwrap()
}

/// Round `round`'s boards in `view`, as (first, second) usernames (second empty: the bye).
fn boards_of(view: &Value, round: u64) -> Vec<(String, String)> {
    let rounds = view["pairings"].as_array().unwrap();
    let round = rounds.iter().find(|r| r["round"] == round).unwrap();
    round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["first"].as_str().unwrap().to_string(),
                b["second"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// `person` pairs round `round` of tournament `id` as `boards` (usernames, by their numbers in
/// `view`); the answer.
async fn pair(
    person: &Person,
    id: &str,
    round: u64,
    view: &Value,
    boards: &[(String, String)],
) -> (StatusCode, Value) {
    let boards: Vec<Value> = boards
        .iter()
        .map(|(first, second)| {
            let second = (!second.is_empty()).then(|| number(view, second));
            json!({"first": number(view, first), "second": second})
        })
        .collect();
    let (status, answer, _) = person
        .request(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/{round}/pairings"),
            Some(json!({ "boards": boards })),
        )
        .await;
    (status, answer)
}

/// The rules `view`'s waiting round breaks, as (board, rule).
fn broken(view: &Value) -> Vec<(u64, String)> {
    view["broken"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().unwrap(),
                b["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_pairs_a_waiting_round_by_hand_and_sees_what_it_breaks() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let organiser = Person::signed_up(&router, "shporg").await;
    let players = players(&router, "shp", 5).await;
    let swiss = json!({"kind": "swiss", "rounds": 3, "round_pause_s": 600});
    let id = organise(&hub, &organiser, swiss).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    // Round 1 begins at the start: no pairing by hand then.
    let first = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 2
    })
    .await;
    let round_one = boards_of(&first, 1);
    let (status, refused) = pair(&organiser, &id, 1, &first, &round_one).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["code"], "round-round-is-not-waiting-to-begin");
    play_boards(&players, "shp", &id, first["in_play"].as_array().unwrap()).await;

    // Round 2 is paired at once and waits ten minutes; the Dutch system's own pairing breaks
    // no absolute rule.
    let waiting = until(&players[0], &id, |v| v["round"] == 2).await;
    assert!(waiting["in_play"].as_array().unwrap().is_empty());
    assert!(!waiting["next_round_ms"].is_null());
    let own = broken(&waiting);
    assert!(
        own.iter()
            .all(|(_, rule)| rule == "score_gap" || rule == "preference"),
        "{waiting:#}"
    );
    // Round 1 again, by hand: refused to a player, and to the organiser when it is not a
    // pairing of everyone present.
    let (status, refused) = pair(&players[1], &id, 2, &waiting, &round_one).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let mut twice = round_one.clone();
    twice[1].0 = twice[0].0.clone();
    let (status, refused) = pair(&organiser, &id, 2, &waiting, &twice).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["code"], "entrant-number-is-paired-twice");
    let (status, refused) = pair(&organiser, &id, 2, &waiting, &round_one[..2]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["code"], "entrant-number-is-not-paired");
    let (status, changed) = pair(&organiser, &id, 2, &waiting, &round_one).await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(boards_of(&changed, 2), round_one);
    let rules = broken(&changed);
    for expected in [(1, "rematch"), (2, "rematch"), (0, "second_bye")] {
        assert!(
            rules.contains(&(expected.0, expected.1.to_string())),
            "{expected:?} in {rules:?}"
        );
    }
    // The same sides again is each player's colour preference not granted.
    assert!(
        rules.iter().any(|(_, rule)| rule == "preference"),
        "{rules:?}"
    );
    let names = &changed["broken"][0]["players"];
    assert_eq!(names.as_array().unwrap().len(), 2, "{changed:#}");

    // The pause ends: the games begin as the organiser paired them, and stay so.
    hub.store().timeline().advance(Duration::from_secs(600));
    let begun = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 2
    })
    .await;
    assert_eq!(boards_of(&begun, 2), round_one);
    assert!(broken(&begun).is_empty());
    let (status, refused) = pair(&organiser, &id, 2, &begun, &round_one).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
}
