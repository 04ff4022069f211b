//! `scenario_for_run`, the nearest p99 TTFT and the claim recomputation against the articles'
//! literal figures (English article: "924,912 tokens for Qwen3-Coder-30B-A3B", "5,705 tok/s
//! ... on an 8,192-token prompt", "113 at 8,192", p99 TTFT "2.1 s" at 32 and "2.7 s" at 64,
//! "52 streams allow an average of 37.7, which is 163 users").

use sizer_core::Scenario;
use sizer_data::{Figure, Recomputed, RunOrigin, YOURS, dataset, scenario_for_run};

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const LLAMA_70B: &str = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
const LLAMACPP_PP512: &str = "llamacpp-gpt-oss-120b-mxfp4-gguf-b7941-pp512";

fn run(id: &str) -> &'static sizer_data::Run {
    dataset().run(id).unwrap_or_else(|| panic!("{id} in the dataset"))
}

#[test]
fn missing_figures_come_from_the_dataset() {
    let scenario = scenario_for_run(run(QWEN), Scenario::chat());
    assert_eq!(scenario.kv_pool_tokens, Some(924_912.0));
    assert_eq!(scenario.prefill_tok_s, Some(5_705.0));
    assert_eq!(scenario_for_run(run(LLAMA_70B), Scenario::chat()).kv_pool_tokens, Some(207_120.0));
    // "levels off near 2,480 tok/s": the fact tied to the llama.cpp run.
    assert_eq!(scenario_for_run(run(LLAMACPP_PP512), Scenario::chat()).prefill_tok_s, Some(2_480.0));
    // Everything else is the caller's.
    let base = Scenario { floor_tok_s: 10.0, context_tokens: 32_768.0, ..Scenario::coding_agent() };
    let filled = scenario_for_run(run(QWEN), base);
    assert_eq!(Scenario { kv_pool_tokens: None, prefill_tok_s: None, ..filled }, base);
}

#[test]
fn a_run_without_a_logged_pool_is_sized_with_a_computed_one() {
    // Dendro Logic's gpt-oss-120b: (102 - 65.3) GB / 37,440 bytes per token at 8,192 tokens =
    // 980,235.0 tokens; at 131,072 tokens, 36,900 bytes per token: 994,579.9 tokens.
    let dendro = run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03");
    let pool = scenario_for_run(dendro, Scenario::chat()).kv_pool_tokens.expect("computed pool");
    assert!((pool - 980_235.043).abs() < 1e-3, "{pool}");
    let long = Scenario { context_tokens: 131_072.0, ..Scenario::chat() };
    let pool = scenario_for_run(dendro, long).kv_pool_tokens.expect("computed pool");
    assert!((pool - 994_579.946).abs() < 1e-3, "{pool}");
    let cited = dataset().run_inputs(dendro, 8_192.0).kv_pool.expect("cited");
    assert_eq!((cited.cited_id, cited.source), ("working-budget-dgx-spark", "eurokommerz-128gb-article"));
    // No logged pool and none computable (weights unpublished): no KV limit.
    assert_eq!(scenario_for_run(run("lmsys-llama-3.1-8b-fp8-sglang"), Scenario::chat()).kv_pool_tokens, None);
}

#[test]
fn a_callers_figures_are_kept() {
    let base = Scenario { kv_pool_tokens: Some(50_000.0), prefill_tok_s: Some(900.0), ..Scenario::chat() };
    let scenario = scenario_for_run(run(QWEN), base);
    assert_eq!((scenario.kv_pool_tokens, scenario.prefill_tok_s), (Some(50_000.0), Some(900.0)));
    // One of the two given: the other from the dataset.
    let base = Scenario { prefill_tok_s: Some(900.0), ..Scenario::chat() };
    let scenario = scenario_for_run(run(QWEN), base);
    assert_eq!((scenario.kv_pool_tokens, scenario.prefill_tok_s), (Some(924_912.0), Some(900.0)));
    let inputs = dataset().run_inputs(run(QWEN), 8_192.0).used_for(&base);
    assert_eq!(inputs.kv_pool.map(|c| c.cited_id), Some("kv-pool-qwen3-coder-30b-a3b-vllm-0.85"));
    assert_eq!(inputs.prefill, None);
}

#[test]
fn a_persons_own_run_takes_only_its_own_prefill() {
    let mut yours = run(QWEN).clone();
    yours.origin = RunOrigin::Yours;
    let scenario = scenario_for_run(&yours, Scenario::chat());
    assert_eq!((scenario.kv_pool_tokens, scenario.prefill_tok_s), (None, None));
    yours.points[2].prefill_tok_s = Some(Figure::published(1_234.0));
    let inputs = dataset().run_inputs(&yours, 8_192.0);
    assert_eq!(inputs.kv_pool, None);
    let prefill = inputs.prefill.expect("own prefill");
    assert_eq!((prefill.value, prefill.cited_id, prefill.source), (1_234.0, YOURS, YOURS));
}

#[test]
fn nearest_p99_ttft_on_a_log2_scale() {
    let qwen = run(QWEN);
    let at = |c: f64| qwen.nearest_p99_ttft(c).map(|t| (t.concurrency, t.p99_s));
    assert_eq!(at(52.6), Some((64, 2.7)));
    assert_eq!(at(40.0), Some((32, 2.1)));
    // Halfway between 32 and 64 on log2 (45.25...): the higher, the cautious reading.
    assert_eq!(at(32.0 * std::f64::consts::SQRT_2), Some((64, 2.7)));
    assert_eq!(at(0.0), Some((1, 0.041)));
    assert_eq!(at(10_000.0), Some((256, 21.5)));
    assert!(run("dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03").nearest_p99_ttft(8.0).is_none());
}

#[test]
fn claims_are_recomputed_with_the_articles_usage() {
    let data = dataset();
    let qwen = run(QWEN);
    let (curve, _) = qwen.curve().expect("curve");
    // A coding-agent scenario: the user claims are still chat users.
    let agent = scenario_for_run(qwen, Scenario { z: Some(2.33), ..Scenario::coding_agent() });
    let kv = data.run_inputs(qwen, agent.context_tokens).kv_pool;
    let checks = data.claim_checks(qwen, &curve, &agent, kv);
    let users: Vec<Option<u64>> = checks
        .iter()
        .filter_map(|c| match c.ours {
            Recomputed::Users(users) => Some(users),
            _ => None,
        })
        .collect();
    // The table's "about 160", step 4's "163 users" and the recommendation's "up to about 150".
    assert_eq!(users, [Some(163), Some(163), Some(163)]);
    let streams_at_15 = checks
        .iter()
        .find_map(|c| match c.ours {
            Recomputed::Streams(s) if c.claim.id.starts_with("en-streams-15-") => Some(s.streams()),
            _ => None,
        })
        .expect("the 15 tok/s streams claim");
    // "15 tok/s lands at about 52 streams": 32 + (18.4 - 15) / (18.4 - 13.1) x 32 = 52.53.
    assert!((streams_at_15 - 52.53).abs() < 0.01, "{streams_at_15}");
    let sessions: Vec<f64> = checks
        .iter()
        .filter_map(|c| match c.ours {
            Recomputed::KvSessions(s) => Some(s),
            _ => None,
        })
        .collect();
    // "28 sessions at a full 32,768-token context ... or 113 at 8,192".
    assert!(sessions.iter().any(|s| (s - 28.23).abs() < 0.01), "{sessions:?}");
    assert!(sessions.iter().any(|s| (s - 112.90).abs() < 0.01), "{sessions:?}");
    // Without a KV pool there is no session claim to recompute.
    assert!(!data.claim_checks(qwen, &curve, &agent, None).iter().any(|c| matches!(c.ours, Recomputed::KvSessions(_))));
}
