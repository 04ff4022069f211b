//! What a simulation found, and the verdict sentence.

use crate::sim::input::SimRequest;
use crate::sim::predict::{finite_population_shares, poisson_shares};
use crate::sim::tally::Tally;
use alloc::string::String;
use alloc::vec::Vec;

/// Distribution entries whose observed and predicted shares are all below this are left out of
/// [`SimReport::in_flight`] (keeps the JSON small for large teams).
const SHARE_SHOWN: f64 = 1e-7;

/// Why the simulation stopped measuring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum StopReason {
    /// The simulated window (4 h by default) ended.
    Window,
    /// The window held the requested number of requests (20,000 by default).
    Requests,
    /// The guard on events was hit (a warm-up with very many very short requests).
    EventBudget,
}

/// How time to first token was modelled.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum TtftModel {
    /// Prompts queue first-come-first-served and are read at the run's prefill rate.
    PrefillQueue { prefill_tok_s: f64 },
    /// The run's measured TTFT at the number in flight when the request is admitted.
    MeasuredByLoad,
    /// The same TTFT for every request (the formula's, when the run measured neither).
    Fixed { ttft_s: f64 },
    /// Prompts read in chunks inside the engine's steps, beside the decodes, after waiting for
    /// admission (the engine model, [`SimModel::Engine`]).
    EngineSteps { step_token_budget: u32 },
}

/// Which model of the box ran.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum SimModel {
    /// Every generating request at the measured curve's per-request speed for the number
    /// generating; beyond the curve's last concurrency its aggregate is held.
    Curve,
    /// The run has an engine model, but the team's longest request (prompt plus answer,
    /// `tokens`) is longer than it admits (`limit`): the curve ran instead.
    CurveRequestTooLong { tokens: f64, limit: f64 },
    /// The engine fitted to the run's closed-loop files, step by step: continuous batching,
    /// chunked prefill, admission against its KV pool. Beyond `fit_max_concurrency` the step
    /// model extrapolates; `max_decode_batch` is the largest batch the window reached.
    Engine { kv_pool_tokens: f64, fit_max_concurrency: f64, max_decode_batch: u32 },
}

/// Percentiles of a per-request figure. For speed, `p95` and `p99` are the speeds 95 % and 99 %
/// of requests reached or beat (the slow tail: the 5th and 1st percentiles); for times, the
/// values 95 % and 99 % of requests stayed within.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Percentiles {
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
}

/// One count of requests in flight: the share of time observed, and the predictions for the same
/// mean.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InFlightShare {
    /// Requests in flight (sent and not yet fully answered).
    pub count: u32,
    /// Share of the window's time spent at this count.
    pub share_time: f64,
    /// Poisson with the simulated mean (the sizing's model).
    pub poisson: f64,
    /// Finite population: each user in flight for its group's simulated share of time,
    /// independently (binomial for one group); `None` for a large mixed team.
    pub finite_population: Option<f64>,
}

/// Everything the simulation measured over its window. Times in seconds, speeds in tok/s.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimReport {
    pub seed: u64,
    pub users: u32,
    /// Requests finished inside the window.
    pub requests: u64,
    pub stopped_by: StopReason,
    pub warmup_s: f64,
    /// Simulated seconds measured.
    pub window_s: f64,
    pub floor_tok_s: f64,
    pub percentile: f64,
    /// The model of the box that ran.
    pub model: SimModel,
    pub ttft_model: TtftModel,
    /// KV sessions at once (`floor(pool / context)`), if the run has a pool.
    pub kv_sessions: Option<u64>,
    /// Time-average of requests in flight (sent, not yet fully answered).
    pub mean_in_flight: f64,
    /// The count the in-flight number stayed at or under 99 % of the time.
    pub p99_in_flight: u32,
    /// Time-average of requests generating.
    pub mean_generating: f64,
    /// The formula's mean load: sum over groups of `count x min(busy_at_floor / interval, 1)`.
    pub formula_mean_in_flight: f64,
    /// Streams at the floor on the curve (fractional; the highest measured concurrency if the
    /// curve never falls under the floor, 0 if it starts under it).
    pub streams_at_floor: f64,
    /// In-flight distribution beside its predictions, counts with any share above 1e-7.
    pub in_flight: Vec<InFlightShare>,
    /// Share of time the requests generating ran at or above the floor (idle time counts).
    pub share_time_at_floor: f64,
    /// Share of requests whose average speed (answer tokens / generation time) kept the floor.
    pub share_requests_at_floor: f64,
    /// Share of time more requests were generating than the run measured (on the curve, speed
    /// there holds the last measured aggregate; on the engine, the step model extrapolates).
    pub share_time_beyond_curve: f64,
    /// Share of requests that waited for a KV session.
    pub share_requests_waited_for_kv: f64,
    /// Per-request speed: generated tokens / (last token - first token).
    pub speed_tok_s: Option<Percentiles>,
    /// Time to first token: queue waits plus prefill (or the measured/fixed TTFT).
    pub ttft_s: Option<Percentiles>,
    /// Waiting for a KV session plus waiting in the prefill queue.
    pub queue_wait_s: Option<Percentiles>,
    /// `ttft_s.p99`, 0 when no request was measured (the JS API's field).
    pub p99_ttft_s: f64,
    /// `share_requests_at_floor >= percentile` (and at least one request measured).
    pub holds: bool,
}

impl SimReport {
    /// The verdict in one English sentence, e.g. "The sizing holds: 99.3 % of requests kept
    /// 15 tok/s, p99 TTFT 2.1 s." (the widget translates from the fields, not from this text).
    /// A host page shows it to people, so each number is joined to its unit by a no-break space
    /// (U+00A0), as in the widget's own texts.
    pub fn verdict(&self) -> String {
        let share = 100.0 * self.share_requests_at_floor;
        let floor = self.floor_tok_s;
        let ttft = self.p99_ttft_s;
        if self.requests == 0 {
            return String::from("No request finished inside the simulated window: nothing to judge.");
        }
        if self.holds {
            alloc::format!(
                "The sizing holds: {share:.1}\u{a0}% of requests kept {floor}\u{a0}tok/s, p99 TTFT {ttft:.1}\u{a0}s."
            )
        } else {
            alloc::format!(
                "It does not: only {share:.1}\u{a0}% of requests kept {floor}\u{a0}tok/s (the sizing promises {:.1}\u{a0}%), p99 TTFT {ttft:.1}\u{a0}s.",
                100.0 * self.percentile
            )
        }
    }
}

/// What a report says beside its tally: the question, the phases and the model that ran.
pub(crate) struct ReportBasis<'a> {
    pub request: &'a SimRequest,
    pub seed: u64,
    pub warmup_s: f64,
    pub stopped: Option<StopReason>,
    pub model: SimModel,
    pub ttft_model: TtftModel,
    pub kv_sessions: Option<u64>,
    pub streams_at_floor: f64,
}

pub(crate) fn build_report(basis: &ReportBasis<'_>, sim: &Tally) -> SimReport {
    let request = basis.request;
    let window = sim.window_s;
    let per_time = |x: f64| if window > 0.0 { x / window } else { 0.0 };
    let per_request = |x: u64| if sim.requests > 0 { x as f64 / sim.requests as f64 } else { 0.0 };
    let seconds = sim.in_flight.seconds();
    let mean_in_flight = per_time(seconds.iter().enumerate().map(|(k, s)| k as f64 * s).sum());

    let poisson = poisson_shares(mean_in_flight, seconds.len().saturating_sub(1));
    let groups: Vec<(u32, f64)> = request
        .groups
        .iter()
        .zip(&sim.busy_seconds_by_group)
        .map(|(g, &busy)| {
            let p = if g.count > 0 { per_time(busy) / f64::from(g.count) } else { 0.0 };
            (g.count, p.clamp(0.0, 1.0))
        })
        .collect();
    let finite = finite_population_shares(&groups);
    let in_flight = seconds
        .iter()
        .enumerate()
        .map(|(k, &s)| InFlightShare {
            count: k as u32,
            share_time: per_time(s),
            poisson: poisson.get(k).copied().unwrap_or(0.0),
            finite_population: finite.as_ref().map(|f| f.get(k).copied().unwrap_or(0.0)),
        })
        .filter(|b| b.share_time > SHARE_SHOWN || b.poisson > SHARE_SHOWN || b.finite_population > Some(SHARE_SHOWN))
        .collect();

    let formula_mean_in_flight = request
        .groups
        .iter()
        .map(|g| {
            let duty =
                if g.always_busy { 1.0 } else { crate::duty::duty_cycle(request.busy_at_floor(g), g.interval_s) };
            f64::from(g.count) * duty
        })
        .sum();
    let percentiles = |h: &crate::sim::histogram::LogHistogram, slow_tail: bool| {
        let q = |p: f64| h.quantile(if slow_tail { 1.0 - p } else { p });
        Some(Percentiles { p50: q(0.5)?, p95: q(0.95)?, p99: q(0.99)? })
    };
    let share_requests_at_floor = per_request(sim.requests_at_floor);
    let ttft_s = percentiles(&sim.ttft_hist, false);
    SimReport {
        seed: basis.seed,
        users: request.total_users(),
        requests: sim.requests,
        stopped_by: basis.stopped.unwrap_or(StopReason::Window),
        warmup_s: basis.warmup_s,
        window_s: window,
        floor_tok_s: request.floor_tok_s,
        percentile: request.percentile,
        model: basis.model,
        ttft_model: basis.ttft_model,
        kv_sessions: basis.kv_sessions,
        mean_in_flight,
        p99_in_flight: sim.in_flight.quantile(0.99) as u32,
        mean_generating: per_time(sim.generating_seconds),
        formula_mean_in_flight,
        streams_at_floor: basis.streams_at_floor,
        in_flight,
        share_time_at_floor: per_time(sim.time_at_floor_s),
        share_requests_at_floor,
        share_time_beyond_curve: per_time(sim.time_beyond_curve_s),
        share_requests_waited_for_kv: per_request(sim.requests_waited_for_kv),
        speed_tok_s: percentiles(&sim.speed_hist, true),
        ttft_s,
        queue_wait_s: percentiles(&sim.wait_hist, false),
        p99_ttft_s: ttft_s.map_or(0.0, |p| p.p99),
        holds: sim.requests > 0 && share_requests_at_floor >= request.percentile,
    }
}
