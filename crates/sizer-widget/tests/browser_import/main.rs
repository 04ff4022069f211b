//! Widget component tests of the import panel, imported hardware and the memory section, run in headless Chromium with wasm-bindgen-test
//! (`cargo xtask test` sets up the runner and the driver): mount the app, type, pick and click as
//! a person would, and check what the page shows. The component tests are split over a few
//! binaries of a dozen or two tests each (modules in `tests/browser/`): each binary is one page,
//! and instances of all its tests stay mounted there, so one page of all of them kept the
//! renderer from answering the driver for 30 s on a loaded machine. Run one:
//! `cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_import` with the
//! wasm-bindgen test runner and CHROMEDRIVER set (see crates/xtask/src/test.rs).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "../browser/support.rs"]
mod support;

#[path = "../browser/import_architecture.rs"]
mod import_architecture;
#[path = "../browser/import_panel.rs"]
mod import_panel;
#[path = "../browser/imported_hardware.rs"]
mod imported_hardware;
#[path = "../browser/memory.rs"]
mod memory;
