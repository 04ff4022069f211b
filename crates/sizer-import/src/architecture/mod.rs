//! A model's architecture as a person gives it: a Hugging Face `config.json` (text as pasted,
//! bare `Infinity`/`NaN` included, or an object; `text_config` for a multimodal model) with its
//! `hf_quant_config.json` or `quantization_config`, or the short form a model card allows
//! (`total_params_b`, `active_params_b`, a format), read into `sizer_core`'s
//! [`Architecture`] with one sentence for everything assumed, given the server's setup (read from
//! its `meta.json` by the suite's reader: `suite::predict_architecture`). The engine is built in
//! `sizer_data` (`architecture::engine`). Which dropped files are a model's is `suite::model_files`.

pub mod arena;
mod config;
mod format;
mod json_text;

pub use config::{ShapeReading, read_shape};
pub use format::WeightFormat;
pub use json_text::{MAX_CONFIG_BYTES, parse_config_text};

use serde_json::Value;
use sizer_core::architecture::{Architecture, ModelSize};
use sizer_data::architecture::ReadArchitecture;
use sizer_data::suite::SuiteSetup;

/// A file given as its text or as a JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigInput {
    Text(String),
    Object(Value),
}

impl ConfigInput {
    /// The JSON value, non-finite bare numbers as `null` (counted).
    pub(crate) fn value(&self, what: &str) -> Result<(Value, usize), String> {
        match self {
            ConfigInput::Text(t) => parse_config_text(t, what),
            ConfigInput::Object(v) => Ok((v.clone(), 0)),
        }
    }

    /// From a JSON value: a string is the file's text, an object the file itself.
    pub fn from_value(value: &Value) -> Option<ConfigInput> {
        match value {
            Value::String(s) => Some(ConfigInput::Text(s.clone())),
            Value::Object(_) => Some(ConfigInput::Object(value.clone())),
            _ => None,
        }
    }
}

/// Where the architecture comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum ArchitectureInput {
    Config { config: ConfigInput, quant_config: Option<ConfigInput> },
    Size { total_params_b: f64, active_params_b: f64, format: Option<String> },
}

/// Reads the architecture with the server's setup (`profile`: the weights' format when the
/// configuration gives none; `--language-model-only`: no towers in memory).
///
/// # Errors
/// One sentence: a file that is not JSON, a field the shape needs, a short form out of range.
pub fn read_architecture(input: &ArchitectureInput, server: Option<&SuiteSetup>) -> Result<ReadArchitecture, String> {
    let profile = server.and_then(|s| s.profile.as_deref());
    let language_only =
        server.and_then(|s| s.extra_flags.as_deref()).is_some_and(|f| f.contains("--language-model-only"));
    match input {
        ArchitectureInput::Config { config, quant_config } => {
            let (config, replaced) = config.value("config.json")?;
            let quant = quant_config.as_ref().map(|q| q.value("quantisation file")).transpose()?;
            let reading = read_shape(&config, quant.as_ref().map(|(v, _)| v), profile, language_only)?;
            let mut notes = reading.notes;
            let replaced = replaced + quant.as_ref().map_or(0, |(_, n)| *n);
            if replaced > 0 {
                notes.insert(0, format!("{replaced} bare Infinity or NaN value(s) in the files were read as unknown."));
            }
            Ok(ReadArchitecture {
                architecture: Architecture::Shape(reading.shape),
                model_type: reading.model_type,
                format: reading.format.to_owned(),
                notes,
            })
        }
        ArchitectureInput::Size { total_params_b, active_params_b, format } => {
            let named = format.as_deref().or(profile);
            let weight = named.and_then(WeightFormat::from_name);
            let mut notes = vec![
                "Only the total and active parameters are known: the layer count, KV cache and expert routing are assumed (docs/SIMULATION.md, \"The short form\").".to_owned(),
            ];
            let weight = weight.unwrap_or_else(|| {
                notes.push("No format is given: BF16 is assumed.".to_owned());
                WeightFormat::Bf16
            });
            let size = ModelSize::new(ModelSize {
                total_params_b: *total_params_b,
                active_params_b: *active_params_b,
                bytes_per_weight: weight.bytes(),
            })
            .map_err(|e| format!("The short form is not a model: {e}."))?;
            Ok(ReadArchitecture {
                architecture: Architecture::Size(size),
                model_type: "short form".to_owned(),
                format: weight.label().to_owned(),
                notes,
            })
        }
    }
}
