//! Arithmetic work: floating-point operations per prompt token and per pair of a prompt token
//! and an earlier token (attention), and per decoded token.

use super::shape::{AttentionLayers, ModelShape};
use super::weights::{active_body_params, output_params};

/// Operations per (query token, earlier token) pair in one kind of attention layers.
///
/// # Formula
/// `4 L q d`: a dot product of the query with the key (`2 d` per head) and the value weighted
/// into the output (`2 d` per head), for `q` query heads in `L` layers (Kaplan et al., Scaling
/// Laws, 2020, table 1: `2 n_layer n_ctx d_attn` per token for each of the two).
///
/// Bad input: none.
pub fn attention_pair_flops(a: &AttentionLayers) -> f64 {
    4.0 * f64::from(a.layers) * f64::from(a.q_heads) * f64::from(a.head_dim)
}

/// Matrix operations per prompt token: `2 x` the parameters its forward pass multiplies, the
/// output projection left out (vLLM computes logits for a prompt's last token only).
///
/// # Formula
/// `2 P_active_body` (a multiply and an add per weight; Kaplan et al. 2020), plus for each
/// sliding-window layer its window's attention, `4 L q d W` ([`attention_pair_flops`] times the
/// window: a long prompt's token attends to `W` tokens), plus the recurrent layers' state update,
/// `4 L vh kd vd` (Gated DeltaNet) or `4 L heads hd n` (Mamba-2).
///
/// Bad input: none for a validated shape.
pub fn prompt_flops_per_token(s: &ModelShape) -> f64 {
    let sliding = s.sliding_attention.map_or(0.0, |a| attention_pair_flops(&a) * f64::from(a.window.unwrap_or(0)));
    let [gdn, mamba] = recurrent_update_flops(s);
    2.0 * active_body_params(s) + sliding + gdn + mamba
}

/// Operations per token of the recurrent layers' state update, `[Gated DeltaNet, Mamba-2]`.
///
/// # Formula
/// `4 L vh kd vd` (Gated DeltaNet: the state of `kd x vd` per value head read against the key
/// and written with the value, Yang et al., Gated Delta Networks, 2024) and `4 L heads hd n`
/// (Mamba-2: a state of `hd x n` per head, Dao and Gu 2024); the same multiply-and-add count as
/// a matrix of that size.
///
/// Bad input: none for a validated shape.
pub fn recurrent_update_flops(s: &ModelShape) -> [f64; 2] {
    let gdn = s.linear_attention.map_or(0.0, |l| {
        4.0 * f64::from(l.layers) * f64::from(l.value_heads) * f64::from(l.key_head_dim) * f64::from(l.value_head_dim)
    });
    let mamba = s.mamba.map_or(0.0, |m| {
        4.0 * f64::from(m.layers) * f64::from(m.heads) * f64::from(m.head_dim) * f64::from(m.state_size)
    });
    [gdn, mamba]
}

/// Matrix operations per decoded token: the body and the output projection.
///
/// # Formula
/// `2 (P_active_body + V h)`.
///
/// Bad input: none for a validated shape.
pub fn decode_flops_per_token(s: &ModelShape) -> f64 {
    2.0 * (active_body_params(s) + output_params(s))
}

/// Operations per (prompt token, earlier token) pair: the full-attention layers'
/// [`attention_pair_flops`] (the sliding layers' are in [`prompt_flops_per_token`]).
pub fn prompt_pair_flops(s: &ModelShape) -> f64 {
    s.full_attention.map_or(0.0, |a| attention_pair_flops(&a))
}
