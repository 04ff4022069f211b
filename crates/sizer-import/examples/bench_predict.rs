//! `SparkSizer.predict`'s native speed (plain binary, no harness): one prediction of 250 requests
//! on an arena run named by its dataset id, the engine already fitted (a host page predicts many
//! loads on one server and `predict` keeps the last fit), and the fit itself once.
//!
//! `cargo run --release -p sizer-import --example bench_predict -- --json` prints one JSON line
//! per benchmark in `bench_core`'s shape, which `cargo xtask bench` adds to the core table. The
//! budget (at most 5 ms natively for 250 requests) is judged on the on-CPU median
//! where Linux reports it; timings are reported, never asserted.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sizer_data::predict_api::RunSpec;
use sizer_import::suite::predict::predict;

/// The arena run, with its suite's closed-loop workloads in the dataset.
const RUN_ID: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";
/// The arena sweep's lengths at 0.5 req/s, 250 requests.
const LOAD: &str = r#"{"rate_per_s": 0.5, "requests": 250, "seed": 42}"#;
const BATCHES: usize = 15;
const BATCH_TARGET: Duration = Duration::from_millis(40);
const BUDGET_NS: f64 = 5e6;

/// Nanoseconds this thread has run on a CPU, where Linux reports it.
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn median(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    (values[values.len() / 2], values[0], values[values.len() - 1])
}

/// Median, min and max per call over [`BATCHES`] batches, on-CPU where available, and the wall
/// median.
fn time(mut f: impl FnMut()) -> (&'static str, (f64, f64, f64), f64) {
    let mut iterations: u32 = 1;
    loop {
        let start = Instant::now();
        (0..iterations).for_each(|_| f());
        if start.elapsed() >= BATCH_TARGET || iterations >= 1 << 16 {
            break;
        }
        iterations *= 2;
    }
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    for _ in 0..BATCHES {
        let cpu_start = thread_cpu_ns();
        let start = Instant::now();
        (0..iterations).for_each(|_| f());
        wall.push(start.elapsed().as_nanos() as f64 / f64::from(iterations));
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
            cpu.push(b.saturating_sub(a) as f64 / f64::from(iterations));
        }
    }
    let wall = median(wall);
    if cpu.len() == BATCHES { ("on-CPU", median(cpu), wall.0) } else { ("wall", wall, wall.0) }
}

fn line(name: &str, (clock, (median_ns, min_ns, max_ns), wall_ns): (&str, (f64, f64, f64), f64), budget: Option<f64>) {
    if std::env::args().any(|a| a == "--json") {
        let budget = budget.map_or("null".to_owned(), |b| format!("{b:.0}"));
        println!(
            "{{\"name\":\"{name}\",\"clock\":\"{clock}\",\"median_ns\":{median_ns:.1},\"min_ns\":{min_ns:.1},\"max_ns\":{max_ns:.1},\"wall_median_ns\":{wall_ns:.1},\"budget_ns\":{budget}}}"
        );
    } else {
        let budget = budget.map_or("no budget".to_owned(), |b| format!("budget {} ms", b / 1e6));
        println!(
            "{name}: median {:.3} ms ({clock}; min {:.3}, max {:.3}), {budget}",
            median_ns / 1e6,
            min_ns / 1e6,
            max_ns / 1e6
        );
    }
}

fn main() {
    let spec = RunSpec::Id(RUN_ID.to_owned());
    // The first call fits the engine; the timed ones reuse it, as a host page's calls do.
    if let Err(error) = predict(LOAD, &spec) {
        eprintln!("bench_predict: {error}");
        std::process::exit(1);
    }
    line(
        "predict 250 requests (arena Qwen3.6-35B-A3B FP8, 0.5 req/s, engine fitted)",
        time(|| {
            black_box(predict(black_box(LOAD), &spec).ok());
        }),
        Some(BUDGET_NS),
    );
    // The fit alone: another spec each call would not be cached, so time the uncached path by
    // alternating two ids (each call refits).
    let other = RunSpec::Id("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4".to_owned());
    let mut flip = false;
    line(
        "predict with a fresh fit (two arena runs alternating: each call fits its engine)",
        time(|| {
            flip = !flip;
            black_box(predict(black_box(LOAD), if flip { &other } else { &spec }).ok());
        }),
        None,
    );
}
