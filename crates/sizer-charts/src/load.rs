//! A run's measured open-loop load as charts: the rate sweep's p95 time to first token against
//! the request rate, with the p95 limits the suite reports a capacity at (2, 5 and 10 s), and
//! the median request's speed (1000 / median TPOT) against the same rates. A model
//! ([`LoadChart`], built from the dataset's [`RunMeasuredLoad`]) and two drawing functions generic
//! over plotters' `DrawingBackend`. A prediction of the same sweep (`LoadChart::predicted`, the
//! page's "Load from your logs") is drawn beside the measured steps in its own colour, hollow.
//!
//! A sweep whose worst step waits many times the highest limit would press the limits into the
//! bottom of the plot: the TTFT axis stops at [`TTFT_AXIS_CAP_S`] at most, and a step above it
//! is drawn on the top edge as a triangle labelled with its own value.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use sizer_data::RunMeasuredLoad;
use sizer_data::suite::SLO_LIMITS_MS;

use crate::axis::nice_ceiling;
use crate::draw::{ChartError, Look, Plot, rgb};

/// The TTFT axis's highest ceiling (s): three times the highest limit.
pub const TTFT_AXIS_CAP_S: f64 = 30.0;

/// One step of the sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoadChartRow {
    /// Configured request rate (req/s).
    pub rate_per_s: f64,
    /// 95th-percentile time to first token (s).
    pub ttft_p95_s: f64,
    /// The median request's speed (tok/s), when it generated a second token.
    pub per_request_tok_s: Option<f64>,
}

/// The sweep as the charts show it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadChart {
    /// The measured steps with a configured rate, by rising rate.
    pub rows: Vec<LoadChartRow>,
    /// The predicted steps, by rising rate (empty for a measured load alone).
    pub predicted: Vec<LoadChartRow>,
    /// The p95 TTFT limits (s), rising.
    pub limits_s: Vec<f64>,
}

impl LoadChart {
    /// The chart of a run's rate sweep (steps without a configured rate are not on a rate axis).
    pub fn from_load(load: &RunMeasuredLoad) -> LoadChart {
        let rows = load
            .sweep
            .iter()
            .filter_map(|row| {
                Some(LoadChartRow {
                    rate_per_s: row.rate_per_s?,
                    ttft_p95_s: row.ttft_p95_ms / 1000.0,
                    per_request_tok_s: row.per_request_tok_s(),
                })
            })
            .collect();
        LoadChart { rows, predicted: Vec::new(), limits_s: SLO_LIMITS_MS.iter().map(|ms| ms / 1000.0).collect() }
    }

    /// Every row, measured then predicted.
    fn all_rows(&self) -> impl Iterator<Item = &LoadChartRow> {
        self.rows.iter().chain(&self.predicted)
    }

    /// The rate axis: from 0 to 5 % past the highest rate.
    fn x_range(&self) -> std::ops::Range<f64> {
        let highest = self.all_rows().map(|r| r.rate_per_s).fold(0.0, f64::max);
        0.0..if highest > 0.0 { highest * 1.05 } else { 1.0 }
    }

    /// The TTFT axis's ceiling (s): above every step and limit, at most [`TTFT_AXIS_CAP_S`].
    pub fn ttft_ceiling(&self) -> f64 {
        let values = self.all_rows().map(|r| r.ttft_p95_s.min(TTFT_AXIS_CAP_S)).chain(self.limits_s.iter().copied());
        nice_ceiling(values).min(TTFT_AXIS_CAP_S)
    }
}

/// The words drawn on the load charts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadChartText {
    /// The rate axis ("Requests per second").
    pub x_title: String,
    /// The TTFT chart's value axis ("p95 time to first token (s)").
    pub ttft_title: String,
    /// The speed chart's value axis ("Per-request speed (tok/s)").
    pub speed_title: String,
    /// One label per limit, beside its line ("2 s").
    pub limit_labels: Vec<String>,
}

/// Draws p95 TTFT against the request rate, with a dashed line at each limit, the measured steps
/// filled and the predicted ones hollow; `format_seconds` writes the value beside a step above
/// the axis.
pub fn draw_load_ttft<DB>(
    backend: DB,
    chart: &LoadChart,
    text: &LoadChartText,
    look: &Look,
    format_seconds: &dyn Fn(f64) -> String,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let root = backend.into_drawing_area();
    let x_range = chart.x_range();
    let ceiling = chart.ttft_ceiling();
    let mut plot = look.plot_area(&root, x_range.clone(), ceiling)?;
    mesh(&mut plot, &text.x_title, &text.ttft_title, look)?;
    let limit_style = ShapeStyle { color: rgb(look.theme.floor).to_rgba(), filled: false, stroke_width: look.px(1.5) };
    let (label_px, _, _) = look.type_sizes();
    for (i, limit) in chart.limits_s.iter().copied().enumerate().filter(|(_, l)| *l <= ceiling) {
        plot.draw_series(DashedLineSeries::new(
            [(x_range.start, limit), (x_range.end, limit)],
            look.px(7.0),
            look.px(4.0),
            limit_style,
        ))?;
        if let Some(label) = text.limit_labels.get(i) {
            plot.draw_series(std::iter::once(
                EmptyElement::at((x_range.start, limit))
                    + Text::new(
                        label.clone(),
                        (look.px_i32(4.0), -look.px_i32(3.0)),
                        look.font(label_px, look.theme.floor).pos(Pos::new(HPos::Left, VPos::Bottom)),
                    ),
            ))?;
        }
    }
    let series = [(&chart.rows, look.theme.run, true), (&chart.predicted, look.theme.overlay(1), false)];
    // Labels of steps above the axis already written at each rate: a measured and a predicted
    // step at one rate stack instead of overprinting each other.
    let mut labelled: Vec<f64> = Vec::new();
    for (rows, colour, filled) in series {
        let line = ShapeStyle { color: rgb(colour).to_rgba(), filled: false, stroke_width: look.px(2.0) };
        let mark = ShapeStyle { color: rgb(colour).to_rgba(), filled, stroke_width: look.px(1.5) };
        let path: Vec<(f64, f64)> = rows.iter().map(|r| (r.rate_per_s, r.ttft_p95_s.min(ceiling))).collect();
        plot.draw_series(LineSeries::new(path, line))?;
        let (inside, above): (Vec<&LoadChartRow>, Vec<&LoadChartRow>) =
            rows.iter().partition(|r| r.ttft_p95_s <= ceiling);
        plot.draw_series(inside.iter().map(|r| Circle::new((r.rate_per_s, r.ttft_p95_s), look.px(3.5), mark)))?;
        for row in above {
            let at = (row.rate_per_s, ceiling);
            plot.draw_series(std::iter::once(TriangleMarker::new(at, look.px(5.0), mark)))?;
            let line = labelled.iter().filter(|rate| **rate == row.rate_per_s).count();
            labelled.push(row.rate_per_s);
            // Left of the mark, below the frame's top, so the label stays inside the plot; in
            // its series' colour, so a stacked pair says which value is which.
            plot.draw_series(std::iter::once(
                EmptyElement::at(at)
                    + Text::new(
                        format_seconds(row.ttft_p95_s),
                        (-look.px_i32(7.0), look.px_i32(4.0 + 1.3 * label_px * line as f64)),
                        look.font(label_px, colour).pos(Pos::new(HPos::Right, VPos::Top)),
                    ),
            ))?;
        }
    }
    root.present()?;
    Ok(())
}

/// Draws the median request's speed against the request rate, measured filled and predicted
/// hollow.
pub fn draw_load_speed<DB>(backend: DB, chart: &LoadChart, text: &LoadChartText, look: &Look) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let root = backend.into_drawing_area();
    let points = |rows: &[LoadChartRow]| -> Vec<(f64, f64)> {
        rows.iter().filter_map(|r| Some((r.rate_per_s, r.per_request_tok_s?))).collect()
    };
    let series =
        [(points(&chart.rows), look.theme.overlay(0), true), (points(&chart.predicted), look.theme.overlay(1), false)];
    let ceiling = nice_ceiling(series.iter().flat_map(|(p, _, _)| p.iter().map(|p| p.1)));
    let mut plot = look.plot_area(&root, chart.x_range(), ceiling)?;
    mesh(&mut plot, &text.x_title, &text.speed_title, look)?;
    for (points, colour, filled) in series {
        let line = ShapeStyle { color: rgb(colour).to_rgba(), filled: false, stroke_width: look.px(2.0) };
        let mark = ShapeStyle { color: rgb(colour).to_rgba(), filled, stroke_width: look.px(1.5) };
        plot.draw_series(LineSeries::new(points.clone(), line))?;
        plot.draw_series(points.into_iter().map(|p| Circle::new(p, look.px(3.5), mark)))?;
    }
    root.present()?;
    Ok(())
}

fn mesh<DB>(plot: &mut Plot<'_, DB>, x_title: &str, y_title: &str, look: &Look) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let mut mesh = plot.configure_mesh();
    mesh.x_label_formatter(&|x| plain(*x))
        .y_label_formatter(&|y| plain(*y))
        .x_labels(if look.compact { 5 } else { 8 })
        .y_labels(6)
        .x_desc(x_title)
        .y_desc(y_title);
    look.style_mesh(&mut mesh).draw()?;
    Ok(())
}

/// Axis labels: whole numbers as such, others with up to two decimals, trailing zeros cut
/// (plain: a comma would read as a decimal mark in German).
pub(crate) fn plain(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::{Recording, RecordingBackend};
    use crate::theme::ChartTheme;

    fn look() -> Look {
        Look { scale: 1.0, theme: ChartTheme::LIGHT, font_family: "sans-serif".into(), compact: false }
    }

    fn text() -> LoadChartText {
        LoadChartText {
            x_title: "Requests per second".into(),
            ttft_title: "p95 TTFT (s)".into(),
            speed_title: "tok/s".into(),
            limit_labels: vec!["2 s".into(), "5 s".into(), "10 s".into()],
        }
    }

    fn row(rate_per_s: f64, ttft_p95_s: f64, speed: f64) -> LoadChartRow {
        LoadChartRow { rate_per_s, ttft_p95_s, per_request_tok_s: Some(speed) }
    }

    fn colour(rgb: crate::theme::Rgb) -> (u8, u8, u8) {
        (rgb.0, rgb.1, rgb.2)
    }

    #[test]
    fn the_ttft_chart_draws_each_step_the_limits_and_a_step_above_the_axis_on_its_edge() {
        // qwen-3.6-35b-a3b fp8's sweep (11-rate-sweep.json, p95 rounded there).
        let chart = LoadChart {
            rows: vec![row(0.1, 2.8083, 31.5), row(0.3, 4.3957, 10.4), row(0.7, 8.1309, 5.1), row(1.0, 66.083, 3.9)],
            predicted: Vec::new(),
            limits_s: vec![2.0, 5.0, 10.0],
        };
        // The worst step (66 s) is over the cap: the axis stops at 30 s.
        assert_eq!(chart.ttft_ceiling(), 30.0);
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        let seconds = |s: f64| format!("{s:.0} s");
        assert_eq!(draw_load_ttft(backend, &chart, &text(), &look(), &seconds), Ok(()));
        let theme = ChartTheme::LIGHT;
        let marks = recording.circles.iter().filter(|c| c.2 == colour(theme.run)).count();
        assert_eq!(marks, 3, "the three steps under the axis's top");
        let labels: Vec<&str> = recording.texts.iter().map(|(t, _)| t.as_str()).collect();
        for expected in ["2 s", "5 s", "10 s", "66 s", "p95 TTFT (s)"] {
            assert!(labels.contains(&expected), "{expected} in {labels:?}");
        }
    }

    #[test]
    fn a_measured_and_a_predicted_step_above_the_axis_at_one_rate_are_labelled_one_under_the_other() {
        // qwen-3.6-35b-a3b fp8 at 1.0 req/s: measured 66.1 s (11-rate-sweep.json), predicted 86.1 s.
        let chart = LoadChart {
            rows: vec![row(0.5, 6.2, 4.6), row(1.0, 66.083, 3.9)],
            predicted: vec![row(0.5, 6.0, 4.5), row(1.0, 86.1, 2.0)],
            limits_s: vec![5.0],
        };
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        let seconds = |s: f64| format!("{s:.1} s");
        assert_eq!(draw_load_ttft(backend, &chart, &text(), &look(), &seconds), Ok(()));
        let at = |label: &str| recording.text_positions.iter().find(|(t, _)| t == label).map(|(_, p)| *p);
        let (measured, predicted) = (at("66.1 s").expect("measured label"), at("86.1 s").expect("predicted label"));
        assert_eq!(measured.0, predicted.0, "both right-aligned left of the mark");
        // One line (1.3 x the 12 px label type, at scale 1) lower: 4 + 15.6 px, rounded, against 4.
        assert_eq!(predicted.1 - measured.1, 16, "{measured:?} {predicted:?}");
        let theme = ChartTheme::LIGHT;
        let colour_of = |label: &str| recording.texts.iter().find(|(t, _)| t == label).map(|(_, c)| *c);
        assert_eq!(colour_of("66.1 s"), Some(colour(theme.run)));
        assert_eq!(colour_of("86.1 s"), Some(colour(theme.overlay(1))));
    }

    #[test]
    fn a_sweep_under_the_cap_keeps_its_own_ceiling() {
        let chart = LoadChart {
            rows: vec![row(0.1, 1.2, 40.0), row(0.5, 3.1, 20.0)],
            predicted: Vec::new(),
            limits_s: vec![2.0, 5.0, 10.0],
        };
        // 10 s (the highest limit) with 5 % headroom: 12.
        assert_eq!(chart.ttft_ceiling(), 12.0);
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        assert_eq!(draw_load_speed(backend, &chart, &text(), &look()), Ok(()));
        let marks = recording.circles.iter().filter(|c| c.2 == colour(ChartTheme::LIGHT.overlay(0))).count();
        assert_eq!(marks, 2);
    }

    #[test]
    fn a_prediction_is_drawn_hollow_beside_the_measured_steps_and_widens_the_axes() {
        let chart = LoadChart {
            rows: vec![row(0.1, 1.2, 40.0), row(0.5, 3.1, 20.0)],
            // Three predicted steps, the last beyond the measured rates and above the cap.
            predicted: vec![row(0.1, 1.0, 45.0), row(0.5, 2.5, 25.0), row(2.0, 40.0, 60.0)],
            limits_s: vec![2.0, 5.0, 10.0],
        };
        assert_eq!(chart.ttft_ceiling(), TTFT_AXIS_CAP_S);
        assert_eq!(chart.x_range(), 0.0..2.1);
        let theme = ChartTheme::LIGHT;
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        let seconds = |s: f64| format!("{s:.0} s");
        assert_eq!(draw_load_ttft(backend, &chart, &text(), &look(), &seconds), Ok(()));
        let marks = |recording: &Recording, rgb, filled| {
            recording.circles.iter().filter(|c| c.2 == colour(rgb) && c.3 == filled).count()
        };
        assert_eq!(marks(&recording, theme.run, true), 2, "the measured steps, filled");
        assert_eq!(marks(&recording, theme.overlay(1), false), 2, "the predicted steps under the cap, hollow");
        assert!(recording.texts.iter().any(|(t, _)| t == "40 s"), "the step above the cap is labelled");
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        assert_eq!(draw_load_speed(backend, &chart, &text(), &look()), Ok(()));
        assert_eq!(marks(&recording, theme.overlay(0), true), 2);
        assert_eq!(marks(&recording, theme.overlay(1), false), 3);
    }

    #[test]
    fn an_empty_sweep_still_draws_its_frames() {
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (300, 200), recording: &mut recording };
        assert_eq!(draw_load_ttft(backend, &LoadChart::default(), &text(), &look(), &|s| format!("{s}")), Ok(()));
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (300, 200), recording: &mut recording };
        assert_eq!(draw_load_speed(backend, &LoadChart::default(), &text(), &look()), Ok(()));
    }

    #[test]
    fn axis_labels_are_plain() {
        assert_eq!([plain(0.0), plain(0.25), plain(0.5), plain(12.0)], ["0", "0.25", "0.5", "12"]);
    }
}
