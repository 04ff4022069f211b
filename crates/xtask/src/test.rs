//! `cargo xtask test`: every test, in order, stopping at the first failure.
//!
//! 0. set-up (wasm32 target, wasm-bindgen CLI, rustfmt and clippy, Chromium and chromedriver),
//!    then the gates: `cargo fmt --check`, clippy with `-D warnings` natively and for the widget
//!    on wasm32;
//! 1. native tests of the workspace (core, data, importers, `tests/`, xtask itself with its tidy
//!    test);
//! 2. the core's `no_std` build for wasm32;
//! 3. the widget's component tests in headless Chromium (wasm-bindgen-test): its browser test
//!    targets only (`widget_tests.rs`);
//! 4. the widget's server-side-rendering tests natively, when it has an `ssr` feature: its
//!    library's unit tests and its native test targets;
//! 5. `dist`, then the end-to-end driver (`sizer-e2e`) against `dist/` in headless Chromium.
use crate::browser_scratch::BrowserScratch;
use crate::cmd::{self, cargo};
use crate::error::{TaskError, TaskResult};
use crate::toolchain::{self, WASM_TARGET};
use crate::widget_tests::{self, Runs};
use std::path::Path;
use std::time::Instant;

/// The most seconds one wasm-bindgen test binary may run in Chromium before the runner stops it:
/// the widget's component tests are a few binaries of a dozen or two tests each
/// (`crates/sizer-widget/tests/browser_*/main.rs`), so this bounds one of them; it only stops a
/// hung run.
pub const WASM_TEST_BINARY_CEILING_S: &str = "1800";

pub fn test_all(root: &Path) -> TaskResult {
    let started = Instant::now();
    let mut timings: Vec<(&str, f64)> = Vec::new();
    let result = run_steps(root, &mut timings);
    let verdict = if result.is_ok() { "all steps passed" } else { "FAILED" };
    eprintln!("\nxtask test: {verdict} after {:.0} s", started.elapsed().as_secs_f64());
    for (name, seconds) in &timings {
        eprintln!("  {seconds:>6.1} s  {name}");
    }
    result
}

fn run_steps(root: &Path, timings: &mut Vec<(&'static str, f64)>) -> TaskResult {
    let mut step = |name: &'static str, action: &mut dyn FnMut() -> TaskResult| -> TaskResult {
        eprintln!("\n==> {name}");
        let step_started = Instant::now();
        let result = action();
        timings.push((name, step_started.elapsed().as_secs_f64()));
        result.map_err(|e| TaskError::Message(format!("step \"{name}\" failed: {e}")))
    };

    let mut bindgen_dir = std::path::PathBuf::new();
    step("set-up: wasm32 target, wasm-bindgen CLI, rustfmt, clippy, Chromium", &mut || {
        toolchain::ensure_wasm_target()?;
        toolchain::ensure_lint_components()?;
        bindgen_dir = toolchain::ensure_wasm_bindgen(&toolchain::locked_wasm_bindgen_version(root)?)?;
        crate::browser::ensure_browser()
    })?;
    step("gate: cargo fmt --check", &mut || cmd::run(cargo().current_dir(root).args(["fmt", "--all", "--check"])))?;
    step("gate: clippy -D warnings (native)", &mut || {
        cmd::run(cargo().current_dir(root).args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--exclude",
            "sizer-widget",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    step("gate: clippy -D warnings (widget server-side rendering, native)", &mut || {
        cmd::run(cargo().current_dir(root).args([
            "clippy",
            "--package",
            "sizer-widget",
            "--all-targets",
            "--no-default-features",
            "--features",
            "ssr",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    // With the shipped build's features, so the split points (`rest.rs`) are linted too; the
    // code without `split` is linted natively above.
    step("gate: clippy -D warnings (widget, wasm32)", &mut || {
        cmd::run(cargo().current_dir(root).args([
            "clippy",
            "--package",
            "sizer-widget",
            "--all-targets",
            "--target",
            WASM_TARGET,
            "--features",
            "hydration,split",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    step("native tests", &mut || {
        cmd::run(cargo().current_dir(root).args([
            "test",
            "--workspace",
            "--exclude",
            "sizer-widget",
            "--exclude",
            "sizer-e2e",
        ]))
    })?;
    step("sizer-core no_std build for wasm32", &mut || {
        cmd::run(cargo().current_dir(root).args([
            "build",
            "--package",
            "sizer-core",
            "--target",
            WASM_TARGET,
            "--no-default-features",
        ]))
    })?;
    let chromedriver = toolchain::chromedriver()?;
    step("widget component tests in headless Chromium", &mut || {
        let scratch = BrowserScratch::new(root, "widget-tests")?;
        let targets = widget_tests::targets(root, Runs::Browser)?;
        cmd::run(
            cargo()
                .current_dir(root)
                .args(["test", "--package", "sizer-widget", "--target", WASM_TARGET])
                .args(widget_tests::test_args(&targets))
                .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", bindgen_dir.join("wasm-bindgen-test-runner"))
                .env("CHROMEDRIVER", &chromedriver)
                .env("WASM_BINDGEN_USE_BROWSER", "1")
                // The runner gives a whole test binary 20 s by default, a clock that a loaded
                // machine can beat; each wait in the tests ends on its own condition instead
                // (`tests/support`), so this only stops a hung binary.
                .env("WASM_BINDGEN_TEST_TIMEOUT", WASM_TEST_BINARY_CEILING_S)
                .env("TMPDIR", scratch.path()),
        )
    })?;
    if widget_has_feature(root, "ssr") {
        step("widget server-side rendering tests (native, feature ssr)", &mut || {
            let targets = widget_tests::targets(root, Runs::Native)?;
            cmd::run(
                cargo()
                    .current_dir(root)
                    .args(["test", "--package", "sizer-widget", "--no-default-features", "--features", "ssr", "--lib"])
                    .args(widget_tests::test_args(&targets)),
            )
        })?;
    }
    step("dist (release build)", &mut || crate::dist::dist(root).map(|_| ()))?;
    step("end-to-end tests of dist/ in headless Chromium", &mut || {
        let scratch = BrowserScratch::new(root, "e2e")?;
        cmd::run(
            cargo()
                .current_dir(root)
                .args(["run", "--package", "sizer-e2e", "--"])
                .arg(crate::paths::dist_dir(root))
                .env("CHROMEDRIVER", &chromedriver)
                .env("TMPDIR", scratch.path()),
        )
    })?;
    Ok(())
}

/// True when `crates/sizer-widget/Cargo.toml` declares `feature` in its `[features]` table.
fn widget_has_feature(root: &Path, feature: &str) -> bool {
    let manifest = std::fs::read_to_string(root.join("crates/sizer-widget/Cargo.toml")).unwrap_or_default();
    let mut in_features = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_features = line == "[features]";
        } else if in_features && line.split('=').next().map(str::trim) == Some(feature) {
            return true;
        }
    }
    false
}
