//! SGLang `python -m sglang.bench_serving --output-file`: one JSON object per line, appended per
//! run. Current files (0.5.x) carry `median_tpot_ms`, `concurrency` (mean achieved) and
//! `server_info`; late-2024 files have 18 keys and no TPOT, so they fall back to
//! `1000 / median_itl_ms` with a warning. Python's json writes `"request_rate": Infinity`; that
//! bare literal (and `NaN`) is accepted for this format only ([`without_bare_non_finite`]),
//! never in other JSON. One curve per model and dataset.

use crate::formats::Format;
use crate::formats::basis_source;
use crate::formats::load::{self, Load};
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::json_util::{Located, Object};
use crate::input::label::{model_name, run_label};
use crate::input::text::{non_negative, positive, short_number};
use crate::input::warning::ImportWarning;
use serde_json::Value;
use sizer_data::CurveBasis;
use std::borrow::Cow;

/// Keys only `sglang.bench_serving` writes (vLLM spells them `median_e2el_ms`, and has no
/// retokenized count or server dump).
const SGLANG_KEYS: &[&str] =
    &["median_e2e_latency_ms", "mean_e2e_latency_ms", "total_output_tokens_retokenized", "server_info"];

/// Whether a parsed object is an SGLang result.
pub fn is_result(map: &serde_json::Map<String, Value>) -> bool {
    SGLANG_KEYS.iter().any(|key| map.contains_key(*key))
}

/// Whether a text names SGLang-only keys (checked before parsing, so the bare `Infinity` can be
/// accepted for this format alone).
pub fn looks_like(text: &str) -> bool {
    SGLANG_KEYS.iter().any(|key| text.contains(&format!("\"{key}\"")))
}

/// The text with Python's bare `Infinity`, `-Infinity` and `NaN` (outside strings) written as
/// `null`, which the parser reads as "not recorded" (`request_rate` null is an unlimited rate).
/// Lines stay where they were.
pub fn without_bare_non_finite(text: &str) -> Cow<'_, str> {
    if !(text.contains("Infinity") || text.contains("NaN")) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        if in_string {
            out.push(ch);
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_string = false;
            }
            rest = rest.get(ch.len_utf8()..).unwrap_or_default();
            continue;
        }
        if ch == '"' {
            in_string = true;
        }
        match ["-Infinity", "Infinity", "NaN"].into_iter().find(|word| rest.starts_with(word)) {
            Some(word) => {
                out.push_str("null");
                rest = rest.get(word.len()..).unwrap_or_default();
            }
            None => {
                out.push(ch);
                rest = rest.get(ch.len_utf8()..).unwrap_or_default();
            }
        }
    }
    Cow::Owned(out)
}

/// One line's point and what groups it.
struct Measured {
    group: String,
    model: Option<String>,
    suffix: String,
    workload: ParsedWorkload,
    point: ParsedPoint,
}

/// Parses SGLang result objects (each with the text it came from, so several files can form
/// one curve) into one run per model and dataset.
pub fn parse(objects: &[(&str, Located)], name: &str) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut runs: Vec<ParsedRun> = Vec::new();
    let mut groups: Vec<String> = Vec::new();
    for (text, located) in objects {
        let object = Object::new(text, located, "an SGLang bench_serving result")?;
        let m = measure(&object, &mut warnings)?;
        let index = match groups.iter().position(|g| *g == m.group) {
            Some(index) => index,
            None => {
                groups.push(m.group.clone());
                runs.push(ParsedRun {
                    label: run_label(name, m.model.as_deref(), "SGLang", &m.suffix),
                    model: m.model.clone(),
                    format: Format::SglangJsonl,
                    engine: Format::SglangJsonl.engine(),
                    workload: m.workload,
                    date: None,
                    basis: CurveBasis::MedianTpot,
                    alternative: Some(CurveBasis::AggregateOverConcurrency),
                    points: Vec::new(),
                });
                runs.len() - 1
            }
        };
        if let Some(run) = runs.get_mut(index) {
            if m.point.figures.median_tpot_ms.is_none() && run.basis != CurveBasis::InterTokenLatency {
                // An old file: the curve uses 1000 / median ITL for every point of the run.
                run.basis = CurveBasis::InterTokenLatency;
                warnings.push(ImportWarning::ItlForTpot { run: run.label.clone() });
            }
            run.points.push(m.point);
        }
    }
    Ok((runs, warnings))
}

fn measure(object: &Object<'_>, warnings: &mut Vec<ImportWarning>) -> Result<Measured, ImportError> {
    let line = object.line();
    let at = |key: &str| Some(object.key_line(key));
    let number = |key: &str| -> Result<Option<f64>, ImportError> { non_negative(object.number(key)?, at(key), key) };
    // Python's json writes an unlimited rate as a bare `Infinity`, read here as null.
    let load = load::read(object, "a number or Infinity")?;
    let Load { concurrency, request_rate } = load;
    // The keys the run's note names (`basis_source.rs`), read from the same rows: TPOT
    // `median_tpot_ms`, inter-token latency `median_itl_ms`, aggregate `output_throughput`.
    let source = |basis| basis_source::key(basis, Format::SglangJsonl);
    let (tpot_key, itl_key) = (source(CurveBasis::MedianTpot), source(CurveBasis::InterTokenLatency));
    let output_key = source(CurveBasis::AggregateOverConcurrency);
    let tpot = number(tpot_key)?.filter(|ms| *ms > 0.0);
    let itl = number(itl_key)?.filter(|ms| *ms > 0.0);
    let output = number(output_key)?;
    if let Some(total) = output {
        positive(total, at(output_key), output_key)?;
    }
    if tpot.is_none() && itl.is_none() {
        return Err(ImportError::MissingKey { line: Some(line), key: tpot_key.into() });
    }
    let completed = number("completed")?;
    let duration = number("duration")?;
    // Old files have no request_throughput; completed / duration is the same figure.
    let request_throughput = match (number("request_throughput")?, completed, duration) {
        (Some(rate), _, _) => Some(rate),
        (None, Some(done), Some(seconds)) if seconds > 0.0 => Some(done / seconds),
        _ => None,
    };
    let figures = Figures {
        median_tpot_ms: tpot,
        generated_total_tok_s: output,
        prompt_and_generated_tok_s: number("total_throughput")?,
        ttft_median_ms: number("median_ttft_ms")?,
        ttft_p99_ms: number("p99_ttft_ms")?,
        ttft_mean_ms: number("mean_ttft_ms")?,
        mean_tpot_ms: number("mean_tpot_ms")?,
        mean_e2el_ms: number("mean_e2e_latency_ms")?,
        request_throughput,
        inter_token_latency_ms: itl,
        measured_mean_concurrency: number("concurrency")?.filter(|c| *c > 0.0),
        ..Figures::default()
    };
    warnings.extend(load.rate_limited(line));
    let per_request = |key: &str| -> Result<Option<f64>, ImportError> {
        Ok(match (number(key)?, completed) {
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
    let model = match object.object("server_info")? {
        Some(info) => match object.nested(info, "server_info.".into()).string("model_path")? {
            Some(raw) => model_name(raw, warnings),
            None => None,
        },
        None => None,
    };
    let suffix = dataset(object)?;
    let group = format!("{}\u{1}{suffix}", model.as_deref().unwrap_or_default());
    Ok(Measured { group, model, suffix, workload, point: ParsedPoint::new(concurrency, Some(line), figures) })
}

/// `random 1024/1024`, `sharegpt`, … (what tells two curves of one file apart).
fn dataset(object: &Object<'_>) -> Result<String, ImportError> {
    let Some(name) = object.string("dataset_name")? else { return Ok(String::new()) };
    let mut text = crate::input::text::clean_label(name).0;
    if name == "random"
        && let (Some(input), Some(output)) = (object.number("random_input_len")?, object.number("random_output_len")?)
    {
        text.push_str(&format!(" {}/{}", short_number(input), short_number(output)));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::without_bare_non_finite;

    #[test]
    fn bare_non_finite_literals_become_null_outside_strings_only() {
        let text = "{\"request_rate\": Infinity, \"x\": -Infinity, \"y\": NaN, \"tag\": \"NaN Infinity \\\" NaN\"}";
        assert_eq!(
            without_bare_non_finite(text),
            "{\"request_rate\": null, \"x\": null, \"y\": null, \"tag\": \"NaN Infinity \\\" NaN\"}"
        );
    }
}
