//! The "Your team" section's texts, EN and DE: labels, the verdict sentence that
//! leads the section, and the show-your-work steps of a team plan. Every verdict names the
//! hardware it covers (Sparks, or the run's own hardware when it is not a Spark).

use sizer_core::team::{MAX_GROUP_PEOPLE, MAX_GROUPS, MAX_UNCERTAINTY};
use sizer_core::{ScenarioError, StreamsAtFloor, TeamError, TeamField, TeamLimit};
use sizer_data::{PlanRow, Topology};

use super::{Lang, format_integer, format_number};
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
    let label = row_label(lang, row);
    if let (true, Some(k)) = (row.people_is_lower_bound, row.sparks_needed.filter(|k| *k > 1)) {
        return lower_bound_verdict(lang, row, &n, &per, &label, k);
    }
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
            "Höchstens {k} Sparks bedienen eure {n} Personen mit {label} (mindestens {per} pro Spark: nicht über {last} gleichzeitige Anfragen hinaus gemessen)."
        ),
        (Lang::De, true) => {
            format!("Höchstens {k} Sparks bedienen eure {n} Personen mit {label} (mindestens {per} pro Spark).")
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
    let (label, hw) = (row_label(lang, row), row.hardware);
    match row.unserved_by {
        Some(TeamLimit::Speed) => {
            let floor = format_number(lang, floor_tok_s, if floor_tok_s.fract() == 0.0 { 0 } else { 1 });
            match lang {
                Lang::En => format!("{label} cannot give one person {floor}\u{a0}tok/s on {hw}."),
                Lang::De => format!("{label} schafft auf {hw} für eine Person keine {floor}\u{a0}Token/s."),
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
            let note = row_note(lang, row, floor_tok_s).unwrap_or_default();
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

/// What to keep in mind about a row: why it has no plan, what one system is, or that its people
/// are a lower bound. Read from the row's typed fields (the data crate's English `note` is for
/// the JSON API), then said in either language by [`row_note`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum RowNote {
    NoCurve,
    InputsOutOfRange,
    UnderFloorAlreadyAt(f64),
    NoRequestAtFloor,
    LessThanOneStream,
    OnePersonBreaks(TeamLimit),
    CannotServe,
    NotASpark,
    Sparks(u32, Topology),
    NotMeasuredBeyond(f64),
}

fn row_note_kind(row: &PlanRow<'_>) -> Option<RowNote> {
    let plan = match &row.plan {
        Some(plan) => plan,
        None if row.curve_basis.is_none() => return Some(RowNote::NoCurve),
        None => return Some(RowNote::InputsOutOfRange),
    };
    if row.systems_needed.is_none() {
        return Some(match row.unserved_by {
            Some(TeamLimit::Speed) if plan.whole_streams == 0 => match plan.streams {
                StreamsAtFloor::NeverReached { first } if first.concurrency > 1.0 => {
                    RowNote::UnderFloorAlreadyAt(first.concurrency)
                }
                StreamsAtFloor::NeverReached { .. } => RowNote::NoRequestAtFloor,
                _ => RowNote::LessThanOneStream,
            },
            Some(limit) => RowNote::OnePersonBreaks(limit),
            None => RowNote::CannotServe,
        });
    }
    if !row.is_spark {
        return Some(RowNote::NotASpark);
    }
    if row.nodes_per_system > 1 {
        return Some(RowNote::Sparks(row.nodes_per_system, row.topology));
    }
    match plan.streams {
        StreamsAtFloor::AtLeast { last } if row.people_is_lower_bound => {
            Some(RowNote::NotMeasuredBeyond(last.concurrency))
        }
        _ => None,
    }
}

/// What to keep in mind about a row, in `lang`; `None` when there is nothing to add.
pub fn row_note(lang: Lang, row: &PlanRow<'_>, floor_tok_s: f64) -> Option<String> {
    let floor = format_number(lang, floor_tok_s, if floor_tok_s.fract() == 0.0 { 0 } else { 1 });
    let count = |c: f64| format_number(lang, c, 0);
    let limit_label = |limit| codes::label(lang, &TEAM_LIMIT, limit);
    let hw = row.hardware;
    Some(match (lang, row_note_kind(row)?) {
        (Lang::En, RowNote::NoCurve) => "no usable speed curve".to_owned(),
        (Lang::De, RowNote::NoCurve) => "keine verwendbare Geschwindigkeitskurve".to_owned(),
        (Lang::En, RowNote::InputsOutOfRange) => "the run's KV pool or prefill rate is out of range".to_owned(),
        (Lang::De, RowNote::InputsOutOfRange) => {
            "KV-Pool oder Prefill-Rate der Messreihe liegt außerhalb des Bereichs".to_owned()
        }
        (Lang::En, RowNote::UnderFloorAlreadyAt(c)) => {
            format!("under {floor} tok/s per request already at {} concurrent requests, the fewest measured", count(c))
        }
        (Lang::De, RowNote::UnderFloorAlreadyAt(c)) => format!(
            "schon bei {} gleichzeitigen Anfragen, der kleinsten gemessenen Zahl, unter {floor}\u{a0}Token/s je Anfrage",
            count(c)
        ),
        (Lang::En, RowNote::NoRequestAtFloor) => format!("cannot give one request {floor} tok/s"),
        (Lang::De, RowNote::NoRequestAtFloor) => format!("schafft für eine Anfrage keine {floor}\u{a0}Token/s"),
        (Lang::En, RowNote::LessThanOneStream) => format!("fewer than one whole stream stays at {floor} tok/s"),
        (Lang::De, RowNote::LessThanOneStream) => format!("weniger als ein ganzer Strom hält {floor}\u{a0}Token/s"),
        (Lang::En, RowNote::OnePersonBreaks(limit)) => {
            format!("even one person of each group breaks the {} limit", limit_label(limit))
        }
        (Lang::De, RowNote::OnePersonBreaks(limit)) => {
            format!("schon eine Person je Gruppe sprengt die Grenze {}", limit_label(limit))
        }
        (Lang::En, RowNote::CannotServe) => "cannot serve the team".to_owned(),
        (Lang::De, RowNote::CannotServe) => "kann das Team nicht bedienen".to_owned(),
        (Lang::En, RowNote::NotASpark) => format!("measured on {hw}, not a DGX Spark: sized per system as measured"),
        (Lang::De, RowNote::NotASpark) => {
            format!("gemessen auf {hw}, keinem DGX Spark: pro System wie gemessen geplant")
        }
        (Lang::En, RowNote::Sparks(n, topology)) => {
            format!("one system is {n} Sparks as measured ({})", topology_words(lang, topology))
        }
        (Lang::De, RowNote::Sparks(n, topology)) => {
            format!("ein System sind {n} Sparks wie gemessen ({})", topology_words(lang, topology))
        }
        (Lang::En, RowNote::NotMeasuredBeyond(c)) => format!(
            "still at or above {floor} tok/s at {} concurrent requests, the most measured: at least this many people",
            count(c)
        ),
        (Lang::De, RowNote::NotMeasuredBeyond(c)) => format!(
            "bei {} gleichzeitigen Anfragen, der größten gemessenen Zahl, noch mindestens {floor}\u{a0}Token/s: mindestens so viele Personen",
            count(c)
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
        (Lang::De, TeamStep::Load) => "Last eures Teams",
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
        (Lang::En, TeamStep::Finite) => {
            "finite: largest N with P(Binomial(N, duty) ≤ S) ≥ p, Engset's share of requests finding all S busy; Poisson: largest λ with P(Poisson(λ) ≤ S) ≥ p, N = λ / duty, Erlang B's share"
        }
        (Lang::De, TeamStep::Finite) => {
            "endlich: größtes N mit P(Binomial(N, Auslastung) ≤ S) ≥ p, Engsets Anteil der Anfragen, die alle S belegt finden; Poisson: größtes λ mit P(Poisson(λ) ≤ S) ≥ p, N = λ / Auslastung, Anteil nach Erlang B"
        }
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
            (row_note(Lang::De, row, 15.0), row_note(Lang::En, row, 15.0))
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
            let (de, en) = (row_note(Lang::De, row, 15.0), row_note(Lang::En, row, 15.0));
            assert_eq!(de.is_some(), en.is_some(), "{}", row.run_id);
            assert!(de.is_none() || de != en, "{}: {de:?}", row.run_id);
        }
    }
}
