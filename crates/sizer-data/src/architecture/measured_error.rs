//! Which error a prediction from an architecture shows: the one measured leave-one-model-out on
//! the arena's runs of its own kind of input. A model read from its `config.json` and one known
//! by its size alone (the short form: layers, KV cache and routing assumed) miss by different
//! amounts (docs/CALIBRATION-ARCHITECTURE.md, "Targets"), so neither may show the other's, nor
//! the two's pooled figure.

use super::constants::{ArchitectureError, MEASURED_ERROR_CONFIG, MEASURED_ERROR_SHORT_FORM};
use serde::Serialize;
use sizer_core::architecture::Architecture;

/// What a model's architecture was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// A configuration (`config.json`, and its quantisation file): the layout is read.
    Configuration,
    /// Total and active parameters alone (the short form): the layout is assumed.
    SizeOnly,
}

impl InputKind {
    /// Every kind, in the order the page names them.
    pub const ALL: [InputKind; 2] = [InputKind::Configuration, InputKind::SizeOnly];

    /// The kind of input `architecture` was read from: a layout comes from a configuration, a
    /// size from the short form.
    pub fn of(architecture: &Architecture) -> InputKind {
        match architecture {
            Architecture::Shape(_) => InputKind::Configuration,
            Architecture::Size(_) => InputKind::SizeOnly,
        }
    }
}

/// The error a prediction from `input` shows: the leave-one-model-out error of the arena's runs
/// predicted from the same kind of input (`cargo xtask calibrate-architecture`).
pub fn measured_error_for(input: InputKind) -> ArchitectureError {
    match input {
        InputKind::Configuration => MEASURED_ERROR_CONFIG,
        InputKind::SizeOnly => MEASURED_ERROR_SHORT_FORM,
    }
}
