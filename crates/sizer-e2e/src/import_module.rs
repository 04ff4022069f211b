//! The importers' own wasm module in the built pages: a pasted table and a dropped file are
//! imported on the hosted page (the module fetched from `dist/`) and in the single-file page
//! opened from `file://` (the module inlined), and a refusal is still said in the page's words.
use crate::browser::Browser;
use crate::checks::Site;
use serde_json::{Value, json};

/// Two points, the two-column form; the run is listed as the person's own.
const PASTED: &str = "concurrency,tok/s\n1,50\n8,20\n";
/// A dropped file with three points.
const DROPPED: &str = "concurrency,tok/s\n1,48\n4,30\n16,12\n";

/// Pastes `arguments[0]` (when not null) or drops a file named `arguments[1]` holding
/// `arguments[2]`, into the first import panel of the document.
const IMPORT: &str = r#"
const [text, fileName, fileText] = arguments;
if (text !== null) {
  const area = document.querySelector('[data-import="paste"]');
  area.value = text;
  area.dispatchEvent(new Event('input', { bubbles: true }));
  document.querySelector('[data-import="submit"]').click();
} else {
  const input = document.querySelector('[data-import="file"]');
  const files = new DataTransfer();
  files.items.add(new File([fileText], fileName, { type: 'text/csv' }));
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
return true;
"#;

const STATE: &str = r#"
return {
  listed: document.querySelectorAll('[data-import="list"] li').length,
  yours: document.querySelectorAll('option[data-origin="yours"]').length,
  error: (document.querySelector('[data-import="error"]') || {}).textContent || '',
};
"#;

pub async fn imports_run_in_their_own_module_hosted_and_offline(browser: &Browser, site: &Site) -> Result<(), String> {
    for (page, url) in [("hosted page", site.base_url.clone()), ("single-file page", site.offline_url.clone())] {
        browser.goto(&url).await?;
        browser.wait_for_results(0).await?;
        browser.js(IMPORT, vec![json!(PASTED), Value::Null, Value::Null]).await?;
        wait_listed(browser, page, 1).await?;
        browser.js(IMPORT, vec![Value::Null, json!("run.csv"), json!(DROPPED)]).await?;
        wait_listed(browser, page, 2).await?;
        // A refusal comes back from the module as the importer's error, worded by the widget.
        browser.js(IMPORT, vec![json!("<html><body>not a benchmark</body></html>"), Value::Null, Value::Null]).await?;
        browser
            .wait_until(&format!("the {page} to refuse an HTML page"), || async {
                let state = browser.js(STATE, vec![]).await?;
                let error = state["error"].as_str().unwrap_or("").to_owned();
                Ok((error.contains("web page (HTML)"), state.to_string()))
            })
            .await?;
        browser.expect_no_console_errors(&format!("importing in the {page}")).await?;
    }
    Ok(())
}

/// Waits until `count` runs are listed and offered in the run picker.
async fn wait_listed(browser: &Browser, page: &str, count: u64) -> Result<(), String> {
    browser
        .wait_until(&format!("{count} imported run(s) in the {page}"), || async {
            let state = browser.js(STATE, vec![]).await?;
            let done = state["listed"].as_u64() == Some(count) && state["yours"].as_u64() >= Some(count);
            Ok((done, state.to_string()))
        })
        .await
}
