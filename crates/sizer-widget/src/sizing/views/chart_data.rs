//! The data behind one of the calculator's charts, as a table: one row per concurrency, one
//! column per run, derived values marked. The chart's text alternative, in the markup from
//! the first frame.

use std::rc::Rc;

use sizer_charts::model::{ConcurrencyChart, Series};
use yew::prelude::*;

use crate::i18n::tables::{TableMsg, column_decimals, format_figure, table_text};
use crate::i18n::{Lang, format_number};
use crate::sizing::views::charts::ChartKind;

/// Props of [`ChartData`]: equal when the table would be (the same runs' labels and measured
/// points, kind and language), so a new floor, which moves only the chart's line and notes,
/// does not rebuild the table.
#[derive(Properties, Clone)]
pub struct ChartDataProps {
    pub chart: Rc<ConcurrencyChart>,
    pub kind: ChartKind,
    pub lang: Lang,
    pub yours: bool,
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
pub fn ChartData(props: &ChartDataProps) -> Html {
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
