//! A model read from its `config.json`, in English and German: the run's names and caveat
//! (both languages at once: the run carries them, `sizer_data::architecture::as_run`), the
//! import panel's status and refusal, and the lines the simulation and the load prediction
//! show for its engine. Every figure of the error is the one the run or answer carries: the
//! arena's runs of its kind of input (`sizer_data::architecture::measured_error`, written by
//! `cargo xtask calibrate-architecture`).

use sizer_data::Localized;
use sizer_data::architecture::as_run::ArchitectureRunNames;
use sizer_data::architecture::constants::ArchitectureError;
use sizer_data::architecture::measured_error::InputKind;

use super::{Lang, format_integer, format_number};

/// The label every such figure carries.
fn predicted(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "predicted from the architecture, not measured",
        Lang::De => "aus der Architektur vorhergesagt, nicht gemessen",
    }
}

/// The error measured leave-one-model-out on the arena's runs of the prediction's kind of
/// input (`e`, the figures it carries), in one sentence that names that kind.
pub fn measured_error(lang: Lang, input: InputKind, e: &ArchitectureError) -> String {
    let n = |v: usize| format_integer(lang, v as u64);
    let ((d, dn), (c, cn), (t, tn)) = (e.decode_within_20, e.capacity_within_one_step, e.ttft_within_35);
    let runs = n(e.runs);
    let from = match (lang, input) {
        (Lang::En, InputKind::Configuration) => {
            format!(
                "Predicted from the model's config.json, not measured: on the arena's {runs} runs read from a config.json"
            )
        }
        (Lang::En, InputKind::SizeOnly) => format!(
            "Predicted from the model's size alone, not measured: on the arena's {runs} runs known by their size alone"
        ),
        (Lang::De, InputKind::Configuration) => format!(
            "Aus der config.json des Modells vorhergesagt, nicht gemessen: Auf den {runs} Läufen der Arena, die aus einer config.json gelesen wurden"
        ),
        (Lang::De, InputKind::SizeOnly) => format!(
            "Allein aus der Größe des Modells vorhergesagt, nicht gemessen: Auf den {runs} Läufen der Arena, die nur über ihre Größe bekannt sind"
        ),
    };
    match lang {
        Lang::En => format!(
            "{from}, each predicted with constants fitted without its model, per-request decode speed came within 20\u{a0}% on {} of {} points, capacity at a 5\u{a0}s p95 TTFT within one rate step on {} of {} runs and p95 TTFT within 35\u{a0}% on {} of {} steps (docs/CALIBRATION-ARCHITECTURE.md).",
            n(d),
            n(dn),
            n(c),
            n(cn),
            n(t),
            n(tn)
        ),
        Lang::De => format!(
            "{from}, jeder mit Konstanten vorhergesagt, die ohne sein Modell angepasst wurden, lag die Decode-Geschwindigkeit pro Anfrage auf {} von {} Punkten innerhalb von 20\u{a0}%, die Kapazität bei 5\u{a0}s p95-TTFT auf {} von {} Läufen innerhalb einer Ratenstufe und die p95-TTFT auf {} von {} Schritten innerhalb von 35\u{a0}% (docs/CALIBRATION-ARCHITECTURE.md).",
            n(d),
            n(dn),
            n(c),
            n(cn),
            n(t),
            n(tn)
        ),
    }
}

/// The run's names: the person's name or the model's, its format, and the label; the caveat
/// with the error measured on its kind of input (`input`, `error`: what the run carries).
pub fn run_names(
    name: &str,
    model: &str,
    format: &str,
    input: InputKind,
    error: &ArchitectureError,
) -> ArchitectureRunNames {
    let named = if name.trim().is_empty() { format!("{model} · {format}") } else { name.trim().to_owned() };
    ArchitectureRunNames {
        label: format!("{named} · {}", predicted(Lang::En)),
        label_de: format!("{named} · {}", predicted(Lang::De)),
        caveat: Localized { en: measured_error(Lang::En, input, error), de: measured_error(Lang::De, input, error) },
    }
}

/// The status line after a `config.json` was read.
pub fn imported(
    lang: Lang,
    label: &str,
    weights_gb: f64,
    workloads: usize,
    assumed: usize,
    short_form: bool,
) -> String {
    let gb = format_number(lang, weights_gb, 1);
    let workloads = format_integer(lang, workloads as u64);
    let assumed = format_integer(lang, assumed as u64);
    let read = match (lang, short_form) {
        (Lang::En, false) => "the model's configuration",
        (Lang::En, true) => "the model's size",
        (Lang::De, false) => "Die Konfiguration des Modells",
        (Lang::De, true) => "Die Größe des Modells",
    };
    match lang {
        Lang::En => format!(
            "Read {read} as one run, \"{label}\", now in use: {gb}\u{a0}GB of weights, its speeds predicted at {workloads} pairs of lengths from 1 to 256 users (the sizing uses the one nearest your prompts), {assumed} field(s) assumed."
        ),
        Lang::De => format!(
            "{read} als ein Lauf gelesen, „{label}“, jetzt in Verwendung: {gb}\u{a0}GB Gewichte, seine Geschwindigkeiten für {workloads} Längenpaare von 1 bis 256 Nutzern vorhergesagt (die Rechnung nutzt das Ihren Prompts nächste), {assumed} Feld(er) angenommen."
        ),
    }
}

/// What a listed run from an architecture holds.
pub fn item(lang: Lang, workloads: usize) -> String {
    let n = format_integer(lang, workloads as u64);
    match lang {
        Lang::En => format!(
            "{n} pair(s) of lengths, each point's per-request speed predicted on the engine from the architecture for that many users sending at once; nothing measured."
        ),
        Lang::De => format!(
            "{n} Längenpaar(e), die Geschwindigkeit pro Anfrage jedes Punkts auf der Engine aus der Architektur für so viele gleichzeitig sendende Nutzer vorhergesagt; nichts gemessen."
        ),
    }
}

/// A number field of the panel's short form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeField {
    Total,
    Active,
}

/// The texts of the panel's short form (a model known by its size alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeMsg {
    Heading,
    Intro,
    Total,
    Active,
    ActiveHint,
    Format,
    Submit,
}

/// A text of the short form.
pub fn size_text(lang: Lang, msg: SizeMsg) -> &'static str {
    match (lang, msg) {
        (Lang::En, SizeMsg::Heading) => "No config.json? Size a model from its parameters",
        (Lang::De, SizeMsg::Heading) => "Keine config.json? Ein Modell aus seinen Parametern dimensionieren",
        (Lang::En, SizeMsg::Intro) => {
            "From the total and active parameters a model card or the model's name gives (30B-A3B: 30 total, 3 active). Layers, KV cache and expert routing are then assumed, so the decode speed misses more often than from a config.json; the run states the error measured on models given by their size."
        }
        (Lang::De, SizeMsg::Intro) => {
            "Aus den Gesamt- und aktiven Parametern, die eine Modellkarte oder der Name des Modells nennt (30B-A3B: 30 gesamt, 3 aktiv). Schichten, KV-Cache und Expertenauswahl werden dann angenommen, die Decode-Geschwindigkeit liegt also öfter daneben als aus einer config.json; der Lauf nennt den Fehler, der an nur über ihre Größe gegebenen Modellen gemessen wurde."
        }
        (Lang::En, SizeMsg::Total) => "Total parameters, billions",
        (Lang::De, SizeMsg::Total) => "Parameter gesamt, Milliarden",
        (Lang::En, SizeMsg::Active) => "Active parameters per token, billions",
        (Lang::De, SizeMsg::Active) => "Aktive Parameter je Token, Milliarden",
        (Lang::En, SizeMsg::ActiveHint) => "Empty: a dense model (all of them active).",
        (Lang::De, SizeMsg::ActiveHint) => "Leer: ein dichtes Modell (alle aktiv).",
        (Lang::En, SizeMsg::Format) => "Weights' format",
        (Lang::De, SizeMsg::Format) => "Format der Gewichte",
        (Lang::En, SizeMsg::Submit) => "Predict from the size",
        (Lang::De, SizeMsg::Submit) => "Aus der Größe vorhersagen",
    }
}

/// Why the short form gave no run: a field that is not a number.
pub fn size_not_number(lang: Lang, field: SizeField) -> &'static str {
    match (lang, field) {
        (Lang::En, SizeField::Total) => "The total parameters must be a number of billions, such as 30.",
        (Lang::En, SizeField::Active) => {
            "The active parameters must be a number of billions, such as 3, or empty for a dense model."
        }
        (Lang::De, SizeField::Total) => "Die Parameter gesamt müssen eine Zahl in Milliarden sein, etwa 30.",
        (Lang::De, SizeField::Active) => {
            "Die aktiven Parameter müssen eine Zahl in Milliarden sein, etwa 3, oder leer für ein dichtes Modell."
        }
    }
}

/// Why a `config.json` gave no run: the reader's sentence (English, the data's wording).
pub fn refused(lang: Lang, detail: &str) -> String {
    let detail = detail.trim_end_matches('.');
    match lang {
        Lang::En => format!("This model configuration gives no run: {detail}."),
        Lang::De => format!("Diese Modellkonfiguration ergibt keinen Lauf (Grund, auf Englisch: {detail})."),
    }
}

/// The simulation's model line on an engine from an architecture.
pub fn sim_model(lang: Lang, max_decode_batch: u32) -> String {
    let reached = format_integer(lang, u64::from(max_decode_batch));
    match lang {
        Lang::En => format!(
            "Model: the engine computed from this model's architecture, step by step, {}; up to {reached} requests decoding at once.",
            predicted(lang)
        ),
        Lang::De => format!(
            "Modell: die aus der Architektur dieses Modells berechnete Engine, Schritt für Schritt, {}; bis zu {reached} Anfragen zugleich im Decode.",
            predicted(lang)
        ),
    }
}

/// The load prediction's model line on an engine from an architecture.
pub fn predict_model(lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "Engine model: continuous batching with chunked prefill, its step times computed from the model's architecture and the Spark's bandwidth and compute with constants fitted on the arena's closed-loop files, {}.",
            predicted(lang)
        ),
        Lang::De => format!(
            "Modell der Engine: Continuous Batching mit Chunked Prefill, die Schrittzeiten aus der Architektur des Modells und Bandbreite und Rechenleistung des Spark berechnet, mit Konstanten, die an den Closed-Loop-Messungen der Arena angepasst wurden, {}.",
            predicted(lang)
        ),
    }
}
