//! Headroom numerics against independent references (mpmath at 40 digits, textbook values).

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use sizer_core::{
    ErlangCError, HeadroomMethod, erlang_b, erlang_c, erlang_c_max_load, max_avg_load, normal_cdf, normal_max_load,
    poisson_cdf, poisson_max_load, poisson_pmf, z_for_percentile,
};
use sizer_tests::{EXACT, NUMERIC_REL, assert_close, assert_rel};

#[test]
fn inverse_normal_cdf() {
    // mpmath: sqrt(2) erfinv(2p - 1).
    assert_rel(z_for_percentile(0.99), 2.326_347_874_040_841_1, 1e-13);
    assert_rel(z_for_percentile(0.95), 1.644_853_626_951_472_7, 1e-13);
    // 0.99999 as an f64 is 0.99999 + 5e-17; in the far tail that moves z by 1e-12, so the
    // reference is mpmath's z for the f64 value itself (4.264890793922825 for the decimal).
    assert_rel(z_for_percentile(0.99999), 4.264_890_793_923_840_8, 1e-14);
    assert_rel(z_for_percentile(0.01), -2.326_347_874_040_841_1, 1e-13);
    assert_rel(z_for_percentile(0.500_000_001), 2.506_628_274_631_000_5e-9, 1e-6);
    assert_eq!(z_for_percentile(0.5), 0.0);
    assert_eq!(z_for_percentile(1.0), f64::INFINITY);
    assert_eq!(z_for_percentile(0.0), f64::NEG_INFINITY);
    assert!(z_for_percentile(1.5).is_nan() && z_for_percentile(f64::NAN).is_nan());
    // Round trip through the CDF.
    for p in [0.6, 0.75, 0.9, 0.975, 0.999, 0.9999] {
        assert_close(normal_cdf(z_for_percentile(p)), p, 1e-15);
    }
}

#[test]
fn normal_max_load_solves_the_seed_inequality() {
    let load = normal_max_load(52.0, 2.33);
    assert_close(load + 2.33 * load.sqrt(), 52.0, EXACT);
    assert_close(load, 37.694_725_008_023_78, EXACT);
    // No cancellation at large S: avg + z sqrt(avg) = S still holds to rounding.
    let big = normal_max_load(1e6, 2.33);
    assert_rel(big + 2.33 * big.sqrt(), 1e6, 1e-15);
    assert_eq!(normal_max_load(0.0, 2.33), 0.0);
    assert_eq!(normal_max_load(f64::NAN, 2.33), 0.0);
    assert_eq!(normal_max_load(10.0, f64::NAN), 0.0);
}

#[test]
fn poisson_pmf_and_cdf_match_references() {
    // mpmath regularised upper incomplete gamma Q(k + 1, lambda).
    assert_rel(poisson_cdf(52, 37.5), 0.990_210_178_977_409_88, 1e-14);
    assert_rel(poisson_cdf(10, 3.5), 0.998_980_605_562_382_99, 1e-14);
    assert_rel(poisson_cdf(0, 2.0), 0.135_335_283_236_612_69, 1e-14);
    assert_rel(poisson_cdf(0, 0.001), 0.999_000_499_833_374_99, 1e-14);
    assert_rel(poisson_cdf(100_000, 99_000.0), 0.999_250_799_691_670_12, 1e-13);
    assert_rel(poisson_cdf(1_000_000, 1_000_000.0), 0.500_265_961_486_283_65, 1e-12);
    assert_rel(poisson_pmf(100_000, 99_000.0), 8.219_612_844_889_570_6e-6, 1e-12);
    // Far tails underflow cleanly instead of going negative or above 1.
    assert_eq!(poisson_cdf(5, 1_000.0), 0.0);
    assert_eq!(poisson_cdf(1_000, 5.0), 1.0);
    assert_eq!(poisson_cdf(3, 0.0), 1.0);
    assert_eq!(poisson_cdf(3, f64::INFINITY), 0.0);
    assert!(poisson_cdf(3, f64::NAN).is_nan());
}

#[test]
fn poisson_max_load_up_to_100k_streams() {
    // mpmath findroot on Q(S + 1, lambda) = 0.99.
    assert_rel(poisson_max_load(52, 0.99), 37.545_898_759_904_708_7, NUMERIC_REL);
    assert_rel(poisson_max_load(1_000, 0.99), 928.871_384_715_655_27, NUMERIC_REL);
    assert_rel(poisson_max_load(100_000, 0.99), 99_266.811_485_189_977_8, 1e-12);
    // The defining property at the answer.
    let lambda = poisson_max_load(100_000, 0.99);
    assert!(poisson_cdf(100_000, lambda) >= 0.99);
    assert!(poisson_cdf(100_000, lambda * (1.0 + 1e-10)) < 0.99);
    // Degenerate inputs.
    assert_eq!(poisson_max_load(52, 1.0), 0.0);
    assert_eq!(poisson_max_load(52, f64::NAN), 0.0);
    assert_eq!(poisson_max_load(52, 0.0), f64::INFINITY);
    // 0 streams: P(N = 0) = e^-lambda >= 0.99 -> lambda = -ln 0.99.
    assert_rel(poisson_max_load(0, 0.99), -(0.99_f64.ln()), NUMERIC_REL);
    // p below one half puts the answer above S + 1.
    assert!(poisson_max_load(10, 0.2) > 11.0);
}

#[test]
fn erlang_b_and_c_textbook_values() {
    // Erlang B(10, 5) and C(10, 8) (mpmath recurrence at 40 digits).
    assert_rel(erlang_b(10, 5.0), 0.018_384_570_336_648_133, 1e-13);
    let c = erlang_c(10, 8.0).expect("stable");
    assert_rel(c.wait_probability, 0.409_180_150_796_443_53, 1e-13);
    assert_rel(c.mean_wait_service_times, 0.409_180_150_796_443_53 / 2.0, 1e-13);
    assert_eq!(c.mean_wait_if_waiting_service_times, 0.5);
    // One server: C = rho (M/M/1).
    assert_rel(erlang_c(1, 0.7).expect("stable").wait_probability, 0.7, 1e-14);
    assert_eq!(erlang_c(10, 0.0).expect("stable").wait_probability, 0.0);
}

#[test]
fn erlang_b_recurrence_and_poisson_ratio_agree_at_the_switch() {
    // 1,000 servers use the recurrence, 1,001 the Poisson ratio; both against mpmath.
    assert_rel(erlang_b(1_000, 950.0), 3.649_293_688_942_409_9e-3, 1e-12);
    assert_rel(erlang_b(1_001, 950.0), 3.451_412_136_656_803_7e-3, 1e-12);
}

#[test]
fn erlang_c_overload_is_explicit() {
    assert_eq!(erlang_c(10, 10.0), Err(ErlangCError::Overloaded { servers: 10, load: 10.0 }));
    assert_eq!(erlang_c(10, 12.5), Err(ErlangCError::Overloaded { servers: 10, load: 12.5 }));
    assert!(matches!(erlang_c(10, f64::NAN), Err(ErlangCError::InvalidLoad { .. })));
    assert!(matches!(erlang_c(10, -1.0), Err(ErlangCError::InvalidLoad { .. })));
    assert_eq!(
        ErlangCError::Overloaded { servers: 10, load: 12.5 }.to_string(),
        "a load of 12.5 on 10 streams is overloaded: the queue grows without bound"
    );
}

#[test]
fn erlang_c_max_load_up_to_100k_servers() {
    assert_rel(erlang_c_max_load(52, 0.01), 36.471_581_257_045_423_5, NUMERIC_REL);
    assert_rel(erlang_c_max_load(1_000, 0.01), 926.496_652_680_787_95, NUMERIC_REL);
    assert_rel(erlang_c_max_load(100_000, 0.01), 99_250.590_986_032_855, 1e-11);
    assert_rel(erlang_c(100_000, 99_000.0).expect("stable").wait_probability, 8.219_082_374_107_954e-4, 1e-10);
    assert_eq!(erlang_c_max_load(0, 0.01), 0.0);
    assert_eq!(erlang_c_max_load(52, 0.0), 0.0);
    assert_eq!(erlang_c_max_load(52, 1.0), 52.0);
    assert_eq!(erlang_c_max_load(52, f64::NAN), 0.0);
}

#[test]
fn exact_methods_are_ordered_as_theory_says() {
    // Waiting is stricter than over-subscription, and the normal approximation (no continuity
    // correction, symmetric tails) sits a little above the exact Poisson answer at these sizes.
    for s in [8_u64, 52, 104, 500, 5_000] {
        let z = z_for_percentile(0.99);
        let normal = normal_max_load(s as f64, z);
        let poisson = poisson_max_load(s, 0.99);
        let erlang = erlang_c_max_load(s, 0.01);
        assert!(erlang < poisson, "S = {s}: Erlang C {erlang} vs Poisson {poisson}");
        assert!(poisson < normal, "S = {s}: Poisson {poisson} vs normal {normal}");
        assert!(normal - poisson < 1.0, "S = {s}: normal {normal} vs Poisson {poisson}");
    }
}

#[test]
fn max_avg_load_dispatches_to_each_method() {
    assert_close(max_avg_load(HeadroomMethod::NormalApprox, 52, 0.99, Some(2.33)), 37.694_725_008_023_78, EXACT);
    assert_rel(max_avg_load(HeadroomMethod::NormalApprox, 52, 0.99, None), 37.713_576_552_548_888, NUMERIC_REL);
    assert_rel(max_avg_load(HeadroomMethod::ExactPoisson, 52, 0.99, Some(2.33)), 37.545_898_759_904_708_7, NUMERIC_REL);
    assert_rel(max_avg_load(HeadroomMethod::ErlangC, 52, 0.99, None), 36.471_581_257_045_423_5, NUMERIC_REL);
    // Exact methods count at most MAX_CONCURRENCY streams.
    assert_eq!(
        max_avg_load(HeadroomMethod::ExactPoisson, 5_000_000, 0.99, None),
        max_avg_load(HeadroomMethod::ExactPoisson, 1_000_000, 0.99, None)
    );
}
