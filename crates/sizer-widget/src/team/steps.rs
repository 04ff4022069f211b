//! "Show the work" for a team plan: the load, the people by each limit, the Sparks
//! needed and the uncertainty band of the chosen run, as [`Step`]s. Every number is a field of
//! the core's `TeamPlan` or a cited figure of the data crate's `PlanRow`; this module only
//! writes them down (the steps list in the team section and the Markdown export).

use sizer_core::{FiniteComparison, TeamLimit};
use sizer_data::{PlanNote, PlanRow, Run};

use crate::i18n::codes::{self, TEAM_LIMIT};
use crate::i18n::team::{TeamStep, TeamWord, step_formula, step_title, word};
use crate::i18n::{Lang, format_integer, format_number};
use crate::sizing::steps::{Step, figure_citation, run_citation};

/// The steps of the chosen run's plan (empty when it has none: no usable curve); `finite`, the
/// finite-population count beside Poisson's (`sizer_data::Dataset::compare_finite`), adds a step.
pub fn team_steps(lang: Lang, row: &PlanRow<'_>, run: Option<&Run>, finite: Option<&FiniteComparison>) -> Vec<Step> {
    let Some(plan) = row.plan.as_ref() else { return Vec::new() };
    let n = |value: f64, places: usize| format_number(lang, value, places);
    let int = |value: u64| format_integer(lang, value);
    let w = |msg| word(lang, msg);
    let step = |which: TeamStep, inputs: String, result: String, cite| Step {
        title: step_title(lang, which),
        formula: step_formula(lang, which).into(),
        inputs,
        result,
        cite,
    };
    let limit = |limit: TeamLimit| codes::label(lang, &TEAM_LIMIT, limit);

    let duties: Vec<String> = plan.duties.iter().map(|&d| n(d, 4)).collect();
    let load_inputs = format!(
        "{} {}, {} {}; {}: {}",
        int(plan.people),
        w(TeamWord::People),
        int(plan.agents),
        w(TeamWord::Agents),
        w(TeamWord::Duties),
        duties.join(" · ")
    );
    let load_result = plan.per_system.map_or_else(String::new, |per| {
        format!(
            "{} {}, {} {}",
            n(per.average_streams, 1),
            w(TeamWord::OnAverage),
            n(per.peak_streams, 1),
            w(TeamWord::AtPercentile)
        )
    });

    let mut by_limit = vec![format!(
        "{} {} ({} {})",
        limit(TeamLimit::Speed),
        n(plan.users_by_speed, 1),
        int(plan.whole_streams),
        w(TeamWord::Streams)
    )];
    let mut push = |which: TeamLimit, users: Option<f64>| {
        if let Some(users) = users {
            by_limit.push(format!("{} {}", limit(which), n(users, 1)));
        }
    };
    push(TeamLimit::Kv, plan.users_by_kv);
    push(TeamLimit::Prefill, plan.users_by_prefill);
    push(TeamLimit::Ttft, plan.users_by_ttft);
    if let Some(streams) = plan.ttft_streams {
        by_limit.push(format!("{}: {} {}", w(TeamWord::Ceiling), int(streams), w(TeamWord::Streams)));
    }
    if let Some(queue) = plan.prompt_ttft.filter(|q| !q.prompt_alone_over_ceiling()) {
        by_limit.push(format!(
            "{} {}\u{a0}% {}",
            w(TeamWord::QueueEstimate),
            n(queue.max_utilisation * 100.0, 0),
            w(TeamWord::OfPrefillRate)
        ));
    }
    // Reading the longest prompt alone is over the ceiling: the note says so in place of a count.
    let prompt_alone = match &row.note {
        Some(PlanNote::PromptAloneOverCeiling { .. }) => crate::i18n::team::row_note(lang, row),
        _ => None,
    };
    let limits_result = prompt_alone.unwrap_or_else(|| {
        format!(
            "{} {}; {} {}",
            int(plan.people_per_system),
            w(TeamWord::PerSystem),
            limit(plan.binding),
            w(TeamWord::Binds)
        )
    });
    let limits_cite = match plan.binding {
        TeamLimit::Kv => row.kv_pool.map(|c| figure_citation(c.cited_id, c.source)),
        TeamLimit::Prefill => row.prefill.map(|c| figure_citation(c.cited_id, c.source)),
        TeamLimit::Speed | TeamLimit::Ttft => run.map(run_citation),
    };

    let systems_inputs = format!(
        "{} {}, {} {}, {} {}",
        int(plan.people),
        w(TeamWord::People),
        int(plan.people_per_system),
        w(TeamWord::PerSystem),
        int(u64::from(row.nodes_per_system)),
        w(TeamWord::NodesPerSystem)
    );
    let systems_result = match (row.systems_needed, plan.per_system) {
        (Some(k), Some(per)) => format!(
            "K = {} → Sparks = {}; {}\u{a0}% {}",
            int(k),
            row.sparks_needed.map_or_else(|| "—".to_owned(), int),
            n(per.stream_utilisation * 100.0, 0),
            w(TeamWord::StreamsBusy)
        ),
        (Some(k), None) => format!("K = {}", int(k)),
        (None, _) => {
            format!("{} ({} {})", w(TeamWord::NoneServes), row.unserved_by.map_or("—", limit), w(TeamWord::Binds))
        }
    };

    let band = plan.band;
    let band_result = format!(
        "{}–{} {}; {}",
        int(band.people_low),
        int(band.people_high),
        w(TeamWord::PerSystem),
        w(if band.binding_changes { TeamWord::BindingChanges } else { TeamWord::BindingSame })
    );

    let mut steps = vec![
        step(TeamStep::Load, load_inputs, load_result, None),
        step(TeamStep::Limits, limits_inputs(lang, row, by_limit.join(" · ")), limits_result, limits_cite),
        step(TeamStep::Systems, systems_inputs, systems_result, None),
        step(
            TeamStep::Band,
            format!("u = {}\u{a0}%", n(band.uncertainty * 100.0, 0)),
            band_result,
            run.map(run_citation),
        ),
    ];
    if let Some(finite) = finite {
        let inputs = format!(
            "S = {} {}, {} {}",
            int(finite.streams),
            w(TeamWord::LeftByAgents),
            w(TeamWord::MeanDuty),
            n(finite.duty, 4)
        );
        let result = format!(
            "{}: {} {} ({}\u{a0}% {}) · Poisson: {} {} (Erlang B {}\u{a0}%)",
            w(TeamWord::Finite),
            int(finite.people_finite),
            w(TeamWord::People),
            n(finite.engset_blocking * 100.0, 2),
            w(TeamWord::Blocked),
            int(finite.people_poisson),
            w(TeamWord::People),
            n(finite.erlang_b_blocking * 100.0, 2)
        );
        steps.push(step(TeamStep::Finite, inputs, result, None));
    }
    steps
}

/// The limits step's inputs; for a run of several workloads, the curve planned on named first.
fn limits_inputs(lang: Lang, row: &PlanRow<'_>, limits: String) -> String {
    match &row.workload {
        Some(choice) => [crate::i18n::workloads::sentence(lang, choice), " ".into(), limits].concat(),
        None => limits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_data::{TeamRequest, dataset};

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    #[test]
    fn the_example_team_steps() {
        let request = TeamRequest::from_json(
            r#"{"groups": [{"people": 30}, {"people": 5, "usage": "agent"}], "ttft_ceiling_s": 80, "headroom": "finite"}"#,
        )
        .expect("valid");
        let rows = dataset().plan_request(&request, &[]).expect("valid team");
        let row = rows.iter().find(|r| r.run_id == QWEN).expect("row");
        let steps = team_steps(Lang::En, row, dataset().run(QWEN), None);
        assert_eq!(steps.len(), 4);
        // Duty at 15 tok/s: (400 / 15 + 1) / 120 = 0.230556; agents 1.
        assert_eq!(steps[0].inputs, "35 people, 5 agents; duties: 0.2306 · 1.0000");
        // 5,705 / (3,461.33 / 35) = 57.69 people: prefill binds, cited to the prefill fact.
        assert!(steps[1].inputs.contains("prefill 57.7"), "{}", steps[1].inputs);
        // Under an 80 s ceiling the others' prompts may use 89.70 % of the prefill rate (the
        // queue's estimate, Python from `sizer_core::PromptTtft`'s formula): 58.48 people.
        assert!(steps[1].inputs.contains("p99 time to first token 58.5"), "{}", steps[1].inputs);
        assert!(
            steps[1].inputs.contains(
                "estimated p99 TTFT (prompts queued at the prefill rate) under the ceiling up to 90\u{a0}% of the prefill rate"
            ),
            "{}",
            steps[1].inputs
        );
        assert_eq!(steps[1].result, "57 per system; prefill binds");
        assert!(steps[1].cite.as_ref().is_some_and(|c| c.cited_id != QWEN));
        assert!(steps[2].result.starts_with("K = 1 → Sparks = 1; "), "{}", steps[2].result);
        assert!(steps[2].result.ends_with("\u{a0}% of the streams busy on average"), "{}", steps[2].result);
        assert_eq!(steps[3].inputs, "u = 10\u{a0}%");
        assert_eq!(steps[3].result, "57–57 per system; the binding limit stays the same");
        let de = team_steps(Lang::De, row, dataset().run(QWEN), None);
        assert_eq!(de[1].result, "57 pro System; Prefill bindet");
    }

    #[test]
    fn a_prompt_over_the_ceiling_is_the_step_that_binds() {
        // 20,000 / 5,705 = 3.51 s to read one agent's prompt alone, over a 3 s ceiling.
        let request = TeamRequest::from_json(
            r#"{"groups": [{"people": 30}, {"people": 5, "usage": "agent"}], "ttft_ceiling_s": 3}"#,
        )
        .expect("valid");
        let rows = dataset().plan_request(&request, &[]).expect("valid team");
        let row = rows.iter().find(|r| r.run_id == QWEN).expect("row");
        let steps = team_steps(Lang::En, row, dataset().run(QWEN), None);
        assert_eq!(
            steps[1].result,
            "reading one 20,000-token prompt alone takes 3.51 s at this run's prefill rate, over the 3 s TTFT ceiling"
        );
        assert_eq!(steps[2].result, "no number of systems serves the team (p99 time to first token binds)");
    }

    #[test]
    fn the_finite_team_beside_poisson() {
        // 170 chatting at 15 tok/s on the worked run's 52 streams (duty (400 / 15 + 1) / 120):
        // the binomial count keeps 170 people, the exact Poisson count 162; Engset's share at
        // 170 is 0.4737 %, Erlang B's at 162 x duty 0.4321 % (mpmath, tests/tests/core/finite_population.rs).
        let request = TeamRequest::from_json(r#"{"groups": [{"people": 170}], "headroom": "finite"}"#).expect("valid");
        let team = request.team().expect("valid team");
        let run = dataset().run(QWEN).expect("run");
        let finite = dataset().compare_finite(&team, run).expect("chat people present");
        let row = dataset().plan_run(&team, run);
        let steps = team_steps(Lang::En, &row, Some(run), Some(&finite));
        assert_eq!(steps.len(), 5);
        assert_eq!(steps[4].title, "A finite team beside Poisson");
        assert_eq!(steps[4].inputs, "S = 52 streams the agents leave, mean duty 0.2306");
        assert_eq!(
            steps[4].result,
            "finite: 170 people (0.47\u{a0}% find all streams busy) · Poisson: 162 people (Erlang B 0.43\u{a0}%)"
        );
        let de = team_steps(Lang::De, &row, Some(run), Some(&finite));
        assert_eq!(
            de[4].result,
            "endlich: 170 Personen (0,47\u{a0}% finden alle Ströme belegt) · Poisson: 162 Personen (Erlang B 0,43\u{a0}%)"
        );
    }
}
