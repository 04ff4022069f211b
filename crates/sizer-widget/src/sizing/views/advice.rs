//! The articles' advice that fits the sizing on screen: entries for this sizing first (the
//! prefix-caching hint when prefill binds, the p99 TTFT hint when the TTFT warning shows, a
//! second Spark above about 50 streams), then the general advice on sharing a unit, folded.
//! Each entry in the display language, with its source, its location in the article, and the
//! article's own words marked with the article's language.
//!
//! Which advice fits is `sizer_data`'s rule ([`sizer_data::Dataset::advice_for`]); this file
//! only describes the sizing as a [`Situation`] and shows the answer.

use std::rc::Rc;

use sizer_core::StreamsAtFloor;
use sizer_data::{Advice, Situation, SizingWarning, dataset};
use yew::prelude::*;

use crate::i18n::provenance::{ProvenanceMsg, provenance_text};
use crate::i18n::{Lang, localized};
use crate::sizing::calculation::{Calculation, ttft_warns};

/// Props of [`AdviceList`].
#[derive(Properties, PartialEq, Clone)]
pub struct AdviceListProps {
    /// The calculation on screen.
    pub outcome: Rc<Calculation>,
    /// Display language.
    pub lang: Lang,
}

/// The warnings the widget shows beside `outcome`'s sizing (the TTFT note's and the result's).
pub fn warnings_of(outcome: &Calculation) -> Vec<SizingWarning> {
    let mut warnings = Vec::new();
    if outcome.ttft.as_ref().is_some_and(ttft_warns) {
        warnings.push(SizingWarning::P99TtftHigh);
    }
    if outcome.sizing().is_some_and(|s| matches!(s.streams, StreamsAtFloor::NeverReached { .. })) {
        warnings.push(SizingWarning::NoStreamAtFloor);
    }
    warnings
}

/// `outcome` as the situation the advice is chosen for (`warnings` from [`warnings_of`]).
pub fn situation_of<'a>(outcome: &Calculation, warnings: &'a [SizingWarning]) -> Situation<'a> {
    let sizing = outcome.sizing();
    Situation {
        binding: sizing.map(|s| s.binding.into()),
        warnings,
        streams: sizing.map(|s| s.fractional_streams),
        // The dataset does not mark models as dense; the dense-model hint comes with the
        // no-stream warning instead.
        dense_params_b: None,
    }
}

/// The `lang` of words quoted from the source `source_id`: German for the German seed article,
/// English otherwise (every other source that claims and advice quote writes in English).
pub fn article_lang(source_id: &str) -> &'static str {
    if source_id.starts_with("seed-de") { "de" } else { "en" }
}

/// One entry: the advice, then its source and location, then the article's words.
fn entry(lang: Lang, advice: &Advice, ids: &crate::common::ids::Ids) -> Html {
    let source = dataset().source(&advice.source);
    let source_name = source.map_or_else(|| advice.source.clone(), |s| s.title.clone());
    html! {
        <li key={advice.id.clone()} data-advice={advice.id.clone()}>
            <p class="ss-advice-text">{ localized(lang, &advice.text).to_owned() }</p>
            <p class="ss-advice-source">
                { provenance_text(lang, ProvenanceMsg::AdviceSource) }{ ": " }
                <a href={ids.source_href(&advice.source)} data-source-link={advice.source.clone()}>{ source_name }</a>
                { ", " }<span data-advice-location="">{ localized(lang, &advice.location).to_owned() }</span>
            </p>
            <p class="ss-advice-wording">
                { provenance_text(lang, ProvenanceMsg::AdviceWording) }{ ": " }
                <q lang={article_lang(&advice.source)} data-advice-wording="">{ advice.wording.clone() }</q>
            </p>
        </li>
    }
}

/// The advice for the sizing on screen (nothing when none fits).
#[component]
pub fn AdviceList(props: &AdviceListProps) -> Html {
    let lang = props.lang;
    let ids = crate::common::ids::use_ids();
    let warnings = warnings_of(&props.outcome);
    let situation = situation_of(&props.outcome, &warnings);
    let (general, specific): (Vec<&Advice>, Vec<&Advice>) =
        dataset().advice_for(&situation).into_iter().partition(|advice| advice.is_general());
    if general.is_empty() && specific.is_empty() {
        return html! {};
    }
    html! {
        <section class="ss-advice" data-advice-list="">
            <h3>{ provenance_text(lang, ProvenanceMsg::AdviceHeading) }</h3>
            if !specific.is_empty() {
                <ul class="ss-advice-specific">
                    for advice in specific.iter() {
                        { entry(lang, advice, &ids) }
                    }
                </ul>
            }
            if !general.is_empty() {
                <details class="ss-advice-general">
                    <summary>{ provenance_text(lang, ProvenanceMsg::AdviceGeneral) }</summary>
                    <ul>
                        for advice in general.iter() {
                            { entry(lang, advice, &ids) }
                        }
                    </ul>
                </details>
            }
        </section>
    }
}
