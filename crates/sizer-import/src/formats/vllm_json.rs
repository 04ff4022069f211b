//! `vllm bench serve --save-result` JSON: single objects, `--append-result` JSON lines, and
//! `vllm bench sweep serve` `summary.json` arrays. One point per object, grouped into runs by
//! model and by any sweep parameter that is not a result key.

use crate::formats::Format;
use crate::formats::basis_source;
use crate::formats::dispatch::{self, Class};
use crate::formats::load::{self, Load};
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::json_util::{Located, Object};
use crate::input::label::{model_name, run_label};
use crate::input::text::{non_negative, positive, short_number};
use crate::input::warning::ImportWarning;
use serde_json::Value;
use sizer_data::CurveBasis;

/// Keys only a vLLM result has (SGLang writes some of them too: its sniff is ranked first).
const VLLM_KEYS: &[&str] =
    &["output_throughput", "median_tpot_ms", "total_token_throughput", "input_throughput", "request_throughput"];

/// Whether a top-level object is a `vllm bench serve` result.
pub fn is_result(map: &serde_json::Map<String, Value>) -> bool {
    VLLM_KEYS.iter().any(|k| map.contains_key(*k))
}

/// Whether a top-level array is a `vllm bench sweep` summary: results and nothing else.
pub fn is_sweep(items: &[Value]) -> bool {
    !items.is_empty() && items.iter().all(|item| dispatch::classify(item) == Class::Format(Format::VllmJson))
}

/// Keys `vllm bench serve` itself writes (any other key in a sweep is a swept parameter).
const RESULT_KEYS: &[&str] = &[
    "date",
    "endpoint_type",
    "backend",
    "label",
    "model_id",
    "tokenizer_id",
    "num_prompts",
    "request_rate",
    "burstiness",
    "max_concurrency",
    "duration",
    "completed",
    "failed",
    "total_input_tokens",
    "total_output_tokens",
    "request_throughput",
    "request_goodput",
    "request_goodput:",
    "output_throughput",
    "total_token_throughput",
    "input_throughput",
    "max_output_tokens_per_s",
    "max_concurrent_requests",
    "rtfx",
    "best_of",
    "use_beam_search",
    "input_lens",
    "output_lens",
    "ttfts",
    "itls",
    "generated_texts",
    "errors",
    "run_number",
    "percentiles",
    "num_requests",
    "start_times",
    "goodput",
    "request_id",
    "request_ids",
    "metadata",
    "ramp_up_strategy",
    "ramp_up_start_rps",
    "ramp_up_end_rps",
    "median_e2el_ms",
];

/// Whether a key is one of the tool's result keys (including every `mean_/median_/std_/pNN_…_ms`).
fn is_result_key(key: &str) -> bool {
    let normalised = key.replace('-', "_");
    if RESULT_KEYS.contains(&normalised.as_str()) {
        return true;
    }
    let metric = normalised.strip_suffix("_ms").and_then(|rest| rest.split_once('_'));
    matches!(metric, Some((stat, _)) if stat == "mean" || stat == "median" || stat == "std"
        || stat.strip_prefix('p').is_some_and(|pct| pct.parse::<f64>().is_ok()))
}

/// One object's point with what groups it.
struct Measured {
    group: String,
    model: Option<String>,
    extras: String,
    run_number: Option<f64>,
    date: Option<String>,
    workload: ParsedWorkload,
    point: ParsedPoint,
}

/// Parses vLLM result objects (already split out of the input, each with the text it came
/// from, so several files can form one curve) into runs.
pub fn parse(
    objects: &[(&str, Located)],
    format: Format,
    name: &str,
) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut measured = Vec::with_capacity(objects.len());
    for (text, located) in objects {
        let object = Object::new(text, located, "a vLLM result")?;
        measured.push(measure(&object, &mut warnings)?);
    }
    let mut runs: Vec<ParsedRun> = Vec::new();
    let mut groups: Vec<String> = Vec::new();
    for m in measured {
        let index = match groups.iter().position(|g| *g == m.group) {
            Some(index) => index,
            None => {
                groups.push(m.group.clone());
                runs.push(ParsedRun {
                    label: run_label(name, m.model.as_deref(), "vLLM", &m.extras),
                    model: m.model.clone(),
                    format,
                    engine: format.engine(),
                    workload: m.workload,
                    date: m.date.clone(),
                    basis: CurveBasis::MedianTpot,
                    alternative: Some(CurveBasis::AggregateOverConcurrency),
                    points: Vec::new(),
                });
                runs.len() - 1
            }
        };
        if let Some(run) = runs.get_mut(index) {
            add_or_average(run, m.point, m.run_number, &mut warnings);
        }
    }
    Ok((runs, warnings))
}

/// Adds a point; a sweep's repeat (same concurrency, carrying `run_number`) is averaged in.
fn add_or_average(run: &mut ParsedRun, point: ParsedPoint, run_number: Option<f64>, warnings: &mut Vec<ImportWarning>) {
    let existing = match (run_number, point.concurrency) {
        (Some(_), Some(c)) => run.points.iter_mut().find(|p| p.concurrency == Some(c)),
        _ => None,
    };
    let Some(existing) = existing else {
        run.points.push(point);
        return;
    };
    existing.figures = average(&existing.figures, f64::from(existing.repeats), &point.figures);
    existing.repeats += 1;
    let concurrency = existing.concurrency.unwrap_or_default();
    let count = existing.repeats;
    warnings.retain(|w| !matches!(w, ImportWarning::RepeatsAveraged { run: r, concurrency: c, .. } if *r == run.label && *c == concurrency));
    warnings.push(ImportWarning::RepeatsAveraged { run: run.label.clone(), concurrency, count });
}

/// Running mean of every figure: `(mean * n + new) / (n + 1)`.
///
/// # Formula
/// Arithmetic mean of the repeats (what `vllm bench sweep plot` shows for `--num-runs`).
fn average(mean: &Figures, n: f64, new: &Figures) -> Figures {
    let mix = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => Some((a * n + b) / (n + 1.0)),
        (a, b) => a.or(b),
    };
    Figures {
        median_tpot_ms: mix(mean.median_tpot_ms, new.median_tpot_ms),
        generated_total_tok_s: mix(mean.generated_total_tok_s, new.generated_total_tok_s),
        per_request_tok_s: mix(mean.per_request_tok_s, new.per_request_tok_s),
        prompt_and_generated_tok_s: mix(mean.prompt_and_generated_tok_s, new.prompt_and_generated_tok_s),
        peak_generated_tok_s: mix(mean.peak_generated_tok_s, new.peak_generated_tok_s),
        prefill_tok_s: mix(mean.prefill_tok_s, new.prefill_tok_s),
        ttft_median_ms: mix(mean.ttft_median_ms, new.ttft_median_ms),
        ttft_p99_ms: mix(mean.ttft_p99_ms, new.ttft_p99_ms),
        ttft_mean_ms: mix(mean.ttft_mean_ms, new.ttft_mean_ms),
        mean_tpot_ms: mix(mean.mean_tpot_ms, new.mean_tpot_ms),
        mean_e2el_ms: mix(mean.mean_e2el_ms, new.mean_e2el_ms),
        request_throughput: mix(mean.request_throughput, new.request_throughput),
        peak_concurrent_requests: mix(mean.peak_concurrent_requests, new.peak_concurrent_requests),
        inter_token_latency_ms: mix(mean.inter_token_latency_ms, new.inter_token_latency_ms),
        measured_mean_concurrency: mix(mean.measured_mean_concurrency, new.measured_mean_concurrency),
    }
}

fn measure(object: &Object<'_>, warnings: &mut Vec<ImportWarning>) -> Result<Measured, ImportError> {
    let line = object.line();
    let at = |key: &str| Some(object.key_line(key));

    let load = load::read(object, "a number or \"inf\"")?;
    let Load { concurrency, request_rate } = load;

    // The keys the run's note names (`basis_source.rs`), read from the same rows.
    let tpot_key = basis_source::key(CurveBasis::MedianTpot, Format::VllmJson);
    let output_key = basis_source::key(CurveBasis::AggregateOverConcurrency, Format::VllmJson);
    let tpot = non_negative(object.number(tpot_key)?, at(tpot_key), tpot_key)?;
    let output = non_negative(object.number(output_key)?, at(output_key), output_key)?;
    let tpot = tpot.filter(|ms| *ms > 0.0);
    if tpot.is_none() && output.is_none() {
        return Err(ImportError::MissingKey { line: Some(line), key: tpot_key.into() });
    }
    if let Some(total) = output {
        positive(total, at(output_key), output_key)?;
    }
    if tpot.is_none() {
        warnings.push(ImportWarning::NoTpot { line: Some(line) });
    }
    let figures = Figures {
        median_tpot_ms: tpot,
        generated_total_tok_s: output,
        per_request_tok_s: None,
        prompt_and_generated_tok_s: non_negative(
            object.number_any(&["total_token_throughput", "input_throughput"])?,
            at("total_token_throughput"),
            "total_token_throughput",
        )?,
        peak_generated_tok_s: non_negative(
            object.number("max_output_tokens_per_s")?,
            at("max_output_tokens_per_s"),
            "max_output_tokens_per_s",
        )?,
        prefill_tok_s: None,
        ttft_median_ms: non_negative(object.number("median_ttft_ms")?, at("median_ttft_ms"), "median_ttft_ms")?,
        ttft_p99_ms: non_negative(object.number("p99_ttft_ms")?, at("p99_ttft_ms"), "p99_ttft_ms")?,
        ttft_mean_ms: non_negative(object.number("mean_ttft_ms")?, at("mean_ttft_ms"), "mean_ttft_ms")?,
        mean_tpot_ms: non_negative(object.number("mean_tpot_ms")?, at("mean_tpot_ms"), "mean_tpot_ms")?,
        mean_e2el_ms: non_negative(object.number("mean_e2el_ms")?, at("mean_e2el_ms"), "mean_e2el_ms")?,
        request_throughput: non_negative(
            object.number("request_throughput")?,
            at("request_throughput"),
            "request_throughput",
        )?,
        peak_concurrent_requests: non_negative(
            object.number("max_concurrent_requests")?,
            at("max_concurrent_requests"),
            "max_concurrent_requests",
        )?,
        inter_token_latency_ms: None,
        measured_mean_concurrency: None,
    };

    let completed = non_negative(object.number("completed")?, at("completed"), "completed")?;
    let failed = non_negative(object.number("failed")?, at("failed"), "failed")?;
    if let (Some(failed), Some(completed)) = (failed, completed)
        && failed > 0.0
    {
        warnings.push(ImportWarning::FailedRequests { line: Some(line), failed, completed });
    }
    warnings.extend(load.rate_limited(line));
    let per_request = |key: &str| -> Result<Option<f64>, ImportError> {
        let total = non_negative(object.number(key)?, at(key), key)?;
        Ok(match (total, completed) {
            (Some(total), Some(done)) if done > 0.0 => Some(total / done),
            _ => None,
        })
    };
    let workload = ParsedWorkload {
        prompt_tokens: per_request("total_input_tokens")?,
        output_tokens: per_request("total_output_tokens")?,
        context_depth: None,
        request_rate,
        context_prefill_phase: false,
    };

    let model = match object.string("model_id")? {
        Some(raw) => model_name(raw, warnings),
        None => None,
    };
    let extras = sweep_extras(object);
    let run_number = object.number("run_number")?;
    let date = object.string("date")?.map(|d| crate::input::text::clean_label(d).0);
    let group = format!("{}\u{1}{}", model.as_deref().unwrap_or_default(), extras);
    Ok(Measured {
        group,
        model,
        extras,
        run_number,
        date,
        workload,
        point: ParsedPoint::new(concurrency, Some(line), figures),
    })
}

/// Swept parameters (keys that are not vLLM result keys) as `key=value, …`, sorted by key.
fn sweep_extras(object: &Object<'_>) -> String {
    let mut parts: Vec<String> = object
        .map()
        .iter()
        .filter(|(key, _)| !is_result_key(key))
        .filter_map(|(key, value)| {
            let value = match value {
                Value::Number(n) => n.as_f64().map(short_number)?,
                Value::String(s) => s.clone(),
                Value::Bool(b) => b.to_string(),
                _ => return None,
            };
            Some(format!("{key}={value}"))
        })
        .collect();
    parts.sort();
    crate::input::text::clean_label(&parts.join(", ")).0
}
