//! The weights of a run and of every catalogue model (sizer-data `catalogue/weights_size.rs`):
//! published where the catalogue has a size, else computed from parameters and format, with
//! oracles from the published sizes in `models.json` and hand arithmetic.

use sizer_data::memory::{MemoryRequest, MemoryRequestError, memory, memory_json};
use sizer_data::weights_size::{NoWeightsSize, WeightsBasis, WeightsFormat, run_weights, weights_size};
use sizer_data::{catalog, dataset};

const GPUWERK_QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

fn weights_of(run_id: &str) -> Result<sizer_data::weights_size::WeightsSize, NoWeightsSize> {
    run_weights(catalog(), dataset().run(run_id).expect(run_id))
}

#[test]
fn the_default_runs_awq_weights_are_computed_from_its_parameters() {
    // 30.5 B parameters (model card) at 4 bits plus a 16-bit scale and a 4-bit zero point per
    // 128: (4 + 20/128) / 8 = 0.51953125 bytes, 30.5 x 0.51953125 = 15.845703125 GB.
    let weights = weights_of(GPUWERK_QWEN).expect("computed");
    assert_eq!(weights.format, "AWQ 4-bit");
    assert!(close(weights.gb, 15.845_703_125, 1e-9), "{}", weights.gb);
    let WeightsBasis::Computed { params_b, bytes_per_param, floor, .. } = weights.basis else {
        panic!("not computed: {:?}", weights.basis)
    };
    assert_eq!((params_b, bytes_per_param, floor), (30.5, 0.519_531_25, true));
}

#[test]
fn published_sizes_win_and_follow_the_runs_format() {
    // The Llama run's AWQ 4-bit: 37 GB as the English seed states it.
    let llama = weights_of("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1").expect("published");
    assert_eq!(
        (llama.gb, llama.basis),
        (37.0, WeightsBasis::Published { source: "seed-en-users-per-dgx-spark".into() })
    );
    // A run whose format is not stated: the catalogue's cache facts name MXFP4 (65.3 GB).
    let oss = weights_of("lmsys-gpt-oss-120b-sglang-2048-2048").expect("published");
    assert_eq!((oss.format.as_str(), oss.gb), ("MXFP4", 65.3));
}

#[test]
fn the_computed_size_misses_the_published_ones_by_what_stays_in_bf16() {
    // The known error, measured on the catalogue's published sizes with their verified
    // parameter counts: MXFP4 4.25 bits, 117 x 0.53125 = 62.156 GB vs 65.3 published (-4.8 %);
    // 21 x 0.53125 = 11.156 GB vs 13.8 (-19.2 %); BF16 30.5 x 2 = 61.0 vs 61.064 (-0.1 %).
    let computed = |id: &str, format: &str| {
        let mut model = catalog().model(id).expect(id).clone();
        model.weights.clear();
        weights_size(&model, format).expect("computed").gb
    };
    let published = |id: &str| catalog().model(id).expect(id).weights[0].gb.v;
    let error = |id: &str, format: &str| computed(id, format) / published(id) - 1.0;
    assert!(close(error("gpt-oss-120b", "MXFP4"), -0.048_14, 1e-4));
    assert!(close(error("gpt-oss-20b", "MXFP4"), -0.191_58, 1e-4));
    assert!(close(error("qwen3-coder-30b-a3b", "BF16"), -0.001_05, 1e-4));
}

#[test]
fn formats_are_read_from_their_first_word() {
    assert_eq!(WeightsFormat::from_text("BF16 (fp8 KV cache)"), Some(WeightsFormat::Half));
    assert_eq!(WeightsFormat::from_text("GPTQ-Int4 (gptq_marlin), FP8 KV cache"), Some(WeightsFormat::Int4));
    assert_eq!(WeightsFormat::from_text("FP8 (35 GB checkpoint), MTP 3"), Some(WeightsFormat::Fp8));
    assert_eq!(WeightsFormat::from_text("NVFP4 (nvidia/Qwen3.6-35B-A3B-NVFP4)"), Some(WeightsFormat::Nvfp4));
    assert_eq!(WeightsFormat::from_text("GGUF (ggml-org/gpt-oss-20b-GGUF)"), None);
    assert_eq!(WeightsFormat::Nvfp4.bytes_per_param(), 0.5625);
}

#[test]
fn arena_runs_get_weights_from_their_configs_parameters() {
    // Qwen3.6-35B-A3B: 35,135,909,888 parameters from its config.json, FP8 one byte each.
    let qwen = weights_of("djangodevreng-arena-qwen-3.6-35b-a3b-fp8").expect("computed");
    assert!(close(qwen.gb, 35.135_909_888, 1e-9), "{}", qwen.gb);
    // NVFP4 (4.5 bits): 35.135909888 x 0.5625 = 19.763949312 GB.
    let nvfp4 = weights_of("anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot").expect("computed");
    assert!(close(nvfp4.gb, 19.763_949_312, 1e-9), "{}", nvfp4.gb);
    // Muse-Glimmer-30B in BF16: 28,283,830,272 x 2 = 56.567660544 GB (sizer-core's
    // weight_bytes of the same config gives the same bytes).
    let muse = weights_of("djangodevreng-arena-muse-glimmer-30b-bf16").expect("computed");
    assert!(close(muse.gb, 56.567_660_544, 1e-9), "{}", muse.gb);
}

#[test]
fn what_cannot_be_sized_says_why() {
    let super49 = weights_of("dendro-logic-nemotron-super-49b-v1.5-nvfp4-vllm-26.03").expect_err("no count");
    assert_eq!(
        super49,
        NoWeightsSize::NoParameterCount { model: "nemotron-super-49b-v1.5".into(), format: "NVFP4".into() }
    );
    let model = catalog().model("gpt-oss-20b").expect("model");
    assert!(matches!(weights_size(model, "GGUF Q2"), Err(NoWeightsSize::UnknownFormat { .. })));
}

#[test]
fn a_run_is_planned_with_its_weights_and_cache_type() {
    // 115 - 15.845703125 = 99.154296875 GB; fp16 cache of 48 layers x 4 heads x 128 x 2 (K, V)
    // x 2 bytes = 98,304 bytes a token: 1,008,649.67 tokens, 123.13 sessions of 8,192.
    let json = format!(r#"{{"models": [{{"run": "{GPUWERK_QWEN}"}}], "budget_gb": 115, "context_tokens": 8192}}"#);
    let plan = memory(catalog(), dataset(), &MemoryRequest::from_json(&json).expect("parses")).expect("plans");
    let model = &plan.models[0];
    assert_eq!((model.id.as_str(), model.run.as_deref()), ("qwen3-coder-30b-a3b", Some(GPUWERK_QWEN)));
    assert!(close(plan.kv_left_gb, 99.154_296_875, 1e-9), "{}", plan.kv_left_gb);
    assert_eq!(model.kv_bytes_per_token, 98_304.0);
    assert!(close(model.sessions_unrounded, 123.126_18, 1e-4), "{}", model.sessions_unrounded);
    assert_eq!(model.sessions, 123);
    // Muse-Glimmer's arena run: 58.432339456 GB left; bf16 cache, 2 heads x 128 x 2 x 2 = 1,024
    // bytes a layer: 13 full layers + 39 sliding ones keeping 2,048 of 8,192 tokens = 23,296
    // bytes a token on average, 306.18 sessions.
    let json = r#"{"models": [{"run": "djangodevreng-arena-muse-glimmer-30b-bf16"}], "budget_gb": 115, "context_tokens": 8192}"#;
    let out: serde_json::Value = serde_json::from_str(&memory_json(catalog(), dataset(), json)).expect("JSON");
    assert_eq!(out["models"][0]["kv_bytes_per_token"], 23_296.0);
    assert_eq!(out["models"][0]["sessions"], 306);
    assert_eq!(out["models"][0]["weights_basis"]["kind"], "computed");
}

#[test]
fn bad_run_entries_are_refused() {
    let ask = |json: &str| memory(catalog(), dataset(), &MemoryRequest::from_json(json).expect("parses"));
    let unknown = ask(r#"{"models": [{"run": "no-such-run"}], "budget_gb": 115, "context_tokens": 8192}"#);
    assert_eq!(unknown.expect_err("unknown"), MemoryRequestError::UnknownRun("no-such-run".into()));
    let both = MemoryRequest::from_json(
        r#"{"models": [{"id": "gpt-oss-20b", "run": "x"}], "budget_gb": 115, "context_tokens": 8192}"#,
    );
    assert_eq!(
        both.expect_err("both").to_string(),
        "the memory request is not valid: models[0] needs exactly one of \"id\" and \"run\""
    );
}
