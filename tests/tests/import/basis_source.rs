//! The key a curve is read from and the formula its note shows name the same figure of the file
//! (`tests/fixtures/`, provenance in its README). SGLang files carry both `median_tpot_ms` and
//! `median_itl_ms`; the two differ by a third (c8: 5.1007 and 3.6099 ms), so a note naming one
//! while the curve reads the other would be a silent wrong answer. Expected speeds are worked by
//! hand from the number as it stands in the file: 1000 / ms, to four decimals.

use sizer_data::CurveBasis;
use sizer_import::{Format, Import, ImportError, Outcome, basis_source, formula, import};
use sizer_tests::{assert_close, fixture};

/// Hand-worked speeds below are rounded to four decimals.
const FOUR_DECIMALS: f64 = 0.000_05;

const SGLANG_C8: &str = "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c8.jsonl";
const SGLANG_2024: &str = "sglang-bench-serving/8xh200-llama-3.1-405b__llama_405b_online_output.jsonl";
const VLLM_026_JSON: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.json";

fn imported(text: &str) -> Import {
    import(text, "").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn sglang_current_file_reads_median_tpot_ms_and_says_so() {
    let text = fixture(SGLANG_C8);
    // As the file writes them: TPOT and inter-token latency, both present.
    assert!(text.contains("\"median_tpot_ms\": 5.100693528197314"), "fixture changed");
    assert!(text.contains("\"median_itl_ms\": 3.609933890402317"), "fixture changed");
    let runs = imported(&text).to_runs().expect("ready");
    let run = &runs[0];
    let (points, basis) = run.curve_points().expect("curve");
    assert_eq!(basis, CurveBasis::MedianTpot);
    assert_eq!(points[0].0, 8.0);
    // 1000 / 5.100693528197314 = 196.0518 tok/s (1000 / median_itl_ms would be 277.0134).
    assert_close(points[0].1, 196.0518, FOUR_DECIMALS);
    assert_eq!(
        run.note.as_deref(),
        Some(
            "Imported from SGLang bench_serving JSONL; the curve uses 1000 / median_tpot_ms; also available: \
             output_throughput / max_concurrency."
        )
    );
}

#[test]
fn sglang_2024_file_reads_median_itl_ms_and_says_so() {
    let text = fixture(SGLANG_2024);
    assert!(!text.contains("median_tpot_ms"), "the late-2024 layout has no TPOT");
    assert!(text.contains("\"median_itl_ms\": 38.78233698196709"), "fixture changed");
    let mut import = imported(&text);
    // Run 0 (random 1024/1024) has four rate points; each gets a concurrency typed in.
    for concurrency in [4.0, 8.0, 16.0, 32.0] {
        let Outcome::NeedsConcurrency(missing) = import.outcome() else { panic!("rate sweep: must ask") };
        let first = missing.iter().find(|m| m.run == 0).expect("a point of run 0 left");
        import = import.with_concurrency(0, first.point, concurrency).expect("completes");
    }
    let run = &import.runs[0];
    assert_eq!(run.basis, CurveBasis::InterTokenLatency);
    let (c, speed) = run.per_request_points()[0];
    assert_eq!(c, 4.0);
    // Request rate 1.0, the file's first line: 1000 / 38.78233698196709 = 25.7849 tok/s.
    assert_close(speed, 25.7849, FOUR_DECIMALS);
    assert_eq!(
        formula(run.basis, run.format),
        "1000 / median_itl_ms",
        "the note names the key the curve was read from"
    );
}

#[test]
fn sglang_run_on_inter_token_latency_names_median_itl_ms_when_it_is_missing() {
    // An old line (no TPOT, so the run uses inter-token latency) and a new one without
    // `median_itl_ms`, neither with `output_throughput`: the curve cannot be built, and the
    // message names the key line 2 lacks, not the TPOT it has.
    let text = "{\"dataset_name\": \"sharegpt\", \"median_e2e_latency_ms\": 1.0, \"max_concurrency\": 4, \
                \"median_itl_ms\": 38.78233698196709}\n\
                {\"dataset_name\": \"sharegpt\", \"median_e2e_latency_ms\": 1.0, \"max_concurrency\": 8, \
                \"median_tpot_ms\": 5.100693528197314}\n";
    let error = import(text, "").expect_err("no basis every point carries");
    assert_eq!(error, ImportError::MissingKey { line: Some(2), key: "median_itl_ms".to_owned() });
    assert_eq!(error.to_string(), "line 2: median_itl_ms is missing.");
}

#[test]
fn vllm_json_note_names_median_tpot_ms() {
    let text = fixture(VLLM_026_JSON);
    assert!(text.contains("\"median_tpot_ms\": 82.74033358748555"), "fixture changed");
    let runs = imported(&text).to_runs().expect("ready");
    let (points, basis) = runs[0].curve_points().expect("curve");
    assert_eq!((basis, points[0].0), (CurveBasis::MedianTpot, 25.0));
    // 1000 / 82.74033358748555 = 12.0860 tok/s.
    assert_close(points[0].1, 12.0860, FOUR_DECIMALS);
    let note = runs[0].note.as_deref().unwrap_or_default();
    assert!(note.contains("the curve uses 1000 / median_tpot_ms;"), "{note}");
}

#[test]
fn each_row_shows_the_key_it_reads() {
    let cases = [
        (CurveBasis::MedianTpot, Format::SglangJsonl, "median_tpot_ms", "1000 / median_tpot_ms"),
        (CurveBasis::InterTokenLatency, Format::SglangJsonl, "median_itl_ms", "1000 / median_itl_ms"),
        (CurveBasis::AggregateOverConcurrency, Format::BatchedBenchJsonl, "speed_tg", "speed_tg / pl"),
        (CurveBasis::AggregateOverConcurrency, Format::LlamaBenchyMarkdown, "t/s (total)", "t/s (total) / concurrency"),
        (CurveBasis::MedianTpot, Format::VllmConsole, "Median TPOT (ms)", "1000 / Median TPOT (ms)"),
        (
            CurveBasis::InterTokenLatency,
            Format::GuideLlmJson,
            "inter_token_latency_ms",
            "1000 / inter_token_latency_ms (median)",
        ),
        (CurveBasis::PerRequest, Format::TwoColumn, "per-request tok/s", "per-request tok/s as given"),
    ];
    for (basis, format, key, shown) in cases {
        let source = basis_source(basis, format);
        assert_eq!((source.key, source.formula), (key, shown), "{basis:?} in {format:?}");
    }
}
