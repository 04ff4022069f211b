//! Measured p99 time to first token against concurrency, and the largest concurrency whose p99
//! stays under a ceiling: the fourth limit of a team plan.
//!
//! The English seed's GPUwerk table gives the p99 TTFT of Qwen3-Coder-30B-A3B as 2.7 s at 64
//! concurrent requests and 7.1 s at 128 ("the p99 wait for the first token on the 30B stays
//! under 3 seconds up to 64 concurrent and then grows fast"). As with speeds, values between
//! measured points are read on straight lines (the seeds' interpolation), nothing is
//! extrapolated, and the first crossing counts.

use crate::curve::MAX_CONCURRENCY;
use alloc::vec::Vec;
use core::fmt;

/// One measured point: at `concurrency` requests in flight, 99 % of requests saw their first
/// token within `p99_s` seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TtftPoint {
    pub concurrency: f64,
    pub p99_s: f64,
}

/// A validated p99 TTFT curve: at least one point, all finite and positive, concurrency strictly
/// increasing and at most [`MAX_CONCURRENCY`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TtftCurve {
    points: Vec<TtftPoint>,
}

/// Why a list of p99 TTFT points is not a curve (`index` 0-based).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum TtftCurveError {
    /// No points.
    Empty,
    /// A concurrency or time that is NaN, infinite, 0 or negative.
    NotPositive { index: usize },
    /// Concurrency not above the point before it.
    NotIncreasing { index: usize },
    /// Concurrency above [`MAX_CONCURRENCY`].
    TooLarge { index: usize },
}

impl fmt::Display for TtftCurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TtftCurveError::Empty => f.write_str("no p99 time to first token was measured"),
            TtftCurveError::NotPositive { index } => {
                write!(f, "p99 TTFT point {}: concurrency and time must be numbers above 0", index + 1)
            }
            TtftCurveError::NotIncreasing { index } => {
                write!(f, "p99 TTFT point {}: concurrency must be above the point before it", index + 1)
            }
            TtftCurveError::TooLarge { index } => {
                write!(f, "p99 TTFT point {}: concurrency is above the supported {MAX_CONCURRENCY}", index + 1)
            }
        }
    }
}

impl core::error::Error for TtftCurveError {}

/// The largest concurrency whose p99 TTFT stays within a ceiling.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum ConcurrencyUnderCeiling {
    /// Crossed between two measured points, at fractional `concurrency`.
    Within { concurrency: f64, under: TtftPoint, over: TtftPoint },
    /// Even the lowest measured concurrency is over the ceiling: 0 streams.
    NeverUnder { first: TtftPoint },
    /// Still within the ceiling at the highest measured concurrency: at least that many.
    AtLeast { last: TtftPoint },
}

impl ConcurrencyUnderCeiling {
    /// Fractional when `Within`, 0 when `NeverUnder`, the highest measured when `AtLeast`.
    pub fn concurrency(&self) -> f64 {
        match *self {
            ConcurrencyUnderCeiling::Within { concurrency, .. } => concurrency,
            ConcurrencyUnderCeiling::NeverUnder { .. } => 0.0,
            ConcurrencyUnderCeiling::AtLeast { last } => last.concurrency,
        }
    }

    /// True when the count is only a lower bound.
    pub fn is_lower_bound(&self) -> bool {
        matches!(self, ConcurrencyUnderCeiling::AtLeast { .. })
    }
}

impl TtftCurve {
    /// Points as (concurrency, p99 TTFT in seconds), validated once.
    pub fn from_seconds(points: &[(f64, f64)]) -> Result<TtftCurve, TtftCurveError> {
        if points.is_empty() {
            return Err(TtftCurveError::Empty);
        }
        let mut out = Vec::with_capacity(points.len());
        for (index, &(concurrency, p99_s)) in points.iter().enumerate() {
            let positive = |v: f64| v.is_finite() && v > 0.0;
            if !positive(concurrency) || !positive(p99_s) {
                return Err(TtftCurveError::NotPositive { index });
            }
            if concurrency > MAX_CONCURRENCY {
                return Err(TtftCurveError::TooLarge { index });
            }
            if out.last().is_some_and(|p: &TtftPoint| concurrency <= p.concurrency) {
                return Err(TtftCurveError::NotIncreasing { index });
            }
            out.push(TtftPoint { concurrency, p99_s });
        }
        Ok(TtftCurve { points: out })
    }

    /// The validated points, in increasing concurrency. Never empty.
    pub fn points(&self) -> &[TtftPoint] {
        &self.points
    }

    /// The p99 TTFT at `concurrency`, on straight lines between measured points; `None` outside
    /// the measured range or for NaN.
    ///
    /// # Formula
    /// `t = t0 + (c - c0) / (c1 - c0) x (t1 - t0)` between the bracketing points (the seeds'
    /// linear interpolation, English seed step 2, applied to the TTFT column).
    pub fn p99_at(&self, concurrency: f64) -> Option<f64> {
        let first = self.points.first()?;
        let last = self.points.last()?;
        if !(concurrency >= first.concurrency && concurrency <= last.concurrency) {
            return None;
        }
        let k = self.points.partition_point(|p| p.concurrency < concurrency);
        let right = self.points.get(k)?;
        if right.concurrency == concurrency || k == 0 {
            return Some(right.p99_s);
        }
        let left = self.points.get(k - 1)?;
        let t = (concurrency - left.concurrency) / (right.concurrency - left.concurrency);
        Some(left.p99_s + t * (right.p99_s - left.p99_s))
    }

    /// The largest concurrency whose p99 TTFT stays at or under `ceiling_s`: the first crossing.
    ///
    /// # Formula
    /// On the first segment with `t0 <= ceiling < t1`: `c = c0 + (ceiling - t0) / (t1 - t0) x
    /// (c1 - c0)` (English seed: 2.7 s at 64 and 7.1 s at 128 put a 3 s ceiling at
    /// 64 + 0.3 / 4.4 x 64 = 68.4 concurrent requests). A NaN ceiling gives `NeverUnder`.
    pub fn concurrency_under(&self, ceiling_s: f64) -> ConcurrencyUnderCeiling {
        let first = self.points.first().copied().unwrap_or(TtftPoint { concurrency: 1.0, p99_s: f64::INFINITY });
        if ceiling_s.is_nan() || first.p99_s > ceiling_s {
            return ConcurrencyUnderCeiling::NeverUnder { first };
        }
        let Some(j) = self.points.iter().position(|p| p.p99_s > ceiling_s) else {
            let last = self.points.last().copied().unwrap_or(first);
            return ConcurrencyUnderCeiling::AtLeast { last };
        };
        let (Some(&under), Some(&over)) = (self.points.get(j.wrapping_sub(1)), self.points.get(j)) else {
            return ConcurrencyUnderCeiling::NeverUnder { first };
        };
        let t = (ceiling_s - under.p99_s) / (over.p99_s - under.p99_s);
        let concurrency = under.concurrency + t * (over.concurrency - under.concurrency);
        ConcurrencyUnderCeiling::Within { concurrency, under, over }
    }
}
