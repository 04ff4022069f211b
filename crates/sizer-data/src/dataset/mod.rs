//! The dataset itself, the crate's bottom layer: the types of its sources, runs, facts, claims
//! and advice (`model.rs`, with a run's stated setup in `setup.rs`, dates in `date.rs`, sourced
//! numbers in `figure.rs`, the arena's measured loads in `measured_load.rs`), the embedded JSON
//! and binary forms and their loading (`embedded.rs`, the codec in `wire.rs`), validation with
//! its errors (`validate.rs`, `error.rs`), and lookups over the loaded data (`lookup.rs`,
//! `advice.rs`). Nothing here imports another folder of the crate; `build.rs` compiles the
//! types and the codec into itself to write the binaries.

pub mod advice;
pub mod date;
pub mod embedded;
pub mod error;
pub mod figure;
pub mod lookup;
pub mod measured_load;
pub mod model;
pub mod setup;
pub mod validate;
pub mod wire;
