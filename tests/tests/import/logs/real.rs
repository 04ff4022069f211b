//! The real excerpts in `tests/fixtures/logs/`, checked against the values its README works out
//! by hand.

use sizer_import::logs::{LogError, LogFormat, LogWarning, read_logs, read_logs_json};
use sizer_tests::{assert_close, assert_rel, fixture};

#[test]
fn a_docker_vllm_v1_log_reads_as_its_readme_says() {
    let load = read_logs(&fixture("logs/vllm-v1-docker-tt-inference-server.log")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((load.format, load.requests), (LogFormat::VllmServer, 2));
    assert_eq!(load.span.text(), ("2026-05-12T07:51:29Z".to_owned(), "2026-05-12T07:51:59Z".to_owned()));
    assert_close(load.span.seconds(), 30.0, 0.001);
    assert_rel(load.rate_per_s, 2.0 / 30.0, 1e-4);
    assert_rel(load.prompt_tokens.expect("prompt").mean, 5947.5, 1e-4);
    assert_rel(load.answer_tokens.expect("answer").mean, 1401.0, 1e-4);
    let concurrency = load.concurrency.expect("running");
    assert_eq!((concurrency.p50, concurrency.max), (8.0, 8.0));
    assert_eq!(load.burstiness, None);
    assert!(load.windows.iter().all(|w| w.rate_per_s.is_none()));
    assert_eq!(
        load.warnings,
        vec![LogWarning::TooFewForBurstiness { requests: 2 }, LogWarning::AfterLastInterval { requests: 1 }]
    );
    // Without a 5-minute window the prediction takes the whole span's rate.
    assert_eq!(load.prediction_rate(), (load.rate_per_s, None));
}

#[test]
fn a_vllm_v0_line_without_access_lines_asks_for_them() {
    let text = fixture("logs/vllm-v0-engine-line.log");
    assert_eq!(read_logs(&text), Err(LogError::NoRequestLines));
    let answer: serde_json::Value = serde_json::from_str(&read_logs_json(&text)).expect("json");
    assert!(answer["error"].as_str().expect("an error").contains("--disable-uvicorn-access-log"), "{answer}");
}
