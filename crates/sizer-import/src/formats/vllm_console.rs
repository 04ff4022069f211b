//! vLLM's console result block (`============ Serving Benchmark Result ============`), one or
//! several pasted together. Labels are matched case-insensitively with whitespace collapsed
//! (`Total Token throughput` up to vLLM 0.12, `Total token throughput` after); trailing spaces
//! may be missing. SGLang's look-alike block is recognised and refused. Blocks pasted from notes
//! under headings that name a model and a concurrency (`### Qwen3-8B, max_concurrency 8`) make
//! one curve per model; a `Model: …` line before a block (a runner's report) names its model.

use crate::formats::Format;
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::label::{model_name, run_label};
use crate::input::text::{non_negative, number_cell, numbered_lines, positive};
use crate::input::warning::ImportWarning;
use sizer_data::CurveBasis;

/// The words in the block's title line.
pub const TITLE: &str = "serving benchmark result";

/// Labels only SGLang's `bench_serving` prints in its block.
const SGLANG_ONLY: &[&str] = &[
    "backend",
    "max request concurrency",
    "input token throughput (tok/s)",
    "traffic request rate",
    "total generated tokens (retokenized)",
    "concurrency",
];

/// Whether the text holds at least one result block.
pub fn looks_like(text: &str) -> bool {
    text.lines().any(is_title)
}

fn is_title(line: &str) -> bool {
    line.len() >= TITLE.len() && line.as_bytes().windows(TITLE.len()).any(|w| w.eq_ignore_ascii_case(TITLE.as_bytes()))
}

fn is_closing_rule(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.len() >= 10 && trimmed.bytes().all(|b| b == b'=')
}

/// `Label:   value` split into a normalised label and the first token of the value.
fn label_value(line: &str) -> Option<(String, &str)> {
    let (label, value) = line.split_once(':')?;
    let label = label.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    Some((label, value.split_whitespace().next().unwrap_or("")))
}

/// One block's raw readings.
#[derive(Default)]
struct Block {
    line: usize,
    model: Option<String>,
    concurrency: Option<f64>,
    rate: Option<f64>,
    completed: Option<f64>,
    failed: Option<f64>,
    input_tokens: Option<f64>,
    output_tokens: Option<f64>,
    figures: Figures,
}

/// Parses every block into one run (one point per block).
pub fn parse(text: &str, name: &str) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    let mut current: Option<Block> = None;
    let mut setting: Option<f64> = None;
    let mut model: Option<String> = None;
    for (line, raw) in numbered_lines(text) {
        if is_title(raw) {
            if let Some(done) = current.take() {
                blocks.push(done);
            }
            check_count(blocks.len() + 1)?;
            current = Some(Block { line, model: model.clone(), concurrency: setting, ..Block::default() });
            continue;
        }
        let Some(block) = current.as_mut() else {
            // Before a block: `Maximum request concurrency: 8` is the run's setting; a heading
            // `### Qwen3-8B, max_concurrency 8` or a `Model:` line names the model.
            if let Some((heading_model, heading_concurrency)) = heading(raw) {
                model = heading_model.and_then(|raw| model_name(&raw, &mut warnings));
                setting = heading_concurrency;
            } else if let Some(raw_model) = model_line(raw) {
                model = model_name(raw_model, &mut warnings);
            } else if let Some((label, value)) = label_value(raw)
                && label == "maximum request concurrency"
            {
                setting = concurrency_value(value, line, raw)?;
            }
            continue;
        };
        if is_closing_rule(raw) {
            if let Some(done) = current.take() {
                blocks.push(done);
            }
            setting = None;
            continue;
        }
        if raw.trim_start().starts_with('-') {
            continue;
        }
        let Some((label, value)) = label_value(raw) else { continue };
        if SGLANG_ONLY.contains(&label.as_str()) {
            return Err(ImportError::Sglang { line });
        }
        read_line(block, &label, value, line, raw)?;
    }
    if let Some(done) = current.take() {
        blocks.push(done);
    }

    // One run per model, in order of first appearance.
    let mut models: Vec<Option<String>> = Vec::new();
    let mut grouped: Vec<Vec<(ParsedPoint, Block)>> = Vec::new();
    for block in blocks {
        let model = block.model.clone();
        let point = into_point(block, &mut warnings)?;
        match models.iter().position(|m| *m == model) {
            Some(index) => {
                if let Some(points) = grouped.get_mut(index) {
                    points.push(point);
                }
            }
            None => {
                models.push(model);
                grouped.push(vec![point]);
            }
        }
    }
    let runs = models
        .into_iter()
        .zip(grouped)
        .map(|(model, points)| ParsedRun {
            label: run_label(name, model.as_deref(), "vLLM", ""),
            model,
            format: Format::VllmConsole,
            engine: Format::VllmConsole.engine(),
            workload: workload(&points),
            date: None,
            basis: CurveBasis::MedianTpot,
            alternative: Some(CurveBasis::AggregateOverConcurrency),
            points: points.into_iter().map(|(point, _)| point).collect(),
        })
        .collect();
    Ok((runs, warnings))
}

/// A markdown heading that names a concurrency, e.g. `### Qwen3-8B, max_concurrency 8`: the
/// model (the text before the first `,`, `(`, ` - ` or ` — `, when it is not the concurrency
/// itself) and the concurrency. Other headings (`## Results`) say nothing.
fn heading(line: &str) -> Option<(Option<String>, Option<f64>)> {
    let text = line.trim_start().strip_prefix('#')?.trim_start_matches('#').trim();
    let lower = text.to_ascii_lowercase();
    let at = lower.find("concurrency")?;
    let model = [",", "(", " - ", " — ", " | "]
        .iter()
        .filter_map(|cut| text.find(cut))
        .min()
        .and_then(|end| text.get(..end))
        .map(str::trim)
        .filter(|m| !m.is_empty() && !m.to_ascii_lowercase().contains("concurrency"))
        .map(str::to_owned);
    let after = lower.get(at + "concurrency".len()..).unwrap_or_default();
    let digits: String = after.trim_start_matches([' ', '=', ':']).chars().take_while(char::is_ascii_digit).collect();
    Some((model, digits.parse::<f64>().ok()))
}

/// The model of a `Model: openai/gpt-oss-20b` line (also `**Model:**` and `- Model:`).
fn model_line(line: &str) -> Option<&str> {
    let text = line.trim().trim_start_matches(['-', '*', ' ']);
    let (label, value) = text.split_once(':')?;
    if !label.trim_end_matches('*').trim().eq_ignore_ascii_case("model") {
        return None;
    }
    value.trim().trim_start_matches('*').split_whitespace().next().filter(|v| !v.is_empty())
}

/// The label as printed (before the colon), for error messages.
fn printed_label(raw: &str) -> String {
    raw.split(':').next().unwrap_or(raw).trim().to_owned()
}

fn concurrency_value(value: &str, line: usize, raw: &str) -> Result<Option<f64>, ImportError> {
    if value.eq_ignore_ascii_case("none") || value.is_empty() {
        return Ok(None);
    }
    number_cell(value, line, &printed_label(raw)).map(Some)
}

fn read_line(block: &mut Block, label: &str, value: &str, line: usize, raw: &str) -> Result<(), ImportError> {
    let key = printed_label(raw);
    let number = |value: &str| -> Result<Option<f64>, ImportError> {
        non_negative(Some(number_cell(value, line, &key)?), Some(line), &key)
    };
    let figures = &mut block.figures;
    match label {
        "maximum request concurrency" => block.concurrency = concurrency_value(value, line, raw)?,
        "request rate configured (rps)" => {
            block.rate = if value.eq_ignore_ascii_case("inf") { None } else { number(value)? };
        }
        "successful requests" => block.completed = number(value)?,
        "failed requests" => block.failed = number(value)?,
        "total input tokens" => block.input_tokens = number(value)?,
        "total generated tokens" => block.output_tokens = number(value)?,
        "output token throughput (tok/s)" => {
            figures.generated_total_tok_s = Some(positive(number_cell(value, line, &key)?, Some(line), &key)?);
        }
        "peak output token throughput (tok/s)" => figures.peak_generated_tok_s = number(value)?,
        "total token throughput (tok/s)" => figures.prompt_and_generated_tok_s = number(value)?,
        "mean ttft (ms)" => figures.ttft_mean_ms = number(value)?,
        "median ttft (ms)" => figures.ttft_median_ms = number(value)?,
        "p99 ttft (ms)" => figures.ttft_p99_ms = number(value)?,
        "median tpot (ms)" => figures.median_tpot_ms = number(value)?.filter(|ms| *ms > 0.0),
        "mean tpot (ms)" => figures.mean_tpot_ms = number(value)?,
        "mean e2el (ms)" => figures.mean_e2el_ms = number(value)?,
        "request throughput (req/s)" => figures.request_throughput = number(value)?,
        "peak concurrent requests" => figures.peak_concurrent_requests = number(value)?,
        _ => {}
    }
    Ok(())
}

fn into_point(block: Block, warnings: &mut Vec<ImportWarning>) -> Result<(ParsedPoint, Block), ImportError> {
    let figures = block.figures;
    if figures.median_tpot_ms.is_none() && figures.generated_total_tok_s.is_none() {
        return Err(ImportError::MissingKey { line: Some(block.line), key: "Median TPOT (ms)".into() });
    }
    if figures.median_tpot_ms.is_none() {
        warnings.push(ImportWarning::NoTpot { line: Some(block.line) });
    }
    if let (Some(failed), Some(completed)) = (block.failed, block.completed)
        && failed > 0.0
    {
        warnings.push(ImportWarning::FailedRequests { line: Some(block.line), failed, completed });
    }
    if let (Some(rate), Some(_)) = (block.rate, block.concurrency) {
        warnings.push(ImportWarning::RateLimited { line: Some(block.line), request_rate: rate });
    }
    Ok((ParsedPoint::new(block.concurrency, Some(block.line), figures), block))
}

/// Mean prompt/generated tokens per request of the first block, and its configured rate.
fn workload(points: &[(ParsedPoint, Block)]) -> ParsedWorkload {
    let Some((_, first)) = points.first() else { return ParsedWorkload::default() };
    let per_request = |total: Option<f64>| match (total, first.completed) {
        (Some(total), Some(done)) if done > 0.0 => Some(total / done),
        _ => None,
    };
    ParsedWorkload {
        prompt_tokens: per_request(first.input_tokens),
        output_tokens: per_request(first.output_tokens),
        context_depth: None,
        request_rate: first.rate.filter(|r| *r > 0.0),
        context_prefill_phase: false,
    }
}
