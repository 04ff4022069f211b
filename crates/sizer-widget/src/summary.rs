//! The result as text: the headline figures (with their machine values for `data-value`), the
//! quotable sentence and the margin to the next limit. Shared by the result panel, the
//! prerendered page and the Markdown export.

use sizer_core::{Limit, Sizing, StreamsAtFloor};

use crate::calculation::{Calculation, NoSizing};
use crate::codes::{self, LIMIT};
use crate::i18n::phrases::{self, Audience};
use crate::i18n::{Lang, Msg, format_integer, format_number, text};
use crate::state::Usage;

/// The result, formatted.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultText {
    /// People served, as shown (`163`, `1.078`).
    pub people: String,
    /// People, machine value (`163`).
    pub people_value: String,
    /// Streams at the floor, as shown (`52`, `≥ 256`).
    pub streams: String,
    /// Streams, machine value (`52`).
    pub streams_value: String,
    /// The binding limit's name.
    pub binding: String,
    /// `speed` | `kv` | `prefill` (empty without a sizing).
    pub binding_value: &'static str,
    /// The quotable sentence.
    pub summary: String,
    /// The margin to the next limit, when there is one.
    pub margin: Option<String>,
}

/// The localised name of a limit.
pub fn limit_name(lang: Lang, limit: Limit) -> &'static str {
    codes::label(lang, &LIMIT, limit)
}

/// A number rounded down to two significant digits for a sentence people quote (163 -> 160,
/// 1,234 -> 1,200; under 100 unchanged).
pub fn quotable(value: u64) -> u64 {
    let mut unit = 1;
    while value / unit >= 100 {
        unit *= 10;
    }
    value / unit * unit
}

/// Formats the outcome's result in `lang` for the given usage preset (None: custom usage).
pub fn result_text(lang: Lang, outcome: &Calculation, usage: Option<Usage>) -> ResultText {
    let audience = match usage {
        Some(Usage::Chat) => Audience::Chatting,
        Some(Usage::Agent) => Audience::Agents,
        None => Audience::People,
    };
    match &outcome.sizing {
        Ok(sizing) => sized_text(lang, sizing, audience),
        Err(problem) => {
            let message = text(
                lang,
                match problem {
                    NoSizing::NoRun => Msg::ErrUnknownRun,
                    NoSizing::NoCurve => Msg::ErrNoCurve,
                    NoSizing::Scenario(_) => Msg::ErrScenario,
                },
            );
            ResultText {
                people: "—".into(),
                people_value: String::new(),
                streams: "—".into(),
                streams_value: String::new(),
                binding: "—".into(),
                binding_value: "",
                summary: message.to_string(),
                margin: None,
            }
        }
    }
}

fn sized_text(lang: Lang, sizing: &Sizing, audience: Audience) -> ResultText {
    let people = format_integer(lang, sizing.people);
    let binding = limit_name(lang, sizing.binding);
    let streams_whole = format_integer(lang, u64::from(sizing.whole_streams));
    let (streams, summary) = match sizing.streams {
        StreamsAtFloor::NeverReached { first } => (
            streams_whole.clone(),
            phrases::never_reaches(
                lang,
                &format_number(lang, sizing.floor_tok_s, decimals(sizing.floor_tok_s)),
                &format_number(lang, first.tok_s, 1),
                &format_number(lang, first.concurrency, 0),
                first.concurrency <= 1.0,
            ),
        ),
        StreamsAtFloor::AtLeast { last } if sizing.people_is_lower_bound => (
            ["≥ ", &streams_whole].concat(),
            phrases::summary_at_least(
                lang,
                &format_integer(lang, sizing.people),
                audience,
                &format_number(lang, last.concurrency, 0),
            ),
        ),
        StreamsAtFloor::AtLeast { .. } => (
            ["≥ ", &streams_whole].concat(),
            phrases::summary(lang, &format_integer(lang, quotable(sizing.people)), audience, binding),
        ),
        StreamsAtFloor::Within { .. } => (
            streams_whole.clone(),
            phrases::summary(lang, &format_integer(lang, quotable(sizing.people)), audience, binding),
        ),
    };
    ResultText {
        people,
        people_value: format_integer(Lang::En, sizing.people).replace(',', ""),
        streams,
        streams_value: format_integer(Lang::En, u64::from(sizing.whole_streams)).replace(',', ""),
        binding: binding.to_string(),
        binding_value: codes::code(&LIMIT, sizing.binding),
        summary,
        margin: margin_text(lang, sizing),
    }
}

/// The next limit after the binding one, with its users per Spark.
pub fn next_limit(sizing: &Sizing) -> Option<(Limit, f64)> {
    [
        (Limit::Speed, Some(sizing.users_by_speed)),
        (Limit::KvCache, sizing.users_by_kv),
        (Limit::Prefill, sizing.users_by_prefill),
    ]
    .into_iter()
    .filter(|(limit, _)| *limit != sizing.binding)
    .filter_map(|(limit, users)| Some((limit, users?)))
    .min_by(|a, b| a.1.total_cmp(&b.1))
}

fn margin_text(lang: Lang, sizing: &Sizing) -> Option<String> {
    let Some((limit, users)) = next_limit(sizing) else {
        return Some(text(lang, Msg::NoNextLimit).to_string());
    };
    // No finite margin (the binding limit serves nobody): the headline already says why.
    let margin = sizing.margin_to_next?;
    let people = (users.max(0.0).floor() as u64).saturating_mul(u64::from(sizing.replicas));
    Some(phrases::margin(
        lang,
        limit_name(lang, limit),
        &format_number(lang, margin * 100.0, 0),
        &format_integer(lang, people),
    ))
}

/// Decimals to show a user-typed figure: none for whole numbers, else up to two.
pub fn decimals(value: f64) -> usize {
    if value.fract() == 0.0 {
        0
    } else if (value * 10.0).fract().abs() < 1e-9 {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calculation::DEFAULT_RUN;
    use sizer_core::Scenario;

    #[test]
    fn quotable_rounds_down_to_two_digits() {
        assert_eq!(quotable(163), 160);
        assert_eq!(quotable(1_234), 1_200);
        assert_eq!(quotable(99), 99);
        assert_eq!(quotable(0), 0);
    }

    #[test]
    fn the_seed_sentence() {
        let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
        let outcome = Calculation::compute(DEFAULT_RUN, scenario);
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        assert_eq!(result.people, "163");
        assert_eq!(result.streams, "52");
        assert_eq!(result.binding_value, "speed");
        assert_eq!(result.summary, "About 160 people chatting, limited by per-user speed.");
    }

    #[test]
    fn a_dense_70b_never_reaches_the_floor() {
        let run = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
        let outcome = Calculation::compute(run, Scenario::chat());
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        assert_eq!(result.people, "0");
        assert_eq!(result.summary, "Never reaches 15 tok/s, even alone (6.0 tok/s for one request).");
    }

    #[test]
    fn a_curve_still_above_the_floor_is_a_lower_bound() {
        let run = "llamacpp-b6918-gpt-oss-20b-gguf-pp512";
        let outcome = Calculation::compute(run, Scenario { floor_tok_s: 10.0, ..Scenario::chat() });
        let sizing = outcome.sizing().expect("sizes");
        assert!(matches!(sizing.streams, StreamsAtFloor::AtLeast { .. }), "{:?}", sizing.streams);
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        assert_eq!(result.streams, "≥ 32");
        let steps = crate::work::steps(Lang::En, &outcome);
        assert_eq!(steps[1].result, "at least 32 streams: not measured beyond 32");
        if sizing.people_is_lower_bound {
            assert!(result.summary.starts_with("At least "), "{}", result.summary);
            assert!(result.summary.ends_with("not measured beyond 32 concurrent requests."), "{}", result.summary);
        }
    }
}
