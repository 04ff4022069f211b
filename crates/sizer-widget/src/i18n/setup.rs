//! Text of the "Measured on" questions asked for an imported run, and of the
//! legend mark for points worked out from a person's own figures, in English and German.

use sizer_data::SetupField;

use super::Lang;

/// The legend of the "Measured on" fieldset.
pub fn heading(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Measured on",
        Lang::De => "Gemessen auf",
    }
}

/// Why the panel asks.
pub fn intro(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "Your curve is what this whole setup served, so the sizing is per system as measured, not per DGX \
             Spark. Fields the file states are filled in; correct or complete them. A KV pool, a prefill rate and a \
             maximum context let those limits bind; left empty, they stay unknown."
        }
        Lang::De => {
            "Ihre Kurve ist das, was dieser ganze Aufbau geleistet hat; die Auslegung gilt daher je System wie \
             gemessen, nicht je DGX Spark. Was die Datei angibt, ist eingetragen; korrigieren oder ergänzen Sie es. \
             Ein KV-Pool, eine Prefill-Rate und ein maximaler Kontext lassen diese Grenzen greifen; leer bleiben sie \
             unbekannt."
        }
    }
}

/// The legend for a run predicted from a model's architecture (nothing of it was measured).
pub fn heading_predicted(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Predicted for",
        Lang::De => "Vorhergesagt für",
    }
}

/// Why the panel shows the setup of a run predicted from a model's architecture.
pub fn intro_predicted(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "The curve is the engine's prediction for one DGX Spark: its KV pool is the memory budget less the              weights, its prefill rate the first request's predicted time to first token. Correct or complete them              if your server differs; left empty, a limit stays unknown."
        }
        Lang::De => {
            "Die Kurve ist die Vorhersage der Engine für einen DGX Spark: ihr KV-Pool ist das Speicherbudget abzüglich              der Gewichte, ihre Prefill-Rate die vorhergesagte Zeit bis zum ersten Token der ersten Anfrage.              Korrigieren oder ergänzen Sie sie, wenn Ihr Server abweicht; leer bleibt eine Grenze unbekannt."
        }
    }
}

/// The label of a field.
pub fn label(lang: Lang, field: SetupField) -> &'static str {
    match (lang, field) {
        (Lang::En, SetupField::Hardware) => "Hardware",
        (Lang::En, SetupField::Systems) => "Systems (machines, nodes)",
        (Lang::En, SetupField::Gpus) => "GPUs in all",
        (Lang::En, SetupField::KvPoolTokens) => "KV-cache pool (tokens, whole setup)",
        (Lang::En, SetupField::PrefillTokS) => "Prefill rate (prompt tok/s)",
        (Lang::En, SetupField::MaxContextTokens) => "Maximum context (tokens per session)",
        (Lang::De, SetupField::Hardware) => "Hardware",
        (Lang::De, SetupField::Systems) => "Systeme (Maschinen, Knoten)",
        (Lang::De, SetupField::Gpus) => "GPUs insgesamt",
        (Lang::De, SetupField::KvPoolTokens) => "KV-Cache-Pool (Token, ganzer Aufbau)",
        (Lang::De, SetupField::PrefillTokS) => "Prefill-Rate (Prompt-Token/s)",
        (Lang::De, SetupField::MaxContextTokens) => "Maximaler Kontext (Token je Sitzung)",
    }
}

/// The placeholder of the hardware field.
pub fn hardware_placeholder(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "e.g. DGX Spark, Jetson Thor, 2x 8 H100",
        Lang::De => "z. B. DGX Spark, Jetson Thor, 2x 8 H100",
    }
}

/// Beside a value the file stated.
pub fn from_file(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "from the file",
        Lang::De => "aus der Datei",
    }
}

/// Beside a value the engine from the architecture gave.
pub fn from_architecture(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "from the architecture",
        Lang::De => "aus der Architektur",
    }
}

/// The chart legend's mark for points worked out from a person's own figures (never "derived
/// from published figures": nothing of theirs is published).
pub fn legend_derived_yours(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "worked out from your figures",
        Lang::De => "aus Ihren Werten berechnet",
    }
}
