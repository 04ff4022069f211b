//! Properties of the core over generated inputs (proptest): nothing panics, whatever the input;
//! stream counts fall as the floor rises; users grow with streams; the exact Poisson CDF is the
//! running sum of its pmf.

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use crate::support;

use proptest::prelude::*;
use sizer_core::{
    Curve, HeadroomMethod, Interpolation, KvArchitecture, Scenario, StreamsAtFloor, burst_queue_seconds, busy_seconds,
    duty_cycle, erlang_b, erlang_c, erlang_c_max_load, normal_max_load, poisson_cdf, poisson_max_load, poisson_pmf,
    sessions_at_context, size, z_for_percentile,
};

/// Any f64, with the awkward values (NaN, infinities, zeros, huge, tiny) well represented.
fn wild() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => any::<f64>(),
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(0.0),
        1 => Just(-0.0),
        1 => Just(f64::MAX),
        1 => Just(f64::MIN_POSITIVE),
        4 => 0.0..2e6_f64,
    ]
}

fn method() -> impl Strategy<Value = HeadroomMethod> {
    prop_oneof![Just(HeadroomMethod::NormalApprox), Just(HeadroomMethod::ExactPoisson), Just(HeadroomMethod::ErlangC)]
}

fn interpolation() -> impl Strategy<Value = Interpolation> {
    prop_oneof![Just(Interpolation::Linear), Just(Interpolation::MonotoneLog2)]
}

/// A valid curve: strictly increasing concurrency from 1, positive speeds in any order.
fn curve() -> impl Strategy<Value = Curve> {
    prop::collection::vec((0.01..300.0_f64, 0.01..200.0_f64), 1..8).prop_map(|steps| {
        let points = support::increasing_from_one(steps);
        Curve::from_per_request(&points).expect("generated points are valid")
    })
}

/// A scenario that is usually valid (so the whole pipeline runs) and sometimes wild.
fn scenario() -> impl Strategy<Value = Scenario> {
    let maybe_wild = |range: std::ops::Range<f64>| prop_oneof![4 => range, 1 => wild()];
    (
        (maybe_wild(0.1..200.0), maybe_wild(1.0..5_000.0), maybe_wild(1.0..3_600.0), any::<bool>()),
        (maybe_wild(0.0..30.0), maybe_wild(0.5001..0.99999), prop::option::of(maybe_wild(0.1..5.0))),
        (method(), interpolation(), maybe_wild(1.0..200_000.0)),
        (
            prop::option::of(maybe_wild(0.0..2e6)),
            maybe_wild(1.0..100_000.0),
            prop::option::of(maybe_wild(1.0..20_000.0)),
        ),
        prop_oneof![4 => 1_u32..8, 1 => any::<u32>()],
    )
        .prop_map(
            |(
                (floor, answer, interval, busy),
                (ttft, p, z),
                (headroom, interp, ctx),
                (pool, prompt, prefill),
                replicas,
            )| {
                Scenario {
                    floor_tok_s: floor,
                    answer_tokens: answer,
                    interval_s: interval,
                    always_busy: busy,
                    ttft_s: ttft,
                    percentile: p,
                    z,
                    headroom,
                    interpolation: interp,
                    context_tokens: ctx,
                    kv_pool_tokens: pool,
                    prompt_tokens: prompt,
                    prefill_tok_s: prefill,
                    replicas,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn curve_construction_never_panics(points in prop::collection::vec((wild(), wild()), 0..10)) {
        let _ = Curve::from_per_request(&points).map(|c| c.points().len());
        let _ = Curve::from_aggregate(&points).map(|c| c.points().len());
        if let Ok(curve) = Curve::from_tpot_ms(&points) {
            for p in curve.points() {
                prop_assert!(p.tok_s.is_finite() && p.tok_s > 0.0);
            }
        }
    }

    #[test]
    fn sizing_never_panics_and_is_consistent(scenario in scenario(), curve in curve()) {
        match size(&scenario, &curve) {
            Ok(sizing) => {
                prop_assert!(scenario.validate().is_ok());
                prop_assert!(sizing.users_by_speed.is_finite() && sizing.users_by_speed >= 0.0);
                prop_assert!(sizing.duty > 0.0 && sizing.duty <= 1.0);
                prop_assert!(f64::from(sizing.whole_streams) <= sizing.streams.streams());
                let smallest = [Some(sizing.users_by_speed), sizing.users_by_kv, sizing.users_by_prefill]
                    .into_iter().flatten().fold(f64::INFINITY, f64::min);
                prop_assert_eq!(sizing.people_per_spark, smallest.floor() as u64);
                prop_assert_eq!(sizing.people, sizing.people_per_spark * u64::from(scenario.replicas));
                if let Some(margin) = sizing.margin_to_next {
                    prop_assert!(margin >= 0.0 && margin.is_finite());
                }
            }
            Err(error) => {
                prop_assert_eq!(scenario.validate(), Err(error));
                prop_assert!(!error.to_string().is_empty());
            }
        }
    }

    #[test]
    fn zero_whole_streams_means_zero_people_for_every_method(
        scenario in scenario(), curve in curve(), headroom in method(), over in 1.001..10.0_f64,
    ) {
        // A floor above every measured speed: no stream keeps it, so nobody is served at it,
        // whatever the headroom method (exact Poisson alone would allow -ln p of load).
        let fastest = curve.points().iter().map(|p| p.tok_s).fold(0.0, f64::max);
        let scenario = Scenario { floor_tok_s: fastest * over, headroom, ..scenario };
        if let Ok(sizing) = size(&scenario, &curve) {
            prop_assert_eq!(sizing.whole_streams, 0);
            prop_assert_eq!(sizing.max_avg_load, 0.0);
            prop_assert_eq!(sizing.users_by_speed, 0.0);
            prop_assert_eq!(sizing.people, 0);
        }
    }

    #[test]
    fn math_functions_never_panic(a in wild(), b in wild(), c in wild(), k in prop_oneof![0_u64..2_000_000, Just(u64::MAX)]) {
        let _ = (busy_seconds(a, b, c), duty_cycle(a, b), z_for_percentile(a), normal_max_load(a, b));
        let _ = (poisson_pmf(k, a), erlang_b(k.min(5_000_000), a), erlang_c(k.min(5_000_000), a));
        let _ = (sessions_at_context(a, b), burst_queue_seconds(a, b, c));
        let _ = KvArchitecture::new(3, 2, 0, 8, 64, a).map(|arch| arch.bytes_per_token(b));
        let small = k.min(1_000_000);
        let _ = (poisson_cdf(small, a), poisson_max_load(small, b), erlang_c_max_load(small, b));
        let cdf = poisson_cdf(small, a);
        prop_assert!(cdf.is_nan() || (0.0..=1.0).contains(&cdf));
    }

    #[test]
    fn streams_never_increase_as_the_floor_rises(
        curve in curve(),
        interp in interpolation(),
        low in 0.0..250.0_f64,
        rise in 0.0..50.0_f64,
    ) {
        let at_low = curve.streams_at_floor(low, interp).streams();
        let at_high = curve.streams_at_floor(low + rise, interp).streams();
        prop_assert!(at_high <= at_low * (1.0 + 1e-12), "floor {low}: {at_low}; +{rise}: {at_high}");
    }

    #[test]
    fn max_load_never_decreases_as_streams_rise(s in 0_u64..3_000, extra in 1_u64..50, p in 0.5001..0.99999_f64) {
        let z = z_for_percentile(p);
        let (small, large) = (s as f64, (s + extra) as f64);
        prop_assert!(normal_max_load(large, z) >= normal_max_load(small, z));
        prop_assert!(poisson_max_load(s + extra, p) >= poisson_max_load(s, p));
        prop_assert!(erlang_c_max_load(s + extra, 1.0 - p) >= erlang_c_max_load(s, 1.0 - p));
    }

    #[test]
    fn users_never_decrease_as_streams_rise(
        scenario in scenario(),
        curve in curve(),
        stretch in 1.0..4.0_f64,
    ) {
        // Stretching the concurrency axis moves every crossing right: more streams, same speeds.
        let stretched: Vec<(f64, f64)> =
            curve.points().iter().map(|p| (p.concurrency * stretch, p.tok_s)).collect();
        let wider = Curve::from_per_request(&stretched).expect("still valid");
        if let (Ok(before), Ok(after)) = (size(&scenario, &curve), size(&scenario, &wider)) {
            prop_assert!(after.whole_streams >= before.whole_streams);
            prop_assert!(after.users_by_speed >= before.users_by_speed * (1.0 - 1e-12));
            prop_assert!(after.people >= before.people);
        }
    }

    #[test]
    fn poisson_cdf_is_the_running_sum_of_the_pmf(k in 0_u64..400, lambda in 0.0..500.0_f64) {
        let running: f64 = (0..=k).map(|j| poisson_pmf(j, lambda)).sum();
        let cdf = poisson_cdf(k, lambda);
        // Both in double precision: the running sum loses up to ~k ulps of its terms.
        prop_assert!((cdf - running).abs() <= 1e-13 + 1e-12 * running, "k {k}, lambda {lambda}: cdf {cdf}, sum {running}");
    }

    #[test]
    fn interpolation_stays_between_its_bracketing_points(curve in curve(), interp in interpolation(), at in 0.0..1.0_f64) {
        let points = curve.points();
        let (first, last) = (curve.first().concurrency, curve.last().concurrency);
        let c = first + at * (last - first);
        let v = curve.speed_at(c, interp).expect("inside the measured range");
        let k = points.partition_point(|p| p.concurrency < c).clamp(1, points.len().max(2) - 1);
        let (a, b) = match (points.get(k - 1), points.get(k)) {
            (Some(a), Some(b)) => (a.tok_s, b.tok_s),
            _ => (points[0].tok_s, points[0].tok_s),
        };
        let slack = 1e-9 * a.max(b);
        prop_assert!(v >= a.min(b) - slack && v <= a.max(b) + slack, "c {c}: {v} outside [{a}, {b}]");
    }

    #[test]
    fn the_inverse_reads_the_floor_back(curve in curve(), interp in interpolation(), floor in 0.01..200.0_f64) {
        if let StreamsAtFloor::Within { streams, above, below } = curve.streams_at_floor(floor, interp) {
            prop_assert!(streams >= above.concurrency && streams <= below.concurrency);
            let speed = curve.speed_at(streams, interp).expect("inside");
            prop_assert!((speed - floor).abs() <= 1e-7 * floor.max(1.0), "floor {floor}: speed {speed} at {streams}");
        }
    }

    #[test]
    fn poisson_max_load_meets_its_definition(s in 0_u64..20_000, p in 0.5001..0.99999_f64) {
        let lambda = poisson_max_load(s, p);
        prop_assert!(poisson_cdf(s, lambda) >= p - 1e-12, "S {s}, p {p}: cdf {}", poisson_cdf(s, lambda));
        prop_assert!(poisson_cdf(s, lambda * (1.0 + 1e-8) + 1e-12) < p, "S {s}, p {p}: not the largest");
    }

    #[test]
    fn erlang_c_max_load_meets_its_definition(s in 1_u64..20_000, p in 0.5001..0.99999_f64) {
        let q = 1.0 - p;
        let load = erlang_c_max_load(s, q);
        prop_assert!(load >= 0.0 && load < s as f64);
        let at = erlang_c(s, load).expect("below S").wait_probability;
        prop_assert!((at - q).abs() <= 1e-9 * q.max(1e-3), "S {s}, q {q}: C {at}");
    }

    #[test]
    fn sliding_window_caches_never_exceed_full_attention(window in 1_u32..100_000, context in 1.0..1e6_f64) {
        let hybrid = KvArchitecture::new(6, 30, window, 8, 128, 2.0).expect("valid");
        let dense = KvArchitecture::dense(36, 8, 128, 2.0).expect("valid");
        let full_only = KvArchitecture::dense(6, 8, 128, 2.0).expect("valid");
        let per_token = hybrid.bytes_per_token(context);
        prop_assert!(per_token <= dense.bytes_per_token(context) * (1.0 + 1e-12));
        prop_assert!(per_token >= full_only.bytes_per_token(context));
        if context <= f64::from(window) {
            prop_assert_eq!(per_token, dense.bytes_per_token(context));
        }
    }
}
