//! The words of "Your busiest window on every run" under a log's load, in English and German:
//! each run's predicted p95 TTFT on one server, its queue, and the servers the load needs.

use super::{Lang, format_integer, format_number};

/// Fixed texts of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankingMsg {
    Heading,
    Predict,
    Stop,
    RunColumn,
    OneColumn,
    QueueColumn,
    Bounded,
    Grows,
    NoTarget,
    Fallback,
    ImportedCurve,
}

/// The fixed text of `msg` in `lang`.
pub fn ranking_text(lang: Lang, msg: RankingMsg) -> &'static str {
    use RankingMsg::*;
    match (lang, msg) {
        (Lang::En, Heading) => "Your busiest window on every run",
        (Lang::De, Heading) => "Ihr stärkstes Fenster auf jedem Lauf",
        (Lang::En, Predict) => "Predict on every run",
        (Lang::De, Predict) => "Auf jedem Lauf vorhersagen",
        (Lang::En, Stop) => "Stop",
        (Lang::De, Stop) => "Anhalten",
        (Lang::En, RunColumn) => "Run",
        (Lang::De, RunColumn) => "Lauf",
        (Lang::En, OneColumn) => "p95 TTFT on one server (predicted)",
        (Lang::De, OneColumn) => "p95-TTFT auf einem Server (vorhergesagt)",
        (Lang::En, QueueColumn) => "Queue on one server",
        (Lang::De, QueueColumn) => "Warteschlange auf einem Server",
        (Lang::En, Bounded) => "stays bounded",
        (Lang::De, Bounded) => "bleibt begrenzt",
        (Lang::En, Grows) => "grows without bound",
        (Lang::De, Grows) => "wächst ohne Grenze",
        (Lang::En, NoTarget) => "Give a valid p95 TTFT target below to predict this load on every run.",
        (Lang::De, NoTarget) => {
            "Geben Sie unten ein gültiges p95-TTFT-Ziel an, um diese Last auf jedem Lauf vorherzusagen."
        }
        (Lang::En, Fallback) => "fallback model, not checked against a measured load",
        (Lang::De, Fallback) => "Ersatzmodell, an keiner gemessenen Last geprüft",
        (Lang::En, ImportedCurve) => "a run imported without its whole suite has no engine model.",
        (Lang::De, ImportedCurve) => "ein ohne seine ganze Messreihe importierter Lauf hat kein Engine-Modell.",
    }
}

/// What the view predicts, before the button.
pub fn intro(lang: Lang, rate_per_s: f64, target_s: f64) -> String {
    let (rate, target) = (format_number(lang, rate_per_s, 2), format_number(lang, target_s, 1));
    match lang {
        Lang::En => format!(
            "Predicted, not measured: your log's busiest window ({rate} req/s) on each run's engine model, in the ranking's order, against the p95 TTFT target of {target} s. Split over several servers, each gets an even share of the requests, sent to one at random. A run without a model of its box says so and never counts as fitting."
        ),
        Lang::De => format!(
            "Vorhergesagt, nicht gemessen: das stärkste Fenster Ihres Logs ({rate} Anfr./s) auf dem Engine-Modell jedes Laufs, in der Reihenfolge der Rangliste, gegen das p95-TTFT-Ziel von {target} s. Auf mehrere Server verteilt, bekommt jeder einen gleichen Anteil der Anfragen, zufällig zugeteilt. Ein Lauf ohne Modell seiner Maschine sagt das und zählt nie als passend."
        ),
    }
}

/// The header of the servers column.
pub fn needed_column(lang: Lang, target_s: f64) -> String {
    let target = format_number(lang, target_s, 1);
    match lang {
        Lang::En => format!("Needed for p95 TTFT under {target} s"),
        Lang::De => format!("Nötig für p95-TTFT unter {target} s"),
    }
}

/// Progress while predicting.
pub fn progress(lang: Lang, done: usize, of: usize) -> String {
    let (done, of) = (format_integer(lang, done as u64), format_integer(lang, of as u64));
    match lang {
        Lang::En => format!("Predicting … {done} of {of} runs done."),
        Lang::De => format!("Wird vorhergesagt … {done} von {of} Läufen fertig."),
    }
}

/// Said once the work stopped early.
pub fn stopped(lang: Lang, done: usize, of: usize) -> String {
    let (done, of) = (format_integer(lang, done as u64), format_integer(lang, of as u64));
    match lang {
        Lang::En => format!("Stopped after {done} of {of} runs."),
        Lang::De => format!("Nach {done} von {of} Läufen angehalten."),
    }
}

/// How many runs keep the target on one server, once all are predicted.
pub fn verdict(lang: Lang, on_one: usize, with_more: usize, of: usize) -> String {
    let f = |n: usize| format_integer(lang, n as u64);
    let (one, more, of) = (f(on_one), f(with_more), f(of));
    match lang {
        Lang::En => format!(
            "{one} of {of} runs keep your busiest window under the target on one server; {more} more do with several."
        ),
        Lang::De => format!(
            "{one} von {of} Läufen halten Ihr stärkstes Fenster auf einem Server unter dem Ziel; {more} weitere mit mehreren."
        ),
    }
}

/// A predicted TTFT in seconds.
pub fn seconds(lang: Lang, s: f64) -> String {
    let places = if s < 10.0 { 2 } else { 0 };
    format!("{} s", format_number(lang, s, places))
}

/// The servers a load needs: Sparks for a Spark run (servers times its nodes), else servers.
pub fn servers_needed(lang: Lang, servers: u32, nodes: u32, spark: bool) -> String {
    let sparks = u64::from(servers) * u64::from(nodes.max(1));
    let count = format_integer(lang, if spark { sparks } else { u64::from(servers) });
    match (lang, spark, sparks == 1 || (!spark && servers == 1)) {
        (Lang::En, true, true) => "1 Spark".to_owned(),
        (Lang::En, true, false) if nodes > 1 => format!("{count} Sparks ({servers} × {nodes})"),
        (Lang::En, true, false) => format!("{count} Sparks"),
        (Lang::En, false, true) => "1 server".to_owned(),
        (Lang::En, false, false) => format!("{count} servers"),
        (Lang::De, true, true) => "1 Spark".to_owned(),
        (Lang::De, true, false) if nodes > 1 => format!("{count} Sparks ({servers} × {nodes})"),
        (Lang::De, true, false) => format!("{count} Sparks"),
        (Lang::De, false, true) => "1 Server".to_owned(),
        (Lang::De, false, false) => format!("{count} Server"),
    }
}

/// More servers than the search tries.
pub fn beyond(lang: Lang, max: u32) -> String {
    let max = format_integer(lang, u64::from(max));
    match lang {
        Lang::En => format!("not within {max} servers"),
        Lang::De => format!("nicht mit {max} Servern"),
    }
}

/// A run without a model of its box, with the data's reason.
pub fn no_model(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::En => format!("No model of this box, not counted as fitting: {detail}"),
        Lang::De => format!("Kein Modell dieser Maschine, zählt nicht als passend: {detail}"),
    }
}

/// A run whose model could not run the load, with the data's reason.
pub fn failed(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::En => format!("Not predicted, not counted as fitting: {detail}"),
        Lang::De => format!("Nicht vorhergesagt, zählt nicht als passend: {detail}"),
    }
}
