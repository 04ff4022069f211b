//! The request rate a number of people stand for (`sizer_core::request_rate_per_s`), said under
//! the sizing's result and in the team planner, with a button that carries the rate (per
//! server) into "Load from your logs" when that section is shown.
//!
//! # Props of [`PeopleRate`]
//! - `which`: `sizing` or `team` (the paragraph's `data-rate`);
//! - `people`, `gap`: who sends how often; `per_server`: the people on each of several
//!   servers (its rate is said too, and carried);
//! - `agents`: the team's agents, said to be left out;
//! - `prompt_tokens`, `answer_tokens`: the sizing's lengths, carried with the rate;
//! - `link`, `on_link`: the section's link keys when it is shown (else no button); the button
//!   carries the rate and the lengths, then scrolls to the section's rate and focuses it;
//! - `lang`.

use sizer_core::request_rate_per_s;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::load_prediction::field_name;
use crate::i18n::request_rate::{Gap, agents_left_out, carry_label, people_rate, round2};
use crate::simulation::load_prediction::fragment::with_scenario;
use sizer_data::prediction::PageField;

/// Props of [`PeopleRate`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct PeopleRateProps {
    pub which: AttrValue,
    pub people: u64,
    pub gap: Gap,
    #[prop_or_default]
    pub per_server: Option<u64>,
    #[prop_or_default]
    pub agents: u64,
    /// The sizing's prompt and answer lengths, tokens.
    pub prompt_tokens: f64,
    pub answer_tokens: f64,
    /// The instance's id prefix (to find the section's rate input).
    pub id_prefix: AttrValue,
    #[prop_or_default]
    pub link: Option<AttrValue>,
    #[prop_or_default]
    pub on_link: Callback<String>,
    pub lang: Lang,
}

/// The sentence, and the button.
#[component]
pub fn PeopleRate(props: &PeopleRateProps) -> Html {
    let lang = props.lang;
    let (Gap::Interval(seconds) | Gap::AlwaysBusy(seconds)) = props.gap;
    // People are whole and few enough to be exact as f64.
    let Ok(rate) = request_rate_per_s(props.people as f64, seconds) else { return Html::default() };
    let each = props.per_server.and_then(|people| request_rate_per_s(people as f64, seconds).ok());
    // Nobody sends nothing: only the agents' sentence, if any.
    let sentence = (props.people > 0).then(|| people_rate(lang, props.people, props.gap, rate, each));
    // The section predicts one server: the rate on each, as the sentence shows it.
    let carried = round2(each.unwrap_or(rate));
    let button = props.link.clone().filter(|_| props.people > 0 && carried > 0.0).map(|link| {
        let on_link = props.on_link.clone();
        let (prompt, answer) = (props.prompt_tokens, props.answer_tokens);
        let rate_input = format!("{}-{}", props.id_prefix, field_name(PageField::RatePerS));
        let onclick = Callback::from(move |event: MouseEvent| {
            on_link.emit(with_scenario(&link, carried, prompt, answer));
            crate::common::browser::reveal(&event, &rate_input, true);
        });
        html! {
            <button type="button" class="ss-button" data-action="carry-rate" data-value={carried.to_string()} {onclick}>
                { carry_label(lang) }
            </button>
        }
    });
    html! {
        <div class="ss-people-rate" data-rate={props.which.clone()}>
            if let Some(sentence) = sentence {
                <p class="ss-hint" data-rate-value={rate.to_string()}>{ sentence }</p>
            }
            if props.agents > 0 {
                <p class="ss-hint" data-rate="agents">{ agents_left_out(lang, props.agents) }</p>
            }
            { button.unwrap_or_default() }
        </div>
    }
}
