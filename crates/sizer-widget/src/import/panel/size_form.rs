//! "No config.json?": a model known only by its size (total and active parameters, billions,
//! and the weights' format, as a model card or the model's name gives them), sized on the
//! engine from the architecture's short form. Nothing is guessed beyond what the short form
//! states it assumes; a field that is not a number is one sentence.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::reading::Importer;
use crate::common::input::parse_number;
use crate::i18n::Lang;
use crate::i18n::architecture::{SizeMsg, size_text};
use crate::import::state::{ImportAction, ImportFailure, SizeField, TypedSize};

/// The formats the short form offers, as `WeightFormat::from_name` reads them, and their labels.
const FORMATS: [(&str, &str); 4] = [("bf16", "BF16"), ("fp8", "FP8"), ("nvfp4", "NVFP4"), ("mxfp4", "MXFP4")];

/// Props of [`SizeForm`].
#[derive(Properties, Clone)]
pub struct SizeFormProps {
    pub lang: Lang,
    pub id_prefix: AttrValue,
    /// The panel's importer (where the run or the failure goes).
    pub importer: Importer,
    /// The name typed in the panel (empty: the size names the run).
    pub name: AttrValue,
    /// Whether an import is being read (the button waits).
    pub busy: bool,
}

impl PartialEq for SizeFormProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
            && self.id_prefix == other.id_prefix
            && self.name == other.name
            && self.busy == other.busy
            && self.importer.lengths == other.importer.lengths
    }
}

/// The short form: two numbers, a format and a button.
#[component]
pub fn SizeForm(props: &SizeFormProps) -> Html {
    let lang = props.lang;
    let t = |msg: SizeMsg| size_text(lang, msg);
    let total = use_state(String::new);
    let active = use_state(String::new);
    let format = use_state(|| FORMATS[0].0.to_owned());
    let typed = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            state.set(input.value());
        })
    };
    let on_format = {
        let format = format.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            format.set(select.value());
        })
    };
    let on_submit = {
        let (total, active, format) = (total.clone(), active.clone(), format.clone());
        let importer = props.importer.clone();
        let name = props.name.to_string();
        Callback::from(move |_: MouseEvent| {
            let fail = |field| importer.on_action.emit(ImportAction::Failed(ImportFailure::SizeNotNumber(field)));
            let Ok(total_params_b) = parse_number(lang, &total) else { return fail(SizeField::Total) };
            // An empty active count is a dense model: every weight is read for each token.
            let active_params_b = if active.trim().is_empty() {
                total_params_b
            } else {
                match parse_number(lang, &active) {
                    Ok(value) => value,
                    Err(_) => return fail(SizeField::Active),
                }
            };
            importer.size(TypedSize { total_params_b, active_params_b, format: (*format).clone() }, name.clone());
        })
    };
    let prefix = &props.id_prefix;
    let (total_id, active_id, format_id) =
        (format!("{prefix}-size-total"), format!("{prefix}-size-active"), format!("{prefix}-size-format"));
    html! {
        <details class="ss-import-size" data-import="size-form">
            <summary>{ t(SizeMsg::Heading) }</summary>
            <p class="ss-hint">{ t(SizeMsg::Intro) }</p>
            <div class="ss-field">
                <label for={total_id.clone()}>{ t(SizeMsg::Total) }</label>
                <input id={total_id} type="text" inputmode="decimal" autocomplete="off" data-import="size-total"
                    value={(*total).clone()} oninput={typed(&total)} />
            </div>
            <div class="ss-field">
                <label for={active_id.clone()}>{ t(SizeMsg::Active) }</label>
                <input id={active_id.clone()} type="text" inputmode="decimal" autocomplete="off" data-import="size-active"
                    value={(*active).clone()} oninput={typed(&active)} aria-describedby={format!("{active_id}-hint")} />
                <p class="ss-hint" id={format!("{active_id}-hint")}>{ t(SizeMsg::ActiveHint) }</p>
            </div>
            <div class="ss-field">
                <label for={format_id.clone()}>{ t(SizeMsg::Format) }</label>
                <select id={format_id} data-import="size-format" onchange={on_format}>
                    for (value, label) in FORMATS {
                        <option {value} selected={*format == value}>{ label }</option>
                    }
                </select>
            </div>
            <button type="button" class="ss-button" data-import="size-submit" disabled={props.busy} onclick={on_submit}>
                { t(SizeMsg::Submit) }
            </button>
        </details>
    }
}
