//! The Spark Sizer's charts, written once: what each chart shows (models built from the
//! dataset's runs and the core's reports) and how it is drawn, as functions generic over
//! plotters' `DrawingBackend`. The widget draws them on a canvas (plotters-canvas); the
//! server-side render draws the same charts as SVG into the prerendered markup ([`svg`]), so
//! they are in the first frame and there with scripts off. No Yew, no DOM.
//!
//! - [`axis`]: the log2 concurrency axis and nice value ranges (plain numbers).
//! - [`model`]: what a chart shows, as numbers and localised labels.
//! - [`build`]: turns dataset runs into chart models, asking `sizer-core` for interpolation.
//! - [`theme`]: light and dark colours as data, overridable by CSS custom properties.
//! - [`draw`]: the three charts against concurrency, drawn onto any backend.
//! - [`load`]: a run's measured open-loop load (p95 TTFT and per-request speed against the
//!   request rate, with the p95 limits), model and drawing.
//! - [`logs`]: a log's load over time (arrivals per second, requests in flight), model and
//!   drawing.
//! - [`sim`]: the simulation's charts (in-flight distribution, sweep), models and drawing.
//! - [`svg`] (feature `svg`): any of them as an SVG string.

pub mod axis;
pub mod build;
pub mod draw;
pub mod load;
pub mod logs;
pub mod model;
pub mod sim;
#[cfg(feature = "svg")]
pub mod svg;
pub mod theme;

#[cfg(test)]
mod recording;

pub use draw::{COMPACT_BELOW_CSS_PX, ChartError, Look, draw_chart};
pub use theme::{ChartTheme, Rgb};
