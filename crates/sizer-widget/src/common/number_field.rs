//! The one numeric input every number in the form uses: label, input, unit, error.
//!
//! The field shows the text from the state and reports every keystroke as
//! `(field, text)`; parsing and validation happen once, in [`crate::common::input::Field::parse`], and
//! the error (if any) comes back through the props. The error text is tied to the input with
//! `aria-describedby` and the input gets `aria-invalid="true"`.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::common::error_text::error_message;
use crate::common::input::{Field, InputError};
use crate::i18n::{Lang, text};

/// Props of [`NumberField`].
#[derive(Properties, PartialEq, Clone)]
pub struct NumberFieldProps {
    /// Which field this is (label, unit, `data-field`).
    pub field: Field,
    /// The instance's id prefix, so ids stay unique with several widgets on a page.
    pub id_prefix: AttrValue,
    /// The text to show.
    pub value: AttrValue,
    /// The current parse error, if any.
    pub error: Option<InputError>,
    /// How an ambiguous number was read ("Read as 1500 (not 1.5)."), when it was.
    #[prop_or_default]
    pub echo: Option<AttrValue>,
    /// The display language.
    pub lang: Lang,
    /// Called with the new text on every input event.
    pub on_input: Callback<(Field, String)>,
    /// When set, the input is disabled and this says why (shown under it).
    #[prop_or_default]
    pub disabled_reason: Option<AttrValue>,
}

/// A labelled numeric text input with unit and error.
#[component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let spec = props.field.spec();
    let (label, unit) = crate::common::input::label_and_unit(props.field);
    let id = format!("{}-{}", props.id_prefix, spec.name);
    let error_id = format!("{id}-error");
    let oninput = {
        let field = props.field;
        let on_input = props.on_input.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            on_input.emit((field, input.value()));
        })
    };
    let message = props.error.map(|error| error_message(props.lang, error));
    let invalid = message.is_some();
    let disabled = props.disabled_reason.is_some();
    let reason_id = format!("{id}-reason");
    let described_by = if disabled { [error_id.as_str(), " ", &reason_id].concat() } else { error_id.clone() };
    html! {
        <div class={classes!("ss-field", invalid.then_some("ss-field--invalid"))}>
            <label for={id.clone()}>{ text(props.lang, label) }</label>
            <span class="ss-input-unit">
                <input
                    id={id}
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    data-field={spec.name}
                    value={props.value.clone()}
                    aria-invalid={invalid.then_some("true")}
                    aria-describedby={described_by}
                    {disabled}
                    {oninput}
                />
                <span class="ss-unit" aria-hidden="true">{ text(props.lang, unit) }</span>
            </span>
            if let Some(reason) = props.disabled_reason.clone() {
                <p class="ss-hint" id={reason_id} data-disabled-reason={spec.name}>{ reason }</p>
            }
            <p class="ss-error" id={error_id} data-error={spec.name} role="alert">
                { message.unwrap_or_default() }
            </p>
            if let Some(echo) = &props.echo {
                <p class="ss-hint" data-echo={spec.name}>{ echo.clone() }</p>
            }
        </div>
    }
}
