//! A whole benchmark suite imported at once: the status line, the hint, the files left out and
//! the files not needed, in English and German. Each refused file's sentence is made from the
//! importer's typed reason (`sizer_import::suite::SuiteError`, `sizer_data::suite::
//! SuiteDataError`): English is the importer's own wording, German has a sentence per variant.

use sizer_data::suite::SuiteDataError;
use sizer_import::suite::{FileError, SuiteError};

use super::Lang;
use super::import_errors::error_text;

/// The panel's hint on what several files at once become, and that a paste is one file.
pub fn suite_hint(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "Several files of one server chosen or dropped at once (a benchmark suite's folder: llama-benchy tables, vllm bench serve JSON of several rates, its meta.json) become one run with all its workloads and its measured load. The paste box takes one file's text."
        }
        Lang::De => {
            "Mehrere Dateien eines Servers, zusammen ausgewählt oder hierher gezogen (der Ordner einer Benchmark-Suite: llama-benchy-Tabellen, JSON von vllm bench serve zu mehreren Raten, ihre meta.json), werden ein Lauf mit allen Arbeitslasten und seiner gemessenen Last. Das Einfügefeld nimmt den Text einer Datei."
        }
    }
}

/// The status line after a suite import.
pub fn suite_imported(lang: Lang, label: &str, files: usize, workloads: usize, load_steps: usize) -> String {
    match lang {
        Lang::En => {
            let load = match load_steps {
                0 => "no measured load".to_owned(),
                1 => "a measured load of 1 step".to_owned(),
                n => format!("a measured load of {n} steps"),
            };
            let workloads = if workloads == 1 { "1 workload".to_owned() } else { format!("{workloads} workloads") };
            format!(
                "Imported {files} files as one run, \"{label}\", now in use: {workloads} (the sizing uses the one nearest your prompts) and {load}."
            )
        }
        Lang::De => {
            let load = match load_steps {
                0 => "ohne gemessene Last".to_owned(),
                1 => "mit einer gemessenen Last aus 1 Schritt".to_owned(),
                n => format!("mit einer gemessenen Last aus {n} Schritten"),
            };
            let workloads =
                if workloads == 1 { "1 Arbeitslast".to_owned() } else { format!("{workloads} Arbeitslasten") };
            format!(
                "{files} Dateien als ein Lauf importiert, „{label}“, jetzt in Verwendung: {workloads} (die Rechnung nutzt die Ihren Prompts nächste), {load}."
            )
        }
    }
}

/// A suite run in the list of yours: its workloads, and how their points were read.
pub fn suite_item(lang: Lang, workloads: usize) -> String {
    match lang {
        Lang::En => format!(
            "{workloads} workloads of one server; each point's per-request speed is its llama-benchy generation row's t/s (req), prefill its prompt row's t/s (total)."
        ),
        Lang::De => format!(
            "{workloads} Arbeitslasten eines Servers; das Tempo je Anfrage jedes Punkts ist t/s (req) seiner llama-benchy-Erzeugungszeile, die Prefill-Rate t/s (total) seiner Prompt-Zeile."
        ),
    }
}

/// Said beside "remember on this device" while a suite run is listed.
pub fn suite_not_stored(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "Runs imported as a whole suite are not kept on this device (its stored form holds one curve per run): import their files again next time."
        }
        Lang::De => {
            "Als ganze Suite importierte Läufe werden auf diesem Gerät nicht gespeichert (dort steht eine Kurve je Lauf): bitte ihre Dateien beim nächsten Mal erneut importieren."
        }
    }
}

/// The heading over the files left out.
pub fn refused_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Files left out",
        Lang::De => "Ausgelassene Dateien",
    }
}

/// The files read and not needed, in one sentence.
pub fn ignored(lang: Lang, files: &[String]) -> String {
    let list = files.join(", ");
    match lang {
        Lang::En => format!("Read and not needed (the suite's notes, or a report beside its JSON): {list}."),
        Lang::De => {
            format!("Gelesen und nicht gebraucht (Notizen der Suite oder ein Bericht neben seinem JSON): {list}.")
        }
    }
}

/// One refused file: its name, then why, in one sentence.
pub fn file_error_text(lang: Lang, error: &FileError) -> String {
    match lang {
        Lang::En => error.to_string(),
        Lang::De => format!("{}: {}", error.file, german_suite_error(&error.error)),
    }
}

fn german_suite_error(error: &SuiteError) -> String {
    match error {
        SuiteError::Import(error) => error_text(Lang::De, error),
        SuiteError::Data(error) => german_data_error(error),
        SuiteError::OtherModel { named, expected } => format!(
            "diese Datei hat {named} gemessen, nicht {expected} wie die anderen Dateien, und wurde daher ausgelassen; bitte einzeln importieren."
        ),
        SuiteError::OtherProfile { named, expected } => format!(
            "diese Datei gehört zum Profil „{named}“, nicht „{expected}“ wie die anderen Dateien, und wurde daher ausgelassen; bitte einzeln importieren."
        ),
        SuiteError::NotRecognised => "das ist keine Datei einer Benchmark-Suite: erwartet werden llama-benchy-Markdown, JSON von vllm bench serve, eine Zusammenfassung der Ratenreihe oder die meta.json der Suite.".to_owned(),
        SuiteError::NoRows => "diese llama-benchy-Tabelle hat keine gemessene Erzeugungszeile (tgN).".to_owned(),
        SuiteError::NoPromptRow { line, counter } => format!(
            "Zeile {line}: vor {counter} steht keine Prompt-Zeile (ppN), daher ist die Prompt-Länge unbekannt."
        ),
        SuiteError::NotACount { key, value } => {
            format!("{key} muss eine ganze Zahl von Anfragen sein, nicht {}.", number(*value))
        }
        SuiteError::SeveralResults { count } => {
            format!("diese Datei enthält {count} JSON-Ergebnisse, wo eine Suite eines je Datei schreibt.")
        }
        SuiteError::Duplicate { first } => {
            format!("diese Datei hat dieselbe Rolle wie {first}, die zuerst gelesen wurde, und wurde daher ausgelassen.")
        }
        SuiteError::TooManyFiles { limit } => {
            format!("ein Suite-Import liest höchstens {limit} Dateien, daher wurde diese ausgelassen.")
        }
    }
}

fn german_data_error(error: &SuiteDataError) -> String {
    match error {
        SuiteDataError::Empty { what } => format!("{what} ist leer."),
        SuiteDataError::NotFinite { what, value } => {
            format!("{what} muss eine endliche Zahl sein, nicht {}.", number(*value))
        }
        SuiteDataError::NotPositive { what, value } => {
            format!("{what} muss eine positive Zahl sein, nicht {}.", number(*value))
        }
        SuiteDataError::Negative { what, value } => format!("{what} kann nicht negativ sein ({}).", number(*value)),
        SuiteDataError::OutOfRange { what, value, low, high } => {
            format!("{what} ist {}, außerhalb von {} bis {}.", number(*value), number(*low), number(*high))
        }
        SuiteDataError::NoPoints { workload } => format!("die Arbeitslast „{workload}“ hat keinen Messpunkt."),
        SuiteDataError::DuplicateConcurrency { workload, concurrency } => {
            format!("Parallelität {} kommt in der Arbeitslast „{workload}“ zweimal vor.", number(*concurrency))
        }
        SuiteDataError::PercentilesOutOfOrder { what, lower, higher } => {
            format!("{what} sind nicht in Reihenfolge: {} ms über {} ms.", number(*lower), number(*higher))
        }
        SuiteDataError::MoreThanSent { completed, failed, sent } => format!(
            "{completed} beantwortete und {failed} fehlgeschlagene Anfragen sind mehr als die {sent} gesendeten."
        ),
    }
}

/// A number in a refusal as the importer writes it (exponent beyond 10^15 or under 10^-6, so a
/// hostile value stays short), with the German decimal comma.
fn number(value: f64) -> String {
    let size = value.abs();
    let text = if size != 0.0 && size.is_finite() && !(1e-6..1e15).contains(&size) {
        format!("{value:e}")
    } else {
        format!("{value}")
    };
    text.replace('.', ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_another_model_is_named_in_both_languages() {
        let error = FileError {
            file: "01-chat.md".to_owned(),
            error: SuiteError::OtherModel {
                named: "google/gemma-4-31b-it".to_owned(),
                expected: "Qwen/Qwen3.6-35B-A3B-FP8".to_owned(),
            },
        };
        let en = file_error_text(Lang::En, &error);
        let de = file_error_text(Lang::De, &error);
        for text in [&en, &de] {
            assert!(text.starts_with("01-chat.md: ") && text.ends_with('.'), "{text}");
            assert!(text.contains("google/gemma-4-31b-it") && text.contains("Qwen/Qwen3.6-35B-A3B-FP8"), "{text}");
        }
        assert_ne!(en, de);
        assert!(de.contains("nicht Qwen/Qwen3.6-35B-A3B-FP8 wie die anderen Dateien"), "{de}");
    }

    #[test]
    fn german_numbers_take_the_comma_and_stay_short() {
        let error = SuiteError::NotACount { key: "num_prompts".to_owned(), value: 2.5 };
        assert_eq!(german_suite_error(&error), "num_prompts muss eine ganze Zahl von Anfragen sein, nicht 2,5.");
        let hostile = SuiteError::Data(SuiteDataError::NotPositive { what: "p95_ttft_ms".to_owned(), value: -1e300 });
        assert_eq!(german_suite_error(&hostile), "p95_ttft_ms muss eine positive Zahl sein, nicht -1e300.");
    }

    #[test]
    fn the_status_counts_in_words_of_each_language() {
        assert_eq!(
            suite_imported(Lang::En, "Qwen/Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0", 24, 9, 10),
            "Imported 24 files as one run, \"Qwen/Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0\", now in use: 9 workloads (the sizing uses the one nearest your prompts) and a measured load of 10 steps."
        );
        assert_eq!(
            suite_imported(Lang::De, "x", 2, 1, 0),
            "2 Dateien als ein Lauf importiert, „x“, jetzt in Verwendung: 1 Arbeitslast (die Rechnung nutzt die Ihren Prompts nächste), ohne gemessene Last."
        );
    }
}
