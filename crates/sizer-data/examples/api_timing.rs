//! Times `SparkSizer.simulate`'s synchronous call (`sim_api::simulate_json`) at its limits, natively:
//! `cargo run --release -p sizer-data --example api_timing`. Prints one line per case: the best of
//! three wall-clock times and the first 100 characters of the answer.

use std::time::Instant;

use sizer_data::api::ApiRun;
use sizer_data::sim_api::simulate_json;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

fn main() {
    let run = ApiRun::Id(QWEN.to_owned());
    let flat = ApiRun::Inline(r#"{"points": [[1, 60], [10000, 60]]}"#.to_owned());
    let cases: [(&str, &ApiRun); 7] = [
        (r#"{"groups": [{"people": 10000}], "max_requests": 100000}"#, &run),
        (r#"{"groups": [{"people": 10000, "usage": "agent"}], "max_requests": 100000}"#, &run),
        (r#"{"groups": [{"people": 10000}], "max_requests": 100000}"#, &flat),
        (r#"{"groups": [{"people": 10000, "answer_tokens": 1, "interval_s": 0.001}], "max_requests": 100000}"#, &flat),
        (
            r#"{"groups": [{"people": 10000}], "max_requests": 100000}"#,
            &ApiRun::Inline(r#"{"points": [[1, 30], [64, 10]]}"#.to_owned()),
        ),
        (r#"{"users": 10000}"#, &run),
        (r#"{"groups": [{"people": 100}], "warmup_s": 10000000, "max_requests": 100000}"#, &flat),
    ];
    for (team, run) in cases {
        let mut best = f64::INFINITY;
        let mut answer = String::new();
        for _ in 0..3 {
            let start = Instant::now();
            let result = simulate_json(team, run, 1);
            best = best.min(start.elapsed().as_secs_f64() * 1000.0);
            answer = result.unwrap_or_else(|e| e);
        }
        let head: String = answer.chars().take(100).collect();
        println!("{best:8.1} ms  {team}\n             {head}");
    }
}
