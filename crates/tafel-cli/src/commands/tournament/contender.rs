//! An engine as one of the tournament's workers runs it: a Tafel level built for each move
//! through the agent code `tafel match` uses, or a program kept running from game to game
//! and started again after it crashed or hung.

use std::time::{Duration, Instant};

use tafel_ai::AgentOptions;
use tafel_core::{DynGame, DynPosition};

use super::fault::Fault;
use super::process::Process;
use super::spec::{EngineKind, EngineSpec};
use crate::commands::play::Seat;

/// How long a program may take to start and answer `isready`, or to answer `new`.
const SETUP_TIMEOUT: Duration = Duration::from_secs(10);

/// What the referee asks for one move.
pub struct MoveRequest<'a> {
    /// The game.
    pub game: &'a dyn DynGame,
    /// `position start` or `position code CODE`: the game's start.
    pub start: &'a str,
    /// The moves since the start, chance outcomes included.
    pub moves: &'a [String],
    /// The position after them.
    pub position: &'a dyn DynPosition,
    /// The time offered for the move.
    pub allotted: Duration,
    /// When the referee stops waiting.
    pub deadline: Instant,
    /// The seed of an in-process level's search.
    pub seed: u64,
}

/// One worker's instance of an engine.
pub struct Contender {
    spec: EngineSpec,
    process: Option<Process>,
}

impl Contender {
    /// The engine of `spec`, not yet started.
    pub fn new(spec: &EngineSpec) -> Contender {
        Contender {
            spec: spec.clone(),
            process: None,
        }
    }

    /// Gets ready for a game of `game`: a program is started if it is not running, asked
    /// `isready`, and sent `new GAME SETTINGS`.
    pub fn start_game(&mut self, game: &dyn DynGame) -> Result<(), Fault> {
        let EngineKind::Program { command, .. } = &self.spec.kind else {
            return Ok(());
        };
        if self.process.is_none() {
            let mut process = Process::start(command)?;
            expect(&mut process, "isready", "readyok")?;
            self.process = Some(process);
        }
        let settings: Vec<String> = game
            .settings()
            .into_iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        let new = format!("new {} {}", game.info().name, settings.join(" "));
        let process = self.process.as_mut().expect("started above");
        expect(process, new.trim_end(), "ok")
    }

    /// The engine's move, in its own words (the referee checks it).
    pub fn choose(&mut self, request: &MoveRequest) -> Result<String, Fault> {
        match &self.spec.kind {
            EngineKind::Level(level) => {
                let options = AgentOptions {
                    time_cap: request.allotted,
                    ..AgentOptions::seeded(request.seed)
                };
                let mut agent = Seat::Ai(*level)
                    .agent(request.game, &options)
                    .map_err(|e| Fault::Failed(e.to_string()))?
                    .expect("a level is a computer player");
                agent
                    .choose(request.position)
                    .map(|decision| decision.mv)
                    .map_err(|e| Fault::Failed(e.to_string()))
            }
            EngineKind::Program { go, .. } => {
                let process = self.process.as_mut().expect("started by start_game");
                let position = if request.moves.is_empty() {
                    request.start.to_string()
                } else {
                    format!("{} moves {}", request.start, request.moves.join(" "))
                };
                let answer = process.ask(&position, request.deadline)?;
                if answer != "ok" {
                    return Err(unexpected(&answer, "position"));
                }
                let command = format!("go {go} time {}", request.allotted.as_millis().max(1));
                let answer = process.ask(&command.replace("  ", " "), request.deadline)?;
                match answer.strip_prefix("bestmove ") {
                    Some(rest) => match rest.split_whitespace().next() {
                        Some(mv) => Ok(mv.to_string()),
                        None => Err(Fault::Malformed(format!("`{answer}` names no move"))),
                    },
                    None => Err(unexpected(&answer, "go")),
                }
            }
        }
    }

    /// After a fault: a program that died or was killed is started again before its next
    /// game.
    pub fn after_fault(&mut self, fault: &Fault) {
        if fault.needs_restart() {
            self.process = None;
        }
    }

    /// Ends a running program.
    pub fn shut_down(self) {
        if let Some(process) = self.process {
            process.quit();
        }
    }
}

/// Sends `command` and requires `wanted` as the answer within [`SETUP_TIMEOUT`].
fn expect(process: &mut Process, command: &str, wanted: &str) -> Result<(), Fault> {
    let answer = process.ask(command, Instant::now() + SETUP_TIMEOUT)?;
    if answer == wanted {
        Ok(())
    } else {
        Err(unexpected(&answer, command))
    }
}

/// The fault of a final line that is not the one a command wants.
fn unexpected(answer: &str, command: &str) -> Fault {
    if answer.starts_with("error") {
        Fault::Refused(answer.to_string())
    } else {
        Fault::Malformed(format!("answered `{answer}` to `{command}`"))
    }
}
