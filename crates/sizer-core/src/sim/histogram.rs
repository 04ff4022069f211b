//! Fixed-size histograms: percentiles of per-request figures without keeping the requests, so
//! memory does not grow with the number of requests simulated.

use alloc::vec;
use alloc::vec::Vec;
use libm::{exp, log10};

/// Bins per decade: neighbouring bin edges differ by 10^(1/200), 1.2 %.
const BINS_PER_DECADE: f64 = 200.0;

/// Counts of positive values on log-spaced bins from `anchor x 10^-below` to
/// `anchor x 10^above`, plus one bin for values at or below the lowest edge (e.g. a wait of
/// exactly 0) and one above the top. `anchor` is a bin edge: anchored at the speed floor, a
/// percentile read from a bin at or above the floor is never shown under it. Keeps the exact
/// minimum and maximum.
#[derive(Clone, Debug, PartialEq)]
pub struct LogHistogram {
    min_decade: f64,
    counts: Vec<u32>,
    total: u64,
    min: f64,
    max: f64,
}

impl LogHistogram {
    /// A histogram covering `[anchor x 10^-below, anchor x 10^above)`; `anchor` must be positive
    /// and finite (1 otherwise).
    pub fn new(anchor: f64, below: u32, above: u32) -> LogHistogram {
        let anchor = if anchor.is_finite() && anchor > 0.0 { anchor } else { 1.0 };
        let bins = (f64::from((below + above).max(1)) * BINS_PER_DECADE) as usize;
        LogHistogram {
            min_decade: log10(anchor) - f64::from(below),
            counts: vec![0; bins + 2],
            total: 0,
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
        }
    }

    /// Counts one value (NaN is ignored).
    pub fn record(&mut self, value: f64) {
        if value.is_nan() {
            return;
        }
        let inner = self.counts.len() - 2;
        let index = if value <= 0.0 {
            0
        } else {
            let position = (log10(value) - self.min_decade) * BINS_PER_DECADE;
            if position < 0.0 {
                0
            } else if position >= inner as f64 {
                inner + 1
            } else {
                position as usize + 1
            }
        };
        if let Some(count) = self.counts.get_mut(index) {
            *count = count.saturating_add(1);
        }
        self.total += 1;
        self.min = self.min.min(value);
        self.max = self.max.max(value);
    }

    /// Values counted.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The value below which a share `q` of the counted values lie; `None` when empty.
    ///
    /// # Formula
    /// The first bin whose cumulative count reaches `ceil(q x total)` (at least 1); its geometric
    /// midpoint `10^(min_decade + (i + 1/2) / 200)`, clamped to the exact minimum and maximum
    /// seen (so a constant value comes back exactly). Resolution: half a bin, 0.6 %.
    pub fn quantile(&self, q: f64) -> Option<f64> {
        if self.total == 0 {
            return None;
        }
        let rank = libm::ceil(q.clamp(0.0, 1.0) * self.total as f64).max(1.0) as u64;
        let mut cumulative = 0u64;
        let inner = self.counts.len() - 2;
        for (index, &count) in self.counts.iter().enumerate() {
            cumulative += u64::from(count);
            if cumulative >= rank {
                let value = if index == 0 {
                    self.min
                } else if index > inner {
                    self.max
                } else {
                    let decade = self.min_decade + (index as f64 - 0.5) / BINS_PER_DECADE;
                    exp(decade * core::f64::consts::LN_10)
                };
                return Some(value.clamp(self.min, self.max));
            }
        }
        Some(self.max)
    }
}

/// Time spent at each whole count (requests in flight), for a distribution over time.
#[derive(Clone, Debug, PartialEq)]
pub struct CountHistogram {
    seconds: Vec<f64>,
}

impl CountHistogram {
    /// Counts 0 to `max` inclusive.
    pub fn new(max: usize) -> CountHistogram {
        CountHistogram { seconds: vec![0.0; max + 1] }
    }

    /// Adds `dt` seconds spent at `count` (counts above `max` go to the top bin).
    pub fn add(&mut self, count: usize, dt: f64) {
        let top = self.seconds.len() - 1;
        if let Some(s) = self.seconds.get_mut(count.min(top)) {
            *s += dt;
        }
    }

    /// Seconds at each count.
    pub fn seconds(&self) -> &[f64] {
        &self.seconds
    }

    /// The smallest count at or under which a share `q` of the time was spent.
    pub fn quantile(&self, q: f64) -> usize {
        let total: f64 = self.seconds.iter().sum();
        let target = q * total;
        let mut cumulative = 0.0;
        for (count, &s) in self.seconds.iter().enumerate() {
            cumulative += s;
            if cumulative >= target && cumulative > 0.0 {
                return count;
            }
        }
        self.seconds.len() - 1
    }
}
