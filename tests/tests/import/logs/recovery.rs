//! Each format, written from the generator's load, gives back that load: the rate within 5 %,
//! mean lengths within 10 %, the burstiness within 25 % from per-request times on a fine clock
//! and within 35 % from counts per interval (vLLM's 10-s engine lines, `/metrics` scrapes,
//! nginx's whole-second clock).

use super::generator::{TRUTH, Truth, requests};
use super::writers;
use sizer_data::predict_load::PredictLoad;
use sizer_import::logs::{LogFormat, LogLoad, ShapeMethod, read_logs, read_logs_json};
use sizer_tests::assert_rel;

const RATE: f64 = 0.05;
const LENGTH: f64 = 0.10;
const SHAPE_FROM_GAPS: f64 = 0.25;
const SHAPE_FROM_COUNTS: f64 = 0.35;

fn read(text: &str, format: LogFormat) -> LogLoad {
    let load = read_logs(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(load.format, format);
    load
}

/// The rate, the burstiness (by the method expected) and, where the log has them, the lengths.
#[track_caller]
fn assert_recovers(load: &LogLoad, truth: &Truth, gaps: bool, lengths: bool) {
    assert_rel(load.rate_per_s, truth.rate_per_s, RATE);
    let burstiness = load.burstiness.expect("a burstiness");
    assert_eq!(matches!(burstiness.method, ShapeMethod::Gaps), gaps, "{:?}", burstiness.method);
    let tolerance = if gaps { SHAPE_FROM_GAPS } else { SHAPE_FROM_COUNTS };
    assert_rel(burstiness.estimate.value, truth.shape, tolerance);
    if lengths {
        assert_rel(load.prompt_tokens.expect("prompt").mean, truth.mean_prompt(), LENGTH);
        assert_rel(load.answer_tokens.expect("answer").mean, truth.mean_answer(), LENGTH);
    } else {
        assert_eq!((load.prompt_tokens, load.answer_tokens), (None, None));
    }
    // Busiest windows are at least the whole span's rate, and shorter windows at least longer ones.
    let rates: Vec<f64> = load.windows.iter().map(|w| w.rate_per_s.expect("an hour spans them")).collect();
    assert!(rates[0] >= rates[1] && rates[1] >= rates[2] && rates[2] >= load.rate_per_s * 0.999, "{rates:?}");
    assert!(load.warnings.is_empty(), "{:?}", load.warnings);
}

#[test]
fn litellm_json_lines_give_the_load_and_the_measured_speeds() {
    let generated = requests(&TRUTH, 1);
    let load = read(&writers::litellm_json(&generated), LogFormat::RequestJson);
    assert_recovers(&load, &TRUTH, true, true);
    assert_eq!(load.requests as usize, generated.len());
    // TTFT is 0.05 s + prompt / 10,000 (mean 0.25 s); decode 40 tok/s after the first token.
    assert_rel(load.ttft_s.expect("ttft").mean, 0.25, 0.02);
    assert_rel(load.speed_tok_s.expect("speed").median.expect("median"), 40.0 * (1.0 - 1.0 / 300.0), 0.01);
    let concurrency = load.concurrency.expect("from start and end times");
    // Little's law: 2 req/s x mean latency (0.25 + 300 / 40 = 7.75 s) = 15.5 on average.
    assert!((10.0..=20.0).contains(&concurrency.p50) && concurrency.max > concurrency.p99, "{concurrency:?}");
}

#[test]
fn openai_usage_lines_csv_and_caddy_give_the_load() {
    let generated = requests(&TRUTH, 2);
    assert_recovers(&read(&writers::openai_usage(&generated), LogFormat::RequestJson), &TRUTH, true, true);
    assert_recovers(&read(&writers::litellm_csv(&generated), LogFormat::RequestCsv), &TRUTH, true, true);
    assert_recovers(&read(&writers::caddy(&generated), LogFormat::Caddy), &TRUTH, true, false);
}

#[test]
fn nginx_whole_seconds_count_per_interval() {
    let generated = requests(&TRUTH, 3);
    let load = read(&writers::nginx(&generated), LogFormat::Nginx);
    assert_recovers(&load, &TRUTH, false, false);
    assert_eq!(load.burstiness.map(|b| b.method), Some(ShapeMethod::Counts { interval_s: 10 }));
}

#[test]
fn a_vllm_server_log_counts_access_lines_per_engine_line() {
    let generated = requests(&TRUTH, 4);
    let load = read(&writers::vllm_server(&generated, TRUTH.seconds), LogFormat::VllmServer);
    assert_recovers(&load, &TRUTH, false, true);
    assert_eq!(load.burstiness.map(|b| b.method), Some(ShapeMethod::Counts { interval_s: 10 }));
    assert_eq!(load.concurrency.map(|c| c.source), Some("running"));
    assert!(!load.span.dated);
    assert_eq!(load.span.text(), ("05-19 00:00:00".to_owned(), "05-19 01:00:00".to_owned()));
}

#[test]
fn metrics_scrapes_give_rates_lengths_and_quantiles() {
    let generated = requests(&TRUTH, 5);
    let load = read(&writers::prometheus(&generated, TRUTH.seconds, 15.0), LogFormat::Prometheus);
    assert_recovers(&load, &TRUTH, false, true);
    // Uniform 1,000-3,000 prompts: the median falls in the (1000, 2000] bucket's top, near 2,000.
    assert_rel(load.prompt_tokens.and_then(|p| p.median).expect("median"), 2000.0, LENGTH);
}

#[test]
fn the_load_goes_to_predict_unchanged() {
    let generated = requests(&TRUTH, 6);
    let text = writers::litellm_json(&generated);
    let load = read(&text, LogFormat::RequestJson);
    let for_predict = load.predict_load();
    let (rate, window) = load.prediction_rate();
    assert_eq!((for_predict.rate_per_s, window), (rate, Some(5)));
    let parsed = PredictLoad::from_json(&serde_json::to_string(&for_predict).expect("json")).expect("predict reads it");
    assert_eq!(parsed.rate_per_s, for_predict.rate_per_s);
    assert_eq!(Some(parsed.burstiness), for_predict.burstiness);
    assert_eq!(
        (Some(parsed.prompt_tokens), Some(parsed.answer_tokens)),
        (for_predict.prompt_tokens, for_predict.answer_tokens)
    );
    assert_eq!(Some(parsed.length_range), for_predict.length_range);
    // Uniform spreads of 1,000 around 2,000 (r = 0.5) and 200 around 300 (r = 2/3), averaged.
    assert_rel(parsed.length_range, (0.5 + 2.0 / 3.0) / 2.0, LENGTH / 2.0);
    // The page's JSON carries the same load under "load", and the summary beside it.
    let answer: serde_json::Value = serde_json::from_str(&read_logs_json(&text)).expect("json");
    let load_json = serde_json::to_string(&answer["load"]).expect("json");
    assert_eq!(PredictLoad::from_json(&load_json), Ok(parsed));
    for key in ["span", "windows", "prompt_tokens", "answer_tokens", "concurrency", "format", "requests", "warnings"] {
        assert!(answer.get(key).is_some(), "{key} missing from {answer}");
    }
    assert_eq!(answer["requests"], generated.len());
}

/// A smoother, slower load than [`TRUTH`]: 0.5 req/s with gamma shape 2 (more regular than
/// Poisson), 500-1,500 prompt and 50-150 answer tokens.
const SMOOTH: Truth =
    Truth { rate_per_s: 0.5, shape: 2.0, seconds: 3600.0, prompt: (500.0, 1500.0), answer: (50.0, 150.0) };

#[test]
fn a_smooth_slow_load_is_recovered_in_every_format() {
    let generated = requests(&SMOOTH, 7);
    let logs = [
        (writers::litellm_json(&generated), LogFormat::RequestJson, true, true),
        (writers::openai_usage(&generated), LogFormat::RequestJson, true, true),
        (writers::litellm_csv(&generated), LogFormat::RequestCsv, true, true),
        (writers::caddy(&generated), LogFormat::Caddy, true, false),
        (writers::nginx(&generated), LogFormat::Nginx, false, false),
        (writers::vllm_server(&generated, SMOOTH.seconds), LogFormat::VllmServer, false, true),
        (writers::prometheus(&generated, SMOOTH.seconds, 15.0), LogFormat::Prometheus, false, true),
    ];
    for (text, format, gaps, lengths) in logs {
        assert_recovers(&read(&text, format), &SMOOTH, gaps, lengths);
    }
}
