//! A model's `config.json` pasted in the import panel (wasm-bindgen-test in headless Chromium):
//! a damaged one is one sentence and the page keeps its sizing; gpt-oss-20b's real config then
//! becomes the run in use, sized as the core sizes the same run built natively, labelled
//! "predicted from the architecture, not measured" with the error measured on the arena's runs
//! read from a config.json beside the headline, the team ranking and the simulation; a model
//! typed by its size shows the error of the runs known by their size alone instead. Run:
//! `cargo test -p sizer-widget --target wasm32-unknown-unknown --test browser_import import_architecture::`.

use std::rc::Rc;

use sizer_core::Scenario;
use sizer_data::architecture::as_run::{architecture_as_run, usage_lengths};
use sizer_data::architecture::constants::{MEASURED_ERROR_CONFIG, MEASURED_ERROR_SHORT_FORM};
use sizer_import::suite::predict_architecture::{architecture_run_from_size, architecture_run_from_text};
use sizer_widget::i18n::Lang;
use sizer_widget::i18n::architecture::run_names;
use sizer_widget::import::imported::STORAGE_KEY;
use sizer_widget::shell::config::Attributes;
use sizer_widget::shell::state::Usage;
use sizer_widget::sizing::calculation::Calculation;
use sizer_widget::sizing::run_ref::RunRef;
use sizer_widget::sizing::summary::result_text;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::support::*;

/// The real `config.json` of openai/gpt-oss-20b (`tests/fixtures/model-configs/README.md`).
const GPT_OSS: &str = include_str!("../../../../tests/fixtures/model-configs/openai__gpt-oss-20b.json");

async fn paste(root: &Element, text: &str) {
    let area: HtmlTextAreaElement = wait_for(root, "[data-import=\"paste\"]").await.dyn_into().expect("textarea");
    area.set_value(text);
    fire(&area, "input");
    click(root, "[data-import=\"submit\"]");
}

/// The people the page should show: the same run built natively, sized by the page's rules.
fn expected_people() -> String {
    let arch = architecture_run_from_text(GPT_OSS, None, None).expect("reads");
    let names = run_names("", &arch.read.model_type, &arch.read.format, arch.input, &arch.measured_error);
    let chat = Scenario::chat();
    let run = architecture_as_run(&arch, &usage_lengths(chat.prompt_tokens, chat.answer_tokens), names).expect("a run");
    let outcome = Calculation::for_run(RunRef::Yours(Rc::new(run)), chat);
    result_text(Lang::En, &outcome, Some(Usage::Chat)).people_value
}

#[wasm_bindgen_test]
async fn a_pasted_config_is_sized_labelled_and_a_damaged_one_is_one_sentence() {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    let root = mount_app(Attributes::default(), "imp-arch").0;
    wait_for_value(&root, "people", "163").await;

    paste(&root, "{\"model_type\": \"llama\", \"num_hidden_layers\": 2,").await;
    let refused = wait_for_text(&root, "[data-import=\"error\"]", |t| !t.is_empty()).await;
    assert!(refused.starts_with("This model configuration gives no run: The config.json is not JSON"), "{refused}");
    assert_eq!(count(&root, "[data-import=\"list\"] li"), 0);
    wait_for_value(&root, "people", "163").await;

    paste(&root, GPT_OSS).await;
    wait_for(&root, "[data-import=\"list\"] li").await;
    wait_for_value(&root, "people", &expected_people()).await;
    let option = text_of(&root, "select[data-field=\"run\"] option[value=\"yours-1\"]");
    assert!(option.starts_with("gpt_oss · MXFP4 · predicted from the architecture, not measured"), "{option}");
    let (hits, of) = MEASURED_ERROR_CONFIG.decode_within_20;
    let caveat = wait_for_text(&root, "[data-result=\"run-caveats\"]", |t| !t.is_empty()).await;
    assert!(
        caveat.starts_with(&format!(
            "Predicted from the model's config.json, not measured: on the arena's {} runs read from a config.json,",
            MEASURED_ERROR_CONFIG.runs
        )),
        "{caveat}"
    );
    assert!(caveat.contains(&format!("{hits} of {of} points")), "{caveat}");
    let ranking = wait_for_text(&root, "[data-result=\"team-architecture-error\"]", |t| !t.is_empty()).await;
    assert_eq!(ranking, caveat);
    let model = wait_for_text(&root, "[data-result=\"sim-model\"]", |t| !t.is_empty()).await;
    assert!(model.starts_with("Model: the engine computed from this model's architecture"), "{model}");
    assert_eq!(text_of(&root, "[data-result=\"sim-architecture-error\"]"), caveat);
}

/// Types `value` into the short form's `field` as a person does.
fn type_size(root: &Element, field: &str, value: &str) {
    let input: HtmlInputElement = one(root, &format!("[data-import=\"{field}\"]")).dyn_into().expect("an input");
    input.set_value(value);
    fire(&input, "input");
}

#[wasm_bindgen_test]
async fn a_typed_size_is_sized_and_a_word_is_one_sentence() {
    local_storage().remove_item(STORAGE_KEY).expect("clear storage");
    let root = mount_app(Attributes { lang: Some("de".into()), ..Attributes::default() }, "imp-size").0;
    wait_for_value(&root, "people", "163").await;
    wait_for(&root, "[data-import=\"size-form\"]").await;

    // A word where a number belongs: one sentence, nothing added.
    type_size(&root, "size-total", "dreißig");
    click(&root, "[data-import=\"size-submit\"]");
    let refused = wait_for_text(&root, "[data-import=\"error\"]", |t| !t.is_empty()).await;
    assert_eq!(refused, "Die Parameter gesamt müssen eine Zahl in Milliarden sein, etwa 30.");
    assert_eq!(count(&root, "[data-import=\"list\"] li"), 0);

    // 30,5 total (German decimal comma), 3,3 active, NVFP4: the run the native code builds.
    type_size(&root, "size-total", "30,5");
    type_size(&root, "size-active", "3,3");
    let format: HtmlSelectElement = one(&root, "[data-import=\"size-format\"]").dyn_into().expect("a select");
    format.set_value("nvfp4");
    fire(&format, "change");
    click(&root, "[data-import=\"size-submit\"]");
    wait_for(&root, "[data-import=\"list\"] li").await;
    let arch = architecture_run_from_size(30.5, 3.3, Some("nvfp4")).expect("a run");
    let names = run_names("", "30.5B-A3.3B", &arch.read.format, arch.input, &arch.measured_error);
    let chat = Scenario::chat();
    let run = architecture_as_run(&arch, &usage_lengths(chat.prompt_tokens, chat.answer_tokens), names).expect("a run");
    let outcome = Calculation::for_run(RunRef::Yours(Rc::new(run)), chat);
    let people = result_text(Lang::De, &outcome, Some(Usage::Chat)).people_value;
    wait_for_value(&root, "people", &people).await;
    let status = text_of(&root, "[data-import=\"status\"]");
    assert!(status.starts_with("Die Größe des Modells als ein Lauf gelesen, „30.5B-A3.3B · NVFP4 · aus der Architektur vorhergesagt, nicht gemessen“"), "{status}");
    assert_eq!(text_of(&root, "[data-import=\"error\"]"), "");
    // Its error is the one measured on the arena's runs known by their size alone.
    let (hits, of) = MEASURED_ERROR_SHORT_FORM.decode_within_20;
    let caveat = wait_for_text(&root, "[data-result=\"run-caveats\"]", |t| !t.is_empty()).await;
    assert!(
        caveat.starts_with(&format!(
            "Allein aus der Größe des Modells vorhergesagt, nicht gemessen: Auf den {} Läufen der Arena, die nur über ihre Größe bekannt sind,",
            MEASURED_ERROR_SHORT_FORM.runs
        )),
        "{caveat}"
    );
    assert!(caveat.contains(&format!("auf {hits} von {of} Punkten")), "{caveat}");
    let ranking = wait_for_text(&root, "[data-result=\"team-architecture-error\"]", |t| !t.is_empty()).await;
    assert_eq!(ranking, caveat);
}
