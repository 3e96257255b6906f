//! Lines of input with a limit on their length: a line over the limit is read to its end and
//! refused, never buffered whole.

use std::io::{self, BufRead};

/// One line of input, as read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// A line (without its end of line).
    Text(String),
    /// A line longer than the limit (its bytes were skipped).
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads lines of at most `limit` bytes from `input`.
pub struct LineReader<R> {
    input: R,
    limit: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of lines from `input` of at most `limit` bytes each.
    pub fn new(input: R, limit: usize) -> Self {
        LineReader {
            input,
            limit,
            buffer: Vec::new(),
        }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buffer.clear();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let (chunk, ended) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], Some(i + 1)),
                None => (available, None),
            };
            if !too_long {
                if self.buffer.len() + chunk.len() > self.limit {
                    too_long = true;
                    self.buffer.clear();
                } else {
                    self.buffer.extend_from_slice(chunk);
                }
            }
            let used = ended.unwrap_or(available.len());
            self.input.consume(used);
            if ended.is_some() {
                break;
            }
        }
        if too_long {
            return Ok(Some(Line::TooLong));
        }
        if self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        Ok(Some(match std::str::from_utf8(&self.buffer) {
            Ok(text) => Line::Text(text.to_string()),
            Err(_) => Line::NotUtf8,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_and_refuses_long_ones_without_keeping_them() {
        let input = format!("show\r\n{}\nmoves\n\u{fffd}x\nlast", "x".repeat(100));
        let mut bytes = input.into_bytes();
        bytes.extend_from_slice(b"\n\xff\n");
        // A tiny buffer, so that the long line arrives in many pieces.
        let mut reader = LineReader::new(io::BufReader::with_capacity(4, &bytes[..]), 10);
        let mut next = || reader.next_line().unwrap();
        assert_eq!(next(), Some(Line::Text("show".into())));
        assert_eq!(next(), Some(Line::TooLong));
        assert_eq!(next(), Some(Line::Text("moves".into())));
        assert_eq!(next(), Some(Line::Text("\u{fffd}x".into())));
        assert_eq!(next(), Some(Line::Text("last".into())));
        assert_eq!(next(), Some(Line::NotUtf8));
        assert_eq!(next(), None);
        assert!(reader.buffer.capacity() <= 64, "the long line was not kept");
    }
}
