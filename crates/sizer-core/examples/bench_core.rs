//! Micro-benchmarks of the sizing core against its budget (plain binary, no harness).
//!
//! Run: `cargo run --release -p sizer-core --example bench_core` (add `-- --json` for one JSON
//! object per line, which `cargo xtask bench` can read; `-- --only plan` times only the
//! benchmarks whose name contains `plan`). Each benchmark is calibrated to batches
//! of about 20 ms, then 15 batches are timed; the table shows the median, min and max time per
//! call. Budgets: one full sizing <= 1 us; exact Poisson and Erlang C at 100,000 streams <= 1 ms;
//! one team sizing of every run in the dataset <= 50 us.
//!
//! Two clocks: wall time, and on-CPU time of the benchmark thread (Linux
//! `/proc/thread-self/schedstat`, nanoseconds). On a shared machine other processes steal the
//! CPU in the middle of a batch; on-CPU time leaves those gaps out, wall time does not. The
//! budget is judged on the on-CPU median when it is available, and both are printed.
//!
//! The simulation is timed on 20,000 requests (budget 20 ms). Without `--json`, a
//! second table shows the peak heap one simulation allocates for 2,000, 20,000 and 200,000
//! requests (a counting allocator around the system one): it should not grow with requests.

use sizer_core::sim::{Machine, SimGroup, SimRequest, simulate};
use sizer_core::{
    Curve, Group, HeadroomMethod, RunLimits, Scenario, Team, TeamHeadroom, TeamSettings, TtftCurve, erlang_c,
    erlang_c_max_load, plan, poisson_cdf, poisson_max_load, size,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Bytes allocated now and at most since the last reset: the system allocator, counted.
struct CountingAllocator;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`; the counters only observe sizes.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on to `System`.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let now = ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with this layout (see `alloc`).
        unsafe { System.dealloc(ptr, layout) };
        ALLOCATED.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Peak heap bytes above the current level while `f` runs.
fn peak_heap_bytes(f: impl FnOnce()) -> usize {
    let base = ALLOCATED.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed).saturating_sub(base)
}

const BATCHES: usize = 15;
const BATCH_TARGET: Duration = Duration::from_millis(20);

struct Result {
    name: &'static str,
    median_ns: f64,
    min_ns: f64,
    max_ns: f64,
    wall_median_ns: f64,
    clock: &'static str,
    budget_ns: Option<f64>,
}

/// Nanoseconds this thread has run on a CPU, where Linux reports it.
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn median(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    (values[n / 2], values[0], values[n - 1])
}

/// The `--only` filter: a benchmark runs when its name contains it (all run without it).
fn selected(name: &str) -> bool {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)) {
        Some(only) => name.contains(only.as_str()),
        None => true,
    }
}

fn bench(name: &'static str, budget_ns: Option<f64>, mut f: impl FnMut()) -> Option<Result> {
    if !selected(name) {
        return None;
    }
    // Calibrate: double the batch until it takes BATCH_TARGET.
    let mut iterations: u64 = 1;
    loop {
        let start = Instant::now();
        for _ in 0..iterations {
            f();
        }
        if start.elapsed() >= BATCH_TARGET || iterations >= 1 << 30 {
            break;
        }
        iterations *= 2;
    }
    let mut wall = Vec::with_capacity(BATCHES);
    let mut cpu = Vec::with_capacity(BATCHES);
    for _ in 0..BATCHES {
        let cpu_start = thread_cpu_ns();
        let start = Instant::now();
        for _ in 0..iterations {
            f();
        }
        let elapsed = start.elapsed();
        wall.push(elapsed.as_nanos() as f64 / iterations as f64);
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
            cpu.push(b.saturating_sub(a) as f64 / iterations as f64);
        }
    }
    let (wall_median_ns, wall_min, wall_max) = median(wall);
    let (clock, (median_ns, min_ns, max_ns)) =
        if cpu.len() == BATCHES { ("on-CPU", median(cpu)) } else { ("wall", (wall_median_ns, wall_min, wall_max)) };
    Some(Result { name, median_ns, min_ns, max_ns, wall_median_ns, clock, budget_ns })
}

fn human(ns: f64) -> String {
    if ns < 1_000.0 {
        format!("{ns:.0} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.2} us", ns / 1_000.0)
    } else {
        format!("{:.2} ms", ns / 1_000_000.0)
    }
}

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let curve =
        Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)])
            .expect("seed curve is valid");
    // All steps and all limits: speed, KV (924,912 tokens) and prefill (5,705 tok/s).
    let full = Scenario { kv_pool_tokens: Some(924_912.0), prefill_tok_s: Some(5_705.0), ..Scenario::chat() };
    let with = |headroom| Scenario { headroom, ..full };
    let (poisson, erlang) = (with(HeadroomMethod::ExactPoisson), with(HeadroomMethod::ErlangC));
    // The worked example simulated: 163 chat users, the same curve, prefill 5,705 tok/s, KV pool
    // 924,912 tokens (8,192-token sessions), until 20,000 requests have finished.
    let machine =
        Machine { prefill_tok_s: Some(5_705.0), kv_pool_tokens: Some(924_912.0), ..Machine::from_curve(curve.clone()) };
    let team = |max_requests: u32| SimRequest {
        groups: vec![SimGroup::chat(163)],
        window_s: 1e7,
        max_requests,
        ..SimRequest::default()
    };
    let twenty_thousand = team(20_000);
    // The same team on the arena's Nemotron-3 Nano NVFP4: its fitted engine, step by step.
    let arena = sizer_data::dataset().run("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4").expect("arena run");
    let engine_machine = sizer_data::dataset().sim_machine_for(arena, Scenario::chat()).expect("arena machine");
    let two_thousand = team(2_000);

    // The planner's example team: 30 chatting and 5 agents, 15 tok/s, a 3 s p99 TTFT ceiling, the
    // finite-population headroom and a 10 % band.
    let team_settings =
        TeamSettings { ttft_ceiling_s: Some(3.0), headroom: TeamHeadroom::FinitePopulation, ..TeamSettings::default() };
    let issue_team = Team::new(vec![Group::chat(30), Group::agent(5)], team_settings).expect("valid team");
    let normal_settings = TeamSettings { headroom: TeamHeadroom::NormalApprox, ..team_settings };
    let issue_team_normal = Team::new(vec![Group::chat(30), Group::agent(5)], normal_settings).expect("valid team");
    let chat_team = Team::new(vec![Group::chat(163)], TeamSettings::default()).expect("valid team");
    let data = sizer_data::dataset();
    let planner = sizer_data::Planner::new(data, &[]);
    let ttft =
        TtftCurve::from_seconds(&[(1.0, 0.041), (8.0, 0.61), (32.0, 2.1), (64.0, 2.7), (128.0, 7.1), (256.0, 21.5)])
            .expect("seed points are valid");
    let limits = RunLimits::new(&curve, Some(924_912.0), Some(5_705.0), Some(&ttft)).expect("valid figures");

    let results = [
        bench("size(): full sizing, normal approximation (default)", Some(1_000.0), || {
            black_box(size(black_box(&full), black_box(&curve)).ok());
        }),
        bench("size(): full sizing, exact Poisson headroom", None, || {
            black_box(size(black_box(&poisson), black_box(&curve)).ok());
        }),
        bench("size(): full sizing, Erlang C headroom", None, || {
            black_box(size(black_box(&erlang), black_box(&curve)).ok());
        }),
        bench("plan(): the example team on the worked run, four limits and the band", None, || {
            black_box(plan(black_box(&issue_team), black_box(&limits)));
        }),
        bench(
            "Planner::plan(): one team sizing of every run in the dataset (example team, finite headroom)",
            Some(50_000.0),
            || {
                black_box(planner.plan(black_box(&issue_team)));
            },
        ),
        bench("Planner::plan(): every run, the example team with the normal approximation", Some(50_000.0), || {
            black_box(planner.plan(black_box(&issue_team_normal)));
        }),
        bench("Planner::plan(): every run, the seed's 163 chatting (normal approximation)", Some(50_000.0), || {
            black_box(planner.plan(black_box(&chat_team)));
        }),
        bench("Dataset::plan_team(): the same, looking up every run's curve and figures first", None, || {
            black_box(data.plan_team(black_box(&chat_team), &[]));
        }),
        bench("poisson_max_load(100,000 streams, p 0.99)", Some(1_000_000.0), || {
            black_box(poisson_max_load(black_box(100_000), black_box(0.99)));
        }),
        bench("erlang_c_max_load(100,000 streams, 1 % wait)", Some(1_000_000.0), || {
            black_box(erlang_c_max_load(black_box(100_000), black_box(0.01)));
        }),
        bench("poisson_cdf(100,000, 99,266.8): one evaluation", None, || {
            black_box(poisson_cdf(black_box(100_000), black_box(99_266.8)));
        }),
        bench("erlang_c(100,000, 99,250.6): one evaluation", None, || {
            black_box(erlang_c(black_box(100_000), black_box(99_250.6)).ok());
        }),
        bench("simulate(): 163 chat users, 20,000 requests, prefill queue and KV cap", Some(20_000_000.0), || {
            black_box(simulate(black_box(&twenty_thousand), black_box(&machine), black_box(1)).ok());
        }),
        bench("simulate(): 163 chat users, 2,000 requests, on an arena run's fitted engine", None, || {
            black_box(simulate(black_box(&two_thousand), black_box(&engine_machine), black_box(1)).ok());
        }),
    ];
    let results: Vec<Result> = results.into_iter().flatten().collect();

    if json {
        for r in &results {
            println!(
                "{{\"name\":\"{}\",\"clock\":\"{}\",\"median_ns\":{:.1},\"min_ns\":{:.1},\"max_ns\":{:.1},\"wall_median_ns\":{:.1},\"budget_ns\":{}}}",
                r.name,
                r.clock,
                r.median_ns,
                r.min_ns,
                r.max_ns,
                r.wall_median_ns,
                r.budget_ns.map_or("null".to_string(), |b| format!("{b:.0}"))
            );
        }
        return;
    }
    println!("| core benchmark | median | min | max | clock | wall median | budget |");
    println!("|---|---|---|---|---|---|---|");
    for r in &results {
        let budget = match r.budget_ns {
            Some(b) if r.median_ns <= b => format!("<= {} (met)", human(b)),
            Some(b) => format!("<= {} (MISSED)", human(b)),
            None => "-".to_string(),
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {budget} |",
            r.name,
            human(r.median_ns),
            human(r.min_ns),
            human(r.max_ns),
            r.clock,
            human(r.wall_median_ns)
        );
    }
    if !selected("simulate()") {
        return;
    }
    println!();
    println!("| simulate(): 163 chat users, seed 1 | requests measured | peak heap |");
    println!("|---|---:|---:|");
    for max_requests in [2_000, 20_000, 200_000] {
        let request = team(max_requests);
        let mut requests = 0;
        let peak = peak_heap_bytes(|| {
            requests = simulate(&request, &machine, 1).map_or(0, |r| r.requests);
        });
        println!("| max_requests {max_requests} | {requests} | {:.1} KB |", peak as f64 / 1024.0);
    }
}
