//! Shared pieces of the tests (`mod support;` in each test binary, `use crate::support;` in each
//! module that needs them): generators of the property tests and the arena's fixture folders.
#![allow(dead_code)]

/// Points at strictly increasing concurrency from 1: each `(step, value)` adds `step` to the
/// previous point's concurrency, so a generator draws positive steps, not sorted lists.
pub fn increasing_from_one(steps: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let mut concurrency = 1.0;
    steps
        .into_iter()
        .map(|(step, value)| {
            let point = (concurrency, value);
            concurrency += step;
            point
        })
        .collect()
}

/// An arena run's folder under `tests/fixtures/arena/` (e.g. `qwen-3.6/qwen-3.6-35b-a3b/fp8`):
/// its files, `(name, text)`, sorted by name.
pub fn arena_folder(run: &str) -> Vec<(String, String)> {
    let dir = format!("{}/fixtures/arena/{run}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).expect("a UTF-8 name").to_owned();
            (name, std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        })
        .collect();
    files.sort();
    files
}

/// A configuration under `tests/fixtures/model-configs/` (e.g. `openai__gpt-oss-20b.json`), as
/// text.
pub fn model_config(file: &str) -> String {
    let path = format!("{}/fixtures/model-configs/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
