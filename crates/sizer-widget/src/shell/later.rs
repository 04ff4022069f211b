//! Everything of an instance after its first frame: the claims, the advice, the share bar, the
//! charts, the import panel, the team planner, the worked steps, the simulation, the memory
//! section, the tables and the sources; and the JS API's `size`, `plan`, `memory`, `simulate`,
//! `predict` and `readLogs` (their JSON reading and writing is most of what `serde_json` costs a module).
//!
//! With the `split` feature (the shipped build) these views are split points: `cargo xtask dist`
//! cuts the linked wasm there (`wasm_split_cli_support`), so their code, and the code only they
//! reach, is a second module, fetched after the first frame ([`load`]); the first module holds
//! the heading, the controls and the result. The DGX Spark arena's runs come with the second
//! module too ([`install_arena`], `sizer_data::install_arena`): a link naming one is sized once
//! the module is in. Without it (tests, the server render) they are plain functions, the arena
//! is in the dataset from the start and [`load`] has nothing to do.
//!
//! A split point is an `async` function that loads its module first; once [`load`] has
//! finished, one poll completes it, which is how the views below are called from a render.

use std::rc::Rc;

use sizer_data::Run;
use sizer_data::api::ApiRun;
use sizer_data::sim_api::ApiSeed;
use yew::prelude::*;

use crate::common::ids::Ids;
use crate::i18n::Lang;
use crate::shell::handlers::Handlers;
use crate::shell::state::SizerState;
use crate::sizing::calculation::Calculation;
use crate::sizing::run_ref::RunRef;

/// What the views after the first frame read from the calculator's render.
pub struct RestArgs<'a> {
    pub state: &'a SizerState,
    pub outcome: &'a Rc<Calculation>,
    pub handlers: &'a Handlers,
    pub ids: &'a Ids,
    pub overlays: &'a [RunRef],
    pub on_sim_seed: &'a Callback<u64>,
    pub on_memory: &'a Callback<crate::memory::state::MemoryAction>,
    /// The scenario's link fragment (without a shared curve), for "Copy link".
    pub scenario_fragment: &'a str,
    /// Whether the instance keeps its scenario in the address.
    pub sync_url: bool,
}

/// Whether the views after the first frame can be rendered now: always without `split`.
pub fn is_loaded() -> bool {
    #[cfg(feature = "split")]
    {
        matches!(poll_once(split::preload()), Some(Ok(()))) && split::each_loaded()
    }
    #[cfg(not(feature = "split"))]
    true
}

/// Fetches and instantiates the second module (once; a failed load is tried again on the next
/// call). `Err` names what failed in one sentence.
pub async fn load() -> Result<(), String> {
    #[cfg(feature = "split")]
    {
        // Each split point has a loader of its own; after the first, the others find the
        // module's load done (the link module keeps it) and never fail.
        split::preload().await.map_err(|error| error.to_string())?;
        split::load_each().await;
        // The arena's runs live in this module's data: add them to the dataset now.
        install_arena();
        Ok(())
    }
    #[cfg(not(feature = "split"))]
    Ok(())
}

/// Declares each split point once: `name(args) -> T = target;` gives `pub fn name(args) ->
/// Option<T>` (`None` until [`load`] has finished), and with `split` the `#[wasm_split]`
/// function calling `target` and its loader, which [`load`] and [`is_loaded`] go through.
macro_rules! split_points {
    ($( $(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $target:path, $preload:ident; )*) => {
        $(
            $(#[$doc])*
            pub fn $name($($arg: $ty),*) -> Option<$ret> {
                #[cfg(feature = "split")]
                {
                    poll_once(split::$name($($arg),*))
                }
                #[cfg(not(feature = "split"))]
                Some($target($($arg),*))
            }
        )*

        #[cfg(feature = "split")]
        mod split {
            use super::*;
            use wasm_split_helpers::{SplitLoaderError, wasm_split};

            /// Loads the module, and says why when it cannot: `preload` is what [`super::load`]
            /// awaits first (only the loader is called).
            #[allow(dead_code)]
            #[wasm_split(rest, fallible, preload(preload))]
            pub fn anchor() -> Result<(), SplitLoaderError> {
                Ok(())
            }

            $(
                #[wasm_split(rest, preload($preload))]
                pub fn $name($($arg: $ty),*) -> $ret {
                    $target($($arg),*)
                }
            )*

            /// Every split point's own loader has finished.
            pub fn each_loaded() -> bool {
                true $(&& poll_once($preload()).is_some())*
            }

            /// Runs every split point's own loader (after [`preload`], they find the module loaded).
            pub async fn load_each() {
                $($preload().await;)*
            }
        }
    };
}

split_points! {
    /// The output column under the result (claims, advice, share bar, charts).
    fn output(args: &RestArgs<'_>) -> Html = crate::shell::later_views::output, preload_output;
    /// The import panel, at the end of the form.
    fn import_panel(args: &RestArgs<'_>) -> Html = crate::shell::later_views::import_panel, preload_import_panel;
    /// The sections below the calculator.
    fn below(args: &RestArgs<'_>) -> Html = crate::shell::later_views::below, preload_below;
    /// The answer of `SparkSizer.size` or `predict` (one split point for the two).
    fn run_api_json(function: RunApi, json: &str, run: &ApiRun) -> Result<String, String> = run_answer, preload_run_api;
    /// The answer of `SparkSizer.plan`, `memory` or `readLogs` (one split point for the three).
    fn text_api_json(function: TextApi, text: &str) -> String = text_answer, preload_text_api;
    /// `SparkSizer.simulate`'s answer.
    fn simulate_json(team: &str, run: &ApiRun, seed: &ApiSeed) -> Result<String, String> =
        simulate_answer, preload_simulate;
    /// An imported run's note in the reader's language (the run picker's hint).
    fn imported_run_note(lang: Lang, run: &Run) -> Option<(String, Lang)> =
        crate::i18n::import::run_note, preload_run_note;
    /// Appends the DGX Spark arena's runs to the dataset (their bytes are this module's).
    fn install_arena() -> bool = sizer_data::install_arena, preload_arena;
}

/// A JS API function of JSON (or an object) and a run that answers JSON text or throws one
/// sentence: they share one split point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunApi {
    /// `size(scenarioJson, runIdOrCurve)`: `sizer_data::api::size_json`.
    Size,
    /// `predict(loadJson, runSpec)`: `sizer_import::suite::predict::predict_from_api`.
    Predict,
}

impl RunApi {
    /// Its name on `window.SparkSizer`.
    pub fn name(self) -> &'static str {
        match self {
            RunApi::Size => "size",
            RunApi::Predict => "predict",
        }
    }
}

/// The answer of `function` to `json` on `run`, an error as its one sentence.
fn run_answer(function: RunApi, json: &str, run: &ApiRun) -> Result<String, String> {
    match function {
        RunApi::Size => sizer_data::api::size_json(json, run).map_err(|error| error.message()),
        RunApi::Predict => sizer_import::suite::predict::predict_from_api(json, run),
    }
}

/// `sizer_data::sim_api::simulate_json` with the seed read here (a missing seed is the page's).
fn simulate_answer(team: &str, run: &ApiRun, seed: &ApiSeed) -> Result<String, String> {
    sizer_data::sim_api::simulate_json(team, run, seed.resolve(crate::simulation::stepper::DEFAULT_SEED)?)
}

/// A JS API function of one text that answers JSON text, `{"error": "<one sentence>"}` when it
/// cannot: they share one split point, so each adds nothing to the first module but its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextApi {
    /// `plan(teamJson)`: `crate::shell::team_api::plan_json`.
    Plan,
    /// `memory(requestJson)`: `sizer_data::memory::memory_json` on the embedded model catalog.
    Memory,
    /// `readLogs(text)`: `sizer_import::logs::read_logs_json`.
    ReadLogs,
}

impl TextApi {
    /// Its name on `window.SparkSizer`.
    pub fn name(self) -> &'static str {
        match self {
            TextApi::Plan => "plan",
            TextApi::Memory => "memory",
            TextApi::ReadLogs => "readLogs",
        }
    }
}

/// The answer of `function` to `text`.
fn text_answer(function: TextApi, text: &str) -> String {
    match function {
        TextApi::Plan => crate::shell::team_api::plan_json(text),
        TextApi::Memory => sizer_data::memory::memory_json(sizer_data::catalog(), sizer_data::dataset(), text),
        TextApi::ReadLogs => sizer_import::logs::read_logs_json(text),
    }
}

/// What a JS API function that lives in the second module answers before it is loaded.
pub fn api_not_loaded(function: &str) -> String {
    format!(
        "SparkSizer.{function} needs the widget's second module, which has not loaded (yet): await \
         SparkSizer.ready (it rejects with the reason when the module cannot be fetched), then call it again."
    )
}

/// Polls `future` once: `Some` when it completed at once (a split point whose module is loaded).
#[cfg(feature = "split")]
fn poll_once<T>(future: impl std::future::Future<Output = T>) -> Option<T> {
    use std::task::{Context, Poll, Waker};
    let mut future = std::pin::pin!(future);
    match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}
