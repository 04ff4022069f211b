//! `SparkSizer.predict`'s run spec read where both crates are visible: a spec's files go through
//! [`import_suite`] (this crate's rule), the run they give through `sizer_data`'s engine and
//! answer (`sizer_data::predict_api`, `predict_engine`). Nothing is computed here.

use super::import_suite;
use super::predict_architecture::architecture_run;
use sizer_data::api::ApiRun;
use sizer_data::architecture::answer;
use sizer_data::predict_api::{RunSpec, SpecFile, closed_answer, predict_answer};
use sizer_data::predict_engine::PredictEngine;
use sizer_data::predict_load::AnyLoad;

/// The engine a run spec gives: a dataset run's fallback, or the suite files' calibrated engine.
///
/// # Errors
/// One sentence: a file the importer refused (named, with its reason: a file that is not read
/// must not pass unnoticed), files that give no run, a run with nothing to fit.
pub fn predict_engine(spec: &RunSpec) -> Result<PredictEngine, String> {
    if let Some(engine) = LAST.with_borrow(|last| last.as_ref().filter(|(s, _)| s == spec).map(|(_, e)| e.clone())) {
        return Ok(engine);
    }
    let engine = fit(spec)?;
    LAST.set(Some((spec.clone(), engine.clone())));
    Ok(engine)
}

std::thread_local! {
    /// The last run spec fitted and its engine: a host page predicts many loads on one server,
    /// and the burst fit (about 40 ms natively for an arena run) is most of a call's time, so
    /// only the first call on a spec pays it. Keyed by the whole spec, so another file or text
    /// fits again.
    static LAST: std::cell::RefCell<Option<(RunSpec, PredictEngine)>> = const { std::cell::RefCell::new(None) };
}

fn fit(spec: &RunSpec) -> Result<PredictEngine, String> {
    match spec {
        RunSpec::Architecture { .. } => {
            Err("An architecture gives an engine of its own, not a fitted one: predict runs loads on it directly."
                .to_owned())
        }
        RunSpec::Id(id) => PredictEngine::from_dataset(id),
        RunSpec::Files(files) => {
            let borrowed: Vec<(&str, &str)> =
                files.iter().map(|SpecFile { name, text }| (name.as_str(), text.as_str())).collect();
            let imported = import_suite(&borrowed);
            if let Some(refused) = imported.refused.first() {
                let why = refused.error.to_string();
                return Err(format!("The file {} was not read: {}.", refused.file, why.trim_end_matches('.')));
            }
            let run = imported.run.ok_or("The files give no benchmark run to predict with.")?;
            PredictEngine::from_suite(&run)
        }
    }
}

/// `SparkSizer.predict(loadJson, runSpec)`: the load read first (so a bad load is named
/// whatever the run spec), then the run spec's engine and the prediction.
///
/// # Errors
/// One sentence (see [`PredictLoad::from_json`], [`predict_engine`] and [`predict_answer`]).
pub fn predict(load_json: &str, run_spec: &RunSpec) -> Result<String, String> {
    answer_for(&AnyLoad::from_json(load_json)?, run_spec)
}

/// A load of either kind on a run spec's engine: a fitted one, or an architecture's.
fn answer_for(load: &AnyLoad, spec: &RunSpec) -> Result<String, String> {
    if let RunSpec::Architecture { architecture, server } = spec {
        let run = architecture_run(architecture, server.as_ref())?;
        return match load {
            AnyLoad::Open(open) => answer::open_answer(open, &run),
            AnyLoad::Closed(closed) => answer::closed_answer(closed, &run),
        };
    }
    let engine = predict_engine(spec)?;
    match load {
        AnyLoad::Open(open) => predict_answer(open, &engine),
        AnyLoad::Closed(closed) => closed_answer(closed, &engine),
    }
}

/// [`predict`] with the run spec as JSON text (a quoted id or `{"files": [...]}`), as the page's
/// binding passes it.
///
/// # Errors
/// One sentence (see [`predict`] and [`RunSpec::from_json`]).
pub fn predict_from_json(load_json: &str, run_spec_json: &str) -> Result<String, String> {
    predict_with(load_json, || RunSpec::from_json(run_spec_json))
}

/// [`predict`] with the run spec as the page's binding reads a JavaScript value: a run id, or
/// the text of `{"files": [...]}` (the same spec as [`predict_from_json`]'s, so both answer alike).
///
/// # Errors
/// One sentence (see [`predict_from_json`]).
pub fn predict_from_api(load_json: &str, run: &ApiRun) -> Result<String, String> {
    predict_with(load_json, || match run {
        ApiRun::Id(id) => Ok(RunSpec::Id(id.clone())),
        ApiRun::Inline(json) => RunSpec::from_json(json),
    })
}

/// The load read first (its error is the one reported when both are wrong), then the run spec,
/// its engine and the answer.
fn predict_with(load_json: &str, spec: impl FnOnce() -> Result<RunSpec, String>) -> Result<String, String> {
    let load = AnyLoad::from_json(load_json)?;
    answer_for(&load, &spec()?)
}
