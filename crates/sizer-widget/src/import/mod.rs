//! Importing benchmark results: the panel's state (`state`), the imported runs kept in storage
//! and links (`imported`) and the panel (`panel`).
//!
//! The one feature that uses the shell: its actions change the shell's reducer state
//! (`shell::state::SizerState`) directly rather than through a sub-reducer of their own, so
//! `import` and `shell` import each other (a cycle the tidy test lists by name until the import
//! gets a sub-reducer like the team's and the memory's).

pub mod imported;
pub mod panel;
pub mod state;
