//! Work moved off an input's task. The frame after an input shows the result and its chart;
//! what follows from the input but is neither (the team's ranking of every run, the worked
//! steps, the simulation's slices) runs in a task of its own after that one, so it never holds
//! that frame back. A `MessageChannel` message starts the task: unlike a zero timeout, it is
//! not clamped to 4 ms when chained. Outside wasm (the server render runs no effects) nothing
//! waits.

use yew::prelude::*;

/// `value` as it was shown so far, and whether a newer one is waiting: a new `value` is taken
/// up in a task after the one that rendered it (then the component renders again), so the
/// render of the input's own task leaves whatever depends on it as it was. The first render
/// (also the server's and the hydrating one) takes `value` at once.
#[hook]
pub fn use_next_task<T: Clone + PartialEq + 'static>(value: &T) -> (T, bool) {
    let shown = use_state_eq(|| value.clone());
    // The newest value, which the task takes up (several renders may come before it runs).
    let latest = use_mut_ref(|| value.clone());
    *latest.borrow_mut() = value.clone();
    let waiting = *shown != *value;
    {
        let setter = shown.setter();
        use_effect_with(value.clone(), move |_| {
            if waiting {
                in_next_task(move || setter.set(latest.borrow().clone()));
            }
        });
    }
    (T::clone(&shown), waiting)
}

/// Calls `then` in a task of its own, after the current one (and its microtasks) ended.
pub fn in_next_task(then: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    yew::platform::spawn_local(async move {
        yield_to_browser().await;
        then();
    });
    #[cfg(not(target_arch = "wasm32"))]
    then();
}

/// Resolves in a new task (a `MessageChannel` message), so the browser can render and handle
/// input in between.
#[cfg(target_arch = "wasm32")]
pub async fn yield_to_browser() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let Ok(channel) = web_sys::MessageChannel::new() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        let port = channel.port1();
        // The closure keeps the channel alive until its message arrives.
        let keep = channel.clone();
        let on_message = Closure::once_into_js(move || {
            let _ = &keep;
            let _ = resolve.call0(&JsValue::NULL);
        });
        port.set_onmessage(Some(on_message.unchecked_ref()));
        let _ = channel.port2().post_message(&JsValue::NULL);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
