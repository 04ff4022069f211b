//! What is said around "Load from your logs" beyond its own inputs, in the server-side
//! render: the rate the sizing's and the team's people stand for (EN and DE), the section's
//! inputs read from its link keys (a bad value refused in its input in one sentence, the others
//! applied), and the model's error on the calibration runs. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native load_link::`.
//!
//! Oracles: the English seed's 163 chat people at one request every 120 s (163 / 120 = 1.358
//! req/s, worked by hand); `docs/CALIBRATION.md`'s summary rows for the fitted engine (median
//! TPOT within 15 % on 65 of 129 steps, p95 TTFT within 25 % on 60 of 129, capacity at 5 s
//! within one rate step on 13 of 18 runs).

use crate::support::{element, input_value, load_result, render, strip_tags};
use sizer_data::prediction::PageLoadInput;
use sizer_widget::i18n::Lang;
use sizer_widget::shell::config::Attributes;
use sizer_widget::simulation::load_prediction::section::{LoadPredictionProps, LoadPredictionSection};
use yew::{AttrValue, Callback, ServerRenderer};

const QWEN_ARENA: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";
/// The English seed's worked run: 163 chat people per Spark with its z = 2.33.
const SEED_RUN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

#[test]
fn the_team_says_the_rate_its_people_stand_for_in_both_languages() {
    // The team starts at the English article's example of 150 chat people; the form's chat
    // interval is 120 s: 150 / 120 = 1.25 requests per second.
    let en = render(Attributes { run: Some(SEED_RUN.into()), ..Attributes::default() });
    let team = element(&en, "data-rate=\"team\"", "div");
    assert_eq!(
        strip_tags(element(team, "data-rate-value", "p")),
        "150 people at one request every 120 s are 1.25 requests per second on average; the peak in your logs is higher."
    );
    let de = render(Attributes { run: Some(SEED_RUN.into()), lang: Some("de".into()), ..Attributes::default() });
    let team = element(&de, "data-rate=\"team\"", "div");
    assert_eq!(
        strip_tags(element(team, "data-rate-value", "p")),
        "150 Personen mit je einer Anfrage alle 120 s sind im Mittel 1,25 Anfragen pro Sekunde; die Spitze in Ihren Logs liegt höher."
    );
    // A dataset run shows "Load from your logs": the button carries the rate there.
    assert!(team.contains("data-action=\"carry-rate\"") && team.contains("data-value=\"1.25\""), "{team}");
    assert!(team.contains("Diese Rate in „Last aus Ihren Logs“ vorhersagen"), "{team}");
    // Agents are said apart: their rate depends on the server's speed.
    let en = render(Attributes { run: Some(SEED_RUN.into()), team_agents: Some("5".into()), ..Attributes::default() });
    let team = element(&en, "data-rate=\"team\"", "div");
    assert_eq!(
        strip_tags(element(team, "data-rate=\"agents\"", "p")),
        "The 5 agents are not counted: each sends its next request as soon as the last is answered, so their rate depends on the server's speed."
    );
    assert!(team.contains("Predict this rate in “Load from your logs”"), "{team}");
}

#[test]
fn the_sizing_says_the_rate_its_people_stand_for() {
    let html = render(Attributes { run: Some(SEED_RUN.into()), replicas: Some("2".into()), ..Attributes::default() });
    let sizing = element(&html, "data-rate=\"sizing\"", "div");
    let sentence = strip_tags(element(sizing, "data-rate-value", "p"));
    // The people as the result states them, on 2 Sparks; the rates worked here by division.
    let people: f64 = sentence.split(' ').next().and_then(|n| n.replace(',', "").parse().ok()).expect("people");
    assert!(people >= 100.0 && people % 2.0 == 0.0, "{sentence}");
    let two = |v: f64| format!("{:.2}", v);
    assert_eq!(
        sentence,
        format!(
            "{people} people at one request every 120 s are {} requests per second on average, {} on each server; the peak in your logs is higher.",
            two(people / 120.0),
            two(people / 2.0 / 120.0)
        )
    );
    let value = format!("data-value=\"{}\"", (people / 2.0 / 120.0 * 100.0).round() / 100.0);
    assert!(sizing.contains(&value), "the button carries one server's rate: {sizing}");
}

fn section(lang: Lang, link: &'static str) -> String {
    let props = move || LoadPredictionProps {
        run_id: AttrValue::from(QWEN_ARENA),
        imported: None,
        id_prefix: AttrValue::from("t"),
        link: AttrValue::from(link),
        on_link: Callback::noop(),
        floor_tok_s: 15.0,
        lang,
        redraw_key: AttrValue::default(),
        streams_per_spark: None,
        on_sizing_input: Callback::noop(),
        logs: None,
        ranking_runs: None,
    };
    futures::executor::block_on(ServerRenderer::<LoadPredictionSection>::with_props(props).render())
}

const FIELDS: [&str; 5] = ["load-rate", "load-burstiness", "load-prompt", "load-answer", "load-target"];

#[test]
fn the_sections_inputs_come_from_the_link_and_a_bad_value_is_refused_in_one_sentence() {
    let html = section(Lang::De, ",lr:0.8,lb:1,lp:2000,lt:2.5");
    assert_eq!(FIELDS.map(|f| input_value(&html, f)), ["0,8", "1", "2.000", "500", "2,5"]);
    let html = section(Lang::En, ",lr:abc,lp:3000");
    assert_eq!(FIELDS.map(|f| input_value(&html, f)), ["abc", "0.7", "3,000", "500", "5"]);
    assert_eq!(strip_tags(element(&html, "data-error=\"load-rate\"", "p")), "Enter a number.");
    assert_eq!(strip_tags(element(&html, "data-error=\"load-prompt\"", "p")), "");
    let html = section(Lang::De, ",lr:-2");
    assert_eq!(strip_tags(element(&html, "data-error=\"load-rate\"", "p")), "Muss größer als 0 sein.");
}

fn result(lang: Lang) -> String {
    load_result(QWEN_ARENA, PageLoadInput::default(), lang)
}

#[test]
fn the_result_states_the_models_error_on_the_calibration_runs() {
    let en = strip_tags(element(&result(Lang::En), "data-predict=\"calibration\"", "p"));
    assert_eq!(
        en,
        "On the 19 arena runs it was calibrated on (docs/CALIBRATION.md), this model predicted the median TPOT within 15 % on 101 of 129 load steps (78 %) and the p95 TTFT within 25 % on 100 of 129 (78 %), counting the steps whose measured p95 TTFT was at most 10 s, and the highest rate that keeps p95 TTFT under 5 s within one rate step on 18 of 18 runs."
    );
    let de = strip_tags(element(&result(Lang::De), "data-predict=\"calibration\"", "p"));
    assert!(de.starts_with("Auf den 19 Läufen der Arena"), "{de}");
    assert!(de.contains("auf 101 von 129 Laststufen auf 15 % genau (78 %)"), "{de}");
    assert!(de.contains("auf 100 von 129 auf 25 % genau (78 %)"), "{de}");
    assert!(de.ends_with("auf 18 von 18 Läufen bis auf eine Ratenstufe."), "{de}");
}
