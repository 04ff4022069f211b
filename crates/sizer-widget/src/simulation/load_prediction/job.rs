//! The work behind "Load from your logs", in steps the page can interleave with everything
//! else: the prediction at the load people typed, then one rate of the sweep
//! (`sizer_data::prediction::RATE_GRID`) per step. No browser calls here: the section schedules
//! the steps, and native tests run them to the end. Every rule (the sweep's loads, the rate
//! that keeps the target) is `sizer_data::prediction`'s.

use std::rc::Rc;

use sizer_data::predict_engine::PredictEngine;
use sizer_data::predict_load::PredictLoad;
use sizer_data::prediction::{KeptRate, PageLoadError, PageLoadInput, Prediction, RATE_GRID, kept_rate, sweep_load};

/// What the job has predicted so far.
#[derive(Clone, Debug, PartialEq)]
pub struct PredictOutcome {
    /// The load predicted (the page's inputs, the sweep's number of requests at the rate).
    pub load: PredictLoad,
    /// The p95 TTFT target (s).
    pub target_s: f64,
    /// The prediction at the load.
    pub main: Prediction,
    /// The sweep's rates predicted so far, rising; a rate the server cannot run is left out.
    pub sweep: Vec<(f64, Prediction)>,
    /// True once every rate of the sweep was tried.
    pub done: bool,
}

impl PredictOutcome {
    /// The highest rate of the finished sweep that keeps the target (`None` before it ends).
    pub fn kept(&self) -> Option<KeptRate> {
        if self.done { kept_rate(&self.sweep, self.target_s) } else { None }
    }
}

/// What one call of [`PredictJob::step`] reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobStep {
    /// The prediction at the load is ready.
    Main,
    /// One more rate of the sweep was predicted.
    Rate,
    /// Everything is done.
    Done,
}

/// The prediction and its sweep, a step at a time.
#[derive(Clone, Debug)]
pub struct PredictJob {
    engine: Rc<PredictEngine>,
    load: PredictLoad,
    target_s: f64,
    main: Option<Prediction>,
    sweep: Vec<(f64, Prediction)>,
    next_rate: usize,
}

impl PredictJob {
    /// A job for the page's inputs on `engine`.
    ///
    /// # Errors
    /// The first bad input, or a request longer than the server holds (`PredictEngine::page_load`).
    pub fn new(engine: Rc<PredictEngine>, input: &PageLoadInput) -> Result<PredictJob, PageLoadError> {
        let load = engine.page_load(input)?;
        Ok(PredictJob { engine, load, target_s: input.target_s, main: None, sweep: Vec::new(), next_rate: 0 })
    }

    /// Predicts the next thing: the load, then one rate of the sweep.
    ///
    /// # Errors
    /// The data's sentence when the load itself cannot run (a sweep rate that cannot is left out).
    pub fn step(&mut self) -> Result<JobStep, String> {
        if self.main.is_none() {
            self.main = Some(self.engine.predict(&self.load)?);
            return Ok(JobStep::Main);
        }
        let Some(&rate) = RATE_GRID.get(self.next_rate) else { return Ok(JobStep::Done) };
        self.next_rate += 1;
        if let Ok(prediction) = self.engine.predict(&sweep_load(&self.load, rate)) {
            self.sweep.push((rate, prediction));
        }
        Ok(if self.next_rate == RATE_GRID.len() { JobStep::Done } else { JobStep::Rate })
    }

    /// The outcome so far, once the load was predicted.
    pub fn outcome(&self) -> Option<PredictOutcome> {
        Some(PredictOutcome {
            load: self.load,
            target_s: self.target_s,
            main: self.main?,
            sweep: self.sweep.clone(),
            done: self.next_rate == RATE_GRID.len(),
        })
    }

    /// Share of the steps done, 0 to 1.
    pub fn progress(&self) -> f64 {
        let done = usize::from(self.main.is_some()) + self.next_rate;
        done as f64 / (RATE_GRID.len() + 1) as f64
    }
}

/// The engine model of a dataset run (`PredictEngine::from_dataset`), or of a person's run
/// imported as a whole suite (`PredictEngine::from_imported_suite`).
///
/// # Errors
/// The data's one sentence on why the run gives none.
pub fn engine_for(run_id: &str, imported: Option<&sizer_data::Run>) -> Result<PredictEngine, String> {
    match imported {
        Some(run) => PredictEngine::from_imported_suite(run),
        None => PredictEngine::from_dataset(run_id),
    }
}

/// The whole job in one call (the server render's tests, and native checks).
///
/// # Errors
/// A bad input (its debug form: these callers only check that none occurs), or the load's own
/// sentence.
pub fn run_to_end(engine: Rc<PredictEngine>, input: &PageLoadInput) -> Result<PredictOutcome, String> {
    let mut job = PredictJob::new(engine, input).map_err(|e| format!("{e:?}"))?;
    while job.step()? != JobStep::Done {}
    job.outcome().ok_or_else(|| "nothing predicted".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NVFP4: &str = "djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4";

    #[test]
    fn the_job_in_steps_gives_the_datas_predictions_in_one_call_each() {
        // A second method for the same figures: the data's functions called directly.
        let engine = Rc::new(engine_for(NVFP4, None).expect("an engine"));
        let input = PageLoadInput::default();
        let mut job = PredictJob::new(Rc::clone(&engine), &input).expect("valid");
        assert_eq!(job.step(), Ok(JobStep::Main));
        let mut steps = 1;
        while job.step().expect("runs") != JobStep::Done {
            steps += 1;
        }
        assert_eq!(steps, RATE_GRID.len(), "the load, then a step per rate but the last");
        let outcome = job.outcome().expect("an outcome");
        assert_eq!(outcome.main, engine.predict(&PredictLoad::default()).expect("predicts"));
        assert_eq!(outcome.sweep.len(), RATE_GRID.len());
        for (rate, prediction) in &outcome.sweep {
            assert_eq!(*prediction, engine.predict(&sweep_load(&outcome.load, *rate)).expect("predicts"));
        }
        assert_eq!(outcome.kept(), kept_rate(&outcome.sweep, 5.0));
        assert!(outcome.kept().is_some());
        assert_eq!(job.progress(), 1.0);
    }
}
