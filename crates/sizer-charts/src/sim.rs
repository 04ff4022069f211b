//! The two charts of "Check by simulation", as numbers ([`InFlightChart`], [`SweepChart`], built
//! from the core's reports) and as drawing functions generic over plotters' `DrawingBackend`
//! (the browser's canvas in the widget, a recording backend in the tests):
//! - the share of time at each number of requests in flight, simulated (bars) beside the Poisson
//!   and finite-population predictions for the same mean (lines), with the streams that keep the
//!   floor;
//! - per-request speed (p50, p95, p99) against team size from the sweep, with the floor line and
//!   the formula's team size.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use sizer_core::sim::{SimReport, SweepReport};

use crate::axis::nice_ceiling;
use crate::draw::{ChartError, Look, Plot, rgb};
use crate::theme::Rgb;

/// Counts whose simulated and predicted shares are all below this (0.01 %) are cut from the right
/// of the in-flight chart, so its width follows the distribution, not the team size.
const SHARE_DRAWN: f64 = 1e-4;

/// One count of requests in flight: shares of time, 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InFlightBar {
    pub count: u32,
    pub simulated: f64,
    pub poisson: f64,
    pub finite_population: Option<f64>,
}

/// The in-flight distribution beside its predictions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InFlightChart {
    pub bars: Vec<InFlightBar>,
    /// Streams that keep the floor on the curve (the sizing's promise: in flight stays within
    /// them `percentile` of the time).
    pub streams_at_floor: Option<f64>,
}

impl InFlightChart {
    /// The chart of a report: every count up to the last one with a share of at least
    /// [`SHARE_DRAWN`] (and up to the streams at the floor, when they are near).
    pub fn from_report(report: &SimReport) -> InFlightChart {
        let shown = |share: f64| share >= SHARE_DRAWN;
        let last = report
            .in_flight
            .iter()
            .filter(|b| shown(b.share_time) || shown(b.poisson) || b.finite_population.is_some_and(shown))
            .map(|b| b.count)
            .max()
            .unwrap_or(0);
        let streams = report.streams_at_floor;
        let last = if streams.is_finite() && streams > 0.0 && streams <= 2.0 * f64::from(last.max(1)) {
            last.max(streams.ceil() as u32)
        } else {
            last
        };
        let bars = report
            .in_flight
            .iter()
            .filter(|b| b.count <= last)
            .map(|b| InFlightBar {
                count: b.count,
                simulated: b.share_time,
                poisson: b.poisson,
                finite_population: b.finite_population,
            })
            .collect();
        let streams_at_floor = (streams.is_finite() && streams > 0.0).then_some(streams);
        InFlightChart { bars, streams_at_floor }
    }

    /// The x range: from the first count drawn to one past the last.
    fn x_range(&self) -> std::ops::Range<f64> {
        let first = self.bars.first().map_or(0.0, |b| f64::from(b.count));
        let last = self.bars.last().map_or(1.0, |b| f64::from(b.count));
        (first - 0.5)..(last + 1.0)
    }

    fn peak(&self) -> f64 {
        self.bars.iter().flat_map(|b| [b.simulated, b.poisson, b.finite_population.unwrap_or(0.0)]).fold(0.0, f64::max)
    }
}

/// One team size of the sweep: per-request speed percentiles, tok/s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepRow {
    pub users: u32,
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub share_at_floor: f64,
}

/// Per-request speed against team size.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SweepChart {
    pub rows: Vec<SweepRow>,
    pub floor: f64,
    pub formula_people: u64,
}

impl SweepChart {
    /// The chart of a sweep (team sizes where no request finished are left out).
    pub fn from_sweep(sweep: &SweepReport, floor: f64) -> SweepChart {
        let rows = sweep
            .points
            .iter()
            .filter_map(|p| {
                let s = p.speed_tok_s?;
                Some(SweepRow {
                    users: p.users,
                    p50: s.p50,
                    p95: s.p95,
                    p99: s.p99,
                    share_at_floor: p.share_requests_at_floor,
                })
            })
            .collect();
        SweepChart { rows, floor, formula_people: sweep.formula_people }
    }
}

/// The words drawn on a simulation chart.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimChartText {
    pub x_title: String,
    pub y_title: String,
    /// Beside the floor line (sweep) or the streams-at-floor line (in flight).
    pub floor_label: Option<String>,
    /// Beside the formula's team size (sweep only).
    pub formula_label: Option<String>,
}

/// The colours of the series, shared with the legend's swatches: simulated (the run colour),
/// Poisson (first overlay colour), finite population (second).
pub fn series_colours(look: &Look) -> [Rgb; 3] {
    [look.theme.run, look.theme.overlay(0), look.theme.overlay(1)]
}

/// Draws the in-flight distribution: y in percent of time.
pub fn draw_in_flight<DB>(
    backend: DB,
    chart: &InFlightChart,
    text: &SimChartText,
    look: &Look,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let root = backend.into_drawing_area();
    let x_range = chart.x_range();
    let ceiling = nice_ceiling([100.0 * chart.peak()]);
    let mut plot = look.plot_area(&root, x_range.clone(), ceiling)?;
    mesh(&mut plot, text, look, &|x| format_count(*x), &|y| format_count(*y))?;
    let [simulated, poisson, finite] = series_colours(look);
    let half = 0.38;
    plot.draw_series(chart.bars.iter().filter(|b| b.simulated > 0.0).map(|b| {
        let x = f64::from(b.count);
        Rectangle::new([(x - half, 0.0), (x + half, 100.0 * b.simulated)], rgb(simulated).mix(0.75).filled())
    }))?;
    let line = |colour: Rgb, width: f64| ShapeStyle {
        color: rgb(colour).to_rgba(),
        filled: false,
        stroke_width: look.px(width),
    };
    let poisson_path = chart.bars.iter().map(|b| (f64::from(b.count), 100.0 * b.poisson));
    plot.draw_series(LineSeries::new(poisson_path, line(poisson, 2.0)))?;
    let finite_path: Vec<(f64, f64)> =
        chart.bars.iter().filter_map(|b| Some((f64::from(b.count), 100.0 * b.finite_population?))).collect();
    if !finite_path.is_empty() {
        plot.draw_series(DashedLineSeries::new(finite_path, look.px(6.0), look.px(3.0), line(finite, 2.0)))?;
    }
    if let Some(streams) = chart.streams_at_floor.filter(|s| x_range.contains(s)) {
        vertical_marker(&mut plot, streams, ceiling, text.floor_label.as_deref(), look)?;
    }
    root.present()?;
    Ok(())
}

/// Draws per-request speed percentiles against team size, with the floor and the formula's size.
pub fn draw_sweep<DB>(backend: DB, chart: &SweepChart, text: &SimChartText, look: &Look) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let root = backend.into_drawing_area();
    let formula = chart.formula_people as f64;
    let (lo, hi) = chart
        .rows
        .iter()
        .map(|r| f64::from(r.users))
        .chain(std::iter::once(formula).filter(|f| *f > 0.0))
        .fold((f64::INFINITY, 0.0_f64), |(lo, hi), u| (lo.min(u), hi.max(u)));
    let (lo, hi) = if lo.is_finite() && hi > lo { (lo, hi) } else { (0.0, hi.max(1.0)) };
    let pad = 0.05 * (hi - lo);
    let x_range = (lo - pad).max(0.0)..(hi + pad);
    let ceiling = nice_ceiling(chart.rows.iter().map(|r| r.p50).chain([chart.floor]));
    let mut plot = look.plot_area(&root, x_range.clone(), ceiling)?;
    mesh(&mut plot, text, look, &|x| format_count(*x), &|y| format_count(*y))?;
    let [p50, p95, p99] = [look.theme.run, look.theme.overlay(0), look.theme.overlay(1)];
    for (colour, pick) in [(p50, 0), (p95, 1), (p99, 2)] {
        let style = ShapeStyle { color: rgb(colour).to_rgba(), filled: false, stroke_width: look.px(2.0) };
        let value = |r: &SweepRow| [r.p50, r.p95, r.p99][pick];
        let path: Vec<(f64, f64)> = chart.rows.iter().map(|r| (f64::from(r.users), value(r))).collect();
        plot.draw_series(LineSeries::new(path.clone(), style))?;
        let mark = ShapeStyle { color: rgb(colour).to_rgba(), filled: true, stroke_width: look.px(1.0) };
        plot.draw_series(path.into_iter().map(|p| Circle::new(p, look.px(3.0), mark)))?;
    }
    let floor_style = ShapeStyle { color: rgb(look.theme.floor).to_rgba(), filled: false, stroke_width: look.px(1.5) };
    if chart.floor > 0.0 && chart.floor <= ceiling {
        plot.draw_series(DashedLineSeries::new(
            [(x_range.start, chart.floor), (x_range.end, chart.floor)],
            look.px(7.0),
            look.px(4.0),
            floor_style,
        ))?;
        if let Some(label) = &text.floor_label {
            let (label_px, _, _) = look.type_sizes();
            plot.draw_series(std::iter::once(
                EmptyElement::at((x_range.start, chart.floor))
                    + Text::new(
                        label.clone(),
                        (look.px_i32(4.0), -look.px_i32(3.0)),
                        look.font(label_px, look.theme.floor).pos(Pos::new(HPos::Left, VPos::Bottom)),
                    ),
            ))?;
        }
    }
    if formula > 0.0 && x_range.contains(&formula) {
        vertical_marker(&mut plot, formula, ceiling, text.formula_label.as_deref(), look)?;
    }
    root.present()?;
    Ok(())
}

fn mesh<DB>(
    plot: &mut Plot<'_, DB>,
    text: &SimChartText,
    look: &Look,
    x_label: &dyn Fn(&f64) -> String,
    y_label: &dyn Fn(&f64) -> String,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let mut mesh = plot.configure_mesh();
    mesh.x_label_formatter(x_label)
        .y_label_formatter(y_label)
        .x_labels(if look.compact { 5 } else { 8 })
        .y_labels(6)
        .x_desc(text.x_title.as_str())
        .y_desc(text.y_title.as_str());
    look.style_mesh(&mut mesh).draw()?;
    Ok(())
}

/// A dashed vertical line in the floor colour at `x`, labelled at its top.
fn vertical_marker<DB>(
    plot: &mut Plot<'_, DB>,
    x: f64,
    ceiling: f64,
    label: Option<&str>,
    look: &Look,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let style = ShapeStyle { color: rgb(look.theme.floor).to_rgba(), filled: false, stroke_width: look.px(1.5) };
    plot.draw_series(DashedLineSeries::new([(x, 0.0), (x, ceiling)], look.px(4.0), look.px(3.0), style))?;
    if let Some(label) = label {
        let (_, _, note_px) = look.type_sizes();
        // Right of the line in the left half of the plot, left of it in the right half, so the
        // label stays inside the frame.
        let range = plot.x_range();
        let (anchor, dx) = if x <= (range.start + range.end) / 2.0 {
            (HPos::Left, look.px_i32(5.0))
        } else {
            (HPos::Right, -look.px_i32(5.0))
        };
        plot.draw_series(std::iter::once(
            EmptyElement::at((x, ceiling))
                + Text::new(
                    label.to_owned(),
                    (dx, look.px_i32(2.0)),
                    look.font(note_px, look.theme.floor).pos(Pos::new(anchor, VPos::Top)),
                ),
        ))?;
    }
    Ok(())
}

/// Axis labels: whole numbers as such, others with one decimal (plain: the ticks carry no
/// thousands, and a comma would read as a decimal mark in German).
fn format_count(value: f64) -> String {
    if (value - value.round()).abs() < 1e-9 { format!("{}", value.round() as i64) } else { format!("{value:.1}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::{Recording, RecordingBackend};
    use crate::theme::ChartTheme;

    fn look() -> Look {
        Look { scale: 1.0, theme: ChartTheme::LIGHT, font_family: "sans-serif".into(), compact: false }
    }

    fn bar(count: u32, simulated: f64, poisson: f64) -> InFlightBar {
        InFlightBar { count, simulated, poisson, finite_population: Some(poisson / 2.0) }
    }

    fn text() -> SimChartText {
        SimChartText {
            x_title: "Requests in flight".into(),
            y_title: "% of time".into(),
            floor_label: Some("52 streams".into()),
            formula_label: Some("formula: 163".into()),
        }
    }

    fn colour(rgb: Rgb) -> (u8, u8, u8) {
        (rgb.0, rgb.1, rgb.2)
    }

    #[test]
    fn the_in_flight_chart_draws_bars_both_predictions_and_the_streams() {
        let chart = InFlightChart {
            bars: vec![bar(0, 0.2, 0.25), bar(1, 0.5, 0.4), bar(2, 0.3, 0.35)],
            streams_at_floor: Some(2.5),
        };
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        assert_eq!(draw_in_flight(backend, &chart, &text(), &look()), Ok(()));
        let theme = ChartTheme::LIGHT;
        let has = |rgb: Rgb| recording.segments.iter().any(|s| s.2 == colour(rgb));
        assert!(has(theme.overlay(0)), "Poisson line");
        assert!(has(theme.overlay(1)), "finite-population line");
        assert!(has(theme.floor), "streams at the floor");
        let labels: Vec<&str> = recording.texts.iter().map(|(t, _)| t.as_str()).collect();
        assert!(labels.contains(&"52 streams") && labels.contains(&"% of time"), "{labels:?}");
        // The peak share is 50 %: with 5 % headroom the value axis tops out at a nice 60.
        assert!(labels.contains(&"60"), "{labels:?}");
    }

    #[test]
    fn the_sweep_chart_draws_three_percentiles_the_floor_and_the_formula() {
        let row = |users, p50, p95, p99| SweepRow { users, p50, p95, p99, share_at_floor: 1.0 };
        let chart = SweepChart {
            rows: vec![row(163, 22.0, 18.0, 16.6), row(189, 20.0, 16.0, 15.1), row(326, 9.0, 7.0, 6.0)],
            floor: 15.0,
            formula_people: 163,
        };
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (600, 300), recording: &mut recording };
        assert_eq!(draw_sweep(backend, &chart, &text(), &look()), Ok(()));
        let theme = ChartTheme::LIGHT;
        for rgb in [theme.run, theme.overlay(0), theme.overlay(1)] {
            let marks = recording.circles.iter().filter(|c| c.2 == colour(rgb)).count();
            assert_eq!(marks, 3, "one mark per team size in {rgb:?}");
        }
        let labels: Vec<&str> = recording.texts.iter().map(|(t, _)| t.as_str()).collect();
        assert!(labels.contains(&"formula: 163") && labels.contains(&"52 streams"), "{labels:?}");
    }

    #[test]
    fn empty_charts_still_draw_their_frames() {
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (300, 200), recording: &mut recording };
        assert_eq!(draw_in_flight(backend, &InFlightChart::default(), &text(), &look()), Ok(()));
        let mut recording = Recording::default();
        let backend = RecordingBackend { size: (300, 200), recording: &mut recording };
        assert_eq!(draw_sweep(backend, &SweepChart::default(), &text(), &look()), Ok(()));
    }
}
