//! What every browser test does: mount an instance into a fresh element, let Yew's scheduler
//! run, find elements, and type, pick and click as a person would (bubbling `input`/`change`
//! events). Each test module uses the part it needs (`use crate::support::*;`), hence `dead_code`.
#![allow(dead_code)]

use std::time::Duration;

use sizer_widget::shell::config::{Attributes, Config};
use sizer_widget::{App, AppProps};
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement};

/// An excerpt of the real fixture `llama-batched-bench/dgx-spark-gpt-oss.md` (llama.cpp
/// benches/dgx-spark.md, build 6918): gpt-oss-120b at PP 4096, B = 1 … 32; its
/// per-request speeds are S_TG / B, worked out by the importer (derived, not published).
pub const BATCHED_BENCH: &str = "\
## ggml-org/gpt-oss-120b-GGUF  (llama-batched-bench)

main: n_kv_max = 270336, n_batch = 2048, n_ubatch = 2048, flash_attn = 1, is_pp_shared = 0, n_gpu_layers = -1, n_threads = 20, n_threads_batch = 20

|    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |
|-------|--------|------|--------|----------|----------|----------|----------|----------|----------|
|  4096 |     32 |    1 |   4128 |    2.245 |  1824.57 |    0.591 |    54.18 |    2.835 |  1455.83 |
|  4096 |     32 |    2 |   8256 |    4.484 |  1827.03 |    1.122 |    57.02 |    5.606 |  1472.68 |
|  4096 |     32 |    4 |  16512 |    8.967 |  1827.22 |    1.474 |    86.83 |   10.441 |  1581.50 |
|  4096 |     32 |    8 |  33024 |   17.902 |  1830.43 |    1.997 |   128.22 |   19.898 |  1659.64 |
|  4096 |     32 |   16 |  66048 |   35.801 |  1830.56 |    2.901 |   176.49 |   38.702 |  1706.58 |
|  4096 |     32 |   32 | 132096 |   71.607 |  1830.43 |    4.433 |   230.99 |   76.040 |  1737.18 |
";

/// How long a wait may last before its test fails. Every wait ends as soon as its condition
/// holds; this ceiling only matters when the awaited change never comes, so it is generous: a
/// loaded 2-CPU machine running the suite beside other builds must never reach it.
pub const PATIENCE: Duration = Duration::from_secs(30);
/// How often a wait for a throttled write (the URL fragment, every 250 ms at most) looks again.
pub const FRAGMENT_POLL: Duration = Duration::from_millis(20);

/// A wait's deadline: [`PATIENCE`] from now, on the page's clock.
pub struct Deadline(f64);

impl Deadline {
    pub fn start() -> Deadline {
        Deadline(js_sys::Date::now() + PATIENCE.as_secs_f64() * 1000.0)
    }

    pub fn passed(&self) -> bool {
        js_sys::Date::now() > self.0
    }
}

pub fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

pub fn local_storage() -> web_sys::Storage {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).expect("localStorage")
}

/// Mounts a fresh instance with these attributes into a new element under <body>; the handle
/// lets a test unmount it.
pub fn mount_app(attributes: Attributes, prefix: &str) -> (Element, yew::AppHandle<App>) {
    let root = document().create_element("div").expect("div");
    document().body().expect("body").append_child(&root).expect("append");
    let config = Config::from_attributes(&attributes);
    let handle = yew::Renderer::<App>::with_root_and_props(
        root.clone(),
        AppProps { config, id_prefix: prefix.to_string().into() },
    )
    .render();
    (root, handle)
}

/// Mounts a fresh instance with these attributes into a new element under <body>.
pub fn mount(attributes: Attributes, prefix: &str) -> Element {
    mount_app(attributes, prefix).0
}

/// A mounted instance that [`Mounted::remove`] destroys: its effects and tasks end with its
/// test instead of running on into the next one (an element merely removed keeps its app).
pub struct Mounted {
    host: Element,
    handle: Option<yew::AppHandle<App>>,
}

impl Mounted {
    pub fn new((host, handle): (Element, yew::AppHandle<App>)) -> Mounted {
        Mounted { host, handle: Some(handle) }
    }

    /// Destroys the app and removes its element.
    pub fn remove(mut self) {
        if let Some(handle) = self.handle.take() {
            handle.destroy();
        }
        self.host.remove();
    }
}

impl std::ops::Deref for Mounted {
    type Target = Element;

    fn deref(&self) -> &Element {
        &self.host
    }
}

/// One scheduler turn: lets Yew run its queued renders and tasks.
pub async fn tick() {
    yew::platform::time::sleep(Duration::ZERO).await;
}

pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).expect("a valid selector");
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into().ok()).collect()
}

pub fn one(root: &Element, selector: &str) -> Element {
    find(root, selector).unwrap_or_else(|| panic!("no {selector}"))
}

pub fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).map(|list| list.length()).unwrap_or(0)
}

/// An element's text content.
pub fn text(element: &Element) -> String {
    element.text_content().unwrap_or_default()
}

/// The text of `selector`, or "" when nothing matches.
pub fn text_of(root: &Element, selector: &str) -> String {
    find(root, selector).and_then(|e| e.text_content()).unwrap_or_default()
}

/// Waits until `accept` holds, looking again after each scheduler turn; fails the test with
/// `what` if it still does not after [`PATIENCE`].
pub async fn wait_until(what: &str, accept: impl Fn() -> bool) {
    let deadline = Deadline::start();
    while !accept() {
        if deadline.passed() {
            panic!("{what} never happened (waited {} s)", PATIENCE.as_secs());
        }
        tick().await;
    }
}

/// Waits until the URL fragment satisfies `accept`: the fragment is written by a throttle, so
/// this looks every [`FRAGMENT_POLL`] rather than every turn.
pub async fn wait_for_fragment(what: &str, accept: impl Fn() -> bool) {
    let deadline = Deadline::start();
    while !accept() {
        if deadline.passed() {
            panic!("{what} never happened (waited {} s)", PATIENCE.as_secs());
        }
        yew::platform::time::sleep(FRAGMENT_POLL).await;
    }
}

/// Waits until `selector` matches, and returns it.
pub async fn wait_for(root: &Element, selector: &str) -> Element {
    wait_until(selector, || find(root, selector).is_some()).await;
    find(root, selector).expect("just found")
}

/// Waits until the text of `selector` satisfies `accept`, and returns the text.
pub async fn wait_for_text(root: &Element, selector: &str, accept: impl Fn(&str) -> bool) -> String {
    let what = format!("{selector}'s text accepted");
    let deadline = Deadline::start();
    loop {
        let shown = text_of(root, selector);
        if accept(&shown) {
            return shown;
        }
        if deadline.passed() {
            panic!("{what}: it stayed {shown:?}");
        }
        tick().await;
    }
}

/// Waits until `attribute` of `selector` equals `expected`.
pub async fn wait_for_attribute(root: &Element, selector: &str, attribute: &str, expected: &str) {
    let value = || find(root, selector).and_then(|e| e.get_attribute(attribute));
    let deadline = Deadline::start();
    while value().as_deref() != Some(expected) {
        if deadline.passed() {
            panic!("{selector} {attribute} is {:?}, expected {expected}", value());
        }
        tick().await;
    }
}

/// Waits until the `data-value` of `[data-result=name]` equals `expected`.
pub async fn wait_for_value(root: &Element, name: &str, expected: &str) {
    wait_for_attribute(root, &format!("[data-result=\"{name}\"]"), "data-value", expected).await;
}

pub fn bubbling(kind: &str) -> Event {
    let init = EventInit::new();
    init.set_bubbles(true);
    Event::new_with_event_init_dict(kind, &init).expect("event")
}

/// Dispatches a bubbling event of this kind at `element`.
pub fn fire(element: &Element, kind: &str) {
    element.dispatch_event(&bubbling(kind)).expect("dispatch");
}

pub fn click(root: &Element, selector: &str) {
    one(root, selector).dyn_into::<HtmlElement>().expect("an HTML element").click();
}

/// Types `text` into the input `selector` matches, as a person would (value + input event).
pub async fn type_at(root: &Element, selector: &str, text: &str) {
    let input: HtmlInputElement = wait_for(root, selector).await.dyn_into().expect("input");
    input.set_value(text);
    fire(&input, "input");
    tick().await;
}

/// Types `text` into the input of `field`.
pub async fn type_into(root: &Element, field: &str, text: &str) {
    type_at(root, &format!("input[data-field=\"{field}\"]"), text).await;
}

/// Ticks or unticks the checkbox `selector` matches (checked + change event).
pub async fn set_checked(root: &Element, selector: &str, checked: bool) {
    let checkbox: HtmlInputElement = wait_for(root, selector).await.dyn_into().expect("a checkbox");
    checkbox.set_checked(checked);
    fire(&checkbox, "change");
    tick().await;
}

/// Picks `value` in the select of `field` (value + change event).
pub async fn pick(root: &Element, field: &str, value: &str) {
    let select: HtmlSelectElement =
        wait_for(root, &format!("select[data-field=\"{field}\"]")).await.dyn_into().expect("select");
    select.set_value(value);
    assert_eq!(select.value(), value, "{field} has an option {value}");
    fire(&select, "change");
    tick().await;
}

/// Waits until the text of `selector` is exactly `expected`.
pub async fn wait_for_exact_text(root: &Element, selector: &str, expected: &str) {
    wait_for_text(root, selector, |shown| shown == expected).await;
}
