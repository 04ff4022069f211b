//! NVIDIA AIPerf: `profile_export_aiperf.json` and its CSV, usually one file per concurrency.
//! Per-request speed `output_token_throughput_per_user` avg, with `1000 / inter_token_latency`
//! avg beside it as the alternative; concurrency from the `profiling` phase of
//! `input_config.phases` or `--concurrency` in `run_info.cli_command` (the CSV has none, so it
//! is asked for). GenAI-Perf's look-alike `profile_export_genai_perf.json` is refused: there is
//! no public sample to check a reader against.

use crate::formats::Format;
use crate::formats::delimited::split_quoted;
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::json_util::{Located, Object};
use crate::input::label::{model_name, run_label};
use crate::input::text::{non_negative, numbered_lines, parse_number, positive, quote};
use crate::input::warning::ImportWarning;
use serde_json::{Map, Value};
use sizer_data::CurveBasis;

/// Whether a top-level object is an AIPerf export.
pub fn is_export(map: &Map<String, Value>) -> bool {
    map.contains_key("aiperf_version")
        || (map.contains_key("schema_version") && map.contains_key("output_token_throughput_per_user"))
}

/// Whether a top-level object looks like GenAI-Perf's export (AIPerf's predecessor, same metric
/// objects, no `aiperf_version`).
pub fn is_genai_perf(map: &Map<String, Value>) -> bool {
    !is_export(map)
        && ["inter_token_latency", "time_to_first_token", "output_token_throughput"]
            .iter()
            .all(|key| matches!(map.get(*key), Some(Value::Object(_))))
}

/// One run per model over the given exports (each with the text it came from).
pub fn parse_json(
    objects: &[(&str, Located)],
    name: &str,
) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut runs: Vec<ParsedRun> = Vec::new();
    for (text, located) in objects {
        let object = Object::new(text, located, "an AIPerf export")?;
        let (point, raw_model) = measure(&object)?;
        let model = match raw_model {
            Some(raw) => model_name(raw, &mut warnings),
            None => None,
        };
        push(&mut runs, Format::AiperfJson, name, model, point);
    }
    Ok((runs, warnings))
}

fn push(runs: &mut Vec<ParsedRun>, format: Format, name: &str, model: Option<String>, point: ParsedPoint) {
    let index = match runs.iter().position(|r| r.model == model) {
        Some(index) => index,
        None => {
            runs.push(ParsedRun {
                label: run_label(name, model.as_deref(), "AIPerf", ""),
                model,
                format,
                engine: format.engine(),
                workload: ParsedWorkload::default(),
                date: None,
                basis: CurveBasis::PerRequest,
                alternative: Some(CurveBasis::InterTokenLatency),
                points: Vec::new(),
            });
            runs.len() - 1
        }
    };
    if let Some(run) = runs.get_mut(index) {
        run.points.push(point);
    }
}

fn measure<'a>(object: &Object<'a>) -> Result<(ParsedPoint, Option<&'a str>), ImportError> {
    let line = object.line();
    let stat = |key: &str, pick: &str| -> Result<Option<f64>, ImportError> {
        let Some(metric) = object.object(key)? else { return Ok(None) };
        let metric = object.nested(metric, format!("{key}."));
        non_negative(metric.number(pick)?, Some(object.key_line(key)), &metric.key_name(pick))
    };
    let per_user = stat("output_token_throughput_per_user", "avg")?.filter(|v| *v > 0.0);
    let itl = stat("inter_token_latency", "avg")?.filter(|v| *v > 0.0);
    if per_user.is_none() && itl.is_none() {
        return Err(ImportError::MissingKey { line: Some(line), key: "output_token_throughput_per_user".into() });
    }
    let figures = Figures {
        per_request_tok_s: per_user,
        inter_token_latency_ms: itl,
        generated_total_tok_s: stat("output_token_throughput", "avg")?,
        prompt_and_generated_tok_s: stat("total_token_throughput", "avg")?,
        ttft_median_ms: stat("time_to_first_token", "p50")?,
        ttft_p99_ms: stat("time_to_first_token", "p99")?,
        ttft_mean_ms: stat("time_to_first_token", "avg")?,
        mean_e2el_ms: stat("request_latency", "avg")?,
        request_throughput: stat("request_throughput", "avg")?,
        ..Figures::default()
    };
    let concurrency = concurrency(object)?;
    let model = match object.object("input_config")? {
        Some(config) => first_model(&object.nested(config, "input_config.".into()))?,
        None => None,
    };
    Ok((ParsedPoint::new(concurrency, Some(line), figures), model))
}

/// `input_config.models.items[0].name`.
fn first_model<'a>(config: &Object<'a>) -> Result<Option<&'a str>, ImportError> {
    let Some(models) = config.object("models")? else { return Ok(None) };
    let models = config.nested(models, config.key_name("models."));
    let Some(items) = models.array("items")? else { return Ok(None) };
    match items.first() {
        Some(Value::Object(item)) => models.nested(item, models.key_name("items[0].")).string("name"),
        _ => Ok(None),
    }
}

/// The profiling phase's concurrency, else `--concurrency N` of the recorded command line.
fn concurrency(object: &Object<'_>) -> Result<Option<f64>, ImportError> {
    if let Some(config) = object.object("input_config")? {
        let config = object.nested(config, "input_config.".into());
        for (index, phase) in config.array("phases")?.into_iter().flatten().enumerate() {
            let Value::Object(phase) = phase else { continue };
            let phase = config.nested(phase, format!("input_config.phases[{index}]."));
            if phase.string("name")? == Some("profiling") && phase.string("type")? == Some("concurrency") {
                let value = phase.required_number("concurrency")?;
                return positive(value, Some(phase.key_line("concurrency")), &phase.key_name("concurrency")).map(Some);
            }
        }
    }
    if let Some(info) = object.object("run_info")? {
        let info = object.nested(info, "run_info.".into());
        if let Some(command) = info.string("cli_command")? {
            let mut words = command.split_whitespace().map(|w| w.trim_matches(['\'', '"']));
            while let Some(word) = words.next() {
                let value = match word.strip_prefix("--concurrency") {
                    Some("") => words.next(),
                    Some(rest) => rest.strip_prefix('='),
                    None => None,
                };
                if let Some(value) = value {
                    let number = parse_number(value).ok_or_else(|| ImportError::NotANumber {
                        line: info.key_line("cli_command"),
                        key: "run_info.cli_command --concurrency".into(),
                        value: quote(value),
                    })?;
                    return positive(number, Some(info.key_line("cli_command")), "--concurrency").map(Some);
                }
            }
        }
    }
    Ok(None)
}

/// The header of AIPerf's CSV stats table.
const CSV_HEADER: &str = "Metric,avg,min,max,sum,";

/// Whether the text is AIPerf's CSV export.
pub fn looks_like_csv(text: &str) -> bool {
    text.lines().find(|l| !l.trim().is_empty()).is_some_and(|first| first.trim_start().starts_with(CSV_HEADER))
}

/// Parses the CSV: the stats table (`Metric,avg,…,p50,…,p99,std`) and the `Metric,Value` table.
/// One point of unknown concurrency.
pub fn parse_csv(text: &str, name: &str) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    // The stats table's header names its columns (`Metric,avg,min,max,sum,p1,…,p99,std`); the
    // `Metric,Value` table's rows have the value second.
    let mut stats_header: Vec<String> = Vec::new();
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    let mut first_line = None;
    for (line, raw) in numbered_lines(text) {
        if raw.trim().is_empty() {
            continue;
        }
        let cells = split_quoted(raw, ',');
        if cells.first().is_some_and(|c| c == "Metric" || c == "Endpoint") {
            if stats_header.is_empty() && cells.iter().any(|c| c == "avg") {
                stats_header = cells;
            }
            first_line.get_or_insert(line);
            continue;
        }
        rows.push((line, cells));
        check_count(rows.len())?;
    }
    let first_line = first_line.unwrap_or(1);
    let find = |label: &str, stat: &str| -> Result<Option<f64>, ImportError> {
        let Some((line, cells)) = rows.iter().find(|(_, cells)| cells.first().is_some_and(|c| c == label)) else {
            return Ok(None);
        };
        let column = if stat == "Value" { Some(1) } else { stats_header.iter().position(|h| h == stat) };
        let Some(column) = column else { return Ok(None) };
        let Some(cell) = cells.get(column) else {
            return Err(ImportError::BadRow { line: *line, expected: column + 1, found: cells.len() });
        };
        let value = parse_number(cell).ok_or_else(|| ImportError::NotANumber {
            line: *line,
            key: label.to_owned(),
            value: quote(cell),
        })?;
        non_negative(Some(value), Some(*line), label)
    };
    let per_user = find("Output Token Throughput Per User (tokens/sec/user)", "avg")?.filter(|v| *v > 0.0);
    let itl = find("Inter Token Latency (ms)", "avg")?.filter(|v| *v > 0.0);
    if per_user.is_none() && itl.is_none() {
        return Err(ImportError::MissingKey {
            line: Some(first_line),
            key: "Output Token Throughput Per User (tokens/sec/user)".into(),
        });
    }
    let figures = Figures {
        per_request_tok_s: per_user,
        inter_token_latency_ms: itl,
        generated_total_tok_s: find("Output Token Throughput (tokens/sec)", "Value")?,
        prompt_and_generated_tok_s: find("Total Token Throughput (tokens/sec)", "Value")?,
        ttft_median_ms: find("Time to First Token (ms)", "p50")?,
        ttft_p99_ms: find("Time to First Token (ms)", "p99")?,
        ttft_mean_ms: find("Time to First Token (ms)", "avg")?,
        mean_e2el_ms: find("Request Latency (ms)", "avg")?,
        request_throughput: find("Request Throughput (requests/sec)", "Value")?,
        ..Figures::default()
    };
    let mut runs = Vec::new();
    push(&mut runs, Format::AiperfCsv, name, None, ParsedPoint::new(None, Some(first_line), figures));
    Ok((runs, Vec::new()))
}
