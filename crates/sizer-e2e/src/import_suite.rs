//! A whole DGX Spark arena folder given to the import panel's file input at once (as a drop or a
//! multiple choice does: a `DataTransfer` of `File`s, then `change`) becomes one run of yours,
//! in use, with its nine workloads and its measured load shown by the measured-load section; a
//! file of another model among them is refused in one sentence naming both models; "Load from
//! your logs" predicts on the imported run's own engine. Saves
//! screenshots at 1280 px in English and 390 px in German (`import-suite-<width>-<lang>.png`).

use serde_json::{Value, json};

use crate::browser::Browser;
use crate::checks::Site;

/// The folder given, and one file of another model added to it.
const FOLDER: &str = "qwen-3.6/qwen-3.6-35b-a3b/fp8";
const FOREIGN: (&str, &str) = ("gemma-4/gemma-4-31b-it/bf16", "02-rag-8k.md");

/// What the status says: 25 files (the folder's 24 and the foreign one), the label made from
/// meta.json (`Qwen/Qwen3.6-35B-A3B-FP8`, profile `fp8`, vLLM `0.26.0`), nine workloads (files 01
/// to 06, 05 holding four), ten load steps (07 to 10 and the sweep's six).
const STATUS: &str = "Imported 25 files as one run, \"Qwen/Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0\", now in use: 9 workloads (the sizing uses the one nearest your prompts) and a measured load of 10 steps.";

/// The capacities, read by hand from `11-rate-sweep.json` of the folder (none under 2 s, 0.3
/// req/s under 5 s, 0.7 under 10 s), on the hardware meta.json states.
const CAPACITY: &str = "Capacity by p95 time to first token on 1 × DGX Spark NVIDIA GB10 128GB unified: under 2 s: no rate of the sweep; under 5 s: 0.3 req/s; under 10 s: 0.7 req/s.";

/// The folder's files and the foreign one, `{ name, text }` each.
fn files() -> Result<Vec<Value>, String> {
    let root = xtask::paths::workspace_root().join("tests/fixtures/arena");
    let dir = root.join(FOLDER);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    let read =
        |path: std::path::PathBuf| std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()));
    let mut files = Vec::with_capacity(names.len() + 1);
    for name in names {
        files.push(json!({ "name": name, "text": read(dir.join(&name))? }));
    }
    files.push(json!({ "name": FOREIGN.1, "text": read(root.join(FOREIGN.0).join(FOREIGN.1))? }));
    Ok(files)
}

pub async fn an_arena_folder_given_at_once_is_one_run_with_its_measured_load(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    browser.goto(&format!("{}#s=l:en", site.base_url)).await?;
    browser.drop_files("[data-import=\"file\"]", None, files()?, "text/plain").await?;
    browser
        .wait_until("one run in use with its refused file and its measured load", || async move {
            let seen = browser
                .js(
                    "const w = document.querySelector('.spark-sizer');
                     const text = (q) => { const e = w.querySelector(q); return e ? e.textContent : null; };
                     const s = w.querySelector('[data-section=\"measured-load\"]');
                     return { status: text('[data-import=\"status\"]'),
                              listed: w.querySelectorAll('[data-import=\"list\"] > li').length,
                              refused: [...w.querySelectorAll('[data-import=\"refused\"] li')].map(e => e.textContent),
                              capacity: s ? text('[data-section=\"measured-load\"] [data-load=\"capacity\"] strong') : null,
                              drawn: s ? [...s.querySelectorAll('canvas.ss-chart-canvas')].filter(c => c.width > 0).length : 0,
                              steps: s ? s.querySelectorAll('[data-load-table=\"sweep\"] tbody tr').length : 0 };",
                    vec![],
                )
                .await?;
            let refused = seen["refused"].as_array().cloned().unwrap_or_default();
            let named = refused.len() == 1
                && refused[0].as_str().is_some_and(|r| {
                    r.starts_with("02-rag-8k.md: ")
                        && r.contains("google/gemma-4-31B-it")
                        && r.contains("Qwen/Qwen3.6-35B-A3B-FP8")
                });
            let done = seen["status"] == STATUS
                && seen["listed"] == 1
                && named
                && seen["capacity"] == CAPACITY
                && seen["drawn"] == 2
                && seen["steps"] == 6;
            Ok((done, seen.to_string()))
        })
        .await?;
    // A team with 8,000-token prompts is sized on the run's RAG workload (8,192 in / 512 out).
    browser.set_field(0, "prompt_tokens", "8000").await?;
    browser
        .wait_until("the result names the RAG workload", || async move {
            let page = browser.js("return document.querySelector('.spark-sizer').textContent;", vec![]).await?;
            let text = page.as_str().unwrap_or("");
            let named =
                text.contains("Curve: RAG, 8,192 in / 512 out, nearest your 8,000-token prompts (of 9 workloads");
            Ok((named, String::new()))
        })
        .await?;
    // "Load from your logs" predicts on the imported run's own engine: docs/CALIBRATION.md's
    // figures for this server at 0.5 req/s (p95 TTFT 6.3 s, 4.4 tok/s a request, 71 in flight),
    // on the hardware its meta.json names.
    browser
        .wait_until("Load from your logs on the imported run", || async move {
            let seen = browser
                .js(
                    "const h = document.querySelector('.spark-sizer [data-result=\"load-prediction\"] [data-predict=\"headline\"]');
                     return h ? h.textContent : '';",
                    vec![],
                )
                .await?;
            let text = seen.as_str().unwrap_or("").to_owned();
            let done = text.starts_with("At 0.5 req/s on 1 × DGX Spark NVIDIA GB10 128GB unified: p50 TTFT ")
                && text.contains(", p95 TTFT 6.27 s, ")
                && text.contains(", 4.4 tok/s per request, ")
                && text.ends_with("(71 at most).");
            Ok((done, text))
        })
        .await?;
    // "Check by simulation" runs the team on the same engine, and says so.
    browser
        .wait_until("the simulation of the imported run on its engine", || async move {
            let seen = browser
                .js("const m = document.querySelector('.spark-sizer [data-result=\"sim-model\"]'); return m ? m.dataset.value : '';", vec![])
                .await?;
            Ok((seen == "engine", seen.to_string()))
        })
        .await?;
    // "Copy link" carries the workload the sizing uses and says what stays behind.
    browser
        .wait_until("Copy link's note on the suite", || async move {
            let seen = browser
                .js("const n = document.querySelector('.spark-sizer [data-share=\"link-note\"]'); return n ? n.textContent : '';", vec![])
                .await?;
            let text = seen.as_str().unwrap_or("").to_owned();
            Ok((text.contains("the curve this sizing uses") && text.ends_with("stay in this browser."), text))
        })
        .await?;
    screenshots(browser, site).await?;
    browser.expect_no_console_errors("importing an arena folder at once").await
}

/// 1280 px in English, 390 px in German, scrolled to the import panel's status, the measured
/// load, Load from your logs and Copy link's note.
async fn screenshots(browser: &Browser, site: &Site) -> Result<(), String> {
    let dir = site.screenshot_path.parent().ok_or("the screenshot path has no folder")?;
    let parts = [
        ("panel", "[data-import=\"status\"]", "start"),
        ("load", "[data-section=\"measured-load\"]", "start"),
        ("predict", "[data-section=\"load-prediction\"]", "start"),
        ("link", "[data-share=\"link-note\"]", "start"),
    ];
    browser.save_parts_en_de(dir, "import-suite", &parts).await
}
