//! "Show the work": the English article's steps as text, each with its formula, the numbers put in, the
//! result and where the figures came from. Every number is a field of the core's `Sizing` or a
//! figure of the dataset; this module only writes them down. Used by the steps list and the
//! Markdown export.

use sizer_core::{HeadroomMethod, Interpolation, Sizing, StreamsAtFloor};
use sizer_data::{Run, dataset};

use crate::i18n::formulas::{Formula, Word, formula, word};
use crate::i18n::{Lang, Msg, format_integer, format_number, text};
use crate::i18n::{headline, phrases};
use crate::sizing::calculation::{Calculation, Cited};
use crate::sizing::summary::{decimals, limit_name};

pub use crate::common::step_list::{Step, StepCite};

/// The steps of the outcome's sizing (empty without one).
pub fn steps(lang: Lang, outcome: &Calculation) -> Vec<Step> {
    let (Some(sizing), Some(run)) = (outcome.sizing(), outcome.run.as_deref()) else {
        return Vec::new();
    };
    let n = |value: f64, places: usize| format_number(lang, value, places);
    let tok_s = text(lang, Msg::UnitTokS);
    let run_cite = run_citation(run);
    let mut steps = Vec::with_capacity(8);

    steps.push(Step {
        title: text(lang, Msg::StepFloor),
        formula: formula(lang, Formula::Floor).into(),
        inputs: phrases::your_input(lang).into(),
        result: [n(sizing.floor_tok_s, decimals(sizing.floor_tok_s)), " ".into(), tok_s.into()].concat(),
        cite: None,
    });

    let mut streams = streams_step(lang, sizing, outcome.scenario.interpolation, run_cite.clone());
    // A run of several workloads: the curve named first, and why it is the one.
    if let Some(choice) = &outcome.workload {
        streams.inputs = [crate::i18n::workloads::sentence(lang, choice), " ".into(), streams.inputs].concat();
    }
    steps.push(streams);

    let duty_formula = if outcome.scenario.always_busy {
        phrases::always_busy(lang).to_string()
    } else {
        formula(lang, Formula::Duty).into()
    };
    let duty_inputs = if outcome.scenario.always_busy {
        String::from("—")
    } else {
        [
            n(outcome.scenario.answer_tokens, 0),
            " / ".into(),
            n(sizing.speed_for_duty_tok_s, decimals(sizing.speed_for_duty_tok_s)),
            " + ".into(),
            n(outcome.scenario.ttft_s, 2),
            "\u{a0}s = ".into(),
            n(sizing.busy_s, 1),
            "\u{a0}s; ".into(),
            n(sizing.busy_s, 1),
            " / ".into(),
            n(outcome.scenario.interval_s, decimals(outcome.scenario.interval_s)),
            "\u{a0}s".into(),
        ]
        .concat()
    };
    steps.push(Step {
        title: text(lang, Msg::StepDuty),
        formula: duty_formula,
        inputs: duty_inputs,
        result: [n(sizing.duty * 100.0, 1), "\u{a0}%".into()].concat(),
        cite: None,
    });

    steps.push(headroom_step(lang, sizing));

    steps.push(Step {
        title: text(lang, Msg::StepUsersBySpeed),
        formula: formula(lang, Formula::UsersBySpeed).into(),
        inputs: [n(sizing.max_avg_load, 1), " / ".into(), n(sizing.duty, 3)].concat(),
        result: n(sizing.users_by_speed, 1),
        cite: None,
    });

    steps.push(kv_step(lang, sizing, outcome));
    steps.push(prefill_step(lang, sizing, outcome));

    let mut users = vec![n(sizing.users_by_speed, 1)];
    users.extend(sizing.users_by_kv.map(|u| n(u, 1)));
    users.extend(sizing.users_by_prefill.map(|u| n(u, 1)));
    steps.push(Step {
        title: text(lang, Msg::StepBinding),
        formula: formula(lang, Formula::People).into(),
        inputs: ["min(".into(), users.join("; "), ") × ".into(), format_integer(lang, u64::from(sizing.replicas))]
            .concat(),
        // The people with the hardware they are on, as the headline says it.
        result: [
            format_integer(lang, sizing.people),
            " (".into(),
            limit_name(lang, sizing.binding).into(),
            ") ".into(),
            headline::hardware(lang, &run.systems(), sizing.replicas),
        ]
        .concat(),
        cite: None,
    });
    steps
}

fn streams_step(lang: Lang, sizing: &Sizing, method: Interpolation, cite: StepCite) -> Step {
    let n = |value: f64, places: usize| format_number(lang, value, places);
    let at = phrases::at(lang);
    let tok_s = text(lang, Msg::UnitTokS);
    let point =
        |speed: f64, concurrency: f64| [n(speed, 1), " ".into(), tok_s.into(), at.into(), n(concurrency, 0)].concat();
    let formula = match method {
        Interpolation::Linear => formula(lang, Formula::StreamsLinear),
        Interpolation::MonotoneLog2 => formula(lang, Formula::StreamsMonotone),
    };
    let (inputs, result) = match sizing.streams {
        StreamsAtFloor::Within { streams, above, below } => (
            [point(above.tok_s, above.concurrency), " → ".into(), point(below.tok_s, below.concurrency)].concat(),
            [n(streams, 1), " → ".into(), format_integer(lang, u64::from(sizing.whole_streams))].concat(),
        ),
        StreamsAtFloor::NeverReached { first } => (point(first.tok_s, first.concurrency), "0".into()),
        StreamsAtFloor::AtLeast { last } => (
            point(last.tok_s, last.concurrency),
            phrases::streams_at_least(lang, &format_integer(lang, u64::from(sizing.whole_streams))),
        ),
    };
    Step { title: text(lang, Msg::StepStreams), formula: formula.into(), inputs, result, cite: Some(cite) }
}

fn headroom_step(lang: Lang, sizing: &Sizing) -> Step {
    let n = |value: f64, places: usize| format_number(lang, value, places);
    let streams = format_integer(lang, u64::from(sizing.whole_streams));
    let percentile = [n(sizing.percentile * 100.0, 2), "\u{a0}%".into()].concat();
    let (formula, inputs) = match sizing.headroom {
        HeadroomMethod::NormalApprox => (
            formula(lang, Formula::HeadroomNormal),
            ["S = ".into(), streams, ", z = ".into(), n(sizing.z.unwrap_or(f64::NAN), 3)].concat(),
        ),
        HeadroomMethod::ExactPoisson => {
            (formula(lang, Formula::HeadroomPoisson), ["S = ".into(), streams, ", p = ".into(), percentile].concat())
        }
        HeadroomMethod::ErlangC => {
            (formula(lang, Formula::HeadroomErlang), ["S = ".into(), streams, ", p = ".into(), percentile].concat())
        }
    };
    Step {
        title: text(lang, Msg::StepHeadroom),
        formula: formula.into(),
        inputs,
        result: [word(lang, Word::Load), " ≤ ", &n(sizing.max_avg_load, 1)].concat(),
        cite: None,
    }
}

fn kv_step(lang: Lang, sizing: &Sizing, outcome: &Calculation) -> Step {
    let n = |value: f64, places: usize| format_number(lang, value, places);
    let title = text(lang, Msg::StepKv);
    match (outcome.kv_pool, sizing.kv_sessions, sizing.kv_sessions_unrounded, sizing.users_by_kv) {
        (Some(pool), Some(sessions), Some(unrounded), Some(users)) => Step {
            title,
            formula: formula(lang, Formula::Kv).into(),
            inputs: [
                n(pool.value, 0),
                " / ".into(),
                n(outcome.scenario.context_tokens, 0),
                computed_kv_note(lang, outcome),
            ]
            .concat(),
            result: [
                n(unrounded, 1).as_str(),
                " → ",
                &format_integer(lang, sessions),
                " ",
                word(lang, Word::Sessions),
                " → ",
                &n(users, 1),
                " ",
                word(lang, Word::Users),
            ]
            .concat(),
            cite: Some(fact_citation(pool)),
        },
        _ => not_known(lang, title, formula(lang, Formula::Kv)),
    }
}

/// " (computed from the model's architecture and a 102-115 GB budget, not logged by the run)"
/// when the KV limit uses a computed pool; empty for a logged one.
fn computed_kv_note(lang: Lang, outcome: &Calculation) -> String {
    let limit = outcome.kv_limit.as_ref().filter(|limit| limit.kind == Some(sizer_data::PoolKind::Computed));
    match limit.and_then(|limit| limit.computed.as_ref().ok()) {
        Some(pool) => [" (", &crate::i18n::memory::computed_note(lang, pool.band), ")"].concat(),
        None => String::new(),
    }
}

fn prefill_step(lang: Lang, sizing: &Sizing, outcome: &Calculation) -> Step {
    let n = |value: f64, places: usize| format_number(lang, value, places);
    let title = text(lang, Msg::StepPrefill);
    match (outcome.prefill, sizing.users_by_prefill) {
        (Some(rate), Some(users)) => Step {
            title,
            formula: formula(lang, Formula::Prefill).into(),
            inputs: [
                n(rate.value, 0),
                " / (".into(),
                n(outcome.scenario.prompt_tokens, 0),
                " / ".into(),
                n(outcome.scenario.interval_s, decimals(outcome.scenario.interval_s)),
                ")".into(),
            ]
            .concat(),
            result: n(users, 1),
            cite: Some(fact_citation(rate)),
        },
        _ => not_known(lang, title, formula(lang, Formula::Prefill)),
    }
}

fn not_known(lang: Lang, title: &'static str, formula: &str) -> Step {
    Step { title, formula: formula.into(), inputs: "—".into(), result: text(lang, Msg::NotKnown).into(), cite: None }
}

/// The citation of a run: its source's publisher, title and date.
pub fn run_citation(run: &Run) -> StepCite {
    let data = dataset();
    let source = data.source(&run.source);
    let date = data.run_date(run).map(|date| date.to_string());
    let mut label =
        source.map(|s| [s.publisher.as_str(), ", ", s.title.as_str()].concat()).unwrap_or_else(|| run.source.clone());
    if let Some(date) = date {
        label.push_str(", ");
        label.push_str(&date);
    }
    StepCite {
        label,
        href: source.and_then(|s| s.url.clone()),
        cited_id: run.id.clone(),
        anchor: ["run-", run.id.as_str()].concat(),
    }
}

/// The citation of a dataset fact (KV pool, prefill rate).
fn fact_citation(cited: Cited) -> StepCite {
    figure_citation(cited.cited_id, cited.source)
}

/// The citation of a figure held by `cited_id` (a fact or run) from `source_id`.
pub fn figure_citation(cited_id: &str, source_id: &str) -> StepCite {
    let data = dataset();
    let source = data.source(source_id);
    let mut label = source
        .map(|s| [s.publisher.as_str(), ", ", s.title.as_str()].concat())
        .unwrap_or_else(|| source_id.to_string());
    if let Some(date) = source.and_then(|s| s.published) {
        label.push_str(", ");
        label.push_str(&date.to_string());
    }
    StepCite {
        label,
        href: source.and_then(|s| s.url.clone()),
        cited_id: cited_id.to_string(),
        anchor: ["source-", source_id].concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizing::calculation::DEFAULT_RUN;
    use sizer_core::Scenario;

    #[test]
    fn the_seed_steps() {
        let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
        let outcome = Calculation::compute(DEFAULT_RUN, scenario);
        let steps = steps(Lang::En, &outcome);
        assert_eq!(steps.len(), 8);
        assert_eq!(steps[1].inputs, "18.4 tok/s at 32 → 13.1 tok/s at 64");
        assert!(steps[1].result.ends_with("→ 52"), "{}", steps[1].result);
        assert_eq!(steps[1].cite.as_ref().map(|c| c.cited_id.as_str()), Some(DEFAULT_RUN));
        assert_eq!(steps[2].inputs, "400 / 15 + 1.00\u{a0}s = 27.7\u{a0}s; 27.7 / 120\u{a0}s");
        assert_eq!(steps[2].result, "23.1\u{a0}%");
        assert_eq!(steps[3].result, "load ≤ 37.7");
        assert!(steps[7].result.starts_with("163"), "{}", steps[7].result);
    }
}
