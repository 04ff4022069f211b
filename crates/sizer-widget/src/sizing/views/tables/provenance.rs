//! Provenance marks in a run's table: which date the run carries (publication or run date),
//! a source title that is our description, unverified entries with the reason, and points
//! measured with their own workload or taken from their own source (GPUwerk's 1-request points
//! ran 128 in / 512 out inside a 512 in / 256 out run; kubis.ai's copy of the forum sweep adds
//! a 16-request point). Every rule is `sizer_data`'s ([`Run::workload_of`], [`Run::source_of`],
//! [`Dataset::run_date`]); this file only words them.

use sizer_data::{Dataset, Run, RunPoint, Source, Workload};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::provenance::{ProvenanceMsg, point_source, point_workload, provenance_text};
use crate::i18n::tables::{token_count, workload};

/// A workload as one line: "512 tokens in, 256 out (llama-benchy pp1024 / tg128)".
pub fn workload_text(lang: Lang, load: &Workload) -> String {
    let prompt = load.prompt_tokens.map(|count| token_count(lang, count));
    let output = load.output_tokens.map(|count| token_count(lang, count));
    let mut line = workload(lang, prompt.as_deref(), output.as_deref());
    if let Some(note) = &load.note {
        line.push_str(" (");
        line.push_str(note);
        line.push(')');
    }
    line
}

/// [`workload_text`] as markup: the dataset's note (English, as the dataset writes it) marked
/// `lang="en"`, so a German page reads it with the right voice and hyphenation.
pub fn workload_html(lang: Lang, load: &Workload) -> Html {
    let prompt = load.prompt_tokens.map(|count| token_count(lang, count));
    let output = load.output_tokens.map(|count| token_count(lang, count));
    let line = workload(lang, prompt.as_deref(), output.as_deref());
    html! {
        <>
            { line }
            if let Some(note) = &load.note {
                { " (" }<span lang="en">{ note.clone() }</span>{ ")" }
            }
        </>
    }
}

/// Which date a run's table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateKind {
    /// When it was measured (the run's own date, or its source's run date: raw logs).
    Run,
    /// When its source was published (an upper bound on when it ran).
    Published,
}

impl DateKind {
    /// The code in `data-date-kind`.
    pub fn code(self) -> &'static str {
        match self {
            DateKind::Run => "run",
            DateKind::Published => "published",
        }
    }

    /// The word shown after the date.
    pub fn text(self, lang: Lang) -> &'static str {
        provenance_text(
            lang,
            match self {
                DateKind::Run => ProvenanceMsg::DateRun,
                DateKind::Published => ProvenanceMsg::DatePublished,
            },
        )
    }
}

/// Which date [`Dataset::run_date`] gives for `run`, in the order it looks: the run's own
/// date, its source's run date, its source's publication date.
pub fn date_kind(data: &Dataset, run: &Run) -> Option<DateKind> {
    let source = data.source(&run.source);
    if run.date.is_some() || source.is_some_and(|s| s.run_date.is_some()) {
        Some(DateKind::Run)
    } else if source.is_some_and(|s| s.published.is_some()) {
        Some(DateKind::Published)
    } else {
        None
    }
}

/// The "unverified" badge, its reason as a tooltip (the reason is also printed under the table).
fn unverified_badge(lang: Lang, reason: &str) -> Html {
    html! {
        <span class="ss-unverified" data-unverified="" title={reason.to_owned()}>
            { provenance_text(lang, ProvenanceMsg::Unverified) }
        </span>
    }
}

/// " (title is our description)" after a title that the source does not carry.
pub fn title_mark(source: &Source, lang: Lang) -> Html {
    if !source.title_is_description {
        return Html::default();
    }
    html! {
        <>
            { " " }
            <span class="ss-title-description" data-title-is-description="">
                { "(" }{ provenance_text(lang, ProvenanceMsg::TitleIsDescription) }{ ")" }
            </span>
        </>
    }
}

/// After the caption's source link: the source's title, marked when it is our description,
/// and an "unverified" badge when the source has unchecked figures.
pub fn source_marks(source: &Source, lang: Lang) -> Html {
    html! {
        <>
            { ", " }<cite class="ss-caption-source-title">{ source.title.clone() }</cite>
            { title_mark(source, lang) }
            if let Some(reason) = &source.unverified {
                { " " }{ unverified_badge(lang, reason) }
            }
        </>
    }
}

/// Under the concurrency of one row: the point's own workload and its own source, where they
/// are not the run's, and an "unverified" badge.
pub fn point_marks(data: &Dataset, run: &Run, point: &RunPoint, lang: Lang, ids: &crate::common::ids::Ids) -> Html {
    let own_source = point.source.as_deref().filter(|id| *id != run.source);
    html! {
        <>
            if let Some(load) = &point.workload {
                <span class="ss-point-workload" data-point-workload="">{ point_workload(lang, &workload_text(lang, load)) }</span>
            }
            if let Some(id) = own_source {
                <a class="ss-point-source" href={ids.source_href(id)} data-point-source={id.to_owned()}>
                    { point_source(lang, &data.source(id).map_or_else(|| id.to_owned(), |s| s.publisher.clone())) }
                </a>
            }
            if let Some(reason) = &point.unverified {
                { unverified_badge(lang, reason) }
            }
        </>
    }
}

/// Under the table: what could not be checked, the source's reason then each point's.
pub fn unverified_notes(data: &Dataset, run: &Run, lang: Lang) -> Html {
    let mut reasons: Vec<String> = data.source(&run.source).and_then(|s| s.unverified.clone()).into_iter().collect();
    reasons.extend(run.points.iter().filter_map(|p| Some(format!("{}: {}", p.concurrency, p.unverified.as_deref()?))));
    if reasons.is_empty() {
        return Html::default();
    }
    html! {
        <p class="ss-run-unverified" data-unverified-notes="">
            <strong>{ provenance_text(lang, ProvenanceMsg::Unverified) }{ ": " }</strong>
            <span lang="en">{ reasons.join(" ") }</span>
        </p>
    }
}

/// In the sources list, after the publication date: the run date, the copy a date was read
/// from, and what could not be checked.
pub fn source_list_marks(source: &Source, lang: Lang) -> Html {
    let meta = |label: ProvenanceMsg, value: Html| {
        html! { <div><dt>{ provenance_text(lang, label) }</dt><dd>{ value }</dd></div> }
    };
    html! {
        <>
            if let Some(date) = source.run_date {
                { meta(ProvenanceMsg::DateRun, html! { <span data-source-run-date="">{ date.to_string() }</span> }) }
            }
            if let Some(url) = &source.date_from {
                { meta(ProvenanceMsg::DateFrom, html! {
                    <a href={url.clone()} rel="noopener noreferrer external" data-date-from="">{ url.clone() }</a>
                }) }
            }
            if let Some(reason) = &source.unverified {
                { meta(ProvenanceMsg::Unverified, html! { <span lang="en" data-unverified="">{ reason.clone() }</span> }) }
            }
        </>
    }
}
