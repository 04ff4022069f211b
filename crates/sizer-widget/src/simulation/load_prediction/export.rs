//! "Load from your logs" in the exports: the section's inputs (its link keys) predicted again
//! on the run's engine model when the person exports, as the section predicts them (the same
//! job, the same seed: the same figures), then written as Markdown (the section's sentences)
//! and JSON (the inputs, `SparkSizer.predict`'s answer for the load with the engine, its
//! workloads and its extrapolation, the sweep and the highest rate that keeps the target).
//! Nothing is added when the inputs or the run give no prediction, as the section shows none.

use std::rc::Rc;

use serde_json::{Value, json};
use sizer_data::predict_engine::{ModelSource, PredictEngine};
use sizer_data::prediction::{KeptRate, PageLoadInput};
use sizer_data::suite::calibration_summary::{CALIBRATION_RUNS, ENGINE_SUMMARY};

use crate::i18n::load_prediction::{self as words, PredictMsg, predict_text};
use crate::i18n::measured_load::{LoadMsg, load_text};
use crate::i18n::request_rate::calibration_error;
use crate::i18n::{Lang, format_number};
use crate::simulation::load_prediction::fragment;
use crate::simulation::load_prediction::job::{PredictOutcome, engine_for, run_to_end};
use crate::simulation::load_prediction::section::read;
use crate::simulation::load_prediction::{ImportedSuite, hardware_of};

/// What the share bar needs: the run shown (and the run itself when it is a person's imported
/// suite) and the section's link keys.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadShare {
    pub run_id: String,
    pub imported: Option<ImportedSuite>,
    pub keys: String,
}

/// A prediction to export.
pub struct Exported {
    pub run_id: String,
    pub imported: Option<ImportedSuite>,
    pub input: PageLoadInput,
    pub engine: Rc<PredictEngine>,
    pub outcome: PredictOutcome,
}

impl LoadShare {
    /// The section's prediction for these keys (`None` where the section has none: bad
    /// inputs, a run without an engine model, a load that cannot run).
    pub fn predict(&self) -> Option<Exported> {
        let input = read(Lang::En, &fragment::texts(Lang::En, &self.keys));
        let engine = Rc::new(engine_for(&self.run_id, self.imported.as_ref().map(|s| s.run.as_ref())).ok()?);
        let outcome = run_to_end(Rc::clone(&engine), &input).ok()?;
        Some(Exported { run_id: self.run_id.clone(), imported: self.imported.clone(), input, engine, outcome })
    }
}

/// Whether the engine was fitted by the calibration's procedure (its error is known).
pub fn calibrated(engine: &PredictEngine) -> bool {
    matches!(engine.source, ModelSource::SuiteFiles | ModelSource::DatasetSuite)
}

impl Exported {
    /// The Markdown part: heading, inputs, then the section's sentences.
    pub fn markdown(&self, lang: Lang) -> String {
        let (p, x) = (&self.outcome.main, self.outcome.main.extrapolation);
        let (nodes, hardware) = hardware_of(&self.run_id, self.imported.as_ref());
        // A person's run is named by its label (its id is only this page's).
        let name = self
            .imported
            .as_ref()
            .map_or(self.run_id.as_str(), |suite| crate::i18n::labels::run_label(lang, &suite.run));
        let mut out = ["### ", predict_text(lang, PredictMsg::Heading), ": ", name, "\n\n"].concat();
        let inputs = [
            (PredictMsg::RateLabel, self.input.rate_per_s, PredictMsg::UnitRate),
            (PredictMsg::BurstinessLabel, self.input.burstiness, PredictMsg::UnitNone),
            (PredictMsg::PromptLabel, self.input.prompt_tokens, PredictMsg::UnitTokens),
            (PredictMsg::AnswerLabel, self.input.answer_tokens, PredictMsg::UnitTokens),
            (PredictMsg::TargetLabel, self.input.target_s, PredictMsg::UnitSeconds),
        ];
        for (label, value, unit) in inputs {
            let unit = predict_text(lang, unit);
            let value = words::link_text(lang, value);
            out.extend([
                "- ",
                predict_text(lang, label),
                ": ",
                &value,
                if unit.is_empty() { "" } else { " " },
                unit,
                "\n",
            ]);
        }
        out.push('\n');
        let headline = words::headline(
            lang,
            self.outcome.load.rate_per_s,
            nodes,
            hardware.as_deref(),
            (p.ttft_s.p50, p.ttft_s.p95),
            p.per_request_tok_s,
            p.report.mean_in_flight,
            p.report.max_in_flight,
        );
        out.extend(["**", &headline, "**\n\n"]);
        let mut lines = Vec::new();
        if let Some(kept) = self.outcome.kept() {
            lines.push(words::kept(lang, kept, self.outcome.target_s));
        }
        lines.push(words::model(lang, self.engine.source, &self.engine.workloads));
        lines.push(words::extrapolation(
            lang,
            x.max_decode_batch,
            x.fit_max_concurrency,
            p.batch_ratio,
            p.context_ratio,
            p.beyond_measured,
        ));
        if calibrated(&self.engine) {
            lines.push(calibration_error(lang, CALIBRATION_RUNS, &ENGINE_SUMMARY));
        }
        for line in lines {
            out.extend(["- ", &line, "\n"]);
        }
        // The sweep the charts and the highest rate come from.
        let head = |msg| load_text(lang, msg);
        out.extend(["\n| ", head(LoadMsg::RateAxis), " | ", head(LoadMsg::TtftAxis), " | ", head(LoadMsg::SpeedAxis)]);
        out.push_str(" |\n|---:|---:|---:|\n");
        for (rate, p) in &self.outcome.sweep {
            let speed = p.per_request_tok_s.map_or_else(|| "-".to_owned(), |v| format_number(lang, v, 1));
            let row = [words::rate(lang, *rate), words::seconds(lang, p.ttft_s.p95), speed];
            out.extend(["| ", &row[0], " | ", &row[1], " | ", &row[2], " |\n"]);
        }
        out
    }

    /// The JSON part, as `load_prediction` (figures unrounded, sentences in English).
    pub fn json(&self) -> Value {
        let load = &self.outcome.load;
        let answer = sizer_data::predict_api::predict_answer(load, &self.engine)
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(&text).ok())
            .unwrap_or(Value::Null);
        let kept = self.outcome.kept().map(|kept| match kept {
            KeptRate::Within { rps } => json!({ "kind": "within", "rate_per_s": rps }),
            KeptRate::AtLeast { rps } => json!({ "kind": "at_least", "rate_per_s": rps }),
            KeptRate::BelowLowest { lowest } => json!({ "kind": "below_lowest", "rate_per_s": lowest }),
        });
        let sweep: Vec<Value> = self
            .outcome
            .sweep
            .iter()
            .map(|(rate, p)| {
                json!({ "rate_per_s": rate, "requests_sent": sizer_data::prediction::sweep_load(load, *rate).requests,
                        "ttft_p95_s": p.ttft_s.p95, "per_request_tok_s": p.per_request_tok_s })
            })
            .collect();
        let calibration =
            calibrated(&self.engine).then(|| calibration_error(Lang::En, CALIBRATION_RUNS, &ENGINE_SUMMARY));
        json!({
            "run_id": self.run_id,
            "inputs": {
                "rate_per_s": self.input.rate_per_s,
                "burstiness": self.input.burstiness,
                "prompt_tokens": self.input.prompt_tokens,
                "answer_tokens": self.input.answer_tokens,
                "target_p95_ttft_s": self.input.target_s,
            },
            "prediction": answer,
            "highest_rate_keeping_target": kept,
            "sweep": sweep,
            "calibration_error": calibration,
        })
    }
}

/// `json` (the sizing's JSON export) with `load_prediction` added when there is one; as it
/// was should it not be an object.
pub fn with_json(json: &str, exported: Option<&Exported>) -> String {
    let Some(exported) = exported else { return json.to_owned() };
    let Ok(Value::Object(mut object)) = serde_json::from_str::<Value>(json) else { return json.to_owned() };
    object.insert("load_prediction".into(), exported.json());
    serde_json::to_string_pretty(&Value::Object(object)).unwrap_or_else(|_| json.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

    #[test]
    fn the_exports_carry_the_sections_inputs_and_prediction() {
        // Oracle: docs/CALIBRATION.md for this run (the suite files, another path to the same
        // engine): the 0.5 req/s sweep step at p95 TTFT 6.3 s, capacity 0.3 req/s under 5 s,
        // the 1.0 req/s step at 29.5 s; 82 decoded at once (the page's SSR test of the section).
        let exported =
            LoadShare { run_id: QWEN.into(), imported: None, keys: String::new() }.predict().expect("a prediction");
        let md = exported.markdown(Lang::En);
        let head = "### Load from your logs: djangodevreng-arena-qwen-3.6-35b-a3b-fp8\n\n\
                    - Peak requests per second: 0.5 req/s\n\
                    - Burstiness (1 = Poisson, lower = burstier): 0.7\n\
                    - Prompt per request: 4,000 tokens\n\
                    - Answer per request: 500 tokens\n\
                    - p95 time-to-first-token target: 5 s\n\n\
                    **At 0.5 req/s on 1 × DGX Spark (GB10): p50 TTFT ";
        assert!(md.starts_with(head), "{md}");
        assert!(md.contains("\n- The highest rate tried that keeps p95 TTFT under 5 s: 0.3 req/s.\n"), "{md}");
        assert!(md.contains("\n- It extrapolates: up to 82 requests decoded at once"), "{md}");
        assert!(md.contains("\n- On the 19 arena runs it was calibrated on"), "{md}");
        assert!(
            md.contains("\n| Requests per second | p95 TTFT (s) | tok/s per request |\n|---:|---:|---:|\n| 0.1 | ")
        );
        let de = exported.markdown(Lang::De);
        assert!(de.contains("- Anfragen pro Sekunde zur Spitze: 0,5 Anfr./s\n"), "{de}");

        let json: Value = serde_json::from_str(&with_json("{\"run\":\"x\"}", Some(&exported))).expect("JSON");
        assert_eq!(json["run"], "x", "the sizing's export stays");
        let load = &json["load_prediction"];
        assert_eq!(load["run_id"], QWEN);
        assert_eq!(load["inputs"]["rate_per_s"], 0.5);
        assert_eq!(load["inputs"]["target_p95_ttft_s"], 5.0);
        let p95 = load["prediction"]["ttft_s"]["p95"].as_f64().expect("p95");
        assert!((6.25..6.35).contains(&p95), "{p95}");
        assert_eq!(load["prediction"]["extrapolation"]["max_decode_batch"], 82);
        assert_eq!(load["highest_rate_keeping_target"], json!({ "kind": "within", "rate_per_s": 0.3 }));
        let sweep = load["sweep"].as_array().expect("the sweep");
        assert_eq!(sweep.len(), sizer_data::prediction::RATE_GRID.len());
        let at_one = sweep.iter().find(|row| row["rate_per_s"] == 1.0).expect("1 req/s");
        assert_eq!(at_one["requests_sent"], 250);
        let p95 = at_one["ttft_p95_s"].as_f64().expect("p95");
        assert!((29.45..29.55).contains(&p95), "{p95}");
    }

    #[test]
    fn inputs_without_a_prediction_add_nothing() {
        let share = LoadShare { run_id: QWEN.into(), imported: None, keys: ",lr:abc".into() };
        assert!(share.predict().is_none());
        assert_eq!(with_json("{\"run\":\"x\"}", None), "{\"run\":\"x\"}");
        let unknown = LoadShare { run_id: "no-such-run".into(), imported: None, keys: String::new() };
        assert!(unknown.predict().is_none());
    }
}
