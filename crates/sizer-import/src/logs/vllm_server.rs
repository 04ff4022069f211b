//! A `vllm serve` log: the engine's periodic stats lines and the uvicorn access lines between them.
//!
//! Line formats, from vLLM's source: V1 `vllm/v1/metrics/loggers.py` (`LoggingStatLogger.log`)
//! writes `Engine %03d: Avg prompt throughput: %.1f tokens/s, Avg generation throughput: %.1f
//! tokens/s, Running: %d reqs, Waiting: %d reqs, GPU KV cache usage: %.1f%%, Prefix cache hit
//! rate: %.1f%%` every `VLLM_LOG_STATS_INTERVAL` (10 s), at debug level (so not shown) while idle;
//! V0 `vllm/engine/metrics.py` (`LoggingStatLogger.log`) writes `Avg prompt throughput: ...,
//! Running: %d reqs, Swapped: %d reqs, Pending: %d reqs, GPU KV cache usage: ...`. vLLM's logger
//! prefixes `INFO MM-DD HH:MM:SS [loggers.py:NNN]` (no year), the API server process adds
//! `(APIServer pid=N)`, and `docker logs --timestamps` an ISO time. uvicorn's access lines,
//! `INFO:     127.0.0.1:52706 - "POST /v1/chat/completions HTTP/1.1" 200 OK`, carry no time:
//! each is counted in the interval of the next engine line. Only `Engine 000` is read.
//!
//! Per interval: requests = access lines (`POST /v1/...`, status below 400); prompt and answer
//! tokens = the throughputs times the interval (the median gap between engine lines, since a
//! throughput covers the time since the last line, shown or not); running = `Running:`.

use super::clock::{parse_iso, parse_yearless};
use super::format::LogFormat;
use super::intervals::{Interval, KnownLengths, interval_load};
use super::limits::{CLOCK_JUMP_S, MAX_LOG_INTERVALS};
use super::load::LogLoad;
use super::stats::quantile;
use super::warning::{LogError, LogWarning};

/// A day in seconds, and the jump back (over 300 days) that means a new year in yearless times.
const DAY_S: f64 = 86_400.0;
const NEW_YEAR_JUMP_S: f64 = 300.0 * DAY_S;

/// An engine line as read, with the requests counted since the previous one.
#[derive(Clone, Copy, Debug)]
struct Tick {
    time: f64,
    prompt_per_s: f64,
    answer_per_s: f64,
    running: f64,
    requests: f64,
}

/// A vLLM server log read a line at a time.
#[derive(Debug, Default)]
pub(crate) struct VllmReader {
    ticks: Vec<Tick>,
    pending: f64,
    skipped: usize,
    dated: bool,
    capped: bool,
}

impl VllmReader {
    /// Reads one line; `false` once the cap is reached (the caller stops feeding).
    pub(crate) fn line(&mut self, line: &str) -> bool {
        if is_request(line) {
            self.pending += 1.0;
        } else if line.contains("Avg prompt throughput:") {
            if line.contains("Engine ") && !line.contains("Engine 000") {
                return true;
            }
            match engine_line(line) {
                Some((mut tick, has_year)) if self.ticks.len() < MAX_LOG_INTERVALS => {
                    self.dated |= has_year;
                    tick.requests = std::mem::take(&mut self.pending);
                    self.ticks.push(tick);
                }
                Some(_) => {
                    self.capped = true;
                    return false;
                }
                None => self.skipped += 1,
            }
        }
        true
    }

    /// The load of the lines read.
    pub(crate) fn finish(self, mut warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        let VllmReader { mut ticks, pending, skipped, dated, capped } = self;
        if ticks.iter().all(|t| t.requests == 0.0) && pending == 0.0 {
            return Err(LogError::NoRequestLines);
        }
        if pending > 0.0 && !capped {
            warnings.push(LogWarning::AfterLastInterval { requests: pending as usize });
        }
        let (intervals, jumps) = intervals(&mut ticks);
        if jumps > 0 {
            warnings.push(LogWarning::ClockJump { times: jumps });
        }
        if skipped > 0 {
            warnings.push(LogWarning::LinesSkipped { lines: skipped });
        }
        if capped {
            warnings.push(LogWarning::CapReached);
        }
        interval_load(LogFormat::VllmServer, &intervals, dated, KnownLengths::default(), warnings)
    }
}

/// An access line for a request to the API that did not fail.
fn is_request(line: &str) -> bool {
    let Some(at) = line.find("\"POST /v1/") else { return false };
    let rest = &line[at + 1..];
    let status = rest.split_once('"').and_then(|(_, s)| s.split_whitespace().next()?.parse::<u16>().ok());
    line.contains("INFO:") && status.is_some_and(|s| s < 400)
}

/// An engine line's time (and whether it has a year) and figures.
fn engine_line(line: &str) -> Option<(Tick, bool)> {
    let iso = line.split_whitespace().next().and_then(parse_iso);
    let time = iso.or_else(|| yearless_in(line))?;
    let tick = Tick {
        time,
        prompt_per_s: number_after(line, "Avg prompt throughput: ")?,
        answer_per_s: number_after(line, "Avg generation throughput: ")?,
        running: number_after(line, "Running: ")?,
        requests: 0.0,
    };
    Some((tick, iso.is_some()))
}

/// The first `MM-DD HH:MM:SS` in a line.
fn yearless_in(line: &str) -> Option<f64> {
    let bytes = line.as_bytes();
    let shape = b"00-00 00:00:00";
    (0..bytes.len().saturating_sub(shape.len() - 1))
        .find(|&i| shape.iter().zip(&bytes[i..]).all(|(s, b)| if *s == b'0' { b.is_ascii_digit() } else { s == b }))
        .and_then(|i| parse_yearless(&line[i..]))
}

/// The number right after `key`.
fn number_after(line: &str, key: &str) -> Option<f64> {
    let rest = &line[line.find(key)? + key.len()..];
    let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// Intervals from ticks, and how many times the clock jumped back. A gap of several intervals
/// is the idle time vLLM does not log: zero-request intervals, then the line's own.
fn intervals(ticks: &mut [Tick]) -> (Vec<Interval>, usize) {
    for i in 1..ticks.len() {
        if ticks[i].time < ticks[i - 1].time - NEW_YEAR_JUMP_S {
            ticks[i].time += 366.0 * DAY_S;
        }
    }
    let mut gaps: Vec<f64> = ticks.windows(2).map(|w| w[1].time - w[0].time).filter(|g| *g > 0.0).collect();
    gaps.sort_by(f64::total_cmp);
    let typical = if gaps.is_empty() { 10.0 } else { quantile(&gaps, 0.5) };
    let (mut out, mut jumps, mut previous) = (Vec::new(), 0, f64::NEG_INFINITY);
    for tick in ticks.iter() {
        let gap = tick.time - previous;
        if gap < -CLOCK_JUMP_S {
            jumps += 1;
        }
        let idle = if gap.is_finite() && gap > 0.0 { (gap / typical).round() as usize } else { 1 };
        for k in 1..idle.min(MAX_LOG_INTERVALS - out.len().min(MAX_LOG_INTERVALS)) {
            out.push(Interval { end: previous + typical * k as f64, length: typical, ..Interval::default() });
        }
        out.push(Interval {
            end: tick.time,
            length: typical,
            requests: tick.requests,
            prompt_tokens: Some(tick.prompt_per_s * typical),
            answer_tokens: Some(tick.answer_per_s * typical),
            running: Some(tick.running),
        });
        previous = tick.time;
    }
    (out, jumps)
}
