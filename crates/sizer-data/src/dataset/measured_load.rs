//! A server's measured open-loop load as the dataset holds it (`data/arena_loads.json`): each
//! `vllm bench serve` result of a run (the arena's tests 07 to 10 and its rate sweep, 11) as
//! one [`LoadRow`], and the capacity the suite itself reported at each p95 TTFT limit.
//!
//! Plain data, generated from the fixture files by `cargo xtask arena-data` through
//! `suite::as_run::measured_load` and checked against them by `tests/tests/data/arena_load.rs`;
//! its rules (validation, the capacity recomputed from the rows, the per-request speed) are in
//! `run/measured_load_data.rs`. This file is compiled into `build.rs` as well, which writes the
//! binary form the browser decodes (`loads.bin`, in the widget's second module).

use serde::{Deserialize, Serialize};

/// Every run's measured load, one document (`data/arena_loads.json`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MeasuredLoadTable {
    /// One entry per run that has a measured load, in the dataset's order.
    pub loads: Vec<RunMeasuredLoad>,
}

/// One run's measured open-loop load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMeasuredLoad {
    /// The dataset run the same server's closed-loop curves belong to.
    pub run: String,
    /// Single loads (`07-office-baseline` to `10-monday-peak`), in file order.
    pub tests: Vec<LoadRow>,
    /// The rate sweep's steps (`11-rate-sweep-<rate>.json`), by rising configured rate; empty
    /// when the sweep ran no step.
    pub sweep: Vec<LoadRow>,
    /// The sweep summary's file (`11-rate-sweep.json`), when it was among the files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_file: Option<String>,
    /// The capacity the summary reports at each p95 TTFT limit, by rising limit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reported: Vec<ReportedCapacity>,
    /// The rate above which requests in flight grow faster than throughput, when the suite
    /// found one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue_knee_rps: Option<f64>,
    /// The rate at which the server fell over and the sweep stopped, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aborted_at_rps: Option<f64>,
}

/// The capacity a suite reported at one p95 TTFT limit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportedCapacity {
    /// The limit (ms).
    pub limit_ms: f64,
    /// The highest configured rate (req/s) under it; `None` when no step was.
    pub rps: Option<f64>,
}

/// One measured load: what was sent and what came back, as its file gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoadRow {
    /// The file (`11-rate-sweep-0.5.json`).
    pub file: String,
    /// Configured request rate (req/s); `None` for `inf` (every request at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_per_s: Option<f64>,
    /// Gamma shape of the arrivals (1 is Poisson).
    pub burstiness: f64,
    /// `--max-concurrency`, when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_concurrency: Option<f64>,
    /// `--dataset-name` (`random`, `sharegpt`), when the run's report was among the files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dataset: Option<String>,
    /// `--random-input-len`, when stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configured_input_tokens: Option<f64>,
    /// `--random-output-len`, when stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configured_output_tokens: Option<f64>,
    /// `--random-range-ratio`, when stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_ratio: Option<f64>,
    /// Requests sent.
    pub sent: u32,
    /// Requests answered.
    pub completed: u32,
    /// Requests that failed.
    pub failed: u32,
    /// Prompt tokens over all completed requests.
    pub total_input_tokens: f64,
    /// Generated tokens over all completed requests.
    pub total_output_tokens: f64,
    /// Seconds from first request to last answer.
    pub duration_s: f64,
    /// Completed requests per second.
    pub achieved_rps: f64,
    /// Median time to first token (ms).
    pub ttft_p50_ms: f64,
    /// 95th-percentile time to first token (ms).
    pub ttft_p95_ms: f64,
    /// 99th-percentile time to first token (ms).
    pub ttft_p99_ms: f64,
    /// Median time per output token after the first (ms).
    pub median_tpot_ms: f64,
    /// 99th-percentile time per output token (ms).
    pub p99_tpot_ms: f64,
    /// Generated tok/s over the run.
    pub output_tok_s: f64,
    /// Most requests in flight at once, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_in_flight: Option<f64>,
}
