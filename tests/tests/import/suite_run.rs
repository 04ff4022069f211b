//! A whole arena folder dropped in the page at once: `sizer_import::suite::suite_of_files`, the
//! function the import panel calls with the files' bytes, gives one person's run equal to the
//! dataset's arena run (every workload and point, the server settings, the measured load);
//! literal values read from the files by hand; the sizing uses the workload nearest the
//! prompts; a file of another model is refused naming both models; files that are not one suite
//! are left to the ordinary import.

use crate::support;

use std::rc::Rc;

use sizer_core::Scenario;
use sizer_data::suite::ARENA_FOLDERS;
use sizer_data::{
    Dataset, Run, RunOrigin, RunWorkload, TokenCount, WorkloadKind, dataset, measured_load, sized_own_run,
};
use sizer_import::suite::{SuiteError, SuiteRunImport, suite_of_files};
use sizer_tests::{EXACT, assert_close_msg};

const QWEN: &str = "qwen-3.6/qwen-3.6-35b-a3b/fp8";

/// A folder's files as the browser reads them: `(name, bytes)`, sorted by name.
fn dropped(folder: &str) -> Vec<(String, Vec<u8>)> {
    support::arena_folder(folder).into_iter().map(|(name, text)| (name, text.into_bytes())).collect()
}

fn import(files: &[(String, Vec<u8>)], name: &str) -> Option<SuiteRunImport> {
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    suite_of_files(&borrowed, name)
}

/// The dataset's arena run of a folder: its source's address ends in the folder.
fn dataset_run(data: &'static Dataset, folder: &str) -> &'static Run {
    data.runs
        .iter()
        .find(|run| {
            run.id.starts_with("djangodevreng-arena-")
                && data.source(&run.source).and_then(|s| s.url.as_deref()).is_some_and(|url| url.ends_with(folder))
        })
        .unwrap_or_else(|| panic!("{folder}: no dataset run"))
}

/// A run's measured workloads (the engine points are compared apart, with a tolerance).
fn workloads(run: &Run) -> Vec<RunWorkload> {
    run.workloads()
        .map(|view| RunWorkload {
            workload: view.workload.clone(),
            counter: view.counter,
            points: view.points.to_vec(),
            engine_points: Vec::new(),
        })
        .collect()
}

#[test]
fn each_arena_folder_dropped_at_once_gives_the_dataset_run() {
    assert_eq!(ARENA_FOLDERS.len(), 19);
    for folder in ARENA_FOLDERS {
        let files = dropped(folder);
        let imported = import(&files, "").unwrap_or_else(|| panic!("{folder}: not read as one suite"));
        assert!(imported.refused.is_empty(), "{folder}: {:?}", imported.refused);
        let run = imported.run.as_ref().expect("a run");
        let held = dataset_run(dataset(), folder);
        assert_eq!(run.origin, RunOrigin::Yours, "{folder}");
        assert_eq!(workloads(run), workloads(held), "{folder}: workloads");
        // The same engine, so the same engine points (to the last bits an optimised build rounds).
        for (mine, theirs) in run.workloads().zip(held.workloads()) {
            let pairs: Vec<_> = mine.engine_points.iter().zip(theirs.engine_points).collect();
            assert_eq!(mine.engine_points.len(), theirs.engine_points.len(), "{folder}: engine points");
            assert!(!pairs.is_empty() || theirs.engine_points.is_empty(), "{folder}");
            for (a, b) in pairs {
                assert_eq!(a.concurrency, b.concurrency, "{folder}");
                let relative = (a.per_request_tok_s / b.per_request_tok_s - 1.0).abs();
                assert!(
                    relative < 1e-9,
                    "{folder} at {}: {} vs {}",
                    a.concurrency,
                    a.per_request_tok_s,
                    b.per_request_tok_s
                );
            }
        }
        assert_eq!(imported.workloads, held.workload_count(), "{folder}");
        assert_eq!(run.server, held.server, "{folder}: server settings");
        // The dataset's version names the image too: `0.26.0 (vllm/vllm-openai:v0.26.0-...)`.
        let version = run.engine_version.as_deref().unwrap_or_else(|| panic!("{folder}: no version"));
        assert!(held.engine_version.as_deref().is_some_and(|v| v.starts_with(&format!("{version} ("))), "{folder}");
        // The measured load: the same rows as the dataset's, step for step, under the run's id.
        let load = imported.load.as_ref().unwrap_or_else(|| panic!("{folder}: no measured load"));
        let expected = measured_load(&held.id).unwrap_or_else(|| panic!("{folder}: no dataset load"));
        assert_eq!((&load.tests, &load.sweep), (&expected.tests, &expected.sweep), "{folder}: load rows");
        assert_eq!(load.reported, expected.reported, "{folder}: reported capacity");
        assert_eq!(load.run, run.id, "{folder}");
        assert_eq!(imported.load_steps, expected.tests.len() + expected.sweep.len(), "{folder}");
        // Only the suite's notes and the sweep's markdown summary are read and not needed.
        let ignored: Vec<&str> = imported.ignored.iter().map(String::as_str).collect();
        assert!(ignored.contains(&"11-rate-sweep.md"), "{folder}: {ignored:?}");
        assert!(ignored.iter().all(|f| f.starts_with('_') || *f == "11-rate-sweep.md"), "{folder}: {ignored:?}");
    }
}

#[test]
fn the_qwen_folder_holds_the_files_figures() {
    let imported = import(&dropped(QWEN), "").expect("one suite");
    let run = imported.run.expect("a run");
    // meta.json: "model": "Qwen/Qwen3.6-35B-A3B-FP8", "profile": "fp8", "vllm_version_reported": "0.26.0",
    // "hardware": "DGX Spark NVIDIA GB10 128GB unified", "max_model_len": 131072, "generated_at": "2026-08-14...".
    assert_eq!(run.label, "Qwen/Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0");
    assert_eq!(run.hardware.as_deref(), Some("DGX Spark NVIDIA GB10 128GB unified"));
    assert_eq!(run.your_max_context_tokens(), Some(131_072.0));
    assert_eq!(run.date.map(|d| d.to_string()).as_deref(), Some("2026-08-14"));
    // 01-chat.md line 28: `tg1024 (c10) | 150.15 ± 1.23 | 15.29 ± 0.18`.
    let chat = run.point(10).expect("chat at 10");
    let speed = chat.per_request_tok_s.expect("speed");
    assert_close_msg(speed.value, 15.29, EXACT, "chat per-request at 10");
    assert_eq!(speed.spread, Some(0.18));
    assert_close_msg(chat.aggregate_tok_s.expect("aggregate").value, 150.15, EXACT, "chat aggregate at 10");
    // Nine workloads: chat, RAG, long output, multi-turn, four big-context prompts, the stress test.
    assert_eq!(imported.workloads, 9);
    assert_eq!(run.further_workloads[0].workload.kind, Some(WorkloadKind::Rag));
    // 11-rate-sweep-0.5.json: "p95_ttft_ms": 5257.3898184113195, "median_tpot_ms": 203.0226810398551,
    // "max_concurrent_requests": 66; six sweep steps (0.1 to 1.0) and four single loads (07 to 10).
    let load = imported.load.expect("a measured load");
    let rates: Vec<Option<f64>> = load.sweep.iter().map(|row| row.rate_per_s).collect();
    assert_eq!(rates, [0.1, 0.2, 0.3, 0.5, 0.7, 1.0].map(Some));
    let half = &load.sweep[3];
    assert_eq!(half.file, "11-rate-sweep-0.5.json");
    assert_close_msg(half.ttft_p95_ms, 5_257.389_818_411_319_5, EXACT, "p95 TTFT at 0.5");
    assert_close_msg(half.median_tpot_ms, 203.022_681_039_855_1, EXACT, "median TPOT at 0.5");
    assert_eq!(half.peak_in_flight, Some(66.0));
    let tests: Vec<&str> = load.tests.iter().map(|row| row.file.as_str()).collect();
    assert_eq!(tests, ["07-office-baseline.json", "08-sharegpt.json", "09-reasoning.json", "10-monday-peak.json"]);
}

#[test]
fn the_imported_run_is_sized_on_the_workload_nearest_the_prompts() {
    let run = Rc::new(import(&dropped(QWEN), "mine").expect("one suite").run.expect("a run"));
    assert_eq!(run.label, "mine");
    let rag = Scenario { prompt_tokens: 8000.0, answer_tokens: 500.0, ..Scenario::chat() };
    let (sized, choice) = sized_own_run(&run, &rag);
    let choice = choice.expect("a choice among nine workloads");
    assert_eq!((choice.index, choice.of, choice.kind), (1, 9, Some(WorkloadKind::Rag)));
    assert_eq!(sized.workload.prompt_tokens, Some(TokenCount::Exact(8192.0)));
    // 02-rag-8k.md: `tg512 (c10) | 101.26 ... | 12.52 ± 1.52`.
    assert_close_msg(sized.point(10).and_then(|p| p.per_request_tok_s).expect("rag at 10").value, 12.52, EXACT, "rag");
    // The same Rc on a recomputation: the page compares runs by identity.
    let (again, _) = sized_own_run(&run, &rag);
    assert!(Rc::ptr_eq(&sized, &again));
    // A 1,024-token chat scenario stays on the run's own first workload, chat.
    let chat = Scenario { prompt_tokens: 1024.0, answer_tokens: 1024.0, ..Scenario::chat() };
    let (own, choice) = sized_own_run(&run, &chat);
    assert!(Rc::ptr_eq(&own, &run));
    assert_eq!(choice.map(|c| c.index), Some(0));
}

#[test]
fn a_file_of_another_model_is_refused_naming_both_and_the_rest_import() {
    let mut files = dropped(QWEN);
    let gemma = dropped("gemma-4/gemma-4-31b-it/bf16");
    files.push(gemma.into_iter().find(|(n, _)| n == "02-rag-8k.md").expect("gemma rag"));
    let imported = import(&files, "").expect("one suite");
    assert_eq!(imported.refused.len(), 1);
    let refused = &imported.refused[0];
    assert!(matches!(&refused.error, SuiteError::OtherModel { named, expected }
        if named == "google/gemma-4-31B-it" && expected == "Qwen/Qwen3.6-35B-A3B-FP8"));
    let sentence = refused.to_string();
    assert!(sentence.starts_with("02-rag-8k.md: ") && sentence.contains("google/gemma-4-31B-it"), "{sentence}");
    assert!(sentence.contains("Qwen/Qwen3.6-35B-A3B-FP8"), "{sentence}");
    // Nothing else lost: the qwen run keeps all nine workloads and ten load steps.
    assert_eq!((imported.workloads, imported.load_steps), (9, 10));
}

#[test]
fn a_file_that_is_not_text_is_refused_and_the_rest_import() {
    let mut files = dropped(QWEN);
    files.insert(0, ("00-screenshot.png".to_owned(), vec![0x89, b'P', b'N', b'G', 0, 0, 0xff, 0xfe, 0, 1]));
    let imported = import(&files, "").expect("one suite");
    assert_eq!(imported.refused.len(), 1);
    assert_eq!(imported.refused[0].file, "00-screenshot.png");
    assert_eq!((imported.workloads, imported.load_steps), (9, 10));
}

#[test]
fn files_that_are_not_one_suite_are_left_to_the_ordinary_import() {
    let qwen = dropped(QWEN);
    let one = |name: &str| qwen.iter().find(|(n, _)| n == name).expect("file").clone();
    // One file: the ordinary import, as before.
    assert!(import(&[one("01-chat.md")], "").is_none());
    // Only load steps, no llama-benchy table: no curve to size on.
    assert!(import(&[one("11-rate-sweep-0.1.json"), one("11-rate-sweep-0.2.json")], "").is_none());
    // A llama-benchy table and a file the suite does not read: one file used, not a suite.
    let other = ("two.csv.txt".to_owned(), b"concurrency,tok/s\n1,50\n8,20\n".to_vec());
    assert!(import(&[one("01-chat.md"), other], "").is_none());
    // Two tables of one server: one run with both workloads.
    let two = import(&[one("01-chat.md"), one("02-rag-8k.md")], "").expect("one suite");
    assert_eq!((two.workloads, two.load_steps, two.load.is_none()), (2, 0, true));
}
