//! A suite's open-loop files: one `vllm bench serve --save-result` JSON object per load
//! (`07-office-baseline.json`, `11-rate-sweep-0.5.json`), and the lengths the run's markdown
//! report shows on its command line (the JSON does not record them).

use super::error::SuiteError;
use crate::input::error::ImportError;
use crate::input::json_util::{Located, Object};
use serde_json::Value;
use sizer_data::suite::{ConfiguredLengths, LoadStepFields, Percentiles};

/// Whether a JSON object is a `vllm bench serve` result.
pub fn is_result(value: &Value) -> bool {
    let keys = ["request_throughput", "median_tpot_ms", "output_throughput", "p95_ttft_ms"];
    matches!(value, Value::Object(map) if keys.iter().any(|k| map.contains_key(*k)))
}

/// A load step's fields, and the model it names (`model_id`). `burstiness` is 1 (Poisson,
/// `vllm bench serve`'s default) and `failed` 0 where an older file has no such key; a
/// `request_rate` of `"inf"` is no rate.
pub fn read(text: &str, located: &Located, file: &str) -> Result<(LoadStepFields, Option<String>), SuiteError> {
    let o = Object::new(text, located, "a vllm bench serve result")?;
    let rate = match o.map().get("request_rate") {
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("inf") => None,
        _ => Some(o.required_number("request_rate")?),
    };
    let p50 = o.number_any(&["p50_ttft_ms", "median_ttft_ms"])?;
    let p50 = p50.ok_or_else(|| ImportError::MissingKey { line: Some(o.line()), key: "median_ttft_ms".into() })?;
    let tpot = o.number_any(&["median_tpot_ms", "p50_tpot_ms"])?;
    let tpot = tpot.ok_or_else(|| ImportError::MissingKey { line: Some(o.line()), key: "median_tpot_ms".into() })?;
    let fields = LoadStepFields {
        file: file.to_owned(),
        date: o.string("date")?.map(|d| crate::input::text::clean_label(d).0),
        rate_per_s: rate,
        burstiness: o.number("burstiness")?.unwrap_or(1.0),
        max_concurrency: o.number("max_concurrency")?,
        num_prompts: count(&o, "num_prompts", None)?,
        configured: None,
        total_input_tokens: o.required_number("total_input_tokens")?,
        total_output_tokens: o.required_number("total_output_tokens")?,
        completed: count(&o, "completed", None)?,
        failed: count(&o, "failed", Some(0))?,
        duration_s: o.required_number("duration")?,
        request_throughput: o.required_number("request_throughput")?,
        ttft_ms: Percentiles { p50, p95: o.required_number("p95_ttft_ms")?, p99: o.required_number("p99_ttft_ms")? },
        median_tpot_ms: tpot,
        p99_tpot_ms: o.required_number("p99_tpot_ms")?,
        output_tok_s: o.required_number("output_throughput")?,
        max_concurrent_requests: o.number("max_concurrent_requests")?,
    };
    let model = o.string("model_id")?.map(|m| crate::input::text::clean_label(m).0);
    Ok((fields, model))
}

/// A whole, non-negative count of requests; `default` when the key is absent.
fn count(o: &Object<'_>, key: &str, default: Option<u32>) -> Result<u32, SuiteError> {
    let value = match (o.number(key)?, default) {
        (Some(value), _) => value,
        (None, Some(default)) => return Ok(default),
        (None, None) => return Err(ImportError::MissingKey { line: Some(o.line()), key: o.key_name(key) }.into()),
    };
    if value >= 0.0 && value.fract() == 0.0 && value <= f64::from(u32::MAX) {
        // In range and whole, checked just above: the cast is exact.
        Ok(value as u32)
    } else {
        Err(SuiteError::NotACount { key: o.key_name(key), value })
    }
}

/// Whether a markdown report holds a `vllm bench serve` command or result block.
pub fn is_report(text: &str) -> bool {
    text.contains("vllm bench serve") || crate::formats::vllm_console::looks_like(text)
}

/// The lengths a report's `vllm bench serve` command line asks for; `None` when it names none.
/// A flag whose value is not a number (or a ratio outside `[0, 1)`) is an error naming it.
pub fn configured_lengths(text: &str) -> Result<Option<ConfiguredLengths>, SuiteError> {
    let Some(command) = text.lines().find(|line| line.contains("vllm bench serve")) else { return Ok(None) };
    let words: Vec<&str> = command.split_whitespace().collect();
    let value = |flag: &str| words.iter().position(|w| *w == flag).and_then(|i| words.get(i + 1)).copied();
    let number = |flag: &str| -> Result<Option<f64>, SuiteError> {
        let Some(raw) = value(flag) else { return Ok(None) };
        let line = text.lines().position(|line| line.contains("vllm bench serve")).map_or(1, |i| i + 1);
        let parsed = crate::input::text::parse_number(raw).ok_or_else(|| ImportError::NotANumber {
            line,
            key: flag.to_owned(),
            value: crate::input::text::quote(raw),
        })?;
        Ok(Some(parsed))
    };
    let lengths = ConfiguredLengths {
        dataset: value("--dataset-name").map(|d| crate::input::text::clean_label(d).0),
        input_tokens: number("--random-input-len")?,
        output_tokens: number("--random-output-len")?,
        range_ratio: number("--random-range-ratio")?,
    };
    let line = text.lines().position(|line| line.contains("vllm bench serve")).map_or(1, |i| i + 1);
    for (flag, length) in [("--random-input-len", lengths.input_tokens), ("--random-output-len", lengths.output_tokens)]
    {
        if let Some(length) = length.filter(|l| *l <= 0.0) {
            return Err(ImportError::NotPositive { line: Some(line), key: flag.to_owned(), value: length }.into());
        }
    }
    if let Some(ratio) = lengths.range_ratio.filter(|r| !(0.0..1.0).contains(r)) {
        let what = "--random-range-ratio".to_owned();
        return Err(sizer_data::suite::SuiteDataError::OutOfRange { what, value: ratio, low: 0.0, high: 1.0 }.into());
    }
    let empty = lengths.dataset.is_none() && lengths.input_tokens.is_none() && lengths.output_tokens.is_none();
    Ok((!empty).then_some(lengths))
}
