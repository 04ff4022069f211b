//! Browser tests of the charts, the sourced tables and the sources list (wasm-bindgen-test in
//! headless Chromium). Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_tables charts_tables::`.

use sizer_core::Interpolation;
use sizer_widget::i18n::Lang;
use sizer_widget::sizing::run_ref::RunRef;
use sizer_widget::sizing::views::charts::{Charts, ChartsProps};
use sizer_widget::sizing::views::sources::{Sources, SourcesProps};
use sizer_widget::sizing::views::tables::{DataTables, DataTablesProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlCanvasElement, HtmlElement, HtmlSelectElement};
use yew::AttrValue;

use crate::support::*;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const QWEN_MODEL: &str = "qwen3-coder-30b-a3b";
/// Width of the test root in CSS pixels.
const ROOT_WIDTH: f64 = 640.0;

/// The widget's real styles, so the canvas gets its real CSS size.
const STYLES: &str = include_str!("../../../../web/styles.css");

/// A fresh root under <body>, styled like the widget.
fn root() -> Element {
    let document = document();
    if document.get_element_by_id("ss-test-style").is_none() {
        let style = document.create_element("style").expect("style element");
        style.set_id("ss-test-style");
        style.set_text_content(Some(STYLES));
        document.head().expect("head").append_child(&style).expect("append style");
    }
    let root = document.create_element("div").expect("div");
    root.set_class_name("spark-sizer");
    root.set_attribute("style", &format!("width: {ROOT_WIDTH}px")).expect("style attribute");
    document.body().expect("body").append_child(&root).expect("append root");
    root
}

/// The Qwen run's concurrencies as the dataset lists them (ascending), as row labels.
fn qwen_concurrencies() -> Vec<String> {
    let run = sizer_data::dataset().run(QWEN).expect("the GPUwerk Qwen3-Coder run");
    run.points.iter().map(|p| p.concurrency.to_string()).collect()
}

fn qwen() -> RunRef {
    RunRef::sourced(QWEN).expect("the GPUwerk Qwen3-Coder run")
}

/// The concurrency of each body row of a run table, in display order.
fn row_order(table: &Element) -> Vec<String> {
    all(table, "tbody tr").iter().filter_map(|row| row.get_attribute("data-concurrency")).collect()
}

async fn mount_tables() -> Element {
    let root = root();
    yew::Renderer::<DataTables>::with_root_and_props(
        root.clone(),
        DataTablesProps { lang: Lang::En, highlight: None, yours: Vec::new() },
    )
    .render();
    yew::scheduler::flush().await;
    root
}

#[wasm_bindgen_test]
async fn one_table_per_run_with_caption_and_known_values() {
    let root = mount_tables().await;
    let data = sizer_data::dataset();
    assert_eq!(all(&root, "table[data-run-table]").len(), data.runs.len());

    let table = one(&root, &format!("[id=\"ss-run-{QWEN}\"] table"));
    let caption = text(&one(&table, "caption"));
    let run = data.run(QWEN).expect("run");
    assert!(caption.contains(&run.label), "{caption}");
    assert!(caption.contains("Counter: generated tokens"), "{caption}");
    assert!(caption.contains("512 tokens in, 256 out"), "{caption}");
    assert!(caption.contains("2026-09-02"), "{caption}");
    let source_link = one(&table, "caption a[data-source-link]");
    assert_eq!(source_link.get_attribute("href"), Some(format!("#ss-source-{}", run.source)));

    let row = one(&table, "tbody tr[data-concurrency=\"8\"]");
    let cells: Vec<String> = all(&row, "td").iter().map(text).collect();
    assert!(cells.iter().any(|c| c.starts_with("37.3")), "{cells:?}");
    assert!(cells.iter().any(|c| c == "281.8"), "{cells:?}");
    assert!(cells.iter().any(|c| c == "610"), "{cells:?}");
}

#[wasm_bindgen_test]
async fn sorting_by_a_column_reorders_rows() {
    let root = mount_tables().await;
    let table = one(&root, &format!("[id=\"ss-run-{QWEN}\"] table"));
    let ascending = qwen_concurrencies();
    assert!(ascending.len() >= 5 && ascending.ends_with(&["8", "32", "64", "128", "256"].map(String::from)));
    let mut descending = ascending.clone();
    descending.reverse();
    assert_eq!(row_order(&table), ascending);
    let header = one(&table, "th:has(button[data-sort=\"concurrency\"])");
    assert_eq!(header.get_attribute("aria-sort").as_deref(), Some("ascending"));

    let button: HtmlElement = one(&table, "button[data-sort=\"p99_ttft\"]").dyn_into().expect("button");
    button.click();
    yew::scheduler::flush().await;
    // p99 TTFT rises with concurrency (610 ms at 8 ... 21.5 s at 256): same order.
    assert_eq!(row_order(&table), ascending);
    let per_request: HtmlElement = one(&table, "button[data-sort=\"per_request\"]").dyn_into().expect("button");
    per_request.click();
    yew::scheduler::flush().await;
    // Per-request speed falls with concurrency (37.3 at 8 ... 4.5 at 256): reversed.
    assert_eq!(row_order(&table), descending);
    let sorted = one(&table, "th:has(button[data-sort=\"per_request\"])");
    assert_eq!(sorted.get_attribute("aria-sort").as_deref(), Some("ascending"));
    assert_eq!(header.get_attribute("aria-sort"), None);

    per_request.click();
    yew::scheduler::flush().await;
    assert_eq!(row_order(&table), ascending);
    assert_eq!(sorted.get_attribute("aria-sort").as_deref(), Some("descending"));
}

#[wasm_bindgen_test]
async fn the_model_filter_hides_other_models() {
    let root = mount_tables().await;
    let data = sizer_data::dataset();
    let qwen_runs = data.runs.iter().filter(|run| run.model_id == QWEN_MODEL).count();
    assert!(qwen_runs >= 1 && qwen_runs < data.runs.len());

    let select: HtmlSelectElement = one(&root, "select[data-filter=\"model\"]").dyn_into().expect("select");
    select.set_value(QWEN_MODEL);
    let change = document().create_event("Event").expect("event");
    change.init_event_with_bubbles_and_cancelable("change", true, false);
    select.dispatch_event(&change).expect("dispatch");
    yew::scheduler::flush().await;

    let shown: Vec<String> =
        all(&root, "section[data-run-id]").iter().filter_map(|s| s.get_attribute("data-run-id")).collect();
    assert_eq!(shown.len(), qwen_runs);
    assert!(shown.iter().all(|id| data.run(id).is_some_and(|run| run.model_id == QWEN_MODEL)), "{shown:?}");
    assert!(shown.iter().any(|id| id == QWEN));
    assert_eq!(one(&root, ".ss-tables-count").get_attribute("data-count"), Some(qwen_runs.to_string()));
}

#[wasm_bindgen_test]
async fn the_chart_canvas_is_scaled_by_device_pixel_ratio_and_has_a_text_alternative() {
    // Pretend to be a 2x screen: the backing store must be twice the CSS size.
    let window = web_sys::window().expect("window");
    let descriptor = js_sys::Object::new();
    js_sys::Reflect::set(&descriptor, &"value".into(), &2.0.into()).expect("descriptor");
    js_sys::Reflect::set(&descriptor, &"configurable".into(), &true.into()).expect("descriptor");
    js_sys::Object::define_property(&window, &"devicePixelRatio".into(), &descriptor);
    assert_eq!(window.device_pixel_ratio(), 2.0);

    let root = root();
    let props = ChartsProps {
        run: qwen(),
        overlays: Vec::new(),
        floor: 15.0,
        sizing: None,
        interpolation: Interpolation::Linear,
        lang: Lang::En,
        redraw_key: AttrValue::default(),
    };
    yew::Renderer::<Charts>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;

    let canvas: HtmlCanvasElement = one(&root, "[data-chart=\"speed\"] canvas").dyn_into().expect("canvas");
    let css_width = f64::from(canvas.client_width());
    let css_height = f64::from(canvas.client_height());
    // The canvas fills its figure (less its 1 px border on each side), not the 300 px default.
    let figure_width = f64::from(one(&root, "[data-chart=\"speed\"]").client_width());
    assert!(css_width > ROOT_WIDTH / 2.0, "css width {css_width}");
    assert!((css_width - (figure_width - 2.0)).abs() <= 1.0, "css width {css_width}, figure {figure_width}");
    assert_eq!(f64::from(canvas.width()), (css_width * 2.0).round());
    assert_eq!(f64::from(canvas.height()), (css_height * 2.0).round());
    assert!(one(&root, "[data-chart=\"speed\"]").query_selector(".ss-chart-error").ok().flatten().is_none());

    let label = canvas.get_attribute("aria-label").unwrap_or_default();
    assert!(label.contains(" at 256") && label.contains("4.5 at 256"), "{label}");
    assert!(label.contains("15\u{a0}tok/s per request holds up to 52.5 concurrent requests"), "{label}");

    let rows: Vec<Vec<String>> = all(&root, "[data-chart=\"speed\"] details table tbody tr")
        .iter()
        .map(|row| all(row, "th, td").iter().map(text).collect())
        .collect();
    let firsts: Vec<&str> = rows.iter().filter_map(|r| r.first().map(String::as_str)).collect();
    assert_eq!(firsts, qwen_concurrencies());
    assert!(
        rows.iter()
            .any(|r| r.first().map(String::as_str) == Some("8") && r.get(1).is_some_and(|v| v.starts_with("37.3"))),
        "{rows:?}"
    );

    // The p99 TTFT chart lists seconds.
    let ttft: Vec<String> = all(&root, "[data-chart=\"ttft\"] details table tbody td").iter().map(text).collect();
    assert!(ttft.iter().any(|v| v == "21.5"), "{ttft:?}");
    let ttft_canvas: HtmlCanvasElement = one(&root, "[data-chart=\"ttft\"] canvas").dyn_into().expect("canvas");
    assert_eq!(f64::from(ttft_canvas.width()), (f64::from(ttft_canvas.client_width()) * 2.0).round());
}

#[wasm_bindgen_test]
async fn sources_have_anchors_and_list_their_runs() {
    let root = root();
    yew::Renderer::<Sources>::with_root_and_props(root.clone(), SourcesProps { lang: Lang::De }).render();
    yew::scheduler::flush().await;
    let data = sizer_data::dataset();
    assert_eq!(all(&root, "li[id^=\"ss-source-\"]").len(), data.sources.len());
    let run = data.run(QWEN).expect("run");
    let item = one(&root, &format!("[id=\"ss-source-{}\"]", run.source));
    let link = one(&item, &format!("a[data-run-link=\"{QWEN}\"]"));
    assert_eq!(link.get_attribute("href"), Some(format!("#ss-run-{QWEN}")));
    assert!(text(&item).contains("Herausgeber"), "{}", text(&item));
}
