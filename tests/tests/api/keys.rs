//! The JS API's keys: every function (`size`, `plan`, `memory`, `simulate`) refuses a
//! key it does not read, at every level, naming its path; `simulate` reads the team exactly as
//! `plan` does; one synchronous `simulate` call stays within its documented limits. Then one
//! property test per function: random objects with keys drawn from the documented keys and
//! misspellings are answered with a result that echoes the keys given, or an error naming a key
//! that was not read. `predict`'s keys are held in `predict.rs` and
//! `predict_properties.rs`.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use sizer_data::api::{ApiRun, size_json};
use sizer_data::memory::memory_json;
use sizer_data::sim_api::simulate_json;
use sizer_data::{catalog, dataset};

/// The English article's run (the widget's default).
const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

fn qwen() -> ApiRun {
    ApiRun::Id(QWEN.to_owned())
}

fn size(scenario: &str) -> Result<Value, String> {
    size_json(scenario, &qwen()).map(|json| serde_json::from_str(&json).expect("JSON")).map_err(|e| e.message())
}

/// `plan`'s answer: the rows, or the error sentence.
fn plan(team: &str) -> Result<Value, String> {
    let answer: Value = serde_json::from_str(&dataset().plan_json(team, &[])).expect("JSON");
    match answer["error"].as_str() {
        Some(error) => Err(error.to_owned()),
        None => Ok(answer),
    }
}

fn memory(request: &str) -> Result<Value, String> {
    let answer: Value = serde_json::from_str(&memory_json(catalog(), dataset(), request)).expect("JSON");
    match answer["error"].as_str() {
        Some(error) => Err(error.to_owned()),
        None => Ok(answer),
    }
}

fn error_of<T: std::fmt::Debug>(result: Result<T, String>) -> String {
    result.expect_err("refused")
}

#[test]
fn size_refuses_a_misspelt_floor() {
    // A misspelt floor used to be ignored: 163 people, the default floor's sizing.
    assert_eq!(
        error_of(size(r#"{"flor_tok_s": 10}"#)),
        "Invalid scenario: unknown field `flor_tok_s`, expected one of `floor_tok_s`, `answer_tokens`, \
         `interval_s`, `always_busy`, `ttft_s`, `percentile`, `z`, `headroom`, `interpolation`, \
         `context_tokens`, `kv_pool_tokens`, `prompt_tokens`, `prefill_tok_s`, `replicas`."
    );
    // Spelt right, it is read: the English article's "52 streams ... 163 users" at 15 tok/s.
    assert_eq!(size(r#"{"floor_tok_s": 15, "z": 2.33}"#).expect("sizes")["people"], 163);
    let inline = ApiRun::Inline(r#"{"pts": [[1, 20]]}"#.to_owned());
    assert_eq!(
        size_json("{}", &inline).map_err(|e| e.message()),
        Err("Invalid inline curve: unknown field `pts`, expected `points`.".to_owned())
    );
}

#[test]
fn simulate_reads_the_team_as_plan_does() {
    // Before, `{"groups": [{"people": 240, "usage": "chat"}]}` simulated one user; `count: 240`
    // simulated 240, and "only 27.1 % of requests kept 15 tok/s". The same team, the same seed:
    // the same figures, to the last digit.
    let people = simulate_json(r#"{"groups": [{"people": 240, "usage": "chat"}]}"#, &qwen(), 1).expect("simulates");
    let count = simulate_json(r#"{"groups": [{"count": 240}]}"#, &qwen(), 1).expect("simulates");
    assert_eq!(people, count);
    let value: Value = serde_json::from_str(&people).expect("JSON");
    assert_eq!((&value["users"], &value["holds"]), (&240.into(), &false.into()));
    let share = value["share_requests_at_floor"].as_f64().expect("a share");
    assert!((0.2705..0.2715).contains(&share), "{share}");
    // plan reads the same team (240 chat users need two Sparks of this run at the seed's 163).
    let rows = plan(r#"{"groups": [{"people": 240, "usage": "chat"}], "z": 2.33}"#).expect("plans");
    let row = rows["rows"].as_array().expect("rows").iter().find(|r| r["run_id"] == QWEN).expect("the run");
    assert_eq!((&row["people_per_spark"], &row["sparks_needed"]), (&163.into(), &2.into()));
}

#[test]
fn the_readmes_example_plans_and_simulates_the_same_team() {
    let readme = include_str!("../../../README.md");
    let team = r#"{"groups": [{"people": 240, "usage": "chat"}], "floor_tok_s": 15}"#;
    assert!(readme.contains(&format!("const team = '{team}';")), "the README shows this team");
    let rows = plan(team).expect("plans");
    let row = rows["rows"].as_array().expect("rows").iter().find(|r| r["run_id"] == QWEN).expect("the run");
    // The English article's 163 chat users per Spark (z from p99, 2.326, rounds the same way).
    assert_eq!((&row["people_per_spark"], &row["sparks_needed"]), (&163.into(), &2.into()));
    let value: Value = serde_json::from_str(&simulate_json(team, &qwen(), 1).expect("simulates")).expect("JSON");
    assert_eq!(value["users"], 240);
    let verdict = value["verdict"].as_str().expect("a verdict");
    assert!(verdict.starts_with("It does not: only 27.1\u{a0}% of requests kept 15\u{a0}tok/s"), "{verdict}");
}

#[test]
fn a_group_without_a_head_count_is_refused() {
    let team = r#"{"groups": [{"people": 3}, {"usage": "agent"}]}"#;
    let missing = "missing field `groups[1].people` (or its alias `count`)";
    let simulated = error_of(simulate_json(team, &qwen(), 1));
    assert_eq!(simulated, format!("Invalid team JSON: {missing}."));
    let planned = error_of(plan(team));
    assert_eq!(planned, format!("the team is not valid JSON of the documented shape: {missing}"));
}

#[test]
fn unknown_keys_are_refused_at_every_level_in_every_function() {
    let sim = |json: &str| error_of(simulate_json(json, &qwen(), 1));
    let cases = [
        (error_of(size(r#"{"florr": 3}"#)), "`florr`"),
        (error_of(plan(r#"{"florr": 3}"#)), "`florr`"),
        (error_of(plan(r#"{"groups": [{"people": 3}, {"peopel": 3, "people": 1}]}"#)), "`groups[1].peopel`"),
        (error_of(memory(r#"{"models": ["gpt-oss-20b"], "budget": 115, "context_tokens": 8192}"#)), "`budget`"),
        (
            error_of(memory(
                r#"{"models": ["gpt-oss-20b", {"id": "gpt-oss-120b", "kv_dtpe": "fp8"}], "budget_gb": 115, "context_tokens": 8192}"#,
            )),
            "`models[1].kv_dtpe`",
        ),
        (sim(r#"{"groups": [{"people": 240}], "florr": 3}"#), "`florr`"),
        (sim(r#"{"groups": [{"peopel": 240, "count": 2}]}"#), "`groups[0].peopel`"),
        (sim(r#"{"florr": 3}"#), "`florr`"),
        // plan's settings the simulation does not read.
        (sim(r#"{"groups": [{"people": 240}], "z": 2.33}"#), "`z`"),
    ];
    for (error, path) in cases {
        assert!(error.contains(&format!("unknown field {path}, expected ")), "{path}: {error}");
        assert!(!error.trim_end_matches('.').contains(". "), "one sentence: {error}");
    }
}

#[test]
fn a_documented_key_the_other_keys_leave_unread_is_refused() {
    // z is the normal approximation's alone; an agent's interval means nothing to the
    // simulation; with shares, expected sessions do not split the pool.
    let normal_approx =
        "field `z` is not read unless `headroom` is `normal_approx` (the other methods take the percentile alone)";
    assert_eq!(
        error_of(size(r#"{"headroom": "exact_poisson", "z": 2.33}"#)),
        format!("Invalid scenario: {normal_approx}.")
    );
    assert_eq!(size(r#"{"headroom": "exact_poisson", "z": null}"#).map(|v| v["z"].clone()), Ok(Value::Null));
    let sim = error_of(simulate_json(r#"{"headroom": "erlang_c", "z": 2.33}"#, &qwen(), 1));
    assert_eq!(sim, format!("Invalid scenario JSON: {normal_approx}."));
    let planned = error_of(plan(r#"{"groups": [{"people": 3}], "headroom": "finite", "z": 2.33}"#));
    assert!(
        planned.ends_with(
            "field `z` is not read unless `headroom` is `normal` (the other methods take the percentile alone)"
        ),
        "{planned}"
    );
    let agents = r#"{"groups": [{"people": 3, "usage": "agent", "interval_s": 60}]}"#;
    assert!(plan(agents).is_ok(), "plan reads an agent's interval for its prompt rate");
    assert_eq!(
        error_of(simulate_json(agents, &qwen(), 1)),
        "Invalid team JSON: field `groups[0].interval_s` is not read for an always-busy group (its next request follows the last at once)."
    );
    let shared = r#"{"models": [{"id": "gpt-oss-120b", "share": 2}, {"id": "gpt-oss-20b", "share": 1, "expected_sessions": 4}], "budget_gb": 115, "context_tokens": 8192}"#;
    assert_eq!(
        error_of(memory(shared)),
        "the memory request is not valid: field `models[1].expected_sessions` is not read when the models have shares (the pool is split by the shares)"
    );
}

#[test]
fn one_simulate_call_stays_within_its_limits() {
    // 100,000 users and 10,000,000 requests were accepted and took 7.6 s natively.
    let limits = "SparkSizer.simulate runs at most 10000 users, 100000 requests and 1000000 events in one call";
    assert_eq!(
        simulate_json(r#"{"groups": [{"people": 100000}], "max_requests": 10000000}"#, &qwen(), 1),
        Err(format!("100000 users are too many: {limits}."))
    );
    assert_eq!(
        simulate_json(r#"{"groups": [{"people": 100}], "max_requests": 10000000}"#, &qwen(), 1),
        Err(format!("max_requests = 10000000 is too many: {limits}."))
    );
    assert_eq!(simulate_json(r#"{"users": 10001}"#, &qwen(), 1), Err(format!("10001 users are too many: {limits}.")));
    // A warm-up of 10^7 simulated seconds is within its field's range, but not one call's work.
    let long = simulate_json(r#"{"groups": [{"people": 100}], "warmup_s": 10000000}"#, &qwen(), 1);
    assert_eq!(
        long,
        Err(format!(
            "The simulation needs more events than one call may take ({limits}): a shorter warmup_s, fewer users or fewer requests fit."
        ))
    );
    // At the limits it answers.
    let at_limits = simulate_json(r#"{"groups": [{"people": 10000}], "max_requests": 100000}"#, &qwen(), 1);
    let value: Value = serde_json::from_str(&at_limits.expect("simulates")).expect("JSON");
    assert_eq!(value["users"], 10_000);
}

// ---- Properties: random objects from documented keys and misspellings. ----

/// One generated object: the JSON, and the error fragments any of which a refusal must contain
/// (empty: every key is documented, so the call must answer).
type Generated = (Value, Vec<String>);

fn number(range: std::ops::Range<f64>) -> BoxedStrategy<Value> {
    range.prop_map(Value::from).boxed()
}

fn whole(range: std::ops::Range<u64>) -> BoxedStrategy<Value> {
    range.prop_map(Value::from).boxed()
}

fn one_of(codes: &'static [&'static str]) -> BoxedStrategy<Value> {
    prop::sample::select(codes).prop_map(Value::from).boxed()
}

fn junk() -> BoxedStrategy<Value> {
    prop_oneof![(-1e6..1e6_f64).prop_map(Value::from), "[a-z]{0,6}".prop_map(Value::from)].boxed()
}

/// An object holding any of `documented` (each with a valid value) and, now and then, a
/// misspelling; `path` is where it sits (`""`, `groups[1]`).
fn object(
    path: String,
    documented: Vec<(&'static str, BoxedStrategy<Value>)>,
    misspelt: &'static [&'static str],
) -> BoxedStrategy<(Map<String, Value>, Vec<String>)> {
    let known: Vec<_> = documented
        .into_iter()
        .map(|(key, value)| prop::option::of(value).prop_map(move |v| v.map(|v| (key, v))).boxed())
        .collect();
    let typos: Vec<_> = misspelt
        .iter()
        .map(|key| prop::option::weighted(0.08, junk()).prop_map(move |v| v.map(|v| (*key, v))).boxed())
        .collect();
    (known, typos)
        .prop_map(move |(known, typos)| {
            let mut map = Map::new();
            let mut refused = Vec::new();
            for (key, value) in known.into_iter().flatten() {
                map.insert(key.to_owned(), value);
            }
            for (key, value) in typos.into_iter().flatten() {
                let at = if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") };
                refused.push(format!("unknown field `{at}`"));
                map.insert(key.to_owned(), value);
            }
            (map, refused)
        })
        .boxed()
}

/// A group as `plan` and `simulate` read it: `people`, its alias `count`, or (rarely) neither.
fn group(index: usize) -> BoxedStrategy<Generated> {
    let path = format!("groups[{index}]");
    let fields = vec![
        ("usage", one_of(&["chat", "agent"])),
        ("answer_tokens", number(10.0..1_000.0)),
        ("interval_s", number(10.0..600.0)),
        ("ttft_s", number(0.0..3.0)),
        ("always_busy", any::<bool>().prop_map(Value::from).boxed()),
        ("context_tokens", number(1_024.0..32_768.0)),
        ("prompt_tokens", number(100.0..5_000.0)),
    ];
    let head = prop_oneof![4 => Just(Some("people")), 4 => Just(Some("count")), 1 => Just(None)];
    (object(path.clone(), fields, &["peopel", "usag", "answer_token", "count_"]), head, 1_u64..50)
        .prop_map(move |((mut map, mut refused), head, people)| {
            match head {
                Some(key) => {
                    map.insert(key.to_owned(), people.into());
                }
                None => refused.push(format!("missing field `{path}.people`")),
            }
            (Value::Object(map), refused)
        })
        .boxed()
}

fn groups() -> BoxedStrategy<Generated> {
    (1_usize..4)
        .prop_flat_map(|n| (0..n).map(group).collect::<Vec<_>>())
        .prop_map(|groups| {
            let refused = groups.iter().flat_map(|(_, r)| r.clone()).collect();
            (Value::Array(groups.into_iter().map(|(g, _)| g).collect()), refused)
        })
        .boxed()
}

/// A team with `settings` at the top level; `groups` always present (both functions read it).
fn team(
    settings: Vec<(&'static str, BoxedStrategy<Value>)>,
    misspelt: &'static [&'static str],
) -> BoxedStrategy<Generated> {
    (object(String::new(), settings, misspelt), groups())
        .prop_map(|((mut map, mut refused), (groups, group_refused))| {
            map.insert("groups".to_owned(), groups);
            refused.extend(group_refused);
            (Value::Object(map), refused)
        })
        .boxed()
}

/// The call's answer must be a refusal naming one of `refused`, or, when that is empty, a result.
fn check_refusal<T>(json: &Value, refused: &[String], answer: &Result<T, String>) -> Result<bool, TestCaseError> {
    match (refused.is_empty(), answer) {
        (true, Ok(_)) => Ok(true),
        (true, Err(error)) => Err(TestCaseError::fail(format!("{json}: every key is documented, yet {error}"))),
        (false, Ok(_)) => Err(TestCaseError::fail(format!("{json}: answered despite {refused:?}"))),
        (false, Err(error)) => {
            prop_assert!(
                refused.iter().any(|r| error.contains(r.as_str())),
                "{json}: {error} names none of {refused:?}"
            );
            Ok(false)
        }
    }
}

/// Every key of `given` that the answer echoes has the value given (numbers to 1e-12: serde_json's
/// default parser may round a number's last digit).
fn echoes(given: &Value, answer: &Value, keys: &[&str]) -> Result<(), TestCaseError> {
    for key in keys {
        match (given.get(*key), &answer[*key]) {
            (None, _) => {}
            (Some(Value::Number(want)), Value::Number(got)) => {
                let (want, got) = (want.as_f64().expect("finite"), got.as_f64().expect("finite"));
                prop_assert!((want - got).abs() <= 1e-12 * want.abs().max(1.0), "{} in {}: {}", key, given, got);
            }
            (Some(value), got) => prop_assert_eq!(got, value, "{} in {}", key, given),
        }
    }
    Ok(())
}

/// `z` given beside a headroom that does not read it (`normal` is how the request spells the
/// one that does): the refusal that names it.
fn unread_z(json: &Value, normal: &str) -> Option<String> {
    let headroom = json.get("headroom").and_then(Value::as_str).unwrap_or(normal);
    (json.get("z").is_some() && headroom != normal).then(|| "field `z` is not read".to_owned())
}

fn scenario() -> BoxedStrategy<Generated> {
    let fields = vec![
        ("floor_tok_s", number(5.0..30.0)),
        ("answer_tokens", number(100.0..1_000.0)),
        ("interval_s", number(30.0..600.0)),
        ("always_busy", any::<bool>().prop_map(Value::from).boxed()),
        ("ttft_s", number(0.0..3.0)),
        ("percentile", number(0.9..0.999)),
        ("z", number(1.0..3.0)),
        ("headroom", one_of(&["normal_approx", "exact_poisson", "erlang_c"])),
        ("interpolation", one_of(&["linear", "monotone_log2"])),
        ("context_tokens", number(1_024.0..32_768.0)),
        ("kv_pool_tokens", number(100_000.0..2_000_000.0)),
        ("prompt_tokens", number(100.0..5_000.0)),
        ("prefill_tok_s", number(1_000.0..10_000.0)),
        ("replicas", whole(1..4)),
    ];
    object(String::new(), fields, &["flor_tok_s", "floor", "Percentile", "replica", "kv_pool", "headrom"])
        .prop_map(|(map, refused)| (Value::Object(map), refused))
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn size_reads_every_key_or_names_the_one_it_does_not((json, mut refused) in scenario()) {
        refused.extend(unread_z(&json, "normal_approx"));
        let answer = size(&json.to_string());
        if check_refusal(&json, &refused, &answer)? {
            let sizing = answer.expect("checked");
            echoes(&json, &sizing, &["floor_tok_s", "percentile", "z", "headroom"])?;
        }
    }

    #[test]
    fn plan_reads_every_key_or_names_the_one_it_does_not((json, refused) in team(vec![
        ("floor_tok_s", number(5.0..30.0)),
        ("percentile", number(0.9..0.999)),
        ("z", number(1.0..3.0)),
        ("headroom", one_of(&["normal", "poisson", "erlang_c", "finite"])),
        ("interpolation", one_of(&["linear", "monotone_log2"])),
        ("ttft_ceiling_s", number(1.0..10.0)),
        ("uncertainty", number(0.0..0.5)),
    ], &["florr", "ttft_ceiling", "uncertanity", "group"])) {
        let mut refused = refused;
        refused.extend(unread_z(&json, "normal"));
        let answer = plan(&json.to_string());
        if check_refusal(&json, &refused, &answer)? {
            let rows = answer.expect("checked");
            prop_assert_eq!(rows["rows"].as_array().map(Vec::len), Some(dataset().runs.len()));
        }
    }

    #[test]
    fn simulate_reads_every_key_or_names_the_one_it_does_not((json, refused) in team(vec![
        ("floor_tok_s", number(5.0..30.0)),
        ("percentile", number(0.9..0.999)),
        ("interpolation", one_of(&["linear", "monotone_log2"])),
        ("warmup_s", number(0.0..100.0)),
        ("window_s", number(100.0..10_000.0)),
        ("max_requests", whole(100..2_000)),
    ], &["florr", "max_request", "window", "z", "headroom"])) {
        // An always-busy group's interval is the one group key the simulation has no use for.
        let mut refused = refused;
        for (index, group) in json["groups"].as_array().expect("groups").iter().enumerate() {
            let busy = group.get("always_busy").and_then(Value::as_bool).unwrap_or(group["usage"] == "agent");
            if busy && group.get("interval_s").is_some() {
                refused.push(format!("field `groups[{index}].interval_s` is not read"));
            }
        }
        let flat = ApiRun::Inline(r#"{"points": [[1, 20], [1000, 20]]}"#.to_owned());
        let answer = simulate_json(&json.to_string(), &flat, 7);
        if check_refusal(&json, &refused, &answer)? {
            let report: Value = serde_json::from_str(&answer.expect("checked")).expect("JSON");
            echoes(&json, &report, &["floor_tok_s", "percentile"])?;
            let people: u64 = json["groups"].as_array().expect("groups").iter()
                .map(|g| g.get("people").or_else(|| g.get("count")).and_then(Value::as_u64).expect("a head count"))
                .sum();
            prop_assert_eq!(report["users"].as_u64(), Some(people));
            let most = json.get("max_requests").and_then(Value::as_u64).unwrap_or(20_000);
            prop_assert!(report["requests"].as_u64().is_some_and(|r| r <= most));
        }
    }

    #[test]
    fn memory_reads_every_key_or_names_the_one_it_does_not(
        (json, mut refused) in memory_request()
    ) {
        // With shares the pool is split by them: expected sessions are not read.
        let models = json["models"].as_array().expect("models");
        let unread = models.iter().position(|m| m.get("expected_sessions").is_some());
        if let Some(index) = unread.filter(|_| models.iter().any(|m| m.get("share").is_some())) {
            refused.push(format!("field `models[{index}].expected_sessions` is not read"));
        }
        let answer = memory(&json.to_string());
        if check_refusal(&json, &refused, &answer)? {
            let answer = answer.expect("checked");
            echoes(&json, &answer, &["budget_gb", "overhead_gb", "context_tokens"])?;
            for (given, model) in json["models"].as_array().expect("models").iter().zip(answer["models"].as_array().expect("models")) {
                let id = given.get("id").unwrap_or(given);
                prop_assert_eq!(&model["id"], id);
                if given.is_object() {
                    echoes(given, model, &["format", "kv_dtype"])?;
                }
            }
        }
    }
}

/// One model of a memory request: an id, or an object (with a share when `shared`).
fn model(index: usize, id: &'static str, shared: bool, as_object: bool) -> BoxedStrategy<Generated> {
    if !as_object && !shared {
        return Just((Value::from(id), Vec::new())).boxed();
    }
    let fields = vec![
        ("format", one_of(&["MXFP4"])),
        ("kv_dtype", one_of(&["bf16", "fp16", "fp8"])),
        ("expected_sessions", number(1.0..10.0)),
    ];
    // Shares are all models' or none.
    let share = if shared { (0.1..1.0_f64).prop_map(Some).boxed() } else { Just(None).boxed() };
    (object(format!("models[{index}]"), fields, &["kv_dtpe", "shares", "formats"]), share)
        .prop_map(move |((mut map, refused), share)| {
            map.insert("id".to_owned(), Value::from(id));
            if let Some(share) = share {
                map.insert("share".to_owned(), share.into());
            }
            (Value::Object(map), refused)
        })
        .boxed()
}

/// A memory request that fits one Spark: gpt-oss-120b or -20b first, then up to two -20b
/// (65.3 + 2 x 13.8 = 92.9 GB of weights, under the smallest budget drawn, 100 GB, less 5 GB).
fn memory_request() -> BoxedStrategy<Generated> {
    let models =
        (prop::sample::select(vec!["gpt-oss-120b", "gpt-oss-20b"]), 0_usize..3, any::<bool>(), any::<[bool; 3]>())
            .prop_flat_map(|(first, more, shared, objects)| {
                (0..=more)
                    .map(|i| model(i, if i == 0 { first } else { "gpt-oss-20b" }, shared, objects[i]))
                    .collect::<Vec<_>>()
            });
    let settings = object(String::new(), vec![("overhead_gb", number(0.0..5.0))], &["budget", "modles", "context"]);
    (models, settings, 100.0..120.0_f64, 1_024.0..32_768.0_f64)
        .prop_map(|(models, (mut map, mut refused), budget, context)| {
            for (_, r) in &models {
                refused.extend(r.iter().cloned());
            }
            map.insert("models".to_owned(), Value::Array(models.into_iter().map(|(m, _)| m).collect()));
            map.insert("budget_gb".to_owned(), json!(budget));
            map.insert("context_tokens".to_owned(), json!(context));
            (Value::Object(map), refused)
        })
        .boxed()
}

/// `simulate`'s seed as the page hands it over: missing is the default, a whole number up to 2^53
/// or a string of digits up to 2^64 - 1 is itself, anything else one sentence.
#[test]
fn simulate_seeds_are_read_as_documented() {
    use sizer_data::sim_api::ApiSeed;
    assert_eq!(ApiSeed::Missing.resolve(1), Ok(1));
    assert_eq!(ApiSeed::Number(9_007_199_254_740_992.0).resolve(1), Ok(9_007_199_254_740_992));
    assert_eq!(ApiSeed::Text(" 18446744073709551615 ".into()).resolve(1), Ok(u64::MAX));
    let number = Err("The seed must be a whole number from 0 to 2^53 (or a string of digits).".to_owned());
    for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY, 9_007_199_254_740_994.0] {
        assert_eq!(ApiSeed::Number(bad).resolve(1), number, "{bad}");
    }
    let text = Err("The seed must be a whole number from 0 to 18446744073709551615.".to_owned());
    for bad in ["", "-3", "+3", "1e3", "18446744073709551616"] {
        assert_eq!(ApiSeed::Text(bad.into()).resolve(1), text, "{bad:?}");
    }
    assert_eq!(ApiSeed::Other.resolve(1), Err("The seed must be a number or a string of digits.".to_owned()));
}
