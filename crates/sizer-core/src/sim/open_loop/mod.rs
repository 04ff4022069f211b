//! An open-loop load (requests per second, as `vllm bench serve` sends them) on an engine model
//! fitted to a run's own closed-loop points (docs/SIMULATION.md, "Open loop: a measured load on
//! a fitted engine").
//!
//! - [`load`]: the load ([`LoadSpec`], validated by [`OpenLoad::new`]) and its seeded arrivals:
//!   gamma gaps ([`gamma::gamma`], Marsaglia-Tsang), lengths ([`lengths`]) uniform over
//!   `[floor(L (1 - r)), ceil(L (1 + r))]` or long-tailed (gamma around the mean);
//! - [`closed_loop`] and [`fit`]: the run's closed-loop points ([`ClosedLoopRun::new`]) and the
//!   step coefficients fitted to them by non-negative least squares ([`fit_engine`], [`lsq`]);
//! - [`step`] and [`engine`]: one step's terms ([`StepTerms`]: `[1, B, sqrt(B), K, P, Q]`,
//!   written once and read by the simulation and both fits) and its time, their dot product
//!   with the coefficients `a + b B + r sqrt(B) + c K + d P + e Q` (a step that carries decodes
//!   and a prompt chunk charges the larger of `a + b B + r sqrt(B)` and `d P`,
//!   [`MixedStep::Overlapped`]), and the engine it runs on ([`EngineModel`]: coefficients, KV
//!   pool, step budget, batch limit);
//! - [`simulate`]: the load through the engine step by step ([`predict_open_loop`]), reported
//!   in vLLM's terms ([`OpenLoopReport`]) with how far it went beyond the fit ([`Extrapolation`]);
//! - [`typical`]: the same load over several draws, each figure's median ([`predict_typical`]);
//! - [`split`]: the arrivals one of several servers sees when a load is split over them
//!   ([`split_burstiness`]).
//!
//! # Example
//! ```
//! use sizer_core::sim::open_loop::{
//!     ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload, EngineModel, EngineSetup, LoadSpec, OpenLoad,
//!     fit_engine, predict_open_loop,
//! };
//!
//! let point = |c: f64, v: f64, pp: f64| ClosedLoopPoint {
//!     concurrency: c, per_request_tok_s: v, total_tok_s: v * c, prompt_tok_s: Some(pp), ttfr_ms: None,
//! };
//! let chat = ClosedLoopWorkload {
//!     prompt_tokens: 1024.0, answer_tokens: 1024.0, depth_tokens: 0.0,
//!     points: vec![point(1.0, 51.86, 4453.68), point(5.0, 22.15, 3682.23), point(10.0, 15.29, 3849.13)],
//! };
//! let fit = fit_engine(&ClosedLoopRun::new(vec![chat])?);
//! let engine = EngineModel::from_fit(&fit, EngineSetup::default())?;
//! let load = OpenLoad::new(LoadSpec::default())?; // 125 requests at 0.5 req/s
//! let report = predict_open_loop(&load, &engine, 42)?;
//! assert_eq!(report.completed, 125);
//! assert!(report.ttft_s.p95 > report.ttft_s.p50);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod burst_fit;
pub mod closed_loop;
pub mod engine;
pub mod fit;
pub mod gamma;
pub mod lengths;
pub mod load;
pub mod lsq;
pub mod outside_delay;
pub mod report;
pub mod simulate;
pub mod split;
pub mod step;
pub mod typical;

pub use burst_fit::{MAX_REPLAY_TOKENS, fit_engine_bursts, fit_engine_bursts_delayed};
pub use closed_loop::{ClosedLoopError, ClosedLoopField, ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload};
pub use engine::{EngineError, EngineModel, EngineSetup, MAX_COEFFICIENT_S};
pub use fit::{
    DecodeModel, EngineFit, FIT_LINEAR_BATCH, FitFigure, FitMethod, FitResidual, PrefillModel, fit_engine,
    fit_engine_shaped,
};
pub use gamma::{gamma, standard_normal, uniform_int};
pub use lengths::{LONGEST_TAIL_MEANS, LengthShape, MAX_LENGTH_SHAPE, MIN_LENGTH_SHAPE, length_bounds};
pub use load::{
    Arrival, LoadError, LoadField, LoadSize, LoadSpec, MAX_LOAD_REQUESTS, MAX_LOAD_TOKENS, MAX_REQUEST_TOKENS,
    MIN_BURSTINESS, MIN_RATE_PER_S, OpenLoad,
};
pub use lsq::{LsqSolution, bounded_least_squares, least_squares, nonneg_least_squares};
pub use outside_delay::{FittedDelays, LONG_PROMPT_TOKENS, OutsideDelay};
pub use report::{Extrapolation, OpenLoopReport, PredictError, TpotMs, percentile_linear};
pub use simulate::predict_open_loop;
pub use split::split_burstiness;
pub use step::{DecodeShape, ExpertRouting, MixedStep, STEP_TERMS, StepCoefficients, StepTerms, prompt_pairs};
pub use typical::{MAX_DRAWS, predict_typical};
