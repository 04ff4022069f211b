//! Browser entry points: mount every `[data-spark-sizer]` element, and `window.SparkSizer`
//! with `size(scenarioJson, runIdOrCurve)` (the Sizing as JSON), `plan(teamJson)` (one row per
//! run, see `sizer_data::team_request`), `memory(requestJson)` (which models fit together:
//! `sizer_data::memory::memory_json`), `readLogs(text)` (the load in a log: `sizer_import::logs::read_logs_json`) and `mount(element)`; and [`mount_element`], which the
//! `<spark-sizer>` custom element (defined in the JS glue, see `xtask/src/html.rs`) calls to
//! render into its shadow root.

use std::sync::atomic::{AtomicUsize, Ordering};

use wasm_bindgen::prelude::*;
use web_sys::Element;

use crate::shell::app::{App, AppProps};
use crate::shell::config::{Attributes, Config};
use crate::shell::embedded::{Embedded, EmbeddedProps};
use crate::shell::later::{RunApi, TextApi};
use sizer_data::element_attributes::DATA_PREFIX;

/// Marks an element that already holds an instance.
const MOUNTED: &str = "data-spark-sizer-mounted";

/// Instances mounted so far: gives each its id prefix (`ss0`, `ss1`, ...).
static MOUNT_COUNT: AtomicUsize = AtomicUsize::new(0);

/// Reads the raw `data-*` attributes of a mount point.
fn attributes(element: &Element) -> Attributes {
    Attributes::read(DATA_PREFIX, |name| element.get_attribute(name), all_attributes(element))
}

/// Every attribute of `element`, `(name, value)`.
fn all_attributes(element: &Element) -> Vec<(String, String)> {
    element
        .get_attribute_names()
        .iter()
        .filter_map(|name| name.as_string())
        .map(|name| {
            let value = element.get_attribute(&name).unwrap_or_default();
            (name, value)
        })
        .collect()
}

/// Mounts one instance into `element` (once). A prerendered element (`data-ssr`) is hydrated
/// when the `hydration` feature is on and its `data-ssr` value is this build's
/// [`crate::build_fingerprint`]; it must have been rendered with the same attributes and the id
/// prefix `ss<index>` (see `crate::render_to_string`). Markup from another build is replaced.
pub fn mount(element: Element) {
    if element.has_attribute(MOUNTED) {
        return;
    }
    let _ = element.set_attribute(MOUNTED, "");
    let index = MOUNT_COUNT.fetch_add(1, Ordering::Relaxed);
    let config = Config::from_attributes(&attributes(&element));
    let id_prefix = yew::AttrValue::from(crate::id_prefix(index));
    let renderer = yew::Renderer::<App>::with_root_and_props(element.clone(), AppProps { config, id_prefix });
    #[cfg(feature = "hydration")]
    if element.get_attribute("data-ssr").is_some_and(|fingerprint| fingerprint == crate::build_fingerprint()) {
        // Hydration needs the whole prerendered tree, so the views of the second module.
        wasm_bindgen_futures::spawn_local(async move {
            if crate::shell::later::load().await.is_ok() {
                renderer.hydrate();
            } else {
                element.set_inner_html("");
                renderer.render();
            }
        });
        return;
    }
    element.set_inner_html("");
    renderer.render();
}

/// The attributes of a `<spark-sizer>` element (the same names as the `data-*` API, without
/// the prefix).
fn element_attributes(host: &Element) -> Attributes {
    Attributes::read("", |name| host.get_attribute(name), all_attributes(host))
}

/// One `<spark-sizer>` instance, held by its element: `update` applies the element's changed
/// attributes (the person's other edits stay), `destroy` unmounts it.
#[wasm_bindgen]
pub struct SparkSizerInstance {
    handle: Option<yew::AppHandle<Embedded>>,
    on_sizing: yew::Callback<String>,
    progressive: bool,
}

#[wasm_bindgen]
impl SparkSizerInstance {
    /// Reads `host`'s attributes again and hands them to the instance, which applies the ones
    /// that changed (`state/config_change.rs`).
    pub fn update(&mut self, host: Element) {
        let config = crate::shell::embedded::element_config(&element_attributes(&host));
        if let Some(handle) = self.handle.as_mut() {
            handle.update(EmbeddedProps {
                config,
                on_sizing: Some(self.on_sizing.clone()),
                progressive: self.progressive,
            });
        }
    }

    /// Unmounts the instance (idempotent).
    pub fn destroy(&mut self) {
        if let Some(handle) = self.handle.take() {
            handle.destroy();
        }
    }
}

/// Renders an instance configured by `host`'s attributes into `container` (a `<div>` in the
/// host's shadow root), hydrating it when it holds this build's prerendered markup (`data-ssr`).
/// Each new outcome is dispatched on `host` as a `change` CustomEvent whose `detail` is
/// `{ run, sizing }` (the Sizing as the JSON API returns it, `null` while the inputs are invalid).
#[wasm_bindgen]
pub fn mount_element(host: Element, container: Element) -> SparkSizerInstance {
    let config = crate::shell::embedded::element_config(&element_attributes(&host));
    let on_sizing = yew::Callback::from(move |report: String| {
        let detail = js_sys::JSON::parse(&report).unwrap_or(JsValue::NULL);
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&detail);
        init.set_bubbles(true);
        init.set_composed(true);
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict("change", &init) {
            let _ = host.dispatch_event(&event);
        }
    });
    // Hydration needs the whole prerendered tree: the glue calls `rest_loaded` first.
    #[cfg(feature = "hydration")]
    if crate::shell::later::is_loaded()
        && container.get_attribute("data-ssr").is_some_and(|fingerprint| fingerprint == crate::build_fingerprint())
    {
        let props = EmbeddedProps { config, on_sizing: Some(on_sizing.clone()), progressive: false };
        let renderer = yew::Renderer::<Embedded>::with_root_and_props(container.clone(), props);
        // Markup is hydrated once: a later mount into this container (the element moved) renders.
        let _ = container.remove_attribute("data-ssr");
        return SparkSizerInstance { handle: Some(renderer.hydrate()), on_sizing, progressive: false };
    }
    container.set_inner_html("");
    let props = EmbeddedProps { config, on_sizing: Some(on_sizing.clone()), progressive: true };
    let renderer = yew::Renderer::<Embedded>::with_root_and_props(container.clone(), props);
    SparkSizerInstance { handle: Some(renderer.render()), on_sizing, progressive: true }
}

/// Loads the views after the first frame (their own wasm module in the shipped build): `true`
/// once they can render, `false` when the module could not be fetched. The glue awaits it before
/// it mounts a prerendered element, which hydrates the whole tree.
#[wasm_bindgen]
pub async fn rest_loaded() -> bool {
    crate::shell::later::load().await.is_ok()
}

/// Mounts every `[data-spark-sizer]` element on the page and installs `window.SparkSizer`.
#[wasm_bindgen(start)]
pub fn start() {
    install_api();
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    let Ok(nodes) = document.query_selector_all("[data-spark-sizer]") else {
        return;
    };
    for index in 0..nodes.length() {
        if let Some(element) = nodes.item(index).and_then(|node| node.dyn_into::<Element>().ok()) {
            mount(element);
        }
    }
}

/// `window.SparkSizer = { size, plan, memory, simulate, predict, readLogs, mount, ready }` (the start
/// function calls it; idempotent). `size`, `plan`, `memory`, `simulate`, `predict` and `readLogs` are in the second
/// module (`crate::shell::later`): before it has loaded they say so, and `ready` resolves once it has.
pub fn install_api() {
    let Some(window) = web_sys::window() else { return };
    let api = js_sys::Object::new();
    let mount_fn = Closure::<dyn Fn(JsValue)>::new(|element: JsValue| {
        if let Ok(element) = element.dyn_into::<Element>() {
            mount(element);
        }
    });
    let simulate = crate::shell::sim_api::js_function();
    let _ = js_sys::Reflect::set(&api, &"simulate".into(), simulate.as_ref());
    simulate.forget();
    // The sizing as JSON, and a load predicted on a run (`crate::shell::run_api`).
    crate::shell::run_api::install(&api, RunApi::Size);
    crate::shell::run_api::install(&api, RunApi::Predict);
    let _ = js_sys::Reflect::set(&api, &"mount".into(), mount_fn.as_ref());
    // The team's rows for the dataset's runs and every instance's imported runs
    // (`crate::shell::team_api`), which models fit together, and the load in a log.
    for function in [TextApi::Plan, TextApi::Memory, TextApi::ReadLogs] {
        text_api(&api, function);
    }
    // Resolves once `size`, `plan`, `memory`, `simulate`, `predict` and `readLogs` (in the second
    // module) can answer; fetched after the first frame, as an instance's charts are.
    let ready = js_sys::Promise::new(&mut |resolve, _reject| {
        crate::shell::first_frame::after_first_frame(move || {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        })
    });
    let ready = wasm_bindgen_futures::future_to_promise(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(ready).await;
        match crate::shell::later::load().await {
            Ok(()) => Ok(JsValue::UNDEFINED),
            Err(why) => {
                Err(js_sys::Error::new(&format!("The widget's second module could not be loaded: {why}.")).into())
            }
        }
    });
    let _ = js_sys::Reflect::set(&api, &"ready".into(), &ready);
    let _ = js_sys::Reflect::set(&window, &"SparkSizer".into(), &api);
    // The API lives as long as the page.
    mount_fn.forget();
}

/// Sets `api[function.name()]` to `function`, answered by the second module, and
/// `{"error": "<one sentence>"}` before it has loaded.
fn text_api(api: &js_sys::Object, function: TextApi) {
    let closure = Closure::<dyn Fn(String) -> String>::new(move |text: String| {
        crate::shell::later::text_api_json(function, &text)
            .unwrap_or_else(|| api_error(&crate::shell::later::api_not_loaded(function.name())))
    });
    let _ = js_sys::Reflect::set(api, &function.name().into(), closure.as_ref());
    closure.forget();
}

/// `{"error": message}`, the JSON API's answer to a call it cannot honour.
fn api_error(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}
