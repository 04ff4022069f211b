//! Malformed variants of every newer format (and of vLLM 0.26 and llama-benchy's raw log): a
//! truncated file, a wrong type in a key field, an empty array or table, a huge number, and
//! another format's text under the same extension. Each gives one sentence, never a panic;
//! another tool's text is read as that tool (named) or refused.

use sizer_import::{Format, ImportError, ImportWarning, Outcome, import};
use sizer_tests::{extra, fixture};

/// The error of a refused input, checked to be one sentence.
#[track_caller]
fn refused(text: &str) -> ImportError {
    let error = import(text, "").expect_err("must be refused");
    let sentence = error.to_string();
    assert!(sentence.ends_with('.') && !sentence.contains('\n'), "one sentence: {sentence:?}");
    assert_eq!(sentence.matches(". ").count(), 0, "one sentence: {sentence:?}");
    error
}

/// The first half of a text (on a character boundary).
fn half(text: &str) -> &str {
    let mut end = text.len() / 2;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Replaces exactly the occurrences expected (so a fixture edit cannot silently do nothing).
#[track_caller]
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} not in the fixture");
    text.replace(from, to)
}

const GUIDELLM: &str = "guidellm/intel-xpu-qwen3-4b-thinking-tp4-fp8__concurrent4__guidellm-0.5.0.dev0.json";
const SGLANG: &str = "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c8.jsonl";
const AIPERF: &str = "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c2__profile_export_aiperf.json";
const AIPERF_CSV: &str = "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c2__profile_export_aiperf.csv";
const VLLM_026: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.json";
const VLLM_026_MD: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.md";
const BENCHY_LOG: &str = "dgx-spark-vllm/gpt-oss-20b-mxfp4__01-chat.llama-benchy.log";

#[test]
fn guidellm_malformed() {
    let text = fixture(GUIDELLM);
    assert!(matches!(refused(half(&text)), ImportError::TruncatedJson { .. }));
    let strategy = "\"streams\": 4,";
    assert_eq!(
        refused(&edit(&text, strategy, "\"streams\": \"4\",")),
        ImportError::WrongType {
            line: Some(1),
            key: "benchmarks[0].config.strategy.streams".into(),
            expected: "a number"
        }
    );
    let empty = "{\"metadata\": {\"version\": 1, \"guidellm_version\": \"0.5.0\"}, \"benchmarks\": []}";
    assert_eq!(refused(empty), ImportError::NoPoints);
    assert!(matches!(refused(&edit(&text, strategy, "\"streams\": 1e300,")), ImportError::ConcurrencyTooLarge { .. }));
    // Another tool's benchmarks.json-like file: llama-benchy is read as llama-benchy.
    let benchy = import(&fixture("llama-benchy/schema-sample.json"), "").expect("llama-benchy");
    assert_eq!(benchy.format, Format::LlamaBenchyJson);
}

#[test]
fn sglang_malformed() {
    let text = fixture(SGLANG);
    assert!(matches!(refused(half(&text)), ImportError::TruncatedJson { .. }));
    assert_eq!(
        refused(&edit(&text, "\"max_concurrency\": 8,", "\"max_concurrency\": \"8\",")),
        ImportError::WrongType { line: Some(1), key: "max_concurrency".into(), expected: "a whole number or null" }
    );
    assert_eq!(refused("[]"), ImportError::NoPoints);
    assert!(matches!(
        refused(&edit(&text, "\"max_concurrency\": 8,", "\"max_concurrency\": 1e12,")),
        ImportError::ConcurrencyTooLarge { .. }
    ));
    let tpot = "\"median_tpot_ms\": 5.100693528197314";
    assert!(matches!(refused(&edit(&text, tpot, "\"median_tpot_ms\": 1e999")), ImportError::InvalidJson { .. }));
    // Another tool's JSON lines: vLLM's stay vLLM (strict JSON), batched-bench's stay batched-bench.
    assert!(matches!(refused(&extra("vllm-bare-infinity.json")), ImportError::InvalidJson { .. }));
    let vllm = import(&extra("vllm-append-result.jsonl"), "").expect("vLLM JSON lines");
    assert_eq!(vllm.format, Format::VllmJsonLines);
    let batched = import(&extra("batched-bench.jsonl"), "").expect("batched-bench JSONL");
    assert_eq!(batched.format, Format::BatchedBenchJsonl);
}

#[test]
fn aiperf_json_malformed() {
    let text = fixture(AIPERF);
    assert!(matches!(refused(half(&text)), ImportError::TruncatedJson { .. }));
    let per_user = "\"avg\": 56.85584006732612";
    let error = refused(&edit(&text, per_user, "\"avg\": \"56.86\""));
    assert!(
        matches!(&error, ImportError::WrongType { key, .. } if key == "output_token_throughput_per_user.avg"),
        "{error:?}"
    );
    // An empty phase list and no --concurrency: asked for, in one sentence, not guessed.
    let start = text.find("\"phases\": [").expect("phases");
    let end = start + text[start..].find(']').expect("end of phases") + 1;
    let no_phases = format!("{}\"phases\": []{}", &text[..start], &text[end..]).replace("--concurrency 2 ", "");
    let asked = import(&no_phases, "").expect("imports, asking");
    assert!(matches!(asked.outcome(), Outcome::NeedsConcurrency(m) if m.len() == 1));
    let warning = asked.warnings.iter().find(|w| matches!(w, ImportWarning::ConcurrencyUnknown { .. })).expect("said");
    assert!(warning.to_string().ends_with("enter the concurrency for each."));
    assert!(matches!(
        refused(&edit(&text, "\"concurrency\": 2\n", "\"concurrency\": 1e300\n")),
        ImportError::ConcurrencyTooLarge { .. }
    ));
    // GenAI-Perf's export, the same extension and metric objects: refused by name.
    assert_eq!(refused(&extra("genai-perf-like.json")), ImportError::GenAiPerf { line: 1 });
}

#[test]
fn aiperf_csv_malformed() {
    let text = fixture(AIPERF_CSV);
    let first_lines: String = text.split_inclusive('\n').take(4).collect();
    let missing =
        ImportError::MissingKey { line: Some(1), key: "Output Token Throughput Per User (tokens/sec/user)".into() };
    assert_eq!(refused(&first_lines), missing);
    let row = "Output Token Throughput Per User (tokens/sec/user),56.86,";
    let error = refused(&edit(&text, row, "Output Token Throughput Per User (tokens/sec/user),fast,"));
    assert!(matches!(error, ImportError::NotANumber { line: 23, .. }), "{error:?}");
    let header_only: String = text.split_inclusive('\n').take(1).collect();
    assert_eq!(refused(&header_only), missing);
    let error = refused(&edit(&text, row, "Output Token Throughput Per User (tokens/sec/user),1e400,"));
    assert!(matches!(error, ImportError::NotANumber { line: 23, .. }), "{error:?}");
    // Another tool's CSV is read as a plain table, named as such.
    assert_eq!(import(&extra("aggregate.csv"), "").expect("a CSV").format, Format::Csv);
}

#[test]
fn vllm_026_malformed() {
    let text = fixture(VLLM_026);
    assert!(matches!(refused(half(&text)), ImportError::TruncatedJson { .. }));
    assert_eq!(
        refused(&edit(&text, "\"max_concurrency\": 25,", "\"max_concurrency\": [25],")),
        ImportError::WrongType { line: Some(1), key: "max_concurrency".into(), expected: "a whole number or null" }
    );
    assert_eq!(refused("[]"), ImportError::NoPoints);
    assert!(matches!(
        refused(&edit(&text, "\"max_concurrency\": 25,", "\"max_concurrency\": 1000000,")),
        ImportError::ConcurrencyTooLarge { .. }
    ));
    // SGLang's file under a .json name is read as SGLang, not as vLLM.
    assert_eq!(import(&fixture(SGLANG), "").expect("SGLang").format, Format::SglangJsonl);
}

#[test]
fn vllm_026_console_malformed() {
    let text = fixture(VLLM_026_MD);
    let cut = text.find("Output token throughput").expect("line");
    assert!(matches!(refused(&text[..cut]), ImportError::MissingKey { .. }));
    let tpot = "Median TPOT (ms):                        82.74";
    let error = refused(&edit(&text, tpot, "Median TPOT (ms):                        n/a"));
    assert!(matches!(&error, ImportError::NotANumber { key, .. } if key == "Median TPOT (ms)"), "{error:?}");
    let empty =
        "============ Serving Benchmark Result ============\n==================================================\n";
    assert!(matches!(refused(empty), ImportError::MissingKey { line: Some(1), .. }));
    let cap = "Maximum request concurrency:             25";
    assert!(matches!(
        refused(&edit(&text, cap, "Maximum request concurrency:             1e300")),
        ImportError::ConcurrencyTooLarge { .. }
    ));
    // SGLang's look-alike console block (same .txt/.md paste) is refused by name.
    assert!(matches!(refused(&extra("sglang-block.txt")), ImportError::Sglang { .. }));
}

#[test]
fn llama_benchy_log_malformed() {
    let text = fixture(BENCHY_LOG);
    let last_row = text.find("| gpt-oss-20b-mxfp4 | tg1024 (c10)").expect("row");
    assert!(matches!(refused(&text[..last_row + 40]), ImportError::BadRow { .. }));
    let error = refused(&edit(&text, "46.47 ± 0.35 |      46.47 ± 0.35", "fast |      46.47 ± 0.35"));
    assert!(matches!(&error, ImportError::NotANumber { key, .. } if key == "t/s (total)"), "{error:?}");
    let header_end = text.find("|:--").expect("separator");
    let header_only = &text[..header_end];
    assert_eq!(refused(header_only), ImportError::NoPoints);
    let error = refused(&text.replace("(c10)", "(c1000000)"));
    assert!(matches!(error, ImportError::ConcurrencyTooLarge { .. }), "{error:?}");
    // A llama-batched-bench table pasted instead is read as that.
    let batched = import(&fixture("llama-batched-bench/dgx-spark-gpt-oss.md"), "").expect("batched-bench");
    assert_eq!(batched.format, Format::BatchedBenchMarkdown);
}

// The older formats get the same five variants.

#[test]
fn batched_bench_malformed() {
    let text = fixture("llama-batched-bench/dgx-spark-gpt-oss.md");
    let row = "|   512 |     32 |    2 |   1088 |";
    let cut = text.find(row).expect("row") + row.len();
    assert!(matches!(refused(&text[..cut]), ImportError::BadRow { line: 10, .. }));
    let error = refused(&edit(&text, "|    0.674 |    95.00 |", "|    0.674 |    fast |"));
    assert!(matches!(&error, ImportError::NotANumber { key, .. } if key == "S_TG t/s"), "{error:?}");
    let header: String = text.lines().skip(6).take(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(refused(&header), ImportError::NoPoints);
    let huge = edit(&text, "|   512 |     32 |    2 |   1088 |", "|   512 |     32 | 1e300 |   1088 |");
    assert!(matches!(refused(&huge), ImportError::ConcurrencyTooLarge { line: Some(10), .. }));
    // llama-bench's table (same markdown, one request at a time) is explained, not misread.
    let bench = "| model | size | params | backend | ngl | test | t/s |\n|---|---|---|---|---|---|---|\n| gpt-oss 20B | 11 GiB | 20 B | CUDA | 99 | tg32 | 81.1 |\n";
    assert!(matches!(refused(bench), ImportError::LlamaBench { line: 1 }));
}

#[test]
fn batched_bench_jsonl_malformed() {
    let text = extra("batched-bench.jsonl");
    assert!(matches!(refused(half(&text)), ImportError::TruncatedJson { .. } | ImportError::InvalidJson { .. }));
    let error = refused(&edit(&text, "\"pl\": 2,", "\"pl\": \"2\","));
    assert!(matches!(&error, ImportError::WrongType { key, .. } if key == "pl"), "{error:?}");
    assert_eq!(refused("[]"), ImportError::NoPoints);
    assert!(matches!(refused(&edit(&text, "\"pl\": 2,", "\"pl\": 1e300,")), ImportError::ConcurrencyTooLarge { .. }));
    // SGLang's JSON lines under a .jsonl name are read as SGLang.
    assert_eq!(import(&fixture(SGLANG), "").expect("SGLang").format, Format::SglangJsonl);
}

#[test]
fn llama_benchy_json_malformed() {
    let text = fixture("llama-benchy/schema-sample.json");
    assert!(matches!(refused(half(&text)), ImportError::TruncatedJson { .. }));
    let error = refused(&edit(&text, "\"concurrency\": 1,", "\"concurrency\": \"1\","));
    assert!(matches!(&error, ImportError::WrongType { key, .. } if key == "benchmarks[0].concurrency"), "{error:?}");
    let empty = "{\"version\": \"0.2.2\", \"model\": \"test\", \"benchmarks\": []}";
    assert_eq!(refused(empty), ImportError::NoPoints);
    let error = refused(&edit(&text, "\"concurrency\": 1,", "\"concurrency\": 1e300,"));
    assert!(matches!(error, ImportError::ConcurrencyTooLarge { .. }), "{error:?}");
    // GuideLLM's benchmarks.json (also a `benchmarks` array) is read as GuideLLM.
    assert_eq!(import(&fixture(GUIDELLM), "").expect("GuideLLM").format, Format::GuideLlmJson);
}

#[test]
fn csv_and_two_column_malformed() {
    let text = extra("aggregate.csv");
    assert!(matches!(refused(&format!("{text}16")), ImportError::BadRow { line: 5, expected: 2, found: 1 }));
    let error = refused(&edit(&text, "4,240", "4,fast"));
    assert!(matches!(error, ImportError::NotANumber { line: 3, .. }), "{error:?}");
    assert_eq!(refused("concurrency,aggregate tok/s\n"), ImportError::NotRecognised);
    let error = refused(&edit(&text, "8,360", "1e300,360"));
    assert!(matches!(error, ImportError::ConcurrencyTooLarge { line: Some(4), .. }), "{error:?}");
    assert!(matches!(refused("1 81.2\n1e300 20\n"), ImportError::ConcurrencyTooLarge { line: Some(2), .. }));
    // AIPerf's CSV is read as AIPerf, not as a two-column table.
    assert_eq!(import(&fixture(AIPERF_CSV), "").expect("AIPerf CSV").format, Format::AiperfCsv);
}
