//! The articles' advice and the claims' status in the prerendered page (Yew `ssr`, no
//! browser): what people without scripts read. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native advice::`.

use crate::support::render;
use sizer_widget::shell::config::Attributes;

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

/// The reason the page shows under a claim (the `[data-claim-reason]` span's text and `lang`).
fn claim_reason<'a>(html: &'a str, claim: &str) -> (&'a str, &'a str) {
    let item = &html[html.find(&format!("data-claim=\"{claim}\"")).expect(claim)..];
    let span = &item[..item.find("data-claim-reason").expect("a reason")];
    let lang = &span[span.rfind("lang=\"").expect("a lang") + 6..];
    let lang = &lang[..lang.find('"').unwrap()];
    let text = &item[item.find("data-claim-reason").unwrap()..];
    let text = &text[text.find('>').unwrap() + 1..];
    (lang, &text[..text.find("</span>").unwrap()])
}

#[test]
fn a_claims_reason_is_in_the_page_language() {
    let claim = "en-streams-15-qwen3-coder-30b-a3b";
    let german = render(Attributes { lang: Some("de".into()), ..Attributes::default() });
    assert_eq!(
        claim_reason(&german, claim),
        ("de", "Nachgerechnet: Lineare Interpolation zwischen 32 und 64 ergibt 52,5.")
    );
    assert!(!german.contains("linear interpolation between"), "an English reason on the German page");
    let english = render(Attributes::default());
    assert_eq!(claim_reason(&english, claim), ("en", "Reproduced: linear interpolation between 32 and 64 gives 52.5."));
    assert!(!english.contains("Lineare Interpolation"), "a German reason on the English page");
}
