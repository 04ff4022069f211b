//! Per-request speed and time to first token by load, tabulated once per simulation.

use crate::curve::Curve;
use crate::interpolate::Interpolation;
use crate::sim::input::MedianTtftPoint;
use alloc::vec::Vec;

/// Per-request tok/s for 0 to `max_count` requests generating at once.
///
/// # Formula
/// Inside the measured range, [`Curve::speed_at`] with the sizing's interpolation. Below the
/// first measured concurrency, the first point's speed (fewer requests never run slower; this
/// is the conservative reading). Above the last, the last point's aggregate is held:
/// `v(n) = v_last x c_last / n` (the box does not get faster in total past the highest load
/// measured; the English seed shows aggregates flattening past the knee). Index 0 holds the
/// first point's speed (unused: nothing generates).
///
/// Bad input: none possible: a [`Curve`] is validated when built, and `max_count` only sets
/// the table's length.
pub fn speed_table(curve: &Curve, method: Interpolation, max_count: usize) -> Vec<f64> {
    let first = curve.first();
    let last = curve.last();
    (0..=max_count)
        .map(|n| {
            let c = n as f64;
            if c <= first.concurrency {
                first.tok_s
            } else if c > last.concurrency {
                last.tok_s * last.concurrency / c
            } else {
                curve.speed_at(c, method).unwrap_or(last.tok_s)
            }
        })
        .collect()
}

/// Seconds to first token for 0 to `max_count` requests in flight, from measured points.
///
/// # Formula
/// Straight lines between the measured (concurrency, TTFT) points, held flat beyond the first
/// and the last (no extrapolation).
///
/// Bad input: no points give `None`; points are validated (finite, increasing concurrency) by
/// the simulation's input before they get here.
pub fn ttft_table(points: &[MedianTtftPoint], max_count: usize) -> Option<Vec<f64>> {
    let first = points.first()?;
    let last = points.last()?;
    Some(
        (0..=max_count)
            .map(|n| {
                let c = n as f64;
                if c <= first.concurrency {
                    return first.ttft_s;
                }
                if c >= last.concurrency {
                    return last.ttft_s;
                }
                let k = points.partition_point(|p| p.concurrency < c);
                match (points.get(k.wrapping_sub(1)), points.get(k)) {
                    (Some(a), Some(b)) => {
                        let t = (c - a.concurrency) / (b.concurrency - a.concurrency);
                        a.ttft_s + t * (b.ttft_s - a.ttft_s)
                    }
                    _ => last.ttft_s,
                }
            })
            .collect(),
    )
}
