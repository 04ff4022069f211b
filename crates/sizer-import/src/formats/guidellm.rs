//! GuideLLM `benchmarks.json` (`guidellm benchmark run --outputs json`): one point per
//! benchmark. Concurrency from the strategy (`synchronous` 1, `concurrent` its `streams` or
//! `max_concurrency`); rate strategies (`constant`, `poisson`, `throughput`) ask for it and offer
//! the measured `request_concurrency` mean. Per-request speed `1000 / inter_token_latency_ms`
//! median: GuideLLM's `time_per_output_token_ms` includes the first token and its
//! `output_tokens_per_second` is a distribution over time, so neither is a per-request speed.
//! Reads the 0.4-0.6 layout (`config.strategy`, `args.model`), 0.2/0.3 (`args.strategy`,
//! `worker.backend_model`) and 0.7+ (`config.spec` instead of top-level `args`).

use crate::formats::Format;
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::json_util::{self, Located, Object};
use crate::input::label::{model_name, run_label};
use crate::input::text::{non_negative, positive};
use crate::input::warning::ImportWarning;
use serde_json::{Map, Value};
use sizer_data::CurveBasis;

/// Whether a top-level object is a GuideLLM report (llama-benchy also has `benchmarks`).
pub fn is_report(map: &Map<String, Value>) -> bool {
    let first_has_metrics = match map.get("benchmarks") {
        Some(Value::Array(items)) => {
            items.first().is_some_and(|b| matches!(b, Value::Object(b) if b.contains_key("metrics")))
        }
        _ => false,
    };
    map.contains_key("benchmarks")
        && (first_has_metrics || map.get("metadata").is_some_and(|m| m.get("guidellm_version").is_some()))
}

/// Parses GuideLLM reports (one or several pasted together) into one run per model.
pub fn parse(
    text: &str,
    documents: &[Located],
    name: &str,
) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut runs: Vec<ParsedRun> = Vec::new();
    for located in documents {
        let top = Object::new(text, located, "a GuideLLM report")?;
        top.array("benchmarks")?
            .ok_or_else(|| ImportError::MissingKey { line: Some(top.line()), key: "benchmarks".into() })?;
        let top_model = match top.object("args")? {
            Some(args) => top.nested(args, "args.".into()).string("model")?,
            None => None,
        };
        let benchmarks = json_util::array_field_elements(text, located, "benchmarks")?.unwrap_or_default();
        for (index, element) in benchmarks.iter().enumerate() {
            check_count(index + 1)?;
            let bench = Object::new(text, element, &format!("benchmarks[{index}]"))?
                .with_prefix(format!("benchmarks[{index}]."));
            let (point, workload, raw_model) = measure(&bench)?;
            let model = match raw_model.or(top_model) {
                Some(raw) => model_name(raw, &mut warnings),
                None => None,
            };
            let run = match runs.iter_mut().position(|r| r.model == model) {
                Some(i) => &mut runs[i],
                None => {
                    runs.push(ParsedRun {
                        label: run_label(name, model.as_deref(), "GuideLLM", ""),
                        model,
                        format: Format::GuideLlmJson,
                        engine: Format::GuideLlmJson.engine(),
                        workload,
                        date: None,
                        basis: CurveBasis::InterTokenLatency,
                        alternative: None,
                        points: Vec::new(),
                    });
                    let last = runs.len() - 1;
                    &mut runs[last]
                }
            };
            run.points.push(point);
        }
    }
    Ok((runs, warnings))
}

/// The strategy object: `config.strategy` (0.4+) or `args.strategy` (0.2/0.3).
fn strategy<'a>(bench: &Object<'a>) -> Result<Option<Object<'a>>, ImportError> {
    for parent in ["config", "args"] {
        if let Some(map) = bench.object(parent)? {
            let holder = bench.nested(map, bench.key_name(&format!("{parent}.")));
            if let Some(strategy) = holder.object("strategy")? {
                return Ok(Some(holder.nested(strategy, holder.key_name("strategy."))));
            }
        }
    }
    Ok(None)
}

/// The model the benchmark's backend named: `config.backend.model` or 0.2's `worker.backend_model`.
fn backend_model<'a>(bench: &Object<'a>) -> Result<Option<&'a str>, ImportError> {
    if let Some(config) = bench.object("config")? {
        let config = bench.nested(config, bench.key_name("config."));
        if let Some(backend) = config.object("backend")?
            && let Some(model) = config.nested(backend, config.key_name("backend.")).string("model")?
        {
            return Ok(Some(model));
        }
    }
    if let Some(worker) = bench.object("worker")? {
        return bench.nested(worker, bench.key_name("worker.")).string("backend_model");
    }
    Ok(None)
}

fn measure<'a>(bench: &Object<'a>) -> Result<(ParsedPoint, ParsedWorkload, Option<&'a str>), ImportError> {
    let line = bench.line();
    let strategy = strategy(bench)?
        .ok_or_else(|| ImportError::MissingKey { line: Some(line), key: bench.key_name("config.strategy") })?;
    let kind = strategy.string("type_")?.unwrap_or_default();
    let concurrency = match kind {
        "synchronous" => Some(1.0),
        "concurrent" => {
            let streams = strategy.number_any(&["streams", "max_concurrency"])?.ok_or_else(|| {
                ImportError::MissingKey { line: Some(strategy.key_line("type_")), key: strategy.key_name("streams") }
            })?;
            Some(positive(streams, Some(strategy.key_line("streams")), &strategy.key_name("streams"))?)
        }
        _ => None,
    };
    let metrics = bench
        .object("metrics")?
        .ok_or_else(|| ImportError::MissingKey { line: Some(line), key: bench.key_name("metrics") })?;
    let metrics = bench.nested(metrics, bench.key_name("metrics."));
    // `{successful: {mean, median, percentiles: {p99}}}` of one metric.
    let stat = |key: &str, pick: &str| -> Result<Option<f64>, ImportError> {
        let Some(metric) = metrics.object(key)? else { return Ok(None) };
        let metric = metrics.nested(metric, metrics.key_name(&format!("{key}.")));
        let Some(successful) = metric.object("successful")? else { return Ok(None) };
        let successful = metric.nested(successful, metric.key_name("successful."));
        let value = match pick.strip_prefix("percentiles.") {
            Some(p) => match successful.object("percentiles")? {
                Some(percentiles) => successful.nested(percentiles, successful.key_name("percentiles.")).number(p)?,
                None => None,
            },
            None => successful.number(pick)?,
        };
        non_negative(value, Some(metrics.key_line(key)), &metric.key_name(&format!("successful.{pick}")))
    };
    let itl = stat("inter_token_latency_ms", "median")?.filter(|ms| *ms > 0.0).ok_or_else(|| {
        ImportError::MissingKey { line: Some(line), key: metrics.key_name("inter_token_latency_ms.successful.median") }
    })?;
    let figures = Figures {
        inter_token_latency_ms: Some(itl),
        ttft_median_ms: stat("time_to_first_token_ms", "median")?,
        ttft_p99_ms: stat("time_to_first_token_ms", "percentiles.p99")?,
        ttft_mean_ms: stat("time_to_first_token_ms", "mean")?,
        // request_latency is in seconds.
        mean_e2el_ms: stat("request_latency", "mean")?.map(|s| s * 1000.0),
        request_throughput: stat("requests_per_second", "mean")?,
        measured_mean_concurrency: stat("request_concurrency", "mean")?.filter(|c| *c > 0.0),
        ..Figures::default()
    };
    let workload = ParsedWorkload {
        prompt_tokens: stat("prompt_token_count", "mean")?,
        output_tokens: stat("output_token_count", "mean")?,
        ..ParsedWorkload::default()
    };
    Ok((ParsedPoint::new(concurrency, Some(line), figures), workload, backend_model(bench)?))
}
