//! Sizing: the calculator's one reducer (`state`, with the features' sub-reducers in it), the
//! element's validated attributes (`config`), the URL fragment (`fragment`, `link`), the
//! calculation and its result text, worked steps and export (`calculation`, `summary`, `steps`,
//! `export`, `stale`), the chosen run (`run_ref`) and the views of the result (`views`).

pub mod calculation;
pub mod config;
pub mod export;
pub mod fragment;
pub mod link;
pub mod run_ref;
pub mod stale;
pub mod state;
pub mod steps;
pub mod summary;
pub mod views;
