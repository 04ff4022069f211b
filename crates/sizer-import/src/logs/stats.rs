//! The statistics of a log: quantiles of a sample, and the gamma shape of the arrivals with its
//! standard error, from the gaps between requests or from the counts per interval.

use serde::Serialize;

/// How a burstiness was estimated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeMethod {
    /// From the gaps between consecutive requests.
    Gaps,
    /// From the counts of requests per interval (the interval in seconds).
    Counts {
        /// The interval's length in seconds.
        interval_s: u32,
    },
}

/// An estimate with its asymptotic standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// Its asymptotic standard error (delta method; see each estimator).
    pub standard_error: f64,
}

/// Mean, median and upper quantiles of a sample.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Arithmetic mean.
    pub mean: f64,
    /// 50th percentile (`None` where the log gives only totals).
    pub median: Option<f64>,
    /// 90th percentile.
    pub p90: Option<f64>,
    /// 99th percentile.
    pub p99: Option<f64>,
}

impl Summary {
    /// The summary of a sample; `None` when it is empty. Sorts `values` in place.
    pub(crate) fn of(values: &mut [f64]) -> Option<Summary> {
        if values.is_empty() {
            return None;
        }
        values.sort_by(f64::total_cmp);
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let q = |p| Some(quantile(values, p));
        Some(Summary { mean, median: q(0.5), p90: q(0.9), p99: q(0.99) })
    }

    /// A mean alone (a log of totals, such as vLLM's engine lines).
    pub(crate) fn mean_only(mean: f64) -> Summary {
        Summary { mean, median: None, p90: None, p99: None }
    }
}

/// The `p` quantile of a sorted, non-empty sample.
///
/// # Formula
/// Linear interpolation between order statistics, Hyndman & Fan (1996) type 7 (R's and NumPy's
/// default): `h = (n - 1) p`, `q = x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h])`.
pub(crate) fn quantile(sorted: &[f64], p: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * p.clamp(0.0, 1.0);
    let (low, frac) = (h.floor() as usize, h - h.floor());
    let high = (low + 1).min(sorted.len() - 1);
    sorted[low] + frac * (sorted[high] - sorted[low])
}

/// Mean and unbiased variance of a sample of at least two values.
fn mean_variance(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, variance)
}

/// The gamma shape of gaps between arrivals: 1 is Poisson, below 1 burstier. `None` for fewer
/// than two gaps or gaps without spread.
///
/// # Formula
/// Method of moments: `k = mean^2 / variance` of the gaps. Its standard error is the delta
/// method's for independent gamma gaps, `sqrt(2 k (k + 1) / n)` (from `Var(mean) = v/n`,
/// `Var(s^2) = (mu4 - v^2)/n`, `Cov = mu3/n` with gamma's `mu3 = 2k theta^3`,
/// `mu4 = (3k^2 + 6k) theta^4`).
pub(crate) fn shape_from_gaps(gaps: &[f64]) -> Option<Estimate> {
    if gaps.len() < 2 {
        return None;
    }
    let (mean, variance) = mean_variance(gaps);
    let k = mean * mean / variance;
    let se = (2.0 * k * (k + 1.0) / gaps.len() as f64).sqrt();
    (k.is_finite() && k > 0.0).then_some(Estimate { value: k, standard_error: se })
}

/// The gamma shape of arrivals seen only as counts per interval of equal length. `None` for
/// fewer than two intervals or counts without spread.
///
/// # Formula
/// For a renewal process with gamma(k) gaps the index of dispersion of counts over long windows,
/// `variance / mean` of the counts, tends to the squared coefficient of variation of the gaps,
/// `1 / k` (Cox & Lewis, *The Statistical Analysis of Series of Events*, 1966, ch. 4), so
/// `k = mean / variance` of the counts. Its standard error is the delta method's treating the m
/// counts as independent and normal (`Var(mean) = s^2/m`, `Var(s^2) = 2 s^4/m`):
/// `sqrt((1 / s^2 + 2 k^2) / m)`.
pub(crate) fn shape_from_counts(counts: &[f64]) -> Option<Estimate> {
    if counts.len() < 2 {
        return None;
    }
    let (mean, variance) = mean_variance(counts);
    let k = mean / variance;
    let se = ((1.0 / variance + 2.0 * k * k) / counts.len() as f64).sqrt();
    (k.is_finite() && k > 0.0).then_some(Estimate { value: k, standard_error: se })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_interpolate_and_shapes_follow_the_moments() {
        let mut values = [4.0, 1.0, 3.0, 2.0, 5.0];
        let summary = Summary::of(&mut values).expect("some");
        assert_eq!((summary.mean, summary.median, summary.p90), (3.0, Some(3.0), Some(4.6)));
        // Gaps 1 and 3: mean 2, variance 2, shape 2; se sqrt(2*2*3/2).
        let shape = shape_from_gaps(&[1.0, 3.0]).expect("some");
        assert_eq!((shape.value, shape.standard_error), (2.0, 6f64.sqrt()));
        // Counts 2, 4, 6: mean 4, variance 4, shape 1; se sqrt((1/4 + 2) / 3).
        let shape = shape_from_counts(&[2.0, 4.0, 6.0]).expect("some");
        assert_eq!((shape.value, shape.standard_error), (1.0, (2.25f64 / 3.0).sqrt()));
        assert_eq!(shape_from_counts(&[3.0, 3.0]), None);
    }
}
