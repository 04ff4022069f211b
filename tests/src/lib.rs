//! Shared helpers for the native tests. Every tolerance lives here, named for what it allows.
//!
//! Assertions are two-sided: `assert_close(actual, expected, tol)` fails when
//! `|actual - expected| > tol` (and on NaN), so a test cannot pass by being far off either way.

/// Arithmetic that should agree to rounding error only (sums, products, quotients of inputs).
pub const EXACT: f64 = 1e-9;
/// Values computed by iterative numerics (root searches, series) against an independent
/// high-precision reference (mpmath at 40 digits): relative agreement expected.
pub const NUMERIC_REL: f64 = 1e-9;
/// Figures the seeds print to one decimal (27.7 s, 37.7 streams): half a unit in the last place.
pub const ONE_DECIMAL: f64 = 0.05;
/// Figures the seeds print to two decimals (13.65 s): half a unit in the last place.
pub const TWO_DECIMALS: f64 = 0.005;
/// Percentages the seeds print as whole numbers (23 %, 81 %): half a point, as a fraction.
pub const WHOLE_PERCENT: f64 = 0.005;

/// Fails unless `|actual - expected| <= abs_tol` (NaN always fails).
#[track_caller]
pub fn assert_close(actual: f64, expected: f64, abs_tol: f64) {
    let diff = (actual - expected).abs();
    assert!(diff <= abs_tol, "expected {expected} +/- {abs_tol}, got {actual} (off by {diff})");
}

/// Fails unless `actual` is within `rel_tol` of `expected`, relative to `|expected|`.
#[track_caller]
pub fn assert_rel(actual: f64, expected: f64, rel_tol: f64) {
    let diff = (actual - expected).abs();
    let allowed = rel_tol * expected.abs();
    assert!(diff <= allowed, "expected {expected} within {rel_tol} relative, got {actual} (off by {diff})");
}

/// `assert_close` with a message saying where the figure comes from.
#[track_caller]
pub fn assert_close_msg(actual: f64, expected: f64, abs_tol: f64, context: &str) {
    let diff = (actual - expected).abs();
    assert!(diff <= abs_tol, "{context}: expected {expected} +/- {abs_tol}, got {actual} (off by {diff})");
}

/// A real benchmark output copied into `tests/fixtures/` (see its README for provenance).
#[track_caller]
pub fn fixture(path: &str) -> String {
    read(&format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR")))
}

/// A constructed input in `tests/fixtures-extra/` (layouts and damage the real files lack).
#[track_caller]
pub fn extra(path: &str) -> String {
    read(&format!("{}/fixtures-extra/{path}", env!("CARGO_MANIFEST_DIR")))
}

#[track_caller]
fn read(full: &str) -> String {
    std::fs::read_to_string(full).unwrap_or_else(|e| panic!("{full}: {e}"))
}
