//! The engine's output, shared by the session and its search thread: whole replies written
//! under one lock and flushed at once, so that lines never interleave and a driver sees each
//! reply as soon as it is complete.

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

/// Standard output or a test's pipe, shared.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `lines` and flushes them, after running `before` under the same lock (the search
    /// thread marks itself finished there, so that a command read after its last line never
    /// finds it running). Returns whether the output is still open.
    pub fn send_after(&self, before: impl FnOnce(), lines: &[String]) -> bool {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        before();
        let written = lines.iter().try_for_each(|line| writeln!(out, "{line}"));
        written.and_then(|()| out.flush()).is_ok()
    }

    /// Writes `lines` and flushes them; returns whether the output is still open.
    pub fn send(&self, lines: &[String]) -> bool {
        self.send_after(|| (), lines)
    }
}
