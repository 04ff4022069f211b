//! Browser tests of the calculator (wasm-bindgen-test in headless Chromium): mount the app into
//! a fresh element, type and pick like a person (input/change events), and check that the
//! figures shown are the ones worked out by hand (see [`Shown`]). Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_sizing calculator::`.

use sizer_widget::shell::config::Attributes;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement};

use crate::support::*;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const PETRONELLA: &str = "petronella-qwen3.8-27b-nvfp4";

/// What the page must show: people, whole streams and the binding limit's machine name,
/// worked out by hand from the article's method (linear interpolation; duty (answer / floor +
/// TTFT) / interval; normal approximation, z = 2.3263 at p99; users = load / duty; KV pool and
/// prefill rate from DATA.md's facts), not by the code under test.
#[derive(Clone, Copy, Debug)]
struct Shown {
    people: u64,
    streams: u32,
    binding: &'static str,
}

/// Qwen chat at 15 tok/s: "52 streams ... 163 users" (52.5 streams, 163.6 users; KV 390, prefill 1,337).
const QWEN_CHAT: Shown = Shown { people: 163, streams: 52, binding: "speed" };
/// Floor 10: "10 tok/s at about 104" streams; 104.5 -> load on 104 = 82.8 / duty 0.3417 = 242.4 users.
const QWEN_FLOOR_10: Shown = Shown { people: 242, streams: 104, binding: "speed" };
/// p99.5 (z 2.5758): load on 52 = 36.45 / 0.2306 = 158.1 users.
const QWEN_P995: Shown = Shown { people: 158, streams: 52, binding: "speed" };
/// Petronella chat at 15: 8 + (18.6 - 15) / 8.8 x 24 = 17.8 streams; load on 17 = 9.74 / 0.2306 = 42.2.
const PETRONELLA_CHAT: Shown = Shown { people: 42, streams: 17, binding: "speed" };
/// Floor 10: 31.5 streams; load on 31 = 20.47 / 0.3417 = 59.9 users.
const PETRONELLA_FLOOR_10: Shown = Shown { people: 59, streams: 31, binding: "speed" };
/// A question every 60 s: duty 0.4611, 9.74 / 0.4611 = 21.1 users.
const PETRONELLA_INTERVAL_60: Shown = Shown { people: 21, streams: 17, binding: "speed" };
/// Every 60 s at 12 tok/s: 26.0 streams; load on 26 = 16.54 / 0.5722 = 28.9 users.
const PETRONELLA_INTERVAL_60_FLOOR_12: Shown = Shown { people: 28, streams: 26, binding: "speed" };
/// Agents (always busy) at 10 tok/s on 2 Sparks: each agent holds one of the 31 streams (no peak
/// headroom: "one agent is one stream") -> 31 per Spark, 62 in all.
const PETRONELLA_AGENT_FLOOR_10_TWO: Shown = Shown { people: 62, streams: 31, binding: "speed" };

async fn assert_shows(root: &Element, shown: &Shown) {
    wait_for_value(root, "people", &shown.people.to_string()).await;
    wait_for_value(root, "streams", &shown.streams.to_string()).await;
    wait_for_value(root, "binding", shown.binding).await;
    let people = find(root, "[data-result=\"people\"]").and_then(|e| e.text_content()).unwrap_or_default();
    assert_eq!(people.replace(',', ""), shown.people.to_string(), "people text");
}

#[wasm_bindgen_test]
async fn default_shows_the_seed_chat_sizing() {
    let root = mount(Attributes::default(), "t0");
    assert_shows(&root, &QWEN_CHAT).await;
    let summary = wait_for(&root, "[data-result=\"summary\"]").await.text_content().unwrap_or_default();
    assert!(summary.contains("people chatting on 1 DGX Spark, limited by per-user speed"), "{summary}");
    assert!(find(&root, ".spark-sizer").is_some(), "root class");
}

#[wasm_bindgen_test]
async fn changing_floor_and_run_updates_the_result() {
    let root = mount(Attributes::default(), "t1");
    type_into(&root, "floor", "10").await;
    assert_shows(&root, &QWEN_FLOOR_10).await;

    pick(&root, "run", PETRONELLA).await;
    assert_shows(&root, &PETRONELLA_FLOOR_10).await;

    // The floor preset button sets 15 again.
    let button: web_sys::HtmlElement = wait_for(&root, "button[data-preset=\"15\"]").await.dyn_into().expect("button");
    button.click();
    tick().await;
    assert_shows(&root, &PETRONELLA_CHAT).await;
}

#[wasm_bindgen_test]
async fn a_bad_input_shows_an_error_and_the_rest_keeps_working() {
    let root = mount(Attributes::default(), "t2");
    type_into(&root, "floor", "fast").await;
    let message = wait_for_text(&root, "[data-error=\"floor\"]", |text| !text.is_empty()).await;
    assert_eq!(message, "This is not a number.");
    let error = wait_for(&root, "[data-error=\"floor\"]").await;
    let input = wait_for(&root, "input[data-field=\"floor\"]").await;
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(input.get_attribute("aria-describedby"), Some(error.id()));

    // Other inputs still work, on the last valid floor (15).
    pick(&root, "run", PETRONELLA).await;
    type_into(&root, "interval_s", "60").await;
    assert_shows(&root, &PETRONELLA_INTERVAL_60).await;

    // Fixing the field clears the error.
    type_into(&root, "floor", "12").await;
    assert_shows(&root, &PETRONELLA_INTERVAL_60_FLOOR_12).await;
    wait_for_text(&root, "[data-error=\"floor\"]", str::is_empty).await;
    assert_eq!(input.get_attribute("aria-invalid"), None);
}

#[wasm_bindgen_test]
async fn attributes_configure_and_are_validated() {
    let attributes = Attributes {
        run: Some(PETRONELLA.into()),
        floor: Some("10".into()),
        lang: Some("de".into()),
        usage: Some("agent".into()),
        replicas: Some("2".into()),
        ..Attributes::default()
    };
    let root = mount(attributes, "t3");
    assert_shows(&root, &PETRONELLA_AGENT_FLOOR_10_TWO).await;
    wait_for_text(&root, "[data-result=\"summary\"]", |text| text.contains("Coding-Agenten")).await;

    let bad = mount(Attributes { floor: Some("0".into()), lang: Some("fr".into()), ..Attributes::default() }, "t4");
    let errors = wait_for_text(&bad, "[data-error=\"config\"]", |text| !text.is_empty()).await;
    assert!(errors.contains("data-floor") && errors.contains("data-lang"), "{errors}");
    assert_shows(&bad, &QWEN_CHAT).await;
}

#[wasm_bindgen_test]
async fn german_numbers_and_language_switch() {
    let root = mount(Attributes::default(), "t5");
    pick(&root, "lang", "de").await;
    let input: HtmlInputElement = wait_for(&root, "input[data-field=\"percentile\"]").await.dyn_into().expect("input");
    type_into(&root, "percentile", "99,5").await;
    assert_eq!(input.value(), "99,5");
    assert_shows(&root, &QWEN_P995).await;
    wait_for_text(&root, "label[for=\"t5-floor\"]", |text| text == "Mindesttempo je Person").await;
}

#[wasm_bindgen_test]
async fn two_instances_are_independent() {
    let first = mount(Attributes::default(), "t6");
    let second = mount(Attributes::default(), "t7");
    type_into(&first, "floor", "10").await;
    assert_shows(&first, &QWEN_FLOOR_10).await;
    assert_shows(&second, &QWEN_CHAT).await;
}

#[wasm_bindgen_test]
async fn the_url_fragment_reproduces_a_sizing() {
    let location = web_sys::window().expect("window").location();
    location.set_hash(&format!("s=r:{PETRONELLA},f:10,n:2")).expect("set hash");
    let root = mount(Attributes { sync_url: true, ..Attributes::default() }, "t8");
    // Two Sparks: 2 x 59.
    assert_shows(&root, &Shown { people: 118, ..PETRONELLA_FLOOR_10 }).await;

    // Typing writes the scenario back into the fragment, in a task after the update, at most
    // one interval (`browser::FRAGMENT_WRITE_INTERVAL_MS`) after the previous write.
    type_into(&root, "floor", "12").await;
    wait_for_fragment("the floor written", || location.hash().unwrap_or_default().contains(",f:12,")).await;
    let hash = location.hash().unwrap_or_default();
    assert!(
        hash.starts_with(&format!("#s=r:{PETRONELLA},")) && hash.contains(",f:12,") && hash.contains(",n:2"),
        "{hash}"
    );

    // An instance without data-sync-url ignores the fragment.
    let plain = mount(Attributes::default(), "t9");
    assert_shows(&plain, &QWEN_CHAT).await;
    location.set_hash("").expect("clear hash");
}

/// `window.SparkSizer.<name>` as a function (installed by the crate's start function).
fn api_function(name: &str) -> js_sys::Function {
    sizer_widget::install_api();
    let window = web_sys::window().expect("window");
    let api = js_sys::Reflect::get(&window, &"SparkSizer".into()).expect("SparkSizer");
    js_sys::Reflect::get(&api, &name.into()).expect("function").dyn_into().expect("a function")
}

#[wasm_bindgen_test]
async fn the_js_api_sizes_and_mounts() {
    let size_fn = api_function("size");
    let json = size_fn
        .call2(&wasm_bindgen::JsValue::NULL, &r#"{"z": 2.33}"#.into(), &QWEN.into())
        .expect("size returns")
        .as_string()
        .expect("a JSON string");
    let sizing: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    // "52 streams allow an average of 37.7, which is 163 users".
    assert_eq!(sizing["people"], 163);
    assert_eq!(sizing["whole_streams"], 52);
    let inline = js_sys::JSON::parse(r#"{"points": [[1, 81.2], [8, 37.3], [64, 13.1]]}"#).expect("json");
    let json = size_fn.call2(&wasm_bindgen::JsValue::NULL, &"{}".into(), &inline).expect("an inline curve sizes");
    let sizing: serde_json::Value = serde_json::from_str(&json.as_string().expect("a string")).expect("valid JSON");
    // 8 + (37.3 - 15) / (37.3 - 13.1) x 56 = 59.6 streams.
    assert_eq!(sizing["whole_streams"], 59);
    assert!(
        size_fn.call2(&wasm_bindgen::JsValue::NULL, &"{}".into(), &"no-such-run".into()).is_err(),
        "unknown run throws"
    );

    let element = document().create_element("div").expect("div");
    element.set_attribute("data-floor", "10").expect("attribute");
    document().body().expect("body").append_child(&element).expect("append");
    api_function("mount").call1(&wasm_bindgen::JsValue::NULL, &element).expect("mount");
    assert_shows(&element, &QWEN_FLOOR_10).await;
    // Mounting the same element again is a no-op, not a second instance.
    api_function("mount").call1(&wasm_bindgen::JsValue::NULL, &element).expect("mount again");
    tick().await;
    assert_eq!(element.query_selector_all(".spark-sizer").expect("selector").length(), 1);
}
