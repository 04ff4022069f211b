//! Model facts (`data/models.json`): parameters, weights per quantisation, and the attention
//! layout the KV cache depends on, each figure with the source it was read at; plus, per run,
//! the KV-cache data type it used and how we know.
//!
//! A figure that could not be read at its source is marked `"unverified": true` or left out;
//! the calculator computes a KV pool only from verified figures.

use serde::{Deserialize, Serialize};

use crate::dataset::model::Source;

/// One figure and where it was read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sourced<T> {
    /// The value.
    pub v: T,
    /// Id of a [`Source`] in the catalogue or the dataset.
    pub source: String,
    /// Where in the source: `config.json: num_key_value_heads`, a model-card line.
    pub at: String,
    /// True when the value could not be read at the source (never used for a computed pool).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub unverified: bool,
    /// How the value follows from the source when it is not printed there as is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl<T: Copy> Sourced<T> {
    /// The value when it was read at its source.
    pub fn verified(&self) -> Option<T> {
        (!self.unverified).then_some(self.v)
    }
}

/// Weights of one quantisation, as published.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// The format's key, e.g. `MXFP4`, `AWQ 4-bit`, `BF16`; runs name it in [`RunCache::weights`].
    pub format: String,
    /// Size in GB (10^9 bytes).
    pub gb: Sourced<f64>,
}

/// Data type of the KV cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KvDtype {
    /// bfloat16, 2 bytes (vLLM's `auto` for a BF16 checkpoint).
    Bf16,
    /// float16, 2 bytes (llama.cpp's default `f16` cache).
    Fp16,
    /// 8-bit float, 1 byte (`--kv-cache-dtype fp8`).
    Fp8,
}

impl KvDtype {
    /// Bytes per stored element.
    pub fn bytes(self) -> f64 {
        match self {
            KvDtype::Bf16 | KvDtype::Fp16 => 2.0,
            KvDtype::Fp8 => 1.0,
        }
    }

    /// The name engines use: `bf16`, `fp16`, `fp8`.
    pub fn name(self) -> &'static str {
        match self {
            KvDtype::Bf16 => "bf16",
            KvDtype::Fp16 => "fp16",
            KvDtype::Fp8 => "fp8",
        }
    }
}

/// The attention layout that sets the KV cache's size.
///
/// Layers without a per-token cache (Mamba, Gated DeltaNet) are not counted; a field left out
/// is unknown, except `sliding_window_layers`, whose absence means every attention layer sees
/// the full context.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KvFacts {
    /// Attention layers that keep every token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_attention_layers: Option<Sourced<u32>>,
    /// Attention layers that keep only a window (gpt-oss alternates the two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sliding_window_layers: Option<Sourced<u32>>,
    /// Tokens a sliding-window layer keeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sliding_window_tokens: Option<Sourced<u32>>,
    /// Key/value heads per attention layer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kv_heads: Option<Sourced<u32>>,
    /// Dimension of one head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head_dim: Option<Sourced<u32>>,
    /// What else matters for the cache (attention sinks, linear-attention state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Everything known about one model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelFacts {
    /// The `model_id` runs use, e.g. `gpt-oss-120b`.
    pub id: String,
    /// Name as the model card gives it.
    pub name: String,
    /// Total parameters, billions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_params_b: Option<Sourced<f64>>,
    /// Parameters active per token, billions (all of them for a dense model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_params_b: Option<Sourced<f64>>,
    /// Weights per quantisation; the first is the one a memory plan uses by default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<Weights>,
    /// The attention layout.
    #[serde(default)]
    pub kv: KvFacts,
    /// Caveats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How a run's KV-cache data type is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DtypeBasis {
    /// The run (or its log) states it.
    Logged,
    /// The run does not say; the engine's documented default for this checkpoint.
    EngineDefault,
    /// Neither the run nor its engine is known well enough: the checkpoint's own data type.
    NotStated,
}

/// The KV-cache facts of one run of the dataset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunCache {
    /// Id of the run.
    pub run: String,
    /// The model's weights entry the run served (its `format`); absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<String>,
    /// KV-cache data type.
    pub kv_dtype: KvDtype,
    /// How the data type is known.
    pub basis: DtypeBasis,
    /// Id of the [`Source`] for the engine default, where one was read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Why, in words.
    pub note: String,
}

/// `data/models.json`: the model facts, their sources, and the per-run cache facts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelCatalog {
    /// Model cards, configs and reference code the facts were read at (ids distinct from the
    /// dataset's sources, which facts may also cite).
    pub sources: Vec<Source>,
    /// One entry per `model_id` in the dataset.
    pub models: Vec<ModelFacts>,
    /// One entry per sourced run.
    pub runs: Vec<RunCache>,
}
