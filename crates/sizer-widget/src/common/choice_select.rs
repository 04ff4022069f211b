//! The one `<select>` every choice in the form uses (run aside): label, options, `data-field`.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

pub use crate::i18n::codes::Choice;

/// Props of [`ChoiceSelect`].
#[derive(Properties, PartialEq, Clone)]
pub struct ChoiceSelectProps {
    /// The `data-field` name (also the id suffix).
    pub name: &'static str,
    /// The id prefix of the instance.
    pub id_prefix: AttrValue,
    /// The label text.
    pub label: AttrValue,
    /// The options.
    pub choices: Vec<Choice>,
    /// The selected value.
    pub selected: AttrValue,
    /// Called with the chosen value.
    pub on_change: Callback<String>,
    /// Extra class on the wrapper (e.g. compact header controls).
    #[prop_or_default]
    pub class: Classes,
    /// Greyed out (the choice does not apply to the current settings).
    #[prop_or_default]
    pub disabled: bool,
}

/// A labelled select.
#[component]
pub fn ChoiceSelect(props: &ChoiceSelectProps) -> Html {
    let id = format!("{}-{}", props.id_prefix, props.name);
    let onchange = {
        let on_change = props.on_change.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            on_change.emit(select.value());
        })
    };
    html! {
        <div class={classes!("ss-field", "ss-choice", props.class.clone())}>
            <label for={id.clone()}>{ props.label.clone() }</label>
            <select {id} data-field={props.name} disabled={props.disabled} {onchange}>
                for choice in props.choices.iter() {
                    <option
                        key={choice.value.to_string()}
                        value={choice.value.clone()}
                        selected={choice.value == props.selected}
                    >{ choice.label.clone() }</option>
                }
            </select>
        </div>
    }
}
