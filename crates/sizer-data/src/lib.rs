//! The sourced dataset.
