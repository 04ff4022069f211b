//! The charts beside the calculator: per-request speed (with the floor and its crossing),
//! aggregate throughput and p99 time to first token, each against concurrent requests on a
//! log2 axis, each with a text alternative (the table it draws).
//!
//! Each chart is a [`ChartFigure`] (`chart_figure.rs`: title, drawing, legend, notes) with its
//! data table (`chart_data.rs`); the drawing is a `ChartPlot` (`chart_plot.rs`): SVG from the
//! server, then the canvas. A failed draw shows a message; the data table stays.
//!
//! # Props of [`Charts`]
//! - `run: RunRef`: the chosen run;
//! - `overlays: Vec<RunRef>`: other runs to compare (usually the same model's);
//!   the chosen run is skipped if listed;
//! - `floor: f64`: the per-user speed floor, tok/s;
//! - `sizing: Option<Rc<sizer_core::Sizing>>`: the calculator's result; its crossing is drawn
//!   (else the core's `streams_at_floor` on the same curve);
//! - `interpolation: sizer_core::Interpolation`: how the line between points is drawn;
//! - `lang: Lang`;
//! - `redraw_key: AttrValue` (optional): change it to force a redraw, e.g. when the widget's
//!   own light/dark switch flips (the system colour scheme is followed without it).

use std::rc::Rc;

use sizer_core::{Interpolation, Sizing};
use sizer_data::Run;
use yew::prelude::*;

use sizer_charts::build::{self, Measure};
use sizer_charts::model::{ConcurrencyChart, Series};

use crate::i18n::codes::{self, INTERPOLATION};
use crate::i18n::tables::{TableMsg, table_text};
use crate::i18n::{Lang, Msg, text};
use crate::sizing::run_ref::RunRef;
use crate::sizing::views::chart_figure::ChartFigure;
use crate::sizing::views::point_legend::PointLegend;

/// Props of [`Charts`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct ChartsProps {
    /// The chosen run.
    pub run: RunRef,
    /// Other runs drawn for comparison.
    #[prop_or_default]
    pub overlays: Vec<RunRef>,
    /// The per-user speed floor, tok/s.
    pub floor: f64,
    /// The calculator's sizing, when it has one.
    #[prop_or_default]
    pub sizing: Option<Rc<Sizing>>,
    /// Interpolation method for the line.
    #[prop_or_default]
    pub interpolation: Interpolation,
    /// Display language.
    pub lang: Lang,
    /// Any value; a change forces a redraw (theme switches).
    #[prop_or_default]
    pub redraw_key: AttrValue,
}

/// The three charts of the chosen run.
#[component]
pub fn Charts(props: &ChartsProps) -> Html {
    let overlays: Vec<&Run> =
        props.overlays.iter().map(|overlay| &**overlay).filter(|overlay| overlay.id != props.run.id).collect();
    let speed = build::speed_chart(&props.run, &overlays, props.floor, props.sizing.as_deref(), props.interpolation);
    let aggregate = build::measure_chart(&props.run, &overlays, Measure::Aggregate);
    let ttft = build::measure_chart(&props.run, &overlays, Measure::P99TtftSeconds);
    let lang = props.lang;
    let runs: Vec<&Run> = std::iter::once(&*props.run).chain(overlays.iter().copied()).collect();
    let [speed, aggregate, ttft] = [speed, aggregate, ttft].map(|chart| localise_labels(chart, lang, &runs));
    let key = props.redraw_key.clone();
    let method = codes::label(lang, &INTERPOLATION, props.interpolation);
    let line_note = AttrValue::from(format!("{}: {}", table_text(lang, TableMsg::LegendInterpolated), method));
    let yours = props.run.origin == sizer_data::RunOrigin::Yours;
    html! {
        <div class="ss-charts" data-run={props.run.id.clone()}>
            <ChartFigure kind={ChartKind::Speed} chart={Rc::new(speed)} {lang} redraw_key={key.clone()} line_note={line_note} {yours} />
            <ChartFigure kind={ChartKind::Aggregate} chart={Rc::new(aggregate)} {lang} redraw_key={key.clone()} {yours} />
            <ChartFigure kind={ChartKind::Ttft} chart={Rc::new(ttft)} {lang} redraw_key={key} {yours} />
            <PointLegend runs={std::iter::once(props.run.clone()).chain(props.overlays.iter().filter(|o| o.id != props.run.id).cloned()).collect::<Vec<_>>()} {lang} />
        </div>
    }
}

/// Which of the three charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// Per-request tok/s.
    Speed,
    /// Aggregate tok/s.
    Aggregate,
    /// p99 time to first token, s.
    Ttft,
}

impl ChartKind {
    /// The value of `data-chart` on the figure.
    pub fn name(self) -> &'static str {
        match self {
            ChartKind::Speed => "speed",
            ChartKind::Aggregate => "aggregate",
            ChartKind::Ttft => "ttft",
        }
    }

    pub(crate) fn title(self) -> TableMsg {
        match self {
            ChartKind::Speed => TableMsg::SpeedChartTitle,
            ChartKind::Aggregate => TableMsg::AggregateChartTitle,
            ChartKind::Ttft => TableMsg::TtftChartTitle,
        }
    }

    pub(crate) fn y_title(self) -> TableMsg {
        match self {
            ChartKind::Speed => TableMsg::AxisPerRequest,
            ChartKind::Aggregate => TableMsg::AxisAggregate,
            ChartKind::Ttft => TableMsg::AxisTtft,
        }
    }

    pub(crate) fn empty(self) -> TableMsg {
        match self {
            ChartKind::Speed => TableMsg::ChartDrawFailed,
            ChartKind::Aggregate => TableMsg::ChartNoAggregate,
            ChartKind::Ttft => TableMsg::ChartNoTtft,
        }
    }

    pub(crate) fn unit(self, lang: Lang) -> &'static str {
        match self {
            ChartKind::Ttft => "s",
            ChartKind::Speed | ChartKind::Aggregate => text(lang, Msg::UnitTokS),
        }
    }
}

/// The chart with its dataset runs named in `lang` (`i18n::labels`), as the picker names them; a
/// person's own run keeps the name they gave it (a placeholder, where they gave none, in `lang`).
fn localise_labels(mut chart: ConcurrencyChart, lang: Lang, runs: &[&Run]) -> ConcurrencyChart {
    let name = |series: &mut Series| {
        if let Some(run) = runs.iter().find(|run| run.label == series.label) {
            series.label = crate::i18n::labels::run_label(lang, run).to_owned();
        }
    };
    name(&mut chart.run);
    chart.overlays.iter_mut().for_each(name);
    chart
}
