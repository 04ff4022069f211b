//! A log read a piece at a time ([`LogStream`]): the page feeds a file's slices as they are read
//! and the text is never held whole; [`super::read_logs`] feeds a whole text the same way, so
//! there is one parsing rule. Pieces may cut lines (and characters) anywhere: the unfinished
//! line is carried to the next piece. The format is chosen from the first [`SNIFF_BYTES`] (or
//! the whole log when shorter, `format::sniff`'s rule); later lines of other formats are counted
//! for the mixed-formats warning. Memory stays bounded: times and counts only, up to the caps
//! (`limits.rs`), except a JSON array, which is kept until its end, up to `MAX_LOG_BYTES`.

use super::access_log::{CaddyReader, NginxReader};
use super::csv_log::{CsvColumns, CsvReader};
use super::format::{LogFormat, line_kind, sniff};
use super::load::LogLoad;
use super::prometheus::PrometheusReader;
use super::request_log::JsonReader;
use super::vllm_server::VllmReader;
use super::warning::{LogError, LogWarning};

/// The head of a log its format is chosen from (1 MiB: thousands of lines of any format, past
/// a `vllm serve` start-up's few hundred).
pub const SNIFF_BYTES: usize = 1024 * 1024;

/// One format's reader.
#[derive(Debug)]
enum Reader {
    Vllm(VllmReader),
    Json(JsonReader),
    Csv(CsvReader),
    Prometheus(PrometheusReader),
    Nginx(NginxReader),
    Caddy(CaddyReader),
}

impl Reader {
    fn new(format: LogFormat, columns: Option<CsvColumns>) -> Reader {
        match format {
            LogFormat::VllmServer => Reader::Vllm(VllmReader::default()),
            LogFormat::RequestJson => Reader::Json(JsonReader::new()),
            LogFormat::RequestCsv => Reader::Csv(CsvReader::new(columns)),
            LogFormat::Prometheus => Reader::Prometheus(PrometheusReader::default()),
            LogFormat::Nginx => Reader::Nginx(NginxReader::new()),
            LogFormat::Caddy => Reader::Caddy(CaddyReader::new()),
        }
    }

    fn line(&mut self, line: &str) -> bool {
        match self {
            Reader::Vllm(r) => r.line(line),
            Reader::Json(r) => r.line(line),
            Reader::Csv(r) => r.line(line),
            Reader::Prometheus(r) => r.line(line),
            Reader::Nginx(r) => r.line(line),
            Reader::Caddy(r) => r.line(line),
        }
    }

    fn finish(self, warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        match self {
            Reader::Vllm(r) => r.finish(warnings),
            Reader::Json(r) => r.finish(warnings),
            Reader::Csv(r) => r.finish(warnings),
            Reader::Prometheus(r) => r.finish(warnings),
            Reader::Nginx(r) => r.finish(warnings),
            Reader::Caddy(r) => r.finish(warnings),
        }
    }
}

/// The chosen format, its reader, and the other formats' line counts.
type Chosen = (LogFormat, Reader, Vec<(LogFormat, usize)>);

/// A log being read; see the module docs.
#[derive(Debug)]
pub struct LogStream {
    /// Bytes of an unfinished line.
    carry: Vec<u8>,
    /// Lines kept until the format is chosen.
    head: String,
    /// The chosen format's reader, and the other formats' line counts.
    reader: Option<Chosen>,
    /// No format could be chosen from the head.
    unreadable: bool,
    /// The reader stopped (a cap): further pieces are not read.
    stopped: bool,
    bytes: u64,
}

impl LogStream {
    /// Nothing read yet; a CSV's columns named by the caller (the format is then a CSV), else
    /// found from what is read.
    pub fn new(columns: Option<CsvColumns>) -> LogStream {
        // Named columns make it a CSV from the start; otherwise the head decides.
        let reader = columns.map(|c| (LogFormat::RequestCsv, Reader::new(LogFormat::RequestCsv, Some(c)), Vec::new()));
        LogStream { carry: Vec::new(), head: String::new(), reader, unreadable: false, stopped: false, bytes: 0 }
    }

    /// Bytes fed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether further pieces would be read (`false` once a cap stopped the reader, or the head
    /// matched no format).
    pub fn wants_more(&self) -> bool {
        !self.stopped && !self.unreadable
    }

    /// Feeds a piece of text.
    pub fn feed(&mut self, text: &str) {
        self.feed_bytes(text.as_bytes());
    }

    /// Feeds a piece of bytes (UTF-8; a character cut between pieces is joined again, an
    /// invalid byte read as U+FFFD).
    pub fn feed_bytes(&mut self, mut bytes: &[u8]) {
        self.bytes += bytes.len() as u64;
        if !self.wants_more() {
            return;
        }
        if !self.carry.is_empty() {
            // Finish the carried line first, then read the rest in place.
            let Some(end) = bytes.iter().position(|b| *b == b'\n') else {
                self.carry.extend_from_slice(bytes);
                return;
            };
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(&bytes[..end]);
            self.line_bytes(&line);
            bytes = &bytes[end + 1..];
        }
        let complete = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
        self.carry.extend_from_slice(&bytes[complete..]);
        for line in String::from_utf8_lossy(&bytes[..complete]).lines() {
            if !self.wants_more() {
                return;
            }
            self.line(line);
        }
    }

    fn line_bytes(&mut self, line: &[u8]) {
        let text = String::from_utf8_lossy(line);
        self.line(text.strip_suffix('\r').unwrap_or(&text));
    }

    /// One whole line.
    fn line(&mut self, line: &str) {
        match self.reader.as_mut() {
            Some((format, reader, others)) => {
                if let Some(kind) = line_kind(line).filter(|k| k != format) {
                    match others.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, n)) => *n += 1,
                        None => others.push((kind, 1)),
                    }
                }
                if !reader.line(line) {
                    self.stopped = true;
                }
            }
            None => {
                self.head.push_str(line);
                self.head.push('\n');
                if self.head.len() >= SNIFF_BYTES {
                    self.choose();
                }
            }
        }
    }

    /// Chooses the format from the head and reads the head.
    fn choose(&mut self) {
        let head = std::mem::take(&mut self.head);
        let Some((format, others)) = sniff(&head) else {
            self.unreadable = true;
            return;
        };
        let mut reader = Reader::new(format, None);
        // The head's lines of other formats were counted by the sniff.
        for line in head.lines() {
            if !reader.line(line) {
                self.stopped = true;
                break;
            }
        }
        self.reader = Some((format, reader, others));
    }

    /// The load of everything fed.
    ///
    /// # Errors
    /// As [`super::read_logs`].
    pub fn finish(mut self) -> Result<LogLoad, LogError> {
        if !self.carry.is_empty() && self.wants_more() {
            let line = std::mem::take(&mut self.carry);
            self.line_bytes(&line);
        }
        if self.reader.is_none() && !self.unreadable {
            self.choose();
        }
        let Some((_, reader, others)) = self.reader else { return Err(LogError::Unreadable) };
        let warnings = others.into_iter().map(|(other, lines)| LogWarning::MixedFormats { other, lines }).collect();
        reader.finish(warnings)
    }
}
