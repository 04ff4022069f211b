//! An engine's step coefficients from a model's physics, a machine's rates and a few global
//! efficiency constants: the same `a + b B + r sqrt(B) + c K + d P + e Q` the fitted engines
//! use (`sim::open_loop::step`), so the architecture's engine runs on the same simulation.

use super::physics::{ComputeFormat, StepPhysics};
use crate::sim::open_loop::lsq::nonneg_least_squares;
use crate::sim::open_loop::step::StepCoefficients;

/// A machine's rates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MachineRates {
    /// Memory bandwidth, bytes per second.
    pub bandwidth_bytes_s: f64,
    /// Dense tensor operations per second by format, `[bf16, fp8, fp4]`.
    pub flops: [f64; 3],
}

impl MachineRates {
    /// Operations per second of `format`'s matrices (weight-only kernels at the BF16 rate).
    pub fn rate(&self, format: ComputeFormat) -> f64 {
        match format {
            ComputeFormat::Bf16 | ComputeFormat::WeightOnly => self.flops[0],
            ComputeFormat::Fp8 => self.flops[1],
            ComputeFormat::Fp4 => self.flops[2],
        }
    }
}

/// The global efficiency constants: how much longer than the rates say each kind of work takes
/// (a factor of 1.25 is 80 % of the rate), plus fixed costs per step and per layer.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Efficiency {
    /// Seconds every step costs (scheduling, sampling, launching the step).
    pub step_s: f64,
    /// Seconds every step costs per decoder layer (kernel launches, small reads).
    pub per_layer_s: f64,
    /// Weight reads: time over `bytes / bandwidth`.
    pub weight_factor: f64,
    /// KV-cache and recurrent-state reads: time over `bytes / bandwidth`.
    pub cache_factor: f64,
    /// Matrix work by weight format `[bf16, fp8, fp4, weight-only kernels]`: time over
    /// `operations / rate` (the arena's fit gives weight-only kernels the BF16 factor: they
    /// dequantise to 16 bits and multiply on the BF16 tensor cores).
    pub compute_factor: [f64; 4],
    /// Prompt attention (pairs): time over `operations / BF16 rate`.
    pub attention_factor: f64,
    /// Routed experts' matrix work: time over `operations / rate` of the format.
    pub expert_compute_factor: f64,
    /// Seconds every request's first token waits outside the engine's steps (HTTP, tokenizer,
    /// the prompt's first step): added to its time to first token.
    pub request_s: f64,
    /// A prompt's recurrent state updates `[Gated DeltaNet, Mamba-2]`: time over `operations /
    /// BF16 rate`. vLLM reads a prompt through these layers with chunked scan kernels (the
    /// state written and read back per chunk of 64 tokens, sequence by sequence), far below
    /// the tensor cores' rate, so each kind has its own factor.
    pub recurrent_prompt_factor: [f64; 2],
    /// The routed experts' dispatch (hidden vectors gathered into the experts' rows and
    /// scattered back, with the routing's bookkeeping): time over `bytes / bandwidth`. vLLM's
    /// fused MoE permutes every (token, expert) pair through memory before and after the
    /// grouped matrices, a cost per pair that the matrices' operations do not carry.
    pub dispatch_factor: f64,
}

/// The unknowns a fit solves for, in this order: [`Efficiency`]'s fields, `compute_factor`
/// spread over four and `recurrent_prompt_factor` over two.
pub const EFFICIENCY_TERMS: usize = 14;

impl Efficiency {
    /// The constants as the fit's unknowns.
    pub fn to_terms(&self) -> [f64; EFFICIENCY_TERMS] {
        let c = self.compute_factor;
        [
            self.step_s,
            self.per_layer_s,
            self.weight_factor,
            self.cache_factor,
            c[0],
            c[1],
            c[2],
            c[3],
            self.attention_factor,
            self.expert_compute_factor,
            self.request_s,
            self.recurrent_prompt_factor[0],
            self.recurrent_prompt_factor[1],
            self.dispatch_factor,
        ]
    }

    /// The constants from the fit's unknowns.
    pub fn from_terms(x: &[f64; EFFICIENCY_TERMS]) -> Efficiency {
        Efficiency {
            step_s: x[0],
            per_layer_s: x[1],
            weight_factor: x[2],
            cache_factor: x[3],
            compute_factor: [x[4], x[5], x[6], x[7]],
            attention_factor: x[8],
            expert_compute_factor: x[9],
            request_s: x[10],
            recurrent_prompt_factor: [x[11], x[12]],
            dispatch_factor: x[13],
        }
    }
}

/// The terms of one decode step of `batch` requests holding `context` tokens in all: its time
/// is their dot product with [`Efficiency::to_terms`].
///
/// # Formula
/// `t = s + l L + f_w (W_static + W_experts(B)) / BW + f_c (B F + K kv) / BW + sum_x f_x B O_dec,x
/// / R_x + f_e B O_exp / R_exp + f_d B D / BW`:
/// a fixed step cost, a cost per layer, the weights read once per step (the roofline, Williams
/// et al. 2009) with the routed experts the batch touches, as the engine charges them (the
/// projection of [`project_weights`], so the constants are fitted on the form they run in), every sequence's fixed state and its
/// KV cache read once, and the batch's matrix work, each format's at its rate `R_x` (the routed
/// experts' share `O_exp` with its own factor at their format's rate, and their dispatch `D`,
/// the hidden vectors gathered into and scattered out of the experts' rows).
///
/// Bad input: IEEE arithmetic.
pub fn decode_terms(p: &StepPhysics, m: &MachineRates, batch: f64, context: f64) -> [f64; EFFICIENCY_TERMS] {
    let ([a, b, r], _, _) = project_weights(p, m, 1.0);
    let weights = (a + b * batch + r * libm::sqrt(batch)) * m.bandwidth_bytes_s;
    let cache = batch * p.fixed_bytes_per_sequence + context * p.kv_bytes_per_token;
    let mut x = [0.0; EFFICIENCY_TERMS];
    x[0] = 1.0;
    x[1] = p.layers;
    x[2] = weights / m.bandwidth_bytes_s;
    x[3] = cache / m.bandwidth_bytes_s;
    for (i, format) in ComputeFormat::ALL.into_iter().enumerate() {
        x[4 + i] = batch * p.decode_flops_by_format[i] / m.rate(format);
    }
    x[9] = batch * p.expert_flops_per_token / m.rate(p.format);
    x[13] = batch * p.expert_dispatch_bytes / m.bandwidth_bytes_s;
    x
}

/// The terms of reading one prompt token at `position` tokens into its request (its earlier
/// tokens: depth plus the prompt before it), when `prompt_tokens` are read in all behind one
/// request's fixed wait.
///
/// # Formula
/// `t = sum_x f_x O_prompt,x / R_x + f_e O_exp / R_exp + f_a O_pair position / R_bf16 + sum_k
/// f_k O_rec,k / R_bf16` (matrix work at each format's rate, the experts' with their own factor,
/// attention to every earlier token at the BF16 rate, each kind of recurrent layer's state
/// update with its own factor) plus `f_d D / BW` (the experts' dispatch), plus the request's
/// fixed wait spread over the tokens read behind it, `w / prompt_tokens`.
///
/// Bad input: IEEE arithmetic.
pub fn prompt_terms(p: &StepPhysics, m: &MachineRates, position: f64, prompt_tokens: f64) -> [f64; EFFICIENCY_TERMS] {
    let mut x = [0.0; EFFICIENCY_TERMS];
    for (i, format) in ComputeFormat::ALL.into_iter().enumerate() {
        x[4 + i] = p.prompt_flops_by_format[i] / m.rate(format);
    }
    x[9] = p.expert_flops_per_token / m.rate(p.format);
    x[8] = p.pair_flops * position / m.rate(ComputeFormat::Bf16);
    x[10] = 1.0 / prompt_tokens;
    for (k, flops) in p.recurrent_prompt_flops.iter().enumerate() {
        x[11 + k] = flops / m.rate(ComputeFormat::Bf16);
    }
    x[13] = p.expert_dispatch_bytes / m.bandwidth_bytes_s;
    x
}

/// The largest batch the weight-read curve is projected over: the arena's open-loop steps run
/// up to about 40 requests at once, and the step's terms cannot follow the curve much further
/// (beyond it the projection reads more than the curve: slower, never faster, up to 256).
pub const PROJECTION_MAX_BATCH: u32 = 32;

/// The batches the projection is fitted on: eight per doubling from 1 to
/// [`PROJECTION_MAX_BATCH`], whole and distinct (so every octave weighs the same).
fn projection_batches() -> alloc::vec::Vec<f64> {
    let top = libm::log2(f64::from(PROJECTION_MAX_BATCH));
    let mut out: alloc::vec::Vec<f64> =
        (0..=(8.0 * top) as u32).map(|i| libm::round(libm::exp2(f64::from(i) / 8.0))).collect();
    out.dedup();
    out
}

/// The step coefficients and how well the weight-read curve fits the engine's terms.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArchitectureCoefficients {
    pub coefficients: StepCoefficients,
    /// Largest `|projected / exact - 1|` of the weight-read time over batches 1 to
    /// [`PROJECTION_MAX_BATCH`] (0 without experts).
    pub projection_max_error: f64,
    /// `projected / exact - 1` at a batch of 256 (positive: the projection reads more).
    pub projection_error_at_256: f64,
}

/// The weight-read time `f_w (W_static + W_experts(B)) / BW` as `a + b B + r sqrt(B)`.
///
/// # Formula
/// The experts' saturating curve `E (1 - (1 - k/E)^B)` is not among the step's terms, so the
/// whole weight-read time is projected on `[1, B, sqrt(B)]` by non-negative least squares of
/// the relative error over batches 1 to [`PROJECTION_MAX_BATCH`], eight per doubling. Returns
/// the three coefficients, the largest relative miss in that range and the miss at 256.
///
/// Bad input: none for finite physics; no experts gives `[static, 0, 0]` exactly.
pub fn project_weights(p: &StepPhysics, m: &MachineRates, factor: f64) -> ([f64; 3], f64, f64) {
    let exact = |b: f64| factor * p.weights_read_bytes(b) / m.bandwidth_bytes_s;
    if p.experts.is_none() {
        return ([exact(1.0), 0.0, 0.0], 0.0, 0.0);
    }
    let batches = projection_batches();
    let mut rows = alloc::vec::Vec::with_capacity(batches.len());
    let mut rhs = alloc::vec::Vec::with_capacity(batches.len());
    for &b in &batches {
        let y = exact(b);
        if y > 0.0 {
            rows.push([1.0 / y, b / y, libm::sqrt(b) / y]);
            rhs.push(1.0);
        }
    }
    let Some(fit) = nonneg_least_squares(&rows, &rhs, [true; 3]) else { return ([exact(1.0), 0.0, 0.0], 0.0, 0.0) };
    let k = fit.coefficients;
    let miss = |b: f64| (k[0] + k[1] * b + k[2] * libm::sqrt(b)) / exact(b) - 1.0;
    let worst = (1..=PROJECTION_MAX_BATCH).map(|i| miss(f64::from(i)).abs()).fold(0.0, f64::max);
    (k, worst, miss(256.0))
}

/// The step coefficients of a model on a machine with `e`'s constants.
///
/// # Formula
/// From [`decode_terms`] and [`prompt_terms`], with the weight reads projected
/// ([`project_weights`]):
/// - `a = s + l L + a_weights`;
/// - `b = f_c F / BW + sum_x f_x O_dec,x / R_x + f_e O_exp / R_exp + f_d D / BW + b_weights`,
///   `r = r_weights`;
/// - `c = f_c kv / BW`;
/// - `d = sum_x f_x O_prompt,x / R_x + f_e O_exp / R_exp + f_d D / BW + sum_k f_k O_rec,k /
///   R_bf16`,
///   `e = f_a O_pair / R_bf16` (the engine's prompt pairs are the
///   position summed over the chunk, `sim::open_loop::prompt_pairs`).
///
/// Bad input: IEEE arithmetic; `EngineModel::new` refuses what is not finite.
pub fn architecture_coefficients(p: &StepPhysics, m: &MachineRates, e: &Efficiency) -> ArchitectureCoefficients {
    let ([ea, eb, er], projection_max_error, projection_error_at_256) = project_weights(p, m, e.weight_factor);
    let work = |by: &[f64; 4]| -> f64 {
        ComputeFormat::ALL.into_iter().enumerate().map(|(i, f)| e.compute_factor[i] * by[i] / m.rate(f)).sum()
    };
    let experts = e.expert_compute_factor * p.expert_flops_per_token / m.rate(p.format)
        + e.dispatch_factor * p.expert_dispatch_bytes / m.bandwidth_bytes_s;
    let recurrent: f64 = p
        .recurrent_prompt_flops
        .iter()
        .zip(e.recurrent_prompt_factor)
        .map(|(flops, f)| f * flops / m.rate(ComputeFormat::Bf16))
        .sum();
    let coefficients = StepCoefficients {
        base_s: e.step_s + e.per_layer_s * p.layers + ea,
        per_decode_s: e.cache_factor * p.fixed_bytes_per_sequence / m.bandwidth_bytes_s
            + work(&p.decode_flops_by_format)
            + experts
            + eb,
        per_root_decode_s: er,
        per_context_token_s: e.cache_factor * p.kv_bytes_per_token / m.bandwidth_bytes_s,
        per_prompt_token_s: work(&p.prompt_flops_by_format) + experts + recurrent,
        per_prompt_pair_s: e.attention_factor * p.pair_flops / m.rate(ComputeFormat::Bf16),
    };
    ArchitectureCoefficients { coefficients, projection_max_error, projection_error_at_256 }
}

/// KV pool tokens a memory budget leaves a model.
///
/// # Formula
/// `(memory x utilisation - weights - overhead - max_batch x S) / kv_pool_per_token` (vLLM
/// takes `--gpu-memory-utilization` of the memory, loads the weights, keeps activations and
/// graphs, and gives the rest to the cache; each running sequence's recurrent state `S` is held
/// apart; a sliding-window layer's pages are counted per token like a full one's, which is
/// exact up to its window), at most 10^9 tokens (a model without a per-token cache).
///
/// Bad input: nothing left gives 0.
pub fn kv_pool_tokens(
    p: &StepPhysics,
    memory_bytes: f64,
    utilisation: f64,
    overhead_bytes: f64,
    max_batch: u32,
) -> f64 {
    let left = memory_bytes * utilisation
        - p.weight_bytes
        - overhead_bytes
        - f64::from(max_batch) * p.state_bytes_per_sequence;
    if left.is_nan() || left <= 0.0 {
        return 0.0;
    }
    if p.pool_bytes_per_token > 0.0 { (left / p.pool_bytes_per_token).min(1e9) } else { 1e9 }
}

/// Sessions of `context_tokens` each that a memory budget holds beside a model's weights.
///
/// # Formula
/// `floor((budget - weights) / (context x kv_pool_per_token + S))`: the budget less the weights
/// (the memory section's working budget, no further overhead: the German seed's arithmetic),
/// each session holding its context's cache pages ([`kv_pool_tokens`]' per-token bytes) and its
/// recurrent state `S`.
///
/// Bad input: `None` when the weights alone take the budget, or for a context or budget that
/// is not a positive number.
pub fn sessions_in_budget(p: &StepPhysics, budget_bytes: f64, context_tokens: f64) -> Option<u64> {
    let left = budget_bytes - p.weight_bytes;
    let per_session = context_tokens * p.pool_bytes_per_token + p.state_bytes_per_sequence;
    if !(left > 0.0 && context_tokens > 0.0 && per_session > 0.0) {
        return None;
    }
    let sessions = libm::floor(left / per_session);
    // Over 2^53 the count is not exact anyway; the cast saturates.
    Some(sessions as u64)
}
