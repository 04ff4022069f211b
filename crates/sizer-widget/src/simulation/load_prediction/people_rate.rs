//! The request rate a number of people stand for (`sizer_core::request_rate_per_s`), said under
//! the sizing's result and in the team planner, with a button that carries the rate (per
//! server) into "Load from your logs" when that section is shown.
//!
//! # Props of [`PeopleRate`]
//! - `which`: `sizing` or `team` (the paragraph's `data-rate`);
//! - `people`, `gap`: who sends how often; `per_server`: the people on each of several
//!   servers (its rate is said too, and carried);
//! - `agents`: the team's agents, said to be left out;
//! - `link`, `on_link`: the section's link keys when it is shown (else no button);
//! - `lang`.

use sizer_core::request_rate_per_s;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::request_rate::{Gap, agents_left_out, carry_label, people_rate, round2};
use crate::simulation::load_prediction::fragment::with_rate;

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
        let onclick = Callback::from(move |_: MouseEvent| on_link.emit(with_rate(&link, carried)));
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
