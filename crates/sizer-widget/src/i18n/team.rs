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
    WorkHeading,
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
        (Lang::En, T::ColRange) => "People per system, speeds ± u",
        (Lang::De, T::ColRange) => "Personen pro System, Geschwindigkeit ± u",
        (Lang::En, T::ColDate) => "Date",
        (Lang::De, T::ColDate) => "Datum",
        (Lang::En, T::ColSource) => "Source",
        (Lang::De, T::ColSource) => "Quelle",
        (Lang::En, T::Never) => "never",
        (Lang::De, T::Never) => "nie",
        (Lang::En, T::WorkHeading) => "Show your work: the chosen run for your team",
        (Lang::De, T::WorkHeading) => "Rechenweg: die gewählte Messreihe für euer Team",
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

/// The show-your-work steps of a team plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamStep {
    Load,
    Limits,
    Systems,
    Band,
}

/// A step's title.
pub fn step_title(lang: Lang, step: TeamStep) -> &'static str {
    match (lang, step) {
        (Lang::En, TeamStep::Load) => "Your team's load",
        (Lang::De, TeamStep::Load) => "Last eures Teams",
        (Lang::En, TeamStep::Limits) => "People by each limit",
        (Lang::De, TeamStep::Limits) => "Personen je Grenze",
        (Lang::En, TeamStep::Systems) => "Sparks for the team",
        (Lang::De, TeamStep::Systems) => "Sparks für das Team",
        (Lang::En, TeamStep::Band) => "Uncertainty band",
        (Lang::De, TeamStep::Band) => "Unsicherheitsband",
    }
}

/// A step's formula.
pub fn step_formula(lang: Lang, step: TeamStep) -> &'static str {
    match (lang, step) {
        (Lang::En, TeamStep::Load) => {
            "duty = (answer / floor + TTFT) / interval; an agent holds a stream; load = agents + Σ count × duty"
        }
        (Lang::De, TeamStep::Load) => {
            "Auslastung = (Antwort / Untergrenze + TTFT) / Intervall; ein Agent hält einen Strom; Last = Agenten + Σ Anzahl × Auslastung"
        }
        (Lang::En, TeamStep::Limits) => "people per system = ⌊min(by speed, by KV, by prefill, by p99 TTFT)⌋",
        (Lang::De, TeamStep::Limits) => "Personen pro System = ⌊min(nach Geschwindigkeit, KV, Prefill, p99-TTFT)⌋",
        (Lang::En, TeamStep::Systems) => "K = fewest systems where ⌈count / K⌉ of every group fits; Sparks = K × nodes",
        (Lang::De, TeamStep::Systems) => {
            "K = kleinste Zahl Systeme, in die ⌈Anzahl / K⌉ jeder Gruppe passt; Sparks = K × Knoten"
        }
        (Lang::En, TeamStep::Band) => "plan again with speeds × (1 − u) and × (1 + u)",
        (Lang::De, TeamStep::Band) => "erneut planen mit Geschwindigkeiten × (1 − u) und × (1 + u)",
    }
}

/// Small words of the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamWord {
    People,
    Agents,
    Duties,
    OnAverage,
    AtPercentile,
    Streams,
    PerSystem,
    Binds,
    NodesPerSystem,
    StreamsBusy,
    NoneServes,
    BindingChanges,
    BindingSame,
    Ceiling,
}

/// A small word of the steps.
pub fn word(lang: Lang, word: TeamWord) -> &'static str {
    use TeamWord as W;
    match (lang, word) {
        (Lang::En, W::People) => "people",
        (Lang::De, W::People) => "Personen",
        (Lang::En, W::Agents) => "agents",
        (Lang::De, W::Agents) => "Agenten",
        (Lang::En, W::Duties) => "duties",
        (Lang::De, W::Duties) => "Auslastungen",
        (Lang::En, W::OnAverage) => "streams on average",
        (Lang::De, W::OnAverage) => "Ströme im Mittel",
        (Lang::En, W::AtPercentile) => "at the percentile, per system",
        (Lang::De, W::AtPercentile) => "beim Perzentil, pro System",
        (Lang::En, W::Streams) => "streams",
        (Lang::De, W::Streams) => "Ströme",
        (Lang::En, W::PerSystem) => "per system",
        (Lang::De, W::PerSystem) => "pro System",
        (Lang::En, W::Binds) => "binds",
        (Lang::De, W::Binds) => "bindet",
        (Lang::En, W::NodesPerSystem) => "Sparks per system",
        (Lang::De, W::NodesPerSystem) => "Sparks pro System",
        (Lang::En, W::StreamsBusy) => "of the streams busy on average",
        (Lang::De, W::StreamsBusy) => "der Ströme im Mittel belegt",
        (Lang::En, W::NoneServes) => "no number of systems serves the team",
        (Lang::De, W::NoneServes) => "keine Zahl von Systemen bedient das Team",
        (Lang::En, W::BindingChanges) => "the binding limit changes inside the band",
        (Lang::De, W::BindingChanges) => "die bindende Grenze wechselt im Band",
        (Lang::En, W::BindingSame) => "the binding limit stays the same",
        (Lang::De, W::BindingSame) => "die bindende Grenze bleibt gleich",
        (Lang::En, W::Ceiling) => "ceiling",
        (Lang::De, W::Ceiling) => "Obergrenze",
    }
}
