//! The server a suite measured, as its `meta.json` records it: the engine image and version, the
//! memory and KV-cache settings, the longest context, and the flags it was started with.

use super::error::{SuiteDataError, not_empty, positive};
use core::ops::Deref;
use serde::Serialize;

/// The longest context a setup may state: far beyond any model's (a billion tokens).
const MAX_MODEL_LEN: f64 = 1e9;

/// The plain fields of a server setup, before validation.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SuiteSetupFields {
    /// The model id served (`Qwen/Qwen3.6-35B-A3B-FP8`).
    pub model: String,
    /// The name the server answered to (`qwen3.6-35b-a3b-fp8`): the model column of the
    /// llama-benchy tables.
    pub served_name: Option<String>,
    /// The suite's profile (precision) name (`fp8`, `bf16-v23`).
    pub profile: Option<String>,
    /// The container image (`vllm/vllm-openai:v0.26.0-aarch64-cu129-ubuntu2404`).
    pub image: Option<String>,
    /// The vLLM version the server reported.
    pub vllm_version: Option<String>,
    /// The hardware as written.
    pub hardware: Option<String>,
    /// `--gpu-memory-utilization`: the share of memory vLLM may take.
    pub gpu_memory_utilization: Option<f64>,
    /// `--kv-cache-dtype` (`fp8`, `auto`).
    pub kv_cache_dtype: Option<String>,
    /// `--max-model-len`: the longest context a request may hold.
    pub max_model_len: Option<f64>,
    /// `--enable-prefix-caching`.
    pub prefix_caching: Option<bool>,
    /// `--async-scheduling`.
    pub async_scheduling: Option<bool>,
    /// Further server flags as written.
    pub extra_flags: Option<String>,
    /// Environment variables the profile set.
    pub env_vars: Option<String>,
    /// When the suite recorded the setup (`2026-08-14T14:34:14+02:00`).
    pub generated_at: Option<String>,
}

/// A validated server setup (read its fields through `Deref`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SuiteSetup(SuiteSetupFields);

impl SuiteSetup {
    /// Validates once: a model id, a memory utilisation in (0, 1], a whole maximum length from 1 to
    /// a billion tokens.
    pub fn new(fields: SuiteSetupFields) -> Result<SuiteSetup, SuiteDataError> {
        not_empty("the setup's model", &fields.model)?;
        let bad_share = |share: &f64| !(share.is_finite() && *share > 0.0 && *share <= 1.0);
        if let Some(share) = fields.gpu_memory_utilization.filter(bad_share) {
            let what = "gpu_memory_utilization".to_owned();
            return Err(SuiteDataError::OutOfRange { what, value: share, low: 0.0, high: 1.0 });
        }
        if let Some(length) = fields.max_model_len {
            positive("max_model_len", length)?;
            if length.fract() != 0.0 || length > MAX_MODEL_LEN {
                let what = "max_model_len (a whole number of tokens)".to_owned();
                return Err(SuiteDataError::OutOfRange { what, value: length, low: 1.0, high: MAX_MODEL_LEN });
            }
        }
        Ok(SuiteSetup(fields))
    }
}

impl Deref for SuiteSetup {
    type Target = SuiteSetupFields;

    // Read-only view: the fields stay as validated.
    fn deref(&self) -> &SuiteSetupFields {
        &self.0
    }
}
