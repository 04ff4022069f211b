//! The words of "Load from your logs" (a load predicted on the chosen run's engine model), in
//! English and German. Numbers arrive as values and are formatted here with the language's marks.

use sizer_data::predict_engine::{FitWorkload, ModelSource};
use sizer_data::prediction::{KeptRate, Overload, PageField, PageLoadError, SpeedVsFloor};

use super::{Lang, format_integer, format_number};

/// Fixed texts of the section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PredictMsg {
    Heading,
    Intro,
    RateLabel,
    BurstinessLabel,
    PromptLabel,
    AnswerLabel,
    TargetLabel,
    UnitRate,
    UnitTokens,
    UnitSeconds,
    UnitNone,
    Running,
    SweepNote,
    MeasuredNote,
    TtftTitle,
    SpeedTitle,
    PredictedLegend,
    MeasuredLegend,
    LimitLegend,
    TargetLabelShort,
    DrawFailed,
}

/// The fixed text of `msg` in `lang`.
pub fn predict_text(lang: Lang, msg: PredictMsg) -> &'static str {
    use PredictMsg::*;
    match lang {
        Lang::En => match msg {
            Heading => "Load from your logs",
            Intro => {
                "Enter the peak requests per second your logs show and what a request sends and gets back: the run's engine model (fitted to its own measurements, or computed from its model's architecture: the line under the result says which) predicts how long people wait for the first token and how fast each answer streams, request by request, with requests arriving at random (gamma) intervals."
            }
            RateLabel => "Peak requests per second",
            BurstinessLabel => "Burstiness (1 = Poisson, lower = burstier)",
            PromptLabel => "Prompt per request",
            AnswerLabel => "Answer per request",
            TargetLabel => "p95 time-to-first-token target",
            UnitRate => "req/s",
            UnitTokens => "tokens",
            UnitSeconds => "s",
            UnitNone => "",
            Running => "Predicting …",
            SweepNote => {
                "The charts predict six rates from 0.1 to 1 req/s (the DGX Spark arena's rate sweep, whichever run is chosen), each sending what the arena's step sent (at least 100 requests, else 250 s of arrivals) with your lengths (spread ±90 %) and burstiness; the highest rate that keeps the target is read from the same sweep continued to 4 req/s."
            }
            MeasuredNote => {
                "Filled points: this server's measured rate sweep (random 4,000 in / 500 out, burstiness 0.7); they compare with the prediction only at those lengths."
            }
            TtftTitle => "Predicted p95 time to first token against the request rate",
            SpeedTitle => "Predicted per-request speed against the request rate",
            PredictedLegend => "Predicted (hollow)",
            MeasuredLegend => "Measured (filled)",
            LimitLegend => "Your target",
            TargetLabelShort => "target",
            DrawFailed => "The chart could not be drawn; the sentences above give the prediction.",
        },
        Lang::De => match msg {
            Heading => "Last aus Ihren Logs",
            Intro => {
                "Geben Sie die Spitzenlast in Anfragen pro Sekunde aus Ihren Logs an und was eine Anfrage sendet und zurückbekommt: Das Modell der Engine dieses Laufs (an seine eigenen Messungen angepasst oder aus der Architektur seines Modells berechnet: die Zeile unter dem Ergebnis sagt, welches) sagt vorher, wie lange man auf das erste Token wartet und wie schnell jede Antwort kommt, Anfrage für Anfrage, bei zufälligen (Gamma-)Abständen der Anfragen."
            }
            RateLabel => "Anfragen pro Sekunde zur Spitze",
            BurstinessLabel => "Burstiness (1 = Poisson, kleiner = stoßweiser)",
            PromptLabel => "Prompt je Anfrage",
            AnswerLabel => "Antwort je Anfrage",
            TargetLabel => "Ziel für die p95-Zeit bis zum ersten Token",
            UnitRate => "Anfr./s",
            UnitTokens => "Tokens",
            UnitSeconds => "s",
            UnitNone => "",
            Running => "Vorhersage läuft …",
            SweepNote => {
                "Die Diagramme sagen sechs Raten von 0,1 bis 1 Anfr./s vorher (den Raten-Sweep der DGX-Spark-Arena, für jeden gewählten Lauf), jede mit so vielen Anfragen wie die Stufe der Arena (mindestens 100, sonst 250 s an Ankünften), mit Ihren Längen (±90 % gestreut) und Ihrer Burstiness; die höchste Rate, die das Ziel hält, stammt aus demselben Sweep, fortgesetzt bis 4 Anfr./s."
            }
            MeasuredNote => {
                "Gefüllte Punkte: der gemessene Raten-Sweep dieses Servers (zufällig 4.000 hinein / 500 heraus, Burstiness 0,7); mit der Vorhersage vergleichbar nur bei diesen Längen."
            }
            TtftTitle => "Vorhergesagte p95-Zeit bis zum ersten Token nach Anfragerate",
            SpeedTitle => "Vorhergesagte Geschwindigkeit je Anfrage nach Anfragerate",
            PredictedLegend => "Vorhergesagt (hohl)",
            MeasuredLegend => "Gemessen (gefüllt)",
            LimitLegend => "Ihr Ziel",
            TargetLabelShort => "Ziel",
            DrawFailed => "Das Diagramm konnte nicht gezeichnet werden; die Sätze oben enthalten die Vorhersage.",
        },
    }
}

/// A rate in req/s: up to two decimals, as typed.
pub fn rate(lang: Lang, rate_per_s: f64) -> String {
    let decimals = if (rate_per_s * 10.0).fract() == 0.0 { 1 } else { 2 };
    format_number(lang, rate_per_s, if rate_per_s.fract() == 0.0 { 0 } else { decimals })
}

/// Seconds, two decimals under 10 s, one above.
pub fn seconds(lang: Lang, s: f64) -> String {
    format_number(lang, s, if s < 10.0 { 2 } else { 1 })
}

/// An input's starting text in `lang` (`0.5`, `4,000` / `0,5`, `4.000`).
pub fn input_text(lang: Lang, value: f64) -> String {
    if value.fract() == 0.0 { format_number(lang, value, 0) } else { rate(lang, value) }
}

/// The main result: "At 0.5 req/s on 1 × DGX Spark (GB10): p50 TTFT 1.23 s, p95 TTFT 2.61 s,
/// 12.2 tok/s per request, 24.3 requests in flight on average (31 at most)." A person's run
/// whose hardware nobody stated is "on 1 system (hardware not stated)".
#[allow(clippy::too_many_arguments)]
pub fn headline(
    lang: Lang,
    rate_per_s: f64,
    nodes: u32,
    hardware: Option<&str>,
    ttft: (f64, f64),
    tok_s: Option<f64>,
    mean_in_flight: f64,
    max_in_flight: u32,
) -> String {
    let hardware = super::labels::measured_on(lang, nodes, hardware);
    let (r, p50, p95) = (rate(lang, rate_per_s), seconds(lang, ttft.0), seconds(lang, ttft.1));
    let mean = format_number(lang, mean_in_flight, 1);
    let max = format_integer(lang, u64::from(max_in_flight));
    match (lang, tok_s) {
        (Lang::En, Some(v)) => format!(
            "At {r} req/s on {hardware}: p50 TTFT {p50} s, p95 TTFT {p95} s, {} tok/s per request, {mean} requests in flight on average ({max} at most).",
            format_number(lang, v, 1)
        ),
        (Lang::En, None) => format!(
            "At {r} req/s on {hardware}: p50 TTFT {p50} s, p95 TTFT {p95} s, no request got a second token, {mean} requests in flight on average ({max} at most)."
        ),
        (Lang::De, Some(v)) => format!(
            "Bei {r} Anfr./s auf {hardware}: p50-TTFT {p50} s, p95-TTFT {p95} s, {} Token/s je Anfrage, im Mittel {mean} Anfragen gleichzeitig in Arbeit (höchstens {max}).",
            format_number(lang, v, 1)
        ),
        (Lang::De, None) => format!(
            "Bei {r} Anfr./s auf {hardware}: p50-TTFT {p50} s, p95-TTFT {p95} s, keine Anfrage bekam ein zweites Token, im Mittel {mean} Anfragen gleichzeitig in Arbeit (höchstens {max})."
        ),
    }
}

/// The median request's predicted speed against the person's floor: "Per request the median
/// answer streams at 4.4 tok/s, under your 15 tok/s floor: at this rate people get less than
/// the sizing assumes."
pub fn against_floor(lang: Lang, check: &SpeedVsFloor) -> String {
    let (tok_s, floor, below) = match *check {
        SpeedVsFloor::AtOrAbove { tok_s, floor_tok_s } => (tok_s, floor_tok_s, false),
        SpeedVsFloor::Below { tok_s, floor_tok_s } => (tok_s, floor_tok_s, true),
    };
    let (v, f) = (format_number(lang, tok_s, 1), super::format_setting(lang, floor));
    match (lang, below) {
        (Lang::En, true) => format!(
            "Per request the median answer streams at {v} tok/s, under your {f} tok/s floor: at this rate people get less than the sizing assumes."
        ),
        (Lang::En, false) => {
            format!("Per request the median answer streams at {v} tok/s, at or above your {f} tok/s floor.")
        }
        (Lang::De, true) => format!(
            "Pro Anfrage läuft die mittlere Antwort mit {v} Token/s, unter Ihrem Mindesttempo von {f} Token/s: Bei dieser Rate bekommen die Personen weniger, als die Auslegung annimmt."
        ),
        (Lang::De, false) => {
            format!(
                "Pro Anfrage läuft die mittlere Antwort mit {v} Token/s, auf oder über Ihrem Mindesttempo von {f} Token/s."
            )
        }
    }
}

/// The headline of a load the server cannot keep up with: no TTFT percentile holds, so none is
/// given; the rate it completes instead.
pub fn overloaded(lang: Lang, nodes: u32, hardware: Option<&str>, overload: &Overload) -> String {
    let hardware = super::labels::measured_on(lang, nodes, hardware);
    let (sent, done) = (rate(lang, overload.arrival_per_s), rate(lang, overload.completed_per_s));
    match lang {
        Lang::En => format!(
            "At {sent} req/s on {hardware} the queue grows without bound: requests arrive faster than the server completes them (about {done} req/s), so every request waits longer than the one before and no TTFT percentile holds. Lower the rate or add servers."
        ),
        Lang::De => format!(
            "Bei {sent} Anfr./s auf {hardware} wächst die Warteschlange ohne Grenze: Anfragen kommen schneller, als der Server sie abschließt (etwa {done} Anfr./s), jede wartet länger als die vorige, und kein TTFT-Perzentil hat Bestand. Senken Sie die Rate oder nehmen Sie Server hinzu."
        ),
    }
}

/// The highest rate of the sweep that keeps the target.
pub fn kept(lang: Lang, kept: KeptRate, target_s: f64) -> String {
    let t = input_text(lang, target_s);
    match (lang, kept) {
        (Lang::En, KeptRate::Within { rps }) => {
            format!("The highest rate tried that keeps p95 TTFT under {t} s: {} req/s.", rate(lang, rps))
        }
        (Lang::En, KeptRate::BelowLowest { lowest }) => {
            format!("Even {} req/s, the lowest rate tried, takes p95 TTFT past {t} s.", rate(lang, lowest))
        }
        (Lang::En, KeptRate::AtLeast { rps }) => format!(
            "Every rate tried keeps p95 TTFT under {t} s, up to {} req/s, the most the sweep tries.",
            rate(lang, rps)
        ),
        (Lang::De, KeptRate::Within { rps }) => {
            format!("Die höchste versuchte Rate, bei der die p95-TTFT unter {t} s bleibt: {} Anfr./s.", rate(lang, rps))
        }
        (Lang::De, KeptRate::BelowLowest { lowest }) => format!(
            "Schon {} Anfr./s, die kleinste versuchte Rate, bringt die p95-TTFT über {t} s.",
            rate(lang, lowest)
        ),
        (Lang::De, KeptRate::AtLeast { rps }) => format!(
            "Jede versuchte Rate hält die p95-TTFT unter {t} s, bis {} Anfr./s, der höchsten des Sweeps.",
            rate(lang, rps)
        ),
    }
}

/// Which engine model ran and on which workloads: a suite's by their test names (`01-chat.md`),
/// a dataset run's one curve by its lengths in `lang` (its workload note is the data's English).
pub fn model(lang: Lang, source: ModelSource, workloads: &[FitWorkload]) -> String {
    let n = format_integer(lang, workloads.len() as u64);
    let names: Vec<String> = match source {
        ModelSource::DatasetCurve => workloads.iter().map(|w| curve_lengths(lang, w)).collect(),
        _ => workloads.iter().map(|w| w.name.clone()).collect(),
    };
    let names = names.join("; ");
    match (lang, source) {
        (_, ModelSource::Architecture) => super::architecture::predict_model(lang),
        (Lang::En, ModelSource::DatasetCurve) => format!(
            "Engine model: a fallback fitted to this run's one curve ({names}) and its prompt rate, without a context term and with an assumed scheduler; no measured load has checked it."
        ),
        (Lang::En, _) => format!(
            "Engine model: continuous batching with chunked prefill, fitted to this run's own closed-loop measurements ({n} workloads: {names}) by the calibration's fit (docs/CALIBRATION.md)."
        ),
        (Lang::De, ModelSource::DatasetCurve) => format!(
            "Modell der Engine: ein Ersatz, angepasst an die eine Kurve dieses Laufs ({names}) und seine Prompt-Rate, ohne Kontextterm und mit angenommenem Scheduler; keine gemessene Last hat es geprüft."
        ),
        (Lang::De, _) => format!(
            "Modell der Engine: Continuous Batching mit Chunked Prefill, angepasst an die eigenen Messungen dieses Laufs im geschlossenen Kreis ({n} Arbeitslasten: {names}) mit dem Fit der Kalibrierung (docs/CALIBRATION.md)."
        ),
    }
}

/// A curve's workload by its lengths: "512 in / 256 out", "512 ein / 256 aus".
fn curve_lengths(lang: Lang, workload: &FitWorkload) -> String {
    let (inn, out) = super::workloads::in_out(lang);
    [
        format_number(lang, workload.prompt_tokens, 0).as_str(),
        inn,
        " / ",
        &format_number(lang, workload.answer_tokens, 0),
        out,
    ]
    .concat()
}

/// How far the prediction went beyond what the engine was fitted to.
pub fn extrapolation(
    lang: Lang,
    max_batch: u32,
    fit_concurrency: f64,
    batch_ratio: f64,
    context_ratio: f64,
    beyond: bool,
) -> String {
    let (b, c) = (format_integer(lang, u64::from(max_batch)), format_number(lang, fit_concurrency, 0));
    let (br, cr) = (format_number(lang, batch_ratio, 1), format_number(lang, context_ratio, 1));
    match (lang, beyond) {
        (Lang::En, true) => format!(
            "It extrapolates: up to {b} requests decoded at once, {br} × the highest concurrency measured ({c}), and {cr} × the most context a measured batch held."
        ),
        (Lang::En, false) => format!(
            "It stays within what was measured: up to {b} requests decoded at once (measured up to {c}), {cr} × the most context a measured batch held."
        ),
        (Lang::De, true) => format!(
            "Es extrapoliert: bis zu {b} Anfragen zugleich im Decode, das {br}-Fache der höchsten gemessenen Parallelität ({c}), und das {cr}-Fache des größten gemessenen Kontexts eines Batches."
        ),
        (Lang::De, false) => format!(
            "Es bleibt im gemessenen Bereich: bis zu {b} Anfragen zugleich im Decode (gemessen bis {c}), das {cr}-Fache des größten gemessenen Kontexts eines Batches."
        ),
    }
}

/// The run gives no engine model: the data's sentence (in English) after the page's own.
pub fn no_engine(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::En => format!("No prediction for this run: {detail}"),
        Lang::De => format!("Für diesen Lauf gibt es keine Vorhersage (auf Englisch): {detail}"),
    }
}

/// The load cannot run on the engine: the data's sentence (in English) after the page's own.
pub fn failed(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::En => format!("The prediction cannot run: {detail}"),
        Lang::De => format!("Die Vorhersage kann nicht laufen (auf Englisch): {detail}"),
    }
}

/// The field an error belongs under, as its `data-field` name.
pub fn field_name(field: PageField) -> &'static str {
    match field {
        PageField::RatePerS => "load-rate",
        PageField::Burstiness => "load-burstiness",
        PageField::PromptTokens => "load-prompt",
        PageField::AnswerTokens => "load-answer",
        PageField::TargetS => "load-target",
    }
}

/// One sentence for a bad input.
pub fn input_error(lang: Lang, error: PageLoadError) -> String {
    let n = |v: f64| format_number(lang, v, if v.fract() == 0.0 { 0 } else { 2 });
    match (lang, error) {
        (Lang::En, PageLoadError::NotFinite { .. }) => "Enter a number.".to_owned(),
        (Lang::En, PageLoadError::NotPositive { .. }) => "Must be greater than 0.".to_owned(),
        (Lang::En, PageLoadError::TooSmall { min, .. }) => format!("Must be at least {}.", n(min)),
        (Lang::En, PageLoadError::TooLarge { max, .. }) => format!("Must be at most {}.", n(max)),
        (Lang::En, PageLoadError::NotWhole { .. }) => "Must be a whole number of tokens.".to_owned(),
        (Lang::En, PageLoadError::TooLong { tokens, limit }) => format!(
            "The longest request (prompt plus answer at the top of the ±90 % spread: {} tokens) is longer than this server holds ({} tokens).",
            n(tokens),
            n(limit)
        ),
        (Lang::De, PageLoadError::NotFinite { .. }) => "Bitte eine Zahl eingeben.".to_owned(),
        (Lang::De, PageLoadError::NotPositive { .. }) => "Muss größer als 0 sein.".to_owned(),
        (Lang::De, PageLoadError::TooSmall { min, .. }) => format!("Muss mindestens {} sein.", n(min)),
        (Lang::De, PageLoadError::TooLarge { max, .. }) => format!("Darf höchstens {} sein.", n(max)),
        (Lang::De, PageLoadError::NotWhole { .. }) => "Muss eine ganze Zahl von Tokens sein.".to_owned(),
        (Lang::De, PageLoadError::TooLong { tokens, limit }) => format!(
            "Die längste Anfrage (Prompt plus Antwort am oberen Ende der ±90-%-Streuung: {} Tokens) ist länger, als dieser Server fasst ({} Tokens).",
            n(tokens),
            n(limit)
        ),
    }
}

/// The charts' text alternative: the predicted p95 at the first and last rate.
pub fn chart_summary(lang: Lang, first: (f64, f64), last: (f64, f64)) -> String {
    let (r0, s0, r1, s1) = (rate(lang, first.0), seconds(lang, first.1), rate(lang, last.0), seconds(lang, last.1));
    match lang {
        Lang::En => format!("Predicted p95 TTFT {s0} s at {r0} req/s, {s1} s at {r1} req/s."),
        Lang::De => format!("Vorhergesagte p95-TTFT {s0} s bei {r0} Anfr./s, {s1} s bei {r1} Anfr./s."),
    }
}

/// The target's label beside its line on the chart ("target 5 s").
pub fn target_label(lang: Lang, target_s: f64) -> String {
    format!("{} {} s", predict_text(lang, PredictMsg::TargetLabelShort), input_text(lang, target_s))
}

/// A value a link gave, as an input's text in `lang`: every decimal it has (up to six), the
/// language's marks (`0.25`, `4,000` / `0,25`, `4.000`).
pub fn link_text(lang: Lang, value: f64) -> String {
    let decimals = (0..6).find(|&d| {
        let scale = 10f64.powi(d as i32);
        ((value * scale).round() / scale - value).abs() <= 1e-9 * value.abs().max(1.0)
    });
    format_number(lang, value, decimals.unwrap_or(6))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headline_names_the_hardware_or_says_nobody_stated_it() {
        let stated = headline(Lang::En, 0.5, 1, Some("DGX Spark (GB10)"), (1.0, 2.0), Some(12.0), 3.0, 5);
        assert!(stated.starts_with("At 0.5 req/s on 1 × DGX Spark (GB10): p50 TTFT "), "{stated}");
        let unstated = headline(Lang::En, 0.5, 2, None, (1.0, 2.0), Some(12.0), 3.0, 5);
        assert!(unstated.starts_with("At 0.5 req/s on 2 systems (hardware not stated): p50 TTFT "), "{unstated}");
        let german = headline(Lang::De, 0.5, 1, None, (1.0, 2.0), None, 3.0, 5);
        assert!(german.starts_with("Bei 0,5 Anfr./s auf 1 System (Hardware nicht genannt): p50-TTFT "), "{german}");
    }

    #[test]
    fn a_dataset_runs_one_curve_is_named_by_its_lengths_in_the_language() {
        let engine =
            sizer_data::predict_engine::PredictEngine::from_dataset("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1")
                .expect("the worked run has a curve, stated lengths and a prompt rate");
        assert_eq!(engine.source, ModelSource::DatasetCurve);
        assert_eq!(
            model(Lang::De, engine.source, &engine.workloads),
            "Modell der Engine: ein Ersatz, angepasst an die eine Kurve dieses Laufs (512 ein / 256 aus) und seine \
             Prompt-Rate, ohne Kontextterm und mit angenommenem Scheduler; keine gemessene Last hat es geprüft."
        );
        assert!(
            model(Lang::En, engine.source, &engine.workloads).contains("this run's one curve (512 in / 256 out) and")
        );
        // A suite's workloads keep their test names, in either language.
        let suite = [FitWorkload { name: "01-chat.md".into(), prompt_tokens: 1024.0, ..engine.workloads[0].clone() }];
        assert!(model(Lang::De, ModelSource::SuiteFiles, &suite).contains("(1 Arbeitslasten: 01-chat.md)"));
    }
}
