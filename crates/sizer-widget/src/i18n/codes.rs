//! One code table per enum the widget writes out: each row names a variant's code in selects
//! and `data-value` attributes, its short code in the URL fragment, and its label. Parsers,
//! select choices and writers all read these tables, so a code is spelled once.

use sizer_core::{HeadroomMethod, Interpolation, Limit, TeamHeadroom, TeamLimit};

use crate::i18n::{Lang, Msg, text};
use yew::virtual_dom::AttrValue;

/// One option: the value sent back and the text shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub value: AttrValue,
    pub label: AttrValue,
}

impl Choice {
    /// A choice from static strings.
    pub fn new(value: &'static str, label: &'static str) -> Choice {
        Choice { value: AttrValue::Static(value), label: AttrValue::Static(label) }
    }
}

/// The colour scheme override.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow `prefers-color-scheme`.
    #[default]
    Auto,
    Light,
    Dark,
}

/// One variant's codes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coded<T: 'static> {
    /// The variant.
    pub value: T,
    /// Its code in selects and `data-value` (the DOM contract).
    pub code: &'static str,
    /// Its short code in the URL fragment (links keep working: never change one).
    pub short: &'static str,
    /// Its label.
    pub label: Msg,
}

/// Headroom methods, in the select's order.
pub const HEADROOM: [Coded<HeadroomMethod>; 3] = [
    Coded { value: HeadroomMethod::NormalApprox, code: "normal", short: "n", label: Msg::HeadroomNormal },
    Coded { value: HeadroomMethod::ExactPoisson, code: "poisson", short: "p", label: Msg::HeadroomPoisson },
    Coded { value: HeadroomMethod::ErlangC, code: "erlang_c", short: "e", label: Msg::HeadroomErlang },
];

/// Interpolation methods, in the select's order.
pub const INTERPOLATION: [Coded<Interpolation>; 2] = [
    Coded { value: Interpolation::Linear, code: "linear", short: "l", label: Msg::InterpolationLinear },
    Coded { value: Interpolation::MonotoneLog2, code: "monotone_log2", short: "m", label: Msg::InterpolationMonotone },
];

/// Limits (the binding limit's `data-value`: `speed` | `kv` | `prefill`); not in the fragment.
pub const LIMIT: [Coded<Limit>; 3] = [
    Coded { value: Limit::Speed, code: "speed", short: "", label: Msg::LimitSpeed },
    Coded { value: Limit::KvCache, code: "kv", short: "", label: Msg::LimitKv },
    Coded { value: Limit::Prefill, code: "prefill", short: "", label: Msg::LimitPrefill },
];

/// A team's headroom methods, in the select's order; codes as in `plan(teamJson)`.
pub const TEAM_HEADROOM: [Coded<TeamHeadroom>; 4] = [
    Coded { value: TeamHeadroom::NormalApprox, code: "normal", short: "n", label: Msg::HeadroomNormal },
    Coded { value: TeamHeadroom::ExactPoisson, code: "poisson", short: "p", label: Msg::HeadroomPoisson },
    Coded { value: TeamHeadroom::ErlangC, code: "erlang_c", short: "e", label: Msg::HeadroomErlang },
    Coded { value: TeamHeadroom::FinitePopulation, code: "finite", short: "f", label: Msg::HeadroomFinite },
];

/// A team's limits (the ranking's `data-binding`: `speed` | `kv` | `prefill` | `ttft`).
pub const TEAM_LIMIT: [Coded<TeamLimit>; 4] = [
    Coded { value: TeamLimit::Speed, code: "speed", short: "", label: Msg::LimitSpeed },
    Coded { value: TeamLimit::Kv, code: "kv", short: "", label: Msg::LimitKv },
    Coded { value: TeamLimit::Prefill, code: "prefill", short: "", label: Msg::LimitPrefill },
    Coded { value: TeamLimit::Ttft, code: "ttft", short: "", label: Msg::LimitTtft },
];

/// Colour schemes (the root's `data-theme`), in the switcher's order; not in the fragment.
pub const THEME: [Coded<Theme>; 3] = [
    Coded { value: Theme::Auto, code: "auto", short: "", label: Msg::ThemeAuto },
    Coded { value: Theme::Light, code: "light", short: "", label: Msg::ThemeLight },
    Coded { value: Theme::Dark, code: "dark", short: "", label: Msg::ThemeDark },
];

/// The row of `value` (every variant has one: the tables are exhaustive, see the tests).
pub fn row<T: Copy + PartialEq>(table: &'static [Coded<T>], value: T) -> &'static Coded<T> {
    table.iter().find(|row| row.value == value).unwrap_or(&table[0])
}

/// The code of `value`.
pub fn code<T: Copy + PartialEq>(table: &'static [Coded<T>], value: T) -> &'static str {
    row(table, value).code
}

/// The variant with this code.
pub fn from_code<T: Copy>(table: &[Coded<T>], code: &str) -> Option<T> {
    table.iter().find(|row| row.code == code).map(|row| row.value)
}

/// The variant with this short code.
pub fn from_short<T: Copy>(table: &[Coded<T>], short: &str) -> Option<T> {
    table.iter().find(|row| !row.short.is_empty() && row.short == short).map(|row| row.value)
}

/// The localised label of `value`.
pub fn label<T: Copy + PartialEq>(lang: Lang, table: &'static [Coded<T>], value: T) -> &'static str {
    text(lang, row(table, value).label)
}

/// The table as select choices.
pub fn choices<T>(lang: Lang, table: &'static [Coded<T>]) -> Vec<Choice> {
    table.iter().map(|row| Choice::new(row.code, text(lang, row.label))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<T: Copy + PartialEq + core::fmt::Debug>(table: &'static [Coded<T>], all: &[T], short: bool) {
        for &value in all {
            assert_eq!(row(table, value).value, value, "{value:?} has a row");
            assert_eq!(from_code(table, code(table, value)), Some(value));
            if short {
                assert_eq!(from_short(table, row(table, value).short), Some(value));
            }
        }
        assert_eq!(table.len(), all.len());
    }

    #[test]
    fn every_variant_has_a_row_and_codes_round_trip() {
        use HeadroomMethod as H;
        round_trips(&HEADROOM, &[H::NormalApprox, H::ExactPoisson, H::ErlangC], true);
        round_trips(&INTERPOLATION, &[Interpolation::Linear, Interpolation::MonotoneLog2], true);
        round_trips(&LIMIT, &[Limit::Speed, Limit::KvCache, Limit::Prefill], false);
        use TeamHeadroom as T;
        round_trips(&TEAM_HEADROOM, &[T::NormalApprox, T::ExactPoisson, T::ErlangC, T::FinitePopulation], true);
        round_trips(&TEAM_LIMIT, &[TeamLimit::Speed, TeamLimit::Kv, TeamLimit::Prefill, TeamLimit::Ttft], false);
        round_trips(&THEME, &[Theme::Auto, Theme::Light, Theme::Dark], false);
        assert_eq!(from_code(&HEADROOM, "erlang"), None);
        assert_eq!(from_short(&LIMIT, ""), None);
        assert_eq!(from_code(&INTERPOLATION, ""), None);
    }
}
