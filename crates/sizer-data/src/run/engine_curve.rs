//! A run's speed from its own engine: one model of the box for every view. The arena's runs
//! measured their chat curve to 10 concurrent requests, so their sizing stopped at "at least 21
//! people" while "Check by simulation", on the engine fitted to the same closed-loop files, held
//! far more; and between the measured 1, 5 and 10 requests a straight line read speeds the
//! engine (and the simulation) does not reach, so on three runs the sizing promised more people
//! than the simulation held. `cargo xtask arena-data` predicts each fitted workload's closed-loop
//! speed at [`ENGINE_CONCURRENCIES`] ([`engine_points`]) and the dataset carries them
//! ([`crate::EnginePoint`]); a run with engine points is sized on them ([`Run::sizing_curve`])
//! and says so, with the engine's measured error at that concurrency ([`Run::engine_speed`]).
//! Its measured points stay what the tables and charts show.
//!
//! Data rules, in one place:
//! - a workload with engine points is sized on them alone, not on a mix of measured and
//!   predicted points (a mix zigzags where the engine misses a measured point);
//! - they stop where the engine admits no more requests of the workload's length at once (its
//!   `max_num_seqs`, or its KV pool over the request's tokens): beyond that a closed loop only
//!   queues, which is the KV limit's business, not the speed curve's.

use sizer_core::Curve;
use sizer_core::sim::closed_load::{ClosedLoad, predict_closed_loop};
use sizer_core::sim::open_loop::EngineModel;

use crate::dataset::model::{EnginePoint, Run, RunWorkload};
use crate::run::curve::{CurveBasis, RunCurveError};
use crate::suite::SuiteRun;
use crate::suite::as_run::run_workloads;
use crate::suite::calibrate::fit_run;
use crate::suite::calibration_summary::{TpotErrorBand, tpot_error_band};
use crate::suite::conversation_error::{ConversationTpotError, MOE_CONVERSATION_TPOT_ERROR};
use crate::suite::engine_inputs::{CALIBRATED, FITTED_KINDS};
use crate::suite::step_floors::floors_for;

/// The concurrencies an engine predicts: every one to 8 (where speed falls fastest), then the
/// steps of a doubling sweep with points between, up to vLLM's default `max_num_seqs` of 256.
pub const ENGINE_CONCURRENCIES: [u32; 22] =
    [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 192, 256];

/// Most requests of `request_tokens` (prompt plus answer) `engine` runs at once.
///
/// # Formula
/// `min(max_num_seqs, floor(KV pool / request_tokens))`: vLLM admits a request only while its
/// tokens fit the pool beside the running ones' (`EngineSetup::kv_pool_tokens`).
pub fn admitted_at_once(engine: &EngineModel, request_tokens: f64) -> u32 {
    let setup = engine.setup();
    if request_tokens.is_nan() || request_tokens <= 0.0 {
        return 0;
    }
    let by_pool = (setup.kv_pool_tokens / request_tokens).floor();
    // The pool is at most 1e10 tokens (`EngineModel::new`), so the quotient fits u32 once capped.
    let by_pool = by_pool.clamp(0.0, f64::from(u32::MAX)) as u32;
    setup.max_batch.min(by_pool)
}

/// The engine's predicted per-request speed of one workload at each of [`ENGINE_CONCURRENCIES`]
/// that the engine admits at once ([`admitted_at_once`]).
///
/// # Formula
/// A closed loop of `N` users each sending one request of `prompt_tokens` (with the workload's
/// context depth already added) and `answer_tokens` at once, `N` requests in all, as
/// llama-benchy measures a concurrency (`sizer_core::sim::closed_load::predict_closed_loop`);
/// the point is its mean per-request decode tok/s, the same figure the measured points hold.
/// `docs/CALIBRATION-ARCHITECTURE.md` checks the same load against the measured points.
pub fn engine_points(engine: &EngineModel, prompt_tokens: f64, answer_tokens: f64) -> Vec<EnginePoint> {
    let (prompt, answer) = (prompt_tokens.round(), answer_tokens.round());
    if !(prompt >= 1.0 && answer >= 1.0 && prompt < 1e9 && answer < 1e9) {
        return Vec::new();
    }
    let admitted = admitted_at_once(engine, prompt + answer);
    ENGINE_CONCURRENCIES
        .iter()
        .copied()
        .filter(|n| *n <= admitted)
        .filter_map(|concurrency| {
            let load = ClosedLoad {
                concurrency,
                prompt_tokens: prompt as u32,
                answer_tokens: answer as u32,
                requests: concurrency,
            };
            let report = predict_closed_loop(&load, engine).ok()?;
            (report.per_request_tok_s.is_finite() && report.per_request_tok_s > 0.0)
                .then_some(EnginePoint { concurrency, per_request_tok_s: report.per_request_tok_s })
        })
        .collect()
}

/// A suite run's workloads as the dataset holds them ([`run_workloads`]), each fitted kind's
/// with its engine points: the calibration's engine of the run (`fit_run` with the calibrated
/// constants, the one `SparkSizer.predict` and the simulation use) at the workload's lengths
/// (see the module docs). A run whose files give no engine keeps none.
pub fn suite_workloads_with_engine(suite: &SuiteRun) -> Vec<RunWorkload> {
    let engine = fit_run(suite, &CALIBRATED).engine.ok();
    let mut workloads = run_workloads(&suite.workloads);
    if let Some(engine) = engine {
        for (held, read) in workloads.iter_mut().zip(&suite.workloads) {
            if !FITTED_KINDS.contains(&read.kind) {
                continue;
            }
            let prompt = read.context_depth + read.prompt_tokens;
            held.engine_points = engine_points(&engine, prompt, read.answer_tokens);
        }
    }
    workloads
}

/// Where a sizing read its speed from the run's engine, and what the engine missed by there.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct EngineSpeed {
    /// The streams the sizing found.
    pub streams: f64,
    /// The highest concurrency the run measured (its measured curve's last point).
    pub measured_up_to: f64,
    /// What the fitted engine's median TPOT missed by on the calibration's runs at
    /// `streams / measured_up_to` times the measured concurrency (`None`: no band holds it).
    pub tpot_error: Option<TpotErrorBand>,
    /// For a mixture of experts (its configuration known), what the engines of the arena's
    /// mixtures of experts missed by on real conversations
    /// (`conversation_error::MOE_CONVERSATION_TPOT_ERROR`); `None` otherwise.
    pub moe_conversation_error: Option<ConversationTpotError>,
}

impl Run {
    /// The highest concurrency with a measured speed figure on the run's curve.
    pub fn measured_up_to(&self) -> Option<f64> {
        let (points, _) = self.curve_points().ok()?;
        points.last().map(|(concurrency, _)| *concurrency)
    }

    /// The curve a sizing reads: the run's engine points where it has them (see the module
    /// docs), else [`Run::curve`]'s measured points.
    pub fn sizing_curve(&self) -> Result<(Curve, CurveBasis), RunCurveError> {
        if self.engine_points.is_empty() {
            let (points, basis) = self.curve_points()?;
            return Ok((Curve::from_per_request(&points).map_err(RunCurveError::Core)?, basis));
        }
        let basis = self.curve_basis().ok_or(RunCurveError::NoSpeedFigure)?;
        let points: Vec<(f64, f64)> =
            self.engine_points.iter().map(|p| (f64::from(p.concurrency), p.per_request_tok_s)).collect();
        Ok((Curve::from_per_request(&points).map_err(RunCurveError::Core)?, basis))
    }

    /// Whether a sizing at `streams` read the run's engine, and its measured error there; `None`
    /// for a run without engine points or no streams.
    ///
    /// # Formula
    /// The error band is the calibration's at batch ratio `streams / measured_up_to`
    /// (`calibration_summary::tpot_error_band`, docs/CALIBRATION.md); a mixture of experts
    /// (`step_floors::floors_for` its id or model) also carries the error on conversations.
    pub fn engine_speed(&self, streams: f64) -> Option<EngineSpeed> {
        if self.engine_points.is_empty() || streams.is_nan() || streams <= 0.0 {
            return None;
        }
        let measured_up_to = self.measured_up_to()?;
        let experts = floors_for(&self.id, &self.model).is_some_and(|f| f.experts.is_some());
        Some(EngineSpeed {
            streams,
            measured_up_to,
            tpot_error: tpot_error_band(streams / measured_up_to),
            moe_conversation_error: experts.then_some(MOE_CONVERSATION_TPOT_ERROR),
        })
    }
}
