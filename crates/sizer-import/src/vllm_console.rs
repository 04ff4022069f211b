//! vLLM's console result block (`============ Serving Benchmark Result ============`), one or
//! several pasted together. Labels are matched case-insensitively with whitespace collapsed
//! (`Total Token throughput` up to vLLM 0.12, `Total token throughput` after); trailing spaces
//! may be missing. SGLang's look-alike block is recognised and refused.

use crate::error::ImportError;
use crate::format::Format;
use crate::label::run_label;
use crate::limits::check_count;
use crate::parsed::{Basis, Figures, ParsedPoint, ParsedRun, Workload};
use crate::text::{non_negative, number_cell, numbered_lines, positive};
use crate::warning::Warning;

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
    concurrency: Option<f64>,
    rate: Option<f64>,
    completed: Option<f64>,
    failed: Option<f64>,
    input_tokens: Option<f64>,
    output_tokens: Option<f64>,
    figures: Figures,
}

/// Parses every block into one run (one point per block).
pub fn parse(text: &str, name: &str) -> Result<(Vec<ParsedRun>, Vec<Warning>), ImportError> {
    let mut warnings = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    let mut current: Option<Block> = None;
    let mut setting: Option<f64> = None;
    for (line, raw) in numbered_lines(text) {
        if is_title(raw) {
            if let Some(done) = current.take() {
                blocks.push(done);
            }
            check_count(blocks.len() + 1)?;
            current = Some(Block { line, concurrency: setting, ..Block::default() });
            continue;
        }
        let Some(block) = current.as_mut() else {
            // Before a block: `Maximum request concurrency: 8` is the run's setting.
            if let Some((label, value)) = label_value(raw)
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

    let mut points = Vec::with_capacity(blocks.len());
    for block in blocks {
        points.push(into_point(block, &mut warnings)?);
    }
    let run = ParsedRun {
        label: run_label(name, None, "vLLM", ""),
        model: None,
        format: Format::VllmConsole,
        engine: Format::VllmConsole.engine(),
        workload: workload(&points),
        date: None,
        basis: Basis::MedianTpot,
        alternative: Some(Basis::GeneratedPerConcurrency),
        points: points.into_iter().map(|(point, _)| point).collect(),
    };
    Ok((vec![run], warnings))
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

fn into_point(block: Block, warnings: &mut Vec<Warning>) -> Result<(ParsedPoint, Block), ImportError> {
    let figures = block.figures;
    if figures.median_tpot_ms.is_none() && figures.generated_total_tok_s.is_none() {
        return Err(ImportError::MissingKey { line: Some(block.line), key: "Median TPOT (ms)".into() });
    }
    if figures.median_tpot_ms.is_none() {
        warnings.push(Warning::NoTpot { line: Some(block.line) });
    }
    if let (Some(failed), Some(completed)) = (block.failed, block.completed)
        && failed > 0.0
    {
        warnings.push(Warning::FailedRequests { line: Some(block.line), failed, completed });
    }
    if let (Some(rate), Some(_)) = (block.rate, block.concurrency) {
        warnings.push(Warning::RateLimited { line: Some(block.line), request_rate: rate });
    }
    Ok((ParsedPoint::new(block.concurrency, Some(block.line), figures), block))
}

/// Mean prompt/generated tokens per request of the first block, and its configured rate.
fn workload(points: &[(ParsedPoint, Block)]) -> Workload {
    let Some((_, first)) = points.first() else { return Workload::default() };
    let per_request = |total: Option<f64>| match (total, first.completed) {
        (Some(total), Some(done)) if done > 0.0 => Some(total / done),
        _ => None,
    };
    Workload {
        prompt_tokens: per_request(first.input_tokens),
        output_tokens: per_request(first.output_tokens),
        context_depth: None,
        request_rate: first.rate.filter(|r| *r > 0.0),
        context_prefill_phase: false,
    }
}
