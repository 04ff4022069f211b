//! The bar of the memory budget: the weights of each model, the KV cache of each model, and
//! the working budget band (102-115 GB) marked underneath. Plain boxes sized in percent, so it
//! renders the same on the server and needs no canvas.

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

/// The bar.
#[component]
pub fn MemoryBar(props: &MemoryBarProps) -> Html {
    let lang = props.lang;
    let plan = &props.plan;
    let scale = props.band.map_or(plan.budget_gb, |band| band.high_gb.max(plan.budget_gb));
    let percent = |gb: f64| [format_number(Lang::En, (gb / scale * 100.0).clamp(0.0, 100.0), 3), "%".into()].concat();
    let gb = |value: f64| [format_number(lang, value, 1), " GB".into()].concat();
    let segment = |kind: &'static str, index: usize, id: &str, value: f64| {
        let label = [
            id,
            " · ",
            mem_text(lang, if kind == "weights" { MemMsg::Weights } else { MemMsg::Cache }),
            " ",
            &gb(value),
        ]
        .concat();
        html! {
            <span class={classes!("ss-mem-seg", ["ss-mem-", kind].concat(), format!("ss-mem-m{}", index % MODEL_COLOURS))}
                style={["width:", &percent(value)].concat()} title={label.clone()}
                data-memory-part={kind} data-model={id.to_string()} data-value={format_number(Lang::En, value, 1)}>
                <span class="ss-visually-hidden">{ label }</span>
            </span>
        }
    };
    let band = props.band.map(|band| {
        let style = ["left:", &percent(band.low_gb), ";width:", &percent(band.high_gb - band.low_gb)].concat();
        html! {
            <div class="ss-mem-band-row" aria-hidden="true">
                <span class="ss-mem-band" {style} title={band_text(lang, band)}>
                    { [mem_text(lang, MemMsg::BandMark), " ", &band_text(lang, band)].concat() }
                </span>
            </div>
        }
    });
    html! {
        <figure class="ss-mem-figure" data-memory="bar">
            <div class="ss-mem-bar" role="group" aria-label={mem_text(lang, MemMsg::BarLabel)}>
                { for plan.models.iter().enumerate().map(|(i, model)| segment("weights", i, &model.id, model.weights_gb)) }
                { for plan.models.iter().enumerate().map(|(i, model)| segment("cache", i, &model.id, model.kv_gb)) }
            </div>
            { band.unwrap_or_default() }
            <figcaption class="ss-mem-legend">
                { for plan.models.iter().enumerate().map(|(i, model)| html! {
                    <span class="ss-mem-key">
                        <span class={classes!("ss-mem-swatch", format!("ss-mem-m{}", i % MODEL_COLOURS))} aria-hidden="true"></span>
                        { [model.id.as_str(), ": ", &gb(model.weights_gb), " + ", &gb(model.kv_gb)].concat() }
                    </span>
                }) }
            </figcaption>
        </figure>
    }
}
