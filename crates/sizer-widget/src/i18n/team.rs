//! The "Your team" section's texts, EN and DE: labels, the verdict sentence that
//! leads the section, and the show-your-work steps of a team plan. Every verdict names the
//! hardware it covers (Sparks, or the run's own hardware when it is not a Spark).

use sizer_core::team::{MAX_GROUP_PEOPLE, MAX_GROUPS, MAX_UNCERTAINTY};
use sizer_core::{ScenarioError, StreamsAtFloor, TeamError, TeamField, TeamLimit};
use sizer_data::{PlanNote, PlanRow, Recommendation, Topology};

use super::{Lang, format_integer, format_number, format_setting};
use crate::i18n::codes::{self, TEAM_LIMIT};

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
        (Lang::De, T::Heading) => "Ihr Team",
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
        (Lang::De, T::RankingHeading) => "Alle Läufe für Ihr Team",
        (Lang::En, T::ColRun) => "Run",
        (Lang::De, T::ColRun) => "Lauf",
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
        (Lang::De, T::WorkHeading) => "Rechenweg: der gewählte Lauf für Ihr Team",
    }
}

/// The verdict for the chosen run's row: how many Sparks serve `people`, or what no number of
/// them can do.
pub fn verdict(lang: Lang, row: &PlanRow<'_>, people: u64, floor_tok_s: f64) -> String {
    let sizing = sizing_verdict(lang, row, people, floor_tok_s);
    match unchecked_caveat(lang, row) {
        Some(caveat) => [sizing.as_str(), " ", caveat.as_str()].concat(),
        None => sizing,
    }
}

/// [`verdict`] without its caveat.
fn sizing_verdict(lang: Lang, row: &PlanRow<'_>, people: u64, floor_tok_s: f64) -> String {
    let n = format_integer(lang, people);
    let per = row.people_per_spark.or(row.people_per_system).map(|p| format_integer(lang, p)).unwrap_or_default();
    let label = row_label(lang, row);
    if let (true, Some(k)) = (row.people_at_least(), row.sparks_needed.filter(|k| *k > 1)) {
        return lower_bound_verdict(lang, row, &n, &per, &label, k);
    }
    match (row.sparks_needed, row.systems_needed) {
        (Some(1), _) => match lang {
            Lang::En => format!("One Spark serves your {n} people with {label} (room for {per})."),
            Lang::De => format!("Ein Spark bedient Ihre {n} Personen mit {label} (Platz für {per})."),
        },
        (Some(k), _) => {
            let k = format_integer(lang, k);
            match lang {
                Lang::En => format!("{k} Sparks serve your {n} people with {label} ({per} per Spark)."),
                Lang::De => format!("{k} Sparks bedienen Ihre {n} Personen mit {label} ({per} pro Spark)."),
            }
        }
        (None, Some(k)) => {
            let systems = systems_cell(lang, k, row.stated_hardware());
            match (lang, row.stated_hardware().is_some()) {
                (Lang::En, true) => {
                    format!("{systems} serve your {n} people with {label} ({per} per system; not a Spark).")
                }
                (Lang::En, false) => {
                    format!("{systems} (hardware not stated) serve your {n} people with {label} ({per} per system).")
                }
                (Lang::De, true) => {
                    format!("{systems} bedienen Ihre {n} Personen mit {label} ({per} pro System; kein Spark).")
                }
                (Lang::De, false) => format!(
                    "{systems} (Hardware nicht genannt) bedienen Ihre {n} Personen mit {label} ({per} pro System)."
                ),
            }
        }
        (None, None) => unserved(lang, row, floor_tok_s),
    }
}

/// The limits in `limits`, named and joined: "prefill", "KV cache and prefill",
/// "KV-Cache und Prefill".
pub fn limit_list(lang: Lang, limits: &[TeamLimit]) -> String {
    let names: Vec<&str> = limits.iter().map(|limit| codes::label(lang, &TEAM_LIMIT, *limit)).collect();
    let and = match lang {
        Lang::En => " and ",
        Lang::De => " und ",
    };
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => [rest.join(", ").as_str(), and, last].concat(),
    }
}

/// A row whose per-user speed was read from its run's engine (fitted to its closed-loop files)
/// rather than measured at the planned load, in words for its cell.
pub fn engine_speed_cell(lang: Lang, row: &PlanRow<'_>) -> Option<&'static str> {
    let engine = row.checks.speed == sizer_data::LimitCheck::Estimated(sizer_data::Estimate::RunEngine);
    engine.then_some(match lang {
        Lang::En => "speed predicted by the run's engine",
        Lang::De => "Tempo von der Engine des Laufs vorhergesagt",
    })
}

/// A row's limits that its data could not check, in words for its cell: "not checked: prefill".
pub fn unchecked_cell(lang: Lang, row: &PlanRow<'_>) -> Option<String> {
    if row.unchecked.is_empty() || row.plan.is_none() {
        return None;
    }
    let limits = limit_list(lang, &row.unchecked);
    Some(match lang {
        Lang::En => format!("not checked: {limits}"),
        Lang::De => format!("nicht geprüft: {limits}"),
    })
}

/// The sentence a chosen run's verdict ends with when it could not check a limit the team
/// needs: its people assume that limit does not bind.
pub fn unchecked_caveat(lang: Lang, row: &PlanRow<'_>) -> Option<String> {
    if row.unchecked.is_empty() || row.systems_needed.is_none() {
        return None;
    }
    let limits = limit_list(lang, &row.unchecked);
    Some(match lang {
        Lang::En => format!(
            "Not checked for this run: {limits}. Nobody measured or estimated it, so it may bind before this and more may be needed."
        ),
        Lang::De => format!(
            "Für diesen Lauf nicht geprüft: {limits}. Niemand hat es gemessen oder geschätzt; es kann vorher binden, dann braucht es mehr."
        ),
    })
}

/// The team's head count in all, beside its two fields (they add up: the people with the
/// usage above and the people running agents are two groups).
pub fn team_total(lang: Lang, chatting: u64, agents: u64) -> String {
    let total = format_integer(lang, chatting.saturating_add(agents));
    let (people, agent_count) = (format_integer(lang, chatting), format_integer(lang, agents));
    match (lang, agents) {
        (Lang::En, 0) => format!("{total} people in all, every one with the usage above."),
        (Lang::En, _) => format!(
            "{total} people in all: {people} with the usage above and {agent_count} running coding agents (the fields add up)."
        ),
        (Lang::De, 0) => format!("{total} Personen insgesamt, alle mit der Nutzung oben."),
        (Lang::De, _) => format!(
            "{total} Personen insgesamt: {people} mit der Nutzung oben und {agent_count} mit Coding-Agenten (die Felder werden addiert)."
        ),
    }
}

/// The team a recommendation is for: people with the form's usage, agents, the p99 TTFT
/// ceiling (`None`: off).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TeamWords {
    pub chatting: u64,
    pub agents: u64,
    pub ceiling_s: Option<f64>,
}

/// "30 people and 10 coding agents under a 3 s p99 TTFT".
fn team_words(lang: Lang, team: &TeamWords) -> String {
    let (people, agents) = (format_integer(lang, team.chatting), format_integer(lang, team.agents));
    let mut out = match (lang, team.agents) {
        (Lang::En, 0) => format!("{people} people"),
        (Lang::En, 1) => format!("{people} people and 1 coding agent"),
        (Lang::En, _) => format!("{people} people and {agents} coding agents"),
        (Lang::De, 0) => format!("{people} Personen"),
        (Lang::De, 1) => format!("{people} Personen und 1 Coding-Agenten"),
        (Lang::De, _) => format!("{people} Personen und {agents} Coding-Agenten"),
    };
    if let Some(ceiling) = team.ceiling_s {
        let ceiling = format_setting(lang, ceiling);
        out.push_str(&match lang {
            Lang::En => format!(" under a {ceiling}\u{a0}s p99 TTFT"),
            Lang::De => format!(" unter {ceiling}\u{a0}s p99-TTFT"),
        });
    }
    out
}

/// The ranking's answer in one line, above the table: the run it recommends, its Sparks (or
/// systems) and binding limit, and how many runs could not check a limit the team needs.
pub fn recommendation(lang: Lang, rec: &Recommendation<'_, '_>, team: &TeamWords) -> String {
    let n = team_words(lang, team);
    // Where speed still held at the most requests measured, the Sparks are an upper bound.
    let at_most = |row: &PlanRow<'_>| match (lang, row.people_at_least()) {
        (_, false) => "",
        (Lang::En, true) => "at most ",
        (Lang::De, true) => "höchstens ",
    };
    let count = |row: &PlanRow<'_>| match (row.sparks_needed, row.systems_needed) {
        (Some(1), _) => "1 Spark".to_owned(),
        (Some(k), _) => [at_most(row), format_integer(lang, k).as_str(), " Sparks"].concat(),
        (None, Some(k)) => systems_cell(lang, k, row.stated_hardware()),
        (None, None) => String::new(),
    };
    let binding = |row: &PlanRow<'_>| row.binding.map_or("", |b| codes::label(lang, &TEAM_LIMIT, b));
    let lead = match (rec.checked, rec.unchecked_first) {
        (Some(row), _) => {
            let (k, label, by) = (count(row), row_label(lang, row), binding(row));
            match lang {
                Lang::En => format!(
                    "For {n}: {k} with {label}, limited by {by}, the first run that checked every limit your team needs."
                ),
                Lang::De => format!(
                    "Für {n}: {k} mit {label}, begrenzt durch {by}; der erste Lauf, der jede Grenze dieses Teams geprüft hat."
                ),
            }
        }
        (None, Some(row)) => {
            let (k, label, limits) = (count(row), row_label(lang, row), limit_list(lang, &row.unchecked));
            match lang {
                Lang::En => format!(
                    "For {n}, no run checked every limit your team needs. The first, {label}, gives {k} without checking {limits}: at least that many."
                ),
                Lang::De => format!(
                    "Für {n} hat kein Lauf jede Grenze dieses Teams geprüft. Der erste, {label}, ergibt {k}, ohne {limits} zu prüfen: mindestens so viele."
                ),
            }
        }
        (None, None) => match lang {
            Lang::En => format!("No run serves {n} at this speed."),
            Lang::De => format!("Kein Lauf bedient {n} bei dieser Geschwindigkeit."),
        },
    };
    let unchecked: Vec<String> = rec
        .unchecked_counts
        .iter()
        .filter(|(_, runs)| *runs > 0)
        .map(|(limit, runs)| {
            let limit = codes::label(lang, &TEAM_LIMIT, *limit);
            let runs = format_integer(lang, *runs as u64);
            match lang {
                Lang::En => format!("{runs} for {limit}"),
                Lang::De => format!("{runs} auf {limit}"),
            }
        })
        .collect();
    if unchecked.is_empty() {
        return lead;
    }
    let tail = match lang {
        Lang::En => format!(
            " Runs that could not be checked ({}) are ranked after those that were, whatever their people per Spark.",
            unchecked.join(", ")
        ),
        Lang::De => format!(
            " Läufe, die nicht geprüft werden konnten ({}), stehen hinter den geprüften, gleich wie viele Personen pro Spark sie angeben.",
            unchecked.join(", ")
        ),
    };
    [lead, tail].concat()
}

/// The verdict of a run still above the floor at its last measured concurrency: its people per
/// Spark are a lower bound, so its Sparks are an upper bound, and the sentence says why.
fn lower_bound_verdict(lang: Lang, row: &PlanRow<'_>, n: &str, per: &str, label: &str, sparks: u64) -> String {
    let k = format_integer(lang, sparks);
    let last = match row.plan.as_ref().map(|plan| plan.streams) {
        Some(StreamsAtFloor::AtLeast { last }) => format_number(lang, last.concurrency, 0),
        _ => String::new(),
    };
    match (lang, last.is_empty()) {
        (Lang::En, false) => format!(
            "At most {k} Sparks serve your {n} people with {label} (at least {per} per Spark: not measured beyond {last} concurrent requests)."
        ),
        (Lang::En, true) => {
            format!("At most {k} Sparks serve your {n} people with {label} (at least {per} per Spark).")
        }
        (Lang::De, false) => format!(
            "Höchstens {k} Sparks bedienen Ihre {n} Personen mit {label} (mindestens {per} pro Spark: nicht über {last} gleichzeitige Anfragen hinaus gemessen)."
        ),
        (Lang::De, true) => {
            format!("Höchstens {k} Sparks bedienen Ihre {n} Personen mit {label} (mindestens {per} pro Spark).")
        }
    }
}

/// A ranking cell's people per Spark, "≥ 21" where the curve was not measured far enough to
/// say more, and its Sparks, "≤ 8" then.
pub fn bounded_cell(value: String, people_is_lower_bound: bool, is_people: bool) -> String {
    match (people_is_lower_bound, is_people) {
        (false, _) => value,
        (true, true) => ["≥\u{a0}", &value].concat(),
        (true, false) => ["≤\u{a0}", &value].concat(),
    }
}

/// The people one system serves, where systems are not Sparks: "45 / RTX PRO 6000", or "45 /
/// System" where nobody stated the hardware.
pub fn people_per_system_cell(lang: Lang, people: u64, hardware: Option<&str>) -> String {
    [format_integer(lang, people).as_str(), " / ", hardware.unwrap_or(system_word(lang, true))].concat()
}

/// The systems a team needs, where they are not Sparks: "4 × RTX PRO 6000", or "4 systems"
/// where nobody stated the hardware.
pub fn systems_cell(lang: Lang, systems: u64, hardware: Option<&str>) -> String {
    let count = format_integer(lang, systems);
    match hardware {
        Some(name) => [count.as_str(), " × ", name].concat(),
        None => [count.as_str(), " ", system_word(lang, systems == 1)].concat(),
    }
}

fn system_word(lang: Lang, one: bool) -> &'static str {
    match (lang, one) {
        (Lang::En, true) => "system",
        (Lang::En, false) => "systems",
        (Lang::De, true) => "System",
        (Lang::De, false) => "Systeme",
    }
}

/// Where a row's figures come from: its source's publisher (or id), or "yours" / "eigener" for a
/// person's own run.
pub fn source_cell<'a>(lang: Lang, row: &PlanRow<'a>) -> &'a str {
    match row.origin {
        sizer_data::RunOrigin::Yours => super::import::import_text(lang, super::import::ImportMsg::Yours),
        sizer_data::RunOrigin::Sourced => row.publisher.unwrap_or(row.source),
    }
}

/// A dataset run's name in `lang` (`i18n::labels`); a person's own run keeps the name they gave it
/// (a placeholder, where they gave none, in `lang`).
pub fn row_label(lang: Lang, row: &PlanRow<'_>) -> String {
    match (row.origin, sizer_import::Unnamed::of_label(row.origin, row.label)) {
        (_, Some(unnamed)) => super::labels::unnamed_label(lang, unnamed).to_owned(),
        (sizer_data::RunOrigin::Yours, None) => row.label.to_owned(),
        _ => super::labels::in_lang(lang, row.label, row.label_de).to_owned(),
    }
}

/// Why no number of systems serves the team.
fn unserved(lang: Lang, row: &PlanRow<'_>, floor_tok_s: f64) -> String {
    let (label, hw) = (row_label(lang, row), row.stated_hardware().unwrap_or(super::labels::hardware_not_stated(lang)));
    match row.unserved_by {
        Some(TeamLimit::Speed) => {
            let floor = format_setting(lang, floor_tok_s);
            match lang {
                Lang::En => format!("{label} cannot give one person {floor}\u{a0}tok/s on {hw}."),
                Lang::De => format!("{label} schafft auf {hw} für eine Person keine {floor}\u{a0}Token/s."),
            }
        }
        Some(TeamLimit::Ttft) if matches!(row.note, Some(PlanNote::PromptAloneOverCeiling { .. })) => {
            let note = row_note(lang, row).unwrap_or_default();
            match lang {
                Lang::En => format!("{label} cannot serve your team on {hw}: {note}."),
                Lang::De => format!("{label} bedient das Team auf {hw} nicht: {note}."),
            }
        }
        Some(limit) => {
            let limit = codes::label(lang, &TEAM_LIMIT, limit);
            match lang {
                Lang::En => {
                    format!("{label} cannot serve your team on {hw}: {limit} binds even for one person per group.")
                }
                Lang::De => {
                    format!("{label} bedient Ihr Team auf {hw} nicht: {limit} bindet schon bei einer Person je Gruppe.")
                }
            }
        }
        None => {
            let note = row_note(lang, row).unwrap_or_default();
            match lang {
                Lang::En => format!("{label} on {hw} cannot be planned: {note}."),
                Lang::De => format!("{label} auf {hw} lässt sich nicht planen: {note}."),
            }
        }
    }
}

/// Why the team cannot be built, in one sentence.
pub fn team_error(lang: Lang, error: &TeamError) -> String {
    match lang {
        Lang::En => match error {
            TeamError::NoPeople => "Enter at least one person to plan a team.".into(),
            other => format!("The team cannot be planned: {other}."),
        },
        Lang::De => match error {
            TeamError::NoPeople => "Mindestens eine Person eingeben, um ein Team zu planen.".into(),
            other => format!("Das Team lässt sich nicht planen: {}.", team_error_de(other)),
        },
    }
}

/// The German of [`TeamError`]'s English `Display` (same figures, same order).
fn team_error_de(error: &TeamError) -> String {
    let lang = Lang::De;
    match *error {
        TeamError::NoGroups => "das Team hat keine Gruppe".into(),
        TeamError::NoPeople => "das Team hat keine Personen".into(),
        TeamError::TooManyGroups { groups } => {
            format!("{} Gruppen sind mehr als die unterstützten {}", format_integer(lang, groups as u64), MAX_GROUPS)
        }
        TeamError::TooManyPeople { group, people } => format!(
            "Gruppe {}: {} Personen sind mehr als die unterstützten {}",
            group + 1,
            format_integer(lang, people),
            format_integer(lang, MAX_GROUP_PEOPLE)
        ),
        TeamError::Group { group, error } => format!("Gruppe {}: {}", group + 1, scenario_error_de(&error)),
        TeamError::Setting(error) => scenario_error_de(&error),
        TeamError::OutOfRange { field: TeamField::TtftCeilingS, value } => {
            format!("ttft_ceiling_s = {} muss eine Zahl von Sekunden in (0, 86.400] sein", de_number(value))
        }
        TeamError::OutOfRange { field: TeamField::Uncertainty, value } => {
            format!("uncertainty = {} muss ein Anteil in [0, {}] sein", de_number(value), de_number(MAX_UNCERTAINTY))
        }
    }
}

/// A setting's error in German (the field keeps its JSON name, as in the English text).
fn scenario_error_de(error: &ScenarioError) -> String {
    match *error {
        ScenarioError::NotFinite { field } => format!("{} muss eine endliche Zahl sein", field.name()),
        ScenarioError::OutOfRange { field, value } => {
            let range = field.range();
            let open = if range.min_inclusive { '[' } else { '(' };
            format!(
                "{} = {} liegt außerhalb des zulässigen Bereichs {open}{}, {}]",
                field.name(),
                de_number(value),
                de_number(range.min),
                de_number(range.max)
            )
        }
    }
}

/// A figure of an error in German notation, as many decimals as it has (up to six).
fn de_number(value: f64) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    let decimals = (0..=6).find(|&d| {
        let scaled = value * 10f64.powi(d);
        (scaled - scaled.round()).abs() < 1e-9 * scaled.abs().max(1.0)
    });
    format_number(Lang::De, value, decimals.unwrap_or(6) as usize)
}

/// What to keep in mind about a row, in `lang`; `None` when there is nothing to add.
pub fn row_note(lang: Lang, row: &PlanRow<'_>) -> Option<String> {
    let floor = |f: f64| format_setting(lang, f);
    let count = |c: f64| format_number(lang, c, 0);
    let limit_label = |limit| codes::label(lang, &TEAM_LIMIT, limit);
    Some(match (lang, row.note.as_ref()?) {
        (Lang::En, PlanNote::NoCurve(_)) => "no usable speed curve".to_owned(),
        (Lang::De, PlanNote::NoCurve(_)) => "keine verwendbare Geschwindigkeitskurve".to_owned(),
        (Lang::En, PlanNote::InputsOutOfRange(_)) => "the run's KV pool or prefill rate is out of range".to_owned(),
        (Lang::De, PlanNote::InputsOutOfRange(_)) => {
            "KV-Pool oder Prefill-Rate des Laufs liegt außerhalb des Bereichs".to_owned()
        }
        (Lang::En, PlanNote::UnderFloorAlreadyAt { concurrency, floor_tok_s }) => format!(
            "under {} tok/s per request already at {} concurrent requests, the fewest measured",
            floor(*floor_tok_s),
            count(*concurrency)
        ),
        (Lang::De, PlanNote::UnderFloorAlreadyAt { concurrency, floor_tok_s }) => format!(
            "schon bei {} gleichzeitigen Anfragen, der kleinsten gemessenen Zahl, unter {}\u{a0}Token/s je Anfrage",
            count(*concurrency),
            floor(*floor_tok_s)
        ),
        (Lang::En, PlanNote::NoRequestAtFloor { floor_tok_s }) => {
            format!("cannot give one request {} tok/s", floor(*floor_tok_s))
        }
        (Lang::De, PlanNote::NoRequestAtFloor { floor_tok_s }) => {
            format!("schafft für eine Anfrage keine {}\u{a0}Token/s", floor(*floor_tok_s))
        }
        (Lang::En, PlanNote::LessThanOneStream { floor_tok_s }) => {
            format!("fewer than one whole stream stays at {} tok/s", floor(*floor_tok_s))
        }
        (Lang::De, PlanNote::LessThanOneStream { floor_tok_s }) => {
            format!("weniger als ein ganzer Strom hält {}\u{a0}Token/s", floor(*floor_tok_s))
        }
        (Lang::En, PlanNote::OnePersonBreaks(limit)) => {
            format!("even one person of each group breaks the {} limit", limit_label(*limit))
        }
        (Lang::De, PlanNote::OnePersonBreaks(limit)) => {
            format!("schon eine Person je Gruppe sprengt die Grenze {}", limit_label(*limit))
        }
        (Lang::En, PlanNote::CannotServe) => "cannot serve the team".to_owned(),
        (Lang::De, PlanNote::CannotServe) => "kann das Team nicht bedienen".to_owned(),
        (Lang::En, PlanNote::NotASpark { hardware: Some(hw) }) => {
            format!("measured on {hw}, not a DGX Spark: sized per system as measured")
        }
        (Lang::De, PlanNote::NotASpark { hardware: Some(hw) }) => {
            format!("gemessen auf {hw}, keinem DGX Spark: pro System wie gemessen geplant")
        }
        (Lang::En, PlanNote::NotASpark { hardware: None }) => {
            "hardware not stated, so not counted as a DGX Spark: sized per system as measured".to_owned()
        }
        (Lang::De, PlanNote::NotASpark { hardware: None }) => {
            "Hardware nicht angegeben, daher nicht als DGX Spark gezählt: pro System wie gemessen geplant".to_owned()
        }
        (Lang::En, PlanNote::Sparks { nodes, topology }) => {
            format!("one system is {nodes} Sparks as measured ({})", topology_words(lang, *topology))
        }
        (Lang::De, PlanNote::Sparks { nodes, topology }) => {
            format!("ein System sind {nodes} Sparks wie gemessen ({})", topology_words(lang, *topology))
        }
        (Lang::En, PlanNote::PromptAloneOverCeiling { prompt_tokens, seconds, ceiling_s }) => format!(
            "reading one {}-token prompt alone takes {} s at this run's prefill rate, over the {} s TTFT ceiling",
            count(*prompt_tokens),
            format_number(lang, *seconds, 2),
            floor(*ceiling_s)
        ),
        (Lang::De, PlanNote::PromptAloneOverCeiling { prompt_tokens, seconds, ceiling_s }) => format!(
            "einen Prompt mit {} Token allein zu lesen dauert bei der Prefill-Rate dieses Laufs {}\u{a0}s, mehr als die TTFT-Obergrenze von {}\u{a0}s",
            count(*prompt_tokens),
            format_number(lang, *seconds, 2),
            floor(*ceiling_s)
        ),
        (Lang::En, PlanNote::NotMeasuredBeyond { concurrency, floor_tok_s }) => format!(
            "still at or above {} tok/s at {} concurrent requests, the most measured: at least this many people",
            floor(*floor_tok_s),
            count(*concurrency)
        ),
        (Lang::De, PlanNote::NotMeasuredBeyond { concurrency, floor_tok_s }) => format!(
            "bei {} gleichzeitigen Anfragen, der größten gemessenen Zahl, noch mindestens {}\u{a0}Token/s: mindestens so viele Personen",
            count(*concurrency),
            floor(*floor_tok_s)
        ),
    })
}

fn topology_words(lang: Lang, topology: Topology) -> &'static str {
    match (lang, topology) {
        (Lang::En, Topology::Single) => "one machine",
        (Lang::En, Topology::TensorParallel) => "tensor parallel",
        (Lang::En, Topology::PipelineParallel) => "pipeline parallel",
        (Lang::En, Topology::ReplicasBehindProxy) => "independent replicas behind a proxy",
        (Lang::De, Topology::Single) => "eine Maschine",
        (Lang::De, Topology::TensorParallel) => "Tensor-Parallelität",
        (Lang::De, Topology::PipelineParallel) => "Pipeline-Parallelität",
        (Lang::De, Topology::ReplicasBehindProxy) => "unabhängige Replikate hinter einem Proxy",
    }
}

/// The show-your-work steps of a team plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamStep {
    Load,
    Limits,
    Systems,
    Band,
    Finite,
}

/// A step's title.
pub fn step_title(lang: Lang, step: TeamStep) -> &'static str {
    match (lang, step) {
        (Lang::En, TeamStep::Load) => "Your team's load",
        (Lang::De, TeamStep::Load) => "Last Ihres Teams",
        (Lang::En, TeamStep::Limits) => "People by each limit",
        (Lang::De, TeamStep::Limits) => "Personen je Grenze",
        (Lang::En, TeamStep::Systems) => "Sparks for the team",
        (Lang::De, TeamStep::Systems) => "Sparks für das Team",
        (Lang::En, TeamStep::Band) => "Uncertainty band",
        (Lang::De, TeamStep::Band) => "Unsicherheitsband",
        (Lang::En, TeamStep::Finite) => "A finite team beside Poisson",
        (Lang::De, TeamStep::Finite) => "Endliches Team neben Poisson",
    }
}

/// A step's formula.
pub fn step_formula(lang: Lang, step: TeamStep) -> &'static str {
    match (lang, step) {
        (Lang::En, TeamStep::Load) => {
            "duty = (answer / floor + TTFT) / interval; an agent holds a stream; load = agents + Σ count × duty"
        }
        (Lang::De, TeamStep::Load) => {
            "Auslastung = (Antwort / Mindesttempo + TTFT) / Intervall; ein Agent hält einen Strom; Last = Agenten + Σ Anzahl × Auslastung"
        }
        (Lang::En, TeamStep::Limits) => "people per system = ⌊min(by speed, by KV, by prefill, by p99 TTFT)⌋",
        (Lang::De, TeamStep::Limits) => "Personen pro System = ⌊min(nach Geschwindigkeit, KV, Prefill, p99-TTFT)⌋",
        (Lang::En, TeamStep::Systems) => "K = fewest systems where ⌈count / K⌉ of every group fits; Sparks = K × nodes",
        (Lang::De, TeamStep::Systems) => {
            "K = kleinste Zahl Systeme, in die ⌈Anzahl / K⌉ jeder Gruppe passt; Sparks = K × Knoten"
        }
        (Lang::En, TeamStep::Band) => "plan again with speeds × (1 − u) and × (1 + u)",
        (Lang::De, TeamStep::Band) => "erneut planen mit Geschwindigkeiten × (1 − u) und × (1 + u)",
        (Lang::En, TeamStep::Finite) => {
            "finite: largest N with P(Binomial(N, duty) ≤ S) ≥ p, Engset's share of requests finding all S busy; Poisson: largest λ with P(Poisson(λ) ≤ S) ≥ p, N = λ / duty, Erlang B's share"
        }
        (Lang::De, TeamStep::Finite) => {
            "endlich: größtes N mit P(Binomial(N, Auslastung) ≤ S) ≥ p, Engsets Anteil der Anfragen, die alle S belegt finden; Poisson: größtes λ mit P(Poisson(λ) ≤ S) ≥ p, N = λ / Auslastung, Anteil nach Erlang B"
        }
    }
}

/// The button that unfolds a narrow widget's ranking: "Show all 45 runs".
pub fn show_all_runs(lang: Lang, runs: usize) -> String {
    let n = format_integer(lang, runs as u64);
    match lang {
        Lang::En => format!("Show all {n} runs"),
        Lang::De => format!("Alle {n} Läufe zeigen"),
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
    LeftByAgents,
    MeanDuty,
    Finite,
    Blocked,
    QueueEstimate,
    OfPrefillRate,
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
        (Lang::En, W::LeftByAgents) => "streams the agents leave",
        (Lang::De, W::LeftByAgents) => "Ströme, die die Agenten frei lassen",
        (Lang::En, W::MeanDuty) => "mean duty",
        (Lang::De, W::MeanDuty) => "mittlere Auslastung",
        (Lang::En, W::Finite) => "finite",
        (Lang::De, W::Finite) => "endlich",
        (Lang::En, W::Blocked) => "find all streams busy",
        (Lang::De, W::Blocked) => "finden alle Ströme belegt",
        (Lang::En, W::QueueEstimate) => {
            "estimated p99 TTFT (prompts queued at the prefill rate) under the ceiling up to"
        }
        (Lang::De, W::QueueEstimate) => {
            "geschätzte p99-TTFT (Prompts in der Warteschlange bei der Prefill-Rate) unter der Obergrenze bis"
        }
        (Lang::En, W::OfPrefillRate) => "of the prefill rate",
        (Lang::De, W::OfPrefillRate) => "der Prefill-Rate",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_core::{Group, Scenario, ScenarioField, Team, TeamSettings};
    use sizer_data::dataset;

    #[test]
    fn cells_of_other_hardware_name_it_or_count_systems() {
        assert_eq!(people_per_system_cell(Lang::De, 1_045, Some("RTX PRO 6000")), "1.045 / RTX PRO 6000");
        assert_eq!(people_per_system_cell(Lang::De, 45, None), "45 / System");
        assert_eq!(systems_cell(Lang::En, 4, Some("H200")), "4 × H200");
        assert_eq!(
            (systems_cell(Lang::En, 4, None), systems_cell(Lang::De, 1, None)),
            ("4 systems".into(), "1 System".into())
        );
    }

    #[test]
    fn team_errors_are_german_in_german() {
        let too_many = TeamError::TooManyPeople { group: 1, people: 20_000_000 };
        assert_eq!(
            team_error(Lang::De, &too_many),
            "Das Team lässt sich nicht planen: Gruppe 2: 20.000.000 Personen sind mehr als die unterstützten 10.000.000."
        );
        let floor = TeamError::Setting(ScenarioError::OutOfRange { field: ScenarioField::FloorTokS, value: -2.5 });
        let german = team_error(Lang::De, &floor);
        assert!(german.starts_with("Das Team lässt sich nicht planen: floor_tok_s = -2,5 liegt außerhalb"), "{german}");
        let ceiling = TeamError::OutOfRange { field: TeamField::TtftCeilingS, value: 0.0 };
        assert_eq!(
            team_error(Lang::De, &ceiling),
            "Das Team lässt sich nicht planen: ttft_ceiling_s = 0 muss eine Zahl von Sekunden in (0, 86.400] sein."
        );
        // English keeps the core's sentence.
        assert_eq!(
            team_error(Lang::En, &too_many),
            "The team cannot be planned: group 2: 20000000 people is more than the 10000000 supported."
        );
    }

    #[test]
    fn row_notes_are_german_in_german() {
        let settings = TeamSettings { floor_tok_s: 15.0, ..TeamSettings::from_scenario(&Scenario::chat()) };
        let team = Team::new(vec![Group::chat(30), Group::agent(5)], settings).expect("valid");
        let rows = dataset().plan_team(&team, &[]);
        let note = |id: &str| {
            let row = rows.iter().find(|r| r.run_id == id).expect("row");
            (row_note(Lang::De, row), row_note(Lang::En, row))
        };
        // Llama 3.3 70B: 1,000 / 167.4 ms = 6.0 tok/s at 1 request (English seed), under 15.
        assert_eq!(
            note("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1"),
            (
                Some("schafft für eine Anfrage keine 15\u{a0}Token/s".into()),
                Some("cannot give one request 15 tok/s".into())
            )
        );
        assert_eq!(
            note("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2").0.as_deref(),
            Some("ein System sind 2 Sparks wie gemessen (Tensor-Parallelität)")
        );
        assert_eq!(
            note("nvidia-qwen3-coder-next-fp8-vllm-32k-prompts").0.as_deref(),
            Some("keine verwendbare Geschwindigkeitskurve")
        );
        // Every German note differs from the English one wherever there is a note.
        for row in &rows {
            let (de, en) = (row_note(Lang::De, row), row_note(Lang::En, row));
            assert_eq!(de.is_some(), en.is_some(), "{}", row.run_id);
            assert!(de.is_none() || de != en, "{}: {de:?}", row.run_id);
        }
    }
}
