//! A measured load step as the open-loop load that replays it (`LoadSpec`): the same rate,
//! burstiness, lengths and number of requests. What the step's files do not say is taken from
//! the suite's README, and what the core's load cannot express is said, not guessed.

use super::LoadStep;
use core::fmt;
use sizer_core::sim::open_loop::{LengthShape, LoadSize, LoadSpec};

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
    /// A dataset replay (ShareGPT): lengths drawn around the step's measured mean lengths
    /// ([`DatasetLengths`]); the files give no more of the dataset's lengths than their means.
    MeanLengths,
}

/// How the calibration replays a dataset's lengths (`CALIBRATED.dataset_lengths`): long-tailed,
/// exponential around the measured means, the law that meets the most p95 TTFTs of the values
/// tried and loses nothing else (docs/CALIBRATION.md).
pub const DATASET_LENGTHS: DatasetLengths = DatasetLengths::Gamma { shape: 1.0 };

/// How a dataset replay's lengths are drawn around the step's measured means (a global constant
/// of the calibration, `EngineConstants::dataset_lengths`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DatasetLengths {
    /// Every request at the means.
    AtMeans,
    /// Uniform within `mean x (1 -+ range)`, `range` in `[0, 1)` (the rate sweep's own law).
    Uniform { range: f64 },
    /// Long-tailed: gamma of this shape around the means (`LengthShape::Gamma`; 1 is the
    /// exponential).
    Gamma { shape: f64 },
}

impl DatasetLengths {
    /// The load's `(length_range, length_shape)` for this law.
    fn law(self) -> (f64, LengthShape) {
        match self {
            DatasetLengths::AtMeans => (0.0, LengthShape::Uniform),
            DatasetLengths::Uniform { range } => (range, LengthShape::Uniform),
            DatasetLengths::Gamma { shape } => (0.0, LengthShape::Gamma { shape }),
        }
    }
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
/// configured lengths (ShareGPT) is replayed around its measured mean lengths
/// ([`Replay::MeanLengths`]), drawn as the calibration chose ([`DATASET_LENGTHS`]). The
/// number of requests is the step's `num_prompts`.
pub fn load_spec(step: &LoadStep, in_sweep: bool) -> Result<(LoadSpec, Replay), ReplayError> {
    load_spec_with(step, in_sweep, DATASET_LENGTHS)
}

/// [`load_spec`] with a dataset replay's lengths drawn by `dataset` around the step's means: what
/// the calibration's rows "dataset lengths ..." measure (docs/CALIBRATION.md).
pub fn load_spec_with(
    step: &LoadStep,
    in_sweep: bool,
    dataset: DatasetLengths,
) -> Result<(LoadSpec, Replay), ReplayError> {
    let rate = step.rate_per_s.ok_or(ReplayError::NoRate)?;
    if let Some(limit) = step.max_concurrency {
        return Err(ReplayError::ConcurrencyCap { limit });
    }
    let configured = step.configured.as_ref();
    let given = configured.and_then(|c| Some((c.input_tokens?, c.output_tokens?)));
    let uniform = |range: f64| (range, LengthShape::Uniform);
    let (prompt, answer, (range, shape), replay) = if in_sweep {
        (
            f64::from(SWEEP_PROMPT_TOKENS),
            f64::from(SWEEP_ANSWER_TOKENS),
            uniform(SWEEP_LENGTH_RANGE),
            Replay::AsConfigured,
        )
    } else if let Some((prompt, answer)) = given {
        // vLLM's default `--random-range-ratio` is 0.
        let range = configured.and_then(|c| c.range_ratio).unwrap_or(0.0);
        (prompt, answer, uniform(range), Replay::AsConfigured)
    } else {
        let prompt = step.mean_input_tokens().ok_or(ReplayError::NoLengths)?;
        let answer = step.mean_output_tokens().ok_or(ReplayError::NoLengths)?;
        (prompt, answer, dataset.law(), Replay::MeanLengths)
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
        length_shape: shape,
        size: LoadSize::Requests { requests: step.num_prompts },
    };
    Ok((spec, replay))
}
