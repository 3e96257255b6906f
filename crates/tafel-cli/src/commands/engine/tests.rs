//! Whole sessions driven in-process over a pipe: every registered game (so a game added to the
//! list is covered at once) played, searched and stopped, and malformed commands answered.

use std::io::{self, BufReader, PipeWriter, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use super::output::Output;
use super::session::{serve, Limits};

/// The test's end of the session's output: complete lines through a channel.
struct LineSender {
    partial: Vec<u8>,
    lines: Sender<String>,
}

impl Write for LineSender {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8(std::mem::take(&mut self.partial)).unwrap();
                // The test may have stopped listening; the session goes on regardless.
                let _ = self.lines.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A session running on its own thread.
struct Engine {
    input: Option<PipeWriter>,
    output: Receiver<String>,
    session: JoinHandle<io::Result<()>>,
}

/// How long the test waits for a line before it calls the engine stuck.
const PATIENCE: Duration = Duration::from_secs(30);

const LIMITS: Limits = Limits {
    max_line_bytes: 4096,
    max_search: Duration::from_secs(60),
    progress: Duration::from_millis(20),
};

impl Engine {
    fn start() -> Engine {
        let (reader, writer) = io::pipe().unwrap();
        let (lines, output) = mpsc::channel();
        let out = Output::new(LineSender {
            partial: Vec::new(),
            lines,
        });
        let session = std::thread::spawn(move || serve(BufReader::new(reader), out, LIMITS, 7));
        Engine {
            input: Some(writer),
            output,
            session,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        input.write_all(line.as_bytes()).unwrap();
        input.write_all(b"\n").unwrap();
    }

    fn line(&self) -> String {
        self.output
            .recv_timeout(PATIENCE)
            .expect("the engine answers in time")
    }

    /// The lines up to and including a final one (`ok`, `error`, `readyok`, `bestmove`).
    fn reply(&self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let last = line == "ok"
                || line == "readyok"
                || line.starts_with("error ")
                || line.starts_with("bestmove ");
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    /// Sends `line` and returns its reply.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.reply()
    }

    /// Sends `line` and expects `ok`; returns the lines before it.
    fn ok(&mut self, line: &str) -> Vec<String> {
        let mut reply = self.ask(line);
        assert_eq!(
            reply.pop().as_deref(),
            Some("ok"),
            "`{line}` gave {reply:?}"
        );
        reply
    }

    /// Sends `line` and expects an error containing `wanted`.
    fn error(&mut self, line: &str, wanted: &str) {
        let reply = self.ask(line);
        assert_eq!(reply.len(), 1, "`{line}` gave {reply:?}");
        assert!(
            reply[0].starts_with("error ") && reply[0].contains(wanted),
            "`{line}` gave {reply:?}, not an error with `{wanted}`"
        );
    }

    /// The value of the `key` line of `show`.
    fn show(&mut self, key: &str) -> String {
        let lines = self.ok("show");
        lines
            .iter()
            .find_map(|l| l.strip_prefix(&format!("{key} ")))
            .unwrap_or_else(|| panic!("no `{key}` in {lines:?}"))
            .to_string()
    }

    fn legal_moves(&mut self) -> Vec<String> {
        let lines = self.ok("moves");
        let words: Vec<String> = lines[0].split(' ').map(str::to_string).collect();
        assert_eq!(words[0], "moves");
        assert_eq!(words[1].parse::<usize>().unwrap(), words.len() - 2);
        words[2..].to_vec()
    }

    /// Closes the input and waits for the session to end.
    fn close(mut self) -> Vec<String> {
        self.input = None;
        self.session.join().unwrap().unwrap();
        self.output.try_iter().collect()
    }
}

#[test]
fn every_game_is_set_up_played_and_searched() {
    let mut engine = Engine::start();
    let games: Vec<String> = engine
        .ok("games")
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(games.len(), tafel_games::registry().entries().len());
    let mut ended = 0;
    for game in &games {
        engine.ok(&format!("new {game}"));
        assert_eq!(engine.show("game"), *game);
        assert!(engine
            .ok("settings")
            .iter()
            .all(|l| l.starts_with("setting ")));
        let start = engine.show("code");
        // Play the first legal move (or roll) a few times, recording the moves.
        let mut played = Vec::new();
        for _ in 0..6 {
            match engine.show("turn").as_str() {
                "none" => break,
                "chance" => {
                    let rolled = engine.ok("roll");
                    played.push(rolled[0].strip_prefix("rolled ").unwrap().to_string());
                }
                _ => {
                    let first = engine.legal_moves()[0].clone();
                    engine.ok(&format!("play {first}"));
                    played.push(first);
                }
            }
        }
        assert_eq!(engine.show("plies"), played.len().to_string());
        let code = engine.show("code");
        // The same position by its code, and by the start and the moves.
        engine.ok(&format!("position code {code}"));
        assert_eq!(engine.show("code"), code);
        engine.ok(&format!("position start moves {}", played.join(" ")));
        assert_eq!(engine.show("code"), code);
        engine.ok(&format!("position code {start}"));
        assert_eq!(engine.show("plies"), "0");
        // Chance may act several times in a row (EinStein's two start arrangements, then the
        // die).
        while engine.show("turn") == "chance" {
            engine.error("go nodes 100", "a chance outcome is due");
            engine.ok("roll");
        }
        // A small search answers with a legal move and its chances.
        let legal = engine.legal_moves();
        let reply = engine.ask("go nodes 300 seed 3");
        let best = reply.last().unwrap();
        let words: Vec<&str> = best.split(' ').collect();
        assert_eq!(words[0], "bestmove", "{game}: {reply:?}");
        assert!(legal.contains(&words[1].to_string()), "{game}: {reply:?}");
        assert_eq!((words[2], words[4], words[6]), ("win", "draw", "basis"));
        let win: f64 = words[3].parse().unwrap();
        assert!((0.0..=1.0).contains(&win), "{game}: {reply:?}");
        assert!(
            reply
                .iter()
                .any(|l| l.starts_with("info evaluation ") && l.contains(" to move: ")),
            "{game}: {reply:?}"
        );
        // A level, searched for a time.
        let reply = engine.ask("go level 1 time 30");
        assert!(
            reply.last().unwrap().starts_with("bestmove "),
            "{game}: {reply:?}"
        );
        // Malformed and illegal input is answered with what is wrong, and changes nothing.
        let before = engine.show("code");
        engine.error("play !!", "bad move `!!`");
        engine.error(&format!("play {} !!", legal[0]), "(move 2 of 2)");
        assert_eq!(
            engine.show("code"),
            before,
            "{game}: a refused play changes nothing"
        );
        engine.error("position code ###", "bad position code");
        engine.error("position start moves !!", "bad move `!!`");
        engine.error(&format!("new {game} nonsense=1"), "nonsense");
        engine.error("go level 99", "no level 99");
        assert_eq!(engine.show("code"), before);
        // Play a game to its end by random dice and first moves... or until the ply limit of
        // this test; then a search and a move are refused.
        for _ in 0..400 {
            match engine.show("turn").as_str() {
                "none" => break,
                "chance" => {
                    engine.ok("roll");
                }
                _ => {
                    let moves = engine.legal_moves();
                    let last = moves.last().unwrap().clone();
                    engine.ok(&format!("play {last}"));
                }
            }
        }
        if engine.show("turn") == "none" {
            ended += 1;
            assert!(!engine.show("result").is_empty());
            engine.error("go", "the game is over");
            engine.error("play x", "the game is over");
            engine.error("roll", "no chance outcome");
            assert_eq!(engine.legal_moves(), Vec::<String>::new());
        }
    }
    assert!(ended >= games.len() / 2, "only {ended} games ended");
    assert!(engine.close().is_empty());
}

#[test]
fn an_illegal_move_is_refused_with_the_number_of_legal_moves() {
    let mut engine = Engine::start();
    engine.ok("new karls-race");
    // The die is set by the driver (as a tournament manager does), then a move is due.
    engine.error("play 7", "bad move `7`");
    engine.ok("play 3");
    assert_eq!(engine.show("turn"), "1 White");
    let legal = engine.legal_moves();
    assert!(!legal.contains(&"A-B".to_string()));
    engine.error(
        "play A-B",
        &format!("illegal move `A-B`: {} legal moves here", legal.len()),
    );
}

#[test]
fn a_long_search_reports_progress_answers_pings_and_stops() {
    let mut engine = Engine::start();
    engine.ok("new quarx");
    engine.send("go infinite");
    let progress = engine.line();
    assert!(progress.starts_with("info work "), "{progress}");
    // While it runs: pings are answered, other commands are refused.
    let mut reply = engine.ask("isready");
    reply.retain(|l| !l.starts_with("info work "));
    assert_eq!(reply, ["readyok"]);
    engine.send("show");
    let busy = loop {
        let line = engine.line();
        if !line.starts_with("info work ") {
            break line;
        }
    };
    assert!(busy.starts_with("error busy"), "{busy}");
    engine.send("stop");
    let reply = engine.reply();
    assert!(reply.last().unwrap().starts_with("bestmove "), "{reply:?}");
    assert_eq!(engine.reply(), ["ok"], "stop answers after the bestmove");
    // The search is over: stop again is harmless, and the session goes on.
    engine.ok("stop");
    assert_eq!(engine.show("turn"), "1 White");
    // `quit` stops a running search too, and ends the session.
    engine.send("go infinite");
    engine.send("quit");
    let rest = engine.close();
    assert!(rest.last().unwrap().starts_with("bestmove "), "{rest:?}");
}

#[test]
fn malformed_lines_are_answered_and_the_session_goes_on() {
    let mut engine = Engine::start();
    engine.error("flip", "unknown command `flip`");
    engine.error("show", "no game chosen");
    engine.error("go", "no game chosen");
    engine.error("play a", "no game chosen");
    engine.error("new chess", "unknown game `chess`");
    engine.error("new", "needs a game name");
    engine.error(&"x".repeat(5000), "line too long: over 4096 bytes");
    engine.error("go nodes -1", "not `-1`");
    engine.error("go time 5 infinite", "not both");
    engine.error("isready now", "takes no arguments");
    engine.ok("new kauri");
    engine.error("go time 999999999", "longest search");
    engine.error("position", "`start` or `code CODE`");
    engine.error("roll", "no chance outcome is due");
    // Bytes that are not UTF-8, then a blank line (no reply), then a command.
    engine
        .input
        .as_mut()
        .unwrap()
        .write_all(b"\xff\xfe\n\n")
        .unwrap();
    assert_eq!(engine.reply(), ["error the line is not UTF-8"]);
    assert_eq!(engine.ok("id")[1], "id protocol 1");
    assert!(engine.ok("help").len() >= 10);
    // A search running when the input ends is finished, then the session ends quietly.
    engine.send("go nodes 500");
    let rest = engine.close();
    assert!(rest.last().unwrap().starts_with("bestmove "), "{rest:?}");
}
