//! Text of the provenance marks in English and German: the articles' advice,
//! a claim's status, which date a run carries, descriptive titles, unverified entries, and points
//! with their own workload or source. Same scheme as `tables.rs`: a key enum, one `match` per
//! language, small functions for sentences with values in them.

use sizer_data::Unit;

use super::Lang;

/// The key of every fixed provenance text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProvenanceMsg {
    AdviceHeading,
    AdviceGeneral,
    AdviceSource,
    AdviceWording,
    StatusReproduced,
    StatusNotReproducible,
    StatusNotCheckable,
    DatePublished,
    DateRun,
    TitleIsDescription,
    Unverified,
    DateFrom,
    OtherClaims,
}

/// The fixed text for `msg` in `lang`.
pub fn provenance_text(lang: Lang, msg: ProvenanceMsg) -> &'static str {
    use ProvenanceMsg as M;
    match lang {
        Lang::En => match msg {
            M::AdviceHeading => "Advice from the articles for this sizing",
            M::AdviceGeneral => "Sharing one unit (applies whatever the sizing)",
            M::AdviceSource => "Source",
            M::AdviceWording => "In the article's words",
            M::StatusReproduced => "reproduced",
            M::StatusNotReproducible => "not reproducible",
            M::StatusNotCheckable => "not checkable",
            M::DatePublished => "published",
            M::DateRun => "run date",
            M::TitleIsDescription => "title is our description",
            M::Unverified => "unverified",
            M::DateFrom => "date read from",
            M::OtherClaims => "The articles' other claims about this run",
        },
        Lang::De => match msg {
            M::AdviceHeading => "Empfehlungen der Artikel für diese Auslegung",
            M::AdviceGeneral => "Ein Gerät teilen (gilt für jede Auslegung)",
            M::AdviceSource => "Quelle",
            M::AdviceWording => "Im Wortlaut des Artikels",
            M::StatusReproduced => "nachgerechnet",
            M::StatusNotReproducible => "nicht nachvollziehbar",
            M::StatusNotCheckable => "nicht prüfbar",
            M::DatePublished => "veröffentlicht",
            M::DateRun => "Messdatum",
            M::TitleIsDescription => "Titel ist unsere Beschreibung",
            M::Unverified => "ungeprüft",
            M::DateFrom => "Datum gelesen bei",
            M::OtherClaims => "Weitere Aussagen der Artikel zu diesem Lauf",
        },
    }
}

/// The note on a point measured with its own workload: "this point: 128 tokens in, 512 out".
pub fn point_workload(lang: Lang, load: &str) -> String {
    match lang {
        Lang::En => format!("this point: {load}, not the run's workload"),
        Lang::De => format!("dieser Punkt: {load}, nicht die Last des Laufs"),
    }
}

/// The note on a point whose source is not the run's: "from kubis.ai".
pub fn point_source(lang: Lang, publisher: &str) -> String {
    match lang {
        Lang::En => format!("from {publisher}"),
        Lang::De => format!("aus {publisher}"),
    }
}

/// A chart legend line for the points of a run measured with another workload.
pub fn legend_point_workloads(lang: Lang, concurrencies: &str, load: &str) -> String {
    match lang {
        Lang::En => format!("concurrency {concurrencies}: {load} (not the run's workload)"),
        Lang::De => format!("Parallelität {concurrencies}: {load} (nicht die Last des Laufs)"),
    }
}

/// A chart legend line for the points of a run taken from another source.
pub fn legend_point_sources(lang: Lang, concurrencies: &str, publisher: &str) -> String {
    match lang {
        Lang::En => format!("concurrency {concurrencies}: from {publisher}"),
        Lang::De => format!("Parallelität {concurrencies}: aus {publisher}"),
    }
}

/// The figures beside a claim's words: "stated 81.2, ours 81.3" (ours only where there is one).
pub fn claim_figures(lang: Lang, stated: &str, ours: Option<&str>) -> String {
    match (lang, ours) {
        (Lang::En, Some(ours)) => format!("stated {stated}, ours {ours}"),
        (Lang::En, None) => format!("stated {stated}"),
        (Lang::De, Some(ours)) => format!("genannt {stated}, unsere {ours}"),
        (Lang::De, None) => format!("genannt {stated}"),
    }
}

/// A claim's figure with its unit, joined by a no-break space so "2,7 s" never breaks
/// between number and unit.
pub fn with_unit(number: String, unit: &str) -> String {
    if unit.is_empty() { number } else { [number.as_str(), "\u{a0}", unit].concat() }
}

/// The unit after a claim's figure ("" for a fraction).
pub fn unit_name(lang: Lang, unit: Unit) -> &'static str {
    match (lang, unit) {
        (Lang::En, Unit::TokS) => "tok/s",
        (Lang::De, Unit::TokS) => "Token/s",
        (Lang::En, Unit::Tokens) => "tokens",
        (Lang::De, Unit::Tokens) => "Token",
        (_, Unit::Gb) => "GB",
        (_, Unit::GbS) => "GB/s",
        (Lang::En, Unit::BillionParams) => "billion parameters",
        (Lang::De, Unit::BillionParams) => "Mrd. Parameter",
        (Lang::En, Unit::Requests) => "requests",
        (Lang::De, Unit::Requests) => "Anfragen",
        (Lang::En, Unit::Users) => "people",
        (Lang::De, Unit::Users) => "Personen",
        (Lang::En, Unit::Sessions) => "sessions",
        (Lang::De, Unit::Sessions) => "Sitzungen",
        (_, Unit::Fraction) => "",
        (_, Unit::Percent) => "%",
        (_, Unit::Seconds) => "s",
        (Lang::En, Unit::Times) => "times",
        (Lang::De, Unit::Times) => "×",
    }
}
