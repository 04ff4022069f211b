//! The words of "Check by simulation", in English and German. Numbers arrive as values and are
//! formatted here with the language's marks; sentences are built from the report's fields, never
//! from the core's English verdict.

use sizer_core::sim::{SimModel, SimReport, StopReason, TtftModel};

use super::{Lang, format_integer, format_number};

/// Fixed texts of the simulation section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimMsg {
    Heading,
    Intro,
    InFlightTitle,
    InFlightX,
    InFlightY,
    Simulated,
    Poisson,
    FinitePopulation,
    SweepTitle,
    SweepX,
    P50,
    P95,
    P99,
    WorkSummary,
    AnotherSeed,
    NoCurve,
    NoUsers,
    DrawFailed,
}

/// The fixed text of `msg` in `lang`.
pub fn sim_text(lang: Lang, msg: SimMsg) -> &'static str {
    use SimMsg::*;
    match lang {
        Lang::En => match msg {
            Heading => "Check by simulation",
            Intro => {
                "The sizing assumes Poisson arrivals, every request at exactly the floor, no prefill queue and a KV cache that never fills. This simulation drops all four: it replays the team's requests against the engine fitted to the run's own closed-loop benchmark files where it has them, else against its measured curve; the line under the verdict says which."
            }
            InFlightTitle => "Requests in flight: simulated and predicted",
            InFlightX => "Requests in flight",
            InFlightY => "% of time",
            Simulated => "Simulated",
            Poisson => "Poisson (the sizing's model)",
            FinitePopulation => "Finite population (binomial)",
            SweepTitle => "Per-request speed against team size",
            SweepX => "Users on one DGX Spark",
            P50 => "median request (p50)",
            P95 => "95 % of requests at least",
            P99 => "99 % of requests at least",
            WorkSummary => "Show your work: assumptions and seed",
            AnotherSeed => "Another seed",
            NoCurve => "This run has no per-request speed curve to simulate against.",
            NoUsers => "The sizing allows nobody on this run, so there is no team to simulate.",
            DrawFailed => "The chart could not be drawn; the figures above are complete.",
        },
        Lang::De => match msg {
            Heading => "Prüfung durch Simulation",
            Intro => {
                "Die Auslegung nimmt Poisson-Ankünfte an, jede Anfrage genau beim Mindesttempo, keine Prefill-Warteschlange und einen KV-Cache, der nie voll wird. Diese Simulation lässt alle vier fallen: Sie spielt die Anfragen des Teams gegen die an die eigenen Closed-Loop-Benchmarkdateien des Laufs angepasste Engine durch, wo er solche hat, sonst gegen seine gemessene Kurve; die Zeile unter dem Urteil sagt, welches Modell lief."
            }
            InFlightTitle => "Anfragen in Bearbeitung: simuliert und vorhergesagt",
            InFlightX => "Anfragen in Bearbeitung",
            InFlightY => "% der Zeit",
            Simulated => "Simuliert",
            Poisson => "Poisson (das Modell der Auslegung)",
            FinitePopulation => "Endliche Population (binomial)",
            SweepTitle => "Geschwindigkeit pro Anfrage nach Teamgröße",
            SweepX => "Nutzer auf einem DGX Spark",
            P50 => "mittlere Anfrage (p50)",
            P95 => "95 % der Anfragen mindestens",
            P99 => "99 % der Anfragen mindestens",
            WorkSummary => "Rechenweg: Annahmen und Startwert",
            AnotherSeed => "Anderer Startwert",
            NoCurve => "Dieser Lauf hat keine Kurve der Geschwindigkeit pro Anfrage, gegen die sich simulieren ließe.",
            NoUsers => "Die Auslegung erlaubt auf diesem Lauf niemanden, es gibt also kein Team zu simulieren.",
            DrawFailed => "Das Diagramm konnte nicht gezeichnet werden; die Zahlen oben sind vollständig.",
        },
    }
}

/// "The simulation cannot run: …." around the core's own words for a problem the section has no
/// sentence of its own for.
pub fn cannot_run(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::En => format!("The simulation cannot run: {detail}."),
        Lang::De => format!("Die Simulation kann nicht laufen: {detail}."),
    }
}

/// The unit of token speeds ("tok/s", German "Token/s"), for the sweep chart's axis and floor.
pub fn tok_s(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "tok/s",
        Lang::De => "Token/s",
    }
}

fn percent(lang: Lang, share: f64) -> String {
    format_number(lang, 100.0 * share, 1)
}

/// "The sizing holds: 100.0 % of requests kept 15 tok/s, p99 TTFT 0.2 s." (or "It does not: …").
pub fn verdict(lang: Lang, r: &SimReport) -> String {
    let share = percent(lang, r.share_requests_at_floor);
    let floor = super::format_setting(lang, r.floor_tok_s);
    let ttft = format_number(lang, r.p99_ttft_s, 1);
    let promise = percent(lang, r.percentile);
    let u = tok_s(lang);
    match (lang, r.requests == 0, r.holds) {
        (Lang::En, true, _) => "No request finished inside the simulated window: nothing to judge.".to_owned(),
        (Lang::De, true, _) => "Im simulierten Zeitraum wurde keine Anfrage fertig: nichts zu beurteilen.".to_owned(),
        (Lang::En, false, true) => {
            format!("The sizing holds: {share}\u{a0}% of requests kept {floor}\u{a0}{u}, p99 TTFT {ttft}\u{a0}s.")
        }
        (Lang::De, false, true) => {
            format!("Die Auslegung hält: {share}\u{a0}% der Anfragen hielten {floor}\u{a0}{u}, p99 TTFT {ttft}\u{a0}s.")
        }
        (Lang::En, false, false) => format!(
            "It does not: only {share}\u{a0}% of requests kept {floor}\u{a0}{u} (the sizing promises {promise}\u{a0}%), p99 TTFT {ttft}\u{a0}s."
        ),
        (Lang::De, false, false) => format!(
            "Sie hält nicht: nur {share}\u{a0}% der Anfragen hielten {floor}\u{a0}{u} (die Auslegung verspricht {promise}\u{a0}%), p99 TTFT {ttft}\u{a0}s."
        ),
    }
}

/// "163 users on one DGX Spark, <run>: 20,000 requests over 3.7 simulated hours, seed 1."
pub fn scope(lang: Lang, r: &SimReport, run_label: &str) -> String {
    let users = format_integer(lang, u64::from(r.users));
    let requests = format_integer(lang, r.requests);
    let hours = format_number(lang, r.window_s / 3600.0, 1);
    let seed = r.seed;
    match lang {
        Lang::En => format!(
            "{users} users on one DGX Spark, {run_label}: {requests} requests over {hours} simulated hours, seed {seed}."
        ),
        Lang::De => format!(
            "{users} Nutzer auf einem DGX Spark, {run_label}: {requests} Anfragen in {hours} simulierten Stunden, Startwert {seed}."
        ),
    }
}

/// Which model of the box ran, in one sentence under the scope: the engine fitted to the run's
/// own closed-loop files, or the measured curve (and why, where the run has an engine).
pub fn model_line(lang: Lang, r: &SimReport) -> String {
    let de = lang == Lang::De;
    let beyond = percent(lang, r.share_time_beyond_curve);
    match r.model {
        SimModel::Engine { fit_max_concurrency, max_decode_batch, .. } => {
            let fitted = format_number(lang, fit_max_concurrency, 0);
            let reached = format_integer(lang, u64::from(max_decode_batch));
            let within = f64::from(max_decode_batch) <= fit_max_concurrency;
            match (de, within) {
                (false, true) => format!(
                    "Model: the engine fitted to this run's own closed-loop files, step by step; up to {reached} requests decoding at once, within the {fitted} measured: no extrapolation."
                ),
                (false, false) => format!(
                    "Model: the engine fitted to this run's own closed-loop files, step by step; up to {reached} requests decoding at once, beyond the {fitted} measured: the step model extrapolated there ({beyond}\u{a0}% of the time)."
                ),
                (true, true) => format!(
                    "Modell: die an die eigenen Closed-Loop-Messungen dieses Laufs angepasste Engine, Schritt für Schritt; bis zu {reached} Anfragen zugleich im Decode, innerhalb der gemessenen {fitted}: keine Extrapolation."
                ),
                (true, false) => format!(
                    "Modell: die an die eigenen Closed-Loop-Messungen dieses Laufs angepasste Engine, Schritt für Schritt; bis zu {reached} Anfragen zugleich im Decode, über die gemessenen {fitted} hinaus: Dort extrapolierte das Schrittmodell ({beyond}\u{a0}% der Zeit)."
                ),
            }
        }
        SimModel::CurveRequestTooLong { tokens, limit } => {
            let (t, l) = (format_number(lang, tokens, 0), format_number(lang, limit, 0));
            if de {
                format!(
                    "Modell: die gemessene Kurve, nicht die angepasste Engine dieses Laufs: Die Engine nimmt höchstens {l} Token je Anfrage an, die Anfragen des Teams haben {t}."
                )
            } else {
                format!(
                    "Model: the measured curve, not this run's fitted engine: the engine takes at most {l} tokens per request, the team's requests have {t}."
                )
            }
        }
        SimModel::Curve => {
            if de {
                format!(
                    "Modell: die gemessene Kurve (dieser Lauf hat keine Closed-Loop-Messungen einer Suite, an die sich eine Engine anpassen ließe); jenseits ihres letzten Punkts gilt dessen Gesamtdurchsatz ({beyond}\u{a0}% der Zeit)."
                )
            } else {
                format!(
                    "Model: the measured curve (this run has no closed-loop suite files to fit an engine to); beyond its last point that point's aggregate is held ({beyond}\u{a0}% of the time)."
                )
            }
        }
    }
}

/// How a generating request's speed was set, as the model that ran sets it.
fn generation_sentence(lang: Lang, r: &SimReport) -> String {
    let de = lang == Lang::De;
    let beyond = percent(lang, r.share_time_beyond_curve);
    match r.model {
        SimModel::Engine { .. } => {
            if de {
                "Jeder Schritt der Engine gibt jeder Anfrage im Decode ein Token und dauert a + b·B + r·√B + c·K für B Anfragen mit K Token Kontext, beim Lesen von Prompts länger (docs/SIMULATION.md); die Geschwindigkeit einer Anfrage ist 1 / Schrittdauer.".to_owned()
            } else {
                "Each engine step gives every decoding request one token and takes a + b·B + r·√B + c·K for B requests holding K tokens of context, longer while it reads prompts (docs/SIMULATION.md); a request's speed is 1 / step time.".to_owned()
            }
        }
        SimModel::Curve | SimModel::CurveRequestTooLong { .. } => {
            if de {
                format!(
                    "Jede Anfrage in der Generierung läuft mit der Geschwindigkeit pro Anfrage, die die Kurve für die Zahl der gleichzeitig generierenden Anfragen angibt; jenseits des letzten Messpunkts gilt dessen Gesamtdurchsatz ({beyond}\u{a0}% der Zeit)."
                )
            } else {
                format!(
                    "Every generating request runs at the curve's per-request speed for the number generating at that moment; beyond the last measured point its aggregate is held ({beyond}\u{a0}% of the time)."
                )
            }
        }
    }
}

/// "Simulating: 45 %" while the main run or a sweep point is going.
pub fn progress(lang: Lang, share: f64, sweep_runs: usize) -> String {
    let done = format_number(lang, 100.0 * share.clamp(0.0, 1.0), 0);
    match (lang, sweep_runs) {
        (Lang::En, 0) => format!("Simulating: {done}\u{a0}%"),
        (Lang::De, 0) => format!("Simuliere: {done}\u{a0}%"),
        (Lang::En, n) => format!("Trying team sizes: {n} simulated, the next at {done}\u{a0}%"),
        (Lang::De, n) => format!("Teste Teamgrößen: {n} simuliert, die nächste bei {done}\u{a0}%"),
    }
}

/// The in-flight chart's sentence: simulated mean and p99 beside the formula's.
pub fn in_flight_summary(lang: Lang, r: &SimReport) -> String {
    let mean = format_number(lang, r.mean_in_flight, 1);
    let formula = format_number(lang, r.formula_mean_in_flight, 1);
    let p99 = format_integer(lang, u64::from(r.p99_in_flight));
    let streams = format_number(lang, r.streams_at_floor, 1);
    match lang {
        Lang::En => format!(
            "On average {mean} requests in flight (the formula: {formula}); 99 % of the time at most {p99}, against {streams} streams that keep the floor on the curve."
        ),
        Lang::De => format!(
            "Im Mittel {mean} Anfragen in Bearbeitung (die Formel: {formula}); 99 % der Zeit höchstens {p99}, bei {streams} Strömen, die auf der Kurve das Mindesttempo halten."
        ),
    }
}

/// Where the sweep found the crossing, beside the formula's team size.
pub fn sweep_sentence(lang: Lang, formula: u64, held: u32, failed: Option<u32>, percentile: f64) -> String {
    let formula = format_integer(lang, formula);
    let held_s = format_integer(lang, u64::from(held));
    let p = format_number(lang, 100.0 * percentile, 1);
    match (lang, held, failed) {
        (Lang::En, 0, Some(f)) => format!(
            "The formula allows {formula} users; in the simulation (same seed) not even {} kept the floor for {p}\u{a0}% of requests.",
            format_integer(lang, u64::from(f))
        ),
        (Lang::De, 0, Some(f)) => format!(
            "Die Formel erlaubt {formula} Nutzer; in der Simulation (gleicher Startwert) hielten nicht einmal {} das Mindesttempo für {p}\u{a0}% der Anfragen.",
            format_integer(lang, u64::from(f))
        ),
        (Lang::En, _, Some(f)) => format!(
            "The formula allows {formula} users; the simulation (same seed) keeps the floor for {p}\u{a0}% of requests up to {held_s} users, not at {}.",
            format_integer(lang, u64::from(f))
        ),
        (Lang::De, _, Some(f)) => format!(
            "Die Formel erlaubt {formula} Nutzer; die Simulation (gleicher Startwert) hält das Mindesttempo für {p}\u{a0}% der Anfragen bis {held_s} Nutzer, bei {} nicht mehr.",
            format_integer(lang, u64::from(f))
        ),
        (Lang::En, _, None) => format!(
            "The formula allows {formula} users; the simulation (same seed) keeps the floor for {p}\u{a0}% of requests up to at least {held_s}."
        ),
        (Lang::De, _, None) => format!(
            "Die Formel erlaubt {formula} Nutzer; die Simulation (gleicher Startwert) hält das Mindesttempo für {p}\u{a0}% der Anfragen bis mindestens {held_s}."
        ),
    }
}

/// The label of the formula's team size on the sweep chart.
pub fn formula_label(lang: Lang, people: u64) -> String {
    match lang {
        Lang::En => format!("formula: {}", format_integer(lang, people)),
        Lang::De => format!("Formel: {}", format_integer(lang, people)),
    }
}

/// The label of the streams at the floor on the in-flight chart.
pub fn streams_label(lang: Lang, streams: f64, floor: f64) -> String {
    let s = format_number(lang, streams, 1);
    let f = super::format_setting(lang, floor);
    match lang {
        Lang::En => format!("{s} streams at {f} {}", tok_s(lang)),
        Lang::De => format!("{s} Ströme bei {f} {}", tok_s(lang)),
    }
}

/// What the simulation assumed and measured, one sentence each ("show your work").
/// `think_s` is the mean think time of the scenario's user (`None` for always-busy users).
pub fn assumptions(
    lang: Lang,
    r: &SimReport,
    think_s: Option<f64>,
    prompt: f64,
    answer: f64,
    context: f64,
) -> Vec<String> {
    let n = |v: f64, d: usize| format_number(lang, v, d);
    let u = tok_s(lang);
    let de = lang == Lang::De;
    let mut out = Vec::with_capacity(7);
    out.push(match (think_s, de) {
        (Some(t), false) => format!(
            "Each user thinks for an exponential time with mean {}\u{a0}s (time between requests minus the busy time at the floor), then sends one request of {} prompt tokens for {} answer tokens.",
            n(t, 1), n(prompt, 0), n(answer, 0)
        ),
        (Some(t), true) => format!(
            "Jeder Nutzer denkt eine exponentiell verteilte Zeit mit Mittel {}\u{a0}s (Abstand der Anfragen minus Belegzeit beim Mindesttempo) und sendet dann eine Anfrage mit {} Prompt-Token für {} Antwort-Token.",
            n(t, 1), n(prompt, 0), n(answer, 0)
        ),
        (None, false) => format!("Each user sends the next request as soon as the last is answered (always busy): {} prompt tokens, {} answer tokens.", n(prompt, 0), n(answer, 0)),
        (None, true) => format!("Jeder Nutzer sendet die nächste Anfrage, sobald die letzte beantwortet ist (immer beschäftigt): {} Prompt-Token, {} Antwort-Token.", n(prompt, 0), n(answer, 0)),
    });
    out.push(generation_sentence(lang, r));
    let ttft = r.ttft_s.map(|p| (n(p.p50, 2), n(p.p99, 2))).unwrap_or_default();
    out.push(match (r.ttft_model, de) {
        (TtftModel::PrefillQueue { prefill_tok_s }, false) => format!("Prompts queue first come, first served, and are read at {}\u{a0}tok/s (the run's prefill rate): TTFT p50 {}\u{a0}s, p99 {}\u{a0}s.", n(prefill_tok_s, 0), ttft.0, ttft.1),
        (TtftModel::PrefillQueue { prefill_tok_s }, true) => format!("Prompts warten der Reihe nach und werden mit {}\u{a0}Token/s gelesen (die Prefill-Rate des Laufs): TTFT p50 {}\u{a0}s, p99 {}\u{a0}s.", n(prefill_tok_s, 0), ttft.0, ttft.1),
        (TtftModel::MeasuredByLoad, false) => format!("TTFT is the run's measured median at the number in flight: p50 {}\u{a0}s, p99 {}\u{a0}s.", ttft.0, ttft.1),
        (TtftModel::MeasuredByLoad, true) => format!("TTFT ist der gemessene Median des Laufs bei der Zahl der Anfragen in Bearbeitung: p50 {}\u{a0}s, p99 {}\u{a0}s.", ttft.0, ttft.1),
        (TtftModel::Fixed { ttft_s }, false) => format!("TTFT is a fixed {}\u{a0}s for every request (the run measured no prefill rate or TTFT).", n(ttft_s, 2)),
        (TtftModel::Fixed { ttft_s }, true) => format!("TTFT ist für jede Anfrage fest {}\u{a0}s (der Lauf hat weder Prefill-Rate noch TTFT gemessen).", n(ttft_s, 2)),
        (TtftModel::EngineSteps { step_token_budget }, false) => format!("Prompts wait first come, first served, for admission, then are read in chunks inside the engine's steps beside the decodes (at most {} tokens a step): TTFT p50 {}\u{a0}s, p99 {}\u{a0}s.", format_integer(lang, u64::from(step_token_budget)), ttft.0, ttft.1),
        (TtftModel::EngineSteps { step_token_budget }, true) => format!("Prompts warten der Reihe nach auf Zulassung und werden dann stückweise in den Schritten der Engine neben den Decodes gelesen (höchstens {} Token je Schritt): TTFT p50 {}\u{a0}s, p99 {}\u{a0}s.", format_integer(lang, u64::from(step_token_budget)), ttft.0, ttft.1),
    });
    let waited = percent(lang, r.share_requests_waited_for_kv);
    out.push(match (r.model, r.kv_sessions, de) {
        (SimModel::Engine { kv_pool_tokens, .. }, _, false) => format!("A request is admitted when its prompt and whole answer fit in the engine's KV pool of {} tokens beside the others'; {waited}\u{a0}% of requests waited for room.", n(kv_pool_tokens, 0)),
        (SimModel::Engine { kv_pool_tokens, .. }, _, true) => format!("Eine Anfrage wird zugelassen, wenn ihr Prompt und ihre ganze Antwort neben den anderen in den KV-Pool der Engine von {} Token passen; {waited}\u{a0}% der Anfragen warteten auf Platz.", n(kv_pool_tokens, 0)),
        (_, Some(k), false) => format!("At most {} sessions of {} tokens at once (the run's KV pool); {waited}\u{a0}% of requests waited for one.", format_integer(lang, k), n(context, 0)),
        (_, Some(k), true) => format!("Höchstens {} Sitzungen zu {} Token gleichzeitig (der KV-Pool des Laufs); {waited}\u{a0}% der Anfragen warteten auf eine.", format_integer(lang, k), n(context, 0)),
        (_, None, false) => "No KV pool is known for this run: sessions are not limited.".to_owned(),
        (_, None, true) => "Für diesen Lauf ist kein KV-Pool bekannt: Sitzungen sind nicht begrenzt.".to_owned(),
    });
    let stop = match (r.stopped_by, de) {
        (StopReason::Requests, false) => "the request count was reached",
        (StopReason::Requests, true) => "die Zahl der Anfragen war erreicht",
        (StopReason::Window, false) => "the simulated time ran out",
        (StopReason::Window, true) => "die simulierte Zeit war um",
        (StopReason::EventBudget, false) => "the event limit was hit",
        (StopReason::EventBudget, true) => "die Grenze an Ereignissen war erreicht",
    };
    let (warm, reqs, hours) = (n(r.warmup_s / 60.0, 0), format_integer(lang, r.requests), n(r.window_s / 3600.0, 2));
    out.push(if de {
        format!("Einlaufzeit {warm} min, dann {reqs} Anfragen in {hours} simulierten Stunden gemessen (Ende: {stop}).")
    } else {
        format!("Warm-up {warm} min, then {reqs} requests measured over {hours} simulated hours (stopped: {stop}).")
    });
    if let Some(s) = r.speed_tok_s {
        let time = percent(lang, r.share_time_at_floor);
        out.push(if de {
            format!("Geschwindigkeit pro Anfrage p50 / p95 / p99: {} / {} / {}\u{a0}{u}; {time}\u{a0}% der Zeit liefen die generierenden Anfragen mit dem Mindesttempo oder schneller.", n(s.p50, 1), n(s.p95, 1), n(s.p99, 1))
        } else {
            format!("Per-request speed p50 / p95 / p99: {} / {} / {}\u{a0}{u}; {time}\u{a0}% of the time the generating requests ran at or above the floor.", n(s.p50, 1), n(s.p95, 1), n(s.p99, 1))
        });
    }
    out.push(if de {
        format!("Startwert {} (SplitMix64): Derselbe Startwert ergibt in jedem Browser und nativ dieselben Zahlen; er steht im Link.", r.seed)
    } else {
        format!("Seed {} (SplitMix64): the same seed gives the same figures in every browser and natively; it is part of the link.", r.seed)
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_sentence_reads_in_both_languages() {
        assert_eq!(
            sweep_sentence(Lang::En, 163, 189, Some(190), 0.99),
            "The formula allows 163 users; the simulation (same seed) keeps the floor for 99.0\u{a0}% of requests up to 189 users, not at 190."
        );
        assert_eq!(
            sweep_sentence(Lang::De, 1_630, 0, Some(1), 0.995),
            "Die Formel erlaubt 1.630 Nutzer; in der Simulation (gleicher Startwert) hielten nicht einmal 1 das Mindesttempo für 99,5\u{a0}% der Anfragen."
        );
        assert_eq!(formula_label(Lang::De, 163), "Formel: 163");
        assert_eq!(streams_label(Lang::En, 52.5, 15.0), "52.5 streams at 15 tok/s");
        assert_eq!(progress(Lang::De, 0.456, 0), "Simuliere: 46\u{a0}%");
    }

    /// A report of the curve model (one chat user on a flat curve) whose model fields the tests
    /// then set.
    fn report() -> SimReport {
        let curve = sizer_core::Curve::from_per_request(&[(1.0, 60.0), (2.0, 50.0)]).expect("curve");
        let machine = sizer_core::sim::Machine::from_curve(curve);
        let request = sizer_core::sim::SimRequest {
            groups: vec![sizer_core::sim::SimGroup::chat(1)],
            max_requests: 10,
            ..sizer_core::sim::SimRequest::default()
        };
        sizer_core::sim::simulate(&request, &machine, 1).expect("runs")
    }

    #[test]
    fn the_model_line_names_the_model_and_how_far_it_extrapolated() {
        let within = SimReport {
            model: SimModel::Engine { kv_pool_tokens: 1e6, fit_max_concurrency: 20.0, max_decode_batch: 10 },
            ..report()
        };
        assert_eq!(
            model_line(Lang::En, &within),
            "Model: the engine fitted to this run's own closed-loop files, step by step; up to 10 requests decoding at once, within the 20 measured: no extrapolation."
        );
        let beyond = SimReport {
            model: SimModel::Engine { kv_pool_tokens: 1e6, fit_max_concurrency: 20.0, max_decode_batch: 1_234 },
            share_time_beyond_curve: 0.123,
            ..report()
        };
        assert_eq!(
            model_line(Lang::De, &beyond),
            "Modell: die an die eigenen Closed-Loop-Messungen dieses Laufs angepasste Engine, Schritt für Schritt; bis zu 1.234 Anfragen zugleich im Decode, über die gemessenen 20 hinaus: Dort extrapolierte das Schrittmodell (12,3\u{a0}% der Zeit)."
        );
        let too_long =
            SimReport { model: SimModel::CurveRequestTooLong { tokens: 12_000.0, limit: 8_192.0 }, ..report() };
        assert_eq!(
            model_line(Lang::En, &too_long),
            "Model: the measured curve, not this run's fitted engine: the engine takes at most 8,192 tokens per request, the team's requests have 12,000."
        );
        let curve = report();
        assert_eq!(curve.model, SimModel::Curve);
        assert!(
            model_line(Lang::De, &curve)
                .starts_with("Modell: die gemessene Kurve (dieser Lauf hat keine Closed-Loop-Messungen")
        );
    }
}
