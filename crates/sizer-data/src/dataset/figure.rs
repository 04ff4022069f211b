//! One published or derived number, and where it came from.
//!
//! JSON form, kept compact because the data files are written by hand:
//! - a bare number is a figure the source **published**: `80.9`;
//! - an object marks anything else: `{"v": 35.2, "derived": "article"}` (the article's own
//!   arithmetic, e.g. aggregate / users), `{"v": 8.19, "derived": "us"}` (this dataset's
//!   arithmetic), `{"v": 155, "about": true}` (the source says "about"),
//!   `{"v": 4.85, "about": true, "range": [4.8, 5]}` (the source gives a span), and
//!   `{"v": 15.29, "sd": 0.18}` (the source prints a spread beside it: `15.29 ± 0.18`).

use core::fmt;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Who produced a figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FigureOrigin {
    /// Printed by the source (or quoted from it by the article).
    #[default]
    Published,
    /// Computed by the article from published figures (e.g. Petronella aggregate / users).
    DerivedByArticle,
    /// Computed by this dataset (e.g. llama.cpp S_TG / B); never shown as the article's.
    DerivedByUs,
}

/// Who derived a non-published figure, as spelled in JSON (`"derived": "article" | "us"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum DerivedBy {
    Article,
    Us,
}

/// A number with its provenance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    /// The value, in the unit of the field that holds it.
    pub value: f64,
    /// Published, or derived by the article or by us.
    pub origin: FigureOrigin,
    /// The source qualifies it with "about", "~", "etwa", "rund".
    pub approximate: bool,
    /// A stated span (low, high), e.g. "about 4.8 to 5 tok/s"; `value` lies inside it.
    pub range: Option<(f64, f64)>,
    /// The spread the source prints beside the figure (llama-benchy's `± x`: the standard
    /// deviation over its repeated runs), in the figure's unit.
    pub spread: Option<f64>,
}

impl Figure {
    /// A figure exactly as the source printed it.
    pub fn published(value: f64) -> Figure {
        Figure { value, origin: FigureOrigin::Published, approximate: false, range: None, spread: None }
    }

    /// A published figure with the spread the source prints beside it.
    pub fn with_spread(value: f64, spread: f64) -> Figure {
        Figure { spread: Some(spread), ..Figure::published(value) }
    }

    /// A figure computed by the article from its published figures.
    pub fn derived_by_article(value: f64) -> Figure {
        Figure { origin: FigureOrigin::DerivedByArticle, ..Figure::published(value) }
    }

    /// A figure computed by this dataset (or an importer) from published figures.
    pub fn derived_by_us(value: f64) -> Figure {
        Figure { origin: FigureOrigin::DerivedByUs, ..Figure::published(value) }
    }

    /// True when the source printed this number itself.
    pub fn is_published(&self) -> bool {
        self.origin == FigureOrigin::Published
    }
}

/// The object form of a figure.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FigureObject {
    v: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    derived: Option<DerivedBy>,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    about: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    range: Option<(f64, f64)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sd: Option<f64>,
}

impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let derived = match self.origin {
            FigureOrigin::Published => None,
            FigureOrigin::DerivedByArticle => Some(DerivedBy::Article),
            FigureOrigin::DerivedByUs => Some(DerivedBy::Us),
        };
        if derived.is_none() && !self.approximate && self.range.is_none() && self.spread.is_none() {
            return serializer.serialize_f64(self.value);
        }
        let (v, about, range, sd) = (self.value, self.approximate, self.range, self.spread);
        FigureObject { v, derived, about, range, sd }.serialize(serializer)
    }
}

struct FigureVisitor;

impl<'de> Visitor<'de> for FigureVisitor {
    type Value = Figure;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(r#"a number, or {"v": number, "derived"?: "article"|"us", "about"?: bool, "range"?: [low, high], "sd"?: number}"#)
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Figure, E> {
        Ok(Figure::published(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Figure, E> {
        // Exact for every count a benchmark prints (below 2^53).
        Ok(Figure::published(value as f64))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Figure, E> {
        Ok(Figure::published(value as f64))
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Figure, M::Error> {
        let object = FigureObject::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(Figure {
            value: object.v,
            origin: match object.derived {
                None => FigureOrigin::Published,
                Some(DerivedBy::Article) => FigureOrigin::DerivedByArticle,
                Some(DerivedBy::Us) => FigureOrigin::DerivedByUs,
            },
            approximate: object.about,
            range: object.range,
            spread: object.sd,
        })
    }
}

impl<'de> Deserialize<'de> for Figure {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Figure, D::Error> {
        deserializer.deserialize_any(FigureVisitor)
    }
}

/// A token count in a workload: exact (`512`), approximate (`{"about": 1500}`) or an upper
/// bound (`{"up_to": 400}`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TokenCount {
    /// As stated: "512 tokens in".
    Exact(f64),
    /// Qualified by the source: "about 1,500".
    About {
        /// The approximate count.
        about: f64,
    },
    /// A cap: "up to 400 out".
    UpTo {
        /// The cap.
        up_to: f64,
    },
}

impl TokenCount {
    /// The number, whatever the qualifier.
    pub fn value(&self) -> f64 {
        match *self {
            TokenCount::Exact(v) | TokenCount::About { about: v } | TokenCount::UpTo { up_to: v } => v,
        }
    }
}
