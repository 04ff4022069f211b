//! The few browser calls the widget makes, only from effects and callbacks (never while
//! rendering, so the app also renders on the server). Outside wasm they do nothing.

/// The current location's fragment (with `#`), if any.
pub fn read_fragment() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()?.location().hash().ok().filter(|hash| !hash.is_empty())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// How many fragment writes one [`FragmentWriter`] makes at once after a quiet spell.
pub const FRAGMENT_WRITE_BURST: u32 = 10;

/// After a burst, one fragment write per this many milliseconds (four a second): at most 50 in
/// any 10 s, inside every browser's limit on `history.replaceState` (Chromium ignores calls
/// beyond 200 in 10 s, WebKit throws beyond 100), which a dragged slider would otherwise reach
/// within seconds.
pub const FRAGMENT_WRITE_INTERVAL_MS: u32 = 250;

/// Writes an instance's fragment off the path from an input to its painted result: a write
/// (a couple of milliseconds in Chromium, most of it waiting for the browser process) runs in a
/// task of its own after the update. Typing and clicking write at once; a stream of changes
/// (a dragged slider) is thinned to one write per [`FRAGMENT_WRITE_INTERVAL_MS`] after the
/// first [`FRAGMENT_WRITE_BURST`], and the last write always carries the latest fragment.
/// Dropping the writer drops a pending write.
#[derive(Default)]
pub struct FragmentWriter {
    pending: std::rc::Rc<std::cell::RefCell<PendingFragment>>,
}

#[derive(Default)]
struct PendingFragment {
    /// The fragment to write next, if it changed since the last write.
    latest: Option<String>,
    /// A write task is waiting.
    scheduled: bool,
    /// The writes left, as of the last write (`None`: a full burst).
    budget: Option<WriteBudget>,
}

impl FragmentWriter {
    /// Writes `fragment` soon (see the type's docs).
    pub fn write(&self, fragment: String) {
        let mut pending = self.pending.borrow_mut();
        pending.latest = Some(fragment);
        if pending.scheduled {
            return;
        }
        pending.scheduled = true;
        let now = now_ms();
        let delay = pending.budget.map_or(0, |budget| budget.at(now).wait_ms());
        drop(pending);
        schedule_write(std::rc::Rc::downgrade(&self.pending), delay);
    }
}

/// A token bucket of fragment writes: [`FRAGMENT_WRITE_BURST`] tokens, one more every
/// [`FRAGMENT_WRITE_INTERVAL_MS`].
#[derive(Clone, Copy, Debug, PartialEq)]
struct WriteBudget {
    /// Writes available at `at_ms`.
    tokens: f64,
    /// When `tokens` was counted, ms since the epoch.
    at_ms: f64,
}

impl WriteBudget {
    /// The budget after one write at `now_ms` from `budget` (`None`: a full burst).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn spend(budget: Option<WriteBudget>, now_ms: f64) -> WriteBudget {
        let full = WriteBudget { tokens: f64::from(FRAGMENT_WRITE_BURST), at_ms: now_ms };
        let available = budget.map_or(full, |budget| budget.at(now_ms));
        WriteBudget { tokens: (available.tokens - 1.0).max(0.0), at_ms: now_ms }
    }

    /// The budget at `now_ms`.
    ///
    /// # Formula
    /// tokens(now) = min(burst, tokens + max(0, now - at) / interval): a clock that jumps back
    /// refills nothing.
    fn at(self, now_ms: f64) -> WriteBudget {
        let elapsed = (now_ms - self.at_ms).max(0.0);
        let refill = if elapsed.is_finite() { elapsed / f64::from(FRAGMENT_WRITE_INTERVAL_MS) } else { 0.0 };
        WriteBudget { tokens: (self.tokens + refill).min(f64::from(FRAGMENT_WRITE_BURST)), at_ms: now_ms }
    }

    /// Milliseconds until the next write may run.
    ///
    /// # Formula
    /// wait = 0 with a whole token, else (1 - tokens) x interval, rounded up.
    fn wait_ms(self) -> u32 {
        let interval = f64::from(FRAGMENT_WRITE_INTERVAL_MS);
        let wait = ((1.0 - self.tokens) * interval).clamp(0.0, interval);
        // Within 0..=interval after the clamp (NaN tokens give NaN, which waits one interval).
        if wait.is_finite() { wait.ceil() as u32 } else { FRAGMENT_WRITE_INTERVAL_MS }
    }
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    0.0
}

#[cfg(target_arch = "wasm32")]
fn schedule_write(pending: std::rc::Weak<std::cell::RefCell<PendingFragment>>, delay_ms: u32) {
    yew::platform::spawn_local(async move {
        yew::platform::time::sleep(std::time::Duration::from_millis(u64::from(delay_ms))).await;
        let Some(pending) = pending.upgrade() else { return };
        let latest = {
            let mut pending = pending.borrow_mut();
            pending.scheduled = false;
            pending.budget = Some(WriteBudget::spend(pending.budget, now_ms()));
            pending.latest.take()
        };
        if let Some(fragment) = latest {
            write_fragment(&fragment);
        }
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn schedule_write(pending: std::rc::Weak<std::cell::RefCell<PendingFragment>>, delay_ms: u32) {
    let _ = (pending, delay_ms);
}

/// Replaces the fragment without adding a history entry or scrolling.
pub fn write_fragment(fragment: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else { return };
        if window.location().hash().ok().as_deref() == Some(&["#", fragment].concat()) {
            return;
        }
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&["#", fragment].concat()));
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = fragment;
}

/// The page's address with `fragment` in place of its own.
pub fn url_with_fragment(fragment: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let href = web_sys::window()?.location().href().ok()?;
        let base = href.split('#').next().unwrap_or(&href);
        Some([base, "#", fragment].concat())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = fragment;
        None
    }
}

/// Copies `text` to the clipboard; `done` gets whether it worked.
pub fn copy_text(text: String, done: yew::Callback<bool>) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else {
            done.emit(false);
            return;
        };
        let promise = window.navigator().clipboard().write_text(&text);
        yew::platform::spawn_local(async move {
            let result = wasm_bindgen_futures::JsFuture::from(promise).await;
            done.emit(result.is_ok());
        });
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = text;
        done.emit(false);
    }
}

/// Offers `content` as a download named `filename` (a Blob URL, revoked after the click).
pub fn download(filename: &str, mime: &str, content: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let run = || -> Option<()> {
            let document = web_sys::window()?.document()?;
            let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(content));
            let options = web_sys::BlobPropertyBag::new();
            options.set_type(mime);
            let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
            let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
            let anchor: web_sys::HtmlAnchorElement = document.create_element("a").ok()?.dyn_into().ok()?;
            anchor.set_href(&url);
            anchor.set_download(filename);
            anchor.click();
            let _ = web_sys::Url::revoke_object_url(&url);
            Some(())
        };
        run().is_some()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (filename, mime, content);
        false
    }
}

/// Scrolls the element with this id into view; false when there is none.
pub fn scroll_to(id: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(element) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else {
            return false;
        };
        element.scroll_into_view();
        true
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = id;
        false
    }
}

/// Keeps a `hashchange` listener alive; dropping it removes the listener.
pub struct HashListener {
    #[cfg(target_arch = "wasm32")]
    _listener: Option<gloo::events::EventListener>,
}

/// Calls `on_change` whenever the location's fragment changes (back/forward, a pasted link).
pub fn on_hash_change(on_change: impl Fn() + 'static) -> HashListener {
    #[cfg(target_arch = "wasm32")]
    {
        let listener = web_sys::window()
            .map(|window| gloo::events::EventListener::new(&window, "hashchange", move |_| on_change()));
        HashListener { _listener: listener }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = on_change;
        HashListener {}
    }
}

#[cfg(test)]
mod tests {
    use super::{FRAGMENT_WRITE_BURST, FRAGMENT_WRITE_INTERVAL_MS, WriteBudget};

    const INTERVAL: f64 = FRAGMENT_WRITE_INTERVAL_MS as f64;

    #[test]
    fn a_burst_of_writes_goes_at_once_then_one_per_interval() {
        let mut budget = None;
        for _ in 0..FRAGMENT_WRITE_BURST {
            let now = 1_000.0;
            assert_eq!(budget.map_or(0, |b: WriteBudget| b.at(now).wait_ms()), 0);
            budget = Some(WriteBudget::spend(budget, now));
        }
        let spent = budget.expect("spent");
        assert_eq!(spent.at(1_000.0).wait_ms(), FRAGMENT_WRITE_INTERVAL_MS);
        assert_eq!(spent.at(1_000.0 + INTERVAL / 2.0).wait_ms(), FRAGMENT_WRITE_INTERVAL_MS / 2);
        assert_eq!(spent.at(1_000.0 + INTERVAL).wait_ms(), 0);
    }

    #[test]
    fn the_budget_refills_to_one_burst_at_most() {
        let spent = WriteBudget { tokens: 0.0, at_ms: 0.0 };
        assert_eq!(spent.at(1.0e9).tokens, f64::from(FRAGMENT_WRITE_BURST));
        assert_eq!(spent.at(3.0 * INTERVAL).tokens, 3.0);
    }

    #[test]
    fn a_clock_that_jumps_back_refills_nothing_and_waits_one_interval_at_most() {
        let spent = WriteBudget { tokens: 0.0, at_ms: 5_000.0 };
        assert_eq!(spent.at(1_000.0).tokens, 0.0);
        assert_eq!(spent.at(1_000.0).wait_ms(), FRAGMENT_WRITE_INTERVAL_MS);
        assert_eq!(WriteBudget { tokens: f64::NAN, at_ms: 0.0 }.wait_ms(), FRAGMENT_WRITE_INTERVAL_MS);
    }
}
