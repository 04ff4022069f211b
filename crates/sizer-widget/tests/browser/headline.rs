//! Browser tests of the headline and the inputs beside it: the
//! sentence follows the replicas with the Sparks it covers, and the percentile field is disabled,
//! with its reason, while the peak factor is the article's fixed z = 2.33. Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_sizing headline::`.

use sizer_widget::shell::config::Attributes;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement};

use crate::support::*;

const TP2: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2";

async fn percentile_disabled(root: &Element, expected: bool) -> HtmlInputElement {
    let input: HtmlInputElement =
        wait_for(root, "input[data-field=\"percentile\"]").await.dyn_into().expect("percentile input");
    wait_until(&format!("percentile disabled = {expected}"), || input.disabled() == expected).await;
    input
}

#[wasm_bindgen_test]
async fn the_percentile_is_disabled_with_its_reason_while_z_is_fixed() {
    let root = mount(Attributes::default(), "h0");
    percentile_disabled(&root, false).await;
    assert!(find(&root, "[data-disabled-reason=\"percentile\"]").is_none(), "no reason while it counts");

    pick(&root, "z", "seed").await;
    let input = percentile_disabled(&root, true).await;
    let reason = wait_for(&root, "[data-disabled-reason=\"percentile\"]").await;
    let reason_text = reason.text_content().unwrap_or_default();
    assert!(reason_text.starts_with("Not used: the peak factor is fixed at z = 2.33."), "{reason_text}");
    let described = input.get_attribute("aria-describedby").unwrap_or_default();
    assert!(described.split(' ').any(|id| id == reason.id()), "the reason describes the input: {described}");

    // Another headroom method uses the percentile again, z or not.
    pick(&root, "headroom", "poisson").await;
    percentile_disabled(&root, false).await;
}

#[wasm_bindgen_test]
async fn the_headline_follows_the_replicas_with_the_sparks_it_covers() {
    let root = mount(Attributes { run: Some(TP2.into()), ..Attributes::default() }, "h1");
    wait_for_text(&root, "[data-result=\"summary\"]", |t| t.contains(" on 2 DGX Sparks (1 pair, TP=2), ")).await;
    type_into(&root, "replicas", "2").await;
    let summary =
        wait_for_text(&root, "[data-result=\"summary\"]", |t| t.contains(" on 4 DGX Sparks (2 pairs, TP=2), ")).await;
    let people =
        find(&root, "[data-result=\"people\"]").and_then(|e| e.get_attribute("data-value")).unwrap_or_default();
    // The pair's prefill rate is not in the data: the people are at most, and it says why.
    assert!(
        summary.starts_with(&format!("At most {people} people chatting on 4 DGX Sparks"))
            && summary.ends_with(": this run's prefill limit is not known."),
        "{summary} / {people}"
    );
    let sparks = find(&root, "[data-result=\"summary\"]").and_then(|e| e.get_attribute("data-sparks"));
    assert_eq!(sparks.as_deref(), Some("4"));
}
