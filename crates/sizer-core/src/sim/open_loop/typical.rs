//! The typical outcome of a load: the same load drawn several times (each draw its own seed)
//! and every figure's median over the draws.
//!
//! A measured open-loop run is one draw of its arrivals and lengths (vLLM draws them with NumPy,
//! which the prediction cannot reproduce). On one draw of 100 to 250 requests a figure moves by
//! 10 to 30 % between seeds (a burst of long prompts early or late), so one simulated draw
//! predicts another draw's figure with that noise on top of the model's error. The median over
//! draws is the prediction of a draw's figure with the draw noise of the prediction removed
//! (docs/CALIBRATION.md measures both).

use crate::sim::open_loop::engine::EngineModel;
use crate::sim::open_loop::load::OpenLoad;
use crate::sim::open_loop::report::{Extrapolation, OpenLoopReport, PredictError, TpotMs};
use crate::sim::open_loop::simulate::predict_open_loop;
use crate::sim::report::Percentiles;
use alloc::vec::Vec;

/// Most draws one prediction takes (each is a whole simulation of the load).
pub const MAX_DRAWS: u32 = 99;

/// The median of `values` (the mean of the two middle ones for an even count); NaN for none.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// The lower median of whole counts (a count stays whole).
fn median_count<T: Copy + Ord>(mut values: Vec<T>) -> Option<T> {
    values.sort_unstable();
    values.get(values.len().saturating_sub(1) / 2).copied()
}

/// Runs `load` on `engine` `draws` times, draw `i` with seed `seed + i` (wrapping; draw 0 is
/// [`predict_open_loop`] with `seed` itself), and reports every figure's median over the draws.
///
/// # Formula
/// For each figure `x` (each TTFT and TPOT percentile, output tok/s, mean in flight, duration):
/// `median_i x_i`; for the counts (max in flight, max waiting, requests that waited, steps) the
/// lower median, so they stay whole; the extrapolation is the farthest any draw went (the
/// largest batch and context of all draws). Medians of ordered figures stay ordered (p50 <= p95 <=
/// p99), since each draw's are. SplitMix64 streams from neighbouring seeds are independent
/// (its output function mixes every seed bit; Steele, Lea & Flood 2014).
///
/// `draws` is clamped to 1..=[`MAX_DRAWS`]; the report's `draws` says how many ran and its
/// `seed` is `seed`.
///
/// Bad input: `draws` of 0 or above [`MAX_DRAWS`] is clamped into range; a load too long for the
/// engine is the error below.
///
/// # Errors
/// [`PredictError::RequestTooLong`], as [`predict_open_loop`] (the same for every draw).
pub fn predict_typical(
    load: &OpenLoad,
    engine: &EngineModel,
    seed: u64,
    draws: u32,
) -> Result<OpenLoopReport, PredictError> {
    let draws = draws.clamp(1, MAX_DRAWS);
    let mut reports = Vec::with_capacity(draws as usize);
    for i in 0..draws {
        reports.push(predict_open_loop(load, engine, seed.wrapping_add(u64::from(i)))?);
    }
    if draws == 1 {
        return Ok(reports[0]);
    }
    let of = |f: &dyn Fn(&OpenLoopReport) -> f64| median(reports.iter().map(f).collect());
    let count = |f: &dyn Fn(&OpenLoopReport) -> u64| median_count(reports.iter().map(f).collect()).unwrap_or(0);
    let tpots: Vec<TpotMs> = reports.iter().filter_map(|r| r.tpot_ms).collect();
    let tpot_ms = (!tpots.is_empty()).then(|| TpotMs {
        median: median(tpots.iter().map(|t| t.median).collect()),
        p99: median(tpots.iter().map(|t| t.p99).collect()),
    });
    let first = reports[0];
    let farthest = reports.iter().fold(first.extrapolation, |acc, r| Extrapolation {
        max_decode_batch: acc.max_decode_batch.max(r.extrapolation.max_decode_batch),
        max_context_tokens: acc.max_context_tokens.max(r.extrapolation.max_context_tokens),
        ..acc
    });
    // Counts fit their types: each is a median of values of that type.
    let as_u32 = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    Ok(OpenLoopReport {
        seed,
        draws,
        requests: first.requests,
        completed: as_u32(count(&|r| u64::from(r.completed))),
        duration_s: of(&|r| r.duration_s),
        ttft_s: Percentiles { p50: of(&|r| r.ttft_s.p50), p95: of(&|r| r.ttft_s.p95), p99: of(&|r| r.ttft_s.p99) },
        tpot_ms,
        output_tok_s: of(&|r| r.output_tok_s),
        mean_in_flight: of(&|r| r.mean_in_flight),
        max_in_flight: as_u32(count(&|r| u64::from(r.max_in_flight))),
        max_waiting: as_u32(count(&|r| u64::from(r.max_waiting))),
        requests_waited_for_kv: as_u32(count(&|r| u64::from(r.requests_waited_for_kv))),
        steps: count(&|r| r.steps),
        extrapolation: farthest,
    })
}
