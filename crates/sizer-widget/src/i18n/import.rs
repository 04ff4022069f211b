//! Text of the import panel (your own benchmark), in English and German.
//!
//! Same scheme as the other tables: a key enum, one `match` per language (a missing translation
//! does not compile), and small functions for sentences with numbers in them. The importer's
//! errors and warnings are English sentences from `sizer_import`; German gets its own sentence
//! for every variant here, with the same line and key.

use sizer_data::CurveBasis;
use sizer_import::{Format, FormulaShape, MAX_INPUT_BYTES, MissingConcurrency, Statistic, basis_source};

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
        Share => "Keep my chosen curve in this page's address too",
        ShareHint => {
            "\"Copy link\" always carries it, so the link opens elsewhere; ticked, the address bar does as well. Only its points (concurrency and per-request tok/s) go into a link, nothing else."
        }
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
        Share => "Meine gewählte Kurve auch in der Adresse dieser Seite führen",
        ShareHint => {
            "„Link kopieren“ enthält sie immer, damit der Link auch anderswo öffnet; angehakt auch die Adresszeile. Nur ihre Punkte (Parallelität und Token/s je Anfrage) kommen in einen Link, sonst nichts."
        }
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

/// An imported run's note as it was stored, in English: what the page shows until the module
/// that composes [`run_note`] has loaded, and for a run that keeps no import source.
pub fn stored_note(run: &sizer_data::Run) -> Option<(String, Lang)> {
    run.note.clone().map(|note| (note, Lang::En))
}

/// An imported run's note and the language it is in: composed in `lang` from what the run keeps
/// of its import (`sizer_data::ImportSource`: the format and the figures the curve uses, as
/// values), or the stored English note as it is for a run that keeps none (stored before it was
/// kept, or opened from a link). Formulas keep the tools' key names.
pub fn run_note(lang: Lang, run: &sizer_data::Run) -> Option<(String, Lang)> {
    let Some(source) = &run.imported_from else { return stored_note(run) };
    let (Some(format), Some(basis)) = (Format::from_key(&source.format), CurveBasis::from_key(&source.basis)) else {
        return stored_note(run);
    };
    let name = format_name(lang, format);
    let used = formula_text(lang, basis, format);
    let also =
        source.alternative.as_deref().and_then(CurveBasis::from_key).map(|basis| formula_text(lang, basis, format));
    let text = match (lang, also) {
        (Lang::En, None) => format!("Imported from {name}; the curve uses {used}."),
        (Lang::En, Some(also)) => format!("Imported from {name}; the curve uses {used}; also available: {also}."),
        (Lang::De, None) => format!("Importiert aus {name}; die Kurve nutzt {used}."),
        (Lang::De, Some(also)) => {
            format!("Importiert aus {name}; die Kurve nutzt {used}; ebenfalls vorhanden: {also}.")
        }
    };
    Some((text, lang))
}

/// A run's note under its table and its language: an imported run's in the reader's words
/// ([`run_note`]), a sourced run's as the dataset writes it, in English.
pub fn caption_note(lang: Lang, run: &sizer_data::Run) -> Option<(String, Lang)> {
    match run.origin {
        sizer_data::RunOrigin::Yours => run_note(lang, run),
        sizer_data::RunOrigin::Sourced => run.note.clone().map(|note| (note, Lang::En)),
    }
}

/// The formula behind `basis` in `format` (`sizer_import::basis_source`) in `lang`: the tool's key
/// names as they are, a format's description in words and the statistic in the reader's words.
fn formula_text(lang: Lang, basis: CurveBasis, format: Format) -> String {
    let source = basis_source(basis, format);
    if lang == Lang::En {
        return source.formula.to_owned();
    }
    let key = if source.in_words { german_words(basis) } else { source.key };
    let statistic = match source.statistic {
        Some(Statistic::Median) => " (Median)",
        Some(Statistic::Mean) => " (Mittelwert)",
        Some(Statistic::Avg) => " (avg)",
        None => "",
    };
    match source.shape {
        FormulaShape::Inverse => format!("1000 / {key}{statistic}"),
        FormulaShape::Over { per } => format!("{key} / {}", if source.in_words { "Parallelität" } else { per }),
        FormulaShape::AsGiven if source.statistic.is_some() => format!("{key}{statistic}"),
        FormulaShape::AsGiven => format!("{key} wie angegeben"),
    }
}

/// The German of a format's description in words (`BasisSource::in_words`) for `basis`.
fn german_words(basis: CurveBasis) -> &'static str {
    match basis {
        CurveBasis::PerRequest => "Token/s je Anfrage",
        CurveBasis::MedianTpot => "median TPOT (ms)",
        CurveBasis::MeanTpot => "mean TPOT (ms)",
        CurveBasis::AggregateOverConcurrency => "erzeugte Token/s gesamt",
        CurveBasis::InterTokenLatency => "Zwischen-Token-Latenz (ms)",
    }
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
pub(super) mod tests {
    use super::*;
    use sizer_import::{ImportError, ImportWarning};

    #[test]
    fn formats_and_repeated_warnings_are_german_too() {
        assert_eq!(format_name(Lang::De, Format::TwoColumn), "zwei Spalten (eingefügt)");
        assert_eq!(format_name(Lang::En, Format::SglangJsonl), "SGLang bench_serving JSONL");
        let repeated = ImportWarning::Repeated {
            warning: Box::new(ImportWarning::RateLimited { line: Some(1), request_rate: 1.5 }),
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

    /// The first run the importer makes of `text` (read as a file called `name`).
    pub(in crate::i18n) fn imported(text: &str, name: &str) -> sizer_data::Run {
        let runs = sizer_import::import(text, name).and_then(|import| import.to_runs()).expect("imports");
        runs.into_iter().next().expect("a run")
    }

    /// The run of a real GuideLLM benchmarks.json (the server's engine not recorded).
    pub(in crate::i18n) fn guidellm_run() -> sizer_data::Run {
        imported(
            include_str!(
                "../../../../tests/fixtures/guidellm/intel-xpu-qwen3-4b-thinking-tp4-fp8__concurrent4__guidellm-0.5.0.dev0.json"
            ),
            "benchmarks.json",
        )
    }

    #[test]
    fn run_notes_are_german_too() {
        // The runs as the importer makes them; the English composed here equals the note the
        // importer stored (its own `to_run`), a second writer of the same sentence.
        let guidellm = guidellm_run();
        assert_eq!(
            run_note(Lang::De, &guidellm),
            Some((
                "Importiert aus GuideLLM benchmarks.json; die Kurve nutzt 1000 / inter_token_latency_ms (Median)."
                    .to_owned(),
                Lang::De
            ))
        );
        let pasted = imported("1 50\n2 40\n", "paste");
        let english = "Imported from two-column paste; the curve uses per-request tok/s as given.";
        assert_eq!(pasted.note.as_deref(), Some(english));
        assert_eq!(run_note(Lang::En, &pasted), Some((english.to_owned(), Lang::En)));
        assert_eq!(
            run_note(Lang::De, &pasted),
            Some((
                "Importiert aus zwei Spalten (eingefügt); die Kurve nutzt Token/s je Anfrage wie angegeben.".to_owned(),
                Lang::De
            ))
        );
        // A run that keeps no import source (stored before, or from a link) shows its note as
        // it is, marked English.
        let stored = sizer_data::Run { imported_from: None, note: Some("something else".to_owned()), ..pasted };
        assert_eq!(run_note(Lang::De, &stored), Some(("something else".to_owned(), Lang::En)));
    }

    #[test]
    fn every_format_and_figure_gives_its_importers_english_formula() {
        // The composed English is the importer's `formula` for every pair; the German keeps the
        // tools' key names and words a format's own description.
        for format in Format::ALL {
            for basis in CurveBasis::ALL {
                assert_eq!(formula_text(Lang::En, basis, format), sizer_import::formula(basis, format));
            }
        }
        assert_eq!(
            formula_text(Lang::De, CurveBasis::AggregateOverConcurrency, Format::Csv),
            "erzeugte Token/s gesamt / Parallelität"
        );
        assert_eq!(
            formula_text(Lang::De, CurveBasis::AggregateOverConcurrency, Format::BatchedBenchMarkdown),
            "S_TG t/s / B"
        );
        assert_eq!(
            formula_text(Lang::De, CurveBasis::PerRequest, Format::LlamaBenchyJson),
            "tg_req_throughput (Mittelwert)"
        );
        assert_eq!(
            formula_text(Lang::De, CurveBasis::InterTokenLatency, Format::Csv),
            "1000 / Zwischen-Token-Latenz (ms)"
        );
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
