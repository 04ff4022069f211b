//! Logs with a line per request (JSON, CSV, nginx, Caddy) become a [`LogLoad`] here: requests are
//! kept as times and counts only (never text), up to [`MAX_LOG_REQUESTS`], then summarised.

use super::format::LogFormat;
use super::limits::{CLOCK_JUMP_S, MAX_LOG_REQUESTS, MIN_REQUESTS_FOR_BURSTINESS};
use super::load::{Burstiness, Concurrency, LogLoad, Span};
use super::stats::{ShapeMethod, Summary, shape_from_counts, shape_from_gaps};
use super::timeline;
use super::warning::{LogError, LogWarning};
use super::windows::{WINDOW_MINUTES, Window, busiest_in_times};

/// When the log's clock ticks coarser than this share of the mean gap, gaps are rounded too much
/// to show burstiness and counts per interval are used instead.
const FINE_CLOCK_SHARE: f64 = 0.05;

/// The counting interval for a coarse clock, in ticks of that clock: long enough that a tick's
/// rounding moves few arrivals across a boundary.
const TICKS_PER_COUNT: f64 = 10.0;

/// One request: times in seconds since 1970 and token counts, nothing else.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Request {
    /// When it arrived.
    pub start: f64,
    /// When it finished.
    pub end: Option<f64>,
    /// Time to first token, seconds.
    pub ttft: Option<f64>,
    /// Prompt tokens.
    pub prompt: Option<f64>,
    /// Answer tokens.
    pub answer: Option<f64>,
}

/// The requests of one log as they are read.
#[derive(Debug)]
pub(crate) struct Requests {
    list: Vec<Request>,
    /// The clock's tick in seconds (1 for nginx's `$time_local`, 0 for fine clocks).
    pub tick_s: f64,
    /// Lines that looked like requests but could not be read.
    pub skipped: usize,
    capped: bool,
    latest: f64,
    jumps: usize,
}

impl Requests {
    /// No requests yet, on a clock ticking every `tick_s` seconds (0 when finer than a millisecond).
    pub(crate) fn new(tick_s: f64) -> Requests {
        Requests { list: Vec::new(), tick_s, skipped: 0, capped: false, latest: f64::NEG_INFINITY, jumps: 0 }
    }

    /// Keeps a request; `false` once the cap is reached (the caller stops reading). `logged_at`
    /// is the time the line was written, whose order shows a clock jump.
    pub(crate) fn push(&mut self, request: Request, logged_at: f64) -> bool {
        if self.list.len() >= MAX_LOG_REQUESTS {
            self.capped = true;
            return false;
        }
        if logged_at < self.latest - CLOCK_JUMP_S {
            self.jumps += 1;
        }
        self.latest = self.latest.max(logged_at);
        self.list.push(request);
        true
    }

    /// The load of the requests read.
    pub(crate) fn into_load(mut self, format: LogFormat) -> Result<LogLoad, LogError> {
        // Tables exported newest first read as one long jump: they are only reversed.
        if self.list.len() > 1 && self.list[0].start > self.list[self.list.len() - 1].start && self.jumps > 0 {
            self.jumps = 0;
        }
        self.list.sort_by(|a, b| a.start.total_cmp(&b.start));
        let n = self.list.len();
        let (from, to) = match (self.list.first(), self.list.last()) {
            (Some(a), Some(b)) if b.start > a.start => (a.start, b.start),
            _ => return Err(LogError::TooFewRequests { format, requests: n as u64 }),
        };
        let starts: Vec<f64> = self.list.iter().map(|r| r.start).collect();
        let times: Vec<(f64, Option<f64>)> = self.list.iter().map(|r| (r.start, r.end)).collect();
        let rate = (n - 1) as f64 / (to - from);
        let windows = WINDOW_MINUTES
            .iter()
            .map(|&m| Window { minutes: m, rate_per_s: busiest_in_times(&starts, f64::from(m) * 60.0) })
            .collect();
        let mut warnings = Vec::new();
        // A clock in whole seconds (OpenAI's `created`) is coarse whatever the reader assumed.
        let whole = starts.iter().all(|t| t.fract() == 0.0);
        let tick_s = if whole { self.tick_s.max(1.0) } else { self.tick_s };
        let burstiness = burstiness(&starts, rate, tick_s);
        if (n as u64) < MIN_REQUESTS_FOR_BURSTINESS {
            warnings.push(LogWarning::TooFewForBurstiness { requests: n as u64 });
        }
        let field = |f: &dyn Fn(&Request) -> Option<f64>| {
            Summary::of(&mut self.list.iter().filter_map(f).filter(|v| v.is_finite() && *v >= 0.0).collect::<Vec<_>>())
        };
        let speed = |r: &Request| {
            let (decode, answer) = (r.end? - r.start - r.ttft?, r.answer?);
            (decode > 0.0 && answer > 1.0).then(|| (answer - 1.0) / decode)
        };
        if self.jumps > 0 {
            warnings.push(LogWarning::ClockJump { times: self.jumps });
        }
        if self.skipped > 0 {
            warnings.push(LogWarning::LinesSkipped { lines: self.skipped });
        }
        if self.capped {
            warnings.push(LogWarning::CapReached);
        }
        Ok(LogLoad {
            format,
            span: Span { from, to, dated: true },
            requests: n as u64,
            rate_per_s: rate,
            windows,
            burstiness: burstiness.filter(|_| n as u64 >= MIN_REQUESTS_FOR_BURSTINESS),
            prompt_tokens: field(&|r| r.prompt),
            answer_tokens: field(&|r| r.answer),
            concurrency: overlap(&self.list),
            ttft_s: field(&|r| r.ttft),
            speed_tok_s: field(&speed),
            timeline: timeline::from_requests(&times, from, to),
            warnings,
        })
    }
}

/// The arrivals' shape: from the gaps on a fine clock, from counts per interval on a coarse one.
fn burstiness(starts: &[f64], rate: f64, tick_s: f64) -> Option<Burstiness> {
    if tick_s * rate <= FINE_CLOCK_SHARE {
        let gaps: Vec<f64> = starts.windows(2).map(|w| w[1] - w[0]).collect();
        return shape_from_gaps(&gaps).map(|estimate| Burstiness { estimate, method: ShapeMethod::Gaps });
    }
    let interval = (TICKS_PER_COUNT * tick_s).max(1.0).round();
    let first = starts[0];
    let bins = ((starts[starts.len() - 1] - first) / interval).floor() as usize;
    let mut counts = vec![0.0; bins.max(1)];
    // The last, partial interval is left out: its count would be short.
    for &t in starts {
        if let Some(c) = counts.get_mut(((t - first) / interval) as usize) {
            *c += 1.0;
        }
    }
    let interval_s = interval as u32;
    shape_from_counts(&counts).map(|estimate| Burstiness { estimate, method: ShapeMethod::Counts { interval_s } })
}

/// Time-weighted concurrency from requests' start and end times; `None` without end times.
fn overlap(requests: &[Request]) -> Option<Concurrency> {
    let mut events: Vec<(f64, f64)> = Vec::new();
    for r in requests {
        if let Some(end) = r.end.filter(|e| *e >= r.start) {
            events.push((r.start, 1.0));
            events.push((end, -1.0));
        }
    }
    if events.is_empty() {
        return None;
    }
    // Ends before starts at the same instant: a request ending as another starts does not overlap.
    events.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let (mut level, mut max, mut last) = (0.0f64, 0.0f64, events[0].0);
    let mut held: Vec<(f64, f64)> = Vec::new();
    for (t, step) in events {
        if t > last {
            held.push((level, t - last));
        }
        level += step;
        max = max.max(level);
        last = t;
    }
    held.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = held.iter().map(|h| h.1).sum();
    let at = |p: f64| {
        let mut acc = 0.0;
        held.iter().find(|h| {
            acc += h.1;
            acc >= p * total
        })
    };
    let (p50, p99) = (at(0.5)?.0, at(0.99)?.0);
    Some(Concurrency { p50, p99, max, source: "overlap" })
}
