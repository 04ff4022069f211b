//! Browser tests of the last "no silent wrong answer" gaps, in headless Chromium: a link's
//! memory model this version cannot keep loaded is named, "Copy link" says when fields with
//! errors go into the link as their last valid values, German run labels in the team verdict
//! and the chart legends, and a link's bad team values shown in the team's own fields. Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_team leftovers::`.

use crate::support::*;
use sizer_core::Scenario;
use sizer_widget::i18n::Lang;
use sizer_widget::shell::config::Attributes;
use sizer_widget::sizing::calculation::Calculation;
use sizer_widget::sizing::views::claims_panel::{ClaimsPanel, ClaimsPanelProps};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::AttrValue;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

fn set_hash(fragment: &str) {
    web_sys::window().expect("window").location().set_hash(fragment).expect("set hash");
}

/// Opens `fragment` in an instance that syncs the URL, like the standalone page.
fn open(fragment: &str, prefix: &str) -> (web_sys::Element, yew::AppHandle<sizer_widget::App>) {
    set_hash(fragment);
    mount_app(Attributes { sync_url: true, ..Attributes::default() }, prefix)
}

#[wasm_bindgen_test]
async fn a_links_memory_model_this_version_cannot_keep_loaded_is_named() {
    let (root, handle) = open("#s=f:10,mk:no-such-model+gpt-oss-20b,mb:100", "lo-a");
    let part = wait_for(&root, "[data-error=\"link\"] [data-link-part=\"mk\"]").await;
    assert_eq!(text(&part), "mk:no-such-model");
    assert_eq!(count(&root, "[data-link-part]"), 1);
    handle.destroy();
    root.remove();
    set_hash("");
}

#[wasm_bindgen_test]
async fn copy_link_says_when_a_field_with_an_error_goes_in_as_its_last_valid_value() {
    let (root, handle) = open("", "lo-b");
    wait_for(&root, "[data-action=\"copy-link\"]").await;
    assert_eq!(count(&root, "[data-share=\"stale-note\"]"), 0);
    type_into(&root, "floor", "abc").await;
    wait_for_exact_text(
        &root,
        "[data-share=\"stale-note\"]",
        "Where a field shows an error, the link carries its last valid value instead: floor \u{201c}abc\u{201d} \u{2192} 15.",
    )
    .await;
    type_into(&root, "floor", "12").await;
    wait_until("the note goes", || count(&root, "[data-share=\"stale-note\"]") == 0).await;
    handle.destroy();
    root.remove();
    set_hash("");
}

#[wasm_bindgen_test]
async fn german_claims_keep_each_number_with_its_unit() {
    let root = document().create_element("div").expect("div");
    document().body().expect("body").append_child(&root).expect("append");
    let outcome = Calculation::compute(QWEN, Scenario::chat());
    let props =
        ClaimsPanelProps { claims: outcome.claims.clone(), lang: Lang::De, run_id: Some(AttrValue::from(QWEN)) };
    yew::Renderer::<ClaimsPanel>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let ttft = one(&root, "[data-claim=\"en-p99-ttft-under-3s-to-64\"]");
    assert!(text(&ttft).contains("(genannt 3\u{a0}s, unsere 2,7\u{a0}s)"), "{}", text(&ttft));
    // No claim's figure breaks between number and unit.
    for claim in all(&root, "[data-claim]") {
        // What the widget writes (the quoted words and the reason are the dataset's own).
        let mut shown = text(&claim);
        for quoted in all(&claim, "q, [data-claim-reason]") {
            shown = shown.replace(&text(&quoted), "");
        }
        for unit in [" s)", " s,", " tok/s", " Token", " GB", " %"] {
            let broken = shown.match_indices(unit).any(|(at, _)| shown[..at].ends_with(|c: char| c.is_ascii_digit()));
            assert!(!broken, "{unit:?} in {shown}");
        }
    }
    root.remove();
}

#[wasm_bindgen_test]
async fn german_run_labels_in_the_team_verdict_and_the_chart_legends() {
    let attributes = Attributes {
        run: Some("lmsys-gpt-oss-120b-sglang-2048-2048".into()),
        lang: Some("de".into()),
        ..Attributes::default()
    };
    let (root, handle) = mount_app(attributes, "lo-c");
    let german = "gpt-oss-120b · SGLang · 2.048 ein / 2.048 aus · LMSYS";
    let verdict = wait_for_text(&root, "[data-result=\"sparks\"]", |shown| !shown.is_empty()).await;
    assert!(verdict.contains(&format!(" mit {german} ")), "{verdict}");
    let legends = all(&root, ".ss-chart-legend:not(.ss-point-legend)");
    // Speed and aggregate throughput (the run has no TTFT figures).
    assert_eq!(legends.len(), 2);
    for legend in legends {
        assert_eq!(text_of(&legend, "li"), german);
    }
    // The legend of points from other sources names the runs the same way.
    let forum = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node";
    let line = text_of(&root, &format!("[data-point-legend] li[data-run=\"{forum}\"]"));
    assert!(
        line.starts_with("gpt-oss-120b · MXFP4 · vLLM Entwicklungs-Build · 1 Spark · NVIDIA-Forum (März 2026) — "),
        "{line}"
    );
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_links_bad_team_values_are_their_fields_errors() {
    let (root, handle) = open("#s=f:10,tp:-3,ta:2,tu:95,th:x", "lo-d");
    let people = wait_for(&root, "input[data-field=\"team_people\"]").await;
    wait_for_exact_text(&root, "[data-error=\"team_people\"]", "Must be at least 0.").await;
    assert_eq!(people.get_attribute("aria-invalid").as_deref(), Some("true"));
    let value = |field: &str| {
        use wasm_bindgen::JsCast;
        one(&root, &format!("input[data-field=\"{field}\"]"))
            .dyn_into::<web_sys::HtmlInputElement>()
            .expect("input")
            .value()
    };
    assert_eq!(
        (value("team_people"), value("team_agents"), value("team_uncertainty")),
        ("-3".into(), "2".into(), "95".into())
    );
    assert_eq!(text_of(&root, "[data-error=\"team_uncertainty\"]"), "Must be at most 90.");
    // Only the part that is no field's value stays in the link's notice.
    let parts: Vec<String> = all(&root, "[data-error=\"link\"] [data-link-part]").iter().map(text).collect();
    assert_eq!(parts, ["th:x"]);
    handle.destroy();
    root.remove();
    set_hash("");
}
