//! `SparkSizer.predict` on an architecture (`{"architecture": ..., "server": ...}`) and with a
//! closed-loop load (`{"concurrency": ...}`): figures computed by hand from gpt-oss-20b's real
//! `config.json` and the arena's `meta.json` of its run, the closed-loop speed against the step
//! coefficients the answer states, and one sentence for every bad input.

use crate::support;

use serde_json::{Value, json};
use sizer_data::predict_api::RunSpec;
use sizer_import::suite::predict::{predict, predict_from_json};

const GPT_OSS: &str = "gpt-oss/gpt-oss-20b/mxfp4";

fn meta(run: &str) -> String {
    support::arena_folder(run).into_iter().find(|(n, _)| n == "meta.json").expect("a meta.json").1
}

/// gpt-oss-20b's config as pasted (text) on its arena server.
fn gpt_oss() -> RunSpec {
    RunSpec::Architecture {
        architecture: json!({"config": support::model_config("openai__gpt-oss-20b.json")}),
        server: Some(Value::String(meta(GPT_OSS))),
    }
}

fn answer(load: &str, spec: &RunSpec) -> Value {
    serde_json::from_str(&predict(load, spec).unwrap_or_else(|e| panic!("{load}: {e}"))).expect("JSON")
}

fn f(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

#[test]
fn an_architecture_answers_in_the_fitted_shape_and_says_so() {
    let a = answer("{}", &gpt_oss());
    let model = &a["model"];
    assert_eq!(model["source"], "architecture");
    assert_eq!(model["label"], "predicted from the architecture, not measured");
    assert_eq!((model["model_type"].as_str(), model["format"].as_str()), (Some("gpt_oss"), Some("MXFP4")));
    // 13,747,322,880 bytes of weights (tests/core/architecture.rs counts them by hand).
    assert!((f(&model["weights_gb"]) - 13.747_322_88).abs() < 1e-9);
    // meta.json: fp8 cache, 0.90 of the memory, --max-num-batched-tokens 8192.
    assert_eq!((f(&model["kv_bytes_per_element"]), f(&model["gpu_memory_utilization"])), (1.0, 0.9));
    assert_eq!(model["setup"]["step_token_budget"], 8_192);
    // (128 GB x 0.9 - 13.747 GB - 6 GB) / 24,576 bytes a token (full and sliding layers).
    assert!((f(&model["setup"]["kv_pool_tokens"]) - 3_883_979.375).abs() < 1e-6);
    assert_eq!(model["setup"]["max_model_len"], 131_072);
    // The error measured on the arena's runs read from a configuration (14 runs, 38 of 42
    // decode points: docs/CALIBRATION-ARCHITECTURE.md, "By input") and the constants travel
    // with every answer.
    let error = &model["measured_error"];
    assert_eq!((error["input"].as_str(), error["runs"].as_u64()), (Some("configuration"), Some(14)));
    assert_eq!(error["decode_within_20_percent"], json!({"hits": 38, "of": 42}));
    assert!(f(&model["constants"]["weight_factor"]) > 0.0);
    // The default load: the arena's 0.5 req/s sweep step, every request answered.
    assert_eq!((a["completed"].as_u64(), a["requests"].as_u64()), (Some(125), Some(125)));
    let ttft = &a["ttft_s"];
    assert!(f(&ttft["p50"]) <= f(&ttft["p95"]) && f(&ttft["p95"]) <= f(&ttft["p99"]));
}

#[test]
fn a_closed_loop_load_on_an_architecture_decodes_at_the_stated_step_time() {
    // One user, one request of 1,000 prompt tokens and 101 answer tokens: its 100 decode steps
    // each carry one request holding 1,001 + i tokens, so the speed is
    // 100 / sum_i (a + b + r + c (1,001 + i)) with the coefficients the answer states.
    let load = r#"{"concurrency": 1, "prompt_tokens": 1000, "answer_tokens": 101, "requests": 1}"#;
    let a = answer(load, &gpt_oss());
    let k = &a["model"]["coefficients"];
    let step = f(&k["base_s"]) + f(&k["per_decode_s"]) + f(&k["per_root_decode_s"]);
    let total: f64 = (0..100).map(|i| step + f(&k["per_context_token_s"]) * (1_001.0 + f64::from(i))).sum();
    let expected = 100.0 / total;
    assert!(
        (f(&a["per_request_tok_s"]) / expected - 1.0).abs() < 1e-9,
        "{} against {expected}",
        a["per_request_tok_s"]
    );
    // Under the naive roofline, 273 GB/s over the 3.706 GB one token reads.
    assert!(f(&a["per_request_tok_s"]) < 73.67);
    assert_eq!((a["completed"].as_u64(), a["max_in_flight"].as_u64()), (Some(1), Some(1)));
    assert_eq!(a["load"]["concurrency"], 1);
}

#[test]
fn the_short_form_and_the_json_run_spec_are_read() {
    let spec = json!({"architecture": {"total_params_b": 30, "active_params_b": 3, "format": "fp8"}}).to_string();
    let a: Value = serde_json::from_str(&predict_from_json("{}", &spec).expect("answers")).expect("JSON");
    assert_eq!(a["model"]["model_type"], "short form");
    // 30 billion weights at one byte.
    assert!((f(&a["model"]["weights_gb"]) - 30.0).abs() < 1e-12);
    let notes = a["model"]["notes"].as_array().expect("notes");
    assert!(notes.iter().any(|n| n.as_str().is_some_and(|n| n.contains("assumed"))), "{notes:?}");
    // Its error is the one measured on the arena's 4 runs known by their size alone (3 of 12
    // decode points, 4 of 4 capacities, 17 of 17 sweep steps: docs/CALIBRATION-ARCHITECTURE.md),
    // not the configurations' nor the pooled one.
    let error = &a["model"]["measured_error"];
    assert_eq!((error["input"].as_str(), error["runs"].as_u64()), (Some("size_only"), Some(4)));
    assert_eq!(error["decode_within_20_percent"], json!({"hits": 3, "of": 12}));
    assert_eq!(error["capacity_within_one_rate_step"], json!({"hits": 4, "of": 4}));
    assert_eq!(error["p95_ttft_within_35_percent"], json!({"hits": 17, "of": 17}));
}

#[test]
fn bare_infinity_in_a_pasted_config_is_read_as_unknown_and_said() {
    let text = support::model_config("openai__gpt-oss-20b.json")
        .replace("\"swiglu_limit\": 7.0", "\"swiglu_limit\": Infinity");
    let spec = RunSpec::Architecture { architecture: json!({"config": text}), server: None };
    let a = answer("{}", &spec);
    let notes = a["model"]["notes"].as_array().expect("notes");
    assert!(notes[0].as_str().is_some_and(|n| n.starts_with("1 bare Infinity or NaN value(s)")), "{notes:?}");
}

#[test]
fn every_bad_architecture_gets_one_sentence() {
    let refused = |architecture: Value, server: Option<Value>| {
        predict("{}", &RunSpec::Architecture { architecture, server }).expect_err("refused")
    };
    let garbled = refused(json!({"config": "{\"num_hidden_layers\": 24,"}), None);
    assert!(garbled.starts_with("The config.json is not JSON"), "{garbled}");
    let no_hidden = refused(json!({"config": {"num_hidden_layers": 2, "vocab_size": 10}}), None);
    assert_eq!(no_hidden, "The configuration has no \"hidden_size\", which the model's size needs.");
    let contradiction = refused(
        json!({"config": {"num_hidden_layers": 3, "hidden_size": 8, "vocab_size": 10, "intermediate_size": 16,
            "num_attention_heads": 2, "layer_types": ["full_attention"]}}),
        None,
    );
    assert!(contradiction.contains("contradicts itself"), "{contradiction}");
    let absurd = refused(json!({"total_params_b": 3, "active_params_b": 30}), None);
    assert!(absurd.starts_with("The short form is not a model"), "{absurd}");
    let speculative = refused(
        json!({"config": support::model_config("openai__gpt-oss-20b.json")}),
        Some(json!({"model": "m", "server_config": {"extra_vllm_args": "--speculative-config {}"}})),
    );
    assert!(speculative.starts_with("The server decodes speculatively"), "{speculative}");
    let typo = predict_from_json("{}", r#"{"architecture": {"confgi": "{}"}}"#).expect_err("refused");
    assert!(typo.contains("architecture.confgi"), "{typo}");
    let too_big = json!({"architecture": {"total_params_b": 300, "active_params_b": 30, "format": "bf16"}});
    let heavy = predict_from_json("{}", &too_big.to_string()).expect_err("refused");
    assert!(heavy.starts_with("The weights (600.0 GB) leave no room"), "{heavy}");
}

#[test]
fn a_closed_loop_load_runs_on_a_fitted_run_too() {
    let spec = RunSpec::Id("djangodevreng-arena-gpt-oss-20b-mxfp4".to_owned());
    let a = answer(r#"{"concurrency": 4, "prompt_tokens": 1024, "answer_tokens": 256, "requests": 8}"#, &spec);
    assert_eq!((a["completed"].as_u64(), a["requests"].as_u64()), (Some(8), Some(8)));
    assert_eq!(a["model"]["source"], "dataset_suite");
    let fewer = predict(r#"{"concurrency": 4, "prompt_tokens": 8, "answer_tokens": 8, "requests": 2}"#, &spec)
        .expect_err("refused");
    assert_eq!(fewer, "\"requests\" = 2 is fewer than \"concurrency\" = 4: every user sends at least one.");
    let mixed = predict(r#"{"concurrency": 4, "prompt_tokens": 8, "answer_tokens": 8, "rate_per_s": 1}"#, &spec)
        .expect_err("refused");
    assert!(mixed.contains("rate_per_s"), "{mixed}");
}

#[test]
fn hostile_configs_get_one_sentence_and_no_panic() {
    let refused = |architecture: Value| {
        predict("{}", &RunSpec::Architecture { architecture, server: None }).expect_err("refused")
    };
    // Over the 4 MiB a configuration may have.
    let huge = refused(json!({"config": " ".repeat(4 * 1024 * 1024 + 1)}));
    assert_eq!(huge, "The config.json is 4194305 bytes, more than the 4194304 a configuration may have.");
    let negative = refused(json!({"config": {"num_hidden_layers": -1, "hidden_size": 8, "vocab_size": 10}}));
    assert_eq!(negative, "The configuration's \"num_hidden_layers\" is -1, not a whole number.");
    let absurd = refused(json!({"config": {"num_hidden_layers": 2, "hidden_size": 100_000_000, "vocab_size": 10,
        "intermediate_size": 16, "num_attention_heads": 2}}));
    assert_eq!(
        absurd,
        "The configuration does not describe a model: a layer count above 10,000 or a size above 10,000,000 is no model."
    );
    let unknown_kind = refused(json!({"config": {"num_hidden_layers": 1, "hidden_size": 8, "vocab_size": 10,
        "intermediate_size": 16, "num_attention_heads": 2, "layer_types": ["<script>"]}}));
    assert_eq!(unknown_kind, "The layer kind \"<script>\" in \"layer_types\" is not one this reads.");
    let nested = refused(json!({"config": format!("{}{}", "[".repeat(10_000), "]".repeat(10_000))}));
    assert!(nested.starts_with("The config.json is not JSON: recursion limit exceeded"), "{nested}");
    let not_object = refused(json!({"config": "[1, 2]"}));
    assert_eq!(not_object, "The configuration is not a JSON object.");
}

#[test]
fn a_long_name_from_the_file_is_cut_in_the_sentence() {
    let kind = "x".repeat(100);
    let architecture = json!({"config": {"num_hidden_layers": 1, "hidden_size": 8, "vocab_size": 10,
        "intermediate_size": 16, "num_attention_heads": 2, "layer_types": [kind]}});
    let message = predict("{}", &RunSpec::Architecture { architecture, server: None }).expect_err("refused");
    assert_eq!(message, format!("The layer kind \"{}…\" in \"layer_types\" is not one this reads.", "x".repeat(40)));
}
