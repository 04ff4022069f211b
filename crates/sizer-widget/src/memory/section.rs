//! "Which models fit together": first the run being sized (its own weights, published or
//! computed, and the sessions they leave room for, alone and beside the models kept loaded); then
//! pick the models to keep loaded and the working budget; see the weights, the cache left (at the budget and across the 102-115 GB band), the bar of the budget
//! and the sessions each model holds at the calculator's context, with the sources.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::common::error_text::error_message;
use crate::i18n::labels::{run_label, weights_format};
use crate::i18n::memory::{
    MemMsg, architecture_not_beside, left_across, left_at, mem_text, over_band, plan_error, sessions_at,
    sized_architecture_run, sized_run_beside, sized_run_no_sessions, sized_run_sessions, sized_run_unknown,
    sized_run_weights, unplannable_summary, weights_option, weights_sum,
};
use crate::i18n::{Lang, format_integer, format_number};
use crate::memory::bar::MemoryBar;
use crate::memory::state::{MemoryAction, MemoryChoice};
use crate::memory::view::{MemoryView, ModelOption, SizedRun, SourceCite};
use sizer_core::MemoryError;
use sizer_data::architecture::as_run::architecture_memory;
use sizer_data::memory::{MemoryRequestError, ModelMemory};
use sizer_data::weights_size::WeightsBasis;

/// Props of [`MemorySection`].
#[derive(Properties, PartialEq, Clone)]
pub struct MemorySectionProps {
    pub choice: MemoryChoice,
    /// Tokens per session (the calculator's context field).
    pub context_tokens: f64,
    /// The dataset run being sized, when it is one.
    #[prop_or_default]
    pub run_id: Option<AttrValue>,
    /// The person's run being sized, when it is one (a run from a model's architecture shows
    /// its weights and sessions).
    #[prop_or_default]
    pub imported_run: Option<Rc<sizer_data::Run>>,
    pub lang: Lang,
    pub id_prefix: AttrValue,
    pub on_action: Callback<MemoryAction>,
}

/// The memory section.
#[component]
pub fn MemorySection(props: &MemorySectionProps) -> Html {
    let lang = props.lang;
    let key = (props.choice.clone(), props.context_tokens.to_bits(), props.run_id.clone());
    let view = use_memo(key, |(choice, context, run_id)| {
        MemoryView::compute(choice, f64::from_bits(*context), run_id.as_deref())
    });
    let budget_id = format!("{}-memory-budget", props.id_prefix);
    let error_id = format!("{budget_id}-error");
    let on_budget = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            on_action.emit(MemoryAction::SetBudget(input.value()));
        })
    };
    let budget_error = props.choice.budget_error.map(|error| error_message(lang, error));
    html! {
        <section class="ss-memory" data-section="memory" aria-labelledby={format!("{}-memory-heading", props.id_prefix)}>
            <h3 id={format!("{}-memory-heading", props.id_prefix)}>{ mem_text(lang, MemMsg::Heading) }</h3>
            if let Some(sized) = &view.sized_run {
                { sized_run(lang, sized, props.context_tokens) }
            }
            if let Some(run) = &props.imported_run {
                { architecture_run(lang, run, props.choice.budget_gb, props.context_tokens) }
            }
            <p class="ss-muted">{ mem_text(lang, MemMsg::Intro) }</p>
            <div class="ss-memory-inputs">
                <fieldset class="ss-group">
                    <legend>{ mem_text(lang, MemMsg::ModelsLegend) }</legend>
                    { for view.options.iter().filter(|o| o.unplannable.is_none()).map(|option| model_checkbox(props, option)) }
                    { unplannable_list(lang, &view.options) }
                </fieldset>
                <div class={classes!("ss-field", budget_error.is_some().then_some("ss-field--invalid"))}>
                    <label for={budget_id.clone()}>{ mem_text(lang, MemMsg::BudgetLabel) }</label>
                    <span class="ss-input-unit">
                        <input id={budget_id} type="text" inputmode="decimal" autocomplete="off" spellcheck="false"
                            data-field="memory_budget" value={props.choice.budget_text.clone()}
                            aria-invalid={budget_error.is_some().then_some("true")} aria-describedby={error_id.clone()}
                            oninput={on_budget} />
                        <span class="ss-unit" aria-hidden="true">{ "GB" }</span>
                    </span>
                    <p class="ss-error" id={error_id} data-error="memory_budget" role="alert">{ budget_error.unwrap_or_default() }</p>
                </div>
            </div>
            { plan_summary(lang, &view) }
            <SourcesLine {lang} view={Rc::clone(&view)} />
        </section>
    }
}

/// One model's checkbox; a model that cannot be planned is disabled and says why.
fn model_checkbox(props: &MemorySectionProps, option: &ModelOption) -> Html {
    let lang = props.lang;
    let id = format!("{}-memory-{}", props.id_prefix, option.id);
    let checked = props.choice.models.iter().any(|model| model == option.id);
    let onchange = {
        let on_action = props.on_action.clone();
        let model = option.id.to_string();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            on_action.emit(MemoryAction::Keep(model.clone(), input.checked()));
        })
    };
    let weights = option.weights.as_ref().map(|w| weights_option(lang, w.gb, &w.format, &w.basis)).unwrap_or_default();
    html! {
        <div class="ss-field ss-check" key={option.id}>
            <input type="checkbox" id={id.clone()} data-memory-model={option.id} {checked} {onchange} />
            <label for={id}>{ option.name }{ weights }</label>
        </div>
    }
}

/// The models that cannot be planned, each with why, folded away.
fn unplannable_list(lang: Lang, options: &[ModelOption]) -> Html {
    let count = options.iter().filter(|option| option.unplannable.is_some()).count();
    if count == 0 {
        return html! {};
    }
    html! {
        <details class="ss-memory-unplannable">
            <summary class="ss-muted">{ unplannable_summary(lang, count) }</summary>
            <ul class="ss-muted">
                { for options.iter().filter_map(|option| option.unplannable.as_ref().map(|reason| {
                    let weights = option.weights.as_ref().map(|w| weights_option(lang, w.gb, &w.format, &w.basis));
                    html! {
                        <li data-memory-reason={option.id}>
                            if let Some(weights) = weights { { option.name }{ weights }{ ": " } }
                            { plan_error(lang, reason) }
                        </li>
                    }
                })) }
            </ul>
        </details>
    }
}

/// The totals, the bar and the per-model table, or why there is no plan.
fn plan_summary(lang: Lang, view: &MemoryView) -> Html {
    let plan = match &view.chosen {
        Ok(plan) => plan,
        Err(error) => {
            return html! { <p class="ss-error" data-memory="error" role="alert">{ plan_error(lang, error) }</p> };
        }
    };
    let parts: Vec<f64> = plan.models.iter().map(|model| model.weights_gb).collect();
    let across = match (view.band, &view.at_low, &view.at_high) {
        (Some(band), Some(low), Some(high)) => Some(left_across(lang, low.kv_left_gb, high.kv_left_gb, band)),
        (Some(band), _, _) => Some(over_band(lang, band)),
        _ => None,
    };
    let sessions_range = |index: usize| match (&view.at_low, &view.at_high) {
        (Some(low), Some(high)) => {
            let (low, high) = (low.models[index].sessions, high.models[index].sessions);
            [" (", &format_integer(lang, low), "–", &format_integer(lang, high), ")"].concat()
        }
        _ => String::new(),
    };
    html! {
        <>
            <p class="ss-memory-totals">
                <span data-memory="weights" data-value={format_number(Lang::En, plan.weights_gb, 1)}>{ weights_sum(lang, &parts, plan.weights_gb) }</span>
                { "; " }
                <span data-memory="left" data-value={format_number(Lang::En, plan.kv_left_gb, 1)}>{ left_at(lang, plan.kv_left_gb, plan.budget_gb) }</span>
                if let Some(across) = across {
                    { "; " }
                    <span data-memory="band">{ across }</span>
                }
            </p>
            <MemoryBar {lang} plan={Rc::new(plan.clone())} band={view.band} />
            <table class="ss-table ss-memory-table">
                <thead>
                    <tr>
                        <th scope="col">{ mem_text(lang, MemMsg::Model) }</th>
                        <th scope="col">{ mem_text(lang, MemMsg::Weights) }</th>
                        <th scope="col">{ mem_text(lang, MemMsg::Cache) }</th>
                        <th scope="col">{ mem_text(lang, MemMsg::PerToken) }</th>
                        <th scope="col">{ sessions_at(lang, plan.context_tokens) }</th>
                    </tr>
                </thead>
                <tbody>
                    { for plan.models.iter().enumerate().map(|(index, model)| html! {
                        <tr data-memory-row={model.id.clone()}>
                            <th scope="row">{ model.id.clone() }</th>
                            <td data-cite={weights_source(model).to_owned()}>{ weights_option(lang, model.weights_gb, &model.format, &model.weights_basis).trim().trim_start_matches('(').trim_end_matches(')').to_owned() }</td>
                            <td>{ [format_number(lang, model.kv_gb, 1), "\u{a0}GB (".into(), format_number(lang, model.share * 100.0, 0), "\u{a0}%)".into()].concat() }</td>
                            <td>{ [format_number(lang, model.kv_bytes_per_token, 0), " (".into(), model.kv_dtype.name().into(), ")".into()].concat() }</td>
                            <td data-memory="sessions" data-value={model.sessions.to_string()}>{ [format_integer(lang, model.sessions), sessions_range(index)].concat() }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </>
    }
}

/// The run being sized: its weights (published or computed), what they leave at the budget and
/// its sessions there, alone and beside the models kept loaded; or why not.
fn sized_run(lang: Lang, sized: &SizedRun, context_tokens: f64) -> Html {
    let label = run_label(lang, sized.run);
    let weights = match &sized.weights {
        Ok(weights) => weights,
        Err(why) => {
            return html! { <p class="ss-memory-run" data-memory="run" data-run={sized.run.id.clone()}>{ sized_run_unknown(lang, label, why) }</p> };
        }
    };
    let floor = matches!(weights.basis, WeightsBasis::Computed { floor: true, .. });
    // The run's own format text has a German name in the data; a catalogue key is a name as is.
    let format = match sized.run.format.as_deref() {
        Some(format) if format == weights.format => weights_format(lang, sized.run),
        _ => weights.format.as_str(),
    };
    let head = sized_run_weights(lang, label, weights.gb, format, &weights.basis);
    let tail = match &sized.alone {
        Ok(plan) => {
            let model = &plan.models[0];
            sized_run_sessions(lang, plan.kv_left_gb, plan.budget_gb, model.sessions, context_tokens, floor)
        }
        Err(error @ MemoryRequestError::Architecture { .. }) if weights.gb < sized.budget_gb => {
            sized_run_no_sessions(lang, sized.budget_gb - weights.gb, sized.budget_gb, &plan_error(lang, error))
        }
        Err(MemoryRequestError::Architecture { .. }) => {
            let over =
                MemoryError::WeightsOverBudget { weights_gb: weights.gb, overhead_gb: 0.0, budget_gb: sized.budget_gb };
            [". ".into(), plan_error(lang, &MemoryRequestError::Plan(over))].concat()
        }
        Err(error) => [". ".into(), plan_error(lang, error)].concat(),
    };
    let beside = sized.beside.as_ref().map(|beside| match beside {
        Ok(plan) => sized_run_beside(lang, plan.weights_gb, plan.kv_left_gb, plan.models[0].sessions, floor),
        Err(error) => plan_error(lang, error),
    });
    html! {
        <div class="ss-memory-run" data-memory="run" data-run={sized.run.id.clone()}>
            <p><strong>{ head }</strong>{ tail }</p>
            if let Some(beside) = beside { <p class="ss-muted" data-memory="beside">{ beside }</p> }
        </div>
    }
}

/// A person's run from a model's architecture: its weights and the sessions they leave room for
/// at the budget; nothing for any other run of theirs (its weights are not known).
fn architecture_run(lang: Lang, run: &sizer_data::Run, budget_gb: f64, context_tokens: f64) -> Html {
    let Some(memory) = architecture_memory(run, budget_gb, context_tokens) else { return html! {} };
    let label = run_label(lang, run);
    let format = run.format.as_deref().unwrap_or_default();
    let head = sized_architecture_run(lang, label, memory.weights_gb, format);
    let tail = match memory.sessions {
        Some(sessions) => sized_run_sessions(lang, memory.kv_left_gb, budget_gb, sessions, context_tokens, false),
        None => {
            let over = MemoryError::WeightsOverBudget { weights_gb: memory.weights_gb, overhead_gb: 0.0, budget_gb };
            [". ".into(), plan_error(lang, &MemoryRequestError::Plan(over))].concat()
        }
    };
    html! {
        <div class="ss-memory-run" data-memory="run" data-run={run.id.clone()}>
            <p><strong>{ head }</strong>{ tail }</p>
            <p class="ss-muted" data-memory="beside">{ architecture_not_beside(lang) }</p>
        </div>
    }
}

/// Where a planned model's weights come from: the published size's source, else the source of
/// the parameter count it was computed from.
fn weights_source(model: &ModelMemory) -> &str {
    match &model.weights_basis {
        WeightsBasis::Published { source } | WeightsBasis::Computed { params_source: source, .. } => source,
    }
}

#[derive(Properties, PartialEq, Clone)]
struct SourcesLineProps {
    lang: Lang,
    view: Rc<MemoryView>,
}

/// "Sources: the budget band's, then each model's weights and layout" with dates and links.
#[component]
fn SourcesLine(props: &SourcesLineProps) -> Html {
    let lang = props.lang;
    let cites: Vec<&SourceCite> = props.view.band_source.iter().chain(&props.view.model_sources).collect();
    html! {
        <p class="ss-cite ss-memory-sources">
            <strong>{ mem_text(lang, MemMsg::SourcesLabel) }{ ": " }</strong>
            { for cites.iter().enumerate().map(|(index, cite)| source_item(lang, index, cite)) }
        </p>
    }
}

fn source_item(lang: Lang, index: usize, cite: &SourceCite) -> Html {
    let date = match (&cite.date, cite.read_on) {
        (Some(date), true) => [", ", mem_text(lang, MemMsg::ReadOn), " ", date].concat(),
        (Some(date), false) => [", ", date.as_str()].concat(),
        (None, _) => String::new(),
    };
    let label = [cite.label.as_str(), &date].concat();
    html! {
        <span data-cite={cite.id.clone()}>
            if index > 0 { { "; " } }
            if let Some(href) = cite.href.clone() {
                <a {href} rel="noopener" target="_blank">{ label }</a>
            } else {
                { label }
            }
        </span>
    }
}
