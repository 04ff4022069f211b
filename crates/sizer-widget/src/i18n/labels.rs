//! A run's names in the reader's language. A sourced run's German names are data written beside
//! the English ones (`sizer_data::GermanNames`: "2.048 ein / 2.048 aus", "Engine nicht genannt");
//! where the data give none, the English name is the German one (names of models, engines and
//! publishers). A person's own run keeps the name they gave it; its hardware, weights format or
//! engine nobody stated (`sizer_data::NOT_STATED`) is said in the reader's language
//! ([`hardware_name`], [`measured_on`], [`weights_format`], [`engine_with_tool`]), with the tool that
//! measured an unnamed server where the import knows it. Nothing here reads the English.

use std::borrow::Cow;

use super::Lang;
use super::number::format_integer;
use sizer_data::Run;
use sizer_import::{Format, Unnamed};

/// The run's label in `lang`: a person's unnamed run by its placeholder ("Eingefügt").
pub fn run_label(lang: Lang, run: &Run) -> &str {
    match Unnamed::of(run) {
        Some(unnamed) => unnamed_label(lang, unnamed),
        None => in_lang(lang, &run.label, run.names_de.label.as_deref()),
    }
}

/// The run's model name in `lang` (a shared curve's model is its name, placeholder included).
pub fn model_name(lang: Lang, run: &Run) -> &str {
    match Unnamed::of(run) {
        Some(unnamed) if run.model == run.label => unnamed_label(lang, unnamed),
        _ => in_lang(lang, &run.model, run.names_de.model.as_deref()),
    }
}

/// What the importers call a run nobody named, in `lang`.
pub fn unnamed_label(lang: Lang, unnamed: Unnamed) -> &'static str {
    match (lang, unnamed) {
        (Lang::En, Unnamed::Pasted) => sizer_import::PASTED_LABEL,
        (Lang::En, Unnamed::SharedCurve) => sizer_import::SHARED_LABEL,
        (Lang::De, Unnamed::Pasted) => "Eingefügt",
        (Lang::De, Unnamed::SharedCurve) => "Geteilte Kurve",
    }
}

/// The run's engine in `lang`: its German name where the data give one, or "nicht genannt"
/// where nobody stated it.
pub fn engine_name(lang: Lang, run: &Run) -> &str {
    let german = run.names_de.engine.as_deref();
    match (run.stated_engine(), lang, german) {
        (Some(english), _, _) => in_lang(lang, english, german),
        (None, Lang::De, Some(german)) => german,
        (None, _, _) => not_stated(lang),
    }
}

/// [`engine_name`], with the tool that measured an unnamed server where the import knows it
/// ("nicht genannt (GuideLLM)"). Apart from it because only an imported run has a tool, and
/// the run picker, which lists sourced runs in the first frame, needs no format table.
pub fn engine_with_tool(lang: Lang, run: &Run) -> Cow<'_, str> {
    let named = run.stated_engine().is_some() || run.names_de.engine.is_some();
    let format = run.imported_from.as_ref().and_then(|source| Format::from_key(&source.format));
    match format.and_then(|format| format.engine().unnamed_server_tool()) {
        Some(tool) if !named => Cow::Owned([not_stated(lang), " (", tool, ")"].concat()),
        _ => Cow::Borrowed(engine_name(lang, run)),
    }
}

/// The run's engine version, build or container in `lang`, where stated.
pub fn engine_version(lang: Lang, run: &Run) -> Option<&str> {
    let english = run.engine_version.as_deref()?;
    Some(in_lang(lang, english, run.names_de.engine_version.as_deref()))
}

/// The run's weights format in `lang` ("BF16 (fp8-KV-Cache)"; "nicht genannt" where nobody
/// stated it and the data give no German).
pub fn weights_format(lang: Lang, run: &Run) -> &str {
    let german = run.names_de.format.as_deref();
    match (run.stated_format(), lang, german) {
        (Some(english), _, _) => in_lang(lang, english, german),
        (None, Lang::De, Some(german)) => german,
        (None, _, _) => not_stated(lang),
    }
}

/// A run's field that its source, file or person did not state.
fn not_stated(lang: Lang) -> &'static str {
    match lang {
        Lang::En => sizer_data::NOT_STATED,
        Lang::De => "nicht genannt",
    }
}

/// The hardware a run was measured on: as its source, file or person stated it, else "hardware
/// not stated" in `lang`.
pub fn hardware_name(lang: Lang, run: &Run) -> &str {
    run.stated_hardware().unwrap_or(hardware_not_stated(lang))
}

pub fn hardware_not_stated(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "hardware not stated",
        Lang::De => "Hardware nicht genannt",
    }
}

/// The systems a run was measured on: "1 × DGX Spark (GB10)", or "2 systems (hardware not
/// stated)" where neither the file nor the person named it.
pub fn measured_on(lang: Lang, nodes: u32, hardware: Option<&str>) -> String {
    let count = format_integer(lang, u64::from(nodes));
    let Some(name) = hardware else {
        let systems = match (lang, nodes == 1) {
            (Lang::En, true) => " system",
            (Lang::En, false) => " systems",
            (Lang::De, true) => " System",
            (Lang::De, false) => " Systemen",
        };
        return [count.as_str(), systems, " (", hardware_not_stated(lang), ")"].concat();
    };
    [count.as_str(), " × ", name].concat()
}

/// `english`, or in German `german` where the data give one.
pub(super) fn in_lang<'a>(lang: Lang, english: &'a str, german: Option<&'a str>) -> &'a str {
    match lang {
        Lang::En => english,
        Lang::De => german.unwrap_or(english),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_data::dataset;

    fn run(id: &str) -> &'static Run {
        dataset().run(id).expect("a dataset run")
    }

    #[test]
    fn a_persons_unnamed_run_is_named_in_the_language() {
        let shared = sizer_import::run_from_shared_points("yours-1", "", "1:50,8:20").expect("decodable");
        assert_eq!((run_label(Lang::De, &shared), model_name(Lang::De, &shared)), ("Geteilte Kurve", "Geteilte Kurve"));
        assert_eq!((run_label(Lang::En, &shared), model_name(Lang::En, &shared)), ("Shared curve", "Shared curve"));
        let pasted = sizer_import::import("1,50\n8,20\n", "").and_then(|import| import.to_runs()).expect("a paste");
        assert_eq!((run_label(Lang::De, &pasted[0]), run_label(Lang::En, &pasted[0])), ("Eingefügt", "Pasted"));
        // A name someone gave stays as given.
        let named = sizer_import::run_from_shared_points("yours-1", "Meine Box", "1:50").expect("decodable");
        assert_eq!(run_label(Lang::De, &named), "Meine Box");
    }

    #[test]
    fn german_labels_translate_the_workload_and_the_unnamed_engine() {
        assert_eq!(
            run_label(Lang::De, run("lmsys-gpt-oss-120b-sglang-2048-2048")),
            "gpt-oss-120b · SGLang · 2.048 ein / 2.048 aus · LMSYS"
        );
        let petronella = run("petronella-qwen3.8-27b-nvfp4");
        assert_eq!(run_label(Lang::De, petronella), "Qwen3.8-27B (dicht) · NVFP4 · Engine nicht genannt · Petronella");
        assert_eq!(engine_name(Lang::De, petronella), "nicht genannt");
        assert_eq!(
            run_label(Lang::De, run("llamacpp-b6918-gpt-oss-20b-gguf-pp8192")),
            "gpt-oss-20b · GGUF · llama.cpp Build 6918 · 8.192 ein / 32 aus (Nov. 2025)"
        );
        assert_eq!(
            model_name(Lang::De, run("nvidia-forum-qwen3.6-fp8-mtp3-vllm")),
            "Qwen3.6 (Größe nicht genannt; 35-GB-FP8-Checkpoint)"
        );
        assert_eq!(
            engine_version(Lang::De, run("llamacpp-gpt-oss-120b-2026-02-pp4096")),
            Some("Build vom Februar 2026 (llama-batched-bench)")
        );
    }

    #[test]
    fn english_labels_and_plain_names_stay() {
        let lmsys = run("lmsys-gpt-oss-120b-sglang-2048-2048");
        assert_eq!(run_label(Lang::En, lmsys), "gpt-oss-120b · SGLang · 2,048 in / 2,048 out · LMSYS");
        let llama = run("lmsys-llama-3.1-8b-fp8-sglang");
        assert_eq!(run_label(Lang::De, llama), "Llama 3.1 8B · FP8 · SGLang · LMSYS");
        assert_eq!(engine_version(Lang::De, llama), None);
    }

    #[test]
    fn formats_in_words_are_german() {
        let nvidia_forum = run("nvidia-forum-qwen3.6-fp8-mtp3-vllm");
        assert_eq!(weights_format(Lang::De, nvidia_forum), "FP8 (35-GB-Checkpoint), MTP 3");
        assert_eq!(weights_format(Lang::En, nvidia_forum), "FP8 (35 GB checkpoint), MTP 3");
        let lmsys = run("lmsys-gpt-oss-120b-sglang-2048-2048");
        assert_eq!((weights_format(Lang::En, lmsys), weights_format(Lang::De, lmsys)), ("not stated", "nicht genannt"));
        let gemma = dataset().runs.iter().find(|r| r.label.contains(" · memory 0.85 · ")).expect("the 0.85 run");
        assert_eq!(
            run_label(Lang::De, gemma),
            "gemma-4-26B-A4B-it · BF16 · vLLM 0.26.0 · Speicher 0,85 · DGX-Spark-Arena · Django de Vreng"
        );
        assert_eq!(weights_format(Lang::De, gemma), "BF16 (fp8-KV-Cache)");
    }

    #[test]
    fn an_imported_runs_unstated_fields_are_said_in_the_language() {
        use crate::i18n::import::tests::{guidellm_run, imported};
        let guidellm = guidellm_run();
        assert_eq!((guidellm.engine.as_deref(), guidellm.format.as_deref()), (None, None));
        assert_eq!(engine_with_tool(Lang::En, &guidellm), "not stated (GuideLLM)");
        assert_eq!(engine_with_tool(Lang::De, &guidellm), "nicht genannt (GuideLLM)");
        assert_eq!(engine_name(Lang::De, &guidellm), "nicht genannt");
        assert_eq!(weights_format(Lang::De, &guidellm), "nicht genannt");
        let pasted = imported("1 50\n2 40\n", "paste");
        assert_eq!(engine_with_tool(Lang::De, &pasted), "nicht genannt");
        assert_eq!(weights_format(Lang::En, &pasted), "not stated");
        // A run stored before the import source was kept shows its stored engine as it is.
        let stored = Run { engine: Some("not stated (GuideLLM)".to_owned()), imported_from: None, ..guidellm };
        assert_eq!(engine_with_tool(Lang::De, &stored), "not stated (GuideLLM)");
        let vllm = run("lmsys-gpt-oss-120b-sglang-2048-2048");
        assert_eq!(engine_name(Lang::De, vllm), "SGLang");
    }

    #[test]
    fn hardware_nobody_stated_is_said_in_the_language() {
        let spark = run("lmsys-gpt-oss-120b-sglang-2048-2048");
        assert_eq!(hardware_name(Lang::De, spark), "DGX Spark (GB10)");
        let mut yours = spark.clone();
        yours.origin = sizer_data::RunOrigin::Yours;
        let yours = yours.with_setup(sizer_data::YourSetup::default());
        assert_eq!(hardware_name(Lang::En, &yours), "hardware not stated");
        assert_eq!(hardware_name(Lang::De, &yours), "Hardware nicht genannt");
        let thor =
            yours.with_setup(sizer_data::YourSetup { hardware: Some("Jetson Thor".into()), ..Default::default() });
        assert_eq!(hardware_name(Lang::De, &thor), "Jetson Thor");
    }

    #[test]
    fn every_format_in_words_has_its_german_form() {
        // The data rule a new run must keep: a format with English words says them in German
        // (natively the dataset holds the arena's runs too); the placeholder the page says.
        let words = [" KV cache", "not stated", "checkpoint", "-bit"];
        let unstated = dataset().runs.iter().filter(|r| r.format.is_none()).count();
        assert_eq!(
            (unstated, weights_format(Lang::De, run("lmsys-gpt-oss-120b-sglang-2048-2048"))),
            (5, "nicht genannt")
        );
        for run in
            dataset().runs.iter().filter(|r| r.stated_format().is_some_and(|f| words.iter().any(|w| f.contains(w))))
        {
            let german = run.names_de.format.as_deref().unwrap_or_else(|| panic!("{} has no German format", run.id));
            assert!(!words.iter().any(|w| german.contains(w)), "{german}");
        }
    }

    #[test]
    fn every_label_with_a_workload_has_its_german_form() {
        // The data rule a new run must keep: a label that writes token counts the English way
        // says them in German too.
        for run in dataset().runs.iter().filter(|r| r.label.contains(" in / ")) {
            let german = run.names_de.label.as_deref().unwrap_or_else(|| panic!("{} has no German label", run.id));
            assert!(german.contains(" ein / "), "{german}");
        }
    }
}
