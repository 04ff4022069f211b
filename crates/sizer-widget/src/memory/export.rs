//! The memory choices and plan in the exports: a "Which models fit together" part after the
//! sizing's Markdown, and `memory` (request, plan or its error, the band) plus the KV pool's
//! kind in the JSON export. The sizing's own export is `sizing/export.rs`; this only adds to it.

use serde::Serialize;
use serde_json::Value;
use sizer_data::PoolKind;
use sizer_data::memory::{MemoryRequest, MemoryResponse};

use crate::i18n::memory::{
    MemMsg, band_text, computed_note, left_across, left_at, mem_text, plan_error, sessions_at, weights_sum,
};
use crate::i18n::{Lang, format_integer, format_number};
use crate::memory::state::MemoryChoice;
use crate::memory::view::{MemoryView, SourceCite};
use crate::sizing::calculation::Calculation;

/// `sizing` (the sizing's Markdown) with the memory part appended.
pub fn with_markdown(mut sizing: String, lang: Lang, outcome: &Calculation, choice: Option<&MemoryChoice>) -> String {
    if let Some(choice) = choice {
        sizing.push('\n');
        sizing.push_str(&markdown(lang, &MemoryView::compute(choice, outcome.scenario.context_tokens, None)));
    }
    sizing
}

/// Where a planned model's weights come from (published size, or the parameter count).
fn weights_source(model: &sizer_data::memory::ModelMemory) -> &str {
    use sizer_data::weights_size::WeightsBasis;
    match &model.weights_basis {
        WeightsBasis::Published { source } | WeightsBasis::Computed { params_source: source, .. } => source,
    }
}

/// The memory part of the Markdown export.
pub fn markdown(lang: Lang, view: &MemoryView) -> String {
    let mut out = ["### ", mem_text(lang, MemMsg::Heading), "\n\n"].concat();
    let line = |out: &mut String, text: &str| {
        out.push_str("- ");
        out.push_str(text);
        out.push('\n');
    };
    let models = view.request.models.iter().map(|model| match model {
        sizer_data::memory::ModelChoice::Id(id) => id.as_str(),
        sizer_data::memory::ModelChoice::Detailed(detail) => {
            detail.id.as_deref().or(detail.run.as_deref()).unwrap_or_default()
        }
    });
    let models: Vec<&str> = models.collect();
    line(&mut out, &[mem_text(lang, MemMsg::ModelsLegend), ": ", &models.join(", ")].concat());
    let budget = [format_number(lang, view.request.budget_gb, 1), " GB".into()].concat();
    let band = view.band.map(|band| [" (", &band_text(lang, band), ")"].concat()).unwrap_or_default();
    line(&mut out, &[mem_text(lang, MemMsg::BudgetLabel), ": ", &budget, &band].concat());
    match &view.chosen {
        Ok(plan) => {
            let parts: Vec<f64> = plan.models.iter().map(|model| model.weights_gb).collect();
            let mut totals = [
                weights_sum(lang, &parts, plan.weights_gb),
                "; ".into(),
                left_at(lang, plan.kv_left_gb, plan.budget_gb),
            ]
            .concat();
            if let (Some(band), Some(low), Some(high)) = (view.band, &view.at_low, &view.at_high) {
                totals.push_str("; ");
                totals.push_str(&left_across(lang, low.kv_left_gb, high.kv_left_gb, band));
            }
            line(&mut out, &totals);
            let sessions = sessions_at(lang, plan.context_tokens);
            for model in &plan.models {
                let text = [
                    model.id.as_str(),
                    ": ",
                    &format_number(lang, model.weights_gb, 1),
                    " GB ",
                    &model.format,
                    " (`",
                    weights_source(model),
                    "`) + ",
                    &format_number(lang, model.kv_gb, 1),
                    " GB ",
                    mem_text(lang, MemMsg::Cache),
                    "; ",
                    &sessions,
                    ": ",
                    &format_integer(lang, model.sessions),
                ]
                .concat();
                line(&mut out, &text);
            }
        }
        Err(error) => line(&mut out, &plan_error(lang, error)),
    }
    let cites: Vec<&SourceCite> = view.band_source.iter().chain(&view.model_sources).collect();
    if !cites.is_empty() {
        out.push('\n');
        out.push_str(mem_text(lang, MemMsg::SourcesLabel));
        out.push_str(":\n\n");
        for cite in cites {
            let date = cite.date.as_deref().map(|date| [", ", date].concat()).unwrap_or_default();
            let label = [cite.label.replace(['[', ']'], ""), date].concat();
            let text = match &cite.href {
                Some(href) => ["[", &label, "](", href, ") (`", &cite.id, "`)"].concat(),
                None => [label.as_str(), " (`", &cite.id, "`)"].concat(),
            };
            line(&mut out, &text);
        }
    }
    out
}

/// The memory part of the JSON export.
#[derive(Serialize)]
struct MemoryJson<'a> {
    request: &'a MemoryRequest,
    #[serde(skip_serializing_if = "Option::is_none")]
    plan: Option<&'a MemoryResponse>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    band: Option<sizer_data::BudgetBand>,
    /// Cache left at the low and high end of the band, GB.
    kv_left_gb_across_band: Option<(f64, f64)>,
}

/// `sizing` (the sizing's JSON export) with `memory` and the KV pool's kind added; the sizing's
/// JSON as it was should it not be an object.
pub fn with_json(sizing: &str, outcome: &Calculation, choice: Option<&MemoryChoice>) -> String {
    let Ok(Value::Object(mut object)) = serde_json::from_str::<Value>(sizing) else {
        return sizing.to_string();
    };
    if let Some(limit) = &outcome.kv_limit {
        let kind = match limit.kind {
            Some(PoolKind::Logged) => Value::from("logged"),
            Some(PoolKind::Computed) => Value::from("computed"),
            None => Value::Null,
        };
        object.insert("kv_pool_kind".into(), kind);
        let note = match (&limit.kind, &limit.computed) {
            (Some(PoolKind::Computed), Ok(pool)) => Value::from(computed_note(Lang::En, pool.band)),
            (None, Err(reason)) => Value::from(reason.to_string()),
            _ => Value::Null,
        };
        object.insert("kv_pool_note".into(), note);
        if let Ok(pool) = &limit.computed {
            object.insert("kv_pool_computed".into(), serde_json::to_value(pool).unwrap_or(Value::Null));
        }
    }
    if let Some(choice) = choice {
        let view = MemoryView::compute(choice, outcome.scenario.context_tokens, None);
        let memory = MemoryJson {
            request: &view.request,
            plan: view.chosen.as_ref().ok(),
            error: view.chosen.as_ref().err().map(|error| plan_error(Lang::En, error)),
            band: view.band,
            kv_left_gb_across_band: view
                .at_low
                .as_ref()
                .zip(view.at_high.as_ref())
                .map(|(l, h)| (l.kv_left_gb, h.kv_left_gb)),
        };
        object.insert("memory".into(), serde_json::to_value(&memory).unwrap_or(Value::Null));
    }
    serde_json::to_string_pretty(&Value::Object(object)).unwrap_or_else(|_| sizing.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizing::calculation::DEFAULT_RUN;
    use sizer_core::Scenario;

    #[test]
    fn the_exports_carry_the_memory_choices() {
        let outcome = Calculation::compute(DEFAULT_RUN, Scenario::chat());
        let choice = MemoryChoice::new(Lang::De);
        let md = with_markdown("## sizing\n".into(), Lang::De, &outcome, Some(&choice));
        assert!(md.contains("- Geladene Modelle: gpt-oss-120b, gpt-oss-20b\n"), "{md}");
        assert!(md.contains("65,3 + 13,8 = 79,1\u{a0}GB Gewichte; 35,9\u{a0}GB frei bei 115,0\u{a0}GB Budget"), "{md}");
        assert!(md.contains("22,9–35,9\u{a0}GB frei über das Band von 102–115\u{a0}GB"), "{md}");
        let json: Value = serde_json::from_str(&with_json(r#"{"run": "x"}"#, &outcome, Some(&choice))).expect("json");
        assert_eq!(json["run"], "x");
        assert_eq!(json["kv_pool_kind"], "logged");
        assert_eq!(json["memory"]["request"]["models"][1], "gpt-oss-20b");
        assert_eq!(json["memory"]["request"]["budget_gb"], 115.0);
        assert!((json["memory"]["plan"]["weights_gb"].as_f64().expect("weights") - 79.1).abs() < 1e-9);
        let across = &json["memory"]["kv_left_gb_across_band"];
        assert!((across[0].as_f64().expect("low") - 22.9).abs() < 1e-9, "{across}");
        assert!((across[1].as_f64().expect("high") - 35.9).abs() < 1e-9, "{across}");
    }
}
