//! A model's `config.json` dropped on the built page (gpt-oss-20b's real config with its arena
//! server's `meta.json`, given to the file input at once as a drop does) becomes one run of
//! yours, in use, labelled "predicted from the architecture, not measured" with the error
//! measured on the arena's runs read from a config.json beside the headline, the team ranking, the simulation (on the engine from the
//! architecture) and "Load from your logs"; a damaged config pasted afterwards is one sentence
//! and the run stays. Saves screenshots at 1280 px in English and 390 px in German
//! (`import-architecture-<width>-<lang>-<part>.png`).

use serde_json::{Value, json};

use crate::browser::Browser;
use crate::checks::Site;

/// The status's start: the label from meta.json's model and the config's MXFP4 weights, and
/// 13.7 GB of weights (13,747,322,880 bytes, counted by hand in `tests/tests/core/architecture.rs`).
const STATUS: &str = "Read the model's configuration as one run, \"openai/gpt-oss-20b · MXFP4 · predicted from the architecture, not measured\", now in use: 13.7\u{a0}GB of weights,";

fn files() -> Result<Vec<Value>, String> {
    let root = xtask::paths::workspace_root().join("tests/fixtures");
    let read = |path: &str| {
        let path = root.join(path);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    Ok(vec![
        json!({ "name": "config.json", "text": read("model-configs/openai__gpt-oss-20b.json")? }),
        json!({ "name": "meta.json", "text": read("arena/gpt-oss/gpt-oss-20b/mxfp4/meta.json")? }),
    ])
}

pub async fn a_config_json_dropped_on_the_page_is_sized_and_labelled(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    browser.goto(&format!("{}#s=l:en", site.base_url)).await?;
    browser.drop_files("[data-import=\"file\"]", None, files()?, "application/json").await?;
    browser
        .wait_until("the run from the architecture in every view, labelled", || async move {
            let seen = browser
                .js(
                    "const w = document.querySelector('.spark-sizer');
                     const text = (q) => { const e = w.querySelector(q); return e ? e.textContent : ''; };
                     const m = w.querySelector('[data-result=\"sim-model\"]');
                     return { status: text('[data-import=\"status\"]'),
                              people: (w.querySelector('[data-result=\"people\"]') || {}).dataset?.value || '',
                              caveat: text('[data-result=\"run-caveats\"]'),
                              ranking: text('[data-result=\"team-architecture-error\"]'),
                              sim: m ? m.dataset.value + ': ' + m.textContent : '',
                              simError: text('[data-result=\"sim-architecture-error\"]'),
                              predict: text('[data-predict=\"architecture-error\"]') };",
                    vec![],
                )
                .await?;
            let caveat = seen["caveat"].as_str().unwrap_or("");
            let done = seen["status"].as_str().is_some_and(|s| s.starts_with(STATUS))
                && seen["people"].as_str().is_some_and(|p| p.parse::<u64>().is_ok_and(|p| p > 0))
                && caveat.starts_with("Predicted from the model's config.json, not measured:")
                && seen["ranking"] == caveat
                && seen["sim"].as_str().is_some_and(|s| s.starts_with("engine: Model: the engine computed from"))
                && seen["simError"] == caveat
                && seen["predict"] == caveat;
            Ok((done, seen.to_string()))
        })
        .await?;
    screenshots(browser, site).await?;
    let listed = browser
        .js("return document.querySelectorAll('.spark-sizer [data-import=\"list\"] > li').length;", vec![])
        .await?;
    browser
        .js(
            "const area = document.querySelector('.spark-sizer [data-import=\"paste\"]');
             area.value = '{\"model_type\": \"llama\", \"num_hidden_layers\": 2,';
             area.dispatchEvent(new Event('input', { bubbles: true }));
             document.querySelector('.spark-sizer [data-import=\"submit\"]').click();",
            vec![],
        )
        .await?;
    let listed = &listed;
    browser
        .wait_until("a damaged config's one sentence, the run kept", || async move {
            let seen = browser
                .js(
                    "const w = document.querySelector('.spark-sizer');
                     return { error: w.querySelector('[data-import=\"error\"]').textContent,
                              listed: w.querySelectorAll('[data-import=\"list\"] > li').length,
                              caveat: !!w.querySelector('[data-result=\"run-caveats\"]') };",
                    vec![],
                )
                .await?;
            let done = seen["error"]
                .as_str()
                .is_some_and(|e| e.starts_with("This model configuration gives no run: The config.json is not JSON"))
                && seen["listed"] == *listed
                && seen["caveat"] == true;
            Ok((done, seen.to_string()))
        })
        .await?;
    browser.expect_no_console_errors("dropping a config.json").await
}

/// 1280 px in English, 390 px in German, scrolled to the import status, the headline, the team
/// ranking's note, the simulation and Load from your logs.
async fn screenshots(browser: &Browser, site: &Site) -> Result<(), String> {
    let dir = site.screenshot_path.parent().ok_or("the screenshot path has no folder")?;
    // The ranking's note is under its rows: shown at the bottom, the rows above it.
    let parts = [
        ("panel", "[data-import=\"status\"]", "start"),
        ("headline", "[data-result=\"summary\"]", "start"),
        ("ranking", "[data-result=\"team-architecture-error\"]", "end"),
        ("simulation", "[data-section=\"simulation\"]", "start"),
        ("predict", "[data-section=\"load-prediction\"]", "start"),
    ];
    browser.save_parts_en_de(dir, "import-architecture", &parts).await
}
