//! The inputs whose text is not what a sizing used: while a field shows
//! `abc`, the sizing keeps the last valid value, and an export must say so rather than pass the
//! last valid scenario off as what is on screen. `shell::stale_inputs` lists them (form, team and
//! memory fields) for the Markdown and JSON exports (`export.rs`) and for the note beside
//! "Copy link" ([`link_note`]).

use serde::Serialize;

use crate::i18n::{Lang, format_number};

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
        let sentence = match (lang, used) {
            (Lang::En, Some(used)) => format!(
                "> **Not as on screen:** the field `{}` shows `{typed}` ({}), so this export uses its last valid \
                 value, {used}.\n",
                input.field, input.error
            ),
            (Lang::En, None) => format!(
                "> **Not as on screen:** the field `{}` shows `{typed}` ({}), so this export leaves it off.\n",
                input.field, input.error
            ),
            (Lang::De, Some(used)) => format!(
                "> **Nicht wie angezeigt:** Das Feld `{}` zeigt `{typed}` ({}); dieser Export verwendet daher seinen \
                 letzten gültigen Wert, {used}.\n",
                input.field, input.error
            ),
            (Lang::De, None) => format!(
                "> **Nicht wie angezeigt:** Das Feld `{}` zeigt `{typed}` ({}); dieser Export lässt es daher weg.\n",
                input.field, input.error
            ),
        };
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
            let used = match (lang, input.used) {
                (_, Some(v)) => format_number(lang, v, if v.fract() == 0.0 { 0 } else { 2 }),
                (Lang::En, None) => "off".to_owned(),
                (Lang::De, None) => "aus".to_owned(),
            };
            let (open, close) = match lang {
                Lang::En => (" \u{201c}", "\u{201d} \u{2192} "),
                Lang::De => (" \u{201e}", "\u{201c} \u{2192} "),
            };
            [input.field, open, &crate::sizing::fragment::shorten(&input.typed), close, &used].concat()
        })
        .collect();
    let lead = match lang {
        Lang::En => "Where a field shows an error, the link carries its last valid value instead: ",
        Lang::De => "Wo ein Feld einen Fehler zeigt, enthält der Link stattdessen seinen letzten gültigen Wert: ",
    };
    [lead, &items.join("; "), "."].concat()
}
