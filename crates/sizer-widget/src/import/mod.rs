//! Importing benchmark results: the panel's state (`state`), the imported runs kept in storage
//! and links (`imported`) and the panel (`panel`).

pub mod imported;
pub mod panel;
pub mod state;
