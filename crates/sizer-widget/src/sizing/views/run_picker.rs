//! The measured-run picker: runs grouped by model, each option naming format, engine, source
//! and date; the chosen run's details below the select. Runs without a usable speed curve
//! (`Run::curve` fails) are listed apart, disabled, each with its reason.

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use sizer_data::{Run, dataset};

use crate::i18n::headline::{unusable_group, unusable_reason};
use crate::i18n::import::{ImportMsg, import_text};
use crate::i18n::labels::{engine_name, engine_version, model_name, run_label, weights_format};
use crate::i18n::{Lang, Msg, text};
use crate::sizing::steps::run_citation;

/// Props of [`RunPicker`].
#[derive(Properties, PartialEq, Clone)]
pub struct RunPickerProps {
    /// The id prefix of the instance.
    pub id_prefix: AttrValue,
    /// The chosen run id.
    pub selected: AttrValue,
    /// Display language.
    pub lang: Lang,
    /// Called with the chosen run id.
    pub on_change: Callback<String>,
    /// The person's own imported runs, listed last and marked "yours".
    #[prop_or_default]
    pub yours: Vec<Rc<Run>>,
    /// The chosen imported run's note and its language (composed by the second module; the
    /// stored English note until it is in).
    #[prop_or_default]
    pub yours_note: Option<(String, Lang)>,
    /// What a link's run led to, and whether the run is missing (an error).
    #[prop_or_default]
    pub notice: Option<(AttrValue, bool)>,
}

/// The run select, grouped by model.
#[component]
pub fn RunPicker(props: &RunPickerProps) -> Html {
    let data = dataset();
    let id = format!("{}-run", props.id_prefix);
    let hint_id = format!("{id}-hint");
    let onchange = {
        let on_change = props.on_change.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            on_change.emit(select.value());
        })
    };
    let unusable: Vec<(&Run, sizer_data::RunCurveError)> =
        data.runs.iter().filter_map(|run| run.curve().err().map(|error| (run, error))).collect();
    let is_usable = |run: &&Run| !unusable.iter().any(|(other, _)| other.id == run.id);
    let groups: Vec<(&str, Vec<&Run>)> = data
        .runs_by_model()
        .into_iter()
        .map(|(model_id, runs)| (model_id, runs.into_iter().filter(is_usable).collect::<Vec<_>>()))
        .filter(|(_, runs)| !runs.is_empty())
        .collect();
    let chosen = data.run(&props.selected);
    // A link's run that is neither ours nor yours stays chosen, as itself, so the select does
    // not fall back to showing another run.
    let missing = chosen.is_none() && !props.yours.iter().any(|run| run.id == props.selected.as_str());
    let invalid = props.notice.as_ref().is_some_and(|(_, error)| *error);
    let error_id = format!("{id}-error");
    html! {
        <div class={classes!("ss-field", "ss-run-picker", invalid.then_some("ss-field--invalid"))}>
            <label for={id.clone()}>{ text(props.lang, Msg::RunLabel) }</label>
            <select {id} data-field="run" aria-describedby={[hint_id.as_str(), " ", &error_id].concat()} aria-invalid={invalid.then_some("true")} {onchange}>
                if missing {
                    <option value={props.selected.clone()} selected=true disabled=true data-missing="true">
                        { crate::sizing::fragment::shorten(&props.selected) }
                    </option>
                }
                for (model_id, runs) in groups {
                    <optgroup key={model_id} label={runs.first().map(|r| model_name(props.lang, r).to_owned()).unwrap_or_default()}>
                        for run in runs {
                            <option key={run.id.as_str()} value={run.id.clone()} selected={run.id == props.selected.as_str()}>
                                { option_label(run, props.lang) }
                            </option>
                        }
                    </optgroup>
                }
                if !unusable.is_empty() {
                    <optgroup key="unusable" label={unusable_group(props.lang)} data-usable="false">
                        for (run, error) in unusable.iter() {
                            <option key={run.id.as_str()} value={run.id.clone()} selected={run.id == props.selected.as_str()} disabled=true data-usable="false">
                                { [option_label(run, props.lang).as_str(), ": ", unusable_reason(props.lang, error)].concat() }
                            </option>
                        }
                    </optgroup>
                }
                if !props.yours.is_empty() {
                    <optgroup label={import_text(props.lang, ImportMsg::ListHeading)} data-origin="yours">
                        for run in props.yours.iter() {
                            <option key={run.id.as_str()} value={run.id.clone()} selected={run.id == props.selected.as_str()} data-origin="yours">
                                { [run_label(props.lang, run), " (", import_text(props.lang, ImportMsg::Yours), ")"].concat() }
                            </option>
                        }
                    </optgroup>
                }
            </select>
            <p class="ss-hint" id={hint_id}>
                if let Some(run) = chosen {
                    <span class="ss-run-meta">{ run_meta(run, props.lang) }</span>
                } else if props.yours.iter().any(|run| run.id == props.selected.as_str()) {
                    if let Some((note, note_lang)) = &props.yours_note {
                        <span class="ss-run-meta" lang={note_lang.code()}>{ note.clone() }</span>
                    }
                } else {
                    { text(props.lang, Msg::RunHint) }
                }
            </p>
            <p class={if invalid { "ss-error" } else { "ss-hint" }} id={error_id} data-error={invalid.then_some("run")} data-link="run" role={invalid.then_some("alert")}>
                { props.notice.as_ref().map(|(sentence, _)| sentence.clone()).unwrap_or_default() }
            </p>
        </div>
    }
}

/// "AWQ 4-bit · vLLM 0.27.1 · GPUwerk, raw logs, 2026-09-02": format, engine and source.
fn run_meta(run: &sizer_data::Run, lang: Lang) -> String {
    let mut meta = [weights_format(lang, run), " · ", engine_name(lang, run)].concat();
    if let Some(version) = engine_version(lang, run) {
        meta.push(' ');
        meta.push_str(version);
    }
    meta.push_str(" · ");
    meta.push_str(&run_citation(run).label);
    meta
}

/// "Qwen3-Coder-30B-A3B · AWQ 4-bit · vLLM 0.27.1 · GPUwerk (2026-09-02)": model, format, engine,
/// source and date (the closed select shows only the option, so the model stays in it).
fn option_label(run: &sizer_data::Run, lang: Lang) -> String {
    let label = run_label(lang, run);
    match dataset().run_date(run) {
        Some(date) => [label, " (", &date.to_string(), ")"].concat(),
        None => label.to_owned(),
    }
}
