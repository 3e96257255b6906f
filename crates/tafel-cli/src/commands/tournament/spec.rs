//! An engine as `--engine` describes it: `name=A,level=5` (a Tafel level, played in this
//! process) or `name=B,cmd="./my-engine --flag",go="level 3"` (a program speaking the engine
//! protocol, docs/engine-protocol.md).

use anyhow::{bail, ensure, Result};

/// The keys an engine's description may have.
const KEYS: [&str; 4] = ["name", "cmd", "level", "go"];

/// The longest engine name (names head the table's columns and records' tags).
const MAX_NAME_CHARS: usize = 32;

/// One engine of the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Its name in tables and records.
    pub name: String,
    /// Who plays.
    pub kind: EngineKind,
}

/// Who plays for an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// A Tafel level, through the agent code `tafel match` uses.
    Level(u32),
    /// A program: the shell command that starts it, and words added to every `go` before the
    /// referee's `time MS` (`level 3`, say).
    Program {
        /// The command, run by `sh -c`.
        command: String,
        /// Extra words of `go`.
        go: String,
    },
}

impl EngineSpec {
    /// Reads `key=value` pairs separated by commas. A value may be in double quotes; a
    /// command or `go` without quotes runs to the next `,key=` of a known key, so that it keeps
    /// its commas and spaces once the shell has taken the quotes off.
    pub fn parse(text: &str) -> Result<EngineSpec> {
        let pairs = split_pairs(text)?;
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        for (i, (key, _)) in pairs.iter().enumerate() {
            ensure!(
                !pairs[..i].iter().any(|(k, _)| k == key),
                "--engine `{text}`: `{key}` is given twice"
            );
        }
        let Some(name) = get("name") else {
            bail!("--engine `{text}`: every engine needs a name (name=NAME)");
        };
        ensure!(
            !name.is_empty()
                && name.chars().count() <= MAX_NAME_CHARS
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || "-_.+".contains(c)),
            "--engine `{text}`: the name `{name}` must be 1 to {MAX_NAME_CHARS} letters, digits, \
             `-`, `_`, `.` or `+`"
        );
        let kind = match (get("level"), get("cmd")) {
            (Some(_), Some(_)) => bail!(
                "--engine {name}: give either level=N (a Tafel level in this process) or \
                 cmd=COMMAND (a program), not both (a program's level goes in go=\"level N\")"
            ),
            (None, None) => {
                bail!("--engine {name}: give level=N (a Tafel level) or cmd=COMMAND (a program)")
            }
            (Some(level), None) => {
                ensure!(
                    get("go").is_none(),
                    "--engine {name}: go=... is for programs (cmd=...) only"
                );
                match level.parse() {
                    Ok(level) => EngineKind::Level(level),
                    Err(_) => bail!("--engine {name}: level=`{level}` is not a number"),
                }
            }
            (None, Some(command)) => {
                ensure!(!command.trim().is_empty(), "--engine {name}: cmd= is empty");
                let go = get("go").unwrap_or_default();
                ensure!(
                    !go.split_whitespace()
                        .any(|w| w == "time" || w == "infinite"),
                    "--engine {name}: go=`{go}` may not set `time` or `infinite`: the referee \
                     gives the time from the clock"
                );
                EngineKind::Program { command, go }
            }
        };
        Ok(EngineSpec { name, kind })
    }
}

/// The `key=value` pairs of `text`, in order.
fn split_pairs(text: &str) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let Some((key, after)) = rest.split_once('=') else {
            bail!("--engine `{text}`: `{rest}` is not key=value");
        };
        ensure!(
            KEYS.contains(&key),
            "--engine `{text}`: unknown key `{key}` (known: {})",
            KEYS.join(", ")
        );
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            let Some(end) = quoted.find('"') else {
                bail!("--engine `{text}`: the quote after `{key}=` is not closed");
            };
            let next = &quoted[end + 1..];
            ensure!(
                next.is_empty() || next.starts_with(','),
                "--engine `{text}`: a comma must follow the closing quote of `{key}`"
            );
            (&quoted[..end], next)
        } else {
            // A command and `go` words may hold commas; a name or a level ends at the first.
            let end = if key == "cmd" || key == "go" {
                next_key(after)
            } else {
                after.find(',')
            }
            .unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        pairs.push((key.to_string(), value.to_string()));
        rest = next.strip_prefix(',').unwrap_or(next);
    }
    Ok(pairs)
}

/// Where the next `,key=` of a known key starts in `text`.
fn next_key(text: &str) -> Option<usize> {
    text.match_indices(',').map(|(i, _)| i).find(|&i| {
        KEYS.iter()
            .any(|key| text[i + 1..].starts_with(&format!("{key}=")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_programs() {
        assert_eq!(
            EngineSpec::parse("name=L5,level=5").unwrap(),
            EngineSpec {
                name: "L5".into(),
                kind: EngineKind::Level(5)
            }
        );
        // As the shell passes `name=B,cmd="tafel engine --seed 1,2",go="level 3"`.
        let program = EngineSpec::parse("name=B,cmd=tafel engine --seed 1,2,go=level 3").unwrap();
        assert_eq!(
            program.kind,
            EngineKind::Program {
                command: "tafel engine --seed 1,2".into(),
                go: "level 3".into()
            }
        );
        let quoted = EngineSpec::parse(r#"name=B,cmd="a,go=b",go="level 3""#).unwrap();
        assert_eq!(
            quoted.kind,
            EngineKind::Program {
                command: "a,go=b".into(),
                go: "level 3".into()
            }
        );
    }

    #[test]
    fn bad_descriptions_say_what_is_wrong() {
        let error = |text: &str| EngineSpec::parse(text).unwrap_err().to_string();
        assert!(error("level=5").contains("needs a name"));
        assert!(error("name=A").contains("give level=N"));
        assert!(error("name=A,level=5,cmd=x").contains("not both"));
        assert!(error("name=A,level=five").contains("not a number"));
        assert!(error("name=A,depth=3").contains("unknown key `depth`"));
        assert!(error("name=A b,level=1").contains("must be 1 to 32"));
        assert!(error("name=A,level=1,name=B").contains("given twice"));
        assert!(error("name=A,cmd=x,go=time 5").contains("may not set `time`"));
        assert!(error("name=A,level=1,go=level 2").contains("for programs"));
        assert!(error(r#"name=A,cmd="x"#).contains("not closed"));
    }
}
