//! Every real benchmark output in `tests/fixtures/` imports and yields the values printed in it.

use sizer_data::CurveBasis;
use sizer_import::{Engine, Format, Import, Outcome, ParsedRun, import};
use sizer_tests::fixture;
use sizer_tests::{EXACT, assert_close};

fn imported(path: &str) -> Import {
    import(&fixture(path), "").unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn run<'a>(import: &'a Import, label_part: &str) -> &'a ParsedRun {
    let found: Vec<&ParsedRun> = import.runs.iter().filter(|r| r.label.contains(label_part)).collect();
    assert_eq!(found.len(), 1, "exactly one run labelled with {label_part:?} in {:?}", labels(import));
    found[0]
}

fn labels(import: &Import) -> Vec<&str> {
    import.runs.iter().map(|r| r.label.as_str()).collect()
}

/// `(concurrency, per-request tok/s)` at a concurrency.
fn speed_at(run: &ParsedRun, concurrency: f64) -> f64 {
    let points = run.per_request_points();
    let found = points.iter().find(|(c, _)| *c == concurrency);
    found.unwrap_or_else(|| panic!("{}: no point at {concurrency} in {points:?}", run.label)).1
}

#[test]
fn batched_bench_table_gives_one_curve_per_model_and_prompt_length() {
    let import = imported("llama-batched-bench/dgx-spark-gpt-oss.md");
    assert_eq!(import.format, Format::BatchedBenchMarkdown);
    assert_eq!(import.outcome(), Outcome::Ready);
    assert_eq!(
        labels(&import),
        [
            "ggml-org/gpt-oss-20b-GGUF · PP 512",
            "ggml-org/gpt-oss-20b-GGUF · PP 4096",
            "ggml-org/gpt-oss-20b-GGUF · PP 8192",
            "ggml-org/gpt-oss-120b-GGUF · PP 512",
            "ggml-org/gpt-oss-120b-GGUF · PP 4096",
            "ggml-org/gpt-oss-120b-GGUF · PP 8192",
        ]
    );
    for r in &import.runs {
        assert_eq!(r.engine, Engine::LlamaCpp);
        assert_eq!(r.basis, CurveBasis::AggregateOverConcurrency);
        let concurrencies: Vec<f64> = r.points.iter().filter_map(|p| p.concurrency).collect();
        assert_eq!(concurrencies, [1.0, 2.0, 4.0, 8.0, 16.0, 32.0], "{}", r.label);
        assert_eq!(r.workload.output_tokens, Some(32.0));
    }
}

#[test]
fn batched_bench_120b_at_pp_4096_is_s_tg_over_b() {
    let import = imported("llama-batched-bench/dgx-spark-gpt-oss.md");
    let r = run(&import, "gpt-oss-120b-GGUF · PP 4096");
    assert_eq!(r.workload.prompt_tokens, Some(4096.0));
    assert_close(speed_at(r, 1.0), 54.18, EXACT);
    assert_close(speed_at(r, 2.0), 57.02 / 2.0, EXACT);
    assert_close(speed_at(r, 32.0), 230.99 / 32.0, EXACT);
    assert_close(speed_at(r, 32.0), 7.2184375, EXACT);
    // Prefill: the highest S_PP of the run (1830.56 at B = 16), and S_PP of each row.
    let (rate, at) = r.prefill_tok_s().expect("S_PP present");
    assert_close(rate, 1830.56, EXACT);
    assert_eq!(at, Some(16.0));
    assert_close(r.points[0].figures.prefill_tok_s.expect("S_PP"), 1824.57, EXACT);
    assert_close(r.points[0].figures.generated_total_tok_s.expect("S_TG"), 54.18, EXACT);
}

#[test]
fn batched_bench_20b_rows_at_the_table_edges() {
    let import = imported("llama-batched-bench/dgx-spark-gpt-oss.md");
    assert_close(speed_at(run(&import, "oss-20b-GGUF · PP 512"), 1.0), 81.11, EXACT);
    assert_close(speed_at(run(&import, "oss-20b-GGUF · PP 512"), 32.0), 614.82 / 32.0, EXACT);
    assert_close(speed_at(run(&import, "oss-20b-GGUF · PP 8192"), 32.0), 341.16 / 32.0, EXACT);
    assert_close(speed_at(run(&import, "120b-GGUF · PP 8192"), 32.0), 196.60 / 32.0, EXACT);
    // Wide values overflow the column padding in the last 120b row (149.598 s): still read.
    assert_close(run(&import, "120b-GGUF · PP 8192").points[5].figures.prefill_tok_s.expect("S_PP"), 1752.33, EXACT);
}

#[test]
fn vllm_console_blocks_c8_and_c16() {
    let import = imported("vllm-bench-serve/pr36559-c8-c16.console.txt");
    assert_eq!(import.format, Format::VllmConsole);
    assert_eq!(import.outcome(), Outcome::Ready);
    assert_eq!(import.runs.len(), 1);
    let r = &import.runs[0];
    assert_eq!(r.basis, CurveBasis::MedianTpot, "TPOT preferred");
    assert_eq!(r.alternative, Some(CurveBasis::AggregateOverConcurrency), "output / concurrency kept");
    assert_close(speed_at(r, 8.0), 1000.0 / 10.51, EXACT);
    assert_close(speed_at(r, 16.0), 1000.0 / 14.50, EXACT);
    let alternative = r.alternative_points().expect("alternative");
    assert_eq!(alternative.len(), 2);
    assert_close(alternative[0].1, 719.03 / 8.0, EXACT);
    assert_close(alternative[1].1, 1049.39 / 16.0, EXACT);
    let c8 = &r.points[0].figures;
    assert_close(c8.ttft_median_ms.expect("median TTFT"), 224.35, EXACT);
    assert_close(c8.ttft_p99_ms.expect("p99 TTFT"), 242.34, EXACT);
    assert_close(c8.generated_total_tok_s.expect("output"), 719.03, EXACT);
    // "Total token throughput" is kept apart, never used as generated tokens.
    assert_close(c8.prompt_and_generated_tok_s.expect("total"), 1248.45, EXACT);
    assert_close(c8.peak_generated_tok_s.expect("peak"), 840.00, EXACT);
    assert_close(r.workload.prompt_tokens.expect("prompt"), 106026.0 / 480.0, EXACT);
    assert_close(r.workload.output_tokens.expect("output"), 144000.0 / 480.0, EXACT);
    assert_eq!(r.points[0].line, Some(4), "the first block's title line");
}

#[test]
fn qwen3_vl_json_without_max_concurrency_needs_the_user() {
    let import = imported("vllm-bench-serve/openai-1.0qps-Qwen3-VL-8B-Instruct-20260722-041843.json");
    assert_eq!(import.format, Format::VllmJson);
    let Outcome::NeedsConcurrency(missing) = import.outcome() else { panic!("concurrency must be asked for") };
    assert_eq!(missing.len(), 1);
    let m = &missing[0];
    assert_eq!((m.run, m.point), (0, 0));
    assert_eq!(m.request_rate, Some(1.0));
    assert_close(m.figures.median_tpot_ms.expect("TPOT"), 27.67841275561395, EXACT);
    assert_close(m.figures.generated_total_tok_s.expect("output"), 125.79203608539055, EXACT);
    assert_close(m.figures.prompt_and_generated_tok_s.expect("total"), 322.3420924688133, EXACT);
    assert_close(m.figures.ttft_median_ms.expect("TTFT"), 95.6995899323374, EXACT);
    assert_close(m.figures.ttft_p99_ms.expect("TTFT p99"), 143.32562107359988, EXACT);
    // Hints shown beside the question, never applied: the peak the tool saw, and Little's law
    // L = λ·W with W = mean TTFT + mean TPOT · (128 - 1) generated tokens.
    assert_eq!(m.peak_concurrent_requests, Some(12.0));
    let little = 0.9827502819171137 * (95.6344293046277 + 27.911832109121164 * 127.0) / 1000.0;
    assert_close(m.mean_in_flight.expect("Little's law"), little, EXACT);
    let r = &import.runs[0];
    assert_eq!(r.label, "Qwen/Qwen3-VL-8B-Instruct");
    assert_eq!(r.model.as_deref(), Some("/workspace/shared_assets/models/Qwen/Qwen3-VL-8B-Instruct"));
    assert_eq!(r.date.as_deref(), Some("20260722-041843"));
    assert_close(r.workload.prompt_tokens.expect("prompt"), 200.0, EXACT);
    assert_close(r.workload.output_tokens.expect("output"), 128.0, EXACT);
    assert!(r.per_request_points().is_empty(), "nothing guessed");
    assert!(import.to_runs().is_err(), "not usable before the user answers");

    // The user says 4: TPOT gives the curve, output / 4 the alternative.
    let done = import.with_concurrency(0, 0, 4.0).expect("valid concurrency");
    assert_eq!(done.outcome(), Outcome::Ready);
    let r = &done.runs[0];
    assert!(r.points[0].concurrency_from_user);
    assert_close(speed_at(r, 4.0), 1000.0 / 27.67841275561395, EXACT);
    assert_close(r.alternative_points().expect("alt")[0].1, 125.79203608539055 / 4.0, EXACT);
}

#[test]
fn qwen3_vl_console_block_is_the_same_run() {
    let import = imported("vllm-bench-serve/qwen3-vl-8b-same-run.console.txt");
    let Outcome::NeedsConcurrency(missing) = import.outcome() else { panic!("no concurrency in this block") };
    assert_eq!(missing.len(), 1);
    let f = &missing[0].figures;
    assert_close(f.median_tpot_ms.expect("TPOT"), 27.68, EXACT);
    assert_close(f.generated_total_tok_s.expect("output"), 125.79, EXACT);
    assert_close(f.ttft_median_ms.expect("TTFT"), 95.70, EXACT);
    assert_close(f.ttft_p99_ms.expect("TTFT p99"), 143.33, EXACT);
    assert_eq!(missing[0].request_rate, Some(1.0), "Request rate configured (RPS): 1.00");
    assert_eq!(missing[0].peak_concurrent_requests, Some(12.0));
    assert_close(missing[0].mean_in_flight.expect("Little's law"), 0.98 * (95.63 + 27.91 * 127.0) / 1000.0, EXACT);
    let done = import.with_concurrency(0, 0, 4.0).expect("valid");
    assert_close(speed_at(&done.runs[0], 4.0), 1000.0 / 27.68, EXACT);
}

#[test]
fn llama_benchy_json_concurrency_one_and_two() {
    let import = imported("llama-benchy/schema-sample.json");
    assert_eq!(import.format, Format::LlamaBenchyJson);
    assert_eq!(import.outcome(), Outcome::Ready);
    assert_eq!(labels(&import), ["test · pp2048/tg32"]);
    let r = &import.runs[0];
    assert_eq!(r.basis, CurveBasis::PerRequest);
    assert_eq!(r.engine, Engine::LlamaBenchy);
    assert_eq!(r.date.as_deref(), Some("2026-02-07 19:09:00Z"));
    assert_close(speed_at(r, 1.0), 49.97785098352942, EXACT);
    assert_close(speed_at(r, 2.0), 49.922734796997744, EXACT);
    let c2 = &r.points[1].figures;
    assert_close(c2.generated_total_tok_s.expect("tg"), 98.70484912562281, EXACT);
    assert_close(c2.prefill_tok_s.expect("pp"), 1968.4985947536325, EXACT);
    assert_close(c2.ttft_mean_ms.expect("ttfr"), 2076.9748225575313, EXACT);
    assert_close(c2.peak_generated_tok_s.expect("peak"), 101.88887651677194, EXACT);
    assert_eq!(r.workload.prompt_tokens, Some(2048.0));
    assert_eq!(r.workload.output_tokens, Some(32.0));
    assert_eq!(r.workload.context_depth, Some(0.0));
}

#[test]
fn llama_benchy_markdown_tables() {
    let import = imported("llama-benchy/readme-outputs.md");
    assert_eq!(import.format, Format::LlamaBenchyMarkdown);
    assert_eq!(import.outcome(), Outcome::Ready);
    // Table 4 repeats table 3 and is skipped; 5 + 9 + 3 curves remain.
    assert_eq!(import.runs.len(), 17, "{:?}", labels(&import));
    assert!(import.warnings.iter().any(|w| matches!(w, sizer_import::ImportWarning::DuplicateTableSkipped { .. })));

    // Table 3 (concurrency 1 and 2; llama-benchy prints the date after its table):
    // `t/s (req)` 56.20 at c2 for tg32.
    let r = run(&import, "pp2048/tg32 · 2026-02-06 16:36:05");
    assert_close(speed_at(r, 1.0), 74.83, EXACT);
    assert_close(speed_at(r, 2.0), 56.20, EXACT);
    assert_close(r.points[1].figures.generated_total_tok_s.expect("total"), 111.27, EXACT);
    assert_close(r.points[1].figures.prefill_tok_s.expect("pp total"), 7198.20, EXACT);
    assert_close(r.points[1].figures.ttft_mean_ms.expect("ttfr"), 473.18, EXACT);
    assert_close(r.alternative_points().expect("alt")[1].1, 111.27 / 2.0, EXACT);

    let ctx = run(&import, "ctx @ d4096 · 2026-02-06 16:36:05");
    assert!(ctx.workload.context_prefill_phase);
    assert_close(speed_at(ctx, 2.0), 56.38, EXACT);
    let deep = run(&import, "pp2048/tg32 @ d4096 · 2026-02-06 16:36:05");
    assert_close(speed_at(deep, 1.0), 65.27, EXACT);
    assert_close(speed_at(deep, 2.0), 58.47, EXACT);

    // Table 1 (one column `t/s`, concurrency 1): per-request = t/s.
    let first = run(&import, "pp2048/tg32 @ d32768 · 2026-02-06 15:52:14");
    assert_close(speed_at(first, 1.0), 65.80, EXACT);
    assert_close(first.points[0].figures.prefill_tok_s.expect("pp"), 6896.57, EXACT);
    let top = run(&import, "openai/gpt-oss-120b · pp2048/tg32 · 2026-02-06 15:52:14");
    assert_close(speed_at(top, 1.0), 73.18, EXACT);

    // Table 2: generation after a context-prefill phase, and the plain run, at each depth.
    let ctx2 = run(&import, "ctx @ d16384 · 2026-02-06 16:15:38");
    assert_close(speed_at(ctx2, 1.0), 73.87, EXACT);
    assert_close(ctx2.points[0].figures.prefill_tok_s.expect("ctx_pp"), 8235.05, EXACT);
    let plain2 = run(&import, "pp2048/tg32 @ d16384 · 2026-02-06 16:15:38");
    assert_close(speed_at(plain2, 1.0), 62.80, EXACT);
    assert_close(plain2.points[0].figures.ttft_mean_ms.expect("ttfr"), 429.81, EXACT);
}
