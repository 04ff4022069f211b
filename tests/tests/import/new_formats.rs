//! GuideLLM, SGLang `bench_serving`, AIPerf and newer vLLM output (`tests/fixtures/`, provenance
//! and the values asserted here in its README; constructed inputs in `tests/fixtures-extra/`).
//! Expected figures are the files' own numbers, typed in from the README or the file.

use sizer_data::CurveBasis;
use sizer_import::{Engine, Format, Import, ImportError, ImportWarning, Outcome, ParsedRun, import, import_files};
use sizer_tests::{EXACT, assert_close, assert_rel};
use sizer_tests::{extra, fixture};

/// Half a unit in the fourth decimal: the README rounds GuideLLM, SGLang and AIPerf figures so.
const FOUR_DECIMALS: f64 = 0.000_05;
/// Half a unit in the second decimal (console blocks and AIPerf's CSV print two decimals).
const TWO_DECIMALS: f64 = 0.005;

fn imported(text: &str) -> Import {
    import(text, "").unwrap_or_else(|e| panic!("{e}"))
}

fn only_run(import: &Import) -> &ParsedRun {
    assert_eq!(import.runs.len(), 1, "{:?}", import.runs.iter().map(|r| &r.label).collect::<Vec<_>>());
    &import.runs[0]
}

/// `1000 / ms` where `ms` is a figure printed to four decimals: the speed within that rounding.
#[track_caller]
fn assert_speed_from_ms(speed: f64, printed_ms: f64) {
    assert_rel(speed, 1000.0 / printed_ms, FOUR_DECIMALS / printed_ms);
}

const GUIDELLM: &str = "guidellm/intel-xpu-qwen3-4b-thinking-tp4-fp8__concurrent4__guidellm-0.5.0.dev0.json";
const SGLANG_C8: &str = "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c8.jsonl";
const SGLANG_C32: &str = "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c32.jsonl";
const SGLANG_2024: &str = "sglang-bench-serving/8xh200-llama-3.1-405b__llama_405b_online_output.jsonl";
const AIPERF_C2: &str = "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c2__profile_export_aiperf.json";
const AIPERF_C32: &str = "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c32__profile_export_aiperf.json";
const AIPERF_CSV: &str = "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c2__profile_export_aiperf.csv";
const VLLM_026_JSON: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.json";
const VLLM_026_MD: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.md";
const BENCHY_LOG: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__01-chat.llama-benchy.log";

// GuideLLM

#[test]
fn guidellm_concurrent_uses_streams_and_inter_token_latency() {
    let import = imported(&fixture(GUIDELLM));
    assert_eq!(import.format, Format::GuideLlmJson);
    assert_eq!(import.outcome(), Outcome::Ready);
    let run = only_run(&import);
    assert_eq!(run.label, "Qwen/Qwen3-4B-Thinking-2507");
    assert_eq!(run.engine, Engine::GuideLlm);
    assert_eq!(run.basis, CurveBasis::InterTokenLatency);
    let points = run.per_request_points();
    assert_eq!(points.len(), 1);
    assert_eq!(points[0].0, 4.0);
    assert_speed_from_ms(points[0].1, 24.1787);
    // The traps: TPOT with the first token (24.3225 ms) and the over-time throughput's median
    // (84.9135 tok/s) are not used.
    assert!((points[0].1 - 1000.0 / 24.3225).abs() > 0.1);
    assert!((points[0].1 - 84.9135 / 4.0).abs() > 1.0);
    let figures = &run.points[0].figures;
    assert_close(figures.ttft_median_ms.expect("TTFT median"), 171.5217, FOUR_DECIMALS);
    // p99 of time_to_first_token_ms.successful.percentiles, from the file: 172.63293266296387.
    assert_close(figures.ttft_p99_ms.expect("TTFT p99"), 172.6329, FOUR_DECIMALS);
    // request_latency is in seconds: its mean 24.90865981578827 s becomes ms.
    assert_close(figures.mean_e2el_ms.expect("latency"), 24_908.66, 0.005);
}

#[test]
fn guidellm_rate_runs_ask_for_the_concurrency_and_offer_the_measured_mean() {
    let import = imported(&extra("guidellm-0.7-rate.json"));
    assert_eq!(import.format, Format::GuideLlmJson);
    let Outcome::NeedsConcurrency(missing) = import.outcome() else { panic!("must ask") };
    assert_eq!(missing.len(), 1);
    assert_close(missing[0].measured_mean_concurrency.expect("request_concurrency mean"), 5.6, EXACT);
    // Little's law from the file: 1.9 req/s x 2.95 s.
    assert_close(missing[0].mean_in_flight.expect("Little"), 1.9 * 2.95, EXACT);
    let done = import.with_concurrency(0, 0, 6.0).expect("completes");
    let run = only_run(&done);
    assert_eq!(run.label, "meta-llama/Llama-3.1-8B-Instruct");
    assert_close(run.per_request_points()[0].1, 1000.0 / 22.0, EXACT);
    assert_close(run.points[0].figures.ttft_p99_ms.expect("p99"), 301.0, EXACT);
}

#[test]
fn guidellm_old_reports_read_streams_and_synchronous() {
    let import = imported(&extra("guidellm-0.3-streams.json"));
    let run = only_run(&import);
    assert_eq!(run.label, "Qwen/Qwen3-8B", "a Hugging Face cache path becomes the hub id");
    assert_eq!(run.per_request_points(), vec![(1.0, 1000.0 / 25.0), (2.0, 1000.0 / 30.5)]);
}

// SGLang

#[test]
fn sglang_current_layout_with_bare_infinity() {
    let text = fixture(SGLANG_C8);
    assert!(text.contains("\"request_rate\": Infinity"), "the fixture carries Python's bare literal");
    let import = imported(&text);
    assert_eq!(import.format, Format::SglangJsonl);
    assert_eq!(import.outcome(), Outcome::Ready);
    let run = only_run(&import);
    assert_eq!(run.label, "Qwen/Qwen2.5-3B-Instruct · random 512/128");
    assert_eq!(run.engine, Engine::Sglang);
    assert_eq!((run.basis, run.alternative), (CurveBasis::MedianTpot, Some(CurveBasis::AggregateOverConcurrency)));
    assert_eq!(run.workload.request_rate, None, "Infinity is an unlimited rate");
    let (c, speed) = run.per_request_points()[0];
    assert_eq!(c, 8.0);
    assert_speed_from_ms(speed, 5.1007);
    let alternative = run.alternative_points().expect("output_throughput / max_concurrency")[0].1;
    assert_close(alternative, 1418.5391 / 8.0, FOUR_DECIMALS / 8.0);
    let figures = &run.points[0].figures;
    assert_close(figures.ttft_median_ms.expect("TTFT"), 22.7805, FOUR_DECIMALS);
    // p99_ttft_ms and the achieved concurrency, from the file.
    assert_close(figures.ttft_p99_ms.expect("p99"), 53.5286, FOUR_DECIMALS);
    assert_close(figures.measured_mean_concurrency.expect("concurrency"), 7.7625, FOUR_DECIMALS);
}

#[test]
fn sglang_files_dropped_together_make_one_curve() {
    let (c8, c32) = (fixture(SGLANG_C8), fixture(SGLANG_C32));
    let import = import_files(&[("c32.jsonl", &c32), ("c8.jsonl", &c8)], "").expect("imports");
    assert_eq!(import.format, Format::SglangJsonl);
    let run = only_run(&import);
    let points = run.per_request_points();
    assert_eq!(points.iter().map(|p| p.0).collect::<Vec<_>>(), [8.0, 32.0]);
    assert_speed_from_ms(points[1].1, 9.1950);
    let alternative = run.alternative_points().expect("alternative");
    assert_close(alternative[1].1, 3151.4395 / 32.0, FOUR_DECIMALS / 32.0);
    assert_close(run.points[1].figures.ttft_median_ms.expect("TTFT"), 37.1370, FOUR_DECIMALS);
}

#[test]
fn sglang_2024_layout_uses_itl_with_a_warning_and_asks_for_concurrency() {
    let import = imported(&fixture(SGLANG_2024));
    assert_eq!(import.format, Format::SglangJsonl);
    let labels: Vec<&str> = import.runs.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["SGLang · random 1024/1024", "SGLang · sharegpt"]);
    let Outcome::NeedsConcurrency(missing) = import.outcome() else { panic!("rate sweep: must ask") };
    assert_eq!(missing.len(), 6);
    assert_eq!(missing[0].request_rate, Some(1.0));
    assert_close(missing[0].figures.generated_total_tok_s.expect("output"), 504.9555, FOUR_DECIMALS);
    assert_close(missing[0].figures.ttft_median_ms.expect("TTFT"), 218.8084, FOUR_DECIMALS);
    // Rate 8 (random): overloaded, TTFT over two minutes.
    assert_close(missing[3].figures.ttft_median_ms.expect("TTFT"), 123718.6268, FOUR_DECIMALS);
    assert_close(missing[3].figures.generated_total_tok_s.expect("output"), 1820.6539, FOUR_DECIMALS);
    let itl_warnings = import.warnings.iter().filter(|w| matches!(w, ImportWarning::ItlForTpot { .. })).count();
    assert_eq!(itl_warnings, 2, "once per run: {:?}", import.warnings);
    let done = import.with_concurrency(0, 0, 24.0).expect("completes");
    let run = &done.runs[0];
    assert_eq!(run.basis, CurveBasis::InterTokenLatency);
    let (c, speed) = run.per_request_points()[0];
    assert_eq!(c, 24.0);
    assert_speed_from_ms(speed, 38.7823);
    assert_close(run.alternative_points().expect("alt")[0].1, 504.9555 / 24.0, FOUR_DECIMALS / 24.0);
}

#[test]
fn bare_infinity_is_refused_outside_sglang() {
    let error = import(&extra("vllm-bare-infinity.json"), "").expect_err("strict JSON for vLLM");
    assert!(matches!(error, ImportError::InvalidJson { line: 1, .. }), "{error:?}");
}

// AIPerf

#[test]
fn aiperf_json_per_user_speed_and_itl_alternative() {
    let import = imported(&fixture(AIPERF_C2));
    assert_eq!(import.format, Format::AiperfJson);
    assert_eq!(import.outcome(), Outcome::Ready);
    let run = only_run(&import);
    assert_eq!(run.label, "qwen3.6-nvfp4");
    assert_eq!(run.engine, Engine::Aiperf);
    assert_eq!((run.basis, run.alternative), (CurveBasis::PerRequest, Some(CurveBasis::InterTokenLatency)));
    let (c, speed) = run.per_request_points()[0];
    assert_eq!(c, 2.0);
    assert_close(speed, 56.8558, FOUR_DECIMALS);
    assert_speed_from_ms(run.alternative_points().expect("ITL")[0].1, 17.6514);
    let figures = &run.points[0].figures;
    assert_close(figures.generated_total_tok_s.expect("output"), 109.8641, FOUR_DECIMALS);
    assert_close(figures.ttft_median_ms.expect("p50"), 144.8571, FOUR_DECIMALS);
    // time_to_first_token.p99 from the file: 311.2196755499999.
    assert_close(figures.ttft_p99_ms.expect("p99"), 311.2197, FOUR_DECIMALS);
}

#[test]
fn aiperf_files_one_per_concurrency_make_one_curve() {
    let (c2, c32) = (fixture(AIPERF_C2), fixture(AIPERF_C32));
    let import = import_files(&[("c2.json", &c2), ("c32.json", &c32)], "").expect("imports");
    assert_eq!(import.format, Format::AiperfJson);
    let run = only_run(&import);
    let points = run.per_request_points();
    assert_eq!(points.iter().map(|p| p.0).collect::<Vec<_>>(), [2.0, 32.0]);
    assert_close(points[1].1, 13.8704, FOUR_DECIMALS);
    assert_speed_from_ms(run.alternative_points().expect("ITL")[1].1, 72.9692);
    assert_close(run.points[1].figures.ttft_median_ms.expect("p50"), 313.3910, FOUR_DECIMALS);
    assert_close(run.points[1].figures.generated_total_tok_s.expect("output"), 351.7195, FOUR_DECIMALS);
}

#[test]
fn aiperf_concurrency_falls_back_to_the_command_line() {
    let text = fixture(AIPERF_C32).replace("\"name\": \"profiling\"", "\"name\": \"renamed\"");
    let run = imported(&text).runs.remove(0);
    assert_eq!(run.per_request_points()[0].0, 32.0, "--concurrency 32 in run_info.cli_command");
}

#[test]
fn aiperf_csv_asks_for_concurrency_and_reads_two_decimals() {
    let import = imported(&fixture(AIPERF_CSV));
    assert_eq!(import.format, Format::AiperfCsv);
    let Outcome::NeedsConcurrency(missing) = import.outcome() else { panic!("the CSV has no concurrency") };
    assert_eq!(missing.len(), 1);
    let figures = &missing[0].figures;
    assert_close(figures.generated_total_tok_s.expect("Output Token Throughput"), 109.86, EXACT);
    assert_close(figures.ttft_median_ms.expect("p50"), 144.86, EXACT);
    assert_close(figures.ttft_p99_ms.expect("p99"), 311.22, EXACT);
    // Little's law from the CSV: 0.51 req/s x 3945.06 ms.
    assert_close(missing[0].mean_in_flight.expect("hint"), 0.51 * 3.94506, EXACT);
    let done = import.with_concurrency(0, 0, 2.0).expect("completes");
    let run = only_run(&done);
    assert_close(run.per_request_points()[0].1, 56.86, EXACT);
    assert_close(run.alternative_points().expect("ITL")[0].1, 1000.0 / 17.65, EXACT);
    // Agrees with the JSON of the same run to the CSV's two decimals.
    assert_close(run.per_request_points()[0].1, 56.8558, TWO_DECIMALS);
}

#[test]
fn genai_perf_is_refused_in_one_sentence() {
    let error = import(&extra("genai-perf-like.json"), "").expect_err("not supported");
    assert_eq!(error, ImportError::GenAiPerf { line: 1 });
    assert!(error.to_string().contains("not supported"));
}

// vLLM 0.26 and llama-benchy's raw log

#[test]
fn vllm_026_json_reads_cleanly() {
    let import = imported(&fixture(VLLM_026_JSON));
    assert_eq!(import.format, Format::VllmJson);
    let run = only_run(&import);
    assert_eq!(run.label, "openai/gpt-oss-20b", "p50_*, rtfx, label and endpoint_type are result keys");
    let (c, speed) = run.per_request_points()[0];
    assert_eq!(c, 25.0);
    assert_speed_from_ms(speed, 82.7403);
    assert_close(run.alternative_points().expect("alt")[0].1, 283.4388 / 25.0, FOUR_DECIMALS / 25.0);
    assert_close(run.points[0].figures.ttft_median_ms.expect("TTFT"), 748.9343, FOUR_DECIMALS);
    assert_eq!(run.points[0].figures.peak_concurrent_requests, Some(28.0));
    assert_eq!(import.warnings, [ImportWarning::RateLimited { line: Some(1), request_rate: 1.5 }]);
}

#[test]
fn vllm_026_console_report_reads_cleanly_with_its_model() {
    let import = imported(&fixture(VLLM_026_MD));
    assert_eq!(import.format, Format::VllmConsole);
    let run = only_run(&import);
    assert_eq!(run.label, "openai/gpt-oss-20b", "from the report's **Model:** line");
    let (c, speed) = run.per_request_points()[0];
    assert_eq!(c, 25.0);
    assert_close(speed, 1000.0 / 82.74, EXACT);
    assert_close(run.alternative_points().expect("alt")[0].1, 283.44 / 25.0, EXACT);
    let figures = &run.points[0].figures;
    assert_close(figures.ttft_median_ms.expect("Median TTFT"), 748.93, EXACT);
    assert_close(figures.ttft_p99_ms.expect("P99 TTFT"), 4738.32, EXACT);
    assert_eq!(run.workload.request_rate, Some(1.5));
}

#[test]
fn llama_benchy_raw_log_gives_the_same_curves_as_its_table() {
    let log = fixture(BENCHY_LOG);
    let table_start = log.find("| model").expect("table");
    let from_log = imported(&log);
    let from_table = imported(&log[table_start..]);
    assert_eq!(from_log.runs.len(), 1);
    assert_eq!(from_log.runs[0].label, from_table.runs[0].label);
    assert_eq!(from_log.runs[0].per_request_points(), from_table.runs[0].per_request_points());
    assert_eq!(from_log.runs[0].alternative_points(), from_table.runs[0].alternative_points());
    let run = &from_log.runs[0];
    assert_eq!(run.per_request_points(), vec![(1.0, 46.47), (5.0, 30.34), (10.0, 24.06)]);
    assert_close(run.alternative_points().expect("total")[2].1, 180.39 / 10.0, EXACT);
    assert_close(run.points[1].figures.ttft_mean_ms.expect("ttfr of pp1024 (c5)"), 491.64, EXACT);
}

// Labels, repeated warnings, pasted logs with headings, quoted CSV

#[test]
fn hugging_face_cache_path_becomes_the_hub_id() {
    let text = fixture(VLLM_026_JSON).replace(
        "\"model_id\": \"openai/gpt-oss-20b\"",
        "\"model_id\": \"/models/models--openai--gpt-oss-120b/snapshots/b5c939de8f754692c1647ca79fbf85e8c1e70f8a/\"",
    );
    let import = imported(&text);
    assert_eq!(import.runs[0].label, "openai/gpt-oss-120b");
    assert_eq!(import.to_runs().expect("ready")[0].model, "openai/gpt-oss-120b");
}

#[test]
fn the_same_warning_for_five_files_is_said_once_with_the_count() {
    let base = fixture(VLLM_026_JSON);
    let texts: Vec<String> = [5, 10, 15, 20, 25]
        .iter()
        .map(|c| base.replace("\"max_concurrency\": 25", &format!("\"max_concurrency\": {c}")))
        .collect();
    let files: Vec<(&str, &str)> = texts.iter().map(|t| ("run.json", t.as_str())).collect();
    let import = import_files(&files, "").expect("imports");
    assert_eq!(only_run(&import).points.len(), 5);
    let once = ImportWarning::Repeated {
        warning: Box::new(ImportWarning::RateLimited { line: Some(1), request_rate: 1.5 }),
        times: 5,
    };
    assert_eq!(import.warnings, std::slice::from_ref(&once));
    assert_eq!(
        once.to_string(),
        "line 1: requests were sent at 1.5 per second, so fewer requests than the concurrency cap may have run at once (5 times)."
    );
}

#[test]
fn pasted_log_with_model_headings_gives_one_curve_per_model() {
    let import = imported(&extra("console-two-models.md"));
    assert_eq!(import.format, Format::VllmConsole);
    let labels: Vec<&str> = import.runs.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["Qwen3-8B", "Llama-3.1-8B-Instruct"]);
    assert_eq!(import.runs[0].per_request_points(), vec![(8.0, 1000.0 / 11.40), (16.0, 1000.0 / 15.62)]);
    assert_eq!(import.runs[1].per_request_points(), vec![(8.0, 1000.0 / 13.05)]);
    assert_close(import.runs[0].alternative_points().expect("alt")[1].1, 975.24 / 16.0, EXACT);
}

#[test]
fn csv_with_quoted_commas() {
    let import = imported(&extra("quoted-commas.csv"));
    assert_eq!(import.format, Format::Csv);
    let run = only_run(&import);
    assert_eq!(run.basis, CurveBasis::PerRequest);
    assert_eq!(run.per_request_points(), vec![(1.0, 81.2), (8.0, 37.3), (16.0, 24.1)]);
}

// Into the dataset's Run: the curve the sizing uses is the one the importer chose.

#[test]
fn new_formats_map_to_runs_on_the_same_basis() {
    use sizer_data::TokenCount;

    let guidellm = imported(&fixture(GUIDELLM)).to_runs().expect("ready").remove(0);
    let (points, basis) = guidellm.curve_points().expect("curve");
    assert_eq!(basis, CurveBasis::PerRequest);
    assert_eq!(points[0].0, 4.0);
    assert_speed_from_ms(points[0].1, 24.1787);
    let figure = guidellm.points[0].per_request_tok_s.expect("1000 / ITL");
    assert!(!figure.is_published(), "1000 / ITL is our arithmetic");
    // prompt_token_count and output_token_count means, from the file: 99 and 1024.
    assert_eq!(guidellm.workload.prompt_tokens, Some(TokenCount::Exact(99.0)));
    assert_eq!(guidellm.workload.output_tokens, Some(TokenCount::Exact(1024.0)));

    let sglang = imported(&fixture(SGLANG_C8)).to_runs().expect("ready").remove(0);
    let (points, basis) = sglang.curve_points().expect("curve");
    assert_eq!(basis, CurveBasis::MedianTpot);
    assert_speed_from_ms(points[0].1, 5.1007);

    let aiperf = imported(&fixture(AIPERF_C2)).to_runs().expect("ready").remove(0);
    let (points, basis) = aiperf.curve_points().expect("curve");
    assert_eq!(basis, CurveBasis::PerRequest);
    assert_close(points[0].1, 56.8558, FOUR_DECIMALS);
    assert!(aiperf.points[0].per_request_tok_s.expect("published").is_published());
    assert_close(aiperf.points[0].mean_tpot_ms.expect("ITL avg").value, 17.6514, FOUR_DECIMALS);
    assert_eq!(aiperf.model, "qwen3.6-nvfp4");
}
