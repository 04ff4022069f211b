//! Numbers as people type them: the sizing form's numeric fields (their names, units of entry and
//! bounds) and the one parse function every field and every link uses (decimal mark per
//! language, exponents, bounds checked, no NaN or infinity). Tokens are whole in every field that
//! counts them (answer, prompt, context). The widget adds the labels and units people read.

use sizer_core::{ScenarioField, ValidRange};

/// How a language writes numbers: which mark is decimal and which groups thousands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locale {
    /// `1,078.4`.
    En,
    /// `1.078,4`.
    De,
}

impl Locale {
    /// The thousands separator.
    pub fn group_separator(self) -> char {
        match self {
            Locale::En => ',',
            Locale::De => '.',
        }
    }

    /// The decimal mark.
    pub fn decimal_mark(self) -> char {
        match self {
            Locale::En => '.',
            Locale::De => ',',
        }
    }
}

/// Every numeric field of the form. The `data-field` name is [`Field::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Floor,
    AnswerTokens,
    IntervalS,
    TtftS,
    PromptTokens,
    Percentile,
    ContextTokens,
    Replicas,
}

impl Field {
    /// Every field, in form order; `field as usize` indexes arrays of this length.
    pub const ALL: [Field; 8] = [
        Field::Floor,
        Field::AnswerTokens,
        Field::IntervalS,
        Field::TtftS,
        Field::PromptTokens,
        Field::Percentile,
        Field::ContextTokens,
        Field::Replicas,
    ];

    /// How many fields there are.
    pub const COUNT: usize = Field::ALL.len();

    /// The position in [`Field::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The `data-field` attribute value (the DOM contract in docs/DOM.md).
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Looks a field up by its `data-field` name.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|field| field.name() == name)
    }

    /// The field's name, unit of entry, bounds and kind.
    pub fn spec(self) -> &'static FieldSpec {
        &SPECS[self.index()]
    }

    /// The scenario value for a field value (the percentile: 99 % becomes 0.99).
    pub fn to_scenario(self, value: f64) -> f64 {
        value / self.spec().scale
    }

    /// The field value for a scenario value.
    pub fn from_scenario(self, value: f64) -> f64 {
        value * self.spec().scale
    }

    /// Parses what a person typed into this field. See [`parse_number`].
    pub fn parse(self, lang: Locale, text: &str) -> Result<f64, InputError> {
        let spec = self.spec();
        let range = spec.range();
        let value = match parse_number(lang, text) {
            Err(InputError::Huge { negative: false }) => return Err(InputError::TooLarge { max: range.max }),
            Err(InputError::Huge { negative: true }) => {
                return Err(InputError::TooSmall { min: range.min, exclusive: !range.min_inclusive });
            }
            other => other?,
        };
        self.check(value)
    }

    /// Checks a number against the field's rules: whole where it must be, within the core's
    /// bounds (in the field's unit).
    pub fn check(self, value: f64) -> Result<f64, InputError> {
        let spec = self.spec();
        let range = spec.range();
        if value.is_nan() {
            return Err(InputError::NotNumber);
        }
        if spec.whole && value.is_finite() && value.fract() != 0.0 {
            return Err(InputError::NotWhole);
        }
        if value < range.min || (!range.min_inclusive && value <= range.min) {
            return Err(InputError::TooSmall { min: range.min, exclusive: !range.min_inclusive });
        }
        if value > range.max {
            return Err(InputError::TooLarge { max: range.max });
        }
        Ok(value)
    }
}

/// What the form knows about one numeric field. Bounds come from the core's
/// [`ScenarioField::range`], so the form accepts exactly what `sizer_core::size` accepts.
#[derive(Debug, PartialEq)]
pub struct FieldSpec {
    /// The `data-field` name.
    pub name: &'static str,
    /// The scenario field this input fills.
    pub scenario_field: ScenarioField,
    /// Shown value = scenario value x `scale` (the percentile is typed in percent).
    pub scale: f64,
    /// Whether only whole numbers are allowed (tokens and Sparks).
    pub whole: bool,
}

impl FieldSpec {
    /// The accepted range in the field's own unit (the core's range times `scale`).
    pub fn range(&self) -> ValidRange {
        let range = self.scenario_field.range();
        ValidRange { min: range.min * self.scale, min_inclusive: range.min_inclusive, max: range.max * self.scale }
    }
}

const SPECS: [FieldSpec; Field::COUNT] = [
    FieldSpec { name: "floor", scenario_field: ScenarioField::FloorTokS, scale: 1.0, whole: false },
    FieldSpec { name: "answer_tokens", scenario_field: ScenarioField::AnswerTokens, scale: 1.0, whole: true },
    FieldSpec { name: "interval_s", scenario_field: ScenarioField::IntervalS, scale: 1.0, whole: false },
    FieldSpec { name: "ttft_s", scenario_field: ScenarioField::TtftS, scale: 1.0, whole: false },
    FieldSpec { name: "prompt_tokens", scenario_field: ScenarioField::PromptTokens, scale: 1.0, whole: true },
    FieldSpec { name: "percentile", scenario_field: ScenarioField::Percentile, scale: 100.0, whole: false },
    FieldSpec { name: "context_tokens", scenario_field: ScenarioField::ContextTokens, scale: 1.0, whole: true },
    FieldSpec { name: "replicas", scenario_field: ScenarioField::Replicas, scale: 1.0, whole: true },
];

/// Why a field's text is not an acceptable value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputError {
    /// Nothing typed.
    Empty,
    /// Not a decimal number (letters, two decimal marks, a broken exponent, NaN).
    NotNumber,
    /// A number too large (or too far below zero) for any field, e.g. `1e400`.
    Huge { negative: bool },
    /// A fraction where only whole numbers make sense.
    NotWhole,
    /// Below the field's minimum (`exclusive`: the minimum itself is not allowed either).
    TooSmall { min: f64, exclusive: bool },
    /// Above the field's maximum.
    TooLarge { max: f64 },
}

/// Parses a decimal number as a person types it in `lang`.
///
/// Accepted: digits with one decimal mark and optional thousands separators, surrounding spaces,
/// a leading sign, and an exponent (`1e1`, `2,5E3` in German). The language's decimal mark
/// always works (`1.078,4` in German); the other mark also works when it cannot be a thousands
/// separator (`0.99` in German, `0,99` in English), because people paste numbers from
/// everywhere. Rejected: `inf`, `NaN`; a number beyond an `f64` is [`InputError::Huge`].
pub fn parse_number(lang: Locale, text: &str) -> Result<f64, InputError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(InputError::Empty);
    }
    let (negative, unsigned) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], Some(exponent(&unsigned[at + 1..]).ok_or(InputError::NotNumber)?)),
        None => (unsigned, None),
    };
    let cleaned: String = mantissa.chars().filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '_' | '\'')).collect();
    if cleaned.is_empty() || !cleaned.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',') {
        return Err(InputError::NotNumber);
    }
    let mut normalised = normalise_marks(lang, &cleaned).ok_or(InputError::NotNumber)?;
    if let Some(exponent) = exponent {
        normalised.push('e');
        normalised.push_str(&exponent.to_string());
    }
    let value: f64 = normalised.parse().map_err(|_| InputError::NotNumber)?;
    if value.is_infinite() {
        return Err(InputError::Huge { negative });
    }
    if !value.is_finite() {
        return Err(InputError::NotNumber);
    }
    Ok(if negative { -value } else { value })
}

/// The exponent after `e`: an optional sign and one to four digits (beyond that every value
/// is zero or too large anyway).
fn exponent(text: &str) -> Option<i32> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: i32 = digits.parse().ok()?;
    Some(if text.starts_with('-') { -value } else { value })
}

/// When `text` reads as one number in English and another in German (`1,500`: 1500 or 1.5),
/// the value it was read as in `lang` and the other reading, so the form can say which it
/// took. `None` when both languages read it alike, or either cannot read it.
pub fn ambiguous_reading(lang: Locale, text: &str) -> Option<(f64, f64)> {
    let other = match lang {
        Locale::En => Locale::De,
        Locale::De => Locale::En,
    };
    let (read, alternative) = (parse_number(lang, text).ok()?, parse_number(other, text).ok()?);
    (read != alternative).then_some((read, alternative))
}

/// Turns digits with `.`/`,` into the `1234.5` form, or `None` when the marks are ambiguous.
fn normalise_marks(lang: Locale, digits: &str) -> Option<String> {
    let decimal = lang.decimal_mark();
    let group = lang.group_separator();
    let has_decimal = digits.contains(decimal);
    let has_group = digits.contains(group);
    // Which character separates the fraction, and which groups thousands.
    let (fraction_mark, group_mark) = if has_decimal {
        (Some(decimal), Some(group))
    } else if has_group && !is_thousands_grouping(digits, group) {
        // `0.99` typed in German, `0,99` in English: the foreign decimal mark.
        (Some(group), None)
    } else {
        (None, Some(group))
    };
    let mut out = String::with_capacity(digits.len());
    let mut seen_fraction = false;
    for c in digits.chars() {
        if Some(c) == fraction_mark {
            if seen_fraction {
                return None;
            }
            seen_fraction = true;
            out.push('.');
        } else if Some(c) == group_mark {
            if seen_fraction {
                return None;
            }
        } else if c.is_ascii_digit() {
            out.push(c);
        } else {
            return None;
        }
    }
    if out == "." || out.is_empty() {
        return None;
    }
    Some(out)
}

/// True when every `separator` in `digits` is followed by exactly three digits and the first
/// group has one to three digits (`20,000`, `1.078.000`).
fn is_thousands_grouping(digits: &str, separator: char) -> bool {
    let mut groups = digits.split(separator);
    let first_ok = groups.next().is_some_and(|g| (1..=3).contains(&g.len()));
    first_ok && groups.all(|g| g.len() == 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_numbers_in_both_languages() {
        assert_eq!(parse_number(Locale::En, "15"), Ok(15.0));
        assert_eq!(parse_number(Locale::En, " 1,078.4 "), Ok(1078.4));
        assert_eq!(parse_number(Locale::De, "1.078,4"), Ok(1078.4));
        assert_eq!(parse_number(Locale::De, "20.000"), Ok(20000.0));
        assert_eq!(parse_number(Locale::En, "20,000"), Ok(20000.0));
        assert_eq!(parse_number(Locale::De, "0.99"), Ok(0.99));
        assert_eq!(parse_number(Locale::En, "0,5"), Ok(0.5));
        assert_eq!(parse_number(Locale::De, "2,33"), Ok(2.33));
        assert_eq!(parse_number(Locale::En, "-3"), Ok(-3.0));
    }

    #[test]
    fn garbage_is_rejected() {
        assert_eq!(parse_number(Locale::En, ""), Err(InputError::Empty));
        assert_eq!(parse_number(Locale::En, "   "), Err(InputError::Empty));
        for text in [
            "abc", "1e", "1e+", "e5", "1e5e2", "1e1.5", "1e12345", "inf", "NaN", "1.2.3", "1,2.3,4", ".", "-",
            "15 tok/s",
        ] {
            assert_eq!(parse_number(Locale::En, text), Err(InputError::NotNumber), "{text}");
        }
        assert_eq!(parse_number(Locale::De, "1,2,3"), Err(InputError::NotNumber));
    }

    #[test]
    fn exponents_are_read() {
        assert_eq!(parse_number(Locale::En, "1e1"), Ok(10.0));
        assert_eq!(parse_number(Locale::En, "1.5E3"), Ok(1500.0));
        assert_eq!(parse_number(Locale::De, "2,5e-1"), Ok(0.25));
        assert_eq!(parse_number(Locale::En, "-1e+2"), Ok(-100.0));
        assert_eq!(parse_number(Locale::En, "1e400"), Err(InputError::Huge { negative: false }));
        assert_eq!(parse_number(Locale::En, "-1e400"), Err(InputError::Huge { negative: true }));
        assert_eq!(Field::Floor.parse(Locale::En, "1e1"), Ok(10.0));
        assert_eq!(Field::Floor.parse(Locale::En, "1e308"), Err(InputError::TooLarge { max: 10_000.0 }));
        assert_eq!(Field::ContextTokens.parse(Locale::En, "1e400"), Err(InputError::TooLarge { max: 10_000_000.0 }));
    }

    #[test]
    fn tokens_are_whole_everywhere() {
        for field in [Field::AnswerTokens, Field::PromptTokens, Field::ContextTokens] {
            assert_eq!(field.parse(Locale::En, "1500.5"), Err(InputError::NotWhole), "{field:?}");
            assert_eq!(field.parse(Locale::De, "1500"), Ok(1500.0), "{field:?}");
        }
    }

    #[test]
    fn readings_that_differ_by_language_are_named() {
        assert_eq!(ambiguous_reading(Locale::En, "1,500"), Some((1500.0, 1.5)));
        assert_eq!(ambiguous_reading(Locale::De, "1,500"), Some((1.5, 1500.0)));
        assert_eq!(ambiguous_reading(Locale::De, "20.000"), Some((20000.0, 20.0)));
        for text in ["1500", "0.99", "0,5", "1.5", "1,078.4", "abc"] {
            assert_eq!(ambiguous_reading(Locale::En, text), None, "{text}");
        }
    }

    #[test]
    fn fields_check_their_bounds() {
        assert_eq!(Field::Floor.parse(Locale::En, "0"), Err(InputError::TooSmall { min: 0.01, exclusive: false }));
        assert_eq!(Field::Floor.parse(Locale::En, "15"), Ok(15.0));
        assert_eq!(Field::Replicas.parse(Locale::En, "1.5"), Err(InputError::NotWhole));
        assert_eq!(Field::Replicas.parse(Locale::En, "2000"), Err(InputError::TooLarge { max: 1000.0 }));
        assert_eq!(Field::Percentile.parse(Locale::De, "99,9"), Ok(99.9));
        assert_eq!(Field::Percentile.parse(Locale::En, "50"), Err(InputError::TooSmall { min: 50.0, exclusive: true }));
        assert!((Field::Percentile.to_scenario(99.0) - 0.99).abs() < 1e-12);
        assert_eq!(Field::TtftS.parse(Locale::En, "0"), Ok(0.0));
    }

    #[test]
    fn names_round_trip() {
        for field in Field::ALL {
            assert_eq!(Field::from_name(field.name()), Some(field));
            assert_eq!(Field::ALL[field.index()], field);
        }
        assert_eq!(Field::from_name("nope"), None);
    }
}
