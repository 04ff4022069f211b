//! What the engine needs from an architecture, in bytes and operations: from a full shape
//! ([`ModelShape`]) or from the short form a model card gives ([`ModelSize`]: total and active
//! parameters and bytes per weight), whose missing layout is filled by stated assumptions.

use super::cache::{fixed_bytes_per_sequence, full_kv_bytes_per_token, kv_bytes_per_token, state_bytes_per_sequence};
use super::shape::ModelShape;
use super::weights::{output_params, param_groups, static_read_bytes, weight_bytes};
use super::work::{decode_flops_per_token, prompt_flops_per_token, prompt_pair_flops, recurrent_update_flops};
use core::fmt;

/// Which tensor-core rate a model's matrix work runs at: its bulk weights' format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum ComputeFormat {
    Bf16,
    Fp8,
    /// NVFP4 or MXFP4.
    Fp4,
    /// Quantised weights multiplied by weight-only kernels (Marlin: dequantised to 16 bits in
    /// the kernel), so at the 16-bit rate with a factor of their own.
    WeightOnly,
}

impl ComputeFormat {
    /// The format of weights stored at `bytes` per weight: above 1.5 is 16-bit, above 0.75 is
    /// 8-bit, else 4-bit.
    pub fn of_bytes(bytes: f64) -> ComputeFormat {
        if bytes > 1.5 {
            ComputeFormat::Bf16
        } else if bytes > 0.75 {
            ComputeFormat::Fp8
        } else {
            ComputeFormat::Fp4
        }
    }

    /// Every class, in index order.
    pub const ALL: [ComputeFormat; 4] =
        [ComputeFormat::Bf16, ComputeFormat::Fp8, ComputeFormat::Fp4, ComputeFormat::WeightOnly];

    /// Index into per-format tables (`[bf16, fp8, fp4, weight-only]`).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The routed experts a decode step may read.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExpertPool {
    /// Bytes of one expert in every expert layer together.
    pub bytes_per_expert: f64,
    pub experts: u32,
    pub per_token: u32,
}

impl ExpertPool {
    /// Bytes the experts a batch of `batch` tokens routes to take.
    ///
    /// # Formula
    /// `bytes_per_expert x E (1 - (1 - k/E)^B)` ([`super::weights::expected_experts`]).
    pub fn read_bytes(&self, batch: f64) -> f64 {
        self.bytes_per_expert * super::weights::expected_experts(self.experts, self.per_token, batch)
    }
}

/// A model's bytes and operations per step, the engine's inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepPhysics {
    /// Decoder layers (a per-layer cost of every step).
    pub layers: f64,
    /// All weights in memory, bytes.
    pub weight_bytes: f64,
    /// Weight bytes every decode step reads whatever its batch.
    pub static_read_bytes: f64,
    pub experts: Option<ExpertPool>,
    /// Bytes each decoding sequence reads whatever its length: recurrent state and full
    /// sliding windows.
    pub fixed_bytes_per_sequence: f64,
    /// Recurrent state of one sequence (linear attention, Mamba), bytes.
    pub state_bytes_per_sequence: f64,
    /// KV bytes per token of context in the full-attention layers.
    pub kv_bytes_per_token: f64,
    /// KV bytes per token the pool is counted in: the full-attention and sliding-window
    /// layers'.
    pub pool_bytes_per_token: f64,
    pub decode_flops_per_token: f64,
    pub prompt_flops_per_token: f64,
    /// The routed experts' share of both (`2 L_moe k P_expert`): grouped per expert, their
    /// matrices run at a rate of their own.
    pub expert_flops_per_token: f64,
    /// The rest of a prompt token's work by the format its weights are multiplied in
    /// (`[bf16, fp8, fp4, weight-only]`, [`ComputeFormat::index`]): gpt-oss's attention stays
    /// BF16 while its experts are MXFP4.
    pub prompt_flops_by_format: [f64; 4],
    /// The same for a decoded token (the output projection added, the recurrent updates in
    /// BF16).
    pub decode_flops_by_format: [f64; 4],
    /// A prompt token's recurrent state updates, `[Gated DeltaNet, Mamba-2]`
    /// ([`recurrent_update_flops`]): left out of `prompt_flops_by_format`, since the chunked
    /// scan kernels that read prompts through them run at a rate of their own.
    pub recurrent_prompt_flops: [f64; 2],
    /// Bytes a token's routing moves per step: its hidden vector (BF16) gathered into each of
    /// its `k` experts' rows and the output scattered back, in every expert layer (`4 L_moe k
    /// h`); 0 without experts.
    pub expert_dispatch_bytes: f64,
    pub pair_flops: f64,
    pub format: ComputeFormat,
}

impl StepPhysics {
    /// Weight bytes one decode step of `batch` requests reads: what every step reads and the
    /// routed experts the batch uses.
    ///
    /// # Formula
    /// `static_read_bytes + bytes_per_expert E (1 - (1 - k/E)^B)` ([`ExpertPool::read_bytes`];
    /// no experts: the static bytes alone).
    pub fn weights_read_bytes(&self, batch: f64) -> f64 {
        self.static_read_bytes + self.experts.map_or(0.0, |e| e.read_bytes(batch))
    }
}

/// The physics of a full shape with its KV cache at `kv_bytes` per element.
///
/// # Formula
/// Each field is its function's: [`weight_bytes`], [`static_read_bytes`], the expert pool
/// `L_moe P_expert b_experts` with `E`, `k`; [`fixed_bytes_per_sequence`],
/// [`full_kv_bytes_per_token`], [`decode_flops_per_token`], [`prompt_flops_per_token`],
/// [`prompt_pair_flops`]; the format of the routed experts' bytes (a dense model's: its dense
/// blocks'); the other operations by the format of the weights they multiply (mixers, dense
/// blocks, output projection; routers and windows in BF16), the recurrent layers' state updates
/// apart for a prompt ([`recurrent_update_flops`]) and in BF16 for a decoded token.
///
/// Bad input: none for a validated shape.
pub fn shape_physics(s: &ModelShape, kv_bytes: f64) -> StepPhysics {
    let p = param_groups(s);
    let experts = s.moe.map(|m| ExpertPool {
        bytes_per_expert: f64::from(m.layers) * p.one_expert * s.bytes.experts,
        experts: m.experts,
        per_token: m.per_token,
    });
    let bulk = if s.moe.is_some() { s.bytes.experts } else { s.bytes.dense_mlp };
    let full = full_kv_bytes_per_token(s, kv_bytes);
    let prompt_total = prompt_flops_per_token(s);
    let mut prompt_by = [0.0; 4];
    prompt_by[ComputeFormat::of_bytes(s.bytes.mixers).index()] += 2.0 * p.mixers;
    prompt_by[ComputeFormat::of_bytes(s.bytes.dense_mlp).index()] += 2.0 * p.dense_mlp;
    let recurrent = recurrent_update_flops(s);
    // Routers and windows: BF16 weights and activations; the recurrent updates apart.
    prompt_by[ComputeFormat::Bf16.index()] +=
        prompt_total - 2.0 * (p.mixers + p.dense_mlp) - expert_flops(s, &p) - recurrent[0] - recurrent[1];
    let mut decode_by = prompt_by;
    // A decode step updates each state once per token, a small BF16 kernel.
    decode_by[ComputeFormat::Bf16.index()] += recurrent[0] + recurrent[1];
    let head = if s.tied_embeddings { s.bytes.embedding } else { s.bytes.lm_head };
    decode_by[ComputeFormat::of_bytes(head).index()] += 2.0 * output_params(s);
    let sliding = s.sliding_attention.map_or(0.0, |a| kv_bytes_per_token(&a, kv_bytes));
    StepPhysics {
        layers: f64::from(s.layers),
        weight_bytes: weight_bytes(s),
        static_read_bytes: static_read_bytes(s),
        experts,
        fixed_bytes_per_sequence: fixed_bytes_per_sequence(s, kv_bytes),
        state_bytes_per_sequence: state_bytes_per_sequence(s),
        kv_bytes_per_token: full,
        pool_bytes_per_token: full + sliding,
        decode_flops_per_token: decode_flops_per_token(s),
        prompt_flops_per_token: prompt_total,
        expert_flops_per_token: expert_flops(s, &p),
        prompt_flops_by_format: prompt_by,
        decode_flops_by_format: decode_by,
        recurrent_prompt_flops: recurrent,
        expert_dispatch_bytes: s
            .moe
            .map_or(0.0, |m| 4.0 * f64::from(m.layers) * f64::from(m.per_token) * f64::from(s.hidden)),
        pair_flops: prompt_pair_flops(s),
        format: ComputeFormat::of_bytes(bulk),
    }
}

/// `2 L_moe k P_expert`: the routed experts' operations per token.
fn expert_flops(s: &ModelShape, p: &super::weights::ParamGroups) -> f64 {
    s.moe.map_or(0.0, |m| 2.0 * f64::from(m.layers) * f64::from(m.per_token) * p.one_expert)
}

/// A model known only by its size, as a model card gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ModelSize {
    /// Parameters in all, billions.
    pub total_params_b: f64,
    /// Parameters one token uses, billions (equal to the total for a dense model).
    pub active_params_b: f64,
    /// Bytes per weight.
    pub bytes_per_weight: f64,
}

/// Why a short form is refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SizeError {
    /// A parameter count is not in (0, 10,000] billion, or active above total.
    BadParams,
    /// Bytes per weight not in (0, 4].
    BadBytes,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SizeError::BadParams => {
                "total and active parameters must be numbers of billions in (0, 10,000], active at most total"
            }
            SizeError::BadBytes => "bytes per weight must be a number in (0, 4]",
        })
    }
}

impl core::error::Error for SizeError {}

impl ModelSize {
    /// Validates once.
    pub fn new(size: ModelSize) -> Result<ModelSize, SizeError> {
        let ok = |x: f64| x > 0.0 && x <= 10_000.0;
        if !(ok(size.total_params_b) && ok(size.active_params_b) && size.active_params_b <= size.total_params_b) {
            return Err(SizeError::BadParams);
        }
        if !(size.bytes_per_weight > 0.0 && size.bytes_per_weight <= 4.0) {
            return Err(SizeError::BadBytes);
        }
        Ok(size)
    }
}

/// The short form's assumed routing: `k / E` of the routed weights per token (8 of 128, the
/// arena's 30B-A3B mixtures route 6 to 8 of 128 to 256).
pub const SHORT_FORM_EXPERTS: u32 = 128;
/// See [`SHORT_FORM_EXPERTS`].
pub const SHORT_FORM_PER_TOKEN: u32 = 8;
/// The short form's assumed KV heads x head size of every layer (8 of 128, grouped-query
/// attention as in Llama 3 and Qwen3).
pub const SHORT_FORM_KV_WIDTH: f64 = 8.0 * 128.0;

/// Layers the short form assumes for `active_params_b` billion active parameters.
///
/// # Formula
/// `round(16 x active^(1/3))`, at least 1: 15 for 0.8B, 23 for 3B, 32 for 8B, 48 for 27B (the
/// arena's dense models have 24 to 64; a transformer's depth grows about as the cube root of
/// its size at a fixed aspect ratio, Kaplan et al. 2020).
///
/// Bad input: a non-positive size gives 1.
pub fn short_form_layers(active_params_b: f64) -> f64 {
    libm::round(16.0 * libm::cbrt(active_params_b.max(0.0))).max(1.0)
}

/// The physics of a short form, its KV cache at `kv_bytes` per element. Every figure a card does
/// not give is assumed and stated: a dense model reads all its weights; a mixture's routed
/// share is `(total - active) / (1 - k/E)` with `k/E = 8/128`; the output projection is left in
/// the active weights; the KV cache is [`SHORT_FORM_KV_WIDTH`] per layer of
/// [`short_form_layers`], all full attention; no recurrent state; a mixture's hidden size that
/// of a layer of `A / L` weights.
///
/// # Formula
/// `routed = (T - A) / (1 - k/E)`, `static = (T - routed) b`, expert pool `routed / E x b`;
/// KV per token `2 L w kv_bytes`; operations `2 A` per token (prompt and decode alike), of
/// which `2 routed k/E` in experts; prompt attention `4 L (4 w)` per pair (query heads four
/// times the KV heads); a mixture's dispatch `4 L k h` bytes with `h = sqrt(A / (12 L))` (a
/// transformer layer holds about `12 h^2` weights, Kaplan et al. 2020).
///
/// Bad input: none for a validated size.
pub fn size_physics(m: &ModelSize, kv_bytes: f64) -> StepPhysics {
    let (total, active, b) = (m.total_params_b * 1e9, m.active_params_b * 1e9, m.bytes_per_weight);
    let share = f64::from(SHORT_FORM_PER_TOKEN) / f64::from(SHORT_FORM_EXPERTS);
    let routed = if total > active { (total - active) / (1.0 - share) } else { 0.0 };
    let experts = (routed > 0.0).then(|| ExpertPool {
        bytes_per_expert: routed / f64::from(SHORT_FORM_EXPERTS) * b,
        experts: SHORT_FORM_EXPERTS,
        per_token: SHORT_FORM_PER_TOKEN,
    });
    let layers = short_form_layers(m.active_params_b);
    let kv = 2.0 * layers * SHORT_FORM_KV_WIDTH * kv_bytes;
    StepPhysics {
        layers,
        weight_bytes: total * b,
        static_read_bytes: (total - routed) * b,
        experts,
        fixed_bytes_per_sequence: 0.0,
        state_bytes_per_sequence: 0.0,
        kv_bytes_per_token: kv,
        pool_bytes_per_token: kv,
        decode_flops_per_token: 2.0 * active,
        prompt_flops_per_token: 2.0 * active,
        expert_flops_per_token: 2.0 * routed * share,
        prompt_flops_by_format: by_format(ComputeFormat::of_bytes(b), 2.0 * (active - routed * share)),
        decode_flops_by_format: by_format(ComputeFormat::of_bytes(b), 2.0 * (active - routed * share)),
        recurrent_prompt_flops: [0.0; 2],
        expert_dispatch_bytes: if routed > 0.0 {
            4.0 * layers * f64::from(SHORT_FORM_PER_TOKEN) * libm::sqrt(active / (12.0 * layers))
        } else {
            0.0
        },
        pair_flops: 4.0 * layers * SHORT_FORM_KV_WIDTH * 4.0,
        format: ComputeFormat::of_bytes(b),
    }
}

fn by_format(format: ComputeFormat, flops: f64) -> [f64; 4] {
    let mut out = [0.0; 4];
    out[format.index()] = flops;
    out
}

/// What a model's architecture was read from. Predictions from the two miss by different
/// amounts (the short form assumes the layout), so each shows the error measured on its own
/// kind (`sizer_data::architecture::measured_error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum InputKind {
    /// A configuration (`config.json`, and its quantisation file): the layout is read.
    Configuration,
    /// Total and active parameters alone (the short form): the layout is assumed.
    SizeOnly,
}

impl InputKind {
    /// Every kind, in the order the page names them.
    pub const ALL: [InputKind; 2] = [InputKind::Configuration, InputKind::SizeOnly];
}

/// A model as far as it is known: its full shape, or only its size.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum Architecture {
    Shape(ModelShape),
    Size(ModelSize),
}

impl Architecture {
    /// What this architecture was read from: a shape from a configuration, a size from the short
    /// form.
    pub fn input_kind(&self) -> InputKind {
        match self {
            Architecture::Shape(_) => InputKind::Configuration,
            Architecture::Size(_) => InputKind::SizeOnly,
        }
    }

    /// The engine's inputs with the KV cache at `kv_bytes` per element ([`shape_physics`],
    /// [`size_physics`]).
    pub fn physics(&self, kv_bytes: f64) -> StepPhysics {
        match self {
            Architecture::Shape(s) => shape_physics(s, kv_bytes),
            Architecture::Size(m) => size_physics(m, kv_bytes),
        }
    }
}
