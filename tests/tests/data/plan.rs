//! A team planned against every run of the dataset: the JSON of `plan(teamJson)`,
//! one row per run, the worked example's figures, imported runs, multi-node runs, the p99 TTFT
//! near the load, and refusals that say why.
//!
//! Expected figures come from the English seed (163 people on 52 streams, the 5,705 tok/s
//! prefill, the p99 TTFT column) or were computed by hand / mpmath from the seed's formulas, as
//! each comment shows; none is read back from the code under test.

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use serde_json::Value;
use sizer_core::TeamLimit;
use sizer_data::{
    Dataset, Estimate, LimitCheck, PlanNote, PlanRow, Recommendation, RunOrigin, Systems, TeamRequest,
    TeamRequestError, Topology, YourSetup, dataset,
};
use sizer_tests::{EXACT, assert_close};

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const LLAMA_70B: &str = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
const TP2: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2";
const REPLICAS: &str = "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-litellm";

/// The example request: 30 people chatting and 5 agents, a 3 s p99 TTFT ceiling.
const EXAMPLE_TEAM: &str = r#"{"groups": [{"people": 30, "usage": "chat"}, {"people": 5, "usage": "agent"}], "floor_tok_s": 15, "ttft_ceiling_s": 3, "headroom": "finite", "uncertainty": 0.1}"#;

fn rows(json: &str) -> Vec<PlanRow<'static>> {
    let request = TeamRequest::from_json(json).expect("valid request");
    dataset().plan_request(&request, &[]).expect("valid team")
}

fn row<'a, 'd>(rows: &'a [PlanRow<'d>], id: &str) -> &'a PlanRow<'d> {
    rows.iter().find(|r| r.run_id == id).unwrap_or_else(|| panic!("no row for {id}"))
}

#[test]
fn one_row_per_run_of_the_dataset() {
    let rows = rows(EXAMPLE_TEAM);
    let data = dataset();
    assert_eq!(rows.len(), data.runs.len());
    for run in &data.runs {
        assert_eq!(rows.iter().filter(|r| r.run_id == run.id).count(), 1, "{}", run.id);
    }
    // NVIDIA's task durations have no speed figure: a row that says so, not a silent gap.
    let no_curve = row(&rows, "nvidia-qwen3-coder-next-fp8-vllm-32k-prompts");
    assert_eq!((no_curve.people_per_spark, no_curve.sparks_needed, no_curve.binding), (None, None, None));
    assert!(
        no_curve
            .note
            .as_ref()
            .map(PlanNote::english)
            .as_deref()
            .is_some_and(|n| n.starts_with("no usable speed curve"))
    );
}

/// The example team without its TTFT ceiling: the figures the prefill and load rules give.
const EXAMPLE_TEAM_NO_CEILING: &str = r#"{"groups": [{"people": 30, "usage": "chat"}, {"people": 5, "usage": "agent"}], "floor_tok_s": 15, "headroom": "finite", "uncertainty": 0.1}"#;

#[test]
fn the_example_team_on_the_worked_run() {
    let rows = rows(EXAMPLE_TEAM_NO_CEILING);
    let qwen = row(&rows, QWEN);
    // Prefill binds: 5 agents x 20,000 / 30 s + 30 x 512 / 120 s = 3,461.3 prompt tok/s for 35
    // people, against the seed's 5,705 tok/s: 5,705 / (3,461.3 / 35) = 57.69 people of this mix.
    assert_eq!(
        (qwen.binding, qwen.people_per_spark, qwen.sparks_needed),
        (Some(TeamLimit::Prefill), Some(57), Some(1))
    );
    // Without a ceiling the TTFT is not a limit the team needs; it is still estimated.
    assert_eq!(qwen.known_limits, [TeamLimit::Speed, TeamLimit::Kv, TeamLimit::Prefill, TeamLimit::Ttft]);
    assert!(qwen.unchecked.is_empty());
    // Prefill does not depend on speed: the band is flat.
    assert_eq!((qwen.people_low, qwen.people_high, qwen.binding_changes), (Some(57), Some(57), false));
    // At p99 the 30 chatting put 13 in flight (binomial quantile, mpmath), plus 5 agents: 18.
    assert_eq!(qwen.load_streams, Some(18.0));
    // The run's p99 TTFT was measured with 512-token prompts; the agents send 20,000, more than
    // twice as long, so the measured TTFT (0.61 s at 8) says nothing of theirs and is not shown.
    assert_eq!((qwen.p99_ttft_near_load, qwen.p99_ttft_at_load_s), (None, None));
    // Cited: the KV pool and prefill facts, and the run's own date and source.
    assert_eq!(qwen.kv_pool.as_ref().map(|c| c.value), Some(924_912.0));
    assert_eq!(qwen.prefill.as_ref().map(|c| c.value), Some(5_705.0));
    assert_eq!(qwen.date.map(|d| d.to_string()).as_deref(), Some("2026-09-02"));
}

#[test]
fn agents_prompts_are_checked_against_the_ceiling_at_their_own_length() {
    let rows = rows(EXAMPLE_TEAM);
    let qwen = row(&rows, QWEN);
    // One 20,000-token prompt alone: 20,000 / 5,705 = 3.5057 s at the seed's prefill rate, over
    // the 3 s ceiling, so no number of Sparks meets it (the short-prompt 0.61 s is not used).
    assert_eq!((qwen.systems_needed, qwen.sparks_needed, qwen.unserved_by), (None, None, Some(TeamLimit::Ttft)));
    assert_eq!((qwen.people_per_spark, qwen.people_low, qwen.people_high), (Some(0), Some(0), Some(0)));
    match &qwen.note {
        Some(PlanNote::PromptAloneOverCeiling { prompt_tokens, seconds, ceiling_s }) => {
            assert_eq!((*prompt_tokens, *ceiling_s), (20_000.0, 3.0));
            assert_close(*seconds, 20_000.0 / 5_705.0, EXACT);
        }
        other => panic!("expected the prompt-alone note, got {other:?}"),
    }
    assert_eq!(qwen.checks.ttft, LimitCheck::Estimated(Estimate::PromptPrefillTime));
    assert_eq!(
        qwen.note.as_ref().map(PlanNote::english).as_deref(),
        Some("reading one 20000-token prompt alone takes 3.51 s at this run's prefill rate, over the 3 s TTFT ceiling")
    );
}

#[test]
fn a_row_that_could_not_check_a_needed_limit_ranks_below_every_row_that_did() {
    // Chat and agents, no ceiling: KV and prefill are needed by every team.
    let rows = rows(EXAMPLE_TEAM_NO_CEILING);
    let first_unchecked = rows.iter().position(|r| r.systems_needed.is_some() && !r.unchecked.is_empty());
    let last_checked = rows.iter().rposition(|r| r.is_checked_answer());
    let (first_unchecked, last_checked) =
        (first_unchecked.expect("some run lacks prefill"), last_checked.expect("some run checked"));
    assert!(last_checked < first_unchecked, "checked row {last_checked} ranked below unchecked row {first_unchecked}");
    // The forum's FP8 run of Qwen3.6 published only its speed curve: prefill unknown (its KV is
    // estimated from the catalogue or unknown), so it is listed after every checked row.
    let forum = rows.iter().find(|r| r.label.contains("Qwen3.6") && r.checks.prefill == LimitCheck::Unknown);
    let forum = forum.expect("a Qwen3.6 run without a prefill rate");
    assert!(forum.unchecked.contains(&TeamLimit::Prefill), "{:?}", forum.unchecked);
    // The worked run's KV pool is the one its engine logged; its 5,705 tok/s prefill rate is the
    // English seed's fleet run of the same model on vLLM (8,192-token prompts), another
    // measurement than this sweep's: estimated from the same model.
    let qwen = row(&rows, QWEN);
    assert_eq!(
        (qwen.checks.speed, qwen.checks.kv, qwen.checks.prefill),
        (LimitCheck::Measured, LimitCheck::Measured, LimitCheck::Estimated(Estimate::SameModel))
    );
    // The recommendation is the first checked row, and it counts the unchecked ones.
    let rec = Recommendation::of(&rows);
    // Checked rows rank first and one exists, so the recommendation is the top row.
    assert_eq!(rec.checked.map(|r| r.run_id), Some(rows[0].run_id));
    assert!(rec.checked.is_some_and(|r| r.is_checked_answer()));
    let prefill_unchecked =
        rows.iter().filter(|r| r.systems_needed.is_some() && r.unchecked.contains(&TeamLimit::Prefill)).count();
    assert!(prefill_unchecked >= 1);
    assert_eq!(rec.unchecked_counts[2], (TeamLimit::Prefill, prefill_unchecked));
}

#[test]
fn a_gb10_device_line_counts_as_a_spark_everywhere() {
    // llama.cpp's device line on a DGX Spark reads "NVIDIA GB10": one rule makes it a Spark for
    // the headline's systems and for the ranking.
    let data: &Dataset = dataset();
    let mut run = data.run(QWEN).expect("in the dataset").clone();
    run.id = "gb10-line".into();
    run.hardware = Some("NVIDIA GB10".into());
    assert!(run.is_spark());
    assert_eq!(run.systems(), Systems::Sparks { nodes: 1, topology: Topology::Single });
    let request = TeamRequest::from_json(r#"{"groups": [{"people": 163}]}"#).expect("valid");
    let rows = data.plan_request(&request, std::slice::from_ref(&run)).expect("valid");
    let gb10 = row(&rows, "gb10-line");
    assert!(gb10.is_spark);
    assert_eq!(gb10.sparks_needed, gb10.systems_needed);
    run.hardware = Some("Jetson AGX Thor".into());
    assert!(!run.is_spark());
    assert_eq!(run.systems(), Systems::AsMeasured { hardware: Some("Jetson AGX Thor"), nodes: 1 });
}

#[test]
fn the_seed_team_of_163_reproduces_todays_sizing() {
    let rows = rows(r#"{"groups": [{"people": 163}], "z": 2.33}"#);
    let qwen = row(&rows, QWEN);
    assert_eq!((qwen.people_per_spark, qwen.sparks_needed, qwen.binding), (Some(163), Some(1), Some(TeamLimit::Speed)));
    assert_eq!(qwen.plan.as_ref().map(|p| p.whole_streams), Some(52));
    let rows_164 = self::rows(r#"{"groups": [{"people": 164}], "z": 2.33}"#);
    assert_eq!(row(&rows_164, QWEN).sparks_needed, Some(2));
    // Every field is optional: {} is the seed's team of 163 chatting (z from the percentile).
    let defaults = self::rows("{}");
    assert_eq!(row(&defaults, QWEN).people_per_spark, Some(163));
    assert_eq!(row(&defaults, QWEN).plan.as_ref().map(|p| p.people), Some(163));
}

#[test]
fn llama_70b_cannot_serve_at_15_tok_s() {
    let rows = rows(EXAMPLE_TEAM);
    let llama = row(&rows, LLAMA_70B);
    assert_eq!((llama.sparks_needed, llama.systems_needed, llama.unserved_by), (None, None, Some(TeamLimit::Speed)));
    assert_eq!(llama.note.as_ref().map(PlanNote::english).as_deref(), Some("cannot give one request 15 tok/s"));
    // Runs that cannot serve the team come last.
    let first_unserved = rows.iter().position(|r| r.systems_needed.is_none()).expect("some are unserved");
    assert!(rows[first_unserved..].iter().all(|r| r.systems_needed.is_none()));
    // Served rows: on Sparks first, then fewer unchecked limits, then fewer Sparks (or systems).
    let key = |r: &PlanRow<'_>| (r.sparks_needed.is_none(), r.unchecked.len(), r.sparks_needed.or(r.systems_needed));
    assert!(rows[..first_unserved].windows(2).all(|w| key(&w[0]) <= key(&w[1])));
}

#[test]
fn a_pair_compares_as_tp2_and_as_two_replicas() {
    // At 8 tok/s, seed z = 2.33, duty (400 / 8 + 1) / 120 = 0.425. TP=2 (471.7 / 32 and
    // 471.8 / 64 tok/s per request) crosses 8 tok/s at 61.27 streams: 61 -> 106.62 people per
    // pair (mpmath). Two replicas behind LiteLLM (382.1 / 32, 567.9 / 64) are still above 8 at
    // 64: at least 112.65 people. 200 people: 2 pairs = 4 Sparks either way.
    let rows = rows(r#"{"groups": [{"people": 200}], "floor_tok_s": 8, "z": 2.33}"#);
    let tp2 = row(&rows, TP2);
    assert_eq!((tp2.nodes_per_system, tp2.people_per_system, tp2.people_per_spark), (2, Some(106), Some(53)));
    assert_eq!((tp2.systems_needed, tp2.sparks_needed), (Some(2), Some(4)));
    assert!(!tp2.people_is_lower_bound);
    let replicas = row(&rows, REPLICAS);
    assert_eq!((replicas.nodes_per_system, replicas.people_per_system), (2, Some(112)));
    assert_eq!((replicas.systems_needed, replicas.sparks_needed), (Some(2), Some(4)));
    assert!(replicas.people_is_lower_bound);
    assert!(replicas.note.as_ref().map(PlanNote::english).as_deref().is_some_and(|n| n.contains("2 Sparks")));
    // At 15 tok/s the TP=2 curve crosses the floor between kubis.ai's 16-request point (342.1 / 16
    // = 21.381 tok/s) and the forum's 32 (471.7 / 32 = 14.741): 16 + 6.381 / 6.641 x 16 = 31.37
    // streams per pair, 31 whole; the note names what one system is.
    let at_15 = self::rows(EXAMPLE_TEAM);
    let tp2_at_15 = row(&at_15, TP2);
    assert_eq!(tp2_at_15.plan.as_ref().map(|p| p.whole_streams), Some(31));
    assert_eq!(
        tp2_at_15.note.as_ref().map(PlanNote::english).as_deref(),
        Some("one system is 2 Sparks as measured (tensor parallel)")
    );
}

#[test]
fn the_ttft_ceiling_binds_on_the_worked_run_at_10_tok_s() {
    // Dataset p99 TTFT: 2.7 s at 64, 7.1 s at 128 -> 68 streams under 3 s; speed gives 104.
    // mpmath: 150.24 people by the ceiling, against 242.42 by speed (and more by KV, prefill).
    let rows = rows(r#"{"groups": [{"people": 100}], "floor_tok_s": 10, "ttft_ceiling_s": 3}"#);
    let qwen = row(&rows, QWEN);
    assert_eq!((qwen.binding, qwen.people_per_spark, qwen.sparks_needed), (Some(TeamLimit::Ttft), Some(150), Some(1)));
    let plan = qwen.plan.as_ref().expect("planned");
    assert_eq!((plan.whole_streams, plan.ttft_streams), (104, Some(68)));
}

#[test]
fn imported_runs_are_planned_per_system_as_measured() {
    let data: &Dataset = dataset();
    let mut thor = data.run(QWEN).expect("in the dataset").clone();
    thor.id = "yours-thor".into();
    thor.origin = RunOrigin::Yours;
    thor.source = "yours".into();
    // A person's run states its hardware through its setup (the import panel's field).
    let thor = thor.with_setup(YourSetup { hardware: Some("Jetson Thor".into()), ..YourSetup::default() });
    let request = TeamRequest::from_json(r#"{"groups": [{"people": 163}], "z": 2.33}"#).expect("valid");
    let rows = data.plan_request(&request, std::slice::from_ref(&thor)).expect("valid");
    assert_eq!(rows.len(), data.runs.len() + 1);
    let yours = row(&rows, "yours-thor");
    // Same curve, so the same 163 per system; but not Sparks, and no dataset KV/prefill facts.
    assert_eq!((yours.people_per_system, yours.systems_needed), (Some(163), Some(1)));
    assert_eq!((yours.is_spark, yours.people_per_spark, yours.sparks_needed), (false, None, None));
    assert_eq!((yours.kv_pool.as_ref(), yours.prefill.as_ref()), (None, None));
    assert_eq!(
        yours.note.as_ref().map(PlanNote::english).as_deref(),
        Some("measured on Jetson Thor, not a DGX Spark: sized per system as measured")
    );
    // Ranked after the runs counted in Sparks that serve the team.
    let position = rows.iter().position(|r| r.run_id == "yours-thor").expect("present");
    assert!(rows[..position].iter().all(|r| r.sparks_needed.is_some()));
}

#[test]
fn plan_json_answers_rows_or_one_error_sentence() {
    let data = dataset();
    let ok: Value = serde_json::from_str(&data.plan_json(EXAMPLE_TEAM, &[])).expect("JSON");
    let rows = ok["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), data.runs.len());
    for key in ["run_id", "people_per_spark", "sparks_needed", "binding", "people_low", "people_high", "date", "source"]
    {
        assert!(rows.iter().all(|r| r.get(key).is_some()), "every row has {key}");
    }
    let llama = rows.iter().find(|r| r["run_id"] == LLAMA_70B).expect("row");
    assert_eq!((&llama["sparks_needed"], &llama["binding"]), (&Value::Null, &Value::from("speed")));
    let refusals = [
        (r#"{"floor": 10}"#, "unknown field `floor`"),
        (r#"{"groups": [{"people": -3}]}"#, "group 1: people = -3 must be a whole number"),
        (r#"{"groups": [{"people": 1}, {"people": 2.5}]}"#, "group 2: people = 2.5 must be a whole number"),
        (r#"{"groups": [{"people": 1e30}]}"#, "must be a whole number from 0 to 10000000"),
        ("[]", "expected an object"),
        (r#"{"groups": []}"#, "the team has no group"),
        (r#"{"groups": [{"people": 0}]}"#, "the team has no people"),
        (r#"{"uncertainty": 2}"#, "uncertainty = 2"),
        (r#"{"headroom": "magic"}"#, "unknown variant `magic`"),
        (r#"{"floor_tok_s": 0}"#, "floor_tok_s = 0"),
        (r#"{"groups": [{"people": 3, "usage": "agent", "interval_s": -30}]}"#, "group 1: interval_s = -30"),
        ("not json", "not valid JSON"),
        ("", "not valid JSON"),
    ];
    for (json, expected) in refusals {
        let answer: Value = serde_json::from_str(&data.plan_json(json, &[])).expect("JSON");
        let error = answer["error"].as_str().unwrap_or_else(|| panic!("{json}: no error in {answer}"));
        assert!(error.contains(expected), "{json}: {error}");
        assert!(answer.get("rows").is_none());
    }
}

#[test]
fn every_request_field_is_documented() {
    // The module docs of team/request.rs list every field; each key of the default request and
    // of a group must appear there as `"key":`.
    let docs = include_str!("../../../crates/sizer-data/src/team/request.rs");
    let request = serde_json::to_value(TeamRequest::default()).expect("serialisable");
    let group = serde_json::json!({
        "people": 1, "usage": "chat", "answer_tokens": 1, "interval_s": 1, "ttft_s": 1,
        "always_busy": false, "context_tokens": 1, "prompt_tokens": 1
    });
    let parsed: sizer_data::GroupRequest = serde_json::from_value(group.clone()).expect("every group field parses");
    assert_eq!(parsed.people, 1.0);
    for key in request.as_object().expect("object").keys().chain(group.as_object().expect("object").keys()) {
        assert!(
            docs.contains(&format!("//!   \"{key}\":"))
                || docs.contains(&format!("//!     {{ \"{key}\":"))
                || docs.contains(&format!("//!       \"{key}\":")),
            "{key} is not documented"
        );
    }
    // And the request round-trips.
    let back: TeamRequest = serde_json::from_value(request).expect("round trip");
    assert_eq!(back, TeamRequest::default());
    assert!(matches!(TeamRequest::from_json("[]"), Err(TeamRequestError::Json(_))));
}

#[test]
fn a_computed_kv_pool_limits_the_team_at_its_longest_context() {
    // Dendro Logic's gpt-oss-120b logs no KV pool; the single-run sizing uses the one computed
    // from the model's architecture and the 102 GB budget: (102 - 65.3) GB / 36,900 bytes per
    // token at 131,072 tokens = 994,579.9 tokens (DATA.md, the tests of run_scenario.rs), so
    // floor(994,579.9 / 131,072) = 7 agents with 131,072-token sessions. At 10 tok/s the speed
    // limit gives 25 streams (8 + 5.4 / 7.4 x 24 = 25.5 between the seed's 15.4 at 8 and 8.0 at
    // 32): the computed pool binds at 7 people, 2 Sparks for 10 agents.
    const DENDRO: &str = "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03";
    let long_agents = r#"{"groups": [{"people": 10, "usage": "agent", "context_tokens": 131072}], "floor_tok_s": 10, "uncertainty": 0}"#;
    let rows = rows(long_agents);
    let dendro = row(&rows, DENDRO);
    assert_eq!(
        (dendro.binding, dendro.people_per_spark, dendro.sparks_needed),
        (Some(TeamLimit::Kv), Some(7), Some(2))
    );
    let pool = dendro.kv_pool.expect("the computed pool");
    assert!((pool.value - 994_579.946).abs() < 1e-3, "{}", pool.value);
    assert_eq!((pool.cited_id, pool.source), ("working-budget-dgx-spark", "eurokommerz-128gb-article"));
    assert_eq!(dendro.plan.as_ref().map(|p| p.whole_streams), Some(25));
    // A chatting group with 8,192-token sessions beside them: the pool is still taken at the
    // longest context (131,072), and the agents alone already fill 7 x 131,072 of it.
    let mixed = r#"{"groups": [{"people": 20}, {"people": 10, "usage": "agent", "context_tokens": 131072}], "floor_tok_s": 10}"#;
    let rows = self::rows(mixed);
    let pool = row(&rows, DENDRO).kv_pool.expect("the computed pool");
    assert!((pool.value - 994_579.946).abs() < 1e-3, "{}", pool.value);
    // The seed's chat sessions alone: the pool at 8,192 tokens, 980,235.0 (37,440 bytes per token).
    let rows = self::rows(r#"{"groups": [{"people": 20}]}"#);
    let pool = row(&rows, DENDRO).kv_pool.expect("the computed pool");
    assert!((pool.value - 980_235.043).abs() < 1e-3, "{}", pool.value);
}

#[test]
fn one_planner_for_many_runs_gives_what_each_run_planned_alone_gives() {
    // The planner remembers headroom figures across runs (the same stream counts recur); each
    // run planned on its own, with nothing remembered, is the second method.
    let data = dataset();
    for json in
        [EXAMPLE_TEAM, r#"{"groups": [{"people": 30}, {"people": 5, "usage": "agent"}], "headroom": "poisson"}"#]
    {
        let team = TeamRequest::from_json(json).expect("valid").team().expect("valid team");
        let planner = sizer_data::Planner::new(data, &[]);
        // Twice through one planner: the second pass reads what the first remembered.
        for rows in [planner.plan(&team), planner.plan(&team)] {
            for row in &rows {
                let alone = data.plan_run(&team, data.run(row.run_id).expect("a dataset run"));
                assert_eq!(row, &alone, "{}", row.run_id);
            }
        }
    }
}
