//! One imported run in the panel's list: its name (editable), "yours", point count, use,
//! remove, and its points as a table.

use std::rc::Rc;

use sizer_data::Run;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::architecture::item as architecture_item;
use crate::i18n::import::{ImportMsg, import_text, point_count, remove_named, run_note, use_named};
use crate::i18n::import_suite::suite_item;
use crate::i18n::tables::{TableMsg, format_figure, table_text};
use crate::import::state::ImportAction;
use sizer_data::architecture::as_run::architecture_of;

/// The run's points as imported: concurrency, the per-request speed the curve uses, the
/// aggregate as counted, and p99 time to first token where measured.
fn points_table(lang: Lang, run: &Run) -> Html {
    let curve: Vec<(f64, f64)> = run.curve_points().map(|(points, _)| points).unwrap_or_default();
    let cell = |value: Option<f64>| value.map(|v| format_figure(lang, v)).unwrap_or_else(|| "—".to_owned());
    html! {
        <details class="ss-import-points">
            <summary>{ import_text(lang, ImportMsg::PointsSummary) }</summary>
            <table data-import="points">
                <thead>
                    <tr>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnConcurrency) }</th>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnPerRequest) }</th>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnAggregate) }</th>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnTtftP99) }</th>
                    </tr>
                </thead>
                <tbody>
                    for point in run.points.iter() {
                        <tr key={point.concurrency} data-concurrency={point.concurrency.to_string()}>
                            <th scope="row">{ point.concurrency }</th>
                            <td>{ cell(curve.iter().find(|(c, _)| *c == f64::from(point.concurrency)).map(|(_, s)| *s)) }</td>
                            <td>{ cell(point.aggregate_tok_s.map(|f| f.value)) }</td>
                            <td>{ cell(point.p99_ttft_ms.map(|f| f.value)) }</td>
                        </tr>
                    }
                </tbody>
            </table>
        </details>
    }
}

/// Props of [`ImportedItem`].
#[derive(Properties, PartialEq, Clone)]
pub struct ImportedItemProps {
    pub run: Rc<Run>,
    /// Whether it is the run in use.
    pub selected: bool,
    pub lang: Lang,
    pub id_prefix: AttrValue,
    pub on_action: Callback<ImportAction>,
}

/// One imported run: its name (editable), "yours", point count, the curve's basis, use, remove.
#[component]
pub fn ImportedItem(props: &ImportedItemProps) -> Html {
    let lang = props.lang;
    let t = |msg: ImportMsg| import_text(lang, msg);
    let run = &props.run;
    let name_id = format!("{}-import-name-{}", props.id_prefix, run.id);
    let shown_name = crate::i18n::labels::run_label(lang, run).to_owned();
    let on_rename = {
        let on_action = props.on_action.clone();
        let id = run.id.clone();
        let label = shown_name.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let (name, _) = sizer_import::clean_label(&input.value());
            if name.is_empty() {
                input.set_value(&label);
            } else {
                on_action.emit(ImportAction::Rename(id.clone(), name));
            }
        })
    };
    let on_use = {
        let on_action = props.on_action.clone();
        let id = run.id.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(ImportAction::Select(id.clone())))
    };
    let on_remove = {
        let on_action = props.on_action.clone();
        let id = run.id.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(ImportAction::Remove(id.clone())))
    };
    html! {
        <li
            class={classes!("ss-import-item", props.selected.then_some("ss-import-item--selected"))}
            id={crate::common::ids::Ids::new(props.id_prefix.clone()).run(&run.id)}
            data-run-id={run.id.clone()}
        >
            <label class="ss-visually-hidden" for={name_id.clone()}>{ t(ImportMsg::RenameLabel) }</label>
            <input id={name_id} type="text" maxlength="80" data-import="rename" value={shown_name.clone()} onchange={on_rename} />
            <span class="ss-yours" data-origin="yours">{ t(ImportMsg::Yours) }</span>
            if architecture_of(run).is_some() {
                <span class="ss-hint" data-import="workloads">{ architecture_item(lang, run.workload_count()) }</span>
            } else if run.workload_count() > 1 {
                <span class="ss-hint" data-import="workloads">{ suite_item(lang, run.workload_count()) }</span>
            } else {
                <span class="ss-hint">{ point_count(lang, run.points.len()) }</span>
            }
            if let Some((note, note_lang)) = run_note(lang, run) {
                <span class="ss-hint ss-import-note" lang={note_lang.code()}>{ note }</span>
            }
            if props.selected {
                <span class="ss-import-in-use">{ t(ImportMsg::InUse) }</span>
            } else {
                <button type="button" class="ss-button ss-button--quiet" data-import="use" aria-label={use_named(lang, &shown_name)} onclick={on_use}>
                    { t(ImportMsg::Use) }
                </button>
            }
            <button type="button" class="ss-button ss-button--quiet" data-import="remove" aria-label={remove_named(lang, &shown_name)} onclick={on_remove}>
                { t(ImportMsg::Remove) }
            </button>
            if props.selected {
                <super::setup_form::SetupForm run={Rc::clone(run)} {lang} id_prefix={props.id_prefix.clone()} on_action={props.on_action.clone()} />
            }
            { points_table(lang, run) }
        </li>
    }
}
