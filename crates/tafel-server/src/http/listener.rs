//! Accepting connections within limits: at most so many open connections in all and per client
//! address, headers within a time limit, nothing idle for long, and a clear refusal when full.
//!
//! Each accepted connection holds a permit (one of [`ConnectionLimits::max_connections`] and
//! one of its address's [`ConnectionLimits::max_per_address`]) for as long as its socket is
//! open, also after it became a WebSocket, since the permit travels inside the socket's
//! wrapper. A trusted proxy's connections (`--trusted-proxies`) carry many clients' requests, so
//! they are not counted per address, only among all connections: the listener sees the peer,
//! never the client a proxy names (the rate limits of `rate.rs` count that one), and a
//! proxy limits its own clients' connections. A connection over a limit gets `503` with a
//! JSON error and is closed; a few such
//! refusals are written at a time, the rest are closed at once. HTTP/1.1 is served by hyper
//! directly (axum's `serve` has no header timeout and no connection limit).
//!
//! When the server drains ([`Drain`]) and reaches [`Phase::Closing`], the listener stops
//! accepting, every open connection is closed after the answer it is writing, and the
//! listener waits for them, at most the drain's timeout.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt;

use crate::domain::client::client_key;
use crate::http::drain::{Drain, Phase};
use crate::http::guard::SECURITY_HEADERS;
use crate::proxies::TrustedProxies;

/// The limits on connections (see [`crate::Limits`] for the defaults and why).
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Time to send a request's headers.
    pub header_timeout: Duration,
    /// Time without any traffic before a connection is closed.
    pub idle_timeout: Duration,
    /// Open connections at most.
    pub max_connections: usize,
    /// Open connections per client address at most.
    pub max_per_address: usize,
}

/// The largest request head (request line and headers) read, and hyper's buffer limit.
const MAX_HEAD: usize = 64 * 1024;

/// Refusals being written at once; further connections over a limit are closed unanswered.
const REFUSALS_AT_ONCE: usize = 64;

/// Open connections by client address.
#[derive(Default)]
struct AddressCounts(Mutex<HashMap<IpAddr, usize>>);

/// One connection's hold on its address's allowance, given back when dropped.
struct AddressSlot {
    counts: Arc<AddressCounts>,
    key: IpAddr,
}

impl AddressCounts {
    fn take(self: &Arc<Self>, ip: IpAddr, max: usize) -> Option<AddressSlot> {
        let key = client_key(ip);
        let mut counts = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.entry(key).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            counts: self.clone(),
            key,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

/// What an open connection holds: its place among all connections and its address's (none
/// for a trusted proxy).
struct Admission {
    _all: OwnedSemaphorePermit,
    _address: Option<AddressSlot>,
}

/// When the connection last moved a byte, in milliseconds since `epoch`.
struct Activity {
    epoch: Instant,
    last: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            epoch: Instant::now(),
            last: AtomicU64::new(0),
        }
    }

    fn touch(&self) {
        let now = self.epoch.elapsed().as_millis() as u64;
        self.last.store(now, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.epoch + Duration::from_millis(self.last.load(Ordering::Relaxed))
    }
}

/// A client's socket (plain TCP, or TLS over it) with its admission, noting every byte that
/// moves.
struct Tracked<S> {
    stream: S,
    activity: Arc<Activity>,
    _admission: Admission,
}

impl<S: AsyncRead + Unpin> AsyncRead for Tracked<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        poll
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Tracked<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, data);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        poll
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        poll
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `app` on `listener` within `limits` until the task is dropped or `drain` closes
/// (then returns once the open connections have closed, or the drain's timeout passed);
/// connections from `proxies` are not limited per address. With `tls`, each connection is
/// HTTPS: its handshake must be done within the header timeout.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    proxies: Arc<TrustedProxies>,
    drain: Drain,
    tls: Option<TlsAcceptor>,
) {
    let all = Arc::new(Semaphore::new(limits.max_connections));
    let addresses = Arc::new(AddressCounts::default());
    let refusals = Arc::new(Semaphore::new(REFUSALS_AT_ONCE));
    let mut last_complaint: Option<Instant> = None;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = drain.reached(Phase::Closing) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors or similar: say so now and then, wait a little.
                if last_complaint.is_none_or(|t| t.elapsed() > Duration::from_secs(10)) {
                    tracing::warn!("cannot accept connections: {error}");
                    last_complaint = Some(Instant::now());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let admission = match all.clone().try_acquire_owned() {
            Ok(permit) if proxies.trusts(peer.ip()) => Admission {
                _all: permit,
                _address: None,
            },
            Ok(permit) => match addresses.take(peer.ip(), limits.max_per_address) {
                Some(slot) => Admission {
                    _all: permit,
                    _address: Some(slot),
                },
                None => {
                    refuse(stream, &refusals, TOO_MANY_FROM_ADDRESS);
                    continue;
                }
            },
            Err(_) => {
                refuse(stream, &refusals, TOO_MANY_CONNECTIONS);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (app, limits, drain) = (app.clone(), limits.clone(), drain.clone());
        let Some(tls) = tls.clone() else {
            tokio::spawn(connection(stream, peer, admission, app, limits, drain));
            continue;
        };
        tokio::spawn(async move {
            match tokio::time::timeout(limits.header_timeout, tls.accept(stream)).await {
                Ok(Ok(stream)) => connection(stream, peer, admission, app, limits, drain).await,
                Ok(Err(error)) => tracing::debug!("TLS handshake with {peer}: {error}"),
                Err(_) => tracing::debug!("TLS handshake with {peer}: timed out"),
            }
        });
    }
    drop(listener);
    // Every open connection holds one of `all`'s permits: they are all back once every
    // connection has closed.
    let everyone = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(drain.times.timeout, all.acquire_many(everyone))
        .await
        .is_err()
    {
        tracing::warn!(
            "{} connections still open after the drain's {:.1} s; dropping them",
            limits.max_connections - all.available_permits(),
            drain.times.timeout.as_secs_f64()
        );
    }
}

const TOO_MANY_CONNECTIONS: &str =
    "the server has as many open connections as it allows; try again in a few seconds";
const TOO_MANY_FROM_ADDRESS: &str =
    "your address has as many open connections as one address may have; close some and try again";

/// Serves one connection until it closes, upgrades to a WebSocket, or stays idle too long.
async fn connection<S: AsyncRead + AsyncWrite + Unpin + Send + 'static>(
    stream: S,
    peer: SocketAddr,
    admission: Admission,
    app: Router,
    limits: ConnectionLimits,
    drain: Drain,
) {
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Tracked {
        stream,
        activity: activity.clone(),
        _admission: admission,
    });
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(axum::body::Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD);
    let conn = http.serve_connection(io, service).with_upgrades();
    tokio::pin!(conn);
    let mut closing = false;
    let mut drained = false;
    loop {
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!("connection from {peer}: {error}");
                }
                return;
            }
            () = drain.reached(Phase::Closing), if !drained => {
                // The server is stopping: the answer under way is written, then it closes.
                conn.as_mut().graceful_shutdown();
                drained = true;
            }
            () = tokio::time::sleep_until((activity.last() + limits.idle_timeout).into()) => {
                if activity.last().elapsed() < limits.idle_timeout {
                    continue;
                }
                if closing {
                    // Still nothing after asking it to finish: drop it.
                    return;
                }
                // Let a request being answered finish; close the connection after it.
                conn.as_mut().graceful_shutdown();
                closing = true;
                activity.touch();
            }
        }
    }
}

/// Answers a connection over a limit with 503 and closes it, if few refusals are under way;
/// otherwise closes it at once.
fn refuse(mut stream: TcpStream, refusals: &Arc<Semaphore>, why: &'static str) {
    let Ok(permit) = refusals.clone().try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let answer = refusal(why);
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            // Read what the client sent first, so that closing does not reset the connection
            // before the client has read the answer.
            let mut request = [0u8; 4096];
            let _ =
                tokio::time::timeout(Duration::from_millis(200), stream.read(&mut request)).await;
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await
        })
        .await;
    });
}

/// The raw HTTP answer to a refused connection.
fn refusal(why: &str) -> String {
    let body = serde_json::json!({ "error": why }).to_string();
    let mut answer = String::from("HTTP/1.1 503 Service Unavailable\r\n");
    answer.push_str("content-type: application/json\r\nretry-after: 5\r\nconnection: close\r\n");
    for (name, value) in SECURITY_HEADERS {
        answer.push_str(&format!("{name}: {value}\r\n"));
    }
    answer.push_str(&format!("content-length: {}\r\n\r\n{body}", body.len()));
    answer
}

/// Raises this process's open-file limit towards `wanted` descriptors (up to the hard limit)
/// and returns the limit in force: every connection needs one.
pub fn raise_open_file_limit(wanted: u64) -> u64 {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct passed.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return u64::MAX;
            }
            let current: u64 = limit.rlim_cur;
            if current >= wanted || limit.rlim_cur == libc::RLIM_INFINITY {
                return current;
            }
            let raised = libc::rlimit {
                rlim_cur: wanted.min(limit.rlim_max),
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                raised.rlim_cur
            } else {
                current
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = wanted;
        u64::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_is_complete_http_with_a_json_error() {
        let answer = refusal(TOO_MANY_CONNECTIONS);
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(head.contains("content-security-policy: "));
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(body["error"].as_str().unwrap().contains("open connections"));
    }

    #[test]
    fn each_address_has_its_own_allowance() {
        let counts = Arc::new(AddressCounts::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = counts.take(a, 2).unwrap();
        let _second = counts.take(a, 2).unwrap();
        assert!(counts.take(a, 2).is_none());
        assert!(counts.take(b, 2).is_some());
        drop(first);
        assert!(counts.take(a, 2).is_some());
    }
}
