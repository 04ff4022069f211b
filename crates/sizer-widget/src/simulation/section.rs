//! "Check by simulation": does the sizing hold when the team's requests are replayed against the
//! run's engine model (fitted to its own closed-loop files, where it has them) or else its
//! measured curve? The verdict, the model that ran, the in-flight distribution beside the formula's predictions,
//! per-request speed against team size (the sweep), and the assumptions with the seed.
//!
//! Off the input path: the sizing renders first; the simulation starts in a later task (200 ms
//! after the last change of run or scenario, at once for a new seed) and runs
//! in slices of a few milliseconds (`crate::simulation::stepper`), yielding to the browser between them. It
//! shows progress once it has taken longer than a frame, and a new input (a new run, scenario or
//! seed) cancels it and starts afresh. Every result carries the inputs it was computed for
//! ([`SimKey`]); one for other inputs is shown dimmed and without its verdict
//! (`[data-result="simulation"]`), so nothing stale reads as current, and the input's own task
//! does no simulation work at all. On the server nothing runs: the section renders its heading
//! and intro only.
//!
//! # Props of [`SimulationSection`]
//! - `run: RunRef`, `scenario: sizer_core::Scenario` (with the KV pool and prefill
//!   rate the sizing used), `seed: u64`, `lang`, `on_seed: Callback<u64>` (another seed),
//!   `redraw_key` (theme switches).

use std::rc::Rc;

use sizer_core::Scenario;
use sizer_core::sim::{SimError, SimModel, SimReport, SweepError, SweepReport};
use sizer_data::architecture::as_run::architecture_of;
use sizer_data::architecture::measured_error::measured_error_for;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::architecture::{measured_error, sim_model};
use crate::i18n::labels::run_label;
use crate::i18n::simulation::{SimMsg, cannot_run, model_line, progress, scope, sim_text, verdict};
use crate::simulation::result::SimResult;
use crate::simulation::stepper::EngineMemo;
use crate::sizing::run_ref::RunRef;

/// Props of [`SimulationSection`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct SimulationProps {
    pub run: RunRef,
    pub scenario: Scenario,
    pub seed: u64,
    pub lang: Lang,
    pub on_seed: Callback<u64>,
    #[prop_or_default]
    pub redraw_key: AttrValue,
}

/// Why there is no simulation to show.
#[derive(Clone, Debug, PartialEq)]
pub enum SimProblem {
    /// The run has no per-request speed curve.
    NoCurve,
    /// The sizing allows nobody.
    NoUsers,
    /// Anything else, in the core's words.
    Other(String),
}

impl SimProblem {
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn from_error(error: &SweepError) -> SimProblem {
        match error {
            SweepError::Simulation(SimError::NoUsers) => SimProblem::NoUsers,
            other => SimProblem::Other(other.to_string()),
        }
    }
}

/// The inputs a result is for: run id, scenario and seed.
pub type SimKey = (String, Scenario, u64);

/// What the section shows; changed only through [`SimEvent`]s.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimView {
    /// The last main report, the inputs it is for, and the sweep that followed it.
    pub report: Option<(SimKey, Rc<SimReport>)>,
    pub sweep: Option<Rc<SweepReport>>,
    pub sweep_done: bool,
    /// The inputs being simulated, with the share of the current simulation done and the team
    /// sizes simulated, once it has run longer than a frame.
    pub running: Option<SimKey>,
    pub progress: Option<(f64, usize)>,
    /// Why the inputs given cannot be simulated.
    pub problem: Option<(SimKey, SimProblem)>,
}

/// What the running simulation reports.
#[derive(Clone, Debug, PartialEq)]
pub enum SimEvent {
    Start(SimKey),
    Progress(f64, usize),
    Main(SimKey, Rc<SimReport>),
    Sweep(Rc<SweepReport>, bool),
    Failed(SimKey, SimProblem),
}

impl Reducible for SimView {
    type Action = SimEvent;

    fn reduce(self: Rc<Self>, event: SimEvent) -> Rc<Self> {
        let mut next = (*self).clone();
        match event {
            SimEvent::Start(key) => {
                next.running = Some(key);
                next.progress = None;
            }
            SimEvent::Progress(share, runs) => next.progress = Some((share, runs)),
            SimEvent::Main(key, report) => {
                next.report = Some((key, report));
                next.sweep = None;
                next.sweep_done = false;
                next.progress = None;
                next.problem = None;
            }
            SimEvent::Sweep(sweep, done) => {
                next.sweep = Some(sweep);
                next.sweep_done = done;
                if done {
                    next.running = None;
                    next.progress = None;
                }
            }
            SimEvent::Failed(key, problem) => {
                next.report = None;
                next.sweep = None;
                next.running = None;
                next.progress = None;
                next.problem = Some((key, problem));
            }
        }
        Rc::new(next)
    }
}

/// The "Check by simulation" section.
#[component]
pub fn SimulationSection(props: &SimulationProps) -> Html {
    let view = use_reducer(SimView::default);
    {
        let dispatcher = view.dispatcher();
        // The run and scenario of the last start: a new seed alone starts at once.
        let last = use_mut_ref(|| None::<(String, Scenario)>);
        // The run's engine, fitted once for all its simulations.
        let engines = use_mut_ref(EngineMemo::default);
        let deps = (props.run.clone(), props.scenario, props.seed);
        use_effect_with(deps, move |(run, scenario, seed)| {
            let same = last.borrow().as_ref().is_some_and(|(id, s)| *id == run.id && s == scenario);
            let delay = if same { 0 } else { crate::simulation::scheduler::SETTLE_MS };
            *last.borrow_mut() = Some((run.id.clone(), *scenario));
            let cancel = crate::simulation::scheduler::start(run, scenario, *seed, delay, dispatcher, engines);
            move || cancel.cancel()
        });
    }
    let lang = props.lang;
    let t = |msg: SimMsg| sim_text(lang, msg);
    let key: SimKey = (props.run.id.clone(), props.scenario, props.seed);
    // The kind of input the run's architecture was read from says the error it shows.
    let architecture_input = architecture_of(&props.run).map(|computed| computed.input);
    let from_architecture = architecture_input.is_some();
    let fresh = view.report.as_ref().filter(|(for_key, _)| *for_key == key).map(|(_, report)| report);
    let problem = view.problem.as_ref().filter(|(for_key, _)| *for_key == key).map(|(_, problem)| problem);
    let done = fresh.is_some() && view.sweep_done;
    let progress_shown = view.progress.filter(|_| view.running.as_ref() == Some(&key));
    let on_another = {
        let on_seed = props.on_seed.clone();
        let seed = props.seed;
        Callback::from(move |_: MouseEvent| on_seed.emit(seed.wrapping_add(1)))
    };
    let state = match (problem, done) {
        (Some(_), _) => "error",
        (None, true) => "done",
        _ => "running",
    };
    html! {
        <section class="ss-sim" data-section="simulation" data-state={state} data-seed={props.seed.to_string()} aria-busy={(state == "running").to_string()}>
            <h3>{ t(SimMsg::Heading) }</h3>
            <p class="ss-sim-intro">{ t(SimMsg::Intro) }</p>
            if let Some(problem) = problem {
                <p class="ss-sim-problem" role="status">{ problem_text(lang, problem) }</p>
            }
            if let Some((share, runs)) = progress_shown {
                <p class="ss-sim-progress" role="status">
                    <progress max="1" value={share.to_string()}></progress>
                    { " " }{ progress(lang, share, runs) }
                </p>
            }
            if let Some(report) = fresh {
                <p class="ss-sim-verdict" data-result="simulation" data-value={if report.holds { "holds" } else { "fails" }} data-seed={report.seed.to_string()}>
                    <strong>{ verdict(lang, report) }</strong>
                </p>
                <p class="ss-sim-scope">{ scope(lang, report, run_label(lang, &props.run)) }</p>
                <p class="ss-sim-model" data-result="sim-model" data-value={model_key(report)}>{ model_text(lang, report, from_architecture) }</p>
                if let Some(input) = architecture_input {
                    <p class="ss-sim-model" data-result="sim-architecture-error">{ measured_error(lang, input, &measured_error_for(input)) }</p>
                }
            }
            if let Some(((_, scenario, _), report)) = &view.report {
                <SimResult
                    report={Rc::clone(report)}
                    sweep={view.sweep.clone()}
                    done={done}
                    stale={fresh.is_none()}
                    scenario={*scenario}
                    {lang}
                    redraw_key={props.redraw_key.clone()}
                />
            }
            <button type="button" class="ss-button ss-sim-seed" data-action="sim-seed" onclick={on_another}>
                { format!("{} ({})", t(SimMsg::AnotherSeed), props.seed.wrapping_add(1)) }
            </button>
        </section>
    }
}

/// Which model ran, in words: an engine from an architecture says so.
fn model_text(lang: Lang, report: &SimReport, from_architecture: bool) -> String {
    match (from_architecture, report.model) {
        (true, SimModel::Engine { max_decode_batch, .. }) => sim_model(lang, max_decode_batch),
        _ => model_line(lang, report),
    }
}

/// The model that ran, for tests and host pages (`data-value` of `[data-result="sim-model"]`).
fn model_key(report: &SimReport) -> &'static str {
    match report.model {
        SimModel::Engine { .. } => "engine",
        SimModel::Curve => "curve",
        SimModel::CurveRequestTooLong { .. } => "curve-request-too-long",
    }
}

fn problem_text(lang: Lang, problem: &SimProblem) -> String {
    match problem {
        SimProblem::NoCurve => sim_text(lang, SimMsg::NoCurve).to_owned(),
        SimProblem::NoUsers => sim_text(lang, SimMsg::NoUsers).to_owned(),
        SimProblem::Other(detail) => cannot_run(lang, detail),
    }
}
