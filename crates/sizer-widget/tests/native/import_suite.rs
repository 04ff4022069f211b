//! A whole arena folder imported at once, as the panel shows it (server-side render): the
//! status names the one run, its workloads and load steps; a file of another model is listed
//! as left out, naming both models; the list says the run's workloads; the measured-load
//! section shows the run's own load; "Load from your logs" predicts on the run's own engine
//! (the calibration's figures for the dataset's copy of the run) beside its own measured sweep;
//! in English and German.
//! Run: `cargo test -p sizer-widget --no-default-features --features ssr --test native import_suite::`.
//!
//! Oracles read by hand from `tests/fixtures/arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/`: meta.json
//! gives `Qwen/Qwen3.6-35B-A3B-FP8`, profile `fp8`, vLLM `0.26.0`, hardware `DGX Spark NVIDIA
//! GB10 128GB unified`; files 01 to 06 hold nine workloads, 07 to 11 ten load steps;
//! `11-rate-sweep.json` reports capacity null under 2 s, 0.3 req/s under 5 s, 0.7 under 10 s.

use std::rc::Rc;

use crate::support::{element_text, import_panel as panel, imported_load_result};
use sizer_widget::i18n::Lang;
use sizer_widget::import::panel::suite_action;
use sizer_widget::shell::config::Config;
use sizer_widget::shell::state::SizerState;
use sizer_widget::simulation::load_prediction::ImportedSuite;
use sizer_widget::sizing::views::measured_load::{MeasuredLoadProps, MeasuredLoadSection, YoursLoad};
use yew::AttrValue;

fn folder(path: &str) -> Vec<(String, Vec<u8>)> {
    let dir = format!("{}/../../tests/fixtures/arena/{path}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("the arena fixtures")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).expect("a name").to_owned();
            (name, std::fs::read(&path).expect("readable"))
        })
        .collect();
    files.sort();
    files
}

/// The qwen folder with gemma-4-31b-it's 02-rag-8k.md added, imported into a fresh state.
fn imported() -> SizerState {
    let mut files = folder("qwen-3.6/qwen-3.6-35b-a3b/fp8");
    let gemma = folder("gemma-4/gemma-4-31b-it/bf16");
    files.push(gemma.into_iter().find(|(n, _)| n == "02-rag-8k.md").expect("gemma's RAG file"));
    let mut state = SizerState::new(&Config::default());
    assert!(state.apply_imported(suite_action(&files, "").expect("one suite")));
    state
}

fn load_section(state: &SizerState, lang: Lang) -> String {
    let yours = YoursLoad {
        run: Rc::clone(state.imported.get(&state.run_id).expect("the run")),
        load: {
            let done = state.import_panel.done.clone().expect("done");
            sizer_widget::import::suites::remember("ss", &done, &state.imported, &state.run_id);
            sizer_widget::import::suites::load("ss", &state.run_id).expect("its load")
        },
    };
    let props =
        MeasuredLoadProps { run_id: AttrValue::default(), yours: Some(yours), lang, redraw_key: AttrValue::default() };
    futures::executor::block_on(yew::LocalServerRenderer::<MeasuredLoadSection>::with_props(props).render())
}

#[test]
fn the_panel_says_one_run_and_the_file_left_out_in_english() {
    let state = imported();
    let html = panel(&state, Lang::En);
    assert_eq!(
        element_text(&html, "data-import=\"status\"", "p"),
        "Imported 25 files as one run, \"Qwen/Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0\", now in use: 9 workloads (the sizing uses the one nearest your prompts) and a measured load of 10 steps."
    );
    assert_eq!(
        element_text(&html, "data-import=\"refused\"", "ul"),
        "02-rag-8k.md: this file measured google/gemma-4-31B-it, not Qwen/Qwen3.6-35B-A3B-FP8 like the other files, so it was left out; import it on its own."
    );
    assert!(element_text(&html, "data-import=\"ignored\"", "p").ends_with(": 11-rate-sweep.md, _sanity.txt."));
    assert!(element_text(&html, "data-import=\"workloads\"", "span").starts_with("9 workloads of one server;"));
    assert!(element_text(&html, "data-import=\"suite-hint\"", "p").contains("The paste box takes one file's text."));
    assert_eq!(html.matches("data-run-id=\"yours-1\"").count(), 1, "one run listed");
}

#[test]
fn the_panel_says_it_in_german() {
    let state = imported();
    let html = panel(&state, Lang::De);
    assert_eq!(
        element_text(&html, "data-import=\"status\"", "p"),
        "25 Dateien als ein Lauf importiert, „Qwen/Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0“, jetzt in Verwendung: 9 Arbeitslasten (die Rechnung nutzt die Ihren Prompts nächste), mit einer gemessenen Last aus 10 Schritten."
    );
    assert_eq!(
        element_text(&html, "data-import=\"refused\"", "ul"),
        "02-rag-8k.md: diese Datei hat google/gemma-4-31B-it gemessen, nicht Qwen/Qwen3.6-35B-A3B-FP8 wie die anderen Dateien, und wurde daher ausgelassen; bitte einzeln importieren."
    );
    assert!(element_text(&html, "data-import=\"workloads\"", "span").starts_with("9 Arbeitslasten eines Servers;"));
    assert!(element_text(&html, "data-import=\"ignored\"", "p").starts_with("Gelesen und nicht gebraucht"));
}

#[test]
fn the_runs_measured_load_is_its_own_in_both_languages() {
    let state = imported();
    let en = load_section(&state, Lang::En);
    assert_eq!(
        element_text(&en, "data-load=\"capacity\"", "strong"),
        "Capacity by p95 time to first token on 1 × DGX Spark NVIDIA GB10 128GB unified: under 2 s: no rate of the sweep; under 5 s: 0.3 req/s; under 10 s: 0.7 req/s."
    );
    assert!(en.contains("11-rate-sweep.json) reports the same."), "the summary agrees");
    assert_eq!(en.matches("<tr data-file=\"11-rate-sweep-").count(), 6, "one row per sweep step");
    assert!(
        element_text(&en, "class=\"ss-load-source\"", "p")
            .starts_with("Source: the vllm bench serve JSON files you imported")
    );
    let de = load_section(&state, Lang::De);
    assert!(
        element_text(&de, "class=\"ss-load-intro\"", "p")
            .contains("(DGX Spark NVIDIA GB10 128GB unified, laut Ihrer meta.json)")
    );
    assert!(element_text(&de, "class=\"ss-load-source\"", "p").starts_with("Quelle: die importierten JSON-Dateien"));
}

/// "Load from your logs" on the imported run: `docs/CALIBRATION.md`'s figures for this server's
/// step `11-rate-sweep-0.5.json` (p95 TTFT 6.3 s, median TPOT 228 ms: 4.4 tok/s a request, 71 in
/// flight at most; 0.3 req/s the highest rate under 5 s), as the dataset's copy of the run gives
/// them (`load_prediction.rs`), with the import's own sweep drawn beside the prediction.
#[test]
fn load_from_your_logs_predicts_on_the_imported_runs_own_engine() {
    let state = imported();
    let done = state.import_panel.done.clone().expect("done");
    sizer_widget::import::suites::remember("ss", &done, &state.imported, &state.run_id);
    assert!(sizer_widget::import::suites::is_suite("ss", &state.run_id));
    let suite = ImportedSuite {
        run: Rc::clone(state.imported.get(&state.run_id).expect("the run")),
        load: sizer_widget::import::suites::load("ss", &state.run_id),
    };
    let html = imported_load_result(&state.run_id, &suite, Lang::En);
    let headline = element_text(&html, "data-predict=\"headline\"", "p");
    assert!(headline.starts_with("At 0.5 req/s on 1 × DGX Spark NVIDIA GB10 128GB unified"), "{headline}");
    assert!(headline.contains(", p95 TTFT 6.27 s, "), "{headline}");
    assert!(headline.contains(", 4.4 tok/s per request, "), "{headline}");
    assert!(headline.ends_with("(71 at most)."), "{headline}");
    let kept = element_text(&html, "data-predict=\"kept\"", "p");
    assert_eq!(kept, "The highest rate tried that keeps p95 TTFT under 5 s: 0.3 req/s.");
    let model = element_text(&html, "data-predict=\"model\"", "p");
    assert!(model.contains("fitted to this run's own closed-loop measurements (8 workloads"), "{model}");
    for chart in ["predict-ttft", "predict-speed"] {
        let figure = &html[html.find(&format!("data-chart=\"{chart}\"")).expect(chart)..];
        assert!(figure.contains("Measured (filled)"), "{chart}: the import's own sweep beside it");
    }
}
