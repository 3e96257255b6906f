//! `tafel serve` as a process of its own, for the tests that need real servers (several
//! instances, signals): the binary of this build, `target/<profile>/tafel` beside the test's
//! folder, which `cargo test --workspace` builds for the command line's tests, or the one
//! `TAFEL_BIN` names. A binary of this build older than the sources it is built from is
//! refused rather than tested.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use tafel_testkit::client::Client;
use tafel_testkit::wait;

/// The `tafel` binary to test: `TAFEL_BIN`, or the one of this build.
pub fn tafel() -> PathBuf {
    if let Some(bin) = std::env::var_os("TAFEL_BIN") {
        return PathBuf::from(bin);
    }
    // This test runs from target/<profile>/deps; the binary is in target/<profile>.
    let exe = std::env::current_exe().unwrap();
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join(format!("tafel{}", std::env::consts::EXE_SUFFIX));
    let Ok(built) = bin.metadata().and_then(|m| m.modified()) else {
        panic!(
            "no tafel binary at {}: build it with `cargo test --workspace --no-run` (or \
             `cargo build -p tafel-cli` for the dev profile), or name one with TAFEL_BIN",
            bin.display()
        );
    };
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let sources = [
        "tafel-core",
        "tafel-games",
        "tafel-ai",
        "tafel-server",
        "tafel-cli",
    ]
    .map(|name| crates.join(name).join("src"));
    if let Some((changed, file)) = newest_source(&sources) {
        assert!(
            changed <= built,
            "{} is older than {}: rebuild it with `cargo test --workspace --no-run`, or name \
             another binary with TAFEL_BIN",
            bin.display(),
            file.display()
        );
    }
    bin
}

/// The last change to a Rust file under `folders` (the sources of the crates the binary is
/// built from), and that file.
fn newest_source(folders: &[PathBuf]) -> Option<(SystemTime, PathBuf)> {
    let mut newest: Option<(SystemTime, PathBuf)> = None;
    let mut stack = folders.to_vec();
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if meta.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let modified = meta.modified().unwrap();
                if newest.as_ref().is_none_or(|(at, _)| modified > *at) {
                    newest = Some((modified, path));
                }
            }
        }
    }
    newest
}

/// A `tafel serve` process; killed when dropped.
pub struct Instance {
    child: Child,
    client: Client,
    /// Where it serves `/metrics`, if it was given `--metrics-listen`.
    pub metrics: Option<SocketAddr>,
    /// What it printed on its standard output (and log) so far, line by line.
    pub output: Arc<Mutex<Vec<String>>>,
}

/// The address after `marker` (`http://`) in `line`.
fn address_after(line: &str, marker: &str) -> Option<SocketAddr> {
    let start = line.find(marker)? + marker.len();
    line[start..].split(['/', ' ']).next()?.parse().ok()
}

impl Instance {
    /// Starts `tafel serve` on a free port with `database`.
    pub fn start(database: &str) -> Instance {
        Instance::start_with(database, &[])
    }

    /// Starts `tafel serve` on a free port with `database` and the further arguments `args`.
    pub fn start_with(database: &str, args: &[&str]) -> Instance {
        let tafel = tafel();
        let mut child = Command::new(&tafel)
            .args(["serve", "--port", "0", "--database", database])
            .args(["--games-per-minute", "100000", "--games-burst", "100000"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", tafel.display()));
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let output = Arc::new(Mutex::new(Vec::new()));
        let wants_metrics = args.contains(&"--metrics-listen");
        let (mut addr, mut metrics) = (None, None);
        for line in lines.by_ref().map_while(Result::ok) {
            if line.contains("serving on http://") {
                addr = address_after(&line, "http://");
            } else if line.starts_with("metrics on http://") {
                metrics = address_after(&line, "http://");
            }
            output.lock().unwrap().push(line);
            if addr.is_some() && (metrics.is_some() || !wants_metrics) {
                break;
            }
        }
        let Some(addr) = addr else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tafel serve did not start: {:?}", output.lock().unwrap());
        };
        // Keep reading its output, so that it never blocks on a full pipe.
        let kept = output.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                kept.lock().unwrap().push(line);
            }
        });
        Instance {
            child,
            client: Client::new(addr),
            metrics,
            output,
        }
    }

    /// Sends `signal` to the process.
    fn signal(&self, signal: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill only sends a signal to the process this instance started.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    /// Sends SIGTERM: the server drains and ends.
    pub fn terminate(&self) {
        self.signal(libc::SIGTERM);
    }

    /// Waits for the process to end by itself, at most `within`; its exit status. Fails the
    /// test when it is still running then.
    pub fn wait_for_exit(&mut self, within: std::time::Duration) -> std::process::ExitStatus {
        wait::until_blocking(within, "the process's exit", || {
            self.child.try_wait().unwrap().ok_or("running")
        })
    }

    /// Freezes the process (SIGSTOP): it keeps its sockets but answers nothing, as a
    /// machine that hangs.
    pub fn pause(&self) {
        self.signal(libc::SIGSTOP);
    }

    /// Lets a paused process go on (SIGCONT).
    pub fn resume(&self) {
        self.signal(libc::SIGCONT);
    }

    /// Ends the process at once, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An instance is talked to as its client.
impl std::ops::Deref for Instance {
    type Target = Client;

    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        self.kill();
    }
}
