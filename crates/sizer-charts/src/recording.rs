//! A drawing backend that records what plotters asks it to draw, so the drawing code is tested
//! natively (no browser): which texts appear, how many marks, which colours.

use plotters::prelude::DrawingBackend;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};

/// Never produced: the recorder accepts everything.
#[derive(Debug)]
pub struct NoError;

impl core::fmt::Display for NoError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("no error")
    }
}

impl std::error::Error for NoError {}

/// A recorded circle: centre, radius, colour, filled.
pub type RecordedCircle = (BackendCoord, u32, (u8, u8, u8), bool);

/// What was drawn.
#[derive(Debug, Default)]
pub struct Recording {
    /// Every text, with the colour it was drawn in.
    pub texts: Vec<(String, (u8, u8, u8))>,
    /// Every text with the point plotters anchored it at (after its alignment).
    pub text_positions: Vec<(String, BackendCoord)>,
    /// Every circle: centre, radius, colour, filled.
    pub circles: Vec<RecordedCircle>,
    /// Every straight line segment's colour (paths are split into segments).
    pub segments: Vec<(BackendCoord, BackendCoord, (u8, u8, u8))>,
    /// The widest line drawn, in device pixels.
    pub max_stroke: u32,
}

/// The backend: a size and a recording.
pub struct RecordingBackend<'a> {
    pub size: (u32, u32),
    pub recording: &'a mut Recording,
}

impl DrawingBackend for RecordingBackend<'_> {
    type ErrorType = NoError;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<NoError>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<NoError>> {
        Ok(())
    }

    fn draw_pixel(&mut self, _point: BackendCoord, _color: BackendColor) -> Result<(), DrawingErrorKind<NoError>> {
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<NoError>> {
        self.recording.max_stroke = self.recording.max_stroke.max(style.stroke_width());
        self.recording.segments.push((from, to, style.color().rgb));
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<NoError>> {
        let points: Vec<BackendCoord> = path.into_iter().collect();
        for pair in points.windows(2) {
            if let [from, to] = pair {
                self.draw_line(*from, *to, style)?;
            }
        }
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<NoError>> {
        self.recording.circles.push((center, radius, style.color().rgb, fill));
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<NoError>> {
        self.recording.texts.push((text.to_owned(), style.color().rgb));
        self.recording.text_positions.push((text.to_owned(), pos));
        Ok(())
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<NoError>> {
        // Half an em per character: close enough for layout.
        let size = style.size().max(1.0);
        let chars = u32::try_from(text.chars().count()).unwrap_or(u32::MAX);
        Ok((chars.saturating_mul((size * 0.55) as u32), size as u32))
    }
}
