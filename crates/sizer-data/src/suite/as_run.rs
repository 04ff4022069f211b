//! A suite's server as the dataset's run holds it: its closed-loop workloads as the run's
//! workloads ([`run_workloads`]; the first is the run's own `workload` and `points`, the rest
//! its [`crate::Run::further_workloads`]) and its `meta.json` as the run's
//! [`ServerSettings`] ([`server_settings`]), and its open-loop results as the run's measured
//! load ([`measured_load`], `data/arena_loads.json`).
//!
//! One rule, used by the generator that writes `data/arena.json` (`cargo xtask arena-data`) and
//! by the test that imports every arena folder again and compares (`tests/tests/
//! data/arena.rs`), so the dataset's figures are the files' and nothing else. A llama-benchy
//! point becomes: per-request speed = `t/s (req)` of the generation row, aggregate = its `t/s
//! (total)` (decode only), prefill = `t/s (total)` of the prompt row, mean TTFT = its `ttfr`,
//! each with its `±` spread; the point's note names the file's lines it was read from.

use super::{ClosedLoopWorkload, LoadStep, MeasuredLoad, SuiteSetup, WorkloadPoint};
use crate::dataset::figure::{Figure, TokenCount};
use crate::dataset::measured_load::{LoadRow, ReportedCapacity, RunMeasuredLoad};
use crate::dataset::model::{Counter, RunPoint, RunWorkload, ServerSettings, Workload};

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
        // `cargo xtask arena-data` adds the engine's (`run/engine_curve.rs`).
        engine_points: Vec::new(),
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

/// The server's measured open-loop load as the dataset holds it: every load step as a
/// [`LoadRow`] with the figures of its own file, and the capacity its sweep summary reports at
/// each limit (the summary's rounded figures are not kept: the rows hold the unrounded ones).
pub fn measured_load(run_id: &str, load: &MeasuredLoad) -> RunMeasuredLoad {
    RunMeasuredLoad {
        run: run_id.to_owned(),
        tests: load.tests.iter().map(load_row).collect(),
        sweep: load.sweep.iter().map(load_row).collect(),
        summary_file: load.summary.as_ref().map(|summary| summary.file.clone()),
        reported: load.summary.as_ref().map_or_else(Vec::new, |summary| {
            summary
                .capacity
                .iter()
                .map(|slo| ReportedCapacity { limit_ms: slo.limit_ms, rps: slo.at.map(|at| at.configured_rps) })
                .collect()
        }),
        queue_knee_rps: load.summary.as_ref().and_then(|summary| summary.queue_knee_rps),
        aborted_at_rps: load.summary.as_ref().and_then(|summary| summary.aborted_at_rps),
    }
}

/// One `vllm bench serve` result: what was sent (and asked for, when its report was read) and
/// what came back.
pub fn load_row(step: &LoadStep) -> LoadRow {
    let configured = step.configured.as_ref();
    LoadRow {
        file: step.file.clone(),
        rate_per_s: step.rate_per_s,
        burstiness: step.burstiness,
        max_concurrency: step.max_concurrency,
        dataset: configured.and_then(|c| c.dataset.clone()),
        configured_input_tokens: configured.and_then(|c| c.input_tokens),
        configured_output_tokens: configured.and_then(|c| c.output_tokens),
        range_ratio: configured.and_then(|c| c.range_ratio),
        sent: step.num_prompts,
        completed: step.completed,
        failed: step.failed,
        total_input_tokens: step.total_input_tokens,
        total_output_tokens: step.total_output_tokens,
        duration_s: step.duration_s,
        achieved_rps: step.request_throughput,
        ttft_p50_ms: step.ttft_ms.p50,
        ttft_p95_ms: step.ttft_ms.p95,
        ttft_p99_ms: step.ttft_ms.p99,
        median_tpot_ms: step.median_tpot_ms,
        p99_tpot_ms: step.p99_tpot_ms,
        output_tok_s: step.output_tok_s,
        peak_in_flight: step.max_concurrent_requests,
    }
}
