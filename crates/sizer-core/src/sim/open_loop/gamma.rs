//! Gamma and standard normal draws from the simulation's SplitMix64: the inter-arrival times of
//! `vllm bench serve --burstiness`, the same bits on every platform (integer generator, IEEE
//! arithmetic and `libm` only).

use crate::sim::rng::SplitMix64;
use libm::{log, pow, sqrt};

/// A standard normal draw (mean 0, variance 1).
///
/// # Formula
/// Marsaglia's polar method (G. Marsaglia & T. A. Bray, "A convenient method for generating
/// normal variables", SIAM Review 6, 1964): `u, v` uniform in `(-1, 1)` until
/// `0 < s = u^2 + v^2 < 1`, then `u sqrt(-2 ln s / s)`. No trigonometry, so only `libm`'s `log`
/// and `sqrt` are needed. The second variate of the pair is dropped (simpler state; the draw
/// count stays deterministic).
///
/// Bad input: none possible; the loop ends with probability 1 (each try is accepted with
/// probability pi / 4).
pub fn standard_normal(rng: &mut SplitMix64) -> f64 {
    loop {
        let u = 2.0 * rng.next_f64() - 1.0;
        let v = 2.0 * rng.next_f64() - 1.0;
        let s = u * u + v * v;
        if s > 0.0 && s < 1.0 {
            return u * sqrt(-2.0 * log(s) / s);
        }
    }
}

/// A gamma draw with shape `k` and scale `theta` (mean `k theta`, variance `k theta^2`).
///
/// # Formula
/// Marsaglia & Tsang, "A simple method for generating gamma variables", ACM TOMS 26(3), 2000:
/// for `k >= 1`, `d = k - 1/3`, `c = 1 / sqrt(9 d)`; draw a standard normal `x` and
/// `v = (1 + c x)^3` until `v > 0` and `ln u < x^2 / 2 + d (1 - v + ln v)` (with the squeeze
/// `u < 1 - 0.0331 x^4` first); the draw is `d v theta`. For `k < 1`, the same paper's boost:
/// `Gamma(k) = Gamma(k + 1) u^(1/k)`. `u` is taken in `(0, 1]` so `ln u` is finite.
///
/// Bad input: a shape or scale that is NaN, infinite or not positive gives 0 (no gap).
pub fn gamma(rng: &mut SplitMix64, shape: f64, scale: f64) -> f64 {
    if !(shape.is_finite() && scale.is_finite() && shape > 0.0 && scale > 0.0) {
        return 0.0;
    }
    if shape < 1.0 {
        let boosted = gamma(rng, shape + 1.0, scale);
        let u = 1.0 - rng.next_f64();
        return boosted * pow(u, 1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / sqrt(9.0 * d);
    loop {
        let x = standard_normal(rng);
        let t = 1.0 + c * x;
        if t <= 0.0 {
            continue;
        }
        let v = t * t * t;
        let u = 1.0 - rng.next_f64();
        let x2 = x * x;
        if u < 1.0 - 0.0331 * x2 * x2 || log(u) < 0.5 * x2 + d * (1.0 - v + log(v)) {
            return d * v * scale;
        }
    }
}

/// A whole number drawn uniformly from `low..=high`.
///
/// # Formula
/// Lemire's multiply-shift, `low + (x (high - low + 1)) >> 64` for 64 random bits `x`
/// (D. Lemire, "Fast random integer generation in an interval", ACM TOMACS 29(1), 2019, without
/// the rejection step: the bias is below `range / 2^64`, under 1e-12 for the ranges used here).
///
/// Bad input: `high < low` gives `low`.
pub fn uniform_int(rng: &mut SplitMix64, low: u64, high: u64) -> u64 {
    if high <= low {
        return low;
    }
    let span = u128::from(high - low) + 1;
    low + ((u128::from(rng.next_u64()) * span) >> 64) as u64
}
