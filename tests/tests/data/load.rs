//! The embedded dataset loads, every run is dated and has a curve, and the lookups the widget
//! uses (run by id, runs by model, KV pool, prefill rate) return the transcribed figures.

use sizer_data::{
    ClaimQuantity, CurveBasis, Dataset, FigureOrigin, Run, RunCurveError, RunOrigin, SourceKind, Topology, dataset,
    is_valid_id, try_dataset,
};
use sizer_tests::{EXACT, assert_close_msg};

fn run(id: &str) -> &'static Run {
    dataset().run(id).unwrap_or_else(|| panic!("run {id} missing"))
}

#[test]
fn embedded_dataset_loads_with_every_list_filled() {
    let data = try_dataset().unwrap_or_else(|e| panic!("dataset failed to load: {e}"));
    // 30 sources and 36 runs, then the arena's 19 runs with a source each (data/arena.json), of
    // which gpt-oss-20b's replaced the run of its chat curve (a link alias).
    assert_eq!(data.sources.len(), 49, "sources");
    assert_eq!(data.runs.len(), 54, "runs");
    assert_eq!(data.facts.len(), 37, "facts");
    assert_eq!(data.claims.len(), 69, "claims");
    assert_eq!(data.advice.len(), 8, "advice");
}

#[test]
fn every_run_has_a_resolved_source_and_a_date() {
    let data = dataset();
    for run in &data.runs {
        assert_eq!(run.origin, RunOrigin::Sourced, "{}", run.id);
        let source = data.source(&run.source).unwrap_or_else(|| panic!("{}: source", run.id));
        let date = data.run_date(run);
        assert!(date.is_some(), "{}: no date (source {})", run.id, source.id);
        assert!(!run.label.trim().is_empty() && is_valid_id(&run.id), "{}", run.id);
    }
}

#[test]
fn run_dates_follow_their_sources() {
    let data = dataset();
    let date = |id: &str| data.run_date(run(id)).map(|d| d.to_string());
    assert_eq!(date("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").as_deref(), Some("2026-09-02"));
    assert_eq!(date("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03").as_deref(), Some("2026-04-22"));
    assert_eq!(date("llamacpp-b6918-gpt-oss-20b-gguf-pp4096").as_deref(), Some("2025-11-02"));
    assert_eq!(date("llamacpp-gpt-oss-120b-2026-02-pp4096").as_deref(), Some("2026-02"));
    assert_eq!(date("nvidia-qwen3-coder-next-fp8-vllm-32k-prompts").as_deref(), Some("2026-03"));
    assert_eq!(date("lmsys-gpt-oss-120b-sglang-2048-2048").as_deref(), Some("2025-10-13"));
}

#[test]
fn seed_articles_are_calculation_sources_and_cited_sources_resolve() {
    let data = dataset();
    for id in ["seed-en-users-per-dgx-spark", "seed-de-dgx-spark-team"] {
        let seed = data.source(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(seed.kind, SourceKind::AuthorCalculation);
    }
    let lmsys = data.source("lmsys-2025-10-13").expect("lmsys");
    let citing: Vec<&str> = lmsys.cited_in.iter().map(|c| c.source.as_str()).collect();
    assert_eq!(citing, ["seed-en-users-per-dgx-spark", "seed-de-dgx-spark-team"]);
    assert_eq!(data.source("gpuwerk-raw-logs-2026-09-02").map(|s| s.kind), Some(SourceKind::MeasuredByAuthor));
}

#[test]
fn every_run_but_the_duration_only_one_has_a_curve() {
    for run in &dataset().runs {
        match run.curve() {
            Ok((curve, _)) => assert!(!curve.points().is_empty(), "{}", run.id),
            Err(RunCurveError::NoSpeedFigure) => {
                assert_eq!(run.id, "nvidia-qwen3-coder-next-fp8-vllm-32k-prompts")
            }
            Err(other) => panic!("{}: {other}", run.id),
        }
    }
}

#[test]
fn curve_basis_follows_the_preference_order() {
    let basis = |id: &str| run(id).curve_basis();
    assert_eq!(basis("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1"), Some(CurveBasis::PerRequest));
    assert_eq!(basis("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03"), Some(CurveBasis::PerRequest));
    assert_eq!(basis("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node"), Some(CurveBasis::AggregateOverConcurrency));
    assert_eq!(basis("nvidia-qwen3-coder-next-fp8-vllm-32k-prompts"), None);
}

#[test]
fn curves_hold_the_transcribed_per_request_speeds() {
    let (curve, basis) = run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").curve().expect("curve");
    assert_eq!(basis, CurveBasis::PerRequest);
    let pairs: Vec<(f64, f64)> = curve.points().iter().map(|p| (p.concurrency, p.tok_s)).collect();
    assert_eq!(pairs, [(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)]);

    // Aggregate-only runs divide by the concurrency: the March forum run, 318.7 at 32.
    let (curve, _) = run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node").curve().expect("curve");
    let at_32 = curve.points().iter().find(|p| p.concurrency == 32.0).expect("32");
    assert_close_msg(at_32.tok_s, 318.7 / 32.0, EXACT, "forum 318.7 / 32");

    // Points without the chosen figure are left out (Dendro: 384 has only an aggregate).
    let (curve, _) = run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03").curve().expect("curve");
    let concurrencies: Vec<f64> = curve.points().iter().map(|p| p.concurrency).collect();
    assert_eq!(concurrencies, [1.0, 8.0, 32.0, 128.0, 256.0]);
}

#[test]
fn two_spark_runs_record_nodes_and_topology() {
    let tp = run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2");
    assert_eq!((tp.nodes, tp.topology), (2, Topology::TensorParallel));
    let replicas = run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-litellm");
    assert_eq!((replicas.nodes, replicas.topology), (2, Topology::ReplicasBehindProxy));
    let pp = run("storagereview-gpt-oss-120b-2-nodes-pipeline-parallel");
    assert_eq!((pp.nodes, pp.topology), (2, Topology::PipelineParallel));
    let single = run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node");
    assert_eq!((single.nodes, single.topology), (1, Topology::Single));
}

#[test]
fn runs_by_model_groups_every_run_once() {
    let groups = dataset().runs_by_model();
    let total: usize = groups.values().map(Vec::len).sum();
    assert_eq!(total, dataset().runs.len());
    let gpt_oss_120b = groups.get("gpt-oss-120b").map(Vec::len);
    assert_eq!(gpt_oss_120b, Some(14));
    assert_eq!(groups.get("gpt-oss-20b").map(Vec::len), Some(4));
    // kubis.ai's three and the arena's two (memory 0.90 and 0.85).
    assert_eq!(groups.get("gemma-4-26b-a4b").map(Vec::len), Some(5));
    assert_eq!(groups.get("qwen3-coder-30b-a3b").map(Vec::len), Some(1));
}

#[test]
fn kv_pool_lookup_returns_the_logged_allocation() {
    let data = dataset();
    let qwen = data.kv_pool_tokens(run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1")).expect("kv");
    assert_eq!((qwen.value, qwen.cited_id), (924_912.0, "kv-pool-qwen3-coder-30b-a3b-vllm-0.85"));
    let llama = data.kv_pool_tokens(run("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1")).expect("kv");
    assert_eq!(llama.value, 207_120.0);
    assert!(data.kv_pool_tokens(run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03")).is_none());
}

#[test]
fn prefill_lookup_prefers_the_runs_own_figure_then_the_closest_fact() {
    let data = dataset();
    // The build-6918 table carries S_PP per point: the value at the highest B.
    let own = data.prefill_tok_s(run("llamacpp-b6918-gpt-oss-120b-gguf-pp4096")).expect("own");
    assert_eq!((own.value, own.cited_id), (1830.43, "llamacpp-b6918-gpt-oss-120b-gguf-pp4096"));
    // The 512-token llama.cpp run is tied to the ~2,480 fact.
    let b7941 = data.prefill_tok_s(run("llamacpp-gpt-oss-120b-mxfp4-gguf-b7941-pp512")).expect("fact");
    assert_eq!((b7941.value, b7941.cited_id), (2480.0, "prefill-gpt-oss-120b-llamacpp-b7941-pp512"));
    // GPUwerk's Qwen3-Coder sweep gets the fleet run's 5,705 tok/s.
    let qwen = data.prefill_tok_s(run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1")).expect("fact");
    assert_eq!((qwen.value, qwen.source), (5705.0, "gpuwerk-fleet-logs"));
    // The German 4,096-token run gets the ~2,400 fact tied to it, not the 32K-depth one.
    let de = data.prefill_tok_s(run("llamacpp-gpt-oss-120b-2026-02-pp4096")).expect("fact");
    assert_eq!((de.value, de.cited_id), (2400.0, "prefill-gpt-oss-120b-llamacpp-2026-02-pp4096"));
    // A vLLM gpt-oss-120b run gets no llama.cpp rate: prefill differs between engines.
    assert!(data.prefill_tok_s(run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03")).is_none());
}

#[test]
fn derived_figures_are_labelled_by_who_derived_them() {
    let origin = |id: &str, c: u32| run(id).point(c).and_then(|p| p.per_request_tok_s).map(|f| f.origin);
    assert_eq!(origin("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1", 8), Some(FigureOrigin::DerivedByArticle));
    assert_eq!(origin("petronella-qwen3.8-27b-nvfp4", 8), Some(FigureOrigin::DerivedByArticle));
    assert_eq!(origin("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03", 8), Some(FigureOrigin::Published));
    assert_eq!(origin("llamacpp-b6918-gpt-oss-20b-gguf-pp512", 8), Some(FigureOrigin::DerivedByUs));
    let aggregate = run("llamacpp-b6918-gpt-oss-20b-gguf-pp512").point(8).and_then(|p| p.aggregate_tok_s);
    assert_eq!(aggregate.map(|f| f.origin), Some(FigureOrigin::Published));
}

#[test]
fn claims_name_their_run_and_quantity() {
    let data = dataset();
    let claim = data.claims.iter().find(|c| c.id == "en-streams-15-qwen3-coder-30b-a3b").expect("claim");
    assert_eq!(claim.run.as_deref(), Some("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1"));
    assert_eq!(claim.quantity, ClaimQuantity::StreamsAtFloor { floor_tok_s: 15.0 });
    assert_eq!(claim.value, 52.0);
}

#[test]
fn export_round_trips_through_from_json() {
    let json = dataset().to_json().expect("serialise");
    let again = Dataset::from_json(&json).unwrap_or_else(|e| panic!("reload: {e}"));
    assert_eq!(&again, dataset());
    // Published figures stay bare numbers; derived ones say who derived them.
    assert!(json.contains(r#""aggregate_tok_s": 281.8"#), "bare published figure");
    assert!(json.contains(r#""v": 37.3"#) && json.contains(r#""derived": "article""#));
}
