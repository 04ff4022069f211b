//! Progressive first render of a client-rendered `<spark-sizer>` instance: its first frame holds
//! the heading, the controls and the result; the charts, the team planner, the worked steps, the
//! simulation and the tables are added in a task after that frame, so the first result does not
//! wait for the whole tree. A hydrated instance (its markup came prerendered) and every other
//! mount show everything at once, once the second module that holds it is loaded
//! ([`crate::shell::later`]: a hydrated instance is only started after that).

use yew::prelude::*;

/// Provided by `embedded::Embedded`: `true` when the instance renders afresh in the browser.
#[derive(Clone, Copy, PartialEq, Default)]
pub struct ProgressiveRender(pub bool);

/// After this many milliseconds the rest is shown even if no frame came (a background tab).
#[cfg(target_arch = "wasm32")]
const FALLBACK_MS: i32 = 100;

/// Whether the parts after the first frame are shown yet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rest {
    /// Not yet: the first frame, or the second module is on its way.
    Waiting,
    Shown,
    /// The second module could not be loaded (why went to the console once).
    Failed,
}

/// Whether the parts after the first frame are shown: at once when they need not wait (and
/// their module is loaded), else after the first frame and the module's load.
#[hook]
pub fn use_rest_shown() -> Rest {
    let progressive = use_context::<ProgressiveRender>().unwrap_or_default().0;
    let rest = use_state(|| if !progressive && crate::shell::later::is_loaded() { Rest::Shown } else { Rest::Waiting });
    {
        let rest = rest.clone();
        use_effect_with((), move |_| {
            if *rest == Rest::Waiting {
                let show = move || {
                    wasm_bindgen_futures::spawn_local(async move {
                        rest.set(match crate::shell::later::load().await {
                            Ok(()) => Rest::Shown,
                            Err(why) => {
                                log_error(&why);
                                Rest::Failed
                            }
                        });
                    })
                };
                if progressive { after_first_frame(show) } else { show() }
            }
        });
    }
    *rest
}

/// Why the second module failed, for the console (the page says it in one sentence).
fn log_error(why: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::error_1(&format!("Spark Sizer: {why}").into());
    #[cfg(not(target_arch = "wasm32"))]
    let _ = why;
}

/// Calls `then` in a task after the next frame (or after [`FALLBACK_MS`]), at most once.
pub fn after_first_frame(then: impl FnOnce() + 'static) {
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
        let then = Rc::new(Cell::new(Some(then)));
        let once = Rc::new(move || {
            if let Some(then) = then.take() {
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
