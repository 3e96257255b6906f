//! What `docs/deploy.md` tells an operator to run, run (issue #44): the systemd unit's
//! `ExecStart` (read from the document, its paths and port made local) serves and stops
//! cleanly on systemd's stop signal (SIGTERM: the unit sets no other); the unit itself passes
//! `systemd-analyze verify` (no systemd runs here to start it); the TLS flags refuse what does
//! not fit with one line; `tafel db backup` and `tafel db restore` through the binary.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_error, run_ok};

/// The systemd unit in `docs/deploy.md` (its first `ini` block).
fn documented_unit() -> &'static str {
    let doc = include_str!("../../../docs/deploy.md");
    doc.split("```ini\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/deploy.md has the unit")
}

/// The value of the unit's `key=`, continued lines joined.
fn setting(unit: &str, key: &str) -> String {
    let joined = unit.replace("\\\n", " ");
    let prefix = format!("{key}=");
    joined
        .lines()
        .find_map(|line| line.strip_prefix(prefix.as_str()))
        .unwrap_or_else(|| panic!("the unit sets {key}"))
        .to_owned()
}

#[test]
fn the_documented_units_command_serves_and_stops_on_systemds_sigterm() {
    let unit = documented_unit();
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().to_str().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let command = setting(unit, "ExecStart").replace("/var/lib/tafel", state);
    let mut words = command.split_whitespace();
    assert_eq!(words.next(), Some("/usr/local/bin/tafel"));
    let mut args: Vec<String> = words.map(str::to_owned).collect();
    let at = args.iter().position(|a| a == "--port").expect("--port");
    args[at + 1] = port.to_string();
    let mut serve = Command::new(env!("CARGO_BIN_EXE_tafel"))
        .args(&args)
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(serve.stdout.take().unwrap()).lines();
    // The log may say something first (the shipped puzzles loaded, on a new database).
    let serving = (lines.by_ref().map(Result::unwrap))
        .find(|line| line.contains("is serving on"))
        .unwrap();
    assert!(
        serving.contains(&format!("http://127.0.0.1:{port}/")),
        "{serving}"
    );
    assert!(dir.path().join("tafel.db").exists(), "the unit's database");
    let mut connection = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    connection
        .write_all(b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    connection.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // The server takes Ctrl-C once it waits for it, just after saying it serves.
    std::thread::sleep(Duration::from_millis(300));

    // systemd stops a unit with SIGTERM unless it says otherwise; the server drains on it.
    assert!(!unit.contains("KillSignal="), "{unit}");
    // SAFETY: kill only sends a signal to the child this test started.
    unsafe { libc::kill(serve.id() as i32, libc::SIGTERM) };
    let started = Instant::now();
    let status = loop {
        if let Some(status) = serve.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "still running");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
}

/// What `systemd-analyze verify` says of `unit` written as `tafel.service` in a new folder,
/// the binary's path made this build's: `None` when it finds nothing to say, else its
/// complaints (its exit status and every line naming the unit: systemd ignores an unknown key
/// or a value it cannot read with a warning, and exits 0).
fn verify(analyze: &Path, unit: &str) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tafel.service");
    std::fs::write(
        &path,
        unit.replace("/usr/local/bin/tafel", env!("CARGO_BIN_EXE_tafel")),
    )
    .unwrap();
    let output = Command::new(analyze)
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr).to_string()
        + &String::from_utf8_lossy(&output.stdout);
    let complaints: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("tafel.service"))
        .collect();
    (!output.status.success() || !complaints.is_empty())
        .then(|| format!("{}: {}", output.status, complaints.join("\n")))
}

#[test]
fn the_documented_unit_passes_systemd_analyze_verify() {
    let analyze = Path::new("/usr/bin/systemd-analyze");
    if !analyze.is_file() {
        eprintln!(
            "{} not found, so the unit is not verified",
            analyze.display()
        );
        return;
    }
    let unit = documented_unit();
    assert_eq!(verify(analyze, unit), None, "{unit}");
    // The check sees a mistake: a misspelt key, a value systemd cannot read.
    let misspelt = unit.replacen("RestartSec=", "RestartSecs=", 1);
    let said = verify(analyze, &misspelt).expect("a misspelt key is reported");
    assert!(said.contains("RestartSecs"), "{said}");
    let unreadable = unit.replacen("Restart=on-failure", "Restart=sometimes", 1);
    let said = verify(analyze, &unreadable).expect("an unreadable value is reported");
    assert!(said.contains("sometimes"), "{said}");
}

#[test]
fn tls_flags_that_do_not_fit_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let missing = dir.path().join("missing.pem");
    let missing = missing.to_str().unwrap();
    assert_error(
        &[
            "serve",
            "--port",
            "0",
            "--database",
            &db,
            "--tls-cert",
            missing,
            "--tls-key",
            missing,
        ],
        "cannot read the certificate",
    );
    assert_error(
        &[
            "serve",
            "--port",
            "0",
            "--database",
            &db,
            "--http-redirect",
            "127.0.0.1:0",
        ],
        "--http-redirect needs --tls-cert and --tls-key, or --acme-domain",
    );
    assert_error(
        &[
            "serve",
            "--port",
            "0",
            "--database",
            &db,
            "--acme-domain",
            "games.example.org",
        ],
        "--http-redirect",
    );
}

#[test]
fn db_backup_and_restore_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let source = format!("sqlite://{}", path("source.db"));
    run_ok(&["db", "copy", "--from", "sqlite::memory:", "--to", &source]);
    let said = run_ok(&["db", "backup", "--database", &source, "--to", &path("b.db")]);
    assert!(said.starts_with("backed up into"), "{said}");
    assert!(said.contains("0 games, 0 moves, checked"), "{said}");
    assert_error(
        &["db", "backup", "--database", &source, "--to", &path("b.db")],
        "exists; a backup goes into a new file",
    );
    let restored = format!("sqlite://{}", path("restored.db"));
    let said = run_ok(&[
        "db",
        "restore",
        "--from",
        &path("b.db"),
        "--database",
        &restored,
    ]);
    assert!(said.starts_with("restored"), "{said}");
    assert_error(
        &[
            "db",
            "restore",
            "--from",
            &path("nothing.db"),
            "--database",
            &restored,
        ],
        "does not exist",
    );
    assert_error(
        &[
            "db",
            "backup",
            "--database",
            "postgres://tafel@localhost/tafel",
            "--to",
            &path("p"),
        ],
        "pg_dump",
    );
}
