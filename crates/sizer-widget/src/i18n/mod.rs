//! Languages, the message tables (one per language) and number formatting.
//!
//! Every text a person sees comes from here: [`text`] looks a [`Msg`] up in the table of the
//! chosen language (`en.rs`, `de.rs`); sentences with numbers in them are small functions in the
//! same tables. Numbers are formatted by [`format_number`] without `core::fmt`'s float machinery,
//! which keeps the wasm small and the hot path fast.
//!
//! The lowest room: it uses no other. Each choice's code and label (`codes`) and the notices
//! that sentences say (`notices`) live here for that reason.

pub mod architecture;
pub mod codes;
mod de;
mod en;
pub mod formulas;
pub mod headline;
pub mod import;
mod import_errors;
pub mod import_suite;
pub mod labels;
pub mod links;
pub mod load_prediction;
pub mod log_ranking;
pub mod logs;
pub mod measured_load;
pub mod memory;
pub mod notices;
mod number;
pub mod page;
pub mod phrases;
pub mod provenance;
pub mod request_rate;
pub mod setup;
pub mod simulation;
pub mod stale;
pub mod tables;
pub mod team;
pub mod workloads;

pub use number::{format_integer, format_number, format_setting, locale};

/// A language the widget speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, numbers as 1,078.4.
    #[default]
    En,
    /// German, numbers as 1.078,4.
    De,
}

impl Lang {
    /// Every language, in the order the switcher lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The BCP 47 code (`en`, `de`) used in `data-lang`, the fragment and `lang=""`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// Parses a language code as written in `data-lang` or the fragment (`en`, `de`, `de-AT`).
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else if primary.eq_ignore_ascii_case("de") {
            Some(Lang::De)
        } else {
            None
        }
    }

    /// The language's own name, for the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
        }
    }

    /// The character that separates thousands.
    pub fn group_separator(self) -> char {
        locale(self).group_separator()
    }

    /// The decimal mark.
    pub fn decimal_mark(self) -> char {
        locale(self).decimal_mark()
    }
}

/// The key of every fixed text. Each language's table matches on all of them, so a missing
/// translation is a compile error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    Title,
    Intro,
    LanguageLabel,
    // Inputs.
    RunLabel,
    RunHint,
    FloorLabel,
    FloorComfortable,
    FloorMinimum,
    FloorCustom,
    UsageLabel,
    UsageChat,
    UsageAgent,
    UsageCustom,
    AlwaysBusyLabel,
    AnswerTokensLabel,
    IntervalLabel,
    TtftLabel,
    PromptTokensLabel,
    PercentileLabel,
    ZLabel,
    ZFromPercentile,
    ZSeed,
    HeadroomLabel,
    HeadroomNormal,
    HeadroomPoisson,
    HeadroomErlang,
    HeadroomFinite,
    InterpolationLabel,
    InterpolationLinear,
    InterpolationMonotone,
    ContextLabel,
    ReplicasLabel,
    AdvancedLegend,
    UsageLegend,
    // Units.
    UnitTokS,
    UnitTokens,
    UnitSeconds,
    UnitPercent,
    UnitSparks,
    UnitStreams,
    UnitPeople,
    // Errors.
    ErrEmpty,
    ErrNotNumber,
    ErrNotWhole,
    ErrTooSmall,
    ErrMoreThan,
    ErrTooLarge,
    ErrUnknownRun,
    /// The run is not in the data the page has so far; the rest is loading.
    LoadingRun,
    ErrUnknownLang,
    ErrUnknownUsage,
    ErrUnknownAttribute,
    ErrConfig,
    ErrNoCurve,
    ErrScenario,
    // Result.
    ResultHeading,
    StreamsLabel,
    PeopleLabel,
    BindingLabel,
    MarginLabel,
    LimitSpeed,
    LimitKv,
    LimitPrefill,
    LimitTtft,
    LimitUnknown,
    NoNextLimit,
    // Work.
    WorkHeading,
    StepFloor,
    StepStreams,
    StepDuty,
    StepHeadroom,
    StepUsersBySpeed,
    StepKv,
    StepPrefill,
    StepBinding,
    StepReplicas,
    FormulaLabel,
    InputsLabel,
    ResultLabel,
    SourceLabel,
    OriginalLink,
    NotKnown,
    TtftHeading,
    TtftNotMeasured,
    ClaimsHeading,
    // Sharing.
    CopyLink,
    LinkCopied,
    MarkdownCopied,
    CopyFailed,
    ExportMarkdown,
    ExportJson,
    CopyMarkdown,
    ShareHeading,
    ThemeLabel,
    ThemeAuto,
    ThemeLight,
    ThemeDark,
    ChartsHeading,
    /// The second module (charts, team, tables ...) could not be fetched.
    RestFailed,
    TablesHeading,
    SourcesHeading,
}

/// The fixed text of `msg` in `lang`.
pub fn text(lang: Lang, msg: Msg) -> &'static str {
    match lang {
        Lang::En => en::text(msg),
        Lang::De => de::text(msg),
    }
}

/// The half of a data text (a run's caveat, an advice entry) written in `lang`: the data carries
/// both languages, so choosing between them is this room's job like every other text.
pub fn localized(lang: Lang, text: &sizer_data::Localized) -> &str {
    match lang {
        Lang::En => &text.en,
        Lang::De => &text.de,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_codes_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_code("EN"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn every_language_has_a_title() {
        assert_eq!(text(Lang::En, Msg::Title), "Spark Sizer");
        assert_eq!(text(Lang::De, Msg::Title), "Spark Sizer");
        assert_ne!(text(Lang::En, Msg::FloorLabel), text(Lang::De, Msg::FloorLabel));
    }
}
