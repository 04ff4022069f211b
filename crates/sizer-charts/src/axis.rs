//! Axis geometry for the charts: a log2 concurrency axis and a "nice" linear value axis.
//!
//! Plain functions on numbers, so they are tested natively; the drawing code only maps them
//! onto plotters' coordinates.

use core::ops::Range;

/// Lowest exponent of the concurrency axis: 2^0 = 1 request.
const MIN_EXPONENT: u32 = 0;
/// Highest exponent the axis always shows: 2^8 = 256 requests (the articles' widest sweep).
const DEFAULT_MAX_EXPONENT: u32 = 8;
/// Hard cap so a malformed run can never ask for an absurd axis: 2^16 requests.
const CAP_EXPONENT: u32 = 16;

/// One labelled tick: where it sits on the axis and the text under it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// Position in axis units (log2 of the concurrency for [`Log2Axis`]).
    pub position: f64,
    /// The label, e.g. `"64"`.
    pub label: String,
}

/// A concurrency axis drawn in log2 units: 1, 2, 4, ... 256 are evenly spaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Log2Axis {
    max_exponent: u32,
}

impl Log2Axis {
    /// The axis 1..256, widened to the next power of two when a run was measured beyond 256
    /// (Dendro Logic went to 384). Non-finite or non-positive inputs are ignored.
    ///
    /// # Formula
    /// max exponent = max(8, ceil(log2(highest concurrency))), capped at 16.
    pub fn covering(concurrencies: impl IntoIterator<Item = f64>) -> Log2Axis {
        let highest = concurrencies.into_iter().filter(|c| c.is_finite() && *c > 0.0).fold(1.0_f64, f64::max);
        let needed = highest.log2().ceil();
        let max_exponent = if needed > f64::from(DEFAULT_MAX_EXPONENT) {
            // `needed` is finite and at most log2(f64::MAX) ~ 1024, so the cast cannot wrap.
            (needed as u32).min(CAP_EXPONENT)
        } else {
            DEFAULT_MAX_EXPONENT
        };
        Log2Axis { max_exponent }
    }

    /// The axis range in log2 units, e.g. `0.0..8.0` for 1..256.
    pub fn range(&self) -> Range<f64> {
        f64::from(MIN_EXPONENT)..f64::from(self.max_exponent)
    }

    /// The highest concurrency the axis shows (256 by default).
    pub fn max_concurrency(&self) -> f64 {
        f64::from(self.max_exponent).exp2()
    }

    /// Where a concurrency sits on the axis: log2(c). `None` for values the axis cannot show.
    ///
    /// # Formula
    /// position = log2(concurrency)
    pub fn position(&self, concurrency: f64) -> Option<f64> {
        if !(concurrency.is_finite() && concurrency > 0.0) {
            return None;
        }
        let position = concurrency.log2();
        let range = self.range();
        (position >= range.start - 1e-9 && position <= range.end + 1e-9).then_some(position)
    }

    /// One tick per power of two, labelled with the concurrency: "1", "2", "4", ... "256".
    pub fn ticks(&self) -> Vec<Tick> {
        (MIN_EXPONENT..=self.max_exponent)
            .map(|exponent| Tick { position: f64::from(exponent), label: (1_u64 << exponent).to_string() })
            .collect()
    }

    /// The tick positions alone, for plotters' key points.
    pub fn tick_positions(&self) -> Vec<f64> {
        self.ticks().into_iter().map(|tick| tick.position).collect()
    }

    /// The label at an axis position: the concurrency 2^position, as an integer for whole
    /// exponents and empty between them (plotters asks for labels at its own points too).
    pub fn label_at(&self, position: f64) -> String {
        let rounded = position.round();
        let range = self.range();
        if (position - rounded).abs() < 1e-6 && rounded >= range.start && rounded <= range.end {
            // Whole exponent within 0..=16: the shift cannot overflow.
            (1_u64 << (rounded as u32)).to_string()
        } else {
            String::new()
        }
    }

    /// Concurrencies spread evenly on the log2 axis between `from` and `to` (inclusive),
    /// `per_octave` samples per doubling: where the interpolated line is evaluated.
    ///
    /// # Formula
    /// c_i = 2^(log2(from) + i / per_octave), plus `to` itself.
    pub fn samples(from: f64, to: f64, per_octave: u32) -> Vec<f64> {
        if !(from.is_finite() && to.is_finite() && from > 0.0 && to >= from && per_octave > 0) {
            return Vec::new();
        }
        let start = from.log2();
        let end = to.log2();
        let steps = ((end - start) * f64::from(per_octave)).ceil();
        // A sweep spans at most 16 octaves (the cap), so `steps` is small and non-negative.
        let steps = if steps.is_finite() { steps.clamp(0.0, 4096.0) as u32 } else { 0 };
        let mut samples: Vec<f64> = (0..steps).map(|i| (start + f64::from(i) / f64::from(per_octave)).exp2()).collect();
        samples.push(to);
        samples
    }
}

/// A value axis from zero to a "nice" ceiling just above the largest value.
///
/// # Formula
/// ceiling = the smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 x 10^k that is >= 1.05 x max (5 % headroom so the
/// highest point does not touch the frame); 1 when there is no positive finite value.
pub fn nice_ceiling(values: impl IntoIterator<Item = f64>) -> f64 {
    let max = values.into_iter().filter(|v| v.is_finite() && *v > 0.0).fold(0.0_f64, f64::max);
    if max <= 0.0 {
        return 1.0;
    }
    let target = max * 1.05;
    let magnitude = 10f64.powf(target.log10().floor());
    [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .into_iter()
        .map(|step| step * magnitude)
        .find(|candidate| *candidate >= target * (1.0 - 1e-12))
        .unwrap_or(10.0 * magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPS: f64 = 1e-9;

    #[test]
    fn default_axis_runs_from_1_to_256() {
        let axis = Log2Axis::covering([1.0, 8.0, 32.0, 64.0, 128.0, 256.0]);
        assert_eq!(axis.range(), 0.0..8.0);
        assert!((axis.max_concurrency() - 256.0).abs() < EPS);
        let labels: Vec<String> = axis.ticks().into_iter().map(|t| t.label).collect();
        assert_eq!(labels, ["1", "2", "4", "8", "16", "32", "64", "128", "256"]);
    }

    #[test]
    fn a_short_sweep_still_shows_the_full_axis() {
        assert_eq!(Log2Axis::covering([1.0, 8.0, 32.0]).range(), 0.0..8.0);
        assert_eq!(Log2Axis::covering([]).range(), 0.0..8.0);
    }

    #[test]
    fn a_sweep_beyond_256_widens_to_the_next_power_of_two() {
        let axis = Log2Axis::covering([1.0, 256.0, 320.0, 384.0]);
        assert_eq!(axis.range(), 0.0..9.0);
        assert_eq!(axis.ticks().last().map(|t| t.label.as_str()), Some("512"));
    }

    #[test]
    fn absurd_or_invalid_concurrencies_are_capped_or_ignored() {
        assert_eq!(Log2Axis::covering([1e300]).range(), 0.0..16.0);
        assert_eq!(Log2Axis::covering([f64::NAN, f64::INFINITY, -4.0, 0.0]).range(), 0.0..8.0);
    }

    #[test]
    fn positions_are_log2_and_outside_values_are_refused() {
        let axis = Log2Axis::covering([256.0]);
        assert!((axis.position(8.0).unwrap_or(f64::NAN) - 3.0).abs() < EPS);
        assert!((axis.position(52.5).unwrap_or(f64::NAN) - 5.714_245_517_666_123).abs() < 1e-12);
        assert_eq!(axis.position(0.0), None);
        assert_eq!(axis.position(512.0), None);
        assert_eq!(axis.position(f64::NAN), None);
    }

    #[test]
    fn labels_only_at_whole_exponents() {
        let axis = Log2Axis::covering([256.0]);
        assert_eq!(axis.label_at(5.0), "32");
        assert_eq!(axis.label_at(0.0), "1");
        assert_eq!(axis.label_at(5.5), "");
        assert_eq!(axis.label_at(9.0), "");
    }

    #[test]
    fn samples_cover_the_span_evenly_in_log2() {
        let samples = Log2Axis::samples(1.0, 256.0, 4);
        assert_eq!(samples.len(), 33);
        assert!((samples[0] - 1.0).abs() < EPS);
        assert!((samples[4] - 2.0).abs() < EPS);
        assert!((samples[1] - 2f64.powf(0.25)).abs() < EPS);
        assert!((samples[32] - 256.0).abs() < EPS);
        assert!(Log2Axis::samples(8.0, 1.0, 4).is_empty());
        assert!(Log2Axis::samples(0.0, 8.0, 4).is_empty());
        assert_eq!(Log2Axis::samples(8.0, 8.0, 4), vec![8.0]);
    }

    #[test]
    fn nice_ceilings_leave_a_little_headroom() {
        assert!((nice_ceiling([81.2, 37.3]) - 100.0).abs() < EPS);
        assert!((nice_ceiling([1078.4]) - 1200.0).abs() < EPS);
        assert!((nice_ceiling([95.0]) - 100.0).abs() < EPS);
        assert!((nice_ceiling([96.0]) - 120.0).abs() < EPS);
        assert!((nice_ceiling([21.5]) - 25.0).abs() < EPS);
        assert!((nice_ceiling([6.0]) - 8.0).abs() < EPS);
        assert!((nice_ceiling([0.041]) - 0.05).abs() < EPS);
        assert!((nice_ceiling([]) - 1.0).abs() < EPS);
        assert!((nice_ceiling([f64::NAN, -3.0]) - 1.0).abs() < EPS);
    }
}
