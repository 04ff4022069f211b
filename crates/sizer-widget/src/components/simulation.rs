//! "Check by simulation": does the sizing hold when the team's requests are replayed against the
//! measured curve? The verdict, the in-flight distribution beside the formula's predictions,
//! per-request speed against team size (the sweep), and the assumptions with the seed.
//!
//! Off the input path: the sizing renders first; the simulation starts in a later task (200 ms
//! after the last change of run or scenario, at once for a new seed) and runs
//! in slices of a few milliseconds (`crate::sim_job`), yielding to the browser between them. It
//! shows progress once it has taken longer than a frame, and a new input (a new run, scenario or
//! seed) cancels it and starts afresh. Until the new result is in, the old charts are shown
//! dimmed and the verdict (`[data-result="simulation"]`) is withheld, so nothing stale reads as
//! current. On the server nothing runs: the section renders its heading and intro only.
//!
//! # Props of [`SimulationSection`]
//! - `run: RunRef`, `scenario: sizer_core::Scenario` (with the KV pool and prefill
//!   rate the sizing used), `seed: u64`, `lang`, `on_seed: Callback<u64>` (another seed),
//!   `redraw_key` (theme switches).

use std::rc::Rc;

use sizer_core::Scenario;
use sizer_core::sim::{SimError, SimReport, SimRequest, SweepError, SweepReport};
use yew::prelude::*;

use crate::chart::sim_charts::{InFlightChart, SimChartText, SweepChart};
use crate::components::sim_figure::{SimChart, SimFigure};
use crate::i18n::simulation::{
    SimMsg, assumptions, formula_label, in_flight_summary, progress, scope, sim_text, streams_label, sweep_sentence,
    verdict,
};
use crate::i18n::{Lang, format_integer, format_number};
use crate::run_ref::RunRef;

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

/// What the section shows; changed only through [`SimEvent`]s.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimView {
    pub report: Option<Rc<SimReport>>,
    pub sweep: Option<Rc<SweepReport>>,
    /// The report is for the current inputs (else it is the previous one, shown dimmed).
    pub fresh: bool,
    pub sweep_done: bool,
    /// Share of the current simulation done and team sizes simulated, once running longer than
    /// a frame.
    pub progress: Option<(f64, usize)>,
    pub problem: Option<SimProblem>,
}

/// What the running simulation reports.
#[derive(Clone, Debug, PartialEq)]
pub enum SimEvent {
    Start,
    Progress(f64, usize),
    Main(Rc<SimReport>),
    Sweep(Rc<SweepReport>, bool),
    Failed(SimProblem),
}

impl Reducible for SimView {
    type Action = SimEvent;

    fn reduce(self: Rc<Self>, event: SimEvent) -> Rc<Self> {
        let mut next = (*self).clone();
        match event {
            SimEvent::Start => {
                next.fresh = false;
                next.sweep_done = false;
                next.progress = None;
                next.problem = None;
            }
            SimEvent::Progress(share, runs) => next.progress = Some((share, runs)),
            SimEvent::Main(report) => {
                next.report = Some(report);
                next.fresh = true;
                next.sweep = None;
                next.progress = None;
            }
            SimEvent::Sweep(sweep, done) => {
                next.sweep = Some(sweep);
                next.sweep_done = done;
                if done {
                    next.progress = None;
                }
            }
            SimEvent::Failed(problem) => {
                next.report = None;
                next.sweep = None;
                next.progress = None;
                next.problem = Some(problem);
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
        let deps = (props.run.clone(), props.scenario, props.seed);
        use_effect_with(deps, move |(run, scenario, seed)| {
            let same = last.borrow().as_ref().is_some_and(|(id, s)| *id == run.id && s == scenario);
            let delay = if same { 0 } else { crate::sim_task::SETTLE_MS };
            *last.borrow_mut() = Some((run.id.clone(), *scenario));
            let cancel = crate::sim_task::start(run, scenario, *seed, delay, dispatcher);
            move || cancel.cancel()
        });
    }
    let lang = props.lang;
    let t = |msg: SimMsg| sim_text(lang, msg);
    let running = !view.fresh || !view.sweep_done;
    let on_another = {
        let on_seed = props.on_seed.clone();
        let seed = props.seed;
        Callback::from(move |_: MouseEvent| on_seed.emit(seed.wrapping_add(1)))
    };
    let state = match (&view.problem, view.fresh, view.sweep_done) {
        (Some(_), _, _) => "error",
        (None, true, true) => "done",
        _ => "running",
    };
    html! {
        <section class="ss-sim" data-section="simulation" data-state={state} data-seed={props.seed.to_string()} aria-busy={running.to_string()}>
            <h3>{ t(SimMsg::Heading) }</h3>
            <p class="ss-sim-intro">{ t(SimMsg::Intro) }</p>
            if let Some(problem) = &view.problem {
                <p class="ss-sim-problem" role="status">{ problem_text(lang, problem) }</p>
            }
            if let Some((share, runs)) = view.progress {
                <p class="ss-sim-progress" role="status">
                    <progress max="1" value={share.to_string()}></progress>
                    { " " }{ progress(lang, share, runs) }
                </p>
            }
            if let Some(report) = view.report.as_ref().filter(|_| view.fresh) {
                <p class="ss-sim-verdict" data-result="simulation" data-value={if report.holds { "holds" } else { "fails" }} data-seed={report.seed.to_string()}>
                    <strong>{ verdict(lang, report) }</strong>
                </p>
                <p class="ss-sim-scope">{ scope(lang, report, &props.run.label) }</p>
            }
            if let Some(report) = &view.report {
                <div class={classes!("ss-sim-charts", (!view.fresh).then_some("ss-sim-stale"))}>
                    { in_flight_figure(lang, report, props.redraw_key.clone()) }
                    if let Some(sweep) = &view.sweep {
                        { sweep_figure(lang, sweep, report, view.sweep_done && view.fresh, props.redraw_key.clone()) }
                    }
                </div>
                <details class="ss-sim-work">
                    <summary>{ t(SimMsg::WorkSummary) }</summary>
                    <ol>
                        for line in work_lines(lang, report, &props.scenario) {
                            <li>{ line }</li>
                        }
                    </ol>
                </details>
            }
            <button type="button" class="ss-button ss-sim-seed" data-action="sim-seed" onclick={on_another}>
                { format!("{} ({})", t(SimMsg::AnotherSeed), props.seed.wrapping_add(1)) }
            </button>
        </section>
    }
}

fn problem_text(lang: Lang, problem: &SimProblem) -> String {
    match problem {
        SimProblem::NoCurve => sim_text(lang, SimMsg::NoCurve).to_owned(),
        SimProblem::NoUsers => sim_text(lang, SimMsg::NoUsers).to_owned(),
        SimProblem::Other(detail) => match lang {
            Lang::En => format!("The simulation cannot run: {detail}."),
            Lang::De => format!("Die Simulation kann nicht laufen: {detail}."),
        },
    }
}

fn work_lines(lang: Lang, report: &SimReport, scenario: &Scenario) -> Vec<String> {
    let request = SimRequest::from_scenario(scenario, report.users);
    let think = request.groups.first().filter(|g| !g.always_busy).map(|g| request.think_mean_s(g));
    assumptions(lang, report, think, scenario.prompt_tokens, scenario.answer_tokens, scenario.context_tokens)
}

fn in_flight_figure(lang: Lang, report: &SimReport, redraw_key: AttrValue) -> Html {
    let chart = InFlightChart::from_report(report);
    let text = SimChartText {
        x_title: sim_text(lang, SimMsg::InFlightX).to_owned(),
        y_title: sim_text(lang, SimMsg::InFlightY).to_owned(),
        floor_label: chart.streams_at_floor.map(|s| streams_label(lang, s, report.floor_tok_s)),
        formula_label: None,
    };
    let summary = in_flight_summary(lang, report);
    let mut legend = vec![
        ("ss-swatch ss-swatch--run", sim_text(lang, SimMsg::Simulated).to_owned()),
        ("ss-swatch ss-swatch--overlay-1", sim_text(lang, SimMsg::Poisson).to_owned()),
    ];
    if chart.bars.iter().any(|b| b.finite_population.is_some()) {
        legend.push(("ss-swatch ss-swatch--overlay-2", sim_text(lang, SimMsg::FinitePopulation).to_owned()));
    }
    if let Some(label) = &text.floor_label {
        legend.push(("ss-swatch ss-swatch--floor", label.clone()));
    }
    html! {
        <SimFigure
            name="in-flight"
            title={AttrValue::Static(sim_text(lang, SimMsg::InFlightTitle))}
            chart={Rc::new(SimChart::InFlight(chart))}
            text={Rc::new(text)}
            summary={AttrValue::from(summary.clone())}
            note={AttrValue::from(summary)}
            {legend}
            {lang}
            {redraw_key}
        />
    }
}

fn sweep_figure(lang: Lang, sweep: &SweepReport, report: &SimReport, done: bool, redraw_key: AttrValue) -> Html {
    let chart = SweepChart::from_sweep(sweep, report.floor_tok_s);
    let floor = format_number(lang, report.floor_tok_s, if report.floor_tok_s.fract() == 0.0 { 0 } else { 1 });
    let unit = if lang == Lang::De { "Token/s" } else { "tok/s" };
    let text = SimChartText {
        x_title: sim_text(lang, SimMsg::SweepX).to_owned(),
        y_title: unit.to_owned(),
        floor_label: Some(format!("{floor} {unit}")),
        formula_label: Some(formula_label(lang, sweep.formula_people)),
    };
    let sentence = done.then(|| {
        sweep_sentence(lang, sweep.formula_people, sweep.simulated_people, sweep.first_failing, report.percentile)
    });
    let legend = vec![
        ("ss-swatch ss-swatch--run", sim_text(lang, SimMsg::P50).to_owned()),
        ("ss-swatch ss-swatch--overlay-1", sim_text(lang, SimMsg::P95).to_owned()),
        ("ss-swatch ss-swatch--overlay-2", sim_text(lang, SimMsg::P99).to_owned()),
        ("ss-swatch ss-swatch--floor", format!("{floor} {unit}")),
    ];
    let rows = chart.rows.clone();
    let title = sim_text(lang, SimMsg::SweepTitle);
    let summary = sentence.clone().unwrap_or_else(|| title.to_owned());
    html! {
        <div class="ss-sim-sweep-part">
            <SimFigure
                name="sweep"
                title={AttrValue::Static(title)}
                chart={Rc::new(SimChart::Sweep(chart))}
                text={Rc::new(text)}
                summary={AttrValue::from(summary)}
                {legend}
                {lang}
                {redraw_key}
            />
            if let Some(sentence) = sentence {
                <p class="ss-sim-sweep" data-result="simulated-people" data-value={sweep.simulated_people.to_string()}>{ sentence }</p>
            }
            <table class="ss-table ss-sim-table">
                <thead>
                    <tr>
                        <th scope="col">{ sim_text(lang, SimMsg::SweepX) }</th>
                        <th scope="col">{ "≥ " }{ floor.clone() }{ " " }{ unit }</th>
                        <th scope="col">{ "p50" }</th>
                        <th scope="col">{ "p95" }</th>
                        <th scope="col">{ "p99" }</th>
                    </tr>
                </thead>
                <tbody>
                    for row in rows {
                        <tr>
                            <th scope="row">{ format_integer(lang, u64::from(row.users)) }</th>
                            <td>{ format_number(lang, 100.0 * row.share_at_floor, 1) }{ " %" }</td>
                            <td>{ format_number(lang, row.p50, 1) }</td>
                            <td>{ format_number(lang, row.p95, 1) }</td>
                            <td>{ format_number(lang, row.p99, 1) }</td>
                        </tr>
                    }
                </tbody>
            </table>
        </div>
    }
}
