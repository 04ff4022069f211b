//! "Read your logs", folded inside "Load from your logs": a pasted log or chosen log files are
//! read in the browser (`sizer_import::logs::read_logs`; files a slice at a time into a
//! `LogStream`, with progress and "Stop", which keeps the part read, labelled; only counts and
//! times are kept), what
//! they show is said figure by figure, and "Predict this load" puts the busiest window's rate,
//! the burstiness and the mean lengths into the section's inputs (through its link keys, as the
//! sizing's handoff does) and moves the focus to them. A chart shows arrivals and requests in
//! flight over time (`sizer_charts::logs`); where the log shows requests in flight, a sentence
//! says its peak and the Sparks it needs at the sizing's streams per Spark, and "Use these
//! lengths in the sizing" puts the log's mean prompt and answer lengths into the sizing's inputs.
//! Under the load, the log's busiest window on every run of the ranking (`log_ranking`).
//!
//! # Props of [`LogReader`]
//! - `link`, `on_link`: the section's link keys, and where the new keys go;
//! - `id_prefix`: the instance's id prefix (to find the section's rate input);
//! - `lang`, `redraw_key` (theme switches);
//! - `streams_per_spark`, `on_sizing_input`: the sizing's whole streams per Spark, and its
//!   input handler;
//! - `kept`: the state kept above the section's per-language remount (`panel.rs`; without it,
//!   the reader keeps its own); `target_s`, `runs`: the section's p95 TTFT target and what the
//!   ranking is made of, for `log_ranking`.

use std::cell::Cell;
use std::rc::Rc;

use sizer_charts::logs::LogChart;
use sizer_data::prediction::PageField;
use sizer_import::logs::{LogError, LogLoad, LogStream, read_logs};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::common::chart_plot::{ChartPlot, Drawing, SVG_WIDE};
use crate::common::input::Field;
use crate::i18n::Lang;
use crate::i18n::load_prediction::field_name;
use crate::i18n::logs::{self as words, LogsMsg, logs_text, summary};
use crate::simulation::load_prediction::fragment::with_log_load;
use crate::simulation::load_prediction::log_ranking::{LogRanking, RankingEvent, RankingRuns, RankingView};
use crate::simulation::load_prediction::panel::LogsKept;

/// Props of [`LogReader`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct LogReaderProps {
    pub link: AttrValue,
    pub on_link: Callback<String>,
    pub id_prefix: AttrValue,
    pub lang: Lang,
    #[prop_or_default]
    pub redraw_key: AttrValue,
    #[prop_or_default]
    pub streams_per_spark: Option<u32>,
    #[prop_or_default]
    pub on_sizing_input: Callback<(Field, String)>,
    #[prop_or_default]
    pub kept: Option<LogsKept>,
    #[prop_or_default]
    pub target_s: Option<f64>,
    #[prop_or_default]
    pub runs: Option<RankingRuns>,
}

/// What the reader shows: nothing yet, reading, the load read, or why there is none.
#[derive(Clone, PartialEq)]
pub enum Read {
    Nothing,
    /// Reading files: bytes read of the total, and the job's state (Stop sets it).
    Busy {
        done: f64,
        total: f64,
        job: Rc<Cell<Job>>,
    },
    /// The load, and how much was read when "Stop" ended the reading early.
    Load(Rc<LogLoad>, Option<Stopped>),
    Failed(Rc<LogError>),
    /// The browser could not read a file.
    FileFailed,
}

/// A file read's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    Running,
    /// "Stop": end with the part read.
    Stopped,
    /// Another read began: show nothing of this one.
    Dropped,
}

/// How much of the files was read when the reading was stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stopped {
    pub done: f64,
    pub total: f64,
}

/// The log reader; see the module docs.
#[component]
pub fn LogReader(props: &LogReaderProps) -> Html {
    let lang = props.lang;
    let t = |msg| logs_text(lang, msg);
    let own = use_state(|| Read::Nothing);
    let own_ranking = use_reducer(RankingView::default);
    let (read, ranking) = match &props.kept {
        Some(kept) => (kept.read.clone(), kept.ranking.clone()),
        None => (own, own_ranking),
    };
    let paste = use_node_ref();
    let on_read = {
        let (read, paste, ranking) = (read.clone(), paste.clone(), ranking.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(area) = paste.cast::<HtmlTextAreaElement>() else { return };
            ranking.dispatch(RankingEvent::Clear);
            read.set(outcome(&area.value()));
        })
    };
    let on_files = {
        let (read, ranking) = (read.clone(), ranking.clone());
        Callback::from(move |event: Event| {
            let Some(input) = event.target_dyn_into::<HtmlInputElement>() else { return };
            let files: Vec<web_sys::File> =
                input.files().map(|list| (0..list.length()).filter_map(|i| list.get(i)).collect()).unwrap_or_default();
            ranking.dispatch(RankingEvent::Clear);
            read_files(files, read.clone());
        })
    };
    let shown = match &*read {
        Read::Nothing => Html::default(),
        Read::Busy { done, total, job } => {
            let job = Rc::clone(job);
            let on_stop = Callback::from(move |_: MouseEvent| job.set(Job::Stopped));
            html! {
                <div data-logs="reading">
                    <p class="ss-hint" role="status">{ words::reading(lang, *done, *total) }</p>
                    <button type="button" class="ss-button" data-action="stop-log-read" onclick={on_stop}>{ t(LogsMsg::Stop) }</button>
                </div>
            }
        }
        Read::Failed(error) => {
            html! { <p class="ss-error" role="alert" data-logs="error">{ words::error(lang, error) }</p> }
        }
        Read::FileFailed => {
            html! { <p class="ss-error" role="alert" data-logs="error">{ t(LogsMsg::Unreadable) }</p> }
        }
        Read::Load(load, stopped) => {
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
                    if let Some(stopped) = stopped {
                        <p class="ss-logs-partial" data-logs="partial" role="status">{ words::stopped_at(lang, stopped.done, stopped.total) }</p>
                    }
                    <ul class="ss-logs-summary">
                        for line in summary(lang, load) {
                            <li>{ line }</li>
                        }
                    </ul>
                    if !load.warnings.is_empty() {
                        <ul class="ss-logs-warnings" data-logs="warnings">
                            for warning in load.warnings.iter() {
                                <li>{ words::warning(lang, warning) }</li>
                            }
                        </ul>
                    }
                    { timeline_chart(lang, load, &props.redraw_key) }
                    <button type="button" class="ss-button" data-action="use-log-load" onclick={use_it}>
                        { t(LogsMsg::Use) }
                    </button>
                    { peak(lang, load, props.streams_per_spark, &props.on_sizing_input) }
                    if let Some(runs) = props.runs.clone() {
                        <LogRanking load={Rc::clone(load)} target_s={props.target_s} {runs} view={ranking.clone()} {lang} />
                    }
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

/// The load in `text`, or why there is none.
fn outcome(text: &str) -> Read {
    match read_logs(text) {
        Ok(load) => Read::Load(Rc::new(load), None),
        Err(error) => Read::Failed(Rc::new(error)),
    }
}

/// Arrivals and requests in flight over time, with its caption.
fn timeline_chart(lang: Lang, load: &LogLoad, redraw_key: &AttrValue) -> Html {
    let timeline = &load.timeline;
    let chart = LogChart::new(timeline.bin_s, &timeline.arrivals_per_s, timeline.in_flight.as_deref());
    let caption = words::chart_caption(lang, timeline.bin_s, timeline.in_flight.is_some());
    let text = words::chart_text(lang, chart.in_hours());
    let drawing = Drawing::LogTimeline { chart: Rc::new(chart), text: Rc::new(text) };
    html! {
        <figure class="ss-chart ss-logs-chart" data-chart="log-timeline">
            <ChartPlot
                {drawing}
                label={AttrValue::from(caption.clone())}
                failed={AttrValue::Static(logs_text(lang, LogsMsg::ChartFailed))}
                redraw_key={redraw_key.clone()}
                svg_size={SVG_WIDE}
            />
            <figcaption>{ caption }</figcaption>
        </figure>
    }
}

/// The log's peak for the sizing, and the button that puts its mean lengths into the sizing's
/// inputs; nothing where the log shows no requests in flight.
fn peak(lang: Lang, load: &LogLoad, streams: Option<u32>, on_input: &Callback<(Field, String)>) -> Html {
    let Some(concurrency) = load.concurrency else { return Html::default() };
    let mean = |s: Option<sizer_import::logs::Summary>| s.map(|s| s.mean.round()).filter(|m| *m >= 1.0);
    let (prompt, answer) = (mean(load.prompt_tokens), mean(load.answer_tokens));
    let sentence = words::peak_sentence(lang, &concurrency, prompt, answer, streams);
    let apply = prompt.map(|prompt| {
        let on_input = on_input.clone();
        Callback::from(move |_: MouseEvent| {
            on_input.emit((Field::PromptTokens, format!("{prompt:.0}")));
            if let Some(answer) = answer {
                on_input.emit((Field::AnswerTokens, format!("{answer:.0}")));
            }
        })
    });
    html! {
        <div class="ss-logs-peak" data-logs="peak">
            <p>{ sentence }</p>
            if let Some(apply) = apply {
                <button type="button" class="ss-button" data-action="use-log-lengths" onclick={apply}>
                    { logs_text(lang, LogsMsg::UseInSizing) }
                </button>
            }
        </div>
    }
}

/// The bytes read from a file at a time: a slice parses in a few tens of milliseconds, and the
/// page gets its turn between slices.
const SLICE_BYTES: f64 = 2.0 * 1024.0 * 1024.0;

/// Reads `files` one after the other as one log (a log split over files reads as one), a slice
/// at a time into a [`LogStream`] (no text is kept, only its counts and times), showing
/// progress; "Stop" ends it with the part read, labelled; a new read drops it.
fn read_files(files: Vec<web_sys::File>, read: UseStateHandle<Read>) {
    if files.is_empty() {
        return;
    }
    if let Read::Busy { job, .. } = &*read {
        job.set(Job::Dropped);
    }
    // File sizes are whole numbers of bytes below 2^53, so the sum is exact.
    let total: f64 = files.iter().map(|file| file.size()).sum();
    let job = Rc::new(Cell::new(Job::Running));
    read.set(Read::Busy { done: 0.0, total, job: Rc::clone(&job) });
    yew::platform::spawn_local(async move {
        let mut stream = LogStream::new(None);
        let mut done = 0.0;
        'files: for file in files {
            let size = file.size();
            let mut at = 0.0;
            while at < size {
                let end = (at + SLICE_BYTES).min(size);
                let slice = file.slice_with_f64_and_f64(at, end).ok().map(gloo::file::Blob::from);
                let bytes = match slice {
                    Some(slice) => crate::common::browser::read_bytes(&slice).await,
                    None => None,
                };
                match (job.get(), bytes) {
                    (Job::Dropped, _) => return,
                    (_, None) => return read.set(Read::FileFailed),
                    (_, Some(bytes)) => stream.feed_bytes(&bytes),
                }
                done += end - at;
                at = end;
                if job.get() != Job::Running || !stream.wants_more() {
                    break 'files;
                }
                read.set(Read::Busy { done, total, job: Rc::clone(&job) });
            }
            stream.feed("\n");
        }
        let stopped = (job.get() == Job::Stopped).then_some(Stopped { done, total });
        read.set(match stream.finish() {
            Ok(load) => Read::Load(Rc::new(load), stopped),
            Err(error) => Read::Failed(Rc::new(error)),
        });
    });
}
