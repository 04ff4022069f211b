//! Browser tests of the memory section (models kept loaded together), the KV pool note of the
//! result, and `window.SparkSizer.memory`. Expected values are literals from the German article
//! and hand arithmetic on the models' sourced configs:
//! - gpt-oss-120b 65.3 GB + gpt-oss-20b 13.8 GB = 79.1 GB of weights; 102 and 115 GB leave
//!   22.9 and 35.9 GB of cache.
//! - KV bytes per token at 8,192 tokens, bf16 (2 bytes), 8 KV heads x 64 dims x K and V =
//!   2,048 bytes per layer and token; sliding layers keep 128 tokens: gpt-oss-120b
//!   18 x 2,048 + 18 x 2,048 x 128 / 8,192 = 37,440; gpt-oss-20b 12 x 2,048 + 12 x 32 = 24,960.
//! - Split by equal sessions: 35.9 GB / (8,192 x (37,440 + 24,960)) = 70.2 -> 70 sessions each
//!   at 115 GB; 22.9 GB / 511,180,800 = 44.8 -> 44 at 102 GB.

use sizer_widget::shell::config::Attributes;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement};

use crate::support::*;

async fn input(root: &Element, selector: &str) -> HtmlInputElement {
    wait_for(root, selector).await.dyn_into().expect("an input")
}

async fn type_budget(root: &Element, text: &str) {
    let field = input(root, "input[data-field=\"memory_budget\"]").await;
    field.set_value(text);
    field.dispatch_event(&bubbling("input")).expect("dispatch input");
    tick().await;
}

async fn set_kept(root: &Element, model: &str, keep: bool) {
    let checkbox = input(root, &format!("input[data-memory-model=\"{model}\"]")).await;
    checkbox.set_checked(keep);
    checkbox.dispatch_event(&bubbling("change")).expect("dispatch change");
    tick().await;
}

#[wasm_bindgen_test]
async fn the_german_articles_pair_in_german() {
    let root = mount(Attributes { lang: Some("de".into()), ..Attributes::default() }, "m1");
    wait_for_exact_text(&root, "[data-memory=\"weights\"]", "65,3 + 13,8 = 79,1\u{a0}GB Gewichte").await;
    assert_eq!(text_of(&root, "[data-memory=\"left\"]"), "35,9\u{a0}GB frei bei 115,0\u{a0}GB Budget");
    assert_eq!(text_of(&root, "[data-memory=\"band\"]"), "22,9–35,9\u{a0}GB frei über das Band von 102–115\u{a0}GB");
    let sessions = root.query_selector_all("[data-memory=\"sessions\"]").expect("cells");
    assert_eq!(sessions.length(), 2);
    for index in 0..2 {
        let cell: Element = sessions.item(index).expect("cell").dyn_into().expect("element");
        assert_eq!(cell.get_attribute("data-value").as_deref(), Some("70"));
        assert_eq!(cell.text_content().as_deref(), Some("70 (44–70)"));
    }
    // The bar: each model's weights and cache (cache split 60/40 by bytes per session).
    let part = |kind: &str, model: &str| {
        find(&root, &format!("[data-memory-part=\"{kind}\"][data-model=\"{model}\"]"))
            .and_then(|e| e.get_attribute("data-value"))
    };
    assert_eq!(part("weights", "gpt-oss-120b").as_deref(), Some("65.3"));
    assert_eq!(part("weights", "gpt-oss-20b").as_deref(), Some("13.8"));
    assert_eq!(part("cache", "gpt-oss-120b").as_deref(), Some("21.5"));
    assert_eq!(part("cache", "gpt-oss-20b").as_deref(), Some("14.4"));
    // Every figure cited: the band's source and the weights' source.
    assert!(find(&root, ".ss-memory-sources [data-cite=\"eurokommerz-128gb-article\"]").is_some());
    assert!(find(&root, ".ss-memory-sources [data-cite=\"seed-de-dgx-spark-team\"]").is_some());
}

#[wasm_bindgen_test]
async fn picking_models_and_a_budget_updates_the_plan() {
    let root = mount(Attributes::default(), "m2");
    wait_for_exact_text(&root, "[data-memory=\"weights\"]", "65.3 + 13.8 = 79.1\u{a0}GB of weights").await;
    set_kept(&root, "gpt-oss-120b", false).await;
    wait_for_exact_text(&root, "[data-memory=\"weights\"]", "13.8\u{a0}GB of weights").await;
    // 102 - 13.8 = 88.2 GB / (24,960 x 8,192) = 431.4 -> 431 sessions.
    type_budget(&root, "102").await;
    wait_for_exact_text(&root, "[data-memory=\"left\"]", "88.2\u{a0}GB left at a 102.0\u{a0}GB budget").await;
    assert_eq!(
        find(&root, "[data-memory=\"sessions\"]").and_then(|e| e.get_attribute("data-value")).as_deref(),
        Some("431")
    );
    // 13.8 + 37 + 65.3 = 116.1 GB: over a 115 GB budget.
    type_budget(&root, "115").await;
    set_kept(&root, "llama-3.3-70b", true).await;
    set_kept(&root, "gpt-oss-120b", true).await;
    wait_for_exact_text(
        &root,
        "[data-memory=\"error\"]",
        "The weights alone (116.1\u{a0}GB) take more than the budget (115.0\u{a0}GB).",
    )
    .await;
    assert_eq!(text_of(&root, "[data-memory=\"band\"]"), "");
    // 130 GB plans them (13.9 GB left), but not inside the 102-115 GB band, and says so.
    type_budget(&root, "130").await;
    wait_for_exact_text(&root, "[data-memory=\"left\"]", "13.9\u{a0}GB left at a 130.0\u{a0}GB budget").await;
    assert_eq!(
        text_of(&root, "[data-memory=\"band\"]"),
        "the weights do not fit at both ends of the 102–115\u{a0}GB band"
    );
    // A bad budget says so and keeps the last valid one.
    type_budget(&root, "-5").await;
    wait_for_exact_text(&root, "[data-error=\"memory_budget\"]", "Must be more than 0.").await;
    set_kept(&root, "llama-3.3-70b", false).await;
    wait_for_exact_text(&root, "[data-memory=\"weights\"]", "65.3 + 13.8 = 79.1\u{a0}GB of weights").await;
    // A model whose weights are neither published nor computable cannot be picked and says why.
    assert!(find(&root, "input[data-memory-model=\"llama-3.1-8b\"]").is_none());
    assert_eq!(
        text_of(&root, "[data-memory-reason=\"llama-3.1-8b\"]"),
        "llama-3.1-8b: no published size of its BF16 weights and no parameter count to compute one."
    );
}

#[wasm_bindgen_test]
async fn a_run_without_a_logged_pool_gets_a_computed_one() {
    // Dendro Logic's gpt-oss-120b: (102 - 65.3) GB / 37,440 bytes = 980,235 tokens.
    let run = "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03";
    let root = mount(Attributes { run: Some(run.into()), ..Attributes::default() }, "m3");
    wait_for_exact_text(
        &root,
        "[data-kv-pool=\"headline\"]",
        "980,235 tokens, computed from the model's architecture and a 102-115\u{a0}GB budget, not logged by the run.",
    )
    .await;
    let note = find(&root, "[data-result=\"kv-pool\"]").expect("note");
    assert_eq!(note.get_attribute("data-value").as_deref(), Some("computed"));
    // The KV step of the worked sizing uses it: 980,235 / 8,192 = 119.7 -> 119 sessions.
    let steps = text_of(&root, "section.ss-work");
    assert!(steps.contains("980,235 / 8,192 (computed from the model's architecture"), "{steps}");
    assert!(steps.contains("119.7 → 119"), "{steps}");

    // At 131,072 tokens a session the computed pool binds: 18 full layers x 2,048 + 18 sliding
    // x 2,048 x 128 / 131,072 = 36,900 bytes per token; 36.7 GB / 36,900 = 994,580 tokens =
    // 7.6 sessions -> 7; avg + 2.326 sqrt(avg) = 7 gives 2.99 busy on average, / duty 0.231
    // (400 / 15 + 1 = 27.7 s of 120 s) = 12.9 -> 12 people, fewer than speed allows.
    let context = input(&root, "input[data-field=\"context_tokens\"]").await;
    context.set_value("131072");
    context.dispatch_event(&bubbling("input")).expect("dispatch input");
    tick().await;
    wait_for_value(&root, "binding", "kv").await;
    let people = find(&root, "[data-result=\"people\"]").and_then(|e| e.get_attribute("data-value"));
    assert_eq!(people.as_deref(), Some("12"));
    // The worked steps follow in a task of their own.
    wait_for_text(&root, "section.ss-work", |steps| {
        steps.contains("994,580 / 131,072 (computed from the model's architecture")
    })
    .await;
}

#[wasm_bindgen_test]
async fn a_logged_pool_wins_and_the_computed_one_stands_beside_it() {
    // GPUwerk's Llama 3.3 70B logged 207,120 tokens (x 327,680 bytes = 67.9 GB); computed:
    // 102 - 37 = 65 GB to 115 - 37 = 78 GB, 198,364 to 238,037 tokens.
    let run = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
    let root = mount(Attributes { run: Some(run.into()), ..Attributes::default() }, "m4");
    wait_for_exact_text(
        &root,
        "[data-kv-pool=\"headline\"]",
        "207,120 tokens, logged by the run (67.9\u{a0}GB of cache).",
    )
    .await;
    assert_eq!(
        text_of(&root, "[data-kv-pool=\"computed-beside\"]"),
        "Computed from the architecture for comparison: 65.0–78.0\u{a0}GB of cache (198,364–238,037 tokens at 8,192) after 37.0\u{a0}GB of AWQ 4-bit weights; fp16 cache."
    );
    assert!(text_of(&root, "[data-kv-pool=\"why\"]").contains("--gpu-memory-utilization"));
    // No pool at all: the reason.
    let none = mount(Attributes { run: Some("lmsys-llama-3.1-8b-fp8-sglang".into()), ..Attributes::default() }, "m5");
    wait_for_exact_text(
        &none,
        "[data-kv-pool=\"headline\"]",
        "No KV limit for this run: the size of the weights this run served is not published.",
    )
    .await;
}

#[wasm_bindgen_test]
async fn the_url_fragment_carries_the_memory_choices() {
    let location = web_sys::window().expect("window").location();
    location.set_hash("s=mk:gpt-oss-20b,mb:102").expect("set hash");
    let root = mount(Attributes { sync_url: true, ..Attributes::default() }, "m6");
    wait_for_exact_text(&root, "[data-memory=\"left\"]", "88.2\u{a0}GB left at a 102.0\u{a0}GB budget").await;
    type_budget(&root, "110").await;
    // Fragment writes are throttled (`browser::FRAGMENT_WRITE_INTERVAL_MS`): poll a bounded while.
    wait_for_fragment("the budget written", || location.hash().unwrap_or_default().contains(",mb:110")).await;
    let hash = location.hash().unwrap_or_default();
    assert!(hash.contains(",mk:gpt-oss-20b,mb:110"), "{hash}");
    location.set_hash("").expect("clear hash");
}

fn memory_api(request: &str) -> serde_json::Value {
    sizer_widget::install_api();
    let window = web_sys::window().expect("window");
    let api = js_sys::Reflect::get(&window, &"SparkSizer".into()).expect("SparkSizer");
    let memory: js_sys::Function =
        js_sys::Reflect::get(&api, &"memory".into()).expect("memory").dyn_into().expect("a function");
    let json = memory.call1(&wasm_bindgen::JsValue::NULL, &request.into()).expect("returns").as_string().expect("text");
    serde_json::from_str(&json).expect("valid JSON")
}

#[wasm_bindgen_test]
fn the_js_api_plans_memory() {
    let plan = memory_api(r#"{"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": 115, "context_tokens": 8192}"#);
    let number = |value: &serde_json::Value| value.as_f64().expect("a number");
    assert!((number(&plan["weights_gb"]) - 79.1).abs() < 1e-9, "{plan}");
    assert!((number(&plan["kv_left_gb"]) - 35.9).abs() < 1e-9, "{plan}");
    assert_eq!(plan["models"][0]["sessions"], 70);
    assert_eq!(plan["models"][1]["sessions"], 70);
    assert_eq!(plan["models"][0]["kv_bytes_per_token"], 37_440.0);
    let error = memory_api(r#"{"models": [], "budget_gb": 115, "context_tokens": 8192}"#);
    assert_eq!(error["error"], "pick at least one model to keep loaded");
    let error = memory_api("not json");
    assert!(error["error"].as_str().expect("a sentence").starts_with("the memory request is not valid"));
}
