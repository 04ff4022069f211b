//! The results part of "Check by simulation": the in-flight and sweep charts with their legends,
//! the sweep's sentence and points, and "show your work". Its props change only when a new result
//! arrives (or it turns stale), so an input re-renders none of it.
//!
//! # Props of [`SimResult`]
//! - `report: Rc<SimReport>`, `sweep: Option<Rc<SweepReport>>`, `done` (the sweep is final and
//!   for the current inputs), `stale` (for other inputs: dimmed), `scenario` (the one simulated),
//!   `lang`, `redraw_key`.

use std::rc::Rc;

use sizer_core::Scenario;
use sizer_core::sim::{SimReport, SimRequest, SweepReport};
use yew::prelude::*;

use sizer_charts::sim::{InFlightChart, SimChartText, SweepChart};

use crate::common::chart_plot::Drawing;
use crate::i18n::simulation::{
    SimMsg, assumptions, formula_label, in_flight_summary, sim_text, streams_label, sweep_sentence, tok_s,
};
use crate::i18n::{Lang, format_integer, format_number};
use crate::simulation::figure::SimFigure;

/// Props of [`SimResult`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct SimResultProps {
    pub report: Rc<SimReport>,
    #[prop_or_default]
    pub sweep: Option<Rc<SweepReport>>,
    pub done: bool,
    pub stale: bool,
    pub scenario: Scenario,
    pub lang: Lang,
    #[prop_or_default]
    pub redraw_key: AttrValue,
}

/// Charts, sweep and assumptions of one simulation.
#[component]
pub fn SimResult(props: &SimResultProps) -> Html {
    let lang = props.lang;
    let report = &props.report;
    html! {
        <>
            <div class={classes!("ss-sim-charts", props.stale.then_some("ss-sim-stale"))}>
                { in_flight_figure(lang, report, props.redraw_key.clone()) }
                if let Some(sweep) = &props.sweep {
                    { sweep_figure(lang, sweep, report, props.done, props.redraw_key.clone()) }
                }
            </div>
            <details class="ss-sim-work">
                <summary>{ sim_text(lang, SimMsg::WorkSummary) }</summary>
                <ol>
                    for line in work_lines(lang, report, &props.scenario) {
                        <li>{ line }</li>
                    }
                </ol>
            </details>
        </>
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
            drawing={Drawing::InFlight { chart: Rc::new(chart), text: Rc::new(text) }}
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
    let floor = crate::i18n::format_setting(lang, report.floor_tok_s);
    let unit = tok_s(lang);
    let text = SimChartText {
        x_title: sim_text(lang, SimMsg::SweepX).to_owned(),
        y_title: unit.to_owned(),
        floor_label: Some(format!("{floor}\u{a0}{unit}")),
        formula_label: Some(formula_label(lang, sweep.formula_people)),
    };
    let sentence = done.then(|| {
        sweep_sentence(lang, sweep.formula_people, sweep.simulated_people, sweep.first_failing, report.percentile)
    });
    let legend = vec![
        ("ss-swatch ss-swatch--run", sim_text(lang, SimMsg::P50).to_owned()),
        ("ss-swatch ss-swatch--overlay-1", sim_text(lang, SimMsg::P95).to_owned()),
        ("ss-swatch ss-swatch--overlay-2", sim_text(lang, SimMsg::P99).to_owned()),
        ("ss-swatch ss-swatch--floor", format!("{floor}\u{a0}{unit}")),
    ];
    let rows = chart.rows.clone();
    let title = sim_text(lang, SimMsg::SweepTitle);
    let summary = sentence.clone().unwrap_or_else(|| title.to_owned());
    html! {
        <div class="ss-sim-sweep-part">
            <SimFigure
                name="sweep"
                title={AttrValue::Static(title)}
                drawing={Drawing::Sweep { chart: Rc::new(chart), text: Rc::new(text) }}
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
                        <th scope="col">{ "≥ " }{ floor.clone() }{ "\u{a0}" }{ unit }</th>
                        <th scope="col">{ "p50" }</th>
                        <th scope="col">{ "p95" }</th>
                        <th scope="col">{ "p99" }</th>
                    </tr>
                </thead>
                <tbody>
                    for row in rows {
                        <tr>
                            <th scope="row">{ format_integer(lang, u64::from(row.users)) }</th>
                            <td>{ format_number(lang, 100.0 * row.share_at_floor, 1) }{ "\u{a0}%" }</td>
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
