//! One chart of "Check by simulation": title, canvas (drawn after mount in an effect, wasm only,
//! redrawn when its data, size or colour scheme change, as the calculator's own charts are) and
//! a legend in the same colours. The canvas has a text alternative (`summary`).
//!
//! # Props of [`SimFigure`]
//! - `name`: the figure's `data-chart` value (`in-flight`, `sweep`);
//! - `title`, `summary` (the canvas's `aria-label`), `legend` (swatch class and label), `note`
//!   (optional sentence under the legend);
//! - `chart: Rc<SimChart>`, `text: Rc<SimChartText>`, `lang`, `redraw_key`.

use std::rc::Rc;

use yew::prelude::*;

use crate::chart::CssSize;
use crate::chart::sim_charts::{InFlightChart, SimChartText, SweepChart};
use crate::components::charts::{CanvasMemory, use_layout_watch};
use crate::i18n::Lang;
use crate::i18n::simulation::{SimMsg, sim_text};

/// What a simulation figure draws.
#[derive(Clone, Debug, PartialEq)]
pub enum SimChart {
    InFlight(InFlightChart),
    Sweep(SweepChart),
}

/// Props of [`SimFigure`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct SimFigureProps {
    pub name: AttrValue,
    pub title: AttrValue,
    pub summary: AttrValue,
    pub legend: Vec<(&'static str, String)>,
    pub chart: Rc<SimChart>,
    pub text: Rc<SimChartText>,
    pub lang: Lang,
    #[prop_or_default]
    pub redraw_key: AttrValue,
    /// A sentence under the legend (usually the summary).
    #[prop_or_default]
    pub note: Option<AttrValue>,
}

/// A simulation chart with its legend.
#[component]
pub fn SimFigure(props: &SimFigureProps) -> Html {
    let canvas_ref = use_node_ref();
    let memory = use_mut_ref(CanvasMemory::default);
    let failed = use_state_eq(|| false);
    let size = use_state_eq(CssSize::default);
    let dark = use_state_eq(|| false);
    use_layout_watch(&canvas_ref, true, &memory, size.setter(), dark.setter());
    {
        let deps = (props.chart.clone(), props.text.clone(), props.redraw_key.clone(), *size, *dark);
        let canvas_ref = canvas_ref.clone();
        let failed = failed.setter();
        use_effect_with(deps, move |(chart, text, redraw_key, _, dark)| {
            let style_key = (redraw_key.to_string(), *dark);
            failed.set(!draw(&canvas_ref, &mut memory.borrow_mut(), &style_key, chart, text));
        });
    }
    html! {
        <figure class="ss-chart ss-sim-chart" data-chart={props.name.clone()}>
            <figcaption class="ss-chart-title">{ props.title.clone() }</figcaption>
            <canvas ref={canvas_ref} class="ss-chart-canvas" role="img" aria-label={props.summary.clone()}></canvas>
            if *failed {
                <p class="ss-chart-error" role="status">{ sim_text(props.lang, SimMsg::DrawFailed) }</p>
            }
            <ul class="ss-chart-legend">
                for (class, label) in props.legend.iter().cloned() {
                    <li><span class={class} aria-hidden="true"></span>{ label }</li>
                }
            </ul>
            if let Some(note) = props.note.clone() {
                <p class="ss-chart-note">{ note }</p>
            }
        </figure>
    }
}

/// Draws into the canvas behind `canvas_ref`; true when it worked (or there was nothing to draw
/// on yet). Native builds (SSR, tests) never draw.
#[cfg(target_arch = "wasm32")]
fn draw(
    canvas_ref: &NodeRef,
    memory: &mut CanvasMemory,
    style_key: &crate::chart::StyleKey,
    chart: &SimChart,
    text: &SimChartText,
) -> bool {
    use crate::chart::sim_charts::{draw_in_flight, draw_sweep};
    let Some(canvas) = canvas_ref.cast::<web_sys::HtmlCanvasElement>() else {
        return true;
    };
    crate::chart::canvas::draw_with(&canvas, memory, style_key, |backend, look| match chart {
        SimChart::InFlight(chart) => draw_in_flight(backend, chart, text, look),
        SimChart::Sweep(chart) => draw_sweep(backend, chart, text, look),
    })
    .is_ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn draw(
    _canvas_ref: &NodeRef,
    _memory: &mut CanvasMemory,
    _style_key: &crate::chart::StyleKey,
    _chart: &SimChart,
    _text: &SimChartText,
) -> bool {
    true
}
