//! "Check by simulation" names the model that ran: an arena run (its closed-loop suite files in
//! the data) runs the team on the engine fitted to them, GPUwerk's run of one curve on that
//! curve. Saves a screenshot of the arena run's section (`simulation-engine.png` beside the
//! README screenshot) to look at.

use crate::browser::Browser;
use crate::checks::Site;

const ARENA_NEMOTRON: &str = "djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4";
const GPUWERK: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

const READ_MODEL: &str = "const s = document.querySelector('.spark-sizer [data-section=\"simulation\"]');
     const m = s && s.querySelector('[data-result=\"sim-model\"]');
     return { verdict: !!(s && s.querySelector('[data-result=\"simulation\"]')),
              key: m ? m.dataset.value : null, text: m ? m.textContent : null };";

/// The section's model sentence once its verdict is in and its model key is `key`.
async fn model_line(browser: &Browser, site: &Site, run: &str, key: &str) -> Result<String, String> {
    // In English whatever language an earlier check left chosen.
    browser.goto(&format!("{}#s=r:{run},l:en", site.base_url)).await?;
    browser
        .wait_until(&format!("the simulation's verdict and its model ({key})"), || async move {
            let seen = browser.js(READ_MODEL, vec![]).await?;
            Ok((seen["verdict"] == true && seen["key"] == key, seen.to_string()))
        })
        .await?;
    let seen = browser.js(READ_MODEL, vec![]).await?;
    Ok(seen["text"].as_str().unwrap_or_default().to_owned())
}

pub async fn the_simulation_names_the_model_it_ran(browser: &Browser, site: &Site) -> Result<(), String> {
    let engine = model_line(browser, site, ARENA_NEMOTRON, "engine").await?;
    if !engine.contains("Model: the engine fitted to this run's own closed-loop files, step by step") {
        return Err(format!("the arena run's model line: {engine}"));
    }
    browser.js("document.querySelector('[data-section=\"simulation\"]').scrollIntoView();", vec![]).await?;
    browser.settle().await?;
    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
    let path = site.screenshot_path.with_file_name("simulation-engine.png");
    std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("    saved {}", path.display());
    let curve = model_line(browser, site, GPUWERK, "curve").await?;
    if !curve.contains("Model: the measured curve (this run has no closed-loop suite files") {
        return Err(format!("GPUwerk's model line: {curve}"));
    }
    browser.expect_no_console_errors("simulating on an engine and on a curve").await
}
