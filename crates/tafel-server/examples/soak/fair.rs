//! The fairness run (`--fair`, issue #29): a newcomer plays the computer at level 1 while the
//! server is loaded as an unkind crowd would load it, and the time the computer takes to reply
//! to the newcomer is measured.
//!
//! The load, from many loopback addresses as on a network: `--unattended` games of the
//! computer against itself at `--level` (two per address, the server's default limit; a game
//! that ends is replaced), `--analyses` analyses of `--game` records of 40 random moves (two
//! per address), and a flood of `--hint-flood` requests at once for hints on one game from one
//! address. After five seconds of load the newcomer (another address) starts a game against
//! level 1 and answers each computer move at once with a random legal move, for `--seconds`.
//!
//! Prints the newcomer's reply times (from sending a move until the computer's reply is
//! shown: p50, p99, max) and what the load got (games of the computer started and refused,
//! analyses' answers, hints' answers). Fails unless the newcomer got at least five replies
//! with a p99 under one second.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use tafel_testkit::client::Client;

use super::{client_address, finish, moves_of, person, tempdir, Args, Load, Server};

/// The newcomer's p99 reply time must stay under this.
const REPLY_P99: Duration = Duration::from_secs(1);

/// Random moves in each record analysed.
const RECORD_PLIES: usize = 40;

/// How the server answered the load's requests, by kind of request and status.
#[derive(Default)]
struct Answers(Mutex<BTreeMap<(&'static str, u16), u64>>);

impl Answers {
    fn add(&self, kind: &'static str, status: u16) {
        *self.0.lock().unwrap().entry((kind, status)).or_default() += 1;
    }
}

/// Runs the fairness scenario; true if the newcomer was answered in time.
pub async fn fair(args: &Args) -> bool {
    let dir = tempdir();
    let mut server = Server::without_creation_limit(args, &dir);
    server.start();
    println!(
        "fairness: {} games of the computer against itself at level {}, {} analyses and {} \
         hint requests at once on {}; a newcomer against level 1 for {} s; server on {}",
        args.unattended,
        args.level,
        args.analyses,
        args.hint_flood,
        args.game,
        args.seconds,
        server.base()
    );
    let stop = Arc::new(AtomicBool::new(false));
    let answers = Arc::new(Answers::default());
    let mut tasks = Vec::new();
    let from =
        |first: usize, i: usize| Client::from_address(server.addr(), client_address(first + i / 2));
    for i in 0..args.unattended {
        let (client, game) = (from(1_000, i), args.game.clone());
        let (level, stop, answers) = (args.level, stop.clone(), answers.clone());
        tasks.push(tokio::spawn(async move {
            computer_against_itself(client, game, level, stop, answers).await
        }));
    }
    for i in 0..args.analyses {
        let (client, game) = (from(2_000, i), args.game.clone());
        let (seed, stop, answers) = (
            args.seed.wrapping_add(i as u64),
            stop.clone(),
            answers.clone(),
        );
        tasks.push(tokio::spawn(async move {
            analyse(client, game, seed, stop, answers).await
        }));
    }
    let flooder = from(3_000, 0);
    let hinted = json!({"game": args.game, "seats": [
        {"kind": "local", "hints": true}, {"kind": "computer", "level": 1}]});
    let (id, tokens) = flooder.create(hinted).await;
    let token = tokens[0].clone().unwrap_or_default();
    for _ in 0..args.hint_flood {
        let (client, path) = (flooder.clone(), format!("/api/games/{id}/hint"));
        let (token, stop, answers) = (token.clone(), stop.clone(), answers.clone());
        tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                match client.try_post(&path, json!({"token": token})).await {
                    Ok(answer) => answers.add("hint", answer.status),
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(5)).await;

    let load = Arc::new(Load::default());
    let newcomer = json!({"game": args.game, "seats": [
        {"kind": "local"}, {"kind": "computer", "level": 1}]});
    let newcomer = tokio::spawn(person(from(0, 0), newcomer, args.seed, load.clone()));
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    load.stop.store(true, Ordering::Relaxed);
    stop.store(true, Ordering::Relaxed);
    newcomer.abort();
    for task in tasks {
        task.abort();
    }

    let (count, p50, p99, max) = load.replies.summary();
    println!(
        "the newcomer's replies from level 1 (ms): p50 {p50:.1}, p99 {p99:.1}, max {max:.1} \
         ({count} replies)"
    );
    let answers = answers.0.lock().unwrap().clone();
    for ((kind, status), n) in &answers {
        println!("  load: {kind} answered {status}: {n}");
    }
    drop(server);
    finish(args, &dir);
    let ok = count >= 5 && p99 < REPLY_P99.as_secs_f64() * 1000.0;
    if !ok {
        println!("FAILED: the newcomer needs at least 5 replies with p99 under {REPLY_P99:?}");
    }
    ok
}

/// Keeps one game of the computer against itself going: a new one when it ends.
async fn computer_against_itself(
    client: Client,
    game: String,
    level: u8,
    stop: Arc<AtomicBool>,
    answers: Arc<Answers>,
) {
    let body = json!({"game": game, "seats": [
        {"kind": "computer", "level": level}, {"kind": "computer", "level": level}]});
    while !stop.load(Ordering::Relaxed) {
        let Ok(created) = client.try_post("/api/games", body.clone()).await else {
            return;
        };
        answers.add("game of the computer", created.status);
        let Some((id, _)) = created.created() else {
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        };
        while !stop.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_secs(2)).await;
            match client.try_get(&format!("/api/games/{id}")).await {
                Ok(view) if view.body["status"]["state"] == "over" => break,
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }
}

/// Plays a record of random moves at one screen, then asks for its analysis every second.
async fn analyse(
    client: Client,
    game: String,
    seed: u64,
    stop: Arc<AtomicBool>,
    answers: Arc<Answers>,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (id, tokens) = client
        .create_at_one_screen(
            json!({"game": game, "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await;
    let mut view = client.view(&id).await;
    while moves_of(&view).len() < RECORD_PLIES && view["status"]["state"] == "to_move" {
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let seat = view["status"]["seat"].as_u64().unwrap_or(0) as usize;
        let Some(mv) = legal.get(rng.random_range(0..legal.len().max(1))) else {
            break;
        };
        let answer = client
            .play(&id, &tokens[seat], mv.as_str().unwrap_or_default())
            .await;
        if !answer.is_success() {
            break;
        }
        view = answer.body;
    }
    while !stop.load(Ordering::Relaxed) {
        match client.try_get(&format!("/api/games/{id}/analysis")).await {
            Ok(answer) => answers.add("analysis", answer.status),
            Err(_) => return,
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
