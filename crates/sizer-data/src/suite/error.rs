//! Why a suite value was refused: one variant per cause, each one English sentence naming the
//! value (`"point 2: t/s (req)"`, `"p95_ttft_ms"`).

use core::fmt;
use serde::Serialize;

/// A suite value that is not what its type requires.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SuiteDataError {
    /// A name or model id that is empty.
    Empty { what: String },
    /// Not a finite number (NaN or infinite).
    NotFinite { what: String, value: f64 },
    /// Zero or negative where only a positive number makes sense.
    NotPositive { what: String, value: f64 },
    /// Negative where zero is the least a count or time can be.
    Negative { what: String, value: f64 },
    /// Outside the range the value can take.
    OutOfRange { what: String, value: f64, low: f64, high: f64 },
    /// A workload without measured points.
    NoPoints { workload: String },
    /// Two points of one workload at the same concurrency.
    DuplicateConcurrency { workload: String, concurrency: f64 },
    /// Percentiles out of order (p50 above p95, p95 above p99).
    PercentilesOutOfOrder { what: String, lower: f64, higher: f64 },
    /// More requests completed or failed than were sent.
    MoreThanSent { completed: u32, failed: u32, sent: u32 },
}

impl fmt::Display for SuiteDataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuiteDataError::Empty { what } => write!(f, "{what} is empty."),
            SuiteDataError::NotFinite { what, value } => {
                write!(f, "{what} must be a finite number, not {}.", short(*value))
            }
            SuiteDataError::NotPositive { what, value } => {
                write!(f, "{what} must be a positive number, not {}.", short(*value))
            }
            SuiteDataError::Negative { what, value } => write!(f, "{what} cannot be negative ({}).", short(*value)),
            SuiteDataError::OutOfRange { what, value, low, high } => {
                write!(f, "{what} is {}, outside {} to {}.", short(*value), short(*low), short(*high))
            }
            SuiteDataError::NoPoints { workload } => write!(f, "the workload \"{workload}\" has no measured point."),
            SuiteDataError::DuplicateConcurrency { workload, concurrency } => {
                write!(f, "concurrency {} appears twice in the workload \"{workload}\".", short(*concurrency))
            }
            SuiteDataError::PercentilesOutOfOrder { what, lower, higher } => {
                write!(f, "{what} are out of order: {} ms above {} ms.", short(*lower), short(*higher))
            }
            SuiteDataError::MoreThanSent { completed, failed, sent } => {
                write!(f, "{completed} completed and {failed} failed requests are more than the {sent} sent.")
            }
        }
    }
}

impl std::error::Error for SuiteDataError {}

/// A number as a sentence shows it: `0.9`, `131072`; beyond 10^15 (or under 10^-6) in
/// exponent form (`1e300`), so a hostile value never fills a message with digits.
fn short(value: f64) -> String {
    let size = value.abs();
    if size != 0.0 && size.is_finite() && !(1e-6..1e15).contains(&size) {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}

/// `value` if finite and above zero.
pub(crate) fn positive(what: &str, value: f64) -> Result<f64, SuiteDataError> {
    finite(what, value)?;
    if value > 0.0 { Ok(value) } else { Err(SuiteDataError::NotPositive { what: what.to_owned(), value }) }
}

/// `value` if finite and not below zero.
pub(crate) fn non_negative(what: &str, value: f64) -> Result<f64, SuiteDataError> {
    finite(what, value)?;
    if value >= 0.0 { Ok(value) } else { Err(SuiteDataError::Negative { what: what.to_owned(), value }) }
}

/// `value` if finite.
pub(crate) fn finite(what: &str, value: f64) -> Result<f64, SuiteDataError> {
    if value.is_finite() { Ok(value) } else { Err(SuiteDataError::NotFinite { what: what.to_owned(), value }) }
}

/// `text` if it has something other than whitespace.
pub(crate) fn not_empty(what: &str, text: &str) -> Result<(), SuiteDataError> {
    if text.trim().is_empty() { Err(SuiteDataError::Empty { what: what.to_owned() }) } else { Ok(()) }
}
