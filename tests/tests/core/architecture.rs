//! A model's physics from its architecture (`sizer_core::architecture`), read from the real
//! configurations in `tests/fixtures/model-configs/` (`sizer_import::architecture`), against
//! figures computed by hand from those files; and the closed-loop load on a hand-made engine.

use crate::support;

use sizer_core::architecture::weights::{expected_experts, param_groups, weight_bytes};
use sizer_core::architecture::{Architecture, ModelShape, sessions_in_budget, shape_physics};
use sizer_core::sim::closed_load::{ClosedLoad, ClosedLoadError, predict_closed_loop};
use sizer_core::sim::open_loop::{EngineModel, EngineSetup, StepCoefficients};
use sizer_import::architecture::{ArchitectureInput, ConfigInput, read_architecture};

pub(crate) fn shape(file: &str) -> ModelShape {
    let input =
        ArchitectureInput::Config { config: ConfigInput::Text(support::model_config(file)), quant_config: None };
    match read_architecture(&input, None).unwrap_or_else(|e| panic!("{file}: {e}")).architecture {
        Architecture::Shape(s) => s,
        other => panic!("{file}: not a shape: {other:?}"),
    }
}

#[test]
fn gpt_oss_20b_weights_are_counted_by_hand_from_its_config() {
    let s = shape("openai__gpt-oss-20b.json");
    let p = param_groups(&s);
    // Attention per layer: 2880 x 64 x 64 (q) + 2 x 2880 x 8 x 64 (k, v) + 4096 x 2880 (o)
    // = 11,796,480 + 2,949,120 + 11,796,480 = 26,542,080; 24 layers.
    assert_eq!(p.mixers, 637_009_920.0);
    // One expert: 3 x 2880 x 2880 = 24,883,200; 32 experts, 24 layers.
    assert_eq!(p.one_expert, 24_883_200.0);
    assert_eq!(p.experts, 19_110_297_600.0);
    // Router 2880 x 32 per layer.
    assert_eq!(p.routers, 2_211_840.0);
    // Embedding and untied output: 201,088 x 2880 each.
    assert_eq!((p.embedding, p.lm_head), (579_133_440.0, 579_133_440.0));
    // 20.9 billion in all (OpenAI: "21B parameters").
    assert_eq!(p.total(), 20_907_786_240.0);
    // MXFP4 experts at 4.25 bits, attention, router, embeddings and output in BF16
    // (`modules_to_not_convert`): 10,152,345,600 + 2 x (637,009,920 + 2,211,840 + 2 x 579,133,440)
    // = 13,747,322,880 bytes (the German seed: "13,8 GB Gewichte").
    assert_eq!(weight_bytes(&s), 13_747_322_880.0);
}

#[test]
fn gpt_oss_20b_cache_and_step_reads_follow_its_layer_kinds() {
    let s = shape("openai__gpt-oss-20b.json");
    let p = shape_physics(&s, 1.0);
    // 12 full-attention layers x 8 KV heads x 64 x (key, value) x 1 byte (FP8).
    assert_eq!(p.kv_bytes_per_token, 12_288.0);
    // 12 sliding layers keep 128 tokens of the same size; no recurrent state.
    assert_eq!(p.fixed_bytes_per_sequence, 12_288.0 * 128.0);
    assert_eq!(p.state_bytes_per_sequence, 0.0);
    // Both kinds per token in the pool.
    assert_eq!(p.pool_bytes_per_token, 24_576.0);
    // Every step: attention and routers in BF16 and the untied output projection
    // (1,274,019,840 + 4,423,680 + 1,158,266,880).
    assert_eq!(p.static_read_bytes, 2_436_710_400.0);
    // One token reads 4 of 32 experts per layer: 4 x 24 x 24,883,200 x 0.53125 bytes.
    let experts = p.experts.expect("a mixture of experts");
    assert!((experts.read_bytes(1.0) - 1_269_043_200.0).abs() < 1e-3);
    // Two tokens: 32 (1 - (28/32)^2) = 7.5 distinct experts; 32 tokens: 32 (1 - 0.875^32),
    // 0.875^32 = exp(32 ln 0.875) = 0.013940.
    assert!((expected_experts(32, 4, 2.0) - 7.5).abs() < 1e-12);
    assert!((expected_experts(32, 4, 32.0) - 31.553_925).abs() < 1e-5);
}

#[test]
fn a_budget_holds_whole_sessions_beside_the_weights() {
    // gpt-oss-20b at FP8 cache: 24,576 bytes per token in the pool, 13,747,322,880 bytes of
    // weights (above). 115 GB less the weights = 101,252,677,120 bytes; a session of 8,192
    // tokens holds 201,326,592: 502 whole sessions (502 x 201,326,592 = 101,065,949,184).
    let mut p = shape_physics(&shape("openai__gpt-oss-20b.json"), 1.0);
    p.weight_bytes = 13_747_322_880.0;
    assert_eq!(sessions_in_budget(&p, 115e9, 8_192.0), Some(502));
    // A recurrent state per session comes on top: 1 GB each leaves 101 GB / 1.2013 GB = 84.
    p.state_bytes_per_sequence = 1e9;
    assert_eq!(sessions_in_budget(&p, 115e9, 8_192.0), Some(84));
    // Weights over the budget, or no context: no sessions.
    assert_eq!(sessions_in_budget(&p, 10e9, 8_192.0), None);
    assert_eq!(sessions_in_budget(&p, 115e9, f64::NAN), None);
}

#[test]
fn hybrid_models_hold_state_per_sequence_not_per_token() {
    let s = shape("nvidia__NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json");
    assert_eq!((s.layers, s.mamba.map(|m| m.layers), s.moe.map(|m| m.layers)), (52, Some(23), Some(23)));
    assert_eq!(s.full_attention.map(|a| a.layers), Some(6));
    let p = shape_physics(&s, 1.0);
    // Mamba-2 per layer: 64 heads x 64 x 128 state x 4 bytes = 2,097,152, plus the
    // convolution's last 3 inputs of 4096 + 2 x 8 x 128 channels in BF16 = 36,864; 23 layers.
    assert_eq!(p.state_bytes_per_sequence, 23.0 * (2_097_152.0 + 36_864.0));
    // 6 attention layers x 2 KV heads x 128 x 2 x 1 byte.
    assert_eq!(p.kv_bytes_per_token, 3_072.0);
    // Qwen3.6: 30 Gated DeltaNet layers hold 32 value heads x 128 x 128 x 4 bytes plus the
    // convolution's 3 inputs of 2 x 16 x 128 + 32 x 128 channels x 2 bytes; 10 full layers with 2
    // KV heads of 256 cache 10 x 2 x 256 x 2 x 1 bytes a token.
    let q = shape_physics(&shape("Qwen__Qwen3.6-35B-A3B.json"), 1.0);
    assert_eq!(q.state_bytes_per_sequence, 30.0 * (2_097_152.0 + 8_192.0 * 3.0 * 2.0));
    assert_eq!(q.kv_bytes_per_token, 10_240.0);
}

#[test]
fn gemma_4_shares_keys_and_values_in_its_full_layers() {
    let s = shape("google__gemma-4-26B-A4B.json");
    let full = s.full_attention.expect("full layers");
    let sliding = s.sliding_attention.expect("sliding layers");
    // 5 full layers with 2 global KV heads of 512, keys doubling as values; 25 sliding layers
    // of 8 KV heads of 256 over 1,024 tokens.
    assert_eq!((full.layers, full.kv_heads, full.head_dim, full.k_eq_v), (5, 2, 512, true));
    assert_eq!((sliding.layers, sliding.kv_heads, sliding.head_dim, sliding.window), (25, 8, 256, Some(1_024)));
    let p = shape_physics(&s, 1.0);
    assert_eq!(p.kv_bytes_per_token, 5_120.0);
    assert_eq!(p.fixed_bytes_per_sequence, 102_400.0 * 1_024.0);
}

fn engine(base_s: f64) -> EngineModel {
    let k = StepCoefficients { base_s, per_prompt_token_s: 1e-6, ..StepCoefficients::default() };
    EngineModel::new(k, EngineSetup::default(), 0.0, 0.0).expect("an engine")
}

#[test]
fn a_closed_loop_load_decodes_one_token_a_step() {
    // Steps of 10 ms whatever they carry: a 10-token prompt is read in the first step (its
    // 1e-5 s of prompt work is under the step's 10 ms), then 10 decode steps give the other 10
    // tokens. Every request: TTFT 10 ms, 10 ms per token, 100 tok/s; two users, four requests,
    // two rounds of 0.11 s.
    let load = ClosedLoad { concurrency: 2, prompt_tokens: 10, answer_tokens: 11, requests: 4 };
    let report = predict_closed_loop(&load, &engine(0.01)).expect("runs");
    assert_eq!(report.completed, 4);
    assert!((report.ttft_s.p95 - 0.01).abs() < 1e-12, "{:?}", report.ttft_s);
    assert!((report.per_request_tok_s - 100.0).abs() < 1e-9);
    assert!((report.tpot_ms.expect("tokens").median - 10.0).abs() < 1e-9);
    assert!((report.duration_s - 0.22).abs() < 1e-12);
    // 44 tokens in 0.22 s.
    assert!((report.output_tok_s - 200.0).abs() < 1e-9);
}

#[test]
fn a_closed_loop_load_refuses_what_cannot_run() {
    let e = engine(0.01);
    let empty = ClosedLoad { concurrency: 0, prompt_tokens: 10, answer_tokens: 11, requests: 4 };
    assert_eq!(predict_closed_loop(&empty, &e), Err(ClosedLoadError::Empty));
    let few = ClosedLoad { concurrency: 5, prompt_tokens: 10, answer_tokens: 11, requests: 4 };
    assert_eq!(predict_closed_loop(&few, &e), Err(ClosedLoadError::Empty));
    let long = ClosedLoad { concurrency: 1, prompt_tokens: 999_000, answer_tokens: 2_000, requests: 1 };
    assert!(matches!(predict_closed_loop(&long, &e), Err(ClosedLoadError::TooLong { .. })));
}

fn shape_with(file: &str, quant: Option<&str>, profile: Option<&str>) -> (ModelShape, Vec<String>) {
    let input = ArchitectureInput::Config {
        config: ConfigInput::Text(support::model_config(file)),
        quant_config: quant.map(|q| ConfigInput::Text(support::model_config(q))),
    };
    let setup = profile.map(|p| {
        sizer_data::suite::SuiteSetup::new(sizer_data::suite::SuiteSetupFields {
            model: "m".into(),
            profile: Some(p.into()),
            ..Default::default()
        })
        .expect("a setup")
    });
    let read = read_architecture(&input, setup.as_ref()).unwrap_or_else(|e| panic!("{file}: {e}"));
    match read.architecture {
        Architecture::Shape(s) => (s, read.notes),
        other => panic!("{file}: not a shape: {other:?}"),
    }
}

#[test]
fn gemma_4_31b_nvfp4_keeps_every_layers_attention_in_bf16() {
    // hf_quant_config.json excludes `layers.N.self_attn*` for all 60 layers, lm_head and the
    // vision tower: attention 2 bytes, feed-forward NVFP4 (4.5 bits).
    let (s, _) = shape_with(
        "nvidia__Gemma-4-31B-IT-NVFP4.json",
        Some("nvidia__Gemma-4-31B-IT-NVFP4.hf_quant_config.json"),
        None,
    );
    assert_eq!((s.bytes.mixers, s.bytes.dense_mlp, s.bytes.lm_head), (2.0, 0.5625, 2.0));
    let p = param_groups(&s);
    // Sliding: 5376 x 32 x 256 + 5376 x 16 x 256 x 2 + 32 x 256 x 5376 = 132,120,576, 50 layers;
    // full: 5376 x 32 x 512 + 5376 x 4 x 512 (keys are values) + 32 x 512 x 5376 = 187,170,816,
    // 10 layers.
    assert_eq!(p.mixers, 8_477_736_960.0);
    // 3 x 5376 x 21,504 per layer, 60 layers; the tied table 262,144 x 5376.
    assert_eq!((p.dense_mlp, p.embedding, p.lm_head), (20_808_990_720.0, 1_409_286_144.0, 0.0));
    // The vision tower: 27 x (4 x 1152^2 + 2 x 1152 x 4304).
    assert_eq!(p.towers, 411_070_464.0);
    // 2 x 8,477,736,960 + 0.5625 x 20,808,990,720 + 2 x 1,409,286,144 + 2 x 411,070,464.
    assert_eq!(weight_bytes(&s), 32_301_244_416.0);
}

#[test]
fn mixed_precision_and_a_contradicting_profile_are_said() {
    // Qwen3.6-35B-A3B-NVFP4: the experts' layers are mostly W4A16_NVFP4, the linear attention's
    // FP8.
    let (s, notes) = shape_with(
        "nvidia__Qwen3.6-35B-A3B-NVFP4.json",
        Some("nvidia__Qwen3.6-35B-A3B-NVFP4.hf_quant_config.json"),
        None,
    );
    assert_eq!((s.bytes.experts, s.bytes.mixers), (0.5625, 1.0));
    assert!(notes.iter().any(|n| n.starts_with("Mixed precision")), "{notes:?}");
    let (s, notes) = shape_with("openai__gpt-oss-20b.json", None, Some("bf16"));
    assert_eq!(s.bytes.experts, 0.53125);
    assert!(
        notes.contains(&"The server's profile says BF16 but the configuration's quantisation says MXFP4; the configuration's is used.".to_owned()),
        "{notes:?}"
    );
}

#[test]
fn the_short_form_states_its_assumptions_in_bytes() {
    use sizer_core::architecture::{ModelSize, size_physics};
    let size = ModelSize::new(ModelSize { total_params_b: 30.0, active_params_b: 3.0, bytes_per_weight: 1.0 })
        .expect("a size");
    let p = size_physics(&size, 1.0);
    // Routed weights (30 - 3) / (1 - 8/128) = 28.8 billion, the rest 1.2 billion read every step.
    assert!((p.static_read_bytes - 1.2e9).abs() < 1.0);
    let pool = p.experts.expect("a mixture");
    assert!((pool.bytes_per_expert - 28.8e9 / 128.0).abs() < 1e-3);
    // One token reads 8 of 128: 1.8 billion, and 3 billion with the rest.
    assert!((pool.read_bytes(1.0) - 1.8e9).abs() < 1.0);
    // round(16 x 3^(1/3)) = round(23.08) = 23 layers; 2 x 23 x 8 x 128 bytes a token at FP8.
    assert_eq!((p.layers, p.kv_bytes_per_token), (23.0, 47_104.0));
    assert!(ModelSize::new(ModelSize { total_params_b: 3.0, active_params_b: 30.0, bytes_per_weight: 1.0 }).is_err());
    assert!(
        ModelSize::new(ModelSize { total_params_b: f64::NAN, active_params_b: 3.0, bytes_per_weight: 1.0 }).is_err()
    );
}
