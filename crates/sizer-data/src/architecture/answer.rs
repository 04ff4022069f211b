//! `SparkSizer.predict` on an architecture: the engine built once ([`ArchitectureRun`]), a load
//! predicted on it in the same shape as a fitted engine's answer, with `model` saying it came
//! from the architecture, which constants it used, and the error they were measured with on the
//! arena's runs of the same kind of input ([`super::measured_error`]).

use super::ReadArchitecture;
use super::constants::{ArchitectureError, FITTED};
use super::engine::{ArchitectureEngine, architecture_engine};
use super::measured_error::{InputKind, measured_error_for};
use crate::predict::api::{ReportFigures, closed_answer_json};
use crate::predict::load::{ClosedLoadJson, PredictLoad};
use crate::suite::SuiteSetup;
use crate::suite::engine_inputs::CALIBRATED;
use serde::Serialize;
use sizer_core::architecture::Efficiency;
use sizer_core::sim::Percentiles;
use sizer_core::sim::open_loop::{EngineSetup, StepCoefficients, predict_typical};

/// The label every figure from an architecture carries.
pub const ARCHITECTURE_LABEL: &str = "predicted from the architecture, not measured";

/// A model's engine from its architecture on a server, with its labels: what the page and the
/// API run loads on.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchitectureRun {
    pub read: ReadArchitecture,
    pub engine: ArchitectureEngine,
    /// The server's model id, when its `meta.json` gave one.
    pub server_model: Option<String>,
    /// The constants the engine was built with.
    pub constants: Efficiency,
    /// What the architecture was read from: a configuration or the size alone.
    pub input: InputKind,
    /// The error those constants were measured with, leave-one-model-out on the arena's runs of
    /// the same kind of input ([`measured_error_for`]).
    pub measured_error: ArchitectureError,
}

impl ArchitectureRun {
    /// The engine of `read` on `server` with the constants fitted on every arena run.
    ///
    /// # Errors
    /// One sentence ([`architecture_engine`]).
    pub fn new(read: ReadArchitecture, server: Option<&SuiteSetup>) -> Result<ArchitectureRun, String> {
        let engine = architecture_engine(&read, server, &FITTED)?;
        let input = read.architecture.input_kind();
        Ok(ArchitectureRun {
            read,
            engine,
            server_model: server.map(|s| s.model.clone()).filter(|m| !m.is_empty()),
            constants: FITTED,
            input,
            measured_error: measured_error_for(input),
        })
    }
}

/// `model` in an answer from an architecture.
#[derive(Serialize)]
pub struct ArchitectureModel<'a> {
    source: &'static str,
    label: &'static str,
    run: Option<&'a str>,
    model_type: &'a str,
    format: &'a str,
    /// One sentence per field assumed.
    notes: &'a [String],
    weights_gb: f64,
    kv_bytes_per_element: f64,
    gpu_memory_utilization: f64,
    coefficients: StepCoefficients,
    setup: EngineSetup,
    /// Added to every predicted TTFT, ms.
    request_wait_ms: f64,
    constants: Efficiency,
    measured_error: MeasuredError,
}

/// The measured error as shares, with the targets' wording: over the arena's runs of the
/// answer's kind of input.
#[derive(Serialize)]
struct MeasuredError {
    method: &'static str,
    /// `configuration` or `size_only`.
    input: InputKind,
    /// The arena runs of that kind counted.
    runs: usize,
    decode_within_20_percent: Share,
    capacity_within_one_rate_step: Share,
    p95_ttft_within_35_percent: Share,
}

#[derive(Serialize)]
struct Share {
    hits: usize,
    of: usize,
}

/// The `model` of an answer on `run`'s engine.
pub fn architecture_model(run: &ArchitectureRun) -> ArchitectureModel<'_> {
    let e = &run.engine;
    let m = run.measured_error;
    let share = |(hits, of): (usize, usize)| Share { hits, of };
    ArchitectureModel {
        source: "architecture",
        label: ARCHITECTURE_LABEL,
        run: run.server_model.as_deref(),
        model_type: &run.read.model_type,
        format: &run.read.format,
        notes: &e.notes,
        weights_gb: e.physics.weight_bytes / 1e9,
        kv_bytes_per_element: e.kv_bytes_per_element,
        gpu_memory_utilization: e.gpu_memory_utilization,
        coefficients: e.coefficients.coefficients,
        setup: e.setup,
        request_wait_ms: e.request_s * 1000.0,
        constants: run.constants,
        measured_error: MeasuredError {
            method: "the arena's runs of the same kind of input, each predicted with constants fitted without its model (docs/CALIBRATION-ARCHITECTURE.md)",
            input: run.input,
            runs: m.runs,
            decode_within_20_percent: share(m.decode_within_20),
            capacity_within_one_rate_step: share(m.capacity_within_one_step),
            p95_ttft_within_35_percent: share(m.ttft_within_35),
        },
    }
}

/// An open-loop answer, in the shape of a fitted engine's (without its extrapolation: there is
/// no measured range).
#[derive(Serialize)]
struct OpenAnswer<'a> {
    #[serde(flatten)]
    figures: ReportFigures,
    load: &'a PredictLoad,
    model: ArchitectureModel<'a>,
}

/// An open-loop load on the architecture's engine, as JSON.
///
/// # Errors
/// One sentence: the load's, or a request longer than the server holds.
pub fn open_answer(load: &PredictLoad, run: &ArchitectureRun) -> Result<String, String> {
    let open = load.open_load()?;
    let draws = CALIBRATED.draws_for(open.requests(), open.longest_answer());
    let report = predict_typical(&open, &run.engine.engine, load.seed, draws)
        .map_err(|e| format!("The load cannot run on this server: {e}."))?;
    let w = run.engine.request_s;
    let t = report.ttft_s;
    let ttft_s = Percentiles { p50: t.p50 + w, p95: t.p95 + w, p99: t.p99 + w };
    let answer = OpenAnswer {
        figures: ReportFigures::new(ttft_s, report.tpot_ms, &report),
        load,
        model: architecture_model(run),
    };
    serde_json::to_string(&answer).map_err(|e| format!("The prediction could not be written as JSON: {e}."))
}

/// A closed-loop load on the architecture's engine, as JSON.
///
/// # Errors
/// One sentence: a request longer than the server holds.
pub fn closed_answer(load: &ClosedLoadJson, run: &ArchitectureRun) -> Result<String, String> {
    closed_answer_json(load, &run.engine.engine, run.engine.request_s, architecture_model(run))
}
