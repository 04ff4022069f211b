//! A headless Chromium session and the few page operations the checks need, all in terms of the
//! widget's DOM contract (`docs/DOM.md`): instances are `.spark-sizer` roots, inputs
//! carry `data-field`, errors `data-error`, results `data-result` with a machine `data-value`.
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::future::Future;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a condition in the page may take to become true (wasm start, re-render).
pub const WAIT_DEADLINE: Duration = Duration::from_secs(15);
const POLL_INTERVAL: Duration = Duration::from_millis(50);
/// The window the checks and the README screenshot use.
pub const WINDOW_WIDTH: u32 = 1280;
pub const WINDOW_HEIGHT: u32 = 900;

pub struct Browser {
    pub client: Client,
}

/// A displayed result: its text and its machine value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultValue {
    pub text: String,
    pub value: String,
}

impl Browser {
    /// Opens a session in headless Chromium with browser console logging on.
    pub async fn open(driver_url: &str, profile_dir: &Path) -> Result<Browser, String> {
        let mut chrome_options = json!({
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--force-device-scale-factor=1",
                "--hide-scrollbars",
                format!("--window-size={WINDOW_WIDTH},{WINDOW_HEIGHT}"),
                format!("--user-data-dir={}", profile_dir.display()),
            ]
        });
        if let Some(binary) = chromium_binary() {
            chrome_options["binary"] = json!(binary);
        }
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": chrome_options,
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(capabilities) = capabilities else { return Err("capabilities".into()) };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(driver_url)
            .await
            .map_err(|e| format!("cannot start a Chromium session via chromedriver: {e}"))?;
        Ok(Browser { client })
    }

    pub async fn goto(&self, url: &str) -> Result<(), String> {
        self.client.goto(url).await.map_err(|e| format!("cannot open {url}: {e}"))
    }

    /// Runs `script` in the page (arguments in `arguments`), returning its JSON result.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.client.execute(script, args).await.map_err(|e| format!("script failed: {e}"))
    }

    /// Console messages at level SEVERE since the last call (errors, failed loads, CSP refusals,
    /// uncaught exceptions, panics reported by the widget).
    pub async fn console_errors(&self) -> Result<Vec<String>, String> {
        Ok(self.console_messages().await?.into_iter().filter(|(level, _)| level == "SEVERE").map(|(_, m)| m).collect())
    }

    /// Every console message since the last call, as `(level, message)`.
    pub async fn console_messages(&self) -> Result<Vec<(String, String)>, String> {
        let entries =
            self.client.issue_cmd(BrowserLog).await.map_err(|e| format!("cannot read the browser log: {e}"))?;
        let entries = entries.as_array().cloned().unwrap_or_default();
        Ok(entries
            .iter()
            .map(|entry| {
                let text = |key: &str| entry[key].as_str().unwrap_or("").to_string();
                (text("level"), text("message"))
            })
            .collect())
    }

    /// Fails with the console errors, if there are any.
    pub async fn expect_no_console_errors(&self, context: &str) -> Result<(), String> {
        let errors = self.console_errors().await?;
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!("console errors {context}:\n    {}", errors.join("\n    ")))
        }
    }

    /// Number of widget instances (`.spark-sizer` roots, in the page or in a `<spark-sizer>`
    /// element's shadow root) in the page.
    pub async fn instance_count(&self) -> Result<usize, String> {
        let count = self.js("return [...document.querySelectorAll('.spark-sizer, spark-sizer')].flatMap((e) => e.localName === 'spark-sizer' ? [...(e.shadowRoot ? e.shadowRoot.querySelectorAll('.spark-sizer') : [])] : [e]).length;", vec![]).await?;
        Ok(count.as_u64().unwrap_or(0) as usize)
    }

    /// `[data-result=name]` of instance `instance`, when present with a machine value.
    pub async fn result(&self, instance: usize, name: &str) -> Result<Option<ResultValue>, String> {
        let found = self
            .js(
                "const [i, name] = arguments;
                 const root = [...document.querySelectorAll('.spark-sizer, spark-sizer')].flatMap((e) => e.localName === 'spark-sizer' ? [...(e.shadowRoot ? e.shadowRoot.querySelectorAll('.spark-sizer') : [])] : [e])[i];
                 const el = root && root.querySelector(`[data-result=\"${name}\"]`);
                 return el ? { text: el.textContent.trim(), value: el.getAttribute('data-value') } : null;",
                vec![json!(instance), json!(name)],
            )
            .await?;
        Ok(match (&found["text"], &found["value"]) {
            (Value::String(text), Value::String(value)) => {
                Some(ResultValue { text: text.clone(), value: value.clone() })
            }
            _ => None,
        })
    }

    /// The message in `[data-error=field]` of an instance ("" when absent or valid), and whether
    /// the field's input has `aria-invalid="true"`.
    pub async fn field_error(&self, instance: usize, field: &str) -> Result<(String, bool), String> {
        let found = self
            .js(
                "const [i, field] = arguments;
                 const root = [...document.querySelectorAll('.spark-sizer, spark-sizer')].flatMap((e) => e.localName === 'spark-sizer' ? [...(e.shadowRoot ? e.shadowRoot.querySelectorAll('.spark-sizer') : [])] : [e])[i];
                 if (!root) return null;
                 const error = root.querySelector(`[data-error=\"${field}\"]`);
                 const input = root.querySelector(`[data-field=\"${field}\"]`);
                 return { message: error ? error.textContent.trim() : '',
                          invalid: !!input && input.getAttribute('aria-invalid') === 'true' };",
                vec![json!(instance), json!(field)],
            )
            .await?;
        Ok((found["message"].as_str().unwrap_or("").to_string(), found["invalid"] == true))
    }

    /// The current value of an input or select (`data-field=field`) of an instance.
    pub async fn field_value(&self, instance: usize, field: &str) -> Result<String, String> {
        let element = self.field(instance, field).await?;
        let value = element.prop("value").await.map_err(|e| format!("cannot read {field}: {e}"))?;
        Ok(value.unwrap_or_default())
    }

    /// The option values of a `<select data-field=field>`.
    pub async fn options(&self, instance: usize, field: &str) -> Result<Vec<String>, String> {
        let element = self.field(instance, field).await?;
        let values = self
            .js("return Array.from(arguments[0].options || []).map(o => o.value);", vec![element_json(&element)?])
            .await?;
        Ok(values.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect())
    }

    /// Sets a field as a person would: picks the option of a select, types into a text or number
    /// input (then Tab, so `change` fires too); a range slider is set and its events dispatched.
    pub async fn set_field(&self, instance: usize, field: &str, value: &str) -> Result<(), String> {
        let element = self.field(instance, field).await?;
        let fail = |e: fantoccini::error::CmdError| format!("cannot set {field} to {value:?}: {e}");
        let tag = element.tag_name().await.map_err(fail)?.to_ascii_lowercase();
        let kind = element.attr("type").await.map_err(fail)?.unwrap_or_default();
        if tag == "select" {
            element.select_by_value(value).await.map_err(fail)
        } else if kind == "range" {
            self.js(
                "const [el, v] = arguments; el.value = v;
                 el.dispatchEvent(new Event('input', { bubbles: true }));
                 el.dispatchEvent(new Event('change', { bubbles: true }));",
                vec![element_json(&element)?, json!(value)],
            )
            .await
            .map(|_| ())
        } else {
            element.clear().await.map_err(fail)?;
            element.send_keys(&format!("{value}\u{E004}")).await.map_err(fail)
        }
    }

    /// The `[data-field=field]` of instance `instance` (found by script: the `.spark-sizer` root of
    /// a `<spark-sizer>` element is in its shadow root, where CSS locators do not reach).
    async fn field(&self, instance: usize, field: &str) -> Result<fantoccini::elements::Element, String> {
        let found = self
            .js(
                "const [i, field] = arguments;
                 const root = [...document.querySelectorAll('.spark-sizer, spark-sizer')].flatMap((e) => e.localName === 'spark-sizer' ? [...(e.shadowRoot ? e.shadowRoot.querySelectorAll('.spark-sizer') : [])] : [e])[i];
                 if (!root) return 'none';
                 return root.querySelector(`[data-field=\"${field}\"]`);",
                vec![json!(instance), json!(field)],
            )
            .await?;
        if found == "none" {
            return Err(format!("no widget instance #{instance} (.spark-sizer)"));
        }
        let id = found
            .get(ELEMENT_KEY)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("instance #{instance} has no [data-field=\"{field}\"]"))?;
        Ok(fantoccini::elements::Element::from_element_id(self.client.clone(), id.to_string().into()))
    }

    /// Gives `files` (`{"name", "text"}` objects) at once to the file input `input` (a CSS
    /// selector inside the first `.spark-sizer`) as a drop or a multiple choice does: a
    /// `DataTransfer` of `File`s of type `mime`, then `change`. Waits for the input first; `open`
    /// (a selector of a `<details>`, if any) is opened before.
    pub async fn drop_files(
        &self,
        input: &str,
        open: Option<&str>,
        files: Vec<Value>,
        mime: &str,
    ) -> Result<(), String> {
        self.wait_until(&format!("the file input {input}"), || async move {
            let found =
                self.js("return !!document.querySelector('.spark-sizer ' + arguments[0]);", vec![json!(input)]).await?;
            Ok((found == json!(true), found.to_string()))
        })
        .await?;
        self.js(
            "const [input, open, files, mime] = arguments;
             if (open) document.querySelector('.spark-sizer ' + open).open = true;
             const element = document.querySelector('.spark-sizer ' + input);
             const transfer = new DataTransfer();
             for (const f of files) transfer.items.add(new File([f.text], f.name, { type: mime }));
             element.files = transfer.files;
             element.dispatchEvent(new Event('change', { bubbles: true }));",
            vec![json!(input), json!(open), json!(files), json!(mime)],
        )
        .await
        .map(|_| ())
    }

    /// Scrolls each `(part, selector, block)` of the first instance into view (`block`: `start`
    /// or `end`) and saves the window as `<dir>/<name>-<width>-<lang>-<part>.png`.
    pub async fn save_parts(
        &self,
        dir: &Path,
        name: &str,
        (width, lang): (u32, &str),
        parts: &[(&str, &str, &str)],
    ) -> Result<(), String> {
        for (part, selector, block) in parts {
            let scroll =
                format!("document.querySelector('.spark-sizer {selector}').scrollIntoView({{block: '{block}'}});");
            self.js(&scroll, vec![]).await?;
            self.settle().await?;
            let png = self.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
            let path = dir.join(format!("{name}-{width}-{lang}-{part}.png"));
            std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("    saved {}", path.display());
        }
        Ok(())
    }

    /// [`Browser::save_parts`] at 1280 px in English and at 390 px in German (the language picked
    /// in the page), then back to English at the checks' width.
    pub async fn save_parts_en_de(&self, dir: &Path, name: &str, parts: &[(&str, &str, &str)]) -> Result<(), String> {
        for (width, lang) in [(1280, "en"), (390, "de")] {
            self.set_field(0, "lang", lang).await?;
            self.client.set_window_size(width, WINDOW_HEIGHT).await.map_err(|e| format!("cannot resize: {e}"))?;
            self.save_parts(dir, name, (width, lang), parts).await?;
        }
        self.set_field(0, "lang", "en").await?;
        self.client.set_window_size(WINDOW_WIDTH, WINDOW_HEIGHT).await.map_err(|e| format!("cannot resize: {e}"))
    }

    /// Waits until `condition` returns `Ok(true)`; on time-out reports `what` and the last state.
    pub async fn wait_until<F, Fut>(&self, what: &str, mut condition: F) -> Result<(), String>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<(bool, String), String>>,
    {
        let started = Instant::now();
        loop {
            let (done, state) = condition().await?;
            if done {
                return Ok(());
            }
            if started.elapsed() > WAIT_DEADLINE {
                return Err(format!("timed out after {WAIT_DEADLINE:?} waiting for {what}; last seen: {state}"));
            }
            tokio::time::sleep(POLL_INTERVAL).await;
        }
    }

    /// Waits until the wasm runs (`window.SparkSizer` is installed before the instances mount or
    /// hydrate) and instance `instance` shows people, streams and binding results. Prerendered
    /// results alone do not count: they are in the HTML before any wasm runs.
    pub async fn wait_for_results(&self, instance: usize) -> Result<(), String> {
        self.wait_until(&format!("the widget to run and instance #{instance} to show its results"), || async move {
            let api =
                self.js("return typeof window.SparkSizer === 'object' && window.SparkSizer !== null;", vec![]).await?;
            let people = self.result(instance, "people").await?;
            let streams = self.result(instance, "streams").await?;
            let binding = self.result(instance, "binding").await?;
            let shown = [&people, &streams, &binding].iter().all(|r| r.as_ref().is_some_and(|r| !r.value.is_empty()));
            Ok((
                api == true && shown,
                format!("window.SparkSizer {api}, people {people:?}, streams {streams:?}, binding {binding:?}"),
            ))
        })
        .await?;
        self.settle().await
    }

    /// Waits for two animation frames, so what is in the DOM has been painted.
    pub async fn settle(&self) -> Result<(), String> {
        self.client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
                vec![],
            )
            .await
            .map(|_| ())
            .map_err(|e| format!("page did not paint: {e}"))
    }
}

/// WebDriver's key for an element reference in a script's result.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

fn element_json(element: &fantoccini::elements::Element) -> Result<Value, String> {
    serde_json::to_value(element).map_err(|e| e.to_string())
}

/// Debian's Chromium, or `$CHROME_BIN`; `None` lets chromedriver look for Chrome itself.
fn chromium_binary() -> Option<String> {
    if let Some(bin) = std::env::var_os("CHROME_BIN").filter(|b| !b.is_empty()) {
        return Some(bin.to_string_lossy().into_owned());
    }
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().find(|p| Path::new(p).is_file()).map(str::to_string)
}

/// chromedriver's log endpoint (`POST /session/{id}/se/log {"type":"browser"}`): the console
/// messages since the last read. Not part of W3C WebDriver, hence a custom command.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.to_string()))
    }
}
