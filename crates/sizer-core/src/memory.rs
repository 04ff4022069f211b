//! Which models fit together: the weights of every co-resident model come off a working
//! budget, a stated overhead comes off too, and what is left is the KV-cache pool. The pool is
//! split between the models and each part turned into sessions at a context length.
//!
//! Sizes are in decimal GB (10^9 bytes), as the German seed states them ("13,8 GB Gewichte").

use alloc::vec::Vec;
use core::fmt;

use crate::kv::{KvArchitecture, KvError, sessions_at_context, sessions_unrounded};

/// Bytes in one GB (decimal, as the seeds and model cards count).
pub const BYTES_PER_GB: f64 = 1e9;

/// Largest budget accepted, GB: rejects a unit mix-up (bytes or MB typed as GB), not a machine.
pub const MAX_BUDGET_GB: f64 = 100_000.0;

/// Largest context accepted, tokens (the same bound as [`crate::ScenarioField::ContextTokens`]).
pub const MAX_CONTEXT_TOKENS: f64 = 10_000_000.0;

/// Most models kept loaded at once.
pub const MAX_MODELS: usize = 64;

/// One model kept loaded: its weights, its cache layout, and how much of the pool it gets.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResidentModel {
    /// Weights of the format being served, GB.
    pub weights_gb: f64,
    /// Attention layout and KV element size.
    pub kv: KvArchitecture,
    /// The user's share of the pool (any positive weight; normalised over the models). Either
    /// every model has one or none has.
    pub share: Option<f64>,
    /// Sessions the user expects on this model; without shares the pool is split so each model
    /// holds the same fraction of its expectation. 1 when the user says nothing.
    pub expected_sessions: f64,
}

impl ResidentModel {
    /// A model with no share and one expected session (the default split).
    pub fn new(weights_gb: f64, kv: KvArchitecture) -> ResidentModel {
        ResidentModel { weights_gb, kv, share: None, expected_sessions: 1.0 }
    }
}

/// Why a memory budget cannot be planned.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum MemoryError {
    /// The budget is NaN, infinite, zero, negative or above [`MAX_BUDGET_GB`].
    BadBudget { budget_gb: f64 },
    /// The overhead is NaN, infinite or negative.
    BadOverhead { overhead_gb: f64 },
    /// The context is NaN, infinite, under 1 token or above [`MAX_CONTEXT_TOKENS`].
    BadContext { context_tokens: f64 },
    /// No model to plan for.
    NoModels,
    /// More than [`MAX_MODELS`] models.
    TooManyModels { count: usize },
    /// A model's weights are NaN, infinite, zero or negative (index from 0).
    BadWeights { model: usize, weights_gb: f64 },
    /// A model's share is NaN, infinite, zero or negative.
    BadShare { model: usize, share: f64 },
    /// A model's expected sessions are NaN, infinite, zero or negative.
    BadExpectedSessions { model: usize, sessions: f64 },
    /// Some models have a share and some do not.
    MixedShares,
    /// A model's architecture is not valid.
    BadArchitecture { model: usize, error: KvError },
    /// The weights and overhead alone take more than the budget.
    WeightsOverBudget { weights_gb: f64, overhead_gb: f64, budget_gb: f64 },
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MemoryError::BadBudget { budget_gb } => {
                write!(
                    f,
                    "the memory budget must be a number of GB above 0 and at most {MAX_BUDGET_GB} (got {budget_gb})"
                )
            }
            MemoryError::BadOverhead { overhead_gb } => {
                write!(f, "the overhead must be a number of GB of at least 0 (got {overhead_gb})")
            }
            MemoryError::BadContext { context_tokens } => write!(
                f,
                "the context must be a number of tokens from 1 to {MAX_CONTEXT_TOKENS} (got {context_tokens})"
            ),
            MemoryError::NoModels => f.write_str("pick at least one model to keep loaded"),
            MemoryError::TooManyModels { count } => {
                write!(f, "at most {MAX_MODELS} models can be kept loaded at once (got {count})")
            }
            MemoryError::BadWeights { model, weights_gb } => {
                write!(f, "model {}: the weights must be a number of GB above 0 (got {weights_gb})", model + 1)
            }
            MemoryError::BadShare { model, share } => {
                write!(f, "model {}: the share must be a number above 0 (got {share})", model + 1)
            }
            MemoryError::BadExpectedSessions { model, sessions } => {
                write!(f, "model {}: the expected sessions must be a number above 0 (got {sessions})", model + 1)
            }
            MemoryError::MixedShares => {
                f.write_str("give every model a share, or none (then the pool follows the expected sessions)")
            }
            MemoryError::BadArchitecture { model, error } => write!(f, "model {}: {error}", model + 1),
            MemoryError::WeightsOverBudget { weights_gb, overhead_gb, budget_gb } => write!(
                f,
                "the weights ({weights_gb} GB) and overhead ({overhead_gb} GB) take more than the budget ({budget_gb} GB): these models do not fit together"
            ),
        }
    }
}

impl core::error::Error for MemoryError {}

/// One model's part of the pool.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ModelPart {
    /// Share of the pool, 0..1 (the shares sum to 1).
    pub share: f64,
    /// Cache bytes of this model's part, GB.
    pub kv_gb: f64,
    /// Average KV bytes per token at the context (sliding windows honoured).
    pub kv_bytes_per_token: f64,
    /// Tokens the part holds at the context.
    pub pool_tokens: f64,
    /// `pool_tokens / context` before rounding.
    pub sessions_unrounded: f64,
    /// Whole sessions, rounded down.
    pub sessions: u64,
}

/// The whole memory plan, every step kept.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MemoryPlan {
    /// The working budget for weights and cache, GB.
    pub budget_gb: f64,
    /// What is held back besides weights (activations, CUDA graphs), GB.
    pub overhead_gb: f64,
    /// Weights of all the models, GB.
    pub weights_gb: f64,
    /// The pool left for the KV cache, GB.
    pub kv_left_gb: f64,
    /// Tokens per session.
    pub context_tokens: f64,
    /// One part per model, in the order given.
    pub parts: Vec<ModelPart>,
}

/// Pool left after the weights of the co-resident models.
///
/// # Formula
/// `kv_left = budget - sum(weights) - overhead` (German seed, "Welches Modell Sie
/// bereitstellen": 102 to 115 GB - (65.3 + 13.8) GB = 22.9 to 35.9 GB, "rund 23 bis 36 GB").
/// Negative means the models do not fit; [`plan_memory`] refuses that.
///
/// Bad input: IEEE arithmetic (NaN propagates; a negative result is returned as it is); [`plan_memory`]
/// validates and refuses with a [`MemoryError`].
pub fn kv_left_gb(budget_gb: f64, weights_gb: &[f64], overhead_gb: f64) -> f64 {
    budget_gb - weights_gb.iter().sum::<f64>() - overhead_gb
}

/// The split of the pool between the models.
///
/// # Formula
/// With shares `s_i`: `part_i = s_i / sum(s)`. Without, by expected sessions `n_i` at the
/// context `c`: `part_i = n_i x bytes_per_session_i(c) / sum_j(n_j x bytes_per_session_j(c))`,
/// so every model holds the same fraction of its expected sessions (with no expectations, the
/// same number of sessions each).
///
/// Bad input: IEEE arithmetic (a zero total gives NaN shares); [`plan_memory`] validates shares and
/// architectures first and refuses with a [`MemoryError`].
pub fn pool_shares(models: &[ResidentModel], context_tokens: f64) -> Vec<f64> {
    let weights: Vec<f64> = models
        .iter()
        .map(|m| match m.share {
            Some(share) => share,
            None => m.expected_sessions * m.kv.bytes_per_session(context_tokens),
        })
        .collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// Plans a budget: weights off the top, the pool split, each part in sessions at a context.
///
/// # Formula
/// `kv_left = budget - sum(weights) - overhead` ([`kv_left_gb`]); `part_i = kv_left x share_i`
/// ([`pool_shares`]); `tokens_i = part_i x 10^9 / bytes_per_token_i(context)`;
/// `sessions_i = floor(tokens_i / context)` (the rounding of [`sessions_at_context`]).
///
/// Bad input: an error, never a value: a budget, overhead, context, share or architecture out
/// of range, or weights over the budget, is a [`MemoryError`].
///
/// Every input is checked first; weights and overhead over the budget are an error, not an
/// empty pool. Never panics.
///
/// # Example: the German seed's pair
/// ```
/// use sizer_core::{KvArchitecture, ResidentModel, plan_memory};
///
/// // gpt-oss-120b: 18 full + 18 sliding (128-token window) layers, 8 KV heads of 64, BF16.
/// let big = KvArchitecture::new(18, 18, 128, 8, 64, 2.0)?;
/// // gpt-oss-20b: 12 + 12 layers, the same heads.
/// let small = KvArchitecture::new(12, 12, 128, 8, 64, 2.0)?;
/// let models = [ResidentModel::new(65.3, big), ResidentModel::new(13.8, small)];
/// let low = plan_memory(102.0, 0.0, &models, 8192.0)?;
/// let high = plan_memory(115.0, 0.0, &models, 8192.0)?;
/// assert!((low.weights_gb - 79.1).abs() < 1e-9); // "etwa 79 GB Gewichte"
/// assert!((low.kv_left_gb - 22.9).abs() < 1e-9 && (high.kv_left_gb - 35.9).abs() < 1e-9); // "23 bis 36 GB"
/// assert_eq!((high.parts[0].sessions, high.parts[1].sessions), (70, 70));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plan_memory(
    budget_gb: f64,
    overhead_gb: f64,
    models: &[ResidentModel],
    context_tokens: f64,
) -> Result<MemoryPlan, MemoryError> {
    check_inputs(budget_gb, overhead_gb, models, context_tokens)?;
    let weights: Vec<f64> = models.iter().map(|m| m.weights_gb).collect();
    let weights_gb = weights.iter().sum::<f64>();
    let kv_left = kv_left_gb(budget_gb, &weights, overhead_gb);
    if kv_left < 0.0 {
        return Err(MemoryError::WeightsOverBudget { weights_gb, overhead_gb, budget_gb });
    }
    let parts = models
        .iter()
        .zip(pool_shares(models, context_tokens))
        .map(|(model, share)| {
            let kv_gb = kv_left * share;
            let kv_bytes_per_token = model.kv.bytes_per_token(context_tokens);
            let pool_tokens = kv_gb * BYTES_PER_GB / kv_bytes_per_token;
            ModelPart {
                share,
                kv_gb,
                kv_bytes_per_token,
                pool_tokens,
                sessions_unrounded: sessions_unrounded(pool_tokens, context_tokens),
                sessions: sessions_at_context(pool_tokens, context_tokens),
            }
        })
        .collect();
    Ok(MemoryPlan { budget_gb, overhead_gb, weights_gb, kv_left_gb: kv_left, context_tokens, parts })
}

fn positive(value: f64) -> bool {
    value.is_finite() && value > 0.0
}

fn check_inputs(
    budget_gb: f64,
    overhead_gb: f64,
    models: &[ResidentModel],
    context_tokens: f64,
) -> Result<(), MemoryError> {
    if !(positive(budget_gb) && budget_gb <= MAX_BUDGET_GB) {
        return Err(MemoryError::BadBudget { budget_gb });
    }
    if !(overhead_gb.is_finite() && overhead_gb >= 0.0) {
        return Err(MemoryError::BadOverhead { overhead_gb });
    }
    if !(context_tokens.is_finite() && (1.0..=MAX_CONTEXT_TOKENS).contains(&context_tokens)) {
        return Err(MemoryError::BadContext { context_tokens });
    }
    if models.is_empty() {
        return Err(MemoryError::NoModels);
    }
    if models.len() > MAX_MODELS {
        return Err(MemoryError::TooManyModels { count: models.len() });
    }
    for (index, model) in models.iter().enumerate() {
        if !positive(model.weights_gb) {
            return Err(MemoryError::BadWeights { model: index, weights_gb: model.weights_gb });
        }
        if let Some(share) = model.share.filter(|s| !positive(*s)) {
            return Err(MemoryError::BadShare { model: index, share });
        }
        if !positive(model.expected_sessions) {
            return Err(MemoryError::BadExpectedSessions { model: index, sessions: model.expected_sessions });
        }
        model.kv.validate().map_err(|error| MemoryError::BadArchitecture { model: index, error })?;
    }
    let with_share = models.iter().filter(|m| m.share.is_some()).count();
    if with_share != 0 && with_share != models.len() {
        return Err(MemoryError::MixedShares);
    }
    Ok(())
}
