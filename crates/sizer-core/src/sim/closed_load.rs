//! A closed-loop load on an engine: `N` users, each sending its next request the moment the
//! last one ends, `R` requests in all, every request `P` tokens in and `A` out (as llama-benchy
//! and `vllm bench serve --max-concurrency` send them). The engine is the open-loop one
//! ([`super::open_loop::simulate`]'s scheduler), so a closed-loop benchmark and an open-loop
//! one are predicted on the same steps.

use super::open_loop::engine::EngineModel;
use super::open_loop::load::Arrival;
use super::open_loop::report::{TpotMs, percentile_linear};
use super::open_loop::simulate::Run;
use super::report::Percentiles;
use alloc::vec::Vec;
use core::fmt;

/// Most requests a closed-loop load may send (the open-loop load's limit).
pub const MAX_CLOSED_REQUESTS: u32 = super::open_loop::MAX_LOAD_REQUESTS;

/// A closed-loop load.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosedLoad {
    /// Users sending at once (`N`).
    pub concurrency: u32,
    pub prompt_tokens: u32,
    pub answer_tokens: u32,
    /// Requests in all (`R`, at least `N`).
    pub requests: u32,
}

/// Why a closed-loop load cannot run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClosedLoadError {
    /// Concurrency, prompt or answer is 0, or fewer requests than users.
    Empty,
    /// More requests than [`MAX_CLOSED_REQUESTS`].
    TooManyRequests,
    /// A request longer than the engine holds.
    TooLong { tokens: f64, limit: f64 },
}

impl fmt::Display for ClosedLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ClosedLoadError::Empty => f.write_str(
                "a closed-loop load needs at least 1 user, 1 prompt token, 1 answer token and as many requests as users",
            ),
            ClosedLoadError::TooManyRequests => {
                write!(f, "a closed-loop load may send at most {MAX_CLOSED_REQUESTS} requests")
            }
            ClosedLoadError::TooLong { tokens, limit } => {
                write!(f, "a request of {tokens} tokens is longer than the {limit} the server holds")
            }
        }
    }
}

impl core::error::Error for ClosedLoadError {}

/// What a closed-loop load gave.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosedLoadReport {
    pub ttft_s: Percentiles,
    pub tpot_ms: Option<TpotMs>,
    /// Mean per-request decode speed: answer tokens after the first over the time after the
    /// first, averaged over requests (llama-benchy's `t/s (req)`).
    pub per_request_tok_s: f64,
    /// Answer tokens over the whole run's time.
    pub output_tok_s: f64,
    pub duration_s: f64,
    pub completed: u32,
}

/// Runs `load` on `engine` until its last request ends.
///
/// # Formula
/// Users `0..N` send at time 0; whenever a request ends, its user sends the next at that
/// instant while fewer than `R` were sent. Per request: TTFT = first token - sent, TPOT =
/// (done - first) / (A - 1), speed = (A - 1) / (done - first).
///
/// Bad input: an empty load, too many requests or a request longer than the engine holds is
/// an error (one sentence).
pub fn predict_closed_loop(load: &ClosedLoad, engine: &EngineModel) -> Result<ClosedLoadReport, ClosedLoadError> {
    let l = *load;
    if l.concurrency == 0 || l.prompt_tokens == 0 || l.answer_tokens == 0 || l.requests < l.concurrency {
        return Err(ClosedLoadError::Empty);
    }
    if l.requests > MAX_CLOSED_REQUESTS {
        return Err(ClosedLoadError::TooManyRequests);
    }
    let tokens = f64::from(l.prompt_tokens) + f64::from(l.answer_tokens);
    let limit = engine.longest_request_tokens();
    if tokens > limit {
        return Err(ClosedLoadError::TooLong { tokens, limit });
    }
    let mut run = Run::new(engine, Vec::new());
    let arrival = |at_s: f64| Arrival { at_s, prompt_tokens: l.prompt_tokens, answer_tokens: l.answer_tokens };
    for id in 0..l.concurrency {
        run.submit(id, arrival(0.0));
    }
    let mut sent = l.concurrency;
    let (mut ttft, mut tpot, mut speed) = (Vec::new(), Vec::new(), 0.0);
    let mut end = 0.0_f64;
    while !run.is_idle() {
        if !run.step_now() {
            break;
        }
        let finished: Vec<u32> = run.finished.drain(..).collect();
        for id in finished {
            let (a, _, first, done, _) = run.request(id);
            ttft.push(first - a.at_s);
            if a.answer_tokens > 1 && done > first {
                let after = f64::from(a.answer_tokens - 1);
                tpot.push(1000.0 * (done - first) / after);
                speed += after / (done - first);
            }
            end = end.max(done);
            if sent < l.requests {
                // The user's slot is free again: its next request reuses the id.
                run.submit(id, arrival(run.now));
                sent += 1;
            }
        }
    }
    let completed = ttft.len() as u32;
    ttft.sort_by(f64::total_cmp);
    tpot.sort_by(f64::total_cmp);
    let q = |v: &[f64], p: f64| percentile_linear(v, p);
    Ok(ClosedLoadReport {
        ttft_s: Percentiles { p50: q(&ttft, 0.5), p95: q(&ttft, 0.95), p99: q(&ttft, 0.99) },
        tpot_ms: (!tpot.is_empty()).then(|| TpotMs { median: q(&tpot, 0.5), p99: q(&tpot, 0.99) }),
        per_request_tok_s: if tpot.is_empty() { 0.0 } else { speed / tpot.len() as f64 },
        output_tok_s: if end > 0.0 { f64::from(completed) * f64::from(l.answer_tokens) / end } else { 0.0 },
        duration_s: end,
        completed,
    })
}
