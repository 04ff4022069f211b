//! The one enum for what a speed figure measures, apart from its rules (`curve.rs`) so the
//! build script, which encodes imported runs' [`crate::ImportedFrom`], can include it alone.

use serde::{Deserialize, Serialize};

/// What a speed figure measures, and so how the core converts it to per-request tok/s: which
/// figure of a run's points became its curve, and which an imported file's curve uses (the
/// import crate maps its files' keys onto these).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CurveBasis {
    /// The per-request tok/s figure.
    PerRequest,
    /// 1000 / median TPOT (ms).
    MedianTpot,
    /// 1000 / mean TPOT (ms).
    MeanTpot,
    /// Aggregate tok/s divided by the concurrency.
    AggregateOverConcurrency,
    /// 1000 / inter-token latency (ms): the gap after the first token, what vLLM calls TPOT, as
    /// GuideLLM, AIPerf and old SGLang files name it. Only an imported file carries it (a run's
    /// point keeps what we derived from it as its per-request figure), so a run never picks it.
    InterTokenLatency,
}
