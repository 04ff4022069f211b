//! Turns an [`InputError`] into the sentence shown under a field.

use crate::i18n::{Lang, Msg, format_number, text};
use crate::input::InputError;

/// The localised message for `error`, with the bound written in the language's number format.
pub fn error_message(lang: Lang, error: InputError) -> String {
    match error {
        InputError::Empty => text(lang, Msg::ErrEmpty).to_string(),
        InputError::NotNumber => text(lang, Msg::ErrNotNumber).to_string(),
        InputError::NotWhole => text(lang, Msg::ErrNotWhole).to_string(),
        InputError::TooSmall { min, exclusive } => {
            let prefix = if exclusive { "> " } else { "" };
            let bound = format_number(lang, min, decimals_for(min));
            [text(lang, Msg::ErrTooSmall), " ", prefix, &bound, "."].concat()
        }
        InputError::TooLarge { max } => {
            let bound = format_number(lang, max, decimals_for(max));
            [text(lang, Msg::ErrTooLarge), " ", &bound, "."].concat()
        }
    }
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
        assert_eq!(error_message(Lang::En, InputError::TooLarge { max: 10_000.0 }), "Too large: the most allowed is 10,000.");
        assert_eq!(error_message(Lang::De, InputError::TooLarge { max: 99.999 }), "Zu groß: erlaubt ist höchstens 99,999.");
        assert_eq!(error_message(Lang::En, InputError::TooSmall { min: 0.0, exclusive: true }), "Too small: the least allowed is > 0.");
    }
}
