//! When the second wasm module (charts, team, tables: `sizer-widget-rest-*.wasm`) cannot be
//! fetched, a plain `<spark-sizer>` still answers from the first module, and says in one
//! sentence what is missing instead of showing nothing below its result.
use crate::browser::Browser;
use crate::checks::{Site, current_setup, shown};
use crate::expect::{Usage, expected};

/// The page and glue this check adds to `dist/` for its duration: a copy of the glue that asks
/// for a second module that is not there.
const PAGE: &str = "e2e-missing-rest.html";
const GLUE: &str = "e2e-missing-rest.js";
const MISSING: &str = "sizer-widget-rest-missing.wasm";

/// The sentence `Msg::RestFailed` shows in English.
const SENTENCE: &str = "The article's claims, the advice, the exports, the charts, the import, the team planner, \
the worked steps, the simulation and the tables could not be loaded; the result above is complete. Reload the page \
to try again.";

pub async fn a_missing_second_module_is_named_and_the_result_stays(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    write_files(site)?;
    let outcome = check(browser, site).await;
    // The 404 and the load's failure are logged on purpose: not the next check's errors.
    let _ = browser.console_messages().await;
    for name in [PAGE, GLUE] {
        let _ = std::fs::remove_file(site.dist.join(name));
    }
    outcome
}

fn write_files(site: &Site) -> Result<(), String> {
    let entries = std::fs::read_dir(&site.dist).map_err(|e| format!("{}: {e}", site.dist.display()))?;
    let names: Vec<String> = entries.filter_map(|entry| entry.ok()?.file_name().into_string().ok()).collect();
    let find = |prefix: &str, suffix: &str| {
        names
            .iter()
            .find(|name| name.starts_with(prefix) && name.ends_with(suffix) && !name.starts_with("sizer-widget-rest-"))
            .cloned()
            .ok_or_else(|| format!("no {prefix}*{suffix} in {}", site.dist.display()))
    };
    let glue_name = find("sizer-widget-", ".js")?;
    let rest_name = names
        .iter()
        .find(|name| name.starts_with("sizer-widget-rest-") && name.ends_with(".wasm"))
        .ok_or_else(|| format!("no sizer-widget-rest-*.wasm in {}", site.dist.display()))?;
    let glue_path = site.dist.join(&glue_name);
    let glue = std::fs::read_to_string(&glue_path).map_err(|e| format!("{}: {e}", glue_path.display()))?;
    let fetch = format!("fetch(new URL(\"./{rest_name}\", import.meta.url))");
    if !glue.contains(&fetch) {
        return Err(format!("{glue_name} does not fetch {rest_name} as this check expects"));
    }
    let broken = glue.replace(&fetch, &format!("fetch(new URL(\"./{MISSING}\", import.meta.url))"));
    let page = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>No second module</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<script type=\"module\" src=\"./{GLUE}\"></script>\n\
         </head><body><spark-sizer usage=\"chat\" floor=\"12\"></spark-sizer></body></html>\n"
    );
    for (name, text) in [(GLUE, broken), (PAGE, page)] {
        let path = site.dist.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

async fn check(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&format!("{}{PAGE}", site.base_url)).await?;
    browser.wait_for_results(0).await?;
    let setup = current_setup(browser, 0, Usage::Chat, 1).await?;
    let want = expected(&setup)?;
    let result = shown(browser, 0).await?;
    if result != want {
        return Err(format!("without the second module, {setup:?} shows {result:?}; worked value {want:?}"));
    }
    let script = "const root = document.querySelector('spark-sizer').shadowRoot;
                  const failed = root.querySelector('[data-rest=\"failed\"]');
                  return { failed: failed ? failed.textContent : null, role: failed ? failed.getAttribute('role') : null,
                           beside_result: !!(failed && failed.closest('[part=\"output\"]')),
                           charts: root.querySelectorAll('canvas, svg').length,
                           team: root.querySelectorAll('[data-table=\"team-ranking\"]').length };";
    browser
        .wait_until("the missing second module to be named", || async move {
            let state = browser.js(script, vec![]).await?;
            Ok((state["failed"].as_str().is_some(), state.to_string()))
        })
        .await?;
    let state = browser.js(script, vec![]).await?;
    if state["failed"].as_str() != Some(SENTENCE) || state["role"].as_str() != Some("alert") {
        return Err(format!("the notice reads {state}, want role alert and {SENTENCE:?}"));
    }
    if state["beside_result"].as_bool() != Some(true) {
        return Err(format!("the notice is not in the output column under the result: {state}"));
    }
    if state["charts"].as_u64() != Some(0) || state["team"].as_u64() != Some(0) {
        return Err(format!("without the second module the instance still shows charts or the team: {state}"));
    }
    Ok(())
}
