//! The DGX Spark arena's 19 runs in the dataset (`data/arena.json`, written by `cargo xtask
//! arena-data`): importing each folder again gives exactly the workloads and settings the
//! dataset holds; literal values read from the files by hand; `meta.json` and `CAVEATS.json`
//! read here with plain serde_json as an oracle apart from the importer; and the sizing, the JS
//! API and the team plan use the workload nearest the prompts, and say which.

use crate::support;

use sizer_core::{Group, Scenario, Team, TeamSettings};
use sizer_data::engine_curve::suite_workloads_with_engine;
use sizer_data::suite::as_run::server_settings;
use sizer_data::{
    Dataset, Figure, Run, RunLookup, RunWorkload, TokenCount, WorkloadKind, api, catalog, dataset, scenario_for_run,
    sized_run,
};
use sizer_import::suite::import_suite;
use sizer_tests::{EXACT, assert_close_msg};

/// The run whose figures the tests read by hand.
const QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

fn fixture_dir(folder: &str) -> String {
    format!("{}/fixtures/arena/{folder}", env!("CARGO_MANIFEST_DIR"))
}

/// A run folder's files, `(name, text)`, sorted by name.
fn folder(folder: &str) -> Vec<(String, String)> {
    support::arena_folder(folder)
}

/// The arena runs of the dataset, each with its folder (read from its source's address: the
/// repository's `results/<folder>` at the fixtures' commit).
fn arena_runs(data: &'static Dataset) -> Vec<(&'static Run, String)> {
    const PREFIX: &str =
        "https://github.com/djangodevreng/dgx-spark-benchmarks/tree/5636536703fb6fe6a4992f68162b93fa03e7f15e/results/";
    data.runs
        .iter()
        .filter(|run| run.id.starts_with("djangodevreng-arena-"))
        .map(|run| {
            let source = data.source(&run.source).unwrap_or_else(|| panic!("{}: source", run.id));
            let url = source.url.as_deref().unwrap_or_default();
            let folder = url.strip_prefix(PREFIX).unwrap_or_else(|| panic!("{}: {url}", run.id));
            (run, folder.to_owned())
        })
        .collect()
}

fn run(id: &str) -> &'static Run {
    dataset().run(id).unwrap_or_else(|| panic!("run {id} missing"))
}

fn value(figure: Option<Figure>) -> (f64, Option<f64>) {
    figure.map_or((f64::NAN, None), |f| (f.value, f.spread))
}

#[test]
fn importing_each_arena_folder_gives_the_run_the_dataset_holds() {
    let runs = arena_runs(dataset());
    assert_eq!(runs.len(), 19);
    for (run, folder) in runs {
        let files = self::folder(&folder);
        let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
        let imported = import_suite(&borrowed);
        assert!(imported.refused.is_empty(), "{folder}: {:?}", imported.refused);
        let suite = imported.run.unwrap_or_else(|| panic!("{folder}: no run"));
        // The engine points too, generated from the same files by the calibration's engine: the
        // same concurrencies, the speeds to the last bits an optimised build may round apart.
        let mut expected = suite_workloads_with_engine(&suite);
        let held: Vec<RunWorkload> = run
            .workloads()
            .map(|view| RunWorkload {
                workload: view.workload.clone(),
                counter: view.counter,
                points: view.points.to_vec(),
                engine_points: view.engine_points.to_vec(),
            })
            .collect();
        assert_eq!(held.len(), expected.len(), "{folder}: workloads");
        for (held, expected) in held.iter().zip(&mut expected) {
            let name = format!("{folder} {:?}", held.workload.note);
            assert_eq!(held.engine_points.len(), expected.engine_points.len(), "{name}: engine points");
            for (h, e) in held.engine_points.iter().zip(&expected.engine_points) {
                assert_eq!(h.concurrency, e.concurrency, "{name}");
                let relative = (h.per_request_tok_s - e.per_request_tok_s).abs() / e.per_request_tok_s;
                assert_close_msg(relative, 0.0, EXACT, &format!("{name} at {}", h.concurrency));
            }
            expected.engine_points = held.engine_points.clone();
        }
        assert_eq!(held, expected, "{folder}: workloads");
        let setup = suite.setup.as_ref().unwrap_or_else(|| panic!("{folder}: no setup"));
        assert_eq!(run.server.as_ref(), Some(&server_settings(setup)), "{folder}: server settings");
    }
}

#[test]
fn every_arena_run_says_its_setup_as_its_meta_json_does() {
    for (run, folder) in arena_runs(dataset()) {
        let text = std::fs::read_to_string(format!("{}/meta.json", fixture_dir(&folder))).expect("meta.json");
        let meta: serde_json::Value = serde_json::from_str(&text).expect("meta.json parses");
        let config = &meta["server_config"];
        let server = run.server.as_ref().unwrap_or_else(|| panic!("{folder}: server"));
        assert_eq!(server.kv_cache_dtype.as_deref(), config["kv_cache_dtype"].as_str(), "{folder}");
        assert_eq!(server.gpu_memory_utilization, config["gpu_memory_utilization"].as_f64(), "{folder}");
        assert_eq!(server.max_model_len, config["max_model_len"].as_f64(), "{folder}");
        assert_eq!(server.prefix_caching, config["enable_prefix_caching"].as_bool(), "{folder}");
        let version = meta["vllm_version_reported"].as_str().expect("version");
        let image = meta["vllm_image"].as_str().expect("image");
        assert_eq!(run.engine_version.as_deref(), Some(format!("{version} ({image})").as_str()), "{folder}");
        // The run's own date: the day meta.json was written at the start of the suite.
        let date = &meta["generated_at"].as_str().expect("generated_at")[..10];
        assert_eq!(dataset().run_date(run).map(|d| d.to_string()).as_deref(), Some(date), "{folder}");
        let precision = meta["profile"].as_str().expect("profile").split('-').next().expect("a precision");
        let format = run.stated_format().unwrap_or_default();
        assert!(format.starts_with(&precision.to_ascii_uppercase()), "{folder}: {format}");
        let source = dataset().source(&run.source).expect("source");
        assert_eq!(source.licence.as_deref(), Some("CC BY 4.0"), "{folder}");
        assert!(source.publisher.starts_with("Django de Vreng") && !source.title.is_empty(), "{folder}");
    }
}

#[test]
fn every_caveat_of_caveats_json_is_on_its_run_in_both_languages() {
    let text = std::fs::read_to_string(format!("{}/fixtures/arena/CAVEATS.json", env!("CARGO_MANIFEST_DIR")))
        .expect("CAVEATS.json");
    let caveats: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).expect("CAVEATS.json");
    for (run, folder) in arena_runs(dataset()) {
        let expected = caveats.get(&folder).and_then(|c| c.as_array()).map_or(0, Vec::len);
        assert_eq!(run.caveats.len(), expected, "{folder}");
        for caveat in &run.caveats {
            for text in [&caveat.en, &caveat.de] {
                // One sentence each: ends in a full stop, no sentence break inside.
                assert!(text.ends_with('.') && !text.trim_end_matches('.').contains(". "), "{folder}: {text}");
            }
            assert_ne!(caveat.en, caveat.de, "{folder}");
        }
    }
    // The memory share tells the two Gemma 4 26B runs apart, as CAVEATS.json says.
    let share = |id: &str| run(id).server.as_ref().and_then(|s| s.gpu_memory_utilization);
    assert_eq!(share("djangodevreng-arena-gemma-4-26b-a4b-it-bf16"), Some(0.90));
    assert_eq!(share("djangodevreng-arena-gemma-4-26b-a4b-it-bf16-v23"), Some(0.85));
}

#[test]
fn the_qwen_run_holds_the_files_figures() {
    let qwen = run(QWEN);
    // 01-chat.md line 28: `tg1024 (c10) | 150.15 ± 1.23 | 15.29 ± 0.18`; line 27: `pp1024 (c10) |
    // 3849.13 ± 9.63 | ... | 1652.46 ± 621.05` (ttfr).
    let chat = qwen.point(10).expect("chat at 10");
    assert_eq!(value(chat.per_request_tok_s), (15.29, Some(0.18)));
    assert_eq!(value(chat.aggregate_tok_s), (150.15, Some(1.23)));
    assert_eq!(value(chat.prefill_tok_s), (3849.13, Some(9.63)));
    assert_eq!(value(chat.mean_ttft_ms), (1652.46, Some(621.05)));
    assert_eq!(chat.note.as_deref(), Some("line 28 (tg1024 (c10)); prompt line 27"));
    let kinds: Vec<Option<WorkloadKind>> = qwen.workloads().map(|w| w.workload.kind).collect();
    use WorkloadKind::*;
    let expected =
        [Chat, Rag, LongOutput, MultiTurn, BigContext, BigContext, BigContext, BigContext, ConcurrencyStress];
    assert_eq!(kinds, expected.map(Some));
    // 02-rag-8k.md: 8,192 in / 512 out; `tg512 (c5) | 84.93 ± 0.29 | 19.63 ± 1.77`,
    // `tg512 (c10) | 101.26 | 12.52 ± 1.52`, `tg512 (c20) | 130.48 | 8.97 ± 1.56`.
    let rag = &qwen.further_workloads[0];
    assert_eq!(
        (rag.workload.prompt_tokens, rag.workload.output_tokens),
        (Some(TokenCount::Exact(8192.0)), Some(TokenCount::Exact(512.0)))
    );
    let speeds: Vec<(u32, (f64, Option<f64>))> =
        rag.points.iter().map(|p| (p.concurrency, value(p.per_request_tok_s))).collect();
    assert_eq!(speeds, [(5, (19.63, Some(1.77))), (10, (12.52, Some(1.52))), (20, (8.97, Some(1.56)))]);
    // 04-multi-turn.md: `pp2048 @ d4`: a depth of 4 tokens.
    assert_eq!(qwen.further_workloads[2].workload.context_tokens, Some(TokenCount::Exact(4.0)));
}

/// A chat scenario with other prompt and answer lengths.
fn with_lengths(prompt: f64, answer: f64) -> Scenario {
    Scenario { prompt_tokens: prompt, answer_tokens: answer, ..Scenario::chat() }
}

#[test]
fn eight_thousand_token_prompts_are_sized_on_the_rag_curve_and_the_sizing_says_so() {
    let qwen = run(QWEN);
    let sized = sized_run(qwen, &with_lengths(8_000.0, 400.0));
    let choice = sized.choice.expect("a choice among nine workloads");
    assert_eq!((choice.index, choice.of, choice.kind), (1, 9, Some(WorkloadKind::Rag)));
    assert_eq!((choice.prompt_tokens, choice.answer_tokens, choice.for_prompt_tokens), (8192.0, 512.0, 8000.0));
    // Its curve is the RAG file's, and so is its prefill rate (the highest concurrency's:
    // `pp8192 (c20) | 3891.19`).
    let (curve, _) = sized.run.curve().expect("curve");
    let points: Vec<(f64, f64)> = curve.points().iter().map(|p| (p.concurrency, p.tok_s)).collect();
    assert_eq!(points, [(5.0, 19.63), (10.0, 12.52), (20.0, 8.97)]);
    let scenario = scenario_for_run(sized.run, with_lengths(8_000.0, 400.0));
    assert_close_msg(scenario.prefill_tok_s.expect("prefill"), 3891.19, EXACT, "RAG prefill");
    // The same run again finds the same built workload (no second copy).
    assert!(std::ptr::eq(sized.run, sized_run(qwen, &with_lengths(8_000.0, 400.0)).run));
    // The seed's chat scenario (512 in, 400 out) stays on the chat curve.
    let chat = sized_run(qwen, &Scenario::chat());
    assert_eq!(chat.choice.map(|c| (c.index, c.kind)), Some((0, Some(WorkloadKind::Chat))));
    assert!(std::ptr::eq(chat.run, qwen));
    // Long answers to short prompts: the long-output curve (256 in, 4,096 out).
    let long = sized_run(qwen, &with_lengths(300.0, 3_000.0)).choice.expect("choice");
    assert_eq!(long.kind, Some(WorkloadKind::LongOutput));
    // 25,000-token prompts: the deepest big-context curve comes before the stress test.
    let deep = sized_run(qwen, &with_lengths(25_000.0, 256.0)).choice.expect("choice");
    assert_eq!((deep.kind, deep.prompt_tokens), (Some(WorkloadKind::BigContext), 25_000.0));
}

#[test]
fn the_js_api_names_the_workload_it_sized() {
    let json = api::size_json(r#"{"prompt_tokens": 8000}"#, &api::ApiRun::Id(QWEN.to_owned())).expect("sizes");
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(value["workload"]["kind"], "rag");
    assert_eq!(value["workload"]["prompt_tokens"], 8192.0);
    // A run of one curve says nothing about workloads: the seed's answer is unchanged.
    let gpuwerk = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
    let json = api::size_json(r#"{"z": 2.33}"#, &api::ApiRun::Id(gpuwerk.to_owned())).expect("sizes");
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!((value.get("workload"), &value["people"]), (None, &163.into()));
}

#[test]
fn the_ranking_plans_each_arena_run_on_its_nearest_workload_and_says_which() {
    let rag_team = {
        let group = Group { prompt_tokens: 8_000.0, ..Group::chat(40) };
        Team::new(vec![group], TeamSettings::from_scenario(&Scenario::chat())).expect("team")
    };
    let rows = dataset().plan_team(&rag_team, &[]);
    let arena: Vec<_> = rows.iter().filter(|row| row.run_id.starts_with("djangodevreng-arena-")).collect();
    assert_eq!(arena.len(), 19);
    for row in &arena {
        assert_eq!(row.workload.and_then(|w| w.kind), Some(WorkloadKind::Rag), "{}", row.run_id);
    }
    let qwen = arena.iter().find(|row| row.run_id == QWEN).expect("qwen row");
    // The RAG file's prefill rate, cited to the run that holds it.
    let prefill = qwen.prefill.expect("prefill");
    assert_eq!((prefill.value, prefill.cited_id), (3891.19, QWEN));
    // The seed's chat team stays on each run's chat curve; runs of one curve name none.
    let chat_team = Team::from_scenario(40, &Scenario::chat()).expect("team");
    for row in dataset().plan_team(&chat_team, &[]) {
        match row.run_id.starts_with("djangodevreng-arena-") {
            true => assert_eq!(row.workload.map(|w| w.index), Some(0), "{}", row.run_id),
            false => assert_eq!(row.workload, None, "{}", row.run_id),
        }
    }
}

#[test]
fn the_old_chat_run_id_finds_its_arena_run_and_every_arena_run_has_a_kv_limit_or_a_reason() {
    let old = "djangodevreng-gpt-oss-20b-mxfp4-vllm-0.26.0-llama-benchy-pp1024-tg1024";
    match dataset().resolve_run(old) {
        RunLookup::Alias { run, .. } => assert_eq!(run.id, "djangodevreng-arena-gpt-oss-20b-mxfp4"),
        other => panic!("{old}: {other:?}"),
    }
    for (run, folder) in arena_runs(dataset()) {
        let limit = catalog().kv_limit(dataset(), run, 8_192.0);
        match run.model_id.as_str() {
            // gpt-oss-20b's architecture and MXFP4 weights are in the catalogue; Muse-Glimmer's
            // architecture and parameter count are (its config), its BF16 weights computed
            // exactly from them.
            "gpt-oss-20b" | "muse-glimmer-30b" => assert!(limit.computed.is_ok(), "{folder}"),
            _ => assert!(limit.computed.is_err(), "{folder}: no architecture was read, so no pool"),
        }
    }
}
