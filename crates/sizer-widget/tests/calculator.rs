//! Browser tests of the calculator (wasm-bindgen-test in headless Chromium): mount the app into
//! a fresh element, type and pick like a person (input/change events), and check that the
//! figures shown are the ones `sizer_core::size` computes. Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test calculator`.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use sizer_core::{Scenario, Sizing, size};
use sizer_widget::config::{Attributes, Config};
use sizer_widget::{App, AppProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const PETRONELLA: &str = "petronella-qwen3.8-27b-nvfp4";
/// The most scheduler ticks a test waits for the DOM to settle after an event.
const MAX_TICKS: usize = 50;

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

/// Mounts a fresh instance with these attributes into a new element under <body>.
fn mount(attributes: Attributes, prefix: &str) -> Element {
    let root = document().create_element("div").expect("div");
    document().body().expect("body").append_child(&root).expect("append");
    let config = Config::from_attributes(&attributes);
    yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { config, id_prefix: prefix.to_string().into() })
        .render();
    root
}

/// One scheduler turn: lets Yew run its queued renders.
async fn tick() {
    yew::platform::time::sleep(Duration::ZERO).await;
}

fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// Waits (a bounded number of ticks) until `selector` matches, and returns it.
async fn wait_for(root: &Element, selector: &str) -> Element {
    for _ in 0..MAX_TICKS {
        if let Some(element) = find(root, selector) {
            return element;
        }
        tick().await;
    }
    panic!("{selector} never appeared");
}

/// Waits until the text of `selector` satisfies `accept`, and returns the text.
async fn wait_for_text(root: &Element, selector: &str, accept: impl Fn(&str) -> bool) -> String {
    let mut last = String::new();
    for _ in 0..MAX_TICKS {
        last = find(root, selector).and_then(|e| e.text_content()).unwrap_or_default();
        if accept(&last) {
            return last;
        }
        tick().await;
    }
    panic!("{selector} text stayed {last:?}");
}

/// Waits until the `data-value` of `[data-result=name]` equals `expected`.
async fn wait_for_value(root: &Element, name: &str, expected: &str) {
    let selector = format!("[data-result=\"{name}\"]");
    let mut last = None;
    for _ in 0..MAX_TICKS {
        last = find(root, &selector).and_then(|e| e.get_attribute("data-value"));
        if last.as_deref() == Some(expected) {
            return;
        }
        tick().await;
    }
    panic!("{selector} data-value is {last:?}, expected {expected}");
}

fn bubbling(kind: &str) -> Event {
    let init = EventInit::new();
    init.set_bubbles(true);
    Event::new_with_event_init_dict(kind, &init).expect("event")
}

/// Types `text` into the input of `field`, as a person would (value + input event).
async fn type_into(root: &Element, field: &str, text: &str) {
    let input: HtmlInputElement =
        wait_for(root, &format!("input[data-field=\"{field}\"]")).await.dyn_into().expect("input");
    input.set_value(text);
    input.dispatch_event(&bubbling("input")).expect("dispatch input");
    tick().await;
}

/// Picks `value` in the select of `field` (value + change event).
async fn pick(root: &Element, field: &str, value: &str) {
    let select: HtmlSelectElement =
        wait_for(root, &format!("select[data-field=\"{field}\"]")).await.dyn_into().expect("select");
    select.set_value(value);
    assert_eq!(select.value(), value, "{field} has an option {value}");
    select.dispatch_event(&bubbling("change")).expect("dispatch change");
    tick().await;
}

/// What the core computes for `run` with `scenario` (KV pool and prefill rate from the dataset).
fn expected(run_id: &str, scenario: Scenario) -> Sizing {
    let data = sizer_data::dataset();
    let run = data.run(run_id).expect("run in dataset");
    let (curve, _) = run.curve().expect("run has a curve");
    let scenario = Scenario {
        kv_pool_tokens: data.kv_pool_tokens(run).map(|c| c.value),
        prefill_tok_s: data.prefill_tok_s(run).map(|c| c.value),
        ..scenario
    };
    size(&scenario, &curve).expect("sizes")
}

async fn assert_shows(root: &Element, sizing: &Sizing) {
    wait_for_value(root, "people", &sizing.people.to_string()).await;
    wait_for_value(root, "streams", &sizing.whole_streams.to_string()).await;
    let binding = match sizing.binding {
        sizer_core::Limit::Speed => "speed",
        sizer_core::Limit::KvCache => "kv",
        sizer_core::Limit::Prefill => "prefill",
    };
    wait_for_value(root, "binding", binding).await;
    let people = find(root, "[data-result=\"people\"]").and_then(|e| e.text_content()).unwrap_or_default();
    assert_eq!(people.replace(',', ""), sizing.people.to_string(), "people text");
}

#[wasm_bindgen_test]
async fn default_shows_the_seed_chat_sizing() {
    let root = mount(Attributes::default(), "t0");
    let sizing = expected(QWEN, Scenario::chat());
    assert_shows(&root, &sizing).await;
    assert_eq!(sizing.whole_streams, 52);
    let summary = wait_for(&root, "[data-result=\"summary\"]").await.text_content().unwrap_or_default();
    assert!(summary.contains("people chatting, limited by per-user speed"), "{summary}");
    assert!(find(&root, ".spark-sizer").is_some(), "root class");
}

#[wasm_bindgen_test]
async fn changing_floor_and_run_updates_the_result() {
    let root = mount(Attributes::default(), "t1");
    type_into(&root, "floor", "10").await;
    assert_shows(&root, &expected(QWEN, Scenario { floor_tok_s: 10.0, ..Scenario::chat() })).await;

    pick(&root, "run", PETRONELLA).await;
    assert_shows(&root, &expected(PETRONELLA, Scenario { floor_tok_s: 10.0, ..Scenario::chat() })).await;

    // The floor preset button sets 15 again.
    let button: web_sys::HtmlElement = wait_for(&root, "button[data-preset=\"15\"]").await.dyn_into().expect("button");
    button.click();
    tick().await;
    assert_shows(&root, &expected(PETRONELLA, Scenario::chat())).await;
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
    assert_shows(&root, &expected(PETRONELLA, Scenario { interval_s: 60.0, ..Scenario::chat() })).await;

    // Fixing the field clears the error.
    type_into(&root, "floor", "12").await;
    assert_shows(&root, &expected(PETRONELLA, Scenario { interval_s: 60.0, floor_tok_s: 12.0, ..Scenario::chat() }))
        .await;
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
    let agent = Scenario { floor_tok_s: 10.0, replicas: 2, ..Scenario::coding_agent() };
    assert_shows(&root, &expected(PETRONELLA, agent)).await;
    wait_for_text(&root, "[data-result=\"summary\"]", |text| text.contains("Coding-Agenten")).await;

    let bad = mount(Attributes { floor: Some("0".into()), lang: Some("fr".into()), ..Attributes::default() }, "t4");
    let errors = wait_for_text(&bad, "[data-error=\"config\"]", |text| !text.is_empty()).await;
    assert!(errors.contains("data-floor") && errors.contains("data-lang"), "{errors}");
    assert_shows(&bad, &expected(QWEN, Scenario::chat())).await;
}

#[wasm_bindgen_test]
async fn german_numbers_and_language_switch() {
    let root = mount(Attributes::default(), "t5");
    pick(&root, "lang", "de").await;
    let input: HtmlInputElement = wait_for(&root, "input[data-field=\"percentile\"]").await.dyn_into().expect("input");
    type_into(&root, "percentile", "99,5").await;
    assert_eq!(input.value(), "99,5");
    assert_shows(&root, &expected(QWEN, Scenario { percentile: 0.995, ..Scenario::chat() })).await;
    wait_for_text(&root, "label[for=\"t5-floor\"]", |text| text == "Mindesttempo je Person").await;
}

#[wasm_bindgen_test]
async fn two_instances_are_independent() {
    let first = mount(Attributes::default(), "t6");
    let second = mount(Attributes::default(), "t7");
    type_into(&first, "floor", "10").await;
    assert_shows(&first, &expected(QWEN, Scenario { floor_tok_s: 10.0, ..Scenario::chat() })).await;
    assert_shows(&second, &expected(QWEN, Scenario::chat())).await;
}

#[wasm_bindgen_test]
async fn the_url_fragment_reproduces_a_sizing() {
    let location = web_sys::window().expect("window").location();
    location.set_hash(&format!("s=r:{PETRONELLA},f:10,n:2")).expect("set hash");
    let root = mount(Attributes { sync_url: true, ..Attributes::default() }, "t8");
    let from_link = Scenario { floor_tok_s: 10.0, replicas: 2, ..Scenario::chat() };
    assert_shows(&root, &expected(PETRONELLA, from_link)).await;

    // Typing writes the scenario back into the fragment, in a task after the update (a new
    // instance's first writes are never delayed: see `browser::FRAGMENT_WRITE_BURST`).
    type_into(&root, "floor", "12").await;
    let mut hash = String::new();
    for _ in 0..MAX_TICKS {
        hash = location.hash().unwrap_or_default();
        if hash.contains(",f:12,") {
            break;
        }
        tick().await;
    }
    assert!(
        hash.starts_with(&format!("#s=r:{PETRONELLA},")) && hash.contains(",f:12,") && hash.contains(",n:2"),
        "{hash}"
    );

    // An instance without data-sync-url ignores the fragment.
    let plain = mount(Attributes::default(), "t9");
    assert_shows(&plain, &expected(QWEN, Scenario::chat())).await;
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
    let expected = expected(QWEN, Scenario { z: Some(2.33), ..Scenario::chat() });
    assert_eq!(sizing["people"], expected.people);
    assert_eq!(sizing["whole_streams"], expected.whole_streams);
    assert!(
        size_fn.call2(&wasm_bindgen::JsValue::NULL, &"{}".into(), &"no-such-run".into()).is_err(),
        "unknown run throws"
    );

    let element = document().create_element("div").expect("div");
    element.set_attribute("data-floor", "10").expect("attribute");
    document().body().expect("body").append_child(&element).expect("append");
    api_function("mount").call1(&wasm_bindgen::JsValue::NULL, &element).expect("mount");
    assert_shows(&element, &expected_floor_10()).await;
    // Mounting the same element again is a no-op, not a second instance.
    api_function("mount").call1(&wasm_bindgen::JsValue::NULL, &element).expect("mount again");
    tick().await;
    assert_eq!(element.query_selector_all(".spark-sizer").expect("selector").length(), 1);
}

fn expected_floor_10() -> Sizing {
    expected(QWEN, Scenario { floor_tok_s: 10.0, ..Scenario::chat() })
}
