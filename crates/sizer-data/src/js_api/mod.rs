//! The JS API's functions that belong to no single feature: `SparkSizer.size` (`size.rs`, public
//! as `api`) and `SparkSizer.simulate` (`simulate.rs`, public as `sim_api`), the custom element's
//! attributes (`element_attributes.rs`), and the test of every function's key table against the
//! request types it guards (`key_tables.rs`). `plan`, `memory` and `predict` read their JSON in
//! their own folders (`team`, `catalogue`, `predict`); the key tables all of them check against
//! are in `crate::api_keys`, below every folder.

pub mod element_attributes;
#[cfg(test)]
mod key_tables;
pub mod simulate;
pub mod size;
