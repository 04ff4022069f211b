//! A model nobody measured, from its architecture: the Spark's figures ([`spark`]), the global
//! efficiency constants fitted on the arena's closed-loop files ([`fit`], values in
//! [`constants`]), the engine a read architecture and a server's setup give ([`engine`]), that
//! engine as a person's run for the page's views ([`as_run`]), and
//! the leave-one-model-out check on the arena ([`calibrate`], `cargo xtask
//! calibrate-architecture`, docs/CALIBRATION-ARCHITECTURE.md), whose error a prediction shows
//! by its kind of input ([`measured_error`]). The files are read in
//! `sizer_import::architecture`.

pub mod answer;
pub mod arena;
pub mod as_run;
pub mod calibrate;
pub mod constants;
pub mod engine;
pub mod fit;
pub mod measured_error;
pub mod spark;

use sizer_core::architecture::Architecture;

/// An architecture as read from its files, with what was assumed.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadArchitecture {
    pub architecture: Architecture,
    /// The configuration's `model_type` (`gpt_oss`), or `short form`.
    pub model_type: String,
    /// The bulk weights' format (`MXFP4`).
    pub format: String,
    /// One sentence per field assumed or contradictory.
    pub notes: Vec<String>,
}
