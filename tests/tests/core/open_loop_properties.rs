//! Properties of the open-loop prediction over generated inputs (proptest): whatever the load,
//! closed-loop points and engine, nothing panics; a valid load on a valid engine gives a
//! consistent report (every request answered, ordered percentiles, in-flight within bounds).

use proptest::prelude::*;
use sizer_core::sim::open_loop::{
    ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload, DecodeShape, EngineModel, EngineSetup, FitMethod, LengthShape,
    LoadSize, LoadSpec, MixedStep, OpenLoad, StepCoefficients, fit_engine, fit_engine_bursts, predict_open_loop,
};

/// Any f64, the awkward values well represented.
fn wild() -> impl Strategy<Value = f64> {
    prop_oneof![
        2 => any::<f64>(),
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(0.0),
        1 => Just(-1.0),
        4 => 0.0..50.0_f64,
    ]
}

/// Loads from absurd to ordinary; most are valid and small enough to run many of.
fn load() -> impl Strategy<Value = LoadSpec> {
    (
        prop_oneof![1 => wild(), 6 => 0.01..40.0_f64],
        prop_oneof![1 => wild(), 6 => 0.05..20.0_f64],
        prop_oneof![1 => any::<u32>(), 6 => 0_u32..12_000],
        prop_oneof![1 => any::<u32>(), 6 => 0_u32..1_200],
        prop_oneof![1 => wild(), 6 => 0.0..0.99_f64],
        prop_oneof![
            4 => Just(LengthShape::Uniform),
            1 => wild().prop_map(|shape| LengthShape::Gamma { shape }),
            2 => (0.1..100.0_f64).prop_map(|shape| LengthShape::Gamma { shape }),
        ],
        prop_oneof![
            1 => any::<u32>().prop_map(|requests| LoadSize::Requests { requests }),
            6 => (0_u32..260).prop_map(|requests| LoadSize::Requests { requests }),
            2 => wild().prop_map(|window_s| LoadSize::WindowS { window_s }),
        ],
    )
        .prop_map(|(rate_per_s, burstiness, prompt_tokens, answer_tokens, length_range, length_shape, size)| {
            LoadSpec { rate_per_s, burstiness, prompt_tokens, answer_tokens, length_range, length_shape, size }
        })
}

fn coefficient(scale: f64) -> impl Strategy<Value = f64> {
    prop_oneof![1 => Just(0.0), 1 => wild(), 6 => (0.0..1.0_f64).prop_map(move |x| x * scale)]
}

fn coefficients() -> impl Strategy<Value = StepCoefficients> {
    (coefficient(0.05), coefficient(0.01), coefficient(0.02), coefficient(1e-6), coefficient(1e-3), coefficient(1e-8))
        .prop_map(
            |(base_s, per_decode_s, per_root_decode_s, per_context_token_s, per_prompt_token_s, per_prompt_pair_s)| {
                StepCoefficients {
                    base_s,
                    per_decode_s,
                    per_root_decode_s,
                    per_context_token_s,
                    per_prompt_token_s,
                    per_prompt_pair_s,
                }
            },
        )
}

fn setup() -> impl Strategy<Value = EngineSetup> {
    (
        prop_oneof![1 => wild(), 4 => 1.0..3e6_f64],
        prop_oneof![1 => any::<u32>(), 4 => 1_u32..20_000],
        prop_oneof![1 => any::<u32>(), 4 => 0_u32..600],
        prop::option::of(prop_oneof![1 => any::<u32>(), 4 => 1_u32..200_000]),
        any::<bool>(),
    )
        .prop_map(|(kv_pool_tokens, step_token_budget, max_batch, max_model_len, summed)| EngineSetup {
            kv_pool_tokens,
            step_token_budget,
            max_batch,
            max_model_len,
            mixed_step: if summed { MixedStep::Summed } else { MixedStep::Overlapped },
            // The summed step with the shape as at main, the overlapped one with a saturated
            // root term, floors and the decodes' matrix work: both shapes go through every property.
            decode_shape: if summed {
                DecodeShape::default()
            } else {
                DecodeShape {
                    root_saturation_batch: 60.0,
                    min_per_decode_s: 2e-4,
                    min_per_context_token_s: 1e-8,
                    decode_compute: true,
                    fit_linear_batch: false,
                    root_term: true,
                    min_base_s: 0.0,
                    expert_routing: None,
                }
            },
        })
}

fn closed_loop_point() -> impl Strategy<Value = ClosedLoopPoint> {
    (
        prop_oneof![1 => wild(), 4 => 1.0..64.0_f64],
        prop_oneof![1 => wild(), 4 => 0.5..200.0_f64],
        prop_oneof![1 => wild(), 4 => 1.0..2_000.0_f64],
        prop::option::of(prop_oneof![1 => wild(), 4 => 100.0..10_000.0_f64]),
        prop::option::of(wild()),
    )
        .prop_map(|(concurrency, per_request_tok_s, total_tok_s, prompt_tok_s, ttfr_ms)| ClosedLoopPoint {
            concurrency,
            per_request_tok_s,
            total_tok_s,
            prompt_tok_s,
            ttfr_ms,
        })
}

fn workloads() -> impl Strategy<Value = Vec<ClosedLoopWorkload>> {
    let workload = (
        prop_oneof![1 => wild(), 4 => 1.0..30_000.0_f64],
        prop_oneof![1 => wild(), 4 => 1.0..4_000.0_f64],
        prop_oneof![1 => wild(), 4 => 0.0..30_000.0_f64],
        prop::collection::vec(closed_loop_point(), 0..5),
    )
        .prop_map(|(prompt_tokens, answer_tokens, depth_tokens, points)| ClosedLoopWorkload {
            prompt_tokens,
            answer_tokens,
            depth_tokens,
            points,
        });
    prop::collection::vec(workload, 0..5)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

    #[test]
    fn any_load_on_any_engine_errs_or_gives_a_consistent_report(
        spec in load(),
        k in coefficients(),
        setup in setup(),
        seed in any::<u64>(),
    ) {
        let Ok(load) = OpenLoad::new(spec) else { return Ok(()) };
        let Ok(engine) = EngineModel::new(k, setup, 10.0, 1e5) else { return Ok(()) };
        let Ok(r) = predict_open_loop(&load, &engine, seed) else { return Ok(()) };
        prop_assert_eq!(r.completed, load.requests());
        prop_assert!(r.ttft_s.p50 >= 0.0 && r.ttft_s.p50 <= r.ttft_s.p95 && r.ttft_s.p95 <= r.ttft_s.p99);
        prop_assert!(r.duration_s.is_finite() && r.duration_s > 0.0);
        prop_assert!(r.max_in_flight <= r.requests);
        prop_assert!(r.mean_in_flight >= 0.0 && r.mean_in_flight <= f64::from(r.max_in_flight) + 1e-9);
        prop_assert!(r.extrapolation.max_decode_batch <= setup.max_batch);
        if let Some(t) = r.tpot_ms {
            prop_assert!(t.median >= 0.0 && t.median <= t.p99);
        }
    }

    #[test]
    fn any_closed_loop_points_fit_or_are_refused(workloads in workloads(), seed in 0_u64..4) {
        let Ok(run) = ClosedLoopRun::new(workloads) else { return Ok(()) };
        let fit = fit_engine(&run);
        let k = fit.coefficients;
        for value in [k.base_s, k.per_decode_s, k.per_root_decode_s, k.per_context_token_s, k.per_prompt_token_s, k.per_prompt_pair_s] {
            prop_assert!(value.is_finite() && value >= 0.0);
        }
        // Whatever was fitted either builds an engine that runs a small load, or is refused.
        let Ok(engine) = EngineModel::from_fit(&fit, EngineSetup::default()) else { return Ok(()) };
        let spec = LoadSpec { size: LoadSize::Requests { requests: 20 }, ..LoadSpec::default() };
        let load = OpenLoad::new(spec).expect("a valid load");
        prop_assert!(predict_open_loop(&load, &engine, seed).is_ok());
    }
}

proptest! {
    // Each case replays every point's burst a few times: fewer cases.
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_burst_fit_never_panics_and_stays_non_negative(workloads in workloads(), setup in setup()) {
        let Ok(run) = ClosedLoopRun::new(workloads) else { return Ok(()) };
        let fit = fit_engine_bursts(&run, setup, 3);
        let k = fit.coefficients;
        for value in [k.base_s, k.per_decode_s, k.per_root_decode_s, k.per_context_token_s, k.per_prompt_token_s, k.per_prompt_pair_s] {
            prop_assert!(value.is_finite() && value >= 0.0);
        }
        let rounds_ok = matches!(fit.method, FitMethod::Direct | FitMethod::Bursts { rounds: 0..=3 });
        prop_assert!(rounds_ok, "{:?}", fit.method);
    }
}
