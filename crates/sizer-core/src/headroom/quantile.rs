//! Percentiles of the in-flight count: how many requests a team puts in flight at the chosen
//! percentile (the load at which to read a measured p99 time to first token).

use super::binomial::binomial_cdf;
use super::normal::z_for_percentile;
use super::poisson::poisson_cdf;
use libm::{floor, sqrt};

/// Steps at most from the normal starting point; the start is within a few steps of the answer.
const MAX_STEPS: u64 = 1_000_000;

/// The smallest k with `P(N <= k) >= p` for N ~ Poisson(lambda).
///
/// # Formula
/// Start from the normal approximation `floor(lambda + z sqrt(lambda))` (z the standard normal
/// p-quantile), then step down while `P(N <= k - 1) >= p` and up while `P(N <= k) < p`, with the
/// exact [`poisson_cdf`].
///
/// Bad input: lambda <= 0 gives 0; NaN, p outside (0, 1) or an infinite lambda give
/// `u64::MAX` only where no finite k qualifies (p >= 1 or infinite lambda), else 0.
pub fn poisson_quantile(p: f64, lambda: f64) -> u64 {
    if lambda.is_nan() || p.is_nan() || p <= 0.0 || lambda <= 0.0 {
        return 0;
    }
    if p >= 1.0 || lambda.is_infinite() {
        return u64::MAX;
    }
    let start = lambda + z_for_percentile(p) * sqrt(lambda);
    step_to_quantile(start, p, |k| poisson_cdf(k, lambda))
}

/// The smallest k with `P(X <= k) >= p` for X ~ Binomial(n, d), n whole or real.
///
/// # Formula
/// As [`poisson_quantile`], from `floor(n d + z sqrt(n d (1 - d)))`, with the exact
/// [`binomial_cdf`]. Never above `ceil(n)`.
///
/// Bad input: n <= 0, d <= 0 or p <= 0 give 0; NaN gives 0.
pub fn binomial_quantile(p: f64, n: f64, d: f64) -> u64 {
    if n.is_nan() || d.is_nan() || p.is_nan() || n <= 0.0 || d <= 0.0 || p <= 0.0 {
        return 0;
    }
    if n.is_infinite() {
        return u64::MAX;
    }
    let d = d.min(1.0);
    let start = n * d + z_for_percentile(p.min(1.0 - 1e-16)) * sqrt(n * d * (1.0 - d));
    step_to_quantile(start.min(libm::ceil(n)), p, |k| binomial_cdf(k, n, d))
}

fn step_to_quantile(start: f64, p: f64, cdf: impl Fn(u64) -> f64) -> u64 {
    let mut k = if start.is_finite() && start > 0.0 { floor(start) as u64 } else { 0 };
    let mut steps = 0;
    while k > 0 && steps < MAX_STEPS && cdf(k - 1) >= p {
        k -= 1;
        steps += 1;
    }
    while steps < MAX_STEPS && cdf(k) < p {
        k += 1;
        steps += 1;
    }
    k
}
