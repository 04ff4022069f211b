//! `window.SparkSizer.simulate(teamOrScenarioJson, runIdOrCurve, seed)`: the simulation as JSON.
//!
//! - `teamOrScenarioJson`: a team exactly as `plan` reads it, `{"groups": [{"people": 240,
//!   "usage": "chat"}], "floor_tok_s": 15, ...}` (`count` is `people`'s alias; the keys and
//!   defaults are in `team/sim.rs`), or a scenario as for `size`, whose sizing on one Spark gives
//!   the team (`"users": N` simulates N users of it instead);
//! - `runIdOrCurve`: a dataset run id, or `{"points": [[c, tok_s], ...]}` (per-request speed);
//! - `seed`: a whole number from 0 to 2^53, or a string of digits for any 64-bit seed.
//!
//! A key it does not read is refused, naming its path (`groups[0].peopel`; `api_keys.rs`). The
//! call is synchronous, on the host page's main thread, so its work is bounded: at most
//! [`API_MAX_USERS`] users, [`API_MAX_REQUESTS`] requests and [`API_MAX_EVENTS`] simulated
//! events, each engine step one event on a run with a fitted engine (a long `warmup_s` can
//! reach that first); beyond them it is refused in one sentence
//! rather than freezing the page (the page's own simulation runs in slices and takes the core's
//! larger limits).
//!
//! A run that holds a suite's closed-loop workloads (the arena's) is simulated on the engine
//! fitted to them (`Dataset::sim_machine_for`); the answer's `model` says which model ran
//! (`{"kind": "engine", ...}`, `"curve"` or `"curve_request_too_long"`).
//!
//! The answer is the core's `SimReport` (at least `requests`, `mean_in_flight`, `p99_in_flight`,
//! `share_requests_at_floor`, `p99_ttft_s`, `holds` and `model`) plus the `verdict` sentence and, for a
//! scenario, `formula_people`. Errors are one sentence. The widget only passes JavaScript values
//! in and out (`sizer-widget/src/sim_api.rs`).

use crate::api_keys::{SIM_SCENARIO, check_keys, check_z};
use crate::dataset;
use crate::js_api::size::{ApiError, ApiRun, inline_curve};
pub use crate::predict::load::{seed_from_number, seed_from_text};
use crate::team::sim::SimTeamRequest;
use serde::Serialize;
use sizer_core::sim::{Machine, SimReport, SimRequest, Simulation, sizing_request};
use sizer_core::{HeadroomMethod, Interpolation, Scenario};

/// The most users one synchronous call simulates (the core's own limit is 100,000).
pub const API_MAX_USERS: u32 = 10_000;

/// The most requests one synchronous call measures (the core's own limit is 10,000,000).
pub const API_MAX_REQUESTS: u32 = 100_000;

/// The most events (a request sent, its first token, its finish ...) one call simulates on a
/// curve, or engine steps on a fitted engine (a step costs about what an event does: 70 ns
/// against 100 ns natively), warm-up included: about what [`API_MAX_USERS`] chat users and [`API_MAX_REQUESTS`] requests
/// take, so that no call within the limits runs much longer than they do.
pub const API_MAX_EVENTS: u64 = 1_000_000;

/// What the API answers.
#[derive(Serialize)]
struct SimAnswer<'a> {
    #[serde(flatten)]
    report: &'a SimReport,
    verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    formula_people: Option<u64>,
}

/// A seed as `SparkSizer.simulate`'s third argument gives it (read in the page's second module,
/// so the first carries no seed rules).
#[derive(Debug, Clone, PartialEq)]
pub enum ApiSeed {
    /// No seed (`undefined`): the caller's default.
    Missing,
    /// A JavaScript number.
    Number(f64),
    /// A string (of digits, if valid).
    Text(String),
    /// Any other value.
    Other,
}

impl ApiSeed {
    /// The seed, or `default` when none was given.
    ///
    /// # Errors
    /// One sentence: a number that is not whole or not within 0 to 2^53, a string that is not
    /// digits, any other value.
    pub fn resolve(&self, default: u64) -> Result<u64, String> {
        match self {
            ApiSeed::Missing => Ok(default),
            ApiSeed::Number(number) => seed_from_number(*number),
            ApiSeed::Text(text) => seed_from_text(text),
            ApiSeed::Other => Err("The seed must be a number or a string of digits.".to_owned()),
        }
    }
}

/// Runs the simulation and answers in JSON (see the module docs).
///
/// # Errors
/// One sentence naming what could not be honoured.
pub fn simulate_json(team_or_scenario: &str, run: &ApiRun, seed: u64) -> Result<String, String> {
    let value: serde_json::Value =
        serde_json::from_str(team_or_scenario).map_err(|e| format!("Invalid team or scenario JSON: {e}."))?;
    let object = value.as_object().ok_or("The team or scenario must be a JSON object.")?;
    let (request, machine, formula_people) = if object.contains_key("groups") {
        let team = SimTeamRequest::from_value(value).map_err(|e| format!("Invalid team JSON: {e}."))?;
        let request = team.sim_request().map_err(|e| format!("The team cannot be simulated: {e}."))?;
        (request, machine(run, team.interpolation, None)?, None)
    } else {
        check_keys(&value, &SIM_SCENARIO).map_err(|e| format!("Invalid scenario JSON: {e}."))?;
        let mut object = object.clone();
        let users = match object.remove("users") {
            None => None,
            Some(v) => Some(
                v.as_u64()
                    .filter(|u| *u >= 1 && *u <= u64::from(u32::MAX))
                    .ok_or("\"users\" must be a whole number of at least 1.")? as u32,
            ),
        };
        let scenario: Scenario = serde_json::from_value(serde_json::Value::Object(object))
            .map_err(|e| format!("Invalid scenario JSON: {e}."))?;
        check_z(&value, scenario.headroom == HeadroomMethod::NormalApprox, "normal_approx")
            .map_err(|e| format!("Invalid scenario JSON: {e}."))?;
        let machine = machine(run, scenario.interpolation, Some(&scenario))?;
        match users {
            Some(users) => (SimRequest::from_scenario(&scenario, users), machine, None),
            None => {
                let (sizing, request) =
                    sizing_request(&scenario, &machine).map_err(|e| format!("The sizing cannot be simulated: {e}."))?;
                (request, machine, Some(sizing.people_per_spark))
            }
        }
    };
    let report = simulate_bounded(&request, &machine, seed)?;
    let answer = SimAnswer { verdict: report.verdict(), report: &report, formula_people };
    serde_json::to_string(&answer).map_err(|e| format!("The report could not be written as JSON: {e}."))
}

/// The limits of one synchronous call, in the sentence that refuses a call beyond them.
fn limits() -> String {
    format!(
        "SparkSizer.simulate runs at most {API_MAX_USERS} users, {API_MAX_REQUESTS} requests and {API_MAX_EVENTS} events in one call"
    )
}

/// Simulates within the API's limits (see the module docs), or says which was passed.
fn simulate_bounded(request: &SimRequest, machine: &Machine, seed: u64) -> Result<SimReport, String> {
    let users = request.total_users();
    if users > API_MAX_USERS {
        return Err(format!("{users} users are too many: {}.", limits()));
    }
    if request.max_requests > API_MAX_REQUESTS {
        return Err(format!("max_requests = {} is too many: {}.", request.max_requests, limits()));
    }
    let mut simulation =
        Simulation::new(request, machine, seed).map_err(|e| format!("The team cannot be simulated: {e}."))?;
    if simulation.advance(API_MAX_EVENTS) {
        Ok(simulation.report())
    } else {
        Err(format!(
            "The simulation needs more events than one call may take ({}): a shorter warmup_s, fewer users or fewer requests fit.",
            limits()
        ))
    }
}

/// The machine for a run id or an inline curve. With a scenario, its KV pool and prefill rate
/// are the sizing's (`sizer_data::scenario_for_run` for a run; an inline curve brings none).
fn machine(run: &ApiRun, interpolation: Interpolation, scenario: Option<&Scenario>) -> Result<Machine, String> {
    match run {
        ApiRun::Id(id) => {
            let run = dataset().run(id).ok_or_else(|| ApiError::UnknownRun(id.clone()).message())?;
            match scenario {
                Some(scenario) => dataset().sim_machine_for(run, *scenario),
                None => dataset().sim_machine(run, interpolation),
            }
            .map_err(|_| ApiError::NoCurve.message())
        }
        ApiRun::Inline(json) => {
            let curve = inline_curve(json).map_err(|e| e.message())?;
            Ok(Machine {
                interpolation,
                kv_pool_tokens: scenario.and_then(|s| s.kv_pool_tokens),
                prefill_tok_s: scenario.and_then(|s| s.prefill_tok_s),
                ..Machine::from_curve(curve)
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    fn answer(team: &str, run: &ApiRun, seed: u64) -> serde_json::Value {
        let json = simulate_json(team, run, seed).unwrap_or_else(|e| panic!("{team}: {e}"));
        serde_json::from_str(&json).expect("json")
    }

    #[test]
    fn a_scenario_simulates_the_people_its_sizing_allows() {
        // docs/SIMULATION.md, seed 1: 163 chat users hold, 100.0 % at the floor, p99 TTFT 0.2 s.
        let value = answer(r#"{"z": 2.33}"#, &ApiRun::Id(QWEN.into()), 1);
        assert_eq!(value["formula_people"], 163);
        assert_eq!(value["users"], 163);
        assert_eq!(value["requests"], 20_000);
        assert_eq!(value["holds"], true);
        assert_eq!(
            value["verdict"],
            "The sizing holds: 100.0\u{a0}% of requests kept 15\u{a0}tok/s, p99 TTFT 0.2\u{a0}s."
        );
        let mean = value["mean_in_flight"].as_f64().expect("mean");
        // The table's "26.6 to 27.6" (seeds 1 to 5) is rounded to one decimal.
        assert!((26.55..27.65).contains(&mean), "{mean}");
    }

    #[test]
    fn a_team_runs_on_an_inline_curve() {
        // Flat 20 tok/s: every answer of 400 tokens takes 20 s, so every request keeps a 15 tok/s
        // floor; 10 users, 1,000 requests.
        let team = r#"{"groups": [{"count": 10}], "max_requests": 1000}"#;
        let value = answer(team, &ApiRun::Inline(r#"{"points": [[1, 20], [64, 20]]}"#.into()), 5);
        assert_eq!((&value["users"], &value["requests"], &value["holds"]), (&10.into(), &1000.into(), &true.into()));
        assert_eq!(value["share_requests_at_floor"], 1.0);
        assert!(value.get("formula_people").is_none());
    }

    #[test]
    fn users_override_the_sizing() {
        let value = answer(r#"{"users": 400, "z": 2.33}"#, &ApiRun::Id(QWEN.into()), 1);
        assert_eq!((&value["users"], &value["holds"]), (&400.into(), &false.into()));
    }

    /// The raw JSON text of the first `"key":` value (numbers compared as printed: serde_json's
    /// default parser may round the last digit, the printer never does).
    fn raw<'a>(json: &'a str, key: &str) -> &'a str {
        let start = json.find(&format!("\"{key}\":")).map(|i| i + key.len() + 3).expect(key);
        let rest = &json[start..];
        &rest[..rest.find([',', '}']).unwrap_or(rest.len())]
    }

    #[test]
    fn the_native_build_gives_the_browser_tests_literals() {
        // The same inputs and literals as `tests/simulation.rs` (wasm): one set of numbers for both.
        let a = simulate_json(r#"{"z": 2.33}"#, &ApiRun::Id(QWEN.into()), 1).expect("simulates");
        let fields = ["users", "requests", "mean_in_flight", "p99_in_flight", "p99_ttft_s", "window_s", "p50", "holds"];
        let a_raw: Vec<&str> = fields.iter().map(|key| raw(&a, key)).collect();
        assert_eq!(
            a_raw,
            [
                "163",
                "20000",
                "27.61487063475173",
                "44",
                "0.17885455291077712",
                "13512.803628079619",
                "21.557145800345857",
                "true"
            ]
        );
        let team = r#"{"groups": [{"count": 200}, {"count": 3, "always_busy": true, "prompt_tokens": 20000}], "max_requests": 5000}"#;
        let b = simulate_json(team, &ApiRun::Id(QWEN.into()), 12_345_678_901_234_567_890).expect("simulates");
        let fields = [
            "users",
            "requests",
            "mean_in_flight",
            "p99_in_flight",
            "share_requests_at_floor",
            "p99_ttft_s",
            "window_s",
            "holds",
        ];
        let b_raw: Vec<&str> = fields.iter().map(|key| raw(&b, key)).collect();
        assert_eq!(
            b_raw,
            ["203", "5000", "47.157652538260244", "66", "0.8674", "3.5686174928348144", "2757.0307085549093", "false"]
        );
    }

    #[test]
    fn errors_are_one_sentence() {
        let run = ApiRun::Id(QWEN.into());
        let cases = [
            simulate_json("{", &run, 1),
            simulate_json("[]", &run, 1),
            simulate_json("{}", &ApiRun::Id("nope".into()), 1),
            simulate_json("{}", &ApiRun::Inline(r#"{"points": []}"#.into()), 1),
            simulate_json(r#"{"groups": []}"#, &run, 1),
            simulate_json(r#"{"users": 0}"#, &run, 1),
            simulate_json(r#"{"floor_tok_s": -1}"#, &run, 1),
            simulate_json(r#"{"groups": [{"count": 1}], "interpolation": "cubic"}"#, &run, 1),
        ];
        for case in cases {
            let message = case.expect_err("an error");
            assert!(message.ends_with('.') && !message.trim_end_matches('.').contains(". "), "{message}");
        }
        assert_eq!(seed_from_number(7.0), Ok(7));
        assert!(
            seed_from_number(-1.0).is_err() && seed_from_number(1.5).is_err() && seed_from_number(f64::NAN).is_err()
        );
        assert_eq!(seed_from_text("18446744073709551615"), Ok(u64::MAX));
        assert!(seed_from_text("-1").is_err() && seed_from_text("1e3").is_err() && seed_from_text("+1").is_err());
    }
}
