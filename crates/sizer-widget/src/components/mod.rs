//! The widget's components, one file each.

pub mod charts;
pub mod error_text;
pub mod number_field;
pub mod sources;
pub mod tables;
