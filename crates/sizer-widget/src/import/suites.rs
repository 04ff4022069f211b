//! The suite imports runs came from, found again by the instance and the run's id: a run
//! imported as a whole suite brings a measured load that a [`sizer_data::Run`] does not hold.
//!
//! Why beside the state rather than in it: the state and its reducer are in the first wasm
//! module, which has no room left; the suite's data are only read by views of the second (the
//! measured-load section). The reducer records each import's outcome ([`ImportDone`]) and puts
//! its run in use; [`remember`] files the outcome under the run in use the first time the page
//! renders after that import (checked: a run of several workloads with the outcome's label),
//! and [`load`] finds it by id afterwards. Entries are never changed: an id is never reused
//! while the page lives (`ImportedRuns`), so a removed run's entry is simply not asked for.

use std::cell::RefCell;
use std::rc::Rc;

use sizer_data::RunMeasuredLoad;

use crate::import::imported::ImportedRuns;
use crate::import::state::{ImportDone, SuiteReport};

thread_local! {
    /// (instance id prefix, run id, the suite import).
    static SUITES: RefCell<Vec<(String, String, SuiteReport)>> = const { RefCell::new(Vec::new()) };
}

/// Files the last import's suite, if it was one and not filed yet, under the instance and the
/// run in use, when that run is the suite's (several workloads, the outcome's label).
pub fn remember(prefix: &str, done: &ImportDone, imported: &ImportedRuns, in_use: &str) {
    let Some(suite) = &done.suite else { return };
    // A run from an architecture may have one workload (its longer lengths not fitting).
    let is_its_run = imported.get(in_use).is_some_and(|run| {
        (run.workload_count() > 1 || sizer_data::architecture::as_run::architecture_of(run).is_some())
            && run.label == done.label
    });
    SUITES.with(|suites| {
        let mut suites = suites.borrow_mut();
        if is_its_run && !suites.iter().any(|(p, id, filed)| p == prefix && (id == in_use || filed == suite)) {
            suites.push((prefix.to_owned(), in_use.to_owned(), suite.clone()));
        }
    });
}

/// Whether `id` is a run imported as a whole suite in this instance.
pub fn is_suite(prefix: &str, id: &str) -> bool {
    SUITES.with(|suites| suites.borrow().iter().any(|(p, run, _)| p == prefix && run == id))
}

/// The measured load of a run imported as a whole suite in this instance.
pub fn load(prefix: &str, id: &str) -> Option<Rc<RunMeasuredLoad>> {
    SUITES.with(|suites| {
        let suites = suites.borrow();
        let (_, _, suite) = suites.iter().find(|(p, run, _)| p == prefix && run == id)?;
        suite.get()?.load.clone()
    })
}
