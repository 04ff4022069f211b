//! The browser side of a chart (wasm only): size the canvas backing store by
//! devicePixelRatio, read the colours the page gives it, and draw with plotters-canvas
//! (through [`MeasuredCanvas`], which measures text without forcing a layout).

use web_sys::HtmlCanvasElement;

use super::draw::{COMPACT_BELOW_CSS_PX, ChartError, Look, draw_chart};
use super::measured_canvas::MeasuredCanvas;
use super::model::{ChartText, ConcurrencyChart};
use super::theme::ChartTheme;

/// Height of a chart relative to its width when CSS gives it no height of its own.
const FALLBACK_ASPECT: f64 = 0.5;
/// The most device pixels per CSS pixel worth drawing (beyond this the eye cannot tell).
const MAX_SCALE: f64 = 4.0;

/// Device pixels per CSS pixel, between 1 and [`MAX_SCALE`].
pub fn device_pixel_ratio() -> f64 {
    let ratio = web_sys::window().map_or(1.0, |window| window.device_pixel_ratio());
    if ratio.is_finite() {
        ratio.clamp(1.0, MAX_SCALE)
    } else {
        1.0
    }
}

/// Sizes `canvas`'s backing store to its CSS box times devicePixelRatio and draws `chart`.
pub fn draw_on_canvas(
    canvas: &HtmlCanvasElement,
    chart: &ConcurrencyChart,
    text: &ChartText,
    format_value: &dyn Fn(f64) -> String,
) -> Result<(), ChartError> {
    let window = web_sys::window().ok_or(ChartError::NoCanvas)?;
    let scale = device_pixel_ratio();
    let css_width = f64::from(canvas.client_width().max(0));
    if css_width < 1.0 {
        // Not laid out (hidden, or in a closed <details>): nothing to draw yet.
        return Ok(());
    }
    let css_height = match f64::from(canvas.client_height().max(0)) {
        height if height >= 1.0 => height,
        _ => css_width * FALLBACK_ASPECT,
    };
    // Both are at most a few thousand pixels times MAX_SCALE: the casts are exact.
    canvas.set_width((css_width * scale).round() as u32);
    canvas.set_height((css_height * scale).round() as u32);

    let style = window.get_computed_style(canvas).ok().flatten();
    let property = |name: &str| {
        style
            .as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .filter(|value| !value.trim().is_empty())
    };
    let theme = ChartTheme::resolve(property("color").as_deref(), property);
    let font_family = property("font-family").unwrap_or_else(|| "sans-serif".to_owned());
    let look = Look {
        scale,
        theme,
        font_family,
        compact: css_width < COMPACT_BELOW_CSS_PX,
    };

    let backend = MeasuredCanvas::new(canvas.clone()).ok_or(ChartError::NoCanvas)?;
    draw_chart(backend, chart, text, &look, format_value)
}
