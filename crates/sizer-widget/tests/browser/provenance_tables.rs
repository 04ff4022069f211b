//! Browser tests of provenance in the tables and charts (wasm-bindgen-test in headless
//! Chromium): points with their own workload or source, the kind of date a run carries,
//! descriptive titles, unverified entries, and the runs added with the articles' advice in the tables, charts
//! and JS API. Expected values are literal, from the articles and their sources.
//! Run: `cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_tables provenance_tables::`.

use sizer_core::Interpolation;
use sizer_widget::i18n::Lang;
use sizer_widget::sizing::run_ref::RunRef;
use sizer_widget::sizing::views::charts::{Charts, ChartsProps};
use sizer_widget::sizing::views::sources::{Sources, SourcesProps};
use sizer_widget::sizing::views::tables::{DataTables, DataTablesProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;
use yew::AttrValue;

use crate::support::*;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const FORUM: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node";
const DENDRO: &str = "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03";
const GEMMA_ONE: &str = "kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-1-node";
/// The runs added with the articles' advice.
const NEW_RUNS: [&str; 8] = [
    "kubis-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-least-busy",
    GEMMA_ONE,
    "kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-2-nodes-tp2",
    "kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-2-replicas-shuffle",
    "conselara-qwen3-235b-a22b-gptq-int4-vllm-0.19.0-2-nodes-tp2",
    "anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot",
    "djangodevreng-arena-gpt-oss-20b-mxfp4",
    "djangodevreng-gemma-4-31b-it-bf16-vllm-0.20.1-llama-benchy-pp25000-tg256",
];

fn root() -> Element {
    let document = web_sys::window().and_then(|w| w.document()).expect("a document");
    let root = document.create_element("div").expect("div");
    document.body().expect("body").append_child(&root).expect("append root");
    root
}

async fn mount_tables(lang: Lang) -> Element {
    let root = root();
    yew::Renderer::<DataTables>::with_root_and_props(
        root.clone(),
        DataTablesProps { lang, highlight: None, yours: Vec::new() },
    )
    .render();
    yew::scheduler::flush().await;
    root
}

async fn mount_charts(run: &str, overlays: &[&str]) -> Element {
    let root = root();
    let props = ChartsProps {
        run: RunRef::sourced(run).expect("a dataset run"),
        overlays: overlays.iter().map(|id| RunRef::sourced(id).expect("a dataset run")).collect(),
        floor: 15.0,
        sizing: None,
        interpolation: Interpolation::Linear,
        lang: Lang::En,
        redraw_key: AttrValue::default(),
    };
    yew::Renderer::<Charts>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    root
}

fn table(root: &Element, run: &str) -> Element {
    one(root, &format!("[id=\"ss-run-{run}\"]"))
}

#[wasm_bindgen_test]
async fn the_worked_runs_one_request_point_says_128_in_512_out() {
    let root = mount_tables(Lang::En).await;
    let qwen = table(&root, QWEN);
    let single = one(&qwen, "tbody tr[data-concurrency=\"1\"] th [data-point-workload]");
    assert_eq!(
        text(&single),
        "this point: 128 tokens in, 512 out (a separate vllm bench serve run), not the run's workload"
    );
    // Only that point: the 8-request row ran the run's 512 in / 256 out.
    assert!(qwen.query_selector("tr[data-concurrency=\"8\"] [data-point-workload]").expect("selector").is_none());
    assert!(text(&one(&qwen, "caption")).contains("512 tokens in, 256 out"));
}

#[wasm_bindgen_test]
async fn german_point_workload_note() {
    let root = mount_tables(Lang::De).await;
    let single = one(&table(&root, QWEN), "tr[data-concurrency=\"1\"] [data-point-workload]");
    assert!(text(&single).starts_with("dieser Punkt: 128 Token rein, 512 raus"), "{}", text(&single));
}

#[wasm_bindgen_test]
async fn the_forums_16_request_point_cites_kubis() {
    let root = mount_tables(Lang::En).await;
    let forum = table(&root, FORUM);
    let link = one(&forum, "tr[data-concurrency=\"16\"] a[data-point-source]");
    assert_eq!(link.get_attribute("href").as_deref(), Some("#ss-source-kubis-ai-gpt-oss-120b-topology"));
    assert_eq!(text(&link), "from kubis.ai");
    // The article's own 8-request point cites no other source.
    assert!(forum.query_selector("tr[data-concurrency=\"8\"] [data-point-source]").expect("selector").is_none());
}

#[wasm_bindgen_test]
async fn captions_say_which_date_and_mark_descriptive_titles_and_unverified_sources() {
    let root = mount_tables(Lang::En).await;
    // GPUwerk's raw logs carry the day they ran, not a publication date; their title is ours.
    let qwen = one(&table(&root, QWEN), "caption");
    assert_eq!(text(&one(&qwen, "[data-date-kind]")), "(run date)");
    assert!(text(&qwen).contains("2026-09-02 (run date)"), "{}", text(&qwen));
    assert_eq!(text(&one(&qwen, "[data-title-is-description]")), "(title is our description)");
    assert!(qwen.query_selector("[data-unverified]").expect("selector").is_none());
    // Dendro Logic's article is dated 2026-04-22 and has a real title.
    let dendro = one(&table(&root, DENDRO), "caption");
    assert!(text(&dendro).contains("2026-04-22 (published)"), "{}", text(&dendro));
    assert!(dendro.query_selector("[data-title-is-description]").expect("selector").is_none());
    // kubis.ai's Gemma page: run 2026-04-06, figures not all checked at the source.
    let gemma = table(&root, GEMMA_ONE);
    assert!(text(&one(&gemma, "caption")).contains("2026-04-06 (run date)"), "{}", text(&gemma));
    assert_eq!(text(&one(&gemma, "caption [data-unverified]")), "unverified");
    assert!(text(&one(&gemma, "[data-unverified-notes]")).starts_with("unverified: "));
}

#[wasm_bindgen_test]
async fn the_sources_list_shows_run_dates_and_marks() {
    let root = root();
    yew::Renderer::<Sources>::with_root_and_props(root.clone(), SourcesProps { lang: Lang::En }).render();
    yew::scheduler::flush().await;
    let logs = one(&root, "[id=\"ss-source-gpuwerk-raw-logs-2026-09-02\"]");
    assert_eq!(text(&one(&logs, "[data-source-run-date]")), "2026-09-02");
    assert!(logs.query_selector("[data-title-is-description]").expect("selector").is_some());
    let playbook = one(&root, "[id=\"ss-source-nvidia-dgx-spark-vllm-playbook\"]");
    assert!(playbook.query_selector("[data-unverified]").expect("selector").is_some());
    let review = one(&root, "[id=\"ss-source-storagereview-dgx-spark-cluster-review\"]");
    assert!(review.query_selector("a[data-date-from]").expect("selector").is_some());
}

#[wasm_bindgen_test]
async fn the_chart_legend_names_the_points_own_workload_and_source() {
    let root = mount_charts(QWEN, &[]).await;
    let lines: Vec<String> = all(&root, "[data-point-legend] li").iter().map(text).collect();
    let label = &sizer_data::dataset().run(QWEN).expect("run").label;
    assert_eq!(
        lines,
        [format!(
            "{label} — concurrency 1: 128 tokens in, 512 out (a separate vllm bench serve run) (not the run's workload)"
        )]
    );
    let root = mount_charts(FORUM, &[]).await;
    let line = text(&one(&root, "[data-point-legend] li[data-point-legend-kind=\"source\"]"));
    assert!(line.ends_with(" — concurrency 16: from kubis.ai"), "{line}");
    // A run whose points are all like the run has no such legend.
    let root = mount_charts(DENDRO, &[]).await;
    assert!(root.query_selector("[data-point-legend]").expect("selector").is_none());
}

#[wasm_bindgen_test]
async fn the_new_runs_have_tables_and_charts() {
    let root = mount_tables(Lang::En).await;
    for run in NEW_RUNS {
        let rows = all(&table(&root, run), "tbody tr").len();
        assert!(rows >= 2, "{run}: {rows} rows");
    }
    let rows: Vec<String> =
        all(&table(&root, GEMMA_ONE), "tbody tr").iter().filter_map(|r| r.get_attribute("data-concurrency")).collect();
    assert_eq!(rows, ["1", "2", "4", "8", "16", "32", "64"]);
    for run in NEW_RUNS {
        let charts = mount_charts(run, &[]).await;
        assert!(charts.query_selector("[data-chart=\"speed\"] canvas").expect("selector").is_some(), "{run}");
    }
}

fn size_with_api(scenario: &str, run: &str) -> serde_json::Value {
    sizer_widget::install_api();
    let window = web_sys::window().expect("window");
    let api = js_sys::Reflect::get(&window, &"SparkSizer".into()).expect("SparkSizer");
    let size: js_sys::Function =
        js_sys::Reflect::get(&api, &"size".into()).expect("size").dyn_into().expect("a function");
    let json = size
        .call2(&wasm_bindgen::JsValue::NULL, &scenario.into(), &run.into())
        .unwrap_or_else(|e| panic!("{run}: {e:?}"))
        .as_string()
        .expect("a JSON string");
    serde_json::from_str(&json).expect("valid JSON")
}

#[wasm_bindgen_test]
async fn the_js_api_sizes_the_new_runs() {
    let streams = |run: &str, floor: f64| {
        let sizing = size_with_api(&format!("{{\"floor_tok_s\": {floor}, \"interpolation\": \"linear\"}}"), run);
        sizing["fractional_streams"].as_f64().unwrap_or_else(|| panic!("{run}: {sizing}"))
    };
    let close = |got: f64, want: f64| (got - want).abs() < 0.01;
    // kubis.ai Gemma 4 26B, one Spark: 152.36 / 8 = 19.05 and 210.95 / 16 = 13.18 tok/s bracket 15.
    let gemma = streams(GEMMA_ONE, 15.0);
    assert!(close(gemma, 13.52), "{gemma}");
    // Conselara's Qwen3-235B TP=2: 12.1 tok/s at 2, 9.1 at 4.
    let conselara = streams("conselara-qwen3-235b-a22b-gptq-int4-vllm-0.19.0-2-nodes-tp2", 10.0);
    assert!(close(conselara, 3.40), "{conselara}");
    // anud18's AIPerf chatbot run: 56.86 tok/s at 2, 13.87 at 32.
    let anud = streams("anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot", 15.0);
    assert!(close(anud, 31.21), "{anud}");
    for run in NEW_RUNS {
        let sizing = size_with_api("{}", run);
        assert!(sizing["people"].is_u64(), "{run}: {sizing}");
    }
}
