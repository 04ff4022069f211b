//! Importing benchmark results: the panel's state (`state`), the imported runs kept in storage
//! and links (`imported`), the panel (`panel`) and the suites runs were imported from
//! (`suites`).
//!
//! Its actions change the one reducer's state directly (no sub-reducer of its own yet, unlike
//! the team's and the memory's), so applying them lives with that state in
//! `shell/state/import.rs`; this room does not import the shell.
//!
//! Of the other features it uses only `sizing`: its runs are shown as the sizing's `RunRef` and
//! travel in the sizing's fragment.

pub mod imported;
pub mod panel;
pub mod state;
pub mod suites;
