//! Browser tests of "Check by simulation" (wasm-bindgen-test in headless Chromium): the wasm
//! simulation gives the same figures as the native build for the same seed, the section shows
//! the verdict and the sweep once they are in, an input cancels a running simulation, and the
//! seed travels in the link. Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_layout simulation::`.
//!
//! The literal values below were produced by the native build: `sizer_data::sim_api::
//! simulate_json` and `sizer_widget::simulation::stepper::SimJob` run natively (x86_64, `cargo test -p
//! sizer-widget --no-default-features --features ssr`) with the same inputs and seeds, their
//! output printed and pasted here. The native unit test `sizer_data::sim_api::tests::
//! the_native_build_gives_the_browser_tests_literals` asserts the same literals, so both builds
//! are held to one set of numbers.

use sizer_widget::shell::config::Attributes;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement};

use crate::support::*;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
/// An arena run: it has an engine, so "Load from your logs" is shown for it.
const ARENA_QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";
/// Waits until the section has simulated everything (`data-state="done"`).
async fn wait_until_done(root: &Element) {
    let done = || find(root, "[data-section=\"simulation\"][data-state=\"done\"]").is_some();
    wait_until("the simulation finishing", done).await;
}

/// `SparkSizer.simulate(team, run, seed)`: the JSON text, or the error's message.
fn simulate(team: &str, run: &str, seed: JsValue) -> Result<String, String> {
    sizer_widget::install_api();
    let window = web_sys::window().expect("window");
    let api = js_sys::Reflect::get(&window, &"SparkSizer".into()).expect("SparkSizer");
    let function: js_sys::Function =
        js_sys::Reflect::get(&api, &"simulate".into()).expect("simulate").dyn_into().expect("a function");
    match function.call3(&JsValue::NULL, &team.into(), &run.into(), &seed) {
        Ok(json) => Ok(json.as_string().expect("a string")),
        Err(error) => Err(js_sys::Error::from(error).message().into()),
    }
}

/// The raw JSON text of the first `"key":` value: numbers are compared as printed (shortest
/// round-trip form), so equal text is the same f64 bit for bit.
fn raw<'a>(json: &'a str, key: &str) -> &'a str {
    let start = json.find(&format!("\"{key}\":")).map(|i| i + key.len() + 3).expect(key);
    let rest = &json[start..];
    &rest[..rest.find([',', '}']).unwrap_or(rest.len())]
}

#[wasm_bindgen_test]
fn the_js_api_gives_the_native_figures_for_the_same_seed() {
    // The worked example, seed 1 (native: simulate_json(r#"{"z": 2.33}"#, QWEN, 1)).
    let a = simulate(r#"{"z": 2.33}"#, QWEN, 1.into()).expect("simulates");
    let fields = ["users", "requests", "mean_in_flight", "p99_in_flight", "p99_ttft_s", "window_s", "p50", "holds"];
    let a_raw: Vec<&str> = fields.iter().map(|key| raw(&a, key)).collect();
    assert_eq!(
        a_raw,
        [
            "163",
            "20000",
            "27.61487063475173",
            "44",
            "0.17885455291077712",
            "13512.803628079619",
            "21.557145800345857",
            "true"
        ]
    );
    assert_eq!(raw(&a, "formula_people"), "163");
    assert_eq!(raw(&a, "share_requests_at_floor"), "1.0");

    // A mixed team with agents, a 64-bit seed as a string (native: simulate_json(<team>, QWEN,
    // 12345678901234567890)).
    let team = r#"{"groups": [{"count": 200}, {"count": 3, "always_busy": true, "prompt_tokens": 20000}], "max_requests": 5000}"#;
    let b = simulate(team, QWEN, "12345678901234567890".into()).expect("simulates");
    let fields = [
        "users",
        "requests",
        "mean_in_flight",
        "p99_in_flight",
        "share_requests_at_floor",
        "p99_ttft_s",
        "window_s",
        "holds",
    ];
    let b_raw: Vec<&str> = fields.iter().map(|key| raw(&b, key)).collect();
    assert_eq!(
        b_raw,
        ["203", "5000", "47.157652538260244", "66", "0.8674", "3.5686174928348144", "2757.0307085549093", "false"]
    );
    assert!(
        b.contains("\"verdict\":\"It does not: only 86.7\u{a0}% of requests kept 15\u{a0}tok/s (the sizing promises 99.0\u{a0}%), p99 TTFT 3.6\u{a0}s.\""),
        "{b}"
    );

    // An inline curve, and errors as one sentence.
    let flat = simulate(
        r#"{"groups": [{"count": 10}], "max_requests": 1000}"#,
        r#"{"points": [[1, 20], [64, 20]]}"#,
        5.into(),
    )
    .expect("simulates");
    assert_eq!((raw(&flat, "requests"), raw(&flat, "share_requests_at_floor")), ("1000", "1.0"));
    assert_eq!(simulate("{}", "no-such-run", 1.into()), Err("Unknown run id \"no-such-run\".".to_owned()));
    assert_eq!(
        simulate("{}", QWEN, 1.5.into()),
        Err("The seed must be a whole number from 0 to 2^53 (or a string of digits).".to_owned())
    );
}

#[wasm_bindgen_test]
async fn the_section_checks_the_default_sizing_and_an_input_restarts_it() {
    let root = mount(Attributes::default(), "sim0");
    // Native: SimJob for Scenario::chat() on QWEN, seed 1: 163 users hold, the sweep crosses
    // between 189 and 190.
    wait_for_value(&root, "simulation", "holds").await;
    assert_eq!(
        text_of(&root, "[data-result=\"simulation\"]"),
        "The sizing holds: 100.0\u{a0}% of requests kept 15\u{a0}tok/s, p99 TTFT 0.2\u{a0}s."
    );
    assert!(
        text_of(&root, ".ss-sim-scope").starts_with("163 users on one DGX Spark, "),
        "{}",
        text_of(&root, ".ss-sim-scope")
    );
    wait_until_done(&root).await;
    wait_for_value(&root, "simulated-people", "189").await;
    // Each number keeps its unit: the share column and the floor in its header.
    assert_eq!(text_of(&root, ".ss-sim-table thead th:nth-child(2)"), "≥ 15\u{a0}tok/s");
    let share = text_of(&root, ".ss-sim-table tbody td");
    assert!(share.ends_with("\u{a0}%") && !share.contains(' '), "{share}");
    assert!(
        find(&root, "[data-chart=\"in-flight\"] canvas").is_some()
            && find(&root, "[data-chart=\"sweep\"] canvas").is_some()
    );
    assert_eq!(root.query_selector_all(".ss-sim-work li").expect("items").length(), 7);

    // A new floor cancels whatever runs and withholds the old verdict until the new one is in.
    let floor: HtmlInputElement = find(&root, "input[data-field=\"floor\"]").expect("floor").dyn_into().expect("input");
    floor.set_value("10");
    let init = EventInit::new();
    init.set_bubbles(true);
    floor.dispatch_event(&Event::new_with_event_init_dict("input", &init).expect("event")).expect("dispatch");
    tick().await;
    assert!(find(&root, "[data-result=\"simulation\"]").is_none(), "a stale verdict is withheld");
    // Native: floor 10, seed 1: 242 users hold; the sweep crosses between 274 and 275.
    wait_for_value(&root, "simulation", "holds").await;
    assert_eq!(
        text_of(&root, "[data-result=\"simulation\"]"),
        "The sizing holds: 100.0\u{a0}% of requests kept 10\u{a0}tok/s, p99 TTFT 0.2\u{a0}s."
    );
    assert!(text_of(&root, ".ss-sim-scope").starts_with("242 users"), "{}", text_of(&root, ".ss-sim-scope"));
    wait_until_done(&root).await;
    wait_for_value(&root, "simulated-people", "274").await;
    root.remove();
}

#[wasm_bindgen_test]
async fn the_seed_comes_from_the_link_and_another_seed_goes_into_it() {
    let location = web_sys::window().expect("window").location();
    location.set_hash(&format!("s=r:{QWEN},l:de,sd:2")).expect("set hash");
    let root = mount(Attributes { sync_url: true, ..Attributes::default() }, "sim1");
    // Native: chat on QWEN, seed 2: 163 users hold; the sweep crosses between 187 and 188.
    wait_for_value(&root, "simulation", "holds").await;
    let verdict = find(&root, "[data-result=\"simulation\"]").expect("verdict");
    assert_eq!(verdict.get_attribute("data-seed").as_deref(), Some("2"));
    assert_eq!(
        verdict.text_content().unwrap_or_default(),
        "Die Auslegung hält: 100,0\u{a0}% der Anfragen hielten 15\u{a0}Token/s, p99 TTFT 0,2\u{a0}s."
    );
    wait_until_done(&root).await;
    wait_for_value(&root, "simulated-people", "187").await;

    let button: HtmlElement = find(&root, "[data-action=\"sim-seed\"]").expect("button").dyn_into().expect("button");
    button.click();
    wait_for_fragment("the seed written", || location.hash().unwrap_or_default().contains(",sd:3")).await;
    let hash = location.hash().unwrap_or_default();
    assert!(hash.starts_with(&format!("#s=r:{QWEN},l:de,")) && hash.ends_with(",sd:3"), "{hash}");
    wait_until_done(&root).await;
    assert_eq!(
        find(&root, "[data-result=\"simulation\"]").and_then(|e| e.get_attribute("data-seed")).as_deref(),
        Some("3")
    );
    location.set_hash("").expect("clear hash");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_scope_names_the_run_in_the_page_language() {
    // The dataset writes this run's label in English ("… · vLLM 26.03 container · Dendro Logic");
    // `i18n::labels` gives its German form, as the run picker shows it.
    let attributes = Attributes {
        run: Some("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03".to_owned()),
        lang: Some("de".to_owned()),
        ..Attributes::default()
    };
    let root = mount(attributes, "sim2");
    wait_until("the scope sentence", || find(&root, ".ss-sim-scope").is_some()).await;
    let scope = text_of(&root, ".ss-sim-scope");
    assert!(
        scope.contains(" Nutzer auf einem DGX Spark, gpt-oss-120b · MXFP4 · vLLM 26.03 (Container) · Dendro Logic: "),
        "{scope}"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_pasted_request_log_fills_load_from_your_logs() {
    // The reader gives the log's load (`alternating_usage_log`), and "Predict this load" puts it
    // into the section's inputs.
    let log = alternating_usage_log();
    let root = mount(Attributes { run: Some(ARENA_QWEN.into()), ..Attributes::default() }, "logs0");
    let area: web_sys::HtmlTextAreaElement =
        wait_for(&root, "textarea[data-field=\"log-text\"]").await.dyn_into().expect("a text area");
    area.set_value(&log);
    click(&root, "button[data-action=\"read-log\"]");
    let summary = wait_for_text(&root, "[data-logs=\"load\"] .ss-logs-summary", |t| t.contains("200 requests")).await;
    assert!(summary.contains("Read as request log (JSON): 200 requests"), "{summary}");
    click(&root, "button[data-action=\"use-log-load\"]");
    let value = |name: &str| -> String {
        let input: HtmlInputElement =
            one(&root, &format!("input[data-field=\"{name}\"]")).dyn_into().expect("an input");
        input.value()
    };
    wait_until("the log's lengths in the inputs", || value("load-prompt") == "1,000").await;
    assert_eq!(value("load-answer"), "200");
    let rate: f64 = value("load-rate").parse().expect("a rate");
    assert!((0.99..=1.02).contains(&rate), "{rate}");
    let shape: f64 = value("load-burstiness").parse().expect("a burstiness");
    assert!((3.9..=4.1).contains(&shape), "{shape}");
}

#[wasm_bindgen_test]
async fn a_log_read_and_its_runs_survive_a_language_switch() {
    // The same 200 requests as above. The section remounts in another language; the log's
    // load and the rows predicted from it are kept above it.
    let log = alternating_usage_log();
    let root = mount(Attributes { run: Some(ARENA_QWEN.into()), ..Attributes::default() }, "logs1");
    let area: web_sys::HtmlTextAreaElement =
        wait_for(&root, "textarea[data-field=\"log-text\"]").await.dyn_into().expect("a text area");
    area.set_value(&log);
    click(&root, "button[data-action=\"read-log\"]");
    wait_for_text(&root, "[data-logs=\"load\"] .ss-logs-summary", |t| t.contains("200 requests")).await;
    // The busiest window on every run: a first row, then stop (the rest is the same work).
    click(&root, "button[data-action=\"log-ranking\"]");
    let row = "[data-table=\"log-ranking\"] tbody tr";
    wait_until("a first run predicted", || count(&root, row) >= 1).await;
    if find(&root, "button[data-action=\"stop-log-ranking\"]").is_some() {
        click(&root, "button[data-action=\"stop-log-ranking\"]");
    }
    tick().await;
    let rows = count(&root, row);
    let first = one(&root, row).get_attribute("data-run").expect("a run id");
    assert!(find(&root, &format!("{row}[data-run=\"{first}\"] td[data-needed]")).is_some(), "{first}");
    pick(&root, "lang", "de").await;
    let summary = wait_for_text(&root, "[data-logs=\"load\"] .ss-logs-summary", |t| t.contains("Gelesen als")).await;
    assert!(summary.contains("200 Anfragen"), "{summary}");
    assert_eq!(count(&root, row), rows, "the rows are kept");
    assert_eq!(one(&root, row).get_attribute("data-run").as_deref(), Some(first.as_str()));
    assert!(text_of(&root, "[data-table=\"log-ranking\"] thead").contains("Lauf"));
    root.remove();
}

#[wasm_bindgen_test]
async fn chosen_log_files_are_read_a_slice_at_a_time_as_one_log() {
    // 30,000 requests, 0.1 s apart, in two files: the first is 3.3 MB (two slices of 2 MiB,
    // cut inside a line), the second holds the last 1,000 lines. Read as one log: 30,000
    // requests, 10 req/s.
    let line = |i: u32| {
        let t = 1_764_000_000.0 + f64::from(i) * 0.1;
        format!(
            "{{\"timestamp\": {t:.3}, \"model\": \"modèle\", \"usage\": {{\"prompt_tokens\": 1000, \"completion_tokens\": 200}}}}\n"
        )
    };
    let first: String = (0..29_000).map(line).collect();
    let second: String = (29_000..30_000).map(line).collect();
    assert!(first.len() > 3_000_000, "{}", first.len());
    let root = mount(Attributes { run: Some(ARENA_QWEN.into()), ..Attributes::default() }, "logs2");
    wait_for(&root, "input[data-field=\"log-files\"]").await;
    let transfer = web_sys::DataTransfer::new().expect("DataTransfer");
    let items = js_sys::Reflect::get(&transfer, &"items".into()).expect("items");
    let add: js_sys::Function =
        js_sys::Reflect::get(&items, &"add".into()).expect("add").dyn_into().expect("a function");
    for (name, text) in [("a.jsonl", &first), ("b.jsonl", &second)] {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        add.call1(&items, &web_sys::File::new_with_str_sequence(&parts, name).expect("File")).expect("added");
    }
    let input: HtmlInputElement = one(&root, "input[data-field=\"log-files\"]").dyn_into().expect("input");
    input.set_files(transfer.files().as_ref());
    input.dispatch_event(&Event::new("change").expect("event")).expect("dispatch");
    let summary = wait_for_text(&root, "[data-logs=\"load\"] .ss-logs-summary", |t| t.contains("requests")).await;
    assert!(summary.contains("30,000 requests"), "{summary}");
    assert!(summary.contains("10.00 req/s over the whole span"), "{summary}");
    assert!(find(&root, "[data-logs=\"partial\"]").is_none());
    root.remove();
}

/// 200 requests as OpenAI `usage` lines, gaps alternating 0.5 s and 1.5 s (mean 1 s, so about
/// 1 req/s; variance 0.25 s², so the gaps' gamma shape is 1 / 0.25 = 4), each 1,000 tokens in
/// and 200 out.
fn alternating_usage_log() -> String {
    let mut log = String::new();
    let mut t = 1_764_000_000.0_f64;
    for i in 0..200 {
        log.push_str(&format!(
            "{{\"timestamp\": {t:.3}, \"usage\": {{\"prompt_tokens\": 1000, \"completion_tokens\": 200}}}}\n"
        ));
        t += if i % 2 == 0 { 0.5 } else { 1.5 };
    }
    log
}
