//! A chart as an SVG string (plotters' `SVGBackend`), for the server-side render: the same
//! drawing functions as the canvas, at a fixed size that the page scales to the chart's box.
//!
//! Colours: the SVG is drawn in the light palette, and the stylesheet maps each palette colour
//! (`[stroke="#0B6E4F"]`, ...) to its `--ss-chart-*` custom property, so a dark page and a
//! host's colours carry over without a script (and without inline styles, which a strict
//! Content-Security-Policy refuses).

use plotters::prelude::SVGBackend;

use crate::draw::{ChartError, Look};
use crate::theme::ChartTheme;

/// The font the SVG's text asks for (the page's own font stack is not known on the server).
pub const SVG_FONT: &str = "system-ui, sans-serif";

/// The look of a server-drawn chart: one CSS pixel per unit, light palette, full-size type.
pub fn svg_look() -> Look {
    Look { scale: 1.0, theme: ChartTheme::LIGHT, font_family: SVG_FONT.to_owned(), compact: false }
}

/// Draws with `draw` onto an SVG of `width` x `height` units and returns its markup: one
/// `<svg class="ss-chart-svg" aria-hidden="true">` element (the chart's text alternative is
/// beside it in the page), without the backend's line breaks.
pub fn to_svg(
    (width, height): (u32, u32),
    draw: impl FnOnce(SVGBackend<'_>, &Look) -> Result<(), ChartError>,
) -> Result<String, ChartError> {
    let mut markup = String::new();
    draw(SVGBackend::with_string(&mut markup, (width, height)), &svg_look())?;
    let markup = full_size_text(&markup.replace(">\n", ">").replace("\n<", "<"));
    Ok(markup.replacen("<svg ", "<svg class=\"ss-chart-svg\" aria-hidden=\"true\" focusable=\"false\" ", 1))
}

/// plotters-svg writes each font size divided by 1.24 (its em box); the canvas draws the same
/// text at full size, so the SVG's sizes are multiplied back to match it.
fn full_size_text(markup: &str) -> String {
    const KEY: &str = "font-size=\"";
    let mut out = String::with_capacity(markup.len());
    let mut rest = markup;
    while let Some(at) = rest.find(KEY) {
        let value_start = at + KEY.len();
        let Some(len) = rest[value_start..].find('"') else { break };
        out.push_str(&rest[..value_start]);
        let value = &rest[value_start..value_start + len];
        match value.parse::<f64>() {
            Ok(size) => out.push_str(&format!("{:.1}", size * 1.24)),
            Err(_) => out.push_str(value),
        }
        rest = &rest[value_start + len..];
    }
    out.push_str(rest);
    out
}
