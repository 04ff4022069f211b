//! Every run of the dataset as a table: caption (run, counter, workload, date, source link),
//! one row per concurrency, one column per figure the run publishes. The person's own imported
//! runs ("yours") follow the sourced ones, each with a "yours" badge and, instead of a source
//! link, the note that it was imported in this browser. Figures the article or
//! this dataset derived carry a visible mark explained in a legend; approximate ones an "≈".
//! Columns sort on click or Enter (header buttons, `aria-sort`); a select filters by model.
//!
//! Each run sits in an element with `id="<prefix>-run-<run id>"` (`crate::common::ids`), so the calculator's citation links
//! can point at it.
//!
//! # Props of [`DataTables`]
//! - `lang: Lang`;
//! - `highlight: Option<AttrValue>` (optional): the chosen run's id, marked as current;
//! - `yours: Vec<Rc<Run>>` (optional): the imported runs, listed after the sourced ones, in
//!   the model filter like them.

mod columns;
pub mod provenance;
mod run_table;

use std::collections::BTreeMap;
use std::rc::Rc;

use sizer_data::{Dataset, Run};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::labels::model_name;
use crate::i18n::tables::{TableMsg, runs_shown, table_text};

pub use self::columns::{Column, Direction, sorted_indices};
pub use self::run_table::{RunTable, RunTableProps};

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

/// The models to filter by: `model_id` → the name shown in `lang`, sourced runs first (their
/// name wins when an imported run shares a `model_id`), in id order.
fn filter_models(data: &Dataset, yours: &[Rc<Run>], lang: Lang) -> BTreeMap<String, String> {
    let mut models: BTreeMap<String, String> = data
        .runs_by_model()
        .into_iter()
        .map(|(model_id, runs)| {
            let name = runs.first().map(|run| model_name(lang, run).to_owned()).unwrap_or_default();
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
    let models = filter_models(data, &props.yours, lang);
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let models = filter_models(data, &[Rc::new(own_model), Rc::new(same_model)], Lang::En);
        assert_eq!(models.len(), data.runs_by_model().len() + 1);
        assert_eq!(models.get("yours-only-model").map(String::as_str), Some("ggml-org/gpt-oss-120b-GGUF"));
        assert_eq!(models.get(sourced.model_id.as_str()), Some(&sourced.model));
    }
}
