//! The charts beside the calculator: per-request speed (with the floor and its crossing),
//! aggregate throughput and p99 time to first token, each against concurrent requests on a
//! log2 axis, each with a text alternative (the table it draws).
//!
//! Rendering is pure markup, so it works under Yew's `ssr` feature; the canvas is drawn after
//! mount in an effect (wasm only), at devicePixelRatio resolution, and redrawn when its data,
//! the language, its size (a `ResizeObserver`) or the colour scheme change. A redraw for new
//! data reads neither layout nor style from the page (see `chart::canvas`). A failed draw
//! shows a message; the data table stays.
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

use crate::chart::build::{self, Measure};
use crate::chart::model::{ChartText, ConcurrencyChart, Crossing, Series};
use crate::chart::{CssSize, StyleKey};
use crate::codes::{self, INTERPOLATION};
use crate::components::point_legend::PointLegend;
use crate::i18n::tables::{
    TableMsg, column_decimals, crossing_at_least, crossing_never, crossing_within, curve_summary, format_figure,
    table_text,
};
use crate::i18n::{Lang, format_number};
use crate::run_ref::RunRef;

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

    fn title(self) -> TableMsg {
        match self {
            ChartKind::Speed => TableMsg::SpeedChartTitle,
            ChartKind::Aggregate => TableMsg::AggregateChartTitle,
            ChartKind::Ttft => TableMsg::TtftChartTitle,
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn y_title(self) -> TableMsg {
        match self {
            ChartKind::Speed => TableMsg::AxisPerRequest,
            ChartKind::Aggregate => TableMsg::AxisAggregate,
            ChartKind::Ttft => TableMsg::AxisTtft,
        }
    }

    fn empty(self) -> TableMsg {
        match self {
            ChartKind::Speed => TableMsg::ChartDrawFailed,
            ChartKind::Aggregate => TableMsg::ChartNoAggregate,
            ChartKind::Ttft => TableMsg::ChartNoTtft,
        }
    }

    fn unit(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (ChartKind::Ttft, _) => "s",
            (_, Lang::En) => "tok/s",
            (_, Lang::De) => "Token/s",
        }
    }
}

/// Props of [`ChartFigure`].
#[derive(Properties, PartialEq, Clone)]
pub struct ChartFigureProps {
    /// Which chart.
    pub kind: ChartKind,
    /// What it shows.
    pub chart: Rc<ConcurrencyChart>,
    /// Display language.
    pub lang: Lang,
    /// A change forces a redraw.
    #[prop_or_default]
    pub redraw_key: AttrValue,
    /// What the line between the points is (the speed chart's interpolation), for the legend.
    #[prop_or_default]
    pub line_note: Option<AttrValue>,
    /// The chosen run is the person's own: its derived points are worked out from their figures,
    /// not "derived from published figures".
    #[prop_or_default]
    pub yours: bool,
}

/// One chart: title, canvas, legend, and its data as a table in a `<details>`.
#[component]
pub fn ChartFigure(props: &ChartFigureProps) -> Html {
    let canvas_ref = use_node_ref();
    let memory = use_mut_ref(CanvasMemory::default);
    let failed = use_state_eq(|| false);
    // The canvas's CSS size as last reported by its `ResizeObserver` (zero before any report).
    let size = use_state_eq(CssSize::default);
    let dark = use_state_eq(|| false);
    use_layout_watch(&canvas_ref, !props.chart.is_empty(), &memory, size.setter(), dark.setter());
    {
        let deps = (props.chart.clone(), props.kind, props.lang, props.redraw_key.clone(), *size, *dark);
        let canvas_ref = canvas_ref.clone();
        let failed = failed.setter();
        use_effect_with(deps, move |(chart, kind, lang, redraw_key, _, dark)| {
            let style_key = (redraw_key.to_string(), *dark);
            failed.set(!draw(&canvas_ref, &mut memory.borrow_mut(), &style_key, chart, *kind, *lang));
        });
    }

    let lang = props.lang;
    let kind = props.kind;
    let chart = &props.chart;
    let title = table_text(lang, kind.title());
    if chart.is_empty() {
        return html! {
            <figure class="ss-chart ss-chart--empty" data-chart={kind.name()}>
                <figcaption class="ss-chart-title">{ title }</figcaption>
                <p class="ss-chart-note">{ table_text(lang, kind.empty()) }</p>
            </figure>
        };
    }
    let crossing = crossing_sentence(chart, lang);
    let mut summary = format!("{title}. {}", series_summary(&chart.run, kind, lang));
    if let Some(sentence) = &crossing {
        summary.push_str(". ");
        summary.push_str(sentence);
    }
    html! {
        <figure class="ss-chart" data-chart={kind.name()}>
            <figcaption class="ss-chart-title">{ title }</figcaption>
            <canvas ref={canvas_ref} class="ss-chart-canvas" role="img" aria-label={summary}></canvas>
            if *failed {
                <p class="ss-chart-error" role="status">{ table_text(lang, TableMsg::ChartDrawFailed) }</p>
            }
            { legend(chart, kind, lang, props.line_note.as_deref(), props.yours) }
            if let Some(sentence) = crossing {
                <p class="ss-chart-note" data-crossing="">{ sentence }</p>
            }
            <details class="ss-chart-data">
                <summary>{ table_text(lang, TableMsg::ChartDataSummary) }</summary>
                <ChartData chart={chart.clone()} {kind} {lang} yours={props.yours} />
            </details>
        </figure>
    }
}

/// Draws the chart into the canvas behind `canvas_ref`; true when it worked (or there was
/// nothing to draw on yet). Native builds (SSR, tests) never draw.
#[cfg(target_arch = "wasm32")]
fn draw(
    canvas_ref: &NodeRef,
    memory: &mut CanvasMemory,
    style_key: &StyleKey,
    chart: &ConcurrencyChart,
    kind: ChartKind,
    lang: Lang,
) -> bool {
    let Some(canvas) = canvas_ref.cast::<web_sys::HtmlCanvasElement>() else {
        return true;
    };
    let text = chart_text(chart, kind, lang);
    let format_value = move |value: f64| format_figure(lang, value);
    crate::chart::canvas::draw_on_canvas(&canvas, memory, style_key, chart, &text, &format_value).is_ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn draw(
    _canvas_ref: &NodeRef,
    _memory: &mut CanvasMemory,
    _style_key: &StyleKey,
    _chart: &ConcurrencyChart,
    _kind: ChartKind,
    _lang: Lang,
) -> bool {
    true
}

/// What a chart's canvas remembers between draws (wasm only; nothing on the server).
#[cfg(target_arch = "wasm32")]
pub(crate) type CanvasMemory = crate::chart::canvas::CanvasMemory;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) type CanvasMemory = ();

/// Redraws when the canvas's CSS size changes (a `ResizeObserver`, which reports after layout,
/// so reading the size there costs no extra layout) and keeps `dark` at the system colour
/// scheme. The size observer follows the canvas (`has_canvas`: an empty chart has none);
/// listeners live as long as the figure (wasm only).
#[hook]
pub(crate) fn use_layout_watch(
    canvas_ref: &NodeRef,
    has_canvas: bool,
    memory: &std::rc::Rc<std::cell::RefCell<CanvasMemory>>,
    size: UseStateSetter<CssSize>,
    dark: UseStateSetter<bool>,
) {
    {
        let canvas_ref = canvas_ref.clone();
        let memory = memory.clone();
        use_effect_with(has_canvas, move |&has_canvas| {
            let watch = has_canvas.then(|| watch_size(canvas_ref, memory, size));
            // Dropping the watch disconnects its observer.
            move || {
                let _watch = watch;
            }
        });
    }
    use_effect_with((), move |_| {
        let listener = watch_colour_scheme(dark);
        move || {
            let _listener = listener;
        }
    });
}

/// Observes the canvas's size; the observer disconnects when this is dropped.
#[cfg(target_arch = "wasm32")]
struct SizeWatch {
    observer: web_sys::ResizeObserver,
    _callback: wasm_bindgen::closure::Closure<dyn FnMut(js_sys::Array)>,
}

#[cfg(target_arch = "wasm32")]
impl Drop for SizeWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

#[cfg(target_arch = "wasm32")]
fn watch_size(
    canvas_ref: NodeRef,
    memory: std::rc::Rc<std::cell::RefCell<CanvasMemory>>,
    size: UseStateSetter<CssSize>,
) -> Option<SizeWatch> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let canvas = canvas_ref.cast::<web_sys::HtmlCanvasElement>()?;
    // A new canvas element: measure it afresh on its first draw.
    memory.borrow_mut().forget();
    let observed = canvas.clone();
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        let changed = memory.borrow_mut().observe(&observed);
        if let Some(new) = changed {
            size.set(new);
        }
    });
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&canvas);
    Some(SizeWatch { observer, _callback: callback })
}

#[cfg(not(target_arch = "wasm32"))]
fn watch_size(
    _canvas_ref: NodeRef,
    _memory: std::rc::Rc<std::cell::RefCell<CanvasMemory>>,
    _size: UseStateSetter<CssSize>,
) -> Option<()> {
    None
}

#[cfg(target_arch = "wasm32")]
fn watch_colour_scheme(dark: UseStateSetter<bool>) -> Option<gloo::events::EventListener> {
    let window = web_sys::window()?;
    let query = window.match_media("(prefers-color-scheme: dark)").ok()??;
    dark.set(query.matches());
    let watched = query.clone();
    Some(gloo::events::EventListener::new(&query, "change", move |_| dark.set(watched.matches())))
}

#[cfg(not(target_arch = "wasm32"))]
fn watch_colour_scheme(_dark: UseStateSetter<bool>) -> Option<()> {
    None
}

/// The words drawn on the canvas.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn chart_text(chart: &ConcurrencyChart, kind: ChartKind, lang: Lang) -> ChartText {
    let floor_label = chart.floor.map(|floor| format!("{} {}", format_figure(lang, floor), kind.unit(lang)));
    let crossing_label = match chart.crossing {
        Some(Crossing::Within { streams }) => Some(format_number(lang, streams, 1)),
        _ => None,
    };
    ChartText {
        x_title: table_text(lang, TableMsg::AxisConcurrency).to_owned(),
        y_title: table_text(lang, kind.y_title()).to_owned(),
        x_title_short: table_text(lang, TableMsg::AxisConcurrencyShort).to_owned(),
        y_title_short: kind.unit(lang).to_owned(),
        floor_label,
        crossing_label,
    }
}

/// "never reaches 15 tok/s, even alone" and the like, for the speed chart.
fn crossing_sentence(chart: &ConcurrencyChart, lang: Lang) -> Option<String> {
    let floor = format_figure(lang, chart.floor?);
    Some(match chart.crossing? {
        Crossing::Within { streams } => crossing_within(lang, &floor, &format_number(lang, streams, 1)),
        Crossing::NeverReached => crossing_never(lang, &floor),
        Crossing::AtLeast { streams } => crossing_at_least(lang, &floor, &format_figure(lang, streams)),
    })
}

/// The chart with its dataset runs named in `lang` (`i18n::labels`), as the picker names them; a
/// person's own run keeps the name they gave it.
fn localise_labels(mut chart: ConcurrencyChart, lang: Lang, runs: &[&Run]) -> ConcurrencyChart {
    let name = |series: &mut Series| {
        let own = runs.iter().any(|run| run.origin == sizer_data::RunOrigin::Yours && run.label == series.label);
        if !own {
            series.label = crate::i18n::labels::data_label(lang, &series.label).into_owned();
        }
    };
    name(&mut chart.run);
    chart.overlays.iter_mut().for_each(name);
    chart
}

/// "<run>: 81.2 tok/s at 1 concurrent, 4.5 at 256".
fn series_summary(series: &Series, kind: ChartKind, lang: Lang) -> String {
    let format =
        |mark: &crate::chart::model::Mark| (format_figure(lang, mark.concurrency), format_figure(lang, mark.value));
    match (series.marks.first(), series.marks.last()) {
        (Some(first), Some(last)) => {
            let (c0, v0) = format(first);
            let (c1, v1) = format(last);
            curve_summary(lang, &series.label, (&c0, &v0), (&c1, &v1), kind.unit(lang))
        }
        _ => series.label.clone(),
    }
}

/// The legend under the canvas, in the same colours (CSS custom properties shared with the
/// canvas palette).
fn legend(chart: &ConcurrencyChart, kind: ChartKind, lang: Lang, line_note: Option<&str>, yours: bool) -> Html {
    let derived = |series: &Series| series.marks.iter().any(|mark| !mark.published);
    // A person's own points are never "derived from published figures"; overlays are sourced.
    let yours_derived = yours && derived(&chart.run);
    let has_derived = (!yours && derived(&chart.run)) || chart.overlays.iter().any(derived);
    html! {
        <ul class="ss-chart-legend">
            <li><span class="ss-swatch ss-swatch--run" aria-hidden="true"></span>{ chart.run.label.clone() }</li>
            for (index, overlay) in chart.overlays.iter().enumerate() {
                <li>
                    <span class={format!("ss-swatch ss-swatch--overlay-{}", index % 4 + 1)} aria-hidden="true"></span>
                    { overlay.label.clone() }
                </li>
            }
            <li><span class="ss-swatch ss-swatch--point" aria-hidden="true"></span>{ table_text(lang, TableMsg::LegendMeasured) }</li>
            if let Some(note) = line_note {
                <li class="ss-chart-line-note">{ note.to_owned() }</li>
            }
            if yours_derived {
                <li data-legend="derived-yours"><span class="ss-swatch ss-swatch--hollow" aria-hidden="true"></span>{ crate::i18n::setup::legend_derived_yours(lang) }</li>
            }
            if has_derived {
                <li data-legend="derived-published"><span class="ss-swatch ss-swatch--hollow" aria-hidden="true"></span>{ table_text(lang, TableMsg::LegendDerivedPoint) }</li>
            }
            if let Some(floor) = chart.floor {
                <li>
                    <span class="ss-swatch ss-swatch--floor" aria-hidden="true"></span>
                    { format!("{} ({} {})", table_text(lang, TableMsg::LegendFloor), format_figure(lang, floor), kind.unit(lang)) }
                </li>
            }
        </ul>
    }
}

/// Props of [`ChartData`]: equal when the table would be (the same runs' labels and measured
/// points, kind and language), so a new floor, which moves only the chart's line and notes,
/// does not rebuild the table.
#[derive(Properties, Clone)]
struct ChartDataProps {
    chart: Rc<ConcurrencyChart>,
    kind: ChartKind,
    lang: Lang,
    yours: bool,
}

impl PartialEq for ChartDataProps {
    fn eq(&self, other: &Self) -> bool {
        let same_series = |a: &Series, b: &Series| a.label == b.label && a.marks == b.marks;
        self.kind == other.kind
            && self.lang == other.lang
            && self.yours == other.yours
            && (Rc::ptr_eq(&self.chart, &other.chart)
                || (same_series(&self.chart.run, &other.chart.run)
                    && self.chart.overlays.len() == other.chart.overlays.len()
                    && self.chart.overlays.iter().zip(&other.chart.overlays).all(|(a, b)| same_series(a, b))))
    }
}

/// The data behind a chart, as a table (see [`data_table`]).
#[component]
fn ChartData(props: &ChartDataProps) -> Html {
    data_table(&props.chart, props.kind, props.lang, props.yours)
}

/// The chart's data as a table: one row per concurrency, one column per run.
fn data_table(chart: &ConcurrencyChart, kind: ChartKind, lang: Lang, yours: bool) -> Html {
    let series: Vec<&Series> = std::iter::once(&chart.run).chain(&chart.overlays).collect();
    let mut concurrencies: Vec<f64> = series.iter().flat_map(|s| s.marks.iter().map(|m| m.concurrency)).collect();
    concurrencies.sort_by(f64::total_cmp);
    concurrencies.dedup();
    let published_title = table_text(lang, TableMsg::LegendDerivedPoint);
    let yours_title = crate::i18n::setup::legend_derived_yours(lang);
    let cell = |series: &Series, concurrency: f64| -> Html {
        let derived_title = if yours && std::ptr::eq(series, &chart.run) { yours_title } else { published_title };
        // tok/s columns share one precision (6.0 beside 5.6); seconds keep each value's own
        // (0.041 beside 21.5, as the article prints 41 ms and 21.5 s).
        let decimals = match kind {
            ChartKind::Ttft => None,
            ChartKind::Speed | ChartKind::Aggregate => Some(column_decimals(series.marks.iter().map(|m| m.value))),
        };
        let value = |v: f64| decimals.map_or_else(|| format_figure(lang, v), |d| format_number(lang, v, d));
        match series.marks.iter().find(|mark| mark.concurrency == concurrency) {
            Some(mark) if mark.published => html! { <td>{ value(mark.value) }</td> },
            Some(mark) => html! {
                <td>
                    { value(mark.value) }
                    <sup class="ss-mark" title={derived_title}>{ "*" }</sup>
                    <span class="ss-visually-hidden">{ format!(" ({derived_title})") }</span>
                </td>
            },
            None => html! { <td class="ss-cell-empty">{ "—" }</td> },
        }
    };
    html! {
        <table class="ss-table ss-chart-table">
            <caption>{ format!("{} ({})", table_text(lang, kind.title()), kind.unit(lang)) }</caption>
            <thead>
                <tr>
                    <th scope="col">{ table_text(lang, TableMsg::ColumnConcurrency) }</th>
                    for s in series.iter() {
                        <th scope="col">{ s.label.clone() }</th>
                    }
                </tr>
            </thead>
            <tbody>
                for concurrency in concurrencies.iter().copied() {
                    <tr>
                        <th scope="row">{ format_figure(lang, concurrency) }</th>
                        for s in series.iter() {
                            { cell(s, concurrency) }
                        }
                    </tr>
                }
            </tbody>
        </table>
    }
}
