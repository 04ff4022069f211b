//! One run's table: caption (run, counter, workload, date, source link), one row per
//! concurrency, one column per figure the run publishes, sortable by column.

use std::rc::Rc;

use sizer_data::{Dataset, FigureOrigin, Run, RunPoint};
use yew::prelude::*;

use super::columns::{Column, Direction, sorted_indices};
use super::provenance::{date_kind, point_marks, source_marks, unverified_notes, workload_html};
use crate::common::ids::{Ids, use_ids};
use crate::i18n::import::{ImportMsg, import_text};
use crate::i18n::labels::{engine_version, engine_with_tool, hardware_name, run_label, weights_format};
use crate::i18n::tables::{
    TableMsg, column_decimals, counter_name, format_figure, nodes, point_note, sort_by, table_text, topology_name,
};
use crate::i18n::{Lang, format_number};

/// Props of [`RunTable`].
#[derive(Properties, PartialEq, Clone)]
pub struct RunTableProps {
    /// The run's id (looked up in the dataset unless `yours` holds the run).
    pub run_id: AttrValue,
    /// An imported run, shown as it is (with a "yours" badge) instead of a dataset run.
    #[prop_or_default]
    pub yours: Option<Rc<Run>>,
    /// Display language.
    pub lang: Lang,
    /// True for the calculator's chosen run.
    #[prop_or_default]
    pub current: bool,
}

/// One run's table with its own sort state.
#[component]
pub fn RunTable(props: &RunTableProps) -> Html {
    let sort = use_state_eq(|| (Column::Concurrency, Direction::Ascending));
    let ids = use_ids();
    let data = sizer_data::dataset();
    let run: &Run = match &props.yours {
        Some(run) => run,
        None => match data.run(&props.run_id) {
            Some(run) => run,
            None => return Html::default(),
        },
    };
    let is_yours = props.yours.is_some();
    let lang = props.lang;
    let columns = Column::present_in(run);
    let (sort_column, direction) = *sort;
    let order = sorted_indices(&run.points, sort_column, direction);
    // Point notes become numbered footnotes (numbered in dataset order, so sorting keeps them).
    let notes: Vec<(u32, &str)> =
        run.points.iter().filter_map(|point| Some((point.concurrency, point.note.as_deref()?))).collect();
    let note_number = |concurrency: u32| notes.iter().position(|(c, _)| *c == concurrency).map(|i| i + 1);
    let decimals: Vec<usize> = columns
        .iter()
        .map(|column| column_decimals(run.points.iter().filter_map(|p| column.figure(p).map(|f| f.value))))
        .collect();
    let header = |column: Column| -> Html {
        let label = table_text(lang, column.heading());
        let aria_sort = (column == sort_column).then(|| direction.aria());
        let onclick = {
            let sort = sort.setter();
            Callback::from(move |_: MouseEvent| {
                let next = if column == sort_column { direction.flipped() } else { Direction::Ascending };
                sort.set((column, next));
            })
        };
        let arrow = match aria_sort {
            Some("ascending") => "▲",
            Some(_) => "▼",
            None => "↕",
        };
        html! {
            <th scope="col" aria-sort={aria_sort}>
                <button type="button" class="ss-sort" data-sort={column.key()} title={sort_by(lang, label)} {onclick}>
                    { label }<span class="ss-sort-arrow" aria-hidden="true">{ arrow }</span>
                </button>
            </th>
        }
    };
    html! {
        <section id={ids.run(&run.id)}
            class={classes!("ss-run", props.current.then_some("ss-run--current"), is_yours.then_some("ss-run--yours"))}
            data-run-id={run.id.clone()} data-origin={if is_yours { "yours" } else { "sourced" }}
            aria-current={props.current.then_some("true")}>
            <div class="ss-table-scroll">
                <table class="ss-table ss-run-table" data-run-table={run.id.clone()}>
                    { caption(data, run, is_yours, lang, &ids) }
                    <thead>
                        <tr>
                            for column in columns.iter().copied() {
                                { header(column) }
                            }
                        </tr>
                    </thead>
                    <tbody>
                        for point in order.iter().filter_map(|index| run.points.get(*index)) {
                            <tr data-concurrency={point.concurrency.to_string()}>
                                for (column, decimals) in columns.iter().copied().zip(decimals.iter().copied()) {
                                    if column == Column::Concurrency {
                                        { concurrency_cell(data, run, is_yours, point, note_number(point.concurrency), lang, &ids) }
                                    } else {
                                        { cell(point, column, decimals, lang) }
                                    }
                                }
                            </tr>
                        }
                    </tbody>
                </table>
            </div>
            if !notes.is_empty() {
                <ol class="ss-point-notes" aria-label={table_text(lang, TableMsg::PointNotesHeading)}>
                    for (concurrency, note) in notes.iter() {
                        <li>{ point_note(lang, *concurrency, "") }<span lang="en">{ *note }</span></li>
                    }
                </ol>
            }
            if !is_yours {
                { unverified_notes(data, run, lang) }
            }
            if let Some((note, note_lang)) = crate::i18n::import::caption_note(lang, run) {
                <p class="ss-run-note"><strong>{ table_text(lang, TableMsg::CaptionNote) }{ ": " }</strong><span lang={note_lang.code()}>{ note }</span></p>
            }
        </section>
    }
}

/// The caption: the run's name, then setup, counter, workload, date and source. An imported
/// run (`yours`) gets a "yours" badge, its own date only, and no source link.
fn caption(data: &Dataset, run: &Run, yours: bool, lang: Lang, ids: &Ids) -> Html {
    let mut setup = vec![weights_format(lang, run).to_owned()];
    setup.push(match engine_version(lang, run) {
        Some(version) => format!("{} {version}", engine_with_tool(lang, run)),
        None => engine_with_tool(lang, run).into_owned(),
    });
    setup.push(format!("{}, {}", hardware_name(lang, run), nodes(lang, run.nodes)));
    if let Some(topology) = topology_name(lang, run.topology) {
        setup.push(topology.to_owned());
    }
    let load = workload_html(lang, &run.workload);
    // An imported run's `source` is a free label: never resolved against the dataset.
    let date = if yours { run.date } else { data.run_date(run) }
        .map(|date| date.to_string())
        .unwrap_or_else(|| "—".to_owned());
    let kind = if yours { None } else { date_kind(data, run) };
    let source = if yours { None } else { data.source(&run.source) };
    let source_name = source.map_or_else(|| run.source.clone(), |s| s.publisher.clone());
    let item = |label: TableMsg, value: Html| {
        html! {
            <span class="ss-caption-item"><span class="ss-caption-label">{ table_text(lang, label) }{ ": " }</span>{ value }</span>
        }
    };
    html! {
        <caption>
            <span class="ss-run-title">{ run_label(lang, run).to_owned() }</span>
            if yours {
                { " " }<span class="ss-yours" data-origin="yours">{ import_text(lang, ImportMsg::Yours) }</span>
            }
            <span class="ss-caption-meta">
                { item(TableMsg::CaptionEngine, html! { { setup.join(" · ") } }) }
                { item(TableMsg::CaptionCounter, html! { { counter_name(lang, run.counter) } }) }
                { item(TableMsg::CaptionWorkload, load) }
                { item(TableMsg::CaptionDate, html! { <>
                    <time>{ date }</time>
                    if let Some(kind) = kind {
                        { " " }<span class="ss-date-kind" data-date-kind={kind.code()}>{ "(" }{ kind.text(lang) }{ ")" }</span>
                    }
                </> }) }
                { item(TableMsg::CaptionSource, html! {
                    if yours {
                        <span data-source="yours">{ table_text(lang, TableMsg::CaptionYourSource) }</span>
                    } else if let Some(source) = source {
                        <a href={ids.source_href(&run.source)} data-source-link={run.source.clone()}>{ source_name }</a>
                        { source_marks(source, lang) }
                    } else {
                        { source_name }
                    }
                }) }
            </span>
        </caption>
    }
}

/// The concurrency as a row header with its footnote number and, for a dataset run, the
/// point's own workload, source and unverified mark.
fn concurrency_cell(
    data: &Dataset,
    run: &Run,
    yours: bool,
    point: &RunPoint,
    note: Option<usize>,
    lang: Lang,
    ids: &Ids,
) -> Html {
    html! {
        <th scope="row">
            { point.concurrency.to_string() }
            if let Some(number) = note {
                <sup class="ss-note-ref">{ format!("[{number}]") }</sup>
            }
            if !yours {
                { point_marks(data, run, point, lang, ids) }
            }
        </th>
    }
}

/// One figure cell with its marks, printed with the column's `decimals`.
fn cell(point: &RunPoint, column: Column, decimals: usize, lang: Lang) -> Html {
    let Some(figure) = column.figure(point) else {
        return html! { <td class="ss-cell-empty">{ "—" }</td> };
    };
    let (mark, mark_title) = match figure.origin {
        FigureOrigin::Published => (None, None),
        FigureOrigin::DerivedByArticle => (Some("†"), Some(table_text(lang, TableMsg::MarkDerivedByArticle))),
        FigureOrigin::DerivedByUs => (Some("‡"), Some(table_text(lang, TableMsg::MarkDerivedByUs))),
    };
    let origin = match figure.origin {
        FigureOrigin::Published => "published",
        FigureOrigin::DerivedByArticle => "article",
        FigureOrigin::DerivedByUs => "us",
    };
    let range =
        figure.range.map(|(low, high)| format!(" ({}–{})", format_figure(lang, low), format_figure(lang, high)));
    html! {
        <td data-origin={origin} data-value={figure.value.to_string()}>
            if figure.approximate {
                <span class="ss-mark" title={table_text(lang, TableMsg::MarkApproximate)}>{ "≈" }</span>
            }
            { format_number(lang, figure.value, decimals) }
            if let Some(range) = range {
                <span class="ss-cell-range">{ range }</span>
            }
            if let (Some(mark), Some(title)) = (mark, mark_title) {
                <sup class="ss-mark" title={title}>{ mark }</sup>
                <span class="ss-visually-hidden">{ format!(" ({title})") }</span>
            }
        </td>
    }
}
