//! The "Your team" section's texts (issue 15), EN and DE: labels, the verdict sentence that
//! leads the section, and the show-your-work steps of a team plan. Every verdict names the
//! hardware it covers (Sparks, or the run's own hardware when it is not a Spark).

use sizer_core::{TeamError, TeamLimit};
use sizer_data::PlanRow;

use super::{Lang, format_integer, format_number};
use crate::codes::{self, TEAM_LIMIT};

/// A fixed text of the team section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamText {
    Heading,
    PeopleLabel,
    AgentsLabel,
    CeilingLabel,
    CeilingOff,
    UncertaintyLabel,
    HeadroomLabel,
    RankingHeading,
    ColRun,
    ColPeople,
    ColSparks,
    ColBinding,
    ColTtft,
    ColRange,
    ColDate,
    ColSource,
    Never,
    Chosen,
}

/// The text of `msg` in `lang`.
pub fn team_text(lang: Lang, msg: TeamText) -> &'static str {
    use TeamText as T;
    match (lang, msg) {
        (Lang::En, T::Heading) => "Your team",
        (Lang::De, T::Heading) => "Euer Team",
        (Lang::En, T::PeopleLabel) => "People with the usage above",
        (Lang::De, T::PeopleLabel) => "Personen mit der Nutzung oben",
        (Lang::En, T::AgentsLabel) => "People running coding agents (each holds a stream)",
        (Lang::De, T::AgentsLabel) => "Personen mit Coding-Agenten (je ein Strom)",
        (Lang::En, T::CeilingLabel) => "p99 time-to-first-token ceiling, s",
        (Lang::De, T::CeilingLabel) => "Obergrenze p99-Zeit bis zum ersten Token, s",
        (Lang::En, T::CeilingOff) => "empty: off",
        (Lang::De, T::CeilingOff) => "leer: aus",
        (Lang::En, T::UncertaintyLabel) => "Uncertainty of the measured speeds, %",
        (Lang::De, T::UncertaintyLabel) => "Unsicherheit der gemessenen Geschwindigkeiten, %",
        (Lang::En, T::HeadroomLabel) => "Headroom for the team",
        (Lang::De, T::HeadroomLabel) => "Reserve für das Team",
        (Lang::En, T::RankingHeading) => "Every run for your team",
        (Lang::De, T::RankingHeading) => "Alle Messreihen für euer Team",
        (Lang::En, T::ColRun) => "Run",
        (Lang::De, T::ColRun) => "Messreihe",
        (Lang::En, T::ColPeople) => "People per Spark",
        (Lang::De, T::ColPeople) => "Personen pro Spark",
        (Lang::En, T::ColSparks) => "Sparks needed",
        (Lang::De, T::ColSparks) => "Sparks nötig",
        (Lang::En, T::ColBinding) => "Binding limit",
        (Lang::De, T::ColBinding) => "Bindende Grenze",
        (Lang::En, T::ColTtft) => "p99 TTFT near the load",
        (Lang::De, T::ColTtft) => "p99-TTFT nahe der Last",
        (Lang::En, T::ColRange) => "People, speeds ± u",
        (Lang::De, T::ColRange) => "Personen, Geschwindigkeit ± u",
        (Lang::En, T::ColDate) => "Date",
        (Lang::De, T::ColDate) => "Datum",
        (Lang::En, T::ColSource) => "Source",
        (Lang::De, T::ColSource) => "Quelle",
        (Lang::En, T::Never) => "never",
        (Lang::De, T::Never) => "nie",
        (Lang::En, T::Chosen) => "chosen run",
        (Lang::De, T::Chosen) => "gewählte Messreihe",
    }
}

/// The verdict for the chosen run's row: how many Sparks serve `people`, or what no number of
/// them can do.
pub fn verdict(lang: Lang, row: &PlanRow<'_>, people: u64, floor_tok_s: f64) -> String {
    let n = format_integer(lang, people);
    let per = row.people_per_spark.or(row.people_per_system).map(|p| format_integer(lang, p)).unwrap_or_default();
    let label = row.label;
    match (row.sparks_needed, row.systems_needed) {
        (Some(1), _) => match lang {
            Lang::En => format!("One Spark serves your {n} people with {label} (room for {per})."),
            Lang::De => format!("Ein Spark bedient eure {n} Personen mit {label} (Platz für {per})."),
        },
        (Some(k), _) => {
            let k = format_integer(lang, k);
            match lang {
                Lang::En => format!("{k} Sparks serve your {n} people with {label} ({per} per Spark)."),
                Lang::De => format!("{k} Sparks bedienen eure {n} Personen mit {label} ({per} pro Spark)."),
            }
        }
        (None, Some(k)) => {
            let (k, hw) = (format_integer(lang, k), row.hardware);
            match lang {
                Lang::En => format!("{k} × {hw} serve your {n} people with {label} ({per} per system; not a Spark)."),
                Lang::De => {
                    format!("{k} × {hw} bedienen eure {n} Personen mit {label} ({per} pro System; kein Spark).")
                }
            }
        }
        (None, None) => unserved(lang, row, floor_tok_s),
    }
}

/// Why no number of systems serves the team.
fn unserved(lang: Lang, row: &PlanRow<'_>, floor_tok_s: f64) -> String {
    let (label, hw) = (row.label, row.hardware);
    match row.unserved_by {
        Some(TeamLimit::Speed) => {
            let floor = format_number(lang, floor_tok_s, if floor_tok_s.fract() == 0.0 { 0 } else { 1 });
            match lang {
                Lang::En => format!("{label} cannot give one person {floor} tok/s on {hw}."),
                Lang::De => format!("{label} schafft auf {hw} für eine Person keine {floor} tok/s."),
            }
        }
        Some(limit) => {
            let limit = codes::label(lang, &TEAM_LIMIT, limit);
            match lang {
                Lang::En => {
                    format!("{label} cannot serve your team on {hw}: {limit} binds even for one person per group.")
                }
                Lang::De => format!(
                    "{label} bedient euer Team auf {hw} nicht: {limit} bindet schon bei einer Person je Gruppe."
                ),
            }
        }
        None => {
            let note = row.note.as_deref().unwrap_or("");
            match lang {
                Lang::En => format!("{label} on {hw} cannot be planned: {note}."),
                Lang::De => format!("{label} auf {hw} lässt sich nicht planen: {note}."),
            }
        }
    }
}

/// Why the team cannot be built, in one sentence.
pub fn team_error(lang: Lang, error: &TeamError) -> String {
    match (lang, error) {
        (Lang::En, TeamError::NoPeople) => "Enter at least one person to plan a team.".into(),
        (Lang::De, TeamError::NoPeople) => "Mindestens eine Person eingeben, um ein Team zu planen.".into(),
        (Lang::En, other) => format!("The team cannot be planned: {other}."),
        (Lang::De, other) => format!("Das Team lässt sich nicht planen: {other}."),
    }
}
