//! The simulation (issue 16): its generator against published reference outputs, determinism,
//! and the model against answers computed independently: Little's law and the binomial law on a
//! flat curve, and small KV-cap and prefill-queue cases worked out by hand in the comments.
//!
//! Statistical tolerances are stated where they are used, from the run length: the simulated
//! figures are time averages over a long window, whose noise is estimated as
//! `sqrt(variance x 2 x correlation time / window)` with the in-flight count's correlation time
//! about one busy period (28 s here).

use sizer_core::sim::{
    Machine, SimError, SimField, SimGroup, SimReport, SimRequest, SplitMix64, StopReason, TtftModel, TtftPoint,
    simulate, sweep_team_size,
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
    for k in 0..max {
        cdf_o += observed[k];
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
