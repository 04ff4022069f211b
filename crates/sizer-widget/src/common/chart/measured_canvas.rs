//! plotters-canvas's backend with fast text measurement (wasm only).
//!
//! plotters measures every label by inserting a `<span>` into the page and reading its size,
//! which forces a layout of the whole document per label: with the sourced tables below the
//! charts that costs milliseconds per redraw. This wrapper measures with the canvas's own
//! `measureText` instead (no layout) and hands everything else to `CanvasBackend` unchanged.
//! Its size is given, not the canvas's: a chart is drawn in the top-left corner of a canvas
//! that may be larger (see `canvas::draw_with`).

use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// plotters-canvas's error type (not exported by name).
type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;

/// Width of one character, in ems, when the canvas cannot measure (never expected).
const FALLBACK_EM_PER_CHAR: f64 = 0.6;

/// A canvas backend that measures text with `measureText`.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    size: (u32, u32),
}

impl MeasuredCanvas {
    /// The backend for the top-left `size` (device pixels) of `canvas`, or `None` when it has
    /// no 2D context.
    pub fn new(canvas: HtmlCanvasElement, size: (u32, u32)) -> Option<MeasuredCanvas> {
        let context = canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
        let inner = CanvasBackend::with_canvas_object(canvas)?;
        Some(MeasuredCanvas { inner, context, size })
    }

    /// The canvas's 2D context.
    pub fn context(&self) -> CanvasRenderingContext2d {
        self.context.clone()
    }
}

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_text(text, style, pos)
    }

    /// # Formula
    /// width = `measureText(text).width` in the label's font; height = the font size (the
    /// line box plotters expects for one line of text).
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        let size = style.size().max(0.0);
        self.context.set_font(&format!("{} {}px {}", style.style().as_str(), size, style.family().as_str()));
        let width = match self.context.measure_text(text) {
            Ok(metrics) => metrics.width(),
            Err(_) => size * FALLBACK_EM_PER_CHAR * text.chars().count() as f64,
        };
        // Both are small, finite and non-negative after the clamp: the casts are exact.
        let width = if width.is_finite() { width.ceil().clamp(0.0, 1.0e6) } else { 0.0 };
        Ok((width as u32, size.ceil().clamp(0.0, 1.0e6) as u32))
    }
}
