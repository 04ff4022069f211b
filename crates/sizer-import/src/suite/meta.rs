//! A suite's `meta.json`: the server's setup (image, reported vLLM version, hardware, and under
//! `server_config` the memory utilisation, KV-cache type, maximum model length, prefix caching,
//! and extra flags).

use super::error::SuiteError;
use crate::input::json_util::{Located, Object};
use serde_json::Value;
use sizer_data::suite::{SuiteSetup, SuiteSetupFields};

/// Server flags and environment variables are kept up to this many characters.
const MAX_FLAGS_CHARS: usize = 2_000;

/// Whether a JSON object is a suite's `meta.json`.
pub fn is_meta(value: &Value) -> bool {
    matches!(value, Value::Object(map) if map.contains_key("server_config") || map.contains_key("vllm_image"))
}

/// The setup the file records.
pub fn read(text: &str, located: &Located) -> Result<SuiteSetup, SuiteError> {
    let o = Object::new(text, located, "a suite's meta.json")?;
    let text_of = |object: &Object<'_>, key: &str| -> Result<Option<String>, SuiteError> {
        Ok(object.string(key)?.map(|s| crate::input::text::clean_label(s).0))
    };
    let model = o.string("model")?.map(|s| crate::input::text::clean_label(s).0).unwrap_or_default();
    let config = o.object("server_config")?.map(|map| o.nested(map, "server_config.".to_owned()));
    let number = |key: &str| -> Result<Option<f64>, SuiteError> {
        Ok(match &config {
            Some(config) => config.number(key)?,
            None => None,
        })
    };
    let flag = |key: &str| -> Result<Option<bool>, SuiteError> {
        let Some(config) = &config else { return Ok(None) };
        match config.map().get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(crate::input::error::ImportError::WrongType {
                line: Some(config.key_line(key)),
                key: config.key_name(key),
                expected: "true or false",
            }
            .into()),
        }
    };
    // Flags run longer than a label: control characters go, the length stays.
    let config_text = |key: &str| -> Result<Option<String>, SuiteError> {
        let Some(config) = &config else { return Ok(None) };
        Ok(config.string(key)?.map(|s| {
            crate::input::text::cap_chars(&s.chars().filter(|c| !c.is_control()).collect::<String>(), MAX_FLAGS_CHARS)
        }))
    };
    let setup = SuiteSetup::new(SuiteSetupFields {
        model,
        served_name: text_of(&o, "served_name")?,
        profile: text_of(&o, "profile")?,
        image: text_of(&o, "vllm_image")?,
        vllm_version: text_of(&o, "vllm_version_reported")?,
        hardware: text_of(&o, "hardware")?,
        gpu_memory_utilization: number("gpu_memory_utilization")?,
        kv_cache_dtype: config_text("kv_cache_dtype")?,
        max_model_len: number("max_model_len")?,
        prefix_caching: flag("enable_prefix_caching")?,
        async_scheduling: flag("async_scheduling")?,
        extra_flags: config_text("extra_vllm_args")?,
        env_vars: config_text("profile_env_vars")?,
        generated_at: text_of(&o, "generated_at")?,
    })?;
    Ok(setup)
}
