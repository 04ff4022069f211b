//! "Read your logs", folded inside "Load from your logs": a pasted log or chosen log files are
//! read in the browser (`sizer_import::logs::read_logs`; only counts and times are kept), what
//! they show is said figure by figure, and "Predict this load" puts the busiest window's rate,
//! the burstiness and the mean lengths into the section's inputs (through its link keys, as the
//! sizing's handoff does) and moves the focus to them.
//!
//! # Props of [`LogReader`]
//! - `link`, `on_link`: the section's link keys, and where the new keys go;
//! - `id_prefix`: the instance's id prefix (to find the section's rate input);
//! - `lang`.

use std::rc::Rc;

use sizer_data::prediction::PageField;
use sizer_import::logs::{LogError, LogLoad, MAX_LOG_BYTES, read_logs};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::load_prediction::field_name;
use crate::i18n::logs::{LogsMsg, logs_text, summary};
use crate::simulation::load_prediction::fragment::with_log_load;

/// Props of [`LogReader`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct LogReaderProps {
    pub link: AttrValue,
    pub on_link: Callback<String>,
    pub id_prefix: AttrValue,
    pub lang: Lang,
}

/// What the reader shows: nothing yet, reading, the load read, or why there is none.
#[derive(Clone, PartialEq)]
enum Read {
    Nothing,
    Busy,
    Load(Rc<LogLoad>),
    Failed(String),
}

/// The log reader; see the module docs.
#[component]
pub fn LogReader(props: &LogReaderProps) -> Html {
    let lang = props.lang;
    let t = |msg| logs_text(lang, msg);
    let read = use_state(|| Read::Nothing);
    let paste = use_node_ref();
    let on_read = {
        let (read, paste) = (read.clone(), paste.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(area) = paste.cast::<HtmlTextAreaElement>() else { return };
            read.set(outcome(&area.value()));
        })
    };
    let on_files = {
        let read = read.clone();
        Callback::from(move |event: Event| {
            let Some(input) = event.target_dyn_into::<HtmlInputElement>() else { return };
            let files: Vec<web_sys::File> =
                input.files().map(|list| (0..list.length()).filter_map(|i| list.get(i)).collect()).unwrap_or_default();
            read_files(files, read.clone(), lang);
        })
    };
    let shown = match &*read {
        Read::Nothing => Html::default(),
        Read::Busy => html! { <p class="ss-hint" role="status">{ t(LogsMsg::Reading) }</p> },
        Read::Failed(message) => html! { <p class="ss-error" role="alert" data-logs="error">{ message.clone() }</p> },
        Read::Load(load) => {
            let use_it = {
                let (on_link, link, load) = (props.on_link.clone(), props.link.clone(), Rc::clone(load));
                let rate_input = format!("{}-{}", props.id_prefix, field_name(PageField::RatePerS));
                Callback::from(move |event: MouseEvent| {
                    on_link.emit(with_log_load(&link, &load.predict_load()));
                    crate::common::browser::reveal(&event, &rate_input, true);
                })
            };
            html! {
                <div data-logs="load">
                    <ul class="ss-logs-summary">
                        for line in summary(lang, load) {
                            <li>{ line }</li>
                        }
                    </ul>
                    if !load.warnings.is_empty() {
                        <ul class="ss-logs-warnings" lang="en">
                            for warning in load.warnings.iter() {
                                <li>{ warning.to_string() }</li>
                            }
                        </ul>
                    }
                    <button type="button" class="ss-button" data-action="use-log-load" onclick={use_it}>
                        { t(LogsMsg::Use) }
                    </button>
                </div>
            }
        }
    };
    let paste_id = format!("{}-log-text", props.id_prefix);
    let files_id = format!("{}-log-files", props.id_prefix);
    html! {
        <details class="ss-logs" data-section="read-logs">
            <summary>{ t(LogsMsg::Summary) }</summary>
            <p class="ss-hint">{ t(LogsMsg::Intro) }</p>
            <label for={paste_id.clone()}>{ t(LogsMsg::PasteLabel) }</label>
            <textarea id={paste_id} ref={paste} rows="4" spellcheck="false" autocomplete="off" data-field="log-text" />
            <button type="button" class="ss-button" data-action="read-log" onclick={on_read}>{ t(LogsMsg::Read) }</button>
            <label for={files_id.clone()}>{ t(LogsMsg::FilesLabel) }</label>
            <input id={files_id} type="file" multiple=true data-field="log-files" onchange={on_files} />
            <div aria-live="polite">{ shown }</div>
        </details>
    }
}

/// The load in `text`, or its one sentence (English: the importer's words).
fn outcome(text: &str) -> Read {
    match read_logs(text) {
        Ok(load) => Read::Load(Rc::new(load)),
        Err(error) => Read::Failed(error.to_string()),
    }
}

/// Reads `files` one after the other into one text (a log split over files reads as one),
/// refused before reading when over the size limit.
fn read_files(files: Vec<web_sys::File>, read: UseStateHandle<Read>, lang: Lang) {
    if files.is_empty() {
        return;
    }
    // File sizes are whole numbers of bytes below 2^53, so the sum is exact.
    let total: f64 = files.iter().map(|file| file.size()).sum();
    if total > MAX_LOG_BYTES as f64 {
        read.set(Read::Failed(LogError::TooLarge { bytes: total as usize }.to_string()));
        return;
    }
    read.set(Read::Busy);
    yew::platform::spawn_local(async move {
        let mut text = String::new();
        for file in files {
            match crate::common::browser::read_bytes(&gloo::file::File::from(file)).await {
                Some(bytes) => {
                    text.push_str(&String::from_utf8_lossy(&bytes));
                    text.push('\n');
                }
                None => return read.set(Read::Failed(logs_text(lang, LogsMsg::Unreadable).to_owned())),
            }
        }
        read.set(outcome(&text));
    });
}
