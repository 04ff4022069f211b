//! The JS API's tests in one binary, run natively: every function's keys, and
//! `SparkSizer.predict` (worked examples, arena run ids, generated input), `SparkSizer.readLogs`. One module per former
//! test file; `support` is shared with the other binaries of `tests/`.
//! Run one module: `cargo test -p sizer-tests --test api predict::`.

#[path = "../support/mod.rs"]
mod support;

mod architecture;
mod architecture_run;
mod keys;
mod predict;
mod predict_arena_ids;
mod predict_properties;
mod read_logs;
mod size_simulate;
