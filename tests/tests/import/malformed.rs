//! Malformed input: each case gets one clear sentence naming line and key where there is one,
//! never a panic.

use sizer_data::CurveBasis;
use sizer_import::{ImportError, ImportWarning, MAX_INPUT_BYTES, import, import_bytes};
use sizer_tests::extra;

fn error_of(text: &str) -> ImportError {
    let error = import(text, "").expect_err("must be refused");
    let sentence = error.to_string();
    assert!(sentence.ends_with('.') && !sentence.contains('\n'), "one sentence: {sentence:?}");
    error
}

#[test]
fn truncated_json_names_where_it_ends() {
    let error = error_of(&extra("truncated.json"));
    assert!(matches!(error, ImportError::TruncatedJson { line: 1, column: 700 }), "{error:?}");
    assert_eq!(error.to_string(), "line 1, column 700: the JSON ends too early; the file looks truncated.");
}

#[test]
fn wrong_type_names_the_key() {
    let error = error_of(&extra("wrong-types.json"));
    assert_eq!(error, ImportError::WrongType { line: Some(1), key: "median_tpot_ms".into(), expected: "a number" });
    assert_eq!(error.to_string(), "line 1: median_tpot_ms should be a number.");
}

#[test]
fn wrong_type_in_pretty_json_names_its_line() {
    let text = "{\n  \"output_throughput\": 100,\n  \"max_concurrency\": \"eight\"\n}";
    assert_eq!(
        error_of(text),
        ImportError::WrongType { line: Some(3), key: "max_concurrency".into(), expected: "a whole number or null" }
    );
}

#[test]
fn bad_table_cell_names_line_and_column() {
    let error = error_of(&extra("bad-cell.md"));
    assert_eq!(error, ImportError::NotANumber { line: 14, key: "S_TG t/s".into(), value: "abc".into() });
    assert_eq!(error.to_string(), "line 14: S_TG t/s is not a number (\"abc\").");
}

#[test]
fn table_row_with_missing_cells() {
    let mut text = extra("bad-cell.md");
    text.push_str("|   512 |     32 |\n");
    assert_eq!(error_of(&text), ImportError::BadRow { line: 15, expected: 10, found: 2 });
}

#[test]
fn console_value_that_is_not_a_number() {
    let text = extra("vllm-console-old.txt").replacen(
        "Median TPOT (ms):                        10.51",
        "Median TPOT (ms):                        n/a",
        1,
    );
    assert_eq!(
        error_of(&text),
        ImportError::NotANumber { line: 18, key: "Median TPOT (ms)".into(), value: "n/a".into() }
    );
}

#[test]
fn empty_and_blank_input() {
    assert_eq!(error_of(""), ImportError::Empty);
    assert_eq!(error_of(" \n\t\r\n "), ImportError::Empty);
    assert_eq!(import_bytes(&[0xEF, 0xBB, 0xBF], "").expect_err("BOM only"), ImportError::Empty);
}

#[test]
fn binary_files() {
    let png = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, b'I', b'H', b'D', b'R'];
    assert_eq!(import_bytes(&png, "").expect_err("png"), ImportError::Binary);
    assert_eq!(import_bytes(&[0xC3, 0x28, 0xA0, 0xA1], "").expect_err("bad UTF-8"), ImportError::Binary);
    assert_eq!(error_of("1 81.2\n\0\0\0"), ImportError::Binary);
    let noisy: String = (0..200).map(|i| if i % 10 == 0 { '\u{7}' } else { 'a' }).collect();
    assert_eq!(error_of(&noisy), ImportError::Binary);
}

#[test]
fn a_fifty_megabyte_paste_is_refused_by_size() {
    let line = "1 81.2\n";
    let text = line.repeat(50 * 1024 * 1024 / line.len());
    let error = error_of(&text);
    assert_eq!(error, ImportError::TooLarge { bytes: text.len(), limit: MAX_INPUT_BYTES });
    assert_eq!(
        error.to_string(),
        format!(
            "The input is 50.0 MB ({} bytes), over the 5.0 MB limit; a benchmark result is a few kilobytes.",
            text.len()
        )
    );
    assert_eq!(import_bytes(text.as_bytes(), "").expect_err("bytes too"), error);
    assert_eq!(sizer_import::size_limit_text(), "5.0 MB");
}

#[test]
fn html_page() {
    assert_eq!(error_of(&extra("page.html")), ImportError::Html);
    assert_eq!(error_of("  <script>alert(1)</script>"), ImportError::Html);
}

#[test]
fn markup_and_control_characters_in_model_names_stay_plain_text() {
    let import = import(&extra("script-model.json"), "").expect("the run itself is fine");
    let label = &import.runs[0].label;
    // The label shows the model path's last two segments, markup kept literally (the UI escapes).
    assert!(label.starts_with("script><b>bold</b>xxx"), "{label}");
    assert!(!label.chars().any(|c| c.is_control() || c == '\u{202e}'), "{label:?}");
    assert!(label.chars().count() <= sizer_import::MAX_LABEL_CHARS);
    assert!(label.ends_with('…'), "the capped model name ends the label: {label}");
    assert!(import.warnings.iter().any(|w| matches!(w, ImportWarning::NameCleaned { .. })));
    let model = import.runs[0].model.as_deref().expect("model");
    assert!(model.starts_with("<script>alert('x')</script><b>bold</b>xxx"), "{model}");
    assert!(!model.chars().any(|c| c.is_control() || c == '\u{202e}'), "{model:?}");
    assert_eq!(model.chars().count(), sizer_import::MAX_LABEL_CHARS);
}

#[test]
fn negative_zero_and_duplicate_values() {
    assert_eq!(
        error_of(&extra("negative.txt")),
        ImportError::NotPositive { line: Some(2), key: "per-request tok/s".into(), value: -37.3 }
    );
    assert_eq!(
        error_of(&extra("zero-concurrency.txt")),
        ImportError::NotPositive { line: Some(1), key: "concurrency".into(), value: 0.0 }
    );
    let duplicate = error_of(&extra("duplicate.txt"));
    assert_eq!(
        duplicate,
        ImportError::DuplicateConcurrency {
            run: "Pasted".into(),
            concurrency: 8.0,
            first_line: Some(2),
            second_line: Some(3)
        }
    );
    assert_eq!(
        duplicate.to_string(),
        "Concurrency 8 appears twice in \"Pasted\" (lines 2 and 3); remove one or import them separately."
    );
    assert_eq!(error_of("2.5 40\n"), ImportError::NotWhole { line: Some(1), value: 2.5 });
    assert_eq!(error_of("1000000 40\n"), ImportError::ConcurrencyTooLarge { line: Some(1), value: 1_000_000.0 });
}

#[test]
fn negative_and_zero_in_vllm_json() {
    let negative = r#"{"max_concurrency": 4, "median_tpot_ms": -3, "output_throughput": 100}"#;
    assert_eq!(
        error_of(negative),
        ImportError::NotPositive { line: Some(1), key: "median_tpot_ms".into(), value: -3.0 }
    );
    let zero_output = r#"{"max_concurrency": 4, "output_throughput": 0}"#;
    assert_eq!(
        error_of(zero_output),
        ImportError::NotPositive { line: Some(1), key: "output_throughput".into(), value: 0.0 }
    );
    let zero_c = r#"{"max_concurrency": 0, "median_tpot_ms": 10, "output_throughput": 100}"#;
    assert_eq!(error_of(zero_c), ImportError::NotPositive { line: Some(1), key: "concurrency".into(), value: 0.0 });
    let neither = r#"{"max_concurrency": 4, "request_throughput": 1.0}"#;
    assert_eq!(error_of(neither), ImportError::MissingKey { line: Some(1), key: "median_tpot_ms".into() });
}

#[test]
fn zero_tpot_falls_back_to_output_over_concurrency() {
    let text = r#"{"max_concurrency": 4, "median_tpot_ms": 0, "output_throughput": 100}"#;
    let import = import(text, "").expect("fallback");
    assert_eq!(import.runs[0].basis, CurveBasis::AggregateOverConcurrency);
    assert_eq!(import.runs[0].per_request_points(), vec![(4.0, 25.0)]);
    assert!(import.warnings.contains(&ImportWarning::NoTpot { line: Some(1) }));
}

#[test]
fn duplicate_concurrency_across_vllm_files() {
    let line = r#"{"max_concurrency": 4, "median_tpot_ms": 10, "output_throughput": 100}"#;
    let error = error_of(&format!("{line}\n{line}\n"));
    assert!(
        matches!(
            error,
            ImportError::DuplicateConcurrency { concurrency: 4.0, first_line: Some(1), second_line: Some(2), .. }
        ),
        "{error:?}"
    );
}

#[test]
fn not_a_benchmark() {
    assert_eq!(error_of("Dear team,\nplease find the numbers attached.\n"), ImportError::NotRecognised);
    assert_eq!(error_of(r#"{"name": "package", "version": "1.0.0"}"#), ImportError::UnknownJson { line: 1 });
    assert_eq!(error_of("[]"), ImportError::NoPoints);
    assert_eq!(error_of("# only a comment\n"), ImportError::NotRecognised);
    assert_eq!(error_of("some log line\n{not json\n"), ImportError::InvalidJson { line: 2, column: 2 });
}

#[test]
fn mixed_formats_in_one_paste() {
    let vllm = r#"{"max_concurrency": 4, "median_tpot_ms": 10, "output_throughput": 100}"#;
    let batched = r#"{"pp": 512, "tg": 32, "pl": 1, "speed_tg": 80, "speed_pp": 1000}"#;
    assert_eq!(error_of(&format!("{vllm}\n{batched}\n")), ImportError::MixedFormats { line: 2 });
}

#[test]
fn deeply_nested_json_is_an_error_not_a_stack_overflow() {
    let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(error_of(&text), ImportError::InvalidJson { .. }));
}

#[test]
fn completing_concurrency_is_validated() {
    let qwen = format!(
        "{}/fixtures/vllm-bench-serve/openai-1.0qps-Qwen3-VL-8B-Instruct-20260722-041843.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(qwen).expect("fixture");
    let import = import(&text, "").expect("parses");
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(import.clone().with_concurrency(0, 0, bad), Err(ImportError::NotPositive { .. })), "{bad}");
    }
    assert!(matches!(import.clone().with_concurrency(0, 0, 1.5), Err(ImportError::NotWhole { .. })));
    assert!(matches!(import.clone().with_concurrency(0, 0, 1e9), Err(ImportError::ConcurrencyTooLarge { .. })));
    assert_eq!(import.clone().with_concurrency(3, 0, 4.0), Err(ImportError::NoSuchPoint { run: 3, point: 0 }));
    assert_eq!(import.with_concurrency(0, 7, 4.0), Err(ImportError::NoSuchPoint { run: 0, point: 7 }));
}

#[test]
fn completing_a_concurrency_that_already_exists_is_a_duplicate() {
    let known = r#"{"max_concurrency": 4, "median_tpot_ms": 10, "output_throughput": 100}"#;
    let unknown = r#"{"max_concurrency": null, "request_rate": 2.0, "median_tpot_ms": 12, "output_throughput": 150}"#;
    let import = import(&format!("{known}\n{unknown}\n"), "").expect("one known, one unknown");
    assert!(import.warnings.iter().any(|w| matches!(w, ImportWarning::ConcurrencyUnknown { points: 1, .. })));
    let duplicate = import.clone().with_concurrency(0, 1, 4.0).expect_err("4 is taken");
    assert!(matches!(duplicate, ImportError::DuplicateConcurrency { concurrency: 4.0, .. }));
    let done = import.with_concurrency(0, 1, 6.0).expect("6 is free");
    assert_eq!(done.runs[0].per_request_points(), vec![(4.0, 100.0), (6.0, 1000.0 / 12.0)]);
}

#[test]
fn prompt_including_throughput_is_never_a_generation_speed() {
    // vLLM JSON with only "Total token throughput": nothing to build a curve from.
    assert_eq!(
        error_of(r#"{"max_concurrency": 4, "total_token_throughput": 500}"#),
        ImportError::MissingKey { line: Some(1), key: "median_tpot_ms".into() }
    );
    let error = error_of("concurrency,Total token throughput (tok/s)\n1,300\n8,1200\n");
    assert_eq!(error, ImportError::PromptTokensCounted { line: 1, key: "Total token throughput (tok/s)".into() });
    assert_eq!(
        error.to_string(),
        "line 1: the column \"Total token throughput (tok/s)\" counts prompt tokens too, so it is not a generation speed; use output (generated) tok/s."
    );
    // Beside an output column, the total column is simply not used.
    let import =
        import("users,total token tok/s,output tok/s total\n1,300,80\n8,1200,360\n", "").expect("output column");
    assert_eq!(import.runs[0].per_request_points(), vec![(1.0, 80.0), (8.0, 45.0)]);
}

#[test]
fn llama_bench_is_explained_not_misread() {
    let text = "| model | size | params | backend | ngl | test | t/s |\n| --- | ---: | ---: | --- | --: | ---: | ---: |\n| gpt-oss 20B MXFP4 | 11.27 GiB | 20.91 B | CUDA | 99 | tg32 | 80.12 ± 0.20 |\n";
    assert_eq!(error_of(text), ImportError::LlamaBench { line: 1 });
}

#[test]
fn nested_llama_benchy_errors_name_path_and_line() {
    let path = format!("{}/fixtures/llama-benchy/schema-sample.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("fixture");
    assert_eq!(text.matches("\"concurrency\": 2,").count(), 1);
    let broken = text.replacen("\"concurrency\": 2,", "\"concurrency\": -2,", 1);
    let line = broken.lines().position(|l| l.contains("\"concurrency\": -2,")).expect("edited line") + 1;
    assert_eq!(
        error_of(&broken),
        ImportError::NotPositive { line: Some(line), key: "benchmarks[1].concurrency".into(), value: -2.0 }
    );
    let wrong = text.replacen("\"is_context_prefill_phase\": false", "\"is_context_prefill_phase\": \"no\"", 1);
    let line = wrong.lines().position(|l| l.contains("\"no\"")).expect("edited line") + 1;
    assert_eq!(
        error_of(&wrong),
        ImportError::WrongType {
            line: Some(line),
            key: "benchmarks[0].is_context_prefill_phase".into(),
            expected: "true or false"
        }
    );
}
