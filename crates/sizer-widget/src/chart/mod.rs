//! The charts: per-request speed, aggregate throughput and p99 time to first token against
//! concurrent requests, drawn with plotters.
//!
//! - [`axis`]: the log2 concurrency axis and nice value ranges (plain numbers).
//! - [`model`]: what a chart shows, as numbers and localised labels.
//! - [`build`]: turns dataset runs into chart models, asking `sizer-core` for interpolation.
//! - [`theme`]: light and dark colours, overridable by CSS custom properties.
//! - [`draw`]: plotters drawing onto any backend.
//! - [`sim_charts`]: the simulation's charts (in-flight distribution, sweep), models and drawing.
//! - `canvas` (wasm only): the browser canvas, sized by devicePixelRatio.
//! - `measured_canvas` (wasm only): plotters-canvas with layout-free text measurement.

pub mod axis;
pub mod build;
#[cfg(target_arch = "wasm32")]
pub mod canvas;
pub mod draw;
#[cfg(target_arch = "wasm32")]
pub mod measured_canvas;
pub mod model;
pub mod sim_charts;
pub mod theme;

#[cfg(test)]
mod recording;

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
