//! The page's typed prediction (`PredictEngine::predict`), its sweep (`prediction::sweep_load`,
//! `RATE_GRID`), the rate that keeps a p95 TTFT target (`kept_rate`) and the page's load inputs
//! (`PredictEngine::page_load`). Oracles: the calibration's own figures for the arena's sweep
//! steps (`calibrate_run` on the fixture files, read by the importer, not the dataset), the JSON
//! answer of `predict_json`, and hand-set p95 values for the capacity rule.

use crate::support;

use serde_json::Value;
use sizer_data::predict_api::predict_json;
use sizer_data::predict_engine::PredictEngine;
use sizer_data::predict_load::PredictLoad;
use sizer_data::prediction::{
    ARENA_SWEEP_RATES, KeptRate, Overload, PageField, PageLoadError, PageLoadInput, Prediction, RATE_GRID,
    SpeedVsFloor, kept_rate, sweep_load,
};
use sizer_data::suite::calibrate::calibrate_run;
use sizer_data::suite::engine_inputs::CALIBRATED;
use sizer_import::suite::import_suite;

/// The first example server, as fixture folder and dataset id.
const NVFP4: &str = "nemotron-3/nemotron-3-nano-30b-a3b/nvfp4";
const NVFP4_ID: &str = "djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4";

/// The English article's run: one curve, a fallback engine.
const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

fn engine(id: &str) -> PredictEngine {
    PredictEngine::from_dataset(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn assert_rel(actual: f64, expected: f64, what: &str) {
    assert!((actual - expected).abs() <= 1e-12 * expected.abs(), "{what}: {actual} against {expected}");
}

#[test]
fn the_sweep_on_an_arena_id_gives_the_calibrations_figures_for_each_step() {
    let files = support::arena_folder(NVFP4);
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let suite = import_suite(&borrowed).run.expect("a run");
    let calibration = calibrate_run(&suite, &CALIBRATED);
    let steps: Vec<_> = calibration.steps.iter().filter(|s| s.in_sweep).collect();
    assert_eq!(steps.len(), ARENA_SWEEP_RATES);
    let engine = engine(NVFP4_ID);
    for (step, rate) in steps.into_iter().zip(RATE_GRID) {
        assert_eq!(step.rate_per_s, Some(rate), "{}", step.file);
        let expected = step.predicted.as_ref().expect("predicted").figures;
        let p = engine.predict(&sweep_load(&PredictLoad::default(), rate)).expect("predicts");
        assert_rel(p.ttft_s.p95 * 1000.0, expected.p95_ttft_ms, &step.file);
        let tpot = expected.median_tpot_ms.expect("a TPOT");
        assert_rel(p.tpot_ms.expect("a TPOT").median, tpot, &step.file);
        assert_rel(p.per_request_tok_s.expect("a speed"), 1000.0 / tpot, &step.file);
        assert_eq!(f64::from(p.report.max_in_flight), expected.in_flight, "{}", step.file);
    }
}

fn f(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

#[test]
fn the_typed_prediction_is_the_json_answers_figures() {
    let load = r#"{"rate_per_s": 0.7, "prompt_tokens": 2000, "answer_tokens": 800, "requests": 175}"#;
    for id in [NVFP4_ID, QWEN] {
        let engine = engine(id);
        let json: Value = serde_json::from_str(&predict_json(load, &engine).expect("answers")).expect("JSON");
        let p = engine.predict(&PredictLoad::from_json(load).expect("reads")).expect("predicts");
        // serde_json reads a float back within an ulp, so the two agree to 1e-12, not bit for bit.
        let pairs = [
            (p.ttft_s.p50, &json["ttft_s"]["p50"]),
            (p.ttft_s.p95, &json["ttft_s"]["p95"]),
            (p.ttft_s.p99, &json["ttft_s"]["p99"]),
            (p.tpot_ms.expect("a TPOT").median, &json["tpot_ms"]["median"]),
            (p.report.mean_in_flight, &json["mean_in_flight"]),
            (f64::from(p.report.max_in_flight), &json["max_in_flight"]),
            (p.batch_ratio, &json["extrapolation"]["batch_ratio"]),
            (p.context_ratio, &json["extrapolation"]["context_ratio"]),
        ];
        for (i, (typed, answer)) in pairs.into_iter().enumerate() {
            assert_rel(typed, f(answer), &format!("{id} figure {i}"));
        }
        let x = &json["extrapolation"];
        assert_eq!(Value::Bool(p.beyond_measured), x["beyond_measured"], "{id}");
        // The client latency is added to each percentile, exactly once.
        let latency_s = engine.client_latency_ms / 1000.0;
        // The arena's engine has one (its TTFT at concurrency 1), the fallback none.
        assert_eq!(latency_s > 0.0, id == NVFP4_ID, "{id}: {latency_s}");
        assert_eq!(p.ttft_s.p95, p.report.ttft_s.p95 + latency_s, "{id}");
    }
}

/// A sweep whose p95 TTFT is set by hand: 1, 3, 6 and 20 s at 0.1, 0.2, 0.3 and 0.5 req/s.
fn hand_sweep() -> Vec<(f64, Prediction)> {
    let one = engine(NVFP4_ID).predict(&PredictLoad::default()).expect("predicts");
    [(0.1, 1.0), (0.2, 3.0), (0.3, 6.0), (0.5, 20.0)]
        .into_iter()
        .map(|(rate, p95)| {
            let mut p = one;
            p.ttft_s.p95 = p95;
            (rate, p)
        })
        .collect()
}

#[test]
fn the_kept_rate_is_the_highest_rate_strictly_under_the_target() {
    let sweep = hand_sweep();
    assert_eq!(kept_rate(&sweep, 5.0), Some(KeptRate::Within { rps: 0.2 }));
    // Strictly under: 3 s does not keep a 3 s target.
    assert_eq!(kept_rate(&sweep, 3.0), Some(KeptRate::Within { rps: 0.1 }));
    assert_eq!(kept_rate(&sweep, 0.5), Some(KeptRate::BelowLowest { lowest: 0.1 }));
    assert_eq!(kept_rate(&sweep, 30.0), Some(KeptRate::AtLeast { rps: 0.5 }));
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert_eq!(kept_rate(&sweep, bad), None, "{bad}");
    }
    assert_eq!(kept_rate(&[], 5.0), None);
}

#[test]
fn the_page_load_is_the_sweep_step_at_its_rate() {
    let engine = engine(NVFP4_ID);
    let load = engine.page_load(&PageLoadInput::default()).expect("the default runs");
    // The arena's step at 0.5 req/s: 125 requests (11-rate-sweep-0.5.json's num_prompts).
    assert_eq!(load, PredictLoad::default());
    let at = |change: fn(&mut PageLoadInput)| {
        let mut input = PageLoadInput::default();
        change(&mut input);
        engine.page_load(&input)
    };
    use PageField::*;
    assert_eq!(at(|i| i.rate_per_s = f64::NAN), Err(PageLoadError::NotFinite { field: RatePerS }));
    assert_eq!(at(|i| i.rate_per_s = 0.0), Err(PageLoadError::NotPositive { field: RatePerS }));
    assert_eq!(at(|i| i.rate_per_s = -1.0), Err(PageLoadError::NotPositive { field: RatePerS }));
    assert_eq!(at(|i| i.burstiness = 0.0), Err(PageLoadError::NotPositive { field: Burstiness }));
    assert_eq!(at(|i| i.burstiness = 0.001), Err(PageLoadError::TooSmall { field: Burstiness, min: 0.01 }));
    assert_eq!(at(|i| i.prompt_tokens = 10.5), Err(PageLoadError::NotWhole { field: PromptTokens }));
    assert_eq!(at(|i| i.answer_tokens = -3.0), Err(PageLoadError::NotPositive { field: AnswerTokens }));
    assert_eq!(at(|i| i.target_s = 0.0), Err(PageLoadError::NotPositive { field: TargetS }));
    // The arena's max_model_len is 131,072 (meta.json); 70,000 in with range 0.9 is at most
    // 133,000 prompt tokens, plus 950 of answer: 133,950.
    assert_eq!(at(|i| i.prompt_tokens = 70_000.0), Err(PageLoadError::TooLong { tokens: 133_950.0, limit: 131_072.0 }));
}

#[test]
fn a_rate_the_server_cannot_keep_up_with_is_an_overload_not_a_percentile() {
    let engine = engine(QWEN);
    let at = |rate_per_s: f64| {
        let load = PredictLoad { rate_per_s, prompt_tokens: 512, answer_tokens: 400, ..PredictLoad::default() };
        engine.predict(&load).expect("predicts")
    };
    // 5 req/s of 400-token answers is 2,000 output tok/s, beyond what the worked run measured
    // at any concurrency (the seed's table peaks at 1,078.4 aggregate tok/s at 256): the queue
    // grows until the load runs out, and the prediction says so instead of a p95.
    let over = at(5.0).overload.expect("5 req/s outpaces the server");
    assert_eq!(over.arrival_per_s, 5.0);
    // It completes no more than the measured peak allows: 1,078.4 / 400 = 2.70 req/s.
    assert!(over.completed_per_s > 0.0 && over.completed_per_s < 1_078.4 / 400.0, "{over:?}");
    // The headline's 163 people every 120 s (1.36 req/s) are served: no overload.
    assert_eq!(at(1.36).overload, None);
}

#[test]
fn the_overload_rule_needs_both_a_short_fall_and_a_queue() {
    let mut report =
        engine(QWEN).predict(&PredictLoad { rate_per_s: 1.0, ..PredictLoad::default() }).expect("predicts").report;
    (report.requests, report.completed, report.max_waiting, report.max_in_flight) = (100, 100, 30, 40);
    // 100 answered in 100 s against 2 req/s sent (1.0 < 0.9 x 2), 30 waiting (>= 0.2 x 100).
    report.duration_s = 100.0;
    let over = Overload::of(&report, 2.0).expect("behind and queued");
    assert_eq!((over.arrival_per_s, over.completed_per_s), (2.0, 1.0));
    // 100 in 52 s is 1.923 req/s, at least 0.9 x 2: it keeps up, whatever waited in a burst.
    report.duration_s = 52.0;
    assert_eq!(Overload::of(&report, 2.0), None);
    // Behind but with 19 waiting and 79 in flight at most (under 0.2 and 0.8 x 100): a tail,
    // not a queue that grew with the load.
    (report.duration_s, report.max_waiting, report.max_in_flight) = (100.0, 19, 79);
    assert_eq!(Overload::of(&report, 2.0), None);
    // 80 of the 100 in flight at once: the queue grew until the load ran out.
    report.max_in_flight = 80;
    assert!(Overload::of(&report, 2.0).is_some());
}

#[test]
fn the_predicted_speed_is_held_against_the_floor() {
    let engine = engine(QWEN);
    let light = engine.predict(&PredictLoad { rate_per_s: 0.1, ..PredictLoad::default() }).expect("predicts");
    let tok_s = light.per_request_tok_s.expect("a speed");
    // The floor is compared with the median request's own speed, both ways, at its edge too.
    assert_eq!(light.against_floor(tok_s), Some(SpeedVsFloor::AtOrAbove { tok_s, floor_tok_s: tok_s }));
    let above = tok_s * 1.01;
    assert_eq!(light.against_floor(above), Some(SpeedVsFloor::Below { tok_s, floor_tok_s: above }));
    // An overloaded box has no speed to hold against anything: it depends on how long the load lasts.
    let mut over = light;
    over.overload = Some(Overload { arrival_per_s: 5.0, completed_per_s: 2.0 });
    assert_eq!(over.against_floor(1.0), None);
    // Nor does a load where no request got a second token.
    let mut none = light;
    none.per_request_tok_s = None;
    assert_eq!(none.against_floor(1.0), None);
}
