//! One server measured by a benchmark suite (the DGX Spark arena: `tests/fixtures/arena/`): its
//! setup, its closed-loop workloads (llama-benchy curves at fixed concurrency) and its measured
//! open-loop load (`vllm bench serve` at a request rate, and a rate sweep with its summary).
//!
//! These types stand beside the dataset's [`crate::Run`]: a [`SuiteRun`] holds every workload and
//! load step its files gave, a dataset run its closed-loop workloads ([`as_run`]). Every
//! value is validated once by its constructor ([`ClosedLoopWorkload::new`], [`LoadStep::new`],
//! [`SweepSummary::new`], [`SuiteSetup::new`]), which returns a [`SuiteDataError`] (one sentence)
//! for a value that is not finite, not positive where it must be, or out of order. The one data
//! rule of the types is the capacity by p95 TTFT limit recomputed from the sweep's steps
//! ([`MeasuredLoad::recomputed_capacity`], `capacity.rs`). The calibration's rules sit beside
//! them: [`engine_inputs`] (the fit's points and the engine's setup), [`load_inputs`] (a step as
//! a load), [`baseline`] (today's simulation), [`calibrate`] (one run's procedure) and
//! [`summary`] (the errors against the targets), [`tpot_error`] (median TPOT by request rate
//! and by batch ratio, a prediction's error band), `docs/CALIBRATION.md`; and [`as_run`]: such a
//! server as the dataset's run of several workloads (`data/arena.json`).

pub mod as_run;
pub mod baseline;
pub mod calibrate;
pub mod calibration_summary;
mod capacity;
pub mod conversation_error;
pub mod engine_inputs;
mod error;
pub mod load_inputs;
mod load_step;
mod server_setup;
pub mod step_floors;
pub mod summary;
mod sweep;
pub mod tpot_error;
mod workload;

/// The DGX Spark arena's 19 runs this repository holds, as folders of `tests/fixtures/arena/`
/// (model family / model / precision), in the order the calibration lists them.
pub const ARENA_FOLDERS: [&str; 19] = [
    "gemma-4/gemma-4-26b-a4b-it/bf16",
    "gemma-4/gemma-4-26b-a4b-it/bf16-v23",
    "gemma-4/gemma-4-31b-it/bf16",
    "gemma-4/gemma-4-e2b-it/bf16",
    "gpt-oss/gpt-oss-20b/mxfp4",
    "kat-coder/kat-coder-v2.5/bf16",
    "ministral-3/ministral-3-3b-instruct/bf16",
    "ministral-3/ministral-3-8b-instruct/bf16",
    "muse-glimmer/muse-glimmer-30b/bf16",
    "nemotron-3/nemotron-3-nano-30b-a3b/bf16",
    "nemotron-3/nemotron-3-nano-30b-a3b/nvfp4",
    "nemotron-3/nemotron-3-nano-4b/fp8",
    "nemotron-3/nemotron-3-nano-omni-30b-a3b-reasoning/fp8",
    "nemotron-cascade-2/nemotron-cascade-2-30b-a3b/bf16",
    "qwen-3.5/qwen-3.5-0.8b/bf16",
    "qwen-3.5/qwen-3.5-4b/bf16",
    "qwen-3.6/qwen-3.6-27b/bf16",
    "qwen-3.6/qwen-3.6-35b-a3b/fp8",
    "qwen-3.8/qwen-3.8-27b/bf16",
];

pub use capacity::{MeasuredLoad, SLO_LIMITS_MS, capacity_of, capacity_rps};
pub use error::SuiteDataError;
pub use load_step::{ConfiguredLengths, LoadStep, LoadStepFields, Percentiles};
pub use server_setup::{SuiteSetup, SuiteSetupFields};
pub use sweep::{CapacityAt, SloCapacity, SweepSummary, SweepSummaryFields};
pub use workload::{ClosedLoopWorkload, Measured, PointSource, WorkloadFields, WorkloadKind, WorkloadPoint};

use serde::Serialize;

/// One server as a suite measured it: what its files gave, each part validated.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SuiteRun {
    /// The model the server ran (the setup's model id, else the one the files name).
    pub model: String,
    /// The server's setup (`meta.json`), when it was among the files.
    pub setup: Option<SuiteSetup>,
    /// Closed-loop workloads, in the order of their files and rows.
    pub workloads: Vec<ClosedLoopWorkload>,
    /// The measured open-loop load.
    pub load: MeasuredLoad,
}
