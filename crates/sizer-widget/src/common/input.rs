//! The form's numeric fields as people read them: each field's label and unit. What a field
//! accepts, and how typed numbers are read, is the import crate's (`sizer_import::typed`); the
//! functions here read in the display language.

pub use sizer_import::typed::{Field, FieldSpec, InputError};

use crate::i18n::{Lang, Msg};

pub use crate::i18n::locale;

/// Parses a number as a person types it in `lang` (see [`sizer_import::typed::parse_number`]).
pub fn parse_number(lang: Lang, text: &str) -> Result<f64, InputError> {
    sizer_import::typed::parse_number(locale(lang), text)
}

/// When `text` reads as one number in English and another in German (`1,500`), the value read
/// in `lang` and the other reading (see [`sizer_import::typed::ambiguous_reading`]).
pub fn ambiguous_reading(lang: Lang, text: &str) -> Option<(f64, f64)> {
    sizer_import::typed::ambiguous_reading(locale(lang), text)
}

/// The label and the unit shown after the input of `field`.
pub fn label_and_unit(field: Field) -> (Msg, Msg) {
    match field {
        Field::Floor => (Msg::FloorLabel, Msg::UnitTokS),
        Field::AnswerTokens => (Msg::AnswerTokensLabel, Msg::UnitTokens),
        Field::IntervalS => (Msg::IntervalLabel, Msg::UnitSeconds),
        Field::TtftS => (Msg::TtftLabel, Msg::UnitSeconds),
        Field::PromptTokens => (Msg::PromptTokensLabel, Msg::UnitTokens),
        Field::Percentile => (Msg::PercentileLabel, Msg::UnitPercent),
        Field::ContextTokens => (Msg::ContextLabel, Msg::UnitTokens),
        Field::Replicas => (Msg::ReplicasLabel, Msg::UnitSparks),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_display_language_picks_the_decimal_mark() {
        assert_eq!(parse_number(Lang::En, "1,078.4"), Ok(1078.4));
        assert_eq!(parse_number(Lang::De, "1.078,4"), Ok(1078.4));
        assert_eq!(ambiguous_reading(Lang::De, "1,500"), Some((1.5, 1500.0)));
        assert_eq!(Field::Floor.parse(locale(Lang::De), "12,5"), Ok(12.5));
        assert_eq!(label_and_unit(Field::Percentile), (Msg::PercentileLabel, Msg::UnitPercent));
    }
}
