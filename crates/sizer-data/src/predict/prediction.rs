//! One load predicted on a [`PredictEngine`] as typed figures ([`Prediction`]), the one path
//! `SparkSizer.predict`'s JSON answer (`predict/api.rs`) and the page's "Load from your logs"
//! both read; and the rate sweep the page draws and reads a capacity from ([`RATE_GRID`],
//! [`sweep_load`], [`kept_rate`]).
//!
//! The rules here are the data's: which rates are tried, how many requests each sends, and
//! which rate "keeps" a p95 TTFT target (the arena's own capacity rule, `suite::capacity_of`).

use crate::predict::engine::PredictEngine;
use crate::predict::load::{API_MAX_PREDICT_ANSWER_TOKENS, API_MAX_PREDICT_REQUESTS, PredictLoad};
use crate::suite::calibration_summary::{TpotErrorBand, tpot_error_band};
use crate::suite::capacity_of;
use crate::suite::engine_inputs::CALIBRATED;
use sizer_core::SpeedFigure;
use sizer_core::sim::Percentiles;
use sizer_core::sim::open_loop::{
    Extrapolation, LoadError, LoadField, MAX_REQUEST_TOKENS, OpenLoad, OpenLoopReport, TpotMs, predict_typical,
};

/// A load's predicted figures, client latency included where the calibration adds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The core's report as it ran (its TTFT without the client latency).
    pub report: OpenLoopReport,
    /// Time to first token (s): the core's percentiles plus the engine's client latency, as the
    /// calibration compares them with a measured load.
    pub ttft_s: Percentiles,
    /// Time per output token after the first (ms); `None` if no request had two tokens.
    pub tpot_ms: Option<TpotMs>,
    /// The median request's speed (tok/s), `None` without a TPOT.
    pub per_request_tok_s: Option<f64>,
    /// How far the steps went beyond the fit's batch and context.
    pub extrapolation: Extrapolation,
    /// `max decode batch / largest measured concurrency`.
    pub batch_ratio: f64,
    /// `max context in a batch / largest measured context`.
    pub context_ratio: f64,
    /// Either ratio above 1: the engine ran beyond what it was fitted to.
    pub beyond_measured: bool,
    /// What median TPOT missed by on the calibration's steps that went as far beyond the
    /// measured batch (`calibration_summary::tpot_error_band` of `batch_ratio`).
    pub tpot_error: Option<TpotErrorBand>,
    /// Where requests arrive faster than the engine completes them: its queue grows without
    /// bound while the load lasts, so its TTFT percentiles depend on how long that is.
    pub overload: Option<Overload>,
}

/// The predicted median request's speed against the person's speed floor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpeedVsFloor {
    /// At or above the floor: the sizing's assumption holds at this load.
    AtOrAbove { tok_s: f64, floor_tok_s: f64 },
    /// Under it: at this load people stream slower than the sizing assumes.
    Below { tok_s: f64, floor_tok_s: f64 },
}

impl Prediction {
    /// The median request's speed against `floor_tok_s`; `None` without a speed (no request got
    /// a second token) or while the box is overloaded (its speed then depends on how long the
    /// load lasts, [`Prediction::overload`]).
    pub fn against_floor(&self, floor_tok_s: f64) -> Option<SpeedVsFloor> {
        let tok_s = self.per_request_tok_s.filter(|_| self.overload.is_none())?;
        Some(if tok_s >= floor_tok_s {
            SpeedVsFloor::AtOrAbove { tok_s, floor_tok_s }
        } else {
            SpeedVsFloor::Below { tok_s, floor_tok_s }
        })
    }
}

/// A load the engine cannot keep up with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overload {
    /// Requests sent per second.
    pub arrival_per_s: f64,
    /// Requests completed per second ([`OpenLoopReport::completion_rate_per_s`]).
    pub completed_per_s: f64,
}

/// Below this share of the arrival rate completed, the engine may be falling behind: a box that
/// keeps up completes the arrivals less only the last answers' tail.
pub const OVERLOAD_COMPLETION_SHARE: f64 = 0.9;
/// ... and it is, where at once this share of the requests sent waited for admission ...
pub const OVERLOAD_WAITING_SHARE: f64 = 0.2;
/// ... or this share of them was in flight: the queue then grew until the load ran out, so the
/// figures depend on how long the load lasts, not on the server (a box that keeps up holds a
/// few answers' worth of arrivals in flight, a small share of a page's 125 requests).
pub const OVERLOAD_IN_FLIGHT_SHARE: f64 = 0.8;

impl Overload {
    /// The overload of `report` for arrivals at `arrival_per_s`, if any.
    ///
    /// # Formula
    /// Overloaded when `completed / duration < 0.9 x arrival rate` and, at some moment, at least
    /// `0.2 x requests` waited for admission or `0.8 x requests` were in flight (the thresholds
    /// above; the queue's growth, as in any M/G/1 text where arrivals exceed service).
    pub fn of(report: &OpenLoopReport, arrival_per_s: f64) -> Option<Overload> {
        let completed_per_s = report.completion_rate_per_s();
        let behind = completed_per_s < OVERLOAD_COMPLETION_SHARE * arrival_per_s;
        let requests = f64::from(report.requests);
        let queued = f64::from(report.max_waiting) >= OVERLOAD_WAITING_SHARE * requests
            || f64::from(report.max_in_flight) >= OVERLOAD_IN_FLIGHT_SHARE * requests;
        (behind && queued).then_some(Overload { arrival_per_s, completed_per_s })
    }
}

impl PredictEngine {
    /// Predicts `load` on this engine.
    ///
    /// # Formula
    /// `ttft = core TTFT percentile + client latency ms / 1000` (each of p50, p95, p99);
    /// per-request speed `= 1000 / median TPOT` (the core's `SpeedFigure::TpotMs`); the
    /// extrapolation ratios are the core's `Extrapolation::batch_ratio` and `context_ratio`,
    /// beyond measured when either exceeds 1; the TPOT error band is the calibration's for the
    /// batch ratio.
    ///
    /// # Errors
    /// One sentence: the load's own (`PredictLoad::open_load`), or a request longer than the
    /// server holds.
    pub fn predict(&self, load: &PredictLoad) -> Result<Prediction, String> {
        let open = load.open_load()?;
        let report = predict_typical(
            &open,
            &self.engine,
            load.seed,
            CALIBRATED.draws_for(open.requests(), open.longest_answer()),
        )
        .map_err(|e| format!("The load cannot run on this server: {e}."))?;
        let latency_s = self.client_latency_ms / 1000.0;
        let t = report.ttft_s;
        let x = report.extrapolation;
        let (batch_ratio, context_ratio) = (x.batch_ratio(), x.context_ratio());
        Ok(Prediction {
            report,
            ttft_s: Percentiles { p50: t.p50 + latency_s, p95: t.p95 + latency_s, p99: t.p99 + latency_s },
            tpot_ms: report.tpot_ms,
            per_request_tok_s: report
                .tpot_ms
                .filter(|tpot| tpot.median > 0.0)
                .map(|tpot| SpeedFigure::TpotMs.per_request_tok_s(1.0, tpot.median)),
            extrapolation: x,
            batch_ratio,
            context_ratio,
            beyond_measured: batch_ratio > 1.0 || context_ratio > 1.0,
            tpot_error: tpot_error_band(batch_ratio),
            overload: Overload::of(&report, load.rate_per_s),
        })
    }
}

/// The rates (req/s) a load is swept over: the arena's six rate-sweep steps (0.1 to 1.0), then
/// on to [`RATE_GRID_MAX`].
pub const RATE_GRID: [f64; 10] = [0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0, RATE_GRID_MAX];

/// How many of [`RATE_GRID`]'s rates are the arena's sweep (the chart's rates, where the
/// measured points lie).
pub const ARENA_SWEEP_RATES: usize = 6;

/// The highest rate tried (req/s): the rate whose [`SWEEP_WINDOW_S`] of arrivals is one call's
/// request limit (`API_MAX_PREDICT_REQUESTS`, 1,000), so no step of the sweep sends fewer
/// seconds of load than the arena's did.
pub const RATE_GRID_MAX: f64 = 4.0;

/// Seconds of arrivals a sweep step sends: the arena's steps sent 250 s (125 requests at 0.5
/// req/s, 250 at 1.0; `data/arena_loads.json`).
pub const SWEEP_WINDOW_S: f64 = 250.0;

/// The fewest requests a sweep step sends: the arena's steps at 0.1 to 0.3 req/s sent 100.
pub const SWEEP_MIN_REQUESTS: u32 = 100;

/// `load` at `rate_per_s`, sending what an arena sweep step at that rate sends, within one
/// call's limits.
///
/// # Formula
/// `requests = min(max(100, round(rate x 250 s)), 1,000, floor(1e6 / longest answer))`, the
/// last two being `predict`'s limits (requests, and requests x longest answer); at least 1.
pub fn sweep_load(load: &PredictLoad, rate_per_s: f64) -> PredictLoad {
    let wanted = (rate_per_s * SWEEP_WINDOW_S).round().max(f64::from(SWEEP_MIN_REQUESTS));
    // The longest answer of the load's range (the core's `OpenLoad::longest_answer`); a load the
    // core refuses keeps the request limit and is refused with its own sentence when predicted.
    let one = PredictLoad { rate_per_s, requests: 1, ..*load };
    let by_tokens = one.open_load().map_or(f64::from(API_MAX_PREDICT_REQUESTS), |open| {
        (API_MAX_PREDICT_ANSWER_TOKENS / f64::from(open.longest_answer())).floor()
    });
    let requests = wanted.min(f64::from(API_MAX_PREDICT_REQUESTS)).min(by_tokens).max(1.0);
    // Whole and within 1..=1,000 (NaN cannot reach here: `max(1.0)` returns 1 for it).
    PredictLoad { rate_per_s, requests: requests as u32, ..*load }
}

/// The highest rate of a sweep that keeps a p95 TTFT target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KeptRate {
    /// Even the lowest rate tried passes the target.
    BelowLowest { lowest: f64 },
    /// The highest rate tried under the target, with the next one tried over it.
    Within { rps: f64 },
    /// The highest rate tried keeps it: the capacity is at least this.
    AtLeast { rps: f64 },
}

/// The highest rate of `sweep` (rate, prediction) whose p95 TTFT is under `target_s`, by the
/// arena's capacity rule (`suite::capacity_of`: strictly under, the highest such rate);
/// `None` for a target that is not a positive number or an empty sweep.
pub fn kept_rate(sweep: &[(f64, Prediction)], target_s: f64) -> Option<KeptRate> {
    if !(target_s.is_finite() && target_s > 0.0) {
        return None;
    }
    let lowest = sweep.iter().map(|(rate, _)| *rate).reduce(f64::min)?;
    let highest = sweep.iter().map(|(rate, _)| *rate).reduce(f64::max)?;
    let steps = sweep.iter().map(|(rate, p)| (Some(*rate), p.ttft_s.p95 * 1000.0));
    Some(match capacity_of(steps, target_s * 1000.0) {
        None => KeptRate::BelowLowest { lowest },
        Some(rps) if rps >= highest => KeptRate::AtLeast { rps },
        Some(rps) => KeptRate::Within { rps },
    })
}

/// The page's load inputs as typed, before any check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageLoadInput {
    /// Peak requests per second.
    pub rate_per_s: f64,
    /// Gamma shape of the gaps (1 is Poisson).
    pub burstiness: f64,
    /// Mean prompt tokens.
    pub prompt_tokens: f64,
    /// Mean answer tokens.
    pub answer_tokens: f64,
    /// The p95 TTFT target (s).
    pub target_s: f64,
}

impl Default for PageLoadInput {
    /// The arena's rate-sweep step at 0.5 req/s, and its middle limit of 5 s.
    fn default() -> PageLoadInput {
        let d = PredictLoad::default();
        PageLoadInput {
            rate_per_s: d.rate_per_s,
            burstiness: d.burstiness,
            prompt_tokens: f64::from(d.prompt_tokens),
            answer_tokens: f64::from(d.answer_tokens),
            target_s: 5.0,
        }
    }
}

/// One of the page's load inputs, as an error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageField {
    RatePerS,
    Burstiness,
    PromptTokens,
    AnswerTokens,
    TargetS,
}

/// Why the page's load cannot be predicted: one per input (the widget words it per language).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PageLoadError {
    /// Empty, NaN or infinite.
    NotFinite { field: PageField },
    /// Zero or negative (a zero rate, burstiness 0, ...).
    NotPositive { field: PageField },
    /// Below the accepted minimum (the core's `MIN_RATE_PER_S`, `MIN_BURSTINESS`).
    TooSmall { field: PageField, min: f64 },
    /// Above the accepted maximum.
    TooLarge { field: PageField, max: f64 },
    /// A token count with a fraction.
    NotWhole { field: PageField },
    /// The longest request of the load (prompt plus answer at the range's top) is longer than
    /// the server holds (its `max_model_len`, else its KV pool).
    TooLong { tokens: f64, limit: f64 },
}

impl PageLoadError {
    /// The input the error belongs to (`None` for one of two inputs together).
    pub fn field(&self) -> Option<PageField> {
        match *self {
            PageLoadError::NotFinite { field }
            | PageLoadError::NotPositive { field }
            | PageLoadError::TooSmall { field, .. }
            | PageLoadError::TooLarge { field, .. }
            | PageLoadError::NotWhole { field } => Some(field),
            PageLoadError::TooLong { .. } => None,
        }
    }
}

impl PageLoadInput {
    /// The inputs as a load (the arena's seed and length range, the sweep's number of requests
    /// at the rate: [`sweep_load`]), or the first input that cannot run: the core's load
    /// ranges, whole token counts, a positive target. Whether the server holds its longest
    /// request is the engine's ([`PredictEngine::page_load`]).
    ///
    /// # Errors
    /// The first bad input, in the inputs' order (the lengths before the rate, whose sweep size
    /// depends on them).
    pub fn load(&self) -> Result<PredictLoad, PageLoadError> {
        let tokens = |field: PageField, value: f64| -> Result<u32, PageLoadError> {
            if !value.is_finite() {
                return Err(PageLoadError::NotFinite { field });
            }
            if value <= 0.0 {
                return Err(PageLoadError::NotPositive { field });
            }
            if value.fract() != 0.0 {
                return Err(PageLoadError::NotWhole { field });
            }
            if value > f64::from(MAX_REQUEST_TOKENS) {
                return Err(PageLoadError::TooLarge { field, max: f64::from(MAX_REQUEST_TOKENS) });
            }
            // Whole and within 1..=MAX_REQUEST_TOKENS: the cast is exact.
            Ok(value as u32)
        };
        let base = PredictLoad {
            rate_per_s: self.rate_per_s,
            burstiness: self.burstiness,
            prompt_tokens: tokens(PageField::PromptTokens, self.prompt_tokens)?,
            answer_tokens: tokens(PageField::AnswerTokens, self.answer_tokens)?,
            ..PredictLoad::default()
        };
        let load = sweep_load(&base, self.rate_per_s);
        OpenLoad::new(load.spec()).map_err(page_error)?;
        if !self.target_s.is_finite() {
            return Err(PageLoadError::NotFinite { field: PageField::TargetS });
        }
        if self.target_s <= 0.0 {
            return Err(PageLoadError::NotPositive { field: PageField::TargetS });
        }
        Ok(load)
    }
}

impl PredictEngine {
    /// The page's inputs as a load on this engine: [`PageLoadInput::load`], then the longest
    /// request (prompt plus answer at the range's top) within what the server holds.
    ///
    /// # Errors
    /// The first bad input, then a request too long for the server.
    pub fn page_load(&self, input: &PageLoadInput) -> Result<PredictLoad, PageLoadError> {
        let load = input.load()?;
        let open = OpenLoad::new(load.spec()).map_err(page_error)?;
        let longest = f64::from(open.longest_prompt()) + f64::from(open.longest_answer());
        let limit = self.engine.longest_request_tokens();
        if longest > limit {
            return Err(PageLoadError::TooLong { tokens: longest, limit });
        }
        Ok(load)
    }
}

/// The core's load error as the page's: the rate and burstiness are the page's own fields; the
/// lengths were checked before, so what else the core refuses is the whole load's size.
fn page_error(error: LoadError) -> PageLoadError {
    let field = |f: LoadField| match f {
        LoadField::RatePerS => PageField::RatePerS,
        LoadField::Burstiness => PageField::Burstiness,
        LoadField::AnswerTokens => PageField::AnswerTokens,
        _ => PageField::PromptTokens,
    };
    match error {
        LoadError::NotFinite { field: f } => PageLoadError::NotFinite { field: field(f) },
        LoadError::NotPositive { field: f, .. } => PageLoadError::NotPositive { field: field(f) },
        LoadError::TooSmall { field: f, min, .. } => PageLoadError::TooSmall { field: field(f), min },
        LoadError::TooLarge { field: f, max, .. } => PageLoadError::TooLarge { field: field(f), max },
        // Only lengths near 4 million tokens reach the load's token limit.
        LoadError::TooManyTokens { .. } => {
            PageLoadError::TooLarge { field: PageField::PromptTokens, max: f64::from(MAX_REQUEST_TOKENS) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_steps_send_what_the_arena_sent() {
        let load = PredictLoad::default();
        let sent: Vec<u32> = RATE_GRID.iter().map(|&r| sweep_load(&load, r).requests).collect();
        // 100 at 0.1 to 0.3, then 250 s of arrivals, to the call's limit at 4 req/s.
        assert_eq!(sent, [100, 100, 100, 125, 175, 250, 375, 500, 750, 1_000]);
        // A 5,000-token answer with range 0.9 is at most 9,500 tokens: 105 requests fit 1e6.
        let long = PredictLoad { answer_tokens: 5_000, ..load };
        assert_eq!(sweep_load(&long, 1.0).requests, 105);
    }
}
