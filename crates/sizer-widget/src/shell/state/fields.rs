//! The form's numeric fields in the state: the text as typed, the last valid value and the error
//! of each, the usage preset they match, and the scenario they make.

use sizer_core::Scenario;

use super::{SizerState, Usage};
use crate::common::input::{Field, InputError};
use crate::i18n::{Lang, format_number};

/// The fields a usage preset sets.
pub const USAGE_FIELDS: [Field; 5] =
    [Field::AnswerTokens, Field::IntervalS, Field::TtftS, Field::PromptTokens, Field::ContextTokens];

/// The English article's rounded z for the 99th percentile ("average + 2.33 x square root of average").
pub const SEED_Z: f64 = 2.33;

impl SizerState {
    /// The text in `field`.
    pub fn text(&self, field: Field) -> &str {
        &self.texts[field.index()]
    }

    /// The last valid value of `field`, in the field's unit.
    pub fn value(&self, field: Field) -> f64 {
        self.values[field.index()]
    }

    /// The error of `field`, if its text is invalid.
    pub fn error(&self, field: Field) -> Option<InputError> {
        self.errors[field.index()]
    }

    /// True when any field holds invalid text (the result then uses the last valid values).
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(Option::is_some)
    }

    /// The usage preset the current fields match, if any.
    pub fn usage(&self) -> Option<Usage> {
        [Usage::Chat, Usage::Agent].into_iter().find(|usage| {
            let preset = usage.scenario();
            preset.always_busy == self.always_busy
                && USAGE_FIELDS.iter().all(|&field| {
                    self.error(field).is_none()
                        && self.value(field) == field.from_scenario(scenario_value(&preset, field))
                })
        })
    }

    /// The scenario of the last valid values (without the run's KV pool and prefill rate, which
    /// [`Calculation::for_run`] fills in through `sizer_data::scenario_for_run`).
    pub fn scenario(&self) -> Scenario {
        let value = |field: Field| field.to_scenario(self.value(field));
        Scenario {
            floor_tok_s: value(Field::Floor),
            answer_tokens: value(Field::AnswerTokens),
            interval_s: value(Field::IntervalS),
            always_busy: self.always_busy,
            ttft_s: value(Field::TtftS),
            percentile: value(Field::Percentile),
            z: self.seed_z.then_some(SEED_Z),
            headroom: self.headroom,
            interpolation: self.interpolation,
            context_tokens: value(Field::ContextTokens),
            kv_pool_tokens: None,
            prompt_tokens: value(Field::PromptTokens),
            prefill_tok_s: None,
            // Whole and within 1..=1000 by the field's parse.
            replicas: value(Field::Replicas) as u32,
        }
    }

    /// Sets `field` to `value` (in the field's unit), writing it back as text.
    pub(super) fn put_value(&mut self, field: Field, value: f64) {
        let index = field.index();
        self.values[index] = value;
        self.texts[index] = format_value(self.lang, value);
        self.errors[index] = None;
    }

    /// Sets every numeric field from a scenario's values.
    pub(super) fn put_scenario_values(&mut self, scenario: &Scenario) {
        for field in Field::ALL {
            self.put_value(field, field.from_scenario(scenario_value(scenario, field)));
        }
    }

    /// Records what was typed into `field` and parses it.
    pub(super) fn put_text(&mut self, field: Field, text: String) {
        let index = field.index();
        match field.parse(crate::common::input::locale(self.lang), &text) {
            Ok(value) => {
                self.values[index] = value;
                self.errors[index] = None;
            }
            Err(error) => self.errors[index] = Some(error),
        }
        self.texts[index] = text;
    }
}

/// The scenario value a field stands for (in the scenario's unit).
pub(super) fn scenario_value(scenario: &Scenario, field: Field) -> f64 {
    match field {
        Field::Floor => scenario.floor_tok_s,
        Field::AnswerTokens => scenario.answer_tokens,
        Field::IntervalS => scenario.interval_s,
        Field::TtftS => scenario.ttft_s,
        Field::PromptTokens => scenario.prompt_tokens,
        Field::Percentile => scenario.percentile,
        Field::ContextTokens => scenario.context_tokens,
        Field::Replicas => f64::from(scenario.replicas),
    }
}

/// A field value as the field shows it: every decimal the value has (so switching language
/// never changes a value: 1500.5 stays 1500,5), trailing zeros dropped, no thousands separators
/// (they get in the way while editing).
pub fn format_value(lang: Lang, value: f64) -> String {
    let mut text = format_number(lang, value, exact_decimals(value));
    // `1.00e30` (a value beyond exact digits) keeps its exponent's zeros.
    if text.contains(lang.decimal_mark()) && !text.contains('e') {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with(lang.decimal_mark()) {
            text.pop();
        }
    }
    text.retain(|c| c != lang.group_separator());
    text
}

/// The most decimals `value` can carry exactly in [`format_number`] (9 at most, fewer for large
/// values, whose scaled digits must stay within an `f64`'s exact integers).
fn exact_decimals(value: f64) -> usize {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let mut decimals = 9;
    let mut scaled = value.abs() * 1e9;
    while decimals > 0 && scaled >= EXACT {
        decimals -= 1;
        scaled /= 10.0;
    }
    decimals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::config::Config;
    use crate::shell::state::Action;
    use crate::shell::state::tests::reduce;

    #[test]
    fn a_bad_field_keeps_the_last_valid_value() {
        let state = SizerState::new(&Config::default());
        let state = reduce(state, Action::SetText(Field::Floor, "abc".into()));
        assert_eq!(state.error(Field::Floor), Some(InputError::NotNumber));
        assert_eq!(state.value(Field::Floor), 15.0);
        let state = reduce(state, Action::SetText(Field::Floor, "10".into()));
        assert_eq!(state.error(Field::Floor), None);
        assert_eq!(state.scenario().floor_tok_s, 10.0);
    }

    #[test]
    fn presets_fill_the_usage_fields() {
        let state = SizerState::new(&Config::default());
        let state = reduce(state, Action::SetUsage(Usage::Agent));
        assert_eq!(state.usage(), Some(Usage::Agent));
        assert_eq!(state.scenario(), Scenario::coding_agent());
        let state = reduce(state, Action::SetText(Field::PromptTokens, "1000".into()));
        assert_eq!(state.usage(), None);
    }

    #[test]
    fn language_switch_rewrites_numbers() {
        let state = SizerState::new(&Config::default());
        let state = reduce(state, Action::SetText(Field::Percentile, "99.5".into()));
        let state = reduce(state, Action::SetLang(Lang::De));
        assert_eq!(state.text(Field::Percentile), "99,5");
        assert_eq!(state.text(Field::ContextTokens), "8192");
    }
}
