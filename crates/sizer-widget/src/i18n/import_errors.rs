//! The importer's errors and warnings in German: `sizer_import` words them in English; German
//! gets its own sentence for every variant here, with the same line and key.

use sizer_import::{ImportError, ImportWarning};

use super::{Lang, format_number};

/// An importer error as one sentence in `lang`, with the importer's line and key.
pub fn error_text(lang: Lang, error: &ImportError) -> String {
    match lang {
        Lang::En => error.to_string(),
        Lang::De => german_error(error),
    }
}

fn german_error(error: &ImportError) -> String {
    let de = Lang::De;
    match error {
        ImportError::Empty => "Die Eingabe ist leer: bitte ein Benchmark-Ergebnis einfügen oder hierher ziehen.".to_owned(),
        ImportError::TooLarge { bytes, limit } => format!(
            "Die Eingabe ist {} groß ({} Bytes), über der Grenze von {}; ein Benchmark-Ergebnis hat wenige Kilobyte.",
            megabytes(de, *bytes),
            format_number(de, *bytes as f64, 0),
            megabytes(de, *limit)
        ),
        ImportError::Binary => "Das ist eine Binärdatei, kein Text: bitte die Text- oder JSON-Ausgabe des Benchmarks importieren.".to_owned(),
        ImportError::Html => "Das sieht nach einer Webseite (HTML) aus, nicht nach Benchmark-Ausgabe: bitte den Ergebnistext kopieren oder die JSON-Datei speichern.".to_owned(),
        ImportError::NotRecognised => "Dieses Ergebnis können wir nicht lesen: bitte vLLM bench serve (JSON oder Konsolenblock), SGLang bench_serving (JSONL), GuideLLM benchmarks.json, AIPerf profile_export_aiperf (JSON oder CSV), llama-batched-bench, llama-benchy oder zwei Spalten (Parallelität, Token/s je Anfrage) verwenden.".to_owned(),
        ImportError::UnknownJson { line } => format!("Zeile {line}: dieses JSON stammt nicht von vLLM bench serve, SGLang bench_serving, GuideLLM, AIPerf, llama-batched-bench oder llama-benchy."),
        ImportError::MixedFormats { line } => format!("Zeile {line}: dieser Teil hat ein anderes Format als der Rest; bitte die Ausgabe jedes Werkzeugs einzeln importieren."),
        ImportError::LlamaBench { line } => format!("Zeile {line}: das ist llama-bench, das nur eine Anfrage zur Zeit misst; für Tempo unter Parallelität bitte llama-batched-bench verwenden."),
        ImportError::PromptTokensCounted { line, key } => format!("Zeile {line}: die Spalte „{key}“ zählt auch Prompt-Token und ist daher kein Erzeugungstempo; bitte die erzeugten Token/s verwenden."),
        ImportError::Sglang { line } => format!("Zeile {line}: das ist der Konsolenblock von SGLang, der dem von vLLM ähnelt, aber nicht gelesen wird; bitte stattdessen die JSONL-Datei importieren, die bench_serving mit --output-file schreibt."),
        ImportError::GenAiPerf { line } => format!("Zeile {line}: das sieht nach profile_export_genai_perf.json von GenAI-Perf aus, das nicht unterstützt wird (kein öffentliches Beispiel zum Prüfen); profile_export_aiperf.json von AIPerf wird gelesen."),
        ImportError::TruncatedJson { line, column } => format!("Zeile {line}, Spalte {column}: das JSON endet zu früh; die Datei scheint abgeschnitten."),
        ImportError::InvalidJson { line, column } => format!("Zeile {line}, Spalte {column}: das ist kein gültiges JSON."),
        ImportError::MissingKey { line, key } => format!("{}{key} fehlt.", at(*line)),
        ImportError::WrongType { line, key, expected } => format!("{}{key} hat den falschen Typ (erwartet: {expected}).", at(*line)),
        ImportError::NotANumber { line, key, value } => format!("Zeile {line}: {key} ist keine Zahl („{value}“)."),
        ImportError::NotPositive { line, key, value } => {
            format!("{}{key} muss eine positive Zahl sein, nicht {}.", at(*line), number(de, *value))
        }
        ImportError::NotWhole { line, value } => {
            format!("{}die Parallelität muss eine ganze Zahl von Anfragen sein, nicht {}.", at(*line), number(de, *value))
        }
        ImportError::ConcurrencyUnknown { run } => format!("„{run}“ hat noch Messpunkte ohne Parallelität; bitte zuerst eintragen."),
        ImportError::ConcurrencyTooLarge { line, value } => format!(
            "{}eine Parallelität von {} ist unplausibel (Grenze: {}).",
            at(*line),
            number(de, *value),
            number(de, sizer_import::MAX_IMPORT_CONCURRENCY)
        ),
        ImportError::DuplicateConcurrency { run, concurrency, first_line, second_line } => {
            let lines = match (first_line, second_line) {
                (Some(a), Some(b)) => format!(" (Zeilen {a} und {b})"),
                _ => String::new(),
            };
            format!(
                "Parallelität {} kommt in „{run}“ zweimal vor{lines}; bitte eine entfernen oder getrennt importieren.",
                number(de, *concurrency)
            )
        }
        ImportError::BadRow { line, expected, found } => {
            format!("Zeile {line}: diese Tabellenzeile hat {found} Zellen, die Kopfzeile {expected}.")
        }
        ImportError::NoPoints => "In dieser Eingabe wurde kein Messpunkt gefunden.".to_owned(),
        ImportError::TooMany { what, limit } => {
            format!("Diese Eingabe überschreitet die Grenze von {limit} ({what}).")
        }
        ImportError::NoSuchPoint { run, point } => format!("Messpunkt {point} in Lauf {run} gibt es in diesem Import nicht."),
        ImportError::InFile { file, error } => format!("{file}: {}", german_error(error)),
    }
}

/// An importer warning as one sentence in `lang`.
pub fn warning_text(lang: Lang, warning: &ImportWarning) -> String {
    match lang {
        Lang::En => warning.to_string(),
        Lang::De => german_warning(warning),
    }
}

fn german_warning(warning: &ImportWarning) -> String {
    let de = Lang::De;
    match warning {
        ImportWarning::ConcurrencyUnknown { run, points } => {
            format!(
                "„{run}“: {points} Messpunkt(e) sagen nicht, wie viele Anfragen gleichzeitig liefen; bitte für jeden die Parallelität eintragen."
            )
        }
        ImportWarning::RateLimited { line, request_rate } => format!(
            "{}die Anfragen wurden mit {} je Sekunde gesendet, daher liefen womöglich weniger gleichzeitig als die Obergrenze der Parallelität.",
            at(*line),
            number(de, *request_rate)
        ),
        ImportWarning::FailedRequests { line, failed, completed } => format!(
            "{}{} Anfrage(n) schlugen fehl ({} abgeschlossen); die Tempi gelten nur für die abgeschlossenen.",
            at(*line),
            number(de, *failed),
            number(de, *completed)
        ),
        ImportWarning::NoTpot { line } => {
            format!("{}kein Median-TPOT, daher nutzt dieser Punkt Ausgabedurchsatz / Parallelität.", at(*line))
        }
        ImportWarning::RepeatsAveraged { run, concurrency, count } => format!(
            "„{run}“: {count} wiederholte Messungen bei Parallelität {} wurden gemittelt.",
            number(de, *concurrency)
        ),
        ImportWarning::DuplicateTableSkipped { line } => {
            format!("Zeile {line}: diese Tabelle wiederholt eine frühere und wurde übersprungen.")
        }
        ImportWarning::RowsSkipped { count } => format!("{count} Zeile(n) ohne Erzeugungsmessung wurden übersprungen."),
        ImportWarning::NameCleaned { name } => format!("Der Modellname wurde gekürzt oder bereinigt zu „{name}“."),
        ImportWarning::SharedPrompt { line } => format!(
            "Zeile {line}: alle Sequenzen teilten sich den Prompt (is_pp_shared = 1), daher ist S_PP das Tempo für einen Prompt, nicht für B verschiedene."
        ),
        ImportWarning::ItlForTpot { run } => format!(
            "„{run}“: kein Median-TPOT (eine ältere SGLang-Datei), daher nutzt die Kurve 1000 / Median der Zwischen-Token-Latenz, die jede Lücke zwischen gestreamten Stücken zählt."
        ),
        ImportWarning::Repeated { warning, times } => {
            let sentence = german_warning(warning);
            format!("{} ({times}-mal).", sentence.strip_suffix('.').unwrap_or(&sentence))
        }
    }
}

fn at(line: Option<usize>) -> String {
    line.map(|line| format!("Zeile {line}: ")).unwrap_or_default()
}

/// A measured value with up to two decimals, trailing zeros dropped, in `lang`'s format.
pub(super) fn number(lang: Lang, value: f64) -> String {
    let mut text = format_number(lang, value, 2);
    if text.contains(lang.decimal_mark()) {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with(lang.decimal_mark()) {
            text.pop();
        }
    }
    text
}

/// Bytes as MB (2^20) with one decimal, or kB below 1 MB, like the importer's messages.
pub(super) fn megabytes(lang: Lang, bytes: usize) -> String {
    let mb = bytes as f64 / (1024.0 * 1024.0);
    if mb >= 1.0 { format!("{} MB", format_number(lang, mb, 1)) } else { kilobytes(lang, bytes) }
}

pub(super) fn kilobytes(lang: Lang, bytes: usize) -> String {
    format!("{} kB", format_number(lang, bytes as f64 / 1024.0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_keep_line_and_key_in_both_languages() {
        let error = ImportError::NotANumber { line: 14, key: "S_TG t/s".to_owned(), value: "abc".to_owned() };
        assert_eq!(error_text(Lang::En, &error), "line 14: S_TG t/s is not a number (\"abc\").");
        assert_eq!(error_text(Lang::De, &error), "Zeile 14: S_TG t/s ist keine Zahl („abc“).");
        let nested = ImportError::InFile { file: "a.json".to_owned(), error: Box::new(ImportError::NoPoints) };
        assert_eq!(error_text(Lang::De, &nested), "a.json: In dieser Eingabe wurde kein Messpunkt gefunden.");
    }
}
