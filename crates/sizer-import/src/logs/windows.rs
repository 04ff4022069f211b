//! The busiest stretch of a log: the highest arrival rate over any 1, 5 or 15 minutes, and the
//! rule that picks which one a prediction uses.
//!
//! **The rule.** A prediction uses the busiest 5 minutes when the log spans at least 5 minutes,
//! else the whole span. Sizing must hold at the peak, not the daily mean; but the busiest short
//! window of a steady Poisson load exceeds its mean by chance alone, by about
//! `sqrt(2 ln(windows) / (rate x window))` (the maximum of that many near-normal counts): at
//! 1 req/s over an hour, about 37 % for 1-minute windows, 13 % for 5-minute ones and 6 % for
//! 15-minute ones. Five minutes keeps that phantom peak small while still catching a real
//! busy spell (a stand-up, a batch job), which a 15-minute mean would dilute.

use serde::Serialize;

/// The window lengths reported, in minutes.
pub const WINDOW_MINUTES: [u32; 3] = [1, 5, 15];

/// The window a prediction uses when the log spans it, in minutes.
pub const PREDICTION_WINDOW_MINUTES: u32 = 5;

/// The busiest rate over windows of one length.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Window {
    /// The window's length in minutes.
    pub minutes: u32,
    /// Requests per second in the busiest such window; `None` when the log is shorter.
    pub rate_per_s: Option<f64>,
}

/// The busiest rate in windows of `window_s` over sorted arrival times; `None` when the times
/// span less than one window.
///
/// # Formula
/// `max over i of #{ j : t_i <= t_j < t_i + w } / w`: every busiest window can be slid right
/// until its start is an arrival without losing one, so windows starting at arrivals suffice.
pub(crate) fn busiest_in_times(sorted: &[f64], window_s: f64) -> Option<f64> {
    let (first, last) = (*sorted.first()?, *sorted.last()?);
    if last - first < window_s {
        return None;
    }
    let (mut end, mut most) = (0, 0);
    for (start, t) in sorted.iter().enumerate() {
        while end < sorted.len() && sorted[end] < t + window_s {
            end += 1;
        }
        most = most.max(end - start);
    }
    Some(most as f64 / window_s)
}

/// The busiest rate over runs of consecutive intervals `(length_s, requests)` lasting at least
/// `window_s`; `None` when all of them together last less.
///
/// # Formula
/// `max over i of sum(requests[i..j]) / sum(length[i..j])` with `j` the first index at which the
/// run lasts `window_s`: the run shortest over the window, so interval ends need not align with it.
pub(crate) fn busiest_in_intervals(intervals: &[(f64, f64)], window_s: f64) -> Option<f64> {
    let mut best: Option<f64> = None;
    let (mut end, mut length, mut count) = (0, 0.0, 0.0);
    for start in 0..intervals.len() {
        while end < intervals.len() && length < window_s {
            length += intervals[end].0;
            count += intervals[end].1;
            end += 1;
        }
        if length < window_s {
            break;
        }
        best = Some(best.map_or(count / length, |b: f64| b.max(count / length)));
        length -= intervals[start].0;
        count -= intervals[start].1;
    }
    best
}

/// The rate a prediction uses, and the window it came from (`None`: the whole span).
pub(crate) fn prediction_rate(windows: &[Window], whole_span: f64) -> (f64, Option<u32>) {
    let chosen = windows.iter().find(|w| w.minutes == PREDICTION_WINDOW_MINUTES).and_then(|w| w.rate_per_s);
    match chosen {
        Some(rate) => (rate, Some(PREDICTION_WINDOW_MINUTES)),
        None => (whole_span, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_busiest_window_counts_its_arrivals() {
        let times = [0.0, 1.0, 2.0, 2.5, 2.9, 10.0];
        assert_eq!(busiest_in_times(&times, 2.0), Some(2.0)); // 1.0, 2.0, 2.5, 2.9 in [1, 3)
        assert_eq!(busiest_in_times(&times, 20.0), None);
        let intervals = [(10.0, 1.0), (10.0, 5.0), (10.0, 3.0), (10.0, 0.0)];
        assert_eq!(busiest_in_intervals(&intervals, 20.0), Some(0.4));
        assert_eq!(busiest_in_intervals(&intervals, 50.0), None);
    }
}
