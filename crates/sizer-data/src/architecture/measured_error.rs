//! Which error a prediction from an architecture shows: the one measured leave-one-model-out on
//! the arena's runs of its own kind of input ([`InputKind`]). A model read from its
//! `config.json` and one known by its size alone (the short form: layers, KV cache and routing
//! assumed) miss by different amounts (docs/CALIBRATION-ARCHITECTURE.md, "By input"), so neither
//! may show the other's, nor the two's pooled figure.

use super::constants::{ArchitectureError, MEASURED_ERROR_CONFIG, MEASURED_ERROR_SHORT_FORM};
pub use sizer_core::architecture::InputKind;

/// The error a prediction from `input` shows: the leave-one-model-out error of the arena's runs
/// predicted from the same kind of input (`cargo xtask calibrate-architecture`).
pub fn measured_error_for(input: InputKind) -> ArchitectureError {
    match input {
        InputKind::Configuration => MEASURED_ERROR_CONFIG,
        InputKind::SizeOnly => MEASURED_ERROR_SHORT_FORM,
    }
}
