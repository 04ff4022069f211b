//! Text of the import panel (your own benchmark), in English and German.
//!
//! Same scheme as the other tables: a key enum, one `match` per language (a missing translation
//! does not compile), and small functions for sentences with numbers in them. The importer's
//! errors and warnings are English sentences from `sizer_import`; German gets its own sentence
//! for every variant here, with the same line and key.

use sizer_import::{Format, MAX_INPUT_BYTES, MissingConcurrency};

use super::Lang;
pub use super::import_errors::{error_text, warning_text};
use super::import_errors::{kilobytes, megabytes, number};
use crate::i18n::notices::StorageNotice;

/// The key of every fixed text in the import panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImportMsg {
    Heading,
    Intro,
    DropZone,
    DropActive,
    ChooseFiles,
    PasteLabel,
    PastePlaceholder,
    NameLabel,
    NameHint,
    ImportButton,
    Reading,
    ListHeading,
    ListEmpty,
    Yours,
    RenameLabel,
    Remove,
    Use,
    InUse,
    PointsSummary,
    Remember,
    Share,
    ShareHint,
    ConcurrencyHeading,
    ConcurrencyIntro,
    ConcurrencyLabel,
    ConcurrencyApply,
    Cancel,
    ConcurrencyInvalid,
    WarningsHeading,
    StorageUnreadable,
    StorageUnavailable,
    FileUnreadable,
    ErrorPrefix,
}

/// The fixed text of `msg` in `lang`.
pub fn import_text(lang: Lang, msg: ImportMsg) -> &'static str {
    match lang {
        Lang::En => english(msg),
        Lang::De => german(msg),
    }
}

fn english(msg: ImportMsg) -> &'static str {
    use ImportMsg::*;
    match msg {
        Heading => "Size from your own benchmark",
        Intro => {
            "Drop, choose or paste the output of vllm bench serve (JSON or the console result block), SGLang bench_serving (JSONL), GuideLLM (benchmarks.json), NVIDIA AIPerf (profile_export_aiperf JSON or CSV), llama-batched-bench, llama-benchy, or two columns (concurrency, per-request tok/s). Several result files of vLLM, SGLang or AIPerf at once (one per concurrency) make one curve per model. It is read in this browser; nothing is uploaded."
        }
        DropZone => "Drop result files here",
        DropActive => "Release to import",
        ChooseFiles => "Choose files…",
        PasteLabel => "Or paste the output",
        PastePlaceholder => "| PP | TG | B | N_KV | … | S_TG t/s | …",
        NameLabel => "Name (optional)",
        NameHint => "Put in front of each imported run's label; without it the model name is used.",
        ImportButton => "Import",
        Reading => "Reading…",
        ListHeading => "Your runs",
        ListEmpty => "No run imported yet.",
        Yours => "yours",
        RenameLabel => "Name of this run",
        Remove => "Remove",
        Use => "Use",
        InUse => "in use",
        PointsSummary => "The measured points",
        Remember => "Remember my runs on this device (browser storage; nothing is uploaded)",
        Share => "Put my chosen curve into the share link",
        ShareHint => "Only its points (concurrency and per-request tok/s) go into the link, nothing else.",
        ConcurrencyHeading => "How many requests ran at once?",
        ConcurrencyIntro => {
            "This result does not record its concurrency, so it is not guessed: enter it for each measurement."
        }
        ConcurrencyLabel => "Concurrent requests",
        ConcurrencyApply => "Use these",
        Cancel => "Cancel",
        ConcurrencyInvalid => "Enter a whole number of requests, at least 1.",
        WarningsHeading => "Notes on this import",
        StorageUnreadable => {
            "The runs stored on this device could not be read (damaged, or written by something else) and were ignored; tick \"Remember\" to replace them."
        }
        StorageUnavailable => {
            "This browser does not allow storing data for this page (private mode, blocked or full), so your runs last until the page is closed."
        }
        FileUnreadable => "could not be read by the browser.",
        ErrorPrefix => "Not imported:",
    }
}

fn german(msg: ImportMsg) -> &'static str {
    use ImportMsg::*;
    match msg {
        Heading => "Mit dem eigenen Benchmark rechnen",
        Intro => {
            "Ausgabe von vllm bench serve (JSON oder der Ergebnisblock der Konsole), SGLang bench_serving (JSONL), GuideLLM (benchmarks.json), NVIDIA AIPerf (profile_export_aiperf als JSON oder CSV), llama-batched-bench, llama-benchy oder zwei Spalten (Parallelität, Token/s je Anfrage) hierher ziehen, auswählen oder einfügen. Mehrere Ergebnisdateien von vLLM, SGLang oder AIPerf zugleich (eine je Parallelität) ergeben eine Kurve je Modell. Sie wird in diesem Browser gelesen; nichts wird hochgeladen."
        }
        DropZone => "Ergebnisdateien hierher ziehen",
        DropActive => "Loslassen zum Importieren",
        ChooseFiles => "Dateien auswählen …",
        PasteLabel => "Oder die Ausgabe einfügen",
        PastePlaceholder => "| PP | TG | B | N_KV | … | S_TG t/s | …",
        NameLabel => "Name (optional)",
        NameHint => "Steht vor der Bezeichnung jedes importierten Laufs; ohne ihn gilt der Modellname.",
        ImportButton => "Importieren",
        Reading => "Wird gelesen …",
        ListHeading => "Eigene Läufe",
        ListEmpty => "Noch kein Lauf importiert.",
        Yours => "eigener",
        RenameLabel => "Name dieses Laufs",
        Remove => "Entfernen",
        Use => "Verwenden",
        InUse => "in Verwendung",
        PointsSummary => "Die Messpunkte",
        Remember => "Meine Läufe auf diesem Gerät merken (Browserspeicher; nichts wird hochgeladen)",
        Share => "Meine gewählte Kurve in den Link zum Teilen aufnehmen",
        ShareHint => "Nur ihre Punkte (Parallelität und Token/s je Anfrage) kommen in den Link, sonst nichts.",
        ConcurrencyHeading => "Wie viele Anfragen liefen gleichzeitig?",
        ConcurrencyIntro => {
            "Dieses Ergebnis verzeichnet die Parallelität nicht, also wird sie nicht geraten: Bitte für jede Messung eintragen."
        }
        ConcurrencyLabel => "Gleichzeitige Anfragen",
        ConcurrencyApply => "Übernehmen",
        Cancel => "Abbrechen",
        ConcurrencyInvalid => "Bitte eine ganze Zahl von Anfragen eingeben, mindestens 1.",
        WarningsHeading => "Hinweise zu diesem Import",
        StorageUnreadable => {
            "Die auf diesem Gerät gespeicherten Läufe ließen sich nicht lesen (beschädigt oder von anderer Stelle geschrieben) und wurden übergangen; „Merken“ anhaken, um sie zu ersetzen."
        }
        StorageUnavailable => {
            "Dieser Browser erlaubt dieser Seite kein Speichern (privater Modus, gesperrt oder voll); die Läufe bleiben nur bis zum Schließen der Seite."
        }
        FileUnreadable => "konnte vom Browser nicht gelesen werden.",
        ErrorPrefix => "Nicht importiert:",
    }
}

/// "At most 5.0 MB per import (checked before reading)." The limit is formatted here from the
/// importer's byte count, so no English "5.0 MB" is rewritten for German.
pub fn size_limit(lang: Lang) -> String {
    let limit = megabytes(lang, MAX_INPUT_BYTES);
    match lang {
        Lang::En => format!("At most {limit} per import, checked before anything is read."),
        Lang::De => format!("Höchstens {limit} je Import, geprüft bevor etwas gelesen wird."),
    }
}

/// The name of an import format in `lang` (tool and file names stay as the tools spell them).
pub fn format_name(lang: Lang, format: Format) -> &'static str {
    match lang {
        Lang::En => format.name(),
        Lang::De => match format {
            Format::VllmJson => "vLLM bench serve, JSON",
            Format::VllmJsonLines => "vLLM bench serve, JSON-Zeilen (--append-result)",
            Format::VllmSweepSummary => "vLLM bench sweep, summary.json",
            Format::VllmConsole => "vLLM-Ergebnisblock der Konsole",
            Format::BatchedBenchMarkdown => "llama-batched-bench-Tabelle",
            Format::BatchedBenchJsonl => "llama-batched-bench, JSONL",
            Format::LlamaBenchyJson => "llama-benchy, JSON",
            Format::LlamaBenchyMarkdown => "llama-benchy-Tabelle",
            Format::GuideLlmJson => "GuideLLM benchmarks.json",
            Format::SglangJsonl => "SGLang bench_serving, JSONL",
            Format::AiperfJson => "AIPerf profile_export_aiperf.json",
            Format::AiperfCsv => "AIPerf profile_export_aiperf.csv",
            Format::Csv => "CSV-Tabelle",
            Format::TwoColumn => "zwei Spalten (eingefügt)",
        },
    }
}

/// An imported run's note ("Imported from <format>; the curve uses <formula>; also available:
/// <formula>.", written by `sizer_import`) in `lang`. Formulas stay in the tools' key names; a note
/// of another shape is shown as it is.
pub fn run_note(lang: Lang, note: &str) -> String {
    if lang == Lang::En {
        return note.to_owned();
    }
    let Some(rest) = note.strip_prefix("Imported from ").and_then(|rest| rest.strip_suffix('.')) else {
        return note.to_owned();
    };
    let Some((format, formulas)) = rest.split_once("; the curve uses ") else { return note.to_owned() };
    let Some(format) = Format::ALL.into_iter().find(|f| f.name() == format) else { return note.to_owned() };
    let (used, also) = match formulas.split_once("; also available: ") {
        Some((used, also)) => (used, Some(also)),
        None => (formulas, None),
    };
    let mut text = format!("Importiert aus {}; die Kurve nutzt {}", format_name(lang, format), german_formula(used));
    if let Some(also) = also {
        text.push_str(&format!("; ebenfalls vorhanden: {}", german_formula(also)));
    }
    text.push('.');
    text
}

/// The generic formula phrases of `sizer_import::formula` in German (key names stay).
fn german_formula(formula: &str) -> String {
    formula
        .replace("per-request tok/s as given", "Token/s je Anfrage wie angegeben")
        .replace("aggregate generated tok/s / concurrency", "erzeugte Token/s gesamt / Parallelität")
        .replace("inter-token latency", "Zwischen-Token-Latenz")
        .replace("(mean)", "(Mittelwert)")
        .replace("(median)", "(Median)")
}

/// The status line after a successful import.
pub fn imported(lang: Lang, runs: usize, format: Format, label: &str) -> String {
    let format = format_name(lang, format);
    match (lang, runs) {
        (Lang::En, 1) => format!("Imported 1 run ({format}): \"{label}\" is now in use."),
        (Lang::En, n) => {
            format!("Imported {n} runs ({format}); \"{label}\" is now in use, the others are in the run list.")
        }
        (Lang::De, 1) => format!("1 Lauf importiert ({format}): „{label}“ ist jetzt in Verwendung."),
        (Lang::De, n) => format!(
            "{n} Läufe importiert ({format}); „{label}“ ist jetzt in Verwendung, die anderen stehen in der Laufliste."
        ),
    }
}

/// Too many imported runs.
pub fn too_many_runs(lang: Lang, limit: usize) -> String {
    match lang {
        Lang::En => format!("At most {limit} of your runs can be listed at once; remove some first."),
        Lang::De => {
            format!("Höchstens {limit} eigene Läufe lassen sich zugleich führen; bitte zuerst welche entfernen.")
        }
    }
}

/// A storage problem, as one sentence.
pub fn storage_notice(lang: Lang, notice: StorageNotice) -> String {
    match notice {
        StorageNotice::Unreadable => import_text(lang, ImportMsg::StorageUnreadable).to_owned(),
        StorageNotice::Unavailable => import_text(lang, ImportMsg::StorageUnavailable).to_owned(),
        StorageNotice::TooLarge { bytes, limit } => {
            let (size, limit) = (kilobytes(lang, bytes), kilobytes(lang, limit));
            match lang {
                Lang::En => format!(
                    "Your runs take {size}, over the {limit} kept on this device; they were not stored. Remove some to store the rest."
                ),
                Lang::De => format!(
                    "Die Läufe belegen {size}, mehr als die {limit}, die auf diesem Gerät gespeichert werden; sie wurden nicht gespeichert. Einige entfernen, um den Rest zu speichern."
                ),
            }
        }
    }
}

/// "n points" under a listed run.
pub fn point_count(lang: Lang, count: usize) -> String {
    match (lang, count) {
        (Lang::En, 1) => "1 point".to_owned(),
        (Lang::En, n) => format!("{n} points"),
        (Lang::De, 1) => "1 Messpunkt".to_owned(),
        (Lang::De, n) => format!("{n} Messpunkte"),
    }
}

/// "Remove “label”" for a button's accessible name.
pub fn remove_named(lang: Lang, label: &str) -> String {
    match lang {
        Lang::En => format!("Remove \"{label}\""),
        Lang::De => format!("„{label}“ entfernen"),
    }
}

/// "Use “label”" for a button's accessible name.
pub fn use_named(lang: Lang, label: &str) -> String {
    match lang {
        Lang::En => format!("Use \"{label}\""),
        Lang::De => format!("„{label}“ verwenden"),
    }
}

/// What one point without concurrency measured, so the person can recognise it, with the
/// hints the importer found (never applied by themselves).
pub fn missing_point(lang: Lang, missing: &MissingConcurrency) -> String {
    let mut parts: Vec<String> = Vec::new();
    let label = &missing.run_label;
    parts.push(match (lang, missing.line) {
        (Lang::En, Some(line)) => format!("\"{label}\", line {line}"),
        (Lang::De, Some(line)) => format!("„{label}“, Zeile {line}"),
        (Lang::En, None) => format!("\"{label}\""),
        (Lang::De, None) => format!("„{label}“"),
    });
    let f = &missing.figures;
    if let Some(total) = f.generated_total_tok_s {
        parts.push(match lang {
            Lang::En => format!("{}\u{a0}tok/s generated over all requests", number(lang, total)),
            Lang::De => format!("{}\u{a0}Token/s erzeugt über alle Anfragen", number(lang, total)),
        });
    }
    if let Some(ms) = f.median_tpot_ms {
        parts.push(match lang {
            Lang::En => format!("median TPOT {}\u{a0}ms", number(lang, ms)),
            Lang::De => format!("Median-TPOT {}\u{a0}ms", number(lang, ms)),
        });
    }
    if let Some(speed) = f.per_request_tok_s {
        parts.push(match lang {
            Lang::En => format!("{}\u{a0}tok/s per request", number(lang, speed)),
            Lang::De => format!("{}\u{a0}Token/s je Anfrage", number(lang, speed)),
        });
    }
    if let Some(ms) = f.inter_token_latency_ms {
        parts.push(match lang {
            Lang::En => format!("inter-token latency {}\u{a0}ms", number(lang, ms)),
            Lang::De => format!("Zwischen-Token-Latenz {}\u{a0}ms", number(lang, ms)),
        });
    }
    if let Some(rate) = missing.request_rate {
        parts.push(match lang {
            Lang::En => format!("sent at {} requests/s", number(lang, rate)),
            Lang::De => format!("gesendet mit {} Anfragen/s", number(lang, rate)),
        });
    }
    if let Some(peak) = missing.peak_concurrent_requests {
        parts.push(match lang {
            Lang::En => format!("at most {} in flight at once", number(lang, peak)),
            Lang::De => format!("höchstens {} zugleich in Arbeit", number(lang, peak)),
        });
    }
    if let Some(mean) = missing.measured_mean_concurrency {
        parts.push(match lang {
            Lang::En => format!("the tool measured {} in flight on average", number(lang, mean)),
            Lang::De => format!("vom Werkzeug gemessen im Mittel {} in Arbeit", number(lang, mean)),
        });
    }
    if let Some(mean) = missing.mean_in_flight {
        parts.push(match lang {
            Lang::En => format!("about {} in flight on average (Little's law)", number(lang, mean)),
            Lang::De => format!("im Mittel etwa {} in Arbeit (Littles Gesetz)", number(lang, mean)),
        });
    }
    parts.join("; ")
}

/// A file that could not be read: "<name> could not be read by the browser."
pub fn file_unreadable(lang: Lang, file: &str) -> String {
    format!("{file} {}", import_text(lang, ImportMsg::FileUnreadable))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_import::{ImportError, Warning};

    #[test]
    fn formats_and_repeated_warnings_are_german_too() {
        assert_eq!(format_name(Lang::De, Format::TwoColumn), "zwei Spalten (eingefügt)");
        assert_eq!(format_name(Lang::En, Format::SglangJsonl), "SGLang bench_serving JSONL");
        let repeated = Warning::Repeated {
            warning: Box::new(Warning::RateLimited { line: Some(1), request_rate: 1.5 }),
            times: 5,
        };
        assert_eq!(
            warning_text(Lang::De, &repeated),
            "Zeile 1: die Anfragen wurden mit 1,5 je Sekunde gesendet, daher liefen womöglich weniger gleichzeitig als die Obergrenze der Parallelität (5-mal)."
        );
        assert_eq!(
            warning_text(Lang::En, &repeated),
            "line 1: requests were sent at 1.5 per second, so fewer requests than the concurrency cap may have run at once (5 times)."
        );
    }

    #[test]
    fn run_notes_are_german_too() {
        let note = "Imported from GuideLLM benchmarks.json; the curve uses 1000 / inter_token_latency_ms (median).";
        assert_eq!(
            run_note(Lang::De, note),
            "Importiert aus GuideLLM benchmarks.json; die Kurve nutzt 1000 / inter_token_latency_ms (Median)."
        );
        let pasted = "Imported from two-column paste; the curve uses per-request tok/s as given.";
        assert_eq!(
            run_note(Lang::De, pasted),
            "Importiert aus zwei Spalten (eingefügt); die Kurve nutzt Token/s je Anfrage wie angegeben."
        );
        assert_eq!(run_note(Lang::En, pasted), pasted);
        assert_eq!(run_note(Lang::De, "something else"), "something else");
    }

    #[test]
    fn sizes_are_localised() {
        assert_eq!(size_limit(Lang::En), "At most 5.0 MB per import, checked before anything is read.");
        assert_eq!(size_limit(Lang::De), "Höchstens 5,0 MB je Import, geprüft bevor etwas gelesen wird.");
        let too_large = ImportError::TooLarge { bytes: 50 * 1024 * 1024, limit: 5 * 1024 * 1024 };
        assert_eq!(
            error_text(Lang::De, &too_large),
            "Die Eingabe ist 50,0 MB groß (52.428.800 Bytes), über der Grenze von 5,0 MB; ein Benchmark-Ergebnis hat wenige Kilobyte."
        );
        assert_eq!(number(Lang::De, 7.2184375), "7,22");
        assert_eq!(number(Lang::En, 8.0), "8");
    }
}
