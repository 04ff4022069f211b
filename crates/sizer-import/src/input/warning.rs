//! Things worth telling the user about an import that nevertheless succeeded.

use core::fmt;
use serde::{Deserialize, Serialize};

/// A non-fatal remark on an import, rendered as one English sentence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ImportWarning {
    /// Points without a recorded concurrency: the user must supply it (see `Outcome`).
    ConcurrencyUnknown { run: String, points: usize },
    /// A vLLM result with a finite request rate: the concurrency cap may not have been reached.
    RateLimited { line: Option<usize>, request_rate: f64 },
    /// Some requests failed in this vLLM run.
    FailedRequests { line: Option<usize>, failed: f64, completed: f64 },
    /// The median TPOT was missing or zero, so this point uses `output_throughput / concurrency`.
    NoTpot { line: Option<usize> },
    /// Repeated runs at one concurrency (a sweep's `--num-runs`) were averaged.
    RepeatsAveraged { run: String, concurrency: f64, count: u32 },
    /// A table identical to an earlier one was skipped.
    DuplicateTableSkipped { line: usize },
    /// Rows that were not measurements (e.g. llama-benchy prefill-only rows without a partner).
    RowsSkipped { count: usize },
    /// A model name was shortened or had control characters removed.
    NameCleaned { name: String },
    /// llama-batched-bench ran with a shared prompt (`-pps`): S_PP measures one prompt, not B.
    SharedPrompt { line: usize },
    /// An old SGLang file has no TPOT, so this run's curve uses `1000 / median_itl_ms`.
    ItlForTpot { run: String },
    /// The same remark for several files or points, said once.
    Repeated { warning: Box<ImportWarning>, times: usize },
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportWarning::ConcurrencyUnknown { run, points } => write!(
                f,
                "\"{run}\": {points} point(s) do not say how many requests ran at once; enter the concurrency for each."
            ),
            ImportWarning::RateLimited { line, request_rate } => write!(
                f,
                "{}requests were sent at {request_rate} per second, so fewer requests than the concurrency cap may have run at once.",
                at(*line)
            ),
            ImportWarning::FailedRequests { line, failed, completed } => write!(
                f,
                "{}{failed} request(s) failed ({completed} completed); the speeds cover the completed ones only.",
                at(*line)
            ),
            ImportWarning::NoTpot { line } => {
                write!(f, "{}no median TPOT, so this point uses output throughput / concurrency.", at(*line))
            }
            ImportWarning::RepeatsAveraged { run, concurrency, count } => {
                write!(f, "\"{run}\": {count} repeated runs at concurrency {concurrency} were averaged.")
            }
            ImportWarning::DuplicateTableSkipped { line } => {
                write!(f, "line {line}: this table repeats an earlier one and was skipped.")
            }
            ImportWarning::RowsSkipped { count } => {
                write!(f, "{count} row(s) without a generation measurement were skipped.")
            }
            ImportWarning::NameCleaned { name } => {
                write!(f, "The model name was shortened or cleaned to \"{name}\".")
            }
            ImportWarning::ItlForTpot { run } => write!(
                f,
                "\"{run}\": no median TPOT (an older SGLang file), so the curve uses 1000 / median inter-token latency, which counts every gap between streamed chunks."
            ),
            ImportWarning::Repeated { warning, times } => {
                let sentence = warning.to_string();
                write!(f, "{} ({times} times).", sentence.strip_suffix('.').unwrap_or(&sentence))
            }
            ImportWarning::SharedPrompt { line } => write!(
                f,
                "line {line}: the prompt was shared by all sequences (is_pp_shared = 1), so S_PP is the rate for one prompt, not for B distinct prompts."
            ),
        }
    }
}

fn at(line: Option<usize>) -> String {
    line.map(|line| format!("line {line}: ")).unwrap_or_default()
}
