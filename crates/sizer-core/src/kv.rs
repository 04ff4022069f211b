//! KV cache: bytes per token from the architecture, the token pool a memory budget leaves, and
//! the sessions that fit at a context length.

use core::fmt;

/// Attention layout of a model, enough to size its KV cache.
///
/// `full_attention_layers` attend over the whole context; `sliding_window_layers` keep at most
/// `sliding_window_tokens` (gpt-oss, Gemma 2/3 interleave the two). Layers without a KV cache
/// (linear attention, Mamba / Gated DeltaNet in hybrid models) hold a fixed state and are left
/// out: count only the attention layers.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KvArchitecture {
    pub full_attention_layers: u32,
    pub sliding_window_layers: u32,
    /// Window of the sliding layers in tokens (ignored when there are none).
    pub sliding_window_tokens: u32,
    /// Key/value heads per layer (grouped-query attention: fewer than query heads).
    pub kv_heads: u32,
    pub head_dim: u32,
    /// 2 for BF16/FP16, 1 for FP8, 0.5 for a 4-bit cache.
    pub bytes_per_element: f64,
}

/// Why an architecture or memory budget is rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum KvError {
    /// No attention layer at all.
    NoLayers,
    /// `kv_heads` or `head_dim` is 0.
    EmptyHead,
    /// Sliding-window layers without a window.
    NoWindow,
    /// `bytes_per_element` is NaN, infinite, not positive, or above 8.
    BadElementSize,
}

impl fmt::Display for KvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KvError::NoLayers => "the model has no attention layer",
            KvError::EmptyHead => "kv_heads and head_dim must be at least 1",
            KvError::NoWindow => "sliding-window layers need sliding_window_tokens of at least 1",
            KvError::BadElementSize => "bytes_per_element must be a number in (0, 8]",
        })
    }
}

impl core::error::Error for KvError {}

impl KvArchitecture {
    /// A model whose attention layers all see the full context.
    pub fn dense(layers: u32, kv_heads: u32, head_dim: u32, bytes_per_element: f64) -> Result<Self, KvError> {
        Self::new(layers, 0, 0, kv_heads, head_dim, bytes_per_element)
    }

    /// Any layout; validated once.
    pub fn new(
        full_attention_layers: u32,
        sliding_window_layers: u32,
        sliding_window_tokens: u32,
        kv_heads: u32,
        head_dim: u32,
        bytes_per_element: f64,
    ) -> Result<Self, KvError> {
        let arch = KvArchitecture {
            full_attention_layers,
            sliding_window_layers,
            sliding_window_tokens,
            kv_heads,
            head_dim,
            bytes_per_element,
        };
        arch.validate().map(|()| arch)
    }

    /// Checks a value built field by field (e.g. deserialized).
    pub fn validate(&self) -> Result<(), KvError> {
        if self.full_attention_layers == 0 && self.sliding_window_layers == 0 {
            return Err(KvError::NoLayers);
        }
        if self.kv_heads == 0 || self.head_dim == 0 {
            return Err(KvError::EmptyHead);
        }
        if self.sliding_window_layers > 0 && self.sliding_window_tokens == 0 {
            return Err(KvError::NoWindow);
        }
        let b = self.bytes_per_element;
        if !(b > 0.0 && b <= 8.0) {
            return Err(KvError::BadElementSize);
        }
        Ok(())
    }

    /// Bytes one layer stores per cached token: a key and a value vector per KV head.
    ///
    /// # Formula
    /// `2 x kv_heads x head_dim x bytes_per_element` (K and V; e.g. vLLM's `get_kv_cache_spec`).
    pub fn bytes_per_token_per_layer(&self) -> f64 {
        2.0 * f64::from(self.kv_heads) * f64::from(self.head_dim) * self.bytes_per_element
    }

    /// Average KV bytes per token of a session `context_tokens` long.
    ///
    /// # Formula
    /// `per_layer x (full + sliding x min(context, window) / context)`: full-attention layers keep
    /// every token, sliding-window layers keep at most the window. Without sliding layers this is
    /// `2 x layers x kv_heads x head_dim x bytes` for any context (Llama 3.3 70B: 80 x 8 x 128 at
    /// BF16 = 327,680 bytes). A context that is not positive counts as one token.
    pub fn bytes_per_token(&self, context_tokens: f64) -> f64 {
        let context = if context_tokens >= 1.0 { context_tokens } else { 1.0 };
        let window = f64::from(self.sliding_window_tokens);
        let kept = if window < context { window / context } else { 1.0 };
        self.bytes_per_token_per_layer()
            * (f64::from(self.full_attention_layers) + f64::from(self.sliding_window_layers) * kept)
    }

    /// KV bytes of one session of `context_tokens`.
    ///
    /// # Formula
    /// `bytes_per_token(context) x context`.
    pub fn bytes_per_session(&self, context_tokens: f64) -> f64 {
        self.bytes_per_token(context_tokens) * context_tokens.max(0.0)
    }
}

/// Bytes left for the KV cache by a memory budget.
///
/// # Formula
/// `pool = total x utilisation - weights - overhead`, floored at 0 (vLLM's
/// `--gpu-memory-utilization` budget minus weights, activations and CUDA graphs). All in the same
/// unit (bytes or GB); the result is in that unit.
///
/// Bad input: a pool at or under 0, or NaN, gives 0 (nothing is left for the cache).
pub fn kv_pool_bytes(total: f64, utilisation: f64, weights: f64, overhead: f64) -> f64 {
    let pool = total * utilisation - weights - overhead;
    if pool > 0.0 { pool } else { 0.0 }
}

/// KV pool in tokens: pool bytes over bytes per token at a context.
///
/// # Formula
/// `tokens = pool_bytes / bytes_per_token(context)`.
///
/// Bad input: IEEE arithmetic (NaN propagates); [`sessions_at_context`] turns what is not a
/// finite positive count into 0.
pub fn kv_pool_tokens(pool_bytes: f64, arch: &KvArchitecture, context_tokens: f64) -> f64 {
    pool_bytes / arch.bytes_per_token(context_tokens)
}

/// Sessions of `context_tokens` that fit in a pool, before rounding.
///
/// # Formula
/// `pool_tokens / context_tokens` (English seed: 924,912 / 8,192 = 112.9).
///
/// Bad input: IEEE arithmetic (a zero context gives +inf, NaN propagates): this is the value
/// shown beside the rounded count, which [`sessions_at_context`] makes safe.
pub fn sessions_unrounded(pool_tokens: f64, context_tokens: f64) -> f64 {
    pool_tokens / context_tokens
}

/// Whole sessions that fit: rounded down, because a partial session does not fit.
///
/// # Formula
/// `floor(pool_tokens / context_tokens)`: 924,912 / 8,192 = 112.9 gives 112 (the seed prints 113
/// by rounding to nearest; a 113th full-length session would need 927,696 tokens).
///
/// Bad input: a count of whole sessions, so anything that is not a finite, positive ratio (NaN,
/// negative, a context of 0 or infinity) gives 0 sessions; a finite count saturates at `u64::MAX`.
pub fn sessions_at_context(pool_tokens: f64, context_tokens: f64) -> u64 {
    let sessions = libm::floor(sessions_unrounded(pool_tokens, context_tokens));
    if !sessions.is_finite() || sessions <= 0.0 {
        0
    } else {
        // `as` saturates at u64::MAX and is exact for the whole numbers below it.
        sessions as u64
    }
}
