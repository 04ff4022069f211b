//! The widget's tests that need no browser, in one binary: the markup of its server-side render
//! (Yew's `ssr` feature, as the build prerenders it; those modules are compiled only with that
//! feature) and the URL fragment fuzzed natively. `cargo xtask test` runs them with
//! `cargo test -p sizer-widget --no-default-features --features ssr`; one module:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native team::`.
//! proptest keeps the fuzzing's failing cases in `tests/proptest-regressions/fragment_fuzz.txt`.
#![cfg(not(target_arch = "wasm32"))]

mod fragment_fuzz;

#[cfg(feature = "ssr")]
mod support;

#[cfg(feature = "ssr")]
mod advice;
#[cfg(feature = "ssr")]
mod charts_tables;
#[cfg(feature = "ssr")]
mod element;
#[cfg(feature = "ssr")]
mod headline;
#[cfg(feature = "ssr")]
mod import_architecture;
#[cfg(feature = "ssr")]
mod import_suite;
#[cfg(feature = "ssr")]
mod load_link;
#[cfg(feature = "ssr")]
mod load_prediction;
#[cfg(feature = "ssr")]
mod log_ranking;
mod log_words;
#[cfg(feature = "ssr")]
mod markup;
#[cfg(feature = "ssr")]
mod measured_load;
#[cfg(feature = "ssr")]
mod memory;
#[cfg(feature = "ssr")]
mod team;
#[cfg(feature = "ssr")]
mod workload;
