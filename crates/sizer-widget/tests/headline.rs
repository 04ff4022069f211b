//! Browser tests of the headline and the inputs beside it: the
//! sentence follows the replicas with the Sparks it covers, and the percentile field is disabled,
//! with its reason, while the peak factor is the article's fixed z = 2.33. Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test headline`.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use sizer_widget::config::{Attributes, Config};
use sizer_widget::{App, AppProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

const TP2: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2";
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

async fn percentile_disabled(root: &Element, expected: bool) -> HtmlInputElement {
    let input: HtmlInputElement =
        wait_for(root, "input[data-field=\"percentile\"]").await.dyn_into().expect("percentile input");
    for _ in 0..MAX_TICKS {
        if input.disabled() == expected {
            return input;
        }
        tick().await;
    }
    panic!("percentile disabled = {}, expected {expected}", input.disabled());
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
    assert!(summary.starts_with(&format!("{people} people chatting on 4 DGX Sparks")), "{summary} / {people}");
    let sparks = find(&root, "[data-result=\"summary\"]").and_then(|e| e.get_attribute("data-sparks"));
    assert_eq!(sparks.as_deref(), Some("4"));
}
