//! Runs a [`SimJob`] in the browser off the input path: it starts in a task after the one that
//! rendered the sizing (after [`SETTLE_MS`] for a new run or scenario), advances in slices of
//! about [`SLICE_MS`] and yields to the browser between them
//! (`crate::common::defer::yield_to_browser`), reports progress once it has run longer than a
//! frame, and stops at the next slice once cancelled. Outside wasm nothing runs.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use sizer_core::Scenario;
use yew::UseReducerDispatcher;

use crate::simulation::section::SimView;
use crate::simulation::stepper::EngineMemo;
use crate::sizing::run_ref::RunRef;

/// Milliseconds of simulation between two yields to the browser.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const SLICE_MS: f64 = 4.0;
/// Progress is shown once the job has run this long (one frame at 60 Hz).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const FRAME_MS: f64 = 16.0;
/// After a new run or scenario (and on mount), the simulation waits this long for the inputs to
/// settle: typing and dragging cost no simulation work, and the sizing's own updates never
/// share a frame with a slice. A new seed (a click on the simulation itself) starts at once.
pub const SETTLE_MS: u32 = 200;
/// Events between two looks at the clock (a fraction of a millisecond).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const EVENTS_PER_STEP: u64 = 1_024;

/// Cancels a started job (at its next slice).
pub struct SimCancel(Rc<Cell<bool>>);

impl SimCancel {
    /// Stops the job: it reports nothing more.
    pub fn cancel(&self) {
        self.0.set(true);
    }
}

/// Starts simulating `scenario` on `run` with `seed` after `delay_ms`, reporting to `view`; the
/// run's engine comes from `engines` (fitted there once per run).
pub fn start(
    run: &RunRef,
    scenario: &Scenario,
    seed: u64,
    delay_ms: u32,
    view: UseReducerDispatcher<SimView>,
    engines: Rc<RefCell<EngineMemo>>,
) -> SimCancel {
    let cancelled = Rc::new(Cell::new(false));
    #[cfg(target_arch = "wasm32")]
    browser::spawn(run.clone(), *scenario, seed, delay_ms, view, engines, Rc::clone(&cancelled));
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (run, scenario, seed, delay_ms, view, engines);
    SimCancel(cancelled)
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use sizer_core::Scenario;
    use yew::UseReducerDispatcher;

    use super::{EVENTS_PER_STEP, FRAME_MS, SLICE_MS};
    use crate::common::defer::yield_to_browser;
    use crate::simulation::section::{SimEvent, SimKey, SimProblem, SimView};
    use crate::simulation::stepper::{EngineMemo, SimJob, Step, machine_for};
    use crate::sizing::run_ref::RunRef;

    pub fn spawn(
        run: RunRef,
        scenario: Scenario,
        seed: u64,
        delay_ms: u32,
        view: UseReducerDispatcher<SimView>,
        engines: Rc<RefCell<EngineMemo>>,
        cancelled: Rc<Cell<bool>>,
    ) {
        let key: SimKey = (run.id.clone(), scenario, seed);
        yew::platform::spawn_local(async move {
            // Let the sizing's update reach the screen first (and the inputs settle).
            if delay_ms > 0 {
                yew::platform::time::sleep(std::time::Duration::from_millis(u64::from(delay_ms))).await;
            }
            yield_to_browser().await;
            if cancelled.get() {
                return;
            }
            view.dispatch(SimEvent::Start(key.clone()));
            let engine = engines.borrow_mut().engine(&run);
            let Some(machine) = machine_for(&run, &scenario, engine) else {
                view.dispatch(SimEvent::Failed(key, SimProblem::NoCurve));
                return;
            };
            match SimJob::new(machine, &scenario, seed) {
                Ok(job) => drive(job, key, &view, &cancelled).await,
                Err(error) => view.dispatch(SimEvent::Failed(key, SimProblem::from_error(&error))),
            }
        });
    }

    async fn drive(mut job: SimJob, key: SimKey, view: &UseReducerDispatcher<SimView>, cancelled: &Cell<bool>) {
        let started = js_sys::Date::now();
        let mut slice_started = started;
        let mut shown: Option<f64> = None;
        loop {
            if cancelled.get() {
                return;
            }
            let mut paint = false;
            match job.step(EVENTS_PER_STEP) {
                Ok(Step::Running) => {}
                Ok(Step::MainDone) => {
                    if let Some(report) = job.main_report() {
                        view.dispatch(SimEvent::Main(key.clone(), Rc::new(report.clone())));
                    }
                    paint = true;
                }
                Ok(Step::SweepPoint) => view.dispatch(SimEvent::Sweep(Rc::new(job.sweep()), false)),
                Ok(Step::Done) => {
                    view.dispatch(SimEvent::Sweep(Rc::new(job.sweep()), true));
                    return;
                }
                Err(error) => {
                    // A sweep size the core rejects ends the sweep; the main report stays.
                    let event = match job.main_report() {
                        Some(_) => SimEvent::Sweep(Rc::new(job.sweep()), true),
                        None => SimEvent::Failed(key, SimProblem::from_error(&error)),
                    };
                    view.dispatch(event);
                    return;
                }
            }
            let now = js_sys::Date::now();
            if paint || now - slice_started >= SLICE_MS {
                let share = job.progress();
                if now - started >= FRAME_MS && shown.is_none_or(|last| (share - last).abs() >= 0.01) {
                    view.dispatch(SimEvent::Progress(share, job.sweep_runs()));
                    shown = Some(share);
                }
                yield_to_browser().await;
                slice_started = js_sys::Date::now();
            }
        }
    }
}
