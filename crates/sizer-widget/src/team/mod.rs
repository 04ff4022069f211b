//! The team: its inputs and sub-reducer (`state`), its link keys (`fragment`), its worked steps
//! (`steps`), its export (`export`) and its panel (`panel`).
//!
//! Of the other features it uses only `sizing`: its worked steps and export are written with the
//! sizing's (`sizing::steps`, `sizing::export`) and its link keys beside the sizing's fragment.

pub mod export;
pub mod fragment;
pub mod panel;
pub mod state;
pub mod steps;
