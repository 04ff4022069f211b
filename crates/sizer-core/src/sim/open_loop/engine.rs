//! The engine a load runs on: the fitted step coefficients, the server's setup (KV pool, step
//! token budget, batch limit, longest context) and the range the fit saw, validated once.

use crate::sim::open_loop::fit::EngineFit;
use crate::sim::open_loop::step::{DecodeShape, MixedStep, StepCoefficients};
use core::fmt;

/// The largest step coefficient accepted, seconds: a step of a thousand seconds per token is no
/// engine, and the bound keeps every step time finite.
pub const MAX_COEFFICIENT_S: f64 = 1_000.0;

/// The server's scheduler limits, from its setup (`meta.json`, the engine's log).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(default))]
pub struct EngineSetup {
    /// Tokens the KV cache holds in all. A request is admitted only when its prompt and its
    /// longest answer fit beside the others'.
    pub kv_pool_tokens: f64,
    /// Tokens one step carries, decodes (one each) and prompt chunks together (vLLM's
    /// `max_num_batched_tokens`; 8,192 is vLLM's default for an API server on a large GPU).
    pub step_token_budget: u32,
    /// Requests running at once (vLLM's `max_num_seqs`; 256 is vLLM's default).
    pub max_batch: u32,
    /// The longest request (prompt plus answer) the server accepts (`max_model_len`); `None`:
    /// only the KV pool limits it.
    pub max_model_len: Option<u32>,
    /// How a step of decodes and prompt chunks together is charged (default: the weights read
    /// once, [`MixedStep::Overlapped`]).
    pub mixed_step: MixedStep,
    /// How the decode step grows past the fitted batch (default: as the coefficients say,
    /// [`DecodeShape::default`]); the burst fit fits to the same shape.
    pub decode_shape: DecodeShape,
}

impl Default for EngineSetup {
    /// vLLM's defaults with a KV pool of 1,000,000 tokens, no context limit and the overlapped
    /// mixed step.
    fn default() -> EngineSetup {
        EngineSetup {
            kv_pool_tokens: 1_000_000.0,
            step_token_budget: 8_192,
            max_batch: 256,
            max_model_len: None,
            mixed_step: MixedStep::Overlapped,
            decode_shape: DecodeShape::default(),
        }
    }
}

/// Why an engine cannot be built.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum EngineError {
    /// A coefficient is NaN, infinite, negative or above [`MAX_COEFFICIENT_S`].
    BadCoefficient { value: f64 },
    /// Every coefficient of the decode step is 0: a step would take no time.
    FreeDecodeStep,
    /// Every coefficient of the prompt is 0: prompts would take no time.
    FreePrompt,
    /// The KV pool is NaN, not positive or above 10^10 tokens.
    BadKvPool { value: f64 },
    /// The step budget is 0 or not above the batch limit (every running decode takes one token
    /// of the budget, so prompts could starve).
    BadStepBudget { budget: u32, max_batch: u32 },
    /// The batch limit is 0.
    NoBatch,
    /// A fit range (concurrency or context) is NaN or negative.
    BadFitRange { value: f64 },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EngineError::BadCoefficient { value } => {
                write!(f, "a step coefficient of {value} s is not between 0 and {MAX_COEFFICIENT_S} s")
            }
            EngineError::FreeDecodeStep => f.write_str("the fitted decode step takes no time, so it predicts nothing"),
            EngineError::FreePrompt => f.write_str("the fitted prompt cost is zero, so it predicts nothing"),
            EngineError::BadKvPool { value } => write!(f, "a KV pool of {value} tokens is not usable"),
            EngineError::BadStepBudget { budget, max_batch } => {
                write!(f, "a step budget of {budget} tokens must be above the batch limit of {max_batch} requests")
            }
            EngineError::NoBatch => f.write_str("a batch limit of 0 requests runs nothing"),
            EngineError::BadFitRange { value } => write!(f, "a fit range of {value} is not a non-negative number"),
        }
    }
}

impl core::error::Error for EngineError {}

/// A validated engine: coefficients, setup and the fit's range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineModel {
    coefficients: StepCoefficients,
    setup: EngineSetup,
    fit_max_concurrency: f64,
    fit_max_context_tokens: f64,
}

impl EngineModel {
    /// Checks the coefficients (0 to [`MAX_COEFFICIENT_S`], some decode and some prompt cost), the
    /// setup and the fit's range (the largest concurrency and batch context the fit saw).
    pub fn new(
        coefficients: StepCoefficients,
        setup: EngineSetup,
        fit_max_concurrency: f64,
        fit_max_context_tokens: f64,
    ) -> Result<EngineModel, EngineError> {
        let k = coefficients;
        for value in k.to_array() {
            if !(0.0..=MAX_COEFFICIENT_S).contains(&value) {
                return Err(EngineError::BadCoefficient { value });
            }
        }
        if k.base_s + k.per_decode_s + k.per_root_decode_s + k.per_context_token_s == 0.0 {
            return Err(EngineError::FreeDecodeStep);
        }
        if k.per_prompt_token_s + k.per_prompt_pair_s == 0.0 {
            return Err(EngineError::FreePrompt);
        }
        let pool = setup.kv_pool_tokens;
        if !(1.0..=1e10).contains(&pool) {
            return Err(EngineError::BadKvPool { value: pool });
        }
        if setup.max_batch == 0 {
            return Err(EngineError::NoBatch);
        }
        if setup.step_token_budget <= setup.max_batch {
            return Err(EngineError::BadStepBudget { budget: setup.step_token_budget, max_batch: setup.max_batch });
        }
        for value in [fit_max_concurrency, fit_max_context_tokens] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(EngineError::BadFitRange { value });
            }
        }
        Ok(EngineModel { coefficients, setup, fit_max_concurrency, fit_max_context_tokens })
    }

    /// The engine of a fit on a server's setup.
    pub fn from_fit(fit: &EngineFit, setup: EngineSetup) -> Result<EngineModel, EngineError> {
        EngineModel::new(fit.coefficients, setup, fit.max_concurrency, fit.max_context_tokens)
    }

    pub fn coefficients(&self) -> StepCoefficients {
        self.coefficients
    }

    pub fn setup(&self) -> EngineSetup {
        self.setup
    }

    /// The largest concurrency the fit saw.
    pub fn fit_max_concurrency(&self) -> f64 {
        self.fit_max_concurrency
    }

    /// The largest batch context the fit saw, tokens.
    pub fn fit_max_context_tokens(&self) -> f64 {
        self.fit_max_context_tokens
    }

    /// The longest request (prompt plus answer) this engine runs: the KV pool, or
    /// `max_model_len` if smaller.
    pub fn longest_request_tokens(&self) -> f64 {
        let pool = self.setup.kv_pool_tokens;
        self.setup.max_model_len.map_or(pool, |len| pool.min(f64::from(len)))
    }
}
