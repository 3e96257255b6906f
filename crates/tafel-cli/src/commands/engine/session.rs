//! The session: the chosen game and position, the dice generator, the running search, and
//! what each command does to them. Every command gets exactly one final reply line (`ok`,
//! `error ...`, `readyok`, or for `go` its `bestmove`), after any lines of content.

use std::io::{self, BufRead};
use std::sync::Arc;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::SeedableRng;
use tafel_core::{DynGame, DynPosition, MoveError, Status};

use super::command::{self, Command, GoOptions};
use super::output::Output;
use super::reader::{Line, LineReader};
use super::search::{Request, Search};
use crate::commands::hint::hint_search;

/// The version of the protocol `id` reports; it changes when a command or reply changes.
pub const PROTOCOL_VERSION: u32 = 1;

/// What a session allows.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest line read, in bytes; a longer one is refused.
    pub max_line_bytes: usize,
    /// The longest search (`go infinite` runs this long unless stopped).
    pub max_search: Duration,
    /// The interval between two progress lines of a running search.
    pub progress: Duration,
}

/// Whether to go on reading commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    Continue,
    Quit,
}

/// A game being played in the session.
struct Current {
    game: Arc<dyn DynGame>,
    position: Box<dyn DynPosition>,
    /// Plies (moves and chance outcomes) played since the position was set.
    plies: u64,
}

/// One engine session.
pub struct Session {
    out: Output,
    limits: Limits,
    current: Option<Current>,
    dice: StdRng,
    search: Option<Search>,
}

/// Runs a session: reads commands from `input` until `quit` or its end, writes replies to
/// `out`. The dice of `roll` come from `seed`. At the end of the input a running search ends
/// as it was asked to (so that `go` works from a script) and `go infinite` is stopped; `quit`
/// stops any search. Either way its `bestmove` is written.
pub fn serve(input: impl BufRead, out: Output, limits: Limits, seed: u64) -> io::Result<()> {
    let mut reader = LineReader::new(input, limits.max_line_bytes);
    let mut session = Session {
        out,
        limits,
        current: None,
        dice: StdRng::seed_from_u64(seed),
        search: None,
    };
    let result = loop {
        match reader.next_line() {
            Ok(Some(line)) => {
                if session.handle(line) == Flow::Quit {
                    break Ok(());
                }
            }
            Ok(None) => break Ok(()),
            Err(e) => break Err(e),
        };
    };
    match session.search.take() {
        Some(search) if search.infinite => search.stop(),
        Some(search) => search.wait(),
        None => {}
    }
    result
}

impl Session {
    /// Handles one line of input.
    fn handle(&mut self, line: Line) -> Flow {
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong => {
                let limit = self.limits.max_line_bytes;
                return self.reply(Err(format!("line too long: over {limit} bytes")));
            }
            Line::NotUtf8 => return self.reply(Err("the line is not UTF-8".to_string())),
        };
        let command = match command::parse(&text) {
            Ok(Some(command)) => command,
            Ok(None) => return Flow::Continue,
            Err(e) => return self.reply(Err(e)),
        };
        if let Some(search) = self.search.take_if(|s| !s.is_running()) {
            search.wait();
        }
        match command {
            Command::IsReady => {
                self.send(&["readyok".to_string()]);
                Flow::Continue
            }
            Command::Stop => {
                if let Some(search) = self.search.take() {
                    search.stop();
                }
                self.reply(Ok(Vec::new()))
            }
            Command::Quit => {
                if let Some(search) = self.search.take() {
                    search.stop();
                }
                Flow::Quit
            }
            _ if self.search.is_some() => self.reply(Err(
                "busy: a search is running (send `stop` first)".to_string(),
            )),
            Command::Go(go) => match self.go(go) {
                Ok(()) => Flow::Continue,
                Err(e) => self.reply(Err(e)),
            },
            command => {
                let reply = self.execute(command);
                self.reply(reply)
            }
        }
    }

    /// Writes `lines` (the end of the input ends the session when the output is closed).
    fn send(&self, lines: &[String]) -> bool {
        self.out.send(lines)
    }

    /// Writes a command's reply: its lines then `ok`, or `error` and what went wrong.
    fn reply(&self, reply: Result<Vec<String>, String>) -> Flow {
        let lines = match reply {
            Ok(mut lines) => {
                lines.push("ok".to_string());
                lines
            }
            Err(e) => vec![format!("error {e}")],
        };
        if self.send(&lines) {
            Flow::Continue
        } else {
            Flow::Quit
        }
    }

    /// The game in play, or the error that none was chosen.
    fn current(&mut self) -> Result<&mut Current, String> {
        self.current
            .as_mut()
            .ok_or_else(|| "no game chosen: send `new GAME` first".to_string())
    }

    /// Runs a command that is answered at once.
    fn execute(&mut self, command: Command) -> Result<Vec<String>, String> {
        match command {
            Command::Id => Ok(vec![
                format!("id name Tafel {}", env!("CARGO_PKG_VERSION")),
                format!("id protocol {PROTOCOL_VERSION}"),
            ]),
            Command::Help => Ok(command::HELP.iter().map(|h| format!("help {h}")).collect()),
            Command::Games => Ok(tafel_games::registry()
                .entries()
                .iter()
                .map(|e| format!("game {} {}", e.info.name, e.info.title))
                .collect()),
            Command::New { game, settings } => {
                let registry = tafel_games::registry();
                let entry = registry.get(&game).map_err(|e| e.to_string())?;
                let game = entry.build(&settings).map_err(|e| e.to_string())?;
                let position = game.start();
                self.current = Some(Current {
                    game,
                    position,
                    plies: 0,
                });
                Ok(Vec::new())
            }
            Command::Settings => {
                let current = self.current()?;
                Ok(current
                    .game
                    .settings()
                    .into_iter()
                    .map(|(key, value)| format!("setting {key}={value}"))
                    .collect())
            }
            Command::Position { code, moves } => {
                let current = self.current()?;
                let mut position = match code {
                    None => current.game.start(),
                    Some(code) => current
                        .game
                        .parse_position(&code)
                        .map_err(|e| format!("bad position code: {e}"))?,
                };
                play_all(current.game.as_ref(), &mut position, &moves)?;
                current.position = position;
                current.plies = moves.len() as u64;
                Ok(Vec::new())
            }
            Command::Moves => {
                let current = self.current()?;
                let moves = current.position.legal_moves();
                let mut line = format!("moves {}", moves.len());
                for mv in moves {
                    line.push(' ');
                    line.push_str(&mv);
                }
                Ok(vec![line])
            }
            Command::Play(moves) => {
                let current = self.current()?;
                let mut position = current.position.clone_box();
                play_all(current.game.as_ref(), &mut position, &moves)?;
                current.position = position;
                current.plies += moves.len() as u64;
                Ok(Vec::new())
            }
            Command::Roll => {
                let current = self
                    .current
                    .as_mut()
                    .ok_or("no game chosen: send `new GAME` first")?;
                if current.position.status() != Status::Chance {
                    return Err(
                        "no chance outcome is due here: a player is to move or the game is over"
                            .to_string(),
                    );
                }
                let rolled = current
                    .position
                    .play_random(&mut self.dice)
                    .ok_or("no chance outcome is due here")?;
                current.plies += 1;
                Ok(vec![format!("rolled {rolled}")])
            }
            Command::Show => {
                let current = self.current()?;
                let position = &current.position;
                let mut lines = vec![
                    format!("game {}", current.game.info().name),
                    format!("code {}", position.code()),
                ];
                match position.status() {
                    Status::ToMove(player) => lines.push(format!(
                        "turn {} {}",
                        player.index() + 1,
                        current.game.player_name(player)
                    )),
                    Status::Chance => lines.push("turn chance".to_string()),
                    Status::Over(_) => {
                        lines.push("turn none".to_string());
                        lines.push(format!("result {}", position.describe_status()));
                    }
                }
                lines.push(format!("legal {}", position.legal_moves().len()));
                lines.push(format!("plies {}", current.plies));
                Ok(lines)
            }
            Command::Go(_) | Command::Stop | Command::IsReady | Command::Quit => {
                unreachable!("handled before")
            }
        }
    }

    /// Starts a search (`go`); its reply comes from the search thread.
    fn go(&mut self, go: GoOptions) -> Result<(), String> {
        let max = self.limits.max_search;
        let progress = self.limits.progress;
        let current = self.current()?;
        let mover =
            match current.position.status() {
                Status::ToMove(mover) => mover,
                Status::Chance => return Err(
                    "nobody is to move: a chance outcome is due (send `roll`, or `play OUTCOME`)"
                        .to_string(),
                ),
                Status::Over(_) => {
                    return Err(format!(
                        "nobody is to move: the game is over ({})",
                        current.position.describe_status()
                    ))
                }
            };
        let time = match (go.time, go.infinite) {
            (Some(time), _) if time > max => {
                return Err(format!(
                "`go time` is over the engine's longest search ({} ms; see --max-search-seconds)",
                max.as_millis()
            ))
            }
            (Some(time), _) => time,
            _ => max,
        };
        let mut search = hint_search(
            current.game.as_ref(),
            go.level,
            go.nodes,
            go.seed.unwrap_or(1),
        )
        .map_err(|e| format!("{e:#}"))?;
        search.options.time_cap = time;
        if go.timed() && go.nodes.is_none() {
            // A time budget: the search's work is limited by the clock alone.
            search.options.work = Some(u64::MAX);
        }
        if let Some(notice) = &search.notice {
            self.send(&[format!("info notice {notice}")]);
        }
        let current = self.current()?;
        let request = Request {
            game: current.game.clone(),
            position: current.position.clone_box(),
            mover,
            options: search.options,
            label: search.label,
        };
        self.search = Some(Search::start(
            request,
            self.out.clone(),
            progress,
            go.infinite,
        ));
        Ok(())
    }
}

/// Plays `moves` on `position` in order; on an error, says which move and why (the position
/// is then part-way, so callers play on a copy).
fn play_all(
    game: &dyn DynGame,
    position: &mut Box<dyn DynPosition>,
    moves: &[String],
) -> Result<(), String> {
    for (i, mv) in moves.iter().enumerate() {
        let which = if moves.len() > 1 {
            format!(" (move {} of {})", i + 1, moves.len())
        } else {
            String::new()
        };
        position.play(mv).map_err(|e| match e {
            MoveError::Illegal { text, legal } => format!(
                "illegal move `{text}`{which}: {} legal moves here (send `moves` to list them)",
                legal.len()
            ),
            MoveError::GameOver => {
                format!("the game is over{which}: {}", position.describe_status())
            }
            MoveError::Malformed(e) => format!(
                "bad move `{mv}`{which} in {}'s notation: {e}",
                game.info().name
            ),
        })?;
    }
    Ok(())
}
