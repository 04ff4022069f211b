//! The calibration's summary errors against its targets (docs/CALIBRATION.md, "Targets"): capacity at each
//! p95 TTFT limit exact and within one rate step per run, median TPOT within 15 % and p95 TTFT
//! within 25 % per step, for the fitted engine and for the baseline.

use super::SLO_LIMITS_MS;
use super::calibrate::{RunCalibration, StepComparison, StepFigures};
use super::capacity::capacity_of;

/// A step counts for the TPOT and TTFT figures when its measured p95 TTFT is at most this (ms).
pub const ELIGIBLE_P95_TTFT_MS: f64 = 10_000.0;
/// Median TPOT within this share of the measured one counts as a hit.
pub const TPOT_TOLERANCE: f64 = 0.15;
/// p95 TTFT within this share of the measured one counts as a hit.
pub const TTFT_TOLERANCE: f64 = 0.25;

/// Which prediction a figure is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// The engine fitted to the run's closed-loop files.
    Engine,
    /// Today's closed-loop simulation on the chat curve ([`super::baseline`]).
    Baseline,
}

/// Hits out of cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub hits: usize,
    pub of: usize,
}

impl Tally {
    /// `hits / of`, 0 for no case.
    pub fn share(self) -> f64 {
        if self.of == 0 { 0.0 } else { self.hits as f64 / self.of as f64 }
    }

    fn add(&mut self, hit: bool) {
        self.of += 1;
        self.hits += usize::from(hit);
    }
}

/// A run's capacity at one limit: measured and predicted (configured req/s, `None` when no step
/// stayed under the limit) and how many of the sweep's rate steps apart they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CapacityRow {
    pub limit_ms: f64,
    pub measured: Option<f64>,
    pub predicted: Option<f64>,
    /// `|index(predicted) - index(measured)|` on the run's rates, "none" below the first.
    pub steps_apart: usize,
}

/// The capacity of a run's sweep at every limit of [`SLO_LIMITS_MS`] for `model`; empty for a
/// run without a sweep. A step the model could not predict counts as over every limit.
///
/// # Rule
/// The arena's capacity ([`super::capacity_rps`]) applied to the predicted p95s of the same
/// steps; the rate grid is the run's own sweep (an aborted sweep's capacity is a lower bound
/// for both).
pub fn capacities(run: &RunCalibration, model: Model) -> Vec<CapacityRow> {
    let sweep: Vec<&StepComparison> = run.steps.iter().filter(|s| s.in_sweep).collect();
    if sweep.is_empty() {
        return Vec::new();
    }
    let mut rates: Vec<f64> = sweep.iter().filter_map(|s| s.rate_per_s).collect();
    rates.sort_by(f64::total_cmp);
    let index = |rate: Option<f64>| rate.map_or(0, |r| 1 + rates.iter().position(|x| *x == r).unwrap_or(rates.len()));
    SLO_LIMITS_MS
        .iter()
        .map(|&limit_ms| {
            let measured = capacity_of(sweep.iter().map(|s| (s.rate_per_s, s.measured.p95_ttft_ms)), limit_ms);
            let predicted_p95 = |s: &StepComparison| figures(s, model).map_or(f64::INFINITY, |f| f.p95_ttft_ms);
            let predicted = capacity_of(sweep.iter().map(|s| (s.rate_per_s, predicted_p95(s))), limit_ms);
            CapacityRow { limit_ms, measured, predicted, steps_apart: index(measured).abs_diff(index(predicted)) }
        })
        .collect()
}

/// A step's predicted figures for `model`, when it ran.
pub fn figures(step: &StepComparison, model: Model) -> Option<StepFigures> {
    match model {
        Model::Engine => step.predicted.as_ref().ok().map(|p| p.figures),
        Model::Baseline => step.baseline.as_ref().ok().copied(),
    }
}

/// `|predicted / measured - 1| <= tolerance`; a missing prediction is a miss.
///
/// # Formula
/// Relative error, as the targets are stated ("within 15 %").
pub fn within(predicted: Option<f64>, measured: f64, tolerance: f64) -> bool {
    predicted.is_some_and(|p| measured > 0.0 && (p / measured - 1.0).abs() <= tolerance)
}

/// The summary of one model over many runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModelSummary {
    /// Per limit of [`SLO_LIMITS_MS`]: runs with a sweep whose predicted capacity is exact.
    pub capacity_exact: [Tally; 3],
    /// Per limit: within one rate step.
    pub capacity_within_one: [Tally; 3],
    /// Median TPOT within 15 % on the eligible steps (measured p95 TTFT at most 10 s).
    pub tpot_eligible: Tally,
    /// p95 TTFT within 25 % on the eligible steps.
    pub ttft_eligible: Tally,
    /// Eligible steps whose predicted median TPOT is above the measured one (too slow): the
    /// sign of the speed error.
    pub tpot_slow_eligible: Tally,
    /// Median TPOT within 15 % on every replayed step.
    pub tpot_all: Tally,
    /// Median TPOT within 15 % on the rate-sweep steps only.
    pub tpot_sweep: Tally,
    /// p95 TTFT within 25 % on the eligible rate-sweep steps only.
    pub ttft_sweep_eligible: Tally,
}

/// The summary of `model` over `runs`. Steps the load cannot replay (no rate, a client-side
/// concurrency cap) are left out of every count; a replayed step the model failed on is a miss.
pub fn summarise(runs: &[RunCalibration], model: Model) -> ModelSummary {
    let mut summary = ModelSummary::default();
    for run in runs {
        for (i, row) in capacities(run, model).iter().enumerate() {
            summary.capacity_exact[i].add(row.steps_apart == 0);
            summary.capacity_within_one[i].add(row.steps_apart <= 1);
        }
        for step in run.steps.iter().filter(|s| s.replay.is_some()) {
            let got = figures(step, model);
            let measured = step.measured;
            let tpot =
                within(got.and_then(|f| f.median_tpot_ms), measured.median_tpot_ms.unwrap_or(f64::NAN), TPOT_TOLERANCE);
            let ttft = within(got.map(|f| f.p95_ttft_ms), measured.p95_ttft_ms, TTFT_TOLERANCE);
            let eligible = measured.p95_ttft_ms <= ELIGIBLE_P95_TTFT_MS;
            summary.tpot_all.add(tpot);
            if eligible {
                summary.tpot_eligible.add(tpot);
                summary.ttft_eligible.add(ttft);
                let slow = got.and_then(|f| f.median_tpot_ms).zip(measured.median_tpot_ms).is_some_and(|(p, m)| p > m);
                summary.tpot_slow_eligible.add(slow);
            }
            if step.in_sweep {
                summary.tpot_sweep.add(tpot);
                if eligible {
                    summary.ttft_sweep_eligible.add(ttft);
                }
            }
        }
    }
    summary
}
