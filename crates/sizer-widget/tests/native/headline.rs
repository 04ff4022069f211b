//! The headline at its edges (hardware, edge wording, unknown limits, mismatched
//! workloads, unusable runs), rendered on the server as the prerendered page is. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native headline::`.
//!
//! Oracles: the English seed's figures (Qwen3-Coder-30B-A3B: 81.2 tok/s for one request, 37.3
//! at 8, 163 users at 15 tok/s, a 924,912-token KV pool, 5,705 tok/s prefill, 41 ms p99 TTFT
//! alone, 2.7 s at 64), the runs' node counts in DATA.md, and the hand sums in each test.

use std::rc::Rc;

use crate::support::{attribute_of, render, tag_of, text_of};
use sizer_core::Scenario;
use sizer_widget::i18n::Lang;
use sizer_widget::shell::config::Attributes;
use sizer_widget::shell::state::Usage;
use sizer_widget::sizing::calculation::Calculation;
use sizer_widget::sizing::run_ref::RunRef;
use sizer_widget::sizing::summary::result_text;

const NBSP: char = '\u{a0}';
const TP2: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2";
const PETRONELLA: &str = "petronella-qwen3.8-27b-nvfp4";
const NO_CURVE: &str = "nvidia-qwen3-coder-next-fp8-vllm-32k-prompts";

fn summary(html: &str) -> &str {
    text_of(html, "data-result=\"summary\"").trim()
}

fn engine_line(html: &str) -> &str {
    text_of(html, "data-result=\"engine-speed\"").trim()
}

fn attributes(run: Option<&str>) -> Attributes {
    Attributes { run: run.map(str::to_owned), ..Attributes::default() }
}

#[test]
fn the_default_headline_says_163_on_one_spark() {
    let html = render(Attributes::default());
    // "52 streams allow an average of 37.7, which is 163 users": the exact number, not "about 160".
    assert_eq!(summary(&html), "163 people chatting on 1 DGX Spark, limited by per-user speed.");
    assert_eq!(attribute_of(&html, "data-result=\"summary\"", "data-sparks"), "1");
    assert_eq!(attribute_of(&html, "data-result=\"people\"", "data-value"), "163");
}

#[test]
fn a_tp2_pair_with_two_replicas_is_four_sparks() {
    let html = render(Attributes { replicas: Some("2".into()), ..attributes(Some(TP2)) });
    // The run measured 2 Sparks in tensor parallel (DATA.md); 2 replicas of that pair: 4 Sparks.
    assert_eq!(attribute_of(&html, "data-result=\"summary\"", "data-sparks"), "4");
    let people = attribute_of(&html, "data-result=\"people\"", "data-value");
    // Its KV pool is in the data, its prefill rate is not: the people are at most.
    assert_eq!(
        summary(&html),
        format!(
            "At most {people} people chatting on 4 DGX Sparks (2 pairs, TP=2), limited by per-user speed: this run's prefill limit is not known."
        )
    );

    let de = render(Attributes { replicas: Some("2".into()), lang: Some("de".into()), ..attributes(Some(TP2)) });
    assert!(
        summary(&de).starts_with("Höchstens ")
            && summary(&de).contains(" Personen im Chat auf 4 DGX Sparks (2 Paare, TP=2), begrenzt durch ")
            && summary(&de).ends_with(": die Prefill-Grenze dieses Laufs ist nicht bekannt."),
        "{}",
        summary(&de)
    );
}

#[test]
fn a_run_with_only_the_speed_limit_is_at_most_by_speed_alone() {
    // Petronella's run brings no KV pool and no prefill rate; 17.8 streams, load on 17 = 9.74,
    // duty 0.2306: 42.2 users.
    let html = render(attributes(Some(PETRONELLA)));
    assert_eq!(
        summary(&html),
        "At most 42 people chatting on 1 DGX Spark, by speed alone: this run's KV-cache and prefill limits are not known."
    );
}

#[test]
fn a_session_bigger_than_the_pool_says_so() {
    let html = render(Attributes { context: Some("1000000".into()), ..Attributes::default() });
    assert_eq!(
        summary(&html),
        "No one on 1 DGX Spark: one session of 1,000,000 tokens is bigger than the KV-cache pool of 924,912 tokens."
    );
    assert_eq!(attribute_of(&html, "data-result=\"people\"", "data-value"), "0");
}

#[test]
fn a_ttft_under_a_second_is_in_milliseconds() {
    // Floor 80: 1 + (81.2 - 80) / (81.2 - 37.3) x 7 = 1.19 streams, so the TTFT of one request: 41 ms.
    let html = render(Attributes { floor: Some("80".into()), ..Attributes::default() });
    assert!(html.contains(&format!("Measured p99 time to first token for a single request: 41{NBSP}ms.")), "{html}");
}

#[test]
fn one_agent_is_singular_and_a_tiny_base_gets_no_percentage() {
    // Agents at 80 tok/s: 1 stream, 1 agent (one stream each). Next limit prefill:
    // 5,705 / (20,000 / 30) = 8.56 agents; KV 924,912 / 32,768 = 28.2.
    let html = render(Attributes { floor: Some("80".into()), usage: Some("agent".into()), ..Attributes::default() });
    assert_eq!(summary(&html), "1 coding agent on 1 DGX Spark, limited by per-user speed.");
    assert_eq!(text_of(&html, "data-result=\"margin\"").trim(), "The next limit, prefill, allows 8 people.");

    let de = render(Attributes {
        floor: Some("80".into()),
        usage: Some("agent".into()),
        lang: Some("de".into()),
        ..Attributes::default()
    });
    assert_eq!(summary(&de), "1 Coding-Agent auf 1 DGX Spark, begrenzt durch Tempo je Person.");
}

#[test]
fn the_agent_preset_on_a_512_token_run_gets_workload_caveats() {
    let html = render(Attributes { usage: Some("agent".into()), ..Attributes::default() });
    let caveats = &html[html.find("data-result=\"caveats\"").expect("caveats shown")..];
    // GPUwerk measured 512-token prompts; the agent preset sends 20,000. 20,000 / 5,705 = 3.5 s.
    assert!(caveats.contains("Your prompts (20,000 tokens) are more than twice as long as the benchmark's (512)"));
    assert!(caveats.contains(&format!("Reading one 20,000-token prompt alone takes 3.5{NBSP}s")));
    // Chat on the same run fits: no caveat.
    assert!(!render(Attributes::default()).contains("data-result=\"caveats\""));
}

#[test]
fn german_units_do_not_break_from_their_numbers() {
    let html = render(Attributes { lang: Some("de".into()), ..Attributes::default() });
    assert_eq!(summary(&html), "163 Personen im Chat auf 1 DGX Spark, begrenzt durch Tempo je Person.");
    // The TTFT note's first paragraph.
    let ttft = text_of(&html[html.find("data-result=\"ttft\"").expect("TTFT note")..], "<p");
    assert_eq!(
        ttft.trim(),
        format!("Gemessene p99-Zeit bis zum ersten Token bei 64 gleichzeitigen Anfragen: 2,7{NBSP}s.")
    );
}

#[test]
fn runs_without_a_curve_are_listed_apart_with_the_reason() {
    let html = render(Attributes::default());
    let marker = format!("value=\"{NO_CURVE}\"");
    assert_eq!(html.matches(&marker).count(), 1, "listed once");
    let option = tag_of(&html, &marker);
    assert!(option.contains("disabled"), "{option}");
    assert!(option.contains("data-usable=\"false\""), "{option}");
    let group_start = html.find("<optgroup label=\"Not usable for sizing (no speed curve)\"").expect("its own group");
    let group = &html[group_start..group_start + html[group_start..].find("</optgroup>").expect("group end")];
    assert!(group.contains(&marker));
    assert!(group.contains("no per-request speed, TPOT or throughput measured"), "{group}");
}

#[test]
fn a_single_imported_point_is_not_at_least_0_people() {
    let run = sizer_import::run_from_shared_points("yours-1", "mine", "1:81.2").expect("one point");
    let outcome = Calculation::for_run(RunRef::Yours(Rc::new(run)), Scenario::chat());
    let result = result_text(Lang::En, &outcome, Some(Usage::Chat));
    // One stream at the 99th percentile: 1 = L + 2.3263 sqrt(L) gives L = 0.1375; / duty 0.2306 = 0.6 users.
    assert_eq!(result.people_value, "0");
    assert_eq!(
        result.summary,
        "Fewer than 1 person chatting per system as measured: measured only up to 1 concurrent request, too few streams \
         for the chosen peak headroom."
    );
    assert_eq!(result.sparks_value, "as-measured");
}

#[test]
fn the_link_f80_b1_gives_people_not_a_percentage_of_one() {
    // `#s=f:80,b:1`: chat, always busy, floor 80. Speed: 1 stream, 1 person (no headroom for the
    // always busy). KV: floor(924,912 / 8,192) = 112 sessions; prefill 5,705 / (512 / 120) = 1,337.
    let scenario = Scenario { floor_tok_s: 80.0, always_busy: true, ..Scenario::chat() };
    let outcome = Calculation::compute("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1", scenario);
    let result = result_text(Lang::En, &outcome, None);
    assert_eq!(result.summary, "1 person on 1 DGX Spark, limited by per-user speed.");
    assert_eq!(result.margin.as_deref(), Some("The next limit, KV-cache sessions, allows 112 people."));
}

#[test]
fn the_last_worked_step_names_the_hardware_too() {
    let scenario = Scenario { replicas: 2, ..Scenario::chat() };
    let outcome = Calculation::compute(TP2, scenario);
    let steps = sizer_widget::sizing::steps::steps(Lang::En, &outcome);
    let last = steps.last().expect("steps");
    let people = result_text(Lang::En, &outcome, Some(Usage::Chat)).people;
    assert_eq!(last.result, format!("{people} (per-user speed) on 4 DGX Sparks (2 pairs, TP=2)"));
}

#[test]
fn an_arena_run_is_sized_on_its_engine_and_says_so_with_its_error() {
    // gemma-4-E2B's engine points (data/arena.json) cross 15 tok/s at 176.2 streams; 176
    // streams hold a p99 load of L + 2.3263 sqrt(L) = 176, L = 147.74, over a duty of 0.2306:
    // 640.8 people. 176.2 / 10 measured = 17.6 times: the open band (over 8 times), whose mean
    // absolute TPOT error on the calibration was 11.5 %. Its KV pool is not in the data, so the
    // count is "at most".
    let gemma = render(attributes(Some("djangodevreng-arena-gemma-4-e2b-it-bf16")));
    assert_eq!(
        summary(&gemma),
        "At most 640 people chatting on 1 DGX Spark, limited by per-user speed: this run's KV-cache limit is not known."
    );
    assert_eq!(
        engine_line(&gemma),
        "Per-user speed is predicted by this run's engine, fitted to its closed-loop files, at 176.2 concurrent requests (measured up to 10); at over 8 times the measured concurrency its median TPOT missed by 11 % on average on the arena's runs."
    );
    let de =
        render(Attributes { lang: Some("de".into()), ..attributes(Some("djangodevreng-arena-gemma-4-e2b-it-bf16")) });
    assert_eq!(
        summary(&de),
        "Höchstens 640 Personen im Chat auf 1 DGX Spark, begrenzt durch Tempo je Person: die KV-Cache-Grenze dieses Laufs ist nicht bekannt."
    );
    assert_eq!(
        engine_line(&de),
        "Das Tempo je Person sagt die Engine dieses Laufs voraus, angepasst an seine Closed-Loop-Dateien, bei 176,2 gleichzeitigen Anfragen (gemessen bis 10); jenseits des 8-Fachen der gemessenen Nebenläufigkeit lag ihr Median-TPOT auf den Läufen der Arena im Mittel um 11 % daneben."
    );
    // gpt-oss-20b's pool is computed from its architecture and its prefill rate was measured:
    // every limit checked, so no "at most". Its engine crosses 15 tok/s at 37.1 streams: 37
    // hold L = 25.30, / 0.2306 = 109.7 people; 3.7 times the measured 10 is the band 2 to 4
    // times, mean absolute TPOT error 13.6 %. It routes to experts (4 of 32): on the arena's
    // ShareGPT steps 6 of the 8 such engines streamed too fast, Cascade-2's by 25.3 %, 11.8 %
    // on average (docs/CALIBRATION.md, each run's `08-sharegpt` row).
    let gpt_oss = render(attributes(Some("djangodevreng-arena-gpt-oss-20b-mxfp4")));
    assert_eq!(summary(&gpt_oss), "109 people chatting on 1 DGX Spark, limited by per-user speed.");
    assert_eq!(
        engine_line(&gpt_oss),
        "Per-user speed is predicted by this run's engine, fitted to its closed-loop files, at 37.1 concurrent requests (measured up to 10); at 2 to 4 times the measured concurrency its median TPOT missed by 14 % on average on the arena's runs. This model is a mixture of experts: on real conversations (the arena's ShareGPT replay) the engines of 6 of its 8 mixtures of experts streamed faster than measured, by up to 25 % (12 % on average)."
    );
    let gpt_oss_de =
        render(Attributes { lang: Some("de".into()), ..attributes(Some("djangodevreng-arena-gpt-oss-20b-mxfp4")) });
    assert!(
        engine_line(&gpt_oss_de).ends_with(
            "Dieses Modell ist eine Mixture of Experts: auf echten Gesprächen (dem ShareGPT-Replay der Arena) streamten die Engines von 6 ihrer 8 Mixtures of Experts schneller als gemessen, um bis zu 25 % (im Mittel 12 %)."
        ),
        "{}",
        engine_line(&gpt_oss_de)
    );
    // A run of one measured curve says nothing of an engine.
    assert!(!render(Attributes::default()).contains("data-result=\"engine-speed\""));
}
