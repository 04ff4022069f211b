//! The result as text: the headline figures (with their machine values for `data-value`), the
//! quotable sentence (naming the hardware it covers), the margin to the next limit and the
//! caveats when the workload does not fit the run. Shared by the result panel, the prerendered
//! page and the Markdown export.
//!
//! The headline gives the people exactly (163, as the English seed's worked sizing says; its
//! summary rounds to "about 160"): the number in the sentence is the number in the figures.

use sizer_core::{Limit, Sizing, StreamsAtFloor};
use sizer_data::{WorkloadCaveat, workload_caveats};

use crate::i18n::codes::{self, LIMIT};
use crate::i18n::headline;
use crate::i18n::phrases::Audience;
use crate::i18n::{Lang, Msg, format_integer, format_number, localized, text};
use crate::sizing::calculation::{Calculation, NoSizing};
use sizer_data::Usage;

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
    /// DGX Sparks the sentence covers (`4`), `as-measured` for other hardware, empty without a
    /// run.
    pub sparks_value: String,
    /// The margin to the next limit, when there is one.
    pub margin: Option<String>,
    /// Sentences saying where the workload does not fit the run (empty when it fits).
    pub caveats: Vec<String>,
    /// The run's own caveats (a source's, one sentence each) in the page's language.
    pub run_caveats: Vec<String>,
    /// Which of the run's workloads was sized, in a sentence, and its kind's code (`rag`);
    /// `None` for a run of one workload.
    pub workload: Option<(String, &'static str)>,
    /// Where the speed came from the run's engine, with its measured error, in a sentence.
    pub engine_speed: Option<String>,
}

/// The localised name of a limit.
pub fn limit_name(lang: Lang, limit: Limit) -> &'static str {
    codes::label(lang, &LIMIT, limit)
}

/// Formats the outcome's result in `lang` for the given usage preset (None: custom usage).
pub fn result_text(lang: Lang, outcome: &Calculation, usage: Option<Usage>) -> ResultText {
    let audience = match usage {
        Some(Usage::Chat) => Audience::Chatting,
        Some(Usage::Agent) => Audience::Agents,
        None => Audience::People,
    };
    let systems = outcome.run.as_deref().map(|run| run.systems());
    let sparks_value = match systems.map(|s| s.sparks(outcome.scenario.replicas)) {
        Some(Some(sparks)) => sparks.to_string(),
        Some(None) => "as-measured".to_owned(),
        None => String::new(),
    };
    match (&outcome.sizing, systems) {
        (Ok(sizing), Some(systems)) => {
            let hardware = headline::hardware(lang, &systems, sizing.replicas);
            let caveats = outcome
                .run
                .as_deref()
                .map(|run| workload_caveats(run, &outcome.scenario, sizing))
                .unwrap_or_default()
                .iter()
                .map(|caveat| caveat_text(lang, caveat))
                .collect();
            let workload = outcome.workload.map(|choice| {
                (crate::i18n::workloads::sentence(lang, &choice), crate::i18n::workloads::kind_code(choice.kind))
            });
            let run_caveats = outcome
                .run
                .as_deref()
                .map_or_else(Vec::new, |run| run.caveats.iter().map(|c| localized(lang, c).to_owned()).collect());
            ResultText {
                sparks_value,
                caveats,
                run_caveats,
                workload,
                engine_speed: engine_speed_text(lang, outcome, sizing),
                ..sized_text(lang, outcome, sizing, audience, &hardware)
            }
        }
        (problem, _) => {
            let message = text(
                lang,
                match problem {
                    Err(NoSizing::NoCurve) => Msg::ErrNoCurve,
                    Err(NoSizing::Scenario(_)) => Msg::ErrScenario,
                    Err(NoSizing::NoRun) if sizer_data::runs_pending() => Msg::LoadingRun,
                    Err(NoSizing::NoRun) | Ok(_) => Msg::ErrUnknownRun,
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
                sparks_value,
                margin: None,
                caveats: Vec::new(),
                run_caveats: Vec::new(),
                workload: None,
                engine_speed: None,
            }
        }
    }
}

fn sized_text(lang: Lang, outcome: &Calculation, sizing: &Sizing, audience: Audience, hardware: &str) -> ResultText {
    let people = format_integer(lang, sizing.people);
    let binding = limit_name(lang, sizing.binding);
    let streams_whole = format_integer(lang, u64::from(sizing.whole_streams));
    let streams = match sizing.streams {
        StreamsAtFloor::AtLeast { .. } => ["≥ ", &streams_whole].concat(),
        _ => streams_whole,
    };
    ResultText {
        people_value: sizing.people.to_string(),
        streams_value: sizing.whole_streams.to_string(),
        streams,
        binding: binding.to_string(),
        binding_value: codes::code(&LIMIT, sizing.binding),
        summary: headline_sentence(lang, outcome, sizing, audience, hardware),
        sparks_value: String::new(),
        margin: margin_text(lang, sizing),
        caveats: Vec::new(),
        run_caveats: Vec::new(),
        workload: None,
        engine_speed: None,
        people,
    }
}

/// The sentence: who and how many, on what hardware, and what binds (or why nobody).
fn headline_sentence(lang: Lang, outcome: &Calculation, sizing: &Sizing, audience: Audience, hardware: &str) -> String {
    let people = format_integer(lang, sizing.people);
    let count = sizing.people;
    let binding = limit_name(lang, sizing.binding);
    let unchecked = headline::Unchecked::of(sizing.kv_unknown(), sizing.prefill_unknown());
    match sizing.streams {
        StreamsAtFloor::NeverReached { first } => headline::never_reaches(
            lang,
            &format_number(lang, sizing.floor_tok_s, decimals(sizing.floor_tok_s)),
            hardware,
            &format_number(lang, first.tok_s, 1),
            &format_number(lang, first.concurrency, 0),
            first.concurrency <= 1.0,
        ),
        StreamsAtFloor::AtLeast { last } if sizing.people_is_lower_bound => {
            let last = format_number(lang, last.concurrency, 0);
            if count == 0 {
                headline::too_few_measured(lang, audience, hardware, &last)
            } else {
                headline::at_least(lang, &people, count, audience, hardware, &last, unchecked)
            }
        }
        _ if count == 0 => match (sizing.binding, sizing.kv_sessions, outcome.scenario.kv_pool_tokens) {
            (Limit::KvCache, Some(0), Some(pool)) => headline::session_over_pool(
                lang,
                hardware,
                &format_number(lang, outcome.scenario.context_tokens, 0),
                &format_number(lang, pool, 0),
            ),
            _ => headline::fewer_than_one(lang, audience, hardware, binding),
        },
        _ => match unchecked {
            Some(unchecked) => headline::unchecked(lang, &people, count, audience, hardware, binding, unchecked),
            None => headline::sized(lang, &people, count, audience, hardware, binding),
        },
    }
}

/// Where the sizing read the run's engine: at how many requests, how far it measured, and the
/// engine's measured error at that extrapolation; `None` for a measured curve or nobody served.
fn engine_speed_text(lang: Lang, outcome: &Calculation, sizing: &Sizing) -> Option<String> {
    let engine = outcome.engine_speed.filter(|_| sizing.people > 0)?;
    let number = |value: f64| format_number(lang, value, 0);
    let error = engine.tpot_error.map(|band| {
        let range = (number(band.above_batch_ratio), band.up_to_batch_ratio.map(number));
        (range, number(100.0 * band.mean_absolute_error))
    });
    let (streams, measured) = (format_number(lang, engine.streams, 1), number(engine.measured_up_to));
    let speed = headline::engine_speed(lang, &streams, &measured, error);
    let Some(moe) = engine.moe_conversation_error else { return Some(speed) };
    let conversations = headline::moe_conversations(
        lang,
        moe.faster,
        moe.runs,
        &number(-100.0 * moe.fastest_signed_error),
        &number(-100.0 * moe.mean_signed_error),
    );
    Some([speed.as_str(), " ", &conversations].concat())
}

/// The sentence for one workload caveat.
fn caveat_text(lang: Lang, caveat: &WorkloadCaveat) -> String {
    match *caveat {
        WorkloadCaveat::LongerPrompts { asked_tokens, measured_tokens } => headline::longer_prompts(
            lang,
            &format_number(lang, asked_tokens, decimals(asked_tokens)),
            &format_number(lang, measured_tokens, decimals(measured_tokens)),
        ),
        WorkloadCaveat::PrefillOverTtft { prefill_s, ttft_s, prompt_tokens } => headline::prefill_over_ttft(
            lang,
            &format_number(lang, prompt_tokens, decimals(prompt_tokens)),
            &headline::duration(lang, prefill_s),
            &headline::duration(lang, ttft_s),
        ),
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
    let people = sizing.people_from_users(users);
    Some(headline::margin(lang, limit_name(lang, limit), margin, sizing.people, people))
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
    use crate::sizing::calculation::DEFAULT_RUN;
    use sizer_core::Scenario;

    #[test]
    fn the_seed_sentence() {
        let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
        let outcome = Calculation::compute(DEFAULT_RUN, scenario);
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        assert_eq!(result.people, "163");
        assert_eq!(result.streams, "52");
        assert_eq!(result.binding_value, "speed");
        assert_eq!(result.summary, "163 people chatting on 1 DGX Spark, limited by per-user speed.");
        assert_eq!(result.sparks_value, "1");
    }

    #[test]
    fn a_dense_70b_never_reaches_the_floor() {
        let run = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
        let outcome = Calculation::compute(run, Scenario::chat());
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        assert_eq!(result.people, "0");
        assert_eq!(
            result.summary,
            "Never reaches 15\u{a0}tok/s on 1 DGX Spark, even alone (6.0\u{a0}tok/s for one request)."
        );
    }

    #[test]
    fn a_curve_still_above_the_floor_is_a_lower_bound() {
        let run = "llamacpp-b6918-gpt-oss-20b-gguf-pp512";
        let outcome = Calculation::compute(run, Scenario { floor_tok_s: 10.0, ..Scenario::chat() });
        let sizing = outcome.sizing().expect("sizes");
        assert!(matches!(sizing.streams, StreamsAtFloor::AtLeast { .. }), "{:?}", sizing.streams);
        let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
        assert_eq!(result.streams, "≥ 32");
        let steps = crate::sizing::steps::steps(Lang::En, &outcome);
        assert_eq!(steps[1].result, "at least 32 streams: not measured beyond 32");
        if sizing.people_is_lower_bound {
            assert!(result.summary.starts_with("At least "), "{}", result.summary);
            assert!(result.summary.ends_with("not measured beyond 32 concurrent requests."), "{}", result.summary);
        }
    }
}
