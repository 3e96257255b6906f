//! E-mail, optional (issue #45): an address verified by a link and a password reset by a
//! single-use link that expires, through a real SMTP server (Debian's `python3-aiosmtpd`,
//! started here on loopback, its mails kept in a maildir that the test reads); and a server
//! without mail, whose operator hands out the link (`tafel account reset-password`).
//! Nothing secret reaches the log: the whole log of the server is read at the end.

use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tafel_server::config::{Mail, SmtpUrl};
use tafel_server::play::recovery::reset_link;
use tafel_server::public_url::PublicUrl;
use tafel_server::store::Store;
use tafel_server::{start, Config, Server};
use tafel_testkit::client::{Answer, Client};

const PASSWORD: &str = "correct horse battery";
const NEW_PASSWORD: &str = "a whole new secret phrase";

/// The server's log, as written while the tests run.
fn log() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOG.get_or_init(|| {
        let log = Arc::new(Mutex::new(Vec::new()));
        let writer = log.clone();
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || Tee(writer.clone()))
            .init();
        log
    })
}

/// A writer into the shared log.
struct Tee(Arc<Mutex<Vec<u8>>>);

impl Write for Tee {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A free port on loopback (the server's, chosen first so that its public URL is known).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Debian's aiosmtpd, receiving on loopback into a maildir; stopped when dropped.
struct SmtpServer {
    child: Child,
    port: u16,
    maildir: PathBuf,
}

impl SmtpServer {
    /// Started, once it accepts connections; `None` (said on standard error) when aiosmtpd is
    /// not installed and `TAFEL_TEST_SMTP` is unset (`scripts/test` sets it: a failure there).
    fn start(dir: &Path) -> Option<SmtpServer> {
        let python = Path::new("/usr/bin/python3");
        let installed = python.is_file()
            && Command::new(python)
                .args(["-c", "import aiosmtpd"])
                .status()
                .is_ok_and(|s| s.success());
        if !installed {
            assert!(
                std::env::var_os("TAFEL_TEST_SMTP").is_none(),
                "python3-aiosmtpd is missing"
            );
            eprintln!("python3-aiosmtpd not found, so mail is not tested");
            return None;
        }
        let port = free_port();
        let maildir = dir.join("maildir");
        let child = Command::new(python)
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .spawn()
            .expect("aiosmtpd starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "aiosmtpd did not start listening"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(SmtpServer {
            child,
            port,
            maildir,
        })
    }

    /// The mails received so far, oldest first: (recipient, subject, body).
    fn mails(&self) -> Vec<(String, String, String)> {
        let Ok(entries) = std::fs::read_dir(self.maildir.join("new")) else {
            return Vec::new();
        };
        let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        files.sort_by_key(|path| std::fs::metadata(path).unwrap().modified().unwrap());
        files
            .iter()
            .map(|path| {
                let raw = std::fs::read(path).unwrap();
                let mail = mailparse::parse_mail(&raw).unwrap();
                let header = |name: &str| {
                    mailparse::MailHeaderMap::get_first_value(mail.headers.as_slice(), name)
                        .unwrap_or_default()
                };
                (header("To"), header("Subject"), mail.get_body().unwrap())
            })
            .collect()
    }

    /// Waits (at most 20 s) for the `count`th mail; returns it.
    async fn mail(&self, count: usize) -> (String, String, String) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(mail) = self.mails().into_iter().nth(count - 1) {
                return mail;
            }
            assert!(Instant::now() < deadline, "mail {count} did not come");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The link in `body` that starts with `start`, and its token.
fn link(body: &str, start: &str) -> (String, String) {
    let link = body
        .split_whitespace()
        .find(|word| word.starts_with(start))
        .unwrap_or_else(|| panic!("no link {start} in {body}"))
        .to_string();
    let token = link.split_once("#token=").unwrap().1.to_string();
    (link, token)
}

/// A server on `port` with the database in `dir`, its public URL on that port, sending mail
/// through `smtp` if given, allowing `recoveries` resets at once from one address.
async fn server(dir: &Path, port: u16, smtp: Option<u16>, recoveries: u32) -> Server {
    let mut config = Config::new(
        SocketAddr::from(([127, 0, 0, 1], port)),
        format!("sqlite://{}", dir.join("t.db").display()),
    );
    config.public_urls = vec![format!("http://127.0.0.1:{port}")
        .parse::<PublicUrl>()
        .unwrap()];
    config.mail = smtp.map(|smtp| Mail {
        smtp: SmtpUrl(format!("smtp://127.0.0.1:{smtp}")),
        from: "Tafel <games@tafel.test>".to_string(),
    });
    config.limits.recoveries_burst = recoveries;
    start(&config).await.unwrap()
}

/// `request` with the session `cookie` and `Accept-Language: language`.
async fn send(
    client: &Client,
    method: reqwest::Method,
    path: &str,
    cookie: &str,
    body: Value,
) -> Answer {
    let request = client
        .http
        .request(method, client.url(path))
        .header("cookie", cookie)
        .header("accept-language", "de")
        .json(&body);
    client.send(request).await
}

/// The code of a refusal.
fn code(answer: &Answer) -> String {
    answer.body["code"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn addresses_are_verified_and_passwords_reset_through_a_real_smtp_server() {
    let log = log();
    let dir = tempfile::tempdir().unwrap();
    let Some(smtp) = SmtpServer::start(dir.path()) else {
        return;
    };
    let port = free_port();
    let server = server(dir.path(), port, Some(smtp.port), 100).await;
    let client = Client::new(server.addr);
    let origin = format!("http://127.0.0.1:{port}");
    assert_eq!(client.get("/api/mail").await.body["sends_mail"], true);
    let cookie = client.sign_up("ada").await;
    use reqwest::Method;

    // An address needs the password, and must be one.
    let wrong = json!({"address": "ada@example.org", "password": "not the password"});
    let refused = send(&client, Method::PUT, "/api/account/email", &cookie, wrong).await;
    assert_eq!(refused.status, 401, "{}", refused.text);
    let bad = json!({"address": "ada at example", "password": PASSWORD});
    let refused = send(&client, Method::PUT, "/api/account/email", &cookie, bad).await;
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert_eq!(code(&refused), "that-is-not-an-e-mail-address");
    assert_eq!(refused.error(), "das ist keine E-Mail-Adresse");

    // Set on a German page: the mail that verifies it is in German.
    let set = json!({"address": "Ada@Example.org", "password": PASSWORD});
    let answer = send(&client, Method::PUT, "/api/account/email", &cookie, set).await;
    assert_eq!(answer.status, 202, "{}", answer.text);
    assert_eq!(answer.body["verified"], false);
    let (to, subject, body) = smtp.mail(1).await;
    assert!(to.contains("Ada@Example.org"), "{to}");
    assert_eq!(subject, "Tafel: bestätige deine E-Mail-Adresse");
    assert!(body.contains("Hallo ada"), "{body}");
    let (verify, token) = link(&body, &format!("{origin}/verify-email#token="));
    assert_eq!(
        verify.len(),
        origin.len() + "/verify-email#token=".len() + 32
    );
    let verified = client
        .post("/api/account/email/verify", json!({"token": token}))
        .await;
    assert_eq!(verified.status, 200, "{}", verified.text);
    assert_eq!(verified.body["address"], "Ada@Example.org");
    let again = client
        .post("/api/account/email/verify", json!({"token": token}))
        .await;
    assert_eq!(again.status, 400, "{}", again.text);
    assert_eq!(code(&again), "that-link-is-used-expired-or-wrong");
    let shown = send(
        &client,
        Method::GET,
        "/api/account/email",
        &cookie,
        json!(null),
    )
    .await;
    assert_eq!(
        shown.body,
        json!({"address": "Ada@Example.org", "verified": true})
    );

    // A reset asked for by name (any case) and by address: the same answer as for nobody,
    // and a mail each, in the account's language.
    for who in ["ADA", "nobody", "ada@example.org", "nobody@example.org"] {
        let asked = client
            .post("/api/password-reset", json!({"who": who}))
            .await;
        assert_eq!(asked.status, 202, "{who}: {}", asked.text);
        assert_eq!(asked.text, "", "{who}");
    }
    let not_one = client
        .post("/api/password-reset", json!({"who": "neither !"}))
        .await;
    assert_eq!(code(&not_one), "that-is-neither-a-username-nor-an");
    let (_, subject, first) = smtp.mail(2).await;
    assert_eq!(subject, "Tafel: setze dein Passwort zurück");
    let (_, _, second) = smtp.mail(3).await;
    let (_, first) = link(&first, &format!("{origin}/reset-password#token="));
    let (_, second) = link(&second, &format!("{origin}/reset-password#token="));
    assert_ne!(first, second);

    // A password that breaks a rule leaves the link working; a good one uses it up, ends
    // every session and replaces the old password.
    let weak = client
        .post(
            "/api/password-reset/confirm",
            json!({"token": first, "password": "short"}),
        )
        .await;
    assert_eq!(weak.status, 400, "{}", weak.text);
    let reset = client
        .post(
            "/api/password-reset/confirm",
            json!({"token": first, "password": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(reset.status, 204, "{}", reset.text);
    let me = send(&client, Method::GET, "/api/account", &cookie, json!(null)).await;
    assert_eq!(me.status, 401, "the old session ended: {}", me.text);
    let reused = client
        .post(
            "/api/password-reset/confirm",
            json!({"token": first, "password": "yet another long phrase"}),
        )
        .await;
    assert_eq!(code(&reused), "that-link-is-used-expired-or-wrong");
    let sign_in = |password: &str| {
        client.post(
            "/api/session",
            json!({"username": "ada", "password": password}),
        )
    };
    assert_eq!(sign_in(PASSWORD).await.status, 401);
    assert_eq!(sign_in(NEW_PASSWORD).await.status, 200);

    // An expired link is refused.
    let pool =
        sqlx::SqlitePool::connect(&format!("sqlite://{}", dir.path().join("t.db").display()))
            .await
            .unwrap();
    sqlx::query("UPDATE mail_links SET expires_ms = 0 WHERE used_ms IS NULL")
        .execute(&pool)
        .await
        .unwrap();
    let expired = client
        .post(
            "/api/password-reset/confirm",
            json!({"token": second, "password": "yet another long phrase"}),
        )
        .await;
    assert_eq!(code(&expired), "that-link-is-used-expired-or-wrong");

    // Three resets an hour for one account at most: a fourth is answered alike and sends
    // nothing (no link is even made).
    let links = || async {
        let row: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM mail_links WHERE purpose = 'reset'")
            .fetch_one(&pool)
            .await
            .unwrap();
        row.0
    };
    let made = links().await;
    assert_eq!(made, 2);
    for _ in 0..2 {
        let asked = client
            .post("/api/password-reset", json!({"who": "ada"}))
            .await;
        assert_eq!(asked.status, 202, "{}", asked.text);
    }
    assert_eq!(links().await, 3);
    assert_eq!(smtp.mail(4).await.1, "Tafel: setze dein Passwort zurück");
    assert_eq!(smtp.mails().len(), 4);

    // No token, password or link in the log.
    server.stop();
    let log = String::from_utf8(log.lock().unwrap().clone()).unwrap();
    assert!(log.contains("POST"), "the log was captured: {log}");
    for secret in [
        token.as_str(),
        first.as_str(),
        second.as_str(),
        PASSWORD,
        NEW_PASSWORD,
    ] {
        assert!(!log.contains(secret), "{secret} is in the log");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_mail_refuses_and_its_operator_hands_out_links() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let server = server(dir.path(), port, None, 3).await;
    let client = Client::new(server.addr);
    assert_eq!(client.get("/api/mail").await.body["sends_mail"], false);
    let cookie = client.sign_up("bob").await;
    let asked = client
        .post("/api/password-reset", json!({"who": "bob"}))
        .await;
    assert_eq!(asked.status, 501, "{}", asked.text);
    assert_eq!(code(&asked), "this-server-sends-no-mail");
    // Resets count per client address: 3 at once here, then the fourth waits.
    for _ in 0..2 {
        let asked = client
            .post("/api/password-reset", json!({"who": "bob"}))
            .await;
        assert_eq!(asked.status, 501, "{}", asked.text);
    }
    let limited = client
        .post("/api/password-reset", json!({"who": "bob"}))
        .await;
    assert_eq!(limited.status, 429, "{}", limited.text);
    assert_eq!(code(&limited), "this-address-has-asked-for-many");
    let set = json!({"address": "bob@example.org", "password": PASSWORD});
    let refused = send(
        &client,
        reqwest::Method::PUT,
        "/api/account/email",
        &cookie,
        set,
    )
    .await;
    assert_eq!(refused.status, 501, "{}", refused.text);

    // What `tafel account reset-password bob` prints.
    let store = Store::open(&format!("sqlite://{}", dir.path().join("t.db").display()))
        .await
        .unwrap();
    let origin = format!("http://127.0.0.1:{port}");
    let unknown = reset_link(&store, "nobody", &origin).await.unwrap_err();
    assert_eq!(unknown.code(), "no-account-is-named-name");
    let printed = reset_link(&store, "Bob", &origin).await.unwrap();
    let (_, token) = link(&printed, &format!("{origin}/reset-password#token="));
    // From another address (this one has used its resets up).
    let elsewhere = Client::from_address(server.addr, "127.0.0.2".parse().unwrap());
    let reset = elsewhere
        .post(
            "/api/password-reset/confirm",
            json!({"token": token, "password": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(reset.status, 204, "{}", reset.text);
    let signed_in = client
        .post(
            "/api/session",
            json!({"username": "bob", "password": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.text);
}
