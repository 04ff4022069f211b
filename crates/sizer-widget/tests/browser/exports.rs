//! Browser tests of the exports: an export made while a field shows text the
//! sizing cannot use says so (Markdown: a sentence per field; JSON: `stale_inputs`), and the JSON
//! names the run and carries a person's own curve and hardware, so it reproduces. Downloads are
//! caught by wrapping `URL.createObjectURL` (the page's one way to hand a file over) and reading
//! the blob's text. Oracles: the texts typed, the figures printed in the fixture.

use sizer_widget::import::imported::STORAGE_KEY;
use sizer_widget::shell::config::{Attributes, Config};
use sizer_widget::{App, AppProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

use crate::support::*;

/// The real runner report `tests/fixtures/dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.md`:
/// "**Hardware:** DGX Spark NVIDIA GB10 128GB", max concurrency 25, median TPOT 82.74 ms.
const MONDAY_PEAK: &str =
    include_str!("../../../../tests/fixtures/dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.md");

fn window() -> web_sys::Window {
    web_sys::window().expect("a window")
}

fn mount(prefix: &str) -> Element {
    let storage = window().local_storage().ok().flatten().expect("localStorage");
    storage.remove_item(STORAGE_KEY).expect("clear storage");
    let root = document().create_element("div").expect("div");
    document().body().expect("body").append_child(&root).expect("append");
    let config = Config::from_attributes(&Attributes::default());
    yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { config, id_prefix: prefix.to_string().into() })
        .render();
    root
}

fn type_into(root: &Element, field: &str, text: &str) {
    let input: HtmlInputElement =
        find(root, &format!("input[data-field=\"{field}\"]")).expect("field").dyn_into().expect("input");
    input.set_value(text);
    fire(&input, "input");
}

/// Wraps `URL.createObjectURL` once so every downloaded blob's text lands in
/// `window.__ssExports` (the real function still gets an empty blob, so the click is harmless).
fn catch_downloads() {
    let install = js_sys::Function::new_no_args(
        "if (!window.__ssExports) { window.__ssExports = []; const real = URL.createObjectURL.bind(URL); \
         URL.createObjectURL = (blob) => { blob.text().then((t) => window.__ssExports.push(t)); \
         return real(new Blob([])); }; }",
    );
    install.call0(&wasm_bindgen::JsValue::NULL).expect("install");
}

fn exports() -> Vec<String> {
    let list = js_sys::Reflect::get(&window(), &"__ssExports".into()).expect("__ssExports");
    js_sys::Array::from(&list).iter().filter_map(|v| v.as_string()).collect()
}

/// Clicks a download button and returns the text it handed over.
async fn download(root: &Element, action: &str) -> String {
    let before = exports().len();
    click(root, &format!("[data-action=\"{action}\"]"));
    wait_until(&format!("{action} handing a text over"), || exports().len() > before).await;
    exports().pop().expect("one more")
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[wasm_bindgen_test]
async fn an_export_with_an_unusable_field_says_so() {
    catch_downloads();
    let root = mount("exp-a");
    wait_for_value(&root, "people", "163").await;
    let valid_json = download(&root, "download-json").await;
    let valid_md = download(&root, "download-markdown").await;
    assert!(json(&valid_json).get("stale_inputs").is_none(), "nothing is stale yet");
    assert!(!valid_md.contains("Not as on screen"), "{valid_md}");
    // The JSON names the run (its label in data/runs.json; the picker adds its date).
    assert_eq!(json(&valid_json)["run_name"], "Qwen3-Coder-30B-A3B · AWQ 4-bit · vLLM 0.27.1 · GPUwerk");

    type_into(&root, "floor", "abc");
    wait_until("the floor error", || {
        find(&root, "[data-error=\"floor\"]").and_then(|e| e.text_content()).is_some_and(|t| !t.is_empty())
    })
    .await;
    let stale_json = download(&root, "download-json").await;
    let stale_md = download(&root, "download-markdown").await;
    assert_ne!(stale_json, valid_json, "an export with a bad field is not the last valid one, byte for byte");
    let value = json(&stale_json);
    let stale = value["stale_inputs"].as_array().expect("stale_inputs");
    assert_eq!(stale.len(), 1);
    assert_eq!(
        (&stale[0]["field"], &stale[0]["typed"], &stale[0]["used"]),
        (&"floor".into(), &"abc".into(), &15.0.into())
    );
    assert_eq!(stale[0]["error"], "This is not a number.");
    assert!(
        stale_md.contains(
            "> **Not as on screen:** the field `floor` shows `abc` (This is not a number.), so this export uses its \
             last valid value, 15."
        ),
        "{stale_md}"
    );

    // Fixed again, the export is the valid one again.
    type_into(&root, "floor", "15");
    wait_until("the floor error cleared", || {
        find(&root, "[data-error=\"floor\"]").and_then(|e| e.text_content()).is_none_or(|t| t.is_empty())
    })
    .await;
    assert_eq!(download(&root, "download-json").await, valid_json);
}

#[wasm_bindgen_test]
async fn the_json_export_carries_an_imported_curve_and_its_hardware() {
    catch_downloads();
    let root = mount("exp-b");
    wait_for_value(&root, "people", "163").await;
    let area: HtmlTextAreaElement = wait_for(&root, "[data-import=\"paste\"]").await.dyn_into().expect("textarea");
    area.set_value(MONDAY_PEAK);
    fire(&area, "input");
    let name: HtmlInputElement = find(&root, "[data-import=\"name\"]").expect("name").dyn_into().expect("input");
    name.set_value("monday peak");
    fire(&name, "input");
    click(&root, "[data-import=\"submit\"]");
    wait_for(&root, "[data-import=\"list\"] li[data-run-id=\"yours-1\"]").await;
    wait_until("the imported run in use", || {
        find(&root, ".ss-charts").and_then(|c| c.get_attribute("data-run")).as_deref() == Some("yours-1")
    })
    .await;

    let value = json(&download(&root, "download-json").await);
    assert_eq!(value["run"], "yours-1");
    let label = value["run_name"].as_str().expect("run_name");
    assert!(label.starts_with("monday peak"), "{label}");
    let imported = &value["imported_run"];
    assert_eq!(imported["hardware"], "DGX Spark NVIDIA GB10 128GB");
    assert_eq!(imported["systems"], serde_json::Value::Null, "the file does not say how many systems");
    assert_eq!(imported["figure"], "median_tpot");
    // One point: max concurrency 25 at 1000 / 82.74 ms = 12.0860 tok/s per request.
    let points = imported["points"].as_array().expect("points");
    assert_eq!(points.len(), 1);
    assert_eq!(points[0][0], 25.0);
    let speed = points[0][1].as_f64().expect("speed");
    assert!((speed - 12.086_052).abs() < 1e-5, "{speed}");
    assert_eq!(imported["run"]["setup"]["hardware"], "DGX Spark NVIDIA GB10 128GB");
    assert_eq!(imported["run"]["label"], label);
}
