//! Draws a [`ConcurrencyChart`] with plotters onto any drawing backend (the browser's canvas
//! in the widget, a recording backend in tests). Every plotters error comes back as a
//! [`ChartError`]; nothing here panics.

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::model::{ChartText, ConcurrencyChart, Crossing, Series};
use crate::theme::{ChartTheme, Rgb};

/// Why a chart could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChartError {
    /// The canvas (or its 2D context) is not available.
    NoCanvas,
    /// The backend refused a drawing operation; the text is plotters' description.
    Drawing(String),
}

impl core::fmt::Display for ChartError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ChartError::NoCanvas => f.write_str("no canvas to draw on"),
            ChartError::Drawing(reason) => write!(f, "drawing failed: {reason}"),
        }
    }
}

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for ChartError {
    fn from(error: DrawingAreaErrorKind<E>) -> ChartError {
        ChartError::Drawing(error.to_string())
    }
}

/// How the chart looks: colours, the font family and the device pixel scale (every length
/// below is in CSS pixels and multiplied by `scale`, so the drawing is crisp on high-DPI
/// screens whose backing store is `scale` times the CSS size).
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    /// Device pixels per CSS pixel (window.devicePixelRatio), at least 1.
    pub scale: f64,
    /// Colours.
    pub theme: ChartTheme,
    /// CSS font family for labels, e.g. the widget's computed `font-family`.
    pub font_family: String,
    /// A narrow chart (phones, 320 px and up): smaller type, every other tick labelled, short
    /// axis titles.
    pub compact: bool,
}

/// Charts narrower than this (CSS pixels) are drawn compact.
pub const COMPACT_BELOW_CSS_PX: f64 = 480.0;

impl Look {
    /// Label, title and annotation font sizes in CSS pixels.
    pub(crate) fn type_sizes(&self) -> (f64, f64, f64) {
        if self.compact { (10.5, 11.0, 11.0) } else { (12.0, 13.0, 13.0) }
    }

    /// A length in CSS pixels, in device pixels.
    pub(crate) fn px(&self, css_px: f64) -> u32 {
        // Clamped to a sane range first, so the cast is exact.
        (css_px * self.scale).round().clamp(0.0, 10_000.0) as u32
    }

    pub(crate) fn px_i32(&self, css_px: f64) -> i32 {
        (css_px * self.scale).round().clamp(-10_000.0, 10_000.0) as i32
    }

    pub(crate) fn font(&self, css_px: f64, colour: Rgb) -> TextStyle<'_> {
        (self.font_family.as_str(), css_px * self.scale).into_font().color(&rgb(colour))
    }

    /// The mesh every chart shares: labels and axis titles in the theme's text colour, the axes
    /// in it too, the grid's bold lines only, 4-pixel tick marks.
    pub(crate) fn style_mesh<'m, 'a, 'b, X, Y, DB>(
        &'b self,
        mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    ) -> &'m mut MeshStyle<'a, 'b, X, Y, DB>
    where
        X: Ranged,
        Y: Ranged,
        DB: DrawingBackend,
    {
        let theme = &self.theme;
        let (label_px, title_px, _) = self.type_sizes();
        let line = |colour: Rgb| ShapeStyle { color: rgb(colour).to_rgba(), filled: false, stroke_width: self.px(1.0) };
        mesh.label_style(self.font(label_px, theme.text))
            .axis_desc_style(self.font(title_px, theme.text))
            .axis_style(line(theme.text))
            .bold_line_style(line(theme.grid))
            .light_line_style(TRANSPARENT)
            .set_all_tick_mark_size(self.px(4.0))
    }
}

/// A chart's plotting area: value axes over `f64` on both sides.
pub(crate) type Plot<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

impl Look {
    /// The plotting area every chart shares: its margins and label areas (narrower when
    /// compact), `x_range` across and 0 to `ceiling` up.
    pub(crate) fn plot_area<'a, DB>(
        &self,
        root: &'a DrawingArea<DB, Shift>,
        x_range: std::ops::Range<f64>,
        ceiling: f64,
    ) -> Result<Plot<'a, DB>, ChartError>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
    {
        let compact = self.compact;
        Ok(ChartBuilder::on(root)
            .margin_top(self.px(14.0))
            .margin_right(self.px(18.0))
            .margin_left(self.px(6.0))
            .margin_bottom(self.px(6.0))
            .x_label_area_size(self.px(if compact { 36.0 } else { 44.0 }))
            .y_label_area_size(self.px(if compact { 46.0 } else { 58.0 }))
            .build_cartesian_2d(x_range, 0.0..ceiling)?)
    }
}

pub(crate) fn rgb(colour: Rgb) -> RGBColor {
    RGBColor(colour.0, colour.1, colour.2)
}

/// Draws `chart` onto `backend`, formatting value-axis labels with `format_value`.
pub fn draw_chart<DB>(
    backend: DB,
    chart: &ConcurrencyChart,
    text: &ChartText,
    look: &Look,
    format_value: &dyn Fn(f64) -> String,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let root = backend.into_drawing_area();
    draw_on(&root, chart, text, look, format_value)?;
    root.present()?;
    Ok(())
}

fn draw_on<DB>(
    root: &DrawingArea<DB, Shift>,
    chart: &ConcurrencyChart,
    text: &ChartText,
    look: &Look,
    format_value: &dyn Fn(f64) -> String,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let theme = &look.theme;
    let axis = chart.axis();
    let ceiling = chart.value_ceiling();
    let x_range = axis.range();
    let label_axis = axis;
    let compact = look.compact;
    // Compact charts label every other power of two, counted back from the axis end so the
    // last tick is always labelled (1, 4, 16, 64, 256; or 2, 8, 32, 128, 512).
    let end_parity = (x_range.end.round() as i64).rem_euclid(2);
    let x_label = move |x: &f64| {
        let label = label_axis.label_at(*x);
        let skipped = (x.round() as i64).rem_euclid(2) != end_parity;
        if compact && skipped { String::new() } else { label }
    };
    let (label_px, _, note_px) = look.type_sizes();
    let (x_title, y_title) = if compact {
        (text.x_title_short.as_str(), text.y_title_short.as_str())
    } else {
        (text.x_title.as_str(), text.y_title.as_str())
    };
    let y_label = |y: &f64| format_value(*y);

    let mut plot = look.plot_area(root, x_range.clone(), ceiling)?;

    let mut mesh = plot.configure_mesh();
    mesh.x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .x_labels(axis.ticks().len())
        .y_labels(6)
        .x_desc(x_title)
        .y_desc(y_title);
    look.style_mesh(&mut mesh).draw()?;

    for (index, overlay) in chart.overlays.iter().enumerate() {
        draw_series(&mut plot, overlay, rgb(theme.overlay(index)), look, 1.5, 3.0)?;
    }

    if let Some(floor) = chart.floor.filter(|f| f.is_finite() && *f > 0.0 && *f <= ceiling) {
        let floor_style = ShapeStyle { color: rgb(theme.floor).to_rgba(), filled: false, stroke_width: look.px(1.5) };
        plot.draw_series(DashedLineSeries::new(
            [(x_range.start, floor), (x_range.end, floor)],
            look.px(7.0),
            look.px(4.0),
            floor_style,
        ))?;
        if let Some(label) = &text.floor_label {
            // At the left end, above the line: the crossing label sits further right, and at
            // low concurrency a curve is either well above the floor or below it.
            let anchor = Pos::new(HPos::Left, VPos::Bottom);
            plot.draw_series(std::iter::once(
                EmptyElement::at((x_range.start, floor))
                    + Text::new(
                        label.clone(),
                        (look.px_i32(4.0), -look.px_i32(3.0)),
                        look.font(label_px, theme.floor).pos(anchor),
                    ),
            ))?;
        }
    }

    draw_series(&mut plot, &chart.run, rgb(theme.run), look, 2.5, 4.5)?;

    if let (Some(Crossing::Within { streams }), Some(floor)) = (chart.crossing, chart.floor)
        && let Some(x) = axis.position(streams)
    {
        let style = ShapeStyle { color: rgb(theme.floor).to_rgba(), filled: false, stroke_width: look.px(1.0) };
        plot.draw_series(DashedLineSeries::new([(x, 0.0), (x, floor)], look.px(3.0), look.px(3.0), style))?;
        let ring = ShapeStyle { color: rgb(theme.floor).to_rgba(), filled: false, stroke_width: look.px(2.0) };
        plot.draw_series(std::iter::once(Circle::new((x, floor), look.px(6.5), ring)))?;
        if let Some(label) = &text.crossing_label {
            let anchor = Pos::new(HPos::Left, VPos::Bottom);
            plot.draw_series(std::iter::once(
                EmptyElement::at((x, floor))
                    + Text::new(
                        label.clone(),
                        (look.px_i32(7.0), -look.px_i32(7.0)),
                        look.font(note_px, theme.floor).pos(anchor),
                    ),
            ))?;
        }
    }
    Ok(())
}

/// One run: its line (interpolated, or joining the marks) and its measured marks, filled when
/// published and hollow when derived.
fn draw_series<DB>(
    plot: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    series: &Series,
    colour: RGBColor,
    look: &Look,
    line_width: f64,
    radius: f64,
) -> Result<(), ChartError>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let to_axis = |(c, v): (f64, f64)| (c.is_finite() && c > 0.0 && v.is_finite()).then(|| (c.log2(), v));
    let path: Vec<(f64, f64)> = series.path().into_iter().filter_map(to_axis).collect();
    let line_style = ShapeStyle { color: colour.to_rgba(), filled: false, stroke_width: look.px(line_width) };
    plot.draw_series(LineSeries::new(path, line_style))?;
    let radius = look.px(radius);
    let outline = look.px(1.5);
    plot.draw_series(series.marks.iter().filter_map(|mark| {
        let position = to_axis((mark.concurrency, mark.value))?;
        let style = if mark.published {
            ShapeStyle { color: colour.to_rgba(), filled: true, stroke_width: outline }
        } else {
            ShapeStyle { color: colour.to_rgba(), filled: false, stroke_width: outline }
        };
        Some(Circle::new(position, radius, style))
    }))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mark;
    use crate::recording::{Recording, RecordingBackend};

    fn mark(concurrency: f64, value: f64, published: bool) -> Mark {
        Mark { concurrency, value, published }
    }

    fn qwen_chart() -> ConcurrencyChart {
        // The GPUwerk Qwen3-Coder-30B-A3B per-request points (English article, second table).
        let marks = vec![
            mark(1.0, 81.2, false),
            mark(8.0, 37.3, false),
            mark(32.0, 18.4, false),
            mark(64.0, 13.1, false),
            mark(128.0, 8.2, false),
            mark(256.0, 4.5, false),
        ];
        ConcurrencyChart {
            run: Series { label: "Qwen3-Coder".into(), marks, line: vec![] },
            overlays: vec![Series {
                label: "other".into(),
                marks: vec![mark(1.0, 70.0, true), mark(32.0, 20.0, true)],
                line: vec![],
            }],
            floor: Some(15.0),
            crossing: Some(Crossing::Within { streams: 52.5 }),
        }
    }

    fn text() -> ChartText {
        ChartText {
            x_title: "Concurrent requests".into(),
            y_title: "tok/s".into(),
            x_title_short: "requests".into(),
            y_title_short: "t/s".into(),
            floor_label: Some("15 tok/s".into()),
            crossing_label: Some("52.5".into()),
        }
    }

    fn draw(chart: &ConcurrencyChart, scale: f64) -> Recording {
        draw_with(chart, scale, false)
    }

    fn draw_with(chart: &ConcurrencyChart, scale: f64, compact: bool) -> Recording {
        let mut recording = Recording::default();
        let look = Look { scale, theme: ChartTheme::LIGHT, font_family: "sans-serif".into(), compact };
        let backend = RecordingBackend { size: (720, 360), recording: &mut recording };
        let drawn = draw_chart(backend, chart, &text(), &look, &|v| format!("{v:.0}"));
        assert_eq!(drawn, Ok(()));
        recording
    }

    fn texts(recording: &Recording) -> Vec<&str> {
        recording.texts.iter().map(|(t, _)| t.as_str()).collect()
    }

    #[test]
    fn the_x_axis_is_labelled_in_powers_of_two() {
        let recording = draw(&qwen_chart(), 1.0);
        let labels = texts(&recording);
        for expected in ["1", "2", "4", "8", "16", "32", "64", "128", "256"] {
            assert!(labels.contains(&expected), "missing tick {expected} in {labels:?}");
        }
        assert!(!labels.contains(&"512"));
    }

    #[test]
    fn floor_crossing_and_titles_are_drawn_in_their_colours() {
        let recording = draw(&qwen_chart(), 1.0);
        let floor = ChartTheme::LIGHT.floor;
        let floor_rgb = (floor.0, floor.1, floor.2);
        assert!(recording.texts.contains(&("15 tok/s".to_owned(), floor_rgb)));
        assert!(recording.texts.contains(&("52.5".to_owned(), floor_rgb)));
        let labels = texts(&recording);
        assert!(labels.contains(&"Concurrent requests"));
        assert!(labels.contains(&"tok/s"));
        assert!(labels.contains(&"100"), "value axis tops out at 100: {labels:?}");
    }

    #[test]
    fn derived_marks_are_hollow_and_published_marks_filled() {
        let recording = draw(&qwen_chart(), 1.0);
        let run = ChartTheme::LIGHT.run;
        let run_rgb = (run.0, run.1, run.2);
        let overlay = ChartTheme::LIGHT.overlay(0);
        let overlay_rgb = (overlay.0, overlay.1, overlay.2);
        let hollow_run = recording.circles.iter().filter(|c| c.2 == run_rgb && !c.3).count();
        let filled_overlay = recording.circles.iter().filter(|c| c.2 == overlay_rgb && c.3).count();
        assert_eq!(hollow_run, 6);
        assert_eq!(filled_overlay, 2);
        // The crossing ring, in the floor colour.
        assert_eq!(floor_rings(&recording), 1);
    }

    /// Circles drawn in the light theme's floor colour (the crossing ring).
    fn floor_rings(recording: &Recording) -> usize {
        let floor = ChartTheme::LIGHT.floor;
        recording.circles.iter().filter(|c| c.2 == (floor.0, floor.1, floor.2)).count()
    }

    #[test]
    fn lengths_scale_with_the_device_pixel_ratio() {
        let single = draw(&qwen_chart(), 1.0);
        let double = draw(&qwen_chart(), 2.0);
        assert_eq!(single.max_stroke, 3);
        assert_eq!(double.max_stroke, 5);
        let radius = |r: &Recording| r.circles.iter().map(|c| c.1).max().unwrap_or(0);
        assert_eq!(radius(&single), 7);
        assert_eq!(radius(&double), 13);
    }

    #[test]
    fn a_run_that_never_reaches_the_floor_draws_no_crossing() {
        let mut chart = qwen_chart();
        chart.crossing = Some(Crossing::NeverReached);
        let recording = draw(&chart, 1.0);
        assert_eq!(floor_rings(&recording), 0);
        assert!(!texts(&recording).contains(&"52.5"));
    }

    #[test]
    fn compact_charts_label_every_other_power_of_two_and_use_short_titles() {
        let recording = draw_with(&qwen_chart(), 2.0, true);
        let labels = texts(&recording);
        for shown in ["1", "4", "16", "64", "256", "requests", "t/s"] {
            assert!(labels.contains(&shown), "missing {shown} in {labels:?}");
        }
        for hidden in ["2", "8", "32", "128", "Concurrent requests"] {
            assert!(!labels.contains(&hidden), "{hidden} should be left out: {labels:?}");
        }
    }

    #[test]
    fn compact_charts_always_label_the_end_of_a_wider_axis() {
        let mut chart = qwen_chart();
        chart.overlays[0].marks.push(mark(384.0, 2.0, true));
        let recording = draw_with(&chart, 1.0, true);
        let labels = texts(&recording);
        for shown in ["2", "8", "32", "128", "512"] {
            assert!(labels.contains(&shown), "missing {shown} in {labels:?}");
        }
        assert!(!labels.contains(&"256"), "{labels:?}");
    }

    #[test]
    fn an_empty_chart_still_draws_its_frame() {
        let recording = draw(&ConcurrencyChart::default(), 1.0);
        assert!(recording.circles.is_empty());
        assert!(texts(&recording).contains(&"256"));
    }
}
