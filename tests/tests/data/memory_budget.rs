//! Which models fit together (sizer-core memory.rs, sizer-data memory.rs): the German seed's
//! gpt-oss-120b + gpt-oss-20b example, the split of the pool, and bad input.

use sizer_core::{KvArchitecture, MemoryError, ResidentModel, kv_left_gb, plan_memory};
use sizer_data::memory::{MemoryRequest, MemoryRequestError, memory, memory_json};
use sizer_data::weights_size::WeightsBasis;
use sizer_data::{catalog, dataset};

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

fn gpt_oss_pair(budget_gb: f64) -> sizer_data::memory::MemoryResponse {
    let json =
        format!(r#"{{"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": {budget_gb}, "context_tokens": 8192}}"#);
    let request = MemoryRequest::from_json(&json).expect("parses");
    memory(catalog(), dataset(), &request).expect("plans")
}

#[test]
fn the_german_seeds_pair_leaves_23_to_36_gb_of_cache() {
    // German seed: 65.3 + 13.8 = 79.1 GB of weights ("etwa 79 GB"); 102 - 79.1 = 22.9 and
    // 115 - 79.1 = 35.9 GB left ("rund 23 bis 36 GB Cache").
    let low = gpt_oss_pair(102.0);
    let high = gpt_oss_pair(115.0);
    assert!(close(low.weights_gb, 79.1, 1e-9), "{}", low.weights_gb);
    assert!(close(low.kv_left_gb, 22.9, 1e-9), "{}", low.kv_left_gb);
    assert!(close(high.kv_left_gb, 35.9, 1e-9), "{}", high.kv_left_gb);
    assert_eq!(high.models[0].format, "MXFP4");
    assert_eq!(high.models[0].weights_basis, WeightsBasis::Published { source: "seed-de-dgx-spark-team".into() });
}

#[test]
fn by_default_both_models_hold_the_same_number_of_sessions() {
    // At 8,192 tokens gpt-oss-120b stores 37,440 bytes per token and gpt-oss-20b 24,960 (see
    // models_kv_bytes.rs), so equal sessions need shares 37,440 : 24,960 = 0.6 : 0.4.
    // 115 GB: 35.9 GB x 0.6 = 21.54 GB / 37,440 = 575,320.5 tokens = 70.2 sessions of 8,192;
    // 35.9 x 0.4 = 14.36 GB / 24,960 = the same 575,320.5 tokens.
    let high = gpt_oss_pair(115.0);
    let (big, small) = (&high.models[0], &high.models[1]);
    assert!(close(big.share, 0.6, 1e-12) && close(small.share, 0.4, 1e-12));
    assert!(close(big.kv_gb, 21.54, 1e-9), "{}", big.kv_gb);
    assert!(close(big.pool_tokens, 575_320.513, 1e-3), "{}", big.pool_tokens);
    assert!(close(small.pool_tokens, 575_320.513, 1e-3), "{}", small.pool_tokens);
    assert!(close(big.sessions_unrounded, 70.229, 1e-3), "{}", big.sessions_unrounded);
    assert_eq!((big.sessions, small.sessions), (70, 70));
    // 102 GB: 22.9 x 0.6 = 13.74 GB / 37,440 = 366,987.2 tokens = 44.8 sessions.
    let low = gpt_oss_pair(102.0);
    assert_eq!((low.models[0].sessions, low.models[1].sessions), (44, 44));
}

#[test]
fn a_user_share_splits_the_pool_as_given() {
    // 75 : 25 of 35.9 GB: 26.925 GB for gpt-oss-120b (26.925e9 / 37,440 = 719,150.6 tokens, 87
    // sessions) and 8.975 GB for gpt-oss-20b (8.975e9 / 24,960 = 359,575.3 tokens, 43 sessions).
    let json = r#"{"models": [{"id": "gpt-oss-120b", "share": 3}, {"id": "gpt-oss-20b", "share": 1}],
                   "budget_gb": 115, "context_tokens": 8192}"#;
    let answer = memory(catalog(), dataset(), &MemoryRequest::from_json(json).expect("parses")).expect("plans");
    assert!(close(answer.models[0].kv_gb, 26.925, 1e-9), "{}", answer.models[0].kv_gb);
    assert!(close(answer.models[0].pool_tokens, 719_150.641, 1e-3));
    assert_eq!((answer.models[0].sessions, answer.models[1].sessions), (87, 43));
}

#[test]
fn expected_sessions_weight_the_default_split() {
    // Three times the sessions expected on gpt-oss-20b: shares 37,440 : 3 x 24,960 = 1 : 2, so
    // at 115 GB gpt-oss-120b gets 35.9 / 3 = 11.967 GB (319,622.5 tokens, 39 sessions) and
    // gpt-oss-20b 23.933 GB (958,867.5 tokens, 117 sessions): 39 : 117 = 1 : 3.
    let json = r#"{"models": ["gpt-oss-120b", {"id": "gpt-oss-20b", "expected_sessions": 3}],
                   "budget_gb": 115, "context_tokens": 8192}"#;
    let answer = memory(catalog(), dataset(), &MemoryRequest::from_json(json).expect("parses")).expect("plans");
    assert!(close(answer.models[0].share, 1.0 / 3.0, 1e-12));
    assert_eq!((answer.models[0].sessions, answer.models[1].sessions), (39, 117));
}

#[test]
fn an_fp8_cache_doubles_the_tokens() {
    // gpt-oss-20b alone at 115 GB: 101.2 GB of cache. BF16: 101.2e9 / 24,960 = 4,054,487 tokens;
    // FP8 (12,480 bytes): 8,108,974 tokens, 989 sessions of 8,192.
    let json = r#"{"models": [{"id": "gpt-oss-20b", "kv_dtype": "fp8"}], "budget_gb": 115, "context_tokens": 8192}"#;
    let answer = memory(catalog(), dataset(), &MemoryRequest::from_json(json).expect("parses")).expect("plans");
    assert!(close(answer.kv_left_gb, 101.2, 1e-9));
    assert!(close(answer.models[0].pool_tokens, 8_108_974.36, 0.01), "{}", answer.models[0].pool_tokens);
    assert_eq!(answer.models[0].sessions, 989);
}

#[test]
fn the_js_api_answers_in_json_with_the_issues_fields() {
    let out = memory_json(
        catalog(),
        dataset(),
        r#"{"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": 115, "context_tokens": 8192}"#,
    );
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(close(value["weights_gb"].as_f64().expect("weights_gb"), 79.1, 1e-9));
    assert!(close(value["kv_left_gb"].as_f64().expect("kv_left_gb"), 35.9, 1e-9));
    assert_eq!(value["models"][0]["sessions"], 70);
    assert_eq!(value["models"][1]["id"], "gpt-oss-20b");
    assert_eq!(value["models"][1]["kv_dtype"], "bf16");
}

#[test]
fn bad_budgets_get_a_clear_error() {
    for budget in ["0", "-5", "1e300"] {
        let json = format!(r#"{{"models": ["gpt-oss-20b"], "budget_gb": {budget}, "context_tokens": 8192}}"#);
        let out = memory_json(catalog(), dataset(), &json);
        assert!(out.contains("the memory budget must be a number of GB above 0"), "{budget}: {out}");
    }
    // NaN is not JSON; the core refuses it too.
    let arch = KvArchitecture::dense(32, 8, 128, 2.0).expect("valid");
    let error = plan_memory(f64::NAN, 0.0, &[ResidentModel::new(10.0, arch)], 8192.0).expect_err("NaN");
    assert!(matches!(error, MemoryError::BadBudget { budget_gb } if budget_gb.is_nan()));
    let out =
        memory_json(catalog(), dataset(), r#"{"models": ["gpt-oss-20b"], "budget_gb": NaN, "context_tokens": 8192}"#);
    assert!(out.starts_with(r#"{"error":"the memory request is not valid: "#), "{out}");
}

#[test]
fn weights_over_the_budget_are_an_error_not_an_empty_pool() {
    let out = memory_json(
        catalog(),
        dataset(),
        r#"{"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": 70, "context_tokens": 8192}"#,
    );
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let message = value["error"].as_str().expect("error");
    assert!(message.starts_with("the weights (79.1"), "{message}");
    assert!(message.ends_with("these models do not fit together"), "{message}");
    // Weights plus overhead over the budget too: 79.1 + 30 > 102.
    let json =
        r#"{"models": ["gpt-oss-120b", "gpt-oss-20b"], "budget_gb": 102, "overhead_gb": 30, "context_tokens": 8192}"#;
    let error = memory(catalog(), dataset(), &MemoryRequest::from_json(json).expect("parses")).expect_err("over");
    assert!(matches!(error, MemoryRequestError::Plan(MemoryError::WeightsOverBudget { .. })));
}

#[test]
fn unknown_or_unsized_models_are_named() {
    let ask = |json: &str| {
        memory(catalog(), dataset(), &MemoryRequest::from_json(json).expect("parses")).expect_err("refused")
    };
    let unknown = ask(r#"{"models": ["gpt-5"], "budget_gb": 115, "context_tokens": 8192}"#);
    assert_eq!(unknown.to_string(), "there is no model with id \"gpt-5\"");
    let no_weights = ask(r#"{"models": ["nemotron-super-49b-v1.5"], "budget_gb": 115, "context_tokens": 8192}"#);
    assert_eq!(
        no_weights.to_string(),
        "nemotron-super-49b-v1.5: no published size of its BF16 weights and no parameter count to compute one"
    );
    let no_arch = ask(r#"{"models": ["qwen3.6-fp8-35gb"], "budget_gb": 115, "context_tokens": 8192}"#);
    assert_eq!(
        no_arch.to_string(),
        "qwen3.6-fp8-35gb: its full_attention_layers could not be read at a source, so its cache cannot be sized"
    );
    let wrong_format =
        ask(r#"{"models": [{"id": "gpt-oss-20b", "format": "GGUF Q2"}], "budget_gb": 115, "context_tokens": 8192}"#);
    assert_eq!(
        wrong_format.to_string(),
        "gpt-oss-20b: the size of \"GGUF Q2\" weights cannot be computed (format not known)"
    );
}

#[test]
fn bad_shares_contexts_and_fields_are_refused() {
    let refuse = |json: &str| memory_json(catalog(), dataset(), json);
    let mixed = refuse(
        r#"{"models": [{"id": "gpt-oss-120b", "share": 1}, "gpt-oss-20b"], "budget_gb": 115, "context_tokens": 8192}"#,
    );
    assert!(mixed.contains("give every model a share, or none"), "{mixed}");
    let negative =
        refuse(r#"{"models": [{"id": "gpt-oss-20b", "share": -1}], "budget_gb": 115, "context_tokens": 8192}"#);
    assert!(negative.contains("model 1: the share must be a number above 0 (got -1)"), "{negative}");
    let context = refuse(r#"{"models": ["gpt-oss-20b"], "budget_gb": 115, "context_tokens": 0}"#);
    assert!(context.contains("the context must be a number of tokens from 1"), "{context}");
    let none = refuse(r#"{"models": [], "budget_gb": 115, "context_tokens": 8192}"#);
    assert!(none.contains("pick at least one model to keep loaded"), "{none}");
    let bad_key =
        refuse(r#"{"models": [{"id": "gpt-oss-20b", "dtype": "fp8"}], "budget_gb": 115, "context_tokens": 8192}"#);
    assert!(
        bad_key.contains("not valid: unknown field `models[0].dtype`, expected one of `id`, `run`, `format`"),
        "{bad_key}"
    );
    let bad_model = refuse(r#"{"models": [3], "budget_gb": 115, "context_tokens": 8192}"#);
    assert!(
        bad_model.contains(r#"not valid: each model must be an id or an object with \"id\" (or \"run\") and any of"#),
        "{bad_model}"
    );
    let typo = refuse(r#"{"models": ["gpt-oss-20b"], "budget": 115, "context_tokens": 8192}"#);
    assert!(typo.contains("the memory request is not valid: unknown field `budget`"), "{typo}");
}

#[test]
fn kv_left_is_budget_minus_weights_minus_overhead() {
    // 115 - (65.3 + 13.8) - 4 = 31.9.
    assert!(close(kv_left_gb(115.0, &[65.3, 13.8], 4.0), 31.9, 1e-12));
}

mod properties {
    use proptest::prelude::*;
    use sizer_core::{KvArchitecture, ResidentModel, plan_memory};

    fn model() -> impl Strategy<Value = ResidentModel> {
        (0.1f64..200.0, 1u32..100, 0u32..50, 1u32..100_000, 1u32..64, 1u32..512, 0.5f64..8.0, 0.01f64..100.0).prop_map(
            |(weights_gb, full, sliding, window, heads, dim, bytes, expected)| ResidentModel {
                weights_gb,
                kv: KvArchitecture::new(full, sliding, window, heads, dim, bytes).expect("valid"),
                share: None,
                expected_sessions: expected,
            },
        )
    }

    proptest! {
        /// Whatever the inputs, the plan either refuses them or accounts for every GB: the parts
        /// sum to the pool, the pool is the budget less weights and overhead, and each part's
        /// tokens times its bytes per token give back its GB (a second computation of the same
        /// numbers, not the formula re-run).
        #[test]
        fn every_gb_is_accounted_for(
            budget in -10.0f64..2_000.0,
            overhead in 0.0f64..50.0,
            models in proptest::collection::vec(model(), 1..6),
            context in 1.0f64..1_000_000.0,
        ) {
            match plan_memory(budget, overhead, &models, context) {
                Err(_) => {
                    let weights: f64 = models.iter().map(|m| m.weights_gb).sum();
                    prop_assert!(budget <= 0.0 || weights + overhead > budget);
                }
                Ok(plan) => {
                    let parts: f64 = plan.parts.iter().map(|p| p.kv_gb).sum();
                    prop_assert!((parts - plan.kv_left_gb).abs() <= 1e-9 * budget.max(1.0));
                    let weights: f64 = models.iter().map(|m| m.weights_gb).sum();
                    prop_assert!((plan.weights_gb + overhead + plan.kv_left_gb - budget).abs() <= 1e-9 * budget);
                    prop_assert!(plan.weights_gb == weights && plan.kv_left_gb >= 0.0);
                    for part in &plan.parts {
                        let back = part.pool_tokens * part.kv_bytes_per_token / 1e9;
                        prop_assert!((back - part.kv_gb).abs() <= 1e-9 * part.kv_gb.max(1.0));
                        prop_assert!(part.sessions as f64 <= part.sessions_unrounded);
                        prop_assert!(part.sessions_unrounded - (part.sessions as f64) < 1.0);
                    }
                }
            }
        }
    }
}

#[test]
fn the_plan_reproduces_the_german_claims_as_rounded() {
    // claims.json keeps the article's rounded words: "etwa 79 GB", "rund 23 bis 36 GB". Each
    // recomputed figure rounds to the stated one.
    let claim = |id: &str| sizer_data::dataset().claims.iter().find(|c| c.id == id).expect(id).value;
    let (low, high) = (gpt_oss_pair(102.0), gpt_oss_pair(115.0));
    assert_eq!(low.weights_gb.round(), claim("de-weights-gpt-oss-120b-plus-20b"));
    assert_eq!(low.kv_left_gb.round(), claim("de-cache-left-low"));
    assert_eq!(high.kv_left_gb.round(), claim("de-cache-left-high"));
}
