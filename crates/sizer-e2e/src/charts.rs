//! The charts of the built page: drawn as SVG into the prerendered markup (so they are there
//! with scripts off), then replaced by their canvases once the wasm has drawn them.

use crate::browser::Browser;
use crate::checks::Site;
use serde_json::Value;

/// Frames to wait for the canvases to be drawn (the charts are shown after the first paint).
const FRAMES: u32 = 240;

/// `index.html` holds the speed, aggregate and p99 TTFT charts as SVG; in the loaded page each
/// has its canvas drawn and the SVG is gone.
pub async fn prerendered_charts_are_svg_until_the_canvas_is_drawn(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    let index = site.dist.join("index.html");
    let markup = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    for chart in ["speed", "aggregate", "ttft"] {
        let figure = markup
            .find(&format!("data-chart=\"{chart}\""))
            .ok_or_else(|| format!("index.html has no [data-chart=\"{chart}\"]"))?;
        let rest = &markup[figure..];
        let end = rest.find("</figure>").unwrap_or(rest.len());
        if !rest[..end].contains("<svg class=\"ss-chart-svg\"") {
            return Err(format!("the prerendered {chart} chart has no SVG"));
        }
    }
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let seen = browser
        .client
        .execute_async(
            "const [frames, done] = arguments;
             const state = () => {
               const charts = document.querySelector('.spark-sizer .ss-charts');
               if (!charts) return { error: 'no .ss-charts' };
               return { svgs: charts.querySelectorAll('svg.ss-chart-svg').length,
                        canvases: charts.querySelectorAll('canvas.ss-chart-canvas').length,
                        failed: charts.querySelectorAll('.ss-chart-error').length };
             };
             let left = frames;
             const tick = () => {
               const now = state();
               if (now.error || now.svgs === 0 || --left === 0) done(now);
               else requestAnimationFrame(tick);
             };
             tick();",
            vec![Value::from(FRAMES)],
        )
        .await
        .map_err(|e| format!("script failed: {e}"))?;
    if let Some(error) = seen["error"].as_str() {
        return Err(error.to_string());
    }
    let count = |key: &str| seen[key].as_u64().unwrap_or(u64::MAX);
    // A chart's SVG goes once its canvas is drawn, or failed (then `.ss-chart-error` says so).
    if count("canvases") != 3 || count("svgs") != 0 || count("failed") != 0 {
        return Err(format!("after {FRAMES} frames the charts are {seen}: want 3 drawn canvases, no SVG left"));
    }
    browser.expect_no_console_errors("while the charts replaced their SVG").await
}
