//! An open-loop load as `vllm bench serve` sends it: a rate, gamma arrivals, spread lengths and a
//! number of requests (or a window), validated once and expanded into seeded arrivals.

use crate::sim::open_loop::gamma::gamma;
use crate::sim::open_loop::lengths::{LengthShape, MAX_LENGTH_SHAPE, MIN_LENGTH_SHAPE};
use crate::sim::rng::SplitMix64;
use alloc::vec::Vec;
use core::fmt;
use libm::round;

/// Most requests one load may hold (per-request state is kept; memory stays a few MB).
pub const MAX_LOAD_REQUESTS: u32 = 100_000;
/// Most tokens one prompt or one answer may have (longer than any served context today).
pub const MAX_REQUEST_TOKENS: u32 = 4_000_000;
/// The slowest rate accepted, requests per second (one every 2.8 hours): the last of
/// [`MAX_LOAD_REQUESTS`] then arrives within 10^9 s, where a double still resolves 0.1 us, so
/// no engine step is lost to rounding.
pub const MIN_RATE_PER_S: f64 = 1e-4;
/// The burstiest gaps accepted (gamma shape; their coefficient of variation is `1/sqrt(k)`, 10
/// here). Below it the gaps' scale `1 / (rate k)` leaves the range of a double (a shape of
/// 5e-309 made it infinite and every gap 0); `vllm bench serve` users pass 0.1 to 10.
pub const MIN_BURSTINESS: f64 = 0.01;
/// Most tokens one load may ask for in all (prompts plus answers at their longest): every engine
/// step reads at least one token, so this bounds the steps, hence the time one prediction takes
/// (a few seconds natively at worst; the arena's 250-request step asks for 2.1 million).
pub const MAX_LOAD_TOKENS: f64 = 2e8;

/// How many requests a load sends.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum LoadSize {
    /// Exactly this many requests.
    Requests { requests: u32 },
    /// `round(rate x window)` requests: the arena's rate sweep sends 250 s of arrivals per step.
    WindowS { window_s: f64 },
}

/// An open-loop load, as typed; [`OpenLoad::new`] validates it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoadSpec {
    /// Mean requests per second (`--request-rate`).
    pub rate_per_s: f64,
    /// Gamma shape of the gaps (`--burstiness`): 1 is Poisson, below 1 burstier.
    pub burstiness: f64,
    /// Mean prompt tokens (`--random-input-len`).
    pub prompt_tokens: u32,
    /// Mean answer tokens (`--random-output-len`).
    pub answer_tokens: u32,
    /// Spread of both lengths (`--random-range-ratio`), in `[0, 1)`.
    pub length_range: f64,
    /// The law of both lengths around their means (uniform over the range unless said).
    #[cfg_attr(feature = "serde", serde(default))]
    pub length_shape: LengthShape,
    /// Requests sent.
    pub size: LoadSize,
}

impl Default for LoadSpec {
    /// The arena's rate-sweep step at 0.5 req/s: 4,000 in, 500 out, range 0.9, burstiness 0.7,
    /// 250 s of arrivals (125 requests).
    fn default() -> LoadSpec {
        LoadSpec {
            rate_per_s: 0.5,
            burstiness: 0.7,
            prompt_tokens: 4_000,
            answer_tokens: 500,
            length_range: 0.9,
            length_shape: LengthShape::Uniform,
            size: LoadSize::Requests { requests: 125 },
        }
    }
}

/// Which field of a [`LoadSpec`] was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum LoadField {
    RatePerS,
    Burstiness,
    PromptTokens,
    AnswerTokens,
    LengthRange,
    LengthShape,
    Requests,
    WindowS,
}

impl LoadField {
    /// The field's JSON name.
    pub fn name(self) -> &'static str {
        match self {
            LoadField::RatePerS => "rate_per_s",
            LoadField::Burstiness => "burstiness",
            LoadField::PromptTokens => "prompt_tokens",
            LoadField::AnswerTokens => "answer_tokens",
            LoadField::LengthRange => "length_range",
            LoadField::LengthShape => "length_shape.shape",
            LoadField::Requests => "requests",
            LoadField::WindowS => "window_s",
        }
    }
}

/// Why a load cannot be simulated.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum LoadError {
    /// NaN or infinite.
    NotFinite { field: LoadField },
    /// Zero or negative where a positive number is needed (a zero rate, burstiness 0, ...).
    NotPositive { field: LoadField, value: f64 },
    /// Positive but below the accepted minimum (a rate under [`MIN_RATE_PER_S`], a burstiness
    /// under [`MIN_BURSTINESS`]).
    TooSmall { field: LoadField, value: f64, min: f64 },
    /// Above the accepted maximum (or, for the range, outside `[0, 1)`).
    TooLarge { field: LoadField, value: f64, max: f64 },
    /// The whole load asks for more tokens than [`MAX_LOAD_TOKENS`].
    TooManyTokens { tokens: f64 },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LoadError::NotFinite { field } => write!(f, "{} must be a finite number", field.name()),
            LoadError::NotPositive { field, value } => {
                write!(f, "{} = {value} must be greater than zero", field.name())
            }
            LoadError::TooSmall { field, value, min } => {
                write!(f, "{} = {value} is below its accepted minimum of {min}", field.name())
            }
            LoadError::TooLarge { field, value, max } => {
                write!(f, "{} = {value} is above its accepted maximum of {max}", field.name())
            }
            LoadError::TooManyTokens { tokens } => {
                write!(f, "the load asks for {tokens} tokens in all, more than the limit of {MAX_LOAD_TOKENS}")
            }
        }
    }
}

impl core::error::Error for LoadError {}

/// One request of the load: when it arrives and its lengths.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrival {
    /// Seconds from the start of the run.
    pub at_s: f64,
    pub prompt_tokens: u32,
    pub answer_tokens: u32,
}

/// A validated load.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpenLoad {
    spec: LoadSpec,
    requests: u32,
}

impl OpenLoad {
    /// Checks every field once: finite, positive where it must be, and within the limits.
    pub fn new(spec: LoadSpec) -> Result<OpenLoad, LoadError> {
        positive(LoadField::RatePerS, spec.rate_per_s, 10_000.0)?;
        if spec.rate_per_s < MIN_RATE_PER_S {
            return Err(LoadError::TooSmall {
                field: LoadField::RatePerS,
                value: spec.rate_per_s,
                min: MIN_RATE_PER_S,
            });
        }
        positive(LoadField::Burstiness, spec.burstiness, 1_000.0)?;
        if spec.burstiness < MIN_BURSTINESS {
            return Err(LoadError::TooSmall {
                field: LoadField::Burstiness,
                value: spec.burstiness,
                min: MIN_BURSTINESS,
            });
        }
        positive(LoadField::PromptTokens, f64::from(spec.prompt_tokens), f64::from(MAX_REQUEST_TOKENS))?;
        positive(LoadField::AnswerTokens, f64::from(spec.answer_tokens), f64::from(MAX_REQUEST_TOKENS))?;
        let r = spec.length_range;
        if !r.is_finite() {
            return Err(LoadError::NotFinite { field: LoadField::LengthRange });
        }
        if !(0.0..1.0).contains(&r) {
            return Err(LoadError::TooLarge { field: LoadField::LengthRange, value: r, max: 1.0 });
        }
        if let LengthShape::Gamma { shape } = spec.length_shape {
            positive(LoadField::LengthShape, shape, MAX_LENGTH_SHAPE)?;
            if shape < MIN_LENGTH_SHAPE {
                return Err(LoadError::TooSmall { field: LoadField::LengthShape, value: shape, min: MIN_LENGTH_SHAPE });
            }
        }
        let requests = match spec.size {
            LoadSize::Requests { requests } => {
                positive(LoadField::Requests, f64::from(requests), f64::from(MAX_LOAD_REQUESTS))?;
                requests
            }
            LoadSize::WindowS { window_s } => {
                positive(LoadField::WindowS, window_s, 1e8)?;
                let n = round(spec.rate_per_s * window_s);
                positive(LoadField::Requests, n, f64::from(MAX_LOAD_REQUESTS))?;
                n as u32
            }
        };
        let load = OpenLoad { spec, requests };
        let tokens = f64::from(requests) * f64::from(load.longest_prompt() + load.longest_answer());
        if tokens > MAX_LOAD_TOKENS {
            return Err(LoadError::TooManyTokens { tokens });
        }
        Ok(load)
    }

    /// The load as typed.
    pub fn spec(&self) -> LoadSpec {
        self.spec
    }

    /// Requests sent.
    pub fn requests(&self) -> u32 {
        self.requests
    }

    /// The shortest and longest prompt: see [`LengthShape::bounds`].
    pub fn prompt_bounds(&self) -> (u32, u32) {
        self.spec.length_shape.bounds(self.spec.prompt_tokens, self.spec.length_range)
    }

    /// The shortest and longest answer: see [`LengthShape::bounds`].
    pub fn answer_bounds(&self) -> (u32, u32) {
        self.spec.length_shape.bounds(self.spec.answer_tokens, self.spec.length_range)
    }

    /// The longest prompt a request can have.
    pub fn longest_prompt(&self) -> u32 {
        self.prompt_bounds().1
    }

    /// The longest answer a request can have.
    pub fn longest_answer(&self) -> u32 {
        self.answer_bounds().1
    }

    /// The requests, in arrival order. Same load and seed, same arrivals, on every platform.
    ///
    /// Per request, in this order: a gamma gap (shape `burstiness`, scale
    /// `1 / (rate x burstiness)`, so mean `1 / rate`), the prompt length, the answer length.
    /// The arrival times are the running sums of the gaps, scaled so the last arrives at
    /// `requests / rate`: vLLM's `get_request` does the same ("normalize_factor") so throughput
    /// does not drift with the seed.
    pub fn arrivals(&self, seed: u64) -> Vec<Arrival> {
        let mut rng = SplitMix64::new(seed);
        let s = self.spec;
        let scale = 1.0 / (s.rate_per_s * s.burstiness);
        let (shape, range) = (s.length_shape, s.length_range);
        let mut at = 0.0;
        let mut out: Vec<Arrival> = (0..self.requests)
            .map(|_| {
                at += gamma(&mut rng, s.burstiness, scale);
                Arrival {
                    at_s: at,
                    prompt_tokens: shape.draw(&mut rng, s.prompt_tokens, range),
                    answer_tokens: shape.draw(&mut rng, s.answer_tokens, range),
                }
            })
            .collect();
        if at > 0.0 {
            let factor = f64::from(self.requests) / s.rate_per_s / at;
            for a in &mut out {
                a.at_s *= factor;
            }
        }
        out
    }
}

fn positive(field: LoadField, value: f64, max: f64) -> Result<(), LoadError> {
    if !value.is_finite() {
        Err(LoadError::NotFinite { field })
    } else if value <= 0.0 {
        Err(LoadError::NotPositive { field, value })
    } else if value > max {
        Err(LoadError::TooLarge { field, value, max })
    } else {
        Ok(())
    }
}
