//! The articles' advice and the claims' status in the prerendered page (Yew `ssr`, no
//! browser): what people without scripts read. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test advice_ssr`.
#![cfg(all(feature = "ssr", not(target_arch = "wasm32")))]

use sizer_widget::config::Attributes;
use sizer_widget::render_to_string;

fn render(attributes: Attributes) -> String {
    futures::executor::block_on(render_to_string(attributes, 0))
}

#[test]
fn the_agent_preset_prerenders_the_prefix_caching_advice_in_german() {
    let html = render(Attributes { usage: Some("agent".into()), lang: Some("de".into()), ..Attributes::default() });
    assert!(html.contains("data-result=\"binding\" data-value=\"prefill\""), "prefill does not bind");
    let caching = html.find("data-advice=\"en-prefix-caching\"").expect("the prefix-caching advice");
    let general = html.find("class=\"ss-advice-general\"").expect("the general advice");
    assert!(caching < general, "the sizing's advice comes before the general advice");
    assert!(html.contains("Schalten Sie Prefix-Caching ein"));
    assert!(html.contains("Englischer Artikel, Empfehlung"));
    assert!(html.contains("data-claim-status=\"reproduced\""));
    assert!(html.contains(">nachgerechnet<"));
}

#[test]
fn the_chat_preset_has_no_prefix_caching_advice() {
    // Speed binds at 52.5 streams: the second-Spark hint instead.
    let html = render(Attributes::default());
    assert!(!html.contains("data-advice=\"en-prefix-caching\""));
    assert!(html.contains("data-advice=\"en-second-spark-above-50-streams\""));
}
