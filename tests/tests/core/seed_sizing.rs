//! The English seed's worked sizing ("How many people is that? A worked sizing"), reproduced
//! step by step from its printed points. Expected values were computed independently (Python
//! with mpmath at 40 digits) from the formulas the seed states, not copied from the core.

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use sizer_core::{
    Curve, HeadroomMethod, Interpolation, Limit, Scenario, StreamsAtFloor, busy_seconds, duty_cycle, size,
};
use sizer_tests::{EXACT, NUMERIC_REL, ONE_DECIMAL, WHOLE_PERCENT, assert_close, assert_close_msg, assert_rel};

/// GPUwerk, vLLM 0.27.1, 2 Sep 2026: per-user tok/s (1000 / median TPOT; 81.2 for one request).
fn qwen3_coder_30b() -> Curve {
    Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)])
        .expect("seed points are valid")
}

/// GPUwerk, same run: Llama 3.3 70B AWQ per-user tok/s.
fn llama_33_70b() -> Curve {
    Curve::from_per_request(&[(1.0, 6.0), (8.0, 5.6), (32.0, 3.8), (128.0, 1.4), (256.0, 0.4)])
        .expect("seed points are valid")
}

/// The seed's worked example with its rounded z = 2.33.
fn seed_chat() -> Scenario {
    Scenario { z: Some(2.33), ..Scenario::chat() }
}

fn within(outcome: StreamsAtFloor) -> f64 {
    match outcome {
        StreamsAtFloor::Within { streams, .. } => streams,
        other => panic!("expected the floor to be crossed between points, got {other:?}"),
    }
}

#[test]
fn qwen_streams_at_15_and_10_tok_s() {
    let curve = qwen3_coder_30b();
    // 32 + (18.4 - 15) / (18.4 - 13.1) x 32 = 52.5283...
    let at_15 = curve.streams_at_floor(15.0, Interpolation::Linear);
    assert_close(within(at_15), 32.0 + 3.4 / 5.3 * 32.0, EXACT);
    assert_close(within(at_15), 52.528_301_886_792_45, EXACT);
    let StreamsAtFloor::Within { above, below, .. } = at_15 else { unreachable!() };
    assert_eq!((above.concurrency, below.concurrency), (32.0, 64.0));
    // 64 + (13.1 - 10) / (13.1 - 8.2) x 64 = 104.4898...
    let at_10 = curve.streams_at_floor(10.0, Interpolation::Linear);
    assert_close(within(at_10), 104.489_795_918_367_35, EXACT);
}

#[test]
fn llama_70b_never_reaches_either_floor() {
    let curve = llama_33_70b();
    for floor in [15.0, 10.0] {
        let outcome = curve.streams_at_floor(floor, Interpolation::Linear);
        assert_eq!(outcome, StreamsAtFloor::NeverReached { first: curve.first() });
        assert_eq!(outcome.streams(), 0.0);
    }
    let sizing = size(&seed_chat(), &curve).expect("valid scenario");
    assert_eq!((sizing.whole_streams, sizing.people), (0, 0));
    assert_eq!(sizing.users_by_speed, 0.0);
    assert_eq!(sizing.binding, Limit::Speed);
    assert_eq!(sizing.margin_to_next, None);
}

#[test]
fn duty_cycle_of_the_worked_example() {
    // 400 / 15 + 1 = 27.67 s, printed 27.7; / 120 s = 23.06 %, printed 23 %.
    let busy = busy_seconds(400.0, 15.0, 1.0);
    assert_close(busy, 400.0 / 15.0 + 1.0, EXACT);
    assert_close(busy, 27.7, ONE_DECIMAL);
    let duty = duty_cycle(busy, 120.0);
    assert_close(duty, 0.230_555_555_555_555_56, EXACT);
    assert_close(duty, 0.23, WHOLE_PERCENT);
    // An agent that sends its next request at once: capped at 1.
    assert_eq!(duty_cycle(busy, 10.0), 1.0);
}

#[test]
fn whole_worked_sizing_reproduces_163_users() {
    let sizing = size(&seed_chat(), &qwen3_coder_30b()).expect("valid scenario");
    assert_close(sizing.streams.streams(), 52.528_301_886_792_45, EXACT);
    assert_eq!(sizing.fractional_streams, sizing.streams.streams());
    assert_eq!(sizing.whole_streams, 52);
    assert_eq!((sizing.prefill_seconds_per_prompt, sizing.users_by_prefill), (None, None));
    assert_eq!(sizing.speed_for_duty_tok_s, 15.0);
    assert_close(sizing.busy_s, 27.666_666_666_666_668, EXACT);
    assert_eq!(sizing.z, Some(2.33));
    // avg + 2.33 sqrt(avg) = 52: avg = 37.6947 (printed 37.7); / 0.230556 = 163.495 users.
    assert_close(sizing.max_avg_load, 37.694_725_008_023_78, EXACT);
    assert_close(sizing.max_avg_load, 37.7, ONE_DECIMAL);
    assert_close(sizing.users_by_speed, 163.495_192_805_886_27, EXACT);
    assert_eq!(sizing.people, 163);
    assert_eq!(sizing.binding, Limit::Speed);
    assert!(!sizing.people_is_lower_bound);
    // At that load, as a queue of 52 streams, 1.77 % of requests would find all streams busy.
    let wait = sizing.wait_at_max_load.expect("52 streams");
    assert_rel(wait.wait_probability, 0.017_737_514_857_747_92, NUMERIC_REL);
}

#[test]
fn exact_poisson_and_erlang_c_for_the_same_52_streams() {
    let curve = qwen3_coder_30b();
    let poisson =
        size(&Scenario { headroom: HeadroomMethod::ExactPoisson, ..seed_chat() }, &curve).expect("valid scenario");
    // Largest lambda with P(N <= 52) >= 0.99: 37.5459 (mpmath), 162.85 users.
    assert_rel(poisson.max_avg_load, 37.545_898_759_904_708_7, NUMERIC_REL);
    assert_rel(poisson.users_by_speed, 162.849_681_368_261_39, NUMERIC_REL);
    assert_eq!(poisson.z, None);
    // The seed's normal approximation sits within one user of the exact Poisson answer.
    let normal = size(&seed_chat(), &curve).expect("valid scenario");
    assert_close_msg(normal.users_by_speed, poisson.users_by_speed, 1.0, "normal vs exact Poisson");
    assert_eq!(poisson.people, 162);

    // Erlang C: at most 1 % of requests wait for a stream: load 36.4716, 158.19 users.
    let erlang = size(&Scenario { headroom: HeadroomMethod::ErlangC, ..seed_chat() }, &curve).expect("valid scenario");
    assert_rel(erlang.max_avg_load, 36.471_581_257_045_423_5, NUMERIC_REL);
    assert_eq!(erlang.people, 158);
    let wait = erlang.wait_at_max_load.expect("52 streams").wait_probability;
    assert_rel(wait, 0.01, NUMERIC_REL);
}

#[test]
fn z_from_the_percentile_instead_of_2_33() {
    let sizing = size(&Scenario::chat(), &qwen3_coder_30b()).expect("valid scenario");
    let z = sizing.z.expect("normal approximation reports z");
    assert_rel(z, 2.326_347_874_040_841_1, 1e-12);
    assert_rel(sizing.max_avg_load, 37.713_576_552_548_888, NUMERIC_REL);
    assert_rel(sizing.users_by_speed, 163.576_958_541_175_9, NUMERIC_REL);
    assert_eq!(sizing.people, 163);
}

#[test]
fn ten_tok_s_floor_and_two_replicas() {
    let scenario = Scenario { floor_tok_s: 10.0, replicas: 2, ..seed_chat() };
    let sizing = size(&scenario, &qwen3_coder_30b()).expect("valid scenario");
    assert_eq!(sizing.whole_streams, 104);
    // busy = 400 / 10 + 1 = 41 s, duty 41 / 120.
    assert_close(sizing.duty, 41.0 / 120.0, EXACT);
    // avg + 2.33 sqrt(avg) = 104: 82.7985; / (41/120) = 242.34 users per Spark.
    assert_close(sizing.max_avg_load, 82.798_475_447_360_5, EXACT);
    assert_close(sizing.users_by_speed, 82.798_475_447_360_5 * 120.0 / 41.0, EXACT);
    assert_eq!(sizing.people_per_spark, 242);
    assert_eq!(sizing.people, 484);
    // Another limit's users per Spark round the same way: 300.9 per Spark on two Sparks is 600.
    assert_eq!(sizing.people_from_users(300.9), 600);
    assert_eq!(sizing.people_from_users(0.99), 0);
    assert_eq!(sizing.people_from_users(f64::NAN), 0);
    assert_eq!(sizing.people_from_users(-5.0), 0);
}

#[test]
fn curve_still_above_the_floor_is_a_lower_bound() {
    // Petronella's Qwen3.8-27B stays above 5 tok/s at its highest tested 32 requests.
    let curve = Curve::from_aggregate(&[(1.0, 25.0), (8.0, 149.0), (32.0, 315.0)]).expect("valid");
    let sizing = size(&Scenario { floor_tok_s: 5.0, ..seed_chat() }, &curve).expect("valid");
    assert_eq!(sizing.streams, StreamsAtFloor::AtLeast { last: curve.last() });
    assert_eq!(sizing.whole_streams, 32);
    assert_eq!(sizing.fractional_streams, 32.0);
    assert!(sizing.people_is_lower_bound);
}

/// The "other sweeps" table and step 2's stated streams. The article's figures cannot be
/// reproduced from its own printed points by linear interpolation; we assert what the method
/// gives and record the article's claim in the message. We do not bend the math to the article.
mod other_sweeps {
    use super::*;

    fn streams(curve: &Curve, floor: f64) -> f64 {
        within(curve.streams_at_floor(floor, Interpolation::Linear))
    }

    #[test]
    fn gpt_oss_120b_nvidia_forum_aggregates() {
        // 57.5 / 153.5 / 318.7 (/ 315.2 at 64) aggregate at 1 / 8 / 32 (/ 64) -> 57.5, 19.19,
        // 9.96, 4.93 per request. Both floors fall between 8 and 32.
        let curve = Curve::from_aggregate(&[(1.0, 57.5), (8.0, 153.5), (32.0, 318.7), (64.0, 315.2)]).expect("valid");
        let v8 = 153.5 / 8.0;
        let v32 = 318.7 / 32.0;
        let at_15 = streams(&curve, 15.0);
        assert_close(at_15, 8.0 + (v8 - 15.0) / (v8 - v32) * 24.0, EXACT);
        assert_close_msg(at_15, 18.890_619_708_770_74, EXACT, "article claims about 14 streams at 15 tok/s");
        let at_10 = streams(&curve, 10.0);
        assert_close_msg(at_10, 31.894_344_734_168_64, EXACT, "article claims 32 streams at 10 tok/s");
    }

    #[test]
    fn gpt_oss_120b_dendro_logic_per_sequence() {
        let curve = Curve::from_per_request(&[(1.0, 33.6), (8.0, 15.4), (32.0, 8.0), (128.0, 4.5), (256.0, 3.6)])
            .expect("valid");
        // 8 + 0.4 / 7.4 x 24 = 9.297: matches the article's "about 9".
        assert_close_msg(streams(&curve, 15.0), 9.297_297_297_297_297, EXACT, "article claims about 9");
        // 8 + 5.4 / 7.4 x 24 = 25.51.
        assert_close_msg(streams(&curve, 10.0), 25.513_513_513_513_51, EXACT, "article claims about 21");
    }

    #[test]
    fn qwen38_27b_petronella_aggregates() {
        let curve = Curve::from_aggregate(&[(1.0, 25.0), (8.0, 149.0), (32.0, 315.0)]).expect("valid");
        // Per request 25, 18.625, 9.84375: 8 + 3.625 / 8.78125 x 24 = 17.91.
        assert_close_msg(streams(&curve, 15.0), 17.907_473_309_608_54, EXACT, "article claims about 15");
        // 8 + 8.625 / 8.78125 x 24 = 31.57: matches the article's 31.
        assert_close_msg(streams(&curve, 10.0), 31.572_953_736_654_8, EXACT, "article claims 31");
    }
}
