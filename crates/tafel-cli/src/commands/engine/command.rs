//! The engine protocol's commands: one line of text read into a [`Command`], or an error that
//! says what is wrong with it.

use std::time::Duration;

/// One command of the protocol (see `docs/engine-protocol.md`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `id`: the program and protocol version.
    Id,
    /// `help`: the commands, one per line.
    Help,
    /// `games`: the registered games.
    Games,
    /// `new GAME [KEY=VALUE ...]`: choose a game and its settings; the position is the start.
    New {
        /// The game's name.
        game: String,
        /// Its settings over the defaults.
        settings: Vec<(String, String)>,
    },
    /// `settings`: the chosen game's settings, every key with its value.
    Settings,
    /// `position start|code CODE [moves MOVE ...]`: set the position.
    Position {
        /// The position code, or `None` for the start.
        code: Option<String>,
        /// Moves (and chance outcomes) played from there, in notation.
        moves: Vec<String>,
    },
    /// `moves`: the legal moves (or chance outcomes) of the position.
    Moves,
    /// `play MOVE [MOVE ...]`: play moves or chance outcomes, all or none.
    Play(Vec<String>),
    /// `roll`: draw the chance outcome (a die) from the engine's generator and play it.
    Roll,
    /// `show`: the position's code, who acts, the result when over.
    Show,
    /// `go [level N] [nodes N] [time MS] [infinite] [seed N]`: search the position.
    Go(GoOptions),
    /// `stop`: end the running search now; its `bestmove` comes first.
    Stop,
    /// `isready`: answered `readyok` at once, even during a search.
    IsReady,
    /// `quit`: end the engine (after stopping a search).
    Quit,
}

/// What `go` asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct GoOptions {
    /// Search as this strength level (else with the game's analysis search, as `tafel hint`).
    pub level: Option<u32>,
    /// The work limit: nodes, or iterations for MCTS.
    pub nodes: Option<u64>,
    /// The time limit.
    pub time: Option<Duration>,
    /// Search until `stop` (up to the engine's longest search).
    pub infinite: bool,
    /// The search's seed (the same seed and work limit give the same answer).
    pub seed: Option<u64>,
}

impl GoOptions {
    /// Whether the command limits the search by time (`time` or `infinite`) rather than by
    /// work alone.
    pub fn timed(&self) -> bool {
        self.time.is_some() || self.infinite
    }
}

/// The commands with their arguments, as `help` lists them.
pub const HELP: &[&str] = &[
    "id                                   program and protocol version",
    "games                                the games",
    "new GAME [KEY=VALUE ...]             choose a game and its settings (position: the start)",
    "settings                             the chosen game's settings",
    "position start [moves M ...]         the start, then moves in notation",
    "position code CODE [moves M ...]     a position code, then moves",
    "moves                                the legal moves (chance outcomes where a die is due)",
    "play M [M ...]                       play moves or chance outcomes (all or none)",
    "roll                                 draw the chance outcome (die) and play it",
    "show                                 code, who acts, result",
    "go [level N] [nodes N] [time MS] [infinite] [seed N]   search; ends with bestmove",
    "stop                                 end the running search now",
    "isready                              answered readyok",
    "quit                                 end the engine",
];

/// Reads one line. `Ok(None)` for a blank line, which gets no reply.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(name) = words.next() else {
        return Ok(None);
    };
    let args: Vec<&str> = words.collect();
    let no_args = |command: Command| {
        if let Some(extra) = args.first() {
            Err(format!("`{name}` takes no arguments (got `{extra}`)"))
        } else {
            Ok(command)
        }
    };
    let command = match name {
        "id" => no_args(Command::Id)?,
        "help" => no_args(Command::Help)?,
        "games" => no_args(Command::Games)?,
        "settings" => no_args(Command::Settings)?,
        "moves" => no_args(Command::Moves)?,
        "roll" => no_args(Command::Roll)?,
        "show" => no_args(Command::Show)?,
        "stop" => no_args(Command::Stop)?,
        "isready" => no_args(Command::IsReady)?,
        "quit" => no_args(Command::Quit)?,
        "new" => parse_new(&args)?,
        "position" => parse_position(&args)?,
        "play" => {
            if args.is_empty() {
                return Err("`play` needs at least one move".to_string());
            }
            Command::Play(args.iter().map(|s| s.to_string()).collect())
        }
        "go" => Command::Go(parse_go(&args)?),
        _ => {
            return Err(format!(
                "unknown command `{name}` (send `help` for the commands)"
            ))
        }
    };
    Ok(Some(command))
}

fn parse_new(args: &[&str]) -> Result<Command, String> {
    let Some((game, pairs)) = args.split_first() else {
        return Err("`new` needs a game name (send `games` for the names)".to_string());
    };
    let settings = pairs
        .iter()
        .map(|pair| tafel_core::settings::split_pair(pair).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    Ok(Command::New {
        game: game.to_string(),
        settings,
    })
}

fn parse_position(args: &[&str]) -> Result<Command, String> {
    let (code, rest) = match args {
        ["start", rest @ ..] => (None, rest),
        ["code", code, rest @ ..] => (Some(code.to_string()), rest),
        ["code"] => return Err("`position code` needs a position code".to_string()),
        [other, ..] => {
            return Err(format!(
                "`position` takes `start` or `code CODE`, not `{other}`"
            ))
        }
        [] => return Err("`position` needs `start` or `code CODE`".to_string()),
    };
    let moves = match rest {
        [] => Vec::new(),
        ["moves", moves @ ..] => moves.iter().map(|s| s.to_string()).collect(),
        [other, ..] => {
            return Err(format!(
                "after the position comes `moves M ...` or nothing, not `{other}`"
            ))
        }
    };
    Ok(Command::Position { code, moves })
}

fn parse_go(args: &[&str]) -> Result<GoOptions, String> {
    let mut go = GoOptions::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("`go {word}` needs {what}"))?;
            text.parse()
                .map_err(|_| format!("`go {word}` needs {what}, not `{text}`"))
        };
        match word {
            "level" => {
                let level = number("a level number")?;
                go.level = Some(u32::try_from(level).map_err(|_| "no such level".to_string())?);
            }
            "nodes" => match number("a number of nodes")? {
                0 => return Err("`go nodes` needs at least 1 node".to_string()),
                n => go.nodes = Some(n),
            },
            "time" => match number("a time in milliseconds")? {
                0 => return Err("`go time` needs at least 1 millisecond".to_string()),
                ms => go.time = Some(Duration::from_millis(ms)),
            },
            "seed" => go.seed = Some(number("a seed")?),
            "infinite" => go.infinite = true,
            other => {
                return Err(format!(
                    "unknown `go` argument `{other}` (level N, nodes N, time MS, infinite, seed N)"
                ))
            }
        }
    }
    if go.infinite && go.time.is_some() {
        return Err("`go` takes `time` or `infinite`, not both".to_string());
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commands_and_their_arguments() {
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(parse("isready"), Ok(Some(Command::IsReady)));
        assert_eq!(
            parse("new kauri tiebreak=old"),
            Ok(Some(Command::New {
                game: "kauri".into(),
                settings: vec![("tiebreak".into(), "old".into())],
            }))
        );
        assert_eq!(
            parse("position code a/1 moves A B"),
            Ok(Some(Command::Position {
                code: Some("a/1".into()),
                moves: vec!["A".into(), "B".into()],
            }))
        );
        assert_eq!(
            parse("go level 3 time 250 seed 9"),
            Ok(Some(Command::Go(GoOptions {
                level: Some(3),
                time: Some(Duration::from_millis(250)),
                seed: Some(9),
                ..GoOptions::default()
            })))
        );
    }

    #[test]
    fn says_what_is_wrong_with_a_line() {
        let err = |line| parse(line).unwrap_err();
        assert!(err("fly").contains("unknown command `fly`"));
        assert!(err("moves now").contains("`moves` takes no arguments"));
        assert!(err("new").contains("needs a game name"));
        assert!(err("new kauri tiebreak").contains("tiebreak"));
        assert!(err("position").contains("`start` or `code CODE`"));
        assert!(err("position middle").contains("not `middle`"));
        assert!(err("position code").contains("needs a position code"));
        assert!(err("position start A B").contains("not `A`"));
        assert!(err("play").contains("at least one move"));
        assert!(err("go nodes").contains("needs a number of nodes"));
        assert!(err("go nodes many").contains("not `many`"));
        assert!(err("go nodes 0").contains("at least 1 node"));
        assert!(err("go time -5").contains("not `-5`"));
        assert!(err("go level 99999999999").contains("no such level"));
        assert!(err("go deep").contains("unknown `go` argument `deep`"));
        assert!(err("go time 5 infinite").contains("not both"));
    }
}
