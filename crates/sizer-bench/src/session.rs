//! One fresh browser context: a new chromedriver session, i.e. a new headless Chromium with its
//! own empty profile directory (no HTTP cache, no compiled-code cache), closed after its run.
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The window every run uses (the standalone page's layout at a common laptop size).
const WINDOW_WIDTH: u32 = 1280;
const WINDOW_HEIGHT: u32 = 900;

pub struct Session {
    pub client: Client,
    profile: PathBuf,
}

impl Session {
    /// Starts headless Chromium through chromedriver with an empty profile under `profile`.
    pub async fn open(driver_url: &str, profile: &Path) -> Result<Session, String> {
        if profile.exists() {
            std::fs::remove_dir_all(profile).map_err(|e| format!("cannot clear {}: {e}", profile.display()))?;
        }
        let mut chrome_options = json!({
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-extensions",
                "--force-device-scale-factor=1", "--hide-scrollbars",
                format!("--window-size={WINDOW_WIDTH},{WINDOW_HEIGHT}"),
                format!("--user-data-dir={}", profile.display()),
            ]
        });
        if let Some(binary) = chromium_binary() {
            chrome_options["binary"] = json!(binary);
        }
        let capabilities = json!({ "browserName": "chrome", "goog:chromeOptions": chrome_options });
        let Value::Object(capabilities) = capabilities else { return Err("capabilities are not an object".into()) };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(driver_url)
            .await
            .map_err(|e| format!("cannot start a Chromium session via chromedriver: {e}"))?;
        Ok(Session { client, profile: profile.to_path_buf() })
    }

    /// The browser's name and full version as the session reports them ("chrome 156.0.8078.108").
    pub fn browser_version(&self) -> Option<String> {
        let capabilities = self.client.capabilities()?;
        let name = capabilities.get("browserName")?.as_str()?;
        let version = capabilities.get("browserVersion")?.as_str()?;
        Some(format!("{name} {version}"))
    }

    /// Registers `source` to run in every new document before any of the page's own scripts
    /// (Chrome DevTools Protocol `Page.addScriptToEvaluateOnNewDocument`, through chromedriver).
    pub async fn run_before_page_scripts(&self, source: &str) -> Result<(), String> {
        let command =
            CdpCommand { method: "Page.addScriptToEvaluateOnNewDocument", params: json!({ "source": source }) };
        self.client.issue_cmd(command).await.map(|_| ()).map_err(|e| format!("cannot install the page probe: {e}"))
    }

    pub async fn goto(&self, url: &str) -> Result<(), String> {
        self.client.goto(url).await.map_err(|e| format!("cannot open {url}: {e}"))
    }

    /// Runs `script` in the page, returning its JSON result.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.client.execute(script, args).await.map_err(|e| format!("script failed: {e}"))
    }

    /// Runs an asynchronous `script` (it calls its last argument with the result).
    pub async fn js_async(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.client.execute_async(script, args).await.map_err(|e| format!("script failed: {e}"))
    }

    /// Ends the session (Chromium exits) and deletes the profile.
    pub async fn close(self) {
        // A session that is already gone has nothing left to close.
        let _ = self.client.close().await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Debian's Chromium, or `$CHROME_BIN`; `None` lets chromedriver look for Chrome itself.
fn chromium_binary() -> Option<String> {
    if let Some(bin) = std::env::var_os("CHROME_BIN").filter(|b| !b.is_empty()) {
        return Some(bin.to_string_lossy().into_owned());
    }
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().find(|p| Path::new(p).is_file()).map(str::to_string)
}

/// chromedriver's DevTools pass-through (`POST /session/{id}/goog/cdp/execute`), not part of
/// W3C WebDriver, hence a custom command.
#[derive(Debug)]
struct CdpCommand {
    method: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for CdpCommand {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "cmd": self.method, "params": self.params }).to_string()))
    }
}
