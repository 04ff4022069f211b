//! The memory question as JSON, for the JS API `SparkSizer.memory(json)`: which models to keep
//! loaded, the budget and the context in; weights, the cache left and each model's sessions out.
//!
//! ```json
//! {"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": 115, "context_tokens": 8192}
//! ```
//! A model may also be an object: `{"id": "gpt-oss-20b", "format": "MXFP4", "kv_dtype": "fp8",
//! "share": 0.25}` or `{"id": ..., "expected_sessions": 40}`, or a run of the dataset:
//! `{"run": "<run id>"}` (its model, the weights it served, its cache data type). Weights are the
//! published size where the catalogue has one, else computed from the model's parameters
//! ([`crate::catalogue::weights_size`]), and the answer says which. The math is
//! [`sizer_core::memory::plan_memory`]; this module only resolves models to their sourced facts.

use core::fmt;

use serde::{Deserialize, Serialize};
use sizer_core::{MemoryError, ResidentModel, plan_memory};

use crate::api_keys::{KeyError, MEMORY, check_keys};
use crate::catalogue::model_facts::{KvDtype, ModelCatalog};
use crate::catalogue::weights_size::{
    NoWeightsSize, WeightsBasis, WeightsSize, default_weights, run_weights, weights_size,
};
use crate::dataset::model::Dataset;

/// One model to keep loaded: its id, or the id with choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "each model must be an id or an object with \"id\" (or \"run\") and any of \"format\", \"kv_dtype\" (bf16, fp16, fp8), \"share\", \"expected_sessions\""
)]
pub enum ModelChoice {
    /// Just the `model_id`: its first published weights (else BF16 computed from its
    /// parameters), a BF16 cache, the default split.
    Id(String),
    /// The `model_id` with choices.
    Detailed(ModelChoiceDetail),
}

/// A model with choices; every field but `id` may be left out. Unknown keys are refused by
/// [`MemoryRequest::from_json`] ([`crate::api_keys::MEMORY`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelChoiceDetail {
    /// The `model_id`, e.g. `gpt-oss-120b`; or else `run`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// A run's id: its model with the weights it served and its cache data type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The weights format (`MXFP4`, `BF16`, ...); default: the model's first published (else
    /// BF16), or the run's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The cache data type; default `bf16`, or the run's.
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
            ModelChoice::Id(id) => ModelChoiceDetail {
                id: Some(id.clone()),
                run: None,
                format: None,
                kv_dtype: None,
                share: None,
                expected_sessions: None,
            },
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
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelMemory {
    /// The `model_id`, and the run's id when the entry was a run.
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The weights format used and its size, GB: published (with its source) or computed.
    pub format: String,
    pub weights_gb: f64,
    pub weights_basis: WeightsBasis,
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
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// No run with this id.
    UnknownRun(String),
    /// The size of the weights is neither published nor computable (why, as a type).
    NoWeights(NoWeightsSize),
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
            MemoryRequestError::UnknownRun(id) => write!(f, "there is no run with id {id:?}"),
            MemoryRequestError::NoWeights(why) => write!(f, "{why}"),
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
        if let Some(index) = details.iter().position(|d| d.id.is_some() == d.run.is_some()) {
            let message = format!("models[{index}] needs exactly one of \"id\" and \"run\"");
            return Err(MemoryRequestError::Json(message));
        }
        if let Some(index) = unread.filter(|_| details.iter().any(|d| d.share.is_some())) {
            let because = "when the models have shares (the pool is split by the shares)".to_owned();
            let error = KeyError::Unread { path: format!("models[{index}].expected_sessions"), because };
            return Err(MemoryRequestError::Json(error.to_string()));
        }
        Ok(request)
    }
}

/// Answers a memory question from the catalogue's sourced facts (`dataset` for the runs named).
///
/// # Formula
/// [`sizer_core::memory::plan_memory`]: `kv_left = budget - sum(weights) - overhead`, split by shares
/// (or by expected sessions), each part in sessions at the context. German seed: gpt-oss-120b
/// (65.3 GB) + gpt-oss-20b (13.8 GB) = 79.1 GB of weights; 102 to 115 GB leaves 22.9 to 35.9 GB.
pub fn memory(
    catalog: &ModelCatalog,
    dataset: &Dataset,
    request: &MemoryRequest,
) -> Result<MemoryResponse, MemoryRequestError> {
    let mut resident = Vec::with_capacity(request.models.len());
    let mut picked = Vec::with_capacity(request.models.len());
    for choice in &request.models {
        let detail = choice.detail();
        let (weights, run_dtype) = resolve(catalog, dataset, &detail)?;
        let model =
            catalog.model(&weights.model).ok_or_else(|| MemoryRequestError::UnknownModel(weights.model.clone()))?;
        let kv_dtype = detail.kv_dtype.or(run_dtype).unwrap_or(KvDtype::Bf16);
        let kv = model
            .kv_architecture(kv_dtype)
            .map_err(|figure| MemoryRequestError::Architecture { model: model.id.clone(), figure })?;
        resident.push(ResidentModel {
            weights_gb: weights.gb,
            kv,
            share: detail.share,
            expected_sessions: detail.expected_sessions.unwrap_or(1.0),
        });
        picked.push((detail.run, weights, kv_dtype));
    }
    let plan = plan_memory(request.budget_gb, request.overhead_gb, &resident, request.context_tokens)
        .map_err(MemoryRequestError::Plan)?;
    let models = picked
        .into_iter()
        .zip(&plan.parts)
        .map(|((run, weights, kv_dtype), part)| ModelMemory {
            id: weights.model,
            run,
            format: weights.format,
            weights_gb: weights.gb,
            weights_basis: weights.basis,
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

/// The weights of one entry (a run's, or a model's in the format named, else its first
/// published, else BF16 computed) and the run's cache data type where the entry is a run.
fn resolve(
    catalog: &ModelCatalog,
    dataset: &Dataset,
    detail: &ModelChoiceDetail,
) -> Result<(WeightsSize, Option<KvDtype>), MemoryRequestError> {
    if let Some(run_id) = &detail.run {
        let run = dataset.run(run_id).ok_or_else(|| MemoryRequestError::UnknownRun(run_id.clone()))?;
        let weights = match &detail.format {
            Some(format) => {
                let model = catalog
                    .model(&run.model_id)
                    .ok_or_else(|| MemoryRequestError::UnknownModel(run.model_id.clone()))?;
                weights_size(model, format)
            }
            None => run_weights(catalog, run),
        };
        let dtype = catalog.run_cache(run_id).map(|cache| cache.kv_dtype);
        return Ok((weights.map_err(MemoryRequestError::NoWeights)?, dtype));
    }
    let id = detail.id.as_deref().unwrap_or_default();
    let model = catalog.model(id).ok_or_else(|| MemoryRequestError::UnknownModel(id.to_owned()))?;
    let weights = match &detail.format {
        Some(format) => weights_size(model, format),
        None => default_weights(model),
    };
    Ok((weights.map_err(MemoryRequestError::NoWeights)?, None))
}

/// The JS API's whole step: request JSON in, response JSON out, or `{"error": "<one sentence>"}`.
pub fn memory_json(catalog: &ModelCatalog, dataset: &Dataset, json: &str) -> String {
    let answer = MemoryRequest::from_json(json).and_then(|request| memory(catalog, dataset, &request));
    let encoded = match &answer {
        Ok(response) => serde_json::to_string(response).map_err(|e| e.to_string()),
        Err(error) => Err(error.to_string()),
    };
    encoded.unwrap_or_else(|message| serde_json::json!({ "error": message }).to_string())
}
