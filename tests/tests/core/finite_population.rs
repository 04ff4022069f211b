//! Finite-population headroom: the binomial in-flight count of N users, Engset's
//! blocking share, in-flight quantiles, and the approach to the Poisson answer as N grows.
//!
//! References computed independently with Python mpmath 1.3.0 at 40 digits:
//! - `betainc(a, b, 0, x, regularized=True)` for the incomplete beta;
//! - binomial CDFs as the plain sum `sum_{j<=k} C(n, j) d^j (1-d)^(n-j)`;
//! - largest whole N by stepping N up while that sum stays >= p, and the real root by 200
//!   bisections on `betainc(n - S, S + 1, 0, 1 - d)`;
//! - Engset by its textbook form `C(N-1, S) b^S / sum_{k<=S} C(N-1, k) b^k`, `b = d / (1 - d)`;
//! - quantiles by stepping k up from 0 until the summed CDF reaches p;
//! - the Poisson load by 150 bisections on the summed Poisson CDF.
//!
//! d15 = (400 / 15 + 1) / 120 = 0.230555..., the English seed's chat duty at 15 tok/s.

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use sizer_core::{
    binomial_cdf, binomial_max_users, binomial_pmf, binomial_quantile, engset_blocking, erlang_b,
    finite_population_people, poisson_max_load, poisson_quantile, regularized_incomplete_beta,
};
use sizer_tests::{assert_close, assert_rel};

/// Agreement expected from a continued fraction evaluated in f64 against mpmath.
const SERIES_REL: f64 = 1e-12;
/// Agreement expected from a bisection on such a function (the root moves by the function's
/// error over its slope).
const ROOT_REL: f64 = 1e-9;

fn d15() -> f64 {
    (400.0 / 15.0 + 1.0) / 120.0
}

#[test]
fn incomplete_beta_matches_mpmath() {
    assert_rel(regularized_incomplete_beta(0.3, 2.5, 4.0), 0.352_197_585_906_767_236_461_563_441_554_914_5, SERIES_REL);
    assert_rel(regularized_incomplete_beta(0.9, 100.0, 7.0), 0.085_110_605_459_020_112_059_299_510_609_901_81, 1e-11);
    assert_rel(
        regularized_incomplete_beta(1.0 - d15(), 111.0, 53.0),
        0.996_342_944_112_402_377_400_179_452_630_097_7,
        SERIES_REL,
    );
    assert_eq!(regularized_incomplete_beta(0.0, 2.0, 3.0), 0.0);
    assert_eq!(regularized_incomplete_beta(1.0, 2.0, 3.0), 1.0);
    assert!(regularized_incomplete_beta(0.5, 0.0, 3.0).is_nan());
    assert!(regularized_incomplete_beta(1.5, 2.0, 3.0).is_nan());
    assert!(regularized_incomplete_beta(f64::NAN, 2.0, 3.0).is_nan());
}

#[test]
fn binomial_cdf_matches_the_summed_pmf() {
    // P(Bin(163, d15) <= 52): the worked example's 163 people on 52 streams.
    assert_rel(binomial_cdf(52, 163.0, d15()), 0.996_342_944_112_402_377_400_179_452_630_097_7, SERIES_REL);
    assert_rel(binomial_cdf(52, 200.0, d15()), 0.857_878_122_611_284_659_131_145_038_472_078_9, SERIES_REL);
    assert_rel(binomial_cdf(10, 40.0, 0.23), 0.696_248_368_183_725_955_615_009_703_633_067_6, SERIES_REL);
    assert_rel(binomial_cdf(5, 20.0, 0.1), 0.988_746_865_835_490_999_72, SERIES_REL);
    // Edges: nobody beyond the streams, nobody busy, everybody busy.
    assert_eq!(binomial_cdf(52, 52.0, 0.9), 1.0);
    assert_eq!(binomial_cdf(5, 20.0, 0.0), 1.0);
    assert_eq!(binomial_cdf(5, 20.0, 1.0), 0.0);
    assert!(binomial_cdf(5, f64::NAN, 0.5).is_nan());
    // The pmf: C(10, 4) / 2^10 = 210 / 1024.
    assert_close(binomial_pmf(4, 10, 0.5), 210.0 / 1024.0, 1e-15);
    assert_eq!(binomial_pmf(11, 10, 0.5), 0.0);
}

#[test]
fn binomial_cdf_by_its_finite_sum_matches_the_continued_fraction_on_a_grid() {
    // Up to 64 streams `binomial_cdf` sums the negative binomial terms; the incomplete beta's
    // continued fraction (checked against mpmath above) is the second method. Whole and real n,
    // duties from nearly idle to nearly always busy, sums that need rescaling (n 5,000, d 0.9).
    let mut compared = 0;
    for k in [0_u64, 1, 2, 3, 5, 8, 13, 21, 34, 52, 63, 64] {
        for extra in [0.25, 1.0, 3.7, 10.0, 50.5, 400.3, 5_000.0] {
            for d in [0.001, 0.02, 0.1, d15(), 0.5, 0.9] {
                let n = k as f64 + extra;
                let reference = regularized_incomplete_beta(1.0 - d, n - k as f64, k as f64 + 1.0);
                let summed = binomial_cdf(k, n, d);
                if reference < 1e-280 {
                    assert!(summed < 1e-270, "k {k}, n {n}, d {d}: {summed} vs {reference}");
                    continue;
                }
                // The continued fraction's own error (lgamma of n near 5,000) reaches ~1e-11.
                assert_rel(summed, reference, 3e-11);
                compared += 1;
            }
        }
    }
    assert!(compared > 400, "only {compared} comparable grid points");
    // Where the two differ most, the sum is the one that matches mpmath (to 1e-14; the
    // continued fraction is off by 3.5e-12 and 6.9e-12 at the first two).
    assert_rel(binomial_cdf(1, 5_001.0, 0.001), 0.040_326_671_759_193_706_870_838_794_080_7, 1e-14);
    assert_rel(binomial_cdf(5, 5_005.0, 0.001), 0.615_082_894_340_656_384_694_743_948_876, 1e-14);
    assert_rel(binomial_cdf(34, 84.5, 0.5), 0.045_584_949_062_830_876_864_723_178_917_7, 1e-14);
    assert_rel(binomial_cdf(63, 5_063.0, 0.02), 0.000_025_628_700_764_453_815_346_523_248_510_2, 1e-13);
}

#[test]
fn largest_team_on_the_streams_matches_mpmath() {
    // (streams, duty, whole N, real root).
    let cases = [
        (52_u64, d15(), 170_u64, 170.640_527_968_730_830_109_410_055_716_149_785_061),
        (10, 0.23, 23, 23.637_653_005_851_371_456_917_150_444_502_635_985_4),
        (4, 0.5, 4, 4.496_079_809_216_519_137_307_000_898_453_168_688_229),
        (104, (400.0 / 10.0 + 1.0) / 120.0, 253, 253.808_055_862_898_642_378_399_705_348_992_975_033),
    ];
    for (streams, duty, people, users) in cases {
        assert_rel(binomial_max_users(streams, duty, 0.99), users, ROOT_REL);
        assert_eq!(finite_population_people(streams, duty, 0.99), people, "{streams} streams, duty {duty}");
    }
    // The worked example: 170 people by the finite count against 163 by Poisson (the seed's
    // method), because 170 people cannot all be busy at once the way a Poisson crowd can.
    assert!(finite_population_people(52, d15(), 0.99) > 163);
}

#[test]
fn finite_population_edges() {
    // Always busy: each user holds a stream.
    assert_eq!(binomial_max_users(52, 1.0, 0.99), 52.0);
    assert_eq!(finite_population_people(52, 1.0, 0.99), 52);
    assert_eq!(binomial_max_users(52, 0.0, 0.99), f64::INFINITY);
    assert_eq!(binomial_max_users(52, f64::NAN, 0.99), 0.0);
    assert_eq!(finite_population_people(0, 0.5, 0.99), 0);
}

#[test]
fn engset_blocking_matches_its_textbook_form() {
    assert_rel(engset_blocking(175, 52, d15()), 0.007_783_395_225_011_919_370_635_963_914_803_618, 1e-11);
    assert_rel(engset_blocking(20, 10, 0.23), 0.003_645_367_253_832_919_741_244_561_947_999_389, 1e-11);
    // N - 1 = 9 users, b = 1: C(9, 4) / sum_{k<=4} C(9, k) = 126 / 256.
    assert_close(engset_blocking(10, 4, 0.5), 0.492_187_5, 1e-14);
    assert_rel(engset_blocking(60, 52, d15()), 3.985_807_427_181_082_924_628_859_240_661_176_757_79e-26, 1e-9);
    // Fewer other users than streams: nobody is ever turned away.
    assert_eq!(engset_blocking(52, 52, 0.9), 0.0);
    assert_eq!(engset_blocking(0, 4, 0.5), 0.0);
    assert_eq!(engset_blocking(10, 4, 1.0), 1.0);
}

#[test]
fn in_flight_quantiles_match_mpmath() {
    // 30 chat users of the mixed team: Poisson(30 x d15 = 6.9167) reaches p99 at 14 in flight.
    assert_eq!(poisson_quantile(0.99, 30.0 * d15()), 14);
    assert_eq!(poisson_quantile(0.99, 37.7), 53);
    assert_eq!(poisson_quantile(0.99, 0.5), 3);
    assert_eq!(binomial_quantile(0.99, 30.0, d15()), 13);
    assert_eq!(binomial_quantile(0.99, 163.0, d15()), 50);
    assert_eq!(binomial_quantile(0.99, 10.0, 0.5), 9);
    assert_eq!(poisson_quantile(0.99, 0.0), 0);
    assert_eq!(binomial_quantile(0.99, 10.0, 0.0), 0);
}

#[test]
fn finite_population_tends_to_poisson_as_n_grows() {
    // Fixed streams (52) and percentile; the per-user duty falls as the team grows, so the
    // supported load n* d tends to the Poisson load. mpmath: Poisson load 37.5458987599...,
    // and n* d at d = 0.5, 0.2, 0.05, 0.01, 0.001.
    let poisson = 37.545_898_759_904_708_717_568_027_448_319_004_971_5;
    assert_rel(poisson_max_load(52, 0.99), poisson, ROOT_REL);
    let cases = [
        (0.5, 41.899_138_275_033_634_187_865_847_492_968_174_970_53),
        (0.2, 39.087_348_268_857_973_308_746_218_989_284_687_974_89),
        (0.05, 37.912_775_369_638_716_425_235_716_331_637_201_714_25),
        (0.01, 37.618_385_752_698_232_346_187_132_397_745_990_958_69),
        (0.001, 37.553_127_965_630_108_704_713_304_775_626_411_178_74),
    ];
    let mut previous_gap = f64::INFINITY;
    for (duty, load) in cases {
        let finite_load = binomial_max_users(52, duty, 0.99) * duty;
        assert_rel(finite_load, load, ROOT_REL);
        let gap = finite_load / poisson - 1.0;
        assert!(gap > 0.0 && gap < previous_gap, "duty {duty}: gap {gap} after {previous_gap}");
        previous_gap = gap;
    }
    // At d = 1e-5 (about 3.8 million users) the two agree to within 2e-6.
    let far = binomial_max_users(52, 1e-5, 0.99) * 1e-5;
    assert!((far / poisson - 1.0).abs() < 2e-6, "{far} against {poisson}");
}

#[test]
fn erlang_b_beside_engset_on_the_worked_example() {
    // The blocking share at the largest team each method allows on 52 streams: Engset at 170
    // people (finite), Erlang B at 162 x d15 (Poisson, the exact Poisson method's 162 users).
    // mpmath: Engset by the textbook sum; Erlang B by the recurrence 1/B(k) = 1 + k/A x 1/B(k-1).
    assert_rel(engset_blocking(170, 52, d15()), 0.004_737_304_482_783_092_387_455_488_605_438_462_98, 1e-11);
    assert_rel(erlang_b(52, 162.0 * d15()), 0.004_320_628_021_068_542_707_606_232_421_780_444_02, 1e-11);
}
