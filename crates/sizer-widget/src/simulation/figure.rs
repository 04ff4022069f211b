//! One chart of "Check by simulation": title, drawing (`ChartPlot`, as the calculator's own
//! charts: SVG from the server, then the canvas) and a legend in the same colours. The canvas
//! has a text alternative (`summary`).
//!
//! # Props of [`SimFigure`]
//! - `name`: the figure's `data-chart` value (`in-flight`, `sweep`);
//! - `title`, `summary` (the canvas's `aria-label`), `legend` (swatch class and label), `note`
//!   (optional sentence under the legend);
//! - `drawing: Drawing` (`InFlight` or `Sweep`), `lang`, `redraw_key`.

use yew::prelude::*;

use crate::common::chart_plot::{ChartPlot, Drawing};
use crate::i18n::Lang;
use crate::i18n::simulation::{SimMsg, sim_text};

/// Props of [`SimFigure`]; see the module docs.
#[derive(Properties, PartialEq, Clone)]
pub struct SimFigureProps {
    pub name: AttrValue,
    pub title: AttrValue,
    pub summary: AttrValue,
    pub legend: Vec<(&'static str, String)>,
    pub drawing: Drawing,
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
    html! {
        <figure class="ss-chart ss-sim-chart" data-chart={props.name.clone()}>
            <figcaption class="ss-chart-title">{ props.title.clone() }</figcaption>
            <ChartPlot
                drawing={props.drawing.clone()}
                label={props.summary.clone()}
                failed={sim_text(props.lang, SimMsg::DrawFailed)}
                redraw_key={props.redraw_key.clone()}
            />
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
