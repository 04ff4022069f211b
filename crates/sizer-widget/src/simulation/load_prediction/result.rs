//! The figures of "Load from your logs": the prediction at the load (p50 and p95 TTFT,
//! per-request speed, requests in flight, on which hardware), the highest rate of the sweep
//! that keeps the target, which engine model ran on which workloads and how far it
//! extrapolated, the model's error on the calibration runs (for an engine the calibration's
//! procedure fitted; for one from an architecture, the leave-one-model-out error), and the two charts against the rate (the prediction hollow, the run's measured
//! sweep filled where it has one). Every figure is `sizer_data::prediction`'s; this view only
//! lays them out.
//!
//! # Props of [`LoadPredictionResult`]
//! - `run_id`: the run predicted on;
//! - `imported`: the run and its measured load when it is a person's imported suite;
//! - `engine`, `outcome`: the engine model and what it predicted;
//! - `stale`: the outcome is for inputs since changed (shown dimmed, without the kept rate);
//! - `lang`, `redraw_key` (theme switches).

use std::rc::Rc;

use sizer_charts::load::{LoadChart, LoadChartRow, LoadChartText};
use sizer_data::architecture::measured_error::measured_error_for;
use sizer_data::predict_engine::PredictEngine;
use sizer_data::prediction::{ARENA_SWEEP_RATES, SpeedVsFloor};
use sizer_data::suite::calibration_summary::{CALIBRATION_RUNS, ENGINE_SUMMARY};
use sizer_data::{RunMeasuredLoad, measured_load};
use yew::prelude::*;

use crate::common::chart_plot::{ChartPlot, Drawing};
use crate::i18n::Lang;
use crate::i18n::architecture::measured_error;
use crate::i18n::load_prediction::{self as words, PredictMsg, predict_text};
use crate::i18n::measured_load::{LoadMsg, load_text};
use crate::i18n::request_rate::calibration_error;
use crate::simulation::load_prediction::export::calibrated;
use crate::simulation::load_prediction::job::PredictOutcome;
use crate::simulation::load_prediction::{ImportedSuite, hardware_of};

/// Props of [`LoadPredictionResult`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct LoadPredictionResultProps {
    pub run_id: AttrValue,
    #[prop_or_default]
    pub imported: Option<ImportedSuite>,
    pub engine: Rc<PredictEngine>,
    pub outcome: Rc<PredictOutcome>,
    #[prop_or_default]
    pub stale: bool,
    /// The sizing's speed floor, tok/s: the predicted speed is held against it.
    pub floor_tok_s: f64,
    pub lang: Lang,
    #[prop_or_default]
    pub redraw_key: AttrValue,
}

/// The prediction's figures and charts.
#[component]
pub fn LoadPredictionResult(props: &LoadPredictionResultProps) -> Html {
    let lang = props.lang;
    let outcome = &props.outcome;
    let engine = &props.engine;
    let p = &outcome.main;
    let (nodes, hardware) = hardware_of(&props.run_id, props.imported.as_ref());
    let headline = match &p.overload {
        Some(overload) => words::overloaded(lang, nodes, hardware.as_deref(), overload),
        None => words::headline(
            lang,
            outcome.load.rate_per_s,
            nodes,
            hardware.as_deref(),
            (p.ttft_s.p50, p.ttft_s.p95),
            p.per_request_tok_s,
            p.report.mean_in_flight,
            p.report.max_in_flight,
        ),
    };
    let x = p.extrapolation;
    // An engine from an architecture shows the error of its kind of input.
    let architecture_input = engine.architecture_input();
    let kept = outcome.kept().filter(|_| !props.stale).map(|kept| words::kept(lang, kept, outcome.target_s));
    html! {
        <div class={classes!("ss-predict-result", props.stale.then_some("ss-sim-stale"))} data-result="load-prediction" data-stale={props.stale.to_string()}>
            <p class="ss-predict-headline" data-predict="headline" data-overloaded={p.overload.is_some().then_some("true")}><strong>{ headline }</strong></p>
            if let Some(check) = p.against_floor(props.floor_tok_s) {
                <p class="ss-predict-floor" data-predict="floor" data-below={matches!(check, SpeedVsFloor::Below { .. }).to_string()}>
                    { words::against_floor(lang, &check) }
                </p>
            }
            if let Some(kept) = kept {
                <p class="ss-predict-kept" data-predict="kept"><strong>{ kept }</strong></p>
            }
            <p class="ss-predict-model" data-predict="model">{ words::model(lang, engine.source, &engine.workloads) }</p>
            // An engine from an architecture was fitted to nothing: its error is the method's.
            if let Some(input) = architecture_input {
                <p class="ss-predict-calibration" data-predict="architecture-error">
                    { measured_error(lang, input, &measured_error_for(input)) }
                </p>
            } else {
                <p class="ss-predict-extrapolation" data-predict="extrapolation" data-beyond={p.beyond_measured.to_string()}>
                    { words::extrapolation(lang, x.max_decode_batch, x.fit_max_concurrency, p.batch_ratio, p.context_ratio, p.beyond_measured) }
                </p>
            }
            // The model's error where it was measured: generated by `cargo xtask calibrate`.
            if calibrated(engine) {
                <p class="ss-predict-calibration" data-predict="calibration">
                    { calibration_error(lang, CALIBRATION_RUNS, &ENGINE_SUMMARY) }
                </p>
            }
            { charts(lang, measured(&props.run_id, props.imported.as_ref()), outcome, &props.redraw_key) }
            <p class="ss-predict-note">{ predict_text(lang, PredictMsg::SweepNote) }</p>
        </div>
    }
}

/// The run's measured load: a person's suite's own, else the dataset's for the run.
fn measured<'a>(run_id: &str, imported: Option<&'a ImportedSuite>) -> Option<&'a RunMeasuredLoad> {
    match imported {
        Some(suite) => suite.load.as_deref(),
        None => measured_load(run_id),
    }
}

/// The chart model: the sweep's arena rates predicted, the run's measured steps, the target.
pub fn chart_of(measured: Option<&RunMeasuredLoad>, outcome: &PredictOutcome) -> LoadChart {
    let mut chart = measured.map(LoadChart::from_load).unwrap_or_default();
    chart.predicted = outcome
        .sweep
        .iter()
        .take(ARENA_SWEEP_RATES)
        .map(|(rate, p)| LoadChartRow {
            rate_per_s: *rate,
            ttft_p95_s: p.ttft_s.p95,
            per_request_tok_s: p.per_request_tok_s,
        })
        .collect();
    chart.limits_s = vec![outcome.target_s];
    chart
}

/// The two charts against the rate, each with its legend (nothing until the sweep's arena
/// rates are in).
fn charts(lang: Lang, measured: Option<&RunMeasuredLoad>, outcome: &PredictOutcome, redraw_key: &AttrValue) -> Html {
    let chart = chart_of(measured, outcome);
    let (Some(first), Some(last)) = (chart.predicted.first(), chart.predicted.last()) else {
        return Html::default();
    };
    if !(outcome.done || chart.predicted.len() >= ARENA_SWEEP_RATES) {
        return Html::default();
    }
    let summary = words::chart_summary(lang, (first.rate_per_s, first.ttft_p95_s), (last.rate_per_s, last.ttft_p95_s));
    let measured = !chart.rows.is_empty();
    let chart = Rc::new(chart);
    let text = Rc::new(LoadChartText {
        x_title: load_text(lang, LoadMsg::RateAxis).to_owned(),
        ttft_title: load_text(lang, LoadMsg::TtftAxis).to_owned(),
        speed_title: load_text(lang, LoadMsg::SpeedAxis).to_owned(),
        limit_labels: vec![words::target_label(lang, outcome.target_s)],
    });
    let figure = |name: &'static str, title: PredictMsg, drawing: Drawing, legend: Vec<(&'static str, PredictMsg)>| {
        html! {
            <figure class="ss-chart ss-load-chart" data-chart={name}>
                <figcaption class="ss-chart-title">{ predict_text(lang, title) }</figcaption>
                <ChartPlot
                    {drawing}
                    label={AttrValue::from(summary.clone())}
                    failed={predict_text(lang, PredictMsg::DrawFailed)}
                    redraw_key={redraw_key.clone()}
                />
                <ul class="ss-chart-legend">
                    for (class, msg) in legend {
                        <li><span class={class} aria-hidden="true"></span>{ predict_text(lang, msg) }</li>
                    }
                </ul>
            </figure>
        }
    };
    let mut ttft_legend = vec![("ss-swatch ss-swatch--hollow ss-swatch--overlay-2", PredictMsg::PredictedLegend)];
    let mut speed_legend = ttft_legend.clone();
    if measured {
        // Each marker in its series' colour, as `sizer_charts::load` draws them: measured TTFT
        // in the run's colour, measured speed in the first overlay's, both filled.
        ttft_legend.push(("ss-swatch ss-swatch--point", PredictMsg::MeasuredLegend));
        speed_legend.push(("ss-swatch ss-swatch--point ss-swatch--overlay-1", PredictMsg::MeasuredLegend));
    }
    ttft_legend.push(("ss-swatch ss-swatch--floor", PredictMsg::LimitLegend));
    html! {
        <>
            <div class="ss-sim-charts ss-load-charts">
                { figure(
                    "predict-ttft",
                    PredictMsg::TtftTitle,
                    Drawing::LoadTtft { chart: Rc::clone(&chart), text: Rc::clone(&text), lang },
                    ttft_legend,
                ) }
                { figure("predict-speed", PredictMsg::SpeedTitle, Drawing::LoadSpeed { chart, text }, speed_legend) }
            </div>
            if measured {
                <p class="ss-predict-note" data-predict="measured-note">{ predict_text(lang, PredictMsg::MeasuredNote) }</p>
            }
        </>
    }
}
