//! The p99 time to first token measured nearest the chosen concurrency, with a warning above a
//! few seconds.

use yew::prelude::*;

use crate::i18n::{Lang, Msg, format_integer, format_number, text};
use crate::i18n::{headline, phrases};
use crate::sizing::calculation::{TTFT_WARNING_S, TtftNearest, ttft_warns};

/// Props of [`TtftNote`].
#[derive(Properties, PartialEq, Clone)]
pub struct TtftNoteProps {
    pub ttft: Option<TtftNearest>,
    pub lang: Lang,
}

/// The TTFT line.
#[component]
pub fn TtftNote(props: &TtftNoteProps) -> Html {
    let lang = props.lang;
    let Some(ttft) = props.ttft else {
        return html! { <p class="ss-ttft ss-muted">{ text(lang, Msg::TtftNotMeasured) }</p> };
    };
    let warn = ttft_warns(&ttft);
    html! {
        <div class={classes!("ss-ttft", warn.then_some("ss-ttft--warning"))} data-result="ttft" data-value={format_number(Lang::En, ttft.p99_s, 3)}>
            <p>{ phrases::ttft(lang, &format_integer(lang, u64::from(ttft.concurrency)), &headline::duration(lang, ttft.p99_s)) }</p>
            if warn {
                <p class="ss-warning" role="note">{ phrases::ttft_warning(lang, &format_number(lang, TTFT_WARNING_S, 0)) }</p>
            }
        </div>
    }
}
