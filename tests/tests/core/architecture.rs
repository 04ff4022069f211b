//! A model's physics from its architecture (`sizer_core::architecture`), read from the real
//! configurations in `tests/fixtures/model-configs/` (`sizer_import::architecture`), against
//! figures computed by hand from those files; and the closed-loop load on a hand-made engine.

use crate::support;

use sizer_core::architecture::weights::{expected_experts, param_groups, weight_bytes};
use sizer_core::architecture::{Architecture, ModelShape, shape_physics};
use sizer_core::sim::closed_load::{ClosedLoad, ClosedLoadError, predict_closed_loop};
use sizer_core::sim::open_loop::{EngineModel, EngineSetup, StepCoefficients};
use sizer_import::architecture::{ArchitectureInput, ConfigInput, read_architecture};

fn shape(file: &str) -> ModelShape {
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
