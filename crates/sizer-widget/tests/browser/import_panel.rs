//! Browser tests of importing your own benchmark (wasm-bindgen-test in headless Chromium):
//! paste like a person (set the text box, click Import), wait a bounded number of zero-delay
//! ticks for the DOM, and check that the figures shown are what `sizer_core::size` computes from
//! the pasted curve. Run:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_import import_panel::`.

use sizer_core::{Scenario, Sizing, size};
use sizer_data::Run;
use sizer_widget::import::imported::STORAGE_KEY;
use sizer_widget::shell::config::Attributes;
use sizer_widget::sizing::calculation::DEFAULT_RUN;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::support::*;

/// A vLLM JSON-lines result whose model name is markup.
const MARKUP_NAME: &str = "<img src=x onerror=alert(1)>";
const MARKUP_JSONL: &str = "\
{\"model_id\": \"<img src=x onerror=alert(1)>\", \"max_concurrency\": 4, \"median_tpot_ms\": 25.0, \"output_throughput\": 150.0, \"p99_ttft_ms\": 140.0}
{\"model_id\": \"<img src=x onerror=alert(1)>\", \"max_concurrency\": 1, \"median_tpot_ms\": 12.5, \"output_throughput\": 78.0, \"p99_ttft_ms\": 80.0}
";

/// A vLLM result run with a request rate and no concurrency cap (`max_concurrency: null`).
const NO_CONCURRENCY: &str = "\
{\"model_id\": \"Qwen/Qwen3-VL-8B-Instruct\", \"max_concurrency\": null, \"request_rate\": 1.0, \"median_tpot_ms\": 27.68, \"output_throughput\": 125.79, \"max_concurrent_requests\": 12}
";

/// Mounts a fresh default instance into a new element under <body>, on an empty device store.
fn mount(prefix: &str) -> Element {
    mount_with(prefix, Attributes::default())
}

/// Mounts a fresh instance with these `data-*` attributes, on an empty device store: runs one
/// test remembered never leak into the next (tests share one page and its localStorage).
fn mount_with(prefix: &str, attributes: Attributes) -> Element {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    mount_app(attributes, prefix).0
}

/// Pastes `text` into the import box, names it, and clicks Import.
async fn paste(root: &Element, text: &str, name: &str) {
    let area: HtmlTextAreaElement = wait_for(root, "[data-import=\"paste\"]").await.dyn_into().expect("textarea");
    area.set_value(text);
    fire(&area, "input");
    let name_input: HtmlInputElement =
        find(root, "[data-import=\"name\"]").expect("name field").dyn_into().expect("input");
    name_input.set_value(name);
    fire(&name_input, "input");
    click(root, "[data-import=\"submit\"]");
}

/// Presses Ctrl+Enter in the paste box (the keyboard way to import).
fn press_ctrl_enter(root: &Element) {
    let area = find(root, "[data-import=\"paste\"]").expect("paste box");
    let window = web_sys::window().expect("window");
    let constructor: js_sys::Function = js_sys::Reflect::get(&window, &"KeyboardEvent".into())
        .expect("KeyboardEvent")
        .dyn_into()
        .expect("a constructor");
    let init = js_sys::Object::new();
    for (key, value) in
        [("key", wasm_bindgen::JsValue::from_str("Enter")), ("ctrlKey", true.into()), ("bubbles", true.into())]
    {
        js_sys::Reflect::set(&init, &key.into(), &value).expect("set");
    }
    let event = js_sys::Reflect::construct(&constructor, &js_sys::Array::of2(&"keydown".into(), &init)).expect("event");
    area.dispatch_event(event.unchecked_ref()).expect("dispatch");
}

/// Picks `value` in the run select like a person.
fn pick_run(root: &Element, value: &str) {
    let select: HtmlSelectElement =
        find(root, "select[data-field=\"run\"]").expect("run select").dyn_into().expect("select");
    select.set_value(value);
    fire(&select, "change");
}

/// The runs the importer makes of `text`, as the native importer sees them.
fn imported_runs(text: &str) -> Vec<Run> {
    sizer_import::import(text, "").expect("imports").to_runs().expect("complete")
}

/// What the core computes for `run` with the widget's default scenario (the seed's chat), the
/// run's own prefill rate and no KV pool (an imported run has none).
fn core_sizing(run: &Run) -> Sizing {
    let (curve, _) = run.curve().expect("a curve");
    let scenario = Scenario { prefill_tok_s: run.prefill_tok_s(), kv_pool_tokens: None, ..Scenario::chat() };
    size(&scenario, &curve).expect("sizes")
}

/// People and streams the default run gives at a floor, worked by hand (see `calculator.rs`):
/// 163 people on 52 streams at 15 tok/s, 242 on 104 at 10.
fn default_run_shown(floor: f64) -> (String, String) {
    let (people, streams) = if floor == 10.0 { (242, 104) } else { (163, 52) };
    (people.to_string(), streams.to_string())
}

fn value_of(sizing: &Sizing) -> (String, String) {
    (sizing.people.to_string(), sizing.whole_streams.to_string())
}

#[wasm_bindgen_test]
async fn a_pasted_batched_bench_table_sizes_from_its_own_curve() {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    let root = mount("imp-a");
    let (default_people, _) = default_run_shown(15.0);
    wait_for_value(&root, "people", &default_people).await;

    paste(&root, BATCHED_BENCH, "").await;
    wait_for(&root, "[data-import=\"list\"] li").await;

    // The importer's own reading of the excerpt: S_TG / B, 54.18 at 1 and 230.99 / 32 at 32.
    let runs = imported_runs(BATCHED_BENCH);
    let run = runs.first().expect("one run");
    let (points, _) = run.curve_points().expect("points");
    assert!((points[0].1 - 54.18).abs() < 1e-9 && (points[5].1 - 230.99 / 32.0).abs() < 1e-9);
    let expected = core_sizing(run);
    assert!(expected.whole_streams == 9, "the curve crosses 15 tok/s between B = 8 and 16");
    let (people, streams) = value_of(&expected);
    assert_ne!(people, default_people, "the excerpt must size differently from the default run");

    // It is in the picker, marked yours, and in use.
    let option = wait_for(&root, "select[data-field=\"run\"] option[value=\"yours-1\"]").await;
    assert_eq!(option.get_attribute("data-origin").as_deref(), Some("yours"));
    assert_eq!(option.text_content().unwrap_or_default(), "ggml-org/gpt-oss-120b-GGUF · PP 4096 (yours)");
    wait_for_value(&root, "people", &people).await;
    wait_for_value(&root, "streams", &streams).await;
    assert!(find(&root, "[data-import=\"list\"] li[data-run-id=\"yours-1\"] .ss-yours").is_some());
    assert!(count(&root, "[data-import=\"list\"] li") == 1);
    // "Your team" ranks it with the sourced runs, as the chosen run.
    let ranked = wait_for(&root, "[data-table=\"team-ranking\"] tr[data-run=\"yours-1\"]").await;
    assert_eq!(ranked.get_attribute("aria-current").as_deref(), Some("true"));
    assert_eq!(count(&root, "[data-table=\"team-ranking\"] tbody tr"), sizer_data::dataset().runs.len() as u32 + 1);
    // Its points are in a table: 230.99 / 32 = 7.22 tok/s per request at B = 32.
    assert_eq!(count(&root, "[data-import=\"points\"] tbody tr"), 6);
    let row = find(&root, "[data-import=\"points\"] tr[data-concurrency=\"32\"]").expect("row 32");
    let cells: Vec<String> = (0..4).filter_map(|i| row.children().item(i)?.text_content()).collect();
    assert_eq!(cells, ["32", "7.22", "230.99", "—"]);

    // Choosing another run and then it again in the picker switches the result back and forth.
    pick_run(&root, DEFAULT_RUN);
    wait_for_value(&root, "people", &default_people).await;
    pick_run(&root, "yours-1");
    wait_for_value(&root, "people", &people).await;
    wait_for_value(&root, "streams", &streams).await;

    // The worked steps and the charts follow the imported curve.
    assert!(count(&root, ".ss-charts[data-run=\"yours-1\"]") == 1);
    let status = wait_for_text(&root, "[data-import=\"status\"]", |t| !t.is_empty()).await;
    assert_eq!(
        status,
        "Imported 1 run (llama-batched-bench table): \"ggml-org/gpt-oss-120b-GGUF · PP 4096\" is now in use."
    );

    // Nothing was stored: remembering is opt-in.
    assert_eq!(local_storage().get_item(STORAGE_KEY).expect("readable"), None);
}

/// Puts files into the file picker like a person choosing them, and fires `change`.
fn choose_files(root: &Element, files: &[(&str, &str)]) {
    let transfer = web_sys::DataTransfer::new().expect("DataTransfer");
    let items = js_sys::Reflect::get(&transfer, &"items".into()).expect("items");
    let add: js_sys::Function =
        js_sys::Reflect::get(&items, &"add".into()).expect("add").dyn_into().expect("a function");
    for (name, text) in files {
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let file = web_sys::File::new_with_str_sequence(&parts, name).expect("File");
        add.call1(&items, &file).expect("added");
    }
    let input: HtmlInputElement = find(root, "[data-import=\"file\"]").expect("file input").dyn_into().expect("input");
    input.set_files(transfer.files().as_ref());
    fire(&input, "change");
}

/// Drops dragged text on the drop zone.
fn drop_text(root: &Element, text: &str) {
    let transfer = web_sys::DataTransfer::new().expect("DataTransfer");
    transfer.set_data("text/plain", text).expect("set data");
    let window = web_sys::window().expect("window");
    let constructor: js_sys::Function =
        js_sys::Reflect::get(&window, &"DragEvent".into()).expect("DragEvent").dyn_into().expect("a constructor");
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"dataTransfer".into(), &transfer).expect("set");
    js_sys::Reflect::set(&init, &"bubbles".into(), &true.into()).expect("set");
    js_sys::Reflect::set(&init, &"cancelable".into(), &true.into()).expect("set");
    let event = js_sys::Reflect::construct(&constructor, &js_sys::Array::of2(&"drop".into(), &init)).expect("event");
    let zone = find(root, "[data-import=\"drop\"]").expect("drop zone");
    zone.dispatch_event(event.unchecked_ref()).expect("dispatch");
}

#[wasm_bindgen_test]
async fn chosen_files_are_read_in_the_browser_and_oversized_ones_are_refused_unread() {
    let root = mount("imp-i");
    wait_for(&root, "[data-import=\"file\"]").await;
    choose_files(&root, &[("batched.md", BATCHED_BENCH)]);
    wait_for(&root, "[data-import=\"list\"] li").await;
    let (people, streams) = value_of(&core_sizing(imported_runs(BATCHED_BENCH).first().expect("one run")));
    wait_for_value(&root, "people", &people).await;
    wait_for_value(&root, "streams", &streams).await;

    // Two vLLM result files, one per concurrency, make one curve.
    let one = "{\"model_id\": \"m\", \"max_concurrency\": 1, \"median_tpot_ms\": 12.5, \"output_throughput\": 78.0}";
    let four = "{\"model_id\": \"m\", \"max_concurrency\": 4, \"median_tpot_ms\": 25.0, \"output_throughput\": 150.0}";
    choose_files(&root, &[("c1.json", one), ("c4.json", four)]);
    wait_until("the second import is listed", || count(&root, "[data-import=\"list\"] li") == 2).await;
    let status = wait_for_text(&root, "[data-import=\"status\"]", |t| t.contains("vLLM")).await;
    assert_eq!(status, "Imported 1 run (vLLM bench serve JSON): \"m\" is now in use.");

    let big = "1".repeat(sizer_import::MAX_INPUT_BYTES + 1);
    choose_files(&root, &[("huge.txt", &big)]);
    let message = wait_for_text(&root, "[data-import=\"error\"]", |t| !t.is_empty()).await;
    assert!(message.starts_with("The input is 5.0 MB (5242881 bytes), over the 5.0 MB limit"), "{message}");
    assert_eq!(count(&root, "[data-import=\"list\"] li"), 2);

    // Text dragged onto the drop zone is imported like a paste.
    drop_text(&root, "1,60\n8,30\n");
    wait_until("the dropped text is listed", || count(&root, "[data-import=\"list\"] li") == 3).await;
}

#[wasm_bindgen_test]
async fn a_malformed_paste_gets_one_clear_sentence_and_the_calculator_keeps_working() {
    let root = mount("imp-b");
    wait_for(&root, "[data-result=\"people\"]").await;
    paste(
        &root,
        "| PP | TG | B | S_TG t/s |\n|----|----|---|----|\n| 512 | 32 | 1 | 81.11 |\n| 512 | 32 | 2 | abc |\n",
        "",
    )
    .await;
    let message = wait_for_text(&root, "[data-import=\"error\"]", |t| !t.is_empty()).await;
    assert_eq!(message, "line 4: S_TG t/s is not a number (\"abc\").");
    assert_eq!(count(&root, "[data-import=\"list\"] li"), 0);

    // Over the size limit: refused by its length before any parsing.
    let big = "1".repeat(sizer_import::MAX_INPUT_BYTES + 1);
    paste(&root, &big, "").await;
    let message = wait_for_text(&root, "[data-import=\"error\"]", |t| t.contains("over the 5.0 MB limit")).await;
    assert!(message.starts_with("The input is 5.0 MB (5242881 bytes)"), "{message}");

    // The calculator still answers: floor 10 on the default run.
    type_into(&root, "floor", "10").await;
    let (people, streams) = default_run_shown(10.0);
    wait_for_value(&root, "people", &people).await;
    wait_for_value(&root, "streams", &streams).await;
}

#[wasm_bindgen_test]
async fn markup_in_a_model_name_is_shown_as_text() {
    let root = mount("imp-c");
    paste(&root, MARKUP_JSONL, "").await;
    let item = wait_for(&root, "[data-import=\"list\"] li").await;
    let rename: HtmlInputElement =
        find(&item, "[data-import=\"rename\"]").expect("name field").dyn_into().expect("input");
    assert_eq!(rename.value(), MARKUP_NAME);
    let option = wait_for(&root, "option[data-origin=\"yours\"]").await;
    assert_eq!(option.text_content().unwrap_or_default(), format!("{MARKUP_NAME} (yours)"));
    let status = wait_for_text(&root, "[data-import=\"status\"]", |t| !t.is_empty()).await;
    assert!(status.contains(MARKUP_NAME), "{status}");
    assert_eq!(count(&root, "img"), 0, "no element was made from the name");

    // And it sizes: 1000 / TPOT gives 80 tok/s at 1 and 40 at 4.
    let expected = core_sizing(imported_runs(MARKUP_JSONL).first().expect("one run"));
    let (people, _) = value_of(&expected);
    wait_for_value(&root, "people", &people).await;
}

#[wasm_bindgen_test]
async fn removing_a_run_takes_it_out_of_the_picker_and_back_to_the_default() {
    let root = mount("imp-d");
    paste(&root, "concurrency,per-request tok/s\n1,60\n8,30\n32,12\n", "bench box").await;
    wait_for(&root, "[data-import=\"list\"] li").await;
    wait_for(&root, "option[value=\"yours-1\"]").await;
    let select: HtmlSelectElement =
        find(&root, "select[data-field=\"run\"]").expect("select").dyn_into().expect("select");
    assert_eq!(select.value(), "yours-1");

    click(&root, "[data-import=\"list\"] li [data-import=\"remove\"]");
    wait_until("the run is removed", || count(&root, "[data-import=\"list\"] li") == 0).await;
    assert!(find(&root, "option[data-origin=\"yours\"]").is_none());
    let (people, _) = default_run_shown(15.0);
    wait_for_value(&root, "people", &people).await;
    let select: HtmlSelectElement =
        find(&root, "select[data-field=\"run\"]").expect("select").dyn_into().expect("select");
    assert_eq!(select.value(), DEFAULT_RUN);

    // The next import (by Ctrl+Enter this time) gets a fresh id: ids are not reused.
    let area: HtmlTextAreaElement =
        find(&root, "[data-import=\"paste\"]").expect("paste box").dyn_into().expect("textarea");
    area.set_value("1,60\n8,30\n");
    press_ctrl_enter(&root);
    wait_for(&root, "option[value=\"yours-2\"]").await;
}

#[wasm_bindgen_test]
async fn a_missing_concurrency_is_asked_for_not_guessed() {
    let root = mount("imp-e");
    paste(&root, NO_CONCURRENCY, "").await;
    let form = wait_for(&root, "[data-import=\"concurrency\"]").await;
    let label = form.text_content().unwrap_or_default();
    assert!(label.contains("at most 12 in flight at once"), "{label}");
    assert_eq!(count(&root, "[data-import=\"list\"] li"), 0, "nothing is added before the person answers");

    let input: HtmlInputElement =
        find(&form, "[data-import=\"concurrency-value\"]").expect("a field").dyn_into().expect("input");
    input.set_value("0");
    fire(&input, "input");
    tick().await;
    click(&root, "[data-import=\"concurrency-apply\"]");
    wait_for_text(&root, "[data-import=\"error\"]", |t| t == "Enter a whole number of requests, at least 1.").await;

    let input: HtmlInputElement =
        find(&root, "[data-import=\"concurrency-value\"]").expect("a field").dyn_into().expect("input");
    input.set_value("12");
    fire(&input, "input");
    tick().await;
    click(&root, "[data-import=\"concurrency-apply\"]");
    wait_for(&root, "[data-import=\"list\"] li").await;
    assert!(find(&root, "[data-import=\"concurrency\"]").is_none());
    let note = find(&root, "[data-import=\"list\"] li").and_then(|li| li.text_content()).unwrap_or_default();
    assert!(note.contains("1 point"), "{note}");
}

#[wasm_bindgen_test]
async fn remembered_runs_come_back_and_a_damaged_store_is_reported() {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    let (root, first) = mount_app(Attributes::default(), "imp-f");
    paste(&root, "1,60\n8,30\n", "kept").await;
    wait_for(&root, "[data-import=\"list\"] li").await;
    click(&root, "[data-import=\"remember\"]");
    wait_until("the runs are stored", || local_storage().get_item(STORAGE_KEY).ok().flatten().is_some()).await;

    let (again, second) = mount_app(Attributes::default(), "imp-g");
    let item = wait_for(&again, "[data-import=\"list\"] li[data-run-id=\"yours-1\"]").await;
    let name: HtmlInputElement = find(&item, "[data-import=\"rename\"]").expect("name").dyn_into().expect("input");
    assert_eq!(name.value(), "kept");
    let remember: HtmlInputElement =
        find(&again, "[data-import=\"remember\"]").expect("box").dyn_into().expect("input");
    assert!(remember.checked());

    // The instances that remember would write their runs again on their next change (one key per
    // device): unmount them before damaging the store, so only the reading instance is tested.
    first.destroy();
    second.destroy();
    local_storage().set_item(STORAGE_KEY, "{\"version\":1,\"next\":2,\"runs\":[{\"id\":\"gpuwerk\"}]}").expect("write");
    let (damaged, third) = mount_app(Attributes::default(), "imp-h");
    let message = wait_for_text(&damaged, "[data-import=\"storage\"]", |t| !t.is_empty()).await;
    assert!(message.starts_with("The runs stored on this device could not be read"), "{message}");
    assert_eq!(count(&damaged, "[data-import=\"list\"] li"), 0);
    assert!(
        local_storage().get_item(STORAGE_KEY).ok().flatten().is_some_and(|v| v.contains("gpuwerk")),
        "left untouched"
    );
    third.destroy();
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
}

#[wasm_bindgen_test]
async fn german_messages_keep_the_importers_line_and_key() {
    let root = mount_with("imp-j", Attributes { lang: Some("de".into()), ..Attributes::default() });
    paste(
        &root,
        "| PP | TG | B | S_TG t/s |\n|----|----|---|----|\n| 512 | 32 | 1 | 81.11 |\n| 512 | 32 | 2 | abc |\n",
        "",
    )
    .await;
    let message = wait_for_text(&root, "[data-import=\"error\"]", |t| !t.is_empty()).await;
    assert_eq!(message, "Zeile 4: S_TG t/s ist keine Zahl („abc“).");
    paste(&root, BATCHED_BENCH, "").await;
    let option = wait_for(&root, "option[data-origin=\"yours\"]").await;
    assert_eq!(option.text_content().unwrap_or_default(), "ggml-org/gpt-oss-120b-GGUF · PP 4096 (eigener)");
}

#[wasm_bindgen_test]
async fn the_share_link_carries_a_curve_only_when_asked() {
    let location = web_sys::window().expect("window").location();
    let hash = || location.hash().unwrap_or_default();
    let root = mount_with("imp-k", Attributes { sync_url: true, ..Attributes::default() });
    paste(&root, "1,60\n8,30\n32,12\n", "").await;
    wait_for(&root, "option[value=\"yours-1\"]").await;
    wait_for_fragment("the fragment names the run", || hash().contains("r:yours-1")).await;
    assert!(!hash().contains(",y:"), "no points before the person asks: {}", hash());

    click(&root, "[data-import=\"share\"]");
    wait_for_fragment("the fragment carries the points", || hash().ends_with(",y:1_60~8_30~32_12")).await;
    let link = hash();

    // Opening the link elsewhere lists the curve (once) and sizes with it.
    root.remove();
    let opened = mount_with("imp-l", Attributes { sync_url: true, ..Attributes::default() });
    let option = wait_for(&opened, "option[data-origin=\"yours\"]").await;
    // A shared curve keeps its name.
    assert_eq!(option.text_content().unwrap_or_default(), "Pasted (yours)");
    let shared = sizer_widget::import::imported::shared_run_in_fragment(&link).expect("a shared run");
    let (people, _) = value_of(&core_sizing(&shared));
    wait_for_value(&opened, "people", &people).await;
    assert_eq!(count(&opened, "[data-import=\"list\"] li"), 1);
    // The receiving page keeps the curve in its own address, so a reload still has it.
    wait_for_fragment("the fragment still carries the points", || hash().ends_with(",y:1_60~8_30~32_12")).await;
    opened.remove();
    location.set_hash("").expect("clear the fragment");
}

#[wasm_bindgen_test]
async fn an_imported_run_gets_its_own_table_after_the_sourced_ones() {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    let root = mount("imp-tables");
    let sourced = sizer_data::dataset().runs.len();
    wait_until("every sourced table", || count(&root, "section.ss-run[data-origin=\"sourced\"]") as usize == sourced)
        .await;
    assert_eq!(count(&root, "section.ss-run[data-origin=\"yours\"]"), 0);

    paste(&root, BATCHED_BENCH, "").await;
    let table = wait_for(&root, "section#imp-tables-run-yours-1[data-origin=\"yours\"]").await;

    // Listed after every sourced table, marked yours, with no source link.
    let sections = root.query_selector_all("section.ss-run").expect("sections");
    let last = sections.item(sections.length().saturating_sub(1)).and_then(|n| n.dyn_into::<Element>().ok());
    assert_eq!(last.and_then(|e| e.get_attribute("id")).as_deref(), Some("imp-tables-run-yours-1"));
    assert_eq!(count(&root, "section.ss-run[data-origin=\"sourced\"]") as usize, sourced);
    let badge = find(&table, "caption .ss-yours[data-origin=\"yours\"]").expect("a yours badge");
    assert_eq!(badge.text_content().unwrap_or_default(), "yours");
    assert_eq!(
        find(&table, ".ss-run-title").and_then(|e| e.text_content()).as_deref(),
        Some("ggml-org/gpt-oss-120b-GGUF · PP 4096")
    );
    assert_eq!(
        find(&table, "[data-source=\"yours\"]").and_then(|e| e.text_content()).as_deref(),
        Some("your benchmark, imported in this browser")
    );
    assert!(find(&table, "[data-source-link]").is_none());
    // Its rows: B = 1 … 32; at B = 1 the per-request speed is S_TG = 54.18 tok/s.
    assert_eq!(count(&table, "tbody tr"), 6);
    let cell = find(&table, "table[data-run-table=\"yours-1\"] tr[data-concurrency=\"1\"] td[data-value=\"54.18\"]")
        .expect("the 54.18 cell");
    assert!(cell.text_content().unwrap_or_default().starts_with("54.18"));
    let counter = find(&root, ".ss-tables-count").and_then(|e| e.get_attribute("data-count"));
    assert_eq!(counter, Some((sourced + 1).to_string()));

    // The model filter lists its model; choosing it leaves its table (and any sourced run of
    // the same model) shown.
    let model_id = imported_runs(BATCHED_BENCH).first().expect("one run").model_id.clone();
    let same_model = sizer_data::dataset().runs.iter().filter(|run| run.model_id == model_id).count();
    let select: HtmlSelectElement =
        find(&root, "select[data-filter=\"model\"]").expect("model filter").dyn_into().expect("select");
    let option = find(&root, &format!("select[data-filter=\"model\"] option[value=\"{model_id}\"]"))
        .expect("the imported model in the filter");
    if same_model == 0 {
        assert_eq!(option.text_content().unwrap_or_default(), "ggml-org/gpt-oss-120b-GGUF");
    }
    select.set_value(&model_id);
    fire(&select, "change");
    wait_until("only the chosen model's tables are shown", || {
        count(&root, "section.ss-run") as usize == same_model + 1 && count(&root, "section#imp-tables-run-yours-1") == 1
    })
    .await;

    // Sorting works on it: per-request speed ascending puts B = 32 (7.22) first, then
    // descending B = 1 (54.18).
    click(&table_root(&root), "[data-sort=\"per_request\"]");
    wait_until("sorted by speed, slowest first", || first_row(&root).as_deref() == Some("32")).await;
    click(&table_root(&root), "[data-sort=\"per_request\"]");
    wait_until("sorted by speed, fastest first", || {
        first_row(&root).as_deref() == Some("1")
            && find(&root, "section#imp-tables-run-yours-1 th[aria-sort=\"descending\"] [data-sort=\"per_request\"]")
                .is_some()
    })
    .await;
}

/// The concurrency of the imported table's first row.
fn first_row(root: &Element) -> Option<String> {
    find(root, "section#imp-tables-run-yours-1 tbody tr")?.get_attribute("data-concurrency")
}

/// The imported run's table section.
fn table_root(root: &Element) -> Element {
    find(root, "section#imp-tables-run-yours-1").expect("the imported table")
}
