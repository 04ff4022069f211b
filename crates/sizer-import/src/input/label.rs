//! Run labels: the user's name (or the model) plus what tells curves of one import apart.

use crate::input::text::clean_label;
use crate::input::warning::ImportWarning;

/// A cleaned model name, with a warning when cleaning changed it.
pub fn model_name(raw: &str, warnings: &mut Vec<ImportWarning>) -> Option<String> {
    let (name, changed) = clean_label(raw);
    if name.is_empty() {
        return None;
    }
    if changed {
        warnings.push(ImportWarning::NameCleaned { name: name.clone() });
    }
    Some(name)
}

/// The readable part of a model name or path. A Hugging Face cache path
/// (`/models/models--openai--gpt-oss-120b/snapshots/<hash>/`) gives `openai/gpt-oss-120b`; a
/// hub id stays as it is; a local path gives its last meaningful component, with the folder
/// above it when that looks like a hub owner (`/models/Qwen/Qwen3-VL-8B` gives `Qwen/Qwen3-VL-8B`).
pub fn short_model(model: &str) -> String {
    let segments: Vec<&str> = model.split(['/', '\\']).filter(|s| !s.is_empty() && *s != ".").collect();
    if let Some(cached) = segments.iter().find_map(|s| s.strip_prefix("models--")) {
        let parts: Vec<&str> = cached.split("--").filter(|p| !p.is_empty()).collect();
        if !parts.is_empty() {
            return parts.join("/");
        }
    }
    let meaningful: Vec<&str> = segments.into_iter().filter(|s| !is_filler(s)).collect();
    match meaningful.as_slice() {
        [.., owner, last] if !is_generic_folder(owner) => format!("{owner}/{last}"),
        [.., last] => (*last).to_owned(),
        [] => model.trim().to_owned(),
    }
}

/// Path components that say nothing about the model: cache plumbing and commit hashes.
fn is_filler(segment: &str) -> bool {
    let hash = segment.len() >= 12 && segment.bytes().all(|b| b.is_ascii_hexdigit());
    hash || matches!(segment, "snapshots" | "blobs" | "refs" | "main" | "~" | "..")
}

/// Folder names that hold models rather than name their publisher.
fn is_generic_folder(segment: &str) -> bool {
    let lower = segment.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "models"
            | "model"
            | "weights"
            | "checkpoints"
            | "ckpt"
            | "hub"
            | "huggingface"
            | "hf"
            | ".cache"
            | "cache"
            | "home"
            | "root"
            | "mnt"
            | "data"
            | "workspace"
            | "tmp"
            | "opt"
            | "srv"
            | "var"
            | "local"
            | "users"
            | "c:"
    ) || lower.ends_with(':')
}

/// `name · model · suffix`, leaving out empty parts (the model shortened to its last two path
/// segments); `fallback` stands in when there is neither name nor model. Cleaned and capped like any label.
pub fn run_label(name: &str, model: Option<&str>, fallback: &str, suffix: &str) -> String {
    let (name, _) = clean_label(name);
    let model = model.map(short_model).unwrap_or_default();
    let base = if name.is_empty() && model.is_empty() { fallback } else { "" };
    let parts: Vec<&str> =
        [base, name.as_str(), model.as_str(), suffix].into_iter().filter(|part| !part.trim().is_empty()).collect();
    clean_label(&parts.join(" · ")).0
}

#[cfg(test)]
mod tests {
    use super::short_model;

    #[test]
    fn hugging_face_cache_paths_become_hub_ids() {
        let cached = "/models/models--openai--gpt-oss-120b/snapshots/b5c939de8f754692c1647ca79fbf85e8c1e70f8a/";
        assert_eq!(short_model(cached), "openai/gpt-oss-120b");
        assert_eq!(short_model("~/.cache/huggingface/hub/models--Qwen--Qwen3-8B"), "Qwen/Qwen3-8B");
    }

    #[test]
    fn local_paths_keep_their_last_meaningful_component() {
        assert_eq!(
            short_model("/workspace/shared_assets/models/Qwen/Qwen3-VL-8B-Instruct"),
            "Qwen/Qwen3-VL-8B-Instruct"
        );
        assert_eq!(short_model("/srv/models/llama-3-8b-instruct/"), "llama-3-8b-instruct");
        assert_eq!(short_model("/mnt/weights/gpt-oss-20b-Q4.gguf"), "gpt-oss-20b-Q4.gguf");
        assert_eq!(short_model("openai/gpt-oss-20b"), "openai/gpt-oss-20b");
        assert_eq!(short_model("qwen3.6-nvfp4"), "qwen3.6-nvfp4");
    }
}
