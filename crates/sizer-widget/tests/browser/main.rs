//! The widget's component tests in one binary, run in headless Chromium with wasm-bindgen-test
//! (`cargo xtask test` sets up the runner and the driver): mount the app, type, pick and click as
//! a person would, and check what the page shows, its links, exports and storage. One module per
//! former test file, all sharing `support` (with `share_links.rs`, a binary of its own). Run
//! one module: `cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser calculator::`
//! with the wasm-bindgen test runner and CHROMEDRIVER set (see crates/xtask/src/test.rs).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod support;

mod advice_claims;
mod calculator;
mod charts_tables;
mod exports;
mod headline;
mod import_panel;
mod imported_hardware;
mod layout_i18n;
mod leftovers;
mod memory;
mod provenance_tables;
mod simulation;
mod team;
