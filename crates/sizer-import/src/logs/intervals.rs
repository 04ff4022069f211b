//! Logs that count per interval (vLLM's engine lines, `/metrics` scrapes) become a [`LogLoad`]
//! here: requests, tokens and requests running per interval, never a time per request.

use super::format::LogFormat;
use super::limits::{MIN_INTERVALS_FOR_BURSTINESS, MIN_REQUESTS_FOR_BURSTINESS};
use super::load::{Burstiness, Concurrency, LogLoad, Span};
use super::stats::{ShapeMethod, Summary, quantile, shape_from_counts};
use super::timeline;
use super::warning::{LogError, LogWarning};
use super::windows::{WINDOW_MINUTES, Window, busiest_in_intervals};

/// Intervals of equal length within this share count as one length for the counts' dispersion.
const SAME_LENGTH_SHARE: f64 = 0.2;

/// One interval: its end and length in seconds, requests arrived in it, tokens processed in it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Interval {
    /// When it ended, seconds since 1970.
    pub end: f64,
    /// Its length in seconds.
    pub length: f64,
    /// Requests arrived (or finished, for `/metrics`) in it.
    pub requests: f64,
    /// Prompt tokens processed in it.
    pub prompt_tokens: Option<f64>,
    /// Answer tokens generated in it.
    pub answer_tokens: Option<f64>,
    /// Requests running at its end.
    pub running: Option<f64>,
}

/// Lengths a log gives better than totals over requests (a `/metrics` histogram's quantiles).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KnownLengths {
    /// Prompt tokens.
    pub prompt: Option<Summary>,
    /// Answer tokens.
    pub answer: Option<Summary>,
}

/// The load of a run of contiguous intervals.
pub(crate) fn interval_load(
    format: LogFormat,
    intervals: &[Interval],
    dated: bool,
    known: KnownLengths,
    warnings: Vec<LogWarning>,
) -> Result<LogLoad, LogError> {
    let requests: f64 = intervals.iter().map(|i| i.requests).sum();
    let length: f64 = intervals.iter().map(|i| i.length).sum();
    let (Some(first), Some(last)) = (intervals.first(), intervals.last()) else {
        return Err(LogError::TooFewRequests { format, requests: 0 });
    };
    if requests < 2.0 || length <= 0.0 {
        return Err(LogError::TooFewRequests { format, requests: requests as u64 });
    }
    let mut warnings = warnings;
    let pairs: Vec<(f64, f64)> = intervals.iter().map(|i| (i.length, i.requests)).collect();
    let windows = WINDOW_MINUTES
        .iter()
        .map(|&m| Window { minutes: m, rate_per_s: busiest_in_intervals(&pairs, f64::from(m) * 60.0) })
        .collect();
    let burstiness = burstiness(intervals);
    if (requests as u64) < MIN_REQUESTS_FOR_BURSTINESS || burstiness.is_none() {
        warnings.insert(0, LogWarning::TooFewForBurstiness { requests: requests as u64 });
    }
    let total = |f: fn(&Interval) -> Option<f64>| {
        let values: Vec<f64> = intervals.iter().filter_map(f).collect();
        (!values.is_empty()).then(|| Summary::mean_only(values.iter().sum::<f64>() / requests))
    };
    Ok(LogLoad {
        format,
        span: Span { from: first.end - first.length, to: last.end, dated },
        requests: requests.round() as u64,
        rate_per_s: requests / length,
        windows,
        burstiness: burstiness.filter(|_| requests as u64 >= MIN_REQUESTS_FOR_BURSTINESS),
        prompt_tokens: known.prompt.or_else(|| total(|i| i.prompt_tokens)),
        answer_tokens: known.answer.or_else(|| total(|i| i.answer_tokens)),
        concurrency: running(intervals),
        ttft_s: None,
        speed_tok_s: None,
        timeline: timeline::from_intervals(
            &intervals.iter().map(|i| (i.end, i.length, i.requests, i.running)).collect::<Vec<_>>(),
            first.end - first.length,
            last.end,
        ),
        warnings,
    })
}

/// The shape from counts per interval, over the intervals of the most common length (vLLM's
/// 10 s): counts over unequal lengths do not share one dispersion.
fn burstiness(intervals: &[Interval]) -> Option<Burstiness> {
    let mut lengths: Vec<f64> = intervals.iter().map(|i| i.length).collect();
    lengths.sort_by(f64::total_cmp);
    let typical = quantile(&lengths, 0.5);
    let counts: Vec<f64> = intervals
        .iter()
        .filter(|i| (i.length - typical).abs() <= SAME_LENGTH_SHARE * typical)
        .map(|i| i.requests)
        .collect();
    if counts.len() < MIN_INTERVALS_FOR_BURSTINESS {
        return None;
    }
    let interval_s = typical.round() as u32;
    shape_from_counts(&counts).map(|estimate| Burstiness { estimate, method: ShapeMethod::Counts { interval_s } })
}

/// Concurrency from the server's own count of running requests, sampled at each interval's end.
fn running(intervals: &[Interval]) -> Option<Concurrency> {
    let mut samples: Vec<f64> = intervals.iter().filter_map(|i| i.running).collect();
    if samples.is_empty() {
        return None;
    }
    samples.sort_by(f64::total_cmp);
    let max = samples[samples.len() - 1];
    Some(Concurrency { p50: quantile(&samples, 0.5), p99: quantile(&samples, 0.99), max, source: "running" })
}
