//! Everything of an instance after its first frame: the claims, the advice, the share bar, the
//! charts, the import panel, the team planner, the worked steps, the simulation, the memory
//! section, the tables and the sources; and the JS API's `plan`, `memory` and `simulate`.
//!
//! With the `split` feature (the shipped build) these views are split points: `cargo xtask dist`
//! cuts the linked wasm there (`wasm_split_cli_support`), so their code, and the code only they
//! reach, is a second module, fetched after the first frame ([`load`]); the first module holds
//! the heading, the controls and the result. Without it (tests, the server render) they are
//! plain functions and [`load`] has nothing to do.
//!
//! A split point is an `async` function that loads its module first; once [`load`] has
//! finished, one poll completes it, which is how the views below are called from a render.

use std::rc::Rc;

use sizer_data::api::ApiRun;
use yew::prelude::*;

use crate::calculation::Calculation;
use crate::handlers::Handlers;
use crate::ids::Ids;
use crate::run_ref::RunRef;
use crate::state::SizerState;

/// What the views after the first frame read from the calculator's render.
pub struct RestArgs<'a> {
    pub state: &'a SizerState,
    pub outcome: &'a Rc<Calculation>,
    pub handlers: &'a Handlers,
    pub ids: &'a Ids,
    pub overlays: &'a [RunRef],
    pub on_sim_seed: &'a Callback<u64>,
    pub on_memory: &'a Callback<crate::memory_state::MemoryAction>,
    /// The scenario's link fragment (without a shared curve), for "Copy link".
    pub scenario_fragment: &'a str,
    /// Whether the instance keeps its scenario in the address.
    pub sync_url: bool,
}

/// Whether the views after the first frame can be rendered now: always without `split`.
pub fn is_loaded() -> bool {
    #[cfg(feature = "split")]
    {
        matches!(poll_once(split::preload()), Some(Ok(())))
            && poll_once(split::preload_output()).is_some()
            && poll_once(split::preload_import_panel()).is_some()
            && poll_once(split::preload_below()).is_some()
            && poll_once(split::preload_plan()).is_some()
            && poll_once(split::preload_memory()).is_some()
            && poll_once(split::preload_simulate()).is_some()
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
        split::preload_output().await;
        split::preload_import_panel().await;
        split::preload_below().await;
        split::preload_plan().await;
        split::preload_memory().await;
        split::preload_simulate().await;
        Ok(())
    }
    #[cfg(not(feature = "split"))]
    Ok(())
}

/// The output column under the result (claims, advice, share bar, charts), `None` until [`load`]
/// has finished.
pub fn output(args: &RestArgs<'_>) -> Option<Html> {
    #[cfg(feature = "split")]
    {
        poll_once(split::output(args))
    }
    #[cfg(not(feature = "split"))]
    Some(crate::rest_views::output(args))
}

/// The import panel, `None` until [`load`] has finished.
pub fn import_panel(args: &RestArgs<'_>) -> Option<Html> {
    #[cfg(feature = "split")]
    {
        poll_once(split::import_panel(args))
    }
    #[cfg(not(feature = "split"))]
    Some(crate::rest_views::import_panel(args))
}

/// The sections below the calculator, `None` until [`load`] has finished.
pub fn below(args: &RestArgs<'_>) -> Option<Html> {
    #[cfg(feature = "split")]
    {
        poll_once(split::below(args))
    }
    #[cfg(not(feature = "split"))]
    Some(crate::rest_views::below(args))
}

/// `SparkSizer.plan`'s answer (`crate::team_api::plan_json`), `None` until [`load`] has finished.
pub fn plan_json(team: &str) -> Option<String> {
    #[cfg(feature = "split")]
    {
        poll_once(split::plan_json(team))
    }
    #[cfg(not(feature = "split"))]
    Some(crate::team_api::plan_json(team))
}

/// `SparkSizer.memory`'s answer (`sizer_data::memory::memory_json`), `None` until [`load`] has
/// finished.
pub fn memory_json(request: &str) -> Option<String> {
    #[cfg(feature = "split")]
    {
        poll_once(split::memory_json(request))
    }
    #[cfg(not(feature = "split"))]
    Some(sizer_data::memory::memory_json(sizer_data::catalog(), request))
}

/// `SparkSizer.simulate`'s answer (`sizer_data::sim_api::simulate_json`), `None` until [`load`]
/// has finished.
pub fn simulate_json(team: &str, run: &ApiRun, seed: u64) -> Option<Result<String, String>> {
    #[cfg(feature = "split")]
    {
        poll_once(split::simulate_json(team, run, seed))
    }
    #[cfg(not(feature = "split"))]
    Some(sizer_data::sim_api::simulate_json(team, run, seed))
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

/// The split points: each forwards to its view in `rest_views`.
#[cfg(feature = "split")]
mod split {
    use wasm_split_helpers::{SplitLoaderError, wasm_split};
    use yew::Html;

    use sizer_data::api::ApiRun;

    use super::RestArgs;

    /// Loads the module; `preload` is what [`super::load`] awaits.
    #[wasm_split(rest, fallible, preload(preload))]
    pub fn anchor() -> Result<(), SplitLoaderError> {
        Ok(())
    }

    #[wasm_split(rest, preload(preload_plan))]
    pub fn plan_json(team: &str) -> String {
        crate::team_api::plan_json(team)
    }

    #[wasm_split(rest, preload(preload_memory))]
    pub fn memory_json(request: &str) -> String {
        sizer_data::memory::memory_json(sizer_data::catalog(), request)
    }

    #[wasm_split(rest, preload(preload_simulate))]
    pub fn simulate_json(team: &str, run: &ApiRun, seed: u64) -> Result<String, String> {
        sizer_data::sim_api::simulate_json(team, run, seed)
    }

    #[wasm_split(rest, preload(preload_output))]
    pub fn output(args: &RestArgs<'_>) -> Html {
        crate::rest_views::output(args)
    }

    #[wasm_split(rest, preload(preload_import_panel))]
    pub fn import_panel(args: &RestArgs<'_>) -> Html {
        crate::rest_views::import_panel(args)
    }

    #[wasm_split(rest, preload(preload_below))]
    pub fn below(args: &RestArgs<'_>) -> Html {
        crate::rest_views::below(args)
    }
}
