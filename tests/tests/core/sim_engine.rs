//! The closed-loop team on a fitted engine ("Check by simulation" where the run has one) against
//! step times worked by hand: one agent alone, four agents in lockstep; a team whose request the
//! engine cannot admit runs on the curve and says why; the dataset gives an arena run its engine
//! and a run of one curve none, in the page and in `SparkSizer.simulate`; the same seed gives
//! the same report.

use sizer_core::Curve;
use sizer_core::sim::open_loop::{EngineModel, EngineSetup, MixedStep, StepCoefficients};
use sizer_core::sim::{Machine, SimGroup, SimModel, SimRequest, StopReason, TtftModel, simulate};
use sizer_tests::assert_rel;

/// Round numbers, so the hand computations below stay readable.
const K: StepCoefficients = StepCoefficients {
    base_s: 0.01,
    per_decode_s: 0.002,
    per_root_decode_s: 0.003,
    per_context_token_s: 1e-6,
    per_prompt_token_s: 1e-4,
    per_prompt_pair_s: 0.0,
};

const PROMPT: f64 = 1_000.0;
const ANSWER: f64 = 200.0;

fn engine(pool: f64) -> EngineModel {
    let setup = EngineSetup { kv_pool_tokens: pool, mixed_step: MixedStep::Overlapped, ..EngineSetup::default() };
    EngineModel::new(K, setup, 2.0, 10_000.0).expect("valid engine")
}

/// A curve the engine's machine carries beside it (it only sets the streams at the floor).
fn machine(pool: f64) -> Machine {
    let curve = Curve::from_per_request(&[(1.0, 60.0), (2.0, 50.0)]).expect("curve");
    Machine { engine: Some(engine(pool)), ..Machine::from_curve(curve) }
}

fn agents(count: u32, floor: f64) -> SimRequest {
    let group = SimGroup { count, answer_tokens: ANSWER, interval_s: 60.0, prompt_tokens: PROMPT, always_busy: true };
    SimRequest {
        groups: vec![group],
        floor_tok_s: floor,
        warmup_s: Some(0.0),
        max_requests: 400,
        ..SimRequest::default()
    }
}

/// One request's decode time with `batch` requests in lockstep: `A - 1` decode steps, step `i`
/// taking `a + b B + r sqrt(B) + c K` with `K = B (P + 1 + i)` (each request holds its prompt
/// and the tokens generated so far).
fn lockstep_decode_s(batch: f64) -> f64 {
    (0..(ANSWER as u32 - 1))
        .map(|i| {
            let context = batch * (PROMPT + 1.0 + f64::from(i));
            K.base_s + K.per_decode_s * batch + K.per_root_decode_s * batch.sqrt() + K.per_context_token_s * context
        })
        .sum()
}

#[test]
fn one_agent_gets_the_hand_computed_speed_and_ttft() {
    // The prompt step carries no decode: max(a, d P) = max(0.01, 0.1) = 0.1 s, the TTFT.
    // Then 199 decode steps of 0.015 s + 1e-6 x (1,001 + i): 3.2039 s in all.
    let decode_s = lockstep_decode_s(1.0);
    assert_rel(decode_s, 3.203_9, 1e-4);
    let speed = ANSWER / decode_s;
    let report = simulate(&agents(1, 60.0), &machine(1e6), 7).expect("runs");
    assert_eq!(report.model, SimModel::Engine { kv_pool_tokens: 1e6, fit_max_concurrency: 2.0, max_decode_batch: 1 });
    assert_eq!(report.ttft_model, TtftModel::EngineSteps { step_token_budget: 8_192 });
    assert_eq!(report.stopped_by, StopReason::Requests);
    assert_eq!(report.requests, 400);
    let s = report.speed_tok_s.expect("speeds");
    assert_rel(s.p50, speed, 1e-9);
    assert_rel(s.p99, speed, 1e-9);
    assert_rel(report.p99_ttft_s, 0.1, 1e-9);
    // An agent is always in flight, and never beyond the fit's 2 requests.
    assert_rel(report.mean_in_flight, 1.0, 1e-9);
    assert_eq!(report.share_time_beyond_curve, 0.0);
    // The floor just under and just over the speed: every request keeps it, then none does.
    let under = simulate(&agents(1, speed * (1.0 - 1e-6)), &machine(1e6), 7).expect("runs");
    assert_eq!(under.share_requests_at_floor, 1.0);
    assert!(under.holds);
    let over = simulate(&agents(1, speed * (1.0 + 1e-6)), &machine(1e6), 7).expect("runs");
    assert_eq!(over.share_requests_at_floor, 0.0);
    assert!(!over.holds);
}

#[test]
fn four_agents_share_every_step_and_extrapolate_beyond_the_fit() {
    // All four prompts in one step: max(a, d x 4,000) = 0.4 s. Then 199 steps of
    // a + 4b + 2r + c x 4 (1,001 + i).
    let decode_s = lockstep_decode_s(4.0);
    assert_rel(decode_s, 199.0 * 0.024 + 1e-6 * 4.0 * (199.0 * 1_001.0 + 199.0 * 198.0 / 2.0), 1e-12);
    let report = simulate(&agents(4, 10.0), &machine(1e6), 7).expect("runs");
    let s = report.speed_tok_s.expect("speeds");
    assert_rel(s.p50, ANSWER / decode_s, 1e-9);
    assert_rel(s.p99, ANSWER / decode_s, 1e-9);
    assert_rel(report.p99_ttft_s, 0.4, 1e-9);
    assert_eq!(report.model, SimModel::Engine { kv_pool_tokens: 1e6, fit_max_concurrency: 2.0, max_decode_batch: 4 });
    // Four decoding is beyond the fit's 2: the share of time is the decode time over the cycle.
    assert_rel(report.share_time_beyond_curve, decode_s / (decode_s + 0.4), 1e-6);
    assert_rel(report.mean_in_flight, 4.0, 1e-9);
    assert_rel(report.mean_generating, 4.0 * decode_s / (decode_s + 0.4), 1e-6);
}

#[test]
fn a_pool_that_admits_two_queues_the_others() {
    // 1,200 tokens a request in a pool of 2,400: two run while the other two wait a whole cycle
    // for room, and each pair resends while the other runs.
    let report = simulate(&agents(4, 10.0), &machine(2_400.0), 7).expect("runs");
    // After the first pair, every request waits: 398 of 400.
    assert_eq!(report.share_requests_waited_for_kv, 398.0 / 400.0);
    let s = report.speed_tok_s.expect("speeds");
    let pair = ANSWER / lockstep_decode_s(2.0);
    assert_rel(s.p50, pair, 1e-9);
    // The pair's prompts in one step, max(a, d x 2,000) = 0.2 s; the pair waiting meanwhile
    // sees its first token one cycle (0.2 s + the decodes) plus its own prompt step later.
    let cycle = 0.2 + lockstep_decode_s(2.0);
    assert_rel(report.p99_ttft_s, cycle + 0.2, 1e-9);
    let wait = report.queue_wait_s.expect("waits");
    assert_rel(wait.p99, cycle, 1e-9);
}

#[test]
fn a_request_longer_than_the_engine_admits_runs_on_the_curve_and_says_so() {
    let report = simulate(&agents(1, 10.0), &machine(1_100.0), 7).expect("runs");
    assert_eq!(report.model, SimModel::CurveRequestTooLong { tokens: 1_200.0, limit: 1_100.0 });
    // The curve's 60 tok/s alone.
    assert_rel(report.speed_tok_s.expect("speeds").p50, 60.0, 0.012);
    let plain = Machine { engine: None, ..machine(1e6) };
    assert_eq!(simulate(&agents(1, 10.0), &plain, 7).expect("runs").model, SimModel::Curve);
}

#[test]
fn thinking_users_are_deterministic_by_seed() {
    let team = SimRequest {
        groups: vec![SimGroup { count: 30, prompt_tokens: PROMPT, answer_tokens: ANSWER, ..SimGroup::chat(30) }],
        max_requests: 2_000,
        ..SimRequest::default()
    };
    let first = simulate(&team, &machine(1e6), 11).expect("runs");
    let again = simulate(&team, &machine(1e6), 11).expect("runs");
    let other = simulate(&team, &machine(1e6), 12).expect("runs");
    assert_eq!(first, again);
    assert_ne!(first, other);
    assert_eq!(first.requests, 2_000);
    // 30 users each sending every 120 s on average, each busy a few seconds: about one in flight.
    assert!((0.3..3.0).contains(&first.mean_in_flight), "{}", first.mean_in_flight);
}

#[test]
fn the_dataset_gives_an_arena_run_its_engine_and_a_curve_run_none() {
    let data = sizer_data::dataset();
    let chat = sizer_core::Scenario::chat();
    let arena = data.run("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4").expect("arena run");
    let machine = data.sim_machine_for(arena, chat).expect("machine");
    let engine = machine.engine.expect("an engine for an arena run");
    // The fit's range: the arena's closed-loop concurrencies reach 20.
    assert_eq!(engine.fit_max_concurrency(), 20.0);
    let gpuwerk = data.run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("GPUwerk run");
    assert!(data.sim_machine_for(gpuwerk, chat).expect("machine").engine.is_none());
}

#[test]
fn the_js_api_simulates_an_arena_run_on_its_engine_and_says_so() {
    use sizer_data::api::ApiRun;
    use sizer_data::sim_api::simulate_json;
    let answer = |run: &str| -> serde_json::Value {
        let json = simulate_json("{}", &ApiRun::Id(run.to_owned()), 1).expect("simulates");
        serde_json::from_str(&json).expect("JSON")
    };
    let arena = answer("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4");
    assert_eq!(arena["model"]["kind"], "engine");
    assert_eq!(arena["model"]["fit_max_concurrency"], 20.0);
    assert_eq!(arena["ttft_model"]["kind"], "engine_steps");
    let gpuwerk = answer("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1");
    assert_eq!(gpuwerk["model"]["kind"], "curve");
}
