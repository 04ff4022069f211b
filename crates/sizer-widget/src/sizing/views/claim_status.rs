//! A claim's status as the dataset records it (reproduced, not reproducible, not checkable),
//! with our figure's reason, and the list of the article's other claims about a run that the
//! calculator does not recompute live ("the article's own rounding", "not in its table").

use sizer_data::{Claim, ClaimStatus, dataset};
use yew::prelude::*;

use crate::i18n::provenance::{ProvenanceMsg, claim_figures, provenance_text, unit_name, with_unit};
use crate::i18n::{Lang, format_number};
use crate::sizing::summary::decimals;
use crate::sizing::views::advice::article_lang;

/// The status word for `status`.
pub fn status_text(lang: Lang, status: ClaimStatus) -> &'static str {
    provenance_text(
        lang,
        match status {
            ClaimStatus::Reproduced => ProvenanceMsg::StatusReproduced,
            ClaimStatus::NotReproducible => ProvenanceMsg::StatusNotReproducible,
            ClaimStatus::NotCheckable => ProvenanceMsg::StatusNotCheckable,
        },
    )
}

fn status_code(status: ClaimStatus) -> &'static str {
    match status {
        ClaimStatus::Reproduced => "reproduced",
        ClaimStatus::NotReproducible => "not_reproducible",
        ClaimStatus::NotCheckable => "not_checkable",
    }
}

/// The status badge, then the dataset's reason in the page language.
pub fn claim_status(lang: Lang, claim: &Claim) -> Html {
    html! {
        <>
            { " " }
            <span class={classes!("ss-claim-status", format!("ss-claim-status--{}", status_code(claim.status)))}
                data-claim-status={status_code(claim.status)}>
                { status_text(lang, claim.status) }
            </span>
            if let Some(note) = claim.note_in(lang.code()) {
                { " " }<span class="ss-claim-reason" lang={lang.code()} data-claim-reason="">{ note.to_owned() }</span>
            }
        </>
    }
}

/// The dataset's claims about `run_id` (alone or among several runs) not in `shown`.
pub fn other_claims(run_id: &str, shown: &[String]) -> Vec<&'static Claim> {
    dataset()
        .claims
        .iter()
        .filter(|c| c.run.as_deref() == Some(run_id) || c.runs.iter().any(|r| r == run_id))
        .filter(|c| !shown.contains(&c.id))
        .collect()
}

/// Props of [`OtherClaims`].
#[derive(Properties, PartialEq, Clone)]
pub struct OtherClaimsProps {
    /// The chosen run's id.
    pub run_id: AttrValue,
    /// Ids of the claims already shown with a live recomputation.
    #[prop_or_default]
    pub shown: Vec<String>,
    /// Display language.
    pub lang: Lang,
}

/// The article's claims about the run that are not recomputed live: its words, the stated
/// value, our figure where there is one, and the status with its reason.
#[component]
pub fn OtherClaims(props: &OtherClaimsProps) -> Html {
    let lang = props.lang;
    let claims = other_claims(&props.run_id, &props.shown);
    if claims.is_empty() {
        return html! {};
    }
    html! {
        <details class="ss-claims-other">
            <summary>{ format!("{} ({})", provenance_text(lang, ProvenanceMsg::OtherClaims), claims.len()) }</summary>
            <ul>
                for claim in claims {
                    <li key={claim.id.clone()} data-claim={claim.id.clone()}>
                        <q lang={article_lang(&claim.source)}>{ claim.wording.clone() }</q>
                        { " (" }{ figures(lang, claim) }{ ")" }
                        { claim_status(lang, claim) }
                    </li>
                }
            </ul>
        </details>
    }
}

/// "stated 81.2 tok/s, ours 81.3 tok/s" for a claim.
fn figures(lang: Lang, claim: &Claim) -> String {
    let unit = unit_name(lang, claim.unit);
    let with_unit = |value: f64| with_unit(format_number(lang, value, decimals(value)), unit);
    claim_figures(lang, &with_unit(claim.value), claim.ours.map(with_unit).as_deref())
}
