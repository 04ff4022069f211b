//! The parts of an opened link that could not be used: listed as written, each left
//! at its default, above the form. The link's numeric values are field errors instead, and its
//! run is the run picker's (see `run_picker.rs`).

use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::links::bad_parts_heading;
use crate::sizing::fragment::BadPart;

/// Props of [`LinkNotice`].
#[derive(Properties, PartialEq, Clone)]
pub struct LinkNoticeProps {
    pub parts: Vec<BadPart>,
    pub lang: Lang,
}

/// Nothing when every part of the link was used.
#[component]
pub fn LinkNotice(props: &LinkNoticeProps) -> Html {
    if props.parts.is_empty() {
        return html! {};
    }
    html! {
        <div class="ss-config-errors" role="alert" data-error="link">
            <p>{ bad_parts_heading(props.lang) }</p>
            <ul>
                for part in props.parts.iter() {
                    <li data-link-part={part.key.clone()}><code>{ part.written() }</code></li>
                }
            </ul>
        </div>
    }
}
