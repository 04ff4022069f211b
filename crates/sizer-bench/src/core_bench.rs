//! The core's micro-benchmarks: `cargo run --release -p sizer-core --example bench_core -- --json`
//! prints one JSON object per benchmark; this reads them (or runs the example to get them).
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The command that produces the core figures (run from the workspace root).
pub const COMMAND: &str = "cargo run --release -p sizer-core --example bench_core -- --json";
/// The command that produces `SparkSizer.predict`'s native figures, in the same shape.
pub const PREDICT_COMMAND: &str = "cargo run --release -p sizer-import --example bench_predict -- --json";

/// One core benchmark: time per call in nanoseconds.
#[derive(Debug, Clone, PartialEq)]
pub struct CoreResult {
    pub name: String,
    /// `on-CPU` (thread CPU time, what the budget is judged on) or `wall`.
    pub clock: String,
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    pub wall_median_ns: f64,
    pub budget_ns: Option<f64>,
}

impl CoreResult {
    pub fn meets_budget(&self) -> Option<bool> {
        self.budget_ns.map(|budget| self.median_ns <= budget)
    }
}

/// Parses the example's `--json` output; blank lines are skipped, anything else must parse.
pub fn parse(output: &str) -> Result<Vec<CoreResult>, String> {
    output
        .lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(index, line)| {
            parse_line(line).ok_or_else(|| format!("bench_core line {}: not a benchmark: {line}", index + 1))
        })
        .collect()
}

fn parse_line(line: &str) -> Option<CoreResult> {
    let value: Value = serde_json::from_str(line).ok()?;
    let number = |key: &str| value[key].as_f64();
    Some(CoreResult {
        name: value["name"].as_str()?.to_string(),
        clock: value["clock"].as_str()?.to_string(),
        median_ns: number("median_ns")?,
        min_ns: number("min_ns")?,
        max_ns: number("max_ns")?,
        wall_median_ns: number("wall_median_ns")?,
        budget_ns: if value["budget_ns"].is_null() { None } else { Some(number("budget_ns")?) },
    })
}

/// Runs both examples in `root` with cargo (release) and parses what they print.
pub fn run(root: &Path) -> Result<Vec<CoreResult>, String> {
    let mut results = run_one(root, COMMAND, "sizer-core", "bench_core")?;
    results.extend(run_one(root, PREDICT_COMMAND, "sizer-import", "bench_predict")?);
    Ok(results)
}

fn run_one(root: &Path, command: &str, package: &str, example: &str) -> Result<Vec<CoreResult>, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(root)
        .args(["run", "--quiet", "--release", "-p", package, "--example", example, "--", "--json"])
        .output()
        .map_err(|e| format!("cannot run `{command}`: {e}"))?;
    if !output.status.success() {
        return Err(format!("`{command}` failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    parse(&String::from_utf8_lossy(&output.stdout))
}

/// A duration in the unit that suits it (`812 ns`, `3.21 us`, `1.20 ms`).
pub fn human_ns(ns: f64) -> String {
    if ns < 1_000.0 {
        format!("{ns:.0} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.2} us", ns / 1_000.0)
    } else {
        format!("{:.2} ms", ns / 1_000_000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = r#"{"name":"size(): full sizing, normal approximation (default)","clock":"on-CPU","median_ns":412.5,"min_ns":400.0,"max_ns":530.2,"wall_median_ns":420.0,"budget_ns":1000}

{"name":"poisson_cdf(100,000, 99,266.8): one evaluation","clock":"wall","median_ns":1500000.0,"min_ns":1400000.0,"max_ns":1600000.0,"wall_median_ns":1500000.0,"budget_ns":null}
"#;

    #[test]
    fn reads_each_benchmark_and_judges_only_those_with_a_budget() {
        let results = parse(OUTPUT).unwrap();
        assert_eq!(results.len(), 2);
        assert_eq!(results[0].name, "size(): full sizing, normal approximation (default)");
        assert_eq!(
            (results[0].median_ns, results[0].budget_ns, results[0].meets_budget()),
            (412.5, Some(1000.0), Some(true))
        );
        assert_eq!((results[1].clock.as_str(), results[1].budget_ns, results[1].meets_budget()), ("wall", None, None));
    }

    #[test]
    fn a_line_that_is_not_a_benchmark_is_reported_with_its_number() {
        let error = parse("{\"name\":\"x\"}\n").unwrap_err();
        assert!(error.starts_with("bench_core line 1:"), "{error}");
    }

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(human_ns(812.4), "812 ns");
        assert_eq!(human_ns(3_210.0), "3.21 us");
        assert_eq!(human_ns(1_200_000.0), "1.20 ms");
    }
}
