//! The dataset's run labels and model names in the reader's language. The dataset writes them
//! in English ("gpt-oss-120b · SGLang · 2,048 in / 2,048 out · LMSYS"); in German the words
//! the widget shows around the names (workload, "engine not named", dates, set-ups) are
//! translated and the numbers written the German way ("2.048 ein / 2.048 aus"). Names of
//! models, engines and publishers stay as they are. Only dataset runs go through here: a
//! person's own run keeps the name they gave it.

use std::borrow::Cow;

use super::Lang;

/// English phrases of the dataset's labels and their German form, longest first where one
/// contains another.
const DE_PHRASES: [(&str, &str); 24] = [
    ("size not named; 35 GB FP8 checkpoint", "Größe nicht genannt; 35-GB-FP8-Checkpoint"),
    ("35 GB checkpoint", "35-GB-Checkpoint"),
    ("engine not named", "Engine nicht genannt"),
    ("not named", "nicht genannt"),
    ("not stated", "nicht angegeben"),
    ("(dense)", "(dicht)"),
    ("dev build", "Entwicklungs-Build"),
    ("(Feb 2026 build)", "(Build Feb. 2026)"),
    ("build ", "Build "),
    (" container", " (Container)"),
    ("2 Sparks as replicas behind LiteLLM", "2 Sparks als Replikate hinter LiteLLM"),
    ("2 Sparks as replicas, LiteLLM least-busy", "2 Sparks als Replikate, LiteLLM least-busy"),
    ("2 Sparks, pipeline parallel", "2 Sparks, Pipeline-Parallelität"),
    (" concurrent", " gleichzeitig"),
    ("32K prompts, 1K answers", "32K-Prompts, 1K-Antworten"),
    ("NVIDIA forum", "NVIDIA-Forum"),
    ("(Nov 2025)", "(Nov. 2025)"),
    ("(Feb 2026)", "(Feb. 2026)"),
    ("(Mar 2026)", "(März 2026)"),
    ("(Aug 2026)", "(Aug. 2026)"),
    ("AIPerf chatbot", "AIPerf-Chatbot"),
    ("raw logs", "Roh-Logs"),
    (" in / ", " ein / "),
    (" out", " aus"),
];

/// A dataset run's label, model name or engine in `lang`.
pub fn data_label(lang: Lang, label: &str) -> Cow<'_, str> {
    match lang {
        Lang::En => Cow::Borrowed(label),
        Lang::De => {
            let mut text = german_token_counts(label);
            for (en, de) in DE_PHRASES {
                if text.contains(en) {
                    text = text.replace(en, de);
                }
            }
            Cow::Owned(text)
        }
    }
}

/// A run's name in `lang`: a dataset run's label through [`data_label`], a person's own run
/// the name they gave it (never translated).
pub fn run_label(lang: Lang, run: &sizer_data::Run) -> Cow<'_, str> {
    match run.origin {
        sizer_data::RunOrigin::Yours => Cow::Borrowed(&run.label),
        _ => data_label(lang, &run.label),
    }
}

/// Writes the token counts of "2,048 in / 32 out" the German way ("2.048 in / 32 out"): a
/// thousands comma inside digits followed by three digits becomes a dot.
fn german_token_counts(label: &str) -> String {
    let chars: Vec<char> = label.chars().collect();
    let mut out = String::with_capacity(label.len());
    for (index, &c) in chars.iter().enumerate() {
        let before = index.checked_sub(1).and_then(|i| chars.get(i)).is_some_and(char::is_ascii_digit);
        let three_after = (1..=3).all(|k| chars.get(index + k).is_some_and(char::is_ascii_digit))
            && !chars.get(index + 4).is_some_and(char::is_ascii_digit);
        out.push(if c == ',' && before && three_after { '.' } else { c });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_labels_translate_the_workload_and_the_unnamed_engine() {
        assert_eq!(
            data_label(Lang::De, "gpt-oss-120b · SGLang · 2,048 in / 2,048 out · LMSYS"),
            "gpt-oss-120b · SGLang · 2.048 ein / 2.048 aus · LMSYS"
        );
        assert_eq!(
            data_label(Lang::De, "Qwen3.8-27B (dense) · NVFP4 · engine not named · Petronella"),
            "Qwen3.8-27B (dicht) · NVFP4 · Engine nicht genannt · Petronella"
        );
        assert_eq!(
            data_label(Lang::De, "gpt-oss-20b · GGUF · llama.cpp build 6918 · 8,192 in / 32 out (Nov 2025)"),
            "gpt-oss-20b · GGUF · llama.cpp Build 6918 · 8.192 ein / 32 aus (Nov. 2025)"
        );
        assert_eq!(
            data_label(Lang::De, "Qwen3.6 (size not named; 35 GB FP8 checkpoint)"),
            "Qwen3.6 (Größe nicht genannt; 35-GB-FP8-Checkpoint)"
        );
    }

    #[test]
    fn english_labels_and_plain_names_stay() {
        let label = "gpt-oss-120b · SGLang · 2,048 in / 2,048 out · LMSYS";
        assert_eq!(data_label(Lang::En, label), label);
        assert_eq!(data_label(Lang::De, "Llama 3.1 8B · FP8 · SGLang · LMSYS"), "Llama 3.1 8B · FP8 · SGLang · LMSYS");
        // A comma between figures that is not a thousands separator stays.
        assert_eq!(german_token_counts("1,5"), "1,5");
        assert_eq!(german_token_counts("8, 16"), "8, 16");
    }
}
