//! The simulation: its generator against published reference outputs, determinism,
//! and the model against answers computed independently: Little's law and the binomial law on a
//! flat curve, and small KV-cap and prefill-queue cases worked out by hand in the comments.
//!
//! Statistical tolerances are stated where they are used: about three standard deviations of
//! the figure across seeds 1 to 12 at the same run length (measured once with a release build;
//! the tests themselves use one fixed seed each).

use sizer_core::sim::{
    Machine, MedianTtftPoint, SimError, SimField, SimGroup, SimReport, SimRequest, SplitMix64, StopReason, SweepError,
    TtftModel, simulate, simulate_sizing, sweep_team_size,
};
use sizer_core::{Curve, Scenario};
use sizer_tests::{EXACT, assert_close, assert_rel};

/// A curve that gives every request `tok_s` whatever the load (1 to 100,000 in flight).
fn flat(tok_s: f64) -> Curve {
    Curve::from_per_request(&[(1.0, tok_s), (100_000.0, tok_s)]).expect("valid")
}

fn chat(count: u32, interval_s: f64) -> SimGroup {
    SimGroup { count, answer_tokens: 400.0, interval_s, prompt_tokens: 512.0, always_busy: false }
}

fn agents(count: u32, answer_tokens: f64, prompt_tokens: f64) -> SimGroup {
    SimGroup { count, answer_tokens, interval_s: 1.0, prompt_tokens, always_busy: true }
}

/// Binomial(n, p) probabilities by the recurrence `P(k+1) = P(k) (n-k)/(k+1) p/(1-p)`: a second
/// method, independent of the core's lgamma form.
fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut pmf = vec![(1.0 - p).powi(n as i32)];
    for k in 0..n {
        let next = pmf[k as usize] * f64::from(n - k) / f64::from(k + 1) * p / (1.0 - p);
        pmf.push(next);
    }
    pmf
}

/// Poisson(mean) probabilities of 0..=max by `P(k+1) = P(k) mean / (k+1)`.
fn poisson(mean: f64, max: usize) -> Vec<f64> {
    let mut pmf = vec![(-mean).exp()];
    for k in 0..max {
        pmf.push(pmf[k] * mean / (k + 1) as f64);
    }
    pmf
}

/// Kolmogorov-Smirnov distance between the simulated in-flight distribution (share of time)
/// and a reference pmf over counts.
fn ks_distance(report: &SimReport, reference: &[f64]) -> f64 {
    let max = reference.len().max(report.in_flight.iter().map(|b| b.count as usize + 1).max().unwrap_or(0));
    let mut observed = vec![0.0; max];
    for b in &report.in_flight {
        observed[b.count as usize] = b.share_time;
    }
    let (mut cdf_o, mut cdf_r, mut worst) = (0.0, 0.0, 0.0_f64);
    for (k, share) in observed.iter().enumerate() {
        cdf_o += share;
        cdf_r += reference.get(k).copied().unwrap_or(0.0);
        worst = worst.max((cdf_o - cdf_r).abs());
    }
    worst
}

// ---------------------------------------------------------------------------------------------
// The generator.

#[test]
fn splitmix64_matches_the_published_reference_outputs() {
    // Rosetta Code, "Pseudo-random numbers/Splitmix64": the first five outputs for seed 1234567.
    let mut rng = SplitMix64::new(1_234_567);
    let outputs: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
    assert_eq!(
        outputs,
        [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821]
    );
}

#[test]
fn splitmix64_floats_match_the_published_bucket_counts() {
    // Same page: floor(next_float() x 5) over 100,000 draws from seed 987654321 gives
    // 20027, 19892, 20073, 19978, 20030 (the page divides all 64 bits by 2^64; the top 53 bits
    // land in the same fifth).
    let mut rng = SplitMix64::new(987_654_321);
    let mut counts = [0u32; 5];
    for _ in 0..100_000 {
        counts[(rng.next_f64() * 5.0) as usize] += 1;
    }
    assert_eq!(counts, [20027, 19892, 20073, 19978, 20030]);
}

#[test]
fn exponential_draws_have_the_requested_mean() {
    // 200,000 draws of mean 10: the sample mean's standard error is 10 / sqrt(200,000) = 0.022;
    // allowed: 4 standard errors (0.09).
    let mut rng = SplitMix64::new(42);
    let n = 200_000;
    let mean = (0..n).map(|_| rng.next_exponential(10.0)).sum::<f64>() / f64::from(n);
    assert_close(mean, 10.0, 0.09);
}

// ---------------------------------------------------------------------------------------------
// Determinism.

#[test]
fn the_same_seed_gives_the_same_report_and_another_seed_does_not() {
    let request = SimRequest { groups: vec![chat(60, 120.0)], max_requests: 3_000, ..SimRequest::default() };
    let machine = Machine::from_curve(
        Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1)]).expect("valid"),
    );
    let a = simulate(&request, &machine, 2026).expect("valid");
    let b = simulate(&request, &machine, 2026).expect("valid");
    let c = simulate(&request, &machine, 2027).expect("valid");
    assert_eq!(a, b);
    assert_eq!(a.requests, 3_000);
    assert_ne!(a.mean_in_flight, c.mean_in_flight);
}

// ---------------------------------------------------------------------------------------------
// A flat curve with the floor at its speed: the formula's own model, solved exactly.

/// 50 chat users (400 tokens every 120 s) on a flat 15 tok/s curve, floor 15, 1 s TTFT:
/// busy = 400 / 15 + 1 = 27.667 s, duty = 27.667 / 120 = 0.2306.
fn flat_chat_report(seed: u64) -> SimReport {
    let request = SimRequest {
        groups: vec![chat(50, 120.0)],
        window_s: 200_000.0,
        max_requests: 1_000_000,
        ..SimRequest::default()
    };
    simulate(&request, &Machine::from_curve(flat(15.0)), seed).expect("valid")
}

#[test]
fn flat_curve_mean_in_flight_follows_littles_law() {
    let report = flat_chat_report(11);
    // Little's law: N x busy / interval = 50 x (400/15 + 1) / 120 = 11.5278.
    let expected = 50.0 * (400.0 / 15.0 + 1.0) / 120.0;
    // Over 200,000 simulated seconds, seeds 1 to 12 give 11.49 to 11.57 (standard deviation
    // 0.025). Allowed: 0.08 (0.7 %).
    assert_close(report.mean_in_flight, expected, 0.08);
    assert_rel(report.formula_mean_in_flight, expected, EXACT);
    // Every request runs at exactly the floor, all the time.
    assert_eq!(report.share_requests_at_floor, 1.0);
    assert_eq!(report.share_time_at_floor, 1.0);
    let speed = report.speed_tok_s.expect("requests measured");
    assert_rel(speed.p50, 15.0, 1e-9);
    assert_rel(speed.p99, 15.0, 1e-9);
    assert!(report.holds);
    assert_eq!(report.stopped_by, StopReason::Window);
    // Requests: 50 users x 200,000 s / 120 s = 83,333; allowed 1 % (Poisson-like count noise 0.3 %).
    assert_rel(report.requests as f64, 50.0 * 200_000.0 / 120.0, 0.01);
}

#[test]
fn flat_curve_in_flight_distribution_is_binomial_not_poisson() {
    // 20 users asking every 40 s: duty 27.667 / 40 = 0.6917, far from Poisson's regime, so the
    // test tells the two laws apart. Each user alternates an exponential think time and a fixed
    // busy time independently of the others (the curve is flat), so at a random instant each is
    // in flight with probability 0.6917: the count is Binomial(20, 0.6917).
    let request = SimRequest {
        groups: vec![chat(20, 40.0)],
        window_s: 200_000.0,
        max_requests: 1_000_000,
        ..SimRequest::default()
    };
    let report = simulate(&request, &Machine::from_curve(flat(15.0)), 5).expect("valid");
    let p = (400.0 / 15.0 + 1.0) / 40.0;
    let reference = binomial(20, p);
    // KS distance on time shares: seeds 1 to 12 give 0.0018 to 0.0040 over 200,000 s.
    // Allowed: 0.01.
    let d_binomial = ks_distance(&report, &reference);
    assert!(d_binomial < 0.01, "KS distance to Binomial(20, {p}) is {d_binomial}");
    // The Poisson law with the same mean is rejected by a wide margin (its KS distance is 0.14).
    let d_poisson = ks_distance(&report, &poisson(20.0 * p, 60));
    assert!(d_poisson > 0.1, "KS distance to Poisson is only {d_poisson}");
    // The report's own prediction columns agree with the independent ones.
    for b in &report.in_flight {
        let k = b.count as usize;
        assert_close(b.finite_population.expect("one group"), reference[k], 0.01);
    }
    // 20 x 0.6917 = 13.833; seeds 1 to 12 give 13.820 to 13.846. Allowed: 0.03.
    assert_close(report.mean_in_flight, 20.0 * p, 0.03);
}

#[test]
fn a_curve_that_falls_with_load_keeps_fewer_requests_in_flight() {
    // Same team as the flat case; this curve is above 15 tok/s below 64 in flight (40 tok/s for
    // one request), so answers finish sooner than at the floor and fewer are in flight at once.
    let flat_report = flat_chat_report(11);
    let falling = Curve::from_per_request(&[(1.0, 40.0), (64.0, 15.0), (256.0, 5.0)]).expect("valid");
    let request = SimRequest {
        groups: vec![chat(50, 120.0)],
        window_s: 200_000.0,
        max_requests: 1_000_000,
        ..SimRequest::default()
    };
    let report = simulate(&request, &Machine::from_curve(falling), 11).expect("valid");
    // At about 6 generating the curve gives ~37.6 tok/s: busy ~ 400/37.6 + 1 = 11.6 s of a
    // 92.3 + 11.6 s cycle, ~5.6 in flight. Bound: under 70 % of the flat case's 11.5.
    assert!(
        report.mean_in_flight < 0.7 * flat_report.mean_in_flight,
        "falling {} vs flat {}",
        report.mean_in_flight,
        flat_report.mean_in_flight
    );
    assert!(report.mean_in_flight > 4.0 && report.mean_in_flight < 7.0, "{}", report.mean_in_flight);
    assert!(report.holds);
}

// ---------------------------------------------------------------------------------------------
// Hand-computed queues.

#[test]
fn kv_cap_of_one_session_makes_three_agents_take_turns() {
    // Pool 100 tokens, context 100: one session. Three agents, 100-token answers at a flat
    // 10 tok/s (10 s each), no TTFT. By hand: one request generates while the other two wait;
    // an agent that finishes re-sends at once and queues behind the other two, so from the
    // second round on every request waits exactly 20 s, one finishes every 10 s, and three are
    // in flight at every moment, one of them generating.
    // Warm-up: 5 x busy at the floor (100 / 10 + 0 = 10 s) = 50 s; the window is [50, 1,050) s,
    // so the requests finishing at 50, 60, ..., 1,040 s count: 100 requests.
    let request = SimRequest {
        groups: vec![agents(3, 100.0, 10.0)],
        floor_tok_s: 10.0,
        ttft_s: 0.0,
        context_tokens: 100.0,
        window_s: 1_000.0,
        ..SimRequest::default()
    };
    let machine = Machine { kv_pool_tokens: Some(100.0), ..Machine::from_curve(flat(10.0)) };
    let report = simulate(&request, &machine, 1).expect("valid");
    assert_eq!(report.kv_sessions, Some(1));
    assert_eq!(report.requests, 100);
    assert_eq!(report.warmup_s, 50.0);
    let wait = report.queue_wait_s.expect("requests measured");
    assert_eq!((wait.p50, wait.p99), (20.0, 20.0));
    let ttft = report.ttft_s.expect("requests measured");
    assert_eq!((ttft.p50, ttft.p99), (20.0, 20.0));
    assert_eq!(report.share_requests_waited_for_kv, 1.0);
    assert_close(report.mean_in_flight, 3.0, EXACT);
    assert_close(report.mean_generating, 1.0, EXACT);
    assert_eq!(report.p99_in_flight, 3);
    assert_eq!(report.ttft_model, TtftModel::Fixed { ttft_s: 0.0 });
}

#[test]
fn prefill_queue_serves_prompts_first_come_first_served() {
    // Prefill 1,000 tok/s, 1,000-token prompts: 1 s each. Three agents, 10-token answers at a
    // flat 10 tok/s: 1 s each. By hand: prompts at t = 0 are read in [0,1], [1,2], [2,3]; an
    // agent's answer ends 1 s after its prompt and it re-sends at once, but the reader is busy
    // with the next agent's prompt, so it waits 1 s. From then on: each request waits 1 s,
    // reads 1 s (TTFT 2 s), generates 1 s; one request finishes every second, one generates at
    // every moment, three are in flight. Warm-up 5 x (10 / 10 + 0) = 5 s; the window is
    // [5, 1,005) s: requests finish at 5, 6, ..., 1,004 s: 1,000 requests.
    let request = SimRequest {
        groups: vec![agents(3, 10.0, 1_000.0)],
        floor_tok_s: 10.0,
        ttft_s: 0.0,
        window_s: 1_000.0,
        ..SimRequest::default()
    };
    let machine = Machine { prefill_tok_s: Some(1_000.0), ..Machine::from_curve(flat(10.0)) };
    let report = simulate(&request, &machine, 1).expect("valid");
    assert_eq!(report.requests, 1_000);
    let wait = report.queue_wait_s.expect("requests measured");
    assert_eq!((wait.p50, wait.p99), (1.0, 1.0));
    let ttft = report.ttft_s.expect("requests measured");
    assert_eq!((ttft.p50, ttft.p99), (2.0, 2.0));
    assert_close(report.mean_in_flight, 3.0, EXACT);
    assert_close(report.mean_generating, 1.0, EXACT);
    assert_eq!(report.ttft_model, TtftModel::PrefillQueue { prefill_tok_s: 1_000.0 });
}

#[test]
fn measured_ttft_is_read_at_the_load() {
    // No prefill rate: TTFT comes from the run's points, linear between them. Two agents are
    // always both in flight, so each request is admitted with 2 in flight:
    // TTFT = 0.5 + (2 - 1) / (9 - 1) x (2.5 - 0.5) = 0.75 s.
    let request = SimRequest {
        groups: vec![agents(2, 10.0, 100.0)],
        floor_tok_s: 10.0,
        ttft_s: 0.0,
        window_s: 100.0,
        ..SimRequest::default()
    };
    let machine = Machine {
        ttft_points: vec![
            MedianTtftPoint { concurrency: 1.0, ttft_s: 0.5 },
            MedianTtftPoint { concurrency: 9.0, ttft_s: 2.5 },
        ],
        ..Machine::from_curve(flat(10.0))
    };
    let report = simulate(&request, &machine, 1).expect("valid");
    let ttft = report.ttft_s.expect("requests measured");
    assert_close(ttft.p50, 0.75, EXACT);
    assert_close(ttft.p99, 0.75, EXACT);
    assert_eq!(report.ttft_model, TtftModel::MeasuredByLoad);
}

// ---------------------------------------------------------------------------------------------
// The sweep.

#[test]
fn sweep_finds_the_step_in_a_step_curve() {
    // 20 tok/s for up to 10 generating, 10 tok/s from 11: with a 15 tok/s floor, 10 agents keep
    // it and 11 do not, whatever the randomness (agents are always busy). The formula gives each
    // always-busy agent one of the 10 streams (no peak headroom), so it allows 10 as well.
    let curve = Curve::from_per_request(&[(1.0, 20.0), (10.0, 20.0), (11.0, 10.0), (1_000.0, 10.0)]).expect("valid");
    let scenario = Scenario { always_busy: true, ..Scenario::chat() };
    let sweep = sweep_team_size(&scenario, &Machine::from_curve(curve), 3, 14_400.0, 1_000).expect("valid");
    assert_eq!(sweep.formula_people, 10);
    assert_eq!(sweep.simulated_people, 10);
    assert_eq!(sweep.first_failing, Some(11));
    assert!(sweep.points.windows(2).all(|w| w[0].users < w[1].users));
    assert!(sweep.points.iter().all(|p| p.holds == (p.users <= 10)));
}

// ---------------------------------------------------------------------------------------------
// Bad input.

#[test]
fn bad_input_is_an_error_with_a_message() {
    let machine = Machine::from_curve(flat(15.0));
    let empty = SimRequest::default();
    assert_eq!(simulate(&empty, &machine, 1), Err(SimError::NoUsers));
    let nan = SimRequest { groups: vec![chat(10, 120.0)], floor_tok_s: f64::NAN, ..SimRequest::default() };
    let error = simulate(&nan, &machine, 1).expect_err("NaN floor");
    assert_eq!(error, SimError::NotFinite { field: SimField::FloorTokS, index: None });
    assert_eq!(error.to_string(), "floor_tok_s must be a finite number");
    let huge = SimRequest { groups: vec![chat(60_000, 120.0), chat(60_000, 60.0)], ..SimRequest::default() };
    assert_eq!(simulate(&huge, &machine, 1), Err(SimError::TooManyUsers { users: 120_000 }));
    let negative = SimRequest { groups: vec![SimGroup { answer_tokens: -5.0, ..chat(3, 120.0) }], ..empty.clone() };
    let error = simulate(&negative, &machine, 1).expect_err("negative answer");
    assert_eq!(error.to_string(), "answer_tokens (item 1) = -5 is outside its accepted range");
    // A pool smaller than one session would leave every request waiting forever: refused.
    let tiny_pool = Machine { kv_pool_tokens: Some(4_000.0), ..machine.clone() };
    let team = SimRequest { groups: vec![chat(3, 120.0)], ..SimRequest::default() };
    let error = simulate(&team, &tiny_pool, 1).expect_err("no session fits");
    assert_eq!(error, SimError::NoKvSession { pool_tokens: 4_000.0, context_tokens: 8_192.0 });
    assert_eq!(error.to_string(), "a KV pool of 4000 tokens holds no session of 8192 tokens: no request could run");
    let bad_ttft = Machine {
        ttft_points: vec![
            MedianTtftPoint { concurrency: 8.0, ttft_s: 0.1 },
            MedianTtftPoint { concurrency: 4.0, ttft_s: 0.2 },
        ],
        ..machine.clone()
    };
    let error = simulate(&team, &bad_ttft, 1).expect_err("unsorted TTFT points");
    assert_eq!(error, SimError::OutOfRange { field: SimField::TtftPointConcurrency, index: Some(1), value: 4.0 });
}

// ---------------------------------------------------------------------------------------------
// The worked example and the JSON API.

/// 163 chat users (the English seed's worked answer) on GPUwerk's Qwen3-Coder-30B-A3B run, with
/// the dataset's prefill rate (5,705 tok/s) and KV pool (924,912 tokens) for it.
fn worked_example(seed: u64) -> SimReport {
    let data = sizer_data::dataset();
    let run = data.run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("run in the dataset");
    let machine = data.sim_machine(run, sizer_core::Interpolation::Linear).expect("run has a curve");
    assert_eq!(machine.prefill_tok_s, Some(5_705.0));
    assert_eq!(machine.kv_pool_tokens, Some(924_912.0));
    let request = SimRequest { groups: vec![SimGroup::chat(163)], ..SimRequest::default() };
    simulate(&request, &machine, seed).expect("valid")
}

#[test]
fn worked_example_163_chat_users_on_qwen3_coder() {
    let report = worked_example(1);
    // KV: floor(924,912 / 8,192) = 112 sessions. TTFT: prompts read at 5,705 tok/s.
    assert_eq!(report.kv_sessions, Some(112));
    assert_eq!(report.ttft_model, TtftModel::PrefillQueue { prefill_tok_s: 5_705.0 });
    // Users ask every ~110 s (think 92.3 s plus answers faster than the floor), so 163 users
    // finish 20,000 requests before 4 simulated hours.
    assert_eq!((report.requests, report.stopped_by), (20_000, StopReason::Requests));
    // The formula's mean load: 163 x 27.667 / 120 = 37.58. The curve is above 15 tok/s below 52
    // streams, so answers finish sooner and fewer are in flight than the formula assumes.
    assert_close(report.formula_mean_in_flight, 163.0 * (400.0 / 15.0 + 1.0) / 120.0, EXACT);
    assert!(report.mean_in_flight > 20.0 && report.mean_in_flight < 37.58, "{}", report.mean_in_flight);
    assert!(report.p99_in_flight < 52);
    // The promise: 99 % of requests at 15 tok/s or faster.
    assert!(report.share_requests_at_floor >= 0.99 && report.holds);
    // Half the prompts find the reader idle: their TTFT is one prompt's read, 512 / 5,705 s.
    let ttft = report.ttft_s.expect("requests measured");
    assert_close(ttft.p50, 512.0 / 5_705.0, 0.006 * 512.0 / 5_705.0);
}

#[test]
fn simulate_sizing_checks_the_formulas_own_answer() {
    // The seed's rounding (z = 2.33) gives 163 people on this run; the simulation then runs
    // exactly those 163 users with the run's prefill rate and KV pool.
    let data = sizer_data::dataset();
    let run = data.run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("run in the dataset");
    let machine = data.sim_machine(run, sizer_core::Interpolation::Linear).expect("run has a curve");
    let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
    let (sizing, report) = simulate_sizing(&scenario, &machine, 1).expect("valid");
    assert_eq!((sizing.people_per_spark, report.users), (163, 163));
    assert_eq!(report, worked_example(1));
    // A floor the curve never reaches sizes nobody: nothing to simulate, said so.
    let unreachable = Scenario { floor_tok_s: 100.0, ..scenario };
    let error = simulate_sizing(&unreachable, &machine, 1).expect_err("no users");
    assert_eq!(error, SweepError::Simulation(SimError::NoUsers));
}

#[test]
fn a_team_in_json_runs_and_the_report_has_the_api_fields() {
    // Fields left out take their defaults: a chat group, floor 15, p99, 4 h / 20,000 requests.
    let request: SimRequest =
        serde_json::from_str(r#"{"groups": [{"count": 40}], "max_requests": 500}"#).expect("valid JSON");
    assert_eq!(request.groups, vec![SimGroup::chat(40)]);
    assert_eq!((request.floor_tok_s, request.percentile, request.window_s), (15.0, 0.99, 14_400.0));
    let machine: Machine =
        serde_json::from_str(r#"{"curve": [{"concurrency": 1, "tok_s": 40}, {"concurrency": 64, "tok_s": 12}]}"#)
            .expect("valid JSON");
    let report = simulate(&request, &machine, 9).expect("valid");
    let json = serde_json::to_value(&report).expect("serialisable");
    assert_eq!(json["requests"], 500);
    assert_eq!(json["holds"], report.holds);
    for field in ["mean_in_flight", "p99_in_flight", "share_requests_at_floor", "p99_ttft_s"] {
        assert!(json[field].is_number(), "{field} missing in {json}");
    }
    // A bad team in JSON is an error, not a panic.
    let bad: SimRequest = serde_json::from_str(r#"{"groups": [{"count": 0}]}"#).expect("valid JSON");
    assert_eq!(simulate(&bad, &machine, 9), Err(SimError::NoUsers));
}

// ---------------------------------------------------------------------------------------------
// Any valid input: no panic, and the report's shares and counts are consistent.

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn group() -> impl Strategy<Value = SimGroup> {
        (0u32..40, 1.0..2_000.0f64, 1.0..600.0f64, 1.0..20_000.0f64, any::<bool>()).prop_map(
            |(count, answer_tokens, interval_s, prompt_tokens, always_busy)| SimGroup {
                count,
                answer_tokens,
                interval_s,
                prompt_tokens,
                always_busy,
            },
        )
    }

    fn machine() -> impl Strategy<Value = Machine> {
        (
            prop::collection::vec(0.5..200.0f64, 1..6),
            prop::option::of(100.0..20_000.0f64),
            prop::option::of(8_192.0..2_000_000.0f64),
            any::<bool>(),
        )
            .prop_map(|(speeds, prefill_tok_s, kv_pool_tokens, ttft)| {
                let points: Vec<(f64, f64)> =
                    speeds.iter().enumerate().map(|(i, &v)| (f64::from(1u32 << (2 * i)), v)).collect();
                let ttft_points = if ttft {
                    vec![
                        MedianTtftPoint { concurrency: 1.0, ttft_s: 0.05 },
                        MedianTtftPoint { concurrency: 64.0, ttft_s: 3.0 },
                    ]
                } else {
                    Vec::new()
                };
                Machine {
                    prefill_tok_s,
                    kv_pool_tokens,
                    ttft_points,
                    ..Machine::from_curve(Curve::from_per_request(&points).expect("positive, increasing"))
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn any_valid_team_runs_to_a_consistent_report(
            groups in prop::collection::vec(group(), 1..4),
            machine in machine(),
            floor in 1.0..60.0f64,
            seed in any::<u64>(),
        ) {
            let request = SimRequest { groups, floor_tok_s: floor, max_requests: 300, window_s: 3_600.0, ..SimRequest::default() };
            let Ok(report) = simulate(&request, &machine, seed) else {
                // Only a team of nobody is refused here (every other field is in range).
                prop_assert_eq!(request.total_users(), 0);
                return Ok(());
            };
            let users = f64::from(report.users);
            let total_share: f64 = report.in_flight.iter().map(|b| b.share_time).sum();
            prop_assert!((total_share - 1.0).abs() < 1e-6, "time shares sum to {}", total_share);
            prop_assert!(report.mean_in_flight >= 0.0 && report.mean_in_flight <= users + 1e-9);
            prop_assert!(report.mean_generating <= report.mean_in_flight + 1e-9);
            prop_assert!(f64::from(report.p99_in_flight) <= users);
            for share in [report.share_time_at_floor, report.share_requests_at_floor, report.share_time_beyond_curve] {
                prop_assert!((0.0..=1.0).contains(&share), "share {}", share);
            }
            prop_assert!(report.requests <= 300);
            prop_assert_eq!(report.holds, report.requests > 0 && report.share_requests_at_floor >= 0.99);
            if let Some(speed) = report.speed_tok_s {
                prop_assert!(speed.p99 <= speed.p95 && speed.p95 <= speed.p50);
            }
            if let (Some(ttft), Some(wait)) = (report.ttft_s, report.queue_wait_s) {
                prop_assert!(ttft.p50 <= ttft.p95 && ttft.p95 <= ttft.p99 && wait.p50 <= wait.p99);
            }
        }
    }
}
