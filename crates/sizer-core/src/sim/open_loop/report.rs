//! What an open-loop prediction found, in `vllm bench serve`'s terms, and how far the engine
//! model was extrapolated.

use crate::sim::report::Percentiles;
use core::fmt;

/// Median and p99 time per output token, ms.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TpotMs {
    pub median: f64,
    pub p99: f64,
}

/// How far the prediction went beyond what the fit saw.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Extrapolation {
    /// The largest decode batch of any step.
    pub max_decode_batch: u32,
    /// The largest concurrency the fit saw.
    pub fit_max_concurrency: f64,
    /// The most context tokens the decoding requests of any step held.
    pub max_context_tokens: f64,
    /// The most context tokens a batch held in the fit's points.
    pub fit_max_context_tokens: f64,
}

impl Extrapolation {
    /// `max_decode_batch / fit_max_concurrency`: above 1 is beyond the measured batch.
    pub fn batch_ratio(&self) -> f64 {
        f64::from(self.max_decode_batch) / self.fit_max_concurrency
    }

    /// `max_context_tokens / fit_max_context_tokens`: above 1 is beyond the measured context.
    pub fn context_ratio(&self) -> f64 {
        self.max_context_tokens / self.fit_max_context_tokens
    }
}

/// An open-loop prediction. Times in seconds unless named otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OpenLoopReport {
    /// The seed (of the first draw, for a typical report).
    pub seed: u64,
    /// Draws the figures are the median of (1: one simulation; `typical::predict_typical`).
    pub draws: u32,
    /// Requests sent.
    pub requests: u32,
    /// Requests answered (all of them: the prediction runs until the last answer).
    pub completed: u32,
    /// From the start to the last answer (vLLM's `duration`).
    pub duration_s: f64,
    /// Time to first token: arrival to the end of the step that read the last prompt token.
    pub ttft_s: Percentiles,
    /// `(e2e - ttft) / (output tokens - 1)` (vLLM's TPOT), over requests with more than one
    /// output token; `None` if none had.
    pub tpot_ms: Option<TpotMs>,
    /// Output tokens / duration (vLLM's `output_throughput`).
    pub output_tok_s: f64,
    /// Time-average of requests arrived and not yet answered, over the duration.
    pub mean_in_flight: f64,
    /// Most requests arrived and not yet answered at once (vLLM's `max_concurrent_requests`).
    pub max_in_flight: u32,
    /// Most requests waiting for admission at a step's start.
    pub max_waiting: u32,
    /// Requests that found the KV pool too full to be admitted at least once.
    pub requests_waited_for_kv: u32,
    /// Engine steps simulated.
    pub steps: u64,
    pub extrapolation: Extrapolation,
}

impl OpenLoopReport {
    /// Requests the engine completed per second over the whole prediction.
    ///
    /// # Formula
    /// `completed / duration_s`: the prediction runs until the last answer, so where arrivals
    /// outpace the engine this is its service rate (the queue drains at it), and where it keeps
    /// up it is the arrival rate less the last answers' tail (Little's law, any queueing text).
    /// `0` for an empty or zero-length run.
    pub fn completion_rate_per_s(&self) -> f64 {
        if self.duration_s > 0.0 { f64::from(self.completed) / self.duration_s } else { 0.0 }
    }
}

/// Why a load cannot run on an engine.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum PredictError {
    /// The longest request of the load (prompt plus answer) is beyond what the engine holds.
    RequestTooLong { tokens: f64, limit: f64 },
}

impl fmt::Display for PredictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PredictError::RequestTooLong { tokens, limit } => write!(
                f,
                "the longest request of {tokens} tokens (prompt plus answer) is beyond the {limit} tokens the server holds"
            ),
        }
    }
}

impl core::error::Error for PredictError {}

/// The `p`-quantile of sorted values, interpolated linearly between neighbours.
///
/// # Formula
/// With `n` values sorted ascending, `h = (n - 1) p`, `j = floor(h)`:
/// `x_j + (h - j) (x_{j+1} - x_j)`: NumPy's default `percentile` ("linear", Hyndman & Fan's
/// method 7), which `vllm bench serve` uses for its p50/p95/p99.
///
/// Bad input: an empty slice gives NaN; `p` is clamped to `[0, 1]` (NaN gives the minimum).
pub fn percentile_linear(sorted: &[f64], p: f64) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return f64::NAN;
    }
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    let h = (n - 1) as f64 * p;
    let j = libm::floor(h) as usize;
    let lo = sorted[j.min(n - 1)];
    let hi = sorted[(j + 1).min(n - 1)];
    // Clamped: rounding in the product must not step past a neighbour (percentiles stay ordered).
    (lo + (h - j as f64) * (hi - lo)).clamp(lo, hi.max(lo))
}
