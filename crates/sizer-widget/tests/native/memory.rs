//! The memory section and the KV pool note in prerendered markup (Yew's `ssr` feature): the page
//! shows the German article's pair before any script runs. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native memory::`.

use crate::support::render;
use sizer_widget::shell::config::Attributes;

#[test]
fn the_prerendered_page_plans_the_german_articles_pair() {
    let html = render(Attributes::default());
    // 65.3 + 13.8 = 79.1 GB; 115 - 79.1 = 35.9 GB; 102 - 79.1 = 22.9 GB (German article).
    assert!(html.contains(">65.3 + 13.8 = 79.1\u{a0}GB of weights<"), "weights");
    assert!(html.contains(">35.9\u{a0}GB left at a 115.0\u{a0}GB budget<"), "left");
    assert!(html.contains(">22.9–35.9\u{a0}GB left across the 102–115\u{a0}GB band<"), "band");
    assert!(html.contains("data-memory-model=\"gpt-oss-120b\""));
    // The default run logged its pool: 924,912 tokens x 98,304 bytes = 90.9 GB of cache.
    assert!(html.contains(">924,912 tokens, logged by the run (90.9\u{a0}GB of cache).<"), "kv pool");
}

#[test]
fn german_markup() {
    let html = render(Attributes { lang: Some("de".into()), ..Attributes::default() });
    assert!(html.contains(">65,3 + 13,8 = 79,1\u{a0}GB Gewichte<"));
    assert!(html.contains(">924.912 Token, vom Lauf protokolliert (90,9\u{a0}GB Cache).<"));
}
