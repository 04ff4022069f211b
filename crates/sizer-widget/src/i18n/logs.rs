//! The words of "Read your logs" inside "Load from your logs": what a log showed, in English and
//! German. Numbers arrive as values (`sizer_import::logs::LogLoad`) and are formatted here.

use sizer_import::logs::{LogLoad, ShapeMethod, Summary};

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
    Reading,
    Unreadable,
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
        (Lang::En, Reading) => "Reading …",
        (Lang::De, Reading) => "Wird gelesen …",
        (Lang::En, Unreadable) => "The browser could not read the file.",
        (Lang::De, Unreadable) => "Der Browser konnte die Datei nicht lesen.",
    }
}

/// What the log showed, one sentence a figure.
pub fn summary(lang: Lang, load: &LogLoad) -> Vec<String> {
    let n = |v: f64, places: usize| format_number(lang, v, places);
    let (from, to) = load.span.text();
    let requests = format_integer(lang, load.requests);
    let whole = n(load.rate_per_s, 2);
    let format = load.format.name();
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
        (Lang::En, None) => "Too few requests to estimate the burstiness: the prediction keeps its own.".to_owned(),
        (Lang::De, None) => "Zu wenige Anfragen für die Burstiness: Die Vorhersage behält ihre eigene.".to_owned(),
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
