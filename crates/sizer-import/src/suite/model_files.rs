//! Which dropped or pasted files are a model's architecture: the one rule the page asks before
//! it reads an input as benchmark output. A `config.json` is a JSON object text naming
//! `model_type`, `architectures` or `num_hidden_layers` (a damaged one too, so it is refused
//! with the reader's sentence rather than as an unknown benchmark format); beside it, an
//! `hf_quant_config.json` (its `quantization` block) and the server's `meta.json` (the arena's
//! shape) are taken; any other file is left out and named.

use super::meta::is_meta;
use crate::input::guard;

/// The files of one model, as texts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModelFiles {
    /// The `config.json`.
    pub config: String,
    /// Its `hf_quant_config.json`, when given.
    pub quant_config: Option<String>,
    /// The server's `meta.json`, when given.
    pub server: Option<String>,
    /// Files given beside them that are none of the three, by name.
    pub ignored: Vec<String>,
}

/// Whether `text` is (or was meant to be) a model's `config.json`.
pub fn is_model_config(text: &str) -> bool {
    let head = text.trim_start_matches('\u{feff}').trim_start();
    head.starts_with('{')
        && ["\"model_type\"", "\"architectures\"", "\"num_hidden_layers\""].iter().any(|key| text.contains(key))
}

/// Whether `text` is a ModelOpt `hf_quant_config.json` (a `quantization` block, no model type).
fn is_quant_config(text: &str) -> bool {
    let head = text.trim_start_matches('\u{feff}').trim_start();
    head.starts_with('{') && text.contains("\"quantization\"") && !text.contains("\"model_type\"")
}

/// Whether `text` is a server's `meta.json`.
fn is_server_meta(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text).is_ok_and(|value| is_meta(&value))
}

/// The model files among `files` (`(name, text)` each): `None` when none is a `config.json`
/// (the page then reads them as benchmark output).
pub fn model_files(files: &[(&str, &str)]) -> Option<ModelFiles> {
    let config = files.iter().position(|(_, text)| is_model_config(text))?;
    let mut found = ModelFiles { config: files[config].1.to_owned(), ..ModelFiles::default() };
    for (index, (name, text)) in files.iter().enumerate() {
        if index == config {
            continue;
        }
        if found.quant_config.is_none() && is_quant_config(text) {
            found.quant_config = Some((*text).to_owned());
        } else if found.server.is_none() && is_server_meta(text) {
            found.server = Some((*text).to_owned());
        } else {
            found.ignored.push(crate::input::text::clean_label(name).0);
        }
    }
    Some(found)
}

/// [`model_files`] of files as bytes (UTF-8, or UTF-16 with its mark, as any import); a file
/// that is not text is left out.
pub fn model_files_of_bytes(files: &[(&str, &[u8])]) -> Option<ModelFiles> {
    let texts: Vec<(&str, std::borrow::Cow<'_, str>)> =
        files.iter().filter_map(|(name, bytes)| Some((*name, guard::decode(bytes).ok()?))).collect();
    let borrowed: Vec<(&str, &str)> = texts.iter().map(|(name, text)| (*name, text.as_ref())).collect();
    model_files(&borrowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_is_found_among_its_companions_and_others_are_named() {
        let files = [
            ("notes.txt", "hello"),
            ("config.json", "{\"model_type\": \"llama\", \"num_hidden_layers\": 2"),
            ("hf_quant_config.json", "{\"producer\": {}, \"quantization\": {\"quant_algo\": \"NVFP4\"}}"),
            ("meta.json", "{\"model\": \"m\", \"server_config\": {}}"),
        ];
        let found = model_files(&files).expect("a config");
        assert!(found.config.starts_with("{\"model_type\""));
        assert!(found.quant_config.is_some() && found.server.is_some());
        assert_eq!(found.ignored, ["notes.txt"]);
        assert_eq!(model_files(&[("a.md", "| model | pp512 |")]), None);
        assert!(!is_model_config("[{\"model_type\": 1}]"));
    }
}
