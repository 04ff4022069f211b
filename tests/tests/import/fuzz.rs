//! Bounded fuzzing of the importers (proptest, fixed case counts so CI time is bounded): any
//! bytes, any text, mutated real fixtures and token soup from the formats' own vocabulary must
//! give an import or an error, never a panic; an import must satisfy its invariants.

use proptest::prelude::*;
use sizer_import::{
    Import, MAX_IMPORT_CONCURRENCY, MAX_LABEL_CHARS, Outcome, decode_points, encode_points, import, import_bytes,
};

const CASES: u32 = 2_000;
/// Mutations of whole fixtures parse more text per case.
const FIXTURE_CASES: u32 = 600;

fn config(cases: u32) -> ProptestConfig {
    // Failures print their minimal input; regression files are not kept (fixed inputs below).
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// Every input the tests know: the real fixtures (`tests/fixtures/`) and the constructed extras.
fn corpus() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let shared = [
        "llama-batched-bench/dgx-spark-gpt-oss.md",
        "vllm-bench-serve/openai-1.0qps-Qwen3-VL-8B-Instruct-20260722-041843.json",
        "vllm-bench-serve/qwen3-vl-8b-same-run.console.txt",
        "vllm-bench-serve/pr36559-c8-c16.console.txt",
        "llama-benchy/schema-sample.json",
        "llama-benchy/readme-outputs.md",
        "guidellm/intel-xpu-qwen3-4b-thinking-tp4-fp8__concurrent4__guidellm-0.5.0.dev0.json",
        "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c8.jsonl",
        "sglang-bench-serving/8xh200-llama-3.1-405b__llama_405b_online_output.jsonl",
        "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c2__profile_export_aiperf.json",
        "aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-c2__profile_export_aiperf.csv",
        "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.json",
        "dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.md",
        "dgx-spark-vllm/gpt-oss-20b-mxfp4__01-chat.llama-benchy.log",
        // The arena's suite formats: llama-benchy with depth rows, a sweep step, its summary, meta.json.
        "arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/04-multi-turn.md",
        "arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/05-big-context.md",
        "arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/11-rate-sweep-0.5.json",
        "arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/11-rate-sweep.json",
        "arena/qwen-3.6/qwen-3.6-35b-a3b/fp8/meta.json",
    ];
    let mut texts: Vec<String> =
        shared.iter().map(|p| std::fs::read_to_string(format!("{root}/fixtures/{p}")).expect("real fixture")).collect();
    let extra_dir = format!("{root}/fixtures-extra");
    let mut extras: Vec<_> =
        std::fs::read_dir(&extra_dir).expect("fixtures-extra").filter_map(Result::ok).map(|e| e.path()).collect();
    extras.sort();
    texts.extend(extras.iter().filter_map(|p| std::fs::read_to_string(p).ok()));
    texts
}

/// What every successful import promises.
fn check(result: Result<Import, sizer_import::ImportError>) {
    let import = match result {
        Ok(import) => import,
        Err(error) => {
            let sentence = error.to_string();
            assert!(!sentence.is_empty() && !sentence.contains('\n'), "{sentence:?}");
            return;
        }
    };
    assert!(!import.runs.is_empty());
    for run in &import.runs {
        assert!(!run.label.is_empty());
        assert!(run.label.chars().count() <= MAX_LABEL_CHARS, "{:?}", run.label);
        assert!(!run.label.chars().any(char::is_control), "{:?}", run.label);
        assert!(!run.points.is_empty());
        let mut previous = 0.0;
        for point in &run.points {
            if let Some(c) = point.concurrency {
                assert!(c > previous && c <= MAX_IMPORT_CONCURRENCY && c.fract() == 0.0, "{c}");
                previous = c;
                let speed = point.speed(run.basis).expect("a speed on the run's basis");
                assert!(speed.is_finite() && speed > 0.0);
            }
        }
    }
    if import.outcome() == Outcome::Ready {
        let runs = import.to_runs().expect("a ready import maps to runs");
        assert_eq!(runs.len(), import.runs.len());
    }
    for warning in &import.warnings {
        assert!(!warning.to_string().is_empty());
    }
}

/// Words, numbers and punctuation of every supported format.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("|".to_owned()),
        Just("\n".to_owned()),
        Just(" ".to_owned()),
        Just(",".to_owned()),
        Just(";".to_owned()),
        Just(":".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("\"".to_owned()),
        Just("±".to_owned()),
        Just("| PP | TG | B | S_PP t/s | S_TG t/s |\n".to_owned()),
        Just("|---|---|---|---|---|\n".to_owned()),
        Just("| model | test | t/s (total) | t/s (req) | ttfr (ms) |\n".to_owned()),
        Just("tg32 @ d4096 (c2)".to_owned()),
        Just("pp2048 (c1)".to_owned()),
        Just("ctx_tg".to_owned()),
        Just("============ Serving Benchmark Result ============\n".to_owned()),
        Just("Maximum request concurrency:".to_owned()),
        Just("Median TPOT (ms):".to_owned()),
        Just("Output token throughput (tok/s):".to_owned()),
        Just("Backend:".to_owned()),
        Just("==================================================\n".to_owned()),
        Just("\"median_tpot_ms\":".to_owned()),
        Just("\"output_throughput\":".to_owned()),
        Just("\"max_concurrency\":".to_owned()),
        Just("\"benchmarks\":".to_owned()),
        Just("\"tg_req_throughput\": {\"mean\":".to_owned()),
        Just("\"concurrency\":".to_owned()),
        Just("\"speed_tg\":".to_owned()),
        Just("\"pl\":".to_owned()),
        Just("\"tg\":".to_owned()),
        Just("\"pp\":".to_owned()),
        Just("null".to_owned()),
        Just("\"inf\"".to_owned()),
        Just("concurrency,tok/s\n".to_owned()),
        Just("\"median_e2e_latency_ms\":".to_owned()),
        Just("\"median_itl_ms\":".to_owned()),
        Just("\"request_rate\": Infinity".to_owned()),
        Just("Infinity".to_owned()),
        Just("-Infinity".to_owned()),
        Just("\"server_info\": {\"model_path\": \"/models/models--a--b/snapshots/0123456789abcdef/\"}".to_owned()),
        Just("\"metadata\": {\"guidellm_version\": \"0.5\"}".to_owned()),
        Just("\"metrics\": {\"inter_token_latency_ms\": {\"successful\": {\"median\":".to_owned()),
        Just("\"config\": {\"strategy\": {\"type_\": \"concurrent\", \"streams\":".to_owned()),
        Just("\"type_\": \"synchronous\"".to_owned()),
        Just("\"aiperf_version\": \"0.10.0\"".to_owned()),
        Just("\"output_token_throughput_per_user\": {\"avg\":".to_owned()),
        Just("\"inter_token_latency\": {\"avg\":".to_owned()),
        Just("\"phases\": [{\"name\": \"profiling\", \"type\": \"concurrency\", \"concurrency\":".to_owned()),
        Just("Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\n".to_owned()),
        Just("Output Token Throughput Per User (tokens/sec/user),".to_owned()),
        Just("Metric,Value\n".to_owned()),
        Just("### Qwen3-8B, max_concurrency 8\n".to_owned()),
        Just("**Model:** openai/gpt-oss-20b\n".to_owned()),
        Just("\"a, b\",".to_owned()),
        Just("<html>".to_owned()),
        Just("\u{0}".to_owned()),
        Just("\u{1b}[0m".to_owned()),
        Just("\r".to_owned()),
        (-5.0e3f64..1.0e6).prop_map(|v| format!("{v}")),
        (0u32..70).prop_map(|v| v.to_string()),
        Just("1e308".to_owned()),
        Just("-0".to_owned()),
        Just("NaN".to_owned()),
    ]
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2_048)) {
        check(import_bytes(&bytes, "fuzz"));
    }

    #[test]
    fn any_text(text in any::<String>(), name in any::<String>()) {
        check(import(&text, &name));
    }

    #[test]
    fn token_soup(tokens in proptest::collection::vec(token(), 0..120)) {
        check(import(&tokens.concat(), ""));
    }

    #[test]
    fn any_share_text(text in "[0-9.:,]{0,64}|\\PC{0,32}") {
        if let Ok(points) = decode_points(&text) {
            prop_assert!(points.windows(2).all(|w| w[0].0 < w[1].0));
            prop_assert!(points.iter().all(|(c, s)| *c > 0.0 && *s > 0.0 && c.is_finite() && s.is_finite()));
            prop_assert!(encode_points(&points).is_ok());
        }
    }
}

proptest! {
    #![proptest_config(config(FIXTURE_CASES))]

    #[test]
    fn fixtures_truncated_anywhere(pick in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let corpus = corpus();
        let text = pick.get(&corpus);
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let end = if boundaries.is_empty() { 0 } else { *cut.get(&boundaries) };
        check(import(&text[..end], ""));
    }

    #[test]
    fn fixtures_with_a_splice(pick in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), len in 0usize..40, insert in "\\PC{0,12}") {
        let corpus = corpus();
        let text = pick.get(&corpus);
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let start = *at.get(&boundaries);
        let end = boundaries.iter().copied().find(|b| *b >= start + len).unwrap_or(text.len());
        let spliced = format!("{}{}{}", &text[..start], insert, &text[end..]);
        check(import(&spliced, ""));
    }
}
