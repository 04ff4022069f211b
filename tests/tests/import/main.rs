//! The importers' tests in one binary (`sizer-import`): every real benchmark output in
//! `tests/fixtures/` and every format, malformed input refused in one sentence, the setup a file
//! states, the DGX Spark arena and whole suite folders, imported runs as dataset runs, the share
//! URL's point list, and bounded fuzzing. One module per former test file; `support` is shared
//! with the other binaries of `tests/`. Run one module: `cargo test -p sizer-tests --test import fixtures::`.

#[path = "../support/mod.rs"]
mod support;

mod arena;
mod basis_source;
mod fixtures;
mod formats;
mod fuzz;
mod logs;
mod malformed;
mod malformed_formats;
mod new_formats;
mod setup;
mod share;
mod suite_fuzz;
mod suite_run;
mod to_run;
