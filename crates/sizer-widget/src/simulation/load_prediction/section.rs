//! The "Load from your logs" section for the chosen dataset run: its inputs (peak requests per
//! second, burstiness, prompt and answer tokens, the p95 TTFT target), each checked as typed
//! with one sentence under it (`PageLoadInput::load`), and the prediction's result.
//!
//! Off the input path: the inputs render at once; the prediction starts in a later task
//! ([`SETTLE_MS`] after the last change), fits the run's engine model once per run (kept for
//! further inputs), then predicts the load and each rate of the sweep in a task of its own,
//! yielding to the browser between them (`job`). A new input cancels it and starts afresh; a
//! result for other inputs is shown dimmed. On the server nothing runs: the section renders its
//! heading, intro and inputs.
//!
//! # Props of [`LoadPredictionSection`]
//! - `run_id`: the chosen run's id;
//! - `imported`: the run when it is a person's, imported as a whole suite (else a dataset run);
//! - `id_prefix`: the instance's id prefix (unique input ids);
//! - `link`, `on_link`: the inputs' link keys (`fragment.rs`): read into the inputs, and again
//!   when they change from outside (a link opened, a rate carried from the sizing); written
//!   back after each input;
//! - `streams_per_spark`, `on_sizing_input`: the sizing's whole streams per Spark at the floor,
//!   and where a log's lengths go into the sizing's inputs (the log reader's peak sentence);
//! - `logs`: the log reader's state, kept above this section's per-language remount;
//!   `ranking_runs`: what the team ranking is made of (the log's load on every run);
//! - `lang`, `redraw_key` (theme switches).

use std::cell::RefCell;
use std::rc::Rc;

use sizer_data::predict_engine::PredictEngine;
use sizer_data::prediction::{PageField, PageLoadError, PageLoadInput};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::common::input::parse_number;
use crate::i18n::Lang;
use crate::i18n::load_prediction::{self as words, PredictMsg, predict_text};
use crate::simulation::load_prediction::job::PredictOutcome;
use crate::simulation::load_prediction::log_ranking::RankingRuns;
use crate::simulation::load_prediction::logs::LogReader;
use crate::simulation::load_prediction::panel::LogsKept;
use crate::simulation::load_prediction::result::LoadPredictionResult;
use crate::simulation::load_prediction::{ImportedSuite, fragment};

/// After a change of input (and on mount), the prediction waits this long for typing to settle.
pub const SETTLE_MS: u32 = 200;

/// Props of [`LoadPredictionSection`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct LoadPredictionProps {
    pub run_id: AttrValue,
    #[prop_or_default]
    pub imported: Option<ImportedSuite>,
    pub id_prefix: AttrValue,
    /// The inputs' link keys (`,lr:0.8,…`).
    #[prop_or_default]
    pub link: AttrValue,
    /// New link keys after an input.
    #[prop_or_default]
    pub on_link: Callback<String>,
    /// The sizing's speed floor, tok/s (the prediction's speed is held against it).
    pub floor_tok_s: f64,
    pub lang: Lang,
    #[prop_or_default]
    pub redraw_key: AttrValue,
    /// The sizing's whole streams per Spark at the floor, when it has a sizing.
    #[prop_or_default]
    pub streams_per_spark: Option<u32>,
    /// The sizing's input handler (a field and its new text).
    #[prop_or_default]
    pub on_sizing_input: Callback<(crate::common::input::Field, String)>,
    /// The log's state, kept above this section's per-language remount (`panel.rs`).
    #[prop_or_default]
    pub logs: Option<LogsKept>,
    /// What the team ranking is made of, for the log's load on every run.
    #[prop_or_default]
    pub ranking_runs: Option<RankingRuns>,
}

/// The inputs, in the order shown: field, label, unit.
const FIELDS: [(PageField, PredictMsg, PredictMsg); 5] = [
    (PageField::RatePerS, PredictMsg::RateLabel, PredictMsg::UnitRate),
    (PageField::Burstiness, PredictMsg::BurstinessLabel, PredictMsg::UnitNone),
    (PageField::PromptTokens, PredictMsg::PromptLabel, PredictMsg::UnitTokens),
    (PageField::AnswerTokens, PredictMsg::AnswerLabel, PredictMsg::UnitTokens),
    (PageField::TargetS, PredictMsg::TargetLabel, PredictMsg::UnitSeconds),
];

/// The inputs as typed, read in `lang` (text that is no number reads as NaN, refused in one
/// sentence by the data's check).
pub fn read(lang: Lang, texts: &[String; 5]) -> PageLoadInput {
    let n = |i: usize| parse_number(lang, &texts[i]).unwrap_or(f64::NAN);
    PageLoadInput { rate_per_s: n(0), burstiness: n(1), prompt_tokens: n(2), answer_tokens: n(3), target_s: n(4) }
}

/// The inputs a result is for: run id and the load as read.
pub type PredictKey = (String, PageLoadInput);

/// Why there is no prediction to show.
#[derive(Clone, Debug, PartialEq)]
pub enum PredictProblem {
    /// The run gives no engine model (the data's sentence).
    NoEngine(String),
    /// The load does not fit the server (its longest request).
    Input(PageLoadError),
    /// The load cannot run (the data's sentence).
    Failed(String),
}

/// What the section shows; changed only through [`PredictEvent`]s.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PredictView {
    /// The last outcome, the inputs it is for, and the engine it ran on.
    pub outcome: Option<(PredictKey, Rc<PredictEngine>, Rc<PredictOutcome>)>,
    /// The inputs being predicted.
    pub running: Option<PredictKey>,
    /// Why the inputs given cannot be predicted.
    pub problem: Option<(PredictKey, PredictProblem)>,
}

/// What the running prediction reports.
#[derive(Clone, Debug, PartialEq)]
pub enum PredictEvent {
    Start(PredictKey),
    Outcome(PredictKey, Rc<PredictEngine>, Rc<PredictOutcome>),
    Failed(PredictKey, PredictProblem),
}

impl Reducible for PredictView {
    type Action = PredictEvent;

    fn reduce(self: Rc<Self>, event: PredictEvent) -> Rc<Self> {
        let mut next = (*self).clone();
        match event {
            PredictEvent::Start(key) => next.running = Some(key),
            PredictEvent::Outcome(key, engine, outcome) => {
                if outcome.done {
                    next.running = None;
                }
                next.problem = None;
                next.outcome = Some((key, engine, outcome));
            }
            PredictEvent::Failed(key, problem) => {
                next.running = None;
                next.problem = Some((key, problem));
            }
        }
        Rc::new(next)
    }
}

/// The run's engine model, once fitted (the run id it is for).
type EngineCache = Rc<RefCell<Option<(String, Result<Rc<PredictEngine>, String>)>>>;

/// The "Load from your logs" section.
#[component]
pub fn LoadPredictionSection(props: &LoadPredictionProps) -> Html {
    let lang = props.lang;
    let texts = use_state(|| fragment::texts(lang, &props.link));
    {
        // Keys that say other inputs than those shown (a link opened, a rate carried here)
        // replace them; the keys this section wrote say the inputs shown, and change nothing.
        let texts = texts.clone();
        use_effect_with(props.link.clone(), move |link| {
            let wanted = fragment::texts(lang, link);
            if fragment::encode(&read(lang, &wanted)) != fragment::encode(&read(lang, &texts)) {
                texts.set(wanted);
            }
        });
    }
    let view = use_reducer(PredictView::default);
    let cache: EngineCache = use_mut_ref(|| None);
    let input = read(lang, &texts);
    let checked = input.load();
    let key: PredictKey = (props.run_id.to_string(), input);
    {
        let dispatcher = view.dispatcher();
        // Only inputs that read as a load start a prediction; NaN never equals itself, so a
        // bad input's key is not compared at all.
        let deps = checked.is_ok().then(|| (key.clone(), props.imported.clone()));
        use_effect_with(deps, move |deps| {
            let cancel = deps.as_ref().map(|(key, imported)| {
                driver::start(key.clone(), imported.as_ref().map(|s| Rc::clone(&s.run)), cache, dispatcher)
            });
            move || {
                if let Some(cancel) = cancel {
                    cancel.set(true);
                }
            }
        });
    }
    let field_error = |field: PageField| checked.as_ref().err().filter(|e| e.field() == Some(field)).copied();
    let problem = view.problem.as_ref().filter(|(k, _)| *k == key).map(|(_, p)| p);
    let fresh = view.outcome.as_ref().is_some_and(|(k, _, _)| *k == key);
    let running = checked.is_ok() && problem.is_none() && !(fresh && view.running.is_none());
    let on_input = |i: usize| {
        let texts = texts.clone();
        let (link, on_link) = (props.link.clone(), props.on_link.clone());
        Callback::from(move |event: InputEvent| {
            let element: HtmlInputElement = event.target_unchecked_into();
            let mut next = (*texts).clone();
            next[i] = element.value();
            let keys = fragment::encode(&read(lang, &next));
            if keys != link.as_str() {
                on_link.emit(keys);
            }
            texts.set(next);
        })
    };
    let state = match (problem, running) {
        (Some(_), _) => "error",
        (None, true) => "running",
        (None, false) => "done",
    };
    html! {
        <section class="ss-predict" data-section="load-prediction" data-state={state} aria-busy={running.to_string()}>
            <h3>{ predict_text(lang, PredictMsg::Heading) }</h3>
            <p class="ss-predict-intro">{ predict_text(lang, PredictMsg::Intro) }</p>
            <LogReader
                link={props.link.clone()}
                on_link={props.on_link.clone()}
                id_prefix={props.id_prefix.clone()}
                {lang}
                redraw_key={props.redraw_key.clone()}
                streams_per_spark={props.streams_per_spark}
                on_sizing_input={props.on_sizing_input.clone()}
                kept={props.logs.clone()}
                target_s={checked.is_ok().then_some(input.target_s)}
                runs={props.ranking_runs.clone()}
            />
            <div class="ss-predict-inputs">
                for (i, (field, label, unit)) in FIELDS.into_iter().enumerate() {
                    { input_field(&props.id_prefix, lang, field, label, unit, &texts[i], field_error(field), on_input(i)) }
                }
            </div>
            if let Some(problem) = problem {
                <p class="ss-error" role="status" data-error="load-prediction">{ problem_text(lang, problem) }</p>
            }
            if running {
                <p class="ss-sim-progress" role="status">{ predict_text(lang, PredictMsg::Running) }</p>
            }
            if let Some((_, engine, outcome)) = view.outcome.clone() {
                <LoadPredictionResult
                    run_id={props.run_id.clone()}
                    imported={props.imported.clone()}
                    {engine}
                    {outcome}
                    stale={!fresh}
                    floor_tok_s={props.floor_tok_s}
                    {lang}
                    redraw_key={props.redraw_key.clone()}
                />
            }
        </section>
    }
}

/// One labelled input with its unit and error.
#[allow(clippy::too_many_arguments)]
fn input_field(
    prefix: &str,
    lang: Lang,
    field: PageField,
    label: PredictMsg,
    unit: PredictMsg,
    text: &str,
    error: Option<PageLoadError>,
    oninput: Callback<InputEvent>,
) -> Html {
    let name = words::field_name(field);
    let id = format!("{prefix}-{name}");
    let error_id = format!("{id}-error");
    let message = error.map(|e| words::input_error(lang, e));
    html! {
        <div class={classes!("ss-field", message.is_some().then_some("ss-field--invalid"))}>
            <label for={id.clone()}>{ predict_text(lang, label) }</label>
            <span class="ss-input-unit">
                <input
                    id={id}
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    data-field={name}
                    value={text.to_owned()}
                    aria-invalid={message.is_some().then_some("true")}
                    aria-describedby={error_id.clone()}
                    {oninput}
                />
                // A unitless figure (burstiness) gets no empty unit box.
                if unit != PredictMsg::UnitNone {
                    <span class="ss-unit" aria-hidden="true">{ predict_text(lang, unit) }</span>
                }
            </span>
            <p class="ss-error" id={error_id} data-error={name} role="alert">{ message.unwrap_or_default() }</p>
        </div>
    }
}

fn problem_text(lang: Lang, problem: &PredictProblem) -> String {
    match problem {
        PredictProblem::NoEngine(detail) => words::no_engine(lang, detail),
        PredictProblem::Input(error) => words::input_error(lang, *error),
        PredictProblem::Failed(detail) => words::failed(lang, detail),
    }
}

/// Starts the prediction in the browser; outside wasm nothing runs.
mod driver {
    use std::cell::Cell;
    use std::rc::Rc;

    use sizer_data::Run;
    use yew::UseReducerDispatcher;

    use super::{EngineCache, PredictKey, PredictView};

    /// Starts predicting `key` (on `imported`'s engine when the run is a person's) after
    /// [`super::SETTLE_MS`]; setting the returned cell stops it at its next step.
    pub fn start(
        key: PredictKey,
        imported: Option<Rc<Run>>,
        cache: EngineCache,
        view: UseReducerDispatcher<PredictView>,
    ) -> Rc<Cell<bool>> {
        let cancelled = Rc::new(Cell::new(false));
        #[cfg(target_arch = "wasm32")]
        spawn(key, imported, cache, view, Rc::clone(&cancelled));
        #[cfg(not(target_arch = "wasm32"))]
        let _ = (key, imported, cache, view);
        cancelled
    }

    #[cfg(target_arch = "wasm32")]
    fn spawn(
        key: PredictKey,
        imported: Option<Rc<Run>>,
        cache: EngineCache,
        view: UseReducerDispatcher<PredictView>,
        cancelled: Rc<Cell<bool>>,
    ) {
        use super::{PredictEvent, PredictProblem, SETTLE_MS};
        use crate::common::defer::yield_to_browser;
        use crate::simulation::load_prediction::job::{JobStep, PredictJob, engine_for};

        yew::platform::spawn_local(async move {
            yew::platform::time::sleep(std::time::Duration::from_millis(u64::from(SETTLE_MS))).await;
            yield_to_browser().await;
            if cancelled.get() {
                return;
            }
            view.dispatch(PredictEvent::Start(key.clone()));
            let cached = cache.borrow().as_ref().filter(|(id, _)| *id == key.0).map(|(_, engine)| engine.clone());
            // The fit (the calibration's burst fit for an arena run) is the one step that
            // cannot be sliced; it runs once per run, in a task of its own.
            let engine = match cached {
                Some(engine) => engine,
                None => {
                    let engine = engine_for(&key.0, imported.as_deref()).map(Rc::new);
                    *cache.borrow_mut() = Some((key.0.clone(), engine.clone()));
                    yield_to_browser().await;
                    if cancelled.get() {
                        return;
                    }
                    engine
                }
            };
            let engine = match engine {
                Ok(engine) => engine,
                Err(detail) => return view.dispatch(PredictEvent::Failed(key, PredictProblem::NoEngine(detail))),
            };
            let mut job = match PredictJob::new(Rc::clone(&engine), &key.1) {
                Ok(job) => job,
                Err(error) => return view.dispatch(PredictEvent::Failed(key, PredictProblem::Input(error))),
            };
            loop {
                match job.step() {
                    Err(detail) => return view.dispatch(PredictEvent::Failed(key, PredictProblem::Failed(detail))),
                    Ok(step) => {
                        // The load first, then the sweep's arena rates together and its end:
                        // the charts redraw a few times, not at every rate.
                        let outcome = job.outcome();
                        let show = matches!(step, JobStep::Main | JobStep::Done)
                            || outcome
                                .as_ref()
                                .is_some_and(|o| o.sweep.len() == sizer_data::prediction::ARENA_SWEEP_RATES);
                        if let (true, Some(outcome)) = (show, outcome) {
                            view.dispatch(PredictEvent::Outcome(key.clone(), Rc::clone(&engine), Rc::new(outcome)));
                        }
                        if step == JobStep::Done {
                            return;
                        }
                    }
                }
                yield_to_browser().await;
                if cancelled.get() {
                    return;
                }
            }
        });
    }
}
