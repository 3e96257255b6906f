//! The bot's side of the server's bot API (docs/bots.md): requests with its token, and the
//! NDJSON streams read line by line, a silence longer than the server's keep-alive counting
//! as a dropped connection.

use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use reqwest::header::{HeaderMap, HeaderValue, AUTHORIZATION};
use reqwest::StatusCode;
use serde_json::Value;

/// How long a stream may stay silent: the server sends a blank line every 10 s.
const SILENCE: Duration = Duration::from_secs(30);

/// How long an ordinary request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest line read from a stream.
const MAX_LINE_BYTES: usize = 1 << 20;

/// Why a stream did not open.
#[derive(Debug)]
pub enum Refusal {
    /// The server refused it for good (the token, or a game that is not the bot's): the
    /// status and the server's reason.
    Refused(u16, String),
    /// The server could not be reached or answered otherwise: try again later.
    Unreachable(String),
}

/// A client of one server, acting as one bot.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    server: String,
}

impl Client {
    /// The bot with `token` on the server at `server` (`http://host:port`).
    pub fn new(server: &str, token: &str) -> Result<Client> {
        let mut headers = HeaderMap::new();
        let bearer = HeaderValue::from_str(&format!("Bearer {token}"))
            .context("the token must be printable text")?;
        headers.insert(AUTHORIZATION, bearer);
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .connect_timeout(Duration::from_secs(10))
            .build()?;
        Ok(Client {
            http,
            server: server.trim_end_matches('/').to_string(),
        })
    }

    /// Posts `body` to `path`: the status and the answer (its error message, if refused).
    pub async fn post(&self, path: &str, body: &Value) -> Result<(StatusCode, Value)> {
        let response = self
            .http
            .post(format!("{}{path}", self.server))
            .json(body)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .with_context(|| format!("cannot reach {}", self.server))?;
        let status = response.status();
        let answer = response.json().await.unwrap_or(Value::Null);
        Ok((status, answer))
    }

    /// Opens the NDJSON stream at `path`.
    pub async fn stream(&self, path: &str) -> Result<Lines, Refusal> {
        let response = self
            .http
            .get(format!("{}{path}", self.server))
            .send()
            .await
            .map_err(|e| Refusal::Unreachable(format!("cannot reach {}: {e}", self.server)))?;
        let status = response.status();
        if status.is_success() {
            return Ok(Lines {
                response,
                buffer: Vec::new(),
            });
        }
        let reason = error_of(&response.json().await.unwrap_or(Value::Null));
        if matches!(status.as_u16(), 401 | 403 | 404) {
            Err(Refusal::Refused(status.as_u16(), reason))
        } else {
            Err(Refusal::Unreachable(format!("{status}: {reason}")))
        }
    }
}

/// The server's reason in an error answer (`{"error": "..."}`).
pub fn error_of(answer: &Value) -> String {
    answer["error"]
        .as_str()
        .map_or_else(|| answer.to_string(), str::to_string)
}

/// The lines of an open stream.
pub struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next JSON line (blank keep-alive lines skipped); `None` when the stream ended; an
    /// error when the connection dropped, went silent, or sent what is not JSON.
    pub async fn next(&mut self) -> Result<Option<Value>> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = std::str::from_utf8(&line).context("a stream line is not UTF-8")?;
                if text.trim().is_empty() {
                    continue;
                }
                return serde_json::from_str(text)
                    .map(Some)
                    .with_context(|| format!("a stream line is not JSON: {text}"));
            }
            if self.buffer.len() > MAX_LINE_BYTES {
                return Err(anyhow!("a stream line is over {MAX_LINE_BYTES} bytes"));
            }
            let chunk = tokio::time::timeout(SILENCE, self.response.chunk())
                .await
                .map_err(|_| anyhow!("the stream was silent for {} s", SILENCE.as_secs()))?
                .context("the stream's connection dropped")?;
            match chunk {
                Some(bytes) => self.buffer.extend_from_slice(&bytes),
                None => return Ok(None),
            }
        }
    }
}
