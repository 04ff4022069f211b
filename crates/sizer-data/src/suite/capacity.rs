//! A server's measured open-loop load, and the data rule that reads a capacity from its rate
//! sweep: the highest configured request rate whose p95 TTFT stays under a limit.

use super::load_step::LoadStep;
use super::sweep::SweepSummary;
use serde::Serialize;

/// The p95 TTFT limits the arena reports a capacity at (ms).
pub const SLO_LIMITS_MS: [f64; 3] = [2_000.0, 5_000.0, 10_000.0];

/// Everything a server's open-loop files gave.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MeasuredLoad {
    /// Single loads (`07-office-baseline` to `10-monday-peak`), in file order.
    pub tests: Vec<LoadStep>,
    /// The rate sweep's steps (`11-rate-sweep-<rate>.json`), by rising configured rate.
    pub sweep: Vec<LoadStep>,
    /// The sweep's summary (`11-rate-sweep.json`), when it was among the files.
    pub summary: Option<SweepSummary>,
}

impl MeasuredLoad {
    /// The capacity at a p95 TTFT limit recomputed from [`MeasuredLoad::sweep`]
    /// ([`capacity_rps`]), to set beside the summary's own ([`SweepSummary::capacity_at`]).
    pub fn recomputed_capacity(&self, limit_ms: f64) -> Option<f64> {
        capacity_rps(&self.sweep, limit_ms)
    }
}

/// The capacity of a rate sweep at a p95 TTFT limit: the highest configured rate (req/s) of a
/// step whose p95 TTFT is strictly under `limit_ms`; `None` when no step is (or the limit is not
/// a positive number).
///
/// # Rule
/// The arena suite's own definition (`tests/fixtures/arena/SUITE-README.md`, "11-rate-sweep": "de
/// hoogste request rate die nog onder een p95-TTFT-grens blijft", the highest request rate that
/// still stays under a p95 TTFT limit). "Under" is read as strict; no step of the 19 runs lies
/// on a limit, so the files cannot tell strict from not. Steps with an unlimited rate (`inf`) are
/// not rates and are skipped. A step's p95 is the unrounded `p95_ttft_ms` of its own file. The
/// highest such rate is taken, not the last one before the first step over the limit: on the 19
/// runs both give the summaries' figures (every sweep's p95 rises with the rate). A step whose
/// requests partly failed counts like any other; none of the 19 runs has one, and the suite does
/// not say otherwise. An aborted sweep gives the capacity of the steps it ran (a lower bound).
pub fn capacity_rps(steps: &[LoadStep], limit_ms: f64) -> Option<f64> {
    capacity_of(steps.iter().map(|step| (step.rate_per_s, step.ttft_ms.p95)), limit_ms)
}

/// [`capacity_rps`]'s rule on `(configured rate, p95 TTFT ms)` pairs, e.g. a prediction's: the
/// highest rate whose p95 is strictly under `limit_ms` (a NaN p95 is never under it).
pub fn capacity_of(steps: impl IntoIterator<Item = (Option<f64>, f64)>, limit_ms: f64) -> Option<f64> {
    if !(limit_ms.is_finite() && limit_ms > 0.0) {
        return None;
    }
    steps
        .into_iter()
        .filter(|(_, p95)| *p95 < limit_ms)
        .filter_map(|(rate, _)| rate)
        .fold(None, |best: Option<f64>, rate| Some(best.map_or(rate, |b| b.max(rate))))
}
