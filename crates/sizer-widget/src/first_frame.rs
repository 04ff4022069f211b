//! Progressive first render of a client-rendered `<spark-sizer>` instance: its first frame holds
//! the heading, the controls and the result; the charts, the team planner, the worked steps, the
//! simulation and the tables are added in a task after that frame, so the first result does not
//! wait for the whole tree. A hydrated instance (its markup came prerendered) and every other
//! mount show everything at once.

use yew::prelude::*;

/// Provided by `embedded::Embedded`: `true` when the instance renders afresh in the browser.
#[derive(Clone, Copy, PartialEq, Default)]
pub struct ProgressiveRender(pub bool);

/// After this many milliseconds the rest is shown even if no frame came (a background tab).
#[cfg(target_arch = "wasm32")]
const FALLBACK_MS: i32 = 100;

/// Whether the parts after the first frame are shown yet.
#[hook]
pub fn use_rest_shown() -> bool {
    let progressive = use_context::<ProgressiveRender>().unwrap_or_default().0;
    let shown = use_state(|| !progressive);
    {
        let shown = shown.clone();
        use_effect_with((), move |_| {
            if !*shown {
                after_first_frame(move || shown.set(true));
            }
        });
    }
    *shown
}

/// Calls `then` in a task after the next frame (or after [`FALLBACK_MS`]), at most once.
fn after_first_frame(then: impl Fn() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use std::cell::Cell;
        use std::rc::Rc;
        use wasm_bindgen::JsCast;
        use wasm_bindgen::closure::Closure;
        let Some(window) = web_sys::window() else {
            then();
            return;
        };
        let done = Rc::new(Cell::new(false));
        let once = Rc::new(move || {
            if !done.replace(true) {
                then();
            }
        });
        let after_frame = {
            let once = Rc::clone(&once);
            let window = window.clone();
            Closure::once_into_js(move || {
                let task = Closure::once_into_js(move || once());
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), 0);
            })
        };
        let _ = window.request_animation_frame(after_frame.unchecked_ref());
        let fallback = Closure::once_into_js(move || once());
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(fallback.unchecked_ref(), FALLBACK_MS);
    }
    #[cfg(not(target_arch = "wasm32"))]
    then();
}
