//! Sizing: the calculation and its result text (`calculation`, `summary`), worked steps and
//! export (`steps`, `export`, `stale`), the scenario's fragment keys (`fragment`), the run shown
//! (`run_ref`) and the views of the result (`views`). The other features use it; it uses none.

pub mod calculation;
pub mod export;
pub mod fragment;
pub mod run_ref;
pub mod stale;
pub mod steps;
pub mod summary;
pub mod views;
