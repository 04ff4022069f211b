//! A model's shape as its `config.json` gives it: layers by kind with their head sizes, the
//! feed-forward blocks (dense and mixture-of-experts), the vocabulary, and the bytes per weight
//! of each group of modules. Validated once by [`ModelShape::new`].

use core::fmt;

/// Attention layers of one kind (all full, or all sliding-window): their count and head sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AttentionLayers {
    pub layers: u32,
    /// Query heads.
    pub q_heads: u32,
    /// Key/value heads (grouped-query attention: fewer than query heads).
    pub kv_heads: u32,
    pub head_dim: u32,
    /// Keys double as values (Gemma 4's `attention_k_eq_v`): one tensor cached, not two.
    pub k_eq_v: bool,
    /// Tokens a sliding-window layer keeps; `None` for full attention.
    pub window: Option<u32>,
    /// The query projection also yields an output gate (Qwen3.5's `attn_output_gate`): twice
    /// the query weights.
    pub output_gate: bool,
}

/// Gated DeltaNet (linear attention) layers: a fixed state per sequence instead of a KV cache.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LinearAttentionLayers {
    pub layers: u32,
    pub key_heads: u32,
    pub value_heads: u32,
    pub key_head_dim: u32,
    pub value_head_dim: u32,
    pub conv_kernel: u32,
}

/// Mamba-2 layers: a fixed state per sequence.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MambaLayers {
    pub layers: u32,
    pub heads: u32,
    pub head_dim: u32,
    pub state_size: u32,
    pub groups: u32,
    pub conv_kernel: u32,
}

/// Mixture-of-experts blocks.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoeLayers {
    pub layers: u32,
    /// Routed experts per layer (`E`).
    pub experts: u32,
    /// Routed experts each token uses (`k`).
    pub per_token: u32,
    /// Intermediate size of one routed expert.
    pub expert_intermediate: u32,
    /// Intermediate size of the shared experts together (0: none); read by every token.
    pub shared_intermediate: u32,
}

/// Bytes per weight of each group of modules (2 for BF16, 1 for FP8, 0.5625 for NVFP4 with its
/// FP8 scale per 16 weights, 0.53125 for MXFP4 with its scale per 32).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WeightBytes {
    /// Input embedding table.
    pub embedding: f64,
    /// Output projection (`lm_head`), read whole every step.
    pub lm_head: f64,
    /// Attention, linear-attention and Mamba mixers.
    pub mixers: f64,
    /// Dense feed-forward blocks and shared experts.
    pub dense_mlp: f64,
    /// Routed experts.
    pub experts: f64,
}

impl WeightBytes {
    /// Every group at `bytes` per weight.
    pub fn uniform(bytes: f64) -> WeightBytes {
        WeightBytes { embedding: bytes, lm_head: bytes, mixers: bytes, dense_mlp: bytes, experts: bytes }
    }
}

/// A model's shape: enough to count its weights, the bytes a decode step reads and its cache.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ModelShape {
    /// Decoder layers (`num_hidden_layers`): each a mixer, a feed-forward block or both.
    pub layers: u32,
    pub hidden: u32,
    pub vocab: u32,
    /// The output projection is the embedding table (stored once).
    pub tied_embeddings: bool,
    pub full_attention: Option<AttentionLayers>,
    pub sliding_attention: Option<AttentionLayers>,
    pub linear_attention: Option<LinearAttentionLayers>,
    pub mamba: Option<MambaLayers>,
    /// Layers with a dense feed-forward block.
    pub dense_mlp_layers: u32,
    /// Intermediate size of the dense feed-forward block.
    pub dense_intermediate: u32,
    /// The feed-forward blocks have a gate (SwiGLU / GeGLU: three matrices; two otherwise).
    pub gated_mlp: bool,
    pub moe: Option<MoeLayers>,
    /// Multi-token-prediction layers: held in memory, read per token only by speculative
    /// decoding.
    pub mtp_layers: u32,
    /// Weights of towers not read per text token (vision, audio), in parameters.
    pub tower_params: f64,
    pub bytes: WeightBytes,
}

/// Why a shape is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum ShapeError {
    /// Hidden size or vocabulary is 0.
    NoWidth,
    /// No layer of any kind.
    NoLayers,
    /// A layer kind has a zero head count or size.
    EmptyHeads,
    /// More experts per token than experts, or none.
    BadExperts,
    /// A bytes-per-weight figure is not in (0, 4].
    BadBytes,
    /// A size beyond any model (a layer count above 10,000 or a width above 10^7).
    Absurd,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShapeError::NoWidth => "the hidden size and the vocabulary must be at least 1",
            ShapeError::NoLayers => "the model has no layer",
            ShapeError::EmptyHeads => "a layer kind has no heads or a head size of 0",
            ShapeError::BadExperts => "experts per token must be between 1 and the number of experts",
            ShapeError::BadBytes => "bytes per weight must be a number in (0, 4]",
            ShapeError::Absurd => "a layer count above 10,000 or a size above 10,000,000 is no model",
        })
    }
}

impl core::error::Error for ShapeError {}

const MAX_LAYERS: u32 = 10_000;
const MAX_WIDTH: u32 = 10_000_000;

impl ModelShape {
    /// Validates once: widths, at least one layer, heads, experts, bytes per weight.
    pub fn new(shape: ModelShape) -> Result<ModelShape, ShapeError> {
        let s = shape;
        if s.hidden == 0 || s.vocab == 0 {
            return Err(ShapeError::NoWidth);
        }
        let widths = [s.hidden, s.vocab, s.dense_intermediate];
        if widths.iter().any(|w| *w > MAX_WIDTH) || s.layers > MAX_LAYERS || s.mtp_layers > MAX_LAYERS {
            return Err(ShapeError::Absurd);
        }
        if s.layers == 0 || s.mixer_layers() == 0 {
            return Err(ShapeError::NoLayers);
        }
        for a in [s.full_attention, s.sliding_attention].into_iter().flatten() {
            if a.q_heads == 0 || a.kv_heads == 0 || a.head_dim == 0 || a.window == Some(0) {
                return Err(ShapeError::EmptyHeads);
            }
            if a.q_heads > MAX_WIDTH || a.head_dim > MAX_WIDTH || a.kv_heads > MAX_WIDTH {
                return Err(ShapeError::Absurd);
            }
        }
        if let Some(l) = s.linear_attention
            && [l.key_heads, l.value_heads, l.key_head_dim, l.value_head_dim].contains(&0)
        {
            return Err(ShapeError::EmptyHeads);
        }
        if let Some(m) = s.mamba
            && [m.heads, m.head_dim, m.state_size].contains(&0)
        {
            return Err(ShapeError::EmptyHeads);
        }
        if let Some(m) = s.moe {
            if m.experts == 0 || m.per_token == 0 || m.per_token > m.experts || m.expert_intermediate == 0 {
                return Err(ShapeError::BadExperts);
            }
            if m.experts > MAX_WIDTH || m.expert_intermediate > MAX_WIDTH || m.layers > MAX_LAYERS {
                return Err(ShapeError::Absurd);
            }
        }
        let b = s.bytes;
        if [b.embedding, b.lm_head, b.mixers, b.dense_mlp, b.experts].iter().any(|x| !(*x > 0.0 && *x <= 4.0)) {
            return Err(ShapeError::BadBytes);
        }
        if !(s.tower_params.is_finite() && s.tower_params >= 0.0 && s.tower_params < 1e14) {
            return Err(ShapeError::Absurd);
        }
        Ok(shape)
    }

    /// Layers with a token mixer (attention, linear attention or Mamba).
    pub fn mixer_layers(&self) -> u32 {
        let a = |x: Option<AttentionLayers>| x.map_or(0, |a| a.layers);
        a(self.full_attention)
            + a(self.sliding_attention)
            + self.linear_attention.map_or(0, |l| l.layers)
            + self.mamba.map_or(0, |m| m.layers)
    }
}
