//! "Your busiest window on every run", under a log's load: on request (a button), the log's
//! load (`LogLoad::predict_load`, read by `PredictLoad::from_json` as `SparkSizer.predict`
//! reads it) is predicted on every run in the team ranking's order (`Dataset::plan_team`, read,
//! not changed), one run at a time: its engine model (`PredictEngine`), the p95 TTFT and queue
//! on one server, and the servers (`sizer_data::predict_servers`) that keep the p95 TTFT under
//! the section's target. Each fit and each prediction runs in a task of its own, yielding to
//! the browser between them, and "Stop" ends it. A run without a model of its box says why and
//! never counts as fitting.
//!
//! The state ([`RankingView`]) lives above the section's per-language remount (`panel.rs`), so
//! the rows survive a language switch.
//!
//! # Props of [`LogRanking`]
//! - `load`: the log's load; `target_s`: the section's p95 TTFT target when it reads as one;
//! - `runs`: what the ranking is made of (the team, its usage, the imported runs);
//! - `view`: the state; `id_prefix`, `lang`.

use std::cell::Cell;
use std::rc::Rc;

use sizer_core::Scenario;
use sizer_data::predict_engine::{ModelSource, PredictEngine};
use sizer_data::predict_load::PredictLoad;
use sizer_data::predict_servers::{MAX_SERVERS, ServerSearch, ServersNeeded};
use sizer_data::prediction::Prediction;
use sizer_data::suite::calibration_summary::{CALIBRATION_RUNS, ENGINE_SUMMARY};
use sizer_data::{Run, dataset};
use sizer_import::logs::LogLoad;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::labels::run_label;
use crate::i18n::log_ranking::{self as words, RankingMsg, ranking_text};
use crate::i18n::request_rate::calibration_error;
use crate::team::state::TeamInput;

/// What the ranking is made of: the team and its usage (for the order), the imported runs.
#[derive(Clone, Debug, PartialEq)]
pub struct RankingRuns {
    pub team: TeamInput,
    pub usage: Scenario,
    pub imported: Vec<Rc<Run>>,
    /// The instance's id prefix (which imported runs are whole suites).
    pub prefix: AttrValue,
}

/// One run's line.
#[derive(Clone, Debug, PartialEq)]
pub struct RankRow {
    pub run_id: String,
    pub outcome: RowOutcome,
}

/// What one run gave.
#[derive(Clone, Debug, PartialEq)]
pub enum RowOutcome {
    /// No engine model of the box (the data's sentence, or `None`: an imported single curve).
    NoModel(Option<String>),
    /// The model could not run the load (the data's sentence).
    Failed(String),
    /// Predicted: on one server, and the servers needed.
    Predicted(Box<Predicted>),
}

/// A run's predictions: on one server, the servers needed, and how many Sparks a server is.
#[derive(Clone, Debug, PartialEq)]
pub struct Predicted {
    pub one: Prediction,
    pub needed: ServersNeeded,
    /// Nodes per server (a TP=2 pair is 2).
    pub nodes: u32,
    /// Whether the run is on DGX Sparks (else the count is of its servers).
    pub spark: bool,
    /// Whether the engine is the calibration's (its measured error applies).
    pub calibrated: bool,
}

/// The view's state: the rows so far, for which load and target, and the running work.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RankingView {
    /// The load and target the rows are for.
    pub key: Option<(PredictLoad, f64)>,
    pub rows: Vec<RankRow>,
    /// Runs to predict in all.
    pub total: usize,
    pub running: bool,
    pub stopped: bool,
    /// Set to end the running work at its next step (compared by identity).
    cancel: Option<Rc<Cell<bool>>>,
}

/// What the work reports.
#[derive(Clone, Debug)]
pub enum RankingEvent {
    Start {
        key: (PredictLoad, f64),
        total: usize,
        cancel: Rc<Cell<bool>>,
    },
    Row(Box<RankRow>),
    Done,
    Stop,
    /// A new log was read: its rows are gone.
    Clear,
}

impl Reducible for RankingView {
    type Action = RankingEvent;

    fn reduce(self: Rc<Self>, event: RankingEvent) -> Rc<Self> {
        let mut next = (*self).clone();
        match event {
            RankingEvent::Start { key, total, cancel } => {
                next = RankingView { key: Some(key), total, running: true, cancel: Some(cancel), ..Default::default() };
            }
            RankingEvent::Row(row) => next.rows.push(*row),
            RankingEvent::Done => next.running = false,
            RankingEvent::Stop | RankingEvent::Clear => {
                if let Some(cancel) = &next.cancel {
                    cancel.set(true);
                }
                next.running = false;
                next.stopped = matches!(event, RankingEvent::Stop);
                if matches!(event, RankingEvent::Clear) {
                    next = RankingView::default();
                }
            }
        }
        Rc::new(next)
    }
}

/// Props of [`LogRanking`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct LogRankingProps {
    pub load: Rc<LogLoad>,
    pub target_s: Option<f64>,
    pub runs: RankingRuns,
    pub view: UseReducerHandle<RankingView>,
    pub lang: Lang,
}

/// The log's load as `predict` reads it (its own defaults for what the log does not give).
fn predict_load(load: &LogLoad) -> Result<PredictLoad, String> {
    let json = serde_json::to_string(&load.predict_load()).map_err(|e| e.to_string())?;
    PredictLoad::from_json(&json)
}

/// The view; see the module docs.
#[component]
pub fn LogRanking(props: &LogRankingProps) -> Html {
    let lang = props.lang;
    let t = |msg| ranking_text(lang, msg);
    let load = predict_load(&props.load);
    let view = &*props.view;
    let (Some(target_s), Ok(load)) = (props.target_s, load.clone()) else {
        let why = match load {
            Err(detail) => words::failed(lang, &detail),
            Ok(_) => t(RankingMsg::NoTarget).to_owned(),
        };
        return html! {
            <section class="ss-logs-ranking" data-logs="ranking">
                <h4>{ t(RankingMsg::Heading) }</h4>
                <p class="ss-hint">{ why }</p>
            </section>
        };
    };
    let on_start = {
        let (handle, runs) = (props.view.clone(), props.runs.clone());
        Callback::from(move |_: MouseEvent| driver::start(load, target_s, &runs, handle.clone()))
    };
    let on_stop = {
        let handle = props.view.clone();
        Callback::from(move |_: MouseEvent| handle.dispatch(RankingEvent::Stop))
    };
    let fresh = view.key == Some((load, target_s));
    let shown_target = view.key.map_or(target_s, |(_, target)| target);
    let state = if view.running {
        "running"
    } else if view.rows.is_empty() {
        "idle"
    } else {
        "done"
    };
    html! {
        <section class="ss-logs-ranking" data-logs="ranking" data-state={state} aria-busy={view.running.to_string()}>
            <h4>{ t(RankingMsg::Heading) }</h4>
            <p class="ss-hint">{ words::intro(lang, load.rate_per_s, target_s) }</p>
            if view.running {
                <button type="button" class="ss-button" data-action="stop-log-ranking" onclick={on_stop}>{ t(RankingMsg::Stop) }</button>
                <p class="ss-sim-progress" role="status">{ words::progress(lang, view.rows.len(), view.total) }</p>
            } else {
                <button type="button" class="ss-button" data-action="log-ranking" onclick={on_start}>{ t(RankingMsg::Predict) }</button>
            }
            if view.stopped {
                <p class="ss-hint" role="status">{ words::stopped(lang, view.rows.len(), view.total) }</p>
            }
            if !view.rows.is_empty() {
                { table(lang, view, &props.runs, shown_target, fresh) }
            }
        </section>
    }
}

/// The rows, and what the figures rest on.
fn table(lang: Lang, view: &RankingView, runs: &RankingRuns, target_s: f64, fresh: bool) -> Html {
    let t = |msg| ranking_text(lang, msg);
    let label = |id: &str| {
        let run = dataset().run(id).or_else(|| runs.imported.iter().map(|r| r.as_ref()).find(|r| r.id == id));
        run.map_or_else(|| id.to_owned(), |run| run_label(lang, run).to_owned())
    };
    let needs = |wanted: fn(u32) -> bool| {
        view.rows
            .iter()
            .filter(|row| {
                matches!(&row.outcome, RowOutcome::Predicted(p) if matches!(p.needed, ServersNeeded::Keep { servers, .. } if wanted(servers)))
            })
            .count()
    };
    let (on_one, with_more) = (needs(|n| n == 1), needs(|n| n > 1));
    let calibrated = view.rows.iter().any(|r| matches!(&r.outcome, RowOutcome::Predicted(p) if p.calibrated));
    html! {
        <div class={classes!((!fresh).then_some("ss-sim-stale"))} data-stale={(!fresh).to_string()}>
            <div class="ss-table-scroll">
            <table class="ss-table" data-table="log-ranking">
                <thead><tr>
                    <th scope="col">{ t(RankingMsg::RunColumn) }</th>
                    <th scope="col">{ t(RankingMsg::OneColumn) }</th>
                    <th scope="col">{ t(RankingMsg::QueueColumn) }</th>
                    <th scope="col">{ words::needed_column(lang, target_s) }</th>
                </tr></thead>
                <tbody>
                    for row in view.rows.iter() {
                        <tr data-run={row.run_id.clone()}>
                            <th scope="row">{ label(&row.run_id) }</th>
                            { cells(lang, &row.outcome) }
                        </tr>
                    }
                </tbody>
            </table>
            </div>
            if !view.running && view.rows.len() == view.total {
                <p data-logs="ranking-verdict">{ words::verdict(lang, on_one, with_more, view.total) }</p>
            }
            if calibrated {
                <p class="ss-predict-calibration">{ calibration_error(lang, CALIBRATION_RUNS, &ENGINE_SUMMARY) }</p>
            }
        </div>
    }
}

/// A row's three cells.
fn cells(lang: Lang, outcome: &RowOutcome) -> Html {
    let t = |msg| ranking_text(lang, msg);
    match outcome {
        RowOutcome::NoModel(detail) => {
            let detail = detail.as_deref().unwrap_or(t(RankingMsg::ImportedCurve));
            html! { <td colspan="3" data-needed="none">{ words::no_model(lang, detail) }</td> }
        }
        RowOutcome::Failed(detail) => html! { <td colspan="3" data-needed="none">{ words::failed(lang, detail) }</td> },
        RowOutcome::Predicted(p) => {
            let Predicted { one, needed, nodes, spark, calibrated } = p.as_ref();
            let (needed_text, count) = match needed {
                ServersNeeded::Keep { servers, .. } => {
                    (words::servers_needed(lang, *servers, *nodes, *spark), servers.to_string())
                }
                ServersNeeded::NotWithin { .. } => (words::beyond(lang, MAX_SERVERS), "none".to_owned()),
            };
            let queue = if one.overload.is_some() { RankingMsg::Grows } else { RankingMsg::Bounded };
            html! {
                <>
                    <td data-ttft-p95={format!("{:.3}", one.ttft_s.p95)}>
                        { words::seconds(lang, one.ttft_s.p95) }
                        if !*calibrated {
                            <br /><small>{ t(RankingMsg::Fallback) }</small>
                        }
                    </td>
                    <td data-queue={if one.overload.is_none() { "bounded" } else { "grows" }}>{ t(queue) }</td>
                    <td data-needed={count}>{ needed_text }</td>
                </>
            }
        }
    }
}

/// The ranking's runs in order: the team planned against every run (its order only), else the
/// dataset's order then the imported runs when the team's inputs do not make a team.
fn order(runs: &RankingRuns) -> Vec<String> {
    let imported: Vec<Run> = runs.imported.iter().map(|run| (**run).clone()).collect();
    match runs.team.team(&runs.usage) {
        Ok(team) => dataset().plan_team(&team, &imported).iter().map(|row| row.run_id.to_owned()).collect(),
        Err(_) => dataset().runs.iter().chain(imported.iter()).map(|run| run.id.clone()).collect(),
    }
}

/// A run's engine: a dataset run's, an imported whole suite's; `Err(None)` for an imported run
/// of one curve.
fn engine_of(id: &str, runs: &RankingRuns) -> Result<(PredictEngine, u32, bool), Option<String>> {
    if let Some(run) = dataset().run(id) {
        let engine = PredictEngine::from_dataset(id).map_err(Some)?;
        return Ok((engine, run.nodes, run.is_spark()));
    }
    let run = runs.imported.iter().find(|run| run.id == id).ok_or(None)?;
    if !crate::import::suites::is_suite(&runs.prefix, id) {
        return Err(None);
    }
    let engine = PredictEngine::from_imported_suite(run).map_err(Some)?;
    Ok((engine, run.nodes, run.is_spark()))
}

/// Whether an engine's model is the calibration's (its measured error applies).
fn calibrated(engine: &PredictEngine) -> bool {
    engine.source != ModelSource::DatasetCurve
}

/// A finished search's row.
fn finished(search: &ServerSearch, engine: &PredictEngine, nodes: u32, spark: bool) -> RowOutcome {
    match (search.one(), search.outcome()) {
        (Some(one), Some(needed)) => RowOutcome::Predicted(Box::new(Predicted {
            one: *one,
            needed,
            nodes,
            spark,
            calibrated: calibrated(engine),
        })),
        // A search ends only after its first prediction, which sets both.
        _ => RowOutcome::Failed(String::new()),
    }
}

/// One run's row, all at once (natively; the browser's driver does the same a step at a time).
pub fn row_of(id: &str, runs: &RankingRuns, load: PredictLoad, target_s: f64) -> RankRow {
    let outcome = match engine_of(id, runs) {
        Err(detail) => RowOutcome::NoModel(detail),
        Ok((engine, nodes, spark)) => match ServerSearch::new(load, target_s).run(&engine) {
            Err(detail) => RowOutcome::Failed(detail),
            Ok((search, _)) => finished(&search, &engine, nodes, spark),
        },
    };
    RankRow { run_id: id.to_owned(), outcome }
}

/// Runs the work in the browser; outside wasm nothing runs.
mod driver {
    use super::*;

    /// Starts predicting `load` on every run, in a task per step.
    pub fn start(load: PredictLoad, target_s: f64, runs: &RankingRuns, view: UseReducerHandle<RankingView>) {
        let order = order(runs);
        let cancel = Rc::new(Cell::new(false));
        view.dispatch(RankingEvent::Start { key: (load, target_s), total: order.len(), cancel: Rc::clone(&cancel) });
        #[cfg(target_arch = "wasm32")]
        spawn(order, load, target_s, runs.clone(), view.dispatcher(), cancel);
        #[cfg(not(target_arch = "wasm32"))]
        let _ = (order, load, runs, cancel);
    }

    #[cfg(target_arch = "wasm32")]
    fn spawn(
        order: Vec<String>,
        load: PredictLoad,
        target_s: f64,
        runs: RankingRuns,
        view: yew::UseReducerDispatcher<RankingView>,
        cancel: Rc<Cell<bool>>,
    ) {
        use crate::common::defer::yield_to_browser;

        yew::platform::spawn_local(async move {
            for id in order {
                yield_to_browser().await;
                if cancel.get() {
                    return;
                }
                // The fit is one step; each prediction of the search another.
                let (engine, nodes, spark) = match engine_of(&id, &runs) {
                    Ok(found) => found,
                    Err(detail) => {
                        view.dispatch(RankingEvent::Row(Box::new(RankRow {
                            run_id: id,
                            outcome: RowOutcome::NoModel(detail),
                        })));
                        continue;
                    }
                };
                let mut search = ServerSearch::new(load, target_s);
                let outcome = loop {
                    match search.step(&engine) {
                        Err(detail) => break RowOutcome::Failed(detail),
                        Ok(true) => {}
                        Ok(false) => break finished(&search, &engine, nodes, spark),
                    }
                    yield_to_browser().await;
                    if cancel.get() {
                        return;
                    }
                };
                view.dispatch(RankingEvent::Row(Box::new(RankRow { run_id: id, outcome })));
            }
            view.dispatch(RankingEvent::Done);
        });
    }
}
