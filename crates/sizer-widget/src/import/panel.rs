//! "Size from your own benchmark": a drop zone, a file picker and a paste box that run
//! `sizer_import` in the browser, a number field per point when the input did not record its
//! concurrency (nothing is guessed), the list of imported runs (use, rename, remove), and the
//! opt-ins to remember them on this device and to put the chosen curve into the share link.
//!
//! Reading inputs is `reading.rs`; the pending import's form and each listed run have a file of
//! their own. Every name from an input is rendered as text. The panel's state lives in the
//! calculator's state and changes only through its reducer ([`ImportAction`]).
//!
//! # Props of [`ImportPanel`]
//! - `imported: ImportedRuns`: the instance's imported runs (from the state);
//! - `panel: ImportPanelState`: status, failure, warnings, the pending import (from the state);
//! - `selected: AttrValue`: the run in use;
//! - `lang: Lang`, `id_prefix: AttrValue`;
//! - `on_action: Callback<ImportAction>`: what the person did, for the state's reducer.

mod concurrency_form;
mod imported_item;
mod reading;
mod setup_form;
mod size_form;

use std::rc::Rc;

use sizer_import::{Import, ImportWarning};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use self::concurrency_form::ConcurrencyForm;
use self::imported_item::ImportedItem;
use self::reading::{Importer, file_vec};
pub use self::reading::{architecture_action, size_action, suite_action};
use self::size_form::SizeForm;
use crate::i18n::Lang;
use crate::i18n::architecture::{imported as architecture_imported, refused as architecture_refused, size_not_number};
use crate::i18n::import::{
    ImportMsg, error_text, file_unreadable, import_text, imported, size_limit, storage_notice, too_many_runs,
    warning_text,
};
use crate::i18n::import_suite::{
    file_error_text, ignored, refused_heading, suite_hint, suite_imported, suite_not_stored,
};
use crate::i18n::labels::{run_label, unnamed_label};
use crate::import::imported::ImportedRuns;
use crate::import::state::{ImportAction, ImportFailure, ImportPanelState, SuiteDone};

/// Props of [`ImportPanel`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct ImportPanelProps {
    /// The imported runs.
    pub imported: ImportedRuns,
    /// The panel's state.
    pub panel: ImportPanelState,
    /// The run in use.
    pub selected: AttrValue,
    /// Display language.
    pub lang: Lang,
    /// The instance's id prefix.
    pub id_prefix: AttrValue,
    /// Called with what the person did.
    pub on_action: Callback<ImportAction>,
    /// The sizing's prompt and answer lengths (a model's `config.json` is predicted at them).
    #[prop_or((sizer_core::Scenario::chat().prompt_tokens, sizer_core::Scenario::chat().answer_tokens))]
    pub lengths: (f64, f64),
}

/// The import panel.
#[component]
pub fn ImportPanel(props: &ImportPanelProps) -> Html {
    let lang = props.lang;
    let t = |msg: ImportMsg| import_text(lang, msg);
    let panel = &props.panel;
    let paste_ref = use_node_ref();
    let name = use_state(String::new);
    let importer = Importer { on_action: props.on_action.clone(), lengths: props.lengths };

    use_device_storage(&props.imported, props.on_action.clone());

    let prefix = &props.id_prefix;
    let paste_id = format!("{prefix}-import-paste");
    let name_id = format!("{prefix}-import-name");
    let file_id = format!("{prefix}-import-file");
    let remember_id = format!("{prefix}-import-remember");
    let share_id = format!("{prefix}-import-share");
    let message_id = format!("{prefix}-import-message");
    let limit_id = format!("{prefix}-import-limit");
    let suite_id = format!("{prefix}-import-suite");

    let start_paste: Rc<dyn Fn()> = {
        let importer = importer.clone();
        let paste_ref = paste_ref.clone();
        let name = name.clone();
        Rc::new(move || {
            let Some(area) = paste_ref.cast::<HtmlTextAreaElement>() else { return };
            // UTF-16 length <= UTF-8 bytes: over the limit here means over it in bytes, known
            // without copying the text into wasm.
            if !importer.refuse_if_too_large(area.text_length() as usize) {
                importer.paste(area.value(), (*name).clone());
            }
        })
    };
    let on_paste_import = {
        let start_paste = Rc::clone(&start_paste);
        Callback::from(move |_: MouseEvent| start_paste())
    };
    // Ctrl+Enter (Cmd+Enter) in the paste box imports, like the button.
    let on_paste_key = Callback::from(move |event: KeyboardEvent| {
        if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
            event.prevent_default();
            start_paste();
        }
    });
    let on_file = {
        let importer = importer.clone();
        let name = name.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let files = file_vec(input.files());
            // Cleared so picking the same file again imports it again.
            input.set_value("");
            importer.files(files, (*name).clone());
        })
    };
    let on_drag_over = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: DragEvent| {
            event.prevent_default();
            on_action.emit(ImportAction::Drag(true));
        })
    };
    let on_drag_leave = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: DragEvent| on_action.emit(ImportAction::Drag(false)))
    };
    let on_drop = {
        let importer = importer.clone();
        let name = name.clone();
        Callback::from(move |event: DragEvent| {
            event.prevent_default();
            importer.on_action.emit(ImportAction::Drag(false));
            let Some(transfer) = event.data_transfer() else { return };
            let files = file_vec(transfer.files());
            if !files.is_empty() {
                return importer.files(files, (*name).clone());
            }
            // Dragged text (a selection from a terminal or a page) is imported like a paste.
            let text = transfer.get_data("text/plain").unwrap_or_default();
            if !importer.refuse_if_too_large(text.len()) && !text.trim().is_empty() {
                importer.paste(text, (*name).clone());
            }
        })
    };
    let on_name = {
        let name = name.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            name.set(input.value());
        })
    };
    let on_remember = checkbox(props.on_action.clone(), ImportAction::SetRemember);
    let on_share = checkbox(props.on_action.clone(), ImportAction::SetShare);

    // An import waiting for concurrencies shows its own warnings.
    let warnings: &[ImportWarning] = match &panel.pending {
        Some(import) => &import.warnings,
        None => &panel.warnings,
    };
    let failure = panel.failure.as_deref().map(|failure| match failure {
        ImportFailure::Import(error) => error_text(lang, error),
        ImportFailure::TooMany(limit) => too_many_runs(lang, *limit),
        ImportFailure::FileUnreadable(file) => file_unreadable(lang, file),
        ImportFailure::ConcurrencyInvalid => t(ImportMsg::ConcurrencyInvalid).to_owned(),
        ImportFailure::Architecture(detail) => architecture_refused(lang, detail),
        ImportFailure::SizeNotNumber(field) => size_not_number(lang, *field).to_owned(),
    });
    let status = if panel.busy {
        Some(t(ImportMsg::Reading).to_owned())
    } else {
        panel.done.as_ref().map(|done| {
            let label = done.unnamed.map_or(done.label.as_str(), |unnamed| unnamed_label(lang, unnamed));
            match done.suite.as_ref().and_then(|s| s.get()) {
                Some(SuiteDone { architecture: Some(read), workloads, .. }) => {
                    // Its label has a German form: the run's, found by the label it was added with.
                    let run = props.imported.runs().iter().find(|run| run.label == done.label);
                    let label = run.map_or(label, |run| run_label(lang, run));
                    architecture_imported(lang, label, read.weights_gb, *workloads, read.assumed, read.short_form)
                }
                Some(suite) => suite_imported(lang, label, suite.files, suite.workloads, suite.load_steps),
                None => imported(lang, done.runs, done.format, label),
            }
        })
    };
    let suite = panel.done.as_ref().and_then(|done| done.suite.clone()).filter(|_| !panel.busy);
    let suite = suite.as_ref().and_then(|s| s.get());
    let storage = panel.storage.or(props.imported.notice).map(|notice| storage_notice(lang, notice));

    html! {
        <section class="ss-import" aria-labelledby={format!("{prefix}-import-heading")} data-import="panel">
            <h3 id={format!("{prefix}-import-heading")}>{ t(ImportMsg::Heading) }</h3>
            <p class="ss-hint">{ t(ImportMsg::Intro) }</p>
            <div
                class={classes!("ss-import-drop", panel.drag.then_some("ss-import-drop--active"))}
                data-import="drop"
                ondragover={on_drag_over.clone()}
                ondragenter={on_drag_over}
                ondragleave={on_drag_leave}
                ondrop={on_drop}
            >
                <span>{ t(if panel.drag { ImportMsg::DropActive } else { ImportMsg::DropZone }) }</span>
                <label class="ss-button" for={file_id.clone()}>{ t(ImportMsg::ChooseFiles) }</label>
                <input
                    id={file_id}
                    class="ss-visually-hidden"
                    type="file"
                    multiple=true
                    accept=".json,.jsonl,.txt,.md,.csv,.tsv,.log,text/plain,application/json"
                    data-import="file"
                    aria-describedby={format!("{suite_id} {limit_id}")}
                    onchange={on_file}
                />
            </div>
            <p class="ss-hint" id={suite_id.clone()} data-import="suite-hint">{ suite_hint(lang) }</p>
            <div class="ss-field">
                <label for={paste_id.clone()}>{ t(ImportMsg::PasteLabel) }</label>
                <textarea
                    id={paste_id}
                    ref={paste_ref}
                    rows="6"
                    spellcheck="false"
                    autocomplete="off"
                    placeholder={t(ImportMsg::PastePlaceholder)}
                    data-import="paste"
                    aria-describedby={limit_id.clone()}
                    aria-keyshortcuts="Control+Enter Meta+Enter"
                    onkeydown={on_paste_key}
                />
                <p class="ss-hint" id={limit_id}>{ size_limit(lang) }</p>
            </div>
            <div class="ss-field">
                <label for={name_id.clone()}>{ t(ImportMsg::NameLabel) }</label>
                <input
                    id={name_id.clone()}
                    type="text"
                    autocomplete="off"
                    maxlength="80"
                    data-import="name"
                    value={(*name).clone()}
                    aria-describedby={format!("{name_id}-hint")}
                    oninput={on_name}
                />
                <p class="ss-hint" id={format!("{name_id}-hint")}>{ t(ImportMsg::NameHint) }</p>
            </div>
            <button type="button" class="ss-button" data-import="submit" disabled={panel.busy} onclick={on_paste_import}>
                { t(ImportMsg::ImportButton) }
            </button>
            <SizeForm
                {lang}
                id_prefix={prefix.clone()}
                importer={importer.clone()}
                name={AttrValue::from((*name).clone())}
                busy={panel.busy}
            />
            <p class="ss-import-status" id={message_id} role="status" aria-live="polite" data-import="status">
                { status.unwrap_or_default() }
            </p>
            <p class="ss-error" role="alert" data-import="error">{ failure.unwrap_or_default() }</p>
            if let Some(import) = panel.pending.clone() {
                <ConcurrencyForm
                    {import}
                    typed={panel.typed.clone()}
                    {lang}
                    id_prefix={prefix.clone()}
                    on_action={props.on_action.clone()}
                    on_ready={Callback::from({
                        let importer = importer.clone();
                        move |import: Import| importer.add(import)
                    })}
                />
            }
            if let Some(suite) = suite.filter(|s| !s.refused.is_empty() || !s.ignored.is_empty()) {
                <div class="ss-import-warnings" data-import="suite-files">
                    if !suite.refused.is_empty() {
                        <h4>{ refused_heading(lang) }</h4>
                        <ul data-import="refused">
                            for error in suite.refused.iter() {
                                <li data-file={error.file.clone()}>{ file_error_text(lang, error) }</li>
                            }
                        </ul>
                    }
                    if !suite.ignored.is_empty() {
                        <p class="ss-hint" data-import="ignored">{ ignored(lang, &suite.ignored) }</p>
                    }
                </div>
            }
            if !warnings.is_empty() {
                <div class="ss-import-warnings" data-import="warnings">
                    <h4>{ t(ImportMsg::WarningsHeading) }</h4>
                    <ul>
                        for warning in warnings.iter() {
                            <li>{ warning_text(lang, warning) }</li>
                        }
                    </ul>
                </div>
            }
            <h4>{ t(ImportMsg::ListHeading) }</h4>
            if props.imported.is_empty() {
                <p class="ss-hint" data-import="empty">{ t(ImportMsg::ListEmpty) }</p>
            } else {
                <ul class="ss-import-list" data-import="list">
                    for run in props.imported.runs().iter() {
                        <ImportedItem
                            key={run.id.as_str()}
                            run={Rc::clone(run)}
                            selected={run.id == props.selected.as_str()}
                            {lang}
                            id_prefix={prefix.clone()}
                            on_action={props.on_action.clone()}
                        />
                    }
                </ul>
            }
            <div class="ss-check">
                <input id={remember_id.clone()} type="checkbox" data-import="remember" checked={props.imported.remember} onchange={on_remember} />
                <label for={remember_id}>{ t(ImportMsg::Remember) }</label>
                if props.imported.remember && props.imported.has_suite_run() {
                    <p class="ss-hint" data-import="suite-not-stored">{ suite_not_stored(lang) }</p>
                }
            </div>
            <div class="ss-check">
                <input
                    id={share_id.clone()}
                    type="checkbox"
                    data-import="share"
                    checked={props.imported.share}
                    aria-describedby={format!("{share_id}-hint")}
                    onchange={on_share}
                />
                <label for={share_id.clone()}>{ t(ImportMsg::Share) }</label>
                <p class="ss-hint" id={format!("{share_id}-hint")}>{ t(ImportMsg::ShareHint) }</p>
            </div>
            <p class="ss-error" data-import="storage">{ storage.unwrap_or_default() }</p>
        </section>
    }
}

/// A checkbox's `onchange` that sends `make(checked)`.
fn checkbox(on_action: Callback<ImportAction>, make: fn(bool) -> ImportAction) -> Callback<Event> {
    Callback::from(move |event: Event| {
        let input: HtmlInputElement = event.target_unchecked_into();
        on_action.emit(make(input.checked()));
    })
}

/// Reads this device's runs once after mounting and writes them whenever they change while the
/// person has opted in; unticking "remember" removes them. Browser only.
#[hook]
fn use_device_storage(imported: &ImportedRuns, on_action: Callback<ImportAction>) {
    {
        let on_action = on_action.clone();
        use_effect_with((), move |_| {
            #[cfg(target_arch = "wasm32")]
            on_action.emit(ImportAction::Restore(Rc::new(crate::import::imported::device::load())));
            #[cfg(not(target_arch = "wasm32"))]
            let _ = on_action;
        });
    }
    let was_remembering = use_mut_ref(|| false);
    use_effect_with(imported.clone(), move |imported| {
        if imported.restored {
            let was = std::mem::replace(&mut *was_remembering.borrow_mut(), imported.remember);
            if imported.remember || was {
                #[cfg(target_arch = "wasm32")]
                on_action.emit(ImportAction::Stored(crate::import::imported::device::save(imported).err()));
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        let _ = on_action;
    });
}
