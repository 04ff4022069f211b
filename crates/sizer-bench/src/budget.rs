//! The budget: the figures the page and the core must meet (judged on medians).

/// Everything the standalone page downloads before its first result, gzip, in bytes
/// (1 KB = 1,000 bytes).
pub const DOWNLOAD_GZIP_BYTES: usize = 150_000;
/// The stretch goal for the same figure.
pub const DOWNLOAD_GZIP_STRETCH_BYTES: usize = 120_000;
/// First computed result painted after navigation on 127.0.0.1, median, milliseconds.
pub const FIRST_RESULT_MS: f64 = 100.0;
/// Input change to new result and redrawn chart, median, milliseconds.
pub const INPUT_TO_UPDATE_MS: f64 = 8.0;

/// Team input (head count) to the updated ranking table of every run, median, milliseconds.
pub const INPUT_TO_RANKING_MS: f64 = 8.0;

/// "Check by simulation": a click (another seed) to the chart of 20,000 simulated requests,
/// median, milliseconds.
pub const SIM_CLICK_TO_CHART_MS: f64 = 60.0;

/// A budget verdict as printed in the report.
pub fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "MISSED" }
}
