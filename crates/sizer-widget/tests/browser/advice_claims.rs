//! Browser tests of the articles' advice and the claims' status (wasm-bindgen-test in headless
//! Chromium): the advice that fits the worked sizing, in English and German with its source,
//! location and the article's own words; each claim with the status the dataset records. The
//! expected values are literal, from the articles and `data/advice.json` / `data/claims.json`.
//! Run: `cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_sizing advice_claims::`.

use std::rc::Rc;

use sizer_core::Scenario;
use sizer_widget::i18n::Lang;
use sizer_widget::sizing::calculation::Calculation;
use sizer_widget::sizing::views::advice::{AdviceList, AdviceListProps};
use sizer_widget::sizing::views::claims_panel::{ClaimsPanel, ClaimsPanelProps};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;
use yew::AttrValue;

use crate::support::*;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const LLAMA: &str = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
const FORUM: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node";
const GENERAL: [&str; 4] =
    ["de-openai-compatible-engine", "de-open-webui-accounts", "de-developer-accounts", "de-training-off-hours"];

fn root() -> Element {
    let document = web_sys::window().and_then(|w| w.document()).expect("a document");
    let root = document.create_element("div").expect("div");
    document.body().expect("body").append_child(&root).expect("append root");
    root
}

fn ids(elements: &[Element]) -> Vec<String> {
    elements.iter().filter_map(|e| e.get_attribute("data-advice")).collect()
}

async fn mount_advice(run: &str, scenario: Scenario, lang: Lang) -> Element {
    let root = root();
    let outcome = Rc::new(Calculation::compute(run, scenario));
    yew::Renderer::<AdviceList>::with_root_and_props(root.clone(), AdviceListProps { outcome, lang }).render();
    yew::scheduler::flush().await;
    root
}

async fn mount_claims(run: &str, lang: Lang) -> Element {
    let root = root();
    let outcome = Calculation::compute(run, Scenario::chat());
    let props =
        ClaimsPanelProps { claims: outcome.claims.clone(), lang, run_id: Some(AttrValue::from(run.to_owned())) };
    yew::Renderer::<ClaimsPanel>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    root
}

#[wasm_bindgen_test]
async fn the_worked_agent_sizing_is_prefill_bound_and_brings_prefix_caching_first() {
    let root = mount_advice(QWEN, Scenario::coding_agent(), Lang::En).await;
    // Prefill binds first; the 52.5 streams at the floor are above about 50 as well.
    assert_eq!(ids(&all(&root, ".ss-advice-specific > li")), ["en-prefix-caching", "en-second-spark-above-50-streams"]);
    let entry = one(&root, "[data-advice=\"en-prefix-caching\"]");
    assert!(text(&entry).starts_with("Turn prefix caching on"), "{}", text(&entry));
    assert_eq!(text(&one(&entry, "[data-advice-location]")), "English article, recommendation");
    assert_eq!(
        one(&entry, "a[data-source-link]").get_attribute("href").as_deref(),
        Some("#ss-source-seed-en-users-per-dgx-spark")
    );
    let wording = one(&entry, "q[data-advice-wording]");
    assert_eq!(wording.get_attribute("lang").as_deref(), Some("en"));
    assert!(text(&wording).contains("prefix caching on"), "{}", text(&wording));
    // The sharing advice follows, folded.
    assert_eq!(ids(&all(&root, "details.ss-advice-general li")), GENERAL);
    assert!(one(&root, "details.ss-advice-general").get_attribute("open").is_none());
}

#[wasm_bindgen_test]
async fn the_worked_chat_sizing_above_fifty_streams_brings_a_second_spark() {
    // 52.5 streams at 15 tok/s (English article, worked sizing).
    let root = mount_advice(QWEN, Scenario::chat(), Lang::En).await;
    assert_eq!(ids(&all(&root, ".ss-advice-specific > li")), ["en-second-spark-above-50-streams"]);
}

#[wasm_bindgen_test]
async fn the_ttft_warning_brings_the_p99_hint() {
    // At 10 tok/s the worked run holds 104.5 streams; the nearest measured p99 TTFT is 7.1 s
    // at 128 requests, above the 3 s warning.
    let root = mount_advice(QWEN, Scenario { floor_tok_s: 10.0, ..Scenario::chat() }, Lang::En).await;
    assert_eq!(ids(&all(&root, ".ss-advice-specific > li")), ["en-watch-p99-ttft", "en-second-spark-above-50-streams"]);
    let entry = one(&root, "[data-advice=\"en-watch-p99-ttft\"]");
    assert!(text(&entry).starts_with("Watch the p99 time to first token"), "{}", text(&entry));
}

#[wasm_bindgen_test]
async fn llama_70b_brings_the_dense_model_hint() {
    // Llama 3.3 70B never reaches 15 tok/s (4.5 at one request) and its p99 TTFT is above 3 s.
    let root = mount_advice(LLAMA, Scenario::chat(), Lang::En).await;
    let specific = ids(&all(&root, ".ss-advice-specific > li"));
    assert!(specific.contains(&"en-dense-for-batch".to_owned()), "{specific:?}");
    assert!(!specific.contains(&"en-prefix-caching".to_owned()), "{specific:?}");
}

#[wasm_bindgen_test]
async fn german_advice_in_german_with_the_german_articles_words_marked_de() {
    let root = mount_advice(QWEN, Scenario::coding_agent(), Lang::De).await;
    assert_eq!(text(&one(&root, "h3")), "Empfehlungen der Artikel für diese Auslegung");
    let caching = one(&root, "[data-advice=\"en-prefix-caching\"]");
    assert!(text(&caching).starts_with("Schalten Sie Prefix-Caching ein"), "{}", text(&caching));
    assert_eq!(text(&one(&caching, "[data-advice-location]")), "Englischer Artikel, Empfehlung");
    // The English article's words stay English, marked so.
    assert_eq!(one(&caching, "q").get_attribute("lang").as_deref(), Some("en"));
    let accounts = one(&root, "[data-advice=\"de-developer-accounts\"]");
    let wording = one(&accounts, "q[data-advice-wording]");
    assert_eq!(wording.get_attribute("lang").as_deref(), Some("de"));
    for words in ["0.117", "JupyterLab", "Tailscale"] {
        assert!(text(&wording).contains(words), "{words}: {}", text(&wording));
    }
    let webui = one(&root, "[data-advice=\"de-open-webui-accounts\"]");
    assert!(text(&webui).contains("OIDC oder LDAP"), "{}", text(&webui));
}

#[wasm_bindgen_test]
async fn the_forum_claim_of_14_streams_shows_reproduced_with_its_reason() {
    let root = mount_claims(FORUM, Lang::En).await;
    let claim = one(&root, "[data-claim=\"en-streams-15-gpt-oss-120b-forum\"]");
    let status = one(&claim, "[data-claim-status]");
    assert_eq!(status.get_attribute("data-claim-status").as_deref(), Some("reproduced"));
    assert_eq!(text(&status), "reproduced");
    // Live recomputation with kubis.ai's 16-request point: 14.1 streams.
    assert!(text(&claim).contains("about 14 "), "{}", text(&claim));
    assert!(text(&claim).contains("14.1"), "{}", text(&claim));
    assert!(text(&one(&claim, "[data-claim-reason]")).contains("218.5 tok/s"), "{}", text(&claim));
}

#[wasm_bindgen_test]
async fn claims_not_recomputed_live_show_their_status_in_german() {
    let root = mount_claims(QWEN, Lang::De).await;
    let streams = one(&root, "[data-claim=\"en-streams-15-qwen3-coder-30b-a3b\"] [data-claim-status]");
    assert_eq!(text(&streams), "nachgerechnet");
    // "81.2 tok/s at one request": 1000 / 12.3 = 81.3, the article rounds; not a live check.
    let single = one(&root, ".ss-claims-other [data-claim=\"en-gpuwerk-per-user-1\"]");
    assert!(text(&single).contains("(genannt 81,2\u{a0}Token/s, unsere 81,3\u{a0}Token/s)"), "{}", text(&single));
    // "up to 150 people": our sizing gives 163.5.
    let team = one(&root, "[data-claim=\"en-team-up-to-150\"]");
    assert_eq!(
        one(&team, "[data-claim-status]").get_attribute("data-claim-status").as_deref(),
        Some("not_reproducible")
    );
    assert_eq!(text(&one(&team, "[data-claim-status]")), "nicht nachvollziehbar");
}
