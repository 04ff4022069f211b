//! The calibration's median-TPOT error split two ways: by the sweep's request rate, and by how
//! far beyond the measured batch each prediction went (the largest decode batch of its steps
//! over the largest concurrency the fit saw). The second split is the error band a prediction
//! carries (`calibration_summary::TPOT_ERROR_BANDS`): what that much extrapolation has cost on
//! the arena's runs.

use super::calibrate::{RunCalibration, StepComparison};
use super::summary::{ELIGIBLE_P95_TTFT_MS, Model, TPOT_TOLERANCE, figures};

/// Upper ends of the extrapolation bands, as `max decode batch / fit's max concurrency`: at
/// most the measured batch, up to 2, 4 and 8 times it, and beyond.
pub const EXTRAPOLATION_BANDS: [f64; 5] = [1.0, 2.0, 4.0, 8.0, f64::INFINITY];

/// Median TPOT errors of a set of steps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TpotErrors {
    /// Eligible steps (measured p95 TTFT at most 10 s) the engine predicted.
    pub steps: usize,
    /// Of them, within 15 % of the measured median TPOT.
    pub within: usize,
    /// Mean of `predicted / measured - 1` (negative: the prediction streams too fast).
    pub mean_signed: f64,
    /// Mean of `|predicted / measured - 1|`.
    pub mean_absolute: f64,
    /// The 80th percentile of `|predicted / measured - 1|`: four steps in five were closer.
    pub p80_absolute: f64,
    /// Median of the measured peak requests in flight.
    pub median_in_flight: f64,
    /// Steps whose largest predicted decode batch passed the fit's largest concurrency.
    pub beyond_fit: usize,
}

/// One step's signed TPOT error, measured peak in flight and batch ratio, when the step is
/// eligible and predicted.
#[derive(Clone, Copy)]
struct StepError {
    signed: f64,
    in_flight: f64,
    batch_ratio: f64,
}

/// A step's median-TPOT error `predicted / measured - 1` (negative: streamed too fast), when
/// the step is replayed, eligible (measured p95 TTFT at most 10 s) and predicted by `model`.
pub fn signed_tpot_error(step: &StepComparison, model: Model) -> Option<f64> {
    if step.replay.is_none() || step.measured.p95_ttft_ms > ELIGIBLE_P95_TTFT_MS {
        return None;
    }
    let predicted = figures(step, model)?.median_tpot_ms?;
    let measured = step.measured.median_tpot_ms.filter(|m| *m > 0.0)?;
    Some(predicted / measured - 1.0)
}

fn step_error(step: &StepComparison, model: Model) -> Option<StepError> {
    let signed = signed_tpot_error(step, model)?;
    let batch_ratio = step.predicted.as_ref().map_or(f64::NAN, |p| p.extrapolation.batch_ratio());
    Some(StepError { signed, in_flight: step.measured.in_flight, batch_ratio })
}

/// The `p` quantile (nearest rank, `ceil(p n)`-th smallest) of `values`; NaN for none.
fn nearest_rank(values: &mut [f64], p: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    let rank = ((p * values.len() as f64).ceil() as usize).clamp(1, values.len());
    values[rank - 1]
}

fn summarise(errors: &[StepError]) -> TpotErrors {
    let n = errors.len();
    if n == 0 {
        return TpotErrors::default();
    }
    let mut absolute: Vec<f64> = errors.iter().map(|e| e.signed.abs()).collect();
    let mut in_flight: Vec<f64> = errors.iter().map(|e| e.in_flight).filter(|v| v.is_finite()).collect();
    in_flight.sort_by(f64::total_cmp);
    let median_in_flight = match in_flight.len() {
        0 => f64::NAN,
        m if m % 2 == 1 => in_flight[m / 2],
        m => (in_flight[m / 2 - 1] + in_flight[m / 2]) / 2.0,
    };
    TpotErrors {
        steps: n,
        within: absolute.iter().filter(|a| **a <= TPOT_TOLERANCE).count(),
        mean_signed: errors.iter().map(|e| e.signed).sum::<f64>() / n as f64,
        mean_absolute: absolute.iter().sum::<f64>() / n as f64,
        p80_absolute: nearest_rank(&mut absolute, 0.8),
        median_in_flight,
        beyond_fit: errors.iter().filter(|e| e.batch_ratio > 1.0).count(),
    }
}

/// The eligible rate-sweep steps' TPOT errors per configured rate, rates ascending.
pub fn by_rate(runs: &[RunCalibration], model: Model) -> Vec<(f64, TpotErrors)> {
    let mut rates: Vec<f64> =
        runs.iter().flat_map(|r| &r.steps).filter(|s| s.in_sweep).filter_map(|s| s.rate_per_s).collect();
    rates.sort_by(f64::total_cmp);
    rates.dedup();
    rates
        .into_iter()
        .map(|rate| {
            let errors: Vec<StepError> = runs
                .iter()
                .flat_map(|r| &r.steps)
                .filter(|s| s.in_sweep && s.rate_per_s == Some(rate))
                .filter_map(|s| step_error(s, model))
                .collect();
            (rate, summarise(&errors))
        })
        .collect()
}

/// Every eligible replayed step's TPOT error per band of [`EXTRAPOLATION_BANDS`] of the
/// fitted engine's batch ratio (a band holds ratios above the previous upper end, up to its own).
pub fn by_extrapolation(runs: &[RunCalibration]) -> Vec<(f64, TpotErrors)> {
    let errors: Vec<StepError> =
        runs.iter().flat_map(|r| &r.steps).filter_map(|s| step_error(s, Model::Engine)).collect();
    let mut lower = f64::NEG_INFINITY;
    EXTRAPOLATION_BANDS
        .iter()
        .map(|&upper| {
            let band: Vec<StepError> =
                errors.iter().filter(|e| e.batch_ratio > lower && e.batch_ratio <= upper).copied().collect();
            lower = upper;
            (upper, summarise(&band))
        })
        .collect()
}
