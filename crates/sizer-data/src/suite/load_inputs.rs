//! A measured load step as the open-loop load that replays it (`LoadSpec`): the same rate,
//! burstiness, lengths and number of requests. What the step's files do not say is taken from
//! the suite's README, and what the core's load cannot express is said, not guessed.

use super::LoadStep;
use core::fmt;
use sizer_core::sim::open_loop::{LoadSize, LoadSpec};

/// The rate sweep's lengths (`tests/fixtures/arena/README.md`, "11-rate-sweep": random 4,000 in /
/// 500 out, range ratio 0.9): its step files carry no command line.
pub const SWEEP_PROMPT_TOKENS: u32 = 4_000;
/// See [`SWEEP_PROMPT_TOKENS`].
pub const SWEEP_ANSWER_TOKENS: u32 = 500;
/// See [`SWEEP_PROMPT_TOKENS`].
pub const SWEEP_LENGTH_RANGE: f64 = 0.9;

/// How a load step was replayed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Replay {
    /// As configured: the step's own lengths (or the sweep's).
    AsConfigured,
    /// A dataset replay (ShareGPT): every request at the step's measured mean lengths, no spread
    /// (the core's load draws uniform lengths only).
    MeanLengths,
}

/// Why a step cannot be replayed by the open-loop load.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// `--request-rate inf`: every request at once.
    NoRate,
    /// `--max-concurrency`: the core's load has no client-side cap.
    ConcurrencyCap { limit: f64 },
    /// Neither configured nor measured lengths (no request completed).
    NoLengths,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::NoRate => write!(f, "the step sent every request at once (no rate)."),
            ReplayError::ConcurrencyCap { limit } => {
                write!(f, "the client capped requests in flight at {limit}, which the load model cannot do.")
            }
            ReplayError::NoLengths => write!(f, "the step gives no prompt and answer lengths."),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The load that replays `step`. `in_sweep`: a rate-sweep step, whose lengths are the sweep's
/// ([`SWEEP_PROMPT_TOKENS`]). Otherwise the step's command line gives them; a dataset without
/// configured lengths (ShareGPT) is replayed at its measured mean lengths
/// ([`Replay::MeanLengths`]). The number of requests is the step's `num_prompts`.
pub fn load_spec(step: &LoadStep, in_sweep: bool) -> Result<(LoadSpec, Replay), ReplayError> {
    load_spec_spread(step, in_sweep, 0.0)
}

/// [`load_spec`] with a dataset replayed at its mean lengths ([`Replay::MeanLengths`]) given the
/// spread `dataset_range` (in `[0, 1)`; the load's `length_range`) around those means: what the
/// calibration's row "dataset lengths spread" measures (docs/CALIBRATION.md).
pub fn load_spec_spread(
    step: &LoadStep,
    in_sweep: bool,
    dataset_range: f64,
) -> Result<(LoadSpec, Replay), ReplayError> {
    let rate = step.rate_per_s.ok_or(ReplayError::NoRate)?;
    if let Some(limit) = step.max_concurrency {
        return Err(ReplayError::ConcurrencyCap { limit });
    }
    let configured = step.configured.as_ref();
    let given = configured.and_then(|c| Some((c.input_tokens?, c.output_tokens?)));
    let (prompt, answer, range, replay) = if in_sweep {
        (f64::from(SWEEP_PROMPT_TOKENS), f64::from(SWEEP_ANSWER_TOKENS), SWEEP_LENGTH_RANGE, Replay::AsConfigured)
    } else if let Some((prompt, answer)) = given {
        // vLLM's default `--random-range-ratio` is 0.
        let range = configured.and_then(|c| c.range_ratio).unwrap_or(0.0);
        (prompt, answer, range, Replay::AsConfigured)
    } else {
        let prompt = step.mean_input_tokens().ok_or(ReplayError::NoLengths)?;
        let answer = step.mean_output_tokens().ok_or(ReplayError::NoLengths)?;
        (prompt, answer, dataset_range, Replay::MeanLengths)
    };
    let tokens = |value: f64| {
        // Lengths are validated positive and finite; a load's own limits refuse huge ones later.
        value.round().clamp(1.0, f64::from(u32::MAX)) as u32
    };
    let spec = LoadSpec {
        rate_per_s: rate,
        burstiness: step.burstiness,
        prompt_tokens: tokens(prompt),
        answer_tokens: tokens(answer),
        length_range: range,
        size: LoadSize::Requests { requests: step.num_prompts },
    };
    Ok((spec, replay))
}
