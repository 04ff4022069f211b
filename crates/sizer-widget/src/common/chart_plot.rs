//! The drawing of one chart, shared by the calculator's charts and the simulation's: on the
//! server the chart as SVG in the markup (first frame, scripts off), in the browser a canvas
//! drawn after mount in an effect at devicePixelRatio resolution, redrawn when its data, its
//! size (a `ResizeObserver`) or the colour scheme change. Both come from the same drawing
//! function in `sizer-charts`.
//!
//! Hydration: the server's SVG sits in a raw-HTML node; the browser's first render has an
//! empty one there, which takes over the server's nodes as they are. Once the canvas is drawn
//! (or failed), the raw node goes and the SVG with it. A failed draw shows `failed` instead.
//!
//! # Props of [`ChartPlot`]
//! - `drawing: Drawing`: what to draw (a chart model and its words);
//! - `label`: the canvas's text alternative (`aria-label`);
//! - `failed`: the sentence shown when the canvas cannot be drawn;
//! - `redraw_key` (optional): a change forces a redraw (the widget's own light/dark switch);
//! - `svg_size` (optional): the server's SVG in user units, [`SVG_HALF`] unless given
//!   ([`SVG_WIDE`] for the speed chart, which spans the charts' width); the page scales it to
//!   the canvas's box.

use std::rc::Rc;

use plotters::prelude::DrawingBackend;
use sizer_charts::load::{LoadChart, LoadChartText, draw_load_speed, draw_load_ttft};
use sizer_charts::logs::{LogChart, LogChartText, draw_log_timeline};
use sizer_charts::model::{ChartText, ConcurrencyChart};
use sizer_charts::sim::{InFlightChart, SimChartText, SweepChart, draw_in_flight, draw_sweep};
use sizer_charts::{ChartError, Look, draw_chart};
use yew::prelude::*;

#[cfg(target_arch = "wasm32")]
use crate::common::chart::CssSize;
use crate::i18n::Lang;
use crate::i18n::tables::format_figure;

/// What a [`ChartPlot`] draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawing {
    /// One of the three charts against concurrency; value labels in `lang`.
    Concurrency { chart: Rc<ConcurrencyChart>, text: Rc<ChartText>, lang: Lang },
    /// The simulation's in-flight distribution.
    InFlight { chart: Rc<InFlightChart>, text: Rc<SimChartText> },
    /// The simulation's sweep of team sizes.
    Sweep { chart: Rc<SweepChart>, text: Rc<SimChartText> },
    /// A run's measured load: p95 time to first token against the request rate; labels in `lang`.
    LoadTtft { chart: Rc<LoadChart>, text: Rc<LoadChartText>, lang: Lang },
    /// A run's measured load: the median request's speed against the request rate.
    LoadSpeed { chart: Rc<LoadChart>, text: Rc<LoadChartText> },
    /// A log read: arrivals per second and the most requests in flight over time.
    LogTimeline { chart: Rc<LogChart>, text: Rc<LogChartText> },
}

impl Drawing {
    /// Draws onto `backend` (a canvas in the browser, SVG on the server).
    pub fn draw<DB>(&self, backend: DB, look: &Look) -> Result<(), ChartError>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
    {
        match self {
            Drawing::Concurrency { chart, text, lang } => {
                let lang = *lang;
                draw_chart(backend, chart, text, look, &move |value| format_figure(lang, value))
            }
            Drawing::InFlight { chart, text } => draw_in_flight(backend, chart, text, look),
            Drawing::Sweep { chart, text } => draw_sweep(backend, chart, text, look),
            Drawing::LoadTtft { chart, text, lang } => {
                let lang = *lang;
                draw_load_ttft(backend, chart, text, look, &move |s| crate::i18n::measured_load::seconds_label(lang, s))
            }
            Drawing::LoadSpeed { chart, text } => draw_load_speed(backend, chart, text, look),
            Drawing::LogTimeline { chart, text } => draw_log_timeline(backend, chart, text, look),
        }
    }
}

/// A chart about half the charts' width, in SVG user units (2:1, as its canvas).
pub const SVG_HALF: (u32, u32) = (480, 240);
/// A chart across the charts' width (16:7, as the speed chart's canvas).
pub const SVG_WIDE: (u32, u32) = (640, 280);

/// Props of [`ChartPlot`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct ChartPlotProps {
    pub drawing: Drawing,
    pub label: AttrValue,
    pub failed: AttrValue,
    #[prop_or_default]
    pub redraw_key: AttrValue,
    #[prop_or(SVG_HALF)]
    pub svg_size: (u32, u32),
}

/// A chart's drawing: SVG from the server, then the canvas.
#[component]
pub fn ChartPlot(props: &ChartPlotProps) -> Html {
    let canvas_ref = use_node_ref();
    // True once the canvas was drawn or failed: the server's SVG is gone then.
    let settled = use_state_eq(|| false);
    let failed = use_state_eq(|| false);
    #[cfg(target_arch = "wasm32")]
    {
        use crate::common::chart::canvas::{CanvasMemory, draw_with, watch_colour_scheme, watch_size};
        // The canvas's CSS size as last reported by its `ResizeObserver`, and the system colour
        // scheme: both redraw.
        let size = use_state_eq(CssSize::default);
        let dark = use_state_eq(|| false);
        let memory = use_mut_ref(CanvasMemory::default);
        {
            let (canvas_ref, memory, size, dark) = (canvas_ref.clone(), memory.clone(), size.setter(), dark.setter());
            use_effect_with((), move |_| {
                let watches = (watch_size(&canvas_ref, memory, size), watch_colour_scheme(dark));
                // Dropping the watches disconnects the observer and the listener.
                move || drop(watches)
            });
        }
        let deps = (props.drawing.clone(), props.redraw_key.clone(), *size, *dark);
        let canvas_ref = canvas_ref.clone();
        let (settled, failed) = (settled.setter(), failed.setter());
        use_effect_with(deps, move |(drawing, redraw_key, _, dark)| {
            let Some(canvas) = canvas_ref.cast::<web_sys::HtmlCanvasElement>() else {
                return;
            };
            let style_key = (redraw_key.to_string(), *dark);
            let drawn =
                draw_with(&canvas, &mut memory.borrow_mut(), &style_key, |backend, look| drawing.draw(backend, look));
            failed.set(drawn.is_err());
            if drawn != Ok(false) {
                settled.set(true);
            }
        });
    }
    html! {
        <>
            <div class="ss-chart-plot">
                if !*settled {
                    { Html::from_html_unchecked(server_svg(&props.drawing, props.svg_size)) }
                }
                <canvas ref={canvas_ref} class="ss-chart-canvas" role="img" aria-label={props.label.clone()}></canvas>
            </div>
            if *failed {
                <p class="ss-chart-error" role="status">{ props.failed.clone() }</p>
            }
        </>
    }
}

/// The chart as SVG markup on the server; empty in the browser, where hydration keeps the
/// server's nodes as they are.
fn server_svg(drawing: &Drawing, size: (u32, u32)) -> AttrValue {
    #[cfg(feature = "ssr")]
    {
        // A chart that cannot be drawn leaves its box empty: the text alternative stays.
        sizer_charts::svg::to_svg(size, |backend, look| drawing.draw(backend, look))
            .map(AttrValue::from)
            .unwrap_or_default()
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (drawing, size);
        AttrValue::default()
    }
}
