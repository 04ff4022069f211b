//! The memory question as JSON, for the JS API `SparkSizer.memory(json)`: which models to keep
//! loaded, the budget and the context in; weights, the cache left and each model's sessions out.
//!
//! ```json
//! {"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": 115, "context_tokens": 8192}
//! ```
//! A model may also be an object: `{"id": "gpt-oss-20b", "format": "MXFP4", "kv_dtype": "fp8",
//! "share": 0.25}` or `{"id": ..., "expected_sessions": 40}`. The math is
//! [`sizer_core::memory::plan_memory`]; this module only resolves model ids to their sourced facts.

use core::fmt;

use serde::{Deserialize, Serialize};
use sizer_core::{MemoryError, ResidentModel, plan_memory};

use crate::api_keys::{KeyError, MEMORY, check_keys};
use crate::catalogue::model_facts::{KvDtype, ModelCatalog};

/// One model to keep loaded: its id, or the id with choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "each model must be an id or an object with \"id\" and any of \"format\", \"kv_dtype\" (bf16, fp16, fp8), \"share\", \"expected_sessions\""
)]
pub enum ModelChoice {
    /// Just the `model_id`: its first published weights, a BF16 cache, the default split.
    Id(String),
    /// The `model_id` with choices.
    Detailed(ModelChoiceDetail),
}

/// A model with choices; every field but `id` may be left out. Unknown keys are refused by
/// [`MemoryRequest::from_json`] ([`crate::api_keys::MEMORY`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelChoiceDetail {
    /// The `model_id`, e.g. `gpt-oss-120b`.
    pub id: String,
    /// The weights entry (`MXFP4`, `BF16`, ...); default: the model's first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The cache data type; default `bf16`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kv_dtype: Option<KvDtype>,
    /// Share of the pool (normalised over the models; all models or none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<f64>,
    /// Sessions expected on this model (the default split follows them; default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_sessions: Option<f64>,
}

impl ModelChoice {
    fn detail(&self) -> ModelChoiceDetail {
        match self {
            ModelChoice::Id(id) => {
                ModelChoiceDetail { id: id.clone(), format: None, kv_dtype: None, share: None, expected_sessions: None }
            }
            ModelChoice::Detailed(detail) => detail.clone(),
        }
    }
}

/// The question; [`MemoryRequest::from_json`] refuses a key it does not read, naming its path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryRequest {
    /// The models kept loaded together.
    pub models: Vec<ModelChoice>,
    /// Working budget for weights and cache, GB (102 to 115 on one DGX Spark).
    pub budget_gb: f64,
    /// Held back besides weights (activations, CUDA graphs), GB; default 0, as the German seed.
    #[serde(default)]
    pub overhead_gb: f64,
    /// Tokens per session.
    pub context_tokens: f64,
}

/// One model's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelMemory {
    pub id: String,
    /// The weights entry used and its size, GB, with the id of its source.
    pub format: String,
    pub weights_gb: f64,
    pub weights_source: String,
    pub kv_dtype: KvDtype,
    /// Average KV bytes per token at the context.
    pub kv_bytes_per_token: f64,
    /// Share of the pool, 0..1.
    pub share: f64,
    /// This model's part of the pool, GB and tokens.
    pub kv_gb: f64,
    pub pool_tokens: f64,
    /// Sessions at the context, whole (rounded down) and unrounded.
    pub sessions: u64,
    pub sessions_unrounded: f64,
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryResponse {
    pub budget_gb: f64,
    pub overhead_gb: f64,
    /// Weights of all the models, GB.
    pub weights_gb: f64,
    /// Pool left for the KV cache, GB.
    pub kv_left_gb: f64,
    pub context_tokens: f64,
    /// In the order asked.
    pub models: Vec<ModelMemory>,
}

/// Why a memory question has no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum MemoryRequestError {
    /// Not JSON of the request's shape (serde's message).
    Json(String),
    /// No model with this id.
    UnknownModel(String),
    /// No published weights for this model (in this format, when one was named).
    NoWeights { model: String, format: Option<String> },
    /// A figure of the model's architecture is missing or unverified.
    Architecture { model: String, figure: &'static str },
    /// The numbers do not plan (bad budget, context, shares; weights over budget).
    Plan(MemoryError),
}

impl fmt::Display for MemoryRequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoryRequestError::Json(message) => write!(f, "the memory request is not valid: {message}"),
            MemoryRequestError::UnknownModel(id) => write!(f, "there is no model with id {id:?}"),
            MemoryRequestError::NoWeights { model, format: None } => {
                write!(f, "{model}: no published size of its weights")
            }
            MemoryRequestError::NoWeights { model, format: Some(format) } => {
                write!(f, "{model}: no published size of its {format} weights")
            }
            MemoryRequestError::Architecture { model, figure } => {
                write!(f, "{model}: its {figure} could not be read at a source, so its cache cannot be sized")
            }
            MemoryRequestError::Plan(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for MemoryRequestError {}

impl MemoryRequest {
    /// Parses a request: a key it does not read is refused, naming its path (`models[1].shar`).
    pub fn from_json(json: &str) -> Result<MemoryRequest, MemoryRequestError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| MemoryRequestError::Json(e.to_string()))?;
        check_keys(&value, &MEMORY).map_err(|e| MemoryRequestError::Json(e.to_string()))?;
        let request: MemoryRequest =
            serde_json::from_value(value).map_err(|e| MemoryRequestError::Json(e.to_string()))?;
        // With shares (all models or none), the split follows them: expected sessions are unread.
        let details: Vec<ModelChoiceDetail> = request.models.iter().map(ModelChoice::detail).collect();
        let unread = details.iter().position(|d| d.expected_sessions.is_some());
        if let Some(index) = unread.filter(|_| details.iter().any(|d| d.share.is_some())) {
            let because = "when the models have shares (the pool is split by the shares)".to_owned();
            let error = KeyError::Unread { path: format!("models[{index}].expected_sessions"), because };
            return Err(MemoryRequestError::Json(error.to_string()));
        }
        Ok(request)
    }
}

/// Answers a memory question from the catalogue's sourced facts.
///
/// # Formula
/// [`sizer_core::memory::plan_memory`]: `kv_left = budget - sum(weights) - overhead`, split by shares
/// (or by expected sessions), each part in sessions at the context. German seed: gpt-oss-120b
/// (65.3 GB) + gpt-oss-20b (13.8 GB) = 79.1 GB of weights; 102 to 115 GB leaves 22.9 to 35.9 GB.
pub fn memory(catalog: &ModelCatalog, request: &MemoryRequest) -> Result<MemoryResponse, MemoryRequestError> {
    let mut resident = Vec::with_capacity(request.models.len());
    let mut picked = Vec::with_capacity(request.models.len());
    for choice in &request.models {
        let detail = choice.detail();
        let model = catalog.model(&detail.id).ok_or_else(|| MemoryRequestError::UnknownModel(detail.id.clone()))?;
        let weights = match &detail.format {
            Some(format) => model.weights_of(format),
            None => model.weights.first(),
        };
        let no_weights = || MemoryRequestError::NoWeights { model: detail.id.clone(), format: detail.format.clone() };
        let weights = weights.ok_or_else(no_weights)?;
        let weights_gb = weights.gb.verified().ok_or_else(no_weights)?;
        let kv_dtype = detail.kv_dtype.unwrap_or(KvDtype::Bf16);
        let kv = model
            .kv_architecture(kv_dtype)
            .map_err(|figure| MemoryRequestError::Architecture { model: detail.id.clone(), figure })?;
        resident.push(ResidentModel {
            weights_gb,
            kv,
            share: detail.share,
            expected_sessions: detail.expected_sessions.unwrap_or(1.0),
        });
        picked.push((detail.id, weights, kv_dtype));
    }
    let plan = plan_memory(request.budget_gb, request.overhead_gb, &resident, request.context_tokens)
        .map_err(MemoryRequestError::Plan)?;
    let models = picked
        .into_iter()
        .zip(&plan.parts)
        .map(|((id, weights, kv_dtype), part)| ModelMemory {
            id,
            format: weights.format.clone(),
            weights_gb: weights.gb.v,
            weights_source: weights.gb.source.clone(),
            kv_dtype,
            kv_bytes_per_token: part.kv_bytes_per_token,
            share: part.share,
            kv_gb: part.kv_gb,
            pool_tokens: part.pool_tokens,
            sessions: part.sessions,
            sessions_unrounded: part.sessions_unrounded,
        })
        .collect();
    Ok(MemoryResponse {
        budget_gb: plan.budget_gb,
        overhead_gb: plan.overhead_gb,
        weights_gb: plan.weights_gb,
        kv_left_gb: plan.kv_left_gb,
        context_tokens: plan.context_tokens,
        models,
    })
}

/// The JS API's whole step: request JSON in, response JSON out, or `{"error": "<one sentence>"}`.
pub fn memory_json(catalog: &ModelCatalog, json: &str) -> String {
    let answer = MemoryRequest::from_json(json).and_then(|request| memory(catalog, &request));
    let encoded = match &answer {
        Ok(response) => serde_json::to_string(response).map_err(|e| e.to_string()),
        Err(error) => Err(error.to_string()),
    };
    encoded.unwrap_or_else(|message| serde_json::json!({ "error": message }).to_string())
}
