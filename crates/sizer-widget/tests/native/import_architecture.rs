//! A model's `config.json` read in the import panel (server-side render): gpt-oss-20b's real
//! config and its arena server's `meta.json` become one run, labelled "predicted from the
//! architecture, not measured" in English and German, whose sizing, caveat, simulation engine
//! and load prediction answer with the error measured on the arena's runs read from a
//! config.json beside them; a model typed by its size shows the error of the runs known by their
//! size alone instead, and a team ranking holding both shows each; a damaged config is one
//! sentence and leaves the state as it was.
//! Run: `cargo test -p sizer-widget --no-default-features --features ssr --test native import_architecture::`.
//!
//! Oracles: the error's figures are read from `MEASURED_ERROR_CONFIG` and
//! `MEASURED_ERROR_SHORT_FORM` (written by `cargo xtask calibrate-architecture`, their counts
//! held in `tests/tests/data/architecture_calibration.rs`), never typed here; the run's engine is `SparkSizer.predict`'s
//! (`architecture_run_from_text`), compared field for field; gpt-oss-20b's 13.75 GB of weights
//! are counted by hand in `tests/tests/core/architecture.rs`.

use std::rc::Rc;

use crate::support::{element_text, import_panel as panel, imported_load_result};
use sizer_core::Scenario;
use sizer_data::Run;
use sizer_data::architecture::constants::{ArchitectureError, MEASURED_ERROR_CONFIG, MEASURED_ERROR_SHORT_FORM};
use sizer_data::predict_engine::{ModelSource, PredictEngine};
use sizer_import::suite::model_files::model_files;
use sizer_import::suite::predict_architecture::architecture_run_from_text;
use sizer_widget::i18n::Lang;
use sizer_widget::import::panel::{architecture_action, size_action};
use sizer_widget::import::state::TypedSize;
use sizer_widget::memory::section::{MemorySection, MemorySectionProps};
use sizer_widget::memory::state::MemoryChoice;
use sizer_widget::shell::config::Config;
use sizer_widget::shell::state::{SizerState, Usage};
use sizer_widget::simulation::load_prediction::ImportedSuite;
use sizer_widget::simulation::load_prediction::job::engine_for;
use sizer_widget::sizing::calculation::Calculation;
use sizer_widget::sizing::run_ref::RunRef;
use sizer_widget::sizing::summary::result_text;
use sizer_widget::team::panel::{TeamPanel, TeamPanelProps};
use sizer_widget::team::state::TeamInput;
use yew::{AttrValue, Callback, Html};

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))).expect("a fixture")
}

fn config() -> String {
    fixture("model-configs/openai__gpt-oss-20b.json")
}

fn meta() -> String {
    fixture("arena/gpt-oss/gpt-oss-20b/mxfp4/meta.json")
}

/// The config and meta.json dropped together, read at the chat usage's lengths.
fn imported() -> SizerState {
    let (config, meta) = (config(), meta());
    let files = model_files(&[("config.json", &config), ("meta.json", &meta)]).expect("a model's files");
    let mut state = SizerState::new(&Config::default());
    assert!(state.apply_imported(architecture_action(&files, "", (512.0, 400.0))));
    state
}

/// "40 of 57" as the page writes it.
fn share((hits, of): (usize, usize), word: &str) -> String {
    format!("{hits} {word} {of}")
}

/// The sentence's opening for a config.json and for a size alone, in English.
fn config_opening() -> String {
    format!(
        "Predicted from the model's config.json, not measured: on the arena's {} runs read from a config.json, each predicted with constants fitted without its model,",
        MEASURED_ERROR_CONFIG.runs
    )
}

fn size_opening() -> String {
    format!(
        "Predicted from the model's size alone, not measured: on the arena's {} runs known by their size alone, each predicted with constants fitted without its model,",
        MEASURED_ERROR_SHORT_FORM.runs
    )
}

/// Whether `text` states `e`'s three figures (`word`: "of" or "von").
fn states(text: &str, e: &ArchitectureError, word: &str) -> bool {
    [e.decode_within_20, e.capacity_within_one_step, e.ttft_within_35]
        .into_iter()
        .all(|f| text.contains(&share(f, word)))
}

/// A 30B-A3B model at FP8 typed by its size, read at the chat usage's lengths.
fn typed() -> SizerState {
    let size = TypedSize { total_params_b: 30.0, active_params_b: 3.0, format: "fp8".into() };
    let mut state = SizerState::new(&Config::default());
    assert!(state.apply_imported(size_action(&size, "", (512.0, 400.0))));
    state
}

/// The load prediction's result for the imported run in use, in `lang`.
fn load_result(state: &SizerState, lang: Lang) -> String {
    let run = Rc::clone(state.imported.get(&state.run_id).expect("the run"));
    imported_load_result(&state.run_id, &ImportedSuite { run, load: None }, lang)
}

/// The team ranking with `imported` runs, in `lang`.
fn team(imported: Vec<Rc<Run>>, lang: Lang) -> String {
    let props = TeamPanelProps {
        lang,
        id_prefix: AttrValue::Static("ss"),
        input: TeamInput::default(),
        usage: Scenario::chat(),
        run_id: AttrValue::from(imported[0].id.clone()),
        imported,
        on_action: Callback::noop(),
        on_pick: Callback::noop(),
        stale: false,
        children: Html::default(),
    };
    futures::executor::block_on(yew::LocalServerRenderer::<TeamPanel>::with_props(props).render())
}

#[test]
fn the_panel_says_one_predicted_run_in_both_languages() {
    let state = imported();
    assert_eq!(state.run_id, "yours-1");
    let en = element_text(&panel(&state, Lang::En), "data-import=\"status\"", "p");
    assert!(
        en.starts_with(
            "Read the model's configuration as one run, \"openai/gpt-oss-20b · MXFP4 · predicted from the architecture, not measured\", now in use: 13.7\u{a0}GB of weights, its speeds predicted at 2 pairs of lengths"
        ),
        "{en}"
    );
    // Its setup was predicted, not measured: so say the legend and every stated field.
    let setup = element_text(&panel(&state, Lang::En), "data-import=\"setup\"", "fieldset");
    assert!(setup.starts_with("Predicted forThe curve is the engine's prediction for one DGX Spark"), "{setup}");
    assert_eq!(setup.matches("from the architecture").count(), 6, "{setup}");
    assert!(!setup.contains("from the file"), "{setup}");
    let setup_de = element_text(&panel(&state, Lang::De), "data-import=\"setup\"", "fieldset");
    assert!(setup_de.starts_with("Vorhergesagt für"), "{setup_de}");
    let de = element_text(&panel(&state, Lang::De), "data-import=\"status\"", "p");
    assert!(de.starts_with("Die Konfiguration des Modells als ein Lauf gelesen, „openai/gpt-oss-20b · MXFP4 · aus der Architektur vorhergesagt, nicht gemessen“, jetzt"), "{de}");
    assert!(de.contains("13,7\u{a0}GB Gewichte"), "{de}");
}

#[test]
fn the_sizing_is_labelled_and_carries_the_measured_error() {
    let state = imported();
    let run = Rc::clone(state.imported.get(&state.run_id).expect("the run"));
    let outcome = Calculation::for_run(RunRef::Yours(Rc::clone(&run)), Scenario::chat());
    let en = result_text(Lang::En, &outcome, Some(Usage::Chat));
    let people: u64 = en.people_value.parse().expect("people");
    // The curve at 512 in / 400 out is gpt-oss-20b's predicted closed loop: 15 tok/s each is
    // reached beyond 10 users (the arena measured 24 tok/s each at 10) and chat users are busy
    // a fraction of the time, so more than 10 people and fewer than 64 / 0.05 are served.
    assert!((10..1_280).contains(&people), "{people}");
    assert_eq!(en.run_caveats.len(), 1);
    // Its curves were predicted at the page's two usages' lengths, not measured by a server.
    let (workload, _) = en.workload.as_ref().expect("a workload line");
    assert!(workload.ends_with("nearest your 512-token prompts (of 2 pairs of lengths predicted)."), "{workload}");
    let caveat = &en.run_caveats[0];
    assert!(caveat.starts_with(&config_opening()), "{caveat}");
    assert!(states(caveat, &MEASURED_ERROR_CONFIG, "of"), "{caveat}");
    assert!(!caveat.contains(&share(MEASURED_ERROR_SHORT_FORM.decode_within_20, "of")), "{caveat}");
    let de = result_text(Lang::De, &outcome, Some(Usage::Chat));
    assert_eq!(de.people_value, en.people_value);
    assert!(
        de.run_caveats[0].starts_with(&format!(
            "Aus der config.json des Modells vorhergesagt, nicht gemessen: Auf den {} Läufen der Arena, die aus einer config.json gelesen wurden,",
            MEASURED_ERROR_CONFIG.runs
        )),
        "{:?}",
        de.run_caveats
    );
    assert!(states(&de.run_caveats[0], &MEASURED_ERROR_CONFIG, "von"), "{:?}", de.run_caveats);
    assert_eq!(
        run.names_de.label.as_deref(),
        Some("openai/gpt-oss-20b · MXFP4 · aus der Architektur vorhergesagt, nicht gemessen")
    );
}

#[test]
fn the_simulation_and_the_load_run_on_the_architectures_engine() {
    let state = imported();
    let run = Rc::clone(state.imported.get(&state.run_id).expect("the run"));
    let api = architecture_run_from_text(&config(), None, Some(&meta())).expect("reads");
    assert_eq!(PredictEngine::for_closed_loop(&run), Some(api.engine.engine));
    let done = state.import_panel.done.clone().expect("done");
    sizer_widget::import::suites::remember("ss", &done, &state.imported, &state.run_id);
    assert!(sizer_widget::import::suites::is_suite("ss", &state.run_id));
    let engine = engine_for(&state.run_id, Some(&run)).expect("an engine");
    assert_eq!(engine.source, ModelSource::Architecture);
    for (lang, label, of) in [
        (Lang::En, "predicted from the architecture, not measured", "of"),
        (Lang::De, "aus der Architektur vorhergesagt, nicht gemessen", "von"),
    ] {
        let html = load_result(&state, lang);
        let model = element_text(&html, "data-predict=\"model\"", "p");
        assert!(model.contains(label), "{model}");
        let error = element_text(&html, "data-predict=\"architecture-error\"", "p");
        assert!(states(&error, &MEASURED_ERROR_CONFIG, of), "{error}");
        assert!(!html.contains("data-predict=\"extrapolation\""), "nothing was measured to extrapolate from");
        assert!(!html.contains("data-predict=\"calibration\""), "not the fitted engines' error");
    }
}

#[test]
fn a_damaged_config_is_one_sentence_and_changes_nothing() {
    let garbled = "{\"model_type\": \"gpt_oss\", \"num_hidden_layers\": 24,";
    let files = model_files(&[("config.json", garbled)]).expect("meant as a config");
    let mut state = SizerState::new(&Config::default());
    let before = state.run_id.clone();
    state.apply_imported(architecture_action(&files, "", (512.0, 400.0)));
    assert_eq!(state.run_id, before);
    assert!(state.imported.is_empty());
    let en = element_text(&panel(&state, Lang::En), "data-import=\"error\"", "p");
    assert!(en.starts_with("This model configuration gives no run: The config.json is not JSON"), "{en}");
    assert_eq!(en.matches(". ").count(), 0, "one sentence: {en}");
    let de = element_text(&panel(&state, Lang::De), "data-import=\"error\"", "p");
    assert!(de.starts_with("Diese Modellkonfiguration ergibt keinen Lauf (Grund, auf Englisch:"), "{de}");
}

#[test]
fn a_typed_size_is_one_run_and_a_bad_one_is_one_sentence() {
    // 30B-A3B at FP8: 30 x 10^9 weights of one byte each, 30.0 GB; the short form's notes say
    // what it assumes (the layers, the KV cache, the routing).
    let size = TypedSize { total_params_b: 30.0, active_params_b: 3.0, format: "fp8".into() };
    assert_eq!(size.model_name(), "30B-A3B");
    let mut state = SizerState::new(&Config::default());
    assert!(state.apply_imported(size_action(&size, "", (512.0, 400.0))));
    assert_eq!(state.run_id, "yours-1");
    let en = element_text(&panel(&state, Lang::En), "data-import=\"status\"", "p");
    assert!(
        en.starts_with(
            "Read the model's size as one run, \"30B-A3B · FP8 · predicted from the architecture, not measured\", now in use: 30.0\u{a0}GB of weights,"
        ),
        "{en}"
    );
    let de = element_text(&panel(&state, Lang::De), "data-import=\"status\"", "p");
    assert!(de.starts_with("Die Größe des Modells als ein Lauf gelesen, „30B-A3B · FP8 · aus der Architektur"), "{de}");
    assert!(de.contains("30,0\u{a0}GB Gewichte"), "{de}");
    let run = Rc::clone(state.imported.get(&state.run_id).expect("the run"));
    let outcome = Calculation::for_run(RunRef::Yours(run), Scenario::chat());
    let people: u64 = result_text(Lang::En, &outcome, Some(Usage::Chat)).people_value.parse().expect("people");
    assert!(people > 0, "{people}");

    // Active above total: the short form's one sentence, the run in use stays.
    let wrong = TypedSize { total_params_b: 3.0, active_params_b: 30.0, format: "bf16".into() };
    assert!(!state.apply_imported(size_action(&wrong, "", (512.0, 400.0))));
    assert_eq!((state.run_id.as_str(), state.imported.runs().len()), ("yours-1", 1));
    let error = element_text(&panel(&state, Lang::En), "data-import=\"error\"", "p");
    assert_eq!(
        error,
        "This model configuration gives no run: The short form is not a model: total and active parameters must be numbers of billions in (0, 10,000], active at most total."
    );
    // 2,000B at BF16 is 4 TB of weights: more than a Spark holds, said so.
    let huge = TypedSize { total_params_b: 2_000.0, active_params_b: 2_000.0, format: "bf16".into() };
    assert!(!state.apply_imported(size_action(&huge, "", (512.0, 400.0))));
    let error = element_text(&panel(&state, Lang::En), "data-import=\"error\"", "p");
    assert!(error.starts_with("This model configuration gives no run: ") && error.contains("4000"), "{error}");
}

#[test]
fn a_typed_size_shows_the_error_of_predictions_from_a_size_alone() {
    // The two kinds' figures differ (docs/CALIBRATION-ARCHITECTURE.md, "By input"), so a sentence
    // with one kind's cannot hold the other's.
    assert_ne!(MEASURED_ERROR_SHORT_FORM.decode_within_20, MEASURED_ERROR_CONFIG.decode_within_20);
    let state = typed();
    let run = Rc::clone(state.imported.get(&state.run_id).expect("the run"));
    let outcome = Calculation::for_run(RunRef::Yours(Rc::clone(&run)), Scenario::chat());
    let en = result_text(Lang::En, &outcome, Some(Usage::Chat)).run_caveats;
    assert!(en[0].starts_with(&size_opening()), "{en:?}");
    assert!(states(&en[0], &MEASURED_ERROR_SHORT_FORM, "of"), "{en:?}");
    assert!(!en[0].contains(&share(MEASURED_ERROR_CONFIG.decode_within_20, "of")), "{en:?}");
    let de = result_text(Lang::De, &outcome, Some(Usage::Chat)).run_caveats;
    assert!(
        de[0].starts_with(&format!(
            "Allein aus der Größe des Modells vorhergesagt, nicht gemessen: Auf den {} Läufen der Arena, die nur über ihre Größe bekannt sind,",
            MEASURED_ERROR_SHORT_FORM.runs
        )),
        "{de:?}"
    );
    assert!(states(&de[0], &MEASURED_ERROR_SHORT_FORM, "von"), "{de:?}");
    // The load prediction on its engine says the same error.
    let error = element_text(&load_result(&state, Lang::En), "data-predict=\"architecture-error\"", "p");
    assert_eq!(error, en[0]);
}

#[test]
fn a_team_ranking_shows_each_kind_of_inputs_error() {
    let config = Rc::clone(imported().imported.get("yours-1").expect("the config's run"));
    // Imported one after the other, the second is the page's second run.
    let mut size = (**typed().imported.get("yours-1").expect("the size's run")).clone();
    size.id = "yours-2".to_owned();
    let size = Rc::new(size);
    let error = |html: &str| element_text(html, "data-result=\"team-architecture-error\"", "p");
    let one = error(&team(vec![Rc::clone(&size)], Lang::En));
    assert!(one.starts_with(&size_opening()) && states(&one, &MEASURED_ERROR_SHORT_FORM, "of"), "{one}");
    assert!(!one.contains("config.json"), "{one}");
    // Both kinds ranked: the config.json's sentence, then the size's.
    let both = error(&team(vec![size, config], Lang::En));
    let at = both.find(&size_opening()).expect("the size's sentence");
    assert!(both.starts_with(&config_opening()), "{both}");
    assert!(states(&both[..at], &MEASURED_ERROR_CONFIG, "of"), "{both}");
    assert!(states(&both[at..], &MEASURED_ERROR_SHORT_FORM, "of"), "{both}");
}

#[test]
fn the_memory_section_holds_its_weights_and_sessions() {
    // gpt-oss-20b with its server's FP8 cache: 13,747,322,880 bytes of weights and 24,576 bytes
    // per token in the pool (`tests/tests/core/architecture.rs`); at 115 GB and 8,192 tokens a
    // session, (115 x 10^9 - 13,747,322,880) / (8,192 x 24,576) = 502.9: 502 sessions, 101.3 GB
    // left for the cache.
    let state = imported();
    let run = Rc::clone(state.imported.get(&state.run_id).expect("the run"));
    let render = |lang| {
        let props = MemorySectionProps {
            choice: MemoryChoice { budget_gb: 115.0, budget_text: "115".into(), ..MemoryChoice::new(lang) },
            context_tokens: 8_192.0,
            run_id: None,
            imported_run: Some(Rc::clone(&run)),
            lang,
            id_prefix: AttrValue::Static("ss"),
            on_action: Callback::noop(),
        };
        futures::executor::block_on(yew::LocalServerRenderer::<MemorySection>::with_props(props).render())
    };
    let en = element_text(&render(Lang::En), "data-memory=\"run\"", "div");
    assert!(en.starts_with("The run you are sizing, openai/gpt-oss-20b · MXFP4 · predicted from the architecture, not measured: 13.7\u{a0}GB of MXFP4 weights (from the model's architecture; its cache per token too), leaving 101.3\u{a0}GB for the KV cache at a 115.0\u{a0}GB budget: 502 sessions of 8,192 tokens."), "{en}");
    assert!(en.ends_with("holds only the catalogue's models, not this one."), "{en}");
    let de = element_text(&render(Lang::De), "data-memory=\"run\"", "div");
    assert!(
        de.contains("13,7\u{a0}GB MXFP4-Gewichte (aus der Architektur des Modells;")
            && de.contains(": 502 Sitzungen zu 8.192 Token."),
        "{de}"
    );
}
