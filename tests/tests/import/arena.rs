//! The DGX Spark arena (`tests/fixtures/arena/`, 19 runs, provenance in the fixtures README)
//! through the suite importer: every run folder imports whole, with literal values read from
//! the files by hand as the oracle; a drop that mixes servers refuses the foreign files by name.

use crate::support;

use sizer_data::suite::{ClosedLoopWorkload, SuiteRun, WorkloadKind};
use sizer_import::ImportError;
use sizer_import::suite::{SuiteError, SuiteImport, import_suite};
use sizer_tests::{EXACT, assert_close};

/// Every run: its folder, and the rate-sweep steps it has (README: the three aborted sweeps).
const RUNS: [(&str, usize); 19] = [
    ("gemma-4/gemma-4-26b-a4b-it/bf16", 6),
    ("gemma-4/gemma-4-26b-a4b-it/bf16-v23", 6),
    ("gemma-4/gemma-4-31b-it/bf16", 6),
    ("gemma-4/gemma-4-e2b-it/bf16", 6),
    ("gpt-oss/gpt-oss-20b/mxfp4", 6),
    ("kat-coder/kat-coder-v2.5/bf16", 6),
    ("ministral-3/ministral-3-3b-instruct/bf16", 4),
    ("ministral-3/ministral-3-8b-instruct/bf16", 1),
    ("muse-glimmer/muse-glimmer-30b/bf16", 6),
    ("nemotron-3/nemotron-3-nano-30b-a3b/bf16", 6),
    ("nemotron-3/nemotron-3-nano-30b-a3b/nvfp4", 6),
    ("nemotron-3/nemotron-3-nano-4b/fp8", 6),
    ("nemotron-3/nemotron-3-nano-omni-30b-a3b-reasoning/fp8", 0),
    ("nemotron-cascade-2/nemotron-cascade-2-30b-a3b/bf16", 6),
    ("qwen-3.5/qwen-3.5-0.8b/bf16", 6),
    ("qwen-3.5/qwen-3.5-4b/bf16", 6),
    ("qwen-3.6/qwen-3.6-27b/bf16", 6),
    ("qwen-3.6/qwen-3.6-35b-a3b/fp8", 6),
    ("qwen-3.8/qwen-3.8-27b/bf16", 6),
];

const QWEN: &str = "qwen-3.6/qwen-3.6-35b-a3b/fp8";

/// A run folder's files, `(name, text)`, sorted by name.
fn folder(run: &str) -> Vec<(String, String)> {
    support::arena_folder(run)
}

fn import(files: &[(String, String)]) -> SuiteImport {
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    import_suite(&borrowed)
}

fn whole(run: &str) -> SuiteRun {
    let imported = import(&folder(run));
    let refused: Vec<String> = imported.refused.iter().map(ToString::to_string).collect();
    assert!(refused.is_empty(), "{run}: refused {refused:?}");
    imported.run.unwrap_or_else(|| panic!("{run}: no run"))
}

fn workload<'a>(run: &'a SuiteRun, name: &str) -> &'a ClosedLoopWorkload {
    run.workloads.iter().find(|w| w.name == name).unwrap_or_else(|| {
        panic!("no workload {name:?} in {:?}", run.workloads.iter().map(|w| w.name.as_str()).collect::<Vec<_>>())
    })
}

#[test]
fn every_run_imports_with_its_workloads_and_steps() {
    for (run, sweep_steps) in RUNS {
        let files = folder(run);
        let imported = import(&files);
        assert!(imported.refused.is_empty(), "{run}: {:?}", imported.refused);
        // Only the suite's own notes and the sweep's markdown summary are left unread.
        for name in &imported.ignored {
            assert!(name.starts_with('_') || name == "11-rate-sweep.md", "{run}: ignored {name}");
        }
        let got = imported.run.expect("a run");
        // Six closed-loop files; 05-big-context holds four prompt lengths.
        assert_eq!(got.workloads.len(), 9, "{run}: workloads");
        // 3 concurrencies in each of 01 to 04 and in each prompt length of 05, one in 06.
        let points: usize = got.workloads.iter().map(|w| w.points.len()).sum();
        assert_eq!(points, 4 * 3 + 4 * 3 + 1, "{run}: points");
        for point in got.workloads.iter().flat_map(|w| &w.points) {
            // Every cell the arena prints carries its `±` spread, and every tg row has its pp row.
            let line = point.source.line;
            assert!(point.per_request_tok_s.spread.is_some(), "{run}: line {line}");
            assert!(point.total_tok_s.and_then(|t| t.spread).is_some(), "{run}: line {line}");
            assert!(point.prompt_tok_s.and_then(|t| t.spread).is_some(), "{run}: line {line}");
            assert!(point.ttfr_ms.and_then(|t| t.spread).is_some(), "{run}: line {line}");
            assert_eq!(point.source.prompt_line, Some(line - 1), "{run}: the pp row sits just above");
        }
        let per_file = |file: &str| got.workloads.iter().filter(|w| w.file == file).count();
        assert_eq!(per_file("05-big-context.md"), 4, "{run}");
        assert_eq!(per_file("06-concurrency-stress.md"), 1, "{run}");
        assert_eq!(got.load.tests.len(), 4, "{run}: 07 to 10");
        assert_eq!(got.load.sweep.len(), sweep_steps, "{run}: sweep steps");
        let summary = got.load.summary.as_ref().expect("a sweep summary");
        assert_eq!(summary.listed_rates.len(), sweep_steps, "{run}: the summary lists each step");
        let setup = got.setup.as_ref().expect("meta.json");
        assert_eq!(got.model, setup.model);
        // Every load of 07 to 10 gets its command line's lengths from its report.
        for step in &got.load.tests {
            assert!(step.configured.is_some(), "{run}: {} has no configured lengths", step.file);
        }
    }
}

#[test]
fn qwen_chat_at_concurrency_10_reads_the_row() {
    let run = whole(QWEN);
    let chat = workload(&run, "01-chat");
    assert_eq!(chat.kind, WorkloadKind::Chat);
    assert_close(chat.prompt_tokens, 1024.0, EXACT);
    assert_close(chat.answer_tokens, 1024.0, EXACT);
    assert_close(chat.context_depth, 0.0, EXACT);
    let concurrencies: Vec<f64> = chat.points.iter().map(|p| p.concurrency).collect();
    assert_eq!(concurrencies, [1.0, 5.0, 10.0]);
    let c10 = &chat.points[2];
    // `| tg1024 (c10) |   150.15 ± 1.23 |     15.29 ± 0.18 |` (line 28) and its pp row (line 27).
    assert_close(c10.per_request_tok_s.mean, 15.29, EXACT);
    assert_close(c10.per_request_tok_s.spread.expect("± 0.18"), 0.18, EXACT);
    let total = c10.total_tok_s.expect("t/s (total)");
    assert_close(total.mean, 150.15, EXACT);
    assert_close(total.spread.expect("± 1.23"), 1.23, EXACT);
    let prompt = c10.prompt_tok_s.expect("pp1024 (c10) t/s (total)");
    assert_close(prompt.mean, 3849.13, EXACT);
    assert_close(prompt.spread.expect("± 9.63"), 9.63, EXACT);
    assert_close(c10.prompt_tok_s_per_request.expect("t/s (req)").mean, 772.31, EXACT);
    let ttfr = c10.ttfr_ms.expect("ttfr (ms)");
    assert_close(ttfr.mean, 1652.46, EXACT);
    assert_close(ttfr.spread.expect("± 621.05"), 621.05, EXACT);
    assert_eq!(c10.source.line, 28);
    assert_eq!(c10.source.counter, "tg1024 (c10)");
    assert_eq!(c10.source.prompt_line, Some(27));
    assert_eq!(c10.source.prompt_counter.as_deref(), Some("pp1024 (c10)"));
}

#[test]
fn qwen_depth_and_big_context_rows() {
    let run = whole(QWEN);
    // `| tg512 @ d4 (c5) | 105.94 ± 1.62 | 22.10 ± 0.65 |`: the depth is llama-benchy's `--depth 4`.
    let turns = workload(&run, "04-multi-turn");
    assert_eq!(turns.kind, WorkloadKind::MultiTurn);
    assert_close(turns.prompt_tokens, 2048.0, EXACT);
    assert_close(turns.answer_tokens, 512.0, EXACT);
    assert_close(turns.context_depth, 4.0, EXACT);
    let c5 = turns.points.iter().find(|p| p.concurrency == 5.0).expect("c5");
    assert_close(c5.per_request_tok_s.mean, 22.10, EXACT);
    assert_close(c5.per_request_tok_s.spread.expect("spread"), 0.65, EXACT);
    // `| tg256 (c10) | 50.05 ± 0.12 | 8.93 ± 3.35 |` after `pp16384 (c10)` (ttfr 22089.14 ± 11292.94).
    let big = workload(&run, "05-big-context pp16384/tg256");
    assert_eq!(big.kind, WorkloadKind::BigContext);
    let c10 = big.points.iter().find(|p| p.concurrency == 10.0).expect("c10");
    assert_close(c10.per_request_tok_s.mean, 8.93, EXACT);
    assert_close(c10.total_tok_s.expect("total").mean, 50.05, EXACT);
    assert_close(c10.ttfr_ms.expect("ttfr").mean, 22089.14, EXACT);
    // `| tg256 (c20) | 36.69 ± 0.04 | 4.69 ± 3.18 |`
    let stress = workload(&run, "06-concurrency-stress");
    assert_eq!(stress.kind, WorkloadKind::ConcurrencyStress);
    assert_close(stress.prompt_tokens, 25000.0, EXACT);
    assert_eq!(stress.points.len(), 1);
    assert_close(stress.points[0].concurrency, 20.0, EXACT);
    assert_close(stress.points[0].per_request_tok_s.mean, 4.69, EXACT);
    let rag = workload(&run, "02-rag-8k");
    assert_eq!(rag.kind, WorkloadKind::Rag);
    assert_close(rag.prompt_tokens, 8192.0, EXACT);
    assert_close(rag.answer_tokens, 512.0, EXACT);
}

#[test]
fn qwen_sweep_step_at_half_a_request_per_second() {
    let run = whole(QWEN);
    let rates: Vec<Option<f64>> = run.load.sweep.iter().map(|s| s.rate_per_s).collect();
    assert_eq!(rates, [Some(0.1), Some(0.2), Some(0.3), Some(0.5), Some(0.7), Some(1.0)]);
    let step = &run.load.sweep[3];
    assert_eq!(step.file, "11-rate-sweep-0.5.json");
    assert_close(step.ttft_ms.p95, 5257.3898184113195, EXACT);
    assert_close(step.ttft_ms.p50, 2447.4146440043114, EXACT);
    assert_close(step.ttft_ms.p99, 6197.313154740262, EXACT);
    assert_close(step.median_tpot_ms, 203.0226810398551, EXACT);
    assert_close(step.p99_tpot_ms, 282.0994867943091, EXACT);
    assert_close(step.max_concurrent_requests.expect("max_concurrent_requests"), 66.0, EXACT);
    assert_close(step.burstiness, 0.7, EXACT);
    assert_eq!((step.num_prompts, step.completed, step.failed), (125, 125, 0));
    assert_close(step.total_input_tokens, 522_825.0, EXACT);
    assert_close(step.total_output_tokens, 61_228.0, EXACT);
    assert_close(step.request_throughput, 0.40399385153278644, EXACT);
    assert_close(step.output_tok_s, 197.88588433319558, EXACT);
    assert_close(step.duration_s, 309.410649508005, EXACT);
    assert_close(step.mean_input_tokens().expect("completed"), 522_825.0 / 125.0, EXACT);
    assert_eq!(step.max_concurrency, None);
    assert_eq!(step.date.as_deref(), Some("20260814-153342"));
    // The sweep's step files have no report beside them, so no command line.
    assert!(step.configured.is_none());
    // 07-office-baseline.md: `--random-input-len 4000 --random-output-len 500 --random-range-ratio 0.9`.
    let office = run.load.tests.iter().find(|s| s.file == "07-office-baseline.json").expect("07");
    let lengths = office.configured.as_ref().expect("from 07-office-baseline.md");
    assert_eq!(lengths.dataset.as_deref(), Some("random"));
    assert_eq!(
        (lengths.input_tokens, lengths.output_tokens, lengths.range_ratio),
        (Some(4000.0), Some(500.0), Some(0.9))
    );
    assert_close(office.ttft_ms.p95, 3712.303971996879, EXACT);
    let peak = run.load.tests.iter().find(|s| s.file == "10-monday-peak.json").expect("10");
    assert_eq!(peak.max_concurrency, Some(25.0));
    assert_eq!(peak.rate_per_s, Some(1.5));
}

#[test]
fn qwen_setup_is_its_meta_json() {
    let run = whole(QWEN);
    let setup = run.setup.expect("meta.json");
    assert_eq!(setup.model, "Qwen/Qwen3.6-35B-A3B-FP8");
    assert_eq!(setup.served_name.as_deref(), Some("qwen3.6-35b-a3b-fp8"));
    assert_eq!(setup.profile.as_deref(), Some("fp8"));
    assert_eq!(setup.image.as_deref(), Some("vllm/vllm-openai:v0.26.0-aarch64-cu129-ubuntu2404"));
    assert_eq!(setup.vllm_version.as_deref(), Some("0.26.0"));
    assert_eq!(setup.gpu_memory_utilization, Some(0.90));
    assert_eq!(setup.kv_cache_dtype.as_deref(), Some("fp8"));
    assert_eq!(setup.max_model_len, Some(131_072.0));
    assert_eq!(setup.prefix_caching, Some(false));
    assert_eq!(setup.async_scheduling, Some(true));
    assert_eq!(
        setup.extra_flags.as_deref(),
        Some(
            "--language-model-only --reasoning-parser qwen3 --trust-remote-code --linear-backend marlin --moe-backend marlin"
        )
    );
    assert_eq!(setup.env_vars.as_deref(), Some("VLLM_TEST_FORCE_FP8_MARLIN=1"));
}

/// The capacity (configured req/s) at 2, 5 and 10 s each run's `11-rate-sweep.json` reports,
/// copied by hand from the files.
const CAPACITY: [(&str, [Option<f64>; 3]); 19] = [
    ("gemma-4/gemma-4-26b-a4b-it/bf16", [None, Some(0.7), Some(1.0)]),
    ("gemma-4/gemma-4-26b-a4b-it/bf16-v23", [None, Some(0.7), Some(1.0)]),
    ("gemma-4/gemma-4-31b-it/bf16", [None, None, None]),
    ("gemma-4/gemma-4-e2b-it/bf16", [Some(1.0), Some(1.0), Some(1.0)]),
    ("gpt-oss/gpt-oss-20b/mxfp4", [Some(0.3), Some(1.0), Some(1.0)]),
    ("kat-coder/kat-coder-v2.5/bf16", [None, Some(0.5), Some(1.0)]),
    ("ministral-3/ministral-3-3b-instruct/bf16", [Some(0.3), Some(0.5), Some(0.5)]),
    ("ministral-3/ministral-3-8b-instruct/bf16", [None, Some(0.1), Some(0.1)]),
    ("muse-glimmer/muse-glimmer-30b/bf16", [None, None, None]),
    ("nemotron-3/nemotron-3-nano-30b-a3b/bf16", [Some(0.1), Some(1.0), Some(1.0)]),
    ("nemotron-3/nemotron-3-nano-30b-a3b/nvfp4", [Some(0.2), Some(1.0), Some(1.0)]),
    ("nemotron-3/nemotron-3-nano-4b/fp8", [Some(0.7), Some(1.0), Some(1.0)]),
    ("nemotron-3/nemotron-3-nano-omni-30b-a3b-reasoning/fp8", [None, None, None]),
    ("nemotron-cascade-2/nemotron-cascade-2-30b-a3b/bf16", [None, Some(1.0), Some(1.0)]),
    ("qwen-3.5/qwen-3.5-0.8b/bf16", [Some(1.0), Some(1.0), Some(1.0)]),
    ("qwen-3.5/qwen-3.5-4b/bf16", [Some(0.1), Some(0.7), Some(1.0)]),
    ("qwen-3.6/qwen-3.6-27b/bf16", [None, None, None]),
    ("qwen-3.6/qwen-3.6-35b-a3b/fp8", [None, Some(0.3), Some(0.7)]),
    ("qwen-3.8/qwen-3.8-27b/bf16", [None, None, None]),
];

#[test]
fn capacity_recomputed_from_the_steps_equals_the_files() {
    for (run, expected) in CAPACITY {
        let got = whole(run);
        let summary = got.load.summary.as_ref().expect("summary");
        for (limit, want) in [2_000.0, 5_000.0, 10_000.0].into_iter().zip(expected) {
            assert_eq!(got.load.recomputed_capacity(limit), want, "{run}: recomputed at {limit} ms");
            assert_eq!(summary.capacity_at(limit), want, "{run}: the summary's own at {limit} ms");
        }
    }
}

#[test]
fn aborted_sweeps_and_the_queue_knee_are_kept() {
    let summary = |run: &str| whole(run).load.summary.expect("summary");
    let three_b = summary("ministral-3/ministral-3-3b-instruct/bf16");
    assert_eq!(three_b.aborted_at_rps, Some(1.0));
    assert_eq!(three_b.listed_rates, [0.1, 0.2, 0.3, 0.5]);
    assert_eq!(summary("ministral-3/ministral-3-8b-instruct/bf16").aborted_at_rps, Some(0.2));
    let omni = summary("nemotron-3/nemotron-3-nano-omni-30b-a3b-reasoning/fp8");
    assert_eq!(omni.aborted_at_rps, None);
    assert!(omni.listed_rates.is_empty());
    let gpt = summary("gpt-oss/gpt-oss-20b/mxfp4");
    assert_eq!(gpt.queue_knee_rps, Some(0.7));
    assert_eq!(gpt.aborted_at_rps, None);
    // `"5000": {"configured_rps": 1.0, "achieved_rps": 0.863, "ttft_p95_ms": 3289.3, ...}`
    let at = gpt.capacity.iter().find(|c| c.limit_ms == 5_000.0).and_then(|c| c.at).expect("5 s");
    assert_eq!(at.achieved_rps, Some(0.863));
    assert_eq!(at.ttft_p95_ms, Some(3289.3));
    assert_eq!(at.peak_concurrent, Some(74.0));
    // ministral-3-8b's one step: p95 2674.826132626913 ms, median TPOT 47.86728721827292 ms, 8 in flight.
    let eight_b = whole("ministral-3/ministral-3-8b-instruct/bf16");
    let step = &eight_b.load.sweep[0];
    assert_close(step.ttft_ms.p95, 2674.826132626913, EXACT);
    assert_close(step.median_tpot_ms, 47.86728721827292, EXACT);
    assert_eq!(step.max_concurrent_requests, Some(8.0));
    // nemotron-3-nano-omni's monday peak: 102 of 300 requests failed.
    let omni_run = whole("nemotron-3/nemotron-3-nano-omni-30b-a3b-reasoning/fp8");
    let peak = omni_run.load.tests.iter().find(|s| s.file == "10-monday-peak.json").expect("10");
    assert_eq!((peak.num_prompts, peak.completed, peak.failed), (300, 198, 102));
}

#[test]
fn a_file_of_another_model_is_refused_by_name_and_the_rest_imports() {
    let mut files = folder(QWEN);
    let other = folder("qwen-3.6/qwen-3.6-27b/bf16");
    let foreign = |name: &str| other.iter().find(|(n, _)| n == name).expect("a 27b file").clone();
    // First in the drop, so the server is known from meta.json, not from the order.
    files.insert(0, foreign("01-chat.md"));
    files.push(("27b-sweep-0.5.json".to_owned(), foreign("11-rate-sweep-0.5.json").1));
    let imported = import(&files);
    let refused: Vec<String> = imported.refused.iter().map(ToString::to_string).collect();
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert_eq!(
        refused[0],
        "01-chat.md: this file measured Qwen/Qwen3.6-27B, not Qwen/Qwen3.6-35B-A3B-FP8 like the other files, so it was left out; import it on its own."
    );
    assert!(refused[1].starts_with("27b-sweep-0.5.json: this file measured Qwen/Qwen3.6-27B,"), "{}", refused[1]);
    let run = imported.run.expect("the 35b run");
    assert_eq!(run.workloads.len(), 9);
    assert_close(workload(&run, "01-chat").points[2].per_request_tok_s.mean, 15.29, EXACT);
    assert_eq!(run.load.sweep.len(), 6);
    assert_eq!(run.load.tests.len(), 4);
}

#[test]
fn without_meta_json_the_model_most_files_name_wins() {
    let mut files: Vec<(String, String)> = folder(QWEN).into_iter().filter(|(n, _)| n != "meta.json").collect();
    let other = folder("qwen-3.6/qwen-3.6-27b/bf16");
    files.insert(0, other.iter().find(|(n, _)| n == "02-rag-8k.md").expect("27b rag").clone());
    let imported = import(&files);
    assert_eq!(imported.refused.len(), 1);
    assert!(matches!(&imported.refused[0].error, SuiteError::OtherModel { named, .. } if named == "Qwen/Qwen3.6-27B"));
    let run = imported.run.expect("a run");
    assert_eq!(run.model, "Qwen/Qwen3.6-35B-A3B-FP8");
    assert!(run.setup.is_none());
    assert_eq!(run.workloads.len(), 9);
}

#[test]
fn a_meta_json_of_another_model_is_refused_and_the_files_keep_their_model() {
    let mut files = folder(QWEN);
    let other = folder("qwen-3.6/qwen-3.6-27b/bf16");
    let slot = files.iter_mut().find(|(n, _)| n == "meta.json").expect("meta.json");
    slot.1 = other.iter().find(|(n, _)| n == "meta.json").expect("27b meta").1.clone();
    let imported = import(&files);
    let refused: Vec<String> = imported.refused.iter().map(ToString::to_string).collect();
    assert_eq!(
        refused,
        [
            "meta.json: this file measured Qwen/Qwen3.6-27B, not Qwen/Qwen3.6-35B-A3B-FP8 like the other files, so it was left out; import it on its own."
        ]
    );
    let run = imported.run.expect("the 35b run");
    assert_eq!(run.model, "Qwen/Qwen3.6-35B-A3B-FP8");
    assert!(run.setup.is_none());
    assert_eq!(run.workloads.len(), 9);
}

#[test]
fn another_profile_of_the_same_model_is_refused() {
    let mut files = folder("gemma-4/gemma-4-26b-a4b-it/bf16");
    let v23 = folder("gemma-4/gemma-4-26b-a4b-it/bf16-v23");
    files.push(v23.iter().find(|(n, _)| n == "02-rag-8k.md").expect("v23 rag").clone());
    let imported = import(&files);
    let refused: Vec<String> = imported.refused.iter().map(ToString::to_string).collect();
    assert_eq!(
        refused,
        [
            "02-rag-8k.md: this file is of the profile \"bf16-v23\", not \"bf16\" like the other files, so it was left out; import it on its own."
        ]
    );
    assert_eq!(imported.run.expect("bf16").workloads.len(), 9);
}

/// The qwen folder with one file replaced by `text`.
fn with_file(name: &str, text: &str) -> SuiteImport {
    let mut files = folder(QWEN);
    let slot = files.iter_mut().find(|(n, _)| n == name).expect("the file");
    slot.1 = text.to_owned();
    import(&files)
}

/// Exactly one file refused, as one sentence naming it; everything else imported.
fn one_refused(imported: &SuiteImport, name: &str) -> String {
    assert_eq!(imported.refused.len(), 1, "{:?}", imported.refused);
    let sentence = imported.refused[0].to_string();
    assert!(sentence.starts_with(&format!("{name}: ")), "{sentence}");
    assert!(sentence.ends_with('.') && !sentence.contains('\n'), "{sentence}");
    sentence
}

#[test]
fn a_malformed_file_gets_one_sentence_and_the_rest_imports() {
    let step = folder(QWEN).into_iter().find(|(n, _)| n == "11-rate-sweep-0.5.json").expect("step").1;
    let truncated = with_file("11-rate-sweep-0.5.json", &step[..step.len() / 2]);
    one_refused(&truncated, "11-rate-sweep-0.5.json");
    assert!(matches!(truncated.refused[0].error, SuiteError::Import(ImportError::TruncatedJson { .. })));
    let run = truncated.run.expect("the rest");
    assert_eq!(run.load.sweep.len(), 5);
    assert_eq!(run.workloads.len(), 9);

    let nan = step.replace("\"p95_ttft_ms\": 5257.3898184113195", "\"p95_ttft_ms\": \"NaN\"");
    let sentence = one_refused(&with_file("11-rate-sweep-0.5.json", &nan), "11-rate-sweep-0.5.json");
    assert_eq!(sentence, "11-rate-sweep-0.5.json: line 1: p95_ttft_ms should be a number.");

    let huge = step.replace("\"p95_ttft_ms\": 5257.3898184113195", "\"p95_ttft_ms\": 1e400");
    one_refused(&with_file("11-rate-sweep-0.5.json", &huge), "11-rate-sweep-0.5.json");

    let negative = step.replace("\"median_tpot_ms\": 203.0226810398551", "\"median_tpot_ms\": -1");
    let sentence = one_refused(&with_file("11-rate-sweep-0.5.json", &negative), "11-rate-sweep-0.5.json");
    assert_eq!(sentence, "11-rate-sweep-0.5.json: median_tpot_ms cannot be negative (-1).");

    let many = step.replace("\"num_prompts\": 125", "\"num_prompts\": 1e300");
    let sentence = one_refused(&with_file("11-rate-sweep-0.5.json", &many), "11-rate-sweep-0.5.json");
    assert_eq!(sentence, "11-rate-sweep-0.5.json: num_prompts must be a whole number of requests, not 1e300.");

    let chat = folder(QWEN).into_iter().find(|(n, _)| n == "01-chat.md").expect("chat").1;
    let garbled = chat.replace("15.29 ± 0.18", "fast ± 0.18");
    let broken = with_file("01-chat.md", &garbled);
    let sentence = one_refused(&broken, "01-chat.md");
    assert_eq!(sentence, "01-chat.md: line 28: t/s (req) is not a number (\"fast ± 0.18\").");
    assert_eq!(broken.run.expect("the rest").workloads.len(), 8);

    let empty = with_file("meta.json", "  \n");
    assert_eq!(one_refused(&empty, "meta.json"), "meta.json: The input is empty: paste or drop a benchmark result.");
    assert!(empty.run.expect("the rest").setup.is_none());

    let unknown = with_file("08-sharegpt.json", "{\"hello\": 1}");
    one_refused(&unknown, "08-sharegpt.json");
    assert!(matches!(unknown.refused[0].error, SuiteError::NotRecognised));
}

#[test]
fn one_arena_file_alone_still_imports_as_curves() {
    // The single-file importer reads the same rows (through the shared llama-benchy row reader).
    let big = folder(QWEN).into_iter().find(|(n, _)| n == "05-big-context.md").expect("05").1;
    let imported = sizer_import::import(&big, "").expect("llama-benchy markdown");
    assert_eq!(imported.runs.len(), 4, "one curve per prompt length");
    let curve = imported.runs.iter().find(|r| r.label.contains("pp16384/tg256")).expect("pp16384");
    let points = curve.per_request_points();
    assert_eq!(points.len(), 3);
    assert_close(points[2].0, 10.0, EXACT);
    assert_close(points[2].1, 8.93, EXACT);
    assert_close(curve.points[2].figures.prefill_tok_s.expect("pp16384 (c10)"), 3763.15, EXACT);
    assert_close(curve.points[2].figures.ttft_mean_ms.expect("ttfr"), 22089.14, EXACT);
}
