//! Browser tests of what an imported run was measured on: the import panel
//! asks for the hardware, systems and GPUs, prefilled from the file where it says (the real
//! SGLang fixture states `tp_size`, `nnodes` and its KV pool), and for a KV pool, a prefill rate
//! and a maximum context that then bind; the setup is remembered with the run; and the chart
//! legend never calls a person's own points "derived from published figures". Oracles: the
//! values printed in the fixtures, and `sizer_core::size` on a scenario written out here.

use sizer_core::{Limit, Scenario, size};
use sizer_data::Run;
use sizer_widget::App;
use sizer_widget::import::imported::STORAGE_KEY;
use sizer_widget::shell::config::Attributes;
use sizer_widget::sizing::calculation::DEFAULT_RUN;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::support::*;

/// The real SGLang `bench_serving` result at max concurrency 8 (tests/fixtures, GH200): its
/// `server_info` says `"tp_size": 1`, `"pp_size": 1`, `"nnodes": 1`,
/// `"max_total_num_tokens": 2301720`; `median_tpot_ms` 5.1007.
const SGLANG_C8: &str =
    include_str!("../../../../tests/fixtures/sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c8.jsonl");

/// A fresh instance on an empty device store.
fn mount(prefix: &str) -> (Element, yew::AppHandle<App>) {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    mount_app(Attributes::default(), prefix)
}

fn result(root: &Element, name: &str) -> Option<String> {
    find(root, &format!("[data-result=\"{name}\"]")).and_then(|e| e.get_attribute("data-value"))
}

async fn paste(root: &Element, text: &str) {
    let area: HtmlTextAreaElement = wait_for(root, "[data-import=\"paste\"]").await.dyn_into().expect("textarea");
    area.set_value(text);
    fire(&area, "input");
    click(root, "[data-import=\"submit\"]");
    wait_for(root, "[data-import=\"list\"] li[data-run-id=\"yours-1\"]").await;
}

fn setup_input(root: &Element, field: &str) -> HtmlInputElement {
    find(root, &format!("input[data-import=\"setup-{field}\"]"))
        .unwrap_or_else(|| panic!("no setup field {field}"))
        .dyn_into()
        .expect("input")
}

/// Types into a "Measured on" field and leaves it (change), like a person.
fn answer(root: &Element, field: &str, text: &str) {
    let input = setup_input(root, field);
    input.set_value(text);
    fire(&input, "input");
    fire(&input, "change");
}

fn from_file(root: &Element, field: &str) -> bool {
    find(root, &format!("[data-setup-field=\"{field}\"] [data-from-file]")).is_some()
}

/// The importer's run of `text` with the limits given here, sized by the core on the widget's
/// default chat scenario.
fn sized(text: &str, kv_pool_tokens: Option<f64>, prefill_tok_s: Option<f64>) -> sizer_core::Sizing {
    let runs: Vec<Run> = sizer_import::import(text, "").expect("imports").to_runs().expect("complete");
    let (curve, _) = runs[0].curve().expect("a curve");
    size(&Scenario { kv_pool_tokens, prefill_tok_s, ..Scenario::chat() }, &curve).expect("sizes")
}

#[wasm_bindgen_test]
async fn the_panel_asks_what_a_run_was_measured_on_and_its_limits_bind() {
    let (root, handle) = mount("hw-a");
    wait_for_value(&root, "people", "163").await;
    paste(&root, SGLANG_C8).await;
    wait_for(&root, "li[data-run-id=\"yours-1\"] fieldset[data-import=\"setup\"]").await;

    // Prefilled from the file's server_info, and marked so; the hardware it does not name is asked.
    assert_eq!(setup_input(&root, "gpus").value(), "1");
    assert_eq!(setup_input(&root, "systems").value(), "1");
    assert_eq!(setup_input(&root, "kv_pool_tokens").value(), "2,301,720");
    assert!(from_file(&root, "gpus") && from_file(&root, "systems") && from_file(&root, "kv_pool_tokens"));
    assert_eq!(setup_input(&root, "hardware").value(), "");
    assert!(!from_file(&root, "hardware"));

    // The file's own pool is used: 2,301,720 / 8,192 = 280 sessions.
    let with_pool = sized(SGLANG_C8, Some(2_301_720.0), None);
    assert_eq!(with_pool.kv_sessions, Some(280));
    wait_for_value(&root, "people", &with_pool.people.to_string()).await;

    // A smaller pool typed in binds: 40,960 / 8,192 = 5 sessions.
    answer(&root, "kv_pool_tokens", "40960");
    let small = sized(SGLANG_C8, Some(40_960.0), None);
    assert_eq!((small.kv_sessions, small.binding), (Some(5), Limit::KvCache));
    wait_for_value(&root, "binding", "kv").await;
    wait_for_value(&root, "people", &small.people.to_string()).await;
    assert!(!from_file(&root, "kv_pool_tokens"), "typed over, it is no longer the file's");

    // Bad text is refused in place and changes nothing.
    answer(&root, "kv_pool_tokens", "abc");
    let error = wait_for(&root, "[data-import-error=\"setup-kv_pool_tokens\"]").await;
    wait_until("the error text", || error.text_content().as_deref() == Some("This is not a number.")).await;
    assert_eq!(setup_input(&root, "kv_pool_tokens").get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(result(&root, "people"), Some(small.people.to_string()));

    // No pool, a prefill rate of 10 tok/s: 10 / (512 / 120) = 2.34 people by prefill.
    answer(&root, "kv_pool_tokens", "");
    answer(&root, "prefill_tok_s", "10");
    let by_prefill = sized(SGLANG_C8, None, Some(10.0));
    assert_eq!((by_prefill.binding, by_prefill.people), (Limit::Prefill, 2));
    wait_for_value(&root, "binding", "prefill").await;
    wait_for_value(&root, "people", "2").await;

    // A maximum context of 4,096 tokens holds no 8,192-token session.
    answer(&root, "max_context_tokens", "4096");
    wait_for_value(&root, "people", "0").await;
    wait_for_value(&root, "binding", "kv").await;

    // The hardware and systems a person states are kept with the run on this device.
    answer(&root, "hardware", "Jetson Thor");
    answer(&root, "systems", "1");
    let remember = find(&root, "[data-import=\"remember\"]").expect("remember");
    remember.clone().dyn_into::<HtmlInputElement>().expect("checkbox").set_checked(true);
    fire(&remember, "change");
    let stored = || local_storage().get_item(STORAGE_KEY).ok().flatten().unwrap_or_default();
    wait_until("the setup stored", || stored().contains("\"hardware\":\"Jetson Thor\"")).await;
    assert!(stored().contains("\"max_context_tokens\":4096.0"), "{}", stored());
    assert!(stored().contains("\"prefill_tok_s\":10.0"), "{}", stored());
    handle.destroy();

    let (again, handle) = mount_app(Attributes::default(), "hw-b");
    wait_for(&again, "select[data-field=\"run\"] option[value=\"yours-1\"]").await;
    let select: HtmlSelectElement =
        find(&again, "select[data-field=\"run\"]").expect("run select").dyn_into().expect("select");
    select.set_value("yours-1");
    fire(&select, "change");
    wait_for(&again, "li[data-run-id=\"yours-1\"] fieldset[data-import=\"setup\"]").await;
    assert_eq!(setup_input(&again, "hardware").value(), "Jetson Thor");
    assert_eq!(setup_input(&again, "max_context_tokens").value(), "4,096");
    wait_for_value(&again, "people", "0").await;
    handle.destroy();
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
}

#[wasm_bindgen_test]
async fn the_legend_does_not_call_your_points_published() {
    let (root, handle) = mount("hw-c");
    wait_for_value(&root, "people", "163").await;
    paste(&root, BATCHED_BENCH).await;
    wait_until("charts of the imported run", || {
        find(&root, ".ss-charts").and_then(|c| c.get_attribute("data-run")).as_deref() == Some("yours-1")
    })
    .await;
    // llama.cpp's n_kv_max is its KV cache in tokens.
    assert_eq!(setup_input(&root, "kv_pool_tokens").value(), "270,336");
    let mark = wait_for(&root, "[data-chart=\"speed\"] [data-legend=\"derived-yours\"]").await;
    assert_eq!(mark.text_content().as_deref(), Some("worked out from your figures"));
    assert!(find(&root, "[data-chart=\"speed\"] [data-legend=\"derived-published\"]").is_none());
    let charts = find(&root, ".ss-charts").and_then(|c| c.text_content()).unwrap_or_default();
    assert!(!charts.contains("derived from published figures"), "{charts}");
    // The dataset's run says nothing of "your figures".
    let select: HtmlSelectElement =
        find(&root, "select[data-field=\"run\"]").expect("run select").dyn_into().expect("select");
    select.set_value(DEFAULT_RUN);
    fire(&select, "change");
    wait_for_value(&root, "people", "163").await;
    assert!(find(&root, "[data-legend=\"derived-yours\"]").is_none());
    handle.destroy();
}
