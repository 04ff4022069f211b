//! The inputs whose text is not what a sizing used: while a field shows
//! `abc`, the sizing keeps the last valid value, and an export must say so rather than pass the
//! last valid scenario off as what is on screen. `shell::stale_inputs` lists them (form, team and
//! memory fields) for the Markdown and JSON exports (`export.rs`) and for the note beside
//! "Copy link" ([`link_note`]).

use serde::Serialize;

use crate::i18n::{self, Lang, format_number};

/// A field whose typed text was not used.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StaleInput {
    /// The `data-field` name (`floor`, `team_people`, `memory_budget`).
    pub field: &'static str,
    /// The text as typed.
    pub typed: String,
    /// The value the sizing used instead (the last valid one; `None`: none, e.g. the TTFT ceiling off).
    pub used: Option<f64>,
    /// Why the text was not used, in the export's language.
    pub error: String,
}

/// The Markdown warning that opens an export made while fields hold invalid text: one sentence
/// per field, naming the text and the value used instead. Empty when every field is valid.
pub fn markdown_warning(lang: Lang, stale: &[StaleInput]) -> String {
    let mut out = String::new();
    for input in stale {
        let typed = input.typed.replace('`', "'");
        let used = input.used.map(|v| format_number(lang, v, if v.fract() == 0.0 { 0 } else { 2 }));
        let sentence = i18n::stale::export_warning(lang, input.field, &typed, &input.error, used.as_deref());
        out.push_str(&sentence);
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// The sentence beside "Copy link" while fields hold invalid text: the link carries the last
/// valid values, and which. Empty when every field is valid.
pub fn link_note(lang: Lang, stale: &[StaleInput]) -> String {
    if stale.is_empty() {
        return String::new();
    }
    let items: Vec<String> = stale
        .iter()
        .map(|input| {
            let used = input.used.map(|v| format_number(lang, v, if v.fract() == 0.0 { 0 } else { 2 }));
            i18n::stale::link_item(lang, input.field, &crate::sizing::fragment::shorten(&input.typed), used.as_deref())
        })
        .collect();
    i18n::stale::link_note(lang, &items.join("; "))
}
