//! Skip links at the top of an instance: to the result, the inputs (the run select), the data
//! tables and the sources, so a keyboard user need not tab through some 200 controls. Hidden
//! until focused. A link moves focus and scroll to its target (opening a folded section)
//! without touching the URL fragment, which may hold the scenario.

use yew::prelude::*;

use crate::common::browser;
use crate::common::ids::use_ids;
use crate::i18n::Lang;
use crate::i18n::page::{PageMsg, page_text};

/// The local ids (see `crate::common::ids`) the skip links lead to, with their text.
pub const TARGETS: [(&str, PageMsg); 4] = [
    ("result", PageMsg::SkipToResult),
    ("run", PageMsg::SkipToInputs),
    ("tables", PageMsg::SkipToTables),
    ("sources", PageMsg::SkipToSources),
];

/// Props of [`SkipLinks`].
#[derive(Properties, PartialEq, Clone)]
pub struct SkipLinksProps {
    pub lang: Lang,
}

/// The skip links.
#[component]
pub fn SkipLinks(props: &SkipLinksProps) -> Html {
    let ids = use_ids();
    let lang = props.lang;
    html! {
        <nav class="ss-skip" aria-label={page_text(lang, PageMsg::SkipLinks)}>
            for (local, msg) in TARGETS {
                <a href={ids.href(local)} data-skip={local} onclick={jump(ids.id(local))}>{ page_text(lang, msg) }</a>
            }
        </nav>
    }
}

fn jump(id: String) -> Callback<MouseEvent> {
    Callback::from(move |event: MouseEvent| {
        if browser::reveal(&event, &id, true) {
            event.prevent_default();
        }
    })
}
