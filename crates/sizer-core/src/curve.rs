//! Concurrency curves: validated (concurrent requests, per-request generated tok/s) points.
//!
//! The seeds publish the same curve three ways (see the English seed's first table and its
//! caption): per-request tok/s directly (Dendro Logic), aggregate tok/s over all N requests
//! (Petronella, the NVIDIA forum: divide by N) and median time per output token in ms (GPUwerk's
//! raw logs: 1000 / TPOT). Each constructor validates the figures *as the caller typed them*, so
//! an error names the point and the column the person sees, then converts them to per-request
//! tok/s.

use alloc::vec::Vec;
use core::fmt;

/// The largest concurrency a curve may hold. No published sweep goes past a few hundred; the cap
/// keeps every later step (exact Poisson, Erlang C) inside its documented, fast range.
pub const MAX_CONCURRENCY: f64 = 1_000_000.0;

/// One measured point: `concurrency` requests in flight, each generating `tok_s` tokens/s.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Concurrent requests (may be fractional, e.g. a measured average).
    pub concurrency: f64,
    /// Generated tokens per second seen by each request.
    pub tok_s: f64,
}

/// A validated concurrency curve: at least one point, all finite and positive, concurrency
/// strictly increasing and at most [`MAX_CONCURRENCY`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Vec<Point>", into = "Vec<Point>")
)]
pub struct Curve {
    points: Vec<Point>,
}

/// Which column of an input point was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum Column {
    /// The number of concurrent requests.
    Concurrency,
    /// The measured figure: per-request tok/s, aggregate tok/s or TPOT in ms.
    Measurement,
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Column::Concurrency => "concurrency",
            Column::Measurement => "measurement",
        })
    }
}

/// Why a list of points is not a curve. `index` is 0-based; messages count points from 1.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum CurveError {
    /// No points at all.
    Empty,
    /// NaN or infinite (as typed, or after conversion, e.g. 1000 / 1e-320 ms).
    NotFinite { index: usize, column: Column },
    /// Zero or negative (as typed, or after conversion).
    NotPositive { index: usize, column: Column, value: f64 },
    /// Concurrency lower than the point before it.
    Unsorted { index: usize, concurrency: f64, previous: f64 },
    /// Concurrency equal to the point before it.
    Duplicate { index: usize, concurrency: f64 },
    /// Concurrency above [`MAX_CONCURRENCY`].
    TooLarge { index: usize, concurrency: f64 },
}

impl fmt::Display for CurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CurveError::Empty => f.write_str("the curve has no points"),
            CurveError::NotFinite { index, column } => {
                write!(f, "point {}: {column} is not a finite number", index + 1)
            }
            CurveError::NotPositive { index, column, value } => {
                write!(f, "point {}: {column} {value} must be greater than 0", index + 1)
            }
            CurveError::Unsorted { index, concurrency, previous } => write!(
                f,
                "point {}: concurrency {concurrency} comes after {previous}; sort points by concurrency",
                index + 1
            ),
            CurveError::Duplicate { index, concurrency } => {
                write!(f, "point {}: concurrency {concurrency} appears twice", index + 1)
            }
            CurveError::TooLarge { index, concurrency } => {
                write!(f, "point {}: concurrency {concurrency} is above the supported {MAX_CONCURRENCY}", index + 1)
            }
        }
    }
}

impl core::error::Error for CurveError {}

/// What a published speed figure measures: the one place a figure becomes per-request
/// generated tok/s (the dataset's runs and the importers both convert through it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpeedFigure {
    /// Per-request generated tok/s, as published.
    PerRequestTokS,
    /// Time per output token, ms (median or mean).
    TpotMs,
    /// Aggregate generated tok/s over all concurrent requests.
    AggregateTokS,
}

impl SpeedFigure {
    /// Per-request generated tok/s from `value` measured at `concurrency`. Not validated: a zero
    /// or negative input gives a non-finite or non-positive speed, which [`Curve`] refuses.
    ///
    /// # Formula
    /// `PerRequestTokS`: `value` (Dendro Logic's per-sequence figures; English seed, first
    /// table); `TpotMs`: `1000 / value` (English seed: "Per-user tok/s is my arithmetic, 1,000
    /// divided by the median time per output token"); `AggregateTokS`: `value / concurrency`
    /// (English seed: "Petronella reports aggregates only; I divided by the user count";
    /// llama.cpp's S_TG counts all B sequences).
    pub fn per_request_tok_s(self, concurrency: f64, value: f64) -> f64 {
        match self {
            SpeedFigure::PerRequestTokS => value,
            SpeedFigure::TpotMs => 1000.0 / value,
            SpeedFigure::AggregateTokS => value / concurrency,
        }
    }
}

impl Curve {
    /// Points given as (concurrency, per-request generated tok/s).
    pub fn from_per_request(points: &[(f64, f64)]) -> Result<Curve, CurveError> {
        Self::from_figure(SpeedFigure::PerRequestTokS, points)
    }

    /// Points given as (concurrency N, aggregate generated tok/s over all N requests).
    pub fn from_aggregate(points: &[(f64, f64)]) -> Result<Curve, CurveError> {
        Self::from_figure(SpeedFigure::AggregateTokS, points)
    }

    /// Points given as (concurrency, median time per output token in ms).
    pub fn from_tpot_ms(points: &[(f64, f64)]) -> Result<Curve, CurveError> {
        Self::from_figure(SpeedFigure::TpotMs, points)
    }

    /// Points given as (concurrency, `figure`), converted by [`SpeedFigure::per_request_tok_s`].
    pub fn from_figure(figure: SpeedFigure, points: &[(f64, f64)]) -> Result<Curve, CurveError> {
        Self::build(points, |c, v| figure.per_request_tok_s(c, v))
    }

    /// Already converted points (e.g. from a dataset); validated like the constructors above.
    pub fn from_points(points: &[Point]) -> Result<Curve, CurveError> {
        let pairs: Vec<(f64, f64)> = points.iter().map(|p| (p.concurrency, p.tok_s)).collect();
        Self::from_per_request(&pairs)
    }

    /// The validated points, sorted by strictly increasing concurrency. Never empty.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The lowest-concurrency point.
    pub fn first(&self) -> Point {
        self.points.first().copied().unwrap_or(Point { concurrency: 1.0, tok_s: 1.0 })
    }

    /// The highest-concurrency point.
    pub fn last(&self) -> Point {
        self.points.last().copied().unwrap_or(Point { concurrency: 1.0, tok_s: 1.0 })
    }

    fn build(points: &[(f64, f64)], to_tok_s: impl Fn(f64, f64) -> f64) -> Result<Curve, CurveError> {
        if points.is_empty() {
            return Err(CurveError::Empty);
        }
        let mut out = Vec::with_capacity(points.len());
        let mut previous: Option<f64> = None;
        for (index, &(concurrency, measurement)) in points.iter().enumerate() {
            check_positive(index, Column::Concurrency, concurrency)?;
            check_positive(index, Column::Measurement, measurement)?;
            if concurrency > MAX_CONCURRENCY {
                return Err(CurveError::TooLarge { index, concurrency });
            }
            if let Some(previous) = previous {
                if concurrency == previous {
                    return Err(CurveError::Duplicate { index, concurrency });
                }
                if concurrency < previous {
                    return Err(CurveError::Unsorted { index, concurrency, previous });
                }
            }
            let tok_s = to_tok_s(concurrency, measurement);
            if !tok_s.is_finite() {
                return Err(CurveError::NotFinite { index, column: Column::Measurement });
            }
            if tok_s <= 0.0 {
                return Err(CurveError::NotPositive { index, column: Column::Measurement, value: tok_s });
            }
            previous = Some(concurrency);
            out.push(Point { concurrency, tok_s });
        }
        Ok(Curve { points: out })
    }
}

fn check_positive(index: usize, column: Column, value: f64) -> Result<(), CurveError> {
    if !value.is_finite() {
        Err(CurveError::NotFinite { index, column })
    } else if value <= 0.0 {
        Err(CurveError::NotPositive { index, column, value })
    } else {
        Ok(())
    }
}

impl TryFrom<Vec<Point>> for Curve {
    type Error = CurveError;
    fn try_from(points: Vec<Point>) -> Result<Curve, CurveError> {
        Curve::from_points(&points)
    }
}

impl From<Curve> for Vec<Point> {
    fn from(curve: Curve) -> Vec<Point> {
        curve.points
    }
}
