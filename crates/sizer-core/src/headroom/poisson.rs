//! The exact Poisson distribution, stable for counts up to millions.

use super::normal::{normal_max_load, z_for_percentile};
use super::root::find_root_decreasing;
use core::f64::consts::PI;
use libm::{exp, lgamma, log, log1p};

/// Hard cap on series terms, so that every call ends whatever the input. Inside the documented
/// range (k up to 10^8) the series need at most a few hundred thousand terms.
const MAX_TERMS: u64 = 20_000_000;

/// `ln P(N = k)` for N ~ Poisson(lambda).
///
/// # Formula
/// Catherine Loader's saddle-point form ("Fast and accurate computation of binomial
/// probabilities", 2000; also R's `dpois_raw`):
/// `ln p = -stirlerr(k) - bd0(k, lambda) - ln(2 pi k) / 2`, where `bd0(k, l) = k ln(k/l) + l - k`
/// is summed as a series when k is near l, so no large terms cancel; for k = 0, `-lambda`.
///
/// Bad input: `lambda <= 0` gives 0 for k = 0 and -inf otherwise; NaN gives NaN.
pub fn poisson_ln_pmf(k: u64, lambda: f64) -> f64 {
    if lambda.is_nan() {
        return f64::NAN;
    }
    if lambda <= 0.0 {
        return if k == 0 { 0.0 } else { f64::NEG_INFINITY };
    }
    if lambda.is_infinite() {
        return f64::NEG_INFINITY;
    }
    if k == 0 {
        return -lambda;
    }
    let x = k as f64;
    -stirling_error(x) - bd0(x, lambda) - 0.5 * log(2.0 * PI * x)
}

/// `P(N = k)` for N ~ Poisson(lambda).
///
/// # Formula
/// `lambda^k e^-lambda / k!`, evaluated as `exp(poisson_ln_pmf(k, lambda))`.
///
/// Bad input: `lambda <= 0` gives 1 for k = 0 and 0 otherwise; NaN gives NaN.
pub fn poisson_pmf(k: u64, lambda: f64) -> f64 {
    exp(poisson_ln_pmf(k, lambda))
}

/// `P(N <= k)` for N ~ Poisson(lambda), accurate to about 1e-14 relative for k up to 10^8.
///
/// # Formula
/// Sum of the pmf (any probability textbook), arranged so every term shrinks:
/// - `lambda < k + 1`: `1 - sum_{j > k} p(j)`, the upper tail summed upwards from `p(k + 1)` with
///   ratios `lambda / (j + 1) < 1` (this is the series for the regularised incomplete gamma
///   function P(k + 1, lambda), Numerical Recipes 6.2);
/// - otherwise: `sum_{j <= k} p(j)` summed downwards from `p(k)` with ratios `j / lambda < 1`.
///
/// Each sum stops once the geometric bound on its remaining terms is below 1e-16 of the total.
///
/// Bad input: `lambda <= 0` gives 1, +inf gives 0, NaN gives NaN.
pub fn poisson_cdf(k: u64, lambda: f64) -> f64 {
    if lambda.is_nan() {
        return f64::NAN;
    }
    if lambda <= 0.0 {
        return 1.0;
    }
    if lambda.is_infinite() {
        return 0.0;
    }
    let kf = k as f64;
    if lambda < kf + 1.0 {
        let first = poisson_pmf(k.saturating_add(1), lambda);
        let tail = first * geometric_sum(|n| lambda / (kf + 2.0 + n as f64));
        (1.0 - tail).clamp(0.0, 1.0)
    } else {
        let first = poisson_pmf(k, lambda);
        let sum = first * geometric_sum(|n| (kf - n as f64) / lambda);
        sum.clamp(0.0, 1.0)
    }
}

/// The largest average load `lambda` for which `P(N <= streams) >= p`.
///
/// # Formula
/// Solve `poisson_cdf(S, lambda) = p` for lambda (the exact form of the seed's step 4, "Treating
/// arrivals as Poisson and keeping the 99th percentile under the stream count"). The CDF falls
/// strictly as lambda grows, with derivative `-p(S; lambda)`; the root is bracketed in
/// `[0, S + 1]` for p > 0.5 (the Poisson median exceeds `lambda - ln 2`, so
/// `P(N <= S) < 1/2` at `lambda = S + 1`) and found by safeguarded Newton steps started from the
/// Cornish-Fisher approximation.
///
/// Bad input: p >= 1 or NaN gives 0; p <= 0 gives +inf. (`S = 0` is no bad input here: it
/// gives `-ln p`; the sizing's [`crate::sizing::max_avg_load`] maps 0 streams to 0 load.)
pub fn poisson_max_load(streams: u64, p: f64) -> f64 {
    if p.is_nan() || p >= 1.0 {
        return 0.0;
    }
    if p <= 0.0 {
        return f64::INFINITY;
    }
    let s = streams as f64;
    let mut hi = s + 1.0;
    // For p <= 1/2 the root can lie above S + 1: widen until the CDF drops below p.
    let mut widen = 0;
    while poisson_cdf(streams, hi) >= p && widen < 64 {
        hi = 2.0 * hi + 16.0;
        widen += 1;
    }
    // Start from the Cornish-Fisher quantile: the Poisson p-quantile is close to
    // lambda + z sqrt(lambda) + (z^2 - 1) / 6, so solve lambda + z sqrt(lambda) = S + 1/2 - (z^2 - 1)/6.
    let z = z_for_percentile(p);
    let guess = normal_max_load(s + 0.5 - (z * z - 1.0) / 6.0, z);
    // d/dlambda P(N <= S) = -P(N = S).
    let f = |lambda: f64| (poisson_cdf(streams, lambda) - p, -poisson_pmf(streams, lambda));
    find_root_decreasing(f, 0.0, hi, guess)
}

/// `sum_{n >= 0} prod_{i < n} ratio(i)` for non-increasing ratios below 1 (1 + r0 + r0 r1 + ...).
fn geometric_sum(ratio: impl Fn(u64) -> f64) -> f64 {
    let mut sum = 1.0;
    let mut term = 1.0;
    let mut n = 0;
    while n < MAX_TERMS {
        let r = ratio(n);
        if r.is_nan() || r <= 0.0 {
            break;
        }
        term *= r;
        sum += term;
        n += 1;
        // Remaining terms are at most term * r / (1 - r) (ratios do not grow).
        let bound = if r < 1.0 { term * r / (1.0 - r) } else { f64::INFINITY };
        if bound <= 1e-16 * sum {
            break;
        }
    }
    sum
}

/// `ln k! - ln(sqrt(2 pi k) (k/e)^k)`, the error of Stirling's formula.
///
/// # Formula
/// For k > 15 the asymptotic series `1/(12k) - 1/(360k^3) + 1/(1260k^5) - 1/(1680k^7) +
/// 1/(1188k^9)` (Abramowitz & Stegun 6.1.41), otherwise directly from `lgamma`.
fn stirling_error(k: f64) -> f64 {
    const S0: f64 = 1.0 / 12.0;
    const S1: f64 = 1.0 / 360.0;
    const S2: f64 = 1.0 / 1260.0;
    const S3: f64 = 1.0 / 1680.0;
    const S4: f64 = 1.0 / 1188.0;
    if k > 15.0 {
        let kk = k * k;
        (S0 - (S1 - (S2 - (S3 - S4 / kk) / kk) / kk) / kk) / k
    } else {
        lgamma(k + 1.0) - (k + 0.5) * log(k) + k - 0.5 * log(2.0 * PI)
    }
}

/// `x ln(x / m) + m - x`, without cancellation when x is near m.
///
/// # Formula
/// Loader (2000): with `v = (x - m) / (x + m)`, `bd0 = (x - m) v + 2x (v^3/3 + v^5/5 + ...)`
/// when `|x - m| < 0.1 (x + m)`; otherwise `x log1p((x - m) / m) + m - x`.
fn bd0(x: f64, m: f64) -> f64 {
    if (x - m).abs() < 0.1 * (x + m) {
        let v = (x - m) / (x + m);
        let v2 = v * v;
        let mut s = (x - m) * v;
        let mut ej = 2.0 * x * v;
        let mut j = 1.0;
        while j < 1000.0 {
            ej *= v2;
            let next = s + ej / (2.0 * j + 1.0);
            if next == s {
                return s;
            }
            s = next;
            j += 1.0;
        }
        s
    } else {
        x * log1p((x - m) / m) + m - x
    }
}
