//! Every run of the dataset as a table: caption (run, counter, workload, date, source link),
//! one row per concurrency, one column per figure the run publishes. The person's own imported
//! runs ("yours") follow the sourced ones, each with a "yours" badge and, instead of a source
//! link, the note that it was imported in this browser. Figures the article or
//! this dataset derived carry a visible mark explained in a legend; approximate ones an "≈".
//! Columns sort on click or Enter (header buttons, `aria-sort`); a select filters by model.
//!
//! Each run sits in an element with `id="run-<run id>"`, so the calculator's citation links
//! can point at it.
//!
//! # Props of [`DataTables`]
//! - `lang: Lang`;
//! - `highlight: Option<AttrValue>` (optional): the chosen run's id, marked as current;
//! - `yours: Vec<Rc<Run>>` (optional): the imported runs, listed after the sourced ones, in
//!   the model filter like them.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::rc::Rc;

use sizer_data::{Dataset, Figure, FigureOrigin, Run, RunPoint};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::i18n::import::{ImportMsg, import_text};
use crate::i18n::tables::{
    TableMsg, column_decimals, counter_name, format_figure, nodes, point_note, runs_shown, sort_by, table_text,
    token_count, topology_name, workload,
};
use crate::i18n::{Lang, format_number};

/// Props of [`DataTables`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct DataTablesProps {
    /// Display language.
    pub lang: Lang,
    /// The chosen run's id, marked as current.
    #[prop_or_default]
    pub highlight: Option<AttrValue>,
    /// The person's imported runs, listed after the sourced ones.
    #[prop_or_default]
    pub yours: Vec<Rc<Run>>,
}

/// The models to filter by: `model_id` → the name shown, sourced runs first (their name wins
/// when an imported run shares a `model_id`), in id order.
fn filter_models(data: &Dataset, yours: &[Rc<Run>]) -> BTreeMap<String, String> {
    let mut models: BTreeMap<String, String> = data
        .runs_by_model()
        .into_iter()
        .map(|(model_id, runs)| {
            let name = runs.first().map(|run| run.model.clone()).unwrap_or_default();
            (model_id.to_owned(), name)
        })
        .collect();
    for run in yours {
        models.entry(run.model_id.clone()).or_insert_with(|| run.model.clone());
    }
    models
}

/// All runs of the dataset, then the imported ones, filterable by model.
#[component]
pub fn DataTables(props: &DataTablesProps) -> Html {
    let data: &'static Dataset = sizer_data::dataset();
    let filter = use_state_eq(String::new);
    let lang = props.lang;
    let onchange = {
        let filter = filter.setter();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            filter.set(select.value());
        })
    };
    let models = filter_models(data, &props.yours);
    // A filter on a model that is gone (its imported run was removed) shows everything.
    let active = if models.contains_key(filter.as_str()) { filter.as_str() } else { "" };
    let matches = |run: &Run| active.is_empty() || run.model_id == active;
    let shown: Vec<&Run> = data.runs.iter().filter(|run| matches(run)).collect();
    let shown_yours: Vec<&Rc<Run>> = props.yours.iter().filter(|run| matches(run)).collect();
    let shown_count = shown.len().saturating_add(shown_yours.len());
    let total = data.runs.len().saturating_add(props.yours.len());
    let is_current = |id: &str| props.highlight.as_deref() == Some(id);
    html! {
        <div class="ss-data-tables">
            <p class="ss-tables-intro">
                { table_text(lang, TableMsg::TablesIntro) }
                if !props.yours.is_empty() {
                    { " " }{ table_text(lang, TableMsg::TablesIntroYours) }
                }
            </p>
            <div class="ss-tables-toolbar">
                // The select sits inside its label: no id needed, so several widgets on one
                // page cannot clash.
                <label class="ss-tables-filter">
                    <span>{ table_text(lang, TableMsg::FilterModel) }</span>
                    <select data-filter="model" {onchange}>
                        <option value="" selected={active.is_empty()}>{ table_text(lang, TableMsg::AllModels) }</option>
                        for (model_id, name) in models.iter() {
                            <option value={model_id.clone()} selected={active == model_id.as_str()}>
                                { name.clone() }
                            </option>
                        }
                    </select>
                </label>
                <span class="ss-tables-count" aria-live="polite" data-count={shown_count.to_string()}>
                    { runs_shown(lang, shown_count, total) }
                </span>
            </div>
            { marks_legend(lang) }
            if shown_count == 0 {
                <p class="ss-chart-note">{ table_text(lang, TableMsg::NoRunsMatch) }</p>
            }
            for run in shown.iter() {
                <RunTable
                    key={run.id.clone()}
                    run_id={AttrValue::from(run.id.clone())}
                    {lang}
                    current={is_current(&run.id)}
                />
            }
            for run in shown_yours.iter() {
                <RunTable
                    key={run.id.clone()}
                    run_id={AttrValue::from(run.id.clone())}
                    yours={Some(Rc::clone(run))}
                    {lang}
                    current={is_current(&run.id)}
                />
            }
        </div>
    }
}

/// What the marks on figures mean.
fn marks_legend(lang: Lang) -> Html {
    html! {
        <dl class="ss-marks-legend" aria-label={table_text(lang, TableMsg::MarkLegendHeading)}>
            <div><dt class="ss-mark">{ "†" }</dt><dd>{ table_text(lang, TableMsg::MarkDerivedByArticle) }</dd></div>
            <div><dt class="ss-mark">{ "‡" }</dt><dd>{ table_text(lang, TableMsg::MarkDerivedByUs) }</dd></div>
            <div><dt class="ss-mark">{ "≈" }</dt><dd>{ table_text(lang, TableMsg::MarkApproximate) }</dd></div>
        </dl>
    }
}

/// A column of a run table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    Concurrency,
    PerRequest,
    Aggregate,
    Total,
    Prefill,
    MedianTpot,
    MeanTpot,
    MedianTtft,
    P99Ttft,
    Duration,
}

impl Column {
    /// Every column, in display order.
    pub const ALL: [Column; 10] = [
        Column::Concurrency,
        Column::PerRequest,
        Column::Aggregate,
        Column::Total,
        Column::Prefill,
        Column::MedianTpot,
        Column::MeanTpot,
        Column::MedianTtft,
        Column::P99Ttft,
        Column::Duration,
    ];

    /// `data-sort` value of the header button.
    pub fn key(self) -> &'static str {
        match self {
            Column::Concurrency => "concurrency",
            Column::PerRequest => "per_request",
            Column::Aggregate => "aggregate",
            Column::Total => "total",
            Column::Prefill => "prefill",
            Column::MedianTpot => "median_tpot",
            Column::MeanTpot => "mean_tpot",
            Column::MedianTtft => "median_ttft",
            Column::P99Ttft => "p99_ttft",
            Column::Duration => "duration",
        }
    }

    fn heading(self) -> TableMsg {
        match self {
            Column::Concurrency => TableMsg::ColumnConcurrency,
            Column::PerRequest => TableMsg::ColumnPerRequest,
            Column::Aggregate => TableMsg::ColumnAggregate,
            Column::Total => TableMsg::ColumnTotal,
            Column::Prefill => TableMsg::ColumnPrefill,
            Column::MedianTpot => TableMsg::ColumnTpot,
            Column::MeanTpot => TableMsg::ColumnMeanTpot,
            Column::MedianTtft => TableMsg::ColumnTtftMedian,
            Column::P99Ttft => TableMsg::ColumnTtftP99,
            Column::Duration => TableMsg::ColumnDuration,
        }
    }

    /// The figure of a point in this column (`None` for the concurrency column).
    pub fn figure(self, point: &RunPoint) -> Option<&Figure> {
        match self {
            Column::Concurrency => None,
            Column::PerRequest => point.per_request_tok_s.as_ref(),
            Column::Aggregate => point.aggregate_tok_s.as_ref(),
            Column::Total => point.total_tok_s.as_ref(),
            Column::Prefill => point.prefill_tok_s.as_ref(),
            Column::MedianTpot => point.median_tpot_ms.as_ref(),
            Column::MeanTpot => point.mean_tpot_ms.as_ref(),
            Column::MedianTtft => point.median_ttft_ms.as_ref(),
            Column::P99Ttft => point.p99_ttft_ms.as_ref(),
            Column::Duration => point.duration_s.as_ref(),
        }
    }

    /// The number a point sorts by in this column.
    pub fn sort_key(self, point: &RunPoint) -> Option<f64> {
        match self {
            Column::Concurrency => Some(f64::from(point.concurrency)),
            other => other.figure(point).map(|figure| figure.value),
        }
    }

    /// The columns a run fills: concurrency, then each figure at least one point has.
    pub fn present_in(run: &Run) -> Vec<Column> {
        Column::ALL
            .into_iter()
            .filter(|column| *column == Column::Concurrency || run.points.iter().any(|p| column.figure(p).is_some()))
            .collect()
    }
}

/// Sort direction of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Ascending,
    Descending,
}

impl Direction {
    fn aria(self) -> &'static str {
        match self {
            Direction::Ascending => "ascending",
            Direction::Descending => "descending",
        }
    }

    fn flipped(self) -> Direction {
        match self {
            Direction::Ascending => Direction::Descending,
            Direction::Descending => Direction::Ascending,
        }
    }
}

/// The order of a run's points (as indices) sorted by `column`: points without that figure
/// go last in either direction, ties keep the dataset order.
pub fn sorted_indices(points: &[RunPoint], column: Column, direction: Direction) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    let key = |index: &usize| points.get(*index).and_then(|point| column.sort_key(point));
    order.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) => match direction {
            Direction::Ascending => x.total_cmp(&y),
            Direction::Descending => y.total_cmp(&x),
        },
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
    order
}

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
        <section id={format!("run-{}", run.id)}
            class={classes!("ss-run", props.current.then_some("ss-run--current"), is_yours.then_some("ss-run--yours"))}
            data-run-id={run.id.clone()} data-origin={if is_yours { "yours" } else { "sourced" }}
            aria-current={props.current.then_some("true")}>
            <div class="ss-table-scroll">
                <table class="ss-table ss-run-table" data-run-table={run.id.clone()}>
                    { caption(data, run, is_yours, lang) }
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
                                    { cell(point, column, decimals, note_number(point.concurrency), lang) }
                                }
                            </tr>
                        }
                    </tbody>
                </table>
            </div>
            if !notes.is_empty() {
                <ol class="ss-point-notes" aria-label={table_text(lang, TableMsg::PointNotesHeading)}>
                    for (concurrency, note) in notes.iter() {
                        <li>{ point_note(lang, *concurrency, note) }</li>
                    }
                </ol>
            }
            if let Some(note) = &run.note {
                <p class="ss-run-note"><strong>{ table_text(lang, TableMsg::CaptionNote) }{ ": " }</strong>{ note.clone() }</p>
            }
        </section>
    }
}

/// The caption: the run's name, then setup, counter, workload, date and source. An imported
/// run (`yours`) gets a "yours" badge, its own date only, and no source link.
fn caption(data: &Dataset, run: &Run, yours: bool, lang: Lang) -> Html {
    let mut setup = vec![run.format.clone()];
    setup.push(match &run.engine_version {
        Some(version) => format!("{} {}", run.engine, version),
        None => run.engine.clone(),
    });
    setup.push(format!("{}, {}", run.hardware, nodes(lang, run.nodes)));
    if let Some(topology) = topology_name(lang, run.topology) {
        setup.push(topology.to_owned());
    }
    let prompt = run.workload.prompt_tokens.map(|count| token_count(lang, count));
    let output = run.workload.output_tokens.map(|count| token_count(lang, count));
    let mut load = workload(lang, prompt.as_deref(), output.as_deref());
    if let Some(note) = &run.workload.note {
        load.push_str(" (");
        load.push_str(note);
        load.push(')');
    }
    // An imported run's `source` is a free label: never resolved against the dataset.
    let date = if yours { run.date } else { data.run_date(run) }
        .map(|date| date.to_string())
        .unwrap_or_else(|| "—".to_owned());
    let source = if yours { None } else { data.source(&run.source) };
    let source_name = source.map_or_else(|| run.source.clone(), |s| s.publisher.clone());
    let item = |label: TableMsg, value: Html| {
        html! {
            <span class="ss-caption-item"><span class="ss-caption-label">{ table_text(lang, label) }{ ": " }</span>{ value }</span>
        }
    };
    html! {
        <caption>
            <span class="ss-run-title">{ run.label.clone() }</span>
            if yours {
                { " " }<span class="ss-yours" data-origin="yours">{ import_text(lang, ImportMsg::Yours) }</span>
            }
            <span class="ss-caption-meta">
                { item(TableMsg::CaptionEngine, html! { { setup.join(" · ") } }) }
                { item(TableMsg::CaptionCounter, html! { { counter_name(lang, run.counter) } }) }
                { item(TableMsg::CaptionWorkload, html! { { load } }) }
                { item(TableMsg::CaptionDate, html! { <time>{ date }</time> }) }
                { item(TableMsg::CaptionSource, html! {
                    if yours {
                        <span data-source="yours">{ table_text(lang, TableMsg::CaptionYourSource) }</span>
                    } else if source.is_some() {
                        <a href={format!("#source-{}", run.source)} data-source-link={run.source.clone()}>{ source_name }</a>
                    } else {
                        { source_name }
                    }
                }) }
            </span>
        </caption>
    }
}

/// One cell: the concurrency as a row header (with its footnote number), or a figure with its
/// marks, printed with the column's `decimals`.
fn cell(point: &RunPoint, column: Column, decimals: usize, note: Option<usize>, lang: Lang) -> Html {
    if column == Column::Concurrency {
        return html! {
            <th scope="row">
                { point.concurrency.to_string() }
                if let Some(number) = note {
                    <sup class="ss-note-ref">{ format!("[{number}]") }</sup>
                }
            </th>
        };
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn point(concurrency: u32, per_request: Option<f64>) -> RunPoint {
        RunPoint { concurrency, per_request_tok_s: per_request.map(Figure::published), ..RunPoint::default() }
    }

    #[test]
    fn sorting_by_a_figure_orders_points_and_puts_gaps_last() {
        let points = [point(1, Some(81.2)), point(8, Some(37.3)), point(16, None), point(32, Some(18.4))];
        assert_eq!(sorted_indices(&points, Column::PerRequest, Direction::Ascending), vec![3, 1, 0, 2]);
        assert_eq!(sorted_indices(&points, Column::PerRequest, Direction::Descending), vec![0, 1, 3, 2]);
        assert_eq!(sorted_indices(&points, Column::Concurrency, Direction::Descending), vec![3, 2, 1, 0]);
        assert_eq!(sorted_indices(&points, Column::P99Ttft, Direction::Ascending), vec![0, 1, 2, 3]);
    }

    #[test]
    fn sort_keys_read_the_column_figure() {
        let p = point(8, Some(37.3));
        assert_eq!(Column::Concurrency.sort_key(&p), Some(8.0));
        assert_eq!(Column::PerRequest.sort_key(&p), Some(37.3));
        assert_eq!(Column::Aggregate.sort_key(&p), None);
    }

    #[test]
    fn imported_models_join_the_filter_without_renaming_sourced_ones() {
        let data = sizer_data::dataset();
        let Some(sourced) = data.runs.first() else {
            panic!("the dataset has runs");
        };
        let own_model = Run {
            id: "yours-1".to_owned(),
            model: "ggml-org/gpt-oss-120b-GGUF".to_owned(),
            model_id: "yours-only-model".to_owned(),
            ..sourced.clone()
        };
        let same_model = Run { id: "yours-2".to_owned(), model: "renamed by an import".to_owned(), ..sourced.clone() };
        let models = filter_models(data, &[Rc::new(own_model), Rc::new(same_model)]);
        assert_eq!(models.len(), data.runs_by_model().len() + 1);
        assert_eq!(models.get("yours-only-model").map(String::as_str), Some("ggml-org/gpt-oss-120b-GGUF"));
        assert_eq!(models.get(sourced.model_id.as_str()), Some(&sourced.model));
    }

    #[test]
    fn only_filled_columns_are_shown() {
        let data = sizer_data::dataset();
        let Some(run) = data.run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1") else {
            panic!("GPUwerk Qwen3-Coder run missing");
        };
        let columns = Column::present_in(run);
        assert_eq!(columns.first(), Some(&Column::Concurrency));
        assert!(columns.contains(&Column::PerRequest));
        assert!(columns.contains(&Column::P99Ttft));
        assert!(!columns.contains(&Column::Duration));
    }
}
