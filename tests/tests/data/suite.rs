//! The suite types of `sizer_data::suite` refuse what cannot be measured (one sentence each), and
//! the capacity rule reads the highest configured rate strictly under a p95 TTFT limit. Values
//! are constructed here, so each edge is set on purpose.

use sizer_data::suite::{
    ClosedLoopWorkload, LoadStep, LoadStepFields, Measured, Percentiles, PointSource, SuiteDataError, SuiteSetup,
    SuiteSetupFields, WorkloadFields, WorkloadKind, WorkloadPoint, capacity_rps,
};

fn step(rate: Option<f64>, p95_ms: f64) -> LoadStepFields {
    LoadStepFields {
        file: "11-rate-sweep-x.json".to_owned(),
        date: None,
        rate_per_s: rate,
        burstiness: 0.7,
        max_concurrency: None,
        num_prompts: 100,
        configured: None,
        total_input_tokens: 400_000.0,
        total_output_tokens: 50_000.0,
        completed: 100,
        failed: 0,
        duration_s: 1000.0,
        request_throughput: 0.1,
        ttft_ms: Percentiles { p50: p95_ms / 2.0, p95: p95_ms, p99: p95_ms * 1.5 },
        median_tpot_ms: 20.0,
        p99_tpot_ms: 30.0,
        output_tok_s: 50.0,
        max_concurrent_requests: Some(5.0),
    }
}

fn steps(list: &[(Option<f64>, f64)]) -> Vec<LoadStep> {
    list.iter().map(|(rate, p95)| LoadStep::new(step(*rate, *p95)).expect("a valid step")).collect()
}

#[test]
fn capacity_is_the_highest_rate_strictly_under_the_limit() {
    let sweep = steps(&[(Some(0.1), 1_500.0), (Some(0.2), 1_999.9), (Some(0.3), 2_000.0), (Some(0.5), 4_000.0)]);
    // 2,000 ms exactly is not under 2,000 ms.
    assert_eq!(capacity_rps(&sweep, 2_000.0), Some(0.2));
    assert_eq!(capacity_rps(&sweep, 2_000.1), Some(0.3));
    assert_eq!(capacity_rps(&sweep, 5_000.0), Some(0.5));
    assert_eq!(capacity_rps(&sweep, 1_000.0), None);
    assert_eq!(capacity_rps(&[], 5_000.0), None);
    assert_eq!(capacity_rps(&sweep, f64::NAN), None);
    assert_eq!(capacity_rps(&sweep, -1.0), None);
    // The highest rate under the limit counts even after a step over it; an unlimited rate is no rate.
    let bumpy = steps(&[(Some(0.1), 1_000.0), (Some(0.2), 6_000.0), (Some(0.3), 4_000.0), (None, 100.0)]);
    assert_eq!(capacity_rps(&bumpy, 5_000.0), Some(0.3));
}

#[test]
fn a_load_step_refuses_what_cannot_be_measured() {
    let refused = |fields: LoadStepFields| LoadStep::new(fields).expect_err("refused").to_string();
    let mut nan = step(Some(0.5), 1_000.0);
    nan.median_tpot_ms = f64::NAN;
    assert_eq!(refused(nan), "median_tpot_ms must be a finite number, not NaN.");
    assert_eq!(refused(step(Some(0.0), 1_000.0)), "request_rate must be a positive number, not 0.");
    let mut over = step(Some(0.5), 1_000.0);
    over.failed = 1;
    assert_eq!(refused(over), "100 completed and 1 failed requests are more than the 100 sent.");
    let mut unordered = step(Some(0.5), 1_000.0);
    unordered.ttft_ms.p99 = 900.0;
    assert_eq!(refused(unordered), "the TTFT percentiles are out of order: 1000 ms above 900 ms.");
    let ok = LoadStep::new(step(Some(0.5), 1_000.0)).expect("valid");
    assert_eq!(ok.mean_input_tokens(), Some(4_000.0));
    assert_eq!(ok.mean_output_tokens(), Some(500.0));
    let mut none = step(Some(0.5), 0.0);
    none.completed = 0;
    assert_eq!(LoadStep::new(none).expect("nothing completed is a measurement too").mean_input_tokens(), None);
}

fn point(concurrency: f64, tok_s: f64, line: usize) -> WorkloadPoint {
    WorkloadPoint {
        concurrency,
        per_request_tok_s: Measured { mean: tok_s, spread: Some(0.5) },
        total_tok_s: None,
        prompt_tok_s: None,
        prompt_tok_s_per_request: None,
        ttfr_ms: Some(Measured { mean: 300.0, spread: None }),
        source: PointSource {
            line,
            counter: format!("tg512 (c{concurrency})"),
            prompt_line: None,
            prompt_counter: None,
        },
    }
}

fn workload(points: Vec<WorkloadPoint>) -> WorkloadFields {
    WorkloadFields {
        name: "02-rag-8k".to_owned(),
        kind: WorkloadKind::Rag,
        file: "02-rag-8k.md".to_owned(),
        prompt_tokens: 8192.0,
        answer_tokens: 512.0,
        context_depth: 0.0,
        points,
    }
}

#[test]
fn a_workload_is_sorted_and_refuses_bad_points() {
    let sorted = ClosedLoopWorkload::new(workload(vec![point(10.0, 12.0, 30), point(5.0, 20.0, 28)])).expect("valid");
    let concurrencies: Vec<f64> = sorted.points.iter().map(|p| p.concurrency).collect();
    assert_eq!(concurrencies, [5.0, 10.0]);
    let refused = |fields: WorkloadFields| ClosedLoopWorkload::new(fields).expect_err("refused").to_string();
    assert_eq!(refused(workload(Vec::new())), "the workload \"02-rag-8k\" has no measured point.");
    assert_eq!(
        refused(workload(vec![point(5.0, 20.0, 28), point(5.0, 19.0, 30)])),
        "concurrency 5 appears twice in the workload \"02-rag-8k\"."
    );
    assert_eq!(refused(workload(vec![point(5.0, 0.0, 28)])), "line 28: t/s (req) must be a positive number, not 0.");
    assert_eq!(refused(workload(vec![point(2.5, 20.0, 28)])), "line 28: concurrency is 2.5, outside 1 to 1000000.");
    assert_eq!(refused(workload(vec![point(1e300, 20.0, 28)])), "line 28: concurrency is 1e300, outside 1 to 1000000.");
    let mut negative_spread = point(5.0, 20.0, 28);
    negative_spread.per_request_tok_s.spread = Some(-1.0);
    assert_eq!(refused(workload(vec![negative_spread])), "line 28: t/s (req) spread cannot be negative (-1).");
    let mut no_prompt = workload(vec![point(1.0, 50.0, 20)]);
    no_prompt.prompt_tokens = f64::INFINITY;
    assert_eq!(refused(no_prompt), "02-rag-8k: prompt tokens must be a finite number, not inf.");
}

#[test]
fn the_kind_comes_from_the_test_name() {
    assert_eq!(WorkloadKind::from_test_name("01-chat"), WorkloadKind::Chat);
    assert_eq!(WorkloadKind::from_test_name("02-rag-8k.md"), WorkloadKind::Rag);
    assert_eq!(WorkloadKind::from_test_name("03-long-output"), WorkloadKind::LongOutput);
    assert_eq!(WorkloadKind::from_test_name("04-multi-turn"), WorkloadKind::MultiTurn);
    assert_eq!(WorkloadKind::from_test_name("05-big-context"), WorkloadKind::BigContext);
    assert_eq!(WorkloadKind::from_test_name("06-concurrency-stress"), WorkloadKind::ConcurrencyStress);
    assert_eq!(WorkloadKind::from_test_name("readme-outputs"), WorkloadKind::Other);
}

#[test]
fn a_setup_refuses_an_impossible_memory_share() {
    let setup = |share: f64, length: f64| {
        SuiteSetup::new(SuiteSetupFields {
            model: "Qwen/Qwen3.6-35B-A3B-FP8".to_owned(),
            gpu_memory_utilization: Some(share),
            max_model_len: Some(length),
            ..SuiteSetupFields::default()
        })
    };
    assert!(setup(0.9, 131_072.0).is_ok());
    assert!(setup(1.0, 131_072.0).is_ok());
    assert_eq!(
        setup(1.2, 131_072.0).expect_err("over 1"),
        SuiteDataError::OutOfRange { what: "gpu_memory_utilization".to_owned(), value: 1.2, low: 0.0, high: 1.0 }
    );
    assert!(setup(0.0, 131_072.0).is_err());
    assert!(setup(0.9, 0.0).is_err());
    assert!(setup(0.9, 1.5).is_err());
    let empty = SuiteSetup::new(SuiteSetupFields::default()).expect_err("no model");
    assert_eq!(empty.to_string(), "the setup's model is empty.");
}
