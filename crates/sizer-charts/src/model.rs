//! What a chart shows, as plain numbers and already-localised labels: the drawing code takes
//! these and nothing else, so it knows neither the dataset nor any formula.

use crate::axis::{Log2Axis, nice_ceiling};

/// One measured point: concurrency, value, and whether the source printed the figure itself
/// (derived figures are drawn hollow).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// Concurrent requests.
    pub concurrency: f64,
    /// The value in the chart's unit.
    pub value: f64,
    /// True when published; false when derived by the article or by us.
    pub published: bool,
}

/// One run on a chart: its measured marks and, for the speed chart, the interpolated line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// The run's readable name (model, format, engine, source).
    pub label: String,
    /// The measured points, sorted by concurrency.
    pub marks: Vec<Mark>,
    /// (concurrency, value) samples of the interpolated curve; empty for charts that only
    /// connect the measured points.
    pub line: Vec<(f64, f64)>,
}

impl Series {
    /// The points to join with a line: the interpolated samples, or else the marks in order.
    pub fn path(&self) -> Vec<(f64, f64)> {
        if self.line.is_empty() {
            self.marks.iter().map(|m| (m.concurrency, m.value)).collect()
        } else {
            self.line.clone()
        }
    }

    fn concurrencies(&self) -> impl Iterator<Item = f64> + '_ {
        self.marks.iter().map(|m| m.concurrency)
    }

    fn values(&self) -> impl Iterator<Item = f64> + '_ {
        self.marks.iter().map(|m| m.value).chain(self.line.iter().map(|p| p.1))
    }
}

/// Where the speed floor meets the chosen run's curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crossing {
    /// Crossed between two measured points at this (fractional) number of streams.
    Within { streams: f64 },
    /// Even one request is slower than the floor.
    NeverReached,
    /// Still above the floor at the highest measured concurrency.
    AtLeast { streams: f64 },
}

/// A chart against concurrency: the chosen run, other runs to compare, and for the speed
/// chart the floor and its crossing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConcurrencyChart {
    /// The chosen run.
    pub run: Series,
    /// Other runs of the same model.
    pub overlays: Vec<Series>,
    /// A horizontal reference line (the per-user speed floor), in the chart's unit.
    pub floor: Option<f64>,
    /// Where the floor meets the chosen run.
    pub crossing: Option<Crossing>,
}

impl ConcurrencyChart {
    /// The log2 concurrency axis covering every run shown (at least 1..256).
    pub fn axis(&self) -> Log2Axis {
        Log2Axis::covering(self.run.concurrencies().chain(self.overlays.iter().flat_map(Series::concurrencies)))
    }

    /// The top of the value axis: a nice number above every value and the floor.
    pub fn value_ceiling(&self) -> f64 {
        nice_ceiling(self.run.values().chain(self.overlays.iter().flat_map(Series::values)).chain(self.floor))
    }

    /// True when the chosen run has nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.run.marks.is_empty()
    }
}

/// The localised words a chart draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartText {
    /// Title of the x axis.
    pub x_title: String,
    /// Title of the y axis.
    pub y_title: String,
    /// Short x title for compact charts.
    pub x_title_short: String,
    /// Short y title for compact charts (the unit).
    pub y_title_short: String,
    /// Label beside the floor line, e.g. "15 tok/s".
    pub floor_label: Option<String>,
    /// Label beside the crossing marker, e.g. "52.5".
    pub crossing_label: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(concurrency: f64, value: f64) -> Mark {
        Mark { concurrency, value, published: true }
    }

    #[test]
    fn axis_and_ceiling_cover_overlays_and_the_floor() {
        let chart = ConcurrencyChart {
            run: Series { label: "a".into(), marks: vec![mark(1.0, 6.0), mark(256.0, 0.4)], line: vec![] },
            overlays: vec![Series { label: "b".into(), marks: vec![mark(384.0, 2.0)], line: vec![] }],
            floor: Some(15.0),
            crossing: Some(Crossing::NeverReached),
        };
        assert_eq!(chart.axis().range(), 0.0..9.0);
        assert!((chart.value_ceiling() - 20.0).abs() < 1e-9);
    }

    #[test]
    fn the_path_prefers_the_interpolated_line() {
        let mut series = Series { label: "a".into(), marks: vec![mark(1.0, 80.0), mark(8.0, 37.3)], line: vec![] };
        assert_eq!(series.path(), vec![(1.0, 80.0), (8.0, 37.3)]);
        series.line = vec![(1.0, 80.0), (2.0, 70.0), (8.0, 37.3)];
        assert_eq!(series.path().len(), 3);
    }
}
