//! "Show the work": the English article's steps as a numbered list, each with formula, numbers in, result
//! and a citation.

use yew::prelude::*;

use crate::browser;
use crate::i18n::{Lang, Msg, text};
use crate::work::Step;

/// Props of [`WorkSteps`].
#[derive(Properties, PartialEq, Clone)]
pub struct WorkStepsProps {
    pub steps: Vec<Step>,
    pub lang: Lang,
}

/// The numbered steps.
#[component]
pub fn WorkSteps(props: &WorkStepsProps) -> Html {
    let lang = props.lang;
    html! {
        <section class="ss-work">
            <h3>{ text(lang, Msg::WorkHeading) }</h3>
            <ol class="ss-steps">
                for step in props.steps.iter() {
                    <li key={step.title} class="ss-step">
                        <h4>{ step.title }</h4>
                        <dl>
                            <dt>{ text(lang, Msg::FormulaLabel) }</dt>
                            <dd><code>{ step.formula.clone() }</code></dd>
                            <dt>{ text(lang, Msg::InputsLabel) }</dt>
                            <dd>{ step.inputs.clone() }</dd>
                            <dt>{ text(lang, Msg::ResultLabel) }</dt>
                            <dd class="ss-step-result">{ step.result.clone() }</dd>
                            if let Some(cite) = &step.cite {
                                <dt>{ text(lang, Msg::SourceLabel) }</dt>
                                <dd class="ss-cite" data-cite={cite.cited_id.clone()}>
                                    <a href={["#", cite.anchor.as_str()].concat()} onclick={scroll_to(&cite.anchor)}>{ cite.label.clone() }</a>
                                    <span class="ss-cite-id">{ [" · ", cite.cited_id.as_str()].concat() }</span>
                                    if let Some(href) = &cite.href {
                                        { " · " }
                                        <a href={href.clone()} rel="noopener noreferrer" target="_blank">{ text(lang, Msg::OriginalLink) }</a>
                                    }
                                </dd>
                            }
                        </dl>
                    </li>
                }
            </ol>
        </section>
    }
}

/// Scrolls to the cited row without touching the URL fragment (which may hold the scenario).
fn scroll_to(anchor: &str) -> Callback<MouseEvent> {
    let anchor = anchor.to_string();
    Callback::from(move |event: MouseEvent| {
        if browser::scroll_to_from(&event, &anchor) {
            event.prevent_default();
        }
    })
}
