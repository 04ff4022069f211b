//! The "Your team" inputs: head counts, the p99 TTFT ceiling, the headroom for a
//! team and the uncertainty, as typed and as parsed. Part of the one reducer ([`crate::shell::state`]
//! holds a [`TeamInput`] and forwards [`TeamAction`]s); the team itself is built by the core
//! ([`Team::new`]), which validates it.

use sizer_core::{Group, Scenario, Team, TeamError, TeamHeadroom, TeamSettings};

use crate::common::input::{InputError, parse_number};
use crate::i18n::{Lang, format_number};
use crate::team::fragment::TeamFragment;
use sizer_data::Usage;

/// A field of the team section's form (the core's `sizer_core::TeamField` names a team setting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamInputField {
    /// People with the usage of the form above.
    People,
    /// People running coding agents (the agent preset: each holds a stream).
    Agents,
    /// p99 TTFT ceiling in seconds; empty = off.
    TtftCeiling,
    /// Uncertainty u in percent.
    Uncertainty,
}

impl TeamInputField {
    /// Every team field, in the form's order.
    pub const ALL: [TeamInputField; 4] =
        [TeamInputField::People, TeamInputField::Agents, TeamInputField::TtftCeiling, TeamInputField::Uncertainty];

    /// The `data-field` name.
    pub fn name(self) -> &'static str {
        match self {
            TeamInputField::People => "team_people",
            TeamInputField::Agents => "team_agents",
            TeamInputField::TtftCeiling => "team_ttft_ceiling",
            TeamInputField::Uncertainty => "team_uncertainty",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Parses `text`: whole head counts, an optional positive ceiling, u in 0..=90 %. The upper
    /// bounds are the core's ([`Team::new`] refuses the rest with a message).
    pub(crate) fn parse(self, lang: Lang, text: &str) -> Result<Option<f64>, InputError> {
        if self == TeamInputField::TtftCeiling && text.trim().is_empty() {
            return Ok(None);
        }
        let value = parse_number(lang, text)?;
        match self {
            TeamInputField::People | TeamInputField::Agents if value.fract() != 0.0 => Err(InputError::NotWhole),
            TeamInputField::TtftCeiling if value <= 0.0 => Err(InputError::TooSmall { min: 0.0, exclusive: true }),
            _ if value < 0.0 => Err(InputError::TooSmall { min: 0.0, exclusive: false }),
            TeamInputField::Uncertainty if value > sizer_core::team::MAX_UNCERTAINTY * 100.0 => {
                Err(InputError::TooLarge { max: sizer_core::team::MAX_UNCERTAINTY * 100.0 })
            }
            _ => Ok(Some(value)),
        }
    }
}

/// Sort keys of the ranking table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RankSort {
    /// The data crate's ranking (fewest Sparks first).
    #[default]
    Ranked,
    /// People per Spark, most first.
    PeoplePerSpark,
    /// Measurement date, newest first.
    Date,
}

impl RankSort {
    /// Every sort key with its `data-sort` code.
    pub const ALL: [(RankSort, &'static str); 3] =
        [(RankSort::Ranked, "sparks"), (RankSort::PeoplePerSpark, "people"), (RankSort::Date, "date")];
}

/// Something a person does in the team section.
#[derive(Clone, Debug, PartialEq)]
pub enum TeamAction {
    /// Typed into a team field.
    SetText(TeamInputField, String),
    /// Picked the team's headroom method.
    SetHeadroom(TeamHeadroom),
    /// Sorted the ranking table.
    SetSort(RankSort),
    /// Opened a link with a team in its fragment.
    Load(TeamFragment),
}

/// The team section's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamInput {
    texts: [String; 4],
    values: [Option<f64>; 4],
    errors: [Option<InputError>; 4],
    /// How the non-agent people share the streams.
    pub headroom: TeamHeadroom,
    /// The ranking table's order.
    pub sort: RankSort,
}

impl Default for TeamInput {
    /// The English seed's example team: 150 people chatting, no agents, no TTFT ceiling,
    /// u = 10 % ([`sizer_data::EXAMPLE_TEAM_PEOPLE`]).
    fn default() -> TeamInput {
        let people = sizer_data::EXAMPLE_TEAM_PEOPLE as f64;
        TeamInput {
            texts: [people.to_string(), "0".into(), String::new(), "10".into()],
            values: [Some(people), Some(0.0), None, Some(10.0)],
            errors: [None; 4],
            headroom: TeamHeadroom::NormalApprox,
            sort: RankSort::Ranked,
        }
    }
}

impl TeamInput {
    /// The text in `field`.
    pub fn text(&self, field: TeamInputField) -> &str {
        &self.texts[field.index()]
    }

    /// The error of `field`.
    pub fn error(&self, field: TeamInputField) -> Option<InputError> {
        self.errors[field.index()]
    }

    /// The last valid value of `field` (`None`: the ceiling is off).
    pub fn value(&self, field: TeamInputField) -> Option<f64> {
        self.values[field.index()]
    }

    /// True when any team field holds invalid text (the plan then uses the last valid values).
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(Option::is_some)
    }

    /// Applies one action.
    pub fn apply(&mut self, lang: Lang, action: TeamAction) {
        match action {
            TeamAction::SetText(field, text) => {
                let index = field.index();
                match field.parse(lang, &text) {
                    Ok(value) => {
                        self.values[index] = value;
                        self.errors[index] = None;
                    }
                    Err(error) => self.errors[index] = Some(error),
                }
                self.texts[index] = text;
            }
            TeamAction::SetHeadroom(headroom) => self.headroom = headroom,
            TeamAction::SetSort(sort) => self.sort = sort,
            TeamAction::Load(team) => {
                self.put(lang, TeamInputField::People, Some(team.people as f64));
                self.put(lang, TeamInputField::Agents, Some(team.agents as f64));
                self.put(lang, TeamInputField::TtftCeiling, team.ttft_ceiling_s);
                self.put(lang, TeamInputField::Uncertainty, Some(team.uncertainty));
                self.headroom = team.headroom;
                // A refused value shows as written, with its error; the plan keeps the default.
                for (field, text, error) in team.refused {
                    self.texts[field.index()] = text;
                    self.errors[field.index()] = Some(error);
                }
            }
        }
    }

    /// Sets the fields a configuration gives (`data-team` and the like, already validated by
    /// [`crate::shell::config::Config::from_attributes`]), written in `lang`'s format.
    pub fn configure(&mut self, lang: Lang, values: &[(TeamInputField, Option<f64>)]) {
        for &(field, value) in values {
            self.put(lang, field, value);
        }
    }

    /// Rewrites the valid fields' numbers in `lang`'s format (after a language switch).
    pub fn relabel(&mut self, lang: Lang) {
        for field in TeamInputField::ALL {
            if self.error(field).is_none() {
                self.put(lang, field, self.value(field));
            }
        }
    }

    /// Sets `field` to `value`, writing it as text (up to 3 decimals, no grouping).
    fn put(&mut self, lang: Lang, field: TeamInputField, value: Option<f64>) {
        let index = field.index();
        self.values[index] = value;
        self.errors[index] = None;
        self.texts[index] = value.map_or_else(String::new, |value| {
            let mut text = format_number(lang, value, 3);
            text.retain(|c| c != lang.group_separator());
            if text.contains(lang.decimal_mark()) {
                text = text.trim_end_matches('0').trim_end_matches(lang.decimal_mark()).to_owned();
            }
            text
        });
    }

    /// The team: the people with `usage` (the form's usage fields) plus the agents (the agent
    /// preset), with the form's floor, percentile, z and interpolation. The core validates.
    pub fn team(&self, usage: &Scenario) -> Result<Team, TeamError> {
        let count = |field| self.value(field).unwrap_or(0.0) as u64;
        let mut groups = vec![Group::with_usage(count(TeamInputField::People), usage)];
        if count(TeamInputField::Agents) > 0 {
            groups.push(Group::with_usage(count(TeamInputField::Agents), &Usage::Agent.scenario()));
        }
        let settings = TeamSettings {
            headroom: self.headroom,
            ttft_ceiling_s: self.value(TeamInputField::TtftCeiling),
            uncertainty: self.value(TeamInputField::Uncertainty).unwrap_or(10.0) / 100.0,
            ..TeamSettings::from_scenario(usage)
        };
        Team::new(groups, settings)
    }

    /// Everyone in the team.
    pub fn people(&self) -> u64 {
        [TeamInputField::People, TeamInputField::Agents].iter().map(|&f| self.value(f).unwrap_or(0.0) as u64).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_text_keeps_the_last_valid_value_and_an_empty_ceiling_is_off() {
        let mut input = TeamInput::default();
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::People, "4.5".into()));
        assert_eq!(
            (input.error(TeamInputField::People), input.value(TeamInputField::People)),
            (Some(InputError::NotWhole), Some(150.0))
        );
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::TtftCeiling, "-1".into()));
        assert!(input.error(TeamInputField::TtftCeiling).is_some());
        input.apply(Lang::De, TeamAction::SetText(TeamInputField::TtftCeiling, "2,5".into()));
        assert_eq!(input.value(TeamInputField::TtftCeiling), Some(2.5));
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::TtftCeiling, " ".into()));
        assert_eq!((input.value(TeamInputField::TtftCeiling), input.error(TeamInputField::TtftCeiling)), (None, None));
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::Uncertainty, "95".into()));
        assert!(input.error(TeamInputField::Uncertainty).is_some());
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::TtftCeiling, "2.5".into()));
        input.relabel(Lang::De);
        assert_eq!((input.text(TeamInputField::TtftCeiling), input.text(TeamInputField::Uncertainty)), ("2,5", "95"));
    }

    #[test]
    fn agents_are_a_second_group_and_nobody_is_refused() {
        let mut input = TeamInput::default();
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::People, "30".into()));
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::Agents, "5".into()));
        let team = input.team(&Scenario::chat()).expect("valid");
        assert_eq!(team.groups().len(), 2);
        assert_eq!(input.people(), 35);
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::People, "0".into()));
        // Agents only, on the worked run: each asks for a 20,000-token prompt every 30 s, so the
        // seed's 5,705 prompt tok/s serve 5,705 / 666.7 = 8.56 of them: prefill binds at 8.
        let team = input.team(&Scenario::chat()).expect("agents only is a team");
        let rows = sizer_data::dataset().plan_team(&team, &[]);
        let qwen = rows.iter().find(|r| r.run_id == "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("row");
        assert_eq!(
            (qwen.people_per_spark, qwen.sparks_needed, qwen.binding),
            (Some(8), Some(1), Some(sizer_core::TeamLimit::Prefill))
        );
        input.apply(Lang::En, TeamAction::SetText(TeamInputField::Agents, "0".into()));
        assert_eq!(input.team(&Scenario::chat()).err(), Some(TeamError::NoPeople));
    }
}
