//! What a real benchmark file says about the setup it ran on is read at import, and a person's KV pool,
//! prefill rate and maximum context reach the sizing through
//! `scenario_for_run`, so those limits can bind. Oracles: the values printed in the fixtures
//! (tests/fixtures/README.md) and arithmetic on them by hand.

use sizer_core::{Limit, Scenario, size};
use sizer_data::{Run, RunOrigin, SetupField, YourSetup, dataset};
use sizer_import::{import, import_files};

fn fixture(path: &str) -> String {
    let full = format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

const SGLANG_C8: &str = "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c8.jsonl";
const SGLANG_C32: &str = "sglang-bench-serving/gh200-qwen2.5-3b__agg_n100_in512_out128_c32.jsonl";

fn sglang_run() -> Run {
    let (c8, c32) = (fixture(SGLANG_C8), fixture(SGLANG_C32));
    let import = import_files(&[("c8.jsonl", &c8), ("c32.jsonl", &c32)], "").expect("imports");
    import.to_runs().expect("complete").remove(0)
}

#[test]
fn sglang_server_info_states_gpus_nodes_and_pool() {
    // server_info: "tp_size": 1, "pp_size": 1, "nnodes": 1, "max_total_num_tokens": 2301720,
    // "context_length": null.
    let run = sglang_run();
    let setup = run.setup.clone().expect("a setup");
    assert_eq!((setup.gpus, setup.systems, setup.kv_pool_tokens), (Some(1), Some(1), Some(2_301_720.0)));
    assert_eq!(setup.max_context_tokens, None);
    assert_eq!(setup.hardware, None, "the file names no hardware (\"device\": \"cuda\" is not a name)");
    assert_eq!((run.stated_systems(), run.gpus(), run.stated_hardware()), (Some(1), Some(1), None));
    assert!(setup.stated_by_file(SetupField::KvPoolTokens) && !setup.stated_by_file(SetupField::Hardware));
}

#[test]
fn a_report_names_its_hardware_and_batched_bench_its_kv_cache() {
    let md = import(&fixture("dgx-spark-vllm/gpt-oss-20b-mxfp4__10-monday-peak.md"), "").expect("imports");
    assert_eq!(md.setup.hardware.as_deref(), Some("DGX Spark NVIDIA GB10 128GB"));
    assert_eq!((md.setup.gpus, md.setup.systems), (None, None), "its command line is the benchmark's, not vLLM's");
    // "main: n_kv_max = 270336": llama.cpp's KV cache in tokens.
    let batched = import(&fixture("llama-batched-bench/dgx-spark-gpt-oss.md"), "").expect("imports");
    assert_eq!(batched.setup.kv_pool_tokens, Some(270_336.0));
    let run = batched.to_runs().expect("complete").remove(0);
    assert_eq!(run.your_kv_pool_tokens(), Some(270_336.0));
    // The old 8x H200 file says nothing about its setup: nothing is guessed.
    let old = import(&fixture("sglang-bench-serving/8xh200-llama-3.1-405b__llama_405b_online_output.jsonl"), "")
        .expect("imports");
    assert_eq!(old.setup, YourSetup::default());
    let paste = import("concurrency,tok/s\n1,50\n8,20\n", "").expect("imports");
    let run = paste.to_runs().expect("complete").remove(0);
    assert_eq!((run.stated_systems(), run.stated_hardware(), run.origin), (None, None, RunOrigin::Yours));
    assert_eq!(run.hardware_label(), "hardware not stated, systems not stated");
}

#[test]
fn a_persons_setup_describes_the_run() {
    let setup = YourSetup { hardware: Some("H200".into()), systems: Some(2), gpus: Some(16), ..YourSetup::default() };
    let run = sglang_run().with_setup(setup);
    assert_eq!((run.stated_systems(), run.gpus(), run.stated_hardware()), (Some(2), Some(16), Some("H200")));
    assert_eq!((run.hardware.as_deref(), run.nodes), (Some("H200"), 2));
    assert_eq!(run.hardware_label(), "H200, 2 systems, 16 GPUs");
    assert!(run.validate().is_ok());
    let zero = sglang_run().with_setup(YourSetup { kv_pool_tokens: Some(0.0), ..YourSetup::default() });
    assert!(zero.validate().is_err(), "a zero pool is refused like any non-positive figure");
}

#[test]
fn a_persons_pool_prefill_and_max_context_bind() {
    let base = Scenario { z: Some(2.33), ..Scenario::chat() };
    let run = sglang_run().with_setup(YourSetup {
        kv_pool_tokens: Some(40_960.0),
        prefill_tok_s: Some(10.0),
        ..YourSetup::default()
    });
    let (curve, _) = run.curve().expect("a curve");
    let scenario = dataset().scenario_for_run(&run, base);
    assert_eq!((scenario.kv_pool_tokens, scenario.prefill_tok_s), (Some(40_960.0), Some(10.0)));
    let sizing = size(&scenario, &curve).expect("sizes");
    // 40,960 / 8,192 = 5 sessions; 10 tok/s / (512 / 120 tok/s per user) = 2.34 users by prefill.
    assert_eq!(sizing.kv_sessions, Some(5));
    let by_prefill = sizing.users_by_prefill.expect("prefill users");
    assert!((by_prefill - 2.343_75).abs() < 1e-9, "{by_prefill}");
    assert_eq!((sizing.binding, sizing.people), (Limit::Prefill, 2));

    // A maximum context of 4,096 tokens holds no 8,192-token session: the KV limit binds at 0.
    let short = sglang_run().with_setup(YourSetup { max_context_tokens: Some(4_096.0), ..YourSetup::default() });
    let sizing = size(&dataset().scenario_for_run(&short, base), &curve).expect("sizes");
    assert_eq!((sizing.kv_sessions, sizing.binding, sizing.people), (Some(0), Limit::KvCache, 0));
    // At 2,048 tokens of context it fits, and the file's own 2,301,720-token pool applies:
    // 2,301,720 / 2,048 = 1,123.9 sessions.
    let fits = Scenario { context_tokens: 2_048.0, ..base };
    let with_pool = sglang_run();
    let scenario = dataset().scenario_for_run(&with_pool, fits);
    assert_eq!(scenario.kv_pool_tokens, Some(2_301_720.0));
    let sizing = size(&scenario, &curve).expect("sizes");
    assert_eq!(sizing.kv_sessions, Some(1_123));
}

#[test]
fn the_team_plan_uses_a_persons_pool_and_hardware() {
    use sizer_core::{Team, TeamLimit};
    let run = sglang_run().with_setup(YourSetup {
        hardware: Some("DGX Spark".into()),
        systems: Some(2),
        kv_pool_tokens: Some(40_960.0),
        ..YourSetup::default()
    });
    let team = Team::from_scenario(40, &Scenario::chat()).expect("a team");
    let imported = [run];
    let rows = dataset().plan_team(&team, &imported);
    let row = rows.iter().find(|row| row.run_id == imported[0].id).expect("the imported row");
    // 40,960 / 8,192 = 5 sessions per system: the KV pool binds, as in the sizing.
    assert_eq!(row.binding, Some(TeamLimit::Kv));
    assert_eq!((row.hardware, row.nodes_per_system, row.is_spark), (Some("DGX Spark"), 2, true));
    assert_eq!(row.stated_hardware(), Some("DGX Spark"));
}

#[test]
fn a_team_row_without_stated_hardware_says_so() {
    use sizer_core::Team;
    let imported = [sglang_run()];
    let team = Team::from_scenario(40, &Scenario::chat()).expect("a team");
    let rows = dataset().plan_team(&team, &imported);
    let row = rows.iter().find(|row| row.run_id == imported[0].id).expect("the imported row");
    // The file names no hardware: the placeholder, which the page says in its language.
    assert_eq!((row.hardware, row.stated_hardware(), row.is_spark), (None, None, false));
    let sourced =
        rows.iter().find(|row| row.run_id == "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("worked run");
    assert_eq!(sourced.stated_hardware(), sourced.hardware);
    assert!(sourced.hardware.is_some());
}
