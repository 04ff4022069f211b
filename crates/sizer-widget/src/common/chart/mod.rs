//! The browser side of the charts. What a chart shows and how it is drawn live in
//! `sizer-charts` (generic over plotters' `DrawingBackend`); here the widget gives it a canvas:
//!
//! - `canvas` (wasm only): the browser canvas, sized by devicePixelRatio, its colours read from
//!   the page, and the watches that redraw it (size, colour scheme).
//! - `measured_canvas` (wasm only): plotters-canvas with layout-free text measurement.

#[cfg(target_arch = "wasm32")]
pub mod canvas;
#[cfg(target_arch = "wasm32")]
pub mod measured_canvas;

/// A canvas's CSS size (`clientWidth` x `clientHeight`, CSS pixels); read in the browser by
/// `canvas`, kept by the chart component to redraw when it changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CssSize {
    /// CSS pixels across.
    pub width: i32,
    /// CSS pixels down.
    pub height: i32,
}

/// What the page's colours depend on besides the stylesheet: the widget's own light/dark
/// switch (a redraw key) and the system colour scheme.
pub type StyleKey = (String, bool);
