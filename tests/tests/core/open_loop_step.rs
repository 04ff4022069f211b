//! The step model as one type: `StepTerms::every` (the terms written once), the overlapped
//! step's branches with the decodes' matrix work, the root term's saturation, and the fits'
//! floors (`bounded_least_squares`, `fit_engine_shaped`), each against values worked by hand.

use sizer_core::sim::open_loop::{
    ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload, DecodeShape, ExpertRouting, MixedStep, StepCoefficients,
    StepTerms, bounded_least_squares, fit_engine_shaped, nonneg_least_squares,
};
use sizer_tests::{EXACT, assert_close, assert_rel};

const SATURATED: DecodeShape = DecodeShape {
    root_saturation_batch: 9.0,
    min_per_decode_s: 0.0,
    min_per_context_token_s: 0.0,
    decode_compute: false,
    fit_linear_batch: false,
    root_term: true,
    min_base_s: 0.0,
    expert_routing: None,
};

#[test]
fn every_term_of_a_step_is_written_once() {
    let plain = StepTerms::every(&DecodeShape::default(), 16.0, 1_000.0, 200.0, 300.0);
    assert_eq!(plain.to_array(), [1.0, 16.0, 4.0, 1_000.0, 200.0, 300.0]);
    // Saturated at 9 requests: sqrt(min(16, 9)) = 3; below it the root is sqrt(B) = 2 at 4.
    assert_eq!(StepTerms::every(&SATURATED, 16.0, 1_000.0, 0.0, 0.0).root_decodes, 3.0);
    assert_eq!(StepTerms::every(&SATURATED, 4.0, 1_000.0, 0.0, 0.0).root_decodes, 2.0);
    assert_eq!(StepTerms::from_array(plain.to_array()), plain);
    let k = StepCoefficients::from_array([0.01, 0.001, 0.002, 1e-7, 2e-4, 1e-9]);
    assert_eq!(StepCoefficients::from_array(k.to_array()), k);
    // 0.01 + 0.016 + 0.008 + 0.0001 + 0.04 + 3e-7 = 0.0741003 s.
    assert_close(k.seconds_of(&plain), 0.074_100_3, 1e-15);
    assert_close(k.step_seconds(16.0, 1_000.0, 200.0, 300.0), 0.074_100_3, 1e-15);
}

#[test]
fn a_known_routing_makes_the_root_term_the_experts_read() {
    // 6 of 128 experts per token (Nemotron-3-Nano-30B-A3B): one request reads 6, i.e. 1 unit;
    // ten read 128 (1 - (122/128)^10) = 48.803 experts, 8.1338 units; a thousand every expert
    // but a vanishing share, 128 / 6 = 21.333 units. The saturation batch is not used.
    let routing = ExpertRouting { experts: 128, per_token: 6 };
    let shape = DecodeShape { expert_routing: Some(routing), ..SATURATED };
    let root = |b: f64| StepTerms::every(&shape, b, 0.0, 0.0, 0.0).root_decodes;
    assert_close(root(1.0), 1.0, 1e-12);
    assert_close(root(10.0), 8.133_838, 1e-6);
    assert_close(root(1_000.0), 21.333_333, 1e-6);
    assert_eq!(root(0.0), 0.0);
    // A dense model's shape has no root term, whatever the routing says.
    let dense = DecodeShape { root_term: false, ..shape };
    assert_eq!(StepTerms::every(&dense, 10.0, 0.0, 0.0, 0.0).root_decodes, 0.0);
}

#[test]
fn the_overlapped_step_takes_the_slower_branch_with_the_decodes_matrix_work() {
    // a = 10 ms, d = 1 ms per token, no other cost: 16 decodes and no prompt. Without the
    // decodes' matrix work the step is the weight read, 10 ms; with it max(10, 16 x 1) = 16 ms,
    // the compute branch, whose P term holds the 16 decode tokens.
    let k = StepCoefficients { base_s: 0.01, per_prompt_token_s: 0.001, ..StepCoefficients::default() };
    let memory = k.step_terms(MixedStep::Overlapped, &DecodeShape::default(), 16.0, 0.0, 0.0, 0.0);
    assert_close(k.seconds_of(&memory), 0.010, EXACT);
    let shape = DecodeShape { decode_compute: true, ..DecodeShape::default() };
    let compute = k.step_terms(MixedStep::Overlapped, &shape, 16.0, 0.0, 0.0, 0.0);
    assert_eq!((compute.once, compute.prompt_tokens), (0.0, 16.0));
    assert_close(k.seconds_of(&compute), 0.016, EXACT);
    // 4 decodes: 4 ms of matrix work under the 10 ms read, so the memory branch.
    let small = k.step_terms(MixedStep::Overlapped, &shape, 4.0, 0.0, 0.0, 0.0);
    assert_close(k.seconds_of(&small), 0.010, EXACT);
    // Summed: every term, the decodes' work not counted twice (d P with P = 0).
    let summed = k.step_terms(MixedStep::Summed, &shape, 16.0, 0.0, 0.0, 0.0);
    assert_close(k.seconds_of(&summed), 0.010, EXACT);
}

#[test]
fn bounded_least_squares_keeps_a_floor_worked_by_hand() {
    // y = 2 + 3 x at x = 1, 2, 3. Free: a = 2, b = 3. With b >= 3.5: b = 3.5 + b', and
    // y - 3.5 x = 1.5, 1, 0.5 fitted by a + b' x, b' >= 0: the free slope is -0.5, so b' = 0
    // and a = mean(1.5, 1, 0.5) = 1; residual sum (4.5 - 5)^2 + 0 + (11.5 - 11)^2 = 0.5.
    let rows = [[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]];
    let rhs = [5.0, 8.0, 11.0];
    let free = bounded_least_squares(&rows, &rhs, [true, true], [0.0, 0.0]).expect("a fit");
    assert_eq!(Some(free), nonneg_least_squares(&rows, &rhs, [true, true]));
    assert_close(free.coefficients[0], 2.0, 1e-12);
    assert_close(free.coefficients[1], 3.0, 1e-12);
    let floored = bounded_least_squares(&rows, &rhs, [true, true], [0.0, 3.5]).expect("a fit");
    assert_close(floored.coefficients[0], 1.0, 1e-12);
    assert_eq!(floored.coefficients[1], 3.5);
    assert_close(floored.residual_sum_squares, 0.5, 1e-12);
    // A column not allowed is held at its floor.
    let held = bounded_least_squares(&rows, &rhs, [true, false], [0.0, 2.5]).expect("a fit");
    assert_eq!(held.coefficients[1], 2.5);
    // y - 2.5 x = 2.5, 3, 3.5: a = 3.
    assert_close(held.coefficients[0], 3.0, 1e-12);
    assert_eq!(bounded_least_squares(&rows, &rhs, [true, true], [f64::NAN, 0.0]), None);
}

/// Closed-loop points at 1, 5, 10 and 20 requests of two workloads (1,024 in / 1,024 out and
/// 8,192 / 512) whose step takes `step_s(requests, mean context)` seconds, the context the
/// prompt plus half the answer.
fn two_length_run(step_s: impl Fn(f64, f64) -> f64) -> ClosedLoopRun {
    let workload = |prompt: f64, answer: f64| {
        let l = prompt + answer / 2.0;
        let points = [1.0, 5.0, 10.0, 20.0]
            .iter()
            .map(|&n: &f64| {
                let v = 1.0 / step_s(n, l);
                ClosedLoopPoint {
                    concurrency: n,
                    per_request_tok_s: v,
                    total_tok_s: v * n,
                    prompt_tok_s: Some(4_000.0),
                    ttfr_ms: None,
                }
            })
            .collect();
        ClosedLoopWorkload { prompt_tokens: prompt, answer_tokens: answer, depth_tokens: 0.0, points }
    };
    ClosedLoopRun::new(vec![workload(1_024.0, 1_024.0), workload(8_192.0, 512.0)]).expect("valid")
}

#[test]
fn the_fit_keeps_b_and_c_at_their_floors() {
    // Points of a + r sqrt(C) + c C L with a = 14 ms, r = 3 ms, c = 0.2 µs per token, at two
    // lengths: the free fit recovers them; with b >= 1 ms and c >= 0.5 µs, b is its floor (not
    // fitted) and c is at least its floor.
    let (a, r, c) = (0.014, 0.003, 2.0e-7);
    let run = two_length_run(|n, l| a + r * n.sqrt() + c * n * l);
    let free = fit_engine_shaped(&run, &DecodeShape::default()).coefficients;
    assert_rel(free.base_s, a, 1e-9);
    assert_rel(free.per_root_decode_s, r, 1e-9);
    assert_rel(free.per_context_token_s, c, 1e-9);
    let shape = DecodeShape { min_per_decode_s: 0.001, min_per_context_token_s: 5.0e-7, ..DecodeShape::default() };
    let floored = fit_engine_shaped(&run, &shape).coefficients;
    assert_eq!(floored.per_decode_s, 0.001);
    assert!(floored.per_context_token_s >= 5.0e-7, "{}", floored.per_context_token_s);
}

#[test]
fn a_dense_step_fits_its_batch_cost_per_sequence_above_the_weights_read() {
    // Points of a dense model's step a + b C + c C L with a = 40 ms, b = 0.5 ms, c = 50 ns per
    // token, at two lengths. Without the root term the fit recovers them exactly. With the
    // weights read floored at 45 ms (above the truth) a is the floor.
    let (a, b, c) = (0.040, 0.000_5, 5.0e-8);
    let run = two_length_run(|n, l| a + b * n + c * n * l);
    let dense = DecodeShape { root_term: false, fit_linear_batch: true, ..DecodeShape::default() };
    // The root term is 0 in every step of a dense shape.
    assert_eq!(StepTerms::every(&dense, 16.0, 1_000.0, 0.0, 0.0).root_decodes, 0.0);
    let fitted = fit_engine_shaped(&run, &dense).coefficients;
    assert_rel(fitted.base_s, a, 1e-9);
    assert_rel(fitted.per_decode_s, b, 1e-9);
    assert_rel(fitted.per_context_token_s, c, 1e-9);
    assert_eq!(fitted.per_root_decode_s, 0.0);
    let floored = fit_engine_shaped(&run, &DecodeShape { min_base_s: 0.045, ..dense }).coefficients;
    assert_eq!(floored.base_s, 0.045);
    assert_eq!(floored.per_root_decode_s, 0.0);
}
