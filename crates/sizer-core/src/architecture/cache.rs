//! The cache a request holds: KV bytes per token by layer kind (sliding windows capped) and the
//! fixed state of linear-attention and Mamba layers, per sequence.

use super::shape::{AttentionLayers, ModelShape};

/// Bytes of the recurrent state's elements: the arena's hybrid models keep it in FP32
/// (`mamba_ssm_dtype` / `mamba_ssm_cache_dtype: float32` in their configs).
pub const STATE_BYTES: f64 = 4.0;

/// Bytes of a convolution-state element (the activations' BF16).
pub const CONV_STATE_BYTES: f64 = 2.0;

/// KV bytes per token of one kind of attention layers.
///
/// # Formula
/// `L x kv_heads x head_dim x s x bytes`, `s = 1` when keys double as values, else 2 (one key
/// and one value vector per KV head per layer per token).
///
/// Bad input: none (`bytes` is the caller's validated KV dtype).
pub fn kv_bytes_per_token(a: &AttentionLayers, bytes: f64) -> f64 {
    let tensors = if a.k_eq_v { 1.0 } else { 2.0 };
    f64::from(a.layers) * f64::from(a.kv_heads) * f64::from(a.head_dim) * tensors * bytes
}

/// KV bytes one sequence of `context` tokens holds in all its attention layers.
///
/// # Formula
/// `full x n + sliding x min(n, W)`: a sliding-window layer keeps the last `W` tokens only.
///
/// Bad input: a negative context counts as 0.
pub fn kv_bytes_per_sequence(s: &ModelShape, bytes: f64, context: f64) -> f64 {
    let n = context.max(0.0);
    let full = s.full_attention.map_or(0.0, |a| kv_bytes_per_token(&a, bytes) * n);
    let sliding = s.sliding_attention.map_or(0.0, |a| kv_bytes_per_token(&a, bytes) * n.min(window(&a)));
    full + sliding
}

fn window(a: &AttentionLayers) -> f64 {
    a.window.map_or(f64::INFINITY, f64::from)
}

/// The fixed state of one sequence in the linear-attention and Mamba layers, bytes.
///
/// # Formula
/// Gated DeltaNet: `L (vh kd vd x 4 + (2 kh kd + vh vd)(w - 1) x 2)` (a `kd x vd` matrix per
/// value head, and the short convolution's last `w - 1` inputs); Mamba-2: `L (heads hd n x 4 +
/// (heads hd + 2 g n)(w - 1) x 2)` (Dao & Gu 2024). FP32 state ([`STATE_BYTES`]), BF16
/// convolution state ([`CONV_STATE_BYTES`]).
///
/// Bad input: none for a validated shape.
pub fn state_bytes_per_sequence(s: &ModelShape) -> f64 {
    let gdn = s.linear_attention.map_or(0.0, |l| {
        let keys = f64::from(l.key_heads) * f64::from(l.key_head_dim);
        let values = f64::from(l.value_heads) * f64::from(l.value_head_dim);
        let state = values * f64::from(l.key_head_dim) * STATE_BYTES;
        let conv = (2.0 * keys + values) * f64::from(l.conv_kernel.saturating_sub(1)) * CONV_STATE_BYTES;
        f64::from(l.layers) * (state + conv)
    });
    let mamba = s.mamba.map_or(0.0, |m| {
        let inner = f64::from(m.heads) * f64::from(m.head_dim);
        let state = inner * f64::from(m.state_size) * STATE_BYTES;
        let conv = (inner + 2.0 * f64::from(m.groups) * f64::from(m.state_size))
            * f64::from(m.conv_kernel.saturating_sub(1))
            * CONV_STATE_BYTES;
        f64::from(m.layers) * (state + conv)
    });
    gdn + mamba
}

/// KV bytes per token of the full-attention layers (what grows with the context).
pub fn full_kv_bytes_per_token(s: &ModelShape, bytes: f64) -> f64 {
    s.full_attention.map_or(0.0, |a| kv_bytes_per_token(&a, bytes))
}

/// Bytes one sequence holds whatever its length past the windows: recurrent state plus the
/// sliding-window layers' full windows.
///
/// # Formula
/// `state + sliding_per_token x W`.
///
/// Bad input: none for a validated shape.
pub fn fixed_bytes_per_sequence(s: &ModelShape, bytes: f64) -> f64 {
    let sliding = s.sliding_attention.map_or(0.0, |a| kv_bytes_per_token(&a, bytes) * window(&a).min(1e9));
    state_bytes_per_sequence(s) + sliding
}
