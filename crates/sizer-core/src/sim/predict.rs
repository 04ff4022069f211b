//! What the formula predicts for the in-flight count: Poisson (infinitely many users, the
//! sizing's assumption) and the finite-population law (each user in flight or not).

use crate::headroom::poisson_pmf;
use alloc::vec;
use alloc::vec::Vec;
use libm::{exp, lgamma, log, log1p};

/// Teams larger than this with more than one group get no finite-population prediction: the
/// convolution costs users squared.
pub const MAX_USERS_FOR_CONVOLUTION: u32 = 5_000;

/// `P(K = k)` for K ~ Binomial(n, p).
///
/// # Formula
/// `exp(ln n! - ln k! - ln (n-k)! + k ln p + (n - k) ln(1 - p))` with `ln m! = lgamma(m + 1)`;
///
/// Bad input: p <= 0 and p >= 1 are point masses at 0 and n, a NaN p gives NaN; `k > n`
/// gives 0.
pub fn binomial_pmf(n: u32, p: f64, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    if p <= 0.0 {
        return if k == 0 { 1.0 } else { 0.0 };
    }
    if p >= 1.0 {
        return if k == n { 1.0 } else { 0.0 };
    }
    let (n, k) = (f64::from(n), f64::from(k));
    exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) + k * log(p) + (n - k) * log1p(-p))
}

/// Poisson probabilities of 0 to `max` with mean `mean`.
pub fn poisson_shares(mean: f64, max: usize) -> Vec<f64> {
    (0..=max).map(|k| poisson_pmf(k as u64, mean)).collect()
}

/// The distribution of the number of users in flight when each of `count_g` users of group g is
/// in flight with probability `p_g`, independently: 0 to `sum count_g`. `None` when a mixed
/// team is larger than [`MAX_USERS_FOR_CONVOLUTION`].
///
/// # Formula
/// One group: Binomial(count, p). Several: the convolution of their binomials (the
/// Poisson-binomial law of the in-flight count; for independent users alternating think and
/// busy periods, each is in flight a share `busy / cycle` of the time).
///
/// Bad input: each group's p follows [`binomial_pmf`] (outside (0, 1) a point mass); a team
/// too large to convolve is `None`.
pub fn finite_population_shares(groups: &[(u32, f64)]) -> Option<Vec<f64>> {
    let active: Vec<(u32, f64)> = groups.iter().copied().filter(|&(n, _)| n > 0).collect();
    let total = active.iter().fold(0u32, |s, &(n, _)| s.saturating_add(n));
    match active.as_slice() {
        [] => Some(vec![1.0]),
        [(n, p)] => Some((0..=*n).map(|k| binomial_pmf(*n, *p, k)).collect()),
        _ if total > MAX_USERS_FOR_CONVOLUTION => None,
        _ => {
            let mut dist = vec![1.0];
            for &(n, p) in &active {
                let group: Vec<f64> = (0..=n).map(|k| binomial_pmf(n, p, k)).collect();
                let mut next = vec![0.0; dist.len() + group.len() - 1];
                for (i, &a) in dist.iter().enumerate() {
                    if a == 0.0 {
                        continue;
                    }
                    for (j, &b) in group.iter().enumerate() {
                        next[i + j] += a * b;
                    }
                }
                dist = next;
            }
            Some(dist)
        }
    }
}
