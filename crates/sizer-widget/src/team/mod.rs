//! The team: its inputs and sub-reducer (`state`), its link keys (`fragment`), its worked steps
//! (`steps`), its export (`export`) and its panel (`panel`).

pub mod export;
pub mod fragment;
pub mod panel;
pub mod state;
pub mod steps;
