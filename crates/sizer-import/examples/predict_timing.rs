//! Times `SparkSizer.predict`'s synchronous call natively at the arena's step and at its limits:
//! `cargo run --release -p sizer-import --example predict_timing`. The engine is fitted once
//! (timed apart: the page fits it once per run spec); each line is the best of three predictions
//! and the answer's first 100 characters.

use std::time::Instant;

use sizer_data::predict_api::{RunSpec, SpecFile, predict_json};
use sizer_import::suite::predict::predict_engine;

fn main() {
    let dir =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/arena/nemotron-3/nemotron-3-nano-30b-a3b/nvfp4");
    let mut files: Vec<SpecFile> = std::fs::read_dir(dir)
        .expect("the arena fixture")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).expect("a name").to_owned();
            SpecFile { name, text: std::fs::read_to_string(&path).expect("text") }
        })
        .collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    let start = Instant::now();
    let engine = predict_engine(&RunSpec::Files(files)).expect("an engine");
    println!("{:8.1} ms  fit", start.elapsed().as_secs_f64() * 1000.0);
    let cases = [
        r#"{"requests": 250}"#,
        r#"{"rate_per_s": 1.0, "requests": 1000}"#,
        r#"{"rate_per_s": 1000, "requests": 1000}"#,
        // At the answer-token limit: one request at a time, then all at once.
        r#"{"rate_per_s": 0.0001, "requests": 1000, "prompt_tokens": 1, "answer_tokens": 1000, "length_range": 0}"#,
        r#"{"rate_per_s": 1000, "requests": 1000, "prompt_tokens": 1, "answer_tokens": 1000, "length_range": 0}"#,
        r#"{"rate_per_s": 0.0001, "requests": 7, "prompt_tokens": 1, "answer_tokens": 131000, "length_range": 0}"#,
        // Long prompts queueing for the KV pool.
        r#"{"rate_per_s": 1000, "requests": 1000, "prompt_tokens": 120000, "answer_tokens": 1000, "length_range": 0}"#,
        r#"{"rate_per_s": 0.5, "requests": 1000, "prompt_tokens": 65000, "answer_tokens": 500, "length_range": 0.9}"#,
    ];
    for load in cases {
        let mut best = f64::INFINITY;
        let mut answer = String::new();
        for _ in 0..3 {
            let start = Instant::now();
            let result = predict_json(load, &engine);
            best = best.min(start.elapsed().as_secs_f64() * 1000.0);
            answer = result.unwrap_or_else(|e| e);
        }
        let head: String = answer.chars().take(100).collect();
        println!("{best:8.1} ms  {load}\n             {head}");
    }
}
