//! The bar of the memory budget: the weights of each model, the KV cache of each model, and
//! the working budget band (102-115 GB) marked underneath, drawn to the scale of the band's high
//! end (or the budget, if larger).

use std::rc::Rc;

use sizer_data::BudgetBand;
use sizer_data::memory::MemoryResponse;
use yew::prelude::*;

use crate::i18n::memory::{MemMsg, band_text, mem_text};
use crate::i18n::{Lang, format_number};

/// Props of [`MemoryBar`].
#[derive(Properties, PartialEq, Clone)]
pub struct MemoryBarProps {
    pub lang: Lang,
    pub plan: Rc<MemoryResponse>,
    pub band: Option<BudgetBand>,
}

/// Colours cycle through this many model classes (`ss-mem-m0` ...).
const MODEL_COLOURS: usize = 4;

/// Width of the drawing in SVG units (it scales to the section's width).
const WIDTH: f64 = 1000.0;
const BAR_HEIGHT: f64 = 28.0;

/// The bar: an SVG (its sizes are attributes, which a strict `style-src` allows, unlike inline
/// styles), so it renders the same on the server.
#[component]
pub fn MemoryBar(props: &MemoryBarProps) -> Html {
    let lang = props.lang;
    let plan = &props.plan;
    let scale = props.band.map_or(plan.budget_gb, |band| band.high_gb.max(plan.budget_gb));
    let x = |gb: f64| format_number(Lang::En, (gb / scale * WIDTH).clamp(0.0, WIDTH), 2);
    let gb = |value: f64| [format_number(lang, value, 1), " GB".into()].concat();
    let mut offset = 0.0;
    let mut segment = |kind: &'static str, index: usize, id: &str, value: f64| {
        let what = mem_text(lang, if kind == "weights" { MemMsg::Weights } else { MemMsg::Cache });
        let label = [id, " · ", what, " ", &gb(value)].concat();
        let start = offset;
        offset += value;
        html! {
            <rect class={classes!("ss-mem-seg", ["ss-mem-", kind].concat(), format!("ss-mem-m{}", index % MODEL_COLOURS))}
                x={x(start)} y="0" width={x(value)} height={BAR_HEIGHT.to_string()}
                data-memory-part={kind} data-model={id.to_string()} data-value={format_number(Lang::En, value, 1)}>
                <title>{ label }</title>
            </rect>
        }
    };
    let weights: Vec<Html> =
        plan.models.iter().enumerate().map(|(i, model)| segment("weights", i, &model.id, model.weights_gb)).collect();
    let caches: Vec<Html> =
        plan.models.iter().enumerate().map(|(i, model)| segment("cache", i, &model.id, model.kv_gb)).collect();
    let band = props.band.map(|band| {
        html! {
            <rect class="ss-mem-band" x={x(band.low_gb)} y={(BAR_HEIGHT + 6.0).to_string()}
                width={x(band.high_gb - band.low_gb)} height="6">
                <title>{ band_text(lang, band) }</title>
            </rect>
        }
    });
    let summary: Vec<String> = plan
        .models
        .iter()
        .map(|model| [model.id.as_str(), ": ", &gb(model.weights_gb), " + ", &gb(model.kv_gb)].concat())
        .collect();
    let aria = [mem_text(lang, MemMsg::BarLabel), ": ", &summary.join("; ")].concat();
    html! {
        <figure class="ss-mem-figure" data-memory="bar">
            <svg class="ss-mem-svg" viewBox={format!("0 0 {WIDTH} {}", BAR_HEIGHT + 12.0)} preserveAspectRatio="none"
                role="img" aria-label={aria}>
                <rect class="ss-mem-frame" x="0" y="0" width={WIDTH.to_string()} height={BAR_HEIGHT.to_string()} />
                { for weights }
                { for caches }
                { band.unwrap_or_default() }
            </svg>
            <figcaption class="ss-mem-legend">
                { for plan.models.iter().enumerate().zip(&summary).map(|((i, _), text)| html! {
                    <span class="ss-mem-key">
                        <span class={classes!("ss-mem-swatch", format!("ss-mem-m{}", i % MODEL_COLOURS))} aria-hidden="true"></span>
                        { text.clone() }
                    </span>
                }) }
                if let Some(band) = props.band {
                    <span class="ss-mem-key">
                        <span class="ss-mem-swatch ss-mem-swatch--band" aria-hidden="true"></span>
                        { [mem_text(lang, MemMsg::BandMark), " ", &band_text(lang, band)].concat() }
                    </span>
                }
            </figcaption>
        </figure>
    }
}
