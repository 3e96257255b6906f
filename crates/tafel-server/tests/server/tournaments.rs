//! Tournaments through the API, in-process on SQLite (and PostgreSQL for two instances when
//! `TAFEL_TEST_POSTGRES` is set): round robins of four and of five (with byes) played to
//! their end with scripted moves; a Swiss of fifteen over five rounds across a restart, and one
//! that a player leaves; a player who withdraws; a player who never moves; a tournament nobody
//! joins; a restart in the middle of a round; two instances directing one round robin and one
//! Swiss; bad requests refused with their reasons; Arenas (`arena`).
//!
//! The games are Black Path on a 1 x 2 board, decided in one or two moves: the first player
//! loses by playing `1`, and wins by playing `3` (the second player then has only losing
//! moves, `1` among them). Here the player entered earlier always wins, so the standings are
//! known in advance.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::domain::clock::Timeline;
use tafel_server::play::Hub;
use tafel_server::{Config, Limits};

mod arena;
mod byes;
mod chat;
mod pairings;
use crate::person;

use person::Person;
use tafel_testkit::wait;

async fn server(database: &str, limits: Limits) -> (Router, Arc<Hub>) {
    server_on(database, limits, Timeline::default()).await
}

/// A server whose time line is `timeline` (shared with every server started on a clone).
async fn server_on(database: &str, limits: Limits, timeline: Timeline) -> (Router, Arc<Hub>) {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.limits = limits;
    config.timeline = timeline;
    tafel_server::app(&config).await.unwrap()
}

/// How far ahead of its server's time a test's tournament starts: beyond what the wall clock
/// reaches while the players enter, so that it starts when [`begin`] moves the time line on.
const START_IN: Duration = Duration::from_secs(10);

/// Moves `hub`'s time line on to the start of the tournaments organised on it: each starts at
/// the director's next look (every half second).
fn begin(hub: &Hub) {
    hub.store().timeline().advance(START_IN);
}

/// Signs up `count` players, `p0`, `p1`... (with `prefix`).
async fn players(router: &Router, prefix: &str, count: usize) -> Vec<Person> {
    let mut players = Vec::new();
    for i in 0..count {
        players.push(Person::signed_up(router, &format!("{prefix}{i}")).await);
    }
    players
}

/// A round robin of Black Path 1 x 2 that `organiser` creates on `hub`, starting
/// [`START_IN`] from now on its time line, with the fields of `extra` over the defaults; its id.
async fn organise(hub: &Hub, organiser: &Person, extra: Value) -> String {
    let mut body = json!({
        "name": "Club night", "game": "black-path", "settings": {"size": "1x2"},
        "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0},
        "kind": "round_robin", "starts_ms": hub.now_ms() + START_IN.as_millis() as i64,
    });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    let (status, created) = organiser.post("/api/tournaments", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_str().unwrap().to_string()
}

/// Enters `players` into tournament `id` on `hub`, in this order: a millisecond of its time
/// line apart, since the order of entry (which numbers a round robin's players and breaks a
/// Swiss's ties) is kept to the millisecond.
async fn enter(hub: &Hub, players: &[Person], id: &str) {
    for player in players {
        let (status, view) = player
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["entered"], true);
        hub.store().timeline().advance(Duration::from_millis(1));
    }
}

async fn view(person: &Person, id: &str) -> Value {
    read(person, &format!("/api/tournaments/{id}")).await
}

async fn read(person: &Person, path: &str) -> Value {
    let (status, view) = person.get(path).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

/// Waits (at most 30 s) until tournament `id` satisfies `done`; returns its view then.
async fn until(person: &Person, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    until_at(person, &format!("/api/tournaments/{id}"), done).await
}

/// Waits (at most 30 s) until the answer to GET `path` satisfies `done`; returns it then.
async fn until_at(person: &Person, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    wait::until(Duration::from_secs(30), path, || async {
        let view = read(person, path).await;
        if done(&view) {
            Ok(view)
        } else {
            Err(format!("{view:#}"))
        }
    })
    .await
}

/// The token of `person`'s seat in game `game` (as the game page fetches it).
/// A board's game is made just after its round is paired (by whichever instance gets to it
/// first), so it may be listed a moment before it exists.
async fn token(person: &Person, game: &str) -> String {
    wait::until(Duration::from_secs(10), "the board's game made", || async {
        let (status, seats) = person.get(&format!("/api/games/{game}/my-seats")).await;
        if status == StatusCode::OK {
            return Ok(seats["seats"][0]["token"].as_str().unwrap().to_string());
        }
        assert_eq!(status, StatusCode::NOT_FOUND, "{seats}");
        Err(seats)
    })
    .await
}

async fn play(person: &Person, game: &str, mv: &str) {
    let token = token(person, game).await;
    let (status, answer) = person
        .post(
            &format!("/api/games/{game}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
    if status != StatusCode::OK {
        let (_, game) = person.get(&format!("/api/games/{game}")).await;
        panic!("{mv} refused: {answer}; the game: {game:#}");
    }
}

/// Plays game `game` between `first` (seat 0) and `second` so that `first_wins` decides it.
async fn decide(first: &Person, second: &Person, game: &str, first_wins: bool) {
    if first_wins {
        play(first, game, "3").await;
        play(second, game, "1").await;
    } else {
        play(first, game, "1").await;
    }
}

/// The player of `players` named `name` (`p3` is `players[3]`), and its index.
fn named<'a>(players: &'a [Person], prefix: &str, name: &str) -> (usize, &'a Person) {
    let i: usize = name.strip_prefix(prefix).unwrap().parse().unwrap();
    (i, &players[i])
}

/// Plays every game of tournament `id` as it is paired, the player entered earlier winning,
/// until it is finished; returns the final view.
async fn play_to_the_end(players: &[Person], prefix: &str, id: &str) -> Value {
    loop {
        let view = until(&players[0], id, |v| {
            v["state"] == "finished" || !v["in_play"].as_array().unwrap().is_empty()
        })
        .await;
        if view["state"] == "finished" {
            return view;
        }
        play_boards(players, prefix, id, view["in_play"].as_array().unwrap()).await;
        until(&players[0], id, |v| {
            v["round"] != view["round"] || v["state"] == "finished"
        })
        .await;
    }
}

/// Plays the games of `boards` of tournament `id`, the player entered earlier winning.
async fn play_boards(players: &[Person], prefix: &str, id: &str, boards: &[Value]) {
    for board in boards {
        let (a, first) = named(players, prefix, board["first"].as_str().unwrap());
        let (b, second) = named(players, prefix, board["second"].as_str().unwrap());
        let game = board["game_id"].as_str().unwrap();
        // Each player is sent to their game.
        assert_eq!(view_of(first, id).await["your_game"], game);
        decide(first, second, game, a < b).await;
    }
}

async fn view_of(person: &Person, id: &str) -> Value {
    view(person, id).await
}

/// `person`, with their session, talking to `router` (another instance, or the server after a
/// restart).
fn on(person: Person, router: &Router) -> Person {
    Person {
        router: router.clone(),
        cookie: person.cookie,
    }
}

/// Records that the two players of board `b` met; fails if they had met before in `view`.
fn meet<'a>(met: &mut std::collections::BTreeSet<[&'a str; 2]>, b: &'a Value, view: &Value) {
    let mut pair = [b["first"].as_str().unwrap(), b["second"].as_str().unwrap()];
    pair.sort();
    assert!(
        met.insert(pair),
        "{pair:?} met twice: {:#}",
        view["pairings"]
    );
}

/// Every pair of `n` players met exactly once in `view`'s pairings, and each round had a bye
/// exactly when `n` is odd.
fn check_round_robin(view: &Value, n: usize) {
    let rounds = view["pairings"].as_array().unwrap();
    assert_eq!(rounds.len(), if n.is_multiple_of(2) { n - 1 } else { n });
    let mut met = std::collections::BTreeSet::new();
    for round in rounds {
        let boards = round["boards"].as_array().unwrap();
        let byes = boards.iter().filter(|b| b["second"].is_null()).count();
        assert_eq!(byes, n % 2, "{round}");
        for b in boards.iter().filter(|b| !b["second"].is_null()) {
            meet(&mut met, b, view);
            assert!(b["result"].is_string(), "{b}");
        }
    }
    assert_eq!(met.len(), n * (n - 1) / 2);
}

fn points(view: &Value) -> Vec<(String, f64)> {
    view["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["username"].as_str().unwrap().to_string(),
                s["points"].as_f64().unwrap(),
            )
        })
        .collect()
}

async fn round_robin(n: usize, prefix: &str) {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let (router, hub) = server(&db, Limits::default()).await;
    let organiser = Person::signed_up(&router, &format!("{prefix}org")).await;
    let players = players(&router, prefix, n).await;
    let id = organise(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    let listed = Person::anonymous(&router).get("/api/tournaments").await.1;
    assert_eq!(listed["upcoming"][0]["id"], id.as_str());
    assert_eq!(listed["upcoming"][0]["entrants"], n);
    begin(&hub);
    let end = play_to_the_end(&players, prefix, &id).await;
    check_round_robin(&end, n);
    let expected: Vec<(String, f64)> = (0..n)
        .map(|i| (format!("{prefix}{i}"), (n - 1 - i) as f64))
        .collect();
    assert_eq!(points(&end), expected);
    // The crosstable: the earlier entrant beat the later one.
    let cross = end["crosstable"].as_array().unwrap();
    assert_eq!(cross[0]["results"][n - 1], "1");
    assert_eq!(cross[n - 1]["results"][0], "0");
    assert_eq!(cross[1]["results"][1], "");
    let listed = Person::anonymous(&router).get("/api/tournaments").await.1;
    assert_eq!(listed["finished"][0]["id"], id.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_is_played_to_its_end() {
    round_robin(4, "four").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_five_gives_each_player_a_bye() {
    round_robin(5, "five").await;
}

/// The results of `view`'s pairings with each board's players: (round, board, first, second,
/// result).
fn results(view: &Value) -> Vec<(u64, u64, String, String, String)> {
    let mut all = Vec::new();
    for round in view["pairings"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            all.push((
                round["round"].as_u64().unwrap(),
                b["board"].as_u64().unwrap(),
                b["first"].to_string(),
                b["second"].to_string(),
                b["result"].to_string(),
            ));
        }
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_corrects_a_result_and_only_the_standings_follow() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let organiser = Person::signed_up(&router, "corg").await;
    let players = players(&router, "cr", 4).await;
    let id = organise(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let path = format!("/api/tournaments/{id}/results");
    let correct = |round: u64, board: u64, result: &str| json!({"round": round, "board": board, "result": result});
    // A game without a result yet is not corrected; nor is a tournament game aborted before
    // its first moves (its no-show is forfeited instead).
    let paired = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 2
    })
    .await;
    let (status, answer) = organiser.post(&path, correct(1, 1, "0-1")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("no result yet"));
    let board = &paired["in_play"][0];
    let (_, first) = named(&players, "cr", board["first"].as_str().unwrap());
    let game = board["game_id"].as_str().unwrap();
    let abort = json!({"token": token(first, game).await});
    let (status, answer) = first.post(&format!("/api/games/{game}/abort"), abort).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["code"], "tournament-games-are-not-aborted");

    let end = play_to_the_end(&players, "cr", &id).await;
    assert_eq!(points(&end)[0], ("cr0".to_string(), 3.0));
    // The game cr0 won against cr3, given to cr3 by the organiser.
    let (round, board, first, _, result) = results(&end)
        .into_iter()
        .find(|(_, _, first, second, _)| {
            [first.as_str(), second.as_str()].contains(&"\"cr0\"")
                && [first.as_str(), second.as_str()].contains(&"\"cr3\"")
        })
        .unwrap();
    let cr0_first = first == "\"cr0\"";
    assert_eq!(result, if cr0_first { "\"1-0\"" } else { "\"0-1\"" });
    let reversed = if cr0_first { "0-1" } else { "1-0" };
    let game = end["pairings"][round as usize - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["board"] == board)
        .unwrap()["game_id"]
        .as_str()
        .unwrap()
        .to_string();

    let game_path = format!("/api/games/{game}");
    let (_, played) = organiser.get(&game_path).await;
    assert_eq!(played["status"]["state"], "over", "{played}");

    // Nobody else corrects; nor a result that is not one, nor a board without a game.
    let (status, answer) = players[3]
        .post(&path, correct(round, board, reversed))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    let (status, answer) = organiser.post(&path, correct(round, board, "2-0")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let (status, answer) = organiser.post(&path, correct(9, 1, "1-0")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(view(&organiser, &id).await["standings"], end["standings"]);

    let (status, corrected) = organiser.post(&path, correct(round, board, reversed)).await;
    assert_eq!(status, StatusCode::OK, "{corrected}");
    let by_name: std::collections::BTreeMap<String, f64> = points(&corrected).into_iter().collect();
    assert_eq!(by_name["cr0"], 2.0);
    assert_eq!(by_name["cr3"], 1.0);
    let cross = corrected["crosstable"].as_array().unwrap();
    let row = |name: &str| cross.iter().position(|r| r["username"] == name).unwrap();
    assert_eq!(cross[row("cr3")]["results"][row("cr0")], "1", "{cross:?}");
    // The pairings stay, and every other result; the game keeps what was played.
    let (before, after) = (results(&end), results(&corrected));
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!((b.0, b.1, &b.2, &b.3), (a.0, a.1, &a.2, &a.3));
        if (b.0, b.1) == (round, board) {
            assert_eq!(a.4, format!("\"{reversed}\""));
        } else {
            assert_eq!(b.4, a.4);
        }
    }
    assert_eq!(
        organiser.get(&game_path).await.1["status"],
        played["status"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_withdraws_resigns_and_forfeits_the_rest() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let organiser = Person::signed_up(&router, "worg").await;
    let players = players(&router, "wdr", 4).await;
    let id = organise(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let running = until(&players[0], &id, |v| v["state"] == "running").await;
    // wdr3 withdraws during round 1: its game there is resigned (a loss over the board), and its
    // later games are forfeited without being made.
    let (status, after) = players[3]
        .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["entered"], false);
    let (status, again) = players[3]
        .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    let board = running["in_play"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["first"] == "wdr3" || b["second"] == "wdr3")
        .unwrap()
        .clone();
    // Resigned at once, or by the director if the game was being made as wdr3 withdrew.
    let path = format!("/api/games/{}", board["game_id"].as_str().unwrap());
    let game = until_at(&players[0], &path, |g| {
        !g["status"]["termination"].is_null()
    })
    .await;
    assert_eq!(game["status"]["termination"], "resignation", "{game}");
    // Round 1 goes on once wdr3's resigned game is scored.
    until(&players[0], &id, |v| {
        v["pairings"][0]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["first"] != "wdr3" && b["second"] != "wdr3" || b["result"].is_string())
    })
    .await;
    let end = play_to_the_end(&players[..3], "wdr", &id).await;
    let wdr3_boards: Vec<Value> = end["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["boards"].as_array().unwrap().clone())
        .filter(|b| b["first"] == "wdr3" || b["second"] == "wdr3")
        .collect();
    assert_eq!(wdr3_boards.len(), 3);
    for b in &wdr3_boards[1..] {
        assert!(b["game_id"].is_null(), "{b}");
        let forfeit = if b["first"] == "wdr3" { "-:+" } else { "+:-" };
        assert_eq!(b["result"], forfeit);
    }
    let standings = end["standings"].as_array().unwrap();
    let wdr3 = standings.iter().find(|s| s["username"] == "wdr3").unwrap();
    assert_eq!(
        (wdr3["points"].as_f64(), &wdr3["withdrawn"]),
        (Some(0.0), &json!(true))
    );
    assert_eq!(points(&end)[0], ("wdr0".to_string(), 3.0));
    assert_eq!(
        end["crosstable"][0]["results"][3].as_str().unwrap().len(),
        1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_moves_forfeits_after_the_limit() {
    let limits = Limits {
        tournament_no_show: Duration::from_secs(1),
        ..Limits::default()
    };
    let (router, hub) = server("sqlite::memory:", limits).await;
    let organiser = Person::signed_up(&router, "norg").await;
    let players = players(&router, "nsh", 2).await;
    let id = organise(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let running = until(&players[0], &id, |v| {
        !v["in_play"].as_array().unwrap().is_empty()
    })
    .await;
    let game = running["in_play"][0]["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    // Nobody moves: the first player, to move, forfeits.
    let end = until(&players[0], &id, |v| v["state"] == "finished").await;
    assert_eq!(end["pairings"][0]["boards"][0]["result"], "-:+");
    assert_eq!(points(&end)[0], ("nsh1".to_string(), 1.0));
    // A round robin's pairings are fixed: the forfeit counts as the game, a win (WIN 1)
    // against an opponent with nothing (SB 0), nobody level (DE 0).
    assert_eq!(end["tie_breaks"], json!(["DE", "SB", "WIN"]));
    assert_eq!(end["standings"][0]["tie_breaks"], json!([0.0, 0.0, 1.0]));
    let (_, view) = players[0].get(&format!("/api/games/{game}")).await;
    assert_eq!(view["status"]["termination"], "aborted", "{view}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_nobody_joins_or_one_joins_is_cancelled() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let organiser = Person::signed_up(&router, "corg").await;
    let lonely = Person::signed_up(&router, "lonely").await;
    let empty = organise(&hub, &organiser, json!({})).await;
    let single = organise(&hub, &organiser, json!({})).await;
    enter(&hub, std::slice::from_ref(&lonely), &single).await;
    begin(&hub);
    for id in [&empty, &single] {
        let view = until(&organiser, id, |v| v["state"] != "open").await;
        assert_eq!(view["state"], "cancelled");
        assert!(view["pairings"].as_array().unwrap().is_empty());
    }
    // Entries closed.
    let (status, answer) = lonely
        .post(&format!("/api/tournaments/{empty}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
}

/// A server on a database in a temporary folder (kept while the folder is): the folder, the
/// database's URL, the router and the hub.
async fn on_disk() -> (tempfile::TempDir, String, Router, Arc<Hub>) {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let (router, hub) = server(&db, Limits::default()).await;
    (dir, db, router, hub)
}

/// `n` players (`prefix`0...) entered into a tournament of `hub` and `router` with the fields
/// of `extra`, which then starts; the players and the tournament's id.
async fn entered(
    hub: &Hub,
    router: &Router,
    prefix: &str,
    n: usize,
    extra: Value,
) -> (Vec<Person>, String) {
    let organiser = Person::signed_up(router, &format!("{prefix}org")).await;
    let players = players(router, prefix, n).await;
    let id = organise(hub, &organiser, extra).await;
    enter(hub, &players, &id).await;
    begin(hub);
    (players, id)
}

/// Stops the server of `hub` and `router`, moves its time line on by `down` (the time it is
/// away) and starts it again on `db`; the new router and hub, and `players` talking to it.
async fn restart(
    db: &str,
    hub: Arc<Hub>,
    router: Router,
    players: Vec<Person>,
    down: Duration,
) -> (Router, Arc<Hub>, Vec<Person>) {
    let timeline = hub.store().timeline().clone();
    // Alive until now: the time line may have moved on faster than the heartbeat writes.
    hub.store().alive(timeline.now_ms()).await.unwrap();
    hub.stop();
    drop(router);
    timeline.advance(down);
    let (router, hub) = server_on(db, Limits::default(), timeline).await;
    let players = players.into_iter().map(|p| on(p, &router)).collect();
    (router, hub, players)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_round_keeps_pairings_standings_and_clocks() {
    let (_dir, db, router, hub) = on_disk().await;
    let (players, id) = entered(&hub, &router, "rst", 3, json!({})).await;
    let before = until(&players[0], &id, |v| {
        !v["in_play"].as_array().unwrap().is_empty()
    })
    .await;
    let board = before["in_play"][0].clone();
    let game = board["game_id"].as_str().unwrap().to_string();
    let (a, first) = named(&players, "rst", board["first"].as_str().unwrap());
    let (b, _) = named(&players, "rst", board["second"].as_str().unwrap());
    play(first, &game, "3").await;
    let (_, game_before) = players[0].get(&format!("/api/games/{game}")).await;
    let left_before = game_before["clock"]["remaining_ms"][1].as_i64().unwrap();

    // The server goes away for four seconds (longer than the silence a restart credits).
    let (_router, _hub, players) = restart(&db, hub, router, players, Duration::from_secs(4)).await;
    let after = view(&players[0], &id).await;
    for key in ["pairings", "standings", "in_play", "round", "state"] {
        assert_eq!(after[key], before[key], "{key}");
    }
    let (_, game_after) = players[0].get(&format!("/api/games/{game}")).await;
    assert_eq!(game_after["status"]["state"], "to_move", "{game_after:#}");
    let left_after = game_after["clock"]["remaining_ms"][1].as_i64().unwrap();
    assert!(
        left_before - left_after < 2_000,
        "the downtime was charged: {left_before} ms then {left_after} ms"
    );
    // The game goes on where it was: the second player answers and loses.
    assert!(a < b);
    play(&players[b], &game, "1").await;
    until(&players[0], &id, |v| v["round"] != before["round"]).await;
    let end = play_to_the_end(&players, "rst", &id).await;
    check_round_robin(&end, 3);
    assert_eq!(
        points(&end),
        vec![
            ("rst0".into(), 2.0),
            ("rst1".into(), 1.0),
            ("rst2".into(), 0.0)
        ]
    );
}

/// A tournament of `n` players (`prefix`0...) with the fields of `extra`, directed by two
/// instances on one database (PostgreSQL when `TAFEL_TEST_POSTGRES` is set, else SQLite), played
/// to its end; its final view. On PostgreSQL half the players play through the other instance
/// too; SQLite is one instance's database (a game in one's memory does not follow changes made
/// through the other), so there everyone plays through the first.
async fn on_two_instances(database: &str, prefix: &str, n: usize, extra: Value) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("t.db").display());
    let postgres = tafel_testkit::postgres::test_database(database).await;
    let db = postgres.unwrap_or(sqlite);
    eprintln!("two instances on {}", db.split(':').next().unwrap());
    let shared = db.starts_with("postgres");
    let timeline = Timeline::default();
    let (one, hub) = server_on(&db, Limits::default(), timeline.clone()).await;
    let (two, _hub_two) = server_on(&db, Limits::default(), timeline).await;
    let organiser = Person::signed_up(&one, &format!("{prefix}org")).await;
    let players = players(&one, prefix, n).await;
    let id = organise(&hub, &organiser, extra).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let players: Vec<Person> = players
        .into_iter()
        .enumerate()
        .map(|(i, p)| if shared && i >= n / 2 { on(p, &two) } else { p })
        .collect();
    play_to_the_end(&players, prefix, &id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_pair_each_round_exactly_once() {
    let end = on_two_instances(
        "tournaments",
        "ins",
        4,
        json!({"kind": "double_round_robin"}),
    )
    .await;
    let rounds = end["pairings"].as_array().unwrap();
    assert_eq!(rounds.len(), 6);
    let mut games = std::collections::BTreeSet::new();
    for (i, round) in rounds.iter().enumerate() {
        assert_eq!(round["round"], i + 1);
        let boards = round["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 2, "{round}");
        for b in boards {
            assert!(games.insert(b["game_id"].as_str().unwrap().to_string()));
        }
    }
    assert_eq!(points(&end)[0], ("ins0".to_string(), 6.0));
    assert_eq!(end["crosstable"][0]["results"][1], "1 1");
}

/// The Swiss of `n` players and `rounds` rounds in `view` kept the rules: every round paired
/// everyone once (a bye when `n` is odd), no pair met twice, nobody had two byes; and the
/// standings agree with the results (a bye scoring 1), ordered by points then Buchholz.
fn check_swiss(view: &Value, n: usize, rounds: usize) {
    let paired = view["pairings"].as_array().unwrap();
    assert_eq!(paired.len(), rounds, "{view:#}");
    let mut met = std::collections::BTreeSet::new();
    let mut byes = std::collections::BTreeSet::new();
    let mut points = std::collections::BTreeMap::<String, f64>::new();
    let mut add = |name: &Value, p: f64| {
        *points
            .entry(name.as_str().unwrap().to_string())
            .or_default() += p;
    };
    for (i, round) in paired.iter().enumerate() {
        assert_eq!(round["round"], i + 1);
        let boards = round["boards"].as_array().unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for b in boards {
            assert!(seen.insert(b["first"].as_str().unwrap()), "{round}");
            if b["second"].is_null() {
                assert!(
                    byes.insert(b["first"].as_str().unwrap()),
                    "a second bye: {b}"
                );
                add(&b["first"], 1.0);
                continue;
            }
            assert!(seen.insert(b["second"].as_str().unwrap()), "{round}");
            meet(&mut met, b, view);
            let (first, second) = match b["result"].as_str().unwrap() {
                "1-0" | "+:-" => (1.0, 0.0),
                "0-1" | "-:+" => (0.0, 1.0),
                "1/2-1/2" => (0.5, 0.5),
                _ => (0.0, 0.0),
            };
            add(&b["first"], first);
            add(&b["second"], second);
        }
        assert_eq!(seen.len(), n, "{round}");
        assert_eq!(boards.len(), n / 2 + n % 2, "{round}");
    }
    assert_eq!(byes.len(), if n.is_multiple_of(2) { 0 } else { rounds });
    let standings = view["standings"].as_array().unwrap();
    assert_eq!(standings.len(), n);
    for s in standings {
        let name = s["username"].as_str().unwrap();
        assert_eq!(s["points"].as_f64().unwrap(), points[name], "{name}");
    }
    let key = |s: &Value| {
        (
            s["points"].as_f64().unwrap(),
            s["tie_breaks"][0].as_f64().unwrap(),
        )
    };
    for pair in standings.windows(2) {
        assert!(key(&pair[0]) >= key(&pair[1]), "out of order: {pair:?}");
        assert!(pair[0]["rank"].as_u64() <= pair[1]["rank"].as_u64());
    }
}

/// Checks that the boards of the Swiss round in play (`boards`, by username, first mover first)
/// are the pairing `tafel swiss` makes (`trf_read::next_round`, `dutch::pair`) from the
/// tournament's TRF-2026 export.
async fn same_as_from_trf(person: &Person, id: &str, boards: &[Value]) {
    use tafel_tournament::{dutch, trf_read};
    let (status, trf) = person
        .get(&format!("/api/tournaments/{id}/trf?version=2026"))
        .await;
    assert_eq!(status, StatusCode::OK, "{trf}");
    let trf = trf.as_str().unwrap();
    assert!(trf.contains("\n192 FIDE_DUTCH_2025\n"), "{trf}");
    assert!(
        trf.contains("\n202 BH/C1,BH,SB,DE\n"),
        "a Swiss's own tie-breaks: {trf}"
    );
    let names: std::collections::BTreeMap<usize, &str> = trf
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            (
                l[4..8].trim().parse().unwrap(),
                l[14..].split(' ').next().unwrap(),
            )
        })
        .collect();
    let field = trf_read::next_round(trf).unwrap();
    let mut expected: Vec<(&str, &str)> = dutch::pair(&field)
        .unwrap()
        .boards
        .iter()
        .map(|b| (names[&b.first], names[&b.second]))
        .collect();
    let mut paired: Vec<(&str, &str)> = boards
        .iter()
        .map(|b| (b["first"].as_str().unwrap(), b["second"].as_str().unwrap()))
        .collect();
    expected.sort_unstable();
    paired.sort_unstable();
    assert_eq!(paired, expected, "round {} against its TRF", field.round);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_fifteen_is_played_to_its_end_across_a_restart() {
    let (_dir, db, router, hub) = on_disk().await;
    let (players, id) = entered(
        &hub,
        &router,
        "sws",
        15,
        json!({"kind": "swiss", "rounds": 5}),
    )
    .await;
    let (status, early) = players[0].get(&format!("/api/tournaments/{id}/trf")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{early}");
    // Rounds 1 and 2, then half of round 3.
    for round in 1..=3 {
        let view = until(&players[0], &id, |v| {
            v["round"] == round && !v["in_play"].as_array().unwrap().is_empty()
        })
        .await;
        assert_eq!(view["rounds"], 5);
        let boards = view["in_play"].as_array().unwrap();
        same_as_from_trf(&players[0], &id, boards).await;
        if round < 3 {
            play_boards(&players, "sws", &id, boards).await;
            continue;
        }
        play_boards(&players, "sws", &id, &boards[..boards.len() / 2]).await;
    }
    let before = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 4
    })
    .await;
    // After two complete rounds, everyone has played or had the bye twice.
    let standings = before["standings"].as_array().unwrap();
    let sws0 = standings.iter().find(|s| s["username"] == "sws0").unwrap();
    assert_eq!(sws0["points"], 2.0);
    let scored: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(scored, 2.0 * 8.0, "7 games and a bye a round");

    let (_router, _hub, players) = restart(&db, hub, router, players, Duration::from_secs(1)).await;
    let after = view(&players[0], &id).await;
    for key in [
        "pairings",
        "standings",
        "in_play",
        "round",
        "rounds",
        "state",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    let end = play_to_the_end(&players, "sws", &id).await;
    check_swiss(&end, 15, 5);
    // The lower number wins every game: sws0 wins all five rounds (or four and its bye).
    assert_eq!(points(&end)[0], ("sws0".to_string(), 5.0));
    let (status, trf) = players[3].get(&format!("/api/tournaments/{id}/trf")).await;
    assert_eq!(status, StatusCode::OK, "{trf}");
    let trf = trf.as_str().unwrap();
    assert!(trf.starts_with("012 Club night\n"), "{trf}");
    assert!(trf.contains("\nXXR 5\n"), "{trf}");
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), 15, "{trf}");
    // sws0 is number 1: 5.0 points, first place, five rounds after the points.
    assert_eq!(&lines[0][14..18], "sws0");
    assert_eq!(&lines[0][80..89], " 5.0    1");
    assert_eq!(lines[0].len(), 91 + 10 * 4 + 8, "{}", lines[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_player_who_withdraws_is_paired_no_more() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let (players, id) = entered(
        &hub,
        &router,
        "swd",
        4,
        json!({"kind": "swiss", "rounds": 3, "late_entry": "closed"}),
    )
    .await;
    until(&players[0], &id, |v| {
        !v["in_play"].as_array().unwrap().is_empty()
    })
    .await;
    let (status, after) = players[3]
        .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // Only an Arena takes players back, or in once it has started.
    let (status, again) = players[3]
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert!(
        again["error"]
            .as_str()
            .unwrap()
            .contains("only an Arena under way takes players back"),
        "{again}"
    );
    let late = Person::signed_up(&router, "swdlate").await;
    let (status, refused) = late
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("entries to this tournament have closed"));
    // swd3's game of round 1 is resigned; the three others play on, one of them resting (a bye)
    // each round, until the rounds are played or no round can be paired without a repeat.
    until(&players[0], &id, |v| {
        v["in_play"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["first"] != "swd3" && b["second"] != "swd3")
    })
    .await;
    let end = play_to_the_end(&players[..3], "swd", &id).await;
    let rounds = end["pairings"].as_array().unwrap();
    assert!((2..=3).contains(&rounds.len()), "{end:#}");
    let mut met = std::collections::BTreeSet::new();
    let mut byes = std::collections::BTreeSet::new();
    for round in rounds {
        for b in round["boards"].as_array().unwrap() {
            if b["second"].is_null() {
                assert!(byes.insert(b["first"].as_str().unwrap()), "{b}");
            } else {
                meet(&mut met, b, &end);
            }
        }
        if round["round"] != 1 {
            assert!(!round.to_string().contains("swd3"), "{round}");
        }
    }
    let swd3 = end["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == "swd3")
        .unwrap();
    assert_eq!(
        (&swd3["points"], &swd3["withdrawn"]),
        (&json!(0.0), &json!(true))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_numbers_by_rating_and_pauses_between_rounds() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    // A rated round robin of two first: sps0 beats sps1, so sps0 is rated above 1500 and sps1
    // below; sps2 and sps3 have never played (1500).
    let (mut players, warm_up) = entered(&hub, &router, "sps", 2, json!({"rated": true})).await;
    play_to_the_end(&players, "sps", &warm_up).await;
    // The ratings are recorded a moment after the game ends: the Swiss reads them at its start.
    for name in ["sps0", "sps1"] {
        until_at(&players[0], &format!("/api/players/{name}"), |p| {
            p["ratings"].as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    }
    // The standings show each player's rating and what the tournament changed of it.
    let standings = view(&players[0], &warm_up).await["standings"].clone();
    let rating = |i: usize, key: &str| standings[i][key].as_i64().unwrap();
    assert_eq!(standings[0]["username"], "sps0", "{standings}");
    assert!(
        rating(0, "rating") > 1500 && rating(0, "rating_change") > 0,
        "{standings}"
    );
    assert!(
        rating(1, "rating") < 1500 && rating(1, "rating_change") < 0,
        "{standings}"
    );
    assert_eq!(
        rating(0, "rating") - 1500,
        rating(0, "rating_change"),
        "{standings}"
    );
    for name in ["sps2", "sps3"] {
        players.push(Person::signed_up(&router, name).await);
    }
    let organiser = Person::signed_up(&router, "spsorg2").await;
    let id = organise(
        &hub,
        &organiser,
        json!({"kind": "swiss", "rounds": 2, "round_pause_s": 2}),
    )
    .await;
    // They enter with the best rated last.
    for i in [1, 2, 3, 0] {
        enter(&hub, std::slice::from_ref(&players[i]), &id).await;
    }
    begin(&hub);
    let view = until(&players[0], &id, |v| v["state"] == "running").await;
    assert_eq!(view["round_pause_s"], 2);
    let numbered: Vec<(&str, u64)> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["username"].as_str().unwrap(),
                p["number"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        numbered,
        [("sps0", 0), ("sps2", 1), ("sps3", 2), ("sps1", 3)],
        "numbered by rating, equal ratings by entry"
    );
    // Round 1 of the Dutch system: the top half against the bottom half in that order.
    let first: Vec<[&str; 2]> = view["pairings"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let mut pair = [b["first"].as_str().unwrap(), b["second"].as_str().unwrap()];
            pair.sort();
            pair
        })
        .collect();
    assert_eq!(first, [["sps0", "sps3"], ["sps1", "sps2"]], "{view:#}");
    let boards = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 2
    })
    .await["in_play"]
        .clone();
    play_boards(&players, "sps", &id, boards.as_array().unwrap()).await;
    // The round is complete; the next is paired and published at once, its games begin two
    // seconds later, and the page says when.
    let paused = until(&players[0], &id, |v| v["round"] == 2).await;
    assert_eq!(paused["pairings"].as_array().unwrap().len(), 2);
    let at = paused["next_round_ms"].as_i64().unwrap();
    assert!(
        at > paused["now_ms"].as_i64().unwrap() - 2_000,
        "{paused:#}"
    );
    assert!(paused["in_play"].as_array().unwrap().is_empty());
    assert!(paused["pairings"][1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b["game_id"].is_null()));
    let second = until(&players[0], &id, |v| {
        !v["in_play"].as_array().unwrap().is_empty()
    })
    .await;
    assert!(
        second["now_ms"].as_i64().unwrap() >= at,
        "begun before the pause ended"
    );
    assert!(second["next_round_ms"].is_null());
    let end = play_to_the_end(&players, "sps", &id).await;
    assert_eq!(end["pairings"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_pair_each_swiss_round_exactly_once() {
    let end = on_two_instances(
        "tournaments_swiss",
        "jns",
        6,
        json!({"kind": "swiss", "rounds": 3}),
    )
    .await;
    check_swiss(&end, 6, 3);
    let mut games = std::collections::BTreeSet::new();
    for round in end["pairings"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            assert!(games.insert(b["game_id"].as_str().unwrap().to_string()));
        }
    }
    assert_eq!(games.len(), 9);
    assert_eq!(points(&end)[0], ("jns0".to_string(), 3.0));
}

#[tokio::test]
async fn bad_requests_are_refused_with_their_reasons() {
    let limits = Limits {
        tournaments_per_account: 1,
        ..Limits::default()
    };
    let (router, hub) = server("sqlite::memory:", limits).await;
    let anonymous = Person::anonymous(&router);
    let organiser = Person::signed_up(&router, "borg").await;
    let start = hub.now_ms() + 60_000;
    let good = json!({
        "name": "Club night", "game": "black-path",
        "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0},
        "kind": "round_robin", "starts_ms": start,
    });
    let with = |key: &str, value: Value| {
        let mut body = good.clone();
        body[key] = value;
        body
    };
    let (status, answer) = anonymous.post("/api/tournaments", good.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
    for (body, reason) in [
        (
            with("kind", json!("swiss"))
                .as_object()
                .cloned()
                .map(|mut b| {
                    b.insert("rounds".into(), json!(21));
                    Value::Object(b)
                })
                .unwrap(),
            "a Swiss has 1 to 20 rounds",
        ),
        (
            with("rounds", json!(3)),
            "rounds are chosen for a Swiss only",
        ),
        (
            with("kind", json!("arena"))
                .as_object()
                .cloned()
                .map(|mut b| {
                    b.insert("minutes".into(), json!(721));
                    Value::Object(b)
                })
                .unwrap(),
            "an Arena lasts 5 to 720 minutes",
        ),
        (with("minutes", json!(30)), "for an Arena only"),
        (
            with("time_control", json!({"kind": "none"})),
            "needs a clock",
        ),
        (with("game", json!("chess")), "chess"),
        (with("settings", json!({"size": "0x0"})), "size"),
        (
            with("game", json!("karls-race"))
                .as_object()
                .cloned()
                .map(|mut b| {
                    b.insert("settings".into(), json!({"players": "4"}));
                    Value::Object(b)
                })
                .unwrap(),
            "two-player",
        ),
        (with("starts_ms", json!(0)), "passed"),
        (with("max_entrants", json!(1000)), "entrants"),
        (with("name", json!("")), "name"),
        (
            with("round_pause_s", json!(3601)),
            "the pause between rounds is 0 to 3600 seconds",
        ),
    ] {
        let (status, answer) = organiser.post("/api/tournaments", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(reason),
            "{answer}"
        );
    }
    let (status, created) = organiser
        .post("/api/tournaments", with("entry", json!("invitation")))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let code = created["invite"].as_str().unwrap();
    // One unfinished tournament per account here.
    let (status, answer) = organiser.post("/api/tournaments", good.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    // Only the organiser sees the invitation.
    assert_eq!(view(&organiser, id).await["invite"], code);
    assert!(view(&anonymous, id).await["invite"].is_null());
    let player = Person::signed_up(&router, "bplayer").await;
    let join = format!("/api/tournaments/{id}/join");
    let (status, answer) = anonymous.post(&join, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
    let (status, answer) = player.post(&join, json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    let (status, answer) = player.post(&join, json!({"invite": "nope"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    let (status, answer) = player.post(&join, json!({"invite": code})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = player.post(&join, json!({"invite": code})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    // Withdrawing before the start takes the entry back.
    let (status, answer) = player
        .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["players"].as_array().unwrap().len(), 0);
    for path in ["/api/tournaments/nope", "/api/tournaments/AAAAAAAAAAAA"] {
        let (status, _) = anonymous.get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}
