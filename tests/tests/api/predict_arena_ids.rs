//! `SparkSizer.predict` on an arena run's dataset id gives the engine and figures its own files
//! give: for each of the 19 arena runs, the answer through the id (the dataset's copy of the
//! closed-loop figures, `model.source` `dataset_suite`) equals the answer through the folder's
//! files (the suite import, the calibration's path) in every number, at two loads. The oracle is
//! the second path, read from the fixture files by the importer, not the dataset.

use crate::support;

use serde_json::Value;
use sizer_data::predict_api::{RunSpec, SpecFile};
use sizer_data::suite::ARENA_FOLDERS;
use sizer_import::suite::predict::predict;

/// The arena's rate-sweep step at 0.5 req/s (the defaults), and a heavier one beyond the sweep.
const LOADS: [&str; 2] = ["{}", r#"{"rate_per_s": 1.5, "prompt_tokens": 8000, "answer_tokens": 300, "requests": 200}"#];

fn answer(load: &str, spec: &RunSpec) -> Value {
    serde_json::from_str(&predict(load, spec).unwrap_or_else(|e| panic!("{load}: {e}"))).expect("JSON")
}

/// The dataset id `cargo xtask arena-data` gives a folder: its path without the family.
fn dataset_id(folder: &str) -> String {
    let rest = folder.split_once('/').map_or(folder, |(_, rest)| rest);
    format!("djangodevreng-arena-{}", rest.replace('/', "-"))
}

/// Every number of `a` equals `b`'s within 1e-12 relative; the same keys, lengths and strings.
fn assert_same(a: &Value, b: &Value, path: &str) {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().expect("f64"), y.as_f64().expect("f64"));
            assert!((x - y).abs() <= 1e-12 * x.abs().max(y.abs()), "{path}: {x} against {y}");
        }
        (Value::Object(x), Value::Object(y)) => {
            let keys = |m: &serde_json::Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
            assert_eq!(keys(x), keys(y), "{path}: keys");
            for (key, value) in x {
                assert_same(value, &y[key], &format!("{path}.{key}"));
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{path}: length");
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                assert_same(u, v, &format!("{path}[{i}]"));
            }
        }
        _ => assert_eq!(a, b, "{path}"),
    }
}

#[test]
fn every_arena_id_predicts_what_its_files_predict() {
    for folder in ARENA_FOLDERS {
        let files: Vec<SpecFile> =
            support::arena_folder(folder).into_iter().map(|(name, text)| SpecFile { name, text }).collect();
        let by_files = RunSpec::Files(files);
        let by_id = RunSpec::Id(dataset_id(folder));
        for load in LOADS {
            let mut from_id = answer(load, &by_id);
            let mut from_files = answer(load, &by_files);
            assert_eq!(from_id["model"]["source"], "dataset_suite", "{folder}");
            assert_eq!(from_files["model"]["source"], "suite_files", "{folder}");
            assert_eq!(from_id["model"]["run"], dataset_id(folder).as_str(), "{folder}");
            // What names the engine differs by path (the id or the model, the file names with or
            // without ".md,"); the numbers may not.
            for answer in [&mut from_id, &mut from_files] {
                let model = answer["model"].as_object_mut().expect("model");
                for key in ["source", "run"] {
                    model.remove(key);
                }
                for workload in model["workloads"].as_array_mut().expect("workloads") {
                    workload.as_object_mut().expect("workload").remove("name");
                }
            }
            assert_same(&from_id, &from_files, &format!("{folder} {load}"));
        }
    }
}

#[test]
fn an_arena_id_names_the_files_it_was_fitted_to() {
    let value = answer("{}", &RunSpec::Id(dataset_id("qwen-3.6/qwen-3.6-35b-a3b/fp8")));
    let names: Vec<&str> = value["model"]["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .map(|w| w["name"].as_str().expect("name"))
        .collect();
    // 01, 02, 03, 05 (its four depths) and 06; 04-multi-turn is left out (FITTED_KINDS).
    assert_eq!(names.len(), 8, "{names:?}");
    assert_eq!(&names[..3], ["01-chat.md", "02-rag-8k.md", "03-long-output.md"]);
    assert!(names.iter().all(|n| !n.starts_with("04-")), "{names:?}");
    assert_eq!(names[7], "06-concurrency-stress.md");
    assert!(value["model"].get("caveat").is_none());
}
