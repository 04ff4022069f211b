//! A run of several workloads (the DGX Spark arena's) in the server-side render: the result
//! names the workload it was sized on, in English and German, and a run of one curve names none.
//! Run: `cargo test -p sizer-widget --no-default-features --features ssr --test native workload::`.
//!
//! Oracles worked by hand from `tests/fixtures/arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/`: the coding
//! agent's 20,000-token prompts and 400-token answers are nearest `05-big-context`'s pp16384 /
//! tg256 (|ln(16,384 / 20,000)| + 0.5 |ln(256 / 400)| = 0.199 + 0.223 = 0.422, against 0.446
//! for pp25000 / tg256 and 1.016 for RAG's 8,192 / 512); 8,000-token chat prompts are nearest
//! RAG (0.024 + 0.123 = 0.147, against 0.024 + 0.223 for pp8192 / tg256).

use crate::support::render;
use sizer_core::Scenario;
use sizer_widget::i18n::Lang;
use sizer_widget::shell::config::Attributes;
use sizer_widget::shell::state::Usage;
use sizer_widget::sizing::calculation::Calculation;
use sizer_widget::sizing::summary::result_text;

const QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

/// The text of the element carrying `attribute`, and that element's `data-value`.
fn workload(html: &str) -> Option<(&str, &str)> {
    let start = html.find("data-result=\"workload\"")?;
    let tag_start = html[..start].rfind('<').expect("tag start");
    let tag = &html[tag_start..start + html[start..].find('>').expect("tag end")];
    let value = tag.split("data-value=\"").nth(1).and_then(|v| v.split('"').next()).expect("data-value");
    let rest = &html[start..];
    let open_end = rest.find('>').expect("tag end") + 1;
    let close = rest[open_end..].find('<').expect("closing tag");
    Some((rest[open_end..open_end + close].trim(), value))
}

#[test]
fn the_agent_preset_on_an_arena_run_names_the_long_context_curve() {
    let agent = |lang: &str| Attributes {
        run: Some(QWEN.to_owned()),
        usage: Some("agent".to_owned()),
        lang: Some(lang.to_owned()),
        ..Attributes::default()
    };
    let html = render(agent("en"));
    assert_eq!(
        workload(&html),
        Some((
            "Curve: Long context, 16,384 in / 256 out, nearest your 20,000-token prompts (of 9 workloads this server measured).",
            "big_context"
        ))
    );
    let de = render(agent("de"));
    assert_eq!(
        workload(&de).map(|(text, _)| text),
        Some(
            "Kurve: Langer Kontext, 16.384 ein / 256 aus, am nächsten an Ihren Prompts mit 20.000 Token (eine von 9 Arbeitslasten, die dieser Server gemessen hat)."
        )
    );
}

#[test]
fn a_run_of_one_curve_names_no_workload_and_stays_163() {
    let html = render(Attributes::default());
    assert_eq!(workload(&html), None);
    assert!(html.contains("data-result=\"people\" data-value=\"163\""), "the seed's 163 people");
}

#[test]
fn eight_thousand_token_prompts_are_sized_on_rag_and_the_result_says_so() {
    let scenario = Scenario { prompt_tokens: 8_000.0, ..Scenario::chat() };
    let outcome = Calculation::compute(QWEN, scenario);
    let text = result_text(Lang::En, &outcome, Some(Usage::Chat));
    assert_eq!(
        text.workload,
        Some((
            "Curve: RAG, 8,192 in / 512 out, nearest your 8,000-token prompts (of 9 workloads this server measured)."
                .to_owned(),
            "rag"
        ))
    );
    // Sized on the RAG workload's engine points (its engine's closed loop at 8,192 in / 512
    // out), not on a mix with 02-rag-8k.md's measured tg512 rows (19.63 tok/s at 5, 12.52 at
    // 10, 8.97 at 20), which stay the run's curve.
    let run = outcome.run.as_ref().expect("the sized run");
    let engine: Vec<(f64, f64)> =
        run.engine_points.iter().map(|p| (f64::from(p.concurrency), p.per_request_tok_s)).collect();
    let points: Vec<(f64, f64)> =
        outcome.curve.expect("curve").points().iter().map(|p| (p.concurrency, p.tok_s)).collect();
    assert_eq!(points, engine);
    assert_eq!((points.len(), points[0].0, points[points.len() - 1].0), (19, 1.0, 96.0));
    let (measured, _) = run.curve().expect("measured curve");
    let measured: Vec<(f64, f64)> = measured.points().iter().map(|p| (p.concurrency, p.tok_s)).collect();
    assert_eq!(measured, [(5.0, 19.63), (10.0, 12.52), (20.0, 8.97)]);
    // The engine's own figures near the measured ones: within 12 % of each.
    for (concurrency, tok_s) in measured {
        let predicted = engine.iter().find(|p| p.0 == concurrency).expect("an engine point there").1;
        assert!((predicted / tok_s - 1.0).abs() < 0.12, "{concurrency}: {predicted} vs {tok_s}");
    }
}

#[test]
fn the_ranking_says_which_workload_each_arena_row_used() {
    // A team of 12 coding agents: 20,000-token prompts, 400-token answers (as above).
    let html =
        render(Attributes { team: Some("0".to_owned()), team_agents: Some("12".to_owned()), ..Attributes::default() });
    let row = &html[html.find(&format!("<tr data-run=\"{QWEN}\"")).expect("the arena run's row")..];
    let row = &row[..row.find("</tr>").expect("row end")];
    let span = &row[row.find("<span data-workload=\"big_context\"").expect("the workload named")..];
    assert!(span.contains(">Long context, 16,384 in / 256 out</span>"), "{row}");
    // A run of one curve names no workload in its row.
    let gpuwerk = &html[html.find("<tr data-run=\"gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1\"").expect("row")..];
    assert!(!gpuwerk[..gpuwerk.find("</tr>").expect("row end")].contains("data-workload"));
}

#[test]
fn an_arena_run_shows_its_caveats_and_its_sources_licence() {
    let html = render(Attributes { run: Some(QWEN.to_owned()), ..Attributes::default() });
    let caveats = &html[html.find("data-result=\"run-caveats\"").expect("the run's caveats")..];
    // CAVEATS.json's one entry for this folder: the Marlin workaround, in one sentence.
    assert!(
        caveats.contains(">Runs with a Marlin workaround for kernels the GB10 (compute capability 12.1) lacks"),
        "{caveats}"
    );
    let de = render(Attributes { run: Some(QWEN.to_owned()), lang: Some("de".to_owned()), ..Attributes::default() });
    assert!(de.contains(">Läuft mit einem Marlin-Umweg um Kernel, die dem GB10"), "German caveat");
    // CC BY 4.0 asks for the author and title: the sources list shows both beside the licence.
    let source = &html[html.find(&format!("data-source-id=\"{QWEN}\"")).expect("the run's source")..];
    let source = &source[..source.find("</li>").expect("item end")];
    assert!(source.contains("dgx-spark-benchmarks: results/qwen-3.6/qwen-3.6-35b-a3b/fp8"), "{source}");
    assert!(source.contains("<dd>Django de Vreng (djangodevreng on GitHub)</dd>"), "{source}");
    assert!(source.contains("<dt>Licence</dt><dd>CC BY 4.0</dd>"), "{source}");
    // The seed's run has no caveats of its own.
    assert!(!render(Attributes::default()).contains("data-result=\"run-caveats\""));
}

#[test]
fn the_team_plans_worked_steps_name_the_workload_of_the_chosen_arena_run() {
    let html = render(Attributes {
        run: Some(QWEN.to_owned()),
        team: Some("0".to_owned()),
        team_agents: Some("12".to_owned()),
        ..Attributes::default()
    });
    let team_work = &html[html.find("ss-team-work").expect("the team plan's steps")..];
    assert!(
        team_work.contains(
            "Curve: Long context, 16,384 in / 256 out, nearest your 20,000-token prompts (of 9 workloads this server measured)."
        ),
        "{}",
        &team_work[..team_work.len().min(3000)]
    );
}
