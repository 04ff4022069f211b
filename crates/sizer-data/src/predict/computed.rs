//! Engines computed rather than fitted (a model's architecture, `architecture::as_run`), kept
//! for the runs built on them: a run names its engine in its `source` (`computed-engine-<n>`),
//! so the simulation and the load prediction find the engine itself again through any copy,
//! rename or change of setup of the run ([`computed_engine_of`]), never one fitted to the run's
//! predicted points. Kept while the program lives (a page builds a handful, a few kilobytes
//! each).

use crate::dataset::lookup::COMPUTED_SOURCE_PREFIX as SOURCE_PREFIX;
use crate::dataset::model::Run;
use sizer_core::sim::open_loop::EngineModel;
use std::sync::{Arc, Mutex, PoisonError};

/// Every engine kept, in order.
static KEPT: Mutex<Vec<Arc<ComputedEngine>>> = Mutex::new(Vec::new());

/// An engine computed, with what an answer on it says.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputedEngine {
    pub engine: EngineModel,
    /// Added to every predicted TTFT, s.
    pub request_wait_s: f64,
    /// The `model` an answer on it carries (what it came from, its constants, its error).
    pub model: serde_json::Value,
    /// The bytes and work per step it was computed from (weights, cache per token, state).
    pub physics: sizer_core::architecture::StepPhysics,
    /// What the architecture was read from, which says the error a prediction on it shows
    /// (`architecture::measured_error::measured_error_for`).
    pub input: sizer_core::architecture::InputKind,
}

/// Keeps `engine`; returns the `source` its run carries.
pub fn keep(engine: ComputedEngine) -> String {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    kept.push(Arc::new(engine));
    format!("{SOURCE_PREFIX}{}", kept.len() - 1)
}

/// The engine `run` was built on, when it was kept here.
pub fn computed_engine_of(run: &Run) -> Option<Arc<ComputedEngine>> {
    let index: usize = run.source.strip_prefix(SOURCE_PREFIX)?.parse().ok()?;
    KEPT.lock().unwrap_or_else(PoisonError::into_inner).get(index).cloned()
}
