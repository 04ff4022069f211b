//! A host's new attributes applied to a running instance: only the attributes whose validated
//! value changed are applied, so what the person typed, picked or imported elsewhere stays. An
//! attribute that is removed (or is now invalid, which the widget names) brings back its
//! default, as a fresh instance would have it.

use super::{SizerState, Usage, scenario_value};
use crate::common::input::Field;
use crate::shell::config::Config;
use crate::team::state::{TeamInput, TeamInputField};

/// The configuration an instance was showing and the one its host now gives.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigChange {
    pub before: Config,
    pub after: Config,
}

impl SizerState {
    /// Applies what changed between `change.before` and `change.after`, in the order a fresh
    /// instance applies its configuration: language, run, usage, then the numbers.
    pub(super) fn reconfigure(&mut self, change: &ConfigChange) {
        let (before, after) = (&change.before, &change.after);
        if after.lang != before.lang {
            self.set_lang(after.lang.unwrap_or_default());
        }
        if after.run != before.run || after.run_notice != before.run_notice {
            self.run_id = after.run_id().to_owned();
            self.link.run = after.run_notice.clone();
        }
        let usage = after.usage.unwrap_or(Usage::Chat);
        if after.usage != before.usage {
            self.apply_usage(usage);
        }
        let preset = usage.scenario();
        for (field, was, now) in [
            (Field::Floor, before.floor, after.floor),
            (Field::Replicas, before.replicas, after.replicas),
            (Field::ContextTokens, before.context, after.context),
        ] {
            if now != was {
                self.put_value(field, now.unwrap_or_else(|| field.from_scenario(scenario_value(&preset, field))));
            }
        }
        let team_value = |config: &Config, field: TeamInputField| {
            config.team.iter().find(|(given, _)| *given == field).map(|&(_, value)| value)
        };
        let defaults = TeamInput::default();
        let changed: Vec<_> = TeamInputField::ALL
            .into_iter()
            .filter(|&field| team_value(before, field) != team_value(after, field))
            .map(|field| (field, team_value(after, field).unwrap_or_else(|| defaults.value(field))))
            .collect();
        self.team.configure(self.lang, &changed);
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use yew::Reducible;

    use super::*;
    use crate::i18n::Lang;
    use crate::shell::config::Attributes;
    use crate::shell::state::Action;

    fn config(attributes: Attributes) -> Config {
        Config::from_attributes(&attributes)
    }

    fn reconfigure(state: Rc<SizerState>, before: &Config, after: &Config) -> Rc<SizerState> {
        let change = ConfigChange { before: before.clone(), after: after.clone() };
        state.reduce(Action::Reconfigure(Rc::new(change)))
    }

    #[test]
    fn a_changed_attribute_applies_and_the_persons_other_edits_stay() {
        let before = config(Attributes { floor: Some("15".into()), ..Attributes::default() });
        let state = Rc::new(SizerState::new(&before));
        let state = state.reduce(Action::SetText(Field::AnswerTokens, "800".into()));
        let after = config(Attributes { floor: Some("12".into()), lang: Some("de".into()), ..Attributes::default() });
        let state = reconfigure(state, &before, &after);
        assert_eq!((state.text(Field::Floor), state.value(Field::Floor)), ("12", 12.0));
        assert_eq!(state.text(Field::AnswerTokens), "800");
        assert_eq!(state.lang, Lang::De);
    }

    #[test]
    fn a_removed_attribute_brings_back_its_default_and_an_unchanged_one_is_left_alone() {
        let before = config(Attributes {
            floor: Some("12".into()),
            team: Some("400".into()),
            replicas: Some("2".into()),
            ..Attributes::default()
        });
        let state = Rc::new(SizerState::new(&before));
        // The person changes the replicas the host had set; the host then drops its team.
        let state = state.reduce(Action::SetText(Field::Replicas, "3".into()));
        let after =
            config(Attributes { floor: Some("12".into()), replicas: Some("2".into()), ..Attributes::default() });
        let state = reconfigure(state, &before, &after);
        assert_eq!(state.team.value(TeamInputField::People), Some(150.0));
        assert_eq!(state.text(Field::Replicas), "3");
        assert_eq!(state.value(Field::Floor), 12.0);
        // Dropping the floor brings back the chat preset's 15 tok/s.
        let fewer = config(Attributes { replicas: Some("2".into()), ..Attributes::default() });
        let state = reconfigure(state, &after, &fewer);
        assert_eq!(state.value(Field::Floor), 15.0);
    }

    #[test]
    fn a_new_run_or_usage_from_the_host_is_shown() {
        let before = Config::default();
        let state = Rc::new(SizerState::new(&before));
        let after = config(Attributes {
            run: Some("lmsys-llama-3.1-8b-fp8-sglang".into()),
            usage: Some("agent".into()),
            ..Attributes::default()
        });
        let state = reconfigure(state, &before, &after);
        assert_eq!(state.run_id, "lmsys-llama-3.1-8b-fp8-sglang");
        assert_eq!(state.usage(), Some(Usage::Agent));
        assert!(state.always_busy);
    }
}
