//! The words of "Read your logs" inside "Load from your logs": what a log showed, in English and
//! German. Numbers arrive as values (`sizer_import::logs::LogLoad`) and are formatted here.

use sizer_charts::logs::LogChartText;
use sizer_import::logs::{Concurrency, LogError, LogFormat, LogLoad, LogWarning, ShapeMethod, Summary};

use super::{Lang, format_integer, format_number};

/// Fixed texts of the log reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogsMsg {
    Summary,
    Intro,
    PasteLabel,
    Read,
    FilesLabel,
    Use,
    Unreadable,
    UseInSizing,
    ChartFailed,
    Stop,
}

/// The fixed text of `msg` in `lang`.
pub fn logs_text(lang: Lang, msg: LogsMsg) -> &'static str {
    use LogsMsg::*;
    match (lang, msg) {
        (Lang::En, Summary) => "Read your logs",
        (Lang::De, Summary) => "Ihre Logs lesen",
        (Lang::En, Intro) => {
            "Paste or choose a vLLM server log, a request log (JSON lines or CSV with times and token counts, e.g. LiteLLM's spend logs), two or more /metrics scrapes, or an nginx or Caddy access log. It is read in this browser; only counts and times are kept, never a prompt or an answer."
        }
        (Lang::De, Intro) => {
            "Fügen Sie ein vLLM-Server-Log, ein Anfrage-Log (JSON-Zeilen oder CSV mit Zeiten und Token-Zahlen, etwa LiteLLMs Spend-Logs), zwei oder mehr /metrics-Abrufe oder ein nginx- bzw. Caddy-Zugriffslog ein oder wählen Sie es aus. Es wird in diesem Browser gelesen; nur Zahlen und Zeiten bleiben, nie ein Prompt oder eine Antwort."
        }
        (Lang::En, PasteLabel) => "Log text",
        (Lang::De, PasteLabel) => "Log-Text",
        (Lang::En, Read) => "Read the pasted log",
        (Lang::De, Read) => "Eingefügtes Log lesen",
        (Lang::En, FilesLabel) => "Or choose log files",
        (Lang::De, FilesLabel) => "Oder Log-Dateien wählen",
        (Lang::En, Use) => "Predict this load",
        (Lang::De, Use) => "Diese Last vorhersagen",
        (Lang::En, Stop) => "Stop reading",
        (Lang::De, Stop) => "Lesen anhalten",
        (Lang::En, Unreadable) => "The browser could not read the file.",
        (Lang::De, Unreadable) => "Der Browser konnte die Datei nicht lesen.",
        (Lang::En, UseInSizing) => "Use these lengths in the sizing",
        (Lang::De, UseInSizing) => "Diese Längen in die Bemessung übernehmen",
        (Lang::En, ChartFailed) => "The chart of the log could not be drawn; the figures above stand.",
        (Lang::De, ChartFailed) => "Das Diagramm des Logs ließ sich nicht zeichnen; die Zahlen oben gelten.",
    }
}

/// Megabytes, one decimal.
fn megabytes(lang: Lang, bytes: f64) -> String {
    format_number(lang, bytes / 1e6, 1)
}

/// Progress while reading files.
pub fn reading(lang: Lang, done: f64, total: f64) -> String {
    let (done, total) = (megabytes(lang, done), megabytes(lang, total));
    match lang {
        Lang::En => format!("Reading … {done} of {total} MB."),
        Lang::De => format!("Wird gelesen … {done} von {total} MB."),
    }
}

/// Said above a load whose reading was stopped early.
pub fn stopped_at(lang: Lang, done: f64, total: f64) -> String {
    let (done, total) = (megabytes(lang, done), megabytes(lang, total));
    match lang {
        Lang::En => format!("Stopped after {done} of {total} MB: these figures are of the part read only."),
        Lang::De => format!("Nach {done} von {total} MB angehalten: Diese Zahlen gelten nur für den gelesenen Teil."),
    }
}

/// What the log showed, one sentence a figure.
pub fn summary(lang: Lang, load: &LogLoad) -> Vec<String> {
    let n = |v: f64, places: usize| format_number(lang, v, places);
    let (from, to) = load.span.text();
    let requests = format_integer(lang, load.requests);
    let whole = n(load.rate_per_s, 2);
    let format = format_name(lang, load.format);
    let mut out = vec![match lang {
        Lang::En => {
            format!("Read as {format}: {requests} requests from {from} to {to}, {whole} req/s over the whole span.")
        }
        Lang::De => format!(
            "Gelesen als {format}: {requests} Anfragen von {from} bis {to}, {whole} Anfr./s über die ganze Zeit."
        ),
    }];
    let busiest: Vec<String> =
        load.windows.iter().filter_map(|w| Some(format!("{} min: {}", w.minutes, n(w.rate_per_s?, 2)))).collect();
    let (rate, window) = load.prediction_rate();
    let rate = n(rate, 2);
    out.push(match (lang, window, busiest.is_empty()) {
        (Lang::En, Some(minutes), _) => format!(
            "Busiest windows (req/s): {}. The prediction takes the busiest {minutes} minutes, {rate} req/s: long enough that chance alone adds little, short enough to catch a busy spell.",
            busiest.join(", ")
        ),
        (Lang::De, Some(minutes), _) => format!(
            "Stärkste Fenster (Anfr./s): {}. Die Vorhersage nimmt die stärksten {minutes} Minuten, {rate} Anfr./s: lang genug, dass der Zufall wenig beiträgt, kurz genug für eine Spitze.",
            busiest.join(", ")
        ),
        (Lang::En, None, _) => format!("The log is shorter than the busiest-window rule needs: the prediction takes the whole span, {rate} req/s."),
        (Lang::De, None, _) => format!("Das Log ist kürzer, als die Fenster-Regel braucht: Die Vorhersage nimmt die ganze Zeit, {rate} Anfr./s."),
    });
    out.push(match (lang, load.burstiness) {
        (_, Some(b)) => {
            let (k, se) = (n(b.estimate.value, 2), n(b.estimate.standard_error, 2));
            let how = match (lang, b.method) {
                (Lang::En, ShapeMethod::Gaps) => "from the gaps between requests".to_owned(),
                (Lang::De, ShapeMethod::Gaps) => "aus den Abständen der Anfragen".to_owned(),
                (Lang::En, ShapeMethod::Counts { interval_s }) => format!("from the requests per {interval_s} s"),
                (Lang::De, ShapeMethod::Counts { interval_s }) => format!("aus den Anfragen je {interval_s} s"),
            };
            match lang {
                Lang::En => format!("Burstiness (gamma shape) {k} ± {se}, {how}."),
                Lang::De => format!("Burstiness (Gamma-Form) {k} ± {se}, {how}."),
            }
        }
        (Lang::En, None) => {
            "No burstiness could be estimated (too few requests or intervals, or arrivals without any spread): the prediction keeps its own.".to_owned()
        }
        (Lang::De, None) => {
            "Keine Burstiness schätzbar (zu wenige Anfragen oder Intervalle, oder Ankünfte ganz ohne Streuung): Die Vorhersage behält ihre eigene.".to_owned()
        }
    });
    for (summary, en, de) in [
        (&load.prompt_tokens, "Prompt tokens", "Prompt-Token"),
        (&load.answer_tokens, "Answer tokens", "Antwort-Token"),
    ] {
        let label = if lang == Lang::En { en } else { de };
        out.push(match summary {
            Some(s) => [label, ": ", &lengths(lang, s), "."].concat(),
            None => match lang {
                Lang::En => format!("{label}: not in this log; the prediction keeps its own."),
                Lang::De => format!("{label}: nicht in diesem Log; die Vorhersage behält ihre eigenen."),
            },
        });
    }
    if let Some(c) = load.concurrency {
        let (p50, p99, max) = (n(c.p50, 0), n(c.p99, 0), n(c.max, 0));
        out.push(match lang {
            Lang::En => format!("Requests in flight: median {p50}, p99 {p99}, at most {max}."),
            Lang::De => format!("Gleichzeitige Anfragen: Median {p50}, p99 {p99}, höchstens {max}."),
        });
    }
    out
}

/// "mean 2,000, median 1,950, p90 3,100, p99 4,000" (the quantiles the log gives).
fn lengths(lang: Lang, s: &Summary) -> String {
    let n = |v: f64| format_number(lang, v, 0);
    let mut parts = vec![match lang {
        Lang::En => format!("mean {}", n(s.mean)),
        Lang::De => format!("Mittel {}", n(s.mean)),
    }];
    for (name, value) in [("median", s.median), ("p90", s.p90), ("p99", s.p99)] {
        if let Some(value) = value {
            parts.push(format!("{name} {}", n(value)));
        }
    }
    parts.join(", ")
}

/// A format's name in a sentence.
fn format_name(lang: Lang, format: LogFormat) -> &'static str {
    match (lang, format) {
        (Lang::En, _) => format.name(),
        (Lang::De, LogFormat::VllmServer) => "vLLM-Server-Log",
        (Lang::De, LogFormat::RequestJson) => "Anfrage-Log (JSON)",
        (Lang::De, LogFormat::RequestCsv) => "Anfrage-Log (CSV)",
        (Lang::De, LogFormat::Prometheus) => "vLLM-/metrics-Abrufe",
        (Lang::De, LogFormat::Nginx) => "nginx-Zugriffslog",
        (Lang::De, LogFormat::Caddy) => "Caddy-Zugriffslog",
    }
}

/// A reader's warning in `lang` (English: the importer's own sentence).
pub fn warning(lang: Lang, warning: &LogWarning) -> String {
    use sizer_import::logs::{MAX_LOG_REQUESTS, MIN_REQUESTS_FOR_BURSTINESS};
    if lang == Lang::En {
        return warning.to_string();
    }
    let most = format_integer(lang, MAX_LOG_REQUESTS as u64);
    match warning {
        LogWarning::TooFewForBurstiness { requests } => format!(
            "Nur {requests} Anfragen: Die Burstiness braucht mindestens {MIN_REQUESTS_FOR_BURSTINESS}, daher wird keine geschätzt und die Vorhersage nimmt ihren Standardwert."
        ),
        LogWarning::ClockJump { times } => format!(
            "Die Uhr springt {times}-mal um mehr als eine Minute zurück: Die Zeiten wurden sortiert, prüfen Sie bitte das Log."
        ),
        LogWarning::CounterReset { intervals } => {
            format!("Ein Zähler fiel {intervals}-mal (ein Neustart?): Diese Intervalle bleiben außen vor.")
        }
        LogWarning::MixedFormats { other, lines } => {
            format!("{lines} Zeile(n) in einem anderen Format ({}) blieben außen vor.", format_name(lang, *other))
        }
        LogWarning::LinesSkipped { lines } => {
            format!("{lines} Zeile(n), die wie Anfragen aussahen, ließen sich nicht lesen.")
        }
        LogWarning::CapReached => format!(
            "Das Log enthält mehr als {most} Anfragen: Nur die ersten {most} wurden gelesen, und die Zeitspanne endet dort."
        ),
        LogWarning::AfterLastInterval { requests } => format!(
            "{requests} Anfrage(n) nach der letzten Engine-Zeile liegen in keinem Intervall und blieben außen vor."
        ),
    }
}

/// Why a log gave no result, in `lang` (English: the importer's own sentence).
pub fn error(lang: Lang, error: &LogError) -> String {
    use sizer_import::logs::MAX_LOG_BYTES;
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        LogError::Unreadable => "Keine Zeile ließ sich als vLLM-Server-Log, Anfrage-Log (JSON-Zeilen oder CSV), vLLM-/metrics-Abrufe oder nginx- bzw. Caddy-Zugriffslog lesen.".to_owned(),
        LogError::TooLarge { bytes } => format!(
            "Das Log hat {} Bytes; gelesen werden höchstens {}: Kürzen Sie es bitte auf die Stoßzeiten.",
            format_integer(lang, *bytes as u64),
            format_integer(lang, MAX_LOG_BYTES as u64)
        ),
        LogError::TooFewRequests { format, requests } => format!(
            "Das {} enthält {requests} Anfrage(n) mit Zeit über keine Zeitspanne: Eine Rate braucht mindestens zwei.",
            format_name(lang, *format)
        ),
        LogError::NeedsTwoScrapes => "Der /metrics-Text braucht zwei oder mehr Abrufe, jeder beginnend mit einer Zeile, die nur seine Zeit enthält (oder Werte mit Prometheus-Zeitstempeln).".to_owned(),
        LogError::NoRequestLines => "Das vLLM-Server-Log hat Engine-Zeilen, aber keine Anfragezeilen (uvicorns `\"POST /v1/...\" 200 OK`), nach denen sich Ankünfte zählen ließen: starten Sie vLLM ohne `--disable-uvicorn-access-log`.".to_owned(),
    }
}

/// The peak the log shows for the sizing: "Your logs peak at 23 requests in flight of about
/// 2,100 prompt tokens ..." with the Sparks that peak needs at the run's streams per Spark.
pub fn peak_sentence(
    lang: Lang,
    concurrency: &Concurrency,
    prompt: Option<f64>,
    answer: Option<f64>,
    streams_per_spark: Option<u32>,
) -> String {
    let n = |v: f64| format_number(lang, v, 0);
    let (max, p99) = (n(concurrency.max), n(concurrency.p99));
    let lengths = match (lang, prompt, answer) {
        (Lang::En, Some(p), Some(a)) => format!(" of about {} prompt and {} answer tokens", n(p), n(a)),
        (Lang::De, Some(p), Some(a)) => format!(" mit etwa {} Prompt- und {} Antwort-Token", n(p), n(a)),
        (Lang::En, Some(p), None) => format!(" of about {} prompt tokens", n(p)),
        (Lang::De, Some(p), None) => format!(" mit etwa {} Prompt-Token", n(p)),
        _ => String::new(),
    };
    let first = match lang {
        Lang::En => format!("Your logs peak at {max} concurrent requests (p99 {p99}){lengths}."),
        Lang::De => format!("Ihre Logs erreichen höchstens {max} gleichzeitige Anfragen (p99 {p99}){lengths}."),
    };
    let Some(streams) = streams_per_spark.filter(|s| *s > 0) else { return first };
    let sparks = (concurrency.max / f64::from(streams)).ceil().max(1.0);
    let sparks = format_number(lang, sparks, 0);
    match lang {
        Lang::En => format!(
            "{first} This run keeps {streams} streams at your floor on one Spark, so that peak needs {sparks} Spark(s)."
        ),
        Lang::De => format!(
            "{first} Dieser Lauf hält auf einem Spark {streams} Ströme bei Ihrem Mindesttempo; diese Spitze braucht also {sparks} Spark(s)."
        ),
    }
}

/// The chart's axis titles in `lang`.
pub fn chart_text(lang: Lang, hours: bool) -> LogChartText {
    let (x, arrivals, in_flight) = match (lang, hours) {
        (Lang::En, false) => ("Minutes from the log's start", "Requests per second", "Most in flight"),
        (Lang::En, true) => ("Hours from the log's start", "Requests per second", "Most in flight"),
        (Lang::De, false) => ("Minuten ab Log-Beginn", "Anfragen pro Sekunde", "Höchstens gleichzeitig"),
        (Lang::De, true) => ("Stunden ab Log-Beginn", "Anfragen pro Sekunde", "Höchstens gleichzeitig"),
    };
    LogChartText { x_title: x.to_owned(), arrivals_title: arrivals.to_owned(), in_flight_title: in_flight.to_owned() }
}

/// The chart's caption (also its text alternative): what the bars and the line are.
pub fn chart_caption(lang: Lang, bin_s: f64, has_in_flight: bool) -> String {
    let bin = format_number(lang, bin_s, 0);
    match (lang, has_in_flight) {
        (Lang::En, true) => format!(
            "Arrivals and concurrency over time: requests arrived per second (bars, left axis) and the most requests in flight (line, right axis), per {bin} s (wider on a narrow screen)."
        ),
        (Lang::En, false) => format!(
            "Arrivals over time: requests arrived per second (bars), per {bin} s (wider on a narrow screen); this log does not show requests in flight."
        ),
        (Lang::De, true) => format!(
            "Ankünfte und Gleichzeitigkeit über die Zeit: angekommene Anfragen pro Sekunde (Balken, linke Achse) und höchstens gleichzeitig laufende Anfragen (Linie, rechte Achse), je {bin} s (auf schmalen Bildschirmen breiter)."
        ),
        (Lang::De, false) => format!(
            "Ankünfte über die Zeit: angekommene Anfragen pro Sekunde (Balken), je {bin} s (auf schmalen Bildschirmen breiter); dieses Log zeigt keine gleichzeitig laufenden Anfragen."
        ),
    }
}
