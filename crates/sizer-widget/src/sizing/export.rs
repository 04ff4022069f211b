//! Export of a sizing: Markdown (for a blog post: the sentence, the figures, the numbered steps
//! with sources) and JSON (run, scenario, sizing and the cited figures). The JSON API behind
//! `window.SparkSizer.size` is `sizer_data::api`.

use serde::Serialize;
use sizer_core::{Scenario, Sizing};
use sizer_data::{CurveBasis, Run, RunOrigin};

use crate::i18n::{Lang, Msg, text};
use crate::sizing::calculation::{Calculation, Cited};
use crate::sizing::stale::StaleInput;
use crate::sizing::steps::Step;
use crate::sizing::summary::ResultText;

/// The Markdown of a result and its steps. `link` is the shareable URL, when known.
pub fn markdown(lang: Lang, outcome: &Calculation, result: &ResultText, steps: &[Step], link: Option<&str>) -> String {
    markdown_marked(lang, outcome, result, steps, link, &[])
}

/// [`markdown`] opened by one warning sentence per field whose text the sizing did not use
/// (`stale.rs`), so an export never passes the last valid scenario off as what is on screen.
pub fn markdown_marked(
    lang: Lang,
    outcome: &Calculation,
    result: &ResultText,
    steps: &[Step],
    link: Option<&str>,
    stale: &[StaleInput],
) -> String {
    let mut out = String::with_capacity(2048);
    out.push_str("## ");
    out.push_str(text(lang, Msg::Title));
    if let Some(run) = outcome.run.as_deref() {
        out.push_str(": ");
        out.push_str(crate::i18n::labels::run_label(lang, run));
    }
    out.push_str("\n\n");
    out.push_str(&crate::sizing::stale::markdown_warning(lang, stale));
    out.push_str("**");
    out.push_str(&result.summary);
    out.push_str("**\n\n");
    for (label, value) in
        [(Msg::PeopleLabel, &result.people), (Msg::StreamsLabel, &result.streams), (Msg::BindingLabel, &result.binding)]
    {
        out.push_str("- ");
        out.push_str(text(lang, label));
        out.push_str(": ");
        out.push_str(value);
        out.push('\n');
    }
    if let Some(margin) = &result.margin {
        out.push_str("- ");
        out.push_str(margin);
        out.push('\n');
    }
    for caveat in &result.caveats {
        out.push_str("- ⚠ ");
        out.push_str(caveat);
        out.push('\n');
    }
    out.push_str("\n### ");
    out.push_str(text(lang, Msg::WorkHeading));
    out.push_str("\n\n");
    push_steps(&mut out, steps);
    if let Some(link) = link {
        out.push('\n');
        out.push_str(link);
        out.push('\n');
    }
    out
}

/// Appends `steps` as a numbered Markdown list, each with its formula, numbers, result and source.
pub fn push_steps(out: &mut String, steps: &[Step]) {
    for (index, step) in steps.iter().enumerate() {
        out.push_str(&(index + 1).to_string());
        out.push_str(". **");
        out.push_str(step.title);
        out.push_str("**: `");
        out.push_str(&step.formula.replace('`', "'"));
        out.push_str("`; ");
        out.push_str(&step.inputs);
        out.push_str(" → ");
        out.push_str(&step.result);
        if let Some(cite) = &step.cite {
            out.push_str(" (");
            match &cite.href {
                Some(href) => {
                    out.push('[');
                    out.push_str(&cite.label.replace(['[', ']'], ""));
                    out.push_str("](");
                    out.push_str(href);
                    out.push(')');
                }
                None => out.push_str(&cite.label),
            }
            out.push_str(", `");
            out.push_str(&cite.cited_id);
            out.push_str("`)");
        }
        out.push('\n');
    }
}

/// A cited figure in the JSON export.
#[derive(Serialize)]
struct CitedJson<'a> {
    value: f64,
    cited_id: &'a str,
    source: &'a str,
}

impl<'a> From<&'a Cited> for CitedJson<'a> {
    fn from(cited: &'a Cited) -> Self {
        CitedJson { value: cited.value, cited_id: cited.cited_id, source: cited.source }
    }
}

/// A person's own run in the JSON export: the curve the sizing used (points and the figure they
/// come from), what it was measured on, and the whole run as imported, so the export reproduces.
#[derive(Serialize)]
struct ImportedRunJson<'a> {
    /// `(concurrency, per-request tok/s)` as sized.
    points: Vec<(f64, f64)>,
    /// The figure the points come from (`per_request`, `median_tpot`, ...).
    figure: Option<CurveBasis>,
    /// The hardware as stated ("not stated" when neither the file nor the person said).
    #[serde(serialize_with = "stated_or_placeholder")]
    hardware: Option<&'a str>,
    /// Systems measured on (`null`: not stated).
    systems: Option<u32>,
    /// GPUs over all systems, where stated.
    gpus: Option<u32>,
    /// The run as imported (points with every figure, setup, workload, note).
    run: &'a Run,
}

impl<'a> ImportedRunJson<'a> {
    fn of(run: &'a Run) -> Option<ImportedRunJson<'a>> {
        if run.origin != RunOrigin::Yours {
            return None;
        }
        let (points, figure) = match run.curve_points() {
            Ok((points, basis)) => (points, Some(basis)),
            Err(_) => (Vec::new(), None),
        };
        Some(ImportedRunJson {
            points,
            figure,
            hardware: run.stated_hardware(),
            systems: run.stated_systems(),
            gpus: run.gpus(),
            run,
        })
    }
}

/// A hardware in the JSON export: as stated, else the data's placeholder (as before it was typed).
fn stated_or_placeholder<S: serde::Serializer>(hardware: &Option<&str>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(hardware.unwrap_or(sizer_data::NOT_STATED))
}

/// The JSON export's shape.
#[derive(Serialize)]
struct ExportJson<'a> {
    run: Option<&'a str>,
    /// The run's name as the picker shows it.
    run_name: Option<&'a str>,
    source: Option<&'a str>,
    /// Fields whose text the sizing did not use (it used `used`); absent when every field is valid.
    #[serde(skip_serializing_if = "<[StaleInput]>::is_empty")]
    stale_inputs: &'a [StaleInput],
    /// A person's own run, with its curve and setup (absent for the dataset's runs).
    #[serde(skip_serializing_if = "Option::is_none")]
    imported_run: Option<ImportedRunJson<'a>>,
    scenario: &'a Scenario,
    sizing: Option<&'a Sizing>,
    kv_pool_tokens: Option<CitedJson<'a>>,
    prefill_tok_s: Option<CitedJson<'a>>,
    summary: &'a str,
    /// The team and its plan on this run, when the export carries one.
    #[serde(skip_serializing_if = "Option::is_none")]
    team: Option<serde_json::Value>,
}

/// The JSON of a result: run, scenario (with the KV pool and prefill rate used), sizing, the
/// cited figures and the sentence.
pub fn json(outcome: &Calculation, result: &ResultText) -> String {
    json_with_team(outcome, result, None)
}

/// [`json`] with the team and its plan (see `team/export.rs`).
pub fn json_with_team(outcome: &Calculation, result: &ResultText, team: Option<serde_json::Value>) -> String {
    json_marked(outcome, result, team, &[])
}

/// [`json_with_team`] with the fields whose text the sizing did not use (`stale_inputs`).
pub fn json_marked(
    outcome: &Calculation,
    result: &ResultText,
    team: Option<serde_json::Value>,
    stale: &[StaleInput],
) -> String {
    let export = ExportJson {
        run: outcome.run.as_deref().map(|run| run.id.as_str()),
        run_name: outcome.run.as_deref().map(|run| run.label.as_str()),
        source: outcome.run.as_deref().map(|run| run.source.as_str()),
        stale_inputs: stale,
        imported_run: outcome.run.as_deref().and_then(ImportedRunJson::of),
        scenario: &outcome.scenario,
        sizing: outcome.sizing(),
        kv_pool_tokens: outcome.kv_pool.as_ref().map(CitedJson::from),
        prefill_tok_s: outcome.prefill.as_ref().map(CitedJson::from),
        summary: &result.summary,
        team,
    };
    serde_json::to_string_pretty(&export).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizing::calculation::DEFAULT_RUN;
    use crate::sizing::steps::steps;
    use crate::sizing::summary::result_text;
    use sizer_data::Usage;

    #[test]
    fn markdown_and_json_carry_the_result() {
        let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
        let outcome = Calculation::compute(DEFAULT_RUN, scenario);
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        let md =
            markdown(Lang::En, &outcome, &result, &steps(Lang::En, &outcome), Some("https://example.test/#s=f:15"));
        assert!(md.contains("**163 people chatting on 1 DGX Spark, limited by per-user speed.**"), "{md}");
        assert!(md.contains("- People served: 163"), "{md}");
        assert!(md.contains("2. **Streams at the floor**"), "{md}");
        assert!(md.ends_with("https://example.test/#s=f:15\n"));
        let json: serde_json::Value = serde_json::from_str(&json(&outcome, &result)).expect("json");
        assert_eq!(json["run"], DEFAULT_RUN);
        assert_eq!(json["sizing"]["people"], 163);
        assert_eq!(json["scenario"]["z"], 2.33);
    }
}
