//! Where each speed basis comes from in each format: one row per (basis, format) holding the key
//! of the file the figure is read from and the formula shown for it. A format's own rows are in
//! its registry entry (`registry.rs`); a basis it has no row for is described in words here. The formula is written from
//! the row's own key (`inverse!`, `over!`, `as_given!`), so the key a parser reads (SGLang and
//! vLLM JSON look theirs up here), the key a "missing" message names and the formula in a run's
//! note cannot disagree.

use crate::formats::{Format, registry};
use sizer_data::CurveBasis;

/// The key a basis is read from, as the format spells it, and the formula that turns it into
/// per-request tok/s, in the same key names; with the formula's parts as values, so the page can
/// write it in its reader's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BasisSource {
    /// The key (JSON key, column or console label) the figure is read from.
    pub key: &'static str,
    /// The formula shown for it, naming `key`: `"1000 / median_itl_ms"`.
    pub formula: &'static str,
    /// How the formula reads `key`.
    pub shape: FormulaShape,
    /// The statistic the tool keeps under `key`, where it keeps several.
    pub statistic: Option<Statistic>,
    /// `key` is a description in English words (a format without key names of its own), not
    /// a name in the file.
    pub in_words: bool,
}

/// How a formula reads its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormulaShape {
    /// A time per token in ms: `1000 / key`.
    Inverse,
    /// An aggregate over all requests: `key / per`, `per` the concurrency's key.
    Over { per: &'static str },
    /// A per-request speed, used as it stands.
    AsGiven,
}

/// A tool's statistic over the requests of one concurrency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Statistic {
    Median,
    Mean,
    /// AIPerf's `avg`, as the tool names it.
    Avg,
}

/// A time per token in ms: per-request speed is `1000 / key`, with the tool's statistic when the
/// key holds several.
macro_rules! inverse {
    ($key:literal) => {
        BasisSource {
            key: $key,
            formula: concat!("1000 / ", $key),
            shape: FormulaShape::Inverse,
            statistic: None,
            in_words: false,
        }
    };
    ($key:literal, $statistic:ident, $word:literal) => {
        BasisSource {
            key: $key,
            formula: concat!("1000 / ", $key, " (", $word, ")"),
            shape: FormulaShape::Inverse,
            statistic: Some(Statistic::$statistic),
            in_words: false,
        }
    };
}

/// An aggregate over all requests: per-request speed is `key / per` (the concurrency's key).
macro_rules! over {
    ($key:literal, $per:literal) => {
        BasisSource {
            key: $key,
            formula: concat!($key, " / ", $per),
            shape: FormulaShape::Over { per: $per },
            statistic: None,
            in_words: false,
        }
    };
}

/// A per-request speed the tool publishes, used as it stands.
macro_rules! as_given {
    ($key:literal) => {
        BasisSource {
            key: $key,
            formula: concat!($key, " as given"),
            shape: FormulaShape::AsGiven,
            statistic: None,
            in_words: false,
        }
    };
    ($key:literal, $statistic:ident, $word:literal) => {
        BasisSource {
            key: $key,
            formula: concat!($key, " (", $word, ")"),
            shape: FormulaShape::AsGiven,
            statistic: Some(Statistic::$statistic),
            in_words: false,
        }
    };
}

/// A row whose key is a description in words.
const fn in_words(source: BasisSource) -> BasisSource {
    BasisSource { in_words: true, ..source }
}

/// The row for `basis` in `format`: the format's own row from its registry entry, else a
/// description in words (`median TPOT (ms)`) for formats without key names of their own (CSV,
/// two columns); the widget translates those words.
pub fn basis_source(basis: CurveBasis, format: Format) -> BasisSource {
    let own = registry::entry(format).sources.iter().find(|(row, _)| *row == basis);
    own.map_or_else(|| in_words_row(basis), |(_, source)| *source)
}

/// The row in words for a basis the format names no key for.
fn in_words_row(basis: CurveBasis) -> BasisSource {
    match basis {
        CurveBasis::MedianTpot => in_words(inverse!("median TPOT (ms)")),
        CurveBasis::MeanTpot => in_words(inverse!("mean TPOT (ms)")),
        CurveBasis::AggregateOverConcurrency => in_words(over!("aggregate generated tok/s", "concurrency")),
        CurveBasis::PerRequest => in_words(as_given!("per-request tok/s")),
        CurveBasis::InterTokenLatency => in_words(inverse!("inter-token latency (ms)")),
    }
}

/// The formula behind `basis` for a given format, in the tool's own key names (the one enum for
/// which figure a curve uses is the data crate's [`CurveBasis`]; this says which of the file's
/// keys it was read from): [`basis_source`]'s formula.
pub fn formula(basis: CurveBasis, format: Format) -> &'static str {
    basis_source(basis, format).formula
}

/// The key `basis` is read from in `format`: [`basis_source`]'s key.
pub(crate) fn key(basis: CurveBasis, format: Format) -> &'static str {
    basis_source(basis, format).key
}
