//! A run's closed-loop measurements, as the engine fit reads them: per workload (prompt, answer,
//! context depth) the points of a llama-benchy-style sweep, validated once.

use alloc::vec::Vec;
use core::fmt;

/// One concurrency of one closed-loop workload (a `ppN (cC)` / `tgN (cC)` row pair of
/// llama-benchy).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosedLoopPoint {
    /// Requests sent at once.
    pub concurrency: f64,
    /// Generated tok/s of one request (`tg` row, `t/s (req)`): what the decode fit reads.
    pub per_request_tok_s: f64,
    /// Generated tok/s of all requests (`tg` row, `t/s (total)`). Kept for display: it equals
    /// `per_request x concurrency` only where the decodes overlap fully, so the fit ignores it.
    pub total_tok_s: f64,
    /// Prompt tok/s of all requests (`pp` row, `t/s (total)`): what the prefill fit reads.
    pub prompt_tok_s: Option<f64>,
    /// Time to first response, ms (`pp` row, `ttfr`): shown beside the model's, not fitted.
    pub ttfr_ms: Option<f64>,
}

/// One workload of the run: fixed lengths, several concurrencies.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosedLoopWorkload {
    /// Prompt tokens per request (`--pp`).
    pub prompt_tokens: f64,
    /// Generated tokens per request (`--tg`).
    pub answer_tokens: f64,
    /// Context already in the conversation before the prompt (`--depth`, `@ dN` rows): 0 for a
    /// fresh prompt.
    pub depth_tokens: f64,
    pub points: Vec<ClosedLoopPoint>,
}

impl ClosedLoopWorkload {
    /// Tokens one request holds in the KV cache halfway through its answer: the mean context its
    /// decode steps read, `depth + prompt + answer / 2`.
    pub fn mean_decode_context(&self) -> f64 {
        self.depth_tokens + self.prompt_tokens + self.answer_tokens / 2.0
    }
}

/// Which figure of a workload or point was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum ClosedLoopField {
    PromptTokens,
    AnswerTokens,
    DepthTokens,
    Concurrency,
    PerRequestTokS,
    TotalTokS,
    PromptTokS,
    TtfrMs,
}

impl ClosedLoopField {
    /// The field's JSON name.
    pub fn name(self) -> &'static str {
        match self {
            ClosedLoopField::PromptTokens => "prompt_tokens",
            ClosedLoopField::AnswerTokens => "answer_tokens",
            ClosedLoopField::DepthTokens => "depth_tokens",
            ClosedLoopField::Concurrency => "concurrency",
            ClosedLoopField::PerRequestTokS => "per_request_tok_s",
            ClosedLoopField::TotalTokS => "total_tok_s",
            ClosedLoopField::PromptTokS => "prompt_tok_s",
            ClosedLoopField::TtfrMs => "ttfr_ms",
        }
    }
}

/// Why closed-loop measurements cannot be fitted. `workload` and `point` count from 0; the
/// sentence counts from 1.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum ClosedLoopError {
    /// No workload at all: nothing to fit.
    NoWorkloads,
    /// A workload without points.
    EmptyWorkload { workload: usize },
    /// NaN or infinite.
    NotFinite { workload: usize, point: Option<usize>, field: ClosedLoopField },
    /// Outside its accepted range (e.g. a speed of 0, a concurrency under 1).
    OutOfRange { workload: usize, point: Option<usize>, field: ClosedLoopField, value: f64 },
    /// The same concurrency twice in one workload.
    DuplicateConcurrency { workload: usize, concurrency: f64 },
    /// No point has a prompt throughput: the prompt cost cannot be fitted.
    NoPromptThroughput,
}

impl fmt::Display for ClosedLoopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |w: usize, p: Option<usize>| match p {
            Some(p) => alloc::format!("workload {}, point {}", w + 1, p + 1),
            None => alloc::format!("workload {}", w + 1),
        };
        match *self {
            ClosedLoopError::NoWorkloads => f.write_str("the run has no closed-loop workload to fit the engine to"),
            ClosedLoopError::EmptyWorkload { workload } => {
                write!(f, "workload {} has no measured point", workload + 1)
            }
            ClosedLoopError::NotFinite { workload, point, field } => {
                write!(f, "{}: {} must be a finite number", at(workload, point), field.name())
            }
            ClosedLoopError::OutOfRange { workload, point, field, value } => {
                write!(f, "{}: {} = {value} is outside its accepted range", at(workload, point), field.name())
            }
            ClosedLoopError::DuplicateConcurrency { workload, concurrency } => {
                write!(f, "workload {}: concurrency {concurrency} appears twice", workload + 1)
            }
            ClosedLoopError::NoPromptThroughput => {
                f.write_str("no closed-loop point gives a prompt throughput, so the prompt cost cannot be fitted")
            }
        }
    }
}

impl core::error::Error for ClosedLoopError {}

/// A run's validated closed-loop measurements.
#[derive(Clone, Debug, PartialEq)]
pub struct ClosedLoopRun {
    workloads: Vec<ClosedLoopWorkload>,
}

impl ClosedLoopRun {
    /// Checks every figure once: lengths in tokens (prompt and answer at least 1, depth at least
    /// 0, all at most 10^7), concurrency 1 to 10^6, speeds above 0 and at most 10^8 tok/s,
    /// TTFR 0 to 10^8 ms, no concurrency twice in a workload, and at least one prompt
    /// throughput in the run.
    pub fn new(workloads: Vec<ClosedLoopWorkload>) -> Result<ClosedLoopRun, ClosedLoopError> {
        if workloads.is_empty() {
            return Err(ClosedLoopError::NoWorkloads);
        }
        for (w, load) in workloads.iter().enumerate() {
            let whole = |field, value, min| check(w, None, field, value, min, 1e7);
            whole(ClosedLoopField::PromptTokens, load.prompt_tokens, 1.0)?;
            whole(ClosedLoopField::AnswerTokens, load.answer_tokens, 1.0)?;
            whole(ClosedLoopField::DepthTokens, load.depth_tokens, 0.0)?;
            if load.points.is_empty() {
                return Err(ClosedLoopError::EmptyWorkload { workload: w });
            }
            for (p, point) in load.points.iter().enumerate() {
                let at = Some(p);
                check(w, at, ClosedLoopField::Concurrency, point.concurrency, 1.0, 1e6)?;
                positive(w, at, ClosedLoopField::PerRequestTokS, point.per_request_tok_s)?;
                positive(w, at, ClosedLoopField::TotalTokS, point.total_tok_s)?;
                if let Some(v) = point.prompt_tok_s {
                    positive(w, at, ClosedLoopField::PromptTokS, v)?;
                }
                if let Some(v) = point.ttfr_ms {
                    check(w, at, ClosedLoopField::TtfrMs, v, 0.0, 1e8)?;
                }
                if load.points[..p].iter().any(|q| q.concurrency == point.concurrency) {
                    return Err(ClosedLoopError::DuplicateConcurrency { workload: w, concurrency: point.concurrency });
                }
            }
        }
        if !workloads.iter().flat_map(|w| &w.points).any(|p| p.prompt_tok_s.is_some()) {
            return Err(ClosedLoopError::NoPromptThroughput);
        }
        Ok(ClosedLoopRun { workloads })
    }

    /// The workloads, as given.
    pub fn workloads(&self) -> &[ClosedLoopWorkload] {
        &self.workloads
    }
}

fn check(
    workload: usize,
    point: Option<usize>,
    field: ClosedLoopField,
    value: f64,
    min: f64,
    max: f64,
) -> Result<(), ClosedLoopError> {
    if !value.is_finite() {
        Err(ClosedLoopError::NotFinite { workload, point, field })
    } else if value < min || value > max {
        Err(ClosedLoopError::OutOfRange { workload, point, field, value })
    } else {
        Ok(())
    }
}

fn positive(workload: usize, point: Option<usize>, field: ClosedLoopField, value: f64) -> Result<(), ClosedLoopError> {
    check(workload, point, field, value, 0.0, 1e8)?;
    if value == 0.0 { Err(ClosedLoopError::OutOfRange { workload, point, field, value }) } else { Ok(()) }
}
