//! The calibration procedure for one suite run (`cargo xtask calibrate` and its test share it):
//! fit the engine to the run's closed-loop files, replay every open-loop step it measured on
//! that engine and on the baseline, and set the predictions beside the measurements.

use super::baseline::{baseline_machine, baseline_request};
use super::engine_inputs::{EngineConstants, chat_index, client_latency_from, closed_loop_run, engine_setup};
use super::load_inputs::{Replay, load_spec_with};
use super::step_floors::floors_for_model;
use super::{LoadStep, SuiteRun};
use sizer_core::sim::open_loop::{
    ClosedLoopError, ClosedLoopRun, EngineFit, EngineModel, EngineSetup, Extrapolation, OpenLoad,
    fit_engine_bursts_delayed, predict_typical,
};
use sizer_core::sim::simulate;

/// The seed every prediction uses (the arena's `--seed 42`).
pub const CALIBRATION_SEED: u64 = 42;

/// The figures a step is compared on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepFigures {
    /// p95 time to first token, ms.
    pub p95_ttft_ms: f64,
    /// Median time per output token, ms (`None`: no request with two tokens).
    pub median_tpot_ms: Option<f64>,
    /// Most requests in flight (the baseline: its p99 in-flight count).
    pub in_flight: f64,
}

/// What the fitted engine predicted for a step, beside how far it went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnginePrediction {
    pub figures: StepFigures,
    /// How far beyond the fitted range the steps ran.
    pub extrapolation: Extrapolation,
    /// Requests that waited for KV space.
    pub waited_for_kv: u32,
}

/// One open-loop step: measured, predicted, baseline. A prediction that cannot run says why.
#[derive(Clone, Debug, PartialEq)]
pub struct StepComparison {
    /// The step's file (`11-rate-sweep-0.5.json`).
    pub file: String,
    /// Whether it is a rate-sweep step.
    pub in_sweep: bool,
    /// Configured rate (req/s); `None` for `inf`.
    pub rate_per_s: Option<f64>,
    pub measured: StepFigures,
    /// How the step was replayed, when it could be.
    pub replay: Option<Replay>,
    pub predicted: Result<EnginePrediction, String>,
    pub baseline: Result<StepFigures, String>,
}

/// One run's calibration.
#[derive(Clone, Debug, PartialEq)]
pub struct RunCalibration {
    /// The run's model.
    pub model: String,
    /// The fit, when the closed-loop files allowed one (else why not).
    pub fit: Result<EngineFit, String>,
    /// The setup the engine ran with.
    pub setup: EngineSetup,
    /// The client latency added to every predicted TTFT, ms (0 unless the constants ask for it).
    pub client_latency_ms: f64,
    /// Every open-loop step: the single tests (07 to 10) in file order, then the sweep by rate.
    pub steps: Vec<StepComparison>,
}

/// A run's engine as the calibration fits it: the setup, the fit, the engine and the client
/// latency added to its TTFTs. `SparkSizer.predict` runs on the same (`crate::predict::engine`),
/// so the API and the calibration give the same figures.
#[derive(Clone, Debug, PartialEq)]
pub struct FittedRun {
    /// The setup the engine runs with ([`engine_setup`]).
    pub setup: EngineSetup,
    /// The burst fit on the run's closed-loop points, or why there is none.
    pub fit: Result<EngineFit, String>,
    /// The engine of the fit on the setup, or why there is none.
    pub engine: Result<EngineModel, String>,
    /// Added to every predicted TTFT, ms ([`client_latency_ms`]; 0 unless the constants ask).
    pub client_latency_ms: f64,
}

/// Fits one run's engine with `constants`: the burst fit (`constants.burst_rounds`) on the run's
/// closed-loop points ([`closed_loop_run`]) and [`engine_setup`] for the scheduler.
pub fn fit_run(run: &SuiteRun, constants: &EngineConstants) -> FittedRun {
    let constants = constants.with_step_floors(floors_for_model(&run.model));
    fit_points(closed_loop_run(run), engine_setup(run, &constants), chat_index(run), &constants)
}

/// [`fit_run`]'s fit on points and a setup read elsewhere (a dataset run of a suite:
/// `engine_inputs::dataset_closed_loop_run`), `chat` the chat workload's place among them.
pub fn fit_points(
    points: Result<ClosedLoopRun, ClosedLoopError>,
    setup: EngineSetup,
    chat: Option<usize>,
    constants: &EngineConstants,
) -> FittedRun {
    let fitted = points
        .map(|points| fit_engine_bursts_delayed(&points, setup, constants.burst_rounds, constants.outside_delay))
        .map_err(|e| e.to_string());
    // Where the fit holds the TTFRs' delay, that delay is the client latency.
    let fitted_latency_ms =
        fitted.as_ref().ok().filter(|_| constants.outside_delay.in_ttfr()).map(|(_, d)| d.ttfr_s * 1000.0);
    let fit = fitted.map(|(fit, _)| fit);
    let engine =
        fit.as_ref().map_err(Clone::clone).and_then(|f| EngineModel::from_fit(f, setup).map_err(|e| e.to_string()));
    let client_latency_ms = match (&fit, constants.client_latency, chat) {
        (Ok(fit), true, chat) => {
            fitted_latency_ms.or_else(|| chat.and_then(|chat| client_latency_from(fit, chat))).unwrap_or(0.0)
        }
        _ => 0.0,
    };
    FittedRun { setup, fit, engine, client_latency_ms }
}

/// Calibrates one run with `constants`: the burst fit (`constants.burst_rounds`) on the run's
/// closed-loop points, [`engine_setup`] for the scheduler, every open-loop step replayed with
/// [`load_spec_with`] and seed [`CALIBRATION_SEED`], and the baseline ([`baseline_machine`]) for the
/// same loads.
pub fn calibrate_run(run: &SuiteRun, constants: &EngineConstants) -> RunCalibration {
    let FittedRun { setup, fit, engine, client_latency_ms: latency } = fit_run(run, constants);
    let machine = baseline_machine(run, constants.kv_pool_tokens).map_err(|e| e.to_string());
    let tests = run.load.tests.iter().map(|s| (s, false));
    let sweep = run.load.sweep.iter().map(|s| (s, true));
    let steps = tests
        .chain(sweep)
        .map(|(step, in_sweep)| compare(step, in_sweep, &engine, latency, constants, &machine))
        .collect();
    RunCalibration { model: run.model.clone(), fit, setup, client_latency_ms: latency, steps }
}

fn compare(
    step: &LoadStep,
    in_sweep: bool,
    engine: &Result<EngineModel, String>,
    latency_ms: f64,
    draws: &EngineConstants,
    machine: &Result<sizer_core::sim::Machine, String>,
) -> StepComparison {
    let measured = StepFigures {
        p95_ttft_ms: step.ttft_ms.p95,
        median_tpot_ms: Some(step.median_tpot_ms),
        in_flight: step.max_concurrent_requests.unwrap_or(f64::NAN),
    };
    let spec = load_spec_with(step, in_sweep, draws.dataset_lengths).map_err(|e| e.to_string());
    let replay = spec.as_ref().ok().map(|(_, replay)| *replay);
    let predicted = spec.clone().and_then(|(spec, _)| {
        let engine = engine.as_ref().map_err(Clone::clone)?;
        let load = OpenLoad::new(spec).map_err(|e| e.to_string())?;
        let report =
            predict_typical(&load, engine, CALIBRATION_SEED, draws.draws_for(load.requests(), load.longest_answer()))
                .map_err(|e| e.to_string())?;
        Ok(EnginePrediction {
            figures: StepFigures {
                p95_ttft_ms: report.ttft_s.p95 * 1000.0 + latency_ms,
                median_tpot_ms: report.tpot_ms.map(|t| t.median),
                in_flight: f64::from(report.max_in_flight),
            },
            extrapolation: report.extrapolation,
            waited_for_kv: report.requests_waited_for_kv,
        })
    });
    let baseline = spec.and_then(|(spec, _)| {
        let machine = machine.as_ref().map_err(Clone::clone)?;
        let report = simulate(&baseline_request(&spec), machine, CALIBRATION_SEED).map_err(|e| e.to_string())?;
        let ttft = report.ttft_s.ok_or_else(|| "no request finished in the window.".to_owned())?;
        Ok(StepFigures {
            p95_ttft_ms: ttft.p95 * 1000.0,
            median_tpot_ms: report.speed_tok_s.map(|s| 1000.0 / s.p50),
            in_flight: f64::from(report.p99_in_flight),
        })
    });
    StepComparison {
        file: step.file.clone(),
        in_sweep,
        rate_per_s: step.rate_per_s,
        measured,
        replay,
        predicted,
        baseline,
    }
}
