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

/// At most one fragment write per this many milliseconds: at most 40 in any 10 s, inside every
/// browser's limit on `history.replaceState` (Chromium ignores calls beyond 200 in 10 s, WebKit
/// throws beyond 100), which a dragged slider would otherwise reach within seconds.
pub const FRAGMENT_WRITE_INTERVAL_MS: u64 = 250;

/// Writes an instance's fragment off the path from an input to its painted result, as a
/// trailing throttle: the first change is written in a task of its own after the update, later
/// changes at most once per [`FRAGMENT_WRITE_INTERVAL_MS`], and the last write always carries
/// the latest fragment. Dropping the writer drops a pending write.
#[derive(Default)]
pub struct FragmentWriter {
    pending: std::rc::Rc<std::cell::RefCell<PendingFragment>>,
}

#[derive(Default)]
struct PendingFragment {
    /// The fragment to write next, if it changed since the last write.
    latest: Option<String>,
    /// A writer task is running (writing, or waiting out the interval).
    running: bool,
}

impl FragmentWriter {
    /// Writes `fragment` soon (see the type's docs).
    pub fn write(&self, fragment: String) {
        let mut pending = self.pending.borrow_mut();
        pending.latest = Some(fragment);
        if !pending.running {
            pending.running = true;
            drop(pending);
            spawn_writer(std::rc::Rc::downgrade(&self.pending));
        }
    }

    /// Drops a write not yet made (a link was opened: the address stays as it is).
    pub fn cancel(&self) {
        self.pending.borrow_mut().latest = None;
    }
}

/// Writes the latest fragment, then waits one interval, until nothing new came in.
#[cfg(target_arch = "wasm32")]
fn spawn_writer(pending: std::rc::Weak<std::cell::RefCell<PendingFragment>>) {
    use std::time::Duration;
    yew::platform::spawn_local(async move {
        // A task of its own (a timer), so the update is painted first.
        yew::platform::time::sleep(Duration::ZERO).await;
        loop {
            let Some(shared) = pending.upgrade() else { return };
            let latest = shared.borrow_mut().latest.take();
            let Some(fragment) = latest else {
                shared.borrow_mut().running = false;
                return;
            };
            drop(shared);
            write_fragment(&fragment);
            yew::platform::time::sleep(Duration::from_millis(FRAGMENT_WRITE_INTERVAL_MS)).await;
        }
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn spawn_writer(pending: std::rc::Weak<std::cell::RefCell<PendingFragment>>) {
    let _ = pending;
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

/// Opens the folded sections (`<details>`) around the element with this id, scrolls it into
/// view and, with `focus`, moves the keyboard focus to it (a skip link); false when there is none.
pub fn reveal(event: &web_sys::Event, id: &str, focus: bool) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        // A `<spark-sizer>` element's ids are its shadow root's own: look there first.
        let shadow = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Node>().ok())
            .and_then(|node| node.get_root_node().dyn_into::<web_sys::ShadowRoot>().ok());
        let element = shadow
            .and_then(|root| root.get_element_by_id(id))
            .or_else(|| web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)));
        let Some(element) = element else {
            return false;
        };
        if element.tag_name().eq_ignore_ascii_case("details") {
            let _ = element.set_attribute("open", "");
        }
        let mut ancestor = element.parent_element();
        while let Some(parent) = ancestor {
            if parent.tag_name().eq_ignore_ascii_case("details") {
                let _ = parent.set_attribute("open", "");
            }
            ancestor = parent.parent_element();
        }
        element.scroll_into_view();
        if focus {
            // A folded section takes focus on its summary; an element that cannot take focus
            // (the result) is made focusable by script only.
            let summary = element.query_selector(":scope > summary").ok().flatten();
            let target = summary.unwrap_or(element);
            let focusable =
                target.matches("a[href], button, input, select, textarea, summary, [tabindex]").unwrap_or(false);
            if !focusable {
                let _ = target.set_attribute("tabindex", "-1");
            }
            if let Some(target) = target.dyn_ref::<web_sys::HtmlElement>() {
                let _ = target.focus();
            }
        }
        true
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (event, id, focus);
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

/// One file's (or a slice of one's) bytes, or `None` when the browser could not read it (the
/// import panel's files and the log reader's slices).
pub async fn read_bytes(file: &gloo::file::Blob) -> Option<Vec<u8>> {
    let (sender, receiver) = yew::platform::pinned::oneshot::channel();
    let _reader = gloo::file::callbacks::read_as_bytes(file, move |result| {
        let _ = sender.send(result.ok());
    });
    receiver.await.ok().flatten()
}
