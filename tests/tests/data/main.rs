//! The dataset's tests in one binary (`sizer-data`): the embedded dataset and its binary form,
//! the seed tables, claims, advice and provenance, bad data refused by path, the arena's runs and
//! loads, the team plan and the typed prediction, KV limits, models and memory budgets, and the
//! calibration. One module per former test file; `support` is shared with the other binaries of
//! `tests/`. Run one module: `cargo test -p sizer-tests --test data seed_tables::`.

#[path = "../support/mod.rs"]
mod support;

mod advice;
mod architecture_calibration;
mod arena;
mod arena_load;
mod binary;
mod calibration;
mod claims;
mod derived;
mod errors;
mod kv_limit_runs;
mod load;
mod memory_budget;
mod models_kv_bytes;
mod plan;
mod prediction;
mod provenance;
mod run_scenario;
mod run_weights;
mod seed_tables;
mod servers;
mod step_floors;
mod suite;
