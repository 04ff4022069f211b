//! The Spark Sizer widget: a Yew calculator that sizes a team on a DGX Spark from published
//! benchmarks, shows its work and cites every figure.
//!
//! Module map: `state` (Reducible state + Action), `app` (the calculator), `components/` (one
//! file each), `i18n/` (message tables, number formats), `input` (field specs and parsing),
//! `config` (validated `data-*` attributes), `fragment` (URL fragment codec), `export`
//! (Markdown + JSON), `mount` (browser entry points and the `window.SparkSizer` API).

pub mod app;
pub mod chart;
pub mod components;
pub mod config;
pub mod fragment;
pub mod i18n;
pub mod imported;
pub mod input;
pub mod outcome;
pub mod state;
pub mod summary;
pub mod work;

#[cfg(target_arch = "wasm32")]
mod mount;

pub use app::{App, AppProps};
