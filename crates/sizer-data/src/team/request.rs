//! The team a host page asks about, as JSON (`window.SparkSizer.plan(teamJson)`).
//!
//! Every field is optional; a missing one takes the default in brackets:
//!
//! ```json
//! {
//!   "groups": [                          // [one chat group of 163, the English seed's team]
//!     { "people": 30,                    // head count, 0 to 10,000,000 (alias "count")
//!       "usage": "chat",                 // ["chat"] | "agent": the seed's presets
//!       "answer_tokens": 400,            // [preset] generated tokens per answer
//!       "interval_s": 120,               // [preset] seconds between one person's requests
//!       "ttft_s": 1,                     // [preset] seconds to first token in the busy time
//!       "always_busy": false,            // [preset] true: holds one stream (agents)
//!       "context_tokens": 8192,          // [preset] KV tokens one session holds
//!       "prompt_tokens": 512 },          // [preset] prompt tokens per request
//!     { "people": 5, "usage": "agent" }
//!   ],
//!   "floor_tok_s": 15,                   // [15] per-request speed floor, tok/s
//!   "percentile": 0.99,                  // [0.99] share of moments within the streams
//!   "z": null,                           // [null: from the percentile] e.g. 2.33 for the seed; "normal" only
//!   "headroom": "finite",                // ["normal"] | "poisson" | "erlang_c" | "finite"
//!   "interpolation": "linear",           // ["linear"] | "monotone_log2"
//!   "ttft_ceiling_s": 3,                 // [null: off] p99 time-to-first-token ceiling, s
//!   "uncertainty": 0.1                   // [0.1] speeds scaled by 1 - u and 1 + u, u in [0, 0.9]
//! }
//! ```
//!
//! The chat preset is 400-token answers every 120 s, 1 s to first token, 8,192-token sessions
//! and 512-token prompts; the agent preset is always busy, a 20,000-token prompt every 30 s and
//! 32,768-token sessions (both from the English seed). A group must give `people` (or its alias
//! `count`, the simulation's older spelling): it is never filled in. Unknown keys are refused at
//! every level, naming the key's path (`groups[0].peopel`; see `api_keys.rs`), so a typo
//! (`"floor": 10`) is an error rather than a silent default. `SparkSizer.simulate` reads the same
//! groups (`team/sim.rs`).

use core::fmt;

use serde::{Deserialize, Serialize};
use sizer_core::team::MAX_GROUP_PEOPLE;

use crate::api_keys::{TEAM, check_keys, check_z};
use sizer_core::{Group, Interpolation, Scenario, Team, TeamError, TeamHeadroom, TeamSettings};

/// The English seed's worked team: the default when `groups` is missing.
pub const DEFAULT_TEAM_PEOPLE: u64 = 163;

/// The team a fresh page's planner starts at: the English seed's recommendation, "for a team of
/// up to about 150 people chatting". A stated example, not the sizing's own answer (163), so
/// the page does not open by echoing its result back as the question.
pub const EXAMPLE_TEAM_PEOPLE: u64 = 150;

/// A usage preset of the seeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Usage {
    /// [`Scenario::chat`]: a 400-token answer every 120 s.
    #[default]
    Chat,
    /// [`Scenario::coding_agent`]: always busy, a 20,000-token prompt every 30 s.
    Agent,
}

impl Usage {
    /// The preset's scenario.
    pub fn scenario(self) -> Scenario {
        match self {
            Usage::Chat => Scenario::chat(),
            Usage::Agent => Scenario::coding_agent(),
        }
    }

    /// The code in requests, `data-usage` and the fragment (as serde spells it).
    pub fn code(self) -> &'static str {
        match self {
            Usage::Chat => "chat",
            Usage::Agent => "agent",
        }
    }

    /// Parses `chat` / `agent` (case-insensitive; `coding-agent` is the older spelling).
    pub fn from_code(code: &str) -> Option<Usage> {
        let code = code.trim();
        if code.eq_ignore_ascii_case("chat") {
            Some(Usage::Chat)
        } else if code.eq_ignore_ascii_case("agent") || code.eq_ignore_ascii_case("coding-agent") {
            Some(Usage::Agent)
        } else {
            None
        }
    }
}

/// How the non-agent groups share the streams, as spelled in the request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeadroomChoice {
    /// `avg + z sqrt(avg) <= streams` (the seeds').
    #[default]
    #[serde(alias = "normal_approx")]
    Normal,
    /// Exact Poisson percentile.
    #[serde(alias = "exact_poisson")]
    Poisson,
    /// At most `1 - p` of requests wait (Erlang C).
    ErlangC,
    /// Binomial count of a finite team (with Engset's blocking share).
    #[serde(alias = "finite_population")]
    Finite,
}

impl From<HeadroomChoice> for TeamHeadroom {
    fn from(choice: HeadroomChoice) -> TeamHeadroom {
        match choice {
            HeadroomChoice::Normal => TeamHeadroom::NormalApprox,
            HeadroomChoice::Poisson => TeamHeadroom::ExactPoisson,
            HeadroomChoice::ErlangC => TeamHeadroom::ErlangC,
            HeadroomChoice::Finite => TeamHeadroom::FinitePopulation,
        }
    }
}

/// One group as requested: a preset and any fields that differ from it.
///
/// Unknown keys and a missing head count are refused before serde reads it
/// ([`crate::api_keys::GROUP`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupRequest {
    /// Read as any JSON number so that `-3` or `2.5` get a sentence naming the group.
    #[serde(alias = "count")]
    pub people: f64,
    #[serde(default)]
    pub usage: Usage,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_tokens: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_s: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttft_s: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub always_busy: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_tokens: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_tokens: Option<f64>,
}

impl GroupRequest {
    /// `people` with a preset and nothing changed.
    pub fn new(people: u64, usage: Usage) -> GroupRequest {
        GroupRequest {
            people: people as f64,
            usage,
            answer_tokens: None,
            interval_s: None,
            ttft_s: None,
            always_busy: None,
            context_tokens: None,
            prompt_tokens: None,
        }
    }

    /// The core group: the preset's usage with the given fields in place. `index` (0-based)
    /// names the group in the error when the head count is not a whole number in range.
    pub fn group(&self, index: usize) -> Result<Group, TeamRequestError> {
        let people = self.people;
        if !(people.is_finite() && people >= 0.0 && people.fract() == 0.0 && people <= MAX_GROUP_PEOPLE as f64) {
            return Err(TeamRequestError::People { group: index, value: people });
        }
        let preset = self.usage.scenario();
        let scenario = Scenario {
            answer_tokens: self.answer_tokens.unwrap_or(preset.answer_tokens),
            interval_s: self.interval_s.unwrap_or(preset.interval_s),
            ttft_s: self.ttft_s.unwrap_or(preset.ttft_s),
            always_busy: self.always_busy.unwrap_or(preset.always_busy),
            context_tokens: self.context_tokens.unwrap_or(preset.context_tokens),
            prompt_tokens: self.prompt_tokens.unwrap_or(preset.prompt_tokens),
            ..preset
        };
        Ok(Group::with_usage(people as u64, &scenario))
    }
}

/// The team JSON of `plan(teamJson)`; see the module docs for every field and its default.
/// [`TeamRequest::from_json`] refuses unknown keys ([`crate::api_keys::TEAM`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TeamRequest {
    pub groups: Vec<GroupRequest>,
    pub floor_tok_s: f64,
    pub percentile: f64,
    pub z: Option<f64>,
    pub headroom: HeadroomChoice,
    pub interpolation: Interpolation,
    pub ttft_ceiling_s: Option<f64>,
    pub uncertainty: f64,
}

impl Default for TeamRequest {
    fn default() -> Self {
        let settings = TeamSettings::default();
        TeamRequest {
            groups: vec![GroupRequest::new(DEFAULT_TEAM_PEOPLE, Usage::Chat)],
            floor_tok_s: settings.floor_tok_s,
            percentile: settings.percentile,
            z: settings.z,
            headroom: HeadroomChoice::Normal,
            interpolation: settings.interpolation,
            ttft_ceiling_s: settings.ttft_ceiling_s,
            uncertainty: settings.uncertainty,
        }
    }
}

/// Why a team request cannot be planned, in one sentence.
#[derive(Clone, Debug, PartialEq)]
pub enum TeamRequestError {
    /// Not JSON, or not the shape above (the message names the field and position).
    Json(String),
    /// A head count that is negative, fractional or above [`MAX_GROUP_PEOPLE`] (0-based group).
    People { group: usize, value: f64 },
    /// Well-formed, but a value is out of range.
    Team(TeamError),
}

impl fmt::Display for TeamRequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamRequestError::Json(message) => {
                write!(f, "the team is not valid JSON of the documented shape: {message}")
            }
            TeamRequestError::People { group, value } => write!(
                f,
                "the team cannot be planned: group {}: people = {value} must be a whole number from 0 to {MAX_GROUP_PEOPLE}",
                group + 1
            ),
            TeamRequestError::Team(error) => write!(f, "the team cannot be planned: {error}"),
        }
    }
}

impl std::error::Error for TeamRequestError {}

impl TeamRequest {
    /// Parses the JSON of `plan(teamJson)`: a key it does not read is refused, naming its path.
    pub fn from_json(json: &str) -> Result<TeamRequest, TeamRequestError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|error| TeamRequestError::Json(error.to_string()))?;
        // serde would also read a struct from an array (`[]` as every default): only an object
        // is the documented shape.
        if !value.is_object() {
            return Err(TeamRequestError::Json("expected an object {...}".to_owned()));
        }
        let refuse = |error: crate::api_keys::KeyError| TeamRequestError::Json(error.to_string());
        check_keys(&value, &TEAM).map_err(refuse)?;
        let request: TeamRequest =
            serde_json::from_value(value.clone()).map_err(|error| TeamRequestError::Json(error.to_string()))?;
        check_z(&value, request.headroom == HeadroomChoice::Normal, "normal").map_err(refuse)?;
        Ok(request)
    }

    /// The shared settings.
    pub fn settings(&self) -> TeamSettings {
        TeamSettings {
            floor_tok_s: self.floor_tok_s,
            percentile: self.percentile,
            z: self.z,
            headroom: self.headroom.into(),
            interpolation: self.interpolation,
            ttft_ceiling_s: self.ttft_ceiling_s,
            uncertainty: self.uncertainty,
        }
    }

    /// The validated core team.
    pub fn team(&self) -> Result<Team, TeamRequestError> {
        let groups =
            self.groups.iter().enumerate().map(|(index, group)| group.group(index)).collect::<Result<_, _>>()?;
        Team::new(groups, self.settings()).map_err(TeamRequestError::Team)
    }
}
