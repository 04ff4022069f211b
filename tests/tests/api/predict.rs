//! `SparkSizer.predict` natively (`sizer_import::suite::predict`, the function the page's binding
//! calls): on one arena server's files it gives the calibration's own figures (`calibrate_run`,
//! the same seed), it reads the setup the fixture files state, it refuses unknown keys at every
//! level and every bad input with one sentence, and a dataset run id runs on the named fallback
//! engine or is refused in one sentence.

use crate::support;

use serde_json::Value;
use sizer_data::predict_api::{RunSpec, SpecFile};
use sizer_data::suite::calibrate::calibrate_run;
use sizer_data::suite::engine_inputs::CALIBRATED;
use sizer_import::suite::import_suite;
use sizer_import::suite::predict::{predict, predict_from_json};
use std::sync::OnceLock;

/// The first example server (`tests/fixtures/arena/`).
const NVFP4: &str = "nemotron-3/nemotron-3-nano-30b-a3b/nvfp4";

/// The English article's run: one curve, and the English seed's prompt rate of 5,705 tok/s
/// ("the 5,705 tok/s Qwen3-Coder-30B-A3B prefilled on an 8,192-token prompt").
const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

/// An arena run's files, sorted by name, `keep` choosing which.
fn files_where(run: &str, keep: impl Fn(&str) -> bool) -> Vec<SpecFile> {
    let files: Vec<SpecFile> = support::arena_folder(run)
        .into_iter()
        .map(|(name, text)| SpecFile { name, text })
        .filter(|f| keep(&f.name))
        .collect();
    files
}

fn nvfp4() -> &'static RunSpec {
    static SPEC: OnceLock<RunSpec> = OnceLock::new();
    SPEC.get_or_init(|| RunSpec::Files(files_where(NVFP4, |_| true)))
}

fn answer(load: &str, spec: &RunSpec) -> Value {
    serde_json::from_str(&predict(load, spec).unwrap_or_else(|e| panic!("{load}: {e}"))).expect("JSON")
}

fn refused(load: &str, spec: &RunSpec) -> String {
    predict(load, spec).expect_err("refused")
}

fn f(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

/// Relative agreement of two computations of one figure in floating point (ms and s orders).
fn assert_rel(actual: f64, expected: f64, what: &str) {
    assert!((actual - expected).abs() <= 1e-12 * expected.abs(), "{what}: {actual} against {expected}");
}

#[test]
fn predict_gives_the_calibrations_figures_for_every_sweep_step() {
    // The page's `SparkSizer.predict` and `cargo xtask calibrate` on the same files and seed.
    let borrowed: Vec<(&str, &str)> = match nvfp4() {
        RunSpec::Files(files) => files.iter().map(|f| (f.name.as_str(), f.text.as_str())).collect(),
        RunSpec::Id(_) | RunSpec::Architecture { .. } => unreachable!("files"),
    };
    let suite = import_suite(&borrowed).run.expect("a run");
    let calibration = calibrate_run(&suite, &CALIBRATED);
    let sweep: Vec<_> = calibration.steps.iter().filter(|s| s.in_sweep).collect();
    // The sweep's files: `"request_rate"` and `"num_prompts"` of 11-rate-sweep-0.1.json ... -1.0.json.
    let files = [(0.1, 100.0), (0.2, 100.0), (0.3, 100.0), (0.5, 125.0), (0.7, 175.0), (1.0, 250.0)];
    assert_eq!(sweep.len(), files.len());
    for (step, (rate, requests)) in sweep.into_iter().zip(files) {
        assert_eq!(step.rate_per_s, Some(rate), "{}", step.file);
        let expected = step.predicted.as_ref().expect("predicted").figures;
        let load = format!(r#"{{"rate_per_s": {rate}, "requests": {requests}}}"#);
        let value = answer(&load, nvfp4());
        assert_rel(f(&value["ttft_s"]["p95"]) * 1000.0, expected.p95_ttft_ms, &step.file);
        assert_rel(f(&value["tpot_ms"]["median"]), expected.median_tpot_ms.expect("a TPOT"), &step.file);
        assert_eq!(f(&value["max_in_flight"]), expected.in_flight, "{}", step.file);
        assert_eq!(f(&value["completed"]), requests, "{}", step.file);
    }
}

#[test]
fn the_default_load_is_the_sweeps_step_at_half_a_request_per_second() {
    // 11-rate-sweep-0.5.json: `"num_prompts": 125, "request_rate": 0.5, "burstiness": 0.7`;
    // the README: random 4,000 in / 500 out, range 0.9; the arena's `--seed 42`.
    let spelt_out = r#"{"rate_per_s": 0.5, "burstiness": 0.7, "prompt_tokens": 4000, "answer_tokens": 500,
        "length_range": 0.9, "requests": 125, "seed": 42}"#;
    assert_eq!(predict("{}", nvfp4()), predict(spelt_out, nvfp4()));
    let value = answer("{}", nvfp4());
    assert_eq!(value["load"], serde_json::from_str::<Value>(spelt_out).expect("JSON"));
    assert_eq!((&value["completed"], &value["requests"]), (&125.into(), &125.into()));
    let t = &value["ttft_s"];
    assert!(f(&t["p50"]) < f(&t["p95"]) && f(&t["p95"]) < f(&t["p99"]), "{t}");
}

#[test]
fn the_answer_names_the_setup_and_fit_the_files_give() {
    let value = answer("{}", nvfp4());
    let model = &value["model"];
    // meta.json: "max_model_len": 131072, "--max-num-batched-tokens 8192", no --max-num-seqs
    // (the calibration's 256), no KV pool (the calibration's assumed 1,000,000 tokens).
    assert_eq!(model["setup"]["max_model_len"], 131_072);
    assert_eq!(model["setup"]["step_token_budget"], 8_192);
    assert_eq!(model["setup"]["max_batch"], 256);
    assert_eq!((&model["setup"]["kv_pool_tokens"], &model["kv_pool"]), (&1_000_000.0.into(), &"assumed".into()));
    assert_eq!(model["run"], "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4");
    // The calibration's burst fit, at most its 20 refit rounds (it stops once the fit is steady).
    assert_eq!((&model["source"], &model["method"]["kind"]), (&"suite_files".into(), &"bursts".into()));
    assert!((1..=20).contains(&model["method"]["rounds"].as_u64().expect("rounds")), "{}", model["method"]);
    assert!(model.get("caveat").is_none());
    // The fitted workloads, as the files' headings and rows give them (`04-multi-turn` left out).
    let workloads: Vec<(String, f64, f64, Vec<f64>)> = model["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .map(|w| {
            let concurrencies = w["concurrencies"].as_array().expect("a list").iter().map(f).collect();
            (
                w["name"].as_str().expect("a name").to_owned(),
                f(&w["prompt_tokens"]),
                f(&w["answer_tokens"]),
                concurrencies,
            )
        })
        .collect();
    let big = |prompt: f64| (format!("05-big-context pp{prompt}/tg256"), prompt, 256.0, vec![1.0, 5.0, 10.0]);
    assert_eq!(
        workloads,
        [
            ("01-chat".to_owned(), 1024.0, 1024.0, vec![1.0, 5.0, 10.0]),
            ("02-rag-8k".to_owned(), 8192.0, 512.0, vec![5.0, 10.0, 20.0]),
            ("03-long-output".to_owned(), 256.0, 4096.0, vec![1.0, 5.0, 10.0]),
            big(4096.0),
            big(8192.0),
            big(16384.0),
            big(25000.0),
            ("06-concurrency-stress".to_owned(), 25000.0, 256.0, vec![20.0]),
        ]
    );
    // The fitted files' rows: tg and pp rows 3 + 3 + 3 + 12 + 1 (01, 02, 03, 05, 06; 04 is left
    // out); every pp row has a ttfr, and the burst fit replays every burst, so 22 TTFRs too.
    let residuals = &model["residuals"];
    assert_eq!(residuals["per_request_tok_s"]["points"], 22);
    assert_eq!(residuals["prompt_tok_s"]["points"], 22);
    assert_eq!(residuals["ttfr_ms"]["points"], 22);
    let rms = f(&residuals["per_request_tok_s"]["rms_relative"]);
    let max = f(&residuals["per_request_tok_s"]["max_abs_relative"]);
    assert!(0.0 < rms && rms <= max, "{residuals}");
    // 02-rag-8k and 06-concurrency-stress reach c20, the last measured concurrency.
    let x = &value["extrapolation"];
    assert_eq!(x["fit_max_concurrency"], 20.0);
    assert_rel(f(&x["batch_ratio"]), f(&x["max_decode_batch"]) / 20.0, "batch ratio");
    assert_eq!(x["beyond_measured"], f(&x["batch_ratio"]) > 1.0 || f(&x["context_ratio"]) > 1.0);
}

#[test]
fn unknown_keys_are_refused_with_their_path() {
    assert_eq!(
        refused(r#"{"rate_per_sec": 1}"#, nvfp4()),
        "Invalid load: unknown field `rate_per_sec`, expected one of `rate_per_s`, `burstiness`, `prompt_tokens`, \
         `answer_tokens`, `length_range`, `requests`, `seed`."
    );
    assert_eq!(
        predict_from_json("{}", r#"{"files": [{"nmae": "01-chat.md", "text": ""}]}"#),
        Err("Invalid run spec: unknown field `files[0].nmae`, expected one of `name`, `text`.".to_owned())
    );
    assert_eq!(
        predict_from_json("{}", r#"{"file": []}"#),
        Err("Invalid run spec: unknown field `file`, expected `files`.".to_owned())
    );
}

#[test]
fn bad_loads_are_one_sentence_each() {
    let limits = "SparkSizer.predict sends at most 1000 requests and 1000000 answer tokens (requests x longest \
                  answer) in one call";
    let cases = [
        // NaN and Infinity reach JSON as null (JSON.stringify).
        (
            r#"{"rate_per_s": null}"#,
            "\"rate_per_s\" must be a number (JSON.stringify writes NaN and Infinity as null).".to_owned(),
        ),
        (r#"{"rate_per_s": -1}"#, "Invalid load: rate_per_s = -1 must be greater than zero.".to_owned()),
        (r#"{"rate_per_s": 0}"#, "Invalid load: rate_per_s = 0 must be greater than zero.".to_owned()),
        (r#"{"burstiness": 0}"#, "Invalid load: burstiness = 0 must be greater than zero.".to_owned()),
        (r#"{"prompt_tokens": -4000}"#, "\"prompt_tokens\" = -4000 must be a whole number of at least 1.".to_owned()),
        (r#"{"answer_tokens": 0.5}"#, "\"answer_tokens\" = 0.5 must be a whole number of at least 1.".to_owned()),
        (r#"{"length_range": -0.1}"#, "\"length_range\" = -0.1 must be at least 0 and below 1.".to_owned()),
        (r#"{"length_range": 1}"#, "\"length_range\" = 1 must be at least 0 and below 1.".to_owned()),
        (
            r#"{"burstiness": 0.001}"#,
            "Invalid load: burstiness = 0.001 is below its accepted minimum of 0.01.".to_owned(),
        ),
        (r#"{"requests": 1001}"#, format!("\"requests\" = 1001 is too many: {limits}.")),
        (
            r#"{"requests": 1000, "answer_tokens": 2000, "length_range": 0}"#,
            format!("The load asks for up to 2000000 answer tokens: {limits}."),
        ),
        (r#"{"seed": -1}"#, "The seed must be a whole number from 0 to 2^53 (or a string of digits).".to_owned()),
        // meta.json's "max_model_len": 131072; prompts up to ceil(100,000 x 1.9), answers to 950.
        (
            r#"{"prompt_tokens": 100000}"#,
            "The load cannot run on this server: the longest request of 190950 tokens (prompt plus answer) is \
             beyond the 131072 tokens the server holds."
                .to_owned(),
        ),
        ("[]", "The load must be a JSON object.".to_owned()),
    ];
    for (load, sentence) in cases {
        assert_eq!(refused(load, nvfp4()), sentence, "{load}");
    }
    // At the limits exactly, the load runs.
    let value = answer(r#"{"requests": 1000, "answer_tokens": 1000, "length_range": 0, "prompt_tokens": 10}"#, nvfp4());
    assert_eq!(value["completed"], 1000);
}

#[test]
fn run_specs_with_nothing_to_fit_are_one_sentence_each() {
    let spec = |files: Vec<SpecFile>| RunSpec::Files(files);
    let file = |name: &str, text: &str| SpecFile { name: name.into(), text: text.into() };
    // The open-loop files and the setup, without a closed-loop curve.
    let open_only = spec(files_where(NVFP4, |name| name == "meta.json" || name.starts_with("07-")));
    assert_eq!(
        refused("{}", &open_only),
        "The files of nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4 give no engine to predict with: the run has no \
         closed-loop workload to fit the engine to."
    );
    // A file that gives no curve is named, never skipped.
    let message = refused("{}", &spec(vec![file("01-chat.md", "no table here")]));
    assert!(message.starts_with("The file 01-chat.md was not read: ") && message.ends_with('.'), "{message}");
    assert_eq!(
        refused("{}", &spec(vec![file("_sanity.txt", "ok")])),
        "The files give no benchmark run to predict with."
    );
    assert_eq!(
        predict_from_json("{}", r#"{"files": []}"#),
        Err("The run spec's \"files\" is empty: predict needs one server's benchmark files.".to_owned())
    );
    assert_eq!(
        predict_from_json("{}", "[1]"),
        Err(
            "The run spec must be a dataset run id, {\"files\": [{\"name\": \"01-chat.md\", \"text\": \"...\"}, ...]} \
             or {\"architecture\": {\"config\": ...}, \"server\": {...}}."
                .to_owned()
        )
    );
    // The load is read first: a bad load is named whatever the run spec.
    assert_eq!(
        predict_from_json(r#"{"rate_per_s": 0}"#, "[1]"),
        Err("Invalid load: rate_per_s = 0 must be greater than zero.".to_owned())
    );
}

#[test]
fn a_dataset_run_runs_on_its_curve_and_says_so() {
    let value = answer(r#"{"requests": 50}"#, &RunSpec::Id(QWEN.into()));
    let model = &value["model"];
    assert_eq!((&model["source"], &model["method"]), (&"dataset_curve".into(), &serde_json::json!({"kind": "direct"})));
    // One curve, one prompt length: no context and no length term.
    assert_eq!((&model["decode_model"], &model["prefill_model"]), (&"batch_only".into(), &"flat".into()));
    // The English seed's 5,705 prompt tok/s, so d = 1 / 5,705 s per prompt token.
    assert_rel(f(&model["coefficients"]["per_prompt_token_s"]), 1.0 / 5_705.0, "d");
    assert_eq!(f(&model["coefficients"]["per_context_token_s"]), 0.0);
    assert_eq!((&model["kv_pool"], &model["client_latency_ms"]), (&"dataset".into(), &0.0.into()));
    assert_eq!(
        model["caveat"],
        format!(
            "Dataset run \"{QWEN}\" has one curve: the decode step is fitted to its per-request speeds without a \
             context term, prompts are read at its prompt rate of 5705 tok/s without a length term, the scheduler is \
             assumed (8192 tokens a step, 256 requests at once), and no measured load has checked this fallback."
        )
    );
    // DATA.md's example of this run: `"workload": {"prompt_tokens": 512, "output_tokens": 256}`;
    // GPUwerk's sweep measured 1, 8, 32, 64, 128 and 256 requests at once.
    let workload = &model["workloads"][0];
    assert_eq!((&workload["prompt_tokens"], &workload["answer_tokens"]), (&512.0.into(), &256.0.into()));
    assert_eq!(workload["concurrencies"], serde_json::json!([1.0, 8.0, 32.0, 64.0, 128.0, 256.0]));
    assert_eq!(value["completed"], 50);
    // A JSON string is an id too (the page's binding sends ids so).
    assert_eq!(
        predict_from_json(r#"{"requests": 50}"#, &format!("\"{QWEN}\"")),
        predict(r#"{"requests": 50}"#, &RunSpec::Id(QWEN.into()))
    );
}

#[test]
fn a_dataset_run_without_what_the_fit_needs_is_refused() {
    let id = |id: &str| RunSpec::Id(id.into());
    assert_eq!(refused("{}", &id("nope")), "Unknown run id \"nope\".");
    let cases = [
        ("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1", "has no prompt rate to fit the prompt cost to"),
        ("lmsys-llama-3.1-8b-fp8-sglang", "does not state its prompt and answer lengths"),
        ("nvidia-qwen3-coder-next-fp8-vllm-32k-prompts", "has no per-request speed curve"),
    ];
    for (run, why) in cases {
        assert_eq!(
            refused("{}", &id(run)),
            format!("Dataset run \"{run}\" {why}, so predict has nothing to fit (its suite files would do).")
        );
    }
}

/// A person's run imported as a whole suite (the page's "Load from your logs" for it): its
/// engine, read from the run the importer made, predicts the calibration's own figures for the
/// same files; a run of one curve is refused in one sentence naming it.
#[test]
fn an_imported_suite_run_predicts_the_calibrations_figures() {
    use sizer_data::predict_engine::{ModelSource, PredictEngine};
    use sizer_data::predict_load::PredictLoad;
    let files = support::arena_folder(NVFP4);
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let imported = sizer_import::suite::import_suite_run(&borrowed, "");
    let run = imported.run.expect("a run");
    let engine = PredictEngine::from_imported_suite(&run).expect("an engine");
    assert_eq!(engine.source, ModelSource::SuiteFiles);
    let calibration = calibrate_run(&import_suite(&borrowed).run.expect("a run"), &CALIBRATED);
    // 11-rate-sweep-0.5.json: `"request_rate": 0.5, "num_prompts": 125`.
    let step = calibration.steps.iter().find(|s| s.in_sweep && s.rate_per_s == Some(0.5)).expect("the 0.5 step");
    let expected = step.predicted.as_ref().expect("predicted").figures;
    let load = PredictLoad::from_json(r#"{"rate_per_s": 0.5, "requests": 125}"#).expect("a load");
    let predicted = engine.predict(&load).expect("a prediction");
    assert_rel(predicted.ttft_s.p95 * 1000.0, expected.p95_ttft_ms, "p95 TTFT");
    assert_rel(predicted.tpot_ms.expect("a TPOT").median, expected.median_tpot_ms.expect("a TPOT"), "TPOT");
    assert_eq!(f64::from(predicted.report.max_in_flight), expected.in_flight);

    let one_curve = sizer_import::run_from_shared_points("yours-1", "mine", "1:81.2,8:40").expect("a curve");
    assert_eq!(
        PredictEngine::from_imported_suite(&one_curve).map(|_| ()),
        Err("Your run \"mine\" holds no closed-loop workload of a benchmark suite, so predict has nothing to fit."
            .to_owned())
    );
}
