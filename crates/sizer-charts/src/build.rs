//! Turns dataset runs into chart models. The numbers come from the dataset as published, and
//! the interpolated line and the floor crossing from `sizer-core`: nothing is computed here
//! beyond choosing which figure to show and converting milliseconds to seconds.

use sizer_core::{Curve, Interpolation, Sizing, StreamsAtFloor};
use sizer_data::{CurveBasis, Figure, Run, RunPoint};

use crate::axis::Log2Axis;
use crate::model::{ConcurrencyChart, Crossing, Mark, Series};

/// Samples per doubling of concurrency for the interpolated line: smooth at any width.
const LINE_SAMPLES_PER_OCTAVE: u32 = 24;

/// Which figure of a run a chart plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// Generated tok/s per request (the curve the sizing reads).
    PerRequest,
    /// Tok/s over all requests, as the run's counter counts them.
    Aggregate,
    /// 99th-percentile time to first token, in seconds.
    P99TtftSeconds,
}

/// The per-request speed chart: the chosen run's measured points and interpolated line, the
/// floor and its crossing, and the overlays' points and lines.
///
/// The crossing comes from `sizing` when the calculator has one (so chart and result agree),
/// else from the core's `streams_at_floor` on the same curve.
pub fn speed_chart(
    run: &Run,
    overlays: &[&Run],
    floor: f64,
    sizing: Option<&Sizing>,
    interpolation: Interpolation,
) -> ConcurrencyChart {
    let (series, curve) = speed_series(run, interpolation);
    let floor = (floor.is_finite() && floor > 0.0).then_some(floor);
    let streams = match (sizing, floor, &curve) {
        (Some(sizing), _, _) => Some(sizing.streams),
        (None, Some(floor), Some(curve)) => Some(curve.streams_at_floor(floor, interpolation)),
        _ => None,
    };
    ConcurrencyChart {
        run: series,
        overlays: overlays.iter().map(|overlay| speed_series(overlay, interpolation).0).collect(),
        floor,
        crossing: streams.map(crossing),
    }
}

/// A chart of the aggregate throughput or the p99 TTFT: measured points joined in order.
/// Runs without that figure contribute nothing (and the chart says so when the chosen run
/// has none).
pub fn measure_chart(run: &Run, overlays: &[&Run], measure: Measure) -> ConcurrencyChart {
    ConcurrencyChart {
        run: measured_series(run, measure),
        overlays: overlays
            .iter()
            .map(|overlay| measured_series(overlay, measure))
            .filter(|series| !series.marks.is_empty())
            .collect(),
        floor: None,
        crossing: None,
    }
}

/// The measured marks of one figure of a run, in concurrency order.
pub fn measured_series(run: &Run, measure: Measure) -> Series {
    if measure == Measure::PerRequest {
        return speed_series(run, Interpolation::Linear).0.without_line();
    }
    let marks = run
        .points
        .iter()
        .filter_map(|point| {
            let (figure, value) = match measure {
                Measure::Aggregate => point.aggregate_tok_s.map(|f| (f, f.value))?,
                Measure::P99TtftSeconds => point.p99_ttft_ms.map(|f| (f, f.value / 1000.0))?,
                Measure::PerRequest => return None,
            };
            Some(Mark { concurrency: f64::from(point.concurrency), value, published: figure.is_published() })
        })
        .collect();
    Series { label: run.label.clone(), marks, line: Vec::new() }
}

/// The run's per-request marks on the basis its curve uses, the interpolated line from the
/// core, and the curve itself (None when the run has no speed figures).
fn speed_series(run: &Run, interpolation: Interpolation) -> (Series, Option<Curve>) {
    let Ok((curve, basis)) = run.curve() else {
        return (Series { label: run.label.clone(), marks: Vec::new(), line: Vec::new() }, None);
    };
    let marks = run
        .points
        .iter()
        .filter_map(|point| {
            let value = basis.per_request_tok_s(point)?;
            Some(Mark { concurrency: f64::from(point.concurrency), value, published: is_published(point, basis) })
        })
        .collect();
    let line = match (curve.points().first(), curve.points().last()) {
        (Some(first), Some(last)) => Log2Axis::samples(first.concurrency, last.concurrency, LINE_SAMPLES_PER_OCTAVE)
            .into_iter()
            .filter_map(|c| Some((c, curve.speed_at(c, interpolation)?)))
            .collect(),
        _ => Vec::new(),
    };
    (Series { label: run.label.clone(), marks, line }, Some(curve))
}

/// A per-request value is published only when the source printed that very figure; 1000 /
/// TPOT and aggregate / concurrency are our arithmetic.
fn is_published(point: &RunPoint, basis: CurveBasis) -> bool {
    match basis {
        CurveBasis::PerRequest => point.per_request_tok_s.as_ref().is_some_and(Figure::is_published),
        CurveBasis::MedianTpot
        | CurveBasis::MeanTpot
        | CurveBasis::InterTokenLatency
        | CurveBasis::AggregateOverConcurrency => false,
    }
}

fn crossing(streams: StreamsAtFloor) -> Crossing {
    match streams {
        StreamsAtFloor::Within { streams, .. } => Crossing::Within { streams },
        StreamsAtFloor::NeverReached { .. } => Crossing::NeverReached,
        StreamsAtFloor::AtLeast { last } => Crossing::AtLeast { streams: last.concurrency },
    }
}

impl Series {
    fn without_line(mut self) -> Series {
        self.line.clear();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dataset_run(id: &str) -> &'static Run {
        match sizer_data::dataset().run(id) {
            Some(run) => run,
            None => panic!("run {id} missing from the dataset"),
        }
    }

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    #[test]
    fn qwen_speed_chart_marks_the_measured_points_and_crosses_15_at_52_5() {
        let chart = speed_chart(dataset_run(QWEN), &[], 15.0, None, Interpolation::Linear);
        let at_8 = chart.run.marks.iter().find(|m| m.concurrency == 8.0).map(|m| m.value);
        assert!(at_8.is_some_and(|v| (v - 37.3).abs() < 1e-9), "{at_8:?}");
        match chart.crossing {
            Some(Crossing::Within { streams }) => {
                assert!((streams - 52.5).abs() < 0.05, "{streams}")
            }
            other => panic!("expected a crossing, got {other:?}"),
        }
        assert_eq!(chart.axis().range(), 0.0..8.0);
        // The interpolated line passes through every measured point.
        for mark in &chart.run.marks {
            let on_line = chart
                .run
                .line
                .iter()
                .any(|(c, v)| (c - mark.concurrency).abs() < 1e-9 && (v - mark.value).abs() < 1e-9);
            assert!(on_line, "line misses {mark:?}");
        }
    }

    #[test]
    fn a_floor_above_the_first_point_is_never_reached() {
        let chart = speed_chart(dataset_run(QWEN), &[], 200.0, None, Interpolation::Linear);
        assert_eq!(chart.crossing, Some(Crossing::NeverReached));
    }

    /// The value of the Qwen run's `measure` mark at 256 concurrent requests.
    fn qwen_mark_at_256(measure: Measure) -> Option<f64> {
        let series = measured_series(dataset_run(QWEN), measure);
        series.marks.iter().find(|m| m.concurrency == 256.0).map(|m| m.value)
    }

    #[test]
    fn ttft_is_charted_in_seconds() {
        let at_256 = qwen_mark_at_256(Measure::P99TtftSeconds);
        assert!(at_256.is_some_and(|v| (v - 21.5).abs() < 1e-9), "{at_256:?}");
    }

    #[test]
    fn aggregate_marks_keep_their_values() {
        let at_256 = qwen_mark_at_256(Measure::Aggregate);
        assert!(at_256.is_some_and(|v| (v - 1078.4).abs() < 1e-9), "{at_256:?}");
    }
}
