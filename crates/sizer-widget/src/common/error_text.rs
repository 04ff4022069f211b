//! Turns an [`InputError`] into the sentence shown under a field.

use crate::common::input::InputError;
use crate::i18n::{Lang, Msg, format_number, text};

/// The localised message for `error`, with the bound written in the language's number format.
pub fn error_message(lang: Lang, error: InputError) -> String {
    match error {
        InputError::Empty => text(lang, Msg::ErrEmpty).to_string(),
        InputError::NotNumber => text(lang, Msg::ErrNotNumber).to_string(),
        InputError::NotWhole => text(lang, Msg::ErrNotWhole).to_string(),
        InputError::Huge { .. } => crate::i18n::links::huge(lang).to_string(),
        InputError::TooSmall { min, exclusive } => {
            let key = if exclusive { Msg::ErrMoreThan } else { Msg::ErrTooSmall };
            bound_sentence(lang, key, min, !exclusive)
        }
        InputError::TooLarge { max } => bound_sentence(lang, Msg::ErrTooLarge, max, true),
    }
}

/// "Must be at least 0.01." / German "Muss mindestens 0,01 sein." (the verb comes last).
fn bound_sentence(lang: Lang, key: Msg, bound: f64, german_verb_last: bool) -> String {
    let bound = format_number(lang, bound, decimals_for(bound));
    crate::i18n::phrases::bound(lang, text(lang, key), &bound, german_verb_last)
}

/// Enough decimals to show a bound exactly (99.999 needs 3, 10,000 none).
fn decimals_for(value: f64) -> usize {
    let mut decimals = 0;
    let mut scaled = value;
    while decimals < 3 && (scaled - scaled.round()).abs() > 1e-9 {
        scaled *= 10.0;
        decimals += 1;
    }
    decimals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_localised() {
        assert_eq!(error_message(Lang::En, InputError::TooLarge { max: 10_000.0 }), "Must be at most 10,000.");
        assert_eq!(error_message(Lang::De, InputError::TooLarge { max: 99.999 }), "Darf höchstens 99,999 sein.");
        assert_eq!(
            error_message(Lang::En, InputError::TooSmall { min: 50.0, exclusive: true }),
            "Must be more than 50."
        );
        assert_eq!(
            error_message(Lang::De, InputError::TooSmall { min: 0.01, exclusive: false }),
            "Muss mindestens 0,01 sein."
        );
        assert_eq!(error_message(Lang::En, InputError::NotNumber), "This is not a number.");
    }
}
