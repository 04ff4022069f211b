//! The result: people served, streams at the floor, the binding limit, the quotable sentence
//! (naming the hardware it covers), the workload sized (a run of several), the margin to the next
//! limit and the workload caveats, in an
//! aria-live region. Carries the DOM contract's `data-result` / `data-value` attributes.

use yew::prelude::*;

use crate::i18n::phrases;
use crate::i18n::{Lang, Msg, text};
use crate::sizing::summary::ResultText;

/// Props of [`ResultPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ResultPanelProps {
    pub result: ResultText,
    pub lang: Lang,
    /// Some field is invalid: the result uses the last valid values.
    pub stale: bool,
    /// The result is a lower bound or out of range.
    #[prop_or_default]
    pub warning: bool,
}

/// The headline figures.
#[component]
pub fn ResultPanel(props: &ResultPanelProps) -> Html {
    let lang = props.lang;
    let result = &props.result;
    // The skip links' "Result" target.
    let id = crate::common::ids::use_ids().id("result");
    html! {
        <section {id} class={classes!("ss-result", props.stale.then_some("ss-result--stale"))}>
            <h3 class="ss-visually-hidden">{ text(lang, Msg::ResultHeading) }</h3>
            <div class="ss-live" aria-live="polite" aria-atomic="true">
                <p class={classes!("ss-summary", props.warning.then_some("ss-summary--warning"))} data-result="summary" data-value={result.binding_value} data-sparks={result.sparks_value.clone()}>
                    { result.summary.clone() }
                </p>
                <dl class="ss-figures">
                    <div class="ss-figure ss-figure--people">
                        <dt>{ text(lang, Msg::PeopleLabel) }</dt>
                        <dd data-result="people" data-value={result.people_value.clone()}>{ result.people.clone() }</dd>
                    </div>
                    <div class="ss-figure">
                        <dt>{ text(lang, Msg::StreamsLabel) }</dt>
                        <dd data-result="streams" data-value={result.streams_value.clone()}>{ result.streams.clone() }</dd>
                    </div>
                    <div class="ss-figure">
                        <dt>{ text(lang, Msg::BindingLabel) }</dt>
                        <dd data-result="binding" data-value={result.binding_value}>{ result.binding.clone() }</dd>
                    </div>
                </dl>
                if let Some((sentence, kind)) = &result.workload {
                    <p class="ss-workload" data-result="workload" data-value={*kind}>{ sentence.clone() }</p>
                }
                if let Some(sentence) = &result.engine_speed {
                    <p class="ss-workload" data-result="engine-speed">{ sentence.clone() }</p>
                }
                if let Some(margin) = &result.margin {
                    <p class="ss-margin" data-result="margin">{ margin.clone() }</p>
                }
                if !result.caveats.is_empty() {
                    <ul class="ss-caveats" data-result="caveats" role="note">
                        for caveat in result.caveats.iter() {
                            <li class="ss-warning" data-caveat="workload">{ caveat.clone() }</li>
                        }
                    </ul>
                }
                if !result.run_caveats.is_empty() {
                    <ul class="ss-caveats" data-result="run-caveats" role="note">
                        for caveat in result.run_caveats.iter() {
                            <li data-caveat="run">{ caveat.clone() }</li>
                        }
                    </ul>
                }
                if props.stale {
                    <p class="ss-stale">{ phrases::stale_note(lang) }</p>
                }
            </div>
        </section>
    }
}
