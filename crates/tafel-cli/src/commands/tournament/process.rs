//! A program speaking the engine protocol, run as a child process: lines written to its
//! input, its output read on a thread of its own with a deadline for every answer, the tail of
//! its standard error kept for the report, and the whole process group killed when it hangs.
//!
//! The command is a shell command (`sh -c COMMAND`: `FOO=1 prog`, `cd dir && prog`), so the
//! shell may stay between us and the program. It starts a process group of its own, which
//! the program and anything it starts belong to; every way a `Process` ends kills that group
//! while the shell is not yet reaped (its id, and so the group's, cannot be taken by another
//! process before), so the program dies with it whether or not the shell ran it with `exec`.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::fault::Fault;

/// The longest line read from an engine; a longer one is a malformed answer.
const MAX_LINE_BYTES: u64 = 64 * 1024;
/// The lines of standard error kept, and the characters kept of each.
const STDERR_LINES: usize = 8;
const STDERR_LINE_CHARS: usize = 200;
/// How long an engine that closed its output may take to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// A line of the engine's output, or one too long to keep.
enum Line {
    Text(String),
    TooLong,
}

/// A running engine.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Whether the group was killed and the shell reaped ([`Process::end`]).
    ended: bool,
}

impl Process {
    /// Starts the shell command `command` (`sh -c`) in a process group of its own.
    pub fn start(command: &str) -> Result<Process, Fault> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| {
                Fault::crashed(format!("could not start `{command}`: {e}"), String::new())
            })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr_pipe = child.stderr.take().expect("stderr is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, &sender));
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        thread::spawn({
            let stderr = stderr.clone();
            move || keep_tail(stderr_pipe, &stderr)
        });
        Ok(Process {
            child,
            stdin,
            lines,
            stderr,
            ended: false,
        })
    }

    /// Sends `command` and reads the answer up to its final line (`ok`, `readyok`,
    /// `bestmove ...` or `error ...`), skipping `info` lines, by `deadline`. Returns the final
    /// line; an engine that dies, does not answer in time, or answers something else is at
    /// fault (a hung engine is killed).
    pub fn ask(&mut self, command: &str, deadline: Instant) -> Result<String, Fault> {
        if writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(self.crash(&format!("its input closed before `{command}`")));
        }
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(Line::Text(line)) => {
                    let first = line.split_whitespace().next().unwrap_or("");
                    match first {
                        "info" => continue,
                        "ok" | "readyok" | "bestmove" | "error" => return Ok(line),
                        _ => {
                            return Err(Fault::Malformed(format!(
                                "answered `{}` to `{}`",
                                clip(&line),
                                clip(command)
                            )))
                        }
                    }
                }
                Ok(Line::TooLong) => {
                    return Err(Fault::Malformed(format!(
                        "answered a line over {MAX_LINE_BYTES} bytes to `{}`",
                        clip(command)
                    )))
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.end();
                    return Err(Fault::Hung {
                        what: clip(command),
                        stderr: self.stderr_tail(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.crash(&format!("its output closed after `{}`", clip(command))))
                }
            }
        }
    }

    /// Ends the engine: `quit`, then a kill if it has not exited shortly after.
    pub fn quit(mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        if self.exit_status().is_none() {
            self.end();
        }
    }

    /// The fault of an engine that died: its exit status and the tail of its standard error.
    fn crash(&mut self, what: &str) -> Fault {
        let status = match self.exit_status() {
            Some(status) => status.to_string(),
            None => {
                self.end();
                "still running; killed".to_string()
            }
        };
        Fault::crashed(format!("{what} ({status})"), self.stderr_tail())
    }

    /// The exit status, waiting up to [`EXIT_GRACE`] for the shell to exit; what it left
    /// running in its group is killed.
    fn exit_status(&mut self) -> Option<ExitStatus> {
        let until = Instant::now() + EXIT_GRACE;
        while !self.has_exited() {
            if Instant::now() >= until {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.end()
    }

    /// Whether the shell has exited, leaving it unreaped (`waitid` with `WNOWAIT`), so that
    /// its group's id stays its own until [`Process::end`].
    fn has_exited(&self) -> bool {
        // SAFETY: `waitid` writes only into `info`, a zeroed `siginfo_t` of ours; the process
        // is our child, and `WNOWAIT` leaves it to be reaped by `end`.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            libc::waitid(libc::P_PID, self.child.id(), &mut info, flags) == 0 && info.si_pid() != 0
        }
    }

    /// Kills what is left of the engine's process group (the program, when the shell did
    /// not `exec` it, and whatever either started) and reaps the shell: its exit status.
    fn end(&mut self) -> Option<ExitStatus> {
        if !self.ended {
            let group = self.child.id() as libc::pid_t;
            // SAFETY: `kill` has no memory effects; the group is the engine's own (made at
            // spawn with `process_group(0)`), and its id cannot have passed to another process
            // since the shell that leads it is not reaped yet, so nothing else is signalled.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
            self.ended = true;
        }
        self.child.wait().ok()
    }

    /// The last lines the engine wrote to standard error, joined with ` | `.
    fn stderr_tail(&self) -> String {
        // Give the reading thread a moment to take what a dying engine wrote last.
        thread::sleep(Duration::from_millis(20));
        let tail = self.stderr.lock().expect("the stderr tail's lock");
        tail.iter().cloned().collect::<Vec<_>>().join(" | ")
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.end();
    }
}

/// Reads lines of at most [`MAX_LINE_BYTES`] until the end of the output.
fn read_lines(stdout: impl Read, sender: &mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut buffer);
        let line = match read {
            Ok(0) | Err(_) => return,
            Ok(_) if buffer.len() as u64 > MAX_LINE_BYTES => {
                // Skip the rest of the long line.
                let mut rest = Vec::new();
                let _ = reader.read_until(b'\n', &mut rest);
                Line::TooLong
            }
            Ok(_) => Line::Text(String::from_utf8_lossy(&buffer).trim_end().to_string()),
        };
        if sender.send(line).is_err() {
            return;
        }
    }
}

/// Keeps the last [`STDERR_LINES`] lines of standard error, each clipped.
fn keep_tail(stderr: impl Read, tail: &Mutex<VecDeque<String>>) {
    let mut reader = BufReader::new(stderr);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader
            .by_ref()
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut buffer)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
                let mut tail = tail.lock().expect("the stderr tail's lock");
                if tail.len() == STDERR_LINES {
                    tail.pop_front();
                }
                tail.push_back(line.chars().take(STDERR_LINE_CHARS).collect());
            }
        }
    }
}

/// A line shortened for a report.
fn clip(line: &str) -> String {
    const MAX: usize = 120;
    if line.chars().count() <= MAX {
        line.to_string()
    } else {
        format!("{}...", line.chars().take(MAX).collect::<String>())
    }
}
