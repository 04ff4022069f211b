//! "Show the work": the English article's steps as a numbered list, each with formula, numbers in, result
//! and a citation.
//!
//! The section sits below the team planner, far under the result: new steps are shown in the
//! task after the one that shows the new result (`crate::common::defer`), so their layout does not
//! hold back the result's frame. Until then the section is `aria-busy`.

use yew::prelude::*;

use crate::common::browser;
use crate::common::defer::use_next_task;
use crate::common::ids::use_ids;
use crate::i18n::{Lang, Msg, text};

/// Where a step's figures come from.
#[derive(Clone, Debug, PartialEq)]
pub struct StepCite {
    /// "GPUwerk raw logs, 2026-09-02 (run gpuwerk-…)".
    pub label: String,
    /// The source's address, where the dataset has one.
    pub href: Option<String>,
    /// The run or fact id cited.
    pub cited_id: String,
    /// The in-page anchor of the row it used: `run-<id>` (the run's table) or `source-<id>`.
    pub anchor: String,
}

/// One numbered step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The step's name.
    pub title: &'static str,
    /// The formula in words and symbols.
    pub formula: String,
    /// The numbers put in.
    pub inputs: String,
    /// The result.
    pub result: String,
    /// The source of the figures (None: the person's own input).
    pub cite: Option<StepCite>,
}

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
    let (steps, waiting) = use_next_task(&props.steps);
    html! {
        <section class="ss-work" aria-busy={waiting.then_some("true")}>
            <h3>{ text(lang, Msg::WorkHeading) }</h3>
            <ol class="ss-steps">
                for step in steps.iter() {
                    <StepItem key={step.title} step={step.clone()} {lang} linked=true />
                }
            </ol>
        </section>
    }
}

/// Props of [`StepItem`].
#[derive(Properties, PartialEq, Clone)]
pub struct StepItemProps {
    pub step: Step,
    pub lang: Lang,
    /// The citation links to its row and the original (the sizing's steps); else it is named only.
    pub linked: bool,
}

/// One numbered step: title, formula, numbers in, result and its citation (the sizing's and the
/// team plan's steps share it).
#[component]
pub fn StepItem(props: &StepItemProps) -> Html {
    let (lang, step) = (props.lang, &props.step);
    let ids = use_ids();
    html! {
        <li class="ss-step">
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
                    if props.linked {
                        <dd class="ss-cite" data-cite={cite.cited_id.clone()}>
                            <a href={ids.href(&cite.anchor)} onclick={scroll_to(&ids.id(&cite.anchor))}>{ cite.label.clone() }</a>
                            <span class="ss-cite-id">{ [" · ", cite.cited_id.as_str()].concat() }</span>
                            if let Some(href) = &cite.href {
                                { " · " }
                                <a href={href.clone()} rel="noopener noreferrer" target="_blank">{ text(lang, Msg::OriginalLink) }</a>
                            }
                        </dd>
                    } else {
                        <dd class="ss-cite" data-cite={cite.cited_id.clone()}>{ cite.label.clone() }</dd>
                    }
                }
            </dl>
        </li>
    }
}

/// Scrolls to the cited row (opening the folded section it is in) without touching the URL
/// fragment (which may hold the scenario).
fn scroll_to(id: &str) -> Callback<MouseEvent> {
    let id = id.to_string();
    Callback::from(move |event: MouseEvent| {
        if browser::reveal(&event, &id, false) {
            event.prevent_default();
        }
    })
}
