//! A model's architecture as the page's run (`sizer_data::architecture::as_run`): gpt-oss-20b's
//! real `config.json` on its arena server's `meta.json` gives a run whose concurrency-1 speed is
//! the step time summed by hand from the engine's coefficients, equal to `SparkSizer.predict`'s
//! closed-loop answer computed through the JSON API; its KV pool is the memory budget's; the
//! sizing, the team ranking and the load prediction answer for it; a damaged or unsupported
//! config is one sentence.

use crate::support;

use serde_json::{Value, json};
use sizer_core::Scenario;
use sizer_core::team::{Group, Team, TeamSettings};
use sizer_data::architecture::answer::ArchitectureRun;
use sizer_data::architecture::as_run::{ArchitectureRunNames, architecture_as_run, usage_lengths};
use sizer_data::engine_curve::ENGINE_CONCURRENCIES;
use sizer_data::predict_engine::{ModelSource, PredictEngine};
use sizer_data::{Localized, Run, dataset};
use sizer_import::suite::model_files::model_files;
use sizer_import::suite::predict::predict_from_json;
use sizer_import::suite::predict_architecture::architecture_run_from_text;

fn meta() -> String {
    support::arena_folder("gpt-oss/gpt-oss-20b/mxfp4").into_iter().find(|(n, _)| n == "meta.json").expect("meta").1
}

fn gpt_oss() -> ArchitectureRun {
    architecture_run_from_text(&support::model_config("openai__gpt-oss-20b.json"), None, Some(&meta())).expect("reads")
}

fn names() -> ArchitectureRunNames {
    ArchitectureRunNames {
        label: "gpt-oss-20b · predicted from the architecture, not measured".to_owned(),
        label_de: "gpt-oss-20b · aus der Architektur vorhergesagt, nicht gemessen".to_owned(),
        caveat: Localized { en: "en".to_owned(), de: "de".to_owned() },
    }
}

fn as_run(lengths: &[(u32, u32)]) -> Run {
    architecture_as_run(&gpt_oss(), lengths, names()).expect("a run")
}

fn speed(run: &Run, workload: usize, concurrency: u32) -> f64 {
    let view = run.workloads().nth(workload).expect("the workload");
    let point = view.points.iter().find(|p| p.concurrency == concurrency).expect("the point");
    point.per_request_tok_s.as_ref().expect("a speed").value
}

#[test]
fn the_lengths_are_the_sizings_then_the_pages_two_usages_once_each() {
    assert_eq!(usage_lengths(1024.0, 1024.0), [(1024, 1024), (512, 400), (20_000, 400)]);
    assert_eq!(usage_lengths(512.0, 400.0), [(512, 400), (20_000, 400)]);
}

#[test]
fn one_users_speed_is_the_step_time_summed_by_hand_and_the_apis_closed_loop_answer() {
    let arch = gpt_oss();
    let run = as_run(&[(1000, 101)]);
    // 100 decode steps, each of one request holding 1,001 + i tokens:
    // speed = 100 / sum_i (a + b + r + c (1,001 + i)).
    let k = arch.engine.engine.coefficients();
    let step = k.base_s + k.per_decode_s + k.per_root_decode_s;
    let total: f64 = (0..100).map(|i| step + k.per_context_token_s * (1_001.0 + f64::from(i))).sum();
    let by_hand = 100.0 / total;
    assert!((speed(&run, 0, 1) / by_hand - 1.0).abs() < 1e-9, "{} against {by_hand}", speed(&run, 0, 1));
    // Under the naive roofline (273 GB/s over the 3.706 GB a token reads) and above half of it.
    assert!((36.8..73.67).contains(&speed(&run, 0, 1)), "{}", speed(&run, 0, 1));
    // The same figure through SparkSizer.predict's JSON: a closed-loop load of one user.
    let spec = json!({"architecture": {"config": support::model_config("openai__gpt-oss-20b.json")}, "server": meta()});
    let load = r#"{"concurrency": 1, "prompt_tokens": 1000, "answer_tokens": 101, "requests": 1}"#;
    let answer: Value =
        serde_json::from_str(&predict_from_json(load, &spec.to_string()).expect("answers")).expect("JSON");
    let api = answer["per_request_tok_s"].as_f64().expect("a speed");
    assert!((speed(&run, 0, 1) / api - 1.0).abs() < 1e-12, "{} against {api}", speed(&run, 0, 1));
}

#[test]
fn the_run_is_a_spark_with_the_budgets_pool_and_a_curve_per_length() {
    let run = as_run(&usage_lengths(1024.0, 1024.0));
    assert!(run.validate().is_ok(), "{:?}", run.validate());
    assert!(run.is_spark());
    assert_eq!(run.workload_count(), 3);
    // (128 GB x 0.9 - 13.747 GB - 6 GB) / 24,576 bytes a token (tests/api/architecture.rs).
    let pool = run.your_kv_pool_tokens().expect("a pool");
    assert!((pool - 3_883_979.375).abs() < 1e-6, "{pool}");
    assert_eq!(run.your_max_context_tokens(), Some(131_072.0));
    // Up to 256 users where the pool holds them: 3,883,979 / (1,024 + 1,024) and / (512 + 400)
    // are over 256 requests at once; / (20,000 + 400) = 190.4, so the coding agent's stops at 128.
    for (workload, last) in [(0, 256), (1, 256), (2, 128)] {
        let view = run.workloads().nth(workload).expect("workload");
        let concurrencies: Vec<u32> = view.points.iter().map(|p| p.concurrency).collect();
        let expected: Vec<u32> = ENGINE_CONCURRENCIES.iter().copied().filter(|n| *n <= last).collect();
        assert_eq!(concurrencies, expected);
        // More users share each step: nobody speeds up.
        for pair in view.points.windows(2) {
            let (a, b) = (pair[0].per_request_tok_s.as_ref().unwrap(), pair[1].per_request_tok_s.as_ref().unwrap());
            assert!(b.value <= a.value * (1.0 + 1e-9), "{} then {}", a.value, b.value);
        }
    }
    assert_eq!(run.caveats.len(), 1);
    assert_eq!(run.names_de.label.as_deref(), Some(names().label_de.as_str()));
}

#[test]
fn the_sizing_the_ranking_and_the_load_prediction_answer_for_it() {
    let run = as_run(&usage_lengths(512.0, 400.0));
    let scenario = dataset().scenario_for_run(&run, Scenario::chat());
    let (curve, _) = run.curve().expect("a curve");
    let sizing = sizer_core::size(&scenario, &curve).expect("sizes");
    // 15 tok/s each: the arena measured 24 tok/s each at 10 users (`01-chat.md`, c10), so more
    // than 10 stream at that speed; fewer than 64, whose 960 tok/s would be more than five
    // times the 180 tok/s all 10 users got together there.
    assert!((16..=64).contains(&sizing.whole_streams), "{}", sizing.whole_streams);
    let team = Team::new(vec![Group::chat(20)], TeamSettings::default()).expect("a team");
    let imported = [run.clone()];
    let rows = dataset().plan_team(&team, &imported);
    let row = rows.iter().find(|row| row.run_id == run.id).expect("its row");
    assert_eq!(row.label, names().label);
    assert!(row.people_per_system.is_some_and(|people| people >= 20), "{:?}", row.people_per_system);
    // The load prediction and the simulation run on the architecture's engine, not on one
    // fitted to the run's predicted points.
    let engine = PredictEngine::from_imported_suite(&run).expect("its engine");
    assert_eq!(engine.source, ModelSource::Architecture);
    assert_eq!(PredictEngine::for_closed_loop(&run), Some(gpt_oss().engine.engine));
    assert_eq!(engine.engine, gpt_oss().engine.engine);
    let prediction = engine.predict(&sizer_data::predict_load::PredictLoad::default()).expect("predicts");
    assert_eq!(prediction.report.completed, 125);
    let json = sizer_data::predict_api::predict_answer(&Default::default(), &engine).expect("JSON");
    assert!(json.contains("\"label\":\"predicted from the architecture, not measured\""), "{json}");
}

#[test]
fn a_damaged_or_unsupported_config_is_one_sentence() {
    let garbled = "{\"model_type\": \"llama\", \"num_hidden_layers\": 24,";
    let found = model_files(&[("config.json", garbled)]).expect("meant as a config");
    let error = architecture_run_from_text(&found.config, None, None).expect_err("refused");
    assert!(error.starts_with("The config.json is not JSON") && error.ends_with('.'), "{error}");
    let unsupported =
        architecture_run_from_text(r#"{"model_type": "x", "num_hidden_layers": 2}"#, None, None).expect_err("refused");
    assert_eq!(unsupported, "The configuration has no \"hidden_size\", which the model's size needs.");
}
