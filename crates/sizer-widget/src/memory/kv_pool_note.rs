//! Which KV-cache pool the sizing's KV limit uses for the chosen run: the pool the run logged,
//! or one computed from the model's architecture and the working budget (said so), or none and
//! why. Beside a logged pool, the computed one is shown with why the two differ.

use sizer_data::{ComputedPool, KvLimit, PoolKind};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::memory::{MemMsg, computed_beside, computed_detail, computed_pool, logged_pool, mem_text, no_pool};
use crate::memory::view::source_cite;

/// Props of [`KvPoolNote`].
#[derive(Properties, PartialEq, Clone)]
pub struct KvPoolNoteProps {
    /// The run's KV limit (none for a person's own run).
    pub limit: Option<KvLimit<'static>>,
    pub lang: Lang,
}

/// The KV pool line of the result.
#[component]
pub fn KvPoolNote(props: &KvPoolNoteProps) -> Html {
    let lang = props.lang;
    let Some(limit) = &props.limit else {
        return html! {};
    };
    let kind = match limit.kind {
        Some(PoolKind::Logged) => "logged",
        Some(PoolKind::Computed) => "computed",
        None => "none",
    };
    let headline = match (limit.kind, &limit.logged, &limit.computed) {
        (Some(PoolKind::Logged), Some(logged), _) => logged_pool(lang, logged.value, limit.logged_gb),
        (Some(PoolKind::Computed), _, Ok(pool)) => computed_pool(lang, pool.tokens_low, pool.band),
        (_, _, Err(reason)) => no_pool(lang, *reason, false),
        _ => String::new(),
    };
    let logged = limit.kind == Some(PoolKind::Logged);
    let comparison = match (&limit.computed, logged) {
        (Ok(pool), true) => html! {
            <>
                <p data-kv-pool="computed-beside">{ [computed_beside(lang), &computed_detail_of(lang, pool)].concat() }</p>
                <p class="ss-muted" data-kv-pool="why">{ mem_text(lang, MemMsg::LoggedWhy) }</p>
            </>
        },
        (Err(reason), true) => {
            html! { <p class="ss-muted" data-kv-pool="computed-beside">{ no_pool(lang, *reason, true) }</p> }
        }
        (Ok(pool), false) => html! { <p class="ss-muted" data-kv-pool="detail">{ computed_detail_of(lang, pool) }</p> },
        (Err(_), false) => html! {},
    };
    let cites: Vec<(String, &str)> = match (limit.kind, &limit.logged, &limit.computed) {
        (Some(PoolKind::Logged), Some(cited), _) => vec![(cited.cited_id.to_string(), cited.source)],
        (Some(PoolKind::Computed), _, Ok(pool)) => {
            let budget = sizer_data::dataset().fact(sizer_data::WORKING_BUDGET_FACT);
            budget
                .map(|fact| (fact.id.clone(), fact.source.as_str()))
                .into_iter()
                .chain([(pool.weights_format.to_string(), pool.weights_source)])
                .collect()
        }
        _ => Vec::new(),
    };
    html! {
        <section class="ss-kv-pool" data-result="kv-pool" data-value={kind} aria-label={mem_text(lang, MemMsg::KvHeading)}>
            <p><strong>{ mem_text(lang, MemMsg::KvHeading) }{ ": " }</strong><span data-kv-pool="headline">{ headline }</span></p>
            { comparison }
            { for cites.iter().map(|(cited_id, source)| citation(cited_id, source)) }
        </section>
    }
}

fn computed_detail_of(lang: Lang, pool: &ComputedPool<'_>) -> String {
    computed_detail(
        lang,
        (pool.pool_gb_low, pool.pool_gb_high),
        (pool.tokens_low, pool.tokens_high),
        pool.context_tokens,
        pool.weights_gb,
        pool.weights_format,
        pool.kv_dtype.name(),
    )
}

/// "Publisher, title, date · cited id" with a link to the source.
fn citation(cited_id: &str, source: &str) -> Html {
    let Some(cite) = source_cite(source) else {
        return html! {};
    };
    let label = match &cite.date {
        Some(date) => [cite.label.as_str(), ", ", date].concat(),
        None => cite.label.clone(),
    };
    html! {
        <p class="ss-cite" data-cite={cited_id.to_string()}>
            if let Some(href) = cite.href.clone() {
                <a {href} rel="noopener" target="_blank">{ label }</a>
            } else {
                { label }
            }
            <span class="ss-cite-id">{ [" · ", cited_id].concat() }</span>
        </p>
    }
}
