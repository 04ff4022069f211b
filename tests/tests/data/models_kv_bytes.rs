//! The model catalogue (`data/models.json`): it loads, covers every model and run of the dataset,
//! its binary form (the wasm's) decodes to the same catalogue, and each model's KV bytes per token
//! match a hand computation from its sourced config.

use sizer_data::{KvDtype, ModelCatalog, RunOrigin, catalog, dataset, try_catalog};

const CONTEXT: f64 = 8192.0;

fn bytes_per_token(model: &str, dtype: KvDtype, context: f64) -> f64 {
    let facts = catalog().model(model).unwrap_or_else(|| panic!("{model} in the catalogue"));
    let arch = facts.kv_architecture(dtype).unwrap_or_else(|gap| panic!("{model}: {gap} missing"));
    arch.bytes_per_token(context)
}

fn assert_close(actual: f64, expected: f64, what: &str) {
    assert!((actual - expected).abs() <= 1e-9 * expected.abs().max(1.0), "{what}: {actual} != {expected}");
}

#[test]
fn the_catalogue_loads_and_checks_against_the_dataset() {
    let loaded = try_catalog().expect("data/models.json loads");
    // 12 models of the articles' runs + 4 of the runs added from newer sources (no config read)
    // + 12 of the arena's runs (no config read); a cache entry for each of the 54 runs.
    assert_eq!(loaded.models.len(), 28);
    assert_eq!(loaded.runs.len(), 54);
}

#[test]
fn every_model_and_every_sourced_run_has_an_entry() {
    for run in dataset().runs.iter().filter(|run| run.origin == RunOrigin::Sourced) {
        assert!(catalog().model(&run.model_id).is_some(), "no model facts for {}", run.model_id);
        assert!(catalog().run_cache(&run.id).is_some(), "no cache facts for run {}", run.id);
    }
}

#[test]
fn the_binary_form_decodes_to_the_json_catalogue() {
    let bytes = catalog().to_binary();
    let decoded = ModelCatalog::from_binary(&bytes, dataset()).expect("decodes");
    assert_eq!(&decoded, catalog());
    let embedded = ModelCatalog::from_binary(sizer_data::EMBEDDED_CATALOG_BINARY, dataset()).expect("embedded");
    assert_eq!(&embedded, catalog());
}

#[test]
fn the_browsers_two_parts_are_the_catalogue_with_the_arenas_entries_apart() {
    // The split wasm decodes the first part at once and appends the arena's with its runs.
    let mut first = ModelCatalog::from_binary(sizer_data::CATALOG_FIRST_BINARY, dataset()).expect("first part");
    // The arena's part cites the first part's models (gpt-oss-20b's weights): checked appended.
    let arena = ModelCatalog::decode_binary(sizer_data::ARENA_CATALOG_BINARY).expect("arena part");
    // The 12 models only the arena's runs serve, its 19 runs' cache facts, and the 5 sources only
    // they cite (the config.json files of Muse Glimmer, Nemotron 3 Nano and Qwen3.6-27B, the
    // Megatron arguments of Qwen3.5-0.8B and 4B).
    assert_eq!((arena.sources.len(), arena.models.len(), arena.runs.len()), (5, 12, 19));
    let arena_runs = sizer_data::Dataset::from_binary(sizer_data::ARENA_BINARY).expect("arena's runs").runs;
    assert!(arena.runs.iter().all(|cache| arena_runs.iter().any(|run| run.id == cache.run)));
    // The default run (GPUwerk's) and its model are there before the second module.
    let default_run = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
    assert!(first.run_cache(default_run).is_some());
    assert!(first.model("qwen3-coder-30b-a3b").is_some());
    first.append(arena);
    first.validate(dataset()).expect("the parts together check against the dataset");
    assert_eq!(&first, catalog());
}

#[test]
fn gpt_oss_120b_alternates_sliding_and_full_attention() {
    // openai/gpt-oss model.py: 36 layers, sliding window 128 on the even ones (18), full on the
    // odd ones (18); 8 KV heads of 64 at BF16: 2 (K and V) x 8 x 64 x 2 bytes = 2,048 per layer.
    // Full layers: 18 x 2,048 = 36,864 bytes per token. At 8,192 tokens the sliding layers add
    // 18 x 2,048 x 128 / 8,192 = 576: 37,440. Within the window (128 tokens) all 36 count: 73,728.
    assert_close(bytes_per_token("gpt-oss-120b", KvDtype::Bf16, CONTEXT), 37_440.0, "8k");
    assert_close(bytes_per_token("gpt-oss-120b", KvDtype::Bf16, 128.0), 73_728.0, "window");
    // FP8 halves it: 18,720.
    assert_close(bytes_per_token("gpt-oss-120b", KvDtype::Fp8, CONTEXT), 18_720.0, "fp8");
}

#[test]
fn gpt_oss_20b_alternates_sliding_and_full_attention() {
    // config.json: 24 layers, 12 sliding_attention (window 128) and 12 full_attention; 8 KV heads
    // of 64: 2,048 bytes per layer at BF16. 12 x 2,048 = 24,576, plus 12 x 2,048 x 128 / 8,192 =
    // 384 at 8,192 tokens: 24,960.
    assert_close(bytes_per_token("gpt-oss-20b", KvDtype::Bf16, CONTEXT), 24_960.0, "8k");
    assert_close(bytes_per_token("gpt-oss-20b", KvDtype::Bf16, 100.0), 49_152.0, "window");
}

#[test]
fn qwen3_coder_30b_a3b_is_dense_attention() {
    // config.json: 48 layers, no sliding window, 4 KV heads, head_dim 128.
    // 2 x 48 x 4 x 128 x 2 bytes = 98,304 bytes per token, at any context.
    assert_close(bytes_per_token("qwen3-coder-30b-a3b", KvDtype::Fp16, CONTEXT), 98_304.0, "8k");
    assert_close(bytes_per_token("qwen3-coder-30b-a3b", KvDtype::Fp16, 32_768.0), 98_304.0, "32k");
}

#[test]
fn llama_70b_models_are_dense_attention() {
    // 80 layers, 8 KV heads, head_dim 8,192 / 64 = 128: 2 x 80 x 8 x 128 x 2 = 327,680 bytes.
    assert_close(bytes_per_token("llama-3.3-70b", KvDtype::Fp16, CONTEXT), 327_680.0, "3.3 70B");
    assert_close(bytes_per_token("llama-3.1-70b", KvDtype::Bf16, CONTEXT), 327_680.0, "3.1 70B");
}

#[test]
fn llama_3_1_8b_is_dense_attention() {
    // 32 layers, 8 KV heads, head_dim 4,096 / 32 = 128: 2 x 32 x 8 x 128 x 2 = 131,072 bytes.
    assert_close(bytes_per_token("llama-3.1-8b", KvDtype::Bf16, CONTEXT), 131_072.0, "8B");
}

#[test]
fn qwen3_coder_next_caches_only_its_gated_attention_layers() {
    // 48 layers = 12 x (3 Gated DeltaNet + 1 Gated Attention): 12 attention layers with 2 KV heads
    // of 256. 2 x 12 x 2 x 256 x 2 = 24,576 bytes per token (the DeltaNet state is per sequence).
    assert_close(bytes_per_token("qwen3-coder-next", KvDtype::Bf16, CONTEXT), 24_576.0, "next");
}

#[test]
fn models_without_a_readable_architecture_say_which_figure_is_missing() {
    let gap = |id: &str| catalog().model(id).expect("listed").kv_architecture(KvDtype::Bf16).expect_err("incomplete");
    // Nemotron Nano 9B v2: 4 attention layers read at NVIDIA's page, heads not read.
    assert_eq!(gap("nemotron-nano-9b-v2"), "kv_heads");
    for id in ["nemotron-super-49b-v1.5", "magistral-small-24b", "qwen3.6-fp8-35gb", "qwen3.8-27b"] {
        assert_eq!(gap(id), "full_attention_layers", "{id}");
    }
}

#[test]
fn model_facts_agree_with_the_dataset_facts_they_repeat() {
    // The German seed's parameters and weights (facts.json) and the model facts, read at the
    // model cards or the seed, must not drift apart.
    let data = dataset();
    for (fact, model, field) in [
        ("params-total-gpt-oss-120b", "gpt-oss-120b", "total"),
        ("params-active-gpt-oss-120b", "gpt-oss-120b", "active"),
        ("params-total-gpt-oss-20b", "gpt-oss-20b", "total"),
        ("params-active-gpt-oss-20b", "gpt-oss-20b", "active"),
        ("params-total-qwen3-coder-30b-a3b", "qwen3-coder-30b-a3b", "total"),
        ("params-active-qwen3-coder-30b-a3b", "qwen3-coder-30b-a3b", "active"),
        ("weights-gpt-oss-120b", "gpt-oss-120b", "weights"),
        ("weights-gpt-oss-20b", "gpt-oss-20b", "weights"),
        ("weights-llama-3.3-70b-awq", "llama-3.3-70b", "weights"),
    ] {
        let stated = data.fact(fact).and_then(|f| f.value).expect("fact").value;
        let facts = catalog().model(model).expect("model");
        let ours = match field {
            "total" => facts.total_params_b.as_ref().map(|s| s.v),
            "active" => facts.active_params_b.as_ref().map(|s| s.v),
            _ => facts.weights.first().map(|w| w.gb.v),
        };
        assert_eq!(ours, Some(stated), "{fact}");
    }
}

#[test]
fn a_dangling_source_is_refused_with_its_path() {
    let json = r#"{"sources": [], "models": [{"id": "m", "name": "M",
        "kv": {"kv_heads": {"v": 8, "source": "nowhere", "at": "config.json"}}}], "runs": []}"#;
    let error = ModelCatalog::from_json(json, dataset()).expect_err("dangling");
    assert_eq!(error.to_string(), "models[0].kv.kv_heads.source: no source with id \"nowhere\"");
}

#[test]
fn a_zero_head_count_is_refused_with_its_path() {
    let json = r#"{"sources": [], "models": [{"id": "m", "name": "M",
        "kv": {"head_dim": {"v": 0, "source": "seed-en-users-per-dgx-spark", "at": "x"}}}], "runs": []}"#;
    let error = ModelCatalog::from_json(json, dataset()).expect_err("zero");
    assert_eq!(error.to_string(), "models[0].kv.head_dim.v: not positive (0)");
}
