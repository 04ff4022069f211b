//! The other input forms: vLLM JSON lines, sweep summary, old key spellings, old console
//! blocks, batched-bench JSONL, CSV and two-column pastes, several files at once.

use sizer_data::CurveBasis;
use sizer_import::{Format, Import, ImportWarning, Outcome, ParsedRun, import, import_bytes, import_files};
use sizer_tests::extra;
use sizer_tests::{EXACT, assert_close};

fn imported(name: &str) -> Import {
    import(&extra(name), "").unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn speeds(run: &ParsedRun) -> Vec<(f64, f64)> {
    run.per_request_points()
}

fn assert_points(actual: &[(f64, f64)], expected: &[(f64, f64)]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for ((c, s), (ec, es)) in actual.iter().zip(expected) {
        assert_close(*c, *ec, EXACT);
        assert_close(*s, *es, EXACT);
    }
}

#[test]
fn vllm_append_result_json_lines() {
    let import = imported("vllm-append-result.jsonl");
    assert_eq!(import.format, Format::VllmJsonLines);
    assert_eq!(import.runs.len(), 1);
    let r = &import.runs[0];
    assert_eq!(r.label, "openai/gpt-oss-20b");
    assert_eq!(r.basis, CurveBasis::MedianTpot);
    assert_eq!(r.workload.request_rate, None, "\"inf\" is unlimited");
    assert_points(&speeds(r), &[(1.0, 1000.0 / 15.0), (4.0, 1000.0 / 18.0), (8.0, 1000.0 / 22.5)]);
    assert_points(&r.alternative_points().expect("alt"), &[(1.0, 64.0), (4.0, 204.8 / 4.0), (8.0, 327.68 / 8.0)]);
    assert_eq!(r.points.iter().map(|p| p.line).collect::<Vec<_>>(), [Some(1), Some(2), Some(3)]);
    assert!(import.warnings.contains(&ImportWarning::FailedRequests { line: Some(3), failed: 2.0, completed: 80.0 }));
}

#[test]
fn vllm_old_key_spellings() {
    let import = imported("vllm-old-keys.json");
    assert_eq!(import.format, Format::VllmJson);
    let r = &import.runs[0];
    assert_points(&speeds(r), &[(16.0, 1000.0 / 36.0)]);
    let f = &r.points[0].figures;
    assert_close(f.prompt_and_generated_tok_s.expect("input_throughput is the old total"), 1258.36, EXACT);
    assert_close(f.generated_total_tok_s.expect("output"), 419.67, EXACT);
    assert_close(f.ttft_p99_ms.expect("p99"), 240.5, EXACT);
}

#[test]
fn vllm_sweep_summary_groups_settings_and_averages_repeats() {
    let import = imported("vllm-sweep-summary.json");
    assert_eq!(import.format, Format::VllmSweepSummary);
    assert_eq!(
        import.runs.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(),
        ["Qwen/Qwen3-30B-A3B · max_num_seqs=32", "Qwen/Qwen3-30B-A3B · max_num_seqs=64"]
    );
    let seqs32 = &import.runs[0];
    // Two runs at concurrency 1 (TPOT 12.0 and 12.5) are averaged: 1000 / 12.25.
    assert_points(&speeds(seqs32), &[(1.0, 1000.0 / 12.25), (8.0, 1000.0 / 20.0)]);
    assert_eq!(seqs32.points[0].repeats, 2);
    assert_close(seqs32.points[0].figures.ttft_median_ms.expect("ttft"), 155.0, EXACT);
    assert!(import.warnings.iter().any(|w| matches!(w, ImportWarning::RepeatsAveraged { count: 2, .. })));
    assert_points(&speeds(&import.runs[1]), &[(1.0, 1000.0 / 12.2), (8.0, 1000.0 / 19.0)]);
}

#[test]
fn vllm_console_old_style_with_setting_line_and_capital_token() {
    let import = imported("vllm-console-old.txt");
    assert_eq!(import.format, Format::VllmConsole);
    assert_eq!(import.outcome(), Outcome::Ready);
    let r = &import.runs[0];
    assert_points(&speeds(r), &[(8.0, 1000.0 / 10.51), (16.0, 1000.0 / 14.50)]);
    assert_close(r.points[0].figures.prompt_and_generated_tok_s.expect("Total Token"), 1248.45, EXACT);
    assert_close(r.points[1].figures.generated_total_tok_s.expect("output"), 1049.39, EXACT);
}

#[test]
fn vllm_console_with_windows_line_ends_and_terminal_colours() {
    let text = extra("vllm-console-old.txt")
        .replace('\n', "\r\n")
        .replace("Median TPOT (ms):", "\u{1b}[1mMedian TPOT (ms):\u{1b}[0m");
    let import = import(&text, "").expect("CRLF and ANSI colours are tolerated");
    assert_points(&speeds(&import.runs[0]), &[(8.0, 1000.0 / 10.51), (16.0, 1000.0 / 14.50)]);
}

#[test]
fn sglang_block_is_refused_with_a_reason() {
    let error = import(&extra("sglang-block.txt"), "").expect_err("SGLang is not vLLM");
    assert_eq!(error, sizer_import::ImportError::Sglang { line: 2 });
    assert!(error.to_string().contains("SGLang"), "{error}");
}

#[test]
fn batched_bench_jsonl_with_banner_and_blank_lines() {
    let import = imported("batched-bench.jsonl");
    assert_eq!(import.format, Format::BatchedBenchJsonl);
    let r = &import.runs[0];
    assert_eq!(r.label, "llama.cpp · PP 512");
    assert_points(&speeds(r), &[(1.0, 81.11), (2.0, 95.00 / 2.0), (4.0, 151.90 / 4.0), (8.0, 254.09 / 8.0)]);
    assert_close(r.prefill_tok_s().expect("speed_pp").0, 3994.63, EXACT);
    assert_eq!(r.points[0].line, Some(3));
}

#[test]
fn two_column_paste() {
    let import = imported("two-column.txt");
    assert_eq!(import.format, Format::TwoColumn);
    assert_eq!(import.runs[0].basis, CurveBasis::PerRequest);
    assert_points(&speeds(&import.runs[0]), &[(1.0, 81.2), (8.0, 37.3), (16.0, 24.0), (32.0, 15.5)]);
}

#[test]
fn csv_with_an_aggregate_column_is_divided_by_concurrency() {
    let import = imported("aggregate.csv");
    assert_eq!(import.format, Format::Csv);
    assert_eq!(import.runs[0].basis, CurveBasis::AggregateOverConcurrency);
    assert_points(&speeds(&import.runs[0]), &[(1.0, 80.0), (4.0, 60.0), (8.0, 45.0)]);
}

#[test]
fn semicolons_and_decimal_commas() {
    let import = imported("semicolon-decimal-comma.csv");
    assert_points(&speeds(&import.runs[0]), &[(1.0, 81.2), (8.0, 37.3)]);
}

#[test]
fn csv_with_a_tpot_column() {
    let import = import("users,median tpot ms\n1,12.5\n10,25\n", "mine").expect("TPOT column");
    assert_eq!(import.runs[0].basis, CurveBasis::MedianTpot);
    assert_eq!(import.runs[0].label, "mine");
    assert_points(&speeds(&import.runs[0]), &[(1.0, 80.0), (10.0, 40.0)]);
}

#[test]
fn tab_separated_paste_from_a_spreadsheet() {
    let import = import("Concurrency\tTok/s per request\n1\t50\n2\t45.5\n", "").expect("tabs");
    assert_points(&speeds(&import.runs[0]), &[(1.0, 50.0), (2.0, 45.5)]);
}

#[test]
fn several_vllm_files_form_one_curve() {
    let lines = extra("vllm-append-result.jsonl");
    let files: Vec<String> = lines.lines().map(str::to_owned).collect();
    let named: Vec<(&str, &str)> = vec![("c1.json", &files[0]), ("c4.json", &files[1]), ("c8.json", &files[2])];
    let import = import_files(&named, "").expect("three files, one curve");
    assert_eq!(import.runs.len(), 1);
    assert_points(&speeds(&import.runs[0]), &[(1.0, 1000.0 / 15.0), (4.0, 1000.0 / 18.0), (8.0, 1000.0 / 22.5)]);
}

#[test]
fn several_files_of_different_tools_are_listed_together() {
    let table = extra("two-column.txt");
    let jsonl = extra("batched-bench.jsonl");
    let import = import_files(&[("mine.txt", &table), ("bb.jsonl", &jsonl)], "").expect("two files");
    assert_eq!(import.runs.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), ["mine.txt", "bb.jsonl · PP 512"]);
    let broken =
        import_files(&[("ok.txt", &table), ("bad.json", "{\"output_throughput\": ")], "").expect_err("bad file");
    assert_eq!(broken.to_string(), "bad.json: line 1, column 22: the JSON ends too early; the file looks truncated.");
}

#[test]
fn several_vllm_objects_pasted_one_after_another() {
    let lines = extra("vllm-append-result.jsonl");
    let pretty: Vec<String> = lines
        .lines()
        .map(|l| {
            serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(l).expect("json")).expect("json")
        })
        .collect();
    let import = import(&pretty.join("\n"), "").expect("concatenated pretty objects");
    assert_eq!(import.format, Format::VllmJson);
    assert_eq!(import.runs[0].points.len(), 3);
}

#[test]
fn utf16_file_from_powershell() {
    let text = extra("two-column.txt");
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let import = import_bytes(&bytes, "").expect("UTF-16LE with BOM");
    assert_points(&speeds(&import.runs[0]), &[(1.0, 81.2), (8.0, 37.3), (16.0, 24.0), (32.0, 15.5)]);
}

#[test]
fn user_name_prefixes_labels() {
    let import = import(&extra("batched-bench.jsonl"), "Spark #2").expect("ok");
    assert_eq!(import.runs[0].label, "Spark #2 · PP 512");
}

#[test]
fn repeated_long_labels_are_numbered_within_the_length_cap() {
    // Found by the fuzzer: two tables under one very long heading.
    let table = extra("bad-cell.md").lines().skip(6).take(7).collect::<Vec<_>>().join("\n");
    let heading = format!("## {}\n", "m".repeat(120));
    let text = format!("{heading}{table}\n\n{heading}{table}\n");
    let import = import(&text, "").expect("two identical tables");
    assert_eq!(import.runs.len(), 2);
    let second = &import.runs[1].label;
    assert!(second.ends_with("… (2)"), "{second}");
    assert_eq!(second.chars().count(), sizer_import::MAX_LABEL_CHARS);
}

#[test]
fn save_detailed_results_with_per_request_arrays_import() {
    let path = format!(
        "{}/fixtures/vllm-bench-serve/openai-1.0qps-Qwen3-VL-8B-Instruct-20260722-041843.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let itls: Vec<String> = (0..200).map(|_| format!("[{}]", vec!["0.0276"; 127].join(", "))).collect();
    let detailed = text.trim_end().trim_end_matches('}').to_owned()
        + &format!(
            ", \"ttfts\": [{}], \"itls\": [{}], \"generated_texts\": [\"{}\"]}}",
            vec!["0.0957"; 200].join(", "),
            itls.join(", "),
            "x".repeat(1000)
        );
    assert!(detailed.len() > 100_000);
    let import = import(&detailed, "").expect("detailed result");
    let figures = import.runs[0].points[0].figures;
    assert_close(figures.median_tpot_ms.expect("TPOT"), 27.67841275561395, EXACT);
}
