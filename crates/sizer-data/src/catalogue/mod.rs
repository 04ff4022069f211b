//! The model catalogue (`data/models.json`): each model's parameters, weights and KV-cache
//! architecture with its source (`model_facts.rs`), its embedded forms and validation
//! (`catalog.rs`, the binary codec in `wire.rs`), the KV limit it gives every run
//! (`kv_limit.rs`), the size of a model's or a run's weights, published or computed from its
//! parameters (`weights_size.rs`), and which models fit together in memory (`memory.rs`,
//! `SparkSizer.memory`).
//! Built on the dataset (`crate::dataset`), below the runs that read it.

pub mod catalog;
pub mod kv_limit;
pub mod memory;
pub mod model_facts;
pub mod weights_size;
pub mod wire;
