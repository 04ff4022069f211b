//! Weights: parameters by group, bytes in memory, and the bytes one decode step reads at a
//! batch of `B` requests (dense weights once, the routed experts the batch touches).

use super::shape::{AttentionLayers, LinearAttentionLayers, MambaLayers, ModelShape};
use crate::sim::open_loop::ExpertRouting;

/// Parameters of one attention layer.
///
/// # Formula
/// `h (q d g) + h (kv d s) + (q d) h`: query (`g = 2` with an output gate, else 1), keys and
/// values (`s = 1` when keys double as values, else 2), output projection; `h` hidden size,
/// `q`/`kv` heads, `d` head size (the transformer's projections, Vaswani et al. 2017, with
/// grouped-query attention, Ainslie et al. 2023). Biases and norms are left out (under 0.1 %).
///
/// Bad input: none (whole counts; products in `f64`).
pub fn attention_layer_params(hidden: u32, a: &AttentionLayers) -> f64 {
    let (h, q, kv, d) = (f64::from(hidden), f64::from(a.q_heads), f64::from(a.kv_heads), f64::from(a.head_dim));
    let gate = if a.output_gate { 2.0 } else { 1.0 };
    let kv_tensors = if a.k_eq_v { 1.0 } else { 2.0 };
    h * q * d * gate + h * kv * d * kv_tensors + q * d * h
}

/// Parameters of one Gated DeltaNet layer.
///
/// # Formula
/// `h (2 kh kd + 2 vh vd) + h (2 vh) + (2 kh kd + vh vd) w + vh vd h`: the query/key/value/gate
/// projection, the two per-head gates (`a`, `b`), the short convolution of width `w` over
/// queries, keys and values, and the output projection (Qwen3-Next's `Qwen3NextGatedDeltaNet`
/// in Hugging Face transformers; Yang et al., Gated Delta Networks, ICLR 2025).
///
/// Bad input: none.
pub fn linear_attention_layer_params(hidden: u32, l: &LinearAttentionLayers) -> f64 {
    let h = f64::from(hidden);
    let keys = f64::from(l.key_heads) * f64::from(l.key_head_dim);
    let values = f64::from(l.value_heads) * f64::from(l.value_head_dim);
    h * (2.0 * keys + 2.0 * values)
        + h * 2.0 * f64::from(l.value_heads)
        + (2.0 * keys + values) * f64::from(l.conv_kernel)
        + values * h
}

/// Parameters of one Mamba-2 layer.
///
/// # Formula
/// With `i = heads x head_dim`: `h (2 i + 2 g n + heads) + (i + 2 g n) w + i h` (input
/// projection to x, z, B, C and dt; convolution of width `w`; output projection; Dao & Gu,
/// Transformers are SSMs, ICML 2024, and `NemotronHMamba2Mixer` in transformers).
///
/// Bad input: none.
pub fn mamba_layer_params(hidden: u32, m: &MambaLayers) -> f64 {
    let h = f64::from(hidden);
    let inner = f64::from(m.heads) * f64::from(m.head_dim);
    let bc = 2.0 * f64::from(m.groups) * f64::from(m.state_size);
    h * (2.0 * inner + bc + f64::from(m.heads)) + (inner + bc) * f64::from(m.conv_kernel) + inner * h
}

/// Parameters of a feed-forward block of intermediate size `inter`.
///
/// # Formula
/// `3 h i` with a gate (SwiGLU/GeGLU: gate, up, down; Shazeer 2020), `2 h i` without (up, down).
///
/// Bad input: none.
pub fn mlp_params(hidden: u32, inter: u32, gated: bool) -> f64 {
    let matrices = if gated { 3.0 } else { 2.0 };
    matrices * f64::from(hidden) * f64::from(inter)
}

/// A model's parameters by group, the basis of its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParamGroups {
    pub embedding: f64,
    /// 0 when tied to the embedding.
    pub lm_head: f64,
    /// Attention, linear attention and Mamba mixers.
    pub mixers: f64,
    /// Dense feed-forward blocks and shared experts.
    pub dense_mlp: f64,
    /// The experts' routers (`h x E` per expert layer).
    pub routers: f64,
    /// One routed expert of one layer.
    pub one_expert: f64,
    /// All routed experts of all layers.
    pub experts: f64,
    /// Multi-token-prediction layers.
    pub mtp: f64,
    /// Towers not read per text token (vision, audio).
    pub towers: f64,
}

impl ParamGroups {
    /// Every parameter.
    pub fn total(&self) -> f64 {
        self.embedding
            + self.lm_head
            + self.mixers
            + self.dense_mlp
            + self.routers
            + self.experts
            + self.mtp
            + self.towers
    }
}

/// The parameters of `shape` by group.
///
/// # Formula
/// Sum over layer kinds of count x [`attention_layer_params`], [`linear_attention_layer_params`],
/// [`mamba_layer_params`]; dense blocks `L_dense x mlp(I)`; per expert layer `E mlp(I_e)`,
/// `mlp(I_shared)` and the router `h E`; embedding `V h`, and `V h` again for an untied output
/// projection; each multi-token-prediction layer as one full-attention layer, one feed-forward
/// layer and its `2 h x h` input projection (DeepSeek-V3's MTP module, 2024).
///
/// Bad input: none for a validated shape.
pub fn param_groups(s: &ModelShape) -> ParamGroups {
    let h = s.hidden;
    let att = |a: Option<AttentionLayers>| a.map_or(0.0, |a| f64::from(a.layers) * attention_layer_params(h, &a));
    let mixers = att(s.full_attention)
        + att(s.sliding_attention)
        + s.linear_attention.map_or(0.0, |l| f64::from(l.layers) * linear_attention_layer_params(h, &l))
        + s.mamba.map_or(0.0, |m| f64::from(m.layers) * mamba_layer_params(h, &m));
    let dense_block = mlp_params(h, s.dense_intermediate, s.gated_mlp);
    let mut dense_mlp = f64::from(s.dense_mlp_layers) * dense_block;
    let (mut one_expert, mut experts, mut moe_layer, mut routers) = (0.0, 0.0, 0.0, 0.0);
    if let Some(m) = s.moe {
        one_expert = mlp_params(h, m.expert_intermediate, s.gated_mlp);
        let shared = mlp_params(h, m.shared_intermediate, s.gated_mlp);
        let router = f64::from(h) * f64::from(m.experts);
        dense_mlp += f64::from(m.layers) * shared;
        routers = f64::from(m.layers) * router;
        experts = f64::from(m.layers) * f64::from(m.experts) * one_expert;
        moe_layer = f64::from(m.per_token) * one_expert + shared + router;
    }
    let table = f64::from(s.vocab) * f64::from(h);
    let attention_like = s.full_attention.or(s.sliding_attention).map_or(0.0, |a| attention_layer_params(h, &a));
    let ffn_like = if s.moe.is_some() { moe_layer } else { dense_block };
    let hh = f64::from(h) * f64::from(h);
    ParamGroups {
        embedding: table,
        lm_head: if s.tied_embeddings { 0.0 } else { table },
        mixers,
        dense_mlp,
        routers,
        one_expert,
        experts,
        mtp: f64::from(s.mtp_layers) * (attention_like + ffn_like + 2.0 * hh),
        towers: s.tower_params,
    }
}

/// Bytes of every weight in memory.
///
/// # Formula
/// `sum over groups of params x bytes per weight`; routers at [`ROUTER_BYTES`]; the
/// multi-token-prediction layers and towers at the embedding's bytes (the quantised
/// checkpoints read here leave them unquantised: Gemma 4's `model.vision_tower*`, Qwen3.6's
/// `mtp*`).
///
/// Bad input: none for a validated shape.
pub fn weight_bytes(s: &ModelShape) -> f64 {
    let p = param_groups(s);
    let b = s.bytes;
    p.embedding * b.embedding
        + p.lm_head * b.lm_head
        + p.mixers * b.mixers
        + p.dense_mlp * b.dense_mlp
        + p.experts * b.experts
        + p.routers * ROUTER_BYTES
        + (p.mtp + p.towers) * b.embedding
}

/// Bytes per router weight: every quantised checkpoint here leaves the routers in BF16
/// (gpt-oss's `model.layers.*.mlp.router`, ModelOpt's and FP8 checkpoints' `mlp.gate`).
pub const ROUTER_BYTES: f64 = 2.0;

/// Expected routed experts of one layer that at least one of `batch` tokens uses: the step
/// model's [`ExpertRouting::distinct_experts`], the one place the occupancy formula is written.
pub fn expected_experts(experts: u32, per_token: u32, batch: f64) -> f64 {
    ExpertRouting { experts, per_token }.distinct_experts(batch)
}

/// Weight bytes one decode step reads whatever the batch: mixers, dense blocks, shared experts,
/// routers and the output projection (a tied one is the embedding table, read whole).
///
/// # Formula
/// `P_mixers b_mixers + P_dense b_dense + P_routers 2 + V h b_lm`; the input embedding is read
/// one row per token (negligible), the multi-token-prediction layers and towers not at all.
///
/// Bad input: none for a validated shape.
pub fn static_read_bytes(s: &ModelShape) -> f64 {
    let p = param_groups(s);
    let b = s.bytes;
    let head = if s.tied_embeddings { p.embedding * b.embedding } else { p.lm_head * b.lm_head };
    p.mixers * b.mixers + p.dense_mlp * b.dense_mlp + p.routers * ROUTER_BYTES + head
}

/// Routed-expert bytes one decode step of `batch` requests reads.
///
/// # Formula
/// `L_moe x E (1 - (1 - k/E)^B) x P_expert x b_experts` ([`expected_experts`]).
///
/// Bad input: `batch <= 0` gives 0.
pub fn expert_read_bytes(s: &ModelShape, batch: f64) -> f64 {
    let Some(m) = s.moe else { return 0.0 };
    let p = param_groups(s);
    f64::from(m.layers) * expected_experts(m.experts, m.per_token, batch) * p.one_expert * s.bytes.experts
}

/// Parameters one token's forward pass multiplies (mixers, dense blocks, shared experts,
/// routers, `k` routed experts per layer), without the output projection.
///
/// # Formula
/// `P_mixers + P_dense + P_routers + L_moe k P_expert`.
///
/// Bad input: none for a validated shape.
pub fn active_body_params(s: &ModelShape) -> f64 {
    let p = param_groups(s);
    p.mixers
        + p.dense_mlp
        + p.routers
        + s.moe.map_or(0.0, |m| f64::from(m.layers) * f64::from(m.per_token)) * p.one_expert
}

/// Parameters of the output projection (`V h`, tied or not).
pub fn output_params(s: &ModelShape) -> f64 {
    f64::from(s.vocab) * f64::from(s.hidden)
}
