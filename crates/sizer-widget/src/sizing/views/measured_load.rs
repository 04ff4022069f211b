//! A run's measured open-loop load, for a dataset run whose server was measured so (the DGX
//! Spark arena's): the capacity at each p95 TTFT limit, recomputed from the sweep's steps and set
//! beside the suite's own summary; two charts against the request rate (p95 time to first token
//! with the limits, and the median request's speed); the sweep's steps and the single loads as
//! tables, each row naming its file; the source. Nothing for any other run.
//!
//! Every figure comes from `sizer_data::measured_load` (its rules: the capacity, the speed, the
//! mean lengths); this view only lays them out. Shown after the first frame (the data travels
//! in the widget's second module).
//!
//! A person's run imported as a whole suite brings its measured load too (`yours`): the same
//! section, its intro and source saying the figures are the person's files'.
//!
//! # Props of [`MeasuredLoadSection`]
//! - `run_id`: the chosen dataset run's id;
//! - `yours`: instead, a person's own run and its measured load;
//! - `lang`, `redraw_key` (theme switches).

use std::rc::Rc;

use sizer_charts::load::{LoadChart, LoadChartText};
use sizer_data::suite::SLO_LIMITS_MS;
use sizer_data::{LoadRow, Run, RunMeasuredLoad, dataset, measured_load};
use yew::prelude::*;

use crate::common::chart_plot::{ChartPlot, Drawing};
use crate::i18n::Lang;
use crate::i18n::measured_load::{self as words, LoadMsg, load_text};

/// Props of [`MeasuredLoadSection`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct MeasuredLoadProps {
    #[prop_or_default]
    pub run_id: AttrValue,
    #[prop_or_default]
    pub yours: Option<YoursLoad>,
    pub lang: Lang,
    #[prop_or_default]
    pub redraw_key: AttrValue,
}

/// A person's run imported as a whole suite, with its measured load (compared by identity).
#[derive(Clone, Debug)]
pub struct YoursLoad {
    pub run: Rc<Run>,
    pub load: Rc<RunMeasuredLoad>,
}

impl PartialEq for YoursLoad {
    fn eq(&self, other: &YoursLoad) -> bool {
        Rc::ptr_eq(&self.run, &other.run) && Rc::ptr_eq(&self.load, &other.load)
    }
}

/// The measured load of the chosen run; empty when it has none.
#[component]
pub fn MeasuredLoadSection(props: &MeasuredLoadProps) -> Html {
    let lang = props.lang;
    if let Some(yours) = &props.yours {
        let run = &yours.run;
        let intro = words::intro_yours(lang, run.setup.as_ref().and_then(|s| s.hardware_name()));
        let source = html! { <p class="ss-load-source">{ words::source_yours(lang) }</p> };
        return section(lang, &yours.load, run, intro, source, &props.redraw_key);
    }
    let Some(load) = measured_load(&props.run_id) else { return Html::default() };
    let Some(run) = dataset().run(&load.run) else { return Html::default() };
    let source = dataset().source(&run.source);
    let publisher = source.map_or(run.source.as_str(), |s| s.publisher.as_str());
    let date = run.date.map(|d| d.to_string()).unwrap_or_default();
    let hardware = crate::i18n::labels::hardware_name(lang, run);
    let intro = words::intro(lang, hardware, run.nodes, publisher, &date);
    let source = match source {
        Some(source) => html! {
            <p class="ss-load-source">
                { words::source_line(lang, &source.publisher, &source.title, source.licence.as_deref()) }
                if let Some(url) = source.url.clone() {
                    { " " }<a href={url.clone()} rel="noopener" target="_blank">{ url }</a>
                }
            </p>
        },
        None => Html::default(),
    };
    section(lang, load, run, intro, source, &props.redraw_key)
}

/// The section: heading, intro, capacities, charts and tables, then the source.
fn section(lang: Lang, load: &RunMeasuredLoad, run: &Run, intro: String, source: Html, redraw_key: &AttrValue) -> Html {
    let t = |msg| load_text(lang, msg);
    html! {
        <section class="ss-load" data-section="measured-load" aria-label={t(LoadMsg::Heading)}>
            <h3>{ t(LoadMsg::Heading) }</h3>
            <p class="ss-load-intro">{ intro }</p>
            { capacity(lang, load, run.stated_hardware(), run.nodes) }
            if load.sweep.is_empty() {
                <p class="ss-load-note" data-load="no-sweep">{ t(LoadMsg::NoSweep) }</p>
            } else {
                { sweep_workload(lang, load) }
                { charts(lang, load, redraw_key) }
                { table(lang, &load.sweep, t(LoadMsg::SweepCaption), "sweep") }
            }
            { table(lang, &load.tests, t(LoadMsg::TestsCaption), "tests") }
            { source }
        </section>
    }
}

/// The capacities, whether the summary agrees, and where the sweep stopped or queued.
fn capacity(lang: Lang, load: &RunMeasuredLoad, hardware: Option<&str>, nodes: u32) -> Html {
    if load.sweep.is_empty() {
        return Html::default();
    }
    let parts: Vec<String> =
        SLO_LIMITS_MS.iter().map(|&limit| words::capacity_at(lang, limit, load.recomputed_capacity(limit))).collect();
    let differs: Vec<String> = SLO_LIMITS_MS
        .iter()
        .filter_map(|&limit| {
            let reported = load.reported_capacity(limit)?;
            let file = load.summary_file.as_deref()?;
            (reported != load.recomputed_capacity(limit)).then(|| words::summary_differs(lang, file, limit, reported))
        })
        .collect();
    let agrees = load.summary_file.as_deref().filter(|_| differs.is_empty() && !load.reported.is_empty());
    html! {
        <>
            <p class="ss-load-capacity" data-load="capacity">
                <strong>{ words::capacities(lang, hardware, nodes, &parts) }</strong>
                { " " }{ load_text(lang, LoadMsg::Definition) }
                if let Some(file) = agrees {
                    { " " }{ words::summary_agrees(lang, file) }
                }
            </p>
            for sentence in differs {
                <p class="ss-load-note" data-load="summary-differs">{ sentence }</p>
            }
            if let Some(rate) = load.aborted_at_rps {
                <p class="ss-load-note" data-load="aborted">{ words::aborted(lang, rate) }</p>
            }
            if let Some(rate) = load.queue_knee_rps {
                <p class="ss-load-note" data-load="queue-knee">{ words::queue_knee(lang, rate) }</p>
            }
        </>
    }
}

/// What the sweep's steps sent, from its first step's completed requests.
fn sweep_workload(lang: Lang, load: &RunMeasuredLoad) -> Html {
    let Some(first) = load.sweep.first() else { return Html::default() };
    let (Some(prompt), Some(answer)) = (first.mean_input_tokens(), first.mean_output_tokens()) else {
        return Html::default();
    };
    html! { <p class="ss-load-workload">{ words::sweep_workload(lang, prompt, answer, first.burstiness) }</p> }
}

/// The two charts against the request rate, each with its legend.
fn charts(lang: Lang, load: &RunMeasuredLoad, redraw_key: &AttrValue) -> Html {
    let chart = Rc::new(LoadChart::from_load(load));
    let text = Rc::new(LoadChartText {
        x_title: load_text(lang, LoadMsg::RateAxis).to_owned(),
        ttft_title: load_text(lang, LoadMsg::TtftAxis).to_owned(),
        speed_title: load_text(lang, LoadMsg::SpeedAxis).to_owned(),
        limit_labels: SLO_LIMITS_MS.iter().map(|&limit| words::limit_label(lang, limit)).collect(),
    });
    let summary = match (load.sweep.first(), load.sweep.last()) {
        (Some(first), Some(last)) => words::chart_summary(lang, chart_point(first), chart_point(last)),
        _ => String::new(),
    };
    let figure = |name: &'static str, title: LoadMsg, drawing: Drawing, legend: Vec<(&'static str, LoadMsg)>| {
        html! {
            <figure class="ss-chart ss-load-chart" data-chart={name}>
                <figcaption class="ss-chart-title">{ load_text(lang, title) }</figcaption>
                <ChartPlot
                    {drawing}
                    label={AttrValue::from(summary.clone())}
                    failed={load_text(lang, LoadMsg::DrawFailed)}
                    redraw_key={redraw_key.clone()}
                />
                <ul class="ss-chart-legend">
                    for (class, msg) in legend {
                        <li><span class={class} aria-hidden="true"></span>{ load_text(lang, msg) }</li>
                    }
                </ul>
            </figure>
        }
    };
    html! {
        <div class="ss-sim-charts ss-load-charts">
            { figure(
                "load-ttft",
                LoadMsg::TtftTitle,
                Drawing::LoadTtft { chart: Rc::clone(&chart), text: Rc::clone(&text), lang },
                vec![("ss-swatch", LoadMsg::TtftLegend), ("ss-swatch ss-swatch--floor", LoadMsg::LimitLegend)],
            ) }
            { figure(
                "load-speed",
                LoadMsg::SpeedTitle,
                Drawing::LoadSpeed { chart, text },
                vec![("ss-swatch ss-swatch--overlay-1", LoadMsg::SpeedLegend)],
            ) }
        </div>
    }
}

fn chart_point(row: &LoadRow) -> (f64, f64, Option<f64>) {
    (row.rate_per_s.unwrap_or(f64::NAN), row.ttft_p95_ms, row.per_request_tok_s())
}

/// One table of load rows, each naming its file.
fn table(lang: Lang, rows: &[LoadRow], caption: &'static str, name: &'static str) -> Html {
    if rows.is_empty() {
        return Html::default();
    }
    let t = |msg| load_text(lang, msg);
    let dash = || "—".to_owned();
    html! {
        <div class="ss-table-scroll">
            <table class="ss-table ss-load-table" data-load-table={name}>
                <caption>{ caption }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ t(LoadMsg::File) }</th>
                        <th scope="col">{ t(LoadMsg::Rate) }</th>
                        <th scope="col">{ t(LoadMsg::Burstiness) }</th>
                        <th scope="col">{ t(LoadMsg::Requests) }</th>
                        <th scope="col">{ t(LoadMsg::Lengths) }</th>
                        <th scope="col">{ t(LoadMsg::Achieved) }</th>
                        <th scope="col">{ t(LoadMsg::Ttft) }</th>
                        <th scope="col">{ t(LoadMsg::MedianTpot) }</th>
                        <th scope="col">{ t(LoadMsg::PerRequest) }</th>
                        <th scope="col">{ t(LoadMsg::Output) }</th>
                        <th scope="col">{ t(LoadMsg::PeakInFlight) }</th>
                    </tr>
                </thead>
                <tbody>
                    for row in rows.iter() {
                        <tr data-file={row.file.clone()} class={classes!((row.failed > 0).then_some("ss-load-failed"))}>
                            <th scope="row">{ row.test_name().to_owned() }</th>
                            <td>
                                { row.rate_per_s.map_or_else(|| t(LoadMsg::AllAtOnce).to_owned(), |r| words::rate(lang, r)) }
                                if let Some(limit) = row.max_concurrency {
                                    <br /><small>{ words::max_concurrency(lang, limit) }</small>
                                }
                            </td>
                            <td>{ words::one_decimal(lang, row.burstiness) }</td>
                            <td>{ format!(
                                "{} / {} / {}",
                                words::count(lang, f64::from(row.sent)),
                                words::count(lang, f64::from(row.completed)),
                                words::count(lang, f64::from(row.failed)),
                            ) }</td>
                            <td>{ format!(
                                "{} / {}",
                                row.mean_input_tokens().map_or_else(dash, |v| words::count(lang, v)),
                                row.mean_output_tokens().map_or_else(dash, |v| words::count(lang, v)),
                            ) }</td>
                            <td>{ words::achieved(lang, row.achieved_rps) }</td>
                            <td>{ format!(
                                "{} / {} / {}",
                                words::seconds(lang, row.ttft_p50_ms),
                                words::seconds(lang, row.ttft_p95_ms),
                                words::seconds(lang, row.ttft_p99_ms),
                            ) }</td>
                            <td>{ words::one_decimal(lang, row.median_tpot_ms) }</td>
                            <td>{ row.per_request_tok_s().map_or_else(dash, |v| words::one_decimal(lang, v)) }</td>
                            <td>{ words::one_decimal(lang, row.output_tok_s) }</td>
                            <td>{ row.peak_in_flight.map_or_else(dash, |v| words::count(lang, v)) }</td>
                        </tr>
                    }
                </tbody>
            </table>
        </div>
    }
}
