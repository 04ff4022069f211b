//! What every browser test does: mount an instance into a fresh element, let Yew's scheduler
//! run, find elements, and type, pick and click as a person would (bubbling `input`/`change`
//! events). Each test file uses the part it needs (`mod support;`), hence `dead_code`.
#![allow(dead_code)]

use std::time::Duration;

use sizer_widget::config::{Attributes, Config};
use sizer_widget::{App, AppProps};
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement};

/// The most scheduler ticks a test waits for the DOM to settle after an event.
pub const MAX_TICKS: usize = 50;
/// How often, and how many times, a test looks for a throttled fragment write (2 s in all: the
/// write comes within one 250 ms interval; the bound only stops a broken writer hanging the test).
pub const FRAGMENT_POLL: Duration = Duration::from_millis(20);
pub const MAX_FRAGMENT_POLLS: usize = 100;

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

/// Waits (at most `turns` scheduler turns) until `accept` holds.
pub async fn wait_until_within(what: &str, turns: usize, accept: impl Fn() -> bool) {
    for _ in 0..turns {
        if accept() {
            return;
        }
        tick().await;
    }
    panic!("{what} never happened");
}

/// Waits (a bounded number of ticks) until `accept` holds.
pub async fn wait_until(what: &str, accept: impl Fn() -> bool) {
    wait_until_within(what, MAX_TICKS, accept).await;
}

/// Waits until the URL fragment satisfies `accept`: the fragment is written by a throttle, so
/// this polls every [`FRAGMENT_POLL`].
pub async fn wait_for_fragment(what: &str, accept: impl Fn() -> bool) {
    for _ in 0..MAX_FRAGMENT_POLLS {
        if accept() {
            return;
        }
        yew::platform::time::sleep(FRAGMENT_POLL).await;
    }
    panic!("{what} never happened");
}

/// Waits until `selector` matches, and returns it.
pub async fn wait_for(root: &Element, selector: &str) -> Element {
    wait_until(selector, || find(root, selector).is_some()).await;
    find(root, selector).expect("just found")
}

/// Waits (at most `turns` scheduler turns) until `selector` matches, and returns it.
pub async fn wait_for_within(root: &Element, selector: &str, turns: usize) -> Element {
    wait_until_within(selector, turns, || find(root, selector).is_some()).await;
    find(root, selector).expect("just found")
}

/// Waits until the text of `selector` satisfies `accept`, and returns the text.
pub async fn wait_for_text(root: &Element, selector: &str, accept: impl Fn(&str) -> bool) -> String {
    for _ in 0..MAX_TICKS {
        let shown = text_of(root, selector);
        if accept(&shown) {
            return shown;
        }
        tick().await;
    }
    panic!("{selector} text stayed {:?}", text_of(root, selector));
}

/// Waits until `attribute` of `selector` equals `expected`, for at most `turns` turns.
pub async fn wait_for_attribute_within(root: &Element, selector: &str, attribute: &str, expected: &str, turns: usize) {
    let value = || find(root, selector).and_then(|e| e.get_attribute(attribute));
    for _ in 0..turns {
        if value().as_deref() == Some(expected) {
            return;
        }
        tick().await;
    }
    panic!("{selector} {attribute} is {:?}, expected {expected}", value());
}

/// Waits until `attribute` of `selector` equals `expected`.
pub async fn wait_for_attribute(root: &Element, selector: &str, attribute: &str, expected: &str) {
    wait_for_attribute_within(root, selector, attribute, expected, MAX_TICKS).await;
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
