//! One of the calculator's charts: title, drawing (`ChartPlot`), legend, the crossing sentence
//! and the chart's data as a table (`ChartData`) in a `<details>`. The canvas's text
//! alternative names the run's first and last points and the crossing.

use std::rc::Rc;

use sizer_charts::model::{ChartText, ConcurrencyChart, Crossing, Mark, Series};
use yew::prelude::*;

use crate::common::chart_plot::{ChartPlot, Drawing, SVG_HALF, SVG_WIDE};
use crate::i18n::tables::{
    TableMsg, crossing_at_least, crossing_never, crossing_within, curve_summary, format_figure, table_text,
};
use crate::i18n::{Lang, format_number};
use crate::sizing::views::chart_data::ChartData;
use crate::sizing::views::charts::ChartKind;

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

/// One chart: title, drawing, legend, and its data as a table in a `<details>`.
#[component]
pub fn ChartFigure(props: &ChartFigureProps) -> Html {
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
    let text = Rc::new(chart_text(chart, kind, lang));
    let drawing = Drawing::Concurrency { chart: chart.clone(), text, lang };
    let svg_size = if kind == ChartKind::Speed { SVG_WIDE } else { SVG_HALF };
    html! {
        <figure class="ss-chart" data-chart={kind.name()}>
            <figcaption class="ss-chart-title">{ title }</figcaption>
            <ChartPlot {drawing} label={summary} failed={table_text(lang, TableMsg::ChartDrawFailed)}
                redraw_key={props.redraw_key.clone()} {svg_size} />
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

/// The words drawn on the chart.
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

/// "<run>: 81.2 tok/s at 1 concurrent, 4.5 at 256".
fn series_summary(series: &Series, kind: ChartKind, lang: Lang) -> String {
    let format = |mark: &Mark| (format_figure(lang, mark.concurrency), format_figure(lang, mark.value));
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
