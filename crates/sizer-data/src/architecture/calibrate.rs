//! The leave-one-model-out check (`cargo xtask calibrate-architecture`): every arena run whose
//! architecture is known is predicted from it alone, with constants fitted on the other models'
//! closed-loop files, and set beside its measurements, the naive roofline and the engine fitted
//! to its own closed-loop files.

use super::ReadArchitecture;
use super::arena::model_of;
use super::engine::{ArchitectureEngine, architecture_engine};
use super::fit::fit_efficiency;
use super::measured_error::InputKind;
use super::spark::SPARK_BANDWIDTH_BYTES_S;
use crate::suite::calibrate::{CALIBRATION_SEED, EnginePrediction, RunCalibration, StepComparison, StepFigures};
use crate::suite::engine_inputs::CALIBRATED;
use crate::suite::load_inputs::load_spec;
use crate::suite::summary::{Model, capacities, within};
use crate::suite::{LoadStep, SuiteRun, WorkloadKind};
use sizer_core::architecture::{Efficiency, StepPhysics};
use sizer_core::sim::closed_load::{ClosedLoad, predict_closed_loop};
use sizer_core::sim::open_loop::{EngineModel, OpenLoad, predict_typical};

/// Decode speed within this share counts as a hit.
pub const DECODE_TOLERANCE: f64 = 0.20;
/// p95 TTFT within this share counts as a hit.
pub const TTFT_TOLERANCE: f64 = 0.35;
/// The p95 TTFT limit the capacity is read at, ms.
pub const CAPACITY_LIMIT_MS: f64 = 5_000.0;
/// Steps whose measured p95 TTFT is above this (ms) are left out of the TTFT count.
pub const ELIGIBLE_P95_MS: f64 = 10_000.0;

/// One arena run to check: its folder, its suite files and its architecture as read.
pub struct ArchitectureCase<'a> {
    pub folder: &'a str,
    pub run: &'a SuiteRun,
    pub read: Result<ReadArchitecture, String>,
    /// How the architecture relates to the run's model.
    pub relation: &'a str,
    /// The run calibrated with its own fitted engine (`suite::calibrate::calibrate_run`).
    pub fitted: &'a RunCalibration,
}

/// One `01-chat` point: measured and the three predictions (tok/s per request).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecodePoint {
    pub concurrency: f64,
    pub measured: f64,
    pub architecture: Option<f64>,
    pub roofline: Option<f64>,
    pub fitted: Option<f64>,
}

/// One run's check.
pub struct RunCheck {
    pub folder: String,
    pub relation: String,
    /// What the architecture was read from (`None`: nothing known, every figure a miss).
    pub input: Option<InputKind>,
    /// The constants fitted without this run's model, or why there are none.
    pub efficiency: Option<Efficiency>,
    pub engine: Result<ArchitectureEngine, String>,
    pub decode: Vec<DecodePoint>,
    /// The open-loop steps on the architecture's engine (as the fitted calibration holds them).
    pub open_loop: RunCalibration,
    /// Capacity at 5 s: steps apart for the architecture and for the fitted engine (`None`:
    /// no sweep).
    pub capacity_steps_apart: Option<(usize, usize)>,
    /// Model type and weights' format as read.
    pub read_label: String,
}

/// The physics each case's engine reads (its KV cache from its server's dtype).
fn physics_of(case: &ArchitectureCase) -> Option<StepPhysics> {
    let read = case.read.as_ref().ok()?;
    Some(super::engine::server_physics(read, case.run.setup.as_ref()))
}

/// Checks every case, leaving each model out of its own constants' fit.
pub fn check_all(cases: &[ArchitectureCase]) -> Vec<RunCheck> {
    cases
        .iter()
        .map(|case| {
            let model = model_of(case.folder);
            let training: Vec<(StepPhysics, &SuiteRun)> = cases
                .iter()
                .filter(|c| model_of(c.folder) != model)
                .filter_map(|c| physics_of(c).map(|p| (p, c.run)))
                .collect();
            check_run(case, fit_efficiency(&training))
        })
        .collect()
}

/// The constants fitted on every case (what the API uses).
pub fn fit_all(cases: &[ArchitectureCase]) -> Option<Efficiency> {
    let all: Vec<(StepPhysics, &SuiteRun)> = cases.iter().filter_map(|c| physics_of(c).map(|p| (p, c.run))).collect();
    fit_efficiency(&all)
}

fn check_run(case: &ArchitectureCase, efficiency: Option<Efficiency>) -> RunCheck {
    let engine = match (&case.read, efficiency) {
        (Err(why), _) => Err(why.clone()),
        (Ok(_), None) => Err("no constants could be fitted without this model".to_owned()),
        (Ok(read), Some(e)) => architecture_engine(read, case.run.setup.as_ref(), &e),
    };
    let fitted_engine = case.fitted.fit.as_ref().ok().and_then(|f| EngineModel::from_fit(f, case.fitted.setup).ok());
    let roofline = engine.as_ref().ok().map(|e| SPARK_BANDWIDTH_BYTES_S / e.physics.weights_read_bytes(1.0));
    let mut decode = Vec::new();
    if let Some(chat) = case.run.workloads.iter().find(|w| w.kind == WorkloadKind::Chat) {
        for point in &chat.points {
            let load = ClosedLoad {
                concurrency: point.concurrency.round().max(1.0) as u32,
                prompt_tokens: (chat.context_depth + chat.prompt_tokens).round() as u32,
                answer_tokens: chat.answer_tokens.round() as u32,
                requests: point.concurrency.round().max(1.0) as u32,
            };
            let speed = |e: &EngineModel| predict_closed_loop(&load, e).ok().map(|r| r.per_request_tok_s);
            decode.push(DecodePoint {
                concurrency: point.concurrency,
                measured: point.per_request_tok_s.mean,
                architecture: engine.as_ref().ok().and_then(|e| speed(&e.engine)),
                roofline,
                fitted: fitted_engine.as_ref().and_then(speed),
            });
        }
    }
    let measured = case.run.load.tests.iter().map(|s| (s, false)).chain(case.run.load.sweep.iter().map(|s| (s, true)));
    let steps = case
        .fitted
        .steps
        .iter()
        .zip(measured)
        .map(|(s, (load_step, in_sweep))| {
            let mut step: StepComparison = s.clone();
            step.predicted = match &engine {
                Ok(e) => step_on_engine(load_step, in_sweep, &e.engine, e.request_s),
                Err(why) => Err(why.clone()),
            };
            step.baseline = Err("not run".to_owned());
            step
        })
        .collect();
    let open_loop = RunCalibration {
        model: case.run.model.clone(),
        fit: Err("from the architecture".to_owned()),
        setup: engine.as_ref().map_or(case.fitted.setup, |e| e.setup),
        client_latency_ms: engine.as_ref().map_or(0.0, |e| e.request_s * 1000.0),
        steps,
    };
    let at_limit = |rc: &RunCalibration| {
        capacities(rc, Model::Engine).into_iter().find(|r| r.limit_ms == CAPACITY_LIMIT_MS).map(|r| r.steps_apart)
    };
    let capacity_steps_apart = at_limit(&open_loop).zip(at_limit(case.fitted));
    let read_label = case.read.as_ref().map_or("unknown".to_owned(), |r| format!("{} · {}", r.model_type, r.format));
    RunCheck {
        folder: case.folder.to_owned(),
        relation: case.relation.to_owned(),
        input: case.read.as_ref().ok().map(|r| r.architecture.input_kind()),
        efficiency,
        engine,
        decode,
        open_loop,
        capacity_steps_apart,
        read_label,
    }
}

/// Hits out of cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub hits: usize,
    pub of: usize,
}

/// The three targets' counts for one predictor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// The runs counted.
    pub runs: usize,
    pub decode: Count,
    pub capacity: Count,
    pub ttft: Count,
}

/// Which prediction a count is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predictor {
    Architecture,
    Roofline,
    Fitted,
}

/// The targets over every checked run for `who` (the roofline has decode speeds only).
pub fn targets(checks: &[RunCheck], fitted: &[&RunCalibration], who: Predictor) -> Targets {
    tally(checks.iter().zip(fitted.iter().copied()), who)
}

/// The architecture's targets over the checked runs read from `input` alone (`None`: the runs
/// with no architecture known, every figure a miss): the same predictions as [`targets`],
/// counted by kind of input, so the kinds add up to the whole.
pub fn targets_by_input(checks: &[RunCheck], fitted: &[&RunCalibration], input: Option<InputKind>) -> Targets {
    tally(checks.iter().zip(fitted.iter().copied()).filter(|(c, _)| c.input == input), Predictor::Architecture)
}

/// The targets over `runs` for `who`.
fn tally<'a>(runs: impl Iterator<Item = (&'a RunCheck, &'a RunCalibration)>, who: Predictor) -> Targets {
    let mut t = Targets::default();
    for (check, fitted) in runs {
        t.runs += 1;
        for p in &check.decode {
            let got = match who {
                Predictor::Architecture => p.architecture,
                Predictor::Roofline => p.roofline,
                Predictor::Fitted => p.fitted,
            };
            t.decode.of += 1;
            t.decode.hits += usize::from(within(got, p.measured, DECODE_TOLERANCE));
        }
        if who == Predictor::Roofline {
            continue;
        }
        let rc = if who == Predictor::Architecture { &check.open_loop } else { fitted };
        if let Some((arch, fit)) = check.capacity_steps_apart {
            let apart = if who == Predictor::Architecture { arch } else { fit };
            t.capacity.of += 1;
            t.capacity.hits += usize::from(apart <= 1);
        }
        for s in rc.steps.iter().filter(|s| s.in_sweep && s.replay.is_some()) {
            if s.measured.p95_ttft_ms <= ELIGIBLE_P95_MS {
                let got = s.predicted.as_ref().ok().map(|p| p.figures.p95_ttft_ms);
                t.ttft.of += 1;
                t.ttft.hits += usize::from(within(got, s.measured.p95_ttft_ms, TTFT_TOLERANCE));
            }
        }
    }
    t
}

/// A measured step's figures on `engine`, as the calibration predicts them (`load_spec`, the
/// calibration's seed and draws), `request_s` added to every time to first token.
pub fn step_on_engine(
    step: &LoadStep,
    in_sweep: bool,
    engine: &EngineModel,
    request_s: f64,
) -> Result<EnginePrediction, String> {
    let (spec, _) = load_spec(step, in_sweep).map_err(|e| e.to_string())?;
    let load = OpenLoad::new(spec).map_err(|e| e.to_string())?;
    let draws = CALIBRATED.draws_for(load.requests(), load.longest_answer());
    let report = predict_typical(&load, engine, CALIBRATION_SEED, draws).map_err(|e| e.to_string())?;
    Ok(EnginePrediction {
        figures: StepFigures {
            p95_ttft_ms: (report.ttft_s.p95 + request_s) * 1000.0,
            median_tpot_ms: report.tpot_ms.map(|t| t.median),
            in_flight: f64::from(report.max_in_flight),
        },
        extrapolation: report.extrapolation,
        waited_for_kv: report.requests_waited_for_kv,
    })
}
