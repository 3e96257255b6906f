//! `tafel play`: a game in the terminal, with people, random players or computer players
//! (`ai:LEVEL`) in the seats.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use tafel_ai::{AgentOptions, DynAgent};
use tafel_core::{DynGame, DynPosition, Player, Status};

use crate::target::PositionArgs;

/// Arguments of `tafel play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
    /// Who sits in seat 1: `human` (default), `random`, `ai:LEVEL` or `mcts:ITERATIONS` (see
    /// docs/ai.md).
    #[arg(long, default_value = "human")]
    player1: String,
    /// Who sits in seat 2.
    #[arg(long, default_value = "human")]
    player2: String,
    /// Who sits in seat 3 (four-player games).
    #[arg(long, default_value = "human")]
    player3: String,
    /// Who sits in seat 4 (four-player games).
    #[arg(long, default_value = "human")]
    player4: String,
    /// Seed for the dice, the random and the computer players (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Threads for each computer player's search.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write the game's record here when it ends or input runs out (`.json` for JSON).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

/// Who chooses the moves of a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    /// A person at this keyboard.
    Human,
    /// Uniformly random legal moves.
    Random,
    /// A computer player of the given strength level.
    Ai(u32),
    /// Plain MCTS with this many iterations and random playouts, whatever the game: the
    /// yardstick the levels are measured against (docs/ai.md).
    Mcts(u64),
}

impl Seat {
    /// Reads `human`, `random`, `ai:LEVEL` or `mcts:ITERATIONS`.
    pub fn parse(text: &str) -> Result<Seat> {
        if let Some(iterations) = text.strip_prefix("mcts:") {
            return match iterations.parse() {
                Ok(n) if n > 0 => Ok(Seat::Mcts(n)),
                _ => bail!("`{text}`: the iterations after `mcts:` must be a positive number"),
            };
        }
        match text {
            "human" => Ok(Seat::Human),
            "random" => Ok(Seat::Random),
            _ => match text.strip_prefix("ai:").map(str::parse) {
                Some(Ok(level)) => Ok(Seat::Ai(level)),
                Some(Err(_)) => bail!("`{text}`: the level after `ai:` must be a number"),
                None => bail!(
                    "unknown player `{text}` (expected human, random, ai:LEVEL or mcts:ITERATIONS)"
                ),
            },
        }
    }

    /// The computer player for this seat, if it is one (random seats included).
    pub fn agent(
        self,
        game: &dyn DynGame,
        options: &AgentOptions,
    ) -> Result<Option<Box<dyn DynAgent>>> {
        Ok(match self {
            Seat::Human => None,
            Seat::Random => Some(tafel_ai::agent_with(
                game,
                tafel_ai::Algorithm::Random,
                options,
            )?),
            Seat::Ai(level) => Some(tafel_ai::agent(game, level, options)?),
            Seat::Mcts(iterations) => Some(tafel_ai::agent_with(
                game,
                tafel_ai::Algorithm::Mcts {
                    iterations,
                    leaf: tafel_ai::Leaf::Playouts(1),
                },
                options,
            )?),
        })
    }
}

/// One line saying whose turn it is, or how the game ended.
pub fn describe_turn(game: &dyn DynGame, position: &dyn DynPosition) -> String {
    match position.status() {
        Status::ToMove(p) => format!("{} to move", game.player_name(p)),
        Status::Chance => "chance to act (the die is rolled)".to_string(),
        Status::Over(_) => format!("game over: {}", position.describe_status()),
    }
}

const HELP: &str = "Type a move in the game's notation, or one of:
  moves   list the legal moves
  show    print the position again
  undo    take back your last move (and the moves played since)
  help    this text
  quit    stop (the record is still written if --record was given)";

/// A game in progress: every position so far, the moves between them, and the seats.
struct Session {
    game: Arc<dyn DynGame>,
    positions: Vec<Box<dyn DynPosition>>,
    moves: Vec<String>,
    seats: Vec<Seat>,
    /// The computer player of each `ai:` seat.
    agents: Vec<Option<Box<dyn DynAgent>>>,
    rng: rand::rngs::StdRng,
}

impl Session {
    fn current(&self) -> &dyn DynPosition {
        self.positions
            .last()
            .expect("a session has its start position")
            .as_ref()
    }

    fn push(&mut self, next: Box<dyn DynPosition>, mv: String) {
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Goes back to the last earlier position where a person was to move.
    fn undo(&mut self) -> bool {
        let last = self.positions.len() - 1;
        let target = (0..last).rev().find(|&i| match self.positions[i].status() {
            Status::ToMove(p) => self.seats[p.index()] == Seat::Human,
            _ => false,
        });
        match target {
            Some(i) => {
                self.positions.truncate(i + 1);
                self.moves.truncate(i);
                true
            }
            None => false,
        }
    }

    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
        let mut show = true;
        loop {
            if show {
                writeln!(out, "{}", self.current().picture())?;
                writeln!(out, "{}", describe_turn(self.game.as_ref(), self.current()))?;
                if let Status::ToMove(p) = self.current().status() {
                    if self.seats[p.index()] == Seat::Human {
                        writeln!(out, "legal: {}", self.current().legal_moves().join(" "))?;
                    }
                }
                show = false;
            }
            let player = match self.current().status() {
                Status::Over(_) => return Ok(()),
                Status::Chance => None,
                Status::ToMove(p) => Some(p),
            };
            if let Some(agent) = player.and_then(|p| self.agents[p.index()].as_mut()) {
                let current = self
                    .positions
                    .last()
                    .expect("a session has its start position");
                let decision = agent.choose(current.as_ref())?;
                let mut next = self.current().clone_box();
                let mv = next.play(&decision.mv)?;
                let name = self
                    .game
                    .player_name(player.expect("an agent's seat is to move"));
                writeln!(out, "{name} plays {mv} ({})", decision.evaluation)?;
                self.push(next, mv);
                show = true;
                continue;
            }
            if player.is_none_or(|p| self.seats[p.index()] == Seat::Random) {
                let mut next = self.current().clone_box();
                let mv = next
                    .play_random(&mut self.rng)
                    .expect("the game is not over");
                match player {
                    Some(p) => writeln!(out, "{} plays {mv}", self.game.player_name(p))?,
                    None => writeln!(out, "chance: {mv}")?,
                }
                self.push(next, mv);
                show = true;
                continue;
            }
            let name = self.game.player_name(player.unwrap_or(Player(0)));
            write!(out, "{name}> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\ninput ended; the game is adjourned")?;
                return Ok(());
            }
            match line.trim() {
                "" => {}
                "help" => writeln!(out, "{HELP}")?,
                "moves" => writeln!(out, "legal: {}", self.current().legal_moves().join(" "))?,
                "show" => show = true,
                "quit" => return Ok(()),
                "undo" => {
                    if self.undo() {
                        show = true;
                    } else {
                        writeln!(out, "nothing to undo")?;
                    }
                }
                text => {
                    let mut next = self.current().clone_box();
                    match next.play(text) {
                        Ok(mv) => {
                            self.push(next, mv);
                            show = true;
                        }
                        Err(e) => writeln!(out, "{e}")?,
                    }
                }
            }
        }
    }
}

/// Plays a game on standard input and output.
pub fn run(args: Args) -> Result<()> {
    let (game, start) = args.target.build()?;
    let names = [&args.player1, &args.player2, &args.player3, &args.player4];
    let seats = names[..game.num_players()]
        .iter()
        .map(|s| Seat::parse(s))
        .collect::<Result<Vec<_>>>()?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let agents = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| match seat {
            Seat::Ai(_) => {
                let options = AgentOptions {
                    threads: args.threads,
                    ..AgentOptions::seeded(seed.wrapping_add(i as u64 + 1))
                };
                seat.agent(game.as_ref(), &options)
            }
            _ => Ok(None),
        })
        .collect::<Result<Vec<_>>>()?;
    for notice in agents.iter().flatten().filter_map(|agent| agent.notice()) {
        eprintln!("note: {notice}");
    }
    let mut session = Session {
        game: game.clone(),
        positions: vec![start],
        moves: Vec::new(),
        seats,
        agents,
        rng: rand::rngs::StdRng::seed_from_u64(seed),
    };
    let stdout = io::stdout();
    session.run(&mut io::stdin().lock(), &mut stdout.lock())?;
    if let Some(path) = &args.record {
        let json = path.extension().is_some_and(|e| e == "json");
        let text = game.write_record(session.positions[0].as_ref(), &session.moves, json)?;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
        println!("record written to {}", path.display());
    }
    Ok(())
}
