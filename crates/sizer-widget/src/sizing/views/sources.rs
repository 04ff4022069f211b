//! The sources list: every source of the dataset with title, publisher, publication date,
//! date read, kind, and what it measured (the runs citing it, linked to their tables, and the
//! other figures taken from it).
//!
//! Each source sits in an element with `id="<prefix>-source-<source id>"` (`crate::common::ids`), so citation links from the
//! calculator's steps and the tables' captions can point at it.
//!
//! # Props of [`Sources`]
//! - `lang: Lang`.

use sizer_data::{Dataset, Fact, Run, Source};
use yew::prelude::*;

use crate::common::ids::{Ids, use_ids};
use crate::i18n::Lang;
use crate::i18n::labels::run_label;
use crate::i18n::tables::{TableMsg, format_figure, source_kind_name, table_text};
use crate::sizing::views::advice::article_lang;
use crate::sizing::views::tables::provenance::{source_list_marks, title_mark};

/// Props of [`Sources`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct SourcesProps {
    /// Display language.
    pub lang: Lang,
}

/// Every source, in dataset order.
#[component]
pub fn Sources(props: &SourcesProps) -> Html {
    let data: &'static Dataset = sizer_data::dataset();
    let lang = props.lang;
    let ids = use_ids();
    html! {
        <div class="ss-sources">
            <p class="ss-tables-intro">{ table_text(lang, TableMsg::SourcesIntro) }</p>
            <ol class="ss-source-list">
                for source in data.sources.iter() {
                    { source_item(data, source, lang, &ids) }
                }
            </ol>
        </div>
    }
}

/// The runs that cite `source`, in dataset order.
pub fn runs_of<'a>(data: &'a Dataset, source: &Source) -> Vec<&'a Run> {
    data.runs.iter().filter(|run| run.source == source.id).collect()
}

/// The facts taken from `source`, in dataset order.
pub fn facts_of<'a>(data: &'a Dataset, source: &Source) -> Vec<&'a Fact> {
    data.facts.iter().filter(|fact| fact.source == source.id).collect()
}

fn source_item(data: &Dataset, source: &Source, lang: Lang, ids: &Ids) -> Html {
    let runs = runs_of(data, source);
    let facts = facts_of(data, source);
    let title = html! { <cite class="ss-source-title" lang={article_lang(&source.id)}>{ source.title.clone() }</cite> };
    let meta = |label: TableMsg, value: String| {
        html! {
            <div><dt>{ table_text(lang, label) }</dt><dd>{ value }</dd></div>
        }
    };
    html! {
        <li id={ids.source(&source.id)} class="ss-source" data-source-id={source.id.clone()}>
            if let Some(url) = &source.url {
                <a href={url.clone()} rel="noopener noreferrer external" title={table_text(lang, TableMsg::SourceOpen)}>{ title }</a>
            } else {
                { title }
            }
            { title_mark(source, lang) }
            <dl class="ss-source-meta">
                { meta(TableMsg::SourcePublisher, source.publisher.clone()) }
                // A licence that asks for attribution is shown with the title and publisher above.
                if let Some(licence) = &source.licence {
                    { meta(TableMsg::SourceLicence, licence.clone()) }
                }
                if let Some(date) = source.published {
                    { meta(TableMsg::SourcePublished, date.to_string()) }
                }
                { source_list_marks(source, lang) }
                if let Some(date) = source.read_on {
                    { meta(TableMsg::SourceRead, date.to_string()) }
                }
                { meta(TableMsg::SourceKind, source_kind_name(lang, source.kind).to_owned()) }
            </dl>
            if let Some(note) = &source.note {
                <p class="ss-source-note" lang="en">{ note.clone() }</p>
            }
            if runs.is_empty() {
                <p class="ss-source-runs ss-source-runs--none">{ table_text(lang, TableMsg::SourceNoRuns) }</p>
            } else {
                <p class="ss-source-runs-heading">{ table_text(lang, TableMsg::SourceMeasured) }</p>
                <ul class="ss-source-runs">
                    for run in runs.iter() {
                        <li>
                            <a href={ids.run_href(&run.id)} data-run-link={run.id.clone()}>{ run_label(lang, run).to_owned() }</a>
                            { span(run, lang) }
                        </li>
                    }
                </ul>
            }
            if !facts.is_empty() {
                <details class="ss-source-facts">
                    <summary>{ format!("{} ({})", table_text(lang, TableMsg::SourceFacts), facts.len()) }</summary>
                    <ul>
                        for fact in facts.iter() {
                            <li lang={article_lang(&source.id)}>{ fact.wording.clone() }</li>
                        }
                    </ul>
                </details>
            }
        </li>
    }
}

/// " (1–256 concurrent)" after a run's name: the concurrency range it covers.
fn span(run: &Run, lang: Lang) -> Html {
    let low = run.points.iter().map(|p| p.concurrency).min();
    let high = run.points.iter().map(|p| p.concurrency).max();
    let unit = table_text(lang, TableMsg::SourceSpanUnit);
    match (low, high) {
        (Some(low), Some(high)) if low != high => html! {
            <span class="ss-source-span">{ format!(" ({}–{} {unit})", format_figure(lang, f64::from(low)), format_figure(lang, f64::from(high))) }</span>
        },
        (Some(only), _) => html! {
            <span class="ss-source-span">{ format!(" ({} {unit})", format_figure(lang, f64::from(only))) }</span>
        },
        _ => Html::default(),
    }
}
