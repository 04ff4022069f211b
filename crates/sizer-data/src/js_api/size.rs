//! The JSON API's sizing, `window.SparkSizer.size(scenarioJson, run)`: a scenario (missing
//! fields take the chat defaults) on a dataset run or an inline curve, sized by the core, as
//! JSON; errors are one sentence. A key the scenario or the curve does not read is refused,
//! naming it (`api_keys.rs`). The widget only passes JavaScript values in and out.

use serde::Deserialize;
use sizer_core::{Curve, HeadroomMethod, Scenario, size};

use crate::api_keys::{INLINE_CURVE, KeyError, SCENARIO, check_keys, check_z};
use crate::{dataset, scenario_for_run, sized_run};

/// The second argument of `SparkSizer.size`: a dataset run id, or a curve of the caller's own
/// as JSON, `{"points": [[1, 81.2], [8, 37.3]]}` (concurrency, per-request tok/s).
#[derive(Clone, Debug, PartialEq)]
pub enum ApiRun {
    /// A run id of the dataset.
    Id(String),
    /// An inline curve, as JSON text.
    Inline(String),
}

/// An inline curve as the JS API accepts it (unknown keys are refused by [`check_keys`]).
#[derive(Deserialize)]
struct InlineCurve {
    points: Vec<(f64, f64)>,
}

/// Why the JSON API could not size.
#[derive(Debug, PartialEq)]
pub enum ApiError {
    /// The scenario JSON does not parse.
    BadJson(String),
    /// The scenario holds a key `size` does not read (or not with the other keys given).
    UnknownKey(KeyError),
    /// The run id is not in the dataset.
    UnknownRun(String),
    /// The run has no curve.
    NoCurve,
    /// The inline curve does not parse or is not a valid curve.
    BadCurve(String),
    /// The core rejected the scenario.
    Scenario(String),
}

impl ApiError {
    /// A one-sentence message for the JavaScript error.
    pub fn message(&self) -> String {
        match self {
            ApiError::BadJson(detail) => ["Invalid scenario JSON: ", detail, "."].concat(),
            ApiError::UnknownKey(error) => format!("Invalid scenario: {error}."),
            ApiError::UnknownRun(id) if crate::runs_pending() => [
                "Unknown run id \"",
                id,
                "\" so far: the page's second module, which brings the DGX Spark arena's runs, is not in yet; ask again once the page has shown its charts.",
            ]
            .concat(),
            ApiError::UnknownRun(id) => ["Unknown run id \"", id, "\"."].concat(),
            ApiError::NoCurve => "The run has no per-request speed curve.".into(),
            ApiError::BadCurve(detail) => ["Invalid inline curve: ", detail, "."].concat(),
            ApiError::Scenario(detail) => ["Invalid scenario: ", detail, "."].concat(),
        }
    }
}

/// The curve of an inline `{"points": [[c, tok_s], ...]}` (per-request speed).
pub fn inline_curve(json: &str) -> Result<Curve, ApiError> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| ApiError::BadCurve(e.to_string()))?;
    check_keys(&value, &INLINE_CURVE).map_err(|e| ApiError::BadCurve(e.to_string()))?;
    let inline: InlineCurve = serde_json::from_value(value).map_err(|e| ApiError::BadCurve(e.to_string()))?;
    Curve::from_per_request(&inline.points).map_err(|e| ApiError::BadCurve(e.to_string()))
}

/// `SparkSizer.size(scenarioJson, run)`: sizes a scenario (missing fields take the chat
/// defaults) on a dataset run or an inline curve, and returns the `Sizing` as JSON. A caller's
/// `kv_pool_tokens` and `prefill_tok_s` are kept; for a dataset run the missing ones come from
/// the dataset ([`scenario_for_run`]); an inline curve brings none. A dataset run of several
/// workloads is sized on the one nearest the scenario ([`sized_run`]), named under `"workload"`;
/// a run sized on its engine's points says so under `"engine_speed"` ([`crate::EngineSpeed`]).
pub fn size_json(scenario_json: &str, run: &ApiRun) -> Result<String, ApiError> {
    let base = scenario_from_json(scenario_json)?;
    let (scenario, curve, choice, sized) = match run {
        ApiRun::Id(id) => {
            let run = dataset().run(id).ok_or_else(|| ApiError::UnknownRun(id.clone()))?;
            let sized = sized_run(run, &base);
            let (curve, _) = sized.run.sizing_curve().map_err(|_| ApiError::NoCurve)?;
            (scenario_for_run(sized.run, base), curve, sized.choice, Some(sized.run))
        }
        ApiRun::Inline(json) => (base, inline_curve(json)?, None, None),
    };
    let sizing = size(&scenario, &curve).map_err(|e| ApiError::Scenario(e.to_string()))?;
    let mut json = serde_json::to_string(&sizing).map_err(|e| ApiError::BadJson(e.to_string()))?;
    // Spliced into the object's text rather than built as a `serde_json::Value`: that would
    // bring a second serializer of `Sizing` into the first wasm module (several KB gzip).
    let mut splice = |key: &str, value: String| {
        if json.ends_with('}') {
            json.pop();
            json.push_str(&[",\"", key, "\":", &value, "}"].concat());
        }
    };
    if let Some(choice) = choice {
        splice("workload", serde_json::to_string(&choice).map_err(|e| ApiError::BadJson(e.to_string()))?);
    }
    if let Some(engine) = sized.and_then(|run| run.engine_speed(sizing.streams.streams())) {
        splice("engine_speed", serde_json::to_string(&engine).map_err(|e| ApiError::BadJson(e.to_string()))?);
    }
    Ok(json)
}

/// The scenario of `size`: a JSON object whose keys are all [`Scenario`]'s (missing ones take
/// the chat defaults).
fn scenario_from_json(json: &str) -> Result<Scenario, ApiError> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| ApiError::BadJson(e.to_string()))?;
    if !value.is_object() {
        return Err(ApiError::BadJson("expected an object {...}".to_owned()));
    }
    check_keys(&value, &SCENARIO).map_err(ApiError::UnknownKey)?;
    let scenario: Scenario = serde_json::from_value(value.clone()).map_err(|e| ApiError::BadJson(e.to_string()))?;
    check_z(&value, scenario.headroom == HeadroomMethod::NormalApprox, "normal_approx")
        .map_err(ApiError::UnknownKey)?;
    Ok(scenario)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English article's run (the widget's default).
    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    fn api(scenario: &str, run: &ApiRun) -> serde_json::Value {
        let json = size_json(scenario, run).unwrap_or_else(|e| panic!("{scenario}: {}", e.message()));
        serde_json::from_str(&json).expect("json")
    }

    fn id(run: &str) -> ApiRun {
        ApiRun::Id(run.to_owned())
    }

    #[test]
    fn the_api_sizes_the_articles_example() {
        // "52 streams allow an average of 37.7, which is 163 users".
        let value = api(r#"{"z": 2.33}"#, &id(QWEN));
        assert_eq!(
            (&value["people"], &value["whole_streams"], &value["binding"]),
            (&163.into(), &52.into(), &"speed".into())
        );
        assert!(matches!(size_json("{", &id(QWEN)), Err(ApiError::BadJson(_))));
        assert_eq!(size_json("{}", &id("nope")).map_err(|e| e.message()), Err("Unknown run id \"nope\".".to_owned()));
        assert!(matches!(size_json(r#"{"floor_tok_s": -1}"#, &id(QWEN)), Err(ApiError::Scenario(_))));
    }

    #[test]
    fn the_api_falls_back_to_the_datasets_pool_and_rate() {
        // 924,912 tokens / 8,192 per session = 112.9 ("113 at 8,192"); 5,705 tok/s prefill on
        // chat prompts of 512 tokens every 120 s: 5,705 / (512 / 120) = 1,337.1 users.
        let value = api("{}", &id(QWEN));
        assert_eq!(value["kv_sessions"], 112);
        let users = value["users_by_prefill"].as_f64().expect("prefill users");
        assert!((users - 1_337.109_375).abs() < 1e-9, "{users}");
    }

    #[test]
    fn the_api_keeps_a_callers_pool_and_rate() {
        // 40,960 tokens / 8,192 = 5 sessions; 10 tok/s / (1,000 / 120) = 1.2 users by prefill.
        let value = api(r#"{"kv_pool_tokens": 40960, "prefill_tok_s": 10, "prompt_tokens": 1000}"#, &id(QWEN));
        assert_eq!(value["kv_sessions"], 5);
        assert!((value["users_by_prefill"].as_f64().expect("users") - 1.2).abs() < 1e-9);
        assert_eq!((&value["binding"], &value["people"]), (&"prefill".into(), &1.into()));
    }

    #[test]
    fn the_api_sizes_an_inline_curve() {
        // 15 tok/s between (8, 37.3) and (64, 13.1): 8 + (37.3 - 15) / (37.3 - 13.1) x 56 = 59.6.
        let inline = ApiRun::Inline(r#"{"points": [[1, 81.2], [8, 37.3], [64, 13.1]]}"#.to_owned());
        let value = api("{}", &inline);
        assert!((value["fractional_streams"].as_f64().expect("streams") - 59.603_305).abs() < 1e-5);
        assert_eq!(value["whole_streams"], 59);
        assert_eq!(value["kv_sessions"], serde_json::Value::Null);
        let with_pool = api(r#"{"kv_pool_tokens": 40960}"#, &inline);
        assert_eq!((&with_pool["kv_sessions"], &with_pool["binding"]), (&5.into(), &"kv_cache".into()));
        for bad in [r#"{"points": []}"#, r#"{"points": [[8, 1], [1, 2]]}"#, r#"{"pts": [[1, 2]]}"#, "[1, 2]"] {
            let error = size_json("{}", &ApiRun::Inline(bad.to_owned())).expect_err(bad);
            let message = error.message();
            assert!(message.starts_with("Invalid inline curve: ") && message.ends_with('.'), "{message}");
            assert_eq!(message.matches(". ").count(), 0, "one sentence: {message}");
        }
    }
}
