//! Finite-population headroom: N users, each busy a share `duty` of the time, put
//! Binomial(N, duty) requests in flight when nobody waits. For a small team this is narrower
//! than the Poisson count of the same mean (variance `N d (1 - d)` instead of `N d`), so the same
//! streams serve a few more people; as N grows at a fixed mean it tends to the Poisson answer.
//! Engset's formula gives the share of requests that find every stream busy.

use super::root::find_root_decreasing;
use libm::{exp, lgamma, log, log1p};

/// Hard cap on continued-fraction terms, so every call ends whatever the input. The fraction
/// converges in about `sqrt(max(a, b))` terms; inside the documented range (n up to 10^8) that
/// is at most a few tens of thousands.
const MAX_TERMS: usize = 100_000;
/// Relative size of the last continued-fraction factor at which the sum counts as converged.
const CF_EPSILON: f64 = 1e-16;
/// Smallest magnitude the Lentz recurrence lets a denominator reach (avoids dividing by 0).
const TINY: f64 = 1e-300;

/// The regularised incomplete beta function `I_x(a, b)` for `a, b > 0`, `x` in [0, 1].
///
/// # Formula
/// `I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) x cf(a, b, x)` with the continued fraction
/// `cf = 1 / (1 + d1 / (1 + d2 / (1 + ...)))`, `d_{2m+1} = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))`,
/// `d_{2m} = m (b - m) x / ((a + 2m - 1)(a + 2m))`, evaluated by the modified Lentz method
/// (Abramowitz & Stegun 26.5.8; Press et al., Numerical Recipes, 6.4 `betai`/`betacf`). For
/// `x > (a + 1) / (a + b + 2)` the symmetry `I_x(a, b) = 1 - I_{1-x}(b, a)` keeps the fraction in
/// its fast-converging range. Out-of-range or NaN arguments give NaN.
pub fn regularized_incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x.is_nan() || a.is_nan() || b.is_nan() || a <= 0.0 || b <= 0.0 || !(0.0..=1.0).contains(&x) {
        return f64::NAN;
    }
    if x == 0.0 {
        return 0.0;
    }
    if x == 1.0 {
        return 1.0;
    }
    // ln(x^a (1-x)^b / B(a, b)).
    let ln_front = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if x < (a + 1.0) / (a + b + 2.0) {
        (exp(ln_front) * beta_continued_fraction(x, a, b) / a).clamp(0.0, 1.0)
    } else {
        (1.0 - exp(ln_front) * beta_continued_fraction(1.0 - x, b, a) / b).clamp(0.0, 1.0)
    }
}

/// The continued fraction of [`regularized_incomplete_beta`] (modified Lentz).
fn beta_continued_fraction(x: f64, a: f64, b: f64) -> f64 {
    let guard = |v: f64| if v.abs() < TINY { TINY } else { v };
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 / guard(1.0 - qab * x / qap);
    let mut h = d;
    for m in 1..MAX_TERMS {
        let m = m as f64;
        let m2 = 2.0 * m;
        let even = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 / guard(1.0 + even * d);
        c = guard(1.0 + even / c);
        h *= d * c;
        let odd = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 / guard(1.0 + odd * d);
        c = guard(1.0 + odd / c);
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() <= CF_EPSILON {
            break;
        }
    }
    h
}

/// `P(X <= k)` for X ~ Binomial(n, d), for any real `n >= 0` (whole n is the textbook case).
///
/// # Formula
/// `P(X <= k) = I_{1-d}(n - k, k + 1)` for `n > k` (Abramowitz & Stegun 26.5.24), and 1 for
/// `n <= k`. The right side is continuous and strictly falling in n, which lets the inverse
/// [`binomial_max_users`] search a real n. `d <= 0` gives 1, `d >= 1` gives 1 when `n <= k` and
/// 0 otherwise; NaN gives NaN.
pub fn binomial_cdf(k: u64, n: f64, d: f64) -> f64 {
    if n.is_nan() || d.is_nan() || n < 0.0 {
        return f64::NAN;
    }
    let k_f = k as f64;
    if n <= k_f || d <= 0.0 {
        return 1.0;
    }
    if d >= 1.0 || n.is_infinite() {
        return 0.0;
    }
    regularized_incomplete_beta(1.0 - d, n - k_f, k_f + 1.0)
}

/// `P(X = k)` for X ~ Binomial(n, d), whole `n`.
///
/// # Formula
/// `C(n, k) d^k (1 - d)^(n - k)`, evaluated in logs with `ln C(n, k) = lgamma(n + 1) -
/// lgamma(k + 1) - lgamma(n - k + 1)`. `k > n` gives 0; NaN gives NaN.
pub fn binomial_pmf(k: u64, n: u64, d: f64) -> f64 {
    if d.is_nan() {
        return f64::NAN;
    }
    if k > n {
        return 0.0;
    }
    if d <= 0.0 {
        return if k == 0 { 1.0 } else { 0.0 };
    }
    if d >= 1.0 {
        return if k == n { 1.0 } else { 0.0 };
    }
    let (n_f, k_f) = (n as f64, k as f64);
    let ln_choose = lgamma(n_f + 1.0) - lgamma(k_f + 1.0) - lgamma(n_f - k_f + 1.0);
    exp(ln_choose + k_f * log(d) + (n_f - k_f) * log1p(-d))
}

/// The largest (real) number of users n with `P(Binomial(n, duty) <= streams) >= p`: the
/// finite-population form of the seed's step 4. Whole people are `floor` of it (see
/// [`finite_population_people`]).
///
/// # Formula
/// Solve `binomial_cdf(S, n, d) = p` for n >= S: the left side is 1 at n = S and falls strictly
/// to 0, so the root is bracketed and found by bisection-safeguarded secant steps (the same
/// search as [`super::poisson_max_load`]), started from the Poisson answer `lambda / d`, which
/// lies above it. `d >= 1` gives S (each user holds a stream), `d <= 0` or `p <= 0` gives +inf,
/// `p >= 1` gives S, NaN gives 0.
pub fn binomial_max_users(streams: u64, duty: f64, p: f64) -> f64 {
    let s = streams as f64;
    if duty.is_nan() || p.is_nan() {
        return 0.0;
    }
    if duty >= 1.0 || p >= 1.0 {
        return s;
    }
    if duty <= 0.0 || p <= 0.0 {
        return f64::INFINITY;
    }
    let f = |n: f64| binomial_cdf(streams, n, duty) - p;
    // The mean n d must stay near S: past (S + 1) / d the median exceeds S for p > 1/2. Widen for
    // smaller p.
    let mut hi = (s + 2.0) / duty + 1.0;
    let mut widen = 0;
    while f(hi) >= 0.0 && widen < 64 {
        hi *= 2.0;
        widen += 1;
    }
    let guess = super::poisson_max_load(streams, p) / duty;
    // Slope by a secant over a small step; the search falls back to bisection when it is poor.
    let f_and_slope = |n: f64| {
        let value = f(n);
        let h = 1e-6 * n.max(1.0);
        (value, (f(n + h) - value) / h)
    };
    find_root_decreasing(f_and_slope, s, hi, guess)
}

/// Whole people: the largest whole N with `P(Binomial(N, duty) <= streams) >= p`.
///
/// # Formula
/// `N = floor(binomial_max_users(S, d, p))`, then checked against the exact condition on N and
/// N + 1 (one step either way), so a root that lands within rounding of a whole number cannot
/// give the wrong count. Saturates at `u64::MAX`; 0 for NaN.
pub fn finite_population_people(streams: u64, duty: f64, p: f64) -> u64 {
    let users = binomial_max_users(streams, duty, p);
    if users.is_nan() || users <= 0.0 {
        return 0;
    }
    if users.is_infinite() || users >= u64::MAX as f64 {
        return u64::MAX;
    }
    let mut n = libm::floor(users) as u64;
    let fits = |n: u64| binomial_cdf(streams, n as f64, duty) >= p;
    if !fits(n) && n > 0 {
        n -= 1;
    } else if fits(n + 1) {
        n += 1;
    }
    n
}

/// Engset's call congestion: the share of requests that find all `streams` busy when `users`
/// users, each busy a share `duty` when nobody waits, share them and a blocked request is lost
/// (or retried later).
///
/// # Formula
/// `E = C(N-1, S) b^S / sum_{k=0..S} C(N-1, k) b^k` with `b = d / (1 - d)` per idle user
/// (Engset 1918; e.g. Iversen, Teletraffic Engineering and Network Planning, ITU/DTU 2015, 8.4,
/// "call congestion"): a request sees the other N - 1 users, so
/// `E = P(Bin(N-1, d) = S) / P(Bin(N-1, d) <= S)`. `N - 1 < S` gives 0 (the others cannot
/// fill every stream); `d >= 1` gives 1 when `N - 1 >= S`; NaN gives NaN.
pub fn engset_blocking(users: u64, streams: u64, duty: f64) -> f64 {
    if duty.is_nan() {
        return f64::NAN;
    }
    let others = users.saturating_sub(1);
    if users == 0 || others < streams || duty <= 0.0 {
        return 0.0;
    }
    if duty >= 1.0 {
        return 1.0;
    }
    let cdf = binomial_cdf(streams, others as f64, duty);
    if cdf > 0.0 { (binomial_pmf(streams, others, duty) / cdf).min(1.0) } else { 1.0 }
}
