//! The baseline a calibration sets beside the fitted engine: today's closed-loop simulation
//! (`sizer_core::sim`) fed what a person can give it today for a suite run, its `01-chat` curve
//! and that file's prompt rate, and asked for an open-loop step as a team of many users.

use super::{SuiteRun, WorkloadKind};
use core::fmt;
use sizer_core::sim::open_loop::LoadSpec;
use sizer_core::sim::{Machine, SimGroup, SimRequest};
use sizer_core::{Curve, CurveError, Interpolation};

/// Seconds between one baseline user's requests: the team is `ceil(rate x interval)` users, so
/// the think times (exponential, mean `interval - busy`) make arrivals close to Poisson at the
/// step's rate (10,000 s is more than 50 times the longest request the arena measured under 10 s
/// of TTFT, so the busy time barely moves the rate).
pub const BASELINE_INTERVAL_S: f64 = 10_000.0;

/// Why a run has no baseline.
#[derive(Clone, Debug, PartialEq)]
pub enum BaselineError {
    /// The run has no `01-chat` workload.
    NoChatCurve,
    /// Its points make no curve.
    Curve(CurveError),
}

impl fmt::Display for BaselineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BaselineError::NoChatCurve => write!(f, "the run has no chat curve (01-chat)."),
            BaselineError::Curve(error) => write!(f, "the chat curve is not a curve: {error}"),
        }
    }
}

impl std::error::Error for BaselineError {}

/// The machine a person builds today from the run's `01-chat` file: its per-request curve
/// (`t/s (req)` against concurrency, linear interpolation), the prompt rate of its lowest
/// concurrency (`pp1024 (c1)`'s `t/s (total)`: prompts then queue for prefill at that rate) and
/// the same KV pool as the fitted engine.
pub fn baseline_machine(run: &SuiteRun, kv_pool_tokens: f64) -> Result<Machine, BaselineError> {
    let chat = run.workloads.iter().find(|w| w.kind == WorkloadKind::Chat).ok_or(BaselineError::NoChatCurve)?;
    let points: Vec<(f64, f64)> = chat.points.iter().map(|p| (p.concurrency, p.per_request_tok_s.mean)).collect();
    let curve = Curve::from_per_request(&points).map_err(BaselineError::Curve)?;
    Ok(Machine {
        curve,
        interpolation: Interpolation::Linear,
        prefill_tok_s: chat.points.iter().find_map(|p| p.prompt_tok_s.map(|m| m.mean)),
        kv_pool_tokens: Some(kv_pool_tokens),
        ttft_points: Vec::new(),
        // The baseline is today's curve model, by definition.
        engine: None,
    })
}

/// The team that sends `load`'s rate: `ceil(rate x BASELINE_INTERVAL_S)` users of its mean
/// prompt and answer (the closed-loop simulation has no length spread), a KV session of prompt
/// plus answer, the simulation's default window (4 h or 20,000 requests after its warm-up).
pub fn baseline_request(load: &LoadSpec) -> SimRequest {
    let users = (load.rate_per_s * BASELINE_INTERVAL_S).ceil().clamp(1.0, f64::from(u32::MAX)) as u32;
    let prompt = f64::from(load.prompt_tokens);
    let answer = f64::from(load.answer_tokens);
    SimRequest {
        groups: vec![SimGroup {
            count: users,
            answer_tokens: answer,
            interval_s: f64::from(users) / load.rate_per_s,
            prompt_tokens: prompt,
            always_busy: false,
        }],
        context_tokens: prompt + answer,
        ..SimRequest::default()
    }
}
