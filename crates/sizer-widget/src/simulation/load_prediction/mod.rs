//! "Load from your logs": an open-loop load (peak requests per second, burstiness, prompt and
//! answer lengths) predicted on the chosen run's engine model (`sizer_data::predict_engine`: a
//! dataset run's, or a person's run imported as a whole suite, [`ImportedSuite`]), with the highest rate that keeps a p95 TTFT target and a
//! chart of the sweep beside the run's measured one. The work (`job`) runs off the input path
//! in slices (`section`'s browser driver, as the simulation's `scheduler`); its views are
//! `section` (inputs, state), `result` (the figures and charts), `logs` (a log read into
//! the inputs) and `log_ranking` (the log's load on every run); `panel` keeps a log's state
//! across the section's per-language remount.

pub mod export;
pub mod fragment;
pub mod job;
pub mod log_ranking;
pub mod logs;
pub mod panel;
pub mod people_rate;
pub mod result;
pub mod section;

use std::rc::Rc;

use sizer_data::{Run, RunMeasuredLoad};

/// A person's run imported as a whole suite, with its measured load when its files gave one:
/// predicted on its own closed-loop workloads, drawn beside its own measured sweep. Compared by
/// identity (the same import).
#[derive(Clone, Debug)]
pub struct ImportedSuite {
    pub run: Rc<Run>,
    pub load: Option<Rc<RunMeasuredLoad>>,
}

impl PartialEq for ImportedSuite {
    fn eq(&self, other: &ImportedSuite) -> bool {
        Rc::ptr_eq(&self.run, &other.run)
            && match (&self.load, &other.load) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

/// The hardware a prediction covers: the run's node count and hardware name, `None` where a
/// person's run does not say.
pub fn hardware_of(run_id: &str, imported: Option<&ImportedSuite>) -> (u32, Option<String>) {
    let run = imported.map(|s| s.run.as_ref()).or_else(|| sizer_data::dataset().run(run_id));
    run.map_or((1, None), |run| (run.nodes, run.stated_hardware().map(str::to_owned)))
}
