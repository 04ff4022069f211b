//! The summary a suite writes of its rate sweep (`11-rate-sweep.json`): the capacity it reports
//! at each p95 TTFT limit, its queue knee, and where the sweep was cut short.

use super::error::{SuiteDataError, non_negative, positive};
use core::ops::Deref;
use serde::Serialize;

/// The step a capacity was found at, as the summary gives it (its figures rounded there).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CapacityAt {
    /// The configured rate (req/s): the capacity.
    pub configured_rps: f64,
    /// The rate requests actually completed at.
    pub achieved_rps: Option<f64>,
    /// The step's p95 TTFT (ms).
    pub ttft_p95_ms: Option<f64>,
    /// The step's generated tok/s.
    pub output_tok_s: Option<f64>,
    /// The step's peak requests in flight.
    pub peak_concurrent: Option<f64>,
}

/// The capacity at one p95 TTFT limit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SloCapacity {
    /// The limit in ms (2,000, 5,000, 10,000).
    pub limit_ms: f64,
    /// The step that set the capacity; `None` when no step stayed under the limit.
    pub at: Option<CapacityAt>,
}

/// The plain fields of a sweep summary, before validation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepSummaryFields {
    /// The file it came from.
    pub file: String,
    /// The model the summary names.
    pub model: Option<String>,
    /// The capacity at each limit, by rising limit.
    pub capacity: Vec<SloCapacity>,
    /// The rate above which requests in flight grow faster than throughput, when the suite found one.
    pub queue_knee_rps: Option<f64>,
    /// The rate at which the server fell over and the sweep stopped (`aborted_at_rps`), when it did.
    pub aborted_at_rps: Option<f64>,
    /// The configured rates of the steps the summary lists, in its order.
    pub listed_rates: Vec<f64>,
}

/// A validated sweep summary (read its fields through `Deref`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepSummary(SweepSummaryFields);

impl SweepSummary {
    /// Validates once: positive limits, each once, sorted; positive rates; figures not negative.
    pub fn new(mut fields: SweepSummaryFields) -> Result<SweepSummary, SuiteDataError> {
        let at = |what: &str| what.to_owned();
        for slo in &fields.capacity {
            positive(&at("capacity_by_slo_ms limit"), slo.limit_ms)?;
            if let Some(step) = &slo.at {
                positive(&at("configured_rps"), step.configured_rps)?;
                for (what, value) in [
                    ("achieved_rps", step.achieved_rps),
                    ("ttft_p95_ms", step.ttft_p95_ms),
                    ("output_tps", step.output_tok_s),
                    ("peak_concurrent", step.peak_concurrent),
                ] {
                    if let Some(value) = value {
                        non_negative(&at(what), value)?;
                    }
                }
            }
        }
        for (what, value) in [("queue_knee_rps", fields.queue_knee_rps), ("aborted_at_rps", fields.aborted_at_rps)] {
            if let Some(value) = value {
                positive(&at(what), value)?;
            }
        }
        for rate in &fields.listed_rates {
            positive(&at("steps[].configured_rps"), *rate)?;
        }
        fields.capacity.sort_by(|a, b| a.limit_ms.total_cmp(&b.limit_ms));
        if let Some(pair) = fields.capacity.windows(2).find(|pair| pair[0].limit_ms == pair[1].limit_ms) {
            let limit = pair[0].limit_ms;
            return Err(SuiteDataError::OutOfRange {
                what: at("a capacity_by_slo_ms limit given twice"),
                value: limit,
                low: limit,
                high: limit,
            });
        }
        Ok(SweepSummary(fields))
    }

    /// The reported capacity (configured req/s) at a limit; `None` when the summary has no such
    /// limit, or no step stayed under it.
    pub fn capacity_at(&self, limit_ms: f64) -> Option<f64> {
        self.capacity.iter().find(|slo| slo.limit_ms == limit_ms)?.at.map(|at| at.configured_rps)
    }
}

impl Deref for SweepSummary {
    type Target = SweepSummaryFields;

    // Read-only view: the fields stay as validated.
    fn deref(&self) -> &SweepSummaryFields {
        &self.0
    }
}
