//! The words of a run's measured load (its open-loop tests and rate sweep), in English and
//! German. Numbers arrive as values and are formatted here with the language's marks.

use super::{Lang, format_integer, format_number};

/// Fixed texts of the measured-load section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadMsg {
    Heading,
    SweepCaption,
    TestsCaption,
    File,
    Rate,
    Burstiness,
    Requests,
    Lengths,
    Achieved,
    Ttft,
    MedianTpot,
    PerRequest,
    Output,
    PeakInFlight,
    AllAtOnce,
    TtftTitle,
    SpeedTitle,
    RateAxis,
    TtftAxis,
    SpeedAxis,
    TtftLegend,
    SpeedLegend,
    LimitLegend,
    NoSweep,
    Definition,
    DrawFailed,
}

/// The fixed text of `msg` in `lang`.
pub fn load_text(lang: Lang, msg: LoadMsg) -> &'static str {
    use LoadMsg::*;
    match lang {
        Lang::En => match msg {
            Heading => "Measured load: requests arriving at a rate",
            SweepCaption => "Rate sweep: one row per step, its own file",
            TestsCaption => "Single loads (files 07 to 10)",
            File => "File",
            Rate => "Rate (req/s)",
            Burstiness => "Burstiness",
            Requests => "Sent / completed / failed",
            Lengths => "Mean prompt / answer (tokens)",
            Achieved => "Achieved (req/s)",
            Ttft => "TTFT p50 / p95 / p99 (s)",
            MedianTpot => "Median TPOT (ms)",
            PerRequest => "Per-request speed (tok/s)",
            Output => "Output (tok/s)",
            PeakInFlight => "Peak in flight",
            AllAtOnce => "all at once",
            TtftTitle => "p95 time to first token against the request rate",
            SpeedTitle => "Per-request speed against the request rate",
            RateAxis => "Requests per second",
            TtftAxis => "p95 TTFT (s)",
            SpeedAxis => "tok/s per request",
            TtftLegend => "p95 time to first token of each step",
            SpeedLegend => "median request: 1000 / median TPOT",
            LimitLegend => "p95 limits of the capacity: 2, 5 and 10 s",
            NoSweep => {
                "The rate sweep of this run measured no step, so it gives no capacity; the single loads below are all there is."
            }
            Definition => {
                "Capacity is the highest configured rate whose p95 time to first token stays under the limit (the suite's own definition), recomputed here from the steps below."
            }
            DrawFailed => "The chart could not be drawn; the table below holds every figure.",
        },
        Lang::De => match msg {
            Heading => "Gemessene Last: Anfragen mit fester Rate",
            SweepCaption => "Raten-Sweep: eine Zeile je Stufe, jede aus ihrer eigenen Datei",
            TestsCaption => "Einzelne Lasten (Dateien 07 bis 10)",
            File => "Datei",
            Rate => "Rate (Anfr./s)",
            Burstiness => "Burstiness",
            Requests => "Gesendet / fertig / fehlgeschlagen",
            Lengths => "Mittlerer Prompt / Antwort (Token)",
            Achieved => "Erreicht (Anfr./s)",
            Ttft => "TTFT p50 / p95 / p99 (s)",
            MedianTpot => "Median-TPOT (ms)",
            PerRequest => "Geschwindigkeit pro Anfrage (Token/s)",
            Output => "Ausgabe (Token/s)",
            PeakInFlight => "Höchstens gleichzeitig",
            AllAtOnce => "alle auf einmal",
            TtftTitle => "p95-Zeit bis zum ersten Token nach Anfragerate",
            SpeedTitle => "Geschwindigkeit pro Anfrage nach Anfragerate",
            RateAxis => "Anfragen pro Sekunde",
            TtftAxis => "p95-TTFT (s)",
            SpeedAxis => "Token/s pro Anfrage",
            TtftLegend => "p95-Zeit bis zum ersten Token jeder Stufe",
            SpeedLegend => "mittlere Anfrage: 1000 / Median-TPOT",
            LimitLegend => "p95-Grenzen der Kapazität: 2, 5 und 10 s",
            NoSweep => {
                "Der Raten-Sweep dieses Laufs hat keine Stufe gemessen und ergibt daher keine Kapazität; es gibt nur die einzelnen Lasten unten."
            }
            Definition => {
                "Kapazität ist die höchste eingestellte Rate, deren p95-Zeit bis zum ersten Token unter der Grenze bleibt (die Definition der Suite), hier aus den Stufen unten nachgerechnet."
            }
            DrawFailed => "Das Diagramm konnte nicht gezeichnet werden; die Tabelle unten enthält jede Zahl.",
        },
    }
}

/// The section's first sentence: what was measured, on which hardware, by whom and when.
pub fn intro(lang: Lang, hardware: &str, nodes: u32, publisher: &str, date: &str) -> String {
    let systems = format_integer(lang, u64::from(nodes));
    match lang {
        Lang::En => format!(
            "The same server as this run's curves ({systems} × {hardware}), measured open loop with vllm bench serve by {publisher} on {date}: requests arrive at a set rate whatever the server's state (gamma arrivals), and those it cannot start wait in its queue."
        ),
        Lang::De => format!(
            "Derselbe Server wie bei den Kurven dieses Laufs ({systems} × {hardware}), im offenen Kreis mit vllm bench serve gemessen von {publisher} am {date}: Anfragen kommen mit fester Rate, gleich wie ausgelastet der Server ist (Gamma-Ankünfte), und was er nicht beginnen kann, wartet in seiner Warteschlange."
        ),
    }
}

/// The intro for a run a person imported as a whole suite: the hardware as its files state it.
pub fn intro_yours(lang: Lang, hardware: Option<&str>) -> String {
    match (lang, hardware) {
        (Lang::En, Some(hardware)) => format!(
            "The same server as this run's curves ({hardware}, as your meta.json states it), measured open loop with vllm bench serve: requests arrive at a set rate whatever the server's state, and those it cannot start wait in its queue."
        ),
        (Lang::En, None) => "The same server as this run's curves (your files do not state its hardware), measured open loop with vllm bench serve: requests arrive at a set rate whatever the server's state, and those it cannot start wait in its queue.".to_owned(),
        (Lang::De, Some(hardware)) => format!(
            "Derselbe Server wie bei den Kurven dieses Laufs ({hardware}, laut Ihrer meta.json), im offenen Kreis mit vllm bench serve gemessen: Anfragen kommen mit fester Rate, gleich wie ausgelastet der Server ist, und was er nicht beginnen kann, wartet in seiner Warteschlange."
        ),
        (Lang::De, None) => "Derselbe Server wie bei den Kurven dieses Laufs (Ihre Dateien nennen seine Hardware nicht), im offenen Kreis mit vllm bench serve gemessen: Anfragen kommen mit fester Rate, gleich wie ausgelastet der Server ist, und was er nicht beginnen kann, wartet in seiner Warteschlange.".to_owned(),
    }
}

/// The source line of a person's own measured load.
pub fn source_yours(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Source: the vllm bench serve JSON files you imported; each row names its file.",
        Lang::De => "Quelle: die importierten JSON-Dateien von vllm bench serve; jede Zeile nennt ihre Datei.",
    }
}

/// A rate in req/s, as the tables write it.
pub fn rate(lang: Lang, rate_per_s: f64) -> String {
    format_number(lang, rate_per_s, decimals(rate_per_s))
}

/// A measured rate in req/s, three decimals (as the suite's summary rounds it).
pub fn achieved(lang: Lang, rate_per_s: f64) -> String {
    format_number(lang, rate_per_s, 3)
}

/// Seconds from milliseconds, one decimal (two under 10 s).
pub fn seconds(lang: Lang, ms: f64) -> String {
    let s = ms / 1000.0;
    format_number(lang, s, if s < 10.0 { 2 } else { 1 })
}

/// A value in seconds with its unit, for a chart's label ("66.1 s").
pub fn seconds_label(lang: Lang, s: f64) -> String {
    format!("{} s", format_number(lang, s, 1))
}

/// A figure with one decimal.
pub fn one_decimal(lang: Lang, value: f64) -> String {
    format_number(lang, value, 1)
}

/// A count.
pub fn count(lang: Lang, value: f64) -> String {
    format_number(lang, value, 0)
}

/// The label beside a limit's line ("p95 < 5 s").
pub fn limit_label(lang: Lang, limit_ms: f64) -> String {
    // The same in both languages but for the number's marks.
    format!("p95 < {} s", format_number(lang, limit_ms / 1000.0, 0))
}

/// One limit's capacity: "under 5 s: 0.3 req/s", or no rate of the sweep.
pub fn capacity_at(lang: Lang, limit_ms: f64, capacity: Option<f64>) -> String {
    let s = format_number(lang, limit_ms / 1000.0, 0);
    match (lang, capacity) {
        (Lang::En, Some(rps)) => format!("under {s} s: {} req/s", rate(lang, rps)),
        (Lang::En, None) => format!("under {s} s: no rate of the sweep"),
        (Lang::De, Some(rps)) => format!("unter {s} s: {} Anfr./s", rate(lang, rps)),
        (Lang::De, None) => format!("unter {s} s: keine Rate des Sweeps"),
    }
}

/// The capacities, one sentence: "Capacity by p95 time to first token on 1 × DGX Spark (GB10):
/// under 2 s: …; under 5 s: …".
pub fn capacities(lang: Lang, hardware: Option<&str>, nodes: u32, parts: &[String]) -> String {
    let on = super::labels::measured_on(lang, nodes, hardware);
    let parts = parts.join("; ");
    match lang {
        Lang::En => format!("Capacity by p95 time to first token on {on}: {parts}."),
        Lang::De => format!("Kapazität nach p95-Zeit bis zum ersten Token auf {on}: {parts}."),
    }
}

/// Whether the suite's own summary agrees with the recomputed capacities.
pub fn summary_agrees(lang: Lang, file: &str) -> String {
    match lang {
        Lang::En => format!("The suite's summary ({file}) reports the same."),
        Lang::De => format!("Die Zusammenfassung der Suite ({file}) nennt dieselben Werte."),
    }
}

/// The suite's summary reports another capacity at a limit than the steps give.
pub fn summary_differs(lang: Lang, file: &str, limit_ms: f64, reported: Option<f64>) -> String {
    let s = format_number(lang, limit_ms / 1000.0, 0);
    match (lang, reported) {
        (Lang::En, Some(rps)) => {
            format!(
                "The suite's summary ({file}) reports {} req/s under {s} s; the figures above are ours from its steps.",
                rate(lang, rps)
            )
        }
        (Lang::En, None) => format!(
            "The suite's summary ({file}) reports no rate under {s} s; the figures above are ours from its steps."
        ),
        (Lang::De, Some(rps)) => format!(
            "Die Zusammenfassung der Suite ({file}) nennt {} Anfr./s unter {s} s; die Werte oben sind unsere aus ihren Stufen.",
            rate(lang, rps)
        ),
        (Lang::De, None) => format!(
            "Die Zusammenfassung der Suite ({file}) nennt keine Rate unter {s} s; die Werte oben sind unsere aus ihren Stufen."
        ),
    }
}

/// The sweep stopped early: its capacities are lower bounds.
pub fn aborted(lang: Lang, rate_per_s: f64) -> String {
    let r = rate(lang, rate_per_s);
    match lang {
        Lang::En => {
            format!("The sweep stopped at {r} req/s, where the server gave up; a capacity is at least the rate shown.")
        }
        Lang::De => format!(
            "Der Sweep brach bei {r} Anfr./s ab, wo der Server aufgab; eine Kapazität ist mindestens die gezeigte Rate."
        ),
    }
}

/// The rate above which requests in flight grow faster than throughput.
pub fn queue_knee(lang: Lang, rate_per_s: f64) -> String {
    let r = rate(lang, rate_per_s);
    match lang {
        Lang::En => format!("Above {r} req/s requests in flight grow faster than throughput (the suite's queue knee)."),
        Lang::De => format!(
            "Über {r} Anfr./s wachsen die gleichzeitigen Anfragen schneller als der Durchsatz (der Warteschlangen-Knick der Suite)."
        ),
    }
}

/// What the sweep sent: mean lengths of its completed requests and its arrivals.
pub fn sweep_workload(lang: Lang, prompt: f64, answer: f64, burstiness: f64) -> String {
    let (p, a, b) = (count(lang, prompt), count(lang, answer), one_decimal(lang, burstiness));
    match lang {
        Lang::En => format!(
            "Each step sends random prompts of {p} tokens and answers of {a} on average (its completed requests), arrivals with burstiness {b}; the chart's rates are those configured, the table's achieved ones beside them."
        ),
        Lang::De => format!(
            "Jede Stufe sendet zufällige Prompts von im Mittel {p} Token und Antworten von {a} (ihre fertigen Anfragen), Ankünfte mit Burstiness {b}; die Raten im Diagramm sind die eingestellten, die erreichten stehen in der Tabelle daneben."
        ),
    }
}

/// A limit on requests in flight the client set (`--max-concurrency`).
pub fn max_concurrency(lang: Lang, limit: f64) -> String {
    let l = count(lang, limit);
    match lang {
        Lang::En => format!("at most {l} in flight"),
        Lang::De => format!("höchstens {l} gleichzeitig"),
    }
}

/// The charts' text alternative: where p95 TTFT and the speed start and end.
pub fn chart_summary(lang: Lang, first: (f64, f64, Option<f64>), last: (f64, f64, Option<f64>)) -> String {
    let speed = |value: Option<f64>| value.map_or_else(|| "—".to_owned(), |v| one_decimal(lang, v));
    let (r0, t0, s0) = (rate(lang, first.0), seconds(lang, first.1), speed(first.2));
    let (r1, t1, s1) = (rate(lang, last.0), seconds(lang, last.1), speed(last.2));
    match lang {
        Lang::En => format!(
            "From {r0} to {r1} requests per second, p95 time to first token goes from {t0} s to {t1} s and the median request's speed from {s0} to {s1} tok/s."
        ),
        Lang::De => format!(
            "Von {r0} bis {r1} Anfragen pro Sekunde steigt die p95-Zeit bis zum ersten Token von {t0} s auf {t1} s, die Geschwindigkeit der mittleren Anfrage geht von {s0} auf {s1} Token/s."
        ),
    }
}

/// The source line under the tables.
pub fn source_line(lang: Lang, publisher: &str, title: &str, licence: Option<&str>) -> String {
    let licence = licence.map(|l| format!(", {l}")).unwrap_or_default();
    match lang {
        Lang::En => format!("Source: {publisher}, {title}{licence}: files 07 to 11 (vllm bench serve JSON)."),
        Lang::De => format!("Quelle: {publisher}, {title}{licence}: Dateien 07 bis 11 (JSON von vllm bench serve)."),
    }
}

/// Decimals for a rate: as many as it needs, up to three.
fn decimals(value: f64) -> usize {
    (0..3).find(|d| ((value * 10f64.powi(*d as i32)).round() - value * 10f64.powi(*d as i32)).abs() < 1e-9).unwrap_or(3)
}
