//! A model's engine from its architecture: the shape a `config.json` gives ([`shape`]), its
//! weights and the bytes a decode step reads ([`weights`]: dense weights once, the routed
//! experts a batch touches), its cache ([`cache`]: KV per token by layer kind, recurrent state
//! per sequence), its arithmetic ([`work`]), all of it as one engine's inputs ([`physics`],
//! also from a model card's total and active parameters), and the step coefficients those give
//! on a machine with a few global efficiency constants ([`coefficients`]). docs/SIMULATION.md,
//! "An engine from the architecture".

pub mod cache;
pub mod coefficients;
pub mod physics;
pub mod shape;
pub mod weights;
pub mod work;

pub use coefficients::{
    ArchitectureCoefficients, EFFICIENCY_TERMS, Efficiency, MachineRates, architecture_coefficients, decode_terms,
    kv_pool_tokens, project_weights, prompt_terms, sessions_in_budget,
};
pub use physics::{
    Architecture, ComputeFormat, ExpertPool, InputKind, ModelSize, SizeError, StepPhysics, shape_physics, size_physics,
};
pub use shape::{AttentionLayers, LinearAttentionLayers, MambaLayers, ModelShape, MoeLayers, ShapeError, WeightBytes};
