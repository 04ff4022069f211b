//! A log's load over time (the page's "Read your logs"): requests arrived per second as bars
//! against the left axis, the most requests in flight as a line against the right one, over
//! the log's time from its start. A model ([`LogChart`], built from the bins a log reader gives,
//! [`LogChart::new`]) and a drawing function generic over plotters' `DrawingBackend`, using the
//! look every chart shares (`draw::Look`).

use plotters::prelude::*;

use crate::axis::nice_ceiling;
use crate::draw::{ChartError, Look, rgb};
use crate::load::plain;

/// The most bins a compact (phone-width) chart draws.
const COMPACT_BINS: usize = 40;

/// Spans longer than this are labelled in hours, shorter ones in minutes (s).
const HOURS_FROM_S: f64 = 3.0 * 3600.0;

/// The load over time as the chart shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogChart {
    /// Each bin's length in seconds.
    pub bin_s: f64,
    /// Requests arrived per second in each bin, from the log's start.
    pub arrivals_per_s: Vec<f64>,
    /// The most requests in flight in each bin; empty where the log gives none.
    pub in_flight: Vec<f64>,
}

impl LogChart {
    /// The chart of bins `bin_s` long (non-finite or negative values are drawn as 0).
    pub fn new(bin_s: f64, arrivals_per_s: &[f64], in_flight: Option<&[f64]>) -> LogChart {
        let clean = |v: &f64| if v.is_finite() { v.max(0.0) } else { 0.0 };
        LogChart {
            bin_s: if bin_s.is_finite() && bin_s > 0.0 { bin_s } else { 1.0 },
            arrivals_per_s: arrivals_per_s.iter().map(clean).collect(),
            in_flight: in_flight.map(|v| v.iter().map(clean).collect()).unwrap_or_default(),
        }
    }

    /// Whether the time axis is in hours (else minutes).
    pub fn in_hours(&self) -> bool {
        self.span_s() > HOURS_FROM_S
    }

    /// The time covered, in seconds.
    fn span_s(&self) -> f64 {
        self.bin_s * self.arrivals_per_s.len().max(self.in_flight.len()).max(1) as f64
    }

    /// The chart with every `k` consecutive bins merged into one, `k` the fewest that leaves at
    /// most `most` bins: arrivals averaged over `k` bins (a short last group as if padded with
    /// empty bins), the most in flight the highest of the merged bins. A narrow chart draws this, so a line that changes every bin does not
    /// fill its width solid.
    pub fn coarsened(&self, most: usize) -> LogChart {
        let bins = self.arrivals_per_s.len().max(self.in_flight.len());
        let k = bins.div_ceil(most.max(1)).max(1);
        if k == 1 {
            return self.clone();
        }
        let merge = |values: &[f64], mean: bool| -> Vec<f64> {
            values
                .chunks(k)
                .map(|c| if mean { c.iter().sum::<f64>() / k as f64 } else { c.iter().copied().fold(0.0, f64::max) })
                .collect()
        };
        LogChart {
            bin_s: self.bin_s * k as f64,
            arrivals_per_s: merge(&self.arrivals_per_s, true),
            in_flight: merge(&self.in_flight, false),
        }
    }

    /// Seconds in one unit of the time axis.
    fn unit_s(&self) -> f64 {
        if self.in_hours() { 3600.0 } else { 60.0 }
    }
}

/// The words drawn on the chart.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogChartText {
    /// The time axis ("Minutes from the log's start" or its hours).
    pub x_title: String,
    /// The left axis ("Requests per second").
    pub arrivals_title: String,
    /// The right axis ("Requests in flight (most)").
    pub in_flight_title: String,
}

/// Draws arrivals as bars (left axis) and requests in flight as a line (right axis).
pub fn draw_log_timeline<DB>(backend: DB, chart: &LogChart, text: &LogChartText, look: &Look) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let root = backend.into_drawing_area();
    let coarse;
    let chart = if look.compact {
        coarse = chart.coarsened(COMPACT_BINS);
        &coarse
    } else {
        chart
    };
    let unit = chart.unit_s();
    let x_range = 0.0..chart.span_s() / unit;
    let arrivals_ceiling = nice_ceiling(chart.arrivals_per_s.iter().copied());
    let in_flight_ceiling = nice_ceiling(chart.in_flight.iter().copied());
    let compact = look.compact;
    let axis_px = look.px(if compact { 46.0 } else { 58.0 });
    let mut plot = ChartBuilder::on(&root)
        .margin_top(look.px(14.0))
        .margin_right(look.px(6.0))
        .margin_left(look.px(6.0))
        .margin_bottom(look.px(6.0))
        .x_label_area_size(look.px(if compact { 36.0 } else { 44.0 }))
        .y_label_area_size(axis_px)
        .right_y_label_area_size(if chart.in_flight.is_empty() { look.px(12.0) } else { axis_px })
        .build_cartesian_2d(x_range.clone(), 0.0..arrivals_ceiling)?
        .set_secondary_coord(x_range, 0.0..in_flight_ceiling);
    let mut mesh = plot.configure_mesh();
    mesh.x_label_formatter(&|x| plain(*x))
        .y_label_formatter(&|y| plain(*y))
        .x_labels(if compact { 5 } else { 8 })
        .y_labels(6)
        .x_desc(text.x_title.as_str())
        .y_desc(text.arrivals_title.as_str());
    look.style_mesh(&mut mesh).draw()?;
    let bar = ShapeStyle { color: rgb(look.theme.run).mix(0.55), filled: true, stroke_width: 0 };
    let width = chart.bin_s / unit;
    plot.draw_series(chart.arrivals_per_s.iter().enumerate().filter(|(_, v)| **v > 0.0).map(|(i, v)| {
        let left = i as f64 * width;
        Rectangle::new([(left, 0.0), (left + width, *v)], bar)
    }))?;
    if !chart.in_flight.is_empty() {
        let (label_px, title_px, _) = look.type_sizes();
        let colour = look.theme.overlay(1);
        plot.configure_secondary_axes()
            .y_labels(6)
            .y_label_formatter(&|y| plain(*y))
            .y_desc(text.in_flight_title.as_str())
            .label_style(look.font(label_px, look.theme.text))
            .axis_desc_style(look.font(title_px, colour))
            .axis_style(ShapeStyle { color: rgb(look.theme.text).to_rgba(), filled: false, stroke_width: look.px(1.0) })
            .draw()?;
        let line = ShapeStyle { color: rgb(colour).to_rgba(), filled: false, stroke_width: look.px(2.0) };
        // A step per bin: the most in flight holds over the whole bin.
        let steps: Vec<(f64, f64)> = chart
            .in_flight
            .iter()
            .enumerate()
            .flat_map(|(i, v)| [(i as f64 * width, *v), ((i + 1) as f64 * width, *v)])
            .collect();
        plot.draw_secondary_series(LineSeries::new(steps, line))?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::{Recording, RecordingBackend};
    use crate::theme::ChartTheme;

    fn look() -> Look {
        Look { scale: 1.0, theme: ChartTheme::LIGHT, font_family: "sans-serif".into(), compact: false }
    }

    fn text() -> LogChartText {
        LogChartText {
            x_title: "Minutes from the log's start".into(),
            arrivals_title: "Requests per second".into(),
            in_flight_title: "In flight (most)".into(),
        }
    }

    fn colour(rgb: crate::theme::Rgb) -> (u8, u8, u8) {
        (rgb.0, rgb.1, rgb.2)
    }

    #[test]
    fn bars_and_the_in_flight_steps_are_drawn_with_both_axes() {
        // Ten 60-s bins: minutes on the axis; the line is 10 steps, 2 points each, 19 segments.
        let chart = LogChart::new(60.0, &[0.5, 1.0, 0.0, 2.0, 1.5, 1.0, 0.5, 0.5, 1.0, 1.0], Some(&[3.0; 10]));
        assert!(!chart.in_hours());
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        assert_eq!(draw_log_timeline(backend, &chart, &text(), &look()), Ok(()));
        let theme = ChartTheme::LIGHT;
        let line = recording.segments.iter().filter(|s| s.2 == colour(theme.overlay(1))).count();
        assert_eq!(line, 19);
        let labels: Vec<&str> = recording.texts.iter().map(|(t, _)| t.as_str()).collect();
        for expected in ["Minutes from the log's start", "Requests per second", "In flight (most)"] {
            assert!(labels.contains(&expected), "{expected} in {labels:?}");
        }
        // The left axis reaches 2.5 (2 req/s with headroom), the right 4 (3 with headroom).
        assert!(labels.contains(&"2.5") && labels.contains(&"4"), "{labels:?}");
    }

    #[test]
    fn a_narrow_chart_merges_bins_keeping_the_mean_rate_and_the_highest_in_flight() {
        let chart = LogChart::new(5.0, &[0.2, 0.4, 0.6, 0.2, 0.0], Some(&[2.0, 3.0, 2.0, 3.0, 1.0]));
        // 5 bins into at most 2: 3 merged a bin, the last one short (its time counts whole).
        let coarse = chart.coarsened(2);
        assert_eq!(coarse.bin_s, 15.0);
        assert_eq!(coarse.in_flight, [3.0, 3.0]);
        assert!((coarse.arrivals_per_s[0] - 0.4).abs() < 1e-12 && (coarse.arrivals_per_s[1] - 0.2 / 3.0).abs() < 1e-12);
        assert_eq!(chart.coarsened(5), chart);
        // Drawn compact, 120 bins become 40 steps: 79 segments of the line.
        let wide = LogChart::new(5.0, &[0.4; 120], Some(&[3.0; 120]));
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (360, 200), recording: &mut recording };
        let compact = Look { compact: true, ..look() };
        assert_eq!(draw_log_timeline(backend, &wide, &text(), &compact), Ok(()));
        let line = recording.segments.iter().filter(|s| s.2 == colour(ChartTheme::LIGHT.overlay(1))).count();
        assert_eq!(line, 79);
    }

    #[test]
    fn a_log_without_in_flight_draws_bars_alone_and_long_logs_count_hours() {
        let chart = LogChart::new(300.0, &[f64::NAN, -1.0, 0.2, 0.4], None);
        assert_eq!(chart.arrivals_per_s, [0.0, 0.0, 0.2, 0.4]);
        let long = LogChart::new(600.0, &[1.0; 24], None);
        assert!(long.in_hours(), "4 hours");
        for chart in [chart, long, LogChart::default()] {
            let mut recording = Recording::default();
            let backend = RecordingBackend { size: (320, 200), recording: &mut recording };
            assert_eq!(draw_log_timeline(backend, &chart, &text(), &look()), Ok(()));
            let theme = ChartTheme::LIGHT;
            assert!(recording.segments.iter().all(|s| s.2 != colour(theme.overlay(1))));
            assert!(!recording.texts.iter().any(|(t, _)| t == "In flight (most)"));
        }
    }
}
