//! Run labels: the user's name (or the model) plus what tells curves of one import apart.

use crate::text::clean_label;
use crate::warning::Warning;

/// A cleaned model name, with a warning when cleaning changed it.
pub fn model_name(raw: &str, warnings: &mut Vec<Warning>) -> Option<String> {
    let (name, changed) = clean_label(raw);
    if name.is_empty() {
        return None;
    }
    if changed {
        warnings.push(Warning::NameCleaned { name: name.clone() });
    }
    Some(name)
}

/// The readable tail of a model path: `/models/Qwen/Qwen3-VL-8B` gives `Qwen/Qwen3-VL-8B`.
pub fn short_model(model: &str) -> String {
    let parts: Vec<&str> = model.trim_end_matches('/').rsplit('/').take(2).collect();
    match parts.as_slice() {
        [last, owner] if !owner.is_empty() => format!("{owner}/{last}"),
        [last, ..] => (*last).to_owned(),
        [] => model.to_owned(),
    }
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
