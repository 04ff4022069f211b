//! The page's answer for a log, as JSON (for `SparkSizer.readLogs(text)`): the load a prediction
//! takes (`load`, whose keys are `SparkSizer.predict`'s), and what the log shows beside it.

use super::load::LogLoad;
use super::read_logs;
use serde_json::{Value, json};

/// The load in a log as JSON text: `{"load": {...}, "span": {...}, "windows": [...], ...}`, or
/// `{"error": "<one sentence>"}`.
pub fn read_logs_json(text: &str) -> String {
    match read_logs(text) {
        Ok(load) => answer(&load).to_string(),
        Err(e) => json!({ "error": e.to_string() }).to_string(),
    }
}

/// The answer for a load read.
fn answer(load: &LogLoad) -> Value {
    let (from, to) = load.span.text();
    let (_, window) = load.prediction_rate();
    json!({
        "load": load.predict_load(),
        "rate_window_minutes": window,
        "span": { "from": from, "to": to, "seconds": load.span.seconds(), "rate_per_s": load.rate_per_s },
        "windows": load.windows,
        "burstiness": load.burstiness,
        "prompt_tokens": load.prompt_tokens,
        "answer_tokens": load.answer_tokens,
        "concurrency": load.concurrency,
        "ttft_s": load.ttft_s,
        "speed_tok_s": load.speed_tok_s,
        "format": load.format.name(),
        "requests": load.requests,
        "warnings": load.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}
