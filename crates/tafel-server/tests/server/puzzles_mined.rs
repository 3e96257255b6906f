//! Puzzles mined from the server's own finished games (`tafel puzzles generate GAME
//! --database URL`, docs/learn.md), on SQLite and (with `TAFEL_TEST_POSTGRES`) PostgreSQL:
//! three finished games of Black Path on the usual 8 x 8 board and one on 3 x 3 are played
//! through the API; mining the 8 x 8 games adds puzzles whose positions are those games'
//! positions and whose source names the game; mining again judges only the positions not
//! kept before (what it adds is new); the API poses them with their source.

use std::collections::HashSet;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_ai::puzzles::{PuzzleOptions, Source};
use tafel_server::play::puzzles::mining::{Mined, Mining};
use tafel_server::play::puzzles::Puzzles;
use tafel_server::store::Store;
use tafel_server::Config;

use crate::person::Person;

/// `person` plays a whole game of Black Path with `settings`, both seats: each move the one at
/// `pick` plus the ply (modulo their number) among the legal moves that do not end the game
/// (all of them when each does), so that the game is long. Its id and the position codes where
/// someone was to move, with the plies before each.
async fn played(person: &Person, settings: Value, pick: usize) -> (String, Vec<(u64, String)>) {
    let pairs: Vec<(String, String)> = settings
        .as_object()
        .unwrap()
        .iter()
        .map(|(key, value)| (key.clone(), value.as_str().unwrap().to_string()))
        .collect();
    let rules = tafel_games::registry()
        .get("black-path")
        .unwrap()
        .build(&pairs)
        .unwrap();
    let body = json!({"game": "black-path", "settings": settings,
                      "seats": [{"kind": "local"}, {"kind": "local"}]});
    let (status, created) = person.post("/api/games", body).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = (0..2)
        .map(|seat| {
            created["seats"][seat]["token"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut position = rules.start();
    let mut positions = Vec::new();
    loop {
        let (_, view) = person.get(&format!("/api/games/{id}")).await;
        if view["status"]["state"] != "to_move" {
            break;
        }
        let plies = view["moves"].as_array().unwrap().len();
        assert_eq!(view["code"], position.code());
        positions.push((plies as u64, position.code()));
        let legal = position.legal_moves();
        let going_on: Vec<&String> = legal
            .iter()
            .filter(|mv| {
                let mut after = position.clone_box();
                after.play(mv).unwrap();
                matches!(after.status(), tafel_core::Status::ToMove(_))
            })
            .collect();
        let choices = if going_on.is_empty() {
            legal.iter().collect()
        } else {
            going_on
        };
        let mv = choices[(pick + plies) % choices.len()].clone();
        position.play(&mv).unwrap();
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let body = json!({"token": tokens[seat], "move": mv});
        let (status, answer) = person.post(&format!("/api/games/{id}/moves"), body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    (id, positions)
}

/// Mines the games of Black Path with the usual settings of the store at `url`.
async fn mine(url: &str) -> Mined {
    let store = Store::open(url).await.unwrap();
    let rules = tafel_games::registry()
        .get("black-path")
        .unwrap()
        .build(&[])
        .unwrap();
    let mining = Mining {
        games: 10,
        options: PuzzleOptions {
            seed: 1,
            count: 50,
            table: None,
        },
    };
    Puzzles::new(store)
        .mine(rules, mining, |_| {})
        .await
        .unwrap()
}

async fn server(url: &str) -> Router {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), url);
    config.shipped_puzzles = false;
    tafel_server::app(&config).await.unwrap().0
}

#[tokio::test]
async fn puzzles_mined_from_finished_games_come_from_their_positions() {
    let dir = tempfile::tempdir().unwrap();
    let mut databases = vec![format!("sqlite://{}", dir.path().join("t.db").display())];
    databases.extend(tafel_testkit::postgres::test_database("puzzles_mined").await);
    for url in databases {
        mined_on(&url).await;
    }
}

async fn mined_on(url: &str) {
    let router = server(url).await;
    let ann = Person::signed_up(&router, "ann").await;
    let mut games = Vec::new();
    for pick in 0..3 {
        games.push(played(&ann, json!({}), pick).await);
    }
    let (other, _) = played(&ann, json!({"size": "3x3"}), 0).await;
    let mined = mine(url).await;
    assert_eq!(mined.games, 3, "only the finished games on 8 x 8 are read");
    assert!(mined.added > 0, "{:?}", mined.generated.report);
    assert_eq!(mined.added as usize, mined.generated.puzzles.len());
    let mut from = HashSet::new();
    for puzzle in mined.generated.puzzles.iter().map(|kept| &kept.puzzle) {
        let Source::Played { server_game, ply } = &puzzle.source else {
            panic!("{puzzle:?}");
        };
        assert_ne!(server_game, &other);
        let (_, positions) = games.iter().find(|(id, _)| id == server_game).unwrap();
        assert!(
            positions.contains(&(u64::from(*ply), puzzle.code.clone())),
            "{puzzle:?} is not a position of {server_game}"
        );
        from.insert(server_game.clone());
        let (status, posed) = ann.get(&format!("/api/puzzles/{}", puzzle.id)).await;
        assert_eq!(status, StatusCode::OK, "{posed}");
        assert_eq!(posed["code"], puzzle.code);
        assert_eq!(posed["source_game"], json!(server_game));
        assert_eq!(posed["settings"], json!([]));
    }
    // Mining again adds nothing: the games mined already are left out, and the one that gave
    // no puzzle is judged again in the same order (its order comes from its id).
    let again = mine(url).await;
    assert_eq!(again.added, 0, "{:?}", again.generated.puzzles);
    assert!(again.generated.puzzles.is_empty());
    let (_, counts) = ann.get("/api/puzzles").await;
    let counts: &Vec<Value> = counts["games"].as_array().unwrap();
    let black_path = counts.iter().find(|g| g["game"] == "black-path").unwrap();
    assert_eq!(black_path["puzzles"], json!(mined.added + again.added));
}
