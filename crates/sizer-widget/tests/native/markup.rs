//! Markup tests without a browser: the app rendered to a string with Yew's `ssr` feature, as
//! the build prerenders it into `index.html`. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native markup::`.

use crate::support::{attribute_of, render, text_of};
use sizer_widget::shell::config::Attributes;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

#[test]
fn the_default_scenario_is_in_the_html() {
    let html = render(Attributes::default());
    // "52 streams allow an average of 37.7, which is 163 users" (z 2.3263: 37.71 / 0.2306 = 163.6).
    assert_eq!(text_of(&html, "data-result=\"people\""), "163");
    assert_eq!(attribute_of(&html, "data-result=\"people\"", "data-value"), "163");
    assert_eq!(text_of(&html, "data-result=\"streams\""), "52");
    assert_eq!(attribute_of(&html, "data-result=\"binding\"", "data-value"), "speed");
    assert_eq!(
        text_of(&html, "data-result=\"summary\""),
        "163 people chatting on 1 DGX Spark, limited by per-user speed."
    );
    assert!(html.contains("class=\"spark-sizer\""));
    assert!(html.contains("aria-live=\"polite\""));
}

#[test]
fn every_input_has_a_label_and_a_field_name() {
    let html = render(Attributes::default());
    for field in [
        "run",
        "floor",
        "answer_tokens",
        "interval_s",
        "ttft_s",
        "prompt_tokens",
        "percentile",
        "headroom",
        "interpolation",
        "context_tokens",
        "replicas",
        "lang",
        "usage",
    ] {
        let marker = format!("data-field=\"{field}\"");
        let id = attribute_of(&html, &marker, "id");
        assert!(html.contains(&format!("for=\"{id}\"")), "no label for {field}");
    }
}

#[test]
fn the_worked_steps_and_citations_are_prerendered() {
    let html = render(Attributes::default());
    assert!(html.contains("18.4 tok/s at 32 → 13.1 tok/s at 64"), "step 2 inputs");
    assert!(html.contains(&format!("data-cite=\"{QWEN}\"")), "the run is cited");
    assert!(html.contains(&format!("href=\"#ss0-run-{QWEN}\"")), "the citation links to the run's table");
    assert!(html.contains("Measured p99 time to first token at 64 concurrent requests: 2.7\u{a0}s."));
}

#[test]
fn attributes_shape_the_markup_and_bad_ones_are_reported() {
    let html = render(Attributes { lang: Some("de".into()), floor: Some("10".into()), ..Attributes::default() });
    assert!(html.contains("lang=\"de\""));
    // 104.5 streams at 10 tok/s ("about 104"); load on 104 = 82.8 / duty 0.3417 = 242.4 users.
    assert_eq!(attribute_of(&html, "data-result=\"people\"", "data-value"), "242");
    assert_eq!(
        text_of(&html, "data-result=\"summary\""),
        "242 Personen im Chat auf 1 DGX Spark, begrenzt durch Tempo je Person."
    );

    let html = render(Attributes { replicas: Some("many".into()), ..Attributes::default() });
    assert!(html.contains("data-error=\"config\""));
    assert!(
        html.contains("data-replicas=\"many\"") || html.contains("data-replicas=&quot;many&quot;"),
        "names the attribute"
    );
}

#[test]
fn the_simulation_section_is_prerendered_without_a_verdict() {
    // Nothing simulates on the server: the section is there (heading, seed, button), the verdict
    // and charts come in the browser.
    let html = render(Attributes::default());
    let section = |html: &str| {
        let start = html.find("data-section=\"simulation\"").expect("the section");
        html[start..].chars().take(600).collect::<String>()
    };
    assert!(section(&html).contains(">Check by simulation</h3>"), "{}", section(&html));
    assert_eq!(attribute_of(&html, "data-section=\"simulation\"", "data-seed"), "1");
    assert_eq!(attribute_of(&html, "data-section=\"simulation\"", "data-state"), "running");
    assert!(!html.contains("data-result=\"simulation\""), "no verdict before the browser ran it");
    let german = render(Attributes { lang: Some("de".into()), ..Attributes::default() });
    assert!(section(&german).contains(">Prüfung durch Simulation</h3>"), "{}", section(&german));
}

#[test]
fn a_misspelt_attribute_is_named_and_the_rest_is_sized() {
    // `data-flor="10"` on a mount point: the floor stays 15, and the notice names the attribute.
    let attributes = Attributes { unknown: vec![("data-flor".into(), "10".into())], ..Attributes::default() };
    let html = render(attributes);
    let notice_start = html.find("data-error=\"config\"").expect("the config notice");
    let notice = &html[notice_start..notice_start + html[notice_start..].find("</div>").expect("its end")];
    assert!(notice.contains("data-flor=&quot;10&quot;") || notice.contains("data-flor=\"10\""), "{notice}");
    assert!(notice.contains("Unknown attribute; the widget does not read it (check its spelling)."), "{notice}");
    assert_eq!(attribute_of(&html, "data-result=\"people\"", "data-value"), "163");
}
