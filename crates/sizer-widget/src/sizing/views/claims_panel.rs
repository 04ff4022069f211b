//! The article's claims about the chosen run, beside our recomputation from its published
//! points ("the article says 14 streams; from its published points we get 18.9").

use sizer_core::StreamsAtFloor;
use sizer_data::{Claim, ClaimQuantity, Qualifier};
use yew::prelude::*;

use crate::i18n::phrases::{self, ClaimWhat};
use crate::i18n::{Lang, Msg, format_integer, format_number, text};
use crate::sizing::calculation::{ClaimCheck, Recomputed};
use crate::sizing::summary::decimals;
use crate::sizing::views::claim_status::{OtherClaims, claim_status, other_claims};

/// Props of [`ClaimsPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ClaimsPanelProps {
    pub claims: Vec<ClaimCheck<'static>>,
    pub lang: Lang,
    /// The chosen run's id: its other claims (not recomputed live) follow, with their status.
    #[prop_or_default]
    pub run_id: Option<AttrValue>,
}

/// The claims list (nothing when the dataset has none for the run).
#[component]
pub fn ClaimsPanel(props: &ClaimsPanelProps) -> Html {
    let lang = props.lang;
    let lines: Vec<(&Claim, String)> =
        props.claims.iter().filter_map(|check| Some((check.claim, claim_sentence(lang, check)?))).collect();
    let shown: Vec<String> = lines.iter().map(|(claim, _)| claim.id.clone()).collect();
    let has_others = props.run_id.as_deref().is_some_and(|run| !other_claims(run, &shown).is_empty());
    if lines.is_empty() && !has_others {
        return html! {};
    }
    html! {
        <section class="ss-claims">
            <h3>{ text(lang, Msg::ClaimsHeading) }</h3>
            <ul>
                for (claim, line) in lines {
                    <li key={claim.id.clone()} data-claim={claim.id.clone()}>{ line }{ claim_status(lang, claim) }</li>
                }
            </ul>
            if let Some(run_id) = props.run_id.clone() {
                <OtherClaims {run_id} {shown} {lang} />
            }
        </section>
    }
}

/// The sentence for one claim check.
pub fn claim_sentence(lang: Lang, check: &ClaimCheck) -> Option<String> {
    let claim = check.claim;
    let about = claim.qualifier == Qualifier::About;
    let claimed = match claim.qualifier {
        Qualifier::AtLeast => {
            phrases::claim_ours_at_least(lang, &format_number(lang, claim.value, decimals(claim.value)))
        }
        _ => format_number(lang, claim.value, decimals(claim.value)),
    };
    let (what, ours) = match (&claim.quantity, check.ours) {
        (ClaimQuantity::StreamsAtFloor { floor_tok_s }, Recomputed::Streams(streams)) => {
            let ours = match streams {
                StreamsAtFloor::Within { streams, .. } => format_number(lang, streams, 1),
                StreamsAtFloor::NeverReached { .. } => phrases::claim_ours_never(lang).to_string(),
                StreamsAtFloor::AtLeast { last } => {
                    phrases::claim_ours_at_least(lang, &format_number(lang, last.concurrency, 0))
                }
            };
            (
                phrases::claim_what(
                    lang,
                    ClaimWhat::Streams,
                    &format_number(lang, *floor_tok_s, decimals(*floor_tok_s)),
                ),
                ours,
            )
        }
        (ClaimQuantity::UsersAtFloor { floor_tok_s }, Recomputed::Users(people)) => {
            let ours = [
                people.map(|p| format_integer(lang, p)).unwrap_or_else(|| "—".into()).as_str(),
                phrases::claim_users_note(lang),
            ]
            .concat();
            (
                phrases::claim_what(lang, ClaimWhat::Users, &format_number(lang, *floor_tok_s, decimals(*floor_tok_s))),
                ours,
            )
        }
        (ClaimQuantity::KvSessions { context_tokens }, Recomputed::KvSessions(sessions)) => (
            phrases::claim_what(lang, ClaimWhat::Sessions, &format_number(lang, *context_tokens, 0)),
            format_number(lang, sessions, 1),
        ),
        _ => return None,
    };
    Some(phrases::claim(lang, about, &claimed, &what, &ours))
}
