//! The headline's words, per language: who is served (one person, many people), on what
//! hardware ("on 4 DGX Sparks (2 pairs, TP=2)", "per system as measured"), the edge cases (no
//! one, a session bigger than the pool, speed alone), the margin, workload caveats and
//! durations. Numbers arrive formatted; a unit follows its number after a no-break space
//! ([`NBSP`]) so "2,7 s" never breaks across lines.

use sizer_data::{RunCurveError, Systems, Topology};

use super::phrases::Audience;
use super::{Lang, format_integer, format_number};

/// Between a number and its unit.
pub const NBSP: &str = "\u{a0}";

/// "people chatting" / "person chatting", by count.
pub fn who(lang: Lang, audience: Audience, count: u64) -> &'static str {
    let one = count == 1;
    match (lang, audience, one) {
        (Lang::En, Audience::Chatting, false) => "people chatting",
        (Lang::En, Audience::Chatting, true) => "person chatting",
        (Lang::En, Audience::Agents, false) => "coding agents",
        (Lang::En, Audience::Agents, true) => "coding agent",
        (Lang::En, Audience::People, false) => "people",
        (Lang::En, Audience::People, true) => "person",
        (Lang::De, Audience::Chatting, false) => "Personen im Chat",
        (Lang::De, Audience::Chatting, true) => "Person im Chat",
        (Lang::De, Audience::Agents, false) => "Coding-Agenten",
        (Lang::De, Audience::Agents, true) => "Coding-Agent",
        (Lang::De, Audience::People, false) => "Personen",
        (Lang::De, Audience::People, true) => "Person",
    }
}

/// "people" / "person" for a count in a margin.
fn people_word(lang: Lang, count: u64) -> &'static str {
    who(lang, Audience::People, count)
}

/// The hardware a headline covers: "on 1 DGX Spark", "on 4 DGX Sparks (2 pairs, TP=2)",
/// "per system as measured (Jetson AGX Thor)", "on 3 systems as measured".
pub fn hardware(lang: Lang, systems: &Systems<'_>, replicas: u32) -> String {
    let copies = replicas.max(1);
    match *systems {
        Systems::Sparks { nodes, topology } => {
            let total = systems.sparks(copies).unwrap_or(u64::from(copies));
            let count = format_integer(lang, total);
            let head = match (lang, total == 1) {
                (Lang::En, true) => ["on ", &count, " DGX Spark"].concat(),
                (Lang::En, false) => ["on ", &count, " DGX Sparks"].concat(),
                (Lang::De, _) => ["auf ", &count, " DGX Spark", if total == 1 { "" } else { "s" }].concat(),
            };
            match arrangement(lang, nodes, topology, copies) {
                Some(how) => [head.as_str(), " (", &how, ")"].concat(),
                None => head,
            }
        }
        Systems::AsMeasured { hardware, nodes } => {
            let head = match (lang, copies == 1) {
                (Lang::En, true) => "per system as measured".to_owned(),
                (Lang::En, false) => ["on ", &format_integer(lang, u64::from(copies)), " systems as measured"].concat(),
                (Lang::De, true) => "je System wie gemessen".to_owned(),
                (Lang::De, false) => {
                    ["auf ", &format_integer(lang, u64::from(copies)), " Systemen wie gemessen"].concat()
                }
            };
            match (hardware, nodes) {
                (Some(name), 1) => [head.as_str(), " (", name, ")"].concat(),
                (Some(name), n) => {
                    [head.as_str(), " (", &format_integer(lang, u64::from(n)), " × ", name, ")"].concat()
                }
                (None, _) => head,
            }
        }
    }
}

/// How the Sparks work together, when there is more than one: "2 pairs, TP=2", "independent
/// copies", "1 group of 4, PP=4", "independent copies behind a proxy".
fn arrangement(lang: Lang, nodes: u32, topology: Topology, copies: u32) -> Option<String> {
    if nodes <= 1 {
        return (copies > 1).then(|| {
            match lang {
                Lang::En => "independent copies",
                Lang::De => "unabhängige Kopien",
            }
            .to_owned()
        });
    }
    let split = match topology {
        Topology::TensorParallel => "TP=",
        Topology::PipelineParallel => "PP=",
        Topology::ReplicasBehindProxy | Topology::Single => {
            return Some(
                match lang {
                    Lang::En => "independent copies behind a proxy",
                    Lang::De => "unabhängige Kopien hinter einem Proxy",
                }
                .to_owned(),
            );
        }
    };
    let groups = format_integer(lang, u64::from(copies));
    let size = format_integer(lang, u64::from(nodes));
    let what = match (lang, nodes == 2, copies == 1) {
        (Lang::En, true, true) => [&groups, " pair"].concat(),
        (Lang::En, true, false) => [&groups, " pairs"].concat(),
        (Lang::En, false, true) => [&groups, " group of ", &size].concat(),
        (Lang::En, false, false) => [&groups, " groups of ", &size].concat(),
        (Lang::De, true, true) => [&groups, " Paar"].concat(),
        (Lang::De, true, false) => [&groups, " Paare"].concat(),
        (Lang::De, false, true) => [&groups, " Gruppe zu ", &size].concat(),
        (Lang::De, false, false) => [&groups, " Gruppen zu ", &size].concat(),
    };
    Some([what.as_str(), ", ", split, &size].concat())
}

/// "163 people chatting on 1 DGX Spark, limited by per-user speed."
pub fn sized(lang: Lang, people: &str, count: u64, audience: Audience, hardware: &str, limit: &str) -> String {
    let who = who(lang, audience, count);
    match lang {
        Lang::En => [people, " ", who, " ", hardware, ", limited by ", limit, "."].concat(),
        Lang::De => [people, " ", who, " ", hardware, ", begrenzt durch ", limit, "."].concat(),
    }
}

/// Which of a run's limits were not checked (their figures are not known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unchecked {
    Kv,
    Prefill,
    Both,
}

impl Unchecked {
    /// From whether the KV pool and the prefill rate are unknown (`None`: both known).
    pub fn of(kv_unknown: bool, prefill_unknown: bool) -> Option<Unchecked> {
        match (kv_unknown, prefill_unknown) {
            (true, true) => Some(Unchecked::Both),
            (true, false) => Some(Unchecked::Kv),
            (false, true) => Some(Unchecked::Prefill),
            (false, false) => None,
        }
    }
}

/// "this run's KV-cache limit is not known" and its German.
fn not_known(lang: Lang, unchecked: Unchecked) -> &'static str {
    match (lang, unchecked) {
        (Lang::En, Unchecked::Both) => "this run's KV-cache and prefill limits are not known",
        (Lang::En, Unchecked::Kv) => "this run's KV-cache limit is not known",
        (Lang::En, Unchecked::Prefill) => "this run's prefill limit is not known",
        (Lang::De, Unchecked::Both) => "KV-Cache- und Prefill-Grenze dieses Laufs sind nicht bekannt",
        (Lang::De, Unchecked::Kv) => "die KV-Cache-Grenze dieses Laufs ist nicht bekannt",
        (Lang::De, Unchecked::Prefill) => "die Prefill-Grenze dieses Laufs ist nicht bekannt",
    }
}

/// "At most 42 people chatting on 1 DGX Spark, by speed alone: this run's KV-cache and prefill
/// limits are not known." With one limit unknown, the binding one of those checked is named:
/// "At most 42 people chatting on 1 DGX Spark, limited by prefill: this run's KV-cache limit is
/// not known."
pub fn unchecked(
    lang: Lang,
    people: &str,
    count: u64,
    audience: Audience,
    hardware: &str,
    limit: &str,
    unchecked: Unchecked,
) -> String {
    let who = who(lang, audience, count);
    let (most, by) = match (lang, unchecked) {
        (Lang::En, Unchecked::Both) => ("At most ", ", by speed alone: ".to_owned()),
        (Lang::En, _) => ("At most ", [", limited by ", limit, ": "].concat()),
        (Lang::De, Unchecked::Both) => ("Höchstens ", ", allein nach Tempo: ".to_owned()),
        (Lang::De, _) => ("Höchstens ", [", begrenzt durch ", limit, ": "].concat()),
    };
    [most, people, " ", who, " ", hardware, &by, not_known(lang, unchecked), "."].concat()
}

/// "At least 300 people chatting on 1 DGX Spark: not measured beyond 256 concurrent requests."
/// With a limit unchecked there is no "at least" (it could bind first): "21 people chatting on
/// 1 DGX Spark, as far as measured: speed still held at 10 concurrent requests, and this run's
/// KV-cache limit is not known."
pub fn at_least(
    lang: Lang,
    people: &str,
    count: u64,
    audience: Audience,
    hardware: &str,
    last: &str,
    unchecked: Option<Unchecked>,
) -> String {
    let who = who(lang, audience, count);
    let one = last == "1";
    match (lang, unchecked) {
        (Lang::En, None) => {
            let requests = if one { " concurrent request." } else { " concurrent requests." };
            ["At least ", people, " ", who, " ", hardware, ": not measured beyond ", last, requests].concat()
        }
        (Lang::De, None) => {
            let requests = if one { " gleichzeitige Anfrage" } else { " gleichzeitige Anfragen" };
            ["Mindestens ", people, " ", who, " ", hardware, ": über ", last, requests, " hinaus nicht gemessen."]
                .concat()
        }
        (Lang::En, Some(unchecked)) => {
            let requests = if one { " concurrent request, and " } else { " concurrent requests, and " };
            let measured = ", as far as measured: speed still held at ";
            [people, " ", who, " ", hardware, measured, last, requests, not_known(lang, unchecked), "."].concat()
        }
        (Lang::De, Some(unchecked)) => {
            let requests = if one { " gleichzeitigen Anfrage, und " } else { " gleichzeitigen Anfragen, und " };
            let measured = ", soweit gemessen: Das Tempo hielt noch bei ";
            [people, " ", who, " ", hardware, measured, last, requests, not_known(lang, unchecked), "."].concat()
        }
    }
}

/// Under a headline sized on the run's engine: "Per-user speed is predicted by this run's
/// engine, fitted to its closed-loop files, at 17.4 concurrent requests (measured up to 10); at
/// 1 to 2 times the measured concurrency its median TPOT missed by 11 % on average on the
/// arena's runs." `error`: the band's (low, high) times (`None` high: open) and mean %.
pub fn engine_speed(
    lang: Lang,
    streams: &str,
    measured: &str,
    error: Option<((String, Option<String>), String)>,
) -> String {
    let lead = match lang {
        Lang::En => [
            "Per-user speed is predicted by this run's engine, fitted to its closed-loop files, at ",
            streams,
            " concurrent requests (measured up to ",
            measured,
            ")",
        ]
        .concat(),
        Lang::De => [
            "Das Tempo je Person sagt die Engine dieses Laufs voraus, angepasst an seine Closed-Loop-Dateien, bei ",
            streams,
            " gleichzeitigen Anfragen (gemessen bis ",
            measured,
            ")",
        ]
        .concat(),
    };
    let Some(((low, high), mean)) = error else { return [lead.as_str(), "."].concat() };
    let within = low == "0";
    let band = match (lang, high) {
        (Lang::En, Some(_)) if within => "; within".to_owned(),
        (Lang::De, Some(_)) if within => "; innerhalb".to_owned(),
        (Lang::En, Some(high)) => ["; at ", low.as_str(), " to ", &high, " times"].concat(),
        (Lang::En, None) => ["; at over ", low.as_str(), " times"].concat(),
        (Lang::De, Some(high)) => ["; beim ", low.as_str(), "- bis ", &high, "-Fachen"].concat(),
        (Lang::De, None) => ["; jenseits des ", low.as_str(), "-Fachen"].concat(),
    };
    let (middle, end) = match lang {
        Lang::En => (" the measured concurrency its median TPOT missed by ", " % on average on the arena's runs."),
        Lang::De => (
            " der gemessenen Nebenläufigkeit lag ihr Median-TPOT auf den Läufen der Arena im Mittel um ",
            " % daneben.",
        ),
    };
    [lead.as_str(), &band, middle, &mean, end].concat()
}

/// What the engines of the arena's mixtures of experts missed by on real conversations, after
/// [`engine_speed`]: "This model is a mixture of experts: on real conversations (the arena's
/// ShareGPT replay) the engines of 6 of its 8 mixtures of experts streamed faster than measured,
/// by up to 25 % (12 % on average)."
pub fn moe_conversations(lang: Lang, faster: usize, runs: usize, worst: &str, mean: &str) -> String {
    let (faster, runs) = (faster.to_string(), runs.to_string());
    match lang {
        Lang::En => [
            "This model is a mixture of experts: on real conversations (the arena's ShareGPT replay) the engines of ",
            &faster,
            " of its ",
            &runs,
            " mixtures of experts streamed faster than measured, by up to ",
            worst,
            " % (",
            mean,
            " % on average).",
        ]
        .concat(),
        Lang::De => [
            "Dieses Modell ist eine Mixture of Experts: auf echten Gesprächen (dem ShareGPT-Replay der Arena) streamten die Engines von ",
            &faster,
            " ihrer ",
            &runs,
            " Mixtures of Experts schneller als gemessen, um bis zu ",
            worst,
            " % (im Mittel ",
            mean,
            " %).",
        ]
        .concat(),
    }
}

/// The headline when the sizing serves nobody: "Fewer than 1 person chatting on 1 DGX Spark,
/// limited by per-user speed."
pub fn fewer_than_one(lang: Lang, audience: Audience, hardware: &str, limit: &str) -> String {
    let who = who(lang, audience, 1);
    match lang {
        Lang::En => ["Fewer than 1 ", who, " ", hardware, ", limited by ", limit, "."].concat(),
        Lang::De => ["Weniger als 1 ", who, " ", hardware, ", begrenzt durch ", limit, "."].concat(),
    }
}

/// Nobody because the curve stops too early: "Fewer than 1 person chatting on 1 DGX Spark:
/// measured only up to 1 concurrent request, too few streams for the chosen peak headroom."
pub fn too_few_measured(lang: Lang, audience: Audience, hardware: &str, last: &str) -> String {
    let who = who(lang, audience, 1);
    let one = last == "1";
    match lang {
        Lang::En => [
            "Fewer than 1 ",
            who,
            " ",
            hardware,
            ": measured only up to ",
            last,
            if one { " concurrent request" } else { " concurrent requests" },
            ", too few streams for the chosen peak headroom.",
        ]
        .concat(),
        Lang::De => [
            "Weniger als 1 ",
            who,
            " ",
            hardware,
            ": nur bis ",
            last,
            if one { " gleichzeitige Anfrage" } else { " gleichzeitige Anfragen" },
            " gemessen, zu wenige Ströme für die gewählte Spitzenreserve.",
        ]
        .concat(),
    }
}

/// Nobody because one session does not fit: "No one on 1 DGX Spark: one session of 1,000,000
/// tokens is bigger than the KV-cache pool of 924,912 tokens."
pub fn session_over_pool(lang: Lang, hardware: &str, context: &str, pool: &str) -> String {
    match lang {
        Lang::En => [
            "No one ",
            hardware,
            ": one session of ",
            context,
            " tokens is bigger than the KV-cache pool of ",
            pool,
            " tokens.",
        ]
        .concat(),
        Lang::De => [
            "Niemand ",
            hardware,
            ": Eine Sitzung mit ",
            context,
            " Token ist größer als der KV-Cache-Pool von ",
            pool,
            " Token.",
        ]
        .concat(),
    }
}

/// "Never reaches 15 tok/s on 1 DGX Spark, even alone (6.0 tok/s for one request)."
pub fn never_reaches(lang: Lang, floor: &str, hardware: &str, first_speed: &str, first: &str, alone: bool) -> String {
    let (unit, speed_unit) = match lang {
        Lang::En => ([NBSP, "tok/s"].concat(), [NBSP, "tok/s"].concat()),
        Lang::De => ([NBSP, "Token/s"].concat(), [NBSP, "Token/s"].concat()),
    };
    match (lang, alone) {
        (Lang::En, true) => [
            "Never reaches ",
            floor,
            &unit,
            " ",
            hardware,
            ", even alone (",
            first_speed,
            &speed_unit,
            " for one request).",
        ]
        .concat(),
        (Lang::En, false) => [
            "Never reaches ",
            floor,
            &unit,
            " ",
            hardware,
            " at any measured concurrency (",
            first_speed,
            &speed_unit,
            " at ",
            first,
            ", the lowest measured).",
        ]
        .concat(),
        (Lang::De, true) => [
            "Erreicht ",
            floor,
            &unit,
            " ",
            hardware,
            " nie, nicht einmal allein (",
            first_speed,
            &speed_unit,
            " für eine Anfrage).",
        ]
        .concat(),
        (Lang::De, false) => [
            "Erreicht ",
            floor,
            &unit,
            " ",
            hardware,
            " bei keiner gemessenen Parallelität (",
            first_speed,
            &speed_unit,
            " bei ",
            first,
            ", dem niedrigsten Messpunkt).",
        ]
        .concat(),
    }
}

/// The margin to the next limit: "The next limit, KV-cache sessions, allows 35 % more (221
/// people)." A percentage of a tiny base says nothing ("65,325 % more" of 1 person), so under
/// [`MARGIN_MIN_BASE`] people or over [`MARGIN_MAX_RATIO`] only the people are given: "The next
/// limit, prefill, allows 8 people."
pub fn margin(lang: Lang, next_limit: &str, margin: f64, base: u64, people: u64) -> String {
    let count = format_integer(lang, people);
    let word = people_word(lang, people);
    if base < MARGIN_MIN_BASE || margin > MARGIN_MAX_RATIO {
        return match lang {
            Lang::En => ["The next limit, ", next_limit, ", allows ", &count, " ", word, "."].concat(),
            Lang::De => ["Die nächste Grenze, ", next_limit, ", erlaubt ", &count, " ", word, "."].concat(),
        };
    }
    let percent = format_number(lang, margin * 100.0, 0);
    match lang {
        Lang::En => {
            ["The next limit, ", next_limit, ", allows ", &percent, NBSP, "% more (", &count, " ", word, ")."].concat()
        }
        Lang::De => {
            ["Die nächste Grenze, ", next_limit, ", erlaubt ", &percent, NBSP, "% mehr (", &count, " ", word, ")."]
                .concat()
        }
    }
}

/// Fewer people served than this: the margin is given in people, not percent.
pub const MARGIN_MIN_BASE: u64 = 10;
/// A margin above this (1,000 % more): given in people, not percent.
pub const MARGIN_MAX_RATIO: f64 = 10.0;

/// A duration as people read it: milliseconds below one second ("41 ms"), else seconds with
/// one decimal ("2.7 s"), the unit after a no-break space.
pub fn duration(lang: Lang, seconds: f64) -> String {
    let ms = (seconds * 1000.0).round();
    if ms < 1000.0 {
        return [format_number(lang, ms.max(0.0), 0).as_str(), NBSP, "ms"].concat();
    }
    [format_number(lang, seconds, 1).as_str(), NBSP, "s"].concat()
}

/// The scenario's prompts are much longer than the benchmark's.
pub fn longer_prompts(lang: Lang, asked: &str, measured: &str) -> String {
    match lang {
        Lang::En => [
            "Your prompts (",
            asked,
            " tokens) are more than twice as long as the benchmark's (",
            measured,
            "): its speeds were measured on shorter prompts, so expect fewer people than this.",
        ]
        .concat(),
        Lang::De => [
            "Ihre Prompts (",
            asked,
            " Token) sind mehr als doppelt so lang wie im Benchmark (",
            measured,
            "): Sein Tempo wurde mit kürzeren Prompts gemessen, rechnen Sie also mit weniger Personen.",
        ]
        .concat(),
    }
}

/// Reading one prompt alone takes longer than the time to first token entered.
pub fn prefill_over_ttft(lang: Lang, prompt: &str, prefill: &str, ttft: &str) -> String {
    match lang {
        Lang::En => [
            "Reading one ",
            prompt,
            "-token prompt alone takes ",
            prefill,
            " at this run's prefill rate, longer than the ",
            ttft,
            " time to first token entered: the duty cycle uses the ",
            ttft,
            ".",
        ]
        .concat(),
        Lang::De => [
            "Allein das Einlesen eines Prompts mit ",
            prompt,
            " Token dauert bei der Prefill-Rate dieses Laufs ",
            prefill,
            ", länger als die eingegebene Zeit bis zum ersten Token von ",
            ttft,
            ": Die Auslastung rechnet mit ",
            ttft,
            ".",
        ]
        .concat(),
    }
}

/// Why the percentile field does nothing while the peak factor is the article's z = 2.33.
pub fn percentile_unused(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "Not used: the peak factor is fixed at z = 2.33. Choose \u{201c}from the percentile\u{201d} to use it."
        }
        Lang::De => {
            "Nicht verwendet: Der Spitzenfaktor ist auf z = 2,33 festgelegt. Wählen Sie \u{201e}aus dem Perzentil\u{201c}, um es zu nutzen."
        }
    }
}

/// The run picker's group of runs without a usable speed curve.
pub fn unusable_group(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Not usable for sizing (no speed curve)",
        Lang::De => "Nicht für die Größenplanung verwendbar (keine Tempokurve)",
    }
}

/// Why a run has no usable curve, for the picker.
pub fn unusable_reason(lang: Lang, error: &RunCurveError) -> &'static str {
    match (lang, error) {
        (Lang::En, RunCurveError::NoSpeedFigure) => "no per-request speed, TPOT or throughput measured",
        (Lang::En, RunCurveError::Core(_)) => "its points do not form a speed curve",
        (Lang::De, RunCurveError::NoSpeedFigure) => "weder Tempo je Anfrage, TPOT noch Durchsatz gemessen",
        (Lang::De, RunCurveError::Core(_)) => "seine Punkte ergeben keine Tempokurve",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hardware_names_the_sparks() {
        let one = Systems::Sparks { nodes: 1, topology: Topology::Single };
        let pair = Systems::Sparks { nodes: 2, topology: Topology::TensorParallel };
        assert_eq!(hardware(Lang::En, &one, 1), "on 1 DGX Spark");
        assert_eq!(hardware(Lang::En, &one, 3), "on 3 DGX Sparks (independent copies)");
        assert_eq!(hardware(Lang::En, &pair, 1), "on 2 DGX Sparks (1 pair, TP=2)");
        assert_eq!(hardware(Lang::En, &pair, 2), "on 4 DGX Sparks (2 pairs, TP=2)");
        assert_eq!(hardware(Lang::De, &pair, 2), "auf 4 DGX Sparks (2 Paare, TP=2)");
        let thor = Systems::AsMeasured { hardware: Some("Jetson AGX Thor"), nodes: 1 };
        assert_eq!(hardware(Lang::En, &thor, 1), "per system as measured (Jetson AGX Thor)");
        let unknown = Systems::AsMeasured { hardware: None, nodes: 1 };
        assert_eq!(hardware(Lang::De, &unknown, 2), "auf 2 Systemen wie gemessen");
    }

    #[test]
    fn durations_below_a_second_are_milliseconds() {
        assert_eq!(duration(Lang::En, 0.041), "41\u{a0}ms");
        assert_eq!(duration(Lang::De, 2.7), "2,7\u{a0}s");
        assert_eq!(duration(Lang::En, 0.9996), "1.0\u{a0}s");
    }

    #[test]
    fn a_margin_over_double_gives_people_not_a_percentage() {
        assert_eq!(
            margin(Lang::En, "prefill", 0.35, 163, 221),
            "The next limit, prefill, allows 35\u{a0}% more (221 people)."
        );
        assert_eq!(margin(Lang::En, "prefill", 653.25, 1, 654), "The next limit, prefill, allows 654 people.");
        assert_eq!(margin(Lang::En, "prefill", 0.5, 2, 3), "The next limit, prefill, allows 3 people.");
        assert_eq!(
            margin(Lang::De, "Prefill", 0.5, 20, 1),
            "Die nächste Grenze, Prefill, erlaubt 50\u{a0}% mehr (1 Person)."
        );
    }
}
