//! The team in the URL fragment (issue 15): extra keys in the `#s=` fragment, so a link
//! reproduces the team plan as well as the sizing.
//!
//! Keys: `tp:<people with the form's usage>`, `ta:<agents>`, `tc:<p99 TTFT ceiling s>` (absent:
//! off), `th:<n|p|e|f headroom>`, `tu:<uncertainty %>`. The sizing's decoder ignores them
//! (unknown keys); a link without them leaves the team as it is. A malformed team value makes
//! the team part invalid and the widget keeps its current team (like the sizing's fragment).

use sizer_core::TeamHeadroom;

use crate::codes::{self, TEAM_HEADROOM};
use crate::fragment::PREFIX;
use crate::team_state::{TeamField, TeamInput};

/// A team read from a fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamFragment {
    pub people: u64,
    pub agents: u64,
    pub ttft_ceiling_s: Option<f64>,
    pub headroom: TeamHeadroom,
    /// Percent.
    pub uncertainty: f64,
}

/// Appends the team's keys to a `#s=` fragment body.
pub fn append(fragment: String, team: &TeamInput) -> String {
    let value = |field| plain(team.value(field).unwrap_or(0.0));
    let mut out = fragment;
    for (key, text) in [
        ("tp", value(TeamField::People)),
        ("ta", value(TeamField::Agents)),
        ("th", codes::row(&TEAM_HEADROOM, team.headroom).short.to_owned()),
        ("tu", value(TeamField::Uncertainty)),
    ] {
        out.extend([",", key, ":", text.as_str()]);
    }
    if let Some(ceiling) = team.value(TeamField::TtftCeiling) {
        out.extend([",tc:", plain(ceiling).as_str()]);
    }
    out
}

/// The team in a fragment: `None` when it has no team keys, `Some(Err(key))` when one is malformed.
pub fn decode(fragment: &str) -> Option<Result<TeamFragment, &'static str>> {
    let body = fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix(PREFIX)?;
    let mut team = TeamFragment {
        people: sizer_data::DEFAULT_TEAM_PEOPLE,
        agents: 0,
        ttft_ceiling_s: None,
        headroom: TeamHeadroom::NormalApprox,
        uncertainty: 10.0,
    };
    let mut seen = false;
    for (key, value) in body.split(',').filter_map(|pair| pair.split_once(':')) {
        let result = match key {
            "tp" => whole(value).map(|v| team.people = v).ok_or("tp"),
            "ta" => whole(value).map(|v| team.agents = v).ok_or("ta"),
            "tc" => number(value).filter(|v| *v > 0.0).map(|v| team.ttft_ceiling_s = Some(v)).ok_or("tc"),
            "th" => codes::from_short(&TEAM_HEADROOM, value).map(|h| team.headroom = h).ok_or("th"),
            "tu" => number(value)
                .filter(|v| *v <= sizer_core::team::MAX_UNCERTAINTY * 100.0)
                .map(|v| team.uncertainty = v)
                .ok_or("tu"),
            _ => continue,
        };
        if let Err(key) = result {
            return Some(Err(key));
        }
        seen = true;
    }
    seen.then_some(Ok(team))
}

fn number(value: &str) -> Option<f64> {
    let valid = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    value.parse::<f64>().ok().filter(|v| valid && v.is_finite())
}

fn whole(value: &str) -> Option<u64> {
    number(value).filter(|v| v.fract() == 0.0 && *v <= sizer_core::team::MAX_GROUP_PEOPLE as f64).map(|v| v as u64)
}

/// A number with `.` as the decimal mark, no grouping, up to 3 decimals.
fn plain(value: f64) -> String {
    let mut text = crate::i18n::format_number(crate::i18n::Lang::En, value, 3);
    text.retain(|c| c != ',');
    if text.contains('.') {
        text = text.trim_end_matches('0').trim_end_matches('.').to_owned();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::team_state::TeamAction;

    #[test]
    fn a_team_round_trips_and_bad_values_are_refused() {
        let mut input = TeamInput::default();
        for (field, text) in [(TeamField::People, "30"), (TeamField::Agents, "5"), (TeamField::TtftCeiling, "2.5")] {
            input.apply(Lang::En, TeamAction::SetText(field, text.into()));
        }
        input.apply(Lang::En, TeamAction::SetHeadroom(TeamHeadroom::FinitePopulation));
        let fragment = append("s=r:x,l:en".into(), &input);
        assert_eq!(fragment, "s=r:x,l:en,tp:30,ta:5,th:f,tu:10,tc:2.5");
        let team = decode(&fragment).expect("team keys").expect("valid");
        assert_eq!(
            team,
            TeamFragment {
                people: 30,
                agents: 5,
                ttft_ceiling_s: Some(2.5),
                headroom: TeamHeadroom::FinitePopulation,
                uncertainty: 10.0
            }
        );
        assert_eq!(decode("#s=r:x,f:15"), None);
        assert_eq!(decode("#s=tp:-3"), Some(Err("tp")));
        assert_eq!(decode("#s=tp:4.5"), Some(Err("tp")));
        assert_eq!(decode("#s=tu:95"), Some(Err("tu")));
        assert_eq!(decode("#s=th:x"), Some(Err("th")));
        assert_eq!(decode("#s=tc:0"), Some(Err("tc")));
        assert_eq!(decode("#s=tc:NaN"), Some(Err("tc")));
    }
}
