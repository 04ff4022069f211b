//! A suite's server as the dataset's run holds it: its closed-loop workloads as the run's
//! workloads ([`run_workloads`]; the first is the run's own `workload` and `points`, the rest
//! its [`crate::Run::further_workloads`]) and its `meta.json` as the run's
//! [`ServerSettings`] ([`server_settings`]).
//!
//! One rule, used by the generator that writes `data/arena.json` (`cargo xtask arena-data`) and
//! by the test that imports every arena folder again and compares (`tests/tests/
//! dataset_arena.rs`), so the dataset's figures are the files' and nothing else. A llama-benchy
//! point becomes: per-request speed = `t/s (req)` of the generation row, aggregate = its `t/s
//! (total)` (decode only), prefill = `t/s (total)` of the prompt row, mean TTFT = its `ttfr`,
//! each with its `±` spread; the point's note names the file's lines it was read from.

use super::{ClosedLoopWorkload, SuiteSetup, WorkloadPoint};
use crate::figure::{Figure, TokenCount};
use crate::model::{Counter, RunPoint, RunWorkload, ServerSettings, Workload};

/// Every closed-loop workload of a suite run, in file and row order.
pub fn run_workloads(workloads: &[ClosedLoopWorkload]) -> Vec<RunWorkload> {
    workloads.iter().map(run_workload).collect()
}

/// One workload: its nominal lengths, depth and kind, decode-only counts, its points.
pub fn run_workload(workload: &ClosedLoopWorkload) -> RunWorkload {
    let context = (workload.context_depth > 0.0).then_some(TokenCount::Exact(workload.context_depth));
    RunWorkload {
        workload: Workload {
            prompt_tokens: Some(TokenCount::Exact(workload.prompt_tokens)),
            output_tokens: Some(TokenCount::Exact(workload.answer_tokens)),
            context_tokens: context,
            kind: Some(workload.kind),
            note: Some(workload_note(workload)),
        },
        // llama-benchy's generation rows time the decode phase only.
        counter: Counter::DecodeOnly,
        points: workload.points.iter().map(run_point).collect(),
    }
}

/// The file, and the part of it where one file holds several workloads (`05-big-context.md,
/// pp4096/tg256`).
fn workload_note(workload: &ClosedLoopWorkload) -> String {
    let stem = workload.file.rsplit_once('.').map_or(workload.file.as_str(), |(stem, _)| stem);
    match workload.name.strip_prefix(stem).map(str::trim).filter(|part| !part.is_empty()) {
        Some(part) => format!("{}, {part}", workload.file),
        None => workload.file.clone(),
    }
}

fn figure(measured: super::Measured) -> Figure {
    match measured.spread {
        Some(spread) => Figure::with_spread(measured.mean, spread),
        None => Figure::published(measured.mean),
    }
}

fn run_point(point: &WorkloadPoint) -> RunPoint {
    let source = &point.source;
    let note = match source.prompt_line {
        Some(prompt) => format!("line {} ({}); prompt line {prompt}", source.line, source.counter),
        None => format!("line {} ({})", source.line, source.counter),
    };
    RunPoint {
        // Validated whole and within 1..=MAX_CONCURRENCY (1e6), so the conversion is exact.
        concurrency: point.concurrency as u32,
        per_request_tok_s: Some(figure(point.per_request_tok_s)),
        aggregate_tok_s: point.total_tok_s.map(figure),
        prefill_tok_s: point.prompt_tok_s.map(figure),
        mean_ttft_ms: point.ttfr_ms.map(figure),
        note: Some(note),
        ..RunPoint::default()
    }
}

/// The server settings `meta.json` states.
pub fn server_settings(setup: &SuiteSetup) -> ServerSettings {
    let flags = [setup.extra_flags.as_deref(), setup.env_vars.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|flag| !flag.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    ServerSettings {
        kv_cache_dtype: setup.kv_cache_dtype.clone(),
        gpu_memory_utilization: setup.gpu_memory_utilization,
        max_model_len: setup.max_model_len,
        prefix_caching: setup.prefix_caching,
        flags: (!flags.is_empty()).then_some(flags),
    }
}
