//! Sharing: copy a link that reproduces the sizing, and export the result with its steps as
//! Markdown (download or clipboard) or JSON (download), with the team, the memory plan and "Load
//! from your logs" where shown. The texts are built on click, not on every keystroke.

use std::rc::Rc;

use yew::prelude::*;

use crate::common::browser;
use crate::i18n::links::copy_note;
use crate::i18n::{Lang, Msg, text};
use crate::memory::export as memory_export;
use crate::memory::state::MemoryChoice;
use crate::share_link::CopyNote;
use crate::simulation::load_prediction::export::{self as load_export, LoadShare};
use crate::sizing::calculation::Calculation;
use crate::sizing::export;
use crate::sizing::steps::steps;
use crate::sizing::summary::result_text;
use sizer_data::Usage;

/// Props of [`ShareBar`].
#[derive(Properties, PartialEq, Clone)]
pub struct ShareBarProps {
    pub lang: Lang,
    /// The sizing to export (compared by pointer: a new one per computation).
    pub outcome: Rc<Calculation>,
    pub usage: Option<Usage>,
    /// The link's fragment (without `#`): for an imported run it carries the curve; `None` when
    /// no honest link can be made (see `share_link::copy_link`).
    pub fragment: Option<AttrValue>,
    /// What to say beside "Copy link" (an imported run's curve goes into the link, or cannot).
    #[prop_or_default]
    pub note: Option<CopyNote>,
    /// Show "copy link" (instances that sync the URL).
    pub link: bool,
    /// The memory section's choices, exported beside the sizing.
    #[prop_or_default]
    pub memory: Option<MemoryChoice>,
    /// The team, carried by the exports.
    #[prop_or_default]
    pub team: Option<crate::team::export::TeamShare>,
    /// Fields whose text the sizing did not use: the exports say so (`sizing/stale.rs`).
    #[prop_or_default]
    pub stale: Vec<crate::sizing::stale::StaleInput>,
    /// "Load from your logs" (a dataset run's), predicted again for the exports.
    #[prop_or_default]
    pub load: Option<LoadShare>,
}

/// What the last action did, for the status line.
#[derive(Clone, Copy, PartialEq)]
enum Status {
    Idle,
    LinkCopied,
    MarkdownCopied,
    Failed,
    /// No honest link can be made (the note beside the button says why).
    NoLink,
}

/// The share and export buttons.
#[component]
pub fn ShareBar(props: &ShareBarProps) -> Html {
    let status = use_state(|| Status::Idle);
    let lang = props.lang;
    let done_with = |success: Status| {
        let status = status.clone();
        Callback::from(move |ok: bool| status.set(if ok { success } else { Status::Failed }))
    };
    let markdown = {
        let props = props.clone();
        move || {
            let result = result_text(props.lang, &props.outcome, props.usage);
            let link =
                props.link.then(|| props.fragment.as_ref().and_then(|f| browser::url_with_fragment(f))).flatten();
            let steps = steps(props.lang, &props.outcome);
            let mut markdown = export::markdown_marked(props.lang, &props.outcome, &result, &steps, None, &props.stale);
            if let (Some(team), Some(run)) = (&props.team, props.outcome.run.as_deref()) {
                markdown.push_str(&team.markdown(props.lang, &run.id));
            }
            let mut markdown =
                memory_export::with_markdown(markdown, props.lang, &props.outcome, props.memory.as_ref());
            if let Some(exported) = props.load.as_ref().and_then(LoadShare::predict) {
                markdown.push('\n');
                markdown.push_str(&exported.markdown(props.lang));
            }
            // The link closes the document, after the team and the memory plan; where no
            // honest link can be made, the sentence why.
            if let Some(link) = link {
                markdown.extend(["\n", link.as_str(), "\n"]);
            } else if let (true, Some(note)) = (props.link, props.note) {
                markdown.extend(["\n", copy_note(props.lang, note), "\n"]);
            }
            markdown
        }
    };
    let copy_link = {
        let fragment = props.fragment.clone();
        let done = done_with(Status::LinkCopied);
        let refused = status.clone();
        Callback::from(move |_: MouseEvent| match fragment.as_ref().map(|f| browser::url_with_fragment(f)) {
            Some(Some(url)) => browser::copy_text(url, done.clone()),
            Some(None) => done.emit(false),
            None => refused.set(Status::NoLink),
        })
    };
    let copy_markdown = {
        let markdown = markdown.clone();
        let done = done_with(Status::MarkdownCopied);
        Callback::from(move |_: MouseEvent| browser::copy_text(markdown(), done.clone()))
    };
    let file_stem =
        ["spark-sizer-", props.outcome.run.as_ref().map(|run| run.id.as_str()).unwrap_or("result")].concat();
    let download_markdown = {
        let name = [file_stem.as_str(), ".md"].concat();
        Callback::from(move |_: MouseEvent| {
            browser::download(&name, "text/markdown;charset=utf-8", &markdown());
        })
    };
    let download_json = {
        let props = props.clone();
        let name = [file_stem.as_str(), ".json"].concat();
        Callback::from(move |_: MouseEvent| {
            let result = result_text(props.lang, &props.outcome, props.usage);
            let team = props.team.as_ref().zip(props.outcome.run.as_deref()).map(|(team, run)| team.json(&run.id));
            let json = export::json_marked(&props.outcome, &result, team, &props.stale);
            let json = memory_export::with_json(&json, &props.outcome, props.memory.as_ref());
            let json = load_export::with_json(&json, props.load.as_ref().and_then(LoadShare::predict).as_ref());
            browser::download(&name, "application/json", &json);
        })
    };
    let message = match *status {
        Status::Idle => "",
        Status::LinkCopied => text(lang, Msg::LinkCopied),
        Status::MarkdownCopied => text(lang, Msg::MarkdownCopied),
        Status::Failed => text(lang, Msg::CopyFailed),
        Status::NoLink => props.note.map(|note| copy_note(lang, note)).unwrap_or_default(),
    };
    html! {
        <section class="ss-share" aria-label={text(lang, Msg::ShareHeading)}>
            if props.link {
                <button type="button" class="ss-button ss-button--primary" data-action="copy-link" onclick={copy_link}>{ text(lang, Msg::CopyLink) }</button>
                if let Some(note) = props.note {
                    <p class="ss-hint" data-share="link-note" data-value={if props.fragment.is_some() { "curve" } else { "none" }}>{ copy_note(lang, note) }</p>
                }
                if !props.stale.is_empty() {
                    <p class="ss-hint" data-share="stale-note">{ crate::sizing::stale::link_note(lang, &props.stale) }</p>
                }
            }
            <button type="button" class="ss-button" data-action="copy-markdown" onclick={copy_markdown}>{ text(lang, Msg::CopyMarkdown) }</button>
            <button type="button" class="ss-button" data-action="download-markdown" onclick={download_markdown}>{ text(lang, Msg::ExportMarkdown) }</button>
            <button type="button" class="ss-button" data-action="download-json" onclick={download_json}>{ text(lang, Msg::ExportJson) }</button>
            <span class="ss-status" role="status">{ message }</span>
        </section>
    }
}
