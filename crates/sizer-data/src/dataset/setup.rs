//! What a person's own run was measured on, and the limits they give it: the hardware and how
//! many systems (nodes) and GPUs it ran on, read from the file where it says (SGLang's
//! `server_info`, llama.cpp's `n_kv_max`, a report's `Hardware:` line) and asked for at import;
//! a KV pool, a prefill rate and a maximum context so the KV and prefill limits can bind.
//!
//! A run is sized "per system as measured": its curve is what that whole setup served, so the
//! people a sizing gives are per measured setup ([`Run::systems`] of them), never per DGX Spark
//! unless that is what it ran on. The accessors here describe any run's hardware, sourced or
//! yours, so headlines can name it.

use serde::{Deserialize, Serialize};

use crate::dataset::model::{Run, RunOrigin};

/// What the JSON of a run holds for a hardware, weights format or engine that its file or person
/// does not say (a source's own words, "not named", stay). In Rust such a field is `None`; the
/// text is read and written only at the edge ([`stated_text`]). The widget says it in the
/// reader's language where the data give no German.
pub const NOT_STATED: &str = "not stated";

/// Serde of an optional stated text: [`NOT_STATED`] (or an empty text) in the JSON is `None`,
/// and `None` is written as [`NOT_STATED`], so the dataset, links and kept runs read as before.
pub mod stated_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::NOT_STATED;

    /// Writes `None` as [`NOT_STATED`].
    pub fn serialize<S: Serializer>(value: &Option<String>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(value.as_deref().unwrap_or(NOT_STATED))
    }

    /// Reads a text that says nothing ([`super::says_something`]) as `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(super::says_something(&text).then_some(text))
    }
}

/// Whether a stated text says something: not empty, not [`NOT_STATED`] and not a file's
/// "unknown" (case-insensitive). The one rule for "is it stated".
pub fn says_something(text: &str) -> bool {
    let text = text.trim();
    !(text.is_empty() || text.eq_ignore_ascii_case(NOT_STATED) || text.eq_ignore_ascii_case("unknown"))
}

/// What a person's own run was measured on and the limits it brings (all optional: what the
/// file did not say and the person did not type stays unknown).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YourSetup {
    /// The hardware in the person's (or the file's) words: "Jetson Thor", "8x H200".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hardware: Option<String>,
    /// Systems (machines, nodes) the measurement ran on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub systems: Option<u32>,
    /// GPUs (accelerators) over all systems.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpus: Option<u32>,
    /// The engine's KV-cache pool over the whole setup, tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kv_pool_tokens: Option<f64>,
    /// Prompt tokens per second the setup prefills (overrides a rate the file measured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefill_tok_s: Option<f64>,
    /// The longest context one session may have (the engine's maximum model length), tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_context_tokens: Option<f64>,
    /// Which of the fields above the file stated, so the panel can say "from the file" beside
    /// them (in JSON their names, [`SetupField::name`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from_file: Vec<SetupField>,
}

impl YourSetup {
    /// The stated hardware, trimmed; `None` when it says nothing ([`says_something`]).
    pub fn hardware_name(&self) -> Option<&str> {
        self.hardware.as_deref().map(str::trim).filter(|name| says_something(name))
    }

    /// Whether the file stated `field`.
    pub fn stated_by_file(&self, field: SetupField) -> bool {
        self.from_file.contains(&field)
    }

    /// Counts `field` as stated by the file (once).
    pub fn mark_from_file(&mut self, field: SetupField) {
        if !self.stated_by_file(field) {
            self.from_file.push(field);
        }
    }
}

impl Run {
    /// How many systems (machines, nodes) the run's curve was measured on: a sourced run's
    /// `nodes`; for a person's own run what the file or the person said, `None` when neither did.
    pub fn stated_systems(&self) -> Option<u32> {
        match self.origin {
            RunOrigin::Sourced => Some(self.nodes),
            RunOrigin::Yours => self.setup.as_ref().and_then(|setup| setup.systems),
        }
    }

    /// GPUs over all systems, where stated (only a person's own run says).
    pub fn gpus(&self) -> Option<u32> {
        self.setup.as_ref().and_then(|setup| setup.gpus)
    }

    /// The hardware as stated ("DGX Spark (GB10)", "Jetson Thor"): a sourced run's own, a
    /// person's run's from its setup where it has one (the file or the person); `None` where
    /// nobody named it.
    pub fn stated_hardware(&self) -> Option<&str> {
        match (self.origin, &self.setup) {
            (RunOrigin::Yours, Some(setup)) => setup.hardware_name(),
            _ => self.hardware.as_deref(),
        }
    }

    /// Whether the hardware is known (stated by the source, the file or the person).
    pub fn hardware_is_stated(&self) -> bool {
        self.stated_hardware().is_some()
    }

    /// The weights format as stated ("BF16"), `None` where the source or file does not say.
    pub fn stated_format(&self) -> Option<&str> {
        self.format.as_deref()
    }

    /// The engine as stated ("vLLM"), `None` where the source or file does not say (a person's
    /// run measured by a tool that does not record the server says which tool in
    /// [`Run::imported_from`]).
    pub fn stated_engine(&self) -> Option<&str> {
        self.engine.as_deref()
    }

    /// The setup in English words for exports and notes: "Jetson Thor, 1 system",
    /// "H200, 2 systems, 16 GPUs", "hardware not stated".
    pub fn hardware_label(&self) -> String {
        let mut parts = Vec::new();
        match self.stated_hardware() {
            Some(hardware) => parts.push(hardware.to_owned()),
            None => parts.push(["hardware ", NOT_STATED].concat()),
        }
        match self.stated_systems() {
            Some(1) => parts.push("1 system".to_owned()),
            Some(n) => parts.push(format!("{n} systems")),
            None => parts.push("systems not stated".to_owned()),
        }
        match self.gpus() {
            Some(1) => parts.push("1 GPU".to_owned()),
            Some(n) => parts.push(format!("{n} GPUs")),
            None => {}
        }
        parts.join(", ")
    }

    /// A person's own run with `setup` in place: `hardware` and `nodes` follow it (so code that
    /// reads those fields sees the stated hardware, or "not stated" and 1).
    pub fn with_setup(mut self, setup: YourSetup) -> Run {
        self.hardware = setup.hardware_name().map(str::to_owned);
        self.nodes = setup.systems.unwrap_or(1).max(1);
        self.setup = Some(setup);
        self
    }

    /// The KV pool a person gave their run, tokens.
    pub fn your_kv_pool_tokens(&self) -> Option<f64> {
        self.setup.as_ref().and_then(|setup| setup.kv_pool_tokens)
    }

    /// The maximum context a person gave their run, tokens.
    pub fn your_max_context_tokens(&self) -> Option<f64> {
        self.setup.as_ref().and_then(|setup| setup.max_context_tokens)
    }
}

/// One field of [`YourSetup`] a person can type, with the values it accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupField {
    /// Free text.
    Hardware,
    /// Whole systems, 1 to [`SetupField::MAX_COUNT`].
    Systems,
    /// Whole GPUs, 1 to [`SetupField::MAX_COUNT`].
    Gpus,
    /// Tokens, 1 to 10^9 (the core's bound on a KV pool).
    KvPoolTokens,
    /// Prompt tok/s, 1 to 10^9 (the core's bound on a prefill rate).
    PrefillTokS,
    /// Tokens, 1 to 10^7 (the core's bound on a context).
    MaxContextTokens,
}

impl SetupField {
    /// The most systems or GPUs a setup may state.
    pub const MAX_COUNT: u32 = 100_000;

    /// Every field, in the order the panel asks.
    pub const ALL: [SetupField; 6] = [
        SetupField::Hardware,
        SetupField::Systems,
        SetupField::Gpus,
        SetupField::KvPoolTokens,
        SetupField::PrefillTokS,
        SetupField::MaxContextTokens,
    ];

    /// The field's name in [`YourSetup`] (and in [`YourSetup::from_file`]'s JSON).
    pub fn name(self) -> &'static str {
        match self {
            SetupField::Hardware => "hardware",
            SetupField::Systems => "systems",
            SetupField::Gpus => "gpus",
            SetupField::KvPoolTokens => "kv_pool_tokens",
            SetupField::PrefillTokS => "prefill_tok_s",
            SetupField::MaxContextTokens => "max_context_tokens",
        }
    }

    /// `(min, max, whole)` of a numeric field; `None` for the hardware text.
    pub fn bounds(self) -> Option<(f64, f64, bool)> {
        let count = f64::from(SetupField::MAX_COUNT);
        match self {
            SetupField::Hardware => None,
            SetupField::Systems | SetupField::Gpus => Some((1.0, count, true)),
            SetupField::KvPoolTokens | SetupField::PrefillTokS => Some((1.0, 1e9, false)),
            SetupField::MaxContextTokens => Some((1.0, 1e7, false)),
        }
    }

    /// The numeric value of this field in `setup`.
    pub fn value(self, setup: &YourSetup) -> Option<f64> {
        match self {
            SetupField::Hardware => None,
            SetupField::Systems => setup.systems.map(f64::from),
            SetupField::Gpus => setup.gpus.map(f64::from),
            SetupField::KvPoolTokens => setup.kv_pool_tokens,
            SetupField::PrefillTokS => setup.prefill_tok_s,
            SetupField::MaxContextTokens => setup.max_context_tokens,
        }
    }

    /// `setup` with this numeric field set to `value` (`None`: not stated), no longer counted
    /// as stated by the file. `value` must be within [`SetupField::bounds`] (the caller checked).
    pub fn with_value(self, setup: &YourSetup, value: Option<f64>) -> YourSetup {
        let mut out = setup.clone();
        // Within bounds: whole counts up to MAX_COUNT convert exactly.
        let count = value.map(|v| v as u32);
        match self {
            SetupField::Hardware => {}
            SetupField::Systems => out.systems = count,
            SetupField::Gpus => out.gpus = count,
            SetupField::KvPoolTokens => out.kv_pool_tokens = value,
            SetupField::PrefillTokS => out.prefill_tok_s = value,
            SetupField::MaxContextTokens => out.max_context_tokens = value,
        }
        out.from_file.retain(|field| *field != self);
        out
    }

    /// `setup` with the hardware text set (`None` or blank: not stated).
    pub fn with_hardware(setup: &YourSetup, hardware: Option<String>) -> YourSetup {
        let mut out = setup.clone();
        out.hardware = hardware.map(|h| h.trim().to_owned()).filter(|h| !h.is_empty());
        out.from_file.retain(|field| *field != SetupField::Hardware);
        out
    }
}
