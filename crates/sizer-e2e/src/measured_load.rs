//! A DGX Spark arena run's measured open-loop load in the built page: its data comes with the
//! second wasm module (`loads.bin`), so a link to the run shows the capacity, both charts drawn
//! on their canvases and the sweep's six steps once that module is in. Saves a screenshot of the
//! section (`measured-load.png` beside the README screenshot) to look at.

use crate::browser::Browser;
use crate::checks::Site;

/// A run of the arena with a full sweep.
const ARENA_QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

/// Its capacities, read by hand from `tests/fixtures/arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/
/// 11-rate-sweep.json` (null under 2 s, 0.3 req/s under 5 s, 0.7 under 10 s).
const CAPACITY: &str = "Capacity by p95 time to first token on 1 × DGX Spark (GB10): under 2 s: no rate of the sweep; under 5 s: 0.3 req/s; under 10 s: 0.7 req/s.";

pub async fn an_arena_runs_measured_load_is_shown_and_drawn(browser: &Browser, site: &Site) -> Result<(), String> {
    // In English whatever language an earlier check left chosen.
    browser.goto(&format!("{}#s=r:{ARENA_QWEN},l:en", site.base_url)).await?;
    browser
        .wait_until("the measured load's capacity, two drawn charts and six steps", || async move {
            let seen = browser
                .js(
                    "const s = document.querySelector('.spark-sizer [data-section=\"measured-load\"]');
                     if (!s) return { section: false };
                     const capacity = s.querySelector('[data-load=\"capacity\"] strong');
                     const drawn = [...s.querySelectorAll('canvas.ss-chart-canvas')]
                       .filter(c => c.width > 0 && c.height > 0).length;
                     return { section: true,
                              capacity: capacity ? capacity.textContent : null,
                              drawn,
                              failed: s.querySelectorAll('.ss-chart-error').length,
                              steps: s.querySelectorAll('[data-load-table=\"sweep\"] tbody tr').length };",
                    vec![],
                )
                .await?;
            let done = seen["capacity"] == CAPACITY && seen["drawn"] == 2 && seen["failed"] == 0 && seen["steps"] == 6;
            Ok((done, seen.to_string()))
        })
        .await?;
    browser.js("document.querySelector('[data-section=\"measured-load\"]').scrollIntoView();", vec![]).await?;
    browser.settle().await?;
    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
    let path = site.screenshot_path.with_file_name("measured-load.png");
    std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("    saved {}", path.display());
    browser.expect_no_console_errors("showing an arena run's measured load").await
}
