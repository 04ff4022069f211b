//! `window.SparkSizer.predict(loadJson, runSpec)`: an open-loop load predicted on an engine
//! fitted to one server's measurements, as JSON (docs/SIMULATION.md, "The predict API").
//!
//! - `loadJson`: `{"rate_per_s": 0.5, "burstiness": 0.7, "prompt_tokens": 4000, "answer_tokens":
//!   500, "length_range": 0.9, "requests": 125, "seed": 42}`, every key optional (the defaults
//!   are these, the arena's rate-sweep step: `predict/load.rs`);
//! - `runSpec`: `{"files": [{"name": "01-chat.md", "text": "..."}, ...]}` (one server's benchmark
//!   files, read by `sizer_import::suite::import_suite`; `sizer_import::suite::predict` joins the
//!   two crates), or a dataset run id, whose one curve gives a fallback engine that the answer
//!   names (`predict/engine.rs`).
//!
//! The answer: `ttft_s` (`p50`, `p95`, `p99`), `tpot_ms` (`median`, `p99`), `output_tok_s`,
//! `mean_in_flight`, `max_in_flight`, `completed` and the core's other report figures; the
//! `extrapolation` (how far the steps went beyond the measured concurrency and context); the
//! `load` as read; and the `model` (its source, fit, the workloads fitted, coefficients, setup
//! and residual summary).
//! Errors are one sentence. A key it does not read is refused naming its path
//! (`files[0].nmae`; `api_keys.rs`). The call is synchronous, so its work is bounded
//! (`predict_load::API_MAX_PREDICT_REQUESTS`, `API_MAX_PREDICT_ANSWER_TOKENS`); the engine is
//! fitted once per run spec (`sizer_import::suite::predict` keeps the last one).

use crate::api_keys::{PREDICT_ARCHITECTURE_RUN, PREDICT_RUN, check_keys};
use crate::predict::engine::{EngineBasis, FitWorkload, ModelSource, PoolBasis, PredictEngine};
use crate::predict::load::{ClosedLoadJson, PredictLoad};
use crate::suite::calibration_summary::TpotErrorBand;
use serde::{Deserialize, Serialize};
use sizer_core::sim::Percentiles;
use sizer_core::sim::open_loop::{
    DecodeModel, EngineSetup, Extrapolation, FitFigure, FitMethod, FitResidual, OpenLoopReport, PrefillModel,
    StepCoefficients, TpotMs,
};

/// One benchmark file of a run spec.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpecFile {
    /// The file's name (`01-chat.md`, `meta.json`): the importer reads files by name and content.
    pub name: String,
    /// The file's text.
    pub text: String,
}

/// The run spec's object form.
#[derive(Serialize, Deserialize)]
pub(crate) struct SpecFiles {
    pub(crate) files: Vec<SpecFile>,
}

/// `predict`'s second argument.
#[derive(Clone, Debug, PartialEq)]
pub enum RunSpec {
    /// A dataset run id.
    Id(String),
    /// One server's benchmark files.
    Files(Vec<SpecFile>),
    /// A model's architecture (`{"config": ..., "quant_config": ...}` or the short form) and
    /// the server's `meta.json`, as given: read by `sizer_import::architecture`.
    Architecture { architecture: serde_json::Value, server: Option<serde_json::Value> },
}

impl RunSpec {
    /// Reads a run spec from JSON text: a string (a dataset run id) or `{"files": [...]}`.
    ///
    /// # Errors
    /// One sentence: not JSON, an unknown key (with its path), no files.
    pub fn from_json(json: &str) -> Result<RunSpec, String> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| format!("Invalid run spec JSON: {e}."))?;
        if let Some(id) = value.as_str() {
            return Ok(RunSpec::Id(id.to_owned()));
        }
        if !value.is_object() {
            return Err(NEEDS_FILES.to_owned());
        }
        if value.get("architecture").is_some() {
            check_keys(&value, &PREDICT_ARCHITECTURE_RUN).map_err(|e| format!("Invalid run spec: {e}."))?;
            let server = value.get("server").filter(|s| !s.is_null()).cloned();
            let architecture = value.get("architecture").cloned().unwrap_or_default();
            if !architecture.is_object() {
                return Err(NEEDS_FILES.to_owned());
            }
            return Ok(RunSpec::Architecture { architecture, server });
        }
        check_keys(&value, &PREDICT_RUN).map_err(|e| format!("Invalid run spec: {e}."))?;
        if value.get("files").is_none() {
            return Err(NEEDS_FILES.to_owned());
        }
        let spec: SpecFiles = serde_json::from_value(value).map_err(|e| format!("Invalid run spec: {e}."))?;
        if spec.files.is_empty() {
            return Err("The run spec's \"files\" is empty: predict needs one server's benchmark files.".to_owned());
        }
        Ok(RunSpec::Files(spec.files))
    }
}

const NEEDS_FILES: &str = "The run spec must be a dataset run id, {\"files\": [{\"name\": \"01-chat.md\", \"text\": \"...\"}, ...]} or {\"architecture\": {\"config\": ...}, \"server\": {...}}.";

/// One figure's residuals: how far the fitted model is from the points it was fitted to.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FigureResiduals {
    /// Points compared.
    pub points: usize,
    /// Root mean square of `fitted / measured - 1` (`null` without points).
    pub rms_relative: Option<f64>,
    /// Largest `|fitted / measured - 1|` (`null` without points).
    pub max_abs_relative: Option<f64>,
}

impl FigureResiduals {
    fn of(residuals: &[FitResidual], figure: FitFigure) -> FigureResiduals {
        let relative: Vec<f64> = residuals.iter().filter(|r| r.figure == figure).map(FitResidual::relative).collect();
        let points = relative.len();
        let rms = (points > 0).then(|| (relative.iter().map(|r| r * r).sum::<f64>() / points as f64).sqrt());
        let max = relative.iter().map(|r| r.abs()).reduce(f64::max);
        FigureResiduals { points, rms_relative: rms, max_abs_relative: max }
    }
}

/// The fit's residuals per figure (the decode and prompt figures are fitted, TTFR is a check).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ResidualSummary {
    pub per_request_tok_s: FigureResiduals,
    pub prompt_tok_s: FigureResiduals,
    pub ttfr_ms: FigureResiduals,
}

/// Which engine ran, and how it was fitted.
#[derive(Serialize)]
struct ModelAnswer<'a> {
    run: &'a str,
    source: ModelSource,
    method: FitMethod,
    decode_model: DecodeModel,
    prefill_model: PrefillModel,
    workloads: &'a [FitWorkload],
    coefficients: StepCoefficients,
    setup: EngineSetup,
    kv_pool: PoolBasis,
    client_latency_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    caveat: Option<&'a str>,
    residuals: ResidualSummary,
}

/// The core's extrapolation report, with its two ratios and whether either passed 1.
#[derive(Serialize)]
struct ExtrapolationAnswer {
    #[serde(flatten)]
    report: Extrapolation,
    batch_ratio: f64,
    context_ratio: f64,
    beyond_measured: bool,
    /// The calibration's median-TPOT error for this batch ratio (`null`: no ratio).
    tpot_error: Option<TpotErrorBand>,
}

/// The figures every open-loop answer leads with: the TTFT (with the request wait) and TPOT
/// given, the rest the report's, in this order in the JSON.
#[derive(Serialize)]
pub struct ReportFigures {
    ttft_s: Percentiles,
    tpot_ms: Option<TpotMs>,
    output_tok_s: f64,
    mean_in_flight: f64,
    max_in_flight: u32,
    completed: u32,
    requests: u32,
    duration_s: f64,
    max_waiting: u32,
    requests_waited_for_kv: u32,
    steps: u64,
    /// Draws of the load whose median figures these are (`predict_typical`).
    draws: u32,
}

impl ReportFigures {
    pub fn new(ttft_s: Percentiles, tpot_ms: Option<TpotMs>, report: &OpenLoopReport) -> ReportFigures {
        ReportFigures {
            ttft_s,
            tpot_ms,
            output_tok_s: report.output_tok_s,
            mean_in_flight: report.mean_in_flight,
            max_in_flight: report.max_in_flight,
            completed: report.completed,
            requests: report.requests,
            duration_s: report.duration_s,
            max_waiting: report.max_waiting,
            requests_waited_for_kv: report.requests_waited_for_kv,
            steps: report.steps,
            draws: report.draws,
        }
    }
}

/// What `predict` answers.
#[derive(Serialize)]
struct PredictAnswer<'a> {
    #[serde(flatten)]
    figures: ReportFigures,
    extrapolation: ExtrapolationAnswer,
    load: &'a PredictLoad,
    model: AnyModel<'a>,
}

/// The `model` of an answer: a fitted engine's, or the one a computed engine carries.
#[derive(Serialize)]
#[serde(untagged)]
enum AnyModel<'a> {
    Fitted(Box<ModelAnswer<'a>>),
    Computed(&'a serde_json::Value),
}

/// Predicts `load_json` on `engine` and answers in JSON (see the module docs). The TTFT
/// percentiles carry the engine's client latency, as the calibration's do.
///
/// # Errors
/// One sentence: the load's (see `PredictLoad::from_json`), or a request longer than the
/// server holds.
pub fn predict_json(load_json: &str, engine: &PredictEngine) -> Result<String, String> {
    predict_answer(&PredictLoad::from_json(load_json)?, engine)
}

/// [`predict_json`] for a load already read: [`PredictEngine::predict`]'s figures as JSON, with
/// the engine that ran.
///
/// # Errors
/// One sentence: a request longer than the server holds.
pub fn predict_answer(load: &PredictLoad, engine: &PredictEngine) -> Result<String, String> {
    let prediction = engine.predict(load)?;
    let report = prediction.report;
    let answer = PredictAnswer {
        figures: ReportFigures::new(prediction.ttft_s, prediction.tpot_ms, &report),
        extrapolation: ExtrapolationAnswer {
            report: prediction.extrapolation,
            batch_ratio: prediction.batch_ratio,
            context_ratio: prediction.context_ratio,
            beyond_measured: prediction.beyond_measured,
            tpot_error: prediction.tpot_error,
        },
        load,
        model: model_answer(engine),
    };
    serde_json::to_string(&answer).map_err(|e| format!("The prediction could not be written as JSON: {e}."))
}

/// What `predict` answers for a closed-loop load.
#[derive(Serialize)]
pub struct ClosedAnswer<'a, M: Serialize> {
    pub ttft_s: Percentiles,
    pub tpot_ms: Option<TpotMs>,
    /// Mean per-request decode tok/s (llama-benchy's `t/s (req)`).
    pub per_request_tok_s: f64,
    pub output_tok_s: f64,
    /// Requests in flight: the users, all the time.
    pub max_in_flight: u32,
    pub completed: u32,
    pub requests: u32,
    pub duration_s: f64,
    pub load: &'a ClosedLoadJson,
    pub model: M,
}

/// A closed-loop load on `engine` (`sizer_core::sim::closed_load`) as JSON, TTFTs with
/// `latency_s` added; `model` says which engine ran.
///
/// # Errors
/// One sentence: a request longer than the server holds.
pub fn closed_answer_json<M: Serialize>(
    load: &ClosedLoadJson,
    engine: &sizer_core::sim::open_loop::EngineModel,
    latency_s: f64,
    model: M,
) -> Result<String, String> {
    let report = sizer_core::sim::closed_load::predict_closed_loop(&load.load(), engine)
        .map_err(|e| format!("The load cannot run on this server: {e}."))?;
    let t = report.ttft_s;
    let answer = ClosedAnswer {
        ttft_s: Percentiles { p50: t.p50 + latency_s, p95: t.p95 + latency_s, p99: t.p99 + latency_s },
        tpot_ms: report.tpot_ms,
        per_request_tok_s: report.per_request_tok_s,
        output_tok_s: report.output_tok_s,
        max_in_flight: load.concurrency,
        completed: report.completed,
        requests: load.requests,
        duration_s: report.duration_s,
        load,
        model,
    };
    serde_json::to_string(&answer).map_err(|e| format!("The prediction could not be written as JSON: {e}."))
}

/// A closed-loop load on a fitted engine, answered with the same `model` as an open-loop one.
///
/// # Errors
/// One sentence: a request longer than the server holds.
pub fn closed_answer(load: &ClosedLoadJson, engine: &PredictEngine) -> Result<String, String> {
    closed_answer_json(load, &engine.engine, engine.client_latency_ms / 1000.0, model_answer(engine))
}

fn model_answer(engine: &PredictEngine) -> AnyModel<'_> {
    let fit = match &engine.basis {
        EngineBasis::Fitted(fit) => fit,
        EngineBasis::Computed { model, .. } => return AnyModel::Computed(model),
    };
    AnyModel::Fitted(Box::new(ModelAnswer {
        run: &engine.run,
        source: engine.source,
        method: fit.method,
        decode_model: fit.decode_model,
        prefill_model: fit.prefill_model,
        workloads: &engine.workloads,
        coefficients: fit.coefficients,
        setup: engine.engine.setup(),
        kv_pool: engine.pool_basis,
        client_latency_ms: engine.client_latency_ms,
        caveat: engine.caveat.as_deref(),
        residuals: ResidualSummary {
            per_request_tok_s: FigureResiduals::of(&fit.residuals, FitFigure::PerRequestTokS),
            prompt_tok_s: FigureResiduals::of(&fit.residuals, FitFigure::PromptTokS),
            ttfr_ms: FigureResiduals::of(&fit.residuals, FitFigure::TtfrMs),
        },
    }))
}
