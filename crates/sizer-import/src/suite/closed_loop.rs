//! A suite's closed-loop files: llama-benchy markdown (`01-chat.md` ... `06-concurrency-stress.md`)
//! read through the llama-benchy row reader, one workload per prompt length, answer length and
//! depth, each point with its `±` spreads and the rows it came from.
//!
//! Lengths are nominal: the test names' `ppN` / `tgN` and `@ dN`. In the arena llama-benchy fell
//! back to the `gpt2` tokenizer, so in the model's own tokens the prompts and answers were only
//! about that long. Context-prefill rows (`ctx_pp`, `ctx_tg`) are skipped: they time filling the
//! depth, not a workload of their own.

use super::error::SuiteError;
use crate::formats::llama_benchy::is_header;
use crate::formats::llama_benchy_rows::{self, Cell, GenerationRow};
use crate::input::error::ImportError;
use crate::input::table::tables;
use crate::input::text::short_number;
use sizer_data::suite::{ClosedLoopWorkload, Measured, PointSource, WorkloadFields, WorkloadKind, WorkloadPoint};

/// What a closed-loop file gave: its workloads and the model it names.
pub struct ClosedLoop {
    pub workloads: Vec<ClosedLoopWorkload>,
    /// The table's model column (the served name).
    pub served_name: Option<String>,
}

/// Whether the text holds a llama-benchy table.
pub fn looks_like(text: &str) -> bool {
    tables(text).is_ok_and(|tables| tables.iter().any(is_header))
}

/// Reads a closed-loop file; `file` is its name, `stem` that name without the extension (`01-chat`).
pub fn read(text: &str, file: &str, stem: &str) -> Result<ClosedLoop, SuiteError> {
    let tables = tables(text)?;
    let mut warnings = Vec::new();
    let mut rows: Vec<GenerationRow> = Vec::new();
    let mut served_name = None;
    for table in tables.iter().filter(|t| is_header(t)) {
        let read = llama_benchy_rows::read(table, &mut warnings)?;
        served_name = served_name.or(read.model);
        rows.extend(read.rows.into_iter().filter(|row| !row.context_phase));
    }
    if rows.is_empty() {
        return Err(SuiteError::NoRows);
    }
    let kind = match WorkloadKind::from_test_name(stem) {
        WorkloadKind::Other => heading_test(text).map_or(WorkloadKind::Other, WorkloadKind::from_test_name),
        kind => kind,
    };
    // Group rows by (prompt, answer, depth) in order of first appearance.
    let mut groups: Vec<((f64, f64, f64), Vec<WorkloadPoint>)> = Vec::new();
    for row in rows {
        let prompt = row.prompt.as_ref().and_then(|p| p.size);
        let (Some(prompt), Some(answer)) = (prompt, row.size) else {
            return Err(SuiteError::NoPromptRow { line: row.line, counter: row.test });
        };
        let key = (prompt, answer, row.depth);
        let point = point(row)?;
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, points)) => points.push(point),
            None => groups.push((key, vec![point])),
        }
    }
    let several = groups.len() > 1;
    let mut workloads = Vec::with_capacity(groups.len());
    for ((prompt, answer, depth), points) in groups {
        let mut name = stem.to_owned();
        if several {
            name.push_str(&format!(" pp{}/tg{}", short_number(prompt), short_number(answer)));
            if depth > 0.0 {
                name.push_str(&format!(" @ d{}", short_number(depth)));
            }
        }
        workloads.push(ClosedLoopWorkload::new(WorkloadFields {
            name,
            kind,
            file: file.to_owned(),
            prompt_tokens: prompt,
            answer_tokens: answer,
            context_depth: depth,
            points,
        })?);
    }
    Ok(ClosedLoop { workloads, served_name })
}

fn point(row: GenerationRow) -> Result<WorkloadPoint, SuiteError> {
    let measured = |cell: Cell| Measured { mean: cell.mean, spread: cell.spread };
    let per_request =
        row.per_request.ok_or_else(|| ImportError::MissingKey { line: Some(row.line), key: "t/s (req)".to_owned() })?;
    let prompt = row.prompt.as_ref();
    Ok(WorkloadPoint {
        concurrency: row.concurrency,
        per_request_tok_s: measured(per_request),
        total_tok_s: row.total.map(measured),
        prompt_tok_s: prompt.and_then(|p| p.total).map(measured),
        prompt_tok_s_per_request: prompt.and_then(|p| p.per_request).map(measured),
        ttfr_ms: prompt.and_then(|p| p.ttfr_ms).map(measured),
        source: PointSource {
            line: row.line,
            counter: row.test,
            prompt_line: prompt.map(|p| p.line),
            prompt_counter: prompt.map(|p| p.test.clone()),
        },
    })
}

/// The test name of a suite report's heading (`# Test 02-rag-8k — 8k prompt ...` gives `02-rag-8k`).
fn heading_test(text: &str) -> Option<&str> {
    let heading = text.lines().find_map(|line| line.trim().strip_prefix("# Test "))?;
    heading.split_whitespace().next()
}
