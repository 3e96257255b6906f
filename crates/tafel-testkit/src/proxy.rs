//! Reverse proxies in front of servers on loopback, configured as `docs/deploy.md` documents
//! them (issue #44): its `nginx` block made to run here (the instances given instead of the
//! documented ones, plain HTTP on a free port, its files in a temporary directory), started,
//! waited for and stopped. The proxy tests and the soak driver's rolling restart share them.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::client::Client;
use crate::wait;

/// The block of `docs/deploy.md` fenced as ```` ```language ````; panics unless there is
/// exactly one.
pub fn documented(language: &str) -> &'static str {
    let doc = include_str!("../../../docs/deploy.md");
    let fence = format!("```{language}\n");
    let mut blocks = doc.split(fence.as_str()).skip(1);
    let block = blocks
        .next()
        .and_then(|rest| rest.split("```").next())
        .unwrap_or_else(|| panic!("docs/deploy.md has a {language} block"));
    assert!(
        blocks.next().is_none(),
        "docs/deploy.md has one {language} block"
    );
    block
}

/// The nginx configuration `docs/deploy.md` documents, made to run here: the documented
/// upstream servers replaced in order by `upstreams` (those left over dropped), plain HTTP on
/// `listen`, files in `dir`, and an access log (`dir/access.log`) saying for each request its
/// status, method, path and the upstreams tried with their statuses.
pub fn documented_nginx(upstreams: &[SocketAddr], listen: SocketAddr, dir: &Path) -> String {
    let mut site = String::new();
    let mut documented_servers = 0;
    for line in documented("nginx").lines() {
        let directive = line.trim_start();
        if directive.starts_with("server 127.0.0.1:") {
            if let Some(upstream) = upstreams.get(documented_servers) {
                let options = directive
                    .trim_end_matches(';')
                    .split_whitespace()
                    .skip(2)
                    .fold(String::new(), |all, option| all + " " + option);
                site.push_str(&format!("    server {upstream}{options};\n"));
            }
            documented_servers += 1;
        } else if directive.starts_with("listen ") {
            site.push_str(&format!("    listen {listen};\n"));
        } else if !directive.starts_with("ssl_") {
            site.push_str(line);
            site.push('\n');
        }
    }
    assert!(
        (1..=documented_servers).contains(&upstreams.len()),
        "the documented upstream lists {documented_servers} instances, {} asked for",
        upstreams.len()
    );
    let d = dir.display();
    format!(
        "pid {d}/nginx.pid;\nerror_log {d}/error.log;\nevents {{}}\nhttp {{\n\
         log_format tried '$status $request_method $uri $upstream_addr $upstream_status';\n\
         access_log {d}/access.log tried;\nclient_body_temp_path {d}/body;\n\
         proxy_temp_path {d}/proxy;\nfastcgi_temp_path {d}/fastcgi;\n\
         uwsgi_temp_path {d}/uwsgi;\nscgi_temp_path {d}/scgi;\n{site}}}\n"
    )
}

/// The command running `nginx` (a path) in the foreground with the configuration `conf`,
/// its files and error log in `dir`.
pub fn nginx_command(nginx: &Path, dir: &Path, conf: &Path) -> Command {
    let mut command = Command::new(nginx);
    command
        .arg("-e")
        .arg(dir.join("error.log"))
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(conf)
        .args(["-g", "daemon off;"]);
    command
}

/// A free port on loopback.
pub fn free_address() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// A running proxy, stopped when dropped.
pub struct Proxy {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl Proxy {
    /// Starts `command` (its output in `dir/proxy.log`) as the proxy listening on `addr` and
    /// waits until it answers through to a server (`GET /api/catalog`, 200); panics with the
    /// proxy's logs if it does not within 10 s.
    pub async fn start(mut command: Command, addr: SocketAddr, dir: &Path) -> Proxy {
        let log = dir.join("proxy.log");
        let out = std::fs::File::create(&log).unwrap();
        command
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .stdin(Stdio::null());
        let proxy = Proxy {
            child: command.spawn().expect("the proxy starts"),
            addr,
        };
        let probe = Client::new(addr);
        let logs = || {
            let said = std::fs::read_to_string(&log).unwrap_or_default();
            let errors = std::fs::read_to_string(dir.join("error.log")).unwrap_or_default();
            format!("{said}{errors}")
        };
        wait::until(
            Duration::from_secs(10),
            "the proxy answering through to the server",
            || async {
                match probe.try_get("/api/catalog").await {
                    Ok(answer) if answer.status == 200 => Ok(()),
                    Ok(answer) => Err(format!("status {}; {}", answer.status, logs())),
                    Err(error) => Err(format!("{error}; {}", logs())),
                }
            },
        )
        .await;
        proxy
    }
}

impl Drop for Proxy {
    /// SIGTERM first, so that nginx's master stops its workers (killed outright, it would
    /// leave them running); killed if it is still there after 5 s.
    fn drop(&mut self) {
        // SAFETY: kill only sends a signal to the child this process started.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        let asked = Instant::now();
        while asked.elapsed() < Duration::from_secs(5) {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
