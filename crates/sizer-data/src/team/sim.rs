//! The team `SparkSizer.simulate` reads: the groups exactly as `plan` reads them
//! ([`GroupRequest`]: `people` or its alias `count`, `usage`, any per-group field), the settings
//! the simulation uses, and its window; as the core's [`SimRequest`].
//!
//! ```json
//! {"groups": [{"people": 240, "usage": "chat"}, {"people": 5, "usage": "agent"}],
//!  "floor_tok_s": 15, "percentile": 0.99, "interpolation": "linear",
//!  "warmup_s": null, "window_s": 14400, "max_requests": 20000}
//! ```
//!
//! The simulation holds one time to first token and one session length for the whole team
//! (`SimRequest::ttft_s`, `SimRequest::context_tokens`): the longest of its groups', as `plan`
//! takes the KV pool at the team's longest context. `plan`'s own settings (`z`, `headroom`,
//! `ttft_ceiling_s`, `uncertainty`) are not read by the simulation, so they are refused, as is an
//! always-busy group's `interval_s` (its next request follows the last at once).

use serde::Deserialize;
use serde_json::Value;
use sizer_core::Interpolation;
use sizer_core::sim::{SimGroup, SimRequest};

use crate::api_keys::{KeyError, SIM_TEAM, check_keys};
use crate::team::request::{GroupRequest, TeamRequestError};

/// The team JSON of `simulate`; see the module docs.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default)]
pub struct SimTeamRequest {
    pub groups: Vec<GroupRequest>,
    pub floor_tok_s: f64,
    pub percentile: f64,
    pub interpolation: Interpolation,
    pub warmup_s: Option<f64>,
    pub window_s: f64,
    pub max_requests: u32,
}

impl Default for SimTeamRequest {
    fn default() -> SimTeamRequest {
        let request = SimRequest::default();
        SimTeamRequest {
            groups: Vec::new(),
            floor_tok_s: request.floor_tok_s,
            percentile: request.percentile,
            interpolation: Interpolation::default(),
            warmup_s: request.warmup_s,
            window_s: request.window_s,
            max_requests: request.max_requests,
        }
    }
}

impl SimTeamRequest {
    /// Reads the team from a JSON object; a key it does not read is refused, naming its path.
    ///
    /// # Errors
    /// The unknown key or missing head count ([`check_keys`]), or serde's sentence.
    pub fn from_value(value: Value) -> Result<SimTeamRequest, String> {
        check_keys(&value, &SIM_TEAM).map_err(|e| e.to_string())?;
        let team: SimTeamRequest = serde_json::from_value(value).map_err(|e| e.to_string())?;
        // An always-busy user sends its next request as the last one ends: the simulation has no
        // use for an interval (plan reads it for the prompt rate; the simulation queues each prompt).
        for (index, group) in team.groups.iter().enumerate() {
            if group.interval_s.is_some() && group.always_busy.unwrap_or(group.usage.scenario().always_busy) {
                let because = "for an always-busy group (its next request follows the last at once)".to_owned();
                return Err(KeyError::Unread { path: format!("groups[{index}].interval_s"), because }.to_string());
            }
        }
        Ok(team)
    }

    /// The core's request: each group's preset with its fields in place, the team's longest TTFT
    /// and context (see the module docs).
    ///
    /// # Errors
    /// A head count that is negative, fractional or above `MAX_GROUP_PEOPLE`, naming the group.
    pub fn sim_request(&self) -> Result<SimRequest, String> {
        let mut request = SimRequest {
            floor_tok_s: self.floor_tok_s,
            percentile: self.percentile,
            warmup_s: self.warmup_s,
            window_s: self.window_s,
            max_requests: self.max_requests,
            ..SimRequest::default()
        };
        let mut longest: Option<(f64, f64)> = None;
        for (index, group) in self.groups.iter().enumerate() {
            let group = group.group(index).map_err(|error| match error {
                TeamRequestError::People { group, value } => format!(
                    "groups[{group}].people = {value} must be a whole number from 0 to {}",
                    sizer_core::team::MAX_GROUP_PEOPLE
                ),
                other => other.to_string(),
            })?;
            request.groups.push(SimGroup {
                // At most MAX_GROUP_PEOPLE (10^7), checked by `group`: the cast is exact.
                count: group.people as u32,
                answer_tokens: group.answer_tokens,
                interval_s: group.interval_s,
                prompt_tokens: group.prompt_tokens,
                always_busy: group.always_busy,
            });
            let (ttft, context) = longest.unwrap_or((group.ttft_s, group.context_tokens));
            longest = Some((ttft.max(group.ttft_s), context.max(group.context_tokens)));
        }
        if let Some((ttft_s, context_tokens)) = longest {
            request.ttft_s = ttft_s;
            request.context_tokens = context_tokens;
        }
        Ok(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_mixed_team_takes_its_longest_context_and_ttft() {
        let value =
            json!({"groups": [{"people": 30, "ttft_s": 2}, {"count": 5, "usage": "agent"}], "max_requests": 500});
        let request = SimTeamRequest::from_value(value).expect("reads").sim_request().expect("valid");
        assert_eq!(
            request.groups,
            [
                SimGroup { count: 30, ..SimGroup::chat(30) },
                SimGroup {
                    count: 5,
                    answer_tokens: 400.0,
                    interval_s: 30.0,
                    prompt_tokens: 20_000.0,
                    always_busy: true
                }
            ]
        );
        assert_eq!((request.ttft_s, request.context_tokens, request.max_requests), (2.0, 32_768.0, 500));
    }

    #[test]
    fn plan_settings_and_bad_head_counts_are_refused() {
        let error = SimTeamRequest::from_value(json!({"groups": [{"people": 3}], "z": 2.33})).expect_err("refused");
        assert!(error.starts_with("unknown field `z`, expected one of `groups`, `floor_tok_s`,"), "{error}");
        let agents = json!({"groups": [{"people": 1}, {"people": 2, "usage": "agent", "interval_s": 60}]});
        assert_eq!(
            SimTeamRequest::from_value(agents),
            Err("field `groups[1].interval_s` is not read for an always-busy group (its next request follows the last at once)".to_owned())
        );
        let request = SimTeamRequest::from_value(json!({"groups": [{"people": 1}, {"people": 2.5}]})).expect("reads");
        assert_eq!(
            request.sim_request(),
            Err("groups[1].people = 2.5 must be a whole number from 0 to 10000000".to_owned())
        );
    }
}
