//! The API's key tables against the types they guard: every field a request type serializes is
//! in its table, and nothing else. A module of its own because it needs the request types, and
//! they need the tables: inside `api_keys` the test would join the modules in an import cycle.

use serde_json::json;

use crate::api_keys::{
    GROUP, Keys, MEMORY, MODEL, PREDICT_CLOSED_LOAD, PREDICT_FILE, PREDICT_LOAD, PREDICT_RUN, SCENARIO, SIM_SCENARIO,
    TEAM,
};

fn names(keys: &Keys) -> Vec<&'static str> {
    keys.names().collect()
}

fn serialized_keys<T: serde::Serialize>(value: &T) -> Vec<String> {
    let mut keys: Vec<String> =
        serde_json::to_value(value).expect("serializes").as_object().expect("an object").keys().cloned().collect();
    keys.sort();
    keys
}

fn sorted(mut keys: Vec<&str>) -> Vec<String> {
    keys.sort_unstable();
    keys.into_iter().map(str::to_owned).collect()
}

#[test]
fn the_tables_list_what_the_types_read() {
    // Every field the types serialize is in its table, and nothing else (`count` is an alias).
    assert_eq!(sorted(names(&SCENARIO)), serialized_keys(&sizer_core::Scenario::chat()));
    let mut sim_scenario = names(&SIM_SCENARIO);
    sim_scenario.retain(|key| *key != "users");
    assert_eq!(sorted(sim_scenario), serialized_keys(&sizer_core::Scenario::chat()));
    let team = crate::TeamRequest { z: Some(2.33), ttft_ceiling_s: Some(3.0), ..Default::default() };
    assert_eq!(sorted(names(&TEAM)), serialized_keys(&team));
    let group = crate::GroupRequest {
        answer_tokens: Some(1.0),
        interval_s: Some(1.0),
        ttft_s: Some(1.0),
        always_busy: Some(true),
        context_tokens: Some(1.0),
        prompt_tokens: Some(1.0),
        ..crate::GroupRequest::new(1, crate::Usage::Chat)
    };
    let mut group_keys = names(&GROUP);
    group_keys.retain(|key| *key != "count");
    assert_eq!(sorted(group_keys), serialized_keys(&group));
    let memory: crate::catalogue::memory::MemoryRequest =
        serde_json::from_value(json!({"models": [], "budget_gb": 1, "context_tokens": 1})).expect("parses");
    assert_eq!(sorted(names(&MEMORY)), serialized_keys(&memory));
    let model = crate::catalogue::memory::ModelChoiceDetail {
        id: Some("m".into()),
        run: Some("r".into()),
        format: Some("f".into()),
        kv_dtype: Some(crate::KvDtype::Fp8),
        share: Some(1.0),
        expected_sessions: Some(1.0),
    };
    assert_eq!(sorted(names(&MODEL)), serialized_keys(&model));
    assert_eq!(sorted(names(&PREDICT_LOAD)), serialized_keys(&crate::predict::load::PredictLoad::default()));
    let closed =
        crate::predict::load::ClosedLoadJson { concurrency: 1, prompt_tokens: 1, answer_tokens: 1, requests: 1 };
    assert_eq!(sorted(names(&PREDICT_CLOSED_LOAD)), serialized_keys(&closed));
    let file = crate::predict::api::SpecFile { name: "meta.json".into(), text: "{}".into() };
    assert_eq!(sorted(names(&PREDICT_FILE)), serialized_keys(&file));
    let files = crate::predict::api::SpecFiles { files: vec![file] };
    assert_eq!(sorted(names(&PREDICT_RUN)), serialized_keys(&files));
}
