//! `SparkSizer.predict` never panics, whatever its input: 100,000 generated loads (documented keys
//! with valid or bad values, and misspellings) on generated run specs (an arena server's files,
//! dataset runs with and without what the fallback needs, files that give no curve, run specs
//! with misspelt keys). Each is answered by a prediction that sent every request, exactly when
//! every key is documented and every value valid, or else by one error sentence that names a
//! misspelt key whenever there is one.
//!
//! The engines of the valid run specs are fitted once and reused (the page keeps its last one
//! too), so the cases mostly vary the load; loads send at most 8 requests so that 100,000 of them
//! run in seconds in a debug build.

use crate::support;

use proptest::prelude::*;
use serde_json::{Map, Value};
use sizer_data::predict_api::{RunSpec, SpecFile, predict_json};
use sizer_data::predict_engine::PredictEngine;
use sizer_import::suite::predict::{predict, predict_engine, predict_from_json};
use std::sync::OnceLock;

const NVFP4: &str = "nemotron-3/nemotron-3-nano-30b-a3b/nvfp4";

/// Misspelt load keys, each refused by name.
const TYPOS: [&str; 5] = ["rate", "burstyness", "requets", "Seed", "prompt_token"];

/// The engines of the valid run specs: an arena server's files and two dataset runs with a curve,
/// stated lengths and a prompt rate.
fn engines() -> &'static [PredictEngine] {
    static ENGINES: OnceLock<Vec<PredictEngine>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        let files = support::arena_folder(NVFP4).into_iter().map(|(name, text)| SpecFile { name, text }).collect();
        let specs = [
            RunSpec::Files(files),
            RunSpec::Id("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1".into()),
            RunSpec::Id("llamacpp-b6918-gpt-oss-20b-gguf-pp4096".into()),
        ];
        specs.iter().map(|spec| predict_engine(spec).expect("an engine")).collect()
    })
}

/// A value and whether it is valid for its key.
type Drawn = (Value, bool);

fn valid(strategy: impl Strategy<Value = Value> + 'static) -> BoxedStrategy<Drawn> {
    strategy.prop_map(|v| (v, true)).boxed()
}

fn bad(values: Vec<Value>) -> BoxedStrategy<Drawn> {
    prop::sample::select(values).prop_map(|v| (v, false)).boxed()
}

fn f(x: f64) -> Value {
    Value::from(x)
}

/// Each documented key with its valid values (weight 6) and its bad ones (weight 1).
fn documented() -> Vec<(&'static str, BoxedStrategy<Drawn>)> {
    let text = |s: &str| Value::from(s);
    let either = |good: BoxedStrategy<Drawn>, worse: BoxedStrategy<Drawn>| prop_oneof![6 => good, 1 => worse].boxed();
    vec![
        (
            "rate_per_s",
            either(
                valid((0.001..50.0_f64).prop_map(f)),
                bad(vec![Value::Null, f(-1.0), f(0.0), f(1e-6), f(1e5), text("0.5"), Value::Bool(true)]),
            ),
        ),
        (
            "burstiness",
            either(valid((0.05..20.0_f64).prop_map(f)), bad(vec![Value::Null, f(0.0), f(-0.7), f(0.001), f(2e3)])),
        ),
        (
            "prompt_tokens",
            either(valid((1_u32..5_000).prop_map(Value::from)), bad(vec![f(0.0), f(-3.0), f(2.5), f(5e6), text("x")])),
        ),
        (
            "answer_tokens",
            either(
                valid((1_u32..600).prop_map(Value::from)),
                bad(vec![f(0.0), f(-1.0), f(0.5), Value::Null, f(4_000_001.0)]),
            ),
        ),
        ("length_range", either(valid((0.0..0.95_f64).prop_map(f)), bad(vec![f(1.0), f(-0.1), f(1.5), Value::Null]))),
        (
            "seed",
            either(
                valid(prop_oneof![
                    (0_u64..(1 << 53)).prop_map(Value::from),
                    any::<u64>().prop_map(|s| Value::from(s.to_string())),
                ]),
                bad(vec![f(-1.0), f(1.5), text("abc"), Value::Null, text("-4")]),
            ),
        ),
    ]
}

/// A load: every documented key now and then, `requests` nearly always (its default, 125, would
/// make the cases slow), misspellings rarely. Gives the object, whether every value is valid,
/// and the misspelt keys.
fn load() -> impl Strategy<Value = (Map<String, Value>, bool, Vec<&'static str>)> {
    let known: Vec<_> = documented()
        .into_iter()
        .map(|(key, value)| prop::option::of(value).prop_map(move |v| v.map(|v| (key, v))).boxed())
        .collect();
    let requests = prop::option::weighted(
        0.99,
        prop_oneof![12 => valid((1_u32..=8).prop_map(Value::from)), 1 => bad(vec![f(0.0), f(-2.0), f(1.5), f(1001.0), Value::Null])],
    );
    let typos: Vec<_> = TYPOS
        .iter()
        .map(|key| prop::option::weighted(0.03, (-5.0..5.0_f64).prop_map(f)).prop_map(move |v| v.map(|v| (*key, v))))
        .collect();
    (known, requests, typos).prop_map(|(known, requests, typos)| {
        let mut map = Map::new();
        let mut all_valid = true;
        let requests = requests.map(|drawn| ("requests", drawn));
        for (key, (value, ok)) in known.into_iter().flatten().chain(requests) {
            all_valid &= ok;
            map.insert(key.to_owned(), value);
        }
        let mut misspelt = Vec::new();
        for (key, value) in typos.into_iter().flatten() {
            misspelt.push(key);
            map.insert(key.to_owned(), value);
        }
        (map, all_valid, misspelt)
    })
}

/// A run spec that cannot give an engine, as the JSON text the page's binding sends, and the
/// misspelt key it holds, if any.
fn failing_spec() -> impl Strategy<Value = (String, Option<&'static str>)> {
    let name = prop_oneof![
        Just("01-chat.md".to_owned()),
        Just("meta.json".to_owned()),
        Just("11-rate-sweep-0.5.json".to_owned()),
        Just("_sanity.txt".to_owned()),
        "[a-z]{1,8}\\.(md|json|txt)",
    ];
    let text = prop_oneof![
        Just(String::new()),
        Just("{}".to_owned()),
        Just("| model | test | t/s (total) |\n|:--|--:|--:|\n".to_owned()),
        "\\PC{0,40}",
    ];
    let file_typo = prop::option::weighted(0.1, prop::sample::select(vec!["nmae", "txt"]));
    prop_oneof![
        1 => prop::sample::select(vec![
            "\"nope\"",
            "\"gpuwerk-llama-3.3-70b-awq-vllm-0.27.1\"",
            "\"lmsys-llama-3.1-8b-fp8-sglang\"",
            "{\"files\": []}",
            "{\"file\": []}",
            "[1, 2]",
            "{",
        ])
        .prop_map(|s| (s.to_owned(), None)),
        3 => (name, text, file_typo).prop_map(|(name, text, typo)| {
            let mut file = serde_json::json!({"name": name, "text": text});
            if let Some(typo) = typo {
                file[typo] = Value::from("x");
            }
            (serde_json::json!({"files": [file]}).to_string(), typo)
        }),
    ]
}

fn assert_one_sentence(message: &str) {
    assert!(!message.is_empty() && message.ends_with('.'), "{message:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100_000, ..ProptestConfig::default() })]

    #[test]
    fn predict_answers_or_names_what_it_did_not_read(
        (map, all_valid, misspelt) in load(),
        spec in prop_oneof![6 => (0_usize..3).prop_map(Ok), 1 => failing_spec().prop_map(Err)],
    ) {
        let load = Value::Object(map.clone()).to_string();
        match spec {
            Ok(index) => match predict_json(&load, &engines()[index]) {
                Ok(json) => {
                    prop_assert!(misspelt.is_empty() && all_valid, "answered {load}");
                    let value: Value = serde_json::from_str(&json).expect("JSON");
                    let requests = map.get("requests").and_then(Value::as_u64).unwrap_or(125);
                    prop_assert_eq!(value["completed"].as_u64(), Some(requests));
                    let t = &value["ttft_s"];
                    let (p50, p95, p99) = (t["p50"].as_f64(), t["p95"].as_f64(), t["p99"].as_f64());
                    prop_assert!(matches!((p50, p95, p99), (Some(a), Some(b), Some(c)) if 0.0 <= a && a <= b && b <= c));
                    let mean = value["mean_in_flight"].as_f64().expect("a mean");
                    prop_assert!(mean <= value["max_in_flight"].as_f64().expect("a max") + 1e-9);
                }
                Err(message) => {
                    assert_one_sentence(&message);
                    prop_assert!(!(misspelt.is_empty() && all_valid), "refused {load}: {message}");
                    if !misspelt.is_empty() {
                        prop_assert!(misspelt.iter().any(|k| message.contains(&format!("unknown field `{k}`"))), "{message}");
                    }
                }
            },
            Err((spec, file_typo)) => {
                let message = predict_from_json(&load, &spec).expect_err("no engine");
                assert_one_sentence(&message);
                if !misspelt.is_empty() {
                    prop_assert!(misspelt.iter().any(|k| message.contains(&format!("unknown field `{k}`"))), "{message}");
                } else if let (true, Some(typo)) = (all_valid, file_typo) {
                    let named = format!("unknown field `files[0].{typo}`");
                    prop_assert!(message.contains(&named), "{message}");
                }
            }
        }
    }
}

#[test]
fn the_native_api_and_the_cached_engine_agree() {
    // The function the page calls refits nothing for a spec it has seen, and answers the same.
    let id = RunSpec::Id("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1".into());
    let load = r#"{"requests": 8, "rate_per_s": 2}"#;
    assert_eq!(predict(load, &id), predict_json(load, &engines()[1]));
    assert_eq!(predict(load, &id), predict(load, &id));
}
