//! "Measured on": what the run in use was measured on (hardware, systems, GPUs) and the limits
//! it brings (KV pool, prefill rate, maximum context), prefilled where the file says and marked
//! "from the file". A value is taken when the field is left (change); bad text gets the field's
//! error and changes nothing. The bounds are the data crate's ([`SetupField::bounds`]).

use std::rc::Rc;

use sizer_data::{Run, SetupField, YourSetup};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::common::error_text::error_message;
use crate::common::input::{InputError, parse_number};
use crate::i18n::{Lang, format_setting, setup as words};
use crate::import::state::{ImportAction, SetupAnswer};

/// Props of [`SetupForm`].
#[derive(Properties, PartialEq, Clone)]
pub struct SetupFormProps {
    /// The run in use.
    pub run: Rc<Run>,
    pub lang: Lang,
    pub id_prefix: AttrValue,
    pub on_action: Callback<ImportAction>,
}

/// The "Measured on" fieldset of the run in use.
#[component]
pub fn SetupForm(props: &SetupFormProps) -> Html {
    let lang = props.lang;
    let setup = props.run.setup.clone().unwrap_or_default();
    // A run from a model's architecture was predicted, not measured: its setup says so.
    let predicted = props.run.is_computed();
    let (heading, intro) = match predicted {
        false => (words::heading(lang), words::intro(lang)),
        true => (words::heading_predicted(lang), words::intro_predicted(lang)),
    };
    html! {
        <fieldset class="ss-import-setup" data-import="setup">
            <legend>{ heading }</legend>
            <p class="ss-hint">{ intro }</p>
            for field in SetupField::ALL {
                <SetupInput
                    key={[props.run.id.as_str(), field.name(), lang.code()].concat()}
                    {field}
                    {predicted}
                    setup={setup.clone()}
                    run_id={AttrValue::from(props.run.id.clone())}
                    {lang}
                    id_prefix={props.id_prefix.clone()}
                    on_action={props.on_action.clone()}
                />
            }
        </fieldset>
    }
}

#[derive(Properties, PartialEq, Clone)]
struct SetupInputProps {
    field: SetupField,
    /// The run was predicted from an architecture: its stated values came from it, not a file.
    predicted: bool,
    setup: YourSetup,
    run_id: AttrValue,
    lang: Lang,
    id_prefix: AttrValue,
    on_action: Callback<ImportAction>,
}

/// The text a stored value shows as.
fn shown(lang: Lang, field: SetupField, setup: &YourSetup) -> String {
    match field {
        SetupField::Hardware => setup.hardware.clone().unwrap_or_default(),
        _ => field.value(setup).map(|v| format_setting(lang, v)).unwrap_or_default(),
    }
}

/// A typed value within the field's bounds (empty: not stated).
fn parse(lang: Lang, field: SetupField, text: &str) -> Result<Option<f64>, InputError> {
    let Some((min, max, whole)) = field.bounds() else { return Ok(None) };
    let value = match parse_number(lang, text) {
        Err(InputError::Empty) => return Ok(None),
        other => other?,
    };
    if whole && value.fract() != 0.0 {
        Err(InputError::NotWhole)
    } else if value < min {
        Err(InputError::TooSmall { min, exclusive: false })
    } else if value > max {
        Err(InputError::TooLarge { max })
    } else {
        Ok(Some(value))
    }
}

/// One field: its label, input, "from the file" mark and error.
#[component]
fn SetupInput(props: &SetupInputProps) -> Html {
    let lang = props.lang;
    let field = props.field;
    let text = use_state(|| shown(lang, field, &props.setup));
    let error = use_state(|| None::<InputError>);
    let id = format!("{}-import-setup-{}", props.id_prefix, field.name());
    let error_id = format!("{id}-error");
    let on_input = {
        let text = text.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            text.set(input.value());
        })
    };
    let on_change = {
        let (run_id, on_action) = (props.run_id.clone(), props.on_action.clone());
        let (text, error) = (text.clone(), error.clone());
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let typed = input.value();
            text.set(typed.clone());
            let answer = match field {
                SetupField::Hardware => Ok(SetupAnswer::Hardware(Some(sizer_import::clean_label(&typed).0))),
                _ => parse(lang, field, &typed).map(|value| SetupAnswer::Number(field, value)),
            };
            match answer {
                Ok(answer) => {
                    error.set(None);
                    on_action.emit(ImportAction::SetSetup(run_id.to_string(), answer));
                }
                Err(bad) => error.set(Some(bad)),
            }
        })
    };
    let stated = props.setup.stated_by_file(field);
    let numeric = field.bounds().is_some();
    html! {
        <div class="ss-field" data-setup-field={field.name()}>
            <label for={id.clone()}>{ words::label(lang, field) }</label>
            <input
                id={id.clone()}
                type="text"
                inputmode={if numeric { "decimal" } else { "text" }}
                autocomplete="off"
                maxlength="80"
                placeholder={(!numeric).then(|| words::hardware_placeholder(lang))}
                data-import={["setup-", field.name()].concat()}
                value={(*text).clone()}
                aria-invalid={error.is_some().then_some("true")}
                aria-describedby={error_id.clone()}
                oninput={on_input}
                onchange={on_change}
            />
            if stated {
                <span class="ss-hint" data-from-file="">
                    { if props.predicted { words::from_architecture(lang) } else { words::from_file(lang) } }
                </span>
            }
            <p class="ss-error" id={error_id} data-import-error={["setup-", field.name()].concat()}>
                { error.map(|e| error_message(lang, e)).unwrap_or_default() }
            </p>
        </div>
    }
}
