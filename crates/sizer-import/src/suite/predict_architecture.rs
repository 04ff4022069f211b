//! `SparkSizer.predict`'s architecture run spec read where both crates are visible: the
//! architecture read by `crate::architecture`, the server's `meta.json` by this folder's reader
//! ([`read_server`]), the engine and the answer built in `sizer_data::architecture`.

use crate::architecture::{ArchitectureInput, ConfigInput, read_architecture};
use crate::input::json_util::Located;
use serde_json::Value;
use sizer_data::architecture::answer::ArchitectureRun;
use sizer_data::suite::SuiteSetup;

/// The engine of `{"architecture": ..., "server": ...}`'s two values.
///
/// # Errors
/// One sentence: a file that is not JSON or lacks what the shape needs, a short form out of
/// range, a server file of the wrong shape, speculative decoding, weights that do not fit.
pub fn architecture_run(architecture: &Value, server: Option<&Value>) -> Result<ArchitectureRun, String> {
    let input = architecture_input(architecture)?;
    let server = server
        .map(|s| ConfigInput::from_value(s).ok_or("The server must be its meta.json, as text or an object."))
        .transpose()?;
    let setup = server.as_ref().map(read_server).transpose()?;
    let read = read_architecture(&input, setup.as_ref())?;
    ArchitectureRun::new(read, setup.as_ref())
}

/// The page's one call: a pasted `config.json` (and its quantisation file and the server's
/// `meta.json`, when given) as an engine with its labels and measured error.
///
/// # Errors
/// One sentence (see [`architecture_run`]).
pub fn architecture_run_from_text(
    config: &str,
    quant_config: Option<&str>,
    server: Option<&str>,
) -> Result<ArchitectureRun, String> {
    let input = ArchitectureInput::Config {
        config: ConfigInput::Text(config.to_owned()),
        quant_config: quant_config.map(|q| ConfigInput::Text(q.to_owned())),
    };
    let setup = server.map(|s| read_server(&ConfigInput::Text(s.to_owned()))).transpose()?;
    let read = read_architecture(&input, setup.as_ref())?;
    ArchitectureRun::new(read, setup.as_ref())
}

/// The page's short form: a model known only by its total and active parameters (billions)
/// and, when given, its weights' format (`bf16`, `fp8`, `nvfp4`, `mxfp4`; BF16 assumed
/// otherwise), on the default server, as an engine with its labels and measured error.
///
/// # Errors
/// One sentence: parameters out of range (not finite, not positive, active above total,
/// absurd sizes), weights that do not fit.
pub fn architecture_run_from_size(
    total_params_b: f64,
    active_params_b: f64,
    format: Option<&str>,
) -> Result<ArchitectureRun, String> {
    let input = ArchitectureInput::Size { total_params_b, active_params_b, format: format.map(str::to_owned) };
    ArchitectureRun::new(read_architecture(&input, None)?, None)
}

fn architecture_input(value: &Value) -> Result<ArchitectureInput, String> {
    let file = |key: &str| -> Result<Option<ConfigInput>, String> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => ConfigInput::from_value(v)
                .map(Some)
                .ok_or_else(|| format!("\"architecture.{key}\" must be the file's text or its JSON object.")),
        }
    };
    if let Some(config) = file("config")? {
        if value.get("total_params_b").is_some() || value.get("active_params_b").is_some() {
            return Err("Give the architecture as a config or as total and active parameters, not both.".to_owned());
        }
        return Ok(ArchitectureInput::Config { config, quant_config: file("quant_config")? });
    }
    let number = |key: &str| -> Result<f64, String> {
        value
            .get(key)
            .and_then(Value::as_f64)
            .ok_or_else(|| format!("The short form needs \"architecture.{key}\" as a number of billions."))
    };
    let format = match value.get("format") {
        None | Some(Value::Null) => None,
        Some(Value::String(f)) => Some(f.clone()),
        Some(_) => {
            return Err("\"architecture.format\" must be a name such as \"bf16\", \"fp8\" or \"nvfp4\".".to_owned());
        }
    };
    Ok(ArchitectureInput::Size {
        total_params_b: number("total_params_b")?,
        active_params_b: number("active_params_b")?,
        format,
    })
}

/// Reads a server's `meta.json` (the arena's shape), text or object.
///
/// # Errors
/// One sentence: not JSON, or a field of the wrong type.
pub fn read_server(server: &ConfigInput) -> Result<SuiteSetup, String> {
    let text = match server {
        ConfigInput::Text(t) => t.clone(),
        ConfigInput::Object(v) => v.to_string(),
    };
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("The server's meta.json is not JSON: {e}."))?;
    let located = Located { value, start: 0, end: text.len() };
    super::meta::read(&text, &located).map_err(|e| format!("The server's meta.json was not read: {e}"))
}
