//! Memory: the chosen budget and its sub-reducer (`state`), the figures shown (`view`), the
//! export (`export`) and the views (`section`, `bar`, `kv_pool_note`).
//!
//! Of the other features it uses only `sizing`: its export adds to the sizing's and its link keys
//! follow the sizing's fragment prefix.

pub mod bar;
pub mod export;
pub mod kv_pool_note;
pub mod section;
pub mod state;
pub mod view;
