//! The engine `SparkSizer.predict` runs a load on, fitted once per run spec and reused for any
//! number of loads ([`PredictEngine`]):
//! - one server's suite files ([`PredictEngine::from_suite`]): exactly the calibration's engine
//!   (`suite::calibrate::fit_run` with the calibrated constants), so the API and `cargo xtask
//!   calibrate` give the same figures;
//! - a dataset run ([`PredictEngine::from_dataset`]): one that holds a suite's workloads (the
//!   arena's) gets the calibration's engine from the dataset's copy of its closed-loop figures,
//!   equal to its files' ([`ModelSource::DatasetSuite`]); a run of one curve falls back to what
//!   it allows, and the answer says so ([`ModelSource::DatasetCurve`]);
//! - a model's architecture ([`PredictEngine::computed`]): the engine computed from it,
//!   not fitted ([`ModelSource::Architecture`]).

use crate::dataset;
use crate::dataset::model::Run;
use crate::predict::computed::{ComputedEngine, computed_engine_of};
use crate::suite::SuiteRun;
use crate::suite::calibrate::{FittedRun, fit_points, fit_run};
use crate::suite::engine_inputs::{
    CALIBRATED, FITTED_KINDS, dataset_chat_index, dataset_closed_loop_run, dataset_engine_setup,
};
use crate::suite::step_floors::floors_for;
use serde::Serialize;
use sizer_core::architecture::InputKind;
use sizer_core::sim::open_loop::{
    ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload, EngineFit, EngineModel, EngineSetup, fit_engine_shaped,
};

/// Where the engine's coefficients came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelSource {
    /// The run's closed-loop files, by the calibration's burst fit (docs/CALIBRATION.md).
    SuiteFiles,
    /// A dataset run's one curve and prompt rate, by the direct fit: a fallback.
    DatasetCurve,
    /// A dataset run of a suite (the arena's): its closed-loop workloads as the dataset holds
    /// them, read from its files, by the calibration's burst fit, as [`ModelSource::SuiteFiles`].
    DatasetSuite,
    /// A model's architecture and the global constants (`architecture/`): computed, not
    /// fitted; its error is the leave-one-model-out one (docs/CALIBRATION-ARCHITECTURE.md).
    Architecture,
}

/// Where the KV pool the engine admits against came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolBasis {
    /// The dataset's pool for the run (logged, else computed from the model's architecture).
    Dataset,
    /// The calibration's assumed pool (`EngineConstants::kv_pool_tokens`): the files give none.
    Assumed,
    /// The Spark's memory budget less the architecture's weights (`architecture::engine`).
    Architecture,
}

/// One workload the engine was fitted to, as the answer names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FitWorkload {
    /// The suite's test name (`"05-big-context pp8192/tg256"`), or the dataset run's workload.
    pub name: String,
    pub prompt_tokens: f64,
    pub answer_tokens: f64,
    /// Context held before the prompt (`@ dN`), tokens.
    pub depth_tokens: f64,
    /// The concurrencies measured.
    pub concurrencies: Vec<f64>,
}

/// What an engine's coefficients rest on.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineBasis {
    /// A fit to measured points.
    Fitted(EngineFit),
    /// Computed from a model's architecture and the global constants (no fit): the `model` its
    /// answers carry, and what the architecture was read from (which says its measured error).
    Computed { model: serde_json::Value, input: InputKind },
}

/// A fitted engine, ready for loads.
#[derive(Clone, Debug, PartialEq)]
pub struct PredictEngine {
    /// The server: the suite's model, or the dataset run's id.
    pub run: String,
    pub source: ModelSource,
    /// The fit that gave the coefficients, or the architecture they were computed from.
    pub basis: EngineBasis,
    /// The workloads fitted, in the fit's order (its residuals' `workload` indices).
    pub workloads: Vec<FitWorkload>,
    pub engine: EngineModel,
    pub pool_basis: PoolBasis,
    /// Added to every predicted TTFT, ms (the calibration's client latency; 0 for a dataset run).
    pub client_latency_ms: f64,
    /// What the engine could not be fitted to, in one sentence, for a fallback.
    pub caveat: Option<String>,
}

impl PredictEngine {
    /// The calibration's engine for one server's suite run.
    ///
    /// # Errors
    /// One sentence: the run has nothing to fit (no closed-loop workload, no prompt throughput),
    /// or the fit gives no usable engine.
    pub fn from_suite(run: &SuiteRun) -> Result<PredictEngine, String> {
        let fitted = fit_run(run, &CALIBRATED);
        let no_fit = |why: &str| format!("The files of {} give no engine to predict with: {why}.", run.model);
        // The workloads `closed_loop_run` hands the fit, in its order.
        let workloads = run
            .workloads
            .iter()
            .filter(|w| FITTED_KINDS.contains(&w.kind))
            .map(|w| FitWorkload {
                name: w.name.clone(),
                prompt_tokens: w.prompt_tokens,
                answer_tokens: w.answer_tokens,
                depth_tokens: w.context_depth,
                concurrencies: w.points.iter().map(|p| p.concurrency).collect(),
            })
            .collect();
        PredictEngine::calibrated(run.model.clone(), ModelSource::SuiteFiles, fitted, workloads, no_fit)
    }

    /// The calibration's engine for a run that holds a suite's closed-loop workloads (a dataset
    /// run of the arena, or a person's imported suite): the same points, setup and client latency
    /// as [`PredictEngine::from_suite`] on its files; `subject` names the run in an error.
    fn from_dataset_suite(
        run: &Run,
        points: Result<ClosedLoopRun, sizer_core::sim::open_loop::ClosedLoopError>,
        subject: &str,
        source: ModelSource,
    ) -> Result<PredictEngine, String> {
        // The arena run's model, or a person's import of the same model: the same floors.
        let floors = floors_for(&run.id, &run.model);
        let constants = CALIBRATED.with_step_floors(floors);
        let fitted = fit_points(points, dataset_engine_setup(run, &constants), dataset_chat_index(run), &constants);
        let no_fit = |why: &str| format!("{subject} gives no engine to predict with: {why}.");
        let workloads = run
            .workloads()
            .filter(|v| v.workload.kind.is_some_and(|k| FITTED_KINDS.contains(&k)))
            .map(|v| FitWorkload {
                name: v.workload.note.clone().unwrap_or_default(),
                prompt_tokens: v.workload.prompt_tokens.map_or(0.0, |t| t.value()),
                answer_tokens: v.workload.output_tokens.map_or(0.0, |t| t.value()),
                depth_tokens: v.workload.context_tokens.map_or(0.0, |t| t.value()),
                concurrencies: v.points.iter().map(|p| f64::from(p.concurrency)).collect(),
            })
            .collect();
        PredictEngine::calibrated(run.id.clone(), source, fitted, workloads, no_fit)
    }

    /// The calibration's engine for a person's run imported as a whole suite
    /// (`sizer_import::suite::import_suite_run`): its closed-loop workloads, held as the dataset
    /// holds an arena run's, fitted as [`PredictEngine::from_dataset`] fits those; a run built
    /// from an architecture (`architecture::as_run`) gets that engine
    /// ([`PredictEngine::computed`]).
    ///
    /// # Errors
    /// One sentence naming the run: no closed-loop workload of a suite (a run of one curve gives
    /// no engine here: its lengths and prompt rate are the dataset's sources, not a person's
    /// files), or a fit that gives none.
    pub fn from_imported_suite(run: &Run) -> Result<PredictEngine, String> {
        if let Some(computed) = computed_engine_of(run) {
            return Ok(PredictEngine::computed(run.id.clone(), &computed));
        }
        let subject = format!("Your run \"{}\"", run.label);
        let points = dataset_closed_loop_run(run).ok_or_else(|| {
            format!("{subject} holds no closed-loop workload of a benchmark suite, so predict has nothing to fit.")
        })?;
        PredictEngine::from_dataset_suite(run, points, &subject, ModelSource::SuiteFiles)
    }

    /// The engine computed for a run named `run` (from a model's architecture,
    /// `architecture::as_run`): no fit, its client latency the engine's request wait.
    pub fn computed(run: String, computed: &ComputedEngine) -> PredictEngine {
        PredictEngine {
            run,
            source: ModelSource::Architecture,
            engine: computed.engine,
            workloads: Vec::new(),
            pool_basis: PoolBasis::Architecture,
            client_latency_ms: computed.request_wait_s * 1000.0,
            caveat: None,
            basis: EngineBasis::Computed { model: computed.model.clone(), input: computed.input },
        }
    }

    /// For an engine computed from an architecture, what it was read from (which says the error
    /// its predictions show, `architecture::measured_error::measured_error_for`); `None` for a
    /// fitted engine (its error is the calibration's).
    pub fn architecture_input(&self) -> Option<InputKind> {
        match &self.basis {
            EngineBasis::Computed { input, .. } => Some(*input),
            EngineBasis::Fitted(_) => None,
        }
    }

    /// The engine a closed-loop simulation ("Check by simulation", `SparkSizer.simulate`) runs
    /// `run` on: the calibration's fit of the suite workloads it holds (an arena run, or a
    /// person's run imported as a whole suite), exactly [`PredictEngine::from_dataset`]'s and
    /// [`PredictEngine::from_imported_suite`]'s engine; for a run built from an architecture
    /// (`architecture::as_run`), that engine, not one fitted to its predicted points. `None` for a run of one curve (its
    /// fallback fit reads one curve and one prompt rate, too little to trust a team to it) or a
    /// run whose fit gives no engine: the simulation then runs on the curve.
    pub fn for_closed_loop(run: &Run) -> Option<EngineModel> {
        if let Some(computed) = computed_engine_of(run) {
            return Some(computed.engine);
        }
        let points = dataset_closed_loop_run(run)?;
        PredictEngine::from_dataset_suite(run, points, &run.id, ModelSource::DatasetSuite).ok().map(|e| e.engine)
    }

    /// A calibration fit as the engine of `run` (the calibration's assumed pool, its client
    /// latency, no caveat), or `no_fit`'s sentence on why the fit gave none.
    fn calibrated(
        run: String,
        source: ModelSource,
        fitted: FittedRun,
        workloads: Vec<FitWorkload>,
        no_fit: impl Fn(&str) -> String,
    ) -> Result<PredictEngine, String> {
        let fit = fitted.fit.map_err(|e| no_fit(e.trim_end_matches('.')))?;
        let engine = fitted.engine.map_err(|e| no_fit(e.trim_end_matches('.')))?;
        Ok(PredictEngine {
            run,
            source,
            basis: EngineBasis::Fitted(fit),
            workloads,
            engine,
            pool_basis: PoolBasis::Assumed,
            client_latency_ms: fitted.client_latency_ms,
            caveat: None,
        })
    }

    /// The fallback engine of a dataset run of one curve: one workload of its
    /// curve's per-request speeds at its stated lengths, with its prompt rate as the one prompt
    /// throughput, fitted directly (`fit_engine`: decode `a + r sqrt(B)`, no context term, since
    /// one curve holds one context per request; prompts `d P`, no length term), on the dataset's
    /// KV pool (else the calibration's assumed one) and the calibration's step budget and batch
    /// limit. No burst replay (the curve's benchmark need not have sent its requests at once) and
    /// no client latency (there is no TTFT at concurrency 1 to read it from).
    ///
    /// # Errors
    /// One sentence: an unknown id, a run without a curve, without stated lengths or without a
    /// prompt rate.
    pub fn from_dataset(id: &str) -> Result<PredictEngine, String> {
        let data = dataset();
        let run = data.run(id).ok_or_else(|| format!("Unknown run id \"{id}\"."))?;
        if let Some(points) = dataset_closed_loop_run(run) {
            let subject = format!("Dataset run \"{}\"", run.id);
            return PredictEngine::from_dataset_suite(run, points, &subject, ModelSource::DatasetSuite);
        }
        let refuse = |why: &str| {
            format!("Dataset run \"{}\" {why}, so predict has nothing to fit (its suite files would do).", run.id)
        };
        let (curve, _) = run.curve().map_err(|_| refuse("has no per-request speed curve"))?;
        let (Some(prompt), Some(answer)) = (run.workload.prompt_tokens, run.workload.output_tokens) else {
            return Err(refuse("does not state its prompt and answer lengths"));
        };
        let prefill =
            data.prefill_tok_s(run).ok_or_else(|| refuse("has no prompt rate to fit the prompt cost to"))?.value;
        let points = curve
            .points()
            .iter()
            .enumerate()
            .map(|(i, p)| ClosedLoopPoint {
                concurrency: p.concurrency,
                per_request_tok_s: p.tok_s,
                total_tok_s: p.tok_s * p.concurrency,
                // One prompt rate for the run: given once, it fits `d = 1 / rate` exactly.
                prompt_tok_s: (i == 0).then_some(prefill),
                ttfr_ms: None,
            })
            .collect();
        let workload = ClosedLoopWorkload {
            prompt_tokens: prompt.value(),
            answer_tokens: answer.value(),
            depth_tokens: 0.0,
            points,
        };
        let points = ClosedLoopRun::new(vec![workload]).map_err(|e| refuse(&e.to_string()))?;
        let fit = fit_engine_shaped(&points, &CALIBRATED.decode_shape);
        let context = prompt.value() + answer.value();
        let pool = data.run_inputs(run, context).kv_pool.map(|c| c.value).filter(|pool| *pool >= 1.0);
        let setup = EngineSetup {
            kv_pool_tokens: pool.unwrap_or(CALIBRATED.kv_pool_tokens),
            step_token_budget: CALIBRATED.step_token_budget,
            max_batch: CALIBRATED.max_batch,
            max_model_len: None,
            mixed_step: CALIBRATED.mixed_step,
            decode_shape: CALIBRATED.decode_shape,
        };
        let engine = EngineModel::from_fit(&fit, setup).map_err(|e| refuse(&e.to_string()))?;
        let caveat = format!(
            "Dataset run \"{}\" has one curve: the decode step is fitted to its per-request speeds without a \
             context term, prompts are read at its prompt rate of {prefill:.0} tok/s without a length term, the \
             scheduler is assumed ({} tokens a step, {} requests at once), and no measured load has checked this \
             fallback.",
            run.id, setup.step_token_budget, setup.max_batch
        );
        let fitted = FitWorkload {
            name: run
                .workload
                .note
                .clone()
                .unwrap_or_else(|| format!("{} run's curve", run.stated_engine().unwrap_or("the"))),
            prompt_tokens: prompt.value(),
            answer_tokens: answer.value(),
            depth_tokens: 0.0,
            concurrencies: curve.points().iter().map(|p| p.concurrency).collect(),
        };
        Ok(PredictEngine {
            run: run.id.clone(),
            source: ModelSource::DatasetCurve,
            basis: EngineBasis::Fitted(fit),
            workloads: vec![fitted],
            engine,
            pool_basis: if pool.is_some() { PoolBasis::Dataset } else { PoolBasis::Assumed },
            client_latency_ms: 0.0,
            caveat: Some(caveat),
        })
    }
}
