//! Imported runs become the dataset's `Run` (origin Yours) and go through the same curve code
//! as sourced runs.

use sizer_data::{Counter, CurveBasis, FigureOrigin, RunOrigin, TokenCount};
use sizer_import::import;
use sizer_tests::fixture;
use sizer_tests::{EXACT, assert_close};

#[test]
fn batched_bench_runs_carry_derived_per_request_and_published_aggregates() {
    let runs =
        import(&fixture("llama-batched-bench/dgx-spark-gpt-oss.md"), "").expect("ok").to_runs().expect("complete");
    assert_eq!(runs.len(), 6);
    let run = runs.iter().find(|r| r.label == "ggml-org/gpt-oss-120b-GGUF · PP 4096").expect("run");
    assert_eq!(run.id, "yours-ggml-org-gpt-oss-120b-gguf-pp-4096");
    assert_eq!(run.origin, RunOrigin::Yours);
    assert_eq!(run.engine.as_deref(), Some("llama.cpp"));
    assert_eq!(run.counter, Counter::Generated);
    assert_eq!(run.model_id, "gpt-oss-120b-gguf");
    assert_eq!(run.workload.prompt_tokens, Some(TokenCount::Exact(4096.0)));
    let last = run.points.last().expect("B = 32");
    assert_eq!(last.concurrency, 32);
    let per_request = last.per_request_tok_s.expect("S_TG / B");
    assert_eq!(per_request.origin, FigureOrigin::DerivedByUs);
    assert_close(per_request.value, 230.99 / 32.0, EXACT);
    let aggregate = last.aggregate_tok_s.expect("S_TG");
    assert!(aggregate.is_published());
    assert_close(aggregate.value, 230.99, EXACT);
    assert_close(last.prefill_tok_s.expect("S_PP").value, 1830.43, EXACT);

    let (curve, basis) = run.curve().expect("a curve");
    assert_eq!(basis, CurveBasis::PerRequest);
    let first = curve.points().first().expect("point");
    assert_close(first.concurrency, 1.0, EXACT);
    assert_close(first.tok_s, 54.18, EXACT);
}

#[test]
fn vllm_runs_use_tpot_for_the_curve() {
    let runs = import(&fixture("vllm-bench-serve/pr36559-c8-c16.console.txt"), "PR 36559")
        .expect("ok")
        .to_runs()
        .expect("complete");
    let run = &runs[0];
    assert_eq!(run.id, "yours-pr-36559");
    assert_eq!(run.engine.as_deref(), Some("vLLM"));
    let (curve, basis) = run.curve().expect("curve");
    assert_eq!(basis, CurveBasis::MedianTpot);
    let speeds: Vec<f64> = curve.points().iter().map(|p| p.tok_s).collect();
    assert_close(speeds[0], 1000.0 / 10.51, EXACT);
    assert_close(speeds[1], 1000.0 / 14.50, EXACT);
    // Total token throughput kept as prompt + generated, output throughput as the aggregate.
    assert_close(run.points[0].total_tok_s.expect("total").value, 1248.45, EXACT);
    assert_close(run.points[0].aggregate_tok_s.expect("output").value, 719.03, EXACT);
    assert_close(run.points[0].median_ttft_ms.expect("ttft").value, 224.35, EXACT);
    assert_close(run.points[0].p99_ttft_ms.expect("ttft").value, 242.34, EXACT);
    assert!(
        run.note.as_deref().is_some_and(|n| n.contains("the curve uses 1000 / Median TPOT (ms);")),
        "{:?}",
        run.note
    );
}

#[test]
fn vllm_json_needs_concurrency_before_it_becomes_a_run() {
    let text = fixture("vllm-bench-serve/openai-1.0qps-Qwen3-VL-8B-Instruct-20260722-041843.json");
    let pending = import(&text, "").expect("ok");
    assert!(matches!(pending.to_runs(), Err(sizer_import::ImportError::ConcurrencyUnknown { .. })));
    let runs = pending.with_concurrency(0, 0, 4.0).expect("4").to_runs().expect("complete");
    let run = &runs[0];
    assert_eq!(run.date.map(|d| d.to_string()).as_deref(), Some("2026-07-22"));
    assert_eq!(run.workload.prompt_tokens, Some(TokenCount::Exact(200.0)));
    assert_eq!(run.points[0].concurrency, 4);
    assert_eq!(run.points[0].note.as_deref(), Some("concurrency entered by you"));
    let (curve, _) = run.curve().expect("curve");
    assert_close(curve.points()[0].tok_s, 1000.0 / 27.67841275561395, EXACT);
}

#[test]
fn llama_benchy_runs_keep_published_per_request_speeds() {
    let runs = import(&fixture("llama-benchy/schema-sample.json"), "").expect("ok").to_runs().expect("complete");
    let run = &runs[0];
    assert_eq!(run.counter, Counter::DecodeOnly);
    assert_eq!(run.date.map(|d| d.to_string()).as_deref(), Some("2026-02-07"));
    let (curve, basis) = run.curve().expect("curve");
    assert_eq!(basis, CurveBasis::PerRequest);
    assert_close(curve.points()[1].tok_s, 49.922734796997744, EXACT);
    assert!(run.points[0].per_request_tok_s.expect("published").is_published());
    assert!(run.points[0].note.as_deref().is_some_and(|n| n.starts_with("mean time to first response 2076.04 ms")));
}

#[test]
fn every_real_fixture_maps_to_runs_with_unique_ids() {
    for path in [
        "llama-batched-bench/dgx-spark-gpt-oss.md",
        "llama-benchy/readme-outputs.md",
        "llama-benchy/schema-sample.json",
    ] {
        let runs = import(&fixture(path), "").expect("ok").to_runs().expect("complete");
        let mut ids: Vec<&str> = runs.iter().map(|r| r.id.as_str()).collect();
        assert!(ids.iter().all(|id| sizer_data::is_valid_id(id)), "{ids:?}");
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), runs.len(), "{path}");
        assert!(runs.iter().all(|r| r.curve().is_ok()), "{path}");
    }
}
