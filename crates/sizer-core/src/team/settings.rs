//! A validated team (groups plus the settings they share) and what one run offers it.

use super::group::{Group, MAX_GROUP_PEOPLE};
use crate::curve::Curve;
use crate::interpolate::Interpolation;
use crate::scenario::{HeadroomMethod, Scenario, ScenarioError, ScenarioField, check};
use crate::ttft::TtftCurve;
use alloc::vec::Vec;
use core::fmt;

/// Groups a team may have.
pub const MAX_GROUPS: usize = 64;
/// The widest uncertainty band: speeds scaled by 0.1 to 1.9.
pub const MAX_UNCERTAINTY: f64 = 0.9;

/// How the in-flight count of the non-agent groups is kept within the streams.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum TeamHeadroom {
    /// `avg + z sqrt(avg) <= S` (the seeds' method).
    #[default]
    NormalApprox,
    /// `P(Poisson(avg) <= S) >= p`.
    ExactPoisson,
    /// At most `1 - p` of requests wait (Erlang C).
    ErlangC,
    /// `P(Binomial(N, duty) <= S) >= p`: N people, not an infinite population.
    FinitePopulation,
}

impl From<HeadroomMethod> for TeamHeadroom {
    fn from(method: HeadroomMethod) -> TeamHeadroom {
        match method {
            HeadroomMethod::NormalApprox => TeamHeadroom::NormalApprox,
            HeadroomMethod::ExactPoisson => TeamHeadroom::ExactPoisson,
            HeadroomMethod::ErlangC => TeamHeadroom::ErlangC,
        }
    }
}

/// The limit that caps a team plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum TeamLimit {
    /// Streams at or above the speed floor.
    Speed,
    /// Sessions that fit in the KV cache.
    Kv,
    /// Prompt tokens per second the prefill rate reads.
    Prefill,
    /// Concurrency whose measured p99 time to first token stays under the ceiling.
    Ttft,
}

/// What a team shares: the floor, the percentile and how to apply it, the TTFT ceiling and the
/// uncertainty of the measured speeds.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(default))]
pub struct TeamSettings {
    /// Per-request speed floor, tok/s: 15 (one per box).
    pub floor_tok_s: f64,
    /// Share of moments the in-flight count must stay within the streams: 0.99.
    pub percentile: f64,
    /// `Some(2.33)` reproduces the seed; `None` derives z from the percentile.
    pub z: Option<f64>,
    pub headroom: TeamHeadroom,
    pub interpolation: Interpolation,
    /// p99 time-to-first-token ceiling in seconds, e.g. 3; `None`: off (the default).
    pub ttft_ceiling_s: Option<f64>,
    /// Relative uncertainty of measured speeds: the band sizes again at `1 - u` and `1 + u`.
    pub uncertainty: f64,
}

impl Default for TeamSettings {
    fn default() -> Self {
        TeamSettings::from_scenario(&Scenario::chat())
    }
}

impl TeamSettings {
    /// The shared fields of a scenario (floor, percentile, z, headroom, interpolation), no TTFT
    /// ceiling, and a 10 % band.
    pub fn from_scenario(scenario: &Scenario) -> TeamSettings {
        TeamSettings {
            floor_tok_s: scenario.floor_tok_s,
            percentile: scenario.percentile,
            z: scenario.z,
            headroom: scenario.headroom.into(),
            interpolation: scenario.interpolation,
            ttft_ceiling_s: None,
            uncertainty: 0.1,
        }
    }

    /// Checks the floor, percentile and z against their [`crate::ScenarioField`] ranges, the ceiling
    /// against (0, 86,400] s and the uncertainty against [0, [`MAX_UNCERTAINTY`]].
    pub fn validate(&self) -> Result<(), TeamError> {
        let scenario =
            Scenario { floor_tok_s: self.floor_tok_s, percentile: self.percentile, z: self.z, ..Scenario::chat() };
        scenario.validate().map_err(TeamError::Setting)?;
        if let Some(ceiling) = self.ttft_ceiling_s {
            TeamField::TtftCeilingS.check(ceiling)?;
        }
        TeamField::Uncertainty.check(self.uncertainty)
    }

    /// The z of the normal approximation: the given one or the percentile's.
    pub(crate) fn z(&self) -> f64 {
        self.z.unwrap_or_else(|| crate::headroom::z_for_percentile(self.percentile))
    }
}

/// A team: groups and shared settings, validated once.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Team {
    groups: Vec<Group>,
    settings: TeamSettings,
}

impl Team {
    /// Checks every group and setting. At least one person, at most [`MAX_GROUPS`] groups and
    /// [`MAX_GROUP_PEOPLE`] per group.
    pub fn new(groups: Vec<Group>, settings: TeamSettings) -> Result<Team, TeamError> {
        settings.validate()?;
        if groups.is_empty() {
            return Err(TeamError::NoGroups);
        }
        if groups.len() > MAX_GROUPS {
            return Err(TeamError::TooManyGroups { groups: groups.len() });
        }
        for (index, group) in groups.iter().enumerate() {
            if group.people > MAX_GROUP_PEOPLE {
                return Err(TeamError::TooManyPeople { group: index, people: group.people });
            }
            group.validate().map_err(|error| TeamError::Group { group: index, error })?;
        }
        if groups.iter().all(|g| g.people == 0) {
            return Err(TeamError::NoPeople);
        }
        Ok(Team { groups, settings })
    }

    /// Today's single question as a team: `people` with the scenario's usage and settings.
    pub fn from_scenario(people: u64, scenario: &Scenario) -> Result<Team, TeamError> {
        Team::new(alloc::vec![Group::with_usage(people, scenario)], TeamSettings::from_scenario(scenario))
    }

    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    pub fn settings(&self) -> &TeamSettings {
        &self.settings
    }

    /// Everyone in the team.
    pub fn people(&self) -> u64 {
        self.groups.iter().map(|g| g.people).sum()
    }

    /// The always-busy people (agents).
    pub fn agents(&self) -> u64 {
        self.groups.iter().filter(|g| g.always_busy).map(|g| g.people).sum()
    }
}

/// What one run (one system as measured) offers a team.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunLimits<'a> {
    curve: &'a Curve,
    kv_pool_tokens: Option<f64>,
    prefill_tok_s: Option<f64>,
    p99_ttft: Option<&'a TtftCurve>,
}

impl<'a> RunLimits<'a> {
    /// The run's speed curve, KV pool (tokens), prefill rate (prompt tok/s) and measured p99
    /// TTFT, each optional but the curve; pool and rate are checked against their
    /// [`crate::ScenarioField`] ranges.
    pub fn new(
        curve: &'a Curve,
        kv_pool_tokens: Option<f64>,
        prefill_tok_s: Option<f64>,
        p99_ttft: Option<&'a TtftCurve>,
    ) -> Result<RunLimits<'a>, TeamError> {
        // The two fields as `Scenario::validate` checks them (in its order), without the chat
        // preset's other fields: this runs once per run of every plan.
        let checked = |field, value: Option<f64>| value.map_or(Ok(()), |v| check(field, v)).map_err(TeamError::Setting);
        checked(ScenarioField::KvPoolTokens, kv_pool_tokens)?;
        checked(ScenarioField::PrefillTokS, prefill_tok_s)?;
        Ok(RunLimits { curve, kv_pool_tokens, prefill_tok_s, p99_ttft })
    }

    pub fn curve(&self) -> &'a Curve {
        self.curve
    }

    pub fn kv_pool_tokens(&self) -> Option<f64> {
        self.kv_pool_tokens
    }

    pub fn prefill_tok_s(&self) -> Option<f64> {
        self.prefill_tok_s
    }

    pub fn p99_ttft(&self) -> Option<&'a TtftCurve> {
        self.p99_ttft
    }
}

/// A team field that a single scenario does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum TeamField {
    TtftCeilingS,
    Uncertainty,
}

impl TeamField {
    /// The field's name in [`TeamSettings`] (and in its JSON).
    pub fn name(self) -> &'static str {
        match self {
            TeamField::TtftCeilingS => "ttft_ceiling_s",
            TeamField::Uncertainty => "uncertainty",
        }
    }

    fn check(self, value: f64) -> Result<(), TeamError> {
        let ok = match self {
            TeamField::TtftCeilingS => value > 0.0 && value <= 86_400.0,
            TeamField::Uncertainty => (0.0..=MAX_UNCERTAINTY).contains(&value),
        };
        if ok { Ok(()) } else { Err(TeamError::OutOfRange { field: self, value }) }
    }
}

/// Why a team cannot be planned.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum TeamError {
    /// No group at all.
    NoGroups,
    /// Every group has 0 people.
    NoPeople,
    /// More than [`MAX_GROUPS`] groups.
    TooManyGroups { groups: usize },
    /// More than [`MAX_GROUP_PEOPLE`] in one group (0-based index).
    TooManyPeople { group: usize, people: u64 },
    /// A usage field of one group (0-based index).
    Group { group: usize, error: ScenarioError },
    /// A shared setting or run figure (floor, percentile, z, KV pool, prefill rate).
    Setting(ScenarioError),
    /// The TTFT ceiling or the uncertainty, NaN or out of range.
    OutOfRange { field: TeamField, value: f64 },
}

impl fmt::Display for TeamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TeamError::NoGroups => f.write_str("the team has no group"),
            TeamError::NoPeople => f.write_str("the team has no people"),
            TeamError::TooManyGroups { groups } => write!(f, "{groups} groups is more than the {MAX_GROUPS} supported"),
            TeamError::TooManyPeople { group, people } => {
                write!(f, "group {}: {people} people is more than the {MAX_GROUP_PEOPLE} supported", group + 1)
            }
            TeamError::Group { group, error } => write!(f, "group {}: {error}", group + 1),
            TeamError::Setting(error) => write!(f, "{error}"),
            TeamError::OutOfRange { field: TeamField::TtftCeilingS, value } => {
                write!(f, "ttft_ceiling_s = {value} must be a number of seconds in (0, 86400]")
            }
            TeamError::OutOfRange { field: TeamField::Uncertainty, value } => {
                write!(f, "uncertainty = {value} must be a share in [0, {MAX_UNCERTAINTY}]")
            }
        }
    }
}

impl core::error::Error for TeamError {}
