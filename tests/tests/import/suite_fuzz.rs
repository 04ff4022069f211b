//! Bounded fuzzing of the suite importer (proptest, fixed case counts): a real arena folder with
//! one file cut short, spliced, replaced by any text, or a pile of random files never panics;
//! every refused file gets one sentence naming it, and every file is accounted for once.

use crate::support;

use proptest::prelude::*;
use sizer_import::suite::{SuiteImport, import_suite};

const CASES: u32 = 300;

fn config() -> ProptestConfig {
    ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() }
}

/// The qwen-3.6-35b-a3b fp8 folder, `(name, text)`, sorted by name.
fn folder() -> Vec<(String, String)> {
    support::arena_folder("qwen-3.6/qwen-3.6-35b-a3b/fp8")
}

fn run(files: &[(String, String)]) -> SuiteImport {
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    import_suite(&borrowed)
}

/// What every suite import promises: one sentence per refused file, naming it; at most one
/// outcome per file; a run's figures as validated.
fn check(files: &[(String, String)], imported: &SuiteImport) {
    for refused in &imported.refused {
        let sentence = refused.to_string();
        assert!(sentence.starts_with(&format!("{}: ", refused.file)), "{sentence:?}");
        assert!(sentence.ends_with('.') && !sentence.contains('\n'), "{sentence:?}");
    }
    assert!(imported.refused.len() + imported.ignored.len() <= files.len());
    if let Some(run) = &imported.run {
        for workload in &run.workloads {
            assert!(!workload.points.is_empty());
            for pair in workload.points.windows(2) {
                assert!(pair[0].concurrency < pair[1].concurrency);
            }
            for point in &workload.points {
                assert!(point.per_request_tok_s.mean.is_finite() && point.per_request_tok_s.mean > 0.0);
            }
        }
        for step in run.load.sweep.iter().chain(&run.load.tests) {
            assert!(step.ttft_ms.p50 <= step.ttft_ms.p95 && step.ttft_ms.p95 <= step.ttft_ms.p99);
        }
    }
}

/// A char boundary at or before `at`.
fn boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn one_file_cut_short(pick in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let mut files = folder();
        let slot = pick.index(files.len());
        let text = &files[slot].1;
        let end = boundary(text, cut.index(text.len() + 1));
        files[slot].1 = text[..end].to_owned();
        let imported = run(&files);
        check(&files, &imported);
        // The other files still import: at most the damaged one is refused.
        prop_assert!(imported.refused.len() <= 1, "{:?}", imported.refused);
    }

    #[test]
    fn one_file_spliced(pick in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), len in 0usize..40, insert in "\\PC{0,12}|NaN|1e999|-1|\"inf\"|±|\\|") {
        let mut files = folder();
        let slot = pick.index(files.len());
        let text = files[slot].1.clone();
        let start = boundary(&text, at.index(text.len() + 1));
        let end = boundary(&text, start + len);
        files[slot].1 = format!("{}{insert}{}", &text[..start], &text[end..]);
        let imported = run(&files);
        check(&files, &imported);
        prop_assert!(imported.refused.len() <= 1, "{:?}", imported.refused);
    }

    #[test]
    fn one_file_replaced_by_any_text(pick in any::<prop::sample::Index>(), text in any::<String>()) {
        let mut files = folder();
        let slot = pick.index(files.len());
        files[slot].1 = text;
        let imported = run(&files);
        check(&files, &imported);
        prop_assert!(imported.refused.len() <= 1, "{:?}", imported.refused);
    }

    #[test]
    fn a_foreign_meta_json_turns_no_file_away(model in "[A-Za-z0-9/._-]{1,40}") {
        let mut files = folder();
        let slot = files.iter().position(|(n, _)| n == "meta.json").expect("meta.json");
        files[slot].1 = files[slot].1.replace("Qwen/Qwen3.6-35B-A3B-FP8", &model);
        let imported = run(&files);
        check(&files, &imported);
        prop_assert!(imported.refused.len() <= 1, "{:?}", imported.refused);
        prop_assert_eq!(imported.run.expect("a run").workloads.len(), 9);
    }

    #[test]
    fn random_files(files in proptest::collection::vec(("\\PC{0,24}", any::<String>()), 0..8)) {
        let imported = run(&files);
        check(&files, &imported);
    }
}
