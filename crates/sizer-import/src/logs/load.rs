//! The load a log shows ([`LogLoad`]): span, requests, rates over the whole span and the busiest
//! windows, burstiness, lengths, concurrency and, where the log has them, TTFT and speed; and
//! the open-loop load a prediction takes from it ([`LogLoad::predict_load`]).

use super::clock::format_time;
use super::format::LogFormat;
use super::stats::{Estimate, ShapeMethod, Summary};
use super::timeline::Timeline;
use super::warning::LogWarning;
use super::windows::{Window, prediction_rate};
use serde::Serialize;
use sizer_core::sim::open_loop::MAX_REQUEST_TOKENS;

/// The widest `length_range` given to a prediction (the core takes `[0, 1)`).
const MAX_LENGTH_RANGE: f64 = 0.95;

/// The time the log covers, in seconds since 1970-01-01 UTC.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Span {
    /// First arrival (or the start of the first interval).
    pub from: f64,
    /// Last arrival (or the end of the last interval).
    pub to: f64,
    /// Whether the log gives dates; vLLM's own lines give none (month, day and time only).
    pub dated: bool,
}

impl Span {
    /// Its length in seconds.
    pub fn seconds(&self) -> f64 {
        self.to - self.from
    }

    /// `from` and `to` for people (`2025-05-19T10:13:11Z`, or `05-19 10:13:11` without a year).
    pub fn text(&self) -> (String, String) {
        (format_time(self.from, self.dated), format_time(self.to, self.dated))
    }
}

/// The gamma shape of the arrivals, with how it was estimated.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Burstiness {
    /// Shape and its standard error.
    #[serde(flatten)]
    pub estimate: Estimate,
    /// From gaps or from counts per interval.
    pub method: ShapeMethod,
}

/// Requests in flight at once.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Concurrency {
    /// Median.
    pub p50: f64,
    /// 99th percentile.
    pub p99: f64,
    /// Most.
    pub max: f64,
    /// `running` (the server's own count) or `overlap` (of request start and end times).
    pub source: &'static str,
}

/// The load that matters in a log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLoad {
    /// The format read.
    pub format: LogFormat,
    /// The time covered.
    pub span: Span,
    /// Requests counted.
    pub requests: u64,
    /// Arrivals per second over the whole span.
    pub rate_per_s: f64,
    /// The busiest 1, 5 and 15 minutes.
    pub windows: Vec<Window>,
    /// Gamma shape of the arrivals; `None` with too few requests.
    pub burstiness: Option<Burstiness>,
    /// Prompt tokens per request.
    pub prompt_tokens: Option<Summary>,
    /// Answer tokens per request.
    pub answer_tokens: Option<Summary>,
    /// Requests in flight.
    pub concurrency: Option<Concurrency>,
    /// Measured time to first token, seconds.
    pub ttft_s: Option<Summary>,
    /// Measured per-request generation speed, tokens per second after the first.
    pub speed_tok_s: Option<Summary>,
    /// Arrivals and requests in flight over time, for a chart.
    pub timeline: Timeline,
    /// What is partial or uncertain.
    pub warnings: Vec<LogWarning>,
}

/// The load `SparkSizer.predict` takes (its keys are `sizer_data`'s `PREDICT_LOAD`); a figure
/// the log does not give is left out, so `predict` takes its own default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LoadForPredict {
    /// The prediction window's rate ([`crate::logs::windows`]'s rule).
    pub rate_per_s: f64,
    /// The arrivals' gamma shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burstiness: Option<f64>,
    /// Mean prompt tokens, rounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_tokens: Option<u32>,
    /// Mean answer tokens, rounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer_tokens: Option<u32>,
    /// Spread of both lengths.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length_range: Option<f64>,
}

impl LogLoad {
    /// The rate a prediction uses and the window it came from (`None`: the whole span).
    pub fn prediction_rate(&self) -> (f64, Option<u32>) {
        prediction_rate(&self.windows, self.rate_per_s)
    }

    /// The open-loop load for a prediction.
    pub fn predict_load(&self) -> LoadForPredict {
        let tokens = |s: &Option<Summary>| s.map(|s| s.mean.round().clamp(1.0, f64::from(MAX_REQUEST_TOKENS)) as u32);
        let ranges: Vec<f64> =
            [self.prompt_tokens, self.answer_tokens].iter().flatten().filter_map(length_range).collect();
        LoadForPredict {
            rate_per_s: self.prediction_rate().0,
            burstiness: self.burstiness.map(|b| b.estimate.value.max(0.01)),
            prompt_tokens: tokens(&self.prompt_tokens),
            answer_tokens: tokens(&self.answer_tokens),
            length_range: (!ranges.is_empty()).then(|| ranges.iter().sum::<f64>() / ranges.len() as f64),
        }
    }
}

/// The `length_range` r whose uniform spread `[(1 - r) L, (1 + r) L]` has the sample's spread;
/// `None` where the log gives only a mean.
///
/// # Formula
/// A uniform over `[(1 - r) L, (1 + r) L]` has standard deviation `r L / sqrt 3`; matching the
/// sample's interquantile spread instead of its variance (a log's lengths are skewed), the
/// 10 %-90 % width of that uniform is `1.6 r L`, so `r = (p90 - p10) / (1.6 L)` with
/// `p10 ~ 2 median - p90` (symmetric about the median); capped at 0.95.
fn length_range(summary: &Summary) -> Option<f64> {
    let (median, p90) = (summary.median?, summary.p90?);
    let width = 2.0 * (p90 - median);
    (summary.mean > 0.0).then(|| (width / (1.6 * summary.mean)).clamp(0.0, MAX_LENGTH_RANGE))
}
