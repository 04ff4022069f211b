//! The normal approximation to the Poisson peak, and the inverse normal CDF it needs.

use core::f64::consts::{PI, SQRT_2};
use libm::{erfc, exp, log, sqrt};

/// Standard normal CDF.
///
/// # Formula
/// `Phi(x) = erfc(-x / sqrt 2) / 2` (Abramowitz & Stegun 26.2.29), via libm's `erfc`, which keeps
/// full relative precision in both tails.
///
/// Bad input: NaN gives NaN.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / SQRT_2)
}

/// The standard normal quantile: z with `Phi(z) = p` (2.326 at p = 0.99; the seed rounds to 2.33).
///
/// # Formula
/// Acklam's rational approximation (P. J. Acklam, "An algorithm for computing the inverse normal
/// cumulative distribution function", 2003; relative error 1.15e-9), then one Halley step on
/// `Phi(z) - p` with libm's `erfc`, which brings it to about 1e-15.
///
/// Bad input: `p = 0` gives -inf, `p = 1` gives +inf, anything outside [0, 1] or NaN gives NaN.
pub fn z_for_percentile(p: f64) -> f64 {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] =
        [7.784_695_709_041_462e-3, 3.224_671_290_700_398e-1, 2.445_134_137_142_996, 3.754_408_661_907_416];
    const P_LOW: f64 = 0.024_25;
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    let x = if p < P_LOW {
        tail(sqrt(-2.0 * log(p)))
    } else if p <= 1.0 - P_LOW {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        -tail(sqrt(-2.0 * log(1.0 - p)))
    };
    // Halley refinement (Acklam's note): e = Phi(x) - p, u = e sqrt(2 pi) exp(x^2 / 2).
    let e = if p > 0.5 { -(0.5 * erfc(x / SQRT_2) - (1.0 - p)) } else { normal_cdf(x) - p };
    let u = e * sqrt(2.0 * PI) * exp(0.5 * x * x);
    let refined = x - u / (1.0 + 0.5 * x * u);
    if refined.is_finite() { refined } else { x }
}

/// The largest average load whose normal-approximation peak fits in `streams`.
///
/// # Formula
/// Solve `avg + z sqrt(avg) = S` for `avg` (English seed, step 4: "average + 2.33 x square root
/// of average <= streams: 52 streams allow an average of 37.7"):
/// `sqrt(avg) = (sqrt(z^2 + 4 S) - z) / 2`, computed as `2 S / (z + sqrt(z^2 + 4 S))` for z >= 0
/// to avoid cancellation.
///
/// Bad input: non-positive or NaN streams, or a NaN z, give 0 (no streams carry no load).
pub fn normal_max_load(streams: f64, z: f64) -> f64 {
    if streams.is_nan() || z.is_nan() || streams <= 0.0 {
        return 0.0;
    }
    if streams.is_infinite() {
        return f64::INFINITY;
    }
    let disc = sqrt(z * z + 4.0 * streams);
    let root = if z >= 0.0 { 2.0 * streams / (z + disc) } else { 0.5 * (disc - z) };
    if root.is_finite() { root * root } else { 0.0 }
}
