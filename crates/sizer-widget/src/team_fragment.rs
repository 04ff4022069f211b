//! The team in the URL fragment: extra keys in the `#s=` fragment, so a link
//! reproduces the team plan as well as the sizing.
//!
//! Keys: `tp:<people with the form's usage>`, `ta:<agents>`, `tc:<p99 TTFT ceiling s>` (absent:
//! off), `th:<n|p|e|f headroom>`, `tu:<uncertainty %>`. The sizing's decoder ignores them
//! (unknown keys); a link without them leaves the team as it is. A malformed team value spoils
//! only its own key (like the sizing's fragment): it keeps its default and is reported.

use sizer_core::TeamHeadroom;

use crate::codes::{self, TEAM_HEADROOM};
use crate::fragment::{BadPart, PREFIX, shorten};
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

/// The team in a fragment: `None` when it has no team keys; else the team of its valid keys
/// (defaults for the rest) and the parts refused.
pub fn decode(fragment: &str) -> Option<(TeamFragment, Vec<BadPart>)> {
    let body = fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix(PREFIX)?;
    let mut team = TeamFragment {
        people: sizer_data::DEFAULT_TEAM_PEOPLE,
        agents: 0,
        ttft_ceiling_s: None,
        headroom: TeamHeadroom::NormalApprox,
        uncertainty: 10.0,
    };
    let mut seen = false;
    let mut refused = Vec::new();
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
            refused.push(BadPart::new(key, &shorten(value)));
        }
        seen = true;
    }
    seen.then_some((team, refused))
}

/// A plain number (`.` decimals, exponents allowed, no grouping), read like typed ones.
fn number(value: &str) -> Option<f64> {
    let plain = !value.contains([',', ' ', '_', '\'', '\u{a0}', '\u{202f}']);
    crate::input::parse_number(crate::i18n::Lang::En, value).ok().filter(|v| plain && *v >= 0.0)
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
        let (team, refused) = decode(&fragment).expect("team keys");
        assert!(refused.is_empty());
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
        for (link, key, value) in [
            ("#s=tp:-3", "tp", "-3"),
            ("#s=tp:4.5", "tp", "4.5"),
            ("#s=tu:95", "tu", "95"),
            ("#s=th:x", "th", "x"),
            ("#s=tc:0", "tc", "0"),
            ("#s=tc:NaN", "tc", "NaN"),
        ] {
            let (_, refused) = decode(link).expect("team keys");
            assert_eq!(refused, [BadPart::new(key, value)], "{link}");
        }
        // The valid keys of a link are kept beside a refused one.
        let (team, refused) = decode("#s=tp:30,ta:x,tu:20").expect("team keys");
        assert_eq!((team.people, team.agents, team.uncertainty), (30, 0, 20.0));
        assert_eq!(refused, [BadPart::new("ta", "x")]);
        assert_eq!(decode("#s=tp:1e1").map(|(team, _)| team.people), Some(10));
    }
}
