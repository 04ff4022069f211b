//! `cargo xtask bench`: the release `dist/`, the core's micro-benchmarks, then the page benchmark
//! (`crates/sizer-bench`) in headless Chromium; prints the report and writes `BENCHMARKS.md`.
//! Budgets are reported, not enforced: a miss does not fail the task, a broken measurement does.
use crate::cmd::{self, cargo};
use crate::error::{TaskError, TaskResult};
use crate::paths::target_dir;
use std::path::Path;

/// How the report names the command that produced it.
pub const COMMAND: &str = "cargo xtask bench";

/// `extra` is passed to the page benchmark (`--runs N`, `--inputs N`).
pub fn bench(root: &Path, extra: &[String]) -> TaskResult {
    let built = crate::dist::dist(root)?;

    let core_command =
        ["run", "--quiet", "--release", "--package", "sizer-core", "--example", "bench_core", "--", "--json"];
    let mut core = cargo();
    core.current_dir(root).args(core_command);
    eprintln!("$ {}", cmd::describe(&core));
    let output = core.output().map_err(|source| TaskError::Spawn { program: "cargo".into(), source })?;
    if !output.status.success() {
        return Err(TaskError::Failed { command: cmd::describe(&core), status: output.status });
    }
    let mut core_lines = output.stdout;
    // `SparkSizer.predict`'s native speed: the importer's example, in the same JSON shape.
    let predict_command =
        ["run", "--quiet", "--release", "--package", "sizer-import", "--example", "bench_predict", "--", "--json"];
    let mut predict = cargo();
    predict.current_dir(root).args(predict_command);
    eprintln!("$ {}", cmd::describe(&predict));
    let output = predict.output().map_err(|source| TaskError::Spawn { program: "cargo".into(), source })?;
    if !output.status.success() {
        return Err(TaskError::Failed { command: cmd::describe(&predict), status: output.status });
    }
    core_lines.extend_from_slice(&output.stdout);
    let core_json = target_dir(root).join("bench-core.jsonl");
    std::fs::write(&core_json, &core_lines).map_err(TaskError::io(&core_json))?;

    let chromedriver = crate::toolchain::chromedriver()?;
    let scratch = crate::browser_scratch::BrowserScratch::new(root, "bench")?;
    let command = if extra.is_empty() { COMMAND.to_string() } else { format!("{COMMAND} {}", extra.join(" ")) };
    cmd::run(
        cargo()
            .current_dir(root)
            .args(["run", "--quiet", "--package", "sizer-bench", "--"])
            .arg(&built.dir)
            .arg("--core-json")
            .arg(&core_json)
            .arg("--write")
            .arg(root.join("BENCHMARKS.md"))
            .args(["--command", &command])
            .args(extra)
            .env("CHROMEDRIVER", &chromedriver)
            .env("TMPDIR", scratch.path()),
    )
}
