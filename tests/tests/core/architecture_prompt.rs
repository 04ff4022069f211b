//! What a prompt token costs beside its matrices (`sizer_core::architecture`): the recurrent
//! layers' state updates, charged apart with a factor per kind, and the routed experts'
//! dispatch; and the layouts assembled for Qwen3.5-0.8B and 4B, counted by hand from their
//! files in `tests/fixtures/model-configs/`.

use crate::architecture::shape;

use sizer_core::architecture::weights::{param_groups, weight_bytes};
use sizer_core::architecture::{
    ComputeFormat, Efficiency, MachineRates, ModelSize, architecture_coefficients, shape_physics, size_physics,
};

#[test]
fn a_gated_deltanet_update_is_charged_apart_from_the_prompts_matrices() {
    let p = shape_physics(&shape("Qwen__Qwen3.6-35B-A3B.json"), 1.0);
    // 30 of 40 layers are Gated DeltaNet (every 4th full): 4 x 30 x 32 value heads x 128 x 128.
    assert_eq!(p.recurrent_prompt_flops, [62_914_560.0, 0.0]);
    // A decoded token updates the state once more, in BF16, beside the untied BF16 output
    // projection (2 x 248,320 x 2048): 62,914,560 + 1,017,118,720.
    let bf16 = ComputeFormat::Bf16.index();
    assert_eq!(p.decode_flops_by_format[bf16] - p.prompt_flops_by_format[bf16], 1_080_033_280.0);
    // 8 experts a token in 40 layers, each moving the 2048-wide hidden vector: 4 x 40 x 8 x 2048.
    assert_eq!(p.expert_dispatch_bytes, 2_621_440.0);
}

#[test]
fn a_mamba_update_and_the_experts_dispatch_are_counted_by_hand() {
    let p = shape_physics(&shape("nvidia__NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json"), 1.0);
    // Its pattern has 23 M layers: 4 x 23 x 64 heads x 64 x 128 (state size).
    assert_eq!(p.recurrent_prompt_flops, [0.0, 48_234_496.0]);
    // 23 E layers, 6 experts a token, hidden 2688: 4 x 23 x 6 x 2688.
    assert_eq!(p.expert_dispatch_bytes, 1_483_776.0);
    // gpt-oss-20b: no recurrent layer; 24 layers, 4 experts a token, hidden 2880.
    let g = shape_physics(&shape("openai__gpt-oss-20b.json"), 1.0);
    assert_eq!((g.recurrent_prompt_flops, g.expert_dispatch_bytes), ([0.0, 0.0], 1_105_920.0));
}

#[test]
fn the_prompt_cost_adds_each_kinds_factor_by_hand() {
    let p = shape_physics(&shape("Qwen__Qwen3.6-35B-A3B.json"), 1.0);
    let m = MachineRates { bandwidth_bytes_s: 273e9, flops: [125e12, 250e12, 500e12] };
    let e = Efficiency {
        step_s: 0.0,
        per_layer_s: 0.0,
        weight_factor: 1.0,
        cache_factor: 1.0,
        compute_factor: [1.0; 4],
        attention_factor: 1.0,
        expert_compute_factor: 1.0,
        request_s: 0.0,
        recurrent_prompt_factor: [100.0, 0.0],
        dispatch_factor: 10.0,
    };
    let d = architecture_coefficients(&p, &m, &e).coefficients.per_prompt_token_s;
    // Every operation at the BF16 rate (the model is BF16), the update 100 times over, the
    // dispatch's 2,621,440 bytes 10 times over at 273 GB/s.
    let by_hand = (p.prompt_flops_per_token + 99.0 * 62_914_560.0) / 125e12 + 10.0 * 2_621_440.0 / 273e9;
    assert!((d / by_hand - 1.0).abs() < 1e-12, "{d} against {by_hand}");
}

#[test]
fn a_short_form_mixture_dispatches_at_an_assumed_width() {
    let m = ModelSize { total_params_b: 30.0, active_params_b: 3.0, bytes_per_weight: 2.0 };
    let p = size_physics(&ModelSize::new(m).expect("a size"), 1.0);
    // round(16 x 3^(1/3)) = 23 layers of 3e9 / 23 weights, h = sqrt(3e9 / (12 x 23)) =
    // 3296.902; 4 x 23 x 8 x h.
    assert_eq!(p.layers, 23.0);
    assert!((p.expert_dispatch_bytes - 2_426_520.142).abs() < 1e-3, "{}", p.expert_dispatch_bytes);
    // A dense short form routes nothing.
    let dense = ModelSize { total_params_b: 4.0, active_params_b: 4.0, bytes_per_weight: 2.0 };
    assert_eq!(size_physics(&dense, 1.0).expert_dispatch_bytes, 0.0);
}

#[test]
fn the_assembled_qwen3_5_layouts_count_their_weights_by_hand() {
    let s = shape("assembled__Qwen3.5-0.8B.json");
    let p = param_groups(&s);
    // 18 Gated DeltaNet layers of 1024 x (2 x 2048 + 2 x 2048) + 1024 x 32 + (2 x 2048 + 2048) x 4
    // + 2048 x 1024 = 10,543,104; 6 gated full-attention layers of 1024 x 8 x 256 x 2 +
    // 1024 x 2 x 256 x 2 + 8 x 256 x 1024 = 7,340,032.
    assert_eq!(p.mixers, 18.0 * 10_543_104.0 + 6.0 * 7_340_032.0);
    // 24 SwiGLU blocks of 3 x 1024 x 3584; the tied table 248,320 x 1024 once.
    assert_eq!(p.dense_mlp, 24.0 * 11_010_048.0);
    assert_eq!((p.embedding, p.lm_head), (254_279_680.0, 0.0));
    assert_eq!(weight_bytes(&s), 2.0 * 752_336_896.0);
    let s = shape("assembled__Qwen3.5-4B.json");
    // 24 x 42,139,648 (32 value heads) + 8 x 36,700,160 + 32 x 70,778,880 + 635,699,200.
    assert_eq!(param_groups(&s).total(), 4_205_576_192.0);
}
