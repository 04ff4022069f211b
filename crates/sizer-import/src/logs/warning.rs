//! What a log reader says about its input: warnings beside a (possibly partial) result, and the
//! error when there is none, each one English sentence by `Display`.

use super::format::LogFormat;
use super::limits::{MAX_LOG_BYTES, MAX_LOG_REQUESTS, MIN_REQUESTS_FOR_BURSTINESS};
use std::fmt;

/// A warning beside a result: the result stands, but is partial or less certain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogWarning {
    /// Fewer requests than [`MIN_REQUESTS_FOR_BURSTINESS`]: no burstiness is estimated.
    TooFewForBurstiness {
        /// Requests read.
        requests: u64,
    },
    /// The clock went backwards by more than a minute this many times.
    ClockJump {
        /// How many times.
        times: usize,
    },
    /// A Prometheus counter fell (a server restart): those intervals are left out.
    CounterReset {
        /// How many intervals.
        intervals: usize,
    },
    /// Lines of another format were found and left out.
    MixedFormats {
        /// The other format.
        other: LogFormat,
        /// How many of its lines.
        lines: usize,
    },
    /// Lines that looked like the format's but could not be read.
    LinesSkipped {
        /// How many.
        lines: usize,
    },
    /// The request cap was reached: the result covers the log up to there.
    CapReached,
    /// A vLLM server log's request lines after its last engine line, outside any interval.
    AfterLastInterval {
        /// How many requests.
        requests: usize,
    },
}

impl fmt::Display for LogWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogWarning::TooFewForBurstiness { requests } => write!(
                f,
                "Only {requests} requests: burstiness needs at least {MIN_REQUESTS_FOR_BURSTINESS}, so none is \
                 estimated and a prediction assumes its default."
            ),
            LogWarning::ClockJump { times } => {
                write!(
                    f,
                    "The clock goes back by more than a minute {times} time(s): the times were sorted, check the log."
                )
            }
            LogWarning::CounterReset { intervals } => {
                write!(f, "A counter fell {intervals} time(s) (a restart?): those intervals are left out.")
            }
            LogWarning::MixedFormats { other, lines } => {
                write!(f, "{lines} line(s) in another format ({}) were left out.", other.name())
            }
            LogWarning::LinesSkipped { lines } => {
                write!(f, "{lines} line(s) that looked like requests could not be read.")
            }
            LogWarning::CapReached => write!(
                f,
                "The log holds more than {MAX_LOG_REQUESTS} requests: only the first {MAX_LOG_REQUESTS} were read \
                 and the span ends there."
            ),
            LogWarning::AfterLastInterval { requests } => {
                write!(
                    f,
                    "{requests} request(s) after the last engine line are outside any interval and were left out."
                )
            }
        }
    }
}

/// Why a log gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError {
    /// Empty, or no line of any known format.
    Unreadable,
    /// Larger than [`MAX_LOG_BYTES`].
    TooLarge {
        /// The input's size in bytes.
        bytes: usize,
    },
    /// Fewer than two requests with a time, or a span of no length.
    TooFewRequests {
        /// The format read.
        format: LogFormat,
        /// Requests read.
        requests: u64,
    },
    /// Prometheus text without two timed scrapes.
    NeedsTwoScrapes,
    /// A vLLM server log with engine lines but no request lines to count.
    NoRequestLines,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Unreadable => write!(
                f,
                "No line could be read as a vLLM server log, a request log (JSON lines or CSV), vLLM /metrics \
                 scrapes or an nginx or Caddy access log."
            ),
            LogError::TooLarge { bytes } => {
                write!(f, "The log is {bytes} bytes; at most {MAX_LOG_BYTES} are read: cut it to the busy hours.")
            }
            LogError::TooFewRequests { format, requests } => write!(
                f,
                "The {} holds {requests} timed request(s) over no length of time: a rate needs at least two.",
                format.name()
            ),
            LogError::NeedsTwoScrapes => write!(
                f,
                "The /metrics text needs two or more scrapes, each starting with a line holding only its time \
                 (or samples with Prometheus timestamps)."
            ),
            LogError::NoRequestLines => write!(
                f,
                "The vLLM server log has engine lines but no request lines (uvicorn's `\"POST /v1/...\" 200 OK`) \
                 to count arrivals by: run vLLM without `--disable-uvicorn-access-log`."
            ),
        }
    }
}

impl std::error::Error for LogError {}
