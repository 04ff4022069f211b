//! The global efficiency constants fitted on all the arena's closed-loop files, and the
//! leave-one-model-out error measured with them, as `cargo xtask calibrate-architecture` wrote
//! them (`data/architecture_calibration.rs`).

use sizer_core::architecture::Efficiency;

/// The leave-one-model-out error on the arena (docs/CALIBRATION-ARCHITECTURE.md), over all its
/// runs or over those of one kind of input (`measured_error`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ArchitectureError {
    /// The arena runs counted.
    pub runs: usize,
    /// `01-chat` per-request decode speed at concurrency 1, 5, 10 within 20 %: hits, points.
    pub decode_within_20: (usize, usize),
    /// Capacity at a 5 s p95 TTFT within one rate step: hits, runs.
    pub capacity_within_one_step: (usize, usize),
    /// Sweep p95 TTFT within 35 % where the measured p95 is at most 10 s: hits, steps.
    pub ttft_within_35: (usize, usize),
}

include!("../../data/architecture_calibration.rs");
