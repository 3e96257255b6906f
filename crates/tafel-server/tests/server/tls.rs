//! HTTPS of the server's own (issue #44): a certificate from files (made here by rcgen), served
//! with `Strict-Transport-Security` and a `Secure` session cookie, the plain-HTTP port that
//! only redirects, bad files refused with a clear error; and a certificate obtained by ACME
//! from a real pebble (Let's Encrypt's test server) on loopback, served, then renewed while
//! serving, without a restart.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use serde_json::json;
use tafel_server::http::tls::HSTS;
use tafel_server::tls::{Acme, CertificateSource, Tls};
use tafel_server::{start, Config, Server};
use tafel_testkit::wait;

/// A free port on loopback.
fn free_address() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// A test CA and a certificate it signed for `names`, written to `dir`: the CA's certificate,
/// the server's certificate and its key (PEM files).
fn certificates(dir: &Path, names: &[&str]) -> (PathBuf, PathBuf, PathBuf) {
    let mut params = CertificateParams::default();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(DnType::CommonName, "Tafel test CA");
    let ca = CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let cert = CertificateParams::new(names)
        .unwrap()
        .signed_by(&key, &ca)
        .unwrap();
    let files = (
        dir.join("ca.pem"),
        dir.join("cert.pem"),
        dir.join("key.pem"),
    );
    std::fs::write(&files.0, ca.as_ref().pem()).unwrap();
    std::fs::write(&files.1, cert.pem()).unwrap();
    std::fs::write(&files.2, key.serialize_pem()).unwrap();
    files
}

/// An HTTPS client trusting only the CA in `ca`, following no redirects.
fn client_trusting(ca: &Path) -> reqwest::Client {
    let ca = reqwest::Certificate::from_pem(&std::fs::read(ca).unwrap()).unwrap();
    reqwest::Client::builder()
        .tls_built_in_root_certs(false)
        .add_root_certificate(ca)
        .redirect(reqwest::redirect::Policy::none())
        .tls_info(true)
        .build()
        .unwrap()
}

/// A server on loopback with `tls`.
async fn serve(dir: &Path, tls: Tls, public_urls: &[&str]) -> anyhow::Result<Server> {
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", dir.join("t.db").display()),
    );
    config.tls = Some(tls);
    config.public_urls = public_urls.iter().map(|u| u.parse().unwrap()).collect();
    start(&config).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_certificate_from_files_is_served_with_hsts_a_secure_cookie_and_a_redirect() {
    let dir = tempfile::tempdir().unwrap();
    let (ca, cert, key) = certificates(dir.path(), &["127.0.0.1"]);
    let redirect = free_address();
    let tls = Tls {
        certificate: CertificateSource::Files { cert, key },
        redirect: Some(redirect),
    };
    let server = serve(dir.path(), tls, &[]).await.unwrap();
    let https = client_trusting(&ca);
    let base = format!("https://{}", server.addr);

    let catalog = https
        .get(format!("{base}/api/catalog"))
        .send()
        .await
        .unwrap();
    assert_eq!(catalog.status(), 200);
    assert_eq!(catalog.headers()["strict-transport-security"], HSTS);
    let up = https
        .post(format!("{base}/api/account"))
        .json(&json!({"username": "alice", "password": "a long and good passphrase"}))
        .send()
        .await
        .unwrap();
    assert_eq!(up.status(), 201);
    let cookie = up.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("; Secure"), "{cookie}");

    // Plain HTTP to the TLS port is not served.
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    assert!(plain
        .get(format!("http://{}/api/catalog", server.addr))
        .send()
        .await
        .is_err());

    // The plain-HTTP port only redirects, to the same host and path.
    let moved = plain
        .get(format!("http://{redirect}/game/abc?seat=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 308);
    assert_eq!(
        moved.headers()["location"],
        format!("https://127.0.0.1:{}/game/abc?seat=1", server.addr.port()).as_str()
    );
    assert!(!moved.headers().contains_key("set-cookie"));
    server.stop();
}

#[tokio::test]
async fn bad_certificate_files_are_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let (ca, cert, key) = certificates(dir.path(), &["127.0.0.1"]);
    let other = tempfile::tempdir().unwrap();
    let (_, _, other_key) = certificates(other.path(), &["127.0.0.1"]);
    let missing = dir.path().join("missing.pem");
    let cases = [
        (missing.clone(), key.clone(), "cannot read the certificate"),
        (cert.clone(), missing, "cannot read the key"),
        (key.clone(), key.clone(), "no certificate"),
        (cert.clone(), ca.clone(), "no private key"),
        (
            cert.clone(),
            other_key,
            "the key does not fit the certificate",
        ),
    ];
    for (cert, key, said) in cases {
        let tls = Tls {
            certificate: CertificateSource::Files { cert, key },
            redirect: None,
        };
        let error = match serve(dir.path(), tls, &[]).await {
            Ok(_) => panic!("served with bad files ({said})"),
            Err(error) => format!("{error:#}"),
        };
        assert!(error.contains(said), "{said}: {error}");
    }
}

/// A program of Debian's `pebble` package, or `None` (said) when it is not installed and
/// `TAFEL_TEST_PEBBLE` is unset (`scripts/test tls` sets it, so there it fails instead).
fn pebble_program(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from("/usr/bin").join(name);
    if path.is_file() {
        return Some(path);
    }
    assert!(
        std::env::var_os("TAFEL_TEST_PEBBLE").is_none(),
        "{} is missing",
        path.display()
    );
    eprintln!("{} not found, so ACME is not tested", path.display());
    None
}

/// A running program, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `command` with its output in `log`.
fn run(mut command: Command, log: &Path) -> Running {
    let out = std::fs::File::create(log).unwrap();
    command
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .stdin(Stdio::null());
    Running(command.spawn().expect("the program starts"))
}

/// The serial number of the certificate the server at `addr` shows for tafel.test to a new
/// browser that trusts only the CA in `root` (a new one each time: a browser that had been there
/// would resume its TLS session, which keeps the certificate it began with).
async fn served_serial(root: &Path, addr: SocketAddr) -> reqwest::Result<Vec<u8>> {
    let ca = reqwest::Certificate::from_pem(&std::fs::read(root).unwrap()).unwrap();
    let browser = reqwest::Client::builder()
        .tls_built_in_root_certs(false)
        .add_root_certificate(ca)
        .resolve("tafel.test", addr)
        .tls_info(true)
        .build()
        .unwrap();
    let url = format!("https://tafel.test:{}/api/catalog", addr.port());
    let answer = browser.get(url).send().await?;
    let info = answer.extensions().get::<reqwest::tls::TlsInfo>().unwrap();
    let der = info.peer_certificate().unwrap();
    let (_, cert) = x509_parser::parse_x509_certificate(der).unwrap();
    Ok(cert.raw_serial().to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_certificate_from_pebble_is_served_then_renewed_while_serving() {
    let (Some(pebble), Some(challtestsrv)) = (
        pebble_program("pebble"),
        pebble_program("pebble-challtestsrv"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path();
    // pebble's own HTTPS (its directory) with a certificate of a CA made here.
    let (pebble_ca, pebble_cert, pebble_key) = certificates(path, &["127.0.0.1", "localhost"]);
    let (acme_port, management, dns, redirect) = (
        free_address(),
        free_address(),
        free_address(),
        free_address(),
    );
    // Every name resolves to 127.0.0.1 for pebble: challtestsrv is its DNS server.
    let mut dns_server = Command::new(challtestsrv);
    dns_server.args([
        "-defaultIPv4",
        "127.0.0.1",
        "-defaultIPv6",
        "",
        "-dns01",
        &dns.to_string(),
        "-http01",
        "",
        "-https01",
        "",
        "-tlsalpn01",
        "",
        "-management",
        &free_address().to_string(),
    ]);
    let _dns = run(dns_server, &path.join("challtestsrv.log"));
    let config = json!({"pebble": {
        "listenAddress": acme_port.to_string(),
        "managementListenAddress": management.to_string(),
        "certificate": pebble_cert,
        "privateKey": pebble_key,
        "httpPort": redirect.port(),
        "tlsPort": free_address().port(),
        "ocspResponderURL": "",
        "externalAccountBindingRequired": false
    }});
    std::fs::write(path.join("pebble.json"), config.to_string()).unwrap();
    let mut acme_server = Command::new(pebble);
    acme_server
        .arg("-config")
        .arg(path.join("pebble.json"))
        .args(["-dnsserver", &dns.to_string()])
        // No random waits before validating, no nonces refused for practice.
        .env("PEBBLE_VA_NOSLEEP", "1")
        .env("PEBBLE_WFE_NONCEREJECT", "0");
    let _pebble = run(acme_server, &path.join("pebble.log"));
    let to_pebble = client_trusting(&pebble_ca);
    let log = || std::fs::read_to_string(path.join("pebble.log")).unwrap_or_default();
    let root = wait::until(
        Duration::from_secs(10),
        "pebble's management port",
        || async {
            match to_pebble
                .get(format!("https://{management}/roots/0"))
                .send()
                .await
            {
                Ok(answer) => Ok(answer.text().await.unwrap()),
                Err(error) => Err(format!("{error}; pebble's log: {}", log())),
            }
        },
    )
    .await;
    let issuing_root = path.join("issuing-root.pem");
    std::fs::write(&issuing_root, root).unwrap();

    // Renewed as soon as it may be: due at once (pebble's certificates are valid for years,
    // the window is longer), so the next comes 3 s after the last.
    let acme = Acme {
        directory: format!("https://{acme_port}/dir"),
        root: Some(pebble_ca.clone()),
        renew_before: Duration::from_secs(100 * 365 * 24 * 3600),
        least_between: Duration::from_secs(3),
        ..Acme::new(vec!["tafel.test".into()], path.join("acme"))
    };
    let tls = Tls {
        certificate: CertificateSource::Acme(acme),
        redirect: Some(redirect),
    };
    let server = serve(path, tls, &["https://tafel.test"]).await.unwrap();
    let started = Instant::now();
    let first = wait::until(Duration::from_secs(60), "a certificate served", || async {
        served_serial(&issuing_root, server.addr)
            .await
            .map_err(|error| format!("{error:?}; pebble's log: {}", log()))
    })
    .await;
    let obtained = started.elapsed();
    let cached = std::fs::read_to_string(path.join("acme/tafel.test.crt")).unwrap();
    assert!(cached.contains("BEGIN CERTIFICATE"));

    // The same server, still serving, shows a new certificate on a new connection.
    let renewing = Instant::now();
    let second = wait::until(Duration::from_secs(60), "a renewed certificate", || async {
        let serial = served_serial(&issuing_root, server.addr).await.unwrap();
        if serial != first {
            Ok(serial)
        } else {
            Err(format!("the first one still; pebble's log: {}", log()))
        }
    })
    .await;
    assert_ne!(first, second);
    eprintln!(
        "first certificate served after {:.1} s, renewed after {:.1} s more",
        obtained.as_secs_f64(),
        renewing.elapsed().as_secs_f64()
    );
    server.stop();
}
