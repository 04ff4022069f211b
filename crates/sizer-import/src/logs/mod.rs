//! Reading a server's or a gateway's log for the load that matters to a prediction: how many
//! requests arrive, how bursty, how long, how many at once ([`LogLoad`]).
//!
//! [`read_logs`] takes the file's text (the JS API passes it; no filesystem), or [`LogStream`]
//! takes it a piece at a time (the page reads a file in slices), finds its format
//! ([`LogFormat`]: a `vllm serve` log, JSON or CSV request logs such as LiteLLM's spend logs,
//! vLLM `/metrics` scrapes, an nginx or Caddy access log) and summarises it. Lines are read one at
//! a time and only times and counts are kept, never prompt or answer text, up to
//! [`MAX_LOG_REQUESTS`] requests. What is partial or uncertain is a [`LogWarning`]; no result at
//! all is a [`LogError`]; each is one sentence. [`read_logs_json`] answers in JSON for the page.
//!
//! The rules: a prediction uses the busiest 5 minutes (`windows`); burstiness is the gamma shape
//! of the gaps where the log times each request on a fine clock, else of the counts per interval
//! (`stats`), with its asymptotic standard error, and only from
//! [`MIN_REQUESTS_FOR_BURSTINESS`] requests on.

mod access_log;
mod clock;
mod csv_log;
mod csv_record;
mod format;
mod intervals;
mod json;
mod json_fields;
mod limits;
mod load;
mod prometheus;
mod request_log;
mod requests;
mod stats;
mod stream;
mod timeline;
mod vllm_server;
mod warning;
mod windows;

pub use csv_log::CsvColumns;
pub use format::LogFormat;
pub use json::read_logs_json;
pub use limits::{
    MAX_LOG_BYTES, MAX_LOG_INTERVALS, MAX_LOG_REQUESTS, MIN_INTERVALS_FOR_BURSTINESS, MIN_REQUESTS_FOR_BURSTINESS,
};
pub use load::{Burstiness, Concurrency, LoadForPredict, LogLoad, Span};
pub use stats::{Estimate, ShapeMethod, Summary};
pub use stream::{LogStream, SNIFF_BYTES};
pub use timeline::{MAX_TIMELINE_BINS, Timeline};
pub use warning::{LogError, LogWarning};
pub use windows::{PREDICTION_WINDOW_MINUTES, WINDOW_MINUTES, Window};

/// The load in a log of any known format.
///
/// # Errors
/// One sentence: unreadable, too large, too few requests, `/metrics` without two scrapes.
pub fn read_logs(text: &str) -> Result<LogLoad, LogError> {
    read_logs_with(text, None)
}

/// The load in a log, a CSV's columns named by the caller rather than found from its header.
///
/// # Errors
/// As [`read_logs`].
pub fn read_logs_with(text: &str, columns: Option<&CsvColumns>) -> Result<LogLoad, LogError> {
    if text.len() > MAX_LOG_BYTES {
        return Err(LogError::TooLarge { bytes: text.len() });
    }
    let mut stream = LogStream::new(columns.cloned());
    stream.feed(text);
    stream.finish()
}
