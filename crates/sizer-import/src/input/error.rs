//! Why an input could not be imported: one variant per cause, each rendered as one clear English
//! sentence (the widget may translate by matching on the variant); and [`check_count`], the
//! parsers' early refusal of a huge paste.

use crate::input::limits::{MAX_IMPORT_CONCURRENCY, MAX_INPUT_BYTES, MAX_TOTAL_POINTS};
use core::fmt;
use serde::{Deserialize, Serialize};

/// An import failure. Lines are 1-based; keys are spelled as the tool spells them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ImportError {
    /// Nothing but whitespace.
    Empty,
    /// Over the size limit.
    TooLarge { bytes: usize, limit: usize },
    /// Bytes that are not text (NUL or other control bytes, or invalid UTF-8).
    Binary,
    /// An HTML page (or a script) rather than benchmark output.
    Html,
    /// Text we recognise as none of the supported formats.
    NotRecognised,
    /// JSON, but from no tool we know.
    UnknownJson { line: usize },
    /// Several different formats mixed in one input.
    MixedFormats { line: usize },
    /// llama.cpp's `llama-bench` table: one request at a time, no concurrency.
    LlamaBench { line: usize },
    /// A column that counts prompt tokens too, offered as the only speed.
    PromptTokensCounted { line: usize, key: String },
    /// SGLang's look-alike `Serving Benchmark Result` block.
    Sglang { line: usize },
    /// GenAI-Perf's `profile_export_genai_perf.json` (AIPerf's predecessor): not supported.
    GenAiPerf { line: usize },
    /// The JSON ends before it is complete (a truncated file).
    TruncatedJson { line: usize, column: usize },
    /// The JSON is malformed.
    InvalidJson { line: usize, column: usize },
    /// A required key or column is missing.
    MissingKey { line: Option<usize>, key: String },
    /// A key holds the wrong kind of value (e.g. text where a number belongs).
    WrongType { line: Option<usize>, key: String, expected: &'static str },
    /// A cell or value that should be a number is not one.
    NotANumber { line: usize, key: String, value: String },
    /// A value that must be positive is zero or negative (or not finite).
    NotPositive { line: Option<usize>, key: String, value: f64 },
    /// Concurrency that is not a whole number of requests.
    NotWhole { line: Option<usize>, value: f64 },
    /// A run still has points of unknown concurrency (see `Outcome::NeedsConcurrency`).
    ConcurrencyUnknown { run: String },
    /// Concurrency above the plausible maximum.
    ConcurrencyTooLarge { line: Option<usize>, value: f64 },
    /// Two points of one run at the same concurrency.
    DuplicateConcurrency { run: String, concurrency: f64, first_line: Option<usize>, second_line: Option<usize> },
    /// A table row with the wrong number of cells.
    BadRow { line: usize, expected: usize, found: usize },
    /// The input parsed but held no measured point.
    NoPoints,
    /// More runs or points than the limits allow.
    TooMany { what: &'static str, limit: usize },
    /// `Import::with_concurrency` pointed at a point that does not exist.
    NoSuchPoint { run: usize, point: usize },
    /// An error in one of several files imported together.
    InFile { file: String, error: Box<ImportError> },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Empty => f.write_str("The input is empty: paste or drop a benchmark result."),
            ImportError::TooLarge { bytes, limit } => write!(
                f,
                "The input is {} ({bytes} bytes), over the {} limit; a benchmark result is a few kilobytes.",
                megabytes(*bytes),
                megabytes(*limit)
            ),
            ImportError::Binary => f.write_str("This is a binary file, not text: import the benchmark's text or JSON output."),
            ImportError::Html => f.write_str("This looks like a web page (HTML), not benchmark output: copy the result text or save the JSON file instead."),
            ImportError::NotRecognised => f.write_str(
                "This is not a benchmark result we can read: use vLLM bench serve (JSON or console block), SGLang bench_serving JSONL, GuideLLM benchmarks.json, AIPerf profile_export_aiperf (JSON or CSV), llama-batched-bench, llama-benchy, or two columns (concurrency, per-request tok/s).",
            ),
            ImportError::UnknownJson { line } => write!(
                f,
                "line {line}: this JSON is not from vLLM bench serve, SGLang bench_serving, GuideLLM, AIPerf, llama-batched-bench or llama-benchy."
            ),
            ImportError::MixedFormats { line } => write!(
                f,
                "line {line}: this part is in a different format from the rest; import each tool's output separately."
            ),
            ImportError::LlamaBench { line } => write!(
                f,
                "line {line}: this is llama-bench output, which measures one request at a time; run llama-batched-bench for speeds under concurrency."
            ),
            ImportError::PromptTokensCounted { line, key } => write!(
                f,
                "line {line}: the column \"{key}\" counts prompt tokens too, so it is not a generation speed; use output (generated) tok/s."
            ),
            ImportError::Sglang { line } => write!(
                f,
                "line {line}: this is SGLang's console block, which looks like vLLM's but is not read; import the JSONL that bench_serving writes with --output-file instead."
            ),
            ImportError::GenAiPerf { line } => write!(
                f,
                "line {line}: this looks like GenAI-Perf's profile_export_genai_perf.json, which is not supported (no public sample to check it against); AIPerf's profile_export_aiperf.json is."
            ),
            ImportError::TruncatedJson { line, column } => write!(
                f,
                "line {line}, column {column}: the JSON ends too early; the file looks truncated."
            ),
            ImportError::InvalidJson { line, column } => {
                write!(f, "line {line}, column {column}: this is not valid JSON.")
            }
            ImportError::MissingKey { line, key } => {
                write!(f, "{}{key} is missing.", at(*line))
            }
            ImportError::WrongType { line, key, expected } => {
                write!(f, "{}{key} should be {expected}.", at(*line))
            }
            ImportError::NotANumber { line, key, value } => {
                write!(f, "line {line}: {key} is not a number (\"{value}\").")
            }
            ImportError::NotPositive { line, key, value } => {
                write!(f, "{}{key} must be a positive number, not {value}.", at(*line))
            }
            ImportError::NotWhole { line, value } => {
                write!(f, "{}concurrency must be a whole number of requests, not {value}.", at(*line))
            }
            ImportError::ConcurrencyUnknown { run } => {
                write!(f, "\"{run}\" still has points without a concurrency; enter them first.")
            }
            ImportError::ConcurrencyTooLarge { line, value } => write!(
                f,
                "{}concurrency {value} is implausible (the limit is {MAX_IMPORT_CONCURRENCY}).",
                at(*line)
            ),
            ImportError::DuplicateConcurrency { run, concurrency, first_line, second_line } => {
                let lines = match (first_line, second_line) {
                    (Some(a), Some(b)) => format!(" (lines {a} and {b})"),
                    _ => String::new(),
                };
                write!(
                    f,
                    "Concurrency {concurrency} appears twice in \"{run}\"{lines}; remove one or import them separately."
                )
            }
            ImportError::BadRow { line, expected, found } => write!(
                f,
                "line {line}: this table row has {found} cells where the header has {expected}."
            ),
            ImportError::NoPoints => f.write_str("No measured point was found in this input."),
            ImportError::TooMany { what, limit } => {
                write!(f, "This input has more {what} than the limit of {limit}.")
            }
            ImportError::NoSuchPoint { run, point } => {
                write!(f, "There is no point {point} in run {run} of this import.")
            }
            ImportError::InFile { file, error } => write!(f, "{file}: {error}"),
        }
    }
}

impl std::error::Error for ImportError {}

fn at(line: Option<usize>) -> String {
    line.map(|line| format!("line {line}: ")).unwrap_or_default()
}

/// `bytes` as a short size with one decimal, in MB (2^20 bytes).
fn megabytes(bytes: usize) -> String {
    // Exact for any realistic size; precision loss above 2^53 bytes is irrelevant here.
    let mb = bytes as f64 / (1024.0 * 1024.0);
    if mb >= 1.0 { format!("{mb:.1} MB") } else { format!("{:.0} kB", bytes as f64 / 1024.0) }
}

/// The size limit in words, for the UI's "max. 5.0 MB" hint.
pub fn size_limit_text() -> String {
    megabytes(MAX_INPUT_BYTES)
}

/// Fails once a parser has collected more than [`MAX_TOTAL_POINTS`] points or rows, so a huge
/// paste is refused early instead of parsed to the end.
pub fn check_count(count: usize) -> Result<(), ImportError> {
    if count > MAX_TOTAL_POINTS {
        Err(ImportError::TooMany { what: "measured points", limit: MAX_TOTAL_POINTS })
    } else {
        Ok(())
    }
}
