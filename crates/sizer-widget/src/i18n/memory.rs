//! Text of the memory section (models kept loaded together) and of a run's KV pool note, in
//! English and German. Same scheme as the other tables: a key enum, one `match` per language,
//! and small functions for sentences with numbers in them. The data crate's errors are English
//! sentences; German gets its own sentence for every case a person can reach.

use sizer_core::MemoryError;
use sizer_data::memory::MemoryRequestError;
use sizer_data::weights_size::{NoWeightsSize, WeightsBasis};
use sizer_data::{BudgetBand, NoComputedPool};

use super::{Lang, format_integer, format_number};

/// The key of every fixed text in the memory section and the KV pool note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemMsg {
    Heading,
    Intro,
    ModelsLegend,
    BudgetLabel,
    Model,
    Weights,
    Cache,
    PerToken,
    Sessions,
    LeftLabel,
    BarLabel,
    BandMark,
    SourcesLabel,
    ReadOn,
    KvHeading,
    LoggedWhy,
}

/// The fixed text of `msg` in `lang`.
pub fn mem_text(lang: Lang, msg: MemMsg) -> &'static str {
    use MemMsg::*;
    match (lang, msg) {
        (Lang::En, Heading) => "Which models fit together",
        (Lang::De, Heading) => "Welche Modelle zusammen passen",
        (Lang::En, Intro) => {
            "Keep several models loaded on one Spark: their weights come off the working budget for weights and cache, and what is left holds the KV cache of their sessions, split by the sessions each model expects (equal here)."
        }
        (Lang::De, Intro) => {
            "Mehrere Modelle auf einer Spark geladen halten: Ihre Gewichte gehen vom Arbeitsbudget für Gewichte und Cache ab, der Rest nimmt den KV-Cache ihrer Sitzungen auf, aufgeteilt nach den erwarteten Sitzungen je Modell (hier gleich)."
        }
        (Lang::En, ModelsLegend) => "Models kept loaded",
        (Lang::De, ModelsLegend) => "Geladene Modelle",
        (Lang::En, BudgetLabel) => "Working budget for weights and cache",
        (Lang::De, BudgetLabel) => "Arbeitsbudget für Gewichte und Cache",
        (Lang::En, Model) => "Model",
        (Lang::De, Model) => "Modell",
        (Lang::En, Weights) => "Weights",
        (Lang::De, Weights) => "Gewichte",
        (Lang::En, Cache) => "KV cache",
        (Lang::De, Cache) => "KV-Cache",
        (Lang::En, PerToken) => "KV bytes per token",
        (Lang::De, PerToken) => "KV-Bytes je Token",
        (Lang::En, Sessions) => "Sessions",
        (Lang::De, Sessions) => "Sitzungen",
        (Lang::En, LeftLabel) => "Left for the KV cache",
        (Lang::De, LeftLabel) => "Frei für den KV-Cache",
        (Lang::En, BarLabel) => "The budget: weights and KV cache of each model",
        (Lang::De, BarLabel) => "Das Budget: Gewichte und KV-Cache je Modell",
        (Lang::En, BandMark) => "working budget band",
        (Lang::De, BandMark) => "Band des Arbeitsbudgets",
        (Lang::En, SourcesLabel) => "Sources",
        (Lang::De, SourcesLabel) => "Quellen",
        (Lang::En, ReadOn) => "read",
        (Lang::De, ReadOn) => "gelesen",
        (Lang::En, KvHeading) => "KV-cache pool of this run",
        (Lang::De, KvHeading) => "KV-Cache-Pool dieses Laufs",
        (Lang::En, LoggedWhy) => {
            "A logged pool always wins. It differs from the computed one because vLLM takes only its --gpu-memory-utilization share of the memory and keeps part of that for activations and CUDA graphs."
        }
        (Lang::De, LoggedWhy) => {
            "Ein protokollierter Pool hat immer Vorrang. Er weicht vom berechneten ab, weil vLLM nur seinen Anteil --gpu-memory-utilization am Speicher nimmt und davon einen Teil für Aktivierungen und CUDA-Graphen behält."
        }
    }
}

fn gb(lang: Lang, value: f64) -> String {
    [format_number(lang, value, 1), "\u{a0}GB".into()].concat()
}

/// "102-115 GB" (or "115 GB" for a single value).
pub fn band_text(lang: Lang, band: BudgetBand) -> String {
    let whole = |value: f64| super::format_setting(lang, value);
    if band.low_gb == band.high_gb {
        return [whole(band.low_gb), "\u{a0}GB".into()].concat();
    }
    [whole(band.low_gb), "–".into(), whole(band.high_gb), "\u{a0}GB".into()].concat()
}

/// "65.3 + 13.8 = 79.1 GB of weights".
pub fn weights_sum(lang: Lang, parts: &[f64], total: f64) -> String {
    let sum: Vec<String> = parts.iter().map(|gb| format_number(lang, *gb, 1)).collect();
    let what = match lang {
        Lang::En => "\u{a0}GB of weights",
        Lang::De => "\u{a0}GB Gewichte",
    };
    let head = if parts.len() > 1 { [sum.join(" + "), " = ".into()].concat() } else { String::new() };
    [head, format_number(lang, total, 1), what.into()].concat()
}

/// "35.9 GB left at a 115 GB budget".
pub fn left_at(lang: Lang, left_gb: f64, budget_gb: f64) -> String {
    match lang {
        Lang::En => [gb(lang, left_gb), " left at a ".into(), gb(lang, budget_gb), " budget".into()].concat(),
        Lang::De => [gb(lang, left_gb), " frei bei ".into(), gb(lang, budget_gb), " Budget".into()].concat(),
    }
}

/// "22.9–35.9 GB left across the 102–115 GB band".
pub fn left_across(lang: Lang, low_gb: f64, high_gb: f64, band: BudgetBand) -> String {
    let range = [format_number(lang, low_gb, 1), "–".into(), gb(lang, high_gb)].concat();
    match lang {
        Lang::En => [range, " left across the ".into(), band_text(lang, band), " band".into()].concat(),
        Lang::De => [range, " frei über das Band von ".into(), band_text(lang, band)].concat(),
    }
}

/// "the weights do not fit at both ends of the 102–115 GB band" (a plan beyond the band).
pub fn over_band(lang: Lang, band: BudgetBand) -> String {
    match lang {
        Lang::En => ["the weights do not fit at both ends of the ", &band_text(lang, band), " band"].concat(),
        Lang::De => ["die Gewichte passen nicht an beiden Enden des Bands von ", &band_text(lang, band)].concat(),
    }
}

/// "Sessions at 8,192 tokens".
pub fn sessions_at(lang: Lang, context_tokens: f64) -> String {
    let context = format_number(lang, context_tokens, 0);
    match lang {
        Lang::En => ["Sessions at ", &context, " tokens"].concat(),
        Lang::De => ["Sitzungen bei ", &context, " Token"].concat(),
    }
}

/// "12 more models cannot be planned yet".
pub fn unplannable_summary(lang: Lang, count: usize) -> String {
    let count = count.to_string();
    match lang {
        Lang::En => [
            count.as_str(),
            " more models cannot be planned (size of the weights unknown, or attention layout not read)",
        ]
        .concat(),
        Lang::De => [
            count.as_str(),
            " weitere Modelle lassen sich nicht planen (Größe der Gewichte unbekannt oder Architektur nicht gelesen)",
        ]
        .concat(),
    }
}

/// Why the memory plan has no answer, as one sentence.
pub fn plan_error(lang: Lang, error: &MemoryRequestError) -> String {
    match (lang, error) {
        (Lang::En, MemoryRequestError::Plan(MemoryError::NoModels)) => "Pick at least one model to keep loaded.".into(),
        (Lang::De, MemoryRequestError::Plan(MemoryError::NoModels)) => {
            "Wählen Sie mindestens ein Modell, das geladen bleibt.".into()
        }
        (_, MemoryRequestError::Plan(MemoryError::WeightsOverBudget { weights_gb, budget_gb, .. })) => match lang {
            Lang::En => [
                "The weights alone (",
                &gb(lang, *weights_gb),
                ") take more than the budget (",
                &gb(lang, *budget_gb),
                ").",
            ]
            .concat(),
            Lang::De => [
                "Schon die Gewichte (",
                &gb(lang, *weights_gb),
                ") brauchen mehr als das Budget (",
                &gb(lang, *budget_gb),
                ").",
            ]
            .concat(),
        },
        (Lang::De, MemoryRequestError::Plan(MemoryError::BadContext { .. })) => {
            "Die Kontextlänge oben ist für den Speicherplan ungültig.".into()
        }
        (Lang::De, MemoryRequestError::Plan(MemoryError::TooManyModels { count })) => {
            ["Zu viele Modelle (", &count.to_string(), ") für einen Speicherplan."].concat()
        }
        (Lang::De, MemoryRequestError::NoWeights(why)) => [no_weights(lang, why), ".".into()].concat(),
        (Lang::De, MemoryRequestError::UnknownRun(id)) => ["Es gibt keinen Lauf mit der Kennung ", id, "."].concat(),
        (Lang::De, MemoryRequestError::Architecture { model, figure }) => {
            [model.as_str(), ": ", figure, " ließ sich an keiner Quelle ablesen, der Cache ist nicht bestimmbar."]
                .concat()
        }
        (Lang::De, other) => ["Kein Speicherplan möglich: ", &other.to_string(), "."].concat(),
        (Lang::En, MemoryRequestError::NoWeights(_) | MemoryRequestError::Architecture { .. }) => {
            [error.to_string(), ".".into()].concat()
        }
        (Lang::En, other) => {
            let text = other.to_string();
            let mut chars = text.chars();
            let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
            [first, chars.as_str().into(), ".".into()].concat()
        }
    }
}

/// Why the size of some weights is not known, as a clause starting with the model id.
pub fn no_weights(lang: Lang, why: &NoWeightsSize) -> String {
    match (lang, why) {
        (Lang::En, _) => why.to_string(),
        (Lang::De, NoWeightsSize::UnknownModel { model }) => ["Der Katalog kennt kein Modell ", model].concat(),
        (Lang::De, NoWeightsSize::FormatNotStated { model }) => {
            [model.as_str(), ": Der Lauf nennt nicht, welche Gewichte er geladen hat"].concat()
        }
        (Lang::De, NoWeightsSize::UnknownFormat { model, format }) => {
            [model.as_str(), ": Die Größe von „", format, "“-Gewichten lässt sich nicht berechnen (Format unbekannt)"]
                .concat()
        }
        (Lang::De, NoWeightsSize::NoParameterCount { model, format }) => [
            model.as_str(),
            ": Die Größe der ",
            format,
            "-Gewichte ist nicht veröffentlicht, und keine Parameterzahl erlaubt, sie zu berechnen",
        ]
        .concat(),
    }
}

/// "published" or "computed from 30.5 B parameters at 0.52 bytes each; at least that: ...".
pub fn weights_basis(lang: Lang, basis: &WeightsBasis) -> String {
    match basis {
        WeightsBasis::Published { .. } => match lang {
            Lang::En => "published".into(),
            Lang::De => "veröffentlicht".into(),
        },
        WeightsBasis::Computed { params_b, bytes_per_param, floor, .. } => {
            let params = format_number(lang, *params_b, 1);
            let bytes = format_number(lang, *bytes_per_param, 2);
            let (head, mid, unit, caveat) = match lang {
                Lang::En => (
                    "computed from ",
                    "\u{a0}B parameters at ",
                    " bytes each",
                    "; at least that, as quantised checkpoints keep some layers in BF16: the published ones here are 5–24\u{a0}% larger",
                ),
                Lang::De => (
                    "berechnet aus ",
                    "\u{a0}Mrd. Parametern zu je ",
                    " Byte",
                    "; mindestens so viel, denn quantisierte Checkpoints behalten einige Schichten in BF16: Die hier veröffentlichten sind 5–24\u{a0}% größer",
                ),
            };
            let caveat = if *floor { caveat } else { "" };
            [head, &params, mid, &bytes, unit, caveat].concat()
        }
    }
}

/// " (61.1 GB BF16, published)" or " (160.0 GB BF16, computed)" beside a model's name.
pub fn weights_option(lang: Lang, gb_value: f64, format: &str, basis: &WeightsBasis) -> String {
    let how = match (lang, basis) {
        (Lang::En, WeightsBasis::Published { .. }) => "published",
        (Lang::De, WeightsBasis::Published { .. }) => "veröffentlicht",
        (Lang::En, WeightsBasis::Computed { .. }) => "computed",
        (Lang::De, WeightsBasis::Computed { .. }) => "berechnet",
    };
    [" (", &gb(lang, gb_value), " ", format, ", ", how, ")"].concat()
}

/// "The run you are sizing, <label>: 15.8 GB of AWQ 4-bit weights (computed from ...)".
pub fn sized_run_weights(lang: Lang, label: &str, gb_value: f64, format: &str, basis: &WeightsBasis) -> String {
    let basis = weights_basis(lang, basis);
    let size = gb(lang, gb_value);
    match lang {
        Lang::En => {
            ["The run you are sizing, ", label, ": ", &size, " of ", format, " weights (", &basis, ")"].concat()
        }
        Lang::De => {
            ["Der Lauf, den Sie dimensionieren, ", label, ": ", &size, " ", format, "-Gewichte (", &basis, ")"].concat()
        }
    }
}

/// "The run you are sizing, <label>: 30.0 GB of FP8 weights (predicted from the architecture,
/// not measured)"; the sessions follow ([`sized_run_sessions`]).
pub fn sized_architecture_run(lang: Lang, label: &str, gb_value: f64, format: &str) -> String {
    let size = gb(lang, gb_value);
    match lang {
        Lang::En => [
            "The run you are sizing, ",
            label,
            ": ",
            &size,
            " of ",
            format,
            " weights (from the model's architecture; its cache per token too)",
        ]
        .concat(),
        Lang::De => [
            "Der Lauf, den Sie dimensionieren, ",
            label,
            ": ",
            &size,
            " ",
            format,
            "-Gewichte (aus der Architektur des Modells; ebenso sein Cache je Token)",
        ]
        .concat(),
    }
}

/// Why the run from an architecture is not in the plan of the models kept loaded.
pub fn architecture_not_beside(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "The plan of the models kept loaded below holds only the catalogue's models, not this one.",
        Lang::De => "Der Plan der unten geladenen Modelle enthält nur die Modelle des Katalogs, nicht dieses.",
    }
}

/// "The run you are sizing, <label>: <why its weights are unknown>."
pub fn sized_run_unknown(lang: Lang, label: &str, why: &NoWeightsSize) -> String {
    let head = match lang {
        Lang::En => "The run you are sizing, ",
        Lang::De => "Der Lauf, den Sie dimensionieren, ",
    };
    [head, label, ": ", &no_weights(lang, why), "."].concat()
}

/// ", leaving 99.2 GB for the KV cache at a 115 GB budget: at most 123 sessions of 8,192 tokens."
pub fn sized_run_sessions(
    lang: Lang,
    left_gb: f64,
    budget_gb: f64,
    sessions: u64,
    context_tokens: f64,
    at_most: bool,
) -> String {
    let (left, budget, context) = (gb(lang, left_gb), gb(lang, budget_gb), format_number(lang, context_tokens, 0));
    let count = format_integer(lang, sessions);
    match lang {
        Lang::En => {
            let most = if at_most { "at most " } else { "" };
            let head = [", leaving ", &left, " for the KV cache at a ", &budget, " budget: "].concat();
            [head.as_str(), most, &count, " sessions of ", &context, " tokens."].concat()
        }
        Lang::De => {
            let most = if at_most { "höchstens " } else { "" };
            let head = ["; bei ", &budget, " Budget bleiben ", &left, " für den KV-Cache: "].concat();
            [head.as_str(), most, &count, " Sitzungen zu ", &context, " Token."].concat()
        }
    }
}

/// ", leaving 58.4 GB for the KV cache at a 115 GB budget; its sessions cannot be counted: <why>."
pub fn sized_run_no_sessions(lang: Lang, left_gb: f64, budget_gb: f64, why: &str) -> String {
    let (left, budget) = (gb(lang, left_gb), gb(lang, budget_gb));
    match lang {
        Lang::En => {
            let head = [", leaving ", &left, " for the KV cache at a ", &budget, " budget"].concat();
            [head.as_str(), "; its sessions cannot be counted: ", why].concat()
        }
        Lang::De => {
            let head = ["; bei ", &budget, " Budget bleiben ", &left, " für den KV-Cache"].concat();
            [head.as_str(), "; seine Sitzungen lassen sich nicht zählen: ", why].concat()
        }
    }
}

/// "Beside the models kept loaded below: 94.9 GB of weights together, 20.1 GB left for the KV
/// cache: at most 15 sessions of this run, as many as each of the others."
pub fn sized_run_beside(lang: Lang, weights_gb: f64, left_gb: f64, sessions: u64, at_most: bool) -> String {
    let (weights, left, count) = (gb(lang, weights_gb), gb(lang, left_gb), format_integer(lang, sessions));
    match lang {
        Lang::En => {
            let most = if at_most { "at most " } else { "" };
            let head = ["Beside the models kept loaded below: ", &weights, " of weights together, "].concat();
            [
                head.as_str(),
                &left,
                " left for the KV cache: ",
                most,
                &count,
                " sessions of this run, as many as each of the others.",
            ]
            .concat()
        }
        Lang::De => {
            let most = if at_most { "höchstens " } else { "" };
            let head = ["Neben den unten geladenen Modellen: ", &weights, " Gewichte zusammen, "].concat();
            [
                head.as_str(),
                &left,
                " frei für den KV-Cache: ",
                most,
                &count,
                " Sitzungen dieses Laufs, so viele wie jedes andere Modell.",
            ]
            .concat()
        }
    }
}

/// "924,912 tokens, logged by the run (90.9 GB of cache at 8,192 tokens)".
pub fn logged_pool(lang: Lang, tokens: f64, cache_gb: Option<f64>) -> String {
    let tokens = format_number(lang, tokens, 0);
    let cache = cache_gb.map(|value| gb(lang, value));
    match lang {
        Lang::En => {
            let tail = cache.map(|gb| [" (", &gb, " of cache)"].concat()).unwrap_or_default();
            [tokens.as_str(), " tokens, logged by the run", &tail, "."].concat()
        }
        Lang::De => {
            let tail = cache.map(|gb| [" (", &gb, " Cache)"].concat()).unwrap_or_default();
            [tokens.as_str(), " Token, vom Lauf protokolliert", &tail, "."].concat()
        }
    }
}

/// "computed from the model's architecture and a 102-115 GB budget, not logged by the run".
pub fn computed_note(lang: Lang, band: BudgetBand) -> String {
    let band = [format_number(lang, band.low_gb, 0), "-".into(), format_number(lang, band.high_gb, 0)].concat();
    match lang {
        Lang::En => {
            ["computed from the model's architecture and a ", &band, "\u{a0}GB budget, not logged by the run"].concat()
        }
        Lang::De => [
            "berechnet aus der Architektur des Modells und einem Budget von ",
            &band,
            "\u{a0}GB, nicht vom Lauf protokolliert",
        ]
        .concat(),
    }
}

/// "980,235 tokens, computed from the model's architecture and a 102-115 GB budget, not logged
/// by the run."
pub fn computed_pool(lang: Lang, tokens: f64, band: BudgetBand) -> String {
    let tokens = format_number(lang, tokens, 0);
    let unit = match lang {
        Lang::En => " tokens, ",
        Lang::De => " Token, ",
    };
    [tokens.as_str(), unit, &computed_note(lang, band), "."].concat()
}

/// "36.7–49.7 GB of cache (980,235–1,327,457 tokens at 8,192) after 65.3 GB of MXFP4 weights,
/// bf16 cache".
#[allow(clippy::too_many_arguments)]
pub fn computed_detail(
    lang: Lang,
    pool_gb: (f64, f64),
    tokens: (f64, f64),
    context_tokens: f64,
    weights_gb: f64,
    format: &str,
    dtype: &str,
) -> String {
    let n0 = |value: f64| format_number(lang, value, 0);
    let pool = [format_number(lang, pool_gb.0, 1), "–".into(), gb(lang, pool_gb.1)].concat();
    let tokens = [n0(tokens.0), "–".into(), n0(tokens.1)].concat();
    match lang {
        Lang::En => [
            pool.as_str(),
            " of cache (",
            &tokens,
            " tokens at ",
            &n0(context_tokens),
            ") after ",
            &gb(lang, weights_gb),
            " of ",
            format,
            " weights; ",
            dtype,
            " cache.",
        ]
        .concat(),
        Lang::De => [
            pool.as_str(),
            " Cache (",
            &tokens,
            " Token bei ",
            &n0(context_tokens),
            ") nach ",
            &gb(lang, weights_gb),
            " ",
            format,
            "-Gewichten; ",
            dtype,
            "-Cache.",
        ]
        .concat(),
    }
}

/// "Computed from the architecture: " / German.
pub fn computed_beside(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Computed from the architecture for comparison: ",
        Lang::De => "Zum Vergleich aus der Architektur berechnet: ",
    }
}

/// Why a run has no computed pool, as a clause.
pub fn no_pool_reason(lang: Lang, reason: NoComputedPool) -> String {
    match lang {
        Lang::En => reason.to_string(),
        Lang::De => match reason {
            NoComputedPool::NoModelFacts => "zu diesem Modell liegen keine Angaben vor".into(),
            NoComputedPool::NoRunFacts => "zu diesem Lauf liegen keine Cache-Angaben vor".into(),
            NoComputedPool::Architecture(figure) => {
                ["der Wert ", figure, " des Modells ließ sich an keiner Quelle ablesen"].concat()
            }
            NoComputedPool::NoWeights => "die Größe der Gewichte dieses Laufs ist nicht veröffentlicht".into(),
            NoComputedPool::WeightsAtLeast(tenths) => [
                "die Gewichte dieses Laufs sind nur als mindestens ",
                &super::format_number(lang, f64::from(tenths) / 10.0, 1),
                "\u{a0}GB bekannt (aus seinen Parametern berechnet; ein quantisierter Checkpoint hält einige Schichten breiter), und ein Pool aus einer Untergrenze wäre zu groß",
            ]
            .concat(),
            NoComputedPool::NoBudget => "der Datensatz enthält kein Arbeitsbudget".into(),
            NoComputedPool::WeightsOverBudget => "schon die Gewichte brauchen mehr als das Budget".into(),
        },
    }
}

/// "No KV limit for this run: <reason>." / "No pool can be computed: <reason>."
pub fn no_pool(lang: Lang, reason: NoComputedPool, beside_logged: bool) -> String {
    let head = match (lang, beside_logged) {
        (Lang::En, false) => "No KV limit for this run: ",
        (Lang::De, false) => "Keine KV-Grenze für diesen Lauf: ",
        (Lang::En, true) => "No pool can be computed for comparison: ",
        (Lang::De, true) => "Zum Vergleich lässt sich kein Pool berechnen: ",
    };
    [head, &no_pool_reason(lang, reason), "."].concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_in_both_languages() {
        let band = BudgetBand { low_gb: 102.0, high_gb: 115.0 };
        assert_eq!(weights_sum(Lang::En, &[65.3, 13.8], 79.1), "65.3 + 13.8 = 79.1\u{a0}GB of weights");
        assert_eq!(weights_sum(Lang::De, &[65.3, 13.8], 79.1), "65,3 + 13,8 = 79,1\u{a0}GB Gewichte");
        assert_eq!(left_across(Lang::En, 22.9, 35.9, band), "22.9–35.9\u{a0}GB left across the 102–115\u{a0}GB band");
        assert_eq!(
            computed_pool(Lang::En, 980_235.04, band),
            "980,235 tokens, computed from the model's architecture and a 102-115\u{a0}GB budget, not logged by the run."
        );
        assert_eq!(
            no_pool(Lang::De, NoComputedPool::NoWeights, false),
            "Keine KV-Grenze für diesen Lauf: die Größe der Gewichte dieses Laufs ist nicht veröffentlicht."
        );
        assert_eq!(
            no_pool(Lang::De, NoComputedPool::WeightsAtLeast(158), true),
            "Zum Vergleich lässt sich kein Pool berechnen: die Gewichte dieses Laufs sind nur als mindestens 15,8\u{a0}GB bekannt (aus seinen Parametern berechnet; ein quantisierter Checkpoint hält einige Schichten breiter), und ein Pool aus einer Untergrenze wäre zu groß."
        );
        let none = MemoryRequestError::Plan(MemoryError::NoModels);
        assert_eq!(plan_error(Lang::En, &none), "Pick at least one model to keep loaded.");
    }
}
