//! Erlang B and C: S streams as servers of a queue (M/M/S), for the load at which requests start
//! waiting for a free stream instead of sharing a slower one.

use super::normal::normal_cdf;
use super::poisson::{poisson_cdf, poisson_pmf};
use super::root::find_root_decreasing;
use core::fmt;

/// Up to this many servers Erlang B runs its textbook recurrence; above it, the equal Poisson
/// ratio (same value, O(sqrt S) work instead of O(S)).
const RECURRENCE_MAX_SERVERS: u64 = 1_000;

/// Waiting at a stable load: the share of requests that wait, and the mean wait.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ErlangC {
    /// Probability that an arriving request finds every stream busy and waits.
    pub wait_probability: f64,
    /// Mean wait over all requests, in mean service (busy) times.
    pub mean_wait_service_times: f64,
    /// Mean wait of the requests that do wait, in mean service times.
    pub mean_wait_if_waiting_service_times: f64,
}

/// Why Erlang C has no steady state.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum ErlangCError {
    /// Load at or above the number of servers: the queue grows without bound.
    Overloaded { servers: u64, load: f64 },
    /// Load is NaN or negative.
    InvalidLoad { load: f64 },
}

impl fmt::Display for ErlangCError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErlangCError::Overloaded { servers, load } => {
                write!(f, "a load of {load} on {servers} streams is overloaded: the queue grows without bound")
            }
            ErlangCError::InvalidLoad { load } => write!(f, "load {load} must be a number of 0 or more"),
        }
    }
}

impl core::error::Error for ErlangCError {}

/// Erlang B: the probability that all `servers` are busy with loss (no queue), at `load` Erlangs.
///
/// # Formula
/// The stable recurrence `B(0) = 1`, `B(k) = A B(k-1) / (k + A B(k-1))` (Erlang 1917; e.g.
/// Kleinrock, Queueing Systems I, 3.10), run on `1 / B`, up to 1,000 servers; above that the identity
/// `B(S, A) = P(N = S) / P(N <= S)` for N ~ Poisson(A), with both from the stable Poisson
/// routines.
///
/// Bad input: NaN or negative load gives NaN; load 0 gives 0 (1 for 0 servers).
pub fn erlang_b(servers: u64, load: f64) -> f64 {
    if load.is_nan() || load < 0.0 {
        return f64::NAN;
    }
    if servers == 0 {
        return 1.0;
    }
    if load == 0.0 {
        return 0.0;
    }
    if load.is_infinite() {
        return 1.0;
    }
    if servers <= RECURRENCE_MAX_SERVERS {
        // Reciprocal form r(k) = 1 / B(k) = 1 + (k / A) r(k - 1): positive terms only, and one
        // multiply-add per server instead of a division. Overflow to +inf means B underflows to 0.
        let per_load = 1.0 / load;
        let mut reciprocal = 1.0;
        for k in 1..=servers {
            reciprocal = 1.0 + (k as f64 * per_load) * reciprocal;
        }
        1.0 / reciprocal
    } else {
        let cdf = poisson_cdf(servers, load);
        if cdf > 0.0 { (poisson_pmf(servers, load) / cdf).min(1.0) } else { 1.0 }
    }
}

/// Erlang C at `load` Erlangs on `servers` streams, or why there is no steady state.
///
/// # Formula
/// With `B = erlang_b(S, A)` and `A < S`: `C = S B / (S - A (1 - B))`, mean wait
/// `W = C / (S - A)` service times, and `1 / (S - A)` for those who wait (Kleinrock, Queueing
/// Systems I, 3.5).
///
/// Bad input: an error, never a value: `A >= S` is [`ErlangCError::Overloaded`], NaN or negative
/// load is [`ErlangCError`]'s other variant.
pub fn erlang_c(servers: u64, load: f64) -> Result<ErlangC, ErlangCError> {
    if load.is_nan() || load < 0.0 {
        return Err(ErlangCError::InvalidLoad { load });
    }
    let s = servers as f64;
    if load >= s {
        return Err(ErlangCError::Overloaded { servers, load });
    }
    let (_, c) = blocking_and_wait(servers, load);
    let spare = s - load;
    Ok(ErlangC {
        wait_probability: c,
        mean_wait_service_times: c / spare,
        mean_wait_if_waiting_service_times: 1.0 / spare,
    })
}

/// Erlang B and C together, for a load already checked to be in `[0, S)`.
///
/// # Formula
/// `C = S B / (S - A (1 - B))` (Kleinrock, Queueing Systems I, 3.5).
fn blocking_and_wait(servers: u64, load: f64) -> (f64, f64) {
    let s = servers as f64;
    let b = erlang_b(servers, load);
    (b, (s * b / (s - load * (1.0 - b))).clamp(0.0, 1.0))
}

/// The largest load on `servers` streams at which at most `max_wait_probability` of requests
/// wait.
///
/// # Formula
/// Solve `C(S, A) = q` for A in `[0, S)`: C rises strictly from 0 to 1 as A goes from 0 to S, so
/// safeguarded Newton steps from the Halfin-Whitt square-root-staffing estimate converge.
///
/// Bad input: `q >= 1` gives S (the supremum); `q <= 0`, NaN or 0 servers give 0.
pub fn erlang_c_max_load(servers: u64, max_wait_probability: f64) -> f64 {
    let q = max_wait_probability;
    if servers == 0 || q.is_nan() || q <= 0.0 {
        return 0.0;
    }
    let s = servers as f64;
    if q >= 1.0 {
        return s;
    }
    let slack = |load: f64| {
        if load >= s {
            return (q - 1.0, -1.0);
        }
        let (b, c) = blocking_and_wait(servers, load);
        (q - c, -wait_probability_slope(s, load, b, c))
    };
    // Square-root staffing (Halfin & Whitt 1981): A = S - beta sqrt(S), with beta from q.
    let guess = s - halfin_whitt_beta(q) * libm::sqrt(s);
    find_root_decreasing(slack, 0.0, s, guess)
}

/// dC/dA, the slope of the wait probability in the load.
///
/// # Formula
/// With `dB/dA = B (S/A - 1 + B)` (differentiate `ln B = S ln A - ln sum_{k<=S} A^k/k!`) and
/// `C = S B / D`, `D = S - A + A B`: `dC/dA = (S B' D - S B D') / D^2`, `D' = B - 1 + A B'`.
fn wait_probability_slope(s: f64, load: f64, b: f64, c: f64) -> f64 {
    if load <= 0.0 || b.is_nan() {
        return 0.0;
    }
    let db = b * (s / load - 1.0 + b);
    let d = s - load + load * b;
    let dd = b - 1.0 + load * db;
    // S B' / D - C D' / D, as S B / D = C.
    (s * db - c * dd) / d
}

/// The Halfin-Whitt staffing parameter for a wait probability `q` in (0, 1).
///
/// # Formula
/// Solve `q = 1 / (1 + beta Phi(beta) / phi(beta))` for beta > 0 (Halfin & Whitt, Operations
/// Research 29(3), 1981), by bisection on [0, 40]. Only a starting point: the exact search follows.
fn halfin_whitt_beta(q: f64) -> f64 {
    let wait = |beta: f64| {
        let pdf = libm::exp(-0.5 * beta * beta) / libm::sqrt(2.0 * core::f64::consts::PI);
        let ratio = if pdf > 0.0 { beta * normal_cdf(beta) / pdf } else { f64::INFINITY };
        1.0 / (1.0 + ratio)
    };
    let (mut lo, mut hi) = (0.0_f64, 40.0_f64);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if wait(mid) > q {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}
