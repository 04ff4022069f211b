//! "Size from your own benchmark": a drop zone, a file picker and a paste box that run
//! `sizer_import` in the browser, a number field per point when the input did not record its
//! concurrency (nothing is guessed), the list of imported runs (use, rename, remove), and the
//! opt-ins to remember them on this device and to put the chosen curve into the share link.
//!
//! Inputs are refused over `sizer_import::MAX_INPUT_BYTES` before they are read (a file by its
//! size, a paste by its length in the text box); parsing runs after a zero-delay tick so the page
//! paints "Reading…" first and stays responsive. Every name from an input is rendered as text.
//!
//! # Props of [`ImportPanel`]
//! - `imported: ImportedRuns`: the instance's imported runs (from the state);
//! - `selected: AttrValue`: the run in use;
//! - `lang: Lang`, `id_prefix: AttrValue`;
//! - `on_action: Callback<ImportAction>`: what the person did, for the state's reducer.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use sizer_data::Run;
use sizer_import::{Format, Import, ImportError, MAX_INPUT_BYTES, Outcome, Warning};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::import::{
    ImportMsg, error_text, file_unreadable, import_text, imported, missing_point, point_count, remove_named, run_note,
    size_limit, storage_notice, too_many_runs, use_named, warning_text,
};
use crate::i18n::tables::{TableMsg, format_figure, table_text};
use crate::imported::{ImportAction, ImportedRuns, StorageNotice};

/// Props of [`ImportPanel`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct ImportPanelProps {
    /// The imported runs.
    pub imported: ImportedRuns,
    /// The run in use.
    pub selected: AttrValue,
    /// Display language.
    pub lang: Lang,
    /// The instance's id prefix.
    pub id_prefix: AttrValue,
    /// Called with what the person did.
    pub on_action: Callback<ImportAction>,
}

/// Why the last import did not go through.
#[derive(Clone, Debug, PartialEq)]
enum Failure {
    Import(ImportError),
    TooMany(usize),
    FileUnreadable(String),
    ConcurrencyInvalid,
}

/// What the last import gave.
#[derive(Clone, Debug, PartialEq)]
struct Done {
    runs: usize,
    format: Format,
    label: String,
}

/// The panel's own state (the imported runs live in the calculator's state).
#[derive(Clone, Debug, Default, PartialEq)]
struct Panel {
    busy: bool,
    drag: bool,
    done: Option<Done>,
    failure: Option<Failure>,
    warnings: Vec<Warning>,
    /// An import waiting for concurrencies, and what was typed for each missing point.
    pending: Option<Rc<Import>>,
    typed: Vec<String>,
    /// A failure writing to this device.
    storage: Option<StorageNotice>,
}

enum PanelAction {
    Busy,
    Drag(bool),
    Failed(Failure),
    Done(Done, Vec<Warning>),
    Pending(Import, Vec<Warning>),
    Typed(usize, String),
    Cancel,
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Storage(Option<StorageNotice>),
}

impl Reducible for Panel {
    type Action = PanelAction;

    fn reduce(self: Rc<Self>, action: PanelAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            PanelAction::Busy => {
                next.busy = true;
                next.failure = None;
                next.done = None;
            }
            PanelAction::Drag(on) => next.drag = on,
            PanelAction::Failed(failure) => {
                next.busy = false;
                next.failure = Some(failure);
            }
            PanelAction::Done(done, warnings) => {
                next = Panel { done: Some(done), warnings, storage: next.storage, ..Panel::default() };
            }
            PanelAction::Pending(import, warnings) => {
                let missing = missing_count(&import);
                next = Panel {
                    pending: Some(Rc::new(import)),
                    typed: vec![String::new(); missing],
                    warnings,
                    storage: next.storage,
                    ..Panel::default()
                };
            }
            PanelAction::Typed(index, text) => {
                if let Some(slot) = next.typed.get_mut(index) {
                    *slot = text;
                }
            }
            PanelAction::Cancel => {
                next.pending = None;
                next.typed.clear();
                next.failure = None;
                next.warnings.clear();
            }
            PanelAction::Storage(notice) => next.storage = notice,
        }
        Rc::new(next)
    }
}

fn missing_count(import: &Import) -> usize {
    match import.outcome() {
        Outcome::Ready => 0,
        Outcome::NeedsConcurrency(missing) => missing.len(),
    }
}

/// Everything an import callback needs, cheap to clone into closures and tasks.
#[derive(Clone)]
struct Importer {
    panel: UseReducerDispatcher<Panel>,
    on_action: Callback<ImportAction>,
    /// How many runs are listed now (read when an import finishes, not when it starts).
    listed: Rc<RefCell<usize>>,
}

impl Importer {
    /// Finishes an import: ready runs go to the state, missing concurrencies to the form.
    fn finish(&self, result: Result<Import, ImportError>) {
        match result {
            Err(error) => self.panel.dispatch(PanelAction::Failed(Failure::Import(error))),
            Ok(import) => match import.outcome() {
                Outcome::Ready => self.add(import),
                Outcome::NeedsConcurrency(_) => {
                    let warnings = import.warnings.clone();
                    self.panel.dispatch(PanelAction::Pending(import, warnings));
                }
            },
        }
    }

    /// Hands a complete import's runs to the state.
    fn add(&self, import: Import) {
        let runs = match import.to_runs() {
            Ok(runs) => runs,
            Err(error) => return self.panel.dispatch(PanelAction::Failed(Failure::Import(error))),
        };
        let listed = *self.listed.borrow();
        if listed.saturating_add(runs.len()) > crate::imported::MAX_IMPORTED_RUNS {
            return self.panel.dispatch(PanelAction::Failed(Failure::TooMany(crate::imported::MAX_IMPORTED_RUNS)));
        }
        let label = runs.first().map(|run| run.label.clone()).unwrap_or_default();
        let done = Done { runs: runs.len(), format: import.format, label };
        let warnings: Vec<Warning> =
            import.warnings.into_iter().filter(|w| !matches!(w, Warning::ConcurrencyUnknown { .. })).collect();
        self.on_action.emit(ImportAction::Add(runs.into_iter().map(Rc::new).collect()));
        self.panel.dispatch(PanelAction::Done(done, warnings));
    }

    /// Imports pasted text after a zero-delay tick (the size was checked by the caller).
    fn paste(&self, text: String, name: String) {
        self.panel.dispatch(PanelAction::Busy);
        let this = self.clone();
        yew::platform::spawn_local(async move {
            yew::platform::time::sleep(Duration::ZERO).await;
            this.finish(sizer_import::import(&text, &name));
        });
    }

    /// Reads and imports files; refused before reading when over the size limit.
    fn files(&self, files: Vec<web_sys::File>, name: String) {
        if files.is_empty() {
            return;
        }
        // File sizes are whole numbers of bytes below 2^53, so the conversion is exact.
        let total: f64 = files.iter().map(|file| file.size()).sum();
        if total > MAX_INPUT_BYTES as f64 {
            let error = ImportError::TooLarge { bytes: total as usize, limit: MAX_INPUT_BYTES };
            return self.panel.dispatch(PanelAction::Failed(Failure::Import(error)));
        }
        self.panel.dispatch(PanelAction::Busy);
        let this = self.clone();
        yew::platform::spawn_local(async move {
            let mut read: Vec<(String, Vec<u8>)> = Vec::with_capacity(files.len());
            for file in files {
                let file = gloo::file::File::from(file);
                let file_name = file.name();
                match read_bytes(&file).await {
                    Some(bytes) => read.push((file_name, bytes)),
                    None => return this.panel.dispatch(PanelAction::Failed(Failure::FileUnreadable(file_name))),
                }
            }
            yew::platform::time::sleep(Duration::ZERO).await;
            this.finish(import_read_files(&read, &name));
        });
    }
}

/// One file's bytes, or `None` when the browser could not read it.
async fn read_bytes(file: &gloo::file::File) -> Option<Vec<u8>> {
    let (sender, receiver) = yew::platform::pinned::oneshot::channel();
    let _reader = gloo::file::callbacks::read_as_bytes(file, move |result| {
        let _ = sender.send(result.ok());
    });
    receiver.await.ok().flatten()
}

/// One file through `import_bytes` (UTF-8 or UTF-16 with BOM); several through `import_files`
/// (UTF-8), each error naming its file.
fn import_read_files(files: &[(String, Vec<u8>)], name: &str) -> Result<Import, ImportError> {
    if let [(file, bytes)] = files {
        return sizer_import::import_bytes(bytes, name).map_err(|error| match error {
            ImportError::TooLarge { .. } => error,
            other => ImportError::InFile { file: sizer_import::clean_label(file).0, error: Box::new(other) },
        });
    }
    let mut texts: Vec<(&str, &str)> = Vec::with_capacity(files.len());
    for (file, bytes) in files {
        let text = core::str::from_utf8(bytes).map_err(|_| ImportError::InFile {
            file: sizer_import::clean_label(file).0,
            error: Box::new(ImportError::Binary),
        })?;
        texts.push((file.as_str(), text));
    }
    sizer_import::import_files(&texts, name)
}

/// Completes a pending import with the typed concurrencies, in the order the points were
/// listed. Points of unknown concurrency keep their order (the importer's sort is stable), so
/// after each completion the first one still missing is the next one typed.
fn complete(import: &Import, typed: &[String]) -> Result<Import, Failure> {
    let mut values = Vec::with_capacity(typed.len());
    for text in typed {
        match text.trim().parse::<u32>() {
            Ok(value) if value >= 1 => values.push(f64::from(value)),
            _ => return Err(Failure::ConcurrencyInvalid),
        }
    }
    let mut import = import.clone();
    for value in values {
        let Outcome::NeedsConcurrency(missing) = import.outcome() else { break };
        let Some(first) = missing.first() else { break };
        import = import.with_concurrency(first.run, first.point, value).map_err(Failure::Import)?;
    }
    Ok(import)
}

/// The files of a `FileList`.
fn file_vec(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length()).filter_map(|index| list.item(index)).collect()
}

/// The import panel.
#[component]
pub fn ImportPanel(props: &ImportPanelProps) -> Html {
    let lang = props.lang;
    let t = |msg: ImportMsg| import_text(lang, msg);
    let panel = use_reducer(Panel::default);
    let paste_ref = use_node_ref();
    let name = use_state(String::new);
    let listed = use_mut_ref(|| 0usize);
    *listed.borrow_mut() = props.imported.len();
    let importer = Importer { panel: panel.dispatcher(), on_action: props.on_action.clone(), listed };

    use_device_storage(&props.imported, props.on_action.clone(), panel.dispatcher());

    let prefix = &props.id_prefix;
    let paste_id = format!("{prefix}-import-paste");
    let name_id = format!("{prefix}-import-name");
    let file_id = format!("{prefix}-import-file");
    let remember_id = format!("{prefix}-import-remember");
    let share_id = format!("{prefix}-import-share");
    let message_id = format!("{prefix}-import-message");
    let limit_id = format!("{prefix}-import-limit");

    let start_paste: Rc<dyn Fn()> = {
        let importer = importer.clone();
        let paste_ref = paste_ref.clone();
        let name = name.clone();
        Rc::new(move || {
            let Some(area) = paste_ref.cast::<HtmlTextAreaElement>() else { return };
            // UTF-16 length <= UTF-8 bytes: over the limit here means over it in bytes, known
            // without copying the text into wasm.
            let length = area.text_length() as usize;
            if length > MAX_INPUT_BYTES {
                let error = ImportError::TooLarge { bytes: length, limit: MAX_INPUT_BYTES };
                return importer.panel.dispatch(PanelAction::Failed(Failure::Import(error)));
            }
            importer.paste(area.value(), (*name).clone());
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
        let panel = panel.dispatcher();
        Callback::from(move |event: DragEvent| {
            event.prevent_default();
            panel.dispatch(PanelAction::Drag(true));
        })
    };
    let on_drag_leave = {
        let panel = panel.dispatcher();
        Callback::from(move |_: DragEvent| panel.dispatch(PanelAction::Drag(false)))
    };
    let on_drop = {
        let importer = importer.clone();
        let name = name.clone();
        Callback::from(move |event: DragEvent| {
            event.prevent_default();
            importer.panel.dispatch(PanelAction::Drag(false));
            let Some(transfer) = event.data_transfer() else { return };
            let files = file_vec(transfer.files());
            if !files.is_empty() {
                return importer.files(files, (*name).clone());
            }
            // Dragged text (a selection from a terminal or a page) is imported like a paste.
            let text = transfer.get_data("text/plain").unwrap_or_default();
            if text.len() > MAX_INPUT_BYTES {
                let error = ImportError::TooLarge { bytes: text.len(), limit: MAX_INPUT_BYTES };
                return importer.panel.dispatch(PanelAction::Failed(Failure::Import(error)));
            }
            if !text.trim().is_empty() {
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

    let failure = panel.failure.as_ref().map(|failure| match failure {
        Failure::Import(error) => error_text(lang, error),
        Failure::TooMany(limit) => too_many_runs(lang, *limit),
        Failure::FileUnreadable(file) => file_unreadable(lang, file),
        Failure::ConcurrencyInvalid => t(ImportMsg::ConcurrencyInvalid).to_owned(),
    });
    let status = if panel.busy {
        Some(t(ImportMsg::Reading).to_owned())
    } else {
        panel.done.as_ref().map(|done| imported(lang, done.runs, done.format, &done.label))
    };
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
                    aria-describedby={limit_id.clone()}
                    onchange={on_file}
                />
            </div>
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
                    panel={panel.dispatcher()}
                    on_ready={Callback::from({
                        let importer = importer.clone();
                        move |import: Import| importer.add(import)
                    })}
                />
            }
            if !panel.warnings.is_empty() {
                <div class="ss-import-warnings" data-import="warnings">
                    <h4>{ t(ImportMsg::WarningsHeading) }</h4>
                    <ul>
                        for warning in panel.warnings.iter() {
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
fn use_device_storage(imported: &ImportedRuns, on_action: Callback<ImportAction>, panel: UseReducerDispatcher<Panel>) {
    use_effect_with((), move |_| {
        #[cfg(target_arch = "wasm32")]
        on_action.emit(ImportAction::Restore(Rc::new(crate::imported::device::load())));
        #[cfg(not(target_arch = "wasm32"))]
        let _ = on_action;
    });
    let was_remembering = use_mut_ref(|| false);
    use_effect_with(imported.clone(), move |imported| {
        if imported.restored {
            let was = std::mem::replace(&mut *was_remembering.borrow_mut(), imported.remember);
            if imported.remember || was {
                #[cfg(target_arch = "wasm32")]
                panel.dispatch(PanelAction::Storage(crate::imported::device::save(imported).err()));
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        let _ = panel;
    });
}

/// Props of [`ConcurrencyForm`].
#[derive(Properties, Clone)]
struct ConcurrencyFormProps {
    import: Rc<Import>,
    typed: Vec<String>,
    lang: Lang,
    id_prefix: AttrValue,
    panel: UseReducerDispatcher<Panel>,
    on_ready: Callback<Import>,
}

impl PartialEq for ConcurrencyFormProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.import, &other.import) && self.typed == other.typed && self.lang == other.lang
    }
}

/// One number field per point without a recorded concurrency.
#[component]
fn ConcurrencyForm(props: &ConcurrencyFormProps) -> Html {
    let lang = props.lang;
    let t = |msg: ImportMsg| import_text(lang, msg);
    let missing = match props.import.outcome() {
        Outcome::Ready => Vec::new(),
        Outcome::NeedsConcurrency(missing) => missing,
    };
    let on_apply = {
        let import = Rc::clone(&props.import);
        let typed = props.typed.clone();
        let panel = props.panel.clone();
        let on_ready = props.on_ready.clone();
        Callback::from(move |_: MouseEvent| match complete(&import, &typed) {
            Ok(done) => on_ready.emit(done),
            Err(failure) => panel.dispatch(PanelAction::Failed(failure)),
        })
    };
    let on_cancel = {
        let panel = props.panel.clone();
        Callback::from(move |_: MouseEvent| panel.dispatch(PanelAction::Cancel))
    };
    html! {
        <fieldset class="ss-import-concurrency" data-import="concurrency">
            <legend>{ t(ImportMsg::ConcurrencyHeading) }</legend>
            <p class="ss-hint">{ t(ImportMsg::ConcurrencyIntro) }</p>
            for (index, point) in missing.iter().enumerate() {
                <div class="ss-field" key={index}>
                    <label for={format!("{}-import-c{index}", props.id_prefix)}>
                        { t(ImportMsg::ConcurrencyLabel) }{ ": " }{ missing_point(lang, point) }
                    </label>
                    <input
                        id={format!("{}-import-c{index}", props.id_prefix)}
                        type="text"
                        inputmode="numeric"
                        autocomplete="off"
                        data-import="concurrency-value"
                        value={props.typed.get(index).cloned().unwrap_or_default()}
                        oninput={{
                            let panel = props.panel.clone();
                            Callback::from(move |event: InputEvent| {
                                let input: HtmlInputElement = event.target_unchecked_into();
                                panel.dispatch(PanelAction::Typed(index, input.value()));
                            })
                        }}
                    />
                </div>
            }
            <button type="button" class="ss-button" data-import="concurrency-apply" onclick={on_apply}>{ t(ImportMsg::ConcurrencyApply) }</button>
            <button type="button" class="ss-button ss-button--quiet" onclick={on_cancel}>{ t(ImportMsg::Cancel) }</button>
        </fieldset>
    }
}

/// The run's points as imported: concurrency, the per-request speed the curve uses, the
/// aggregate as counted, and p99 time to first token where measured.
fn points_table(lang: Lang, run: &Run) -> Html {
    let curve: Vec<(f64, f64)> = run.curve_points().map(|(points, _)| points).unwrap_or_default();
    let cell = |value: Option<f64>| value.map(|v| format_figure(lang, v)).unwrap_or_else(|| "—".to_owned());
    html! {
        <details class="ss-import-points">
            <summary>{ import_text(lang, ImportMsg::PointsSummary) }</summary>
            <table data-import="points">
                <thead>
                    <tr>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnConcurrency) }</th>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnPerRequest) }</th>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnAggregate) }</th>
                        <th scope="col">{ table_text(lang, TableMsg::ColumnTtftP99) }</th>
                    </tr>
                </thead>
                <tbody>
                    for point in run.points.iter() {
                        <tr key={point.concurrency} data-concurrency={point.concurrency.to_string()}>
                            <th scope="row">{ point.concurrency }</th>
                            <td>{ cell(curve.iter().find(|(c, _)| *c == f64::from(point.concurrency)).map(|(_, s)| *s)) }</td>
                            <td>{ cell(point.aggregate_tok_s.map(|f| f.value)) }</td>
                            <td>{ cell(point.p99_ttft_ms.map(|f| f.value)) }</td>
                        </tr>
                    }
                </tbody>
            </table>
        </details>
    }
}

/// Props of [`ImportedItem`].
#[derive(Properties, PartialEq, Clone)]
struct ImportedItemProps {
    run: Rc<Run>,
    selected: bool,
    lang: Lang,
    id_prefix: AttrValue,
    on_action: Callback<ImportAction>,
}

/// One imported run: its name (editable), "yours", point count, the curve's basis, use, remove.
#[component]
fn ImportedItem(props: &ImportedItemProps) -> Html {
    let lang = props.lang;
    let t = |msg: ImportMsg| import_text(lang, msg);
    let run = &props.run;
    let name_id = format!("{}-import-name-{}", props.id_prefix, run.id);
    let on_rename = {
        let on_action = props.on_action.clone();
        let id = run.id.clone();
        let label = run.label.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let (name, _) = sizer_import::clean_label(&input.value());
            if name.is_empty() {
                input.set_value(&label);
            } else {
                on_action.emit(ImportAction::Rename(id.clone(), name));
            }
        })
    };
    let on_use = {
        let on_action = props.on_action.clone();
        let id = run.id.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(ImportAction::Select(id.clone())))
    };
    let on_remove = {
        let on_action = props.on_action.clone();
        let id = run.id.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(ImportAction::Remove(id.clone())))
    };
    html! {
        <li
            class={classes!("ss-import-item", props.selected.then_some("ss-import-item--selected"))}
            id={["run-", run.id.as_str()].concat()}
            data-run-id={run.id.clone()}
        >
            <label class="ss-visually-hidden" for={name_id.clone()}>{ t(ImportMsg::RenameLabel) }</label>
            <input id={name_id} type="text" maxlength="80" data-import="rename" value={run.label.clone()} onchange={on_rename} />
            <span class="ss-yours" data-origin="yours">{ t(ImportMsg::Yours) }</span>
            <span class="ss-hint">{ point_count(lang, run.points.len()) }</span>
            if let Some(note) = &run.note {
                <span class="ss-hint ss-import-note">{ run_note(lang, note) }</span>
            }
            if props.selected {
                <span class="ss-import-in-use">{ t(ImportMsg::InUse) }</span>
            } else {
                <button type="button" class="ss-button ss-button--quiet" data-import="use" aria-label={use_named(lang, &run.label)} onclick={on_use}>
                    { t(ImportMsg::Use) }
                </button>
            }
            <button type="button" class="ss-button ss-button--quiet" data-import="remove" aria-label={remove_named(lang, &run.label)} onclick={on_remove}>
                { t(ImportMsg::Remove) }
            </button>
            { points_table(lang, run) }
        </li>
    }
}
