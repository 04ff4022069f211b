//! Export of a sizing: Markdown (for a blog post: the sentence, the figures, the numbered steps
//! with sources) and JSON (run, scenario, sizing and the cited figures), plus the JSON API
//! behind `window.SparkSizer.size`.

use serde::Serialize;
use sizer_core::{Scenario, Sizing};

use crate::i18n::{Lang, Msg, text};
use crate::outcome::{Cited, Outcome, Problem};
use crate::summary::ResultText;
use crate::work::Step;

/// The Markdown of a result and its steps. `link` is the shareable URL, when known.
pub fn markdown(lang: Lang, outcome: &Outcome, result: &ResultText, steps: &[Step], link: Option<&str>) -> String {
    let mut out = String::with_capacity(2048);
    out.push_str("## ");
    out.push_str(text(lang, Msg::Title));
    if let Some(run) = outcome.run.as_deref() {
        out.push_str(": ");
        out.push_str(&run.label);
    }
    out.push_str("\n\n**");
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
    out.push_str("\n### ");
    out.push_str(text(lang, Msg::WorkHeading));
    out.push_str("\n\n");
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
    if let Some(link) = link {
        out.push('\n');
        out.push_str(link);
        out.push('\n');
    }
    out
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

/// The JSON export's shape.
#[derive(Serialize)]
struct ExportJson<'a> {
    run: Option<&'a str>,
    source: Option<&'a str>,
    scenario: &'a Scenario,
    sizing: Option<&'a Sizing>,
    kv_pool_tokens: Option<CitedJson<'a>>,
    prefill_tok_s: Option<CitedJson<'a>>,
    summary: &'a str,
}

/// The JSON of a result: run, scenario (with the KV pool and prefill rate used), sizing, the
/// cited figures and the sentence.
pub fn json(outcome: &Outcome, result: &ResultText) -> String {
    let export = ExportJson {
        run: outcome.run.as_deref().map(|run| run.id.as_str()),
        source: outcome.run.as_deref().map(|run| run.source.as_str()),
        scenario: &outcome.scenario,
        sizing: outcome.sizing(),
        kv_pool_tokens: outcome.kv_pool.as_ref().map(CitedJson::from),
        prefill_tok_s: outcome.prefill.as_ref().map(CitedJson::from),
        summary: &result.summary,
    };
    serde_json::to_string_pretty(&export).unwrap_or_default()
}

/// Why the JSON API could not size.
#[derive(Debug, PartialEq)]
pub enum ApiError {
    /// The scenario JSON does not parse.
    BadJson(String),
    /// The run id is not in the dataset.
    UnknownRun,
    /// The run has no curve.
    NoCurve,
    /// The core rejected the scenario.
    Scenario(String),
}

impl ApiError {
    /// A one-line message for the JavaScript error.
    pub fn message(&self) -> String {
        match self {
            ApiError::BadJson(detail) => ["invalid scenario JSON: ", detail].concat(),
            ApiError::UnknownRun => "unknown run id".into(),
            ApiError::NoCurve => "the run has no per-request speed curve".into(),
            ApiError::Scenario(detail) => ["invalid scenario: ", detail].concat(),
        }
    }
}

/// `SparkSizer.size(scenarioJson, runId)`: sizes a scenario (missing fields take the chat
/// defaults; a missing KV pool or prefill rate is taken from the dataset for the run) and
/// returns the `Sizing` as JSON.
pub fn size_json(scenario_json: &str, run_id: &str) -> Result<String, ApiError> {
    let scenario: Scenario = serde_json::from_str(scenario_json).map_err(|e| ApiError::BadJson(e.to_string()))?;
    let outcome = Outcome::compute(run_id, scenario, &Outcome::empty());
    let scenario_with_run = Scenario {
        kv_pool_tokens: scenario.kv_pool_tokens.or(outcome.scenario.kv_pool_tokens),
        prefill_tok_s: scenario.prefill_tok_s.or(outcome.scenario.prefill_tok_s),
        ..scenario
    };
    let outcome = Outcome::compute(run_id, scenario_with_run, &outcome);
    match &outcome.sizing {
        Ok(sizing) => serde_json::to_string(sizing.as_ref()).map_err(|e| ApiError::BadJson(e.to_string())),
        Err(Problem::NoRun) => Err(ApiError::UnknownRun),
        Err(Problem::NoCurve) => Err(ApiError::NoCurve),
        Err(Problem::Scenario(error)) => Err(ApiError::Scenario(error.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::DEFAULT_RUN;
    use crate::state::Usage;
    use crate::summary::result_text;
    use crate::work::steps;

    #[test]
    fn the_api_sizes_the_seed_example() {
        let json = size_json(r#"{"z": 2.33}"#, DEFAULT_RUN).expect("sizes");
        let value: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(value["people"], 163);
        assert_eq!(value["whole_streams"], 52);
        assert_eq!(value["binding"], "speed");
        assert_eq!(size_json("{", DEFAULT_RUN).map_err(|e| matches!(e, ApiError::BadJson(_))), Err(true));
        assert_eq!(size_json("{}", "nope"), Err(ApiError::UnknownRun));
        assert!(matches!(size_json(r#"{"floor_tok_s": -1}"#, DEFAULT_RUN), Err(ApiError::Scenario(_))));
    }

    #[test]
    fn markdown_and_json_carry_the_result() {
        let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
        let outcome = Outcome::compute(DEFAULT_RUN, scenario, &Outcome::empty());
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        let md =
            markdown(Lang::En, &outcome, &result, &steps(Lang::En, &outcome), Some("https://example.test/#s=f:15"));
        assert!(md.contains("**About 160 people chatting, limited by per-user speed.**"), "{md}");
        assert!(md.contains("- People served: 163"), "{md}");
        assert!(md.contains("2. **Streams at the floor**"), "{md}");
        assert!(md.ends_with("https://example.test/#s=f:15\n"));
        let json: serde_json::Value = serde_json::from_str(&json(&outcome, &result)).expect("json");
        assert_eq!(json["run"], DEFAULT_RUN);
        assert_eq!(json["sizing"]["people"], 163);
        assert_eq!(json["scenario"]["z"], 2.33);
    }
}
