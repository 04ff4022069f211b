//! Per-request speed between measured points, and its inverse: streams at a speed floor.
//!
//! # Two methods, and how they differ
//! - [`Interpolation::Linear`] draws straight lines between neighbouring points in
//!   (concurrency, tok/s). This is what the seeds do ("Interpolating linearly between measured
//!   points", English seed, step 2), so it reproduces their figures and is the default.
//! - [`Interpolation::MonotoneLog2`] draws a monotone piecewise-cubic curve (PCHIP,
//!   Fritsch-Carlson with Fritsch-Butland slopes) through the same points in
//!   (log2(concurrency), tok/s). Sweeps are taken at 1, 8, 32, 128, 256: doubling steps, over
//!   which per-request speed falls roughly like a power law. That curve is convex, so the
//!   straight chord between two points lies above it: linear interpolation overstates speed
//!   inside wide gaps (e.g. 8 to 32: 31.0 tok/s at 16 for Qwen3-Coder-30B-A3B, against 26.7 by
//!   PCHIP in log2), and so overstates the streams at a floor (52.5 against 49.0 at 15 tok/s).
//!   The log2 axis spaces the points evenly and the cubic follows the curvature, while the
//!   monotone slopes guarantee that, inside every gap, the curve stays between its two measured
//!   values (no overshoot, no invented bump). Where the measured points are monotone, so is the
//!   interpolant.
//!
//! Both methods pass through every measured point exactly, neither extrapolates: below the
//! first or above the last measured concurrency there is no speed ([`Curve::speed_at`] returns
//! `None`) and the inverse says so ([`StreamsAtFloor::NeverReached`], [`StreamsAtFloor::AtLeast`]).

use crate::curve::{Curve, Point};
use libm::{exp2, log2};

/// How to read speed between measured points. See the module docs for the difference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum Interpolation {
    /// Straight lines in (concurrency, tok/s): the seeds' method.
    #[default]
    Linear,
    /// Monotone cubic (PCHIP) in (log2 concurrency, tok/s).
    MonotoneLog2,
}

/// How many concurrent streams keep each request at or above a speed floor.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum StreamsAtFloor {
    /// The floor is crossed between two measured points, at fractional `streams`.
    /// `above` is the last point at or above the floor, `below` the first point under it.
    Within { streams: f64, above: Point, below: Point },
    /// Even the lowest measured concurrency is under the floor: 0 streams (the dense 70B case).
    NeverReached { first: Point },
    /// Still at or above the floor at the highest measured concurrency: at least
    /// `last.concurrency` streams, not measured beyond (no extrapolation).
    AtLeast { last: Point },
}

impl StreamsAtFloor {
    /// The stream count: fractional when `Within`, 0 when `NeverReached`, and the highest
    /// measured concurrency (a lower bound) when `AtLeast`.
    pub fn streams(&self) -> f64 {
        match *self {
            StreamsAtFloor::Within { streams, .. } => streams,
            StreamsAtFloor::NeverReached { .. } => 0.0,
            StreamsAtFloor::AtLeast { last } => last.concurrency,
        }
    }

    /// True when the count is only a lower bound (`AtLeast`).
    pub fn is_lower_bound(&self) -> bool {
        matches!(self, StreamsAtFloor::AtLeast { .. })
    }
}

impl Curve {
    /// Per-request tok/s at `concurrency`; `None` outside the measured range or for NaN.
    ///
    /// # Formula
    /// Linear: `v = v0 + (c - c0) / (c1 - c0) * (v1 - v0)` between the bracketing points
    /// (English seed, step 2). MonotoneLog2: the cubic Hermite
    /// `v = h00(t) v0 + h10(t) h d0 + h01(t) v1 + h11(t) h d1` with `x = log2 c`, `h = x1 - x0`,
    /// `t = (x - x0) / h` and Fritsch-Butland slopes `d` (Fritsch & Carlson 1980, SIAM J. Numer.
    /// Anal. 17(2); Fritsch & Butland 1984, SIAM J. Sci. Stat. Comput. 5(2)).
    pub fn speed_at(&self, concurrency: f64, method: Interpolation) -> Option<f64> {
        let points = self.points();
        let first = points.first()?;
        let last = points.last()?;
        if !(concurrency >= first.concurrency && concurrency <= last.concurrency) {
            return None;
        }
        // Index of the first point with concurrency >= c; c lies in [k-1, k].
        let k = points.partition_point(|p| p.concurrency < concurrency);
        let right = points.get(k)?;
        if right.concurrency == concurrency || k == 0 {
            return Some(right.tok_s);
        }
        let left = points.get(k - 1)?;
        Some(match method {
            Interpolation::Linear => {
                let t = (concurrency - left.concurrency) / (right.concurrency - left.concurrency);
                left.tok_s + t * (right.tok_s - left.tok_s)
            }
            Interpolation::MonotoneLog2 => {
                let x0 = log2(left.concurrency);
                let h = log2(right.concurrency) - x0;
                hermite(points, k - 1, (log2(concurrency) - x0) / h)
            }
        })
    }

    /// How many concurrent streams keep each request at or above `floor_tok_s`.
    ///
    /// The answer is the first crossing: the concurrency where the curve first falls under the
    /// floor. (A noisy curve that rises again later does not count: running more streams would
    /// pass through the slow region.) This makes the count non-increasing as the floor rises. A
    /// NaN floor gives `NeverReached` (nothing is known to meet it); a floor at or below 0 gives
    /// `AtLeast`.
    ///
    /// # Formula
    /// Linear: `c = c0 + (v0 - floor) / (v0 - v1) * (c1 - c0)` on the first segment with
    /// `v0 >= floor > v1` (English seed, step 2: "15 tok/s lands at about 52 streams").
    /// MonotoneLog2: the same segment, solving the monotone cubic for `floor` by bisection in
    /// `t`, then `c = 2^(x0 + t h)`.
    pub fn streams_at_floor(&self, floor_tok_s: f64, method: Interpolation) -> StreamsAtFloor {
        let points = self.points();
        let first = self.first();
        if floor_tok_s.is_nan() || first.tok_s < floor_tok_s {
            return StreamsAtFloor::NeverReached { first };
        }
        let Some(j) = points.iter().position(|p| p.tok_s < floor_tok_s) else {
            return StreamsAtFloor::AtLeast { last: self.last() };
        };
        // j >= 1 because the first point is at or above the floor.
        let (Some(&above), Some(&below)) = (points.get(j.wrapping_sub(1)), points.get(j)) else {
            return StreamsAtFloor::NeverReached { first };
        };
        let streams = match method {
            Interpolation::Linear => {
                let t = (above.tok_s - floor_tok_s) / (above.tok_s - below.tok_s);
                above.concurrency + t * (below.concurrency - above.concurrency)
            }
            Interpolation::MonotoneLog2 => {
                let x0 = log2(above.concurrency);
                let h = log2(below.concurrency) - x0;
                let t = solve_decreasing(|t| hermite(points, j - 1, t), floor_tok_s);
                exp2(x0 + t * h).clamp(above.concurrency, below.concurrency)
            }
        };
        StreamsAtFloor::Within { streams, above, below }
    }
}

/// The PCHIP value on segment `k` (points k, k+1) at local coordinate `t` in [0, 1].
fn hermite(points: &[Point], k: usize, t: f64) -> f64 {
    let (Some(p0), Some(p1)) = (points.get(k), points.get(k + 1)) else {
        return points.get(k).map_or(f64::NAN, |p| p.tok_s);
    };
    let h = log2(p1.concurrency) - log2(p0.concurrency);
    let d0 = pchip_slope(points, k);
    let d1 = pchip_slope(points, k + 1);
    let t2 = t * t;
    let t3 = t2 * t;
    let h00 = 2.0 * t3 - 3.0 * t2 + 1.0;
    let h10 = t3 - 2.0 * t2 + t;
    let h01 = -2.0 * t3 + 3.0 * t2;
    let h11 = t3 - t2;
    h00 * p0.tok_s + h10 * h * d0 + h01 * p1.tok_s + h11 * h * d1
}

/// Secant slope of segment `k` in (log2 c, tok/s) and its width, if the segment exists.
fn secant(points: &[Point], k: usize) -> Option<(f64, f64)> {
    let p0 = points.get(k)?;
    let p1 = points.get(k + 1)?;
    let h = log2(p1.concurrency) - log2(p0.concurrency);
    Some(((p1.tok_s - p0.tok_s) / h, h))
}

/// The Fritsch-Butland PCHIP derivative at point `k` (the one SciPy's `PchipInterpolator` uses).
fn pchip_slope(points: &[Point], k: usize) -> f64 {
    let left = k.checked_sub(1).and_then(|i| secant(points, i));
    let right = secant(points, k);
    match (left, right) {
        (Some((d_l, h_l)), Some((d_r, h_r))) => {
            if d_l * d_r <= 0.0 {
                0.0
            } else {
                let w1 = 2.0 * h_r + h_l;
                let w2 = h_r + 2.0 * h_l;
                (w1 + w2) / (w1 / d_l + w2 / d_r)
            }
        }
        // First point: one-sided three-point estimate, kept shape-preserving.
        (None, Some((d0, h0))) => match secant(points, k + 1) {
            Some((d1, h1)) => edge_slope(d0, h0, d1, h1),
            None => d0,
        },
        // Last point: the mirror image.
        (Some((d0, h0)), None) => match k.checked_sub(2).and_then(|i| secant(points, i)) {
            Some((d1, h1)) => edge_slope(d0, h0, d1, h1),
            None => d0,
        },
        (None, None) => 0.0,
    }
}

/// End-point slope: `((2 h0 + h1) d0 - h0 d1) / (h0 + h1)`, zeroed if its sign differs from `d0`
/// and limited to `3 d0` where the data turn (Moler, Numerical Computing with MATLAB, 3.4).
fn edge_slope(d0: f64, h0: f64, d1: f64, h1: f64) -> f64 {
    let d = ((2.0 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
    if d * d0 <= 0.0 {
        0.0
    } else if d0 * d1 <= 0.0 && d.abs() > 3.0 * d0.abs() {
        3.0 * d0
    } else {
        d
    }
}

/// `t` in [0, 1] where a non-increasing `f` equals `target` (with `f(0) >= target > f(1)`).
fn solve_decreasing(f: impl Fn(f64) -> f64, target: f64) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        if f(mid) >= target {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= f64::EPSILON {
            break;
        }
    }
    lo
}
