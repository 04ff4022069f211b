//! The arena's measured open-loop loads in the dataset (`data/arena_loads.json`, written by
//! `cargo xtask arena-data`): importing each folder again gives exactly the rows the dataset
//! holds; every row's figures equal its own `vllm bench serve` JSON read here with plain
//! serde_json (an oracle apart from the importer); the capacity recomputed from the stored rows
//! equals the one each sweep summary reports; literal values of one step read by hand; the
//! binary form the browser decodes gives the same table; bad tables are refused by path.

use crate::support;

use serde_json::Value;
use sizer_data::suite::SLO_LIMITS_MS;
use sizer_data::suite::as_run::measured_load as as_measured_load;
use sizer_data::{LOADS_BINARY, LoadRow, MeasuredLoadTable, RunMeasuredLoad, dataset, measured_load, measured_loads};
use sizer_import::suite::import_suite;
use sizer_tests::{EXACT, assert_close_msg};

/// The run whose figures are read by hand below.
const QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

/// The repository address every arena source's URL starts with, before its folder.
const PREFIX: &str =
    "https://github.com/djangodevreng/dgx-spark-benchmarks/tree/5636536703fb6fe6a4992f68162b93fa03e7f15e/results/";

/// Every arena run of the dataset with its fixture folder (from its source's address).
fn arena_runs() -> Vec<(String, String)> {
    let data = dataset();
    data.runs
        .iter()
        .filter(|run| run.id.starts_with("djangodevreng-arena-"))
        .map(|run| {
            let source = data.source(&run.source).unwrap_or_else(|| panic!("{}: source", run.id));
            let url = source.url.as_deref().unwrap_or_default();
            let folder = url.strip_prefix(PREFIX).unwrap_or_else(|| panic!("{}: {url}", run.id));
            (run.id.clone(), folder.to_owned())
        })
        .collect()
}

fn held(run: &str) -> &'static RunMeasuredLoad {
    measured_load(run).unwrap_or_else(|| panic!("{run}: no measured load"))
}

fn json(files: &[(String, String)], name: &str) -> Option<Value> {
    let (_, text) = files.iter().find(|(file, _)| file == name)?;
    Some(serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}")))
}

fn number(value: &Value, key: &str, context: &str) -> f64 {
    value[key].as_f64().unwrap_or_else(|| panic!("{context}: {key} is not a number"))
}

#[test]
fn every_arena_run_has_its_measured_load_and_nothing_else_has_one() {
    let runs = arena_runs();
    assert_eq!(runs.len(), 19);
    assert_eq!(measured_loads().len(), 19);
    for (run, _) in &runs {
        held(run);
    }
    for load in measured_loads() {
        assert!(dataset().run(&load.run).is_some(), "{}: not a dataset run", load.run);
    }
}

#[test]
fn importing_each_folder_again_gives_the_load_the_dataset_holds() {
    for (run, folder) in arena_runs() {
        let files = support::arena_folder(&folder);
        let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
        let imported = import_suite(&borrowed);
        assert!(imported.refused.is_empty(), "{folder}: {:?}", imported.refused);
        let suite = imported.run.unwrap_or_else(|| panic!("{folder}: no run"));
        assert_eq!(&as_measured_load(&run, &suite.load), held(&run), "{folder}");
    }
}

/// Each stored row against its own file, read with serde_json: the file's keys, not the
/// importer's names.
fn check_row(row: &LoadRow, file: &Value, context: &str) {
    let rate = file["request_rate"].as_f64();
    assert_eq!(row.rate_per_s, rate, "{context}: request_rate");
    for (stored, key) in [
        (row.burstiness, "burstiness"),
        (row.ttft_p50_ms, "p50_ttft_ms"),
        (row.ttft_p95_ms, "p95_ttft_ms"),
        (row.ttft_p99_ms, "p99_ttft_ms"),
        (row.median_tpot_ms, "median_tpot_ms"),
        (row.p99_tpot_ms, "p99_tpot_ms"),
        (row.output_tok_s, "output_throughput"),
        (row.achieved_rps, "request_throughput"),
        (row.duration_s, "duration"),
        (row.total_input_tokens, "total_input_tokens"),
        (row.total_output_tokens, "total_output_tokens"),
    ] {
        assert_eq!(stored, number(file, key, context), "{context}: {key}");
    }
    assert_eq!(f64::from(row.completed), number(file, "completed", context), "{context}: completed");
    assert_eq!(f64::from(row.sent), number(file, "num_prompts", context), "{context}: num_prompts");
    assert_eq!(row.peak_in_flight, file["max_concurrent_requests"].as_f64(), "{context}: max_concurrent_requests");
}

#[test]
fn every_row_holds_its_own_files_figures() {
    let mut rows_checked = 0;
    for (run, folder) in arena_runs() {
        let files = support::arena_folder(&folder);
        let load = held(&run);
        let sweep_files: Vec<&String> = files
            .iter()
            .map(|(name, _)| name)
            .filter(|name| name.starts_with("11-rate-sweep-") && name.ends_with(".json"))
            .collect();
        assert_eq!(load.sweep.len(), sweep_files.len(), "{folder}: one row per sweep step");
        let test_files: Vec<&String> = files
            .iter()
            .map(|(name, _)| name)
            .filter(|name| name.ends_with(".json") && name.starts_with(['0', '1']))
            .collect();
        assert_eq!(load.tests.len() + load.sweep.len(), test_files.len() - usize::from(load.summary_file.is_some()));
        for row in load.tests.iter().chain(&load.sweep) {
            let context = format!("{folder}/{}", row.file);
            let file = json(&files, &row.file).unwrap_or_else(|| panic!("{context}: no such file"));
            check_row(row, &file, &context);
            rows_checked += 1;
        }
    }
    // 19 runs x 4 single tests, plus the sweeps' steps: 16 folders of 6, then 4, 1 and 0.
    assert_eq!(rows_checked, 19 * 4 + 16 * 6 + 4 + 1);
}

#[test]
fn the_capacity_recomputed_from_the_rows_equals_each_summarys() {
    let mut limits_checked = 0;
    for (run, folder) in arena_runs() {
        let files = support::arena_folder(&folder);
        let summary = json(&files, "11-rate-sweep.json").unwrap_or_else(|| panic!("{folder}: no summary"));
        let load = held(&run);
        for limit in SLO_LIMITS_MS {
            let key = format!("{limit:.0}");
            let reported = summary["capacity_by_slo_ms"]
                .get(&key)
                .unwrap_or_else(|| panic!("{folder}: no limit {key}"))
                .get("configured_rps")
                .and_then(Value::as_f64);
            assert_eq!(load.recomputed_capacity(limit), reported, "{folder} at {key} ms");
            assert_eq!(load.reported_capacity(limit), Some(reported), "{folder} at {key} ms, as stored");
            limits_checked += 1;
        }
        assert_eq!(load.queue_knee_rps, summary["queue_knee_rps"].as_f64(), "{folder}: queue_knee_rps");
        assert_eq!(load.aborted_at_rps, summary.get("aborted_at_rps").and_then(Value::as_f64), "{folder}");
    }
    assert_eq!(limits_checked, 19 * 3);
}

#[test]
fn one_step_read_by_hand() {
    // tests/fixtures/arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/11-rate-sweep-0.5.json.
    let load = held(QWEN);
    let row = load.sweep.iter().find(|row| row.rate_per_s == Some(0.5)).expect("the 0.5 req/s step");
    assert_eq!(row.file, "11-rate-sweep-0.5.json");
    assert_eq!(row.test_name(), "11-rate-sweep-0.5");
    assert_eq!((row.sent, row.completed, row.failed), (125, 125, 0));
    assert_close_msg(row.ttft_p95_ms, 5257.3898184113195, EXACT, "p95 TTFT ms");
    assert_close_msg(row.median_tpot_ms, 203.0226810398551, EXACT, "median TPOT ms");
    assert_eq!(row.peak_in_flight, Some(66.0));
    // 1000 / 203.0226810398551 ms.
    assert_close_msg(row.per_request_tok_s().expect("a speed"), 4.925558045426912, 1e-12, "tok/s");
    // 522,825 prompt tokens over 125 requests.
    assert_close_msg(row.mean_input_tokens().expect("tokens"), 4182.6, 1e-9, "mean prompt");
    // 11-rate-sweep.json: nothing under 2 s, 0.3 req/s under 5 s, 0.7 under 10 s.
    assert_eq!(load.recomputed_capacity(2_000.0), None);
    assert_eq!(load.recomputed_capacity(5_000.0), Some(0.3));
    assert_eq!(load.recomputed_capacity(10_000.0), Some(0.7));
    assert_eq!(load.sweep.len(), 6);
    assert_eq!(
        load.tests.iter().map(LoadRow::test_name).collect::<Vec<_>>(),
        ["07-office-baseline", "08-sharegpt", "09-reasoning", "10-monday-peak"]
    );
}

#[test]
fn the_binary_form_the_browser_decodes_is_the_same_table() {
    let decoded = MeasuredLoadTable::from_binary(LOADS_BINARY).expect("loads.bin decodes");
    assert_eq!(decoded.loads.as_slice(), measured_loads());
    let again = MeasuredLoadTable::from_binary(&decoded.to_binary()).expect("round trip");
    assert_eq!(again, decoded);
}

#[test]
fn bad_tables_are_refused_naming_the_entry() {
    let good = MeasuredLoadTable { loads: measured_loads().to_vec() };
    let refused = |change: &dyn Fn(&mut MeasuredLoadTable)| {
        let mut table = good.clone();
        change(&mut table);
        table.validate().expect_err("refused").to_string()
    };
    assert!(good.validate().is_ok());
    let nan = refused(&|t| t.loads[0].sweep[1].ttft_p95_ms = f64::NAN);
    assert!(nan.starts_with("loads[0].sweep[1].ttft_p95_ms"), "{nan}");
    let order = refused(&|t| t.loads[0].sweep.swap(0, 1));
    assert!(order.starts_with("loads[0].sweep[1].rate_per_s"), "{order}");
    let percentiles = refused(&|t| t.loads[2].tests[0].ttft_p50_ms = 1e9);
    assert!(percentiles.starts_with("loads[2].tests[0].ttft_p95_ms"), "{percentiles}");
    let counts = refused(&|t| t.loads[3].tests[1].failed = 1_000);
    assert!(counts.starts_with("loads[3].tests[1].completed"), "{counts}");
    let twice = refused(&|t| t.loads[1].run = t.loads[0].run.clone());
    assert!(twice.starts_with("loads[1].run"), "{twice}");
    let json = MeasuredLoadTable::from_json(r#"{"loads": [{"run": "x", "tests": [], "sweep": [{"file": 1}]}]}"#);
    assert!(json.expect_err("a number for a file name").to_string().contains("loads[0].sweep[0].file"));
}
