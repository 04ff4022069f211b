//! The speed floor: the numeric field plus the English article's presets, 15 "comfortable" and 10
//! "minimum" tok/s, as toggle buttons.

use yew::prelude::*;

use crate::common::input::{Field, InputError};
use crate::common::number_field::NumberField;
use crate::i18n::{Lang, Msg, format_number, text};

/// The presets: value and name.
pub const FLOOR_PRESETS: [(f64, Msg); 2] = [(15.0, Msg::FloorComfortable), (10.0, Msg::FloorMinimum)];

/// Props of [`FloorInput`].
#[derive(Properties, PartialEq, Clone)]
pub struct FloorInputProps {
    pub id_prefix: AttrValue,
    /// The field's text.
    pub value: AttrValue,
    /// The current valid floor (for highlighting a preset).
    pub floor: f64,
    pub error: Option<InputError>,
    /// How an ambiguous number was read (see `NumberField`).
    #[prop_or_default]
    pub echo: Option<AttrValue>,
    pub lang: Lang,
    pub on_input: Callback<(Field, String)>,
    /// Called with a preset's value.
    pub on_preset: Callback<f64>,
}

/// The floor field and its presets.
#[component]
pub fn FloorInput(props: &FloorInputProps) -> Html {
    let lang = props.lang;
    html! {
        <div class="ss-floor">
            <NumberField
                field={Field::Floor}
                id_prefix={props.id_prefix.clone()}
                value={props.value.clone()}
                error={props.error}
                echo={props.echo.clone()}
                {lang}
                on_input={props.on_input.clone()}
            />
            <div class="ss-presets" role="group" aria-label={text(lang, Msg::FloorLabel)}>
                for (value, name) in FLOOR_PRESETS {
                    <button
                        key={name as u8 as u64}
                        type="button"
                        class="ss-preset"
                        data-preset={format_number(lang, value, 0)}
                        aria-pressed={if props.error.is_none() && props.floor == value { "true" } else { "false" }}
                        onclick={props.on_preset.reform(move |_: MouseEvent| value)}
                    >
                        { [format_number(lang, value, 0).as_str(), " ", text(lang, Msg::UnitTokS), " · ", text(lang, name)].concat() }
                    </button>
                }
            </div>
        </div>
    }
}
