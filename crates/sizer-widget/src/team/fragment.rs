//! The team in the URL fragment: extra keys in the `#s=` fragment, so a link
//! reproduces the team plan as well as the sizing.
//!
//! Keys: `tp:<people with the form's usage>`, `ta:<agents>`, `tc:<p99 TTFT ceiling s>` (absent:
//! off), `th:<n|p|e|f headroom>`, `tu:<uncertainty %>` ([`KEYS`]). The sizing's decoder leaves
//! them to this one; a link without them leaves the team as it is. A malformed team value spoils
//! only its own key (like the sizing's fragment): it keeps its default and is reported, a
//! numeric one in its own field with the field's error, the headroom as a refused part.

use sizer_core::TeamHeadroom;

use crate::common::input::InputError;
use crate::i18n::codes::{self, TEAM_HEADROOM};
use crate::sizing::fragment::{BadPart, PREFIX, shorten};
use crate::team::state::{TeamInput, TeamInputField};

/// Every key this module reads.
pub const KEYS: [&str; 5] = ["tp", "ta", "tc", "th", "tu"];

/// A team read from a fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamFragment {
    pub people: u64,
    pub agents: u64,
    pub ttft_ceiling_s: Option<f64>,
    pub headroom: TeamHeadroom,
    /// Percent.
    pub uncertainty: f64,
    /// Numeric values refused: the field, the text as written and why (the field shows them).
    pub refused: Vec<(TeamInputField, String, InputError)>,
}

/// Appends the team's keys to a `#s=` fragment body.
pub fn append(fragment: String, team: &TeamInput) -> String {
    let value = |field| plain(team.value(field).unwrap_or(0.0));
    let mut out = fragment;
    for (key, text) in [
        ("tp", value(TeamInputField::People)),
        ("ta", value(TeamInputField::Agents)),
        ("th", codes::row(&TEAM_HEADROOM, team.headroom).short.to_owned()),
        ("tu", value(TeamInputField::Uncertainty)),
    ] {
        out.extend([",", key, ":", text.as_str()]);
    }
    if let Some(ceiling) = team.value(TeamInputField::TtftCeiling) {
        out.extend([",tc:", plain(ceiling).as_str()]);
    }
    out
}

/// The team in a fragment: `None` when it has no team keys; else the team of its valid keys
/// (defaults for the rest) and the parts refused.
pub fn decode(fragment: &str) -> Option<(TeamFragment, Vec<BadPart>)> {
    let body = fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix(PREFIX)?;
    let mut team = TeamFragment {
        people: sizer_data::EXAMPLE_TEAM_PEOPLE,
        agents: 0,
        ttft_ceiling_s: None,
        headroom: TeamHeadroom::NormalApprox,
        uncertainty: 10.0,
        refused: Vec::new(),
    };
    let mut seen = false;
    let mut refused = Vec::new();
    for (key, value) in body.split(',').filter_map(|pair| pair.split_once(':')) {
        let field = match key {
            "tp" => TeamInputField::People,
            "ta" => TeamInputField::Agents,
            "tc" => TeamInputField::TtftCeiling,
            "tu" => TeamInputField::Uncertainty,
            "th" => {
                match codes::from_short(&TEAM_HEADROOM, value) {
                    Some(headroom) => team.headroom = headroom,
                    None => refused.push(BadPart::new(key, &shorten(value))),
                }
                seen = true;
                continue;
            }
            _ => continue,
        };
        seen = true;
        match field_value(field, value) {
            Ok(value) => match field {
                // Whole and within the core's bound by `field_value`.
                TeamInputField::People => team.people = value.unwrap_or(0.0) as u64,
                TeamInputField::Agents => team.agents = value.unwrap_or(0.0) as u64,
                TeamInputField::TtftCeiling => team.ttft_ceiling_s = value,
                TeamInputField::Uncertainty => team.uncertainty = value.unwrap_or(10.0),
            },
            Err(error) => team.refused.push((field, shorten(value), error)),
        }
    }
    seen.then_some((team, refused))
}

/// A link's value for a team field, checked like typed text: plain (`.` decimals, exponents
/// allowed, no grouping), within the field's and the core's bounds.
fn field_value(field: TeamInputField, value: &str) -> Result<Option<f64>, InputError> {
    if value.contains([',', ' ', '_', '\'', '\u{a0}', '\u{202f}']) {
        return Err(InputError::NotNumber);
    }
    let number = field.parse(crate::i18n::Lang::En, value)?;
    let max = sizer_core::team::MAX_GROUP_PEOPLE as f64;
    match (field, number) {
        (TeamInputField::People | TeamInputField::Agents, Some(n)) if n > max => Err(InputError::TooLarge { max }),
        (TeamInputField::People | TeamInputField::Agents | TeamInputField::Uncertainty, None) => {
            Err(InputError::NotNumber)
        }
        _ => Ok(number),
    }
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
    use crate::team::state::TeamAction;

    #[test]
    fn a_team_round_trips_and_bad_values_are_refused() {
        let mut input = TeamInput::default();
        for (field, text) in
            [(TeamInputField::People, "30"), (TeamInputField::Agents, "5"), (TeamInputField::TtftCeiling, "2.5")]
        {
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
                uncertainty: 10.0,
                refused: Vec::new(),
            }
        );
        assert_eq!(decode("#s=r:x,f:15"), None);
        let (_, refused) = decode("#s=th:x").expect("team keys");
        assert_eq!(refused, [BadPart::new("th", "x")]);
        // Numeric values are their fields' errors, not refused parts.
        let at_least = |min| InputError::TooSmall { min, exclusive: false };
        for (link, field, value, error) in [
            ("#s=tp:-3", TeamInputField::People, "-3", at_least(0.0)),
            ("#s=tp:4.5", TeamInputField::People, "4.5", InputError::NotWhole),
            ("#s=tp:2e7", TeamInputField::People, "2e7", InputError::TooLarge { max: 1e7 }),
            ("#s=tu:95", TeamInputField::Uncertainty, "95", InputError::TooLarge { max: 90.0 }),
            ("#s=tc:0", TeamInputField::TtftCeiling, "0", InputError::TooSmall { min: 0.0, exclusive: true }),
            ("#s=tc:NaN", TeamInputField::TtftCeiling, "NaN", InputError::NotNumber),
            ("#s=ta:1%2C5", TeamInputField::Agents, "1%2C5", InputError::NotNumber),
        ] {
            let (team, refused) = decode(link).expect("team keys");
            assert!(refused.is_empty(), "{link}");
            assert_eq!(team.refused, [(field, value.to_string(), error)], "{link}");
        }
        // The valid keys of a link are kept beside a refused one.
        let (team, refused) = decode("#s=tp:30,ta:x,tu:20").expect("team keys");
        assert_eq!((team.people, team.agents, team.uncertainty), (30, 0, 20.0));
        assert!(refused.is_empty());
        assert_eq!(team.refused, [(TeamInputField::Agents, "x".to_string(), InputError::NotNumber)]);
        // The field shows the text as written, with its error; the plan keeps the default.
        let mut input = TeamInput::default();
        input.apply(Lang::De, TeamAction::Load(team));
        assert_eq!(
            (input.text(TeamInputField::Agents), input.error(TeamInputField::Agents)),
            ("x", Some(InputError::NotNumber))
        );
        assert_eq!((input.value(TeamInputField::Agents), input.text(TeamInputField::People)), (Some(0.0), "30"));
        assert_eq!(decode("#s=tp:1e1").map(|(team, _)| team.people), Some(10));
    }
}
