//! Memory: the chosen budget and its sub-reducer (`state`), the figures shown (`view`), the
//! export (`export`) and the views (`section`, `bar`).

pub mod bar;
pub mod export;
pub mod section;
pub mod state;
pub mod view;
