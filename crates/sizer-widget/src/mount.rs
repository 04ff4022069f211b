//! Browser entry points: mount every `[data-spark-sizer]` element, and `window.SparkSizer`.

use wasm_bindgen::prelude::*;
use web_sys::Element;

use crate::app::{App, AppProps};
use crate::config::{Attributes, Config};

/// Reads the raw `data-*` attributes of a mount point.
fn attributes(element: &Element) -> Attributes {
    Attributes {
        run: element.get_attribute("data-run"),
        floor: element.get_attribute("data-floor"),
        usage: element.get_attribute("data-usage"),
        lang: element.get_attribute("data-lang"),
        replicas: element.get_attribute("data-replicas"),
        context: element.get_attribute("data-context"),
        sync_url: element.has_attribute("data-sync-url"),
    }
}

/// Mounts one instance into `element`.
#[cfg(feature = "csr")]
pub fn mount(element: Element, index: usize) {
    let config = Config::from_attributes(&attributes(&element));
    let id_prefix = yew::AttrValue::from(format!("ss{index}"));
    yew::Renderer::<App>::with_root_and_props(element, AppProps { config, id_prefix }).render();
}

/// Mounts every `[data-spark-sizer]` element on the page.
#[cfg(feature = "csr")]
#[wasm_bindgen(start)]
pub fn start() {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    let Ok(nodes) = document.query_selector_all("[data-spark-sizer]") else {
        return;
    };
    for index in 0..nodes.length() {
        if let Some(element) = nodes.item(index).and_then(|node| node.dyn_into::<Element>().ok()) {
            mount(element, index as usize);
        }
    }
}
