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

/// The text of the element marked `data-memory="<which>"`, tags dropped.
fn marked(html: &str, which: &str) -> String {
    let start = html.find(&format!("data-memory=\"{which}\"")).unwrap_or_else(|| panic!("no {which}"));
    let rest = &html[start..];
    let body = &rest[rest.find('>').expect("tag") + 1..];
    let end = body.find("</div>").or_else(|| body.find("</p>")).expect("end");
    let mut text = String::new();
    let mut in_tag = false;
    for c in body[..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

#[test]
fn the_default_run_leads_the_memory_plan() {
    // GPUwerk's Qwen3-Coder AWQ 4-bit: 30.5 B x (4 + 20/128) / 8 = 15.85 GB, computed (a floor);
    // 115 - 15.85 = 99.15 GB of fp16 cache, 98,304 bytes a token.
    let html = render(Attributes::default());
    let run = marked(&html, "run");
    println!("{run}");
    assert!(run.starts_with("The run you are sizing, Qwen3-Coder-30B-A3B · AWQ 4-bit · vLLM 0.27.1 · GPUwerk: 15.8\u{a0}GB of AWQ 4-bit weights (computed from 30.5\u{a0}B parameters at 0.52 bytes each; at least that"), "{run}");
    assert!(run.contains(", leaving 99.2\u{a0}GB for the KV cache at a 115.0\u{a0}GB budget: at most "), "{run}");
    // Beside the article's pair: 15.85 + 65.3 + 13.8 = 94.9 GB, 20.1 GB left.
    let beside = marked(&html, "beside");
    assert!(beside.starts_with("Beside the models kept loaded below: 94.9\u{a0}GB of weights together, 20.1\u{a0}GB left for the KV cache: at most "), "{beside}");
    // Every model whose weights can be sized is labelled published or computed.
    assert!(html.contains("gpt-oss-120b (65.3\u{a0}GB MXFP4, published)"), "published label");
    assert!(html.contains("Qwen3-Coder-Next (160.0\u{a0}GB BF16, computed)"), "computed label");
}

#[test]
fn the_default_run_leads_the_memory_plan_in_german() {
    let html = render(Attributes { lang: Some("de".into()), ..Attributes::default() });
    let run = marked(&html, "run");
    println!("{run}");
    assert!(run.contains(": 15,8\u{a0}GB AWQ 4-Bit-Gewichte (berechnet aus 30,5\u{a0}Mrd. Parametern zu je 0,52 Byte; mindestens so viel"), "{run}");
    assert!(run.contains("; bei 115,0\u{a0}GB Budget bleiben 99,2\u{a0}GB für den KV-Cache: höchstens "), "{run}");
    let beside = marked(&html, "beside");
    assert!(
        beside.starts_with("Neben den unten geladenen Modellen: 94,9\u{a0}GB Gewichte zusammen, 20,1\u{a0}GB frei"),
        "{beside}"
    );
}
