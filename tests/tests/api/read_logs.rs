//! `SparkSizer.readLogs` natively (`sizer_import::logs::read_logs_json`, the function the page's
//! binding calls): the answer's keys and values for a real vLLM log (`tests/fixtures/logs/`,
//! values worked out by hand in its README), its `load` passed to `SparkSizer.predict` as it is,
//! and `{"error": "<one sentence>"}` for what cannot be read.

use serde_json::Value;
use sizer_data::api_keys::PREDICT_LOAD;
use sizer_import::logs::read_logs_json;
use sizer_import::suite::predict::predict_from_json;
use sizer_tests::{assert_close, assert_rel, fixture};

fn read(text: &str) -> Value {
    serde_json::from_str(&read_logs_json(text)).expect("JSON")
}

#[test]
fn a_vllm_log_answers_every_key_the_api_documents() {
    let answer = read(&fixture("logs/vllm-v1-docker-tt-inference-server.log"));
    // The README: 2 requests over 30.0 s, dated by Docker's times, no 1-minute window.
    assert_eq!(answer["format"], "vLLM server log");
    assert_eq!(answer["requests"], 2);
    assert_eq!(answer["span"]["from"], "2026-05-12T07:51:29Z");
    assert_eq!(answer["span"]["to"], "2026-05-12T07:51:59Z");
    assert_rel(answer["span"]["rate_per_s"].as_f64().expect("a rate"), 2.0 / 30.0, 1e-4);
    let windows = answer["windows"].as_array().expect("windows");
    let minutes: Vec<u64> = windows.iter().map(|w| w["minutes"].as_u64().expect("minutes")).collect();
    assert_eq!(minutes, [1, 5, 15]);
    assert!(windows.iter().all(|w| w["rate_per_s"].is_null()), "{windows:?}");
    // Engine lines give totals: the mean per request, no quantiles.
    assert_rel(answer["prompt_tokens"]["mean"].as_f64().expect("mean"), 5947.5, 1e-4);
    assert!(answer["prompt_tokens"]["median"].is_null());
    assert_rel(answer["answer_tokens"]["mean"].as_f64().expect("mean"), 1401.0, 1e-4);
    // `Running: 8, 8, 7`.
    assert_eq!((&answer["concurrency"]["p50"], &answer["concurrency"]["max"]), (&8.0.into(), &8.0.into()));
    assert_close(answer["concurrency"]["p99"].as_f64().expect("p99"), 8.0, 1e-9);
    let warnings: Vec<&str> =
        answer["warnings"].as_array().expect("warnings").iter().filter_map(Value::as_str).collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].starts_with("Only 2 requests: burstiness needs at least 100"), "{warnings:?}");
    // The load: the whole span's rate (no 5-minute window), the mean lengths rounded, no
    // burstiness and no spread (the log gives neither), only keys `predict` reads.
    let load = answer["load"].as_object().expect("a load");
    let keys: Vec<&str> = load.keys().map(String::as_str).collect();
    assert_eq!(keys, ["answer_tokens", "prompt_tokens", "rate_per_s"]);
    assert!(keys.iter().all(|key| PREDICT_LOAD.names().any(|name| name == *key)), "{keys:?}");
    assert_rel(load["rate_per_s"].as_f64().expect("rate"), 2.0 / 30.0, 1e-4);
    assert_eq!((&load["prompt_tokens"], &load["answer_tokens"]), (&5948.into(), &1401.into()));
}

#[test]
fn the_load_goes_to_predict_as_it_is() {
    // Sixty LiteLLM-style rows, one every 2 s, 1,000 prompt and 200 answer tokens each.
    let mut text = String::from("startTime,endTime,prompt_tokens,completion_tokens\n");
    for i in 0..60 {
        let s = 2 * i;
        text += &format!(
            "2025-05-19T10:{:02}:{:02}Z,2025-05-19T10:{:02}:{:02}Z,1000,200\n",
            s / 60,
            s % 60,
            (s + 5) / 60,
            (s + 5) % 60
        );
    }
    let answer = read(&text);
    assert_eq!(answer["format"], "request log (CSV)");
    // 59 gaps of 2 s: 0.5 req/s; every request 5 s long, so 2 or 3 in flight (3 at most).
    assert_close(answer["span"]["rate_per_s"].as_f64().expect("rate"), 0.5, 1e-12);
    assert_eq!(answer["concurrency"]["max"], 3.0);
    let load = answer["load"].to_string();
    let prediction: Value = serde_json::from_str(
        &predict_from_json(&load, "\"gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1\"").expect("predicts"),
    )
    .expect("JSON");
    assert_close(prediction["load"]["rate_per_s"].as_f64().expect("rate"), 0.5, 1e-12);
    assert_eq!(
        (&prediction["load"]["prompt_tokens"], &prediction["load"]["answer_tokens"]),
        (&1000.into(), &200.into())
    );
    // Equal lengths: no spread, so `length_range` is 0.
    assert_eq!(prediction["load"]["length_range"], 0.0);
}

#[test]
fn what_cannot_be_read_is_one_sentence_under_error() {
    for (text, starts) in [
        ("", "No line could be read as a vLLM server log"),
        ("hello\nworld\n", "No line could be read as a vLLM server log"),
        (&fixture("logs/vllm-v0-engine-line.log"), "The vLLM server log has engine lines but no request lines"),
    ] {
        let answer = read(text);
        let object = answer.as_object().expect("an object");
        assert_eq!(object.keys().collect::<Vec<_>>(), ["error"], "{answer}");
        let error = answer["error"].as_str().expect("a sentence");
        assert!(error.starts_with(starts) && error.ends_with('.') && !error.contains('\n'), "{error}");
    }
}
