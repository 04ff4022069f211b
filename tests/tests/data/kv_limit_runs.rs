//! A KV limit for every run (sizer-data kv_limit.rs): a logged pool wins, a run without one gets
//! a pool computed from its model's architecture and the 102-115 GB budget, marked as computed.

use sizer_data::{DtypeBasis, KvDtype, NoComputedPool, PoolKind, Topology, catalog, dataset, pool_gb};

const CONTEXT: f64 = 8192.0;

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

#[test]
fn a_logged_pool_wins_over_the_computed_one() {
    // GPUwerk's Llama 3.3 70B logged 207,120 tokens at --gpu-memory-utilization 0.85. Computed:
    // (102 - 37) GB / 327,680 bytes = 198,364.3 tokens, (115 - 37) GB / 327,680 = 238,037.1.
    let data = dataset();
    let run = data.run("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1").expect("run");
    let limit = catalog().kv_limit(data, run, CONTEXT);
    assert_eq!(limit.kind, Some(PoolKind::Logged));
    assert_eq!(limit.tokens, Some(207_120.0));
    let computed = limit.computed.expect("computed beside it");
    assert!(close(computed.pool_gb_low, 65.0, 1e-9) && close(computed.pool_gb_high, 78.0, 1e-9));
    assert!(close(computed.tokens_low, 198_364.258, 1e-3), "{}", computed.tokens_low);
    assert!(close(computed.tokens_high, 238_037.109, 1e-3), "{}", computed.tokens_high);
    assert_eq!((computed.kv_dtype, computed.dtype_basis), (KvDtype::Fp16, DtypeBasis::EngineDefault));
    // The logged pool lies inside the computed band: 207,120 x 327,680 bytes = 67.869 GB, between
    // 65 and 78 GB.
    assert!(computed.tokens_low < 207_120.0 && 207_120.0 < computed.tokens_high);
    assert!(close(limit.logged_gb.expect("logged GB"), 67.869_081_6, 1e-9));
}

#[test]
fn qwen3_coder_keeps_its_logged_pool_and_says_why_none_is_computed() {
    // The AWQ checkpoint GPUwerk served is not named and its size not published; from its
    // parameters it is at least 30.5 x 10^9 x 0.51953125 bytes = 15.85 GB (AWQ keeps some layers
    // in 16 bits), a floor, which would make the pool too large: none is computed.
    let data = dataset();
    let run = data.run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("run");
    let limit = catalog().kv_limit(data, run, CONTEXT);
    assert_eq!((limit.kind, limit.tokens), (Some(PoolKind::Logged), Some(924_912.0)));
    assert_eq!(limit.computed, Err(NoComputedPool::WeightsAtLeast(158)));
    assert_eq!(
        NoComputedPool::WeightsAtLeast(158).to_string(),
        "the weights this run served are known only as at least 15.8\u{a0}GB (computed from its parameters; a quantised checkpoint keeps some layers wider), and a pool from a floor would be too large"
    );
    // Its architecture is known: 924,912 x 98,304 bytes = 90.923 GB of cache.
    assert!(close(limit.logged_gb.expect("logged GB"), 90.922_549_248, 1e-9));
}

#[test]
fn a_run_without_a_logged_pool_gets_a_computed_one() {
    // Dendro Logic's gpt-oss-120b on vLLM: (102 - 65.3) GB = 36.7 GB / 37,440 bytes per token
    // at 8,192 = 980,235.0 tokens; (115 - 65.3) = 49.7 GB / 37,440 = 1,327,457.3 tokens.
    let data = dataset();
    let run = data.run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03").expect("run");
    let limit = catalog().kv_limit(data, run, CONTEXT);
    assert_eq!(limit.kind, Some(PoolKind::Computed));
    assert!(limit.logged.is_none() && limit.logged_gb.is_none());
    let computed = limit.computed.expect("computed");
    assert!(close(limit.tokens.expect("tokens"), 980_235.043, 1e-3));
    assert!(close(computed.tokens_high, 1_327_457.265, 1e-3), "{}", computed.tokens_high);
    assert_eq!(computed.weights_format, "MXFP4");
    assert_eq!(
        computed.note(),
        "computed from the model's architecture and a 102-115 GB budget, not logged by the run"
    );
}

#[test]
fn two_sparks_hold_twice_the_budget() {
    // Tensor parallelism splits the weights: 2 x 102 - 65.3 = 138.7 GB. Replicas each hold the
    // weights: 2 x (102 - 65.3) = 73.4 GB.
    let data = dataset();
    let tp = data.run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2").expect("run");
    let tp = catalog().computed_pool(data, tp, CONTEXT, 0.0).expect("computed");
    assert!(close(tp.pool_gb_low, 138.7, 1e-9), "{}", tp.pool_gb_low);
    let replicas = data.run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-litellm").expect("run");
    let replicas = catalog().computed_pool(data, replicas, CONTEXT, 0.0).expect("computed");
    assert!(close(replicas.pool_gb_low, 73.4, 1e-9), "{}", replicas.pool_gb_low);
    assert!(close(pool_gb(115.0, 65.3, 0.0, 2, Topology::PipelineParallel), 164.7, 1e-9));
}

#[test]
fn every_run_has_a_kv_limit_or_says_why_not() {
    let data = dataset();
    let mut with_limit = 0;
    for run in &data.runs {
        let limit = catalog().kv_limit(data, run, CONTEXT);
        match (limit.kind, &limit.computed) {
            (Some(_), _) => with_limit += 1,
            (None, Err(reason)) => assert!(!reason.to_string().is_empty(), "{}", run.id),
            (None, Ok(_)) => panic!("{}: a computed pool must give a limit", run.id),
        }
    }
    // 2 logged (Qwen3-Coder, Llama 3.3 70B) + 18 computed gpt-oss runs (16 from the articles'
    // sources, kubis.ai's two replicas, djangodevreng's gpt-oss-20b) + Muse-Glimmer-30B BF16
    // (weights computed exactly: 28.28 x 10^9 parameters x 2 bytes); the rest lack weights or a
    // readable architecture and say which.
    assert_eq!(with_limit, 21, "runs with a KV limit");
}

#[test]
fn the_reasons_name_what_is_missing() {
    let data = dataset();
    let reason = |id: &str| catalog().kv_limit(data, data.run(id).expect("run"), CONTEXT).computed.expect_err(id);
    assert_eq!(reason("dendro-logic-nemotron-nano-9b-v2-nvfp4-nim"), NoComputedPool::Architecture("kv_heads"));
    assert_eq!(reason("lmsys-llama-3.1-8b-fp8-sglang"), NoComputedPool::NoWeights);
    assert_eq!(reason("nvidia-qwen3-coder-next-fp8-vllm-32k-prompts"), NoComputedPool::WeightsAtLeast(800));
    assert_eq!(
        NoComputedPool::Architecture("kv_heads").to_string(),
        "the model's kv_heads could not be read at a source"
    );
}

#[test]
fn the_llama_cpp_runs_use_an_f16_cache() {
    // gpt-oss-20b, build 6918: (102 - 13.8) GB at 24,960 bytes per token = 3,533,653.8 tokens.
    let data = dataset();
    let run = data.run("llamacpp-b6918-gpt-oss-20b-gguf-pp4096").expect("run");
    let pool = catalog().computed_pool(data, run, CONTEXT, 0.0).expect("computed");
    assert_eq!(pool.kv_dtype, KvDtype::Fp16);
    assert!(close(pool.tokens_low, 3_533_653.846, 1e-3), "{}", pool.tokens_low);
}

#[test]
fn an_overhead_comes_off_the_pool() {
    // 4 GB held back for activations and CUDA graphs: (102 - 37 - 4) GB / 327,680 = 186,157.2.
    let data = dataset();
    let run = data.run("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1").expect("run");
    let pool = catalog().computed_pool(data, run, CONTEXT, 4.0).expect("computed");
    assert!(close(pool.tokens_low, 186_157.227, 1e-3), "{}", pool.tokens_low);
}

#[test]
fn the_sizing_cites_the_pool_it_uses() {
    let data = dataset();
    // Logged: the run's fact. Computed: the working budget's fact (Eurokommerz's 102-115 GB).
    let logged = sizer_data::run_kv_limit(data.run("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1").expect("run"), CONTEXT);
    let cited = logged.cited(data).expect("cited");
    assert_eq!((cited.value, cited.cited_id), (207_120.0, "kv-pool-llama-3.3-70b-vllm-0.85"));
    let computed =
        sizer_data::run_kv_limit(data.run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03").expect("run"), CONTEXT);
    let cited = computed.cited(data).expect("cited");
    assert!(close(cited.value, 980_235.043, 1e-3), "{}", cited.value);
    assert_eq!((cited.cited_id, cited.source), ("working-budget-dgx-spark", "eurokommerz-128gb-article"));
    let none = sizer_data::run_kv_limit(data.run("lmsys-llama-3.1-8b-fp8-sglang").expect("run"), CONTEXT);
    assert_eq!(none.cited(data), None);
}

#[test]
fn bf16_weights_computed_from_the_parameters_give_a_pool() {
    // Muse-Glimmer-30B BF16: no published size; 28,283,830,272 parameters (its config) x 2 bytes
    // = 56.567660544 GB, exact for BF16. Pool: 102 - 56.567660544 = 45.432339456 GB.
    let data = dataset();
    let run = data.run("djangodevreng-arena-muse-glimmer-30b-bf16").expect("run");
    let limit = catalog().kv_limit(data, run, CONTEXT);
    assert_eq!(limit.kind, Some(PoolKind::Computed));
    let computed = limit.computed.expect("computed");
    assert!(close(computed.weights_gb, 56.567_660_544, 1e-9), "{}", computed.weights_gb);
    assert!(close(computed.pool_gb_low, 45.432_339_456, 1e-9), "{}", computed.pool_gb_low);
    let tokens = computed.pool_gb_low * 1e9 / computed.kv_bytes_per_token;
    assert!(close(computed.tokens_low, tokens, 1e-6), "{} {tokens}", computed.tokens_low);
}
