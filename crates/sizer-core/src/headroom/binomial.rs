//! Finite-population headroom: N users, each busy a share `duty` of the time, put
//! Binomial(N, duty) requests in flight when nobody waits. For a small team this is narrower
//! than the Poisson count of the same mean (variance `N d (1 - d)` instead of `N d`), so the same
//! streams serve a few more people; as N grows at a fixed mean it tends to the Poisson answer.
//! Engset's formula gives the share of requests that find every stream busy.

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
/// its fast-converging range.
///
/// Bad input: out-of-range or NaN arguments give NaN.
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
/// [`binomial_max_users`] search a real n. Up to 64 streams as the finite sum of
/// [`negative_binomial_sum`] (no `lgamma`, and closer to mpmath), past it by the continued fraction.
///
/// Bad input: `d <= 0` gives 1, `d >= 1` gives 1 when `n <= k` and 0 otherwise; NaN or a
/// negative n gives NaN.
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
    if k <= MAX_SUMMED_TERMS {
        return negative_binomial_sum(k, n - k_f, d);
    }
    regularized_incomplete_beta(1.0 - d, n - k_f, k_f + 1.0)
}

/// Up to this many streams [`binomial_cdf`] sums its `k + 1` terms (a few ns each); past it the
/// continued fraction, whose cost grows only like `sqrt(n)`, is cheaper.
const MAX_SUMMED_TERMS: u64 = 64;
/// Above this `exp` of the front factor is a normal number, so it can multiply the sum directly.
const MIN_LN_FRONT: f64 = -700.0;
/// `1 / j` for the summed terms (a product instead of a division per term).
const RECIPROCALS: [f64; MAX_SUMMED_TERMS as usize + 1] = {
    let mut table = [0.0; MAX_SUMMED_TERMS as usize + 1];
    let mut j = 1;
    while j < table.len() {
        table[j] = 1.0 / j as f64;
        j += 1;
    }
    table
};
/// When the running sum passes this, sum and term are scaled down by it (no overflow).
const RESCALE_AT: f64 = 1e250;

/// `I_{1-d}(a, k + 1)` for a whole `k`, real `a > 0`, `0 < d < 1`: [`binomial_cdf`] with `a = n - k`.
///
/// # Formula
/// For a whole second parameter the incomplete beta is a finite sum, the negative binomial
/// distribution function: `I_{1-d}(a, k + 1) = (1 - d)^a sum_{j=0..k} t_j` with `t_0 = 1`,
/// `t_j = t_{j-1} (a + j - 1) d / j` (A&S 26.5.24 with 6.6.2; the generalised coefficient
/// `Gamma(a + j) / (Gamma(a) j!)` keeps it valid for real a). Every term is positive, so the
/// sum loses no digits; it is kept in range by rescaling and combined in logs with the front
/// factor, `exp(a ln(1 - d) + ln(sum))`.
///
/// Bad input: none reaches it; [`binomial_cdf`] handles the edges before calling it.
fn negative_binomial_sum(k: u64, a: f64, d: f64) -> f64 {
    negative_binomial_sum_and_last(k, a, d).0
}

/// [`negative_binomial_sum`] and the share of its last term in the sum, `t_k / sum_j t_j`.
fn negative_binomial_sum_and_last(k: u64, a: f64, d: f64) -> (f64, f64) {
    let Terms { sum, last, scaled } = negative_binomial_terms(k, a, d);
    let ln_front = a * log1p(-d);
    let value = if scaled == 0.0 && ln_front > MIN_LN_FRONT {
        exp(ln_front) * sum
    } else {
        exp(ln_front + log(sum) + scaled * log(RESCALE_AT))
    };
    (value.clamp(0.0, 1.0), last / sum)
}

/// The sum of [`negative_binomial_sum`] without its front factor: `sum_j t_j = sum x
/// RESCALE_AT^scaled`, and its last term `t_k` on the same scale.
struct Terms {
    sum: f64,
    last: f64,
    scaled: f64,
}

fn negative_binomial_terms(k: u64, a: f64, d: f64) -> Terms {
    // `t_j / t_{j-1} = d + (a - 1) d / j`; two terms per step, both from the term before them,
    // so the products do not wait on each other one term at a time.
    let c = (a - 1.0) * d;
    let ratio = |j: usize| d + c * RECIPROCALS[j];
    let k = k as usize;
    let (mut term, mut sum, mut scaled) = (1.0_f64, 1.0_f64, 0.0_f64);
    let mut j = 1;
    while j < k {
        let (r1, r2) = (ratio(j), ratio(j + 1));
        let first = term * r1;
        term *= r1 * r2;
        sum += first + term;
        if sum > RESCALE_AT {
            (sum, term) = rescaled(sum, term);
            scaled += 1.0;
        }
        j += 2;
    }
    if j == k {
        term *= ratio(j);
        sum += term;
        if sum > RESCALE_AT {
            (sum, term) = rescaled(sum, term);
            scaled += 1.0;
        }
    }
    Terms { sum, last: term, scaled }
}

/// Sum and term scaled down by [`RESCALE_AT`]: out of line, so the loop above keeps it a rare
/// branch (done on every step as a select, its divisions would wait on each other).
#[cold]
#[inline(never)]
fn rescaled(sum: f64, term: f64) -> (f64, f64) {
    (sum / RESCALE_AT, term / RESCALE_AT)
}

/// `ln P(X <= k)` for X ~ Binomial(n, d) at a real `n > k`, `0 < d < 1`, with
/// `ln_q = ln(1 - d)` given: what a search for n on `ln F(n)` evaluates many times.
///
/// # Formula
/// Up to [`MAX_SUMMED_TERMS`] streams, the log of [`negative_binomial_sum`] taken apart:
/// `ln F = (n - k) ln(1 - d) + ln(sum_j t_j)` (no `exp`, one `log`); past it,
/// `ln` of [`binomial_cdf`].
///
/// Bad input: none reaches it; callers keep `n > k` and `0 < d < 1` (a CDF that underflows
/// gives -inf past the summed range).
pub(crate) fn ln_binomial_cdf(k: u64, n: f64, d: f64, ln_q: f64) -> f64 {
    let a = n - k as f64;
    if k <= MAX_SUMMED_TERMS {
        let Terms { sum, scaled, .. } = negative_binomial_terms(k, a, d);
        return a * ln_q + log(sum) + scaled * log(RESCALE_AT);
    }
    log(binomial_cdf(k, n, d))
}

/// `P(X <= k)` and `P(X = k)` for X ~ Binomial(n, d) at a real `n > k`, `0 < d < 1`: the CDF
/// as [`binomial_cdf`] gives it, the PMF with it.
///
/// # Formula
/// Up to [`MAX_SUMMED_TERMS`] streams, the PMF from the last term of the finite sum of
/// [`negative_binomial_sum`]: with `a = n - k`, `(1 - d)^a t_k = C(n - 1, k) d^k (1 - d)^(n - k)`
/// and `P(X = k) = n / a x (1 - d)^a t_k = n / a x F x t_k / sum_j t_j` (no `lgamma`). Past
/// it, or where F underflows, `exp(ln C(n, k) + k ln d + (n - k) ln(1 - d))` with the
/// generalised coefficient (A&S 6.1.21 via `lgamma`).
///
/// Bad input: none reaches it; callers keep `n > k` and `0 < d < 1`.
pub(crate) fn binomial_cdf_and_pmf(k: u64, n: f64, d: f64) -> (f64, f64) {
    let a = n - k as f64;
    if k <= MAX_SUMMED_TERMS {
        let (cdf, last) = negative_binomial_sum_and_last(k, a, d);
        if cdf > MIN_NORMAL_CDF {
            return (cdf, n / a * cdf * last);
        }
        return (cdf, binomial_pmf_real(k, n, d));
    }
    (binomial_cdf(k, n, d), binomial_pmf_real(k, n, d))
}

/// Below this a summed CDF has lost relative precision (or underflowed): its PMF is taken from
/// `lgamma` instead.
const MIN_NORMAL_CDF: f64 = 1e-290;

/// `P(X = k)` for X ~ Binomial(n, d), whole `n`.
///
/// # Formula
/// `C(n, k) d^k (1 - d)^(n - k)`, evaluated in logs with `ln C(n, k) = lgamma(n + 1) -
/// lgamma(k + 1) - lgamma(n - k + 1)`.
///
/// Bad input: `k > n` gives 0; `d` outside (0, 1) is a point mass at 0 or n; NaN gives NaN.
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
/// Solve `binomial_cdf(S, n, d) = p` for n: the left side is 1 at n = S and falls strictly to 0.
/// The bracket starts at the normal approximation `n d + z sqrt(n d (1 - d)) = S + 1/2`,
/// found one user wide by whole steps ([`unit_bracket`]: one CDF for all of them), then regula
/// falsi with the Illinois step (Dowell & Jarratt, BIT 11, 1971) on `ln F(n) - ln p` (nearly
/// straight across one user, so few steps) narrows it to 1e-12 relative, one CDF evaluation
/// per step.
///
/// Bad input: `d >= 1` gives S (each user holds a stream), `d <= 0` or `p <= 0` gives +inf,
/// `p >= 1` gives S, NaN gives 0.
pub fn binomial_max_users(streams: u64, duty: f64, p: f64) -> f64 {
    binomial_max_users_within(streams, duty, p, 1e-12)
}

/// [`binomial_max_users`] found to `relative` (at least 1e-12): a team's capacity needs fewer
/// digits than the function's reference values.
pub(crate) fn binomial_max_users_within(streams: u64, duty: f64, p: f64, relative: f64) -> f64 {
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
    // In logs the CDF is nearly straight across one user, so regula falsi needs few steps.
    let ln_p = log(p);
    let f = |n: f64| log(binomial_cdf(streams, n, duty)) - ln_p;
    // Start from the normal approximation m + z sqrt(m (1 - d)) = S + 1/2 for the mean m = n d,
    // then step n by whole users with the recurrences below (no new CDF per step) until a
    // bracket one user wide holds the root.
    let z = super::z_for_percentile(p);
    let guess = (super::normal_max_load(s + 0.5, z * libm::sqrt(1.0 - duty)) / duty).max(s);
    let ((lo, f_lo), (hi, f_hi)) = unit_bracket(streams, duty, p, libm::floor(guess));
    if !hi.is_finite() {
        return lo;
    }
    illinois(f, (lo, log(f_lo) - ln_p), (hi, log(f_hi) - ln_p), relative.max(1e-12))
}

/// Steps at most when looking for a bracket one user wide (the normal start is within a few).
const MAX_UNIT_STEPS: usize = 100_000;

/// Whole `n` and `n + 1` with `P(Bin(n, d) <= S) >= p > P(Bin(n + 1, d) <= S)`, each with that
/// CDF, from `start` (`n = S` at the lowest; `(n, inf)` if the steps run out).
///
/// # Formula
/// With `F(n) = P(Bin(n, d) <= S)` and `T(n) = P(Bin(n, d) = S)`, for any real `n >= S`:
/// `F(n + 1) = F(n) - d T(n)` (the extra user's request lifts an S-count over S) and
/// `T(n + 1) = T(n) (n + 1) (1 - d) / (n + 1 - S)` (the incomplete beta's recurrence in its first
/// parameter, A&S 26.5.15), so one CDF and one PMF at `start` give every whole step after it.
fn unit_bracket(streams: u64, d: f64, p: f64, start: f64) -> ((f64, f64), (f64, f64)) {
    let s = streams as f64;
    let mut n = start.max(s);
    let mut cdf = binomial_cdf(streams, n, d);
    let mut pmf = binomial_pmf_real(streams, n, d);
    let q = 1.0 - d;
    if cdf >= p {
        for _ in 0..MAX_UNIT_STEPS {
            let next_cdf = cdf - d * pmf;
            if next_cdf < p {
                return ((n, cdf), (n + 1.0, next_cdf));
            }
            pmf *= (n + 1.0) * q / (n + 1.0 - s);
            cdf = next_cdf;
            n += 1.0;
        }
        ((n, cdf), (f64::INFINITY, 0.0))
    } else {
        for _ in 0..MAX_UNIT_STEPS {
            if n - 1.0 < s {
                return ((s, 1.0), (n, cdf));
            }
            let above = cdf;
            pmf *= (n - s) / (n * q);
            cdf += d * pmf;
            n -= 1.0;
            if cdf >= p {
                return ((n, cdf), (n + 1.0, above));
            }
        }
        ((s, 1.0), (n, cdf))
    }
}

/// `P(X = k)` for X ~ Binomial(n, d) at a real `n >= k`, `0 < d < 1` (the generalised binomial
/// coefficient `Gamma(n + 1) / (Gamma(k + 1) Gamma(n - k + 1))`).
pub(crate) fn binomial_pmf_real(k: u64, n: f64, d: f64) -> f64 {
    let k_f = k as f64;
    let ln_choose = lgamma(n + 1.0) - lgamma(k_f + 1.0) - lgamma(n - k_f + 1.0);
    exp(ln_choose + k_f * log(d) + (n - k_f) * log1p(-d))
}

/// Steps at most in [`illinois`]; it converges in about ten.
const MAX_FALSE_POSITION_STEPS: usize = 200;

/// The root of a decreasing `f` with `f(lo) >= 0 > f(hi)`, returned on the `f >= 0` side.
///
/// # Formula
/// Regula falsi, `x = hi - f(hi) (hi - lo) / (f(hi) - f(lo))`, halving the value kept at an end
/// that is kept twice in a row (the Illinois modification, Dowell & Jarratt 1971), until the
/// bracket is `relative` wide.
fn illinois(
    f: impl Fn(f64) -> f64,
    (mut lo, mut f_lo): (f64, f64),
    (mut hi, mut f_hi): (f64, f64),
    relative: f64,
) -> f64 {
    let mut kept_lo = false;
    let mut kept_hi = false;
    for _ in 0..MAX_FALSE_POSITION_STEPS {
        if hi - lo <= relative * hi.abs().max(1.0) {
            break;
        }
        let mut x = hi - f_hi * (hi - lo) / (f_hi - f_lo);
        if !(x > lo && x < hi) {
            x = 0.5 * (lo + hi);
        }
        let fx = f(x);
        if fx.is_nan() {
            break;
        }
        if fx >= 0.0 {
            (lo, f_lo) = (x, fx);
            if kept_hi {
                f_hi *= 0.5;
            }
            (kept_hi, kept_lo) = (true, false);
        } else {
            (hi, f_hi) = (x, fx);
            if kept_lo {
                f_lo *= 0.5;
            }
            (kept_lo, kept_hi) = (true, false);
        }
        if fx == 0.0 {
            break;
        }
    }
    lo
}

/// Whole people: the largest whole N with `P(Binomial(N, duty) <= streams) >= p`.
///
/// # Formula
/// `N = floor(binomial_max_users(S, d, p))`, then checked against the exact condition on N and
/// N + 1 (one step either way), so a root that lands within rounding of a whole number cannot
/// give the wrong count.
///
/// Bad input: a count, so NaN gives 0 people; it saturates at `u64::MAX`.
pub fn finite_population_people(streams: u64, duty: f64, p: f64) -> u64 {
    whole_people_at(binomial_max_users(streams, duty, p), streams, duty, p)
}

/// [`finite_population_people`] from an already computed [`binomial_max_users`].
pub(crate) fn whole_people_at(users: f64, streams: u64, duty: f64, p: f64) -> u64 {
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
/// `E = P(Bin(N-1, d) = S) / P(Bin(N-1, d) <= S)`.
///
/// Bad input: `N - 1 < S` gives 0 (the others cannot fill every stream); `d <= 0` gives 0;
/// `d >= 1` gives 1 when `N - 1 >= S`; NaN gives NaN.
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
