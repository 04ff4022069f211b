//! The team in the Markdown and JSON exports: the verdict and the steps of the chosen
//! run's plan, and the team as a `plan(teamJson)` request with the chosen run's row, so an
//! export can be planned again through the JS API.

use std::rc::Rc;

use serde_json::{Value, json};
use sizer_core::{Scenario, Team, TeamHeadroom};
use sizer_data::{PlanRow, Run, dataset};

use crate::i18n::Lang;
use crate::i18n::codes::{self, INTERPOLATION, TEAM_HEADROOM};
use crate::i18n::team::{TeamText, team_error, team_text, verdict};
use crate::sizing::export::push_steps;
use crate::team::state::{TeamInput, TeamInputField};
use crate::team::steps::team_steps;

/// What the exports need to plan the team again: the inputs, the form's usage and the
/// imported runs (the chosen run may be one).
#[derive(Clone, Debug, PartialEq)]
pub struct TeamShare {
    pub input: TeamInput,
    pub usage: Scenario,
    pub imported: Vec<Rc<Run>>,
}

impl TeamShare {
    /// Plans the team and hands the chosen run's row (if any) and run to `with`.
    fn with_row<T>(
        &self,
        run_id: &str,
        with: impl FnOnce(Option<(&PlanRow<'_>, Option<&Run>)>, &Team) -> T,
    ) -> Result<T, String> {
        let imported: Vec<Run> = self.imported.iter().map(|run| (**run).clone()).collect();
        let team = self.input.team(&self.usage).map_err(|error| team_error(Lang::En, &error))?;
        let rows = dataset().plan_team(&team, &imported);
        let row = rows.iter().find(|row| row.run_id == run_id);
        let run = dataset().run(run_id).or_else(|| imported.iter().find(|run| run.id == run_id));
        Ok(with(row.map(|row| (row, run)), &team))
    }

    /// The team's section of the Markdown export: heading, verdict, numbered steps.
    pub fn markdown(&self, lang: Lang, run_id: &str) -> String {
        let mut out = String::with_capacity(1024);
        out.push_str("\n### ");
        out.push_str(team_text(lang, TeamText::Heading));
        out.push_str("\n\n");
        let body = self.with_row(run_id, |found, team| {
            let mut body = String::new();
            if let Some((row, run)) = found {
                body.push_str("**");
                body.push_str(&verdict(lang, row, self.input.people(), self.usage.floor_tok_s));
                body.push_str("**\n\n");
                let finite = run.and_then(|run| dataset().compare_finite(team, run));
                push_steps(&mut body, &team_steps(lang, row, run, finite.as_ref()));
            }
            body
        });
        match body {
            Ok(body) => out.push_str(&body),
            Err(_) => {
                if let Err(error) = self.input.team(&self.usage) {
                    out.push_str(&team_error(lang, &error));
                    out.push('\n');
                }
            }
        }
        out
    }

    /// The team as a `plan(teamJson)` request, and the chosen run's row (or why there is none).
    pub fn json(&self, run_id: &str) -> Value {
        let value = |field| self.input.value(field);
        let usage = &self.usage;
        let mut groups = vec![json!({
            "people": value(TeamInputField::People).unwrap_or(0.0) as u64,
            "answer_tokens": usage.answer_tokens,
            "interval_s": usage.interval_s,
            "ttft_s": usage.ttft_s,
            "always_busy": usage.always_busy,
            "context_tokens": usage.context_tokens,
            "prompt_tokens": usage.prompt_tokens,
        })];
        let agents = value(TeamInputField::Agents).unwrap_or(0.0) as u64;
        if agents > 0 {
            groups.push(json!({ "people": agents, "usage": "agent" }));
        }
        let request = json!({
            "groups": groups,
            "floor_tok_s": usage.floor_tok_s,
            "percentile": usage.percentile,
            // plan reads `z` only with the normal headroom (and refuses it otherwise).
            "z": usage.z.filter(|_| self.input.headroom == TeamHeadroom::NormalApprox),
            "headroom": codes::code(&TEAM_HEADROOM, self.input.headroom),
            "interpolation": codes::code(&INTERPOLATION, usage.interpolation),
            "ttft_ceiling_s": value(TeamInputField::TtftCeiling),
            "uncertainty": value(TeamInputField::Uncertainty).unwrap_or(10.0) / 100.0,
        });
        let plan = match self.with_row(run_id, |found, _| found.map(|(row, _)| serde_json::to_value(row).ok())) {
            Ok(row) => json!({ "row": row.flatten() }),
            Err(error) => json!({ "error": error }),
        };
        json!({ "request": request, "plan": plan })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::state::TeamAction;

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    /// 30 chatting and 5 agents under an 80 s ceiling: one 20,000-token prompt takes 3.51 s
    /// alone at the worked run's 5,705 tok/s, and queued behind the others' prompts the estimate
    /// holds 58.48 people of this mix, so prefill binds first.
    fn example_team() -> TeamShare {
        let mut input = TeamInput::default();
        for (field, text) in
            [(TeamInputField::People, "30"), (TeamInputField::Agents, "5"), (TeamInputField::TtftCeiling, "80")]
        {
            input.apply(Lang::En, TeamAction::SetText(field, text.into()));
        }
        input.apply(Lang::En, TeamAction::SetHeadroom(sizer_core::TeamHeadroom::FinitePopulation));
        TeamShare { input, usage: Scenario::chat(), imported: Vec::new() }
    }

    #[test]
    fn the_json_export_is_a_request_plan_accepts() {
        let export = example_team().json(QWEN);
        // 5,705 / (3,461.3 / 35) = 57.69: prefill binds at 57 people, one Spark.
        assert_eq!(export["plan"]["row"]["people_per_spark"], 57);
        assert_eq!(export["plan"]["row"]["binding"], "prefill");
        let again: Value =
            serde_json::from_str(&dataset().plan_json(&export["request"].to_string(), &[])).expect("json");
        let row = again["rows"].as_array().expect("rows").iter().find(|r| r["run_id"] == QWEN).expect("row").clone();
        assert_eq!((&row["people_per_spark"], &row["sparks_needed"]), (&57.into(), &1.into()));
        // A link's z of 2.33 is the normal approximation's alone: the finite headroom's request
        // leaves it out, so plan takes it.
        let with_z = TeamShare { usage: Scenario { z: Some(2.33), ..Scenario::chat() }, ..example_team() }.json(QWEN);
        assert_eq!(with_z["request"]["z"], Value::Null);
        let again: Value =
            serde_json::from_str(&dataset().plan_json(&with_z["request"].to_string(), &[])).expect("json");
        assert!(again["rows"].is_array(), "{again}");
    }

    #[test]
    fn the_markdown_export_has_the_verdict_and_steps() {
        let markdown = example_team().markdown(Lang::En, QWEN);
        assert!(
            markdown.starts_with("\n### Your team\n\n**One Spark serves your 35 people with Qwen3-Coder-30B-A3B"),
            "{markdown}"
        );
        assert!(markdown.contains("2. **People by each limit**"), "{markdown}");
        assert!(markdown.contains("57 per system; prefill binds"), "{markdown}");
    }
}
