//! What the person asks: a workload, a speed floor and a percentile, validated once.

use crate::interpolate::Interpolation;
use core::fmt;

/// How average load is kept under the stream count at a percentile (see [`crate::headroom`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum HeadroomMethod {
    /// `avg + z sqrt(avg) <= S`: the seeds' method.
    #[default]
    NormalApprox,
    /// Largest average with `P(N <= S) >= p`, N Poisson.
    ExactPoisson,
    /// Largest load with at most `1 - p` of requests waiting for a stream (M/M/S).
    ErlangC,
}

/// A sizing question. Field comments give the worked example's values (English seed).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(default))]
pub struct Scenario {
    /// Per-request speed floor in tok/s: 15 comfortable, 10 minimum.
    pub floor_tok_s: f64,
    /// Generated tokens per answer: 400 (chat).
    pub answer_tokens: f64,
    /// Seconds between the starts of one user's requests: 120 (chat). Also the prompt cycle for
    /// the prefill limit.
    pub interval_s: f64,
    /// Duty 1 whatever the interval (an agent that sends its next request at once).
    pub always_busy: bool,
    /// Seconds to first token, added to each request's busy time: 1.0.
    pub ttft_s: f64,
    /// The share of moments the in-flight count must stay within the streams: 0.99.
    pub percentile: f64,
    /// `Some(2.33)` reproduces the seed; `None` derives z from `percentile` (2.326 at 0.99).
    pub z: Option<f64>,
    pub headroom: HeadroomMethod,
    pub interpolation: Interpolation,
    /// Tokens one session holds in the KV cache (prompt, history and answer).
    pub context_tokens: f64,
    /// The run's KV cache pool in tokens (vLLM logs it); `None`: KV limit unknown.
    pub kv_pool_tokens: Option<f64>,
    /// Prompt tokens per request, for the prefill limit.
    pub prompt_tokens: f64,
    /// Measured prefill rate in tok/s; `None`: prefill limit unknown.
    pub prefill_tok_s: Option<f64>,
    /// Independent Sparks, each serving its own users.
    pub replicas: u32,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario::chat()
    }
}

impl Scenario {
    /// The English seed's chat worked example: 15 tok/s, a 400-token answer every 120 s, 1 s to
    /// first token, p99 (z from the percentile; set `z: Some(2.33)` for the seed's rounding),
    /// 8,192-token sessions, 512-token prompts (GPUwerk's test prompt), one Spark.
    pub fn chat() -> Scenario {
        Scenario {
            floor_tok_s: 15.0,
            answer_tokens: 400.0,
            interval_s: 120.0,
            always_busy: false,
            ttft_s: 1.0,
            percentile: 0.99,
            z: None,
            headroom: HeadroomMethod::NormalApprox,
            interpolation: Interpolation::Linear,
            context_tokens: 8_192.0,
            kv_pool_tokens: None,
            prompt_tokens: 512.0,
            prefill_tok_s: None,
            replicas: 1,
        }
    }

    /// The English seed's coding agent: always busy (duty 1), a fresh 20,000-token prompt every
    /// 30 s, 32,768-token sessions; otherwise as [`Scenario::chat`].
    pub fn coding_agent() -> Scenario {
        Scenario {
            interval_s: 30.0,
            always_busy: true,
            context_tokens: 32_768.0,
            prompt_tokens: 20_000.0,
            ..Scenario::chat()
        }
    }

    /// Checks every field against its [`ScenarioField::range`]; the first failure is returned.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        use ScenarioField as F;
        check(F::FloorTokS, self.floor_tok_s)?;
        check(F::AnswerTokens, self.answer_tokens)?;
        check(F::IntervalS, self.interval_s)?;
        check(F::TtftS, self.ttft_s)?;
        check(F::Percentile, self.percentile)?;
        if let Some(z) = self.z {
            check(F::Z, z)?;
        }
        check(F::ContextTokens, self.context_tokens)?;
        if let Some(pool) = self.kv_pool_tokens {
            check(F::KvPoolTokens, pool)?;
        }
        check(F::PromptTokens, self.prompt_tokens)?;
        if let Some(rate) = self.prefill_tok_s {
            check(F::PrefillTokS, rate)?;
        }
        check(F::Replicas, f64::from(self.replicas))
    }
}

/// Whether `value` is finite and in `field`'s range.
pub(crate) fn check(field: ScenarioField, value: f64) -> Result<(), ScenarioError> {
    if !value.is_finite() {
        return Err(ScenarioError::NotFinite { field });
    }
    if field.range().contains(value) { Ok(()) } else { Err(ScenarioError::OutOfRange { field, value }) }
}

/// A numeric field of [`Scenario`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum ScenarioField {
    FloorTokS,
    AnswerTokens,
    IntervalS,
    TtftS,
    Percentile,
    Z,
    ContextTokens,
    KvPoolTokens,
    PromptTokens,
    PrefillTokS,
    Replicas,
}

/// The accepted values of a field: `min` (inclusive or not) up to `max` inclusive.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ValidRange {
    pub min: f64,
    pub min_inclusive: bool,
    pub max: f64,
}

impl ValidRange {
    /// True when `value` lies in the range (never for NaN).
    pub fn contains(&self, value: f64) -> bool {
        let above_min = if self.min_inclusive { value >= self.min } else { value > self.min };
        above_min && value <= self.max
    }
}

impl fmt::Display for ValidRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let open = if self.min_inclusive { '[' } else { '(' };
        write!(f, "{open}{}, {}]", self.min, self.max)
    }
}

impl ScenarioField {
    /// The field's name in [`Scenario`] (and in its JSON).
    pub fn name(self) -> &'static str {
        match self {
            ScenarioField::FloorTokS => "floor_tok_s",
            ScenarioField::AnswerTokens => "answer_tokens",
            ScenarioField::IntervalS => "interval_s",
            ScenarioField::TtftS => "ttft_s",
            ScenarioField::Percentile => "percentile",
            ScenarioField::Z => "z",
            ScenarioField::ContextTokens => "context_tokens",
            ScenarioField::KvPoolTokens => "kv_pool_tokens",
            ScenarioField::PromptTokens => "prompt_tokens",
            ScenarioField::PrefillTokS => "prefill_tok_s",
            ScenarioField::Replicas => "replicas",
        }
    }

    /// The values the field accepts. Upper bounds reject absurd sizes (a typo, a unit mix-up)
    /// rather than any real deployment.
    pub fn range(self) -> ValidRange {
        let (min, min_inclusive, max) = match self {
            ScenarioField::FloorTokS => (0.01, true, 10_000.0),
            ScenarioField::AnswerTokens => (1.0, true, 10_000_000.0),
            ScenarioField::IntervalS => (0.001, true, 31_536_000.0),
            ScenarioField::TtftS => (0.0, true, 86_400.0),
            ScenarioField::Percentile => (0.5, false, 0.99999),
            ScenarioField::Z => (0.0, false, 10.0),
            ScenarioField::ContextTokens => (1.0, true, 10_000_000.0),
            ScenarioField::KvPoolTokens => (0.0, true, 1e9),
            ScenarioField::PromptTokens => (1.0, true, 10_000_000.0),
            ScenarioField::PrefillTokS => (1.0, true, 1e9),
            ScenarioField::Replicas => (1.0, true, 1_000.0),
        };
        ValidRange { min, min_inclusive, max }
    }
}

/// Why a scenario cannot be sized.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum ScenarioError {
    /// NaN or infinite.
    NotFinite { field: ScenarioField },
    /// Finite but outside [`ScenarioField::range`].
    OutOfRange { field: ScenarioField, value: f64 },
}

impl ScenarioError {
    /// The offending field.
    pub fn field(&self) -> ScenarioField {
        match *self {
            ScenarioError::NotFinite { field } | ScenarioError::OutOfRange { field, .. } => field,
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ScenarioError::NotFinite { field } => write!(f, "{} must be a finite number", field.name()),
            ScenarioError::OutOfRange { field, value } => {
                write!(f, "{} = {value} is outside the accepted range {}", field.name(), field.range())
            }
        }
    }
}

impl core::error::Error for ScenarioError {}
