//! Recomputation rules for claims the core has no function for (the core holds the sizing math:
//! streams, duty, headroom, KV, prefill).

use crate::dataset::model::Run;

impl Run {
    /// How many times the run's aggregate at its peak exceeds its aggregate at one request, and
    /// the concurrency of that peak; `None` without a 1-request aggregate or a later one.
    ///
    /// # Formula
    /// gain = max over points of aggregate tok/s / aggregate tok/s at concurrency 1 (the English
    /// seed: "aggregate throughput rises 10 to 120 times from one request to the peak"). Uses
    /// the run's own counter for both, so the ratio is counter-free.
    pub fn aggregate_gain(&self) -> Option<(f64, u32)> {
        let first = self.point(1)?.aggregate_tok_s?.value;
        let (peak, at) = self
            .points
            .iter()
            .filter(|p| p.concurrency > 1)
            .filter_map(|p| Some((p.aggregate_tok_s?.value, p.concurrency)))
            .max_by(|a, b| a.0.total_cmp(&b.0))?;
        Some((peak / first, at))
    }
}
