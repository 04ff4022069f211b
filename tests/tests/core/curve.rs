//! Curves: the three input forms, validation with precise messages, both interpolation methods,
//! and the serde JSON shape the widget relies on.

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use sizer_core::{
    Column, Curve, CurveError, HeadroomMethod, Interpolation, Point, Scenario, ScenarioError, ScenarioField,
    StreamsAtFloor, size,
};
use sizer_tests::{EXACT, assert_close};

fn qwen() -> Curve {
    Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)])
        .expect("valid")
}

#[test]
fn three_input_forms_give_per_request_speed() {
    let aggregate = Curve::from_aggregate(&[(1.0, 80.9), (8.0, 281.8), (256.0, 1_078.4)]).expect("valid");
    assert_close(aggregate.points()[1].tok_s, 281.8 / 8.0, EXACT);
    assert_close(aggregate.points()[2].tok_s, 1_078.4 / 256.0, EXACT);
    let tpot = Curve::from_tpot_ms(&[(1.0, 12.3), (8.0, 26.8), (32.0, 54.4)]).expect("valid");
    assert_close(tpot.points()[0].tok_s, 1000.0 / 12.3, EXACT);
    assert_close(tpot.points()[2].tok_s, 1000.0 / 54.4, EXACT); // 18.38, printed 18.4
    let per_request = Curve::from_per_request(&[(0.5, 3.0)]).expect("one point is a curve");
    assert_eq!(per_request.points(), &[Point { concurrency: 0.5, tok_s: 3.0 }]);
    assert_eq!(Curve::from_points(per_request.points()), Ok(per_request));
}

/// Points, the error they give, and its message.
type ValidationCase = (&'static [(f64, f64)], CurveError, &'static str);

#[test]
fn validation_names_the_point_and_the_problem() {
    let cases: [ValidationCase; 8] = [
        (&[], CurveError::Empty, "the curve has no points"),
        (
            &[(1.0, 5.0), (8.0, 4.0), (8.0, 3.0)],
            CurveError::Duplicate { index: 2, concurrency: 8.0 },
            "point 3: concurrency 8 appears twice",
        ),
        (
            &[(1.0, 5.0), (8.0, 4.0), (4.0, 3.0)],
            CurveError::Unsorted { index: 2, concurrency: 4.0, previous: 8.0 },
            "point 3: concurrency 4 comes after 8; sort points by concurrency",
        ),
        (
            &[(1.0, f64::NAN)],
            CurveError::NotFinite { index: 0, column: Column::Measurement },
            "point 1: measurement is not a finite number",
        ),
        (
            &[(1.0, 5.0), (f64::INFINITY, 4.0)],
            CurveError::NotFinite { index: 1, column: Column::Concurrency },
            "point 2: concurrency is not a finite number",
        ),
        (
            &[(0.0, 5.0)],
            CurveError::NotPositive { index: 0, column: Column::Concurrency, value: 0.0 },
            "point 1: concurrency 0 must be greater than 0",
        ),
        (
            &[(1.0, -2.5)],
            CurveError::NotPositive { index: 0, column: Column::Measurement, value: -2.5 },
            "point 1: measurement -2.5 must be greater than 0",
        ),
        (
            &[(2e6, 1.0)],
            CurveError::TooLarge { index: 0, concurrency: 2e6 },
            "point 1: concurrency 2000000 is above the supported 1000000",
        ),
    ];
    for (points, error, message) in cases {
        assert_eq!(Curve::from_per_request(points), Err(error), "{points:?}");
        assert_eq!(error.to_string(), message);
    }
    // A TPOT so small that 1000 / TPOT overflows is caught after conversion.
    assert_eq!(
        Curve::from_tpot_ms(&[(1.0, 1e-320)]),
        Err(CurveError::NotFinite { index: 0, column: Column::Measurement })
    );
}

#[test]
fn linear_speed_between_points() {
    let curve = qwen();
    assert_close(curve.speed_at(16.0, Interpolation::Linear).expect("inside"), 31.0, EXACT);
    assert_close(curve.speed_at(48.0, Interpolation::Linear).expect("inside"), 15.75, EXACT);
    assert_eq!(curve.speed_at(32.0, Interpolation::Linear), Some(18.4));
    assert_eq!(curve.speed_at(1.0, Interpolation::Linear), Some(81.2));
    assert_eq!(curve.speed_at(256.0, Interpolation::Linear), Some(4.5));
    for outside in [0.5, 257.0, f64::NAN, f64::INFINITY] {
        assert_eq!(curve.speed_at(outside, Interpolation::Linear), None);
        assert_eq!(curve.speed_at(outside, Interpolation::MonotoneLog2), None);
    }
}

#[test]
fn monotone_log2_against_an_independent_pchip() {
    // Reference: a separate Python PCHIP (Fritsch-Butland slopes, SciPy's end rules).
    let curve = qwen();
    let m = Interpolation::MonotoneLog2;
    assert_close(curve.speed_at(16.0, m).expect("inside"), 26.665_971_482_483_34, 1e-9);
    assert_close(curve.speed_at(48.0, m).expect("inside"), 15.140_668_326_324_583, 1e-9);
    assert_close(curve.speed_at(100.0, m).expect("inside"), 9.828_467_693_512_055, 1e-9);
    assert_close(curve.streams_at_floor(15.0, m).streams(), 48.961_836_184_535_67, 1e-9);
    assert_close(curve.streams_at_floor(10.0, m).streams(), 97.597_196_501_520_66, 1e-9);
    // Passes through every measured point.
    for p in curve.points() {
        assert_close(curve.speed_at(p.concurrency, m).expect("inside"), p.tok_s, EXACT);
    }
}

#[test]
fn log2_interpolation_follows_the_curvature_linear_does_not() {
    // Speed halves per doubling between measured points: the convex curve lies under the chord,
    // so linear reads more speed (and more streams) inside the 8-32 gap than PCHIP in log2.
    let curve = qwen();
    let linear = curve.speed_at(16.0, Interpolation::Linear).expect("inside");
    let log2 = curve.speed_at(16.0, Interpolation::MonotoneLog2).expect("inside");
    assert!(log2 < linear && log2 > 18.4 && log2 < 37.3, "linear {linear}, log2 {log2}");
    let linear_streams = curve.streams_at_floor(15.0, Interpolation::Linear).streams();
    let log2_streams = curve.streams_at_floor(15.0, Interpolation::MonotoneLog2).streams();
    assert!(log2_streams < linear_streams);
}

#[test]
fn monotone_log2_never_overshoots_a_flat_or_bumpy_curve() {
    // A plateau (like Nemotron Nano's flat aggregate) followed by a noisy bump and a drop.
    let curve =
        Curve::from_per_request(&[(1.0, 26.2), (8.0, 19.0), (16.0, 19.0), (32.0, 21.0), (64.0, 5.0)]).expect("valid");
    for i in 0..=630 {
        let c = 1.0 + f64::from(i) * 0.1;
        let v = curve.speed_at(c, Interpolation::MonotoneLog2).expect("inside");
        let k = curve.points().partition_point(|p| p.concurrency < c).max(1);
        let (a, b) = (curve.points()[k - 1].tok_s, curve.points()[k].tok_s);
        assert!(v >= a.min(b) - 1e-12 && v <= a.max(b) + 1e-12, "c = {c}: {v} outside [{a}, {b}]");
    }
    // The curve falls under 20 tok/s between 1 and 8 and rises above it again at 32: the first
    // crossing counts, because running 32 streams passes through the slower 8-16 region.
    let at_20 = curve.streams_at_floor(20.0, Interpolation::Linear);
    let StreamsAtFloor::Within { above, below, .. } = at_20 else { panic!("{at_20:?}") };
    assert_eq!((above.concurrency, below.concurrency), (1.0, 8.0));
}

#[test]
fn floor_edge_cases() {
    let curve = qwen();
    // Exactly on a measured point: that point's concurrency.
    assert_close(curve.streams_at_floor(18.4, Interpolation::Linear).streams(), 32.0, EXACT);
    assert_close(curve.streams_at_floor(18.4, Interpolation::MonotoneLog2).streams(), 32.0, 1e-9);
    // Exactly the single-request speed: reached by one request, crossed after it.
    assert!(curve.streams_at_floor(81.2, Interpolation::Linear).streams() >= 1.0);
    assert_eq!(
        curve.streams_at_floor(90.0, Interpolation::Linear),
        StreamsAtFloor::NeverReached { first: curve.first() }
    );
    assert_eq!(curve.streams_at_floor(4.5, Interpolation::Linear), StreamsAtFloor::AtLeast { last: curve.last() });
    assert_eq!(curve.streams_at_floor(0.0, Interpolation::Linear).streams(), 256.0);
    assert_eq!(curve.streams_at_floor(f64::NAN, Interpolation::Linear).streams(), 0.0);
}

#[test]
fn scenario_validation_messages() {
    let bad = |s: Scenario| s.validate().expect_err("invalid");
    let e = bad(Scenario { floor_tok_s: f64::NAN, ..Scenario::chat() });
    assert_eq!(e, ScenarioError::NotFinite { field: ScenarioField::FloorTokS });
    assert_eq!(e.to_string(), "floor_tok_s must be a finite number");
    let e = bad(Scenario { percentile: 0.5, ..Scenario::chat() });
    assert_eq!(e.to_string(), "percentile = 0.5 is outside the accepted range (0.5, 0.99999]");
    let e = bad(Scenario { replicas: 1_001, ..Scenario::chat() });
    assert_eq!(e.to_string(), "replicas = 1001 is outside the accepted range [1, 1000]");
    let e = bad(Scenario { context_tokens: 2e7, ..Scenario::chat() });
    assert_eq!(e.field(), ScenarioField::ContextTokens);
    assert_eq!(bad(Scenario { z: Some(-1.0), ..Scenario::chat() }).field(), ScenarioField::Z);
    assert_eq!(bad(Scenario { ttft_s: -0.1, ..Scenario::chat() }).field(), ScenarioField::TtftS);
    assert_eq!(
        bad(Scenario { kv_pool_tokens: Some(f64::INFINITY), ..Scenario::chat() }).field(),
        ScenarioField::KvPoolTokens
    );
    assert_eq!(bad(Scenario { prefill_tok_s: Some(0.0), ..Scenario::chat() }).field(), ScenarioField::PrefillTokS);
    assert_eq!(bad(Scenario { replicas: 0, ..Scenario::chat() }).field(), ScenarioField::Replicas);
    // size() refuses the same scenarios.
    assert_eq!(
        size(&Scenario { interval_s: 0.0, ..Scenario::chat() }, &qwen()).map(|s| s.people),
        Err(ScenarioError::OutOfRange { field: ScenarioField::IntervalS, value: 0.0 })
    );
    assert_eq!(Scenario::chat().validate(), Ok(()));
    assert_eq!(Scenario::coding_agent().validate(), Ok(()));
    assert_eq!(Scenario::default(), Scenario::chat());
}

#[test]
fn json_shape_for_the_widget() {
    let curve = qwen();
    let json = serde_json::to_string(&curve).expect("serializes");
    assert!(json.starts_with(r#"[{"concurrency":1.0,"tok_s":81.2}"#), "{json}");
    let back: Curve = serde_json::from_str(&json).expect("round trip");
    assert_eq!(back, curve);
    // Deserializing validates.
    let err = serde_json::from_str::<Curve>(r#"[{"concurrency":8,"tok_s":3},{"concurrency":8,"tok_s":2}]"#)
        .expect_err("duplicate");
    assert!(err.to_string().contains("point 2: concurrency 8 appears twice"), "{err}");

    // A partial scenario fills in from chat(); enums are snake_case.
    let scenario: Scenario =
        serde_json::from_str(r#"{"floor_tok_s":10,"headroom":"exact_poisson","interpolation":"monotone_log2"}"#)
            .expect("partial scenario");
    assert_eq!(
        scenario,
        Scenario {
            floor_tok_s: 10.0,
            headroom: HeadroomMethod::ExactPoisson,
            interpolation: Interpolation::MonotoneLog2,
            ..Scenario::chat()
        }
    );

    let sizing = size(&Scenario { z: Some(2.33), ..Scenario::chat() }, &curve).expect("valid");
    let value = serde_json::to_value(sizing).expect("serializes");
    assert_eq!(value["streams"]["kind"], "within");
    assert_eq!(value["streams"]["above"]["concurrency"], 32.0);
    assert_eq!(value["whole_streams"], 52);
    assert_eq!(value["binding"], "speed");
    assert_eq!(value["headroom"], "normal_approx");
    assert_eq!(value["people"], 163);
    assert_eq!(value["kv_sessions"], serde_json::Value::Null);
    let back: sizer_core::Sizing = serde_json::from_value(value).expect("round trip");
    assert_eq!(back, sizing);
}
