//! The calculator: state, inputs, result, worked steps, and the places where the charts, the
//! data tables and the sources list go.

use yew::prelude::*;

use crate::components::number_field::NumberField;
use crate::config::Config;
use crate::i18n::{Msg, text};
use crate::input::Field;
use crate::state::{Action, SizerState};

/// Props of [`App`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    /// The validated `data-*` configuration.
    #[prop_or_default]
    pub config: Config,
    /// A prefix for element ids, unique per instance on the page.
    #[prop_or(AttrValue::Static("ss"))]
    pub id_prefix: AttrValue,
}

/// One calculator instance.
#[component]
pub fn App(props: &AppProps) -> Html {
    let config = props.config.clone();
    let state = use_reducer(move || SizerState::new(&config));
    let lang = state.lang;
    let on_input = {
        let dispatcher = state.dispatcher();
        Callback::from(move |(field, text): (Field, String)| dispatcher.dispatch(Action::SetText(field, text)))
    };
    html! {
        <div class="spark-sizer" lang={lang.code()}>
            <h2 class="ss-title">{ text(lang, Msg::Title) }</h2>
            <form class="ss-form" onsubmit={Callback::from(|event: SubmitEvent| event.prevent_default())}>
                for field in Field::ALL {
                    <NumberField
                        key={field.name()}
                        {field}
                        id_prefix={props.id_prefix.clone()}
                        value={AttrValue::from(state.text(field).to_string())}
                        error={state.error(field)}
                        {lang}
                        on_input={on_input.clone()}
                    />
                }
            </form>
        </div>
    }
}
