//! Everything of an instance after its first frame: the charts, the import panel, the team
//! planner, the worked steps, the simulation, the memory section, the tables and the sources.
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
}

/// Whether the views after the first frame can be rendered now: always without `split`.
pub fn is_loaded() -> bool {
    #[cfg(feature = "split")]
    {
        matches!(poll_once(split::preload()), Some(Ok(())))
            && poll_once(split::preload_charts()).is_some()
            && poll_once(split::preload_import_panel()).is_some()
            && poll_once(split::preload_below()).is_some()
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
        split::preload_charts().await;
        split::preload_import_panel().await;
        split::preload_below().await;
        Ok(())
    }
    #[cfg(not(feature = "split"))]
    Ok(())
}

/// The charts section, `None` until [`load`] has finished.
pub fn charts(args: &RestArgs<'_>) -> Option<Html> {
    #[cfg(feature = "split")]
    {
        poll_once(split::charts(args))
    }
    #[cfg(not(feature = "split"))]
    Some(crate::rest_views::charts(args))
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

    use super::RestArgs;

    /// Loads the module; `preload` is what [`super::load`] awaits.
    #[wasm_split(rest, fallible, preload(preload))]
    pub fn anchor() -> Result<(), SplitLoaderError> {
        Ok(())
    }

    #[wasm_split(rest, preload(preload_charts))]
    pub fn charts(args: &RestArgs<'_>) -> Html {
        crate::rest_views::charts(args)
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
