//! Turning a run into per-request speeds, saying which figure was used.
//!
//! Sources publish different columns, so a run picks one basis for all its points: the one
//! that covers the most points, ties broken in this order of preference:
//! 1. the per-request tok/s figure (published, or derived by the article or by us);
//! 2. 1000 / median time per output token;
//! 3. 1000 / mean time per output token;
//! 4. aggregate tok/s / concurrency.
//!
//! Points without the chosen figure are left out, never filled from another column: mixing
//! counters would put kinks into the curve (Dendro Logic's 33.6 per-request vs 33.5 aggregate
//! at one request).

use core::fmt;

use serde::{Deserialize, Serialize};
use sizer_core::SpeedFigure;

use crate::dataset::figure::Figure;
use crate::dataset::model::{Run, RunPoint};

/// What a speed figure measures, and so how the core converts it to per-request tok/s: which
/// figure of a run's points became its curve, and which an imported file's curve uses (the
/// import crate maps its files' keys onto these).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CurveBasis {
    /// The per-request tok/s figure.
    PerRequest,
    /// 1000 / median TPOT (ms).
    MedianTpot,
    /// 1000 / mean TPOT (ms).
    MeanTpot,
    /// Aggregate tok/s divided by the concurrency.
    AggregateOverConcurrency,
    /// 1000 / inter-token latency (ms): the gap after the first token, what vLLM calls TPOT, as
    /// GuideLLM, AIPerf and old SGLang files name it. Only an imported file carries it (a run's
    /// point keeps what we derived from it as its per-request figure), so a run never picks it.
    InterTokenLatency,
}

impl CurveBasis {
    /// Every basis.
    pub const ALL: [CurveBasis; 5] = [
        CurveBasis::PerRequest,
        CurveBasis::MedianTpot,
        CurveBasis::MeanTpot,
        CurveBasis::AggregateOverConcurrency,
        CurveBasis::InterTokenLatency,
    ];

    /// The basis's stable key, as JSON names it (`median_tpot`).
    pub fn key(self) -> &'static str {
        match self {
            CurveBasis::PerRequest => "per_request",
            CurveBasis::MedianTpot => "median_tpot",
            CurveBasis::MeanTpot => "mean_tpot",
            CurveBasis::AggregateOverConcurrency => "aggregate_over_concurrency",
            CurveBasis::InterTokenLatency => "inter_token_latency",
        }
    }

    /// The basis with this [`CurveBasis::key`].
    pub fn from_key(key: &str) -> Option<CurveBasis> {
        CurveBasis::ALL.into_iter().find(|basis| basis.key() == key)
    }

    /// All bases, most preferred first.
    pub const PREFERENCE: [CurveBasis; 4] =
        [CurveBasis::PerRequest, CurveBasis::MedianTpot, CurveBasis::MeanTpot, CurveBasis::AggregateOverConcurrency];

    /// The figure this basis reads from a point.
    fn figure(self, point: &RunPoint) -> Option<&Figure> {
        match self {
            CurveBasis::PerRequest => point.per_request_tok_s.as_ref(),
            CurveBasis::MedianTpot => point.median_tpot_ms.as_ref(),
            CurveBasis::MeanTpot => point.mean_tpot_ms.as_ref(),
            CurveBasis::AggregateOverConcurrency => point.aggregate_tok_s.as_ref(),
            CurveBasis::InterTokenLatency => None,
        }
    }

    /// What this basis's figure measures.
    pub fn figure_kind(self) -> SpeedFigure {
        match self {
            CurveBasis::PerRequest => SpeedFigure::PerRequestTokS,
            CurveBasis::MedianTpot | CurveBasis::MeanTpot | CurveBasis::InterTokenLatency => SpeedFigure::TpotMs,
            CurveBasis::AggregateOverConcurrency => SpeedFigure::AggregateTokS,
        }
    }

    /// Per-request tok/s at one point, if this basis's figure is there (converted by the core's
    /// [`SpeedFigure::per_request_tok_s`]).
    pub fn per_request_tok_s(self, point: &RunPoint) -> Option<f64> {
        let value = self.figure(point)?.value;
        Some(self.figure_kind().per_request_tok_s(f64::from(point.concurrency), value))
    }
}

/// Why a run has no curve.
#[derive(Clone, Debug, PartialEq)]
pub enum RunCurveError {
    /// No point carries per-request tok/s, TPOT or an aggregate (e.g. NVIDIA's task durations).
    NoSpeedFigure,
    /// The core rejected the points.
    Core(sizer_core::CurveError),
}

impl fmt::Display for RunCurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunCurveError::NoSpeedFigure => {
                f.write_str("no point has a per-request speed, a TPOT or an aggregate throughput")
            }
            RunCurveError::Core(error) => write!(f, "{error:?}"),
        }
    }
}

impl std::error::Error for RunCurveError {}

impl Run {
    /// The basis [`Run::curve`] uses, or `None` when no point has a speed figure.
    pub fn curve_basis(&self) -> Option<CurveBasis> {
        let mut best: Option<(CurveBasis, usize)> = None;
        for basis in CurveBasis::PREFERENCE {
            let covered = self.points.iter().filter(|p| basis.figure(p).is_some()).count();
            if covered > 0 && best.is_none_or(|(_, most)| covered > most) {
                best = Some((basis, covered));
            }
        }
        best.map(|(basis, _)| basis)
    }

    /// `(concurrency, per-request tok/s)` pairs on the chosen basis, in concurrency order.
    pub fn curve_points(&self) -> Result<(Vec<(f64, f64)>, CurveBasis), RunCurveError> {
        let basis = self.curve_basis().ok_or(RunCurveError::NoSpeedFigure)?;
        let points =
            self.points.iter().filter_map(|p| Some((f64::from(p.concurrency), basis.per_request_tok_s(p)?))).collect();
        Ok((points, basis))
    }

    /// The run as a core curve of per-request generated tok/s, and the figure it came from.
    pub fn curve(&self) -> Result<(sizer_core::Curve, CurveBasis), RunCurveError> {
        let (points, basis) = self.curve_points()?;
        let curve = sizer_core::Curve::from_per_request(&points).map_err(RunCurveError::Core)?;
        Ok((curve, basis))
    }
}
