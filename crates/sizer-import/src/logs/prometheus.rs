//! vLLM's Prometheus `/metrics` text, two or more scrapes, each with its time: either a line
//! holding only a time before each scrape (what `date -u +%FT%TZ; curl -s host/metrics` in a loop
//! writes) or the exposition format's own millisecond timestamp after each sample.
//!
//! Metric names, from vLLM's source (`vllm/v1/metrics/loggers.py`, `PrometheusStatLogger`; the
//! Python client appends `_total` to counters): counters `vllm:request_success_total` (one series
//! per `finished_reason`, summed), `vllm:prompt_tokens_total`, `vllm:generation_tokens_total`;
//! histograms `vllm:request_prompt_tokens` and `vllm:request_generation_tokens` (`_bucket{le=..}`,
//! `_sum`, `_count`); gauge `vllm:num_requests_running`. Series of several engines or models are
//! summed. Requests are counted when they finish, so the rate is of completions.

use super::clock::parse_time;
use super::format::LogFormat;
use super::intervals::{Interval, KnownLengths, interval_load};
use super::limits::MAX_LOG_INTERVALS;
use super::load::LogLoad;
use super::stats::Summary;
use super::warning::{LogError, LogWarning};

/// A histogram summed over its series: `_sum`, `_count` and cumulative buckets by `le`.
#[derive(Clone, Debug, Default)]
struct Histogram {
    sum: f64,
    count: f64,
    buckets: Vec<(f64, f64)>,
}

/// The figures of one scrape.
#[derive(Clone, Debug, Default)]
struct Scrape {
    time: f64,
    success: f64,
    prompt_total: f64,
    answer_total: f64,
    running: Option<f64>,
    prompt: Histogram,
    answer: Histogram,
}

impl Scrape {
    fn add(&mut self, name: &str, labels: &str, value: f64) {
        let bucket = |h: &mut Histogram| {
            let Some(le) =
                label(labels, "le").and_then(|v| if v == "+Inf" { Some(f64::INFINITY) } else { v.parse().ok() })
            else {
                return;
            };
            match h.buckets.iter_mut().find(|b| b.0 == le) {
                Some(b) => b.1 += value,
                None => h.buckets.push((le, value)),
            }
        };
        match name {
            "vllm:request_success_total" => self.success += value,
            "vllm:prompt_tokens_total" => self.prompt_total += value,
            "vllm:generation_tokens_total" => self.answer_total += value,
            "vllm:num_requests_running" => *self.running.get_or_insert(0.0) += value,
            "vllm:request_prompt_tokens_sum" => self.prompt.sum += value,
            "vllm:request_prompt_tokens_count" => self.prompt.count += value,
            "vllm:request_prompt_tokens_bucket" => bucket(&mut self.prompt),
            "vllm:request_generation_tokens_sum" => self.answer.sum += value,
            "vllm:request_generation_tokens_count" => self.answer.count += value,
            "vllm:request_generation_tokens_bucket" => bucket(&mut self.answer),
            _ => {}
        }
    }
}

/// A label's value in `a="x",b="y"`.
fn label<'a>(labels: &'a str, key: &str) -> Option<&'a str> {
    let at = labels.find(&format!("{key}=\""))? + key.len() + 2;
    labels[at..].split('"').next()
}

/// `/metrics` scrapes read a line at a time.
#[derive(Debug, Default)]
pub(crate) struct PrometheusReader {
    scrapes: Vec<Scrape>,
    current: Option<Scrape>,
    capped: bool,
}

impl PrometheusReader {
    /// Reads one line; `false` once the cap is reached.
    pub(crate) fn line(&mut self, line: &str) -> bool {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return true;
        }
        let mut parts = line.rsplitn(3, ' ');
        let (last, middle, first) = (parts.next(), parts.next(), parts.next());
        let (series, value, stamp) = match (first, middle, last) {
            (None, None, Some(t)) => {
                // A line holding only a time starts a scrape.
                if let Some(time) = parse_time(t) {
                    self.scrapes.extend(self.current.replace(Scrape { time, ..Scrape::default() }));
                }
                return true;
            }
            (None, Some(series), Some(value)) => (series, value, None),
            (Some(series), Some(value), Some(stamp)) => match stamp.parse::<f64>() {
                Ok(ms) => (series, value, Some(ms / 1000.0)),
                _ => return true,
            },
            _ => return true,
        };
        let Ok(value) = value.parse::<f64>() else { return true };
        if let Some(time) = stamp.filter(|t| self.current.as_ref().is_none_or(|c| c.time != *t)) {
            self.scrapes.extend(self.current.replace(Scrape { time, ..Scrape::default() }));
        }
        let (name, labels) = series.split_once('{').unwrap_or((series, ""));
        if let Some(scrape) = self.current.as_mut() {
            scrape.add(name, labels, value);
        }
        if self.scrapes.len() >= MAX_LOG_INTERVALS {
            self.capped = true;
            return false;
        }
        true
    }

    /// The load of the scrapes read.
    pub(crate) fn finish(self, mut warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        let PrometheusReader { mut scrapes, current, capped } = self;
        if capped {
            warnings.push(LogWarning::CapReached);
        }
        scrapes.extend(current);
        if scrapes.len() < 2 {
            return Err(LogError::NeedsTwoScrapes);
        }
        let (mut intervals, mut resets) = (Vec::new(), 0);
        for pair in scrapes.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let requests = b.success - a.success;
            if b.time <= a.time || requests < 0.0 || b.prompt_total < a.prompt_total || b.answer_total < a.answer_total
            {
                resets += 1;
                continue;
            }
            intervals.push(Interval {
                end: b.time,
                length: b.time - a.time,
                requests,
                prompt_tokens: Some(b.prompt_total - a.prompt_total),
                answer_tokens: Some(b.answer_total - a.answer_total),
                running: b.running,
            });
        }
        if resets > 0 {
            warnings.push(LogWarning::CounterReset { intervals: resets });
        }
        let (first, last) = (&scrapes[0], &scrapes[scrapes.len() - 1]);
        let known =
            KnownLengths { prompt: lengths(&first.prompt, &last.prompt), answer: lengths(&first.answer, &last.answer) };
        interval_load(LogFormat::Prometheus, &intervals, true, known, warnings)
    }
}

/// Mean and quantiles of the requests observed between two scrapes of a histogram.
fn lengths(first: &Histogram, last: &Histogram) -> Option<Summary> {
    let count = last.count - first.count;
    if count <= 0.0 {
        return None;
    }
    let mut buckets: Vec<(f64, f64)> = last
        .buckets
        .iter()
        .map(|&(le, n)| (le, n - first.buckets.iter().find(|b| b.0 == le).map_or(0.0, |b| b.1)))
        .collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    let q = |p| bucket_quantile(&buckets, p);
    Some(Summary { mean: (last.sum - first.sum) / count, median: q(0.5), p90: q(0.9), p99: q(0.99) })
}

/// The `p` quantile of cumulative histogram buckets `(le, count)` sorted by `le`.
///
/// # Formula
/// Prometheus's `histogram_quantile`: the rank `p x total` falls in the first bucket whose
/// cumulative count reaches it, and is interpolated linearly between that bucket's lower bound
/// (the previous `le`, 0 for the first) and its `le`; in the `+Inf` bucket the highest finite `le`.
fn bucket_quantile(buckets: &[(f64, f64)], p: f64) -> Option<f64> {
    let total = buckets.last()?.1;
    let rank = p * total;
    let (mut lower, mut below) = (0.0, 0.0);
    for &(le, cumulative) in buckets {
        if cumulative >= rank && cumulative > below {
            if le.is_infinite() {
                return Some(lower);
            }
            return Some(lower + (le - lower) * (rank - below) / (cumulative - below));
        }
        (lower, below) = (le, cumulative);
    }
    None
}
