//! The articles' advice as data: each entry in English and German with its source and location,
//! and `Dataset::advice_for` choosing what fits the sizing on screen.

use sizer_core::Limit;
use sizer_data::{Binding, Situation, SizingWarning, dataset};

fn ids(situation: &Situation<'_>) -> Vec<&'static str> {
    dataset().advice_for(situation).into_iter().map(|a| a.id.as_str()).collect()
}

const GENERAL: [&str; 4] =
    ["de-openai-compatible-engine", "de-open-webui-accounts", "de-developer-accounts", "de-training-off-hours"];

#[test]
fn every_entry_speaks_both_languages_and_cites_a_seed() {
    let data = dataset();
    assert_eq!(data.advice.len(), 8);
    for advice in &data.advice {
        assert!(["seed-en-users-per-dgx-spark", "seed-de-dgx-spark-team"].contains(&advice.source.as_str()));
        assert!(!advice.text.en.is_empty() && !advice.text.de.is_empty(), "{}", advice.id);
        assert_ne!(advice.text.en, advice.text.de, "{}", advice.id);
        assert!(advice.location.en.contains("article") && advice.location.de.contains("Artikel"), "{}", advice.id);
    }
    let accounts = data.advice_entry("de-developer-accounts").expect("accounts");
    for words in ["0.117", "JupyterLab", "Docker", "Tailscale"] {
        assert!(accounts.text.en.contains(words) && accounts.wording.contains(words), "{words}");
    }
    let webui = data.advice_entry("de-open-webui-accounts").expect("Open WebUI");
    assert!(webui.text.de.contains("OIDC") && webui.text.de.contains("LDAP"));
}

#[test]
fn prefill_binding_brings_the_prefix_caching_hint() {
    let situation = Situation { binding: Some(Limit::Prefill.into()), ..Situation::default() };
    let mut expected = vec!["en-prefix-caching"];
    expected.extend(GENERAL);
    assert_eq!(ids(&situation), expected);
    let speed = Situation { binding: Some(Binding::Speed), ..Situation::default() };
    assert_eq!(ids(&speed), GENERAL);
}

#[test]
fn the_ttft_warning_brings_the_p99_hint() {
    let warnings = [SizingWarning::P99TtftHigh];
    let situation = Situation { binding: Some(Binding::Speed), warnings: &warnings, ..Situation::default() };
    assert_eq!(ids(&situation)[0], "en-watch-p99-ttft");
    assert_eq!(ids(&situation).len(), 5);
}

#[test]
fn streams_above_fifty_and_dense_models_bring_their_hints() {
    let at = |streams: f64| Situation { streams: Some(streams), ..Situation::default() };
    assert!(ids(&at(52.5)).contains(&"en-second-spark-above-50-streams"));
    assert!(!ids(&at(50.0)).contains(&"en-second-spark-above-50-streams"));
    let dense = |params: f64| Situation { dense_params_b: Some(params), ..Situation::default() };
    assert!(ids(&dense(70.0)).contains(&"en-dense-for-batch"));
    assert!(ids(&dense(27.0)).contains(&"en-dense-for-batch"));
    assert!(!ids(&dense(24.0)).contains(&"en-dense-for-batch"));
    let no_stream = [SizingWarning::NoStreamAtFloor];
    let llama = Situation { warnings: &no_stream, ..Situation::default() };
    assert_eq!(ids(&llama)[0], "en-dense-for-batch");
}
