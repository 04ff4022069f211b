//! The log over time, for a chart: arrivals per second and the most requests in flight, in at
//! most [`MAX_TIMELINE_BINS`] bins of one length ([`Timeline`]).

use serde::Serialize;

/// The most bins a timeline has: a chart's width in points without crowding.
pub const MAX_TIMELINE_BINS: usize = 120;

/// Bin lengths tried, in seconds, shortest first: round numbers a time axis reads well.
const BIN_LENGTHS_S: [f64; 14] =
    [1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0, 7200.0];

/// Arrivals and requests in flight per bin, from the span's start.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timeline {
    /// The first bin's start, seconds since 1970.
    pub from: f64,
    /// Each bin's length in seconds.
    pub bin_s: f64,
    /// Requests arrived per second in each bin.
    pub arrivals_per_s: Vec<f64>,
    /// The most requests in flight in each bin (from request times, or the server's `Running`
    /// count at the intervals' ends); `None` where the log gives neither.
    pub in_flight: Option<Vec<f64>>,
}

impl Timeline {
    /// Each bin's start in seconds from the span's start.
    pub fn bin_starts(&self) -> impl Iterator<Item = f64> + '_ {
        (0..self.arrivals_per_s.len()).map(|i| i as f64 * self.bin_s)
    }
}

/// The shortest round bin at least `finest_s` long that cuts `span_s` into fewer than
/// [`MAX_TIMELINE_BINS`] whole bins (so with a last, partial one at most that many); a whole
/// number of seconds beyond the round ones for longer spans.
fn bin_length(span_s: f64, finest_s: f64) -> f64 {
    let most = MAX_TIMELINE_BINS as f64;
    BIN_LENGTHS_S
        .iter()
        .copied()
        .find(|b| *b >= finest_s && span_s / b < most)
        .unwrap_or_else(|| (span_s / (most - 1.0)).ceil().max(finest_s))
}

/// One interval of a log that counts per interval: its end and length (s), the requests that
/// arrived in it, and the requests running at its end.
pub(crate) type IntervalCounts = (f64, f64, f64, Option<f64>);

/// The bin holding time `t` (clamped into the timeline).
fn bin_of(t: f64, from: f64, bin_s: f64, bins: usize) -> usize {
    (((t - from) / bin_s).floor().max(0.0) as usize).min(bins - 1)
}

/// The timeline of requests given as `(start, end)` over `[from, to]` (starts sorted or not).
///
/// # Formula
/// Arrivals in bin `b`: `#{ start in [from + b w, from + (b + 1) w) } / w`. In flight: the level
/// of the step function `#{ start <= t } - #{ end <= t }` (ends before starts at one instant, as
/// in `requests::overlap`), its highest value in each bin, a bin without events keeping the level
/// it starts at.
pub(crate) fn from_requests(times: &[(f64, Option<f64>)], from: f64, to: f64) -> Timeline {
    let bin_s = bin_length(to - from, 1.0);
    let bins = (((to - from) / bin_s).floor() as usize + 1).min(MAX_TIMELINE_BINS + 1);
    let mut counts = vec![0.0; bins];
    let mut events: Vec<(f64, f64)> = Vec::new();
    for &(start, end) in times {
        counts[bin_of(start, from, bin_s, bins)] += 1.0;
        if let Some(end) = end.filter(|e| *e >= start) {
            events.push((start, 1.0));
            events.push((end, -1.0));
        }
    }
    let in_flight = (!events.is_empty()).then(|| {
        events.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let (mut peak, mut level, mut at) = (vec![0.0f64; bins], 0.0f64, 0);
        for (t, step) in events {
            let bin = bin_of(t, from, bin_s, bins);
            while at < bin {
                at += 1;
                peak[at] = peak[at].max(level);
            }
            level += step;
            peak[bin] = peak[bin].max(level);
        }
        peak
    });
    Timeline { from, bin_s, arrivals_per_s: counts.iter().map(|c| c / bin_s).collect(), in_flight }
}

/// The timeline of contiguous intervals (vLLM's engine lines, `/metrics` scrapes): bins no
/// finer than the longest interval, each interval in the bin of its middle.
///
/// # Formula
/// Arrivals in bin `b`: `sum requests / sum length` over the intervals whose middle falls in it;
/// in flight: the highest `running` among them.
pub(crate) fn from_intervals(intervals: &[IntervalCounts], from: f64, to: f64) -> Timeline {
    let longest = intervals.iter().map(|i| i.1).fold(1.0, f64::max);
    let bin_s = bin_length(to - from, longest);
    let bins = (((to - from) / bin_s).ceil() as usize).clamp(1, MAX_TIMELINE_BINS + 1);
    let (mut requests, mut lengths) = (vec![0.0; bins], vec![0.0; bins]);
    let mut running: Vec<Option<f64>> = vec![None; bins];
    for &(end, length, arrived, running_at_end) in intervals {
        let bin = bin_of(end - length / 2.0, from, bin_s, bins);
        requests[bin] += arrived;
        lengths[bin] += length;
        if let Some(r) = running_at_end {
            running[bin] = Some(running[bin].map_or(r, |p: f64| p.max(r)));
        }
    }
    let arrivals = requests.iter().zip(&lengths).map(|(r, l)| if *l > 0.0 { r / l } else { 0.0 }).collect();
    let any_running = running.iter().any(Option::is_some);
    let in_flight = any_running.then(|| running.iter().map(|r| r.unwrap_or(0.0)).collect());
    Timeline { from, bin_s, arrivals_per_s: arrivals, in_flight }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_fall_in_round_bins_and_overlaps_peak_where_they_are() {
        // 10 minutes: 10-s bins (5 s would give 121). Requests at 0, 1 and 25 s, 12 s long each.
        let times = [(0.0, Some(12.0)), (1.0, Some(13.0)), (25.0, Some(37.0)), (600.0, Some(601.0))];
        let timeline = from_requests(&times, 0.0, 600.0);
        assert_eq!((timeline.bin_s, timeline.arrivals_per_s.len()), (10.0, 61));
        assert_eq!(&timeline.arrivals_per_s[..4], [0.2, 0.0, 0.1, 0.0]);
        let in_flight = timeline.in_flight.expect("end times");
        // Two in flight in [0, 10) and into [10, 20) until 12 s; one from 25 s to 37 s.
        assert_eq!(&in_flight[..5], [2.0, 2.0, 1.0, 1.0, 0.0]);
    }

    #[test]
    fn intervals_keep_their_own_length_as_the_finest_bin() {
        let interval = |end: f64, requests: f64, running: f64| (end, 10.0, requests, Some(running));
        let intervals = [interval(10.0, 3.0, 4.0), interval(20.0, 1.0, 6.0), interval(30.0, 0.0, 2.0)];
        let timeline = from_intervals(&intervals, 0.0, 30.0);
        assert_eq!(timeline.bin_s, 10.0);
        assert_eq!(timeline.arrivals_per_s, [0.3, 0.1, 0.0]);
        assert_eq!(timeline.in_flight, Some(vec![4.0, 6.0, 2.0]));
        // An hour of 10-s lines: 30 s would give 120 whole bins, so 60 s.
        assert_eq!(bin_length(3600.0, 10.0), 60.0);
        // 30 days: beyond the round lengths, 2,592,000 / 119 s rounded up.
        assert_eq!(bin_length(86_400.0 * 30.0, 1.0), 21_782.0);
    }
}
