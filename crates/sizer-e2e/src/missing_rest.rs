//! When the second wasm module (charts, team, tables: `sizer-widget-rest-*.wasm`) cannot be
//! fetched, a plain `<spark-sizer>` still answers from the first module, and says in one
//! sentence what is missing instead of showing nothing below its result; the JS API's functions
//! in that module (`size` among them) say they need it, and `SparkSizer.ready` rejects with the
//! reason. Where it is there, `ready` resolves and they answer.
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
    let glue_name = site.hashed_file("sizer-widget-", ".js")?;
    let rest_name = site.hashed_file("sizer-widget-rest-", ".wasm")?;
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
    // The JS API's functions in the second module say they need it; `ready` rejects with why.
    let api = ready_plan_and_size(browser).await?;
    let want_plan = "SparkSizer.plan needs the widget's second module, which has not loaded (yet): await \
                     SparkSizer.ready (it rejects with the reason when the module cannot be fetched), then call it again.";
    let want_size = want_plan.replace("SparkSizer.plan", "SparkSizer.size");
    let want_ready = "rejected: The widget's second module could not be loaded: failed to load split module.";
    if api["plan"]["error"].as_str() != Some(want_plan)
        || api["size"].as_str() != Some(want_size.as_str())
        || api["ready"].as_str() != Some(want_ready)
    {
        return Err(format!(
            "without the second module the API answers {api}; want the plan's error {want_plan:?}, size's \
             {want_size:?} and {want_ready:?}"
        ));
    }

    // With it (embed.html), `ready` resolves and the team plan answers: the English seed's 163
    // chat users on one Spark for the worked run; `size` gives the same 163 per Spark.
    browser.goto(&format!("{}embed.html", site.base_url)).await?;
    browser.wait_for_results(0).await?;
    let api = ready_plan_and_size(browser).await?;
    let worked = api["plan"]["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["run_id"] == "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1"));
    let figures = worked.map(|row| (row["people_per_spark"].as_u64(), row["sparks_needed"].as_u64()));
    if api["ready"].as_str() != Some("resolved")
        || figures != Some((Some(163), Some(1)))
        || api["size"]["people_per_spark"].as_u64() != Some(163)
    {
        return Err(format!(
            "with the second module, ready, plan and size answer {api}; want resolved and 163 people on 1 Spark"
        ));
    }
    Ok(())
}

/// `SparkSizer.plan` for 163 chat users and `SparkSizer.size` of the worked run at the default
/// floor, asked at once, and how `SparkSizer.ready` settles: `{plan, size, ready: "resolved" |
/// "rejected: <message>"}`, with both asked again after a resolved `ready`. `size` throws where
/// `plan` answers `{"error": ...}`: `size` holds the thrown message, or the sizing.
async fn ready_plan_and_size(browser: &Browser) -> Result<serde_json::Value, String> {
    browser
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const team = '{\"groups\": [{\"people\": 163}], \"z\": 2.33}';
             const run = 'gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1';
             const size = () => { try { return JSON.parse(SparkSizer.size('{}', run)); } catch (error) { return error.message; } };
             const first = { plan: JSON.parse(SparkSizer.plan(team)), size: size() };
             SparkSizer.ready.then(
               () => done({ plan: JSON.parse(SparkSizer.plan(team)), size: size(), ready: 'resolved' }),
               (error) => done({ plan: first.plan, size: first.size, ready: 'rejected: ' + error.message }));",
            vec![],
        )
        .await
        .map_err(|e| format!("SparkSizer.ready, plan or size failed: {e}"))
}
