//! What the page must show, computed independently of the widget: the dataset's run, its KV
//! and prefill figures, and `sizer_core::size` on the preset scenario the page starts from.
use sizer_core::{Limit, Scenario, size};

/// The usage presets of the widget (`data-usage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Usage {
    Chat,
    Agent,
}

/// The inputs a check changes; everything else stays at the preset.
#[derive(Debug, Clone)]
pub struct Setup {
    pub run_id: String,
    pub usage: Usage,
    pub floor_tok_s: f64,
    pub replicas: u32,
}

/// Machine values (`data-value`) of the result elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    pub people: String,
    pub streams: String,
    pub binding: String,
}

/// The sizing the widget must display for `setup`.
pub fn expected(setup: &Setup) -> Result<Expected, String> {
    let data = sizer_data::try_dataset().map_err(|e| format!("the dataset does not load: {e}"))?;
    let run = data
        .run(&setup.run_id)
        .ok_or_else(|| format!("the page shows run {:?}, which the dataset lacks", setup.run_id))?;
    let (curve, _basis) = run.curve().map_err(|e| format!("run {} has no curve: {e:?}", run.id))?;
    let mut scenario = match setup.usage {
        Usage::Chat => Scenario::chat(),
        Usage::Agent => Scenario::coding_agent(),
    };
    scenario.floor_tok_s = setup.floor_tok_s;
    scenario.replicas = setup.replicas;
    scenario.kv_pool_tokens = data.kv_pool_tokens(run).map(|cited| cited.value);
    scenario.prefill_tok_s = data.prefill_tok_s(run).map(|cited| cited.value);
    let sizing = size(&scenario, &curve).map_err(|e| format!("the core rejects {setup:?}: {e}"))?;
    Ok(Expected {
        people: sizing.people.to_string(),
        streams: sizing.whole_streams.to_string(),
        binding: binding_name(sizing.binding).to_string(),
    })
}

/// The contract's machine names of the limits.
fn binding_name(limit: Limit) -> &'static str {
    match limit {
        Limit::Speed => "speed",
        Limit::KvCache => "kv",
        Limit::Prefill => "prefill",
    }
}
