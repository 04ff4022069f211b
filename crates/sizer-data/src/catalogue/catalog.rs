//! The model catalogue: `data/models.json` loaded once and checked against the dataset, and the
//! lookups the memory plan and the KV limit need.
//!
//! Like the dataset, native builds parse the JSON (error paths for whoever edits it) and the
//! wasm decodes a binary form written by `build.rs`: like the dataset's, in two parts
//! ([`CATALOG_FIRST_BINARY`], [`ARENA_CATALOG_BINARY`]), so that with feature `arena-later` the
//! arena's entries travel in the second wasm module with its runs.

use std::collections::HashSet;
use std::sync::OnceLock;

use sizer_core::KvArchitecture;

use crate::catalogue::model_facts::{KvDtype, ModelCatalog, ModelFacts, RunCache, Sourced, Weights};
use crate::catalogue::wire;
#[cfg(not(target_arch = "wasm32"))]
use crate::dataset::embedded::dataset;
use crate::dataset::embedded::parse;
use crate::dataset::error::{DataError, Problem};
use crate::dataset::model::{Dataset, Source};
use crate::dataset::validate::is_valid_id;

/// The embedded catalogue in binary form, generated from `data/models.json` by `build.rs`.
pub const EMBEDDED_CATALOG_BINARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/models.bin"));

/// [`EMBEDDED_CATALOG_BINARY`] without the arena's entries (the cache facts of its runs, the
/// models only it serves): what the browser decodes first.
pub const CATALOG_FIRST_BINARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/models_first.bin"));

/// The arena's entries alone, appended to [`CATALOG_FIRST_BINARY`] at load, or with feature
/// `arena-later` by [`crate::install_arena`] from the second module, which then holds these bytes.
pub const ARENA_CATALOG_BINARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/arena_models.bin"));

#[cfg(not(target_arch = "wasm32"))]
const MODELS_JSON: &str = include_str!("../../data/models.json");

impl ModelCatalog {
    /// Parses `data/models.json`'s shape and checks it against `dataset` (references resolve,
    /// figures finite and positive). Error paths start with the list: `models[2].kv.head_dim.at`.
    pub fn from_json(json: &str, dataset: &Dataset) -> Result<ModelCatalog, DataError> {
        let catalog: ModelCatalog = parse("", json)?;
        catalog.validate(dataset)?;
        Ok(catalog)
    }

    /// Decodes and checks the binary form ([`ModelCatalog::to_binary`]).
    pub fn from_binary(bytes: &[u8], dataset: &Dataset) -> Result<ModelCatalog, DataError> {
        let catalog = ModelCatalog::decode_binary(bytes)?;
        catalog.validate(dataset)?;
        Ok(catalog)
    }

    /// Decodes the binary form without checking it: the arena's part
    /// ([`ARENA_CATALOG_BINARY`]), which cites the first part's models, is checked once appended.
    pub fn decode_binary(bytes: &[u8]) -> Result<ModelCatalog, DataError> {
        wire::decode_catalog(bytes).map_err(|error| DataError::new("", Problem::Binary(error)))
    }

    /// Adds `other`'s sources, models and run entries after this catalogue's (the arena's part
    /// after the first; neither is checked again).
    pub fn append(&mut self, other: ModelCatalog) {
        self.sources.extend(other.sources);
        self.models.extend(other.models);
        self.runs.extend(other.runs);
    }

    /// The compact binary form, readable only by the same version of this crate.
    pub fn to_binary(&self) -> Vec<u8> {
        wire::encode_catalog(self)
    }

    /// The facts of a `model_id`.
    pub fn model(&self, id: &str) -> Option<&ModelFacts> {
        self.models.iter().find(|model| model.id == id)
    }

    /// The KV-cache facts of a run.
    pub fn run_cache(&self, run_id: &str) -> Option<&RunCache> {
        self.runs.iter().find(|cache| cache.run == run_id)
    }

    /// A source of the catalogue (model cards, configs), by id.
    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|source| source.id == id)
    }

    /// Checks the catalogue against a dataset: ids, references, figures.
    pub fn validate(&self, dataset: &Dataset) -> Result<(), DataError> {
        validate_catalog(self, dataset)
    }
}

impl ModelFacts {
    /// The weights of a format, by its key.
    pub fn weights_of(&self, format: &str) -> Option<&Weights> {
        self.weights.iter().find(|weights| weights.format == format)
    }

    /// The KV layout at a data type, from verified figures only; otherwise the name of the
    /// first figure that is missing or unverified.
    pub fn kv_architecture(&self, dtype: KvDtype) -> Result<KvArchitecture, &'static str> {
        fn read(name: &'static str, figure: Option<&Sourced<u32>>) -> Result<u32, &'static str> {
            figure.and_then(Sourced::verified).ok_or(name)
        }
        let kv = &self.kv;
        let full = read("full_attention_layers", kv.full_attention_layers.as_ref())?;
        let sliding = match &kv.sliding_window_layers {
            None => 0,
            Some(layers) => layers.verified().ok_or("sliding_window_layers")?,
        };
        let window = match sliding {
            0 => 0,
            _ => read("sliding_window_tokens", kv.sliding_window_tokens.as_ref())?,
        };
        let kv_heads = read("kv_heads", kv.kv_heads.as_ref())?;
        let head_dim = read("head_dim", kv.head_dim.as_ref())?;
        KvArchitecture::new(full, sliding, window, kv_heads, head_dim, dtype.bytes()).map_err(|_| "kv")
    }
}

static CATALOG: OnceLock<Result<ModelCatalog, DataError>> = OnceLock::new();

#[cfg(not(target_arch = "wasm32"))]
fn load_embedded() -> Result<ModelCatalog, DataError> {
    ModelCatalog::from_json(MODELS_JSON, dataset())
}

/// Browser: the binary form, not checked again (the native tests check the JSON and prove the
/// binary parts decode to the same catalogue).
#[cfg(target_arch = "wasm32")]
fn load_embedded() -> Result<ModelCatalog, DataError> {
    #[allow(unused_mut)]
    let mut catalog = ModelCatalog::decode_binary(CATALOG_FIRST_BINARY)?;
    // Without `arena-later` the arena's entries are in from the start, as its runs are.
    #[cfg(not(feature = "arena-later"))]
    catalog.append(ModelCatalog::decode_binary(ARENA_CATALOG_BINARY)?);
    Ok(catalog)
}

/// The catalogue with the arena's entries appended by [`install_arena_catalog`].
#[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
static WITH_ARENA: OnceLock<ModelCatalog> = OnceLock::new();

/// With feature `arena-later` in the browser: appends the arena's entries, once, for
/// [`crate::install_arena`] (so the second module holds [`ARENA_CATALOG_BINARY`]).
#[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
pub(crate) fn install_arena_catalog() {
    if WITH_ARENA.get().is_some() {
        return;
    }
    let (Ok(first), Ok(arena)) =
        (CATALOG.get_or_init(load_embedded).as_ref(), ModelCatalog::decode_binary(ARENA_CATALOG_BINARY))
    else {
        return;
    };
    let mut whole = first.clone();
    whole.append(arena);
    let _ = WITH_ARENA.set(whole);
}

/// The embedded catalogue, parsed and checked on first use.
pub fn try_catalog() -> Result<&'static ModelCatalog, &'static DataError> {
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    if let Some(whole) = WITH_ARENA.get() {
        return Ok(whole);
    }
    CATALOG.get_or_init(load_embedded).as_ref()
}

/// The embedded catalogue; empty (no model facts, so no computed pools) should it ever fail to
/// load, which the test suite rules out. [`try_catalog`] says why.
pub fn catalog() -> &'static ModelCatalog {
    static EMPTY: ModelCatalog = ModelCatalog { sources: Vec::new(), models: Vec::new(), runs: Vec::new() };
    try_catalog().unwrap_or(&EMPTY)
}

type Checked = Result<(), DataError>;

fn text(path: String, value: &str) -> Checked {
    if value.trim().is_empty() { Err(DataError::new(path, Problem::BlankText)) } else { Ok(()) }
}

fn positive(path: String, value: f64) -> Checked {
    match value {
        v if !v.is_finite() => Err(DataError::new(path, Problem::NotFinite)),
        v if v <= 0.0 => Err(DataError::new(path, Problem::NotPositive(v))),
        _ => Ok(()),
    }
}

fn resolve(path: String, target: &'static str, known: &HashSet<&str>, id: &str) -> Checked {
    match known.contains(id) {
        true => Ok(()),
        false => Err(DataError::new(path, Problem::DanglingReference { target, id: id.to_owned() })),
    }
}

fn sourced<T: Copy + Into<f64>>(path: &str, figure: &Sourced<T>, sources: &HashSet<&str>) -> Checked {
    positive(format!("{path}.v"), figure.v.into())?;
    resolve(format!("{path}.source"), "source", sources, &figure.source)?;
    text(format!("{path}.at"), &figure.at)?;
    figure.note.as_deref().map_or(Ok(()), |note| text(format!("{path}.note"), note))
}

fn validate_model(path: &str, model: &ModelFacts, sources: &HashSet<&str>) -> Checked {
    if !is_valid_id(&model.id) {
        return Err(DataError::new(format!("{path}.id"), Problem::BadId(model.id.clone())));
    }
    text(format!("{path}.name"), &model.name)?;
    if let Some(figure) = &model.total_params_b {
        sourced(&format!("{path}.total_params_b"), figure, sources)?;
    }
    if let Some(figure) = &model.active_params_b {
        sourced(&format!("{path}.active_params_b"), figure, sources)?;
    }
    let mut formats = HashSet::new();
    for (index, weights) in model.weights.iter().enumerate() {
        let at = format!("{path}.weights[{index}]");
        text(format!("{at}.format"), &weights.format)?;
        if !formats.insert(weights.format.as_str()) {
            return Err(DataError::new(format!("{at}.format"), Problem::DuplicateId(weights.format.clone())));
        }
        sourced(&format!("{at}.gb"), &weights.gb, sources)?;
    }
    let kv = &model.kv;
    let counts = [
        ("full_attention_layers", &kv.full_attention_layers),
        ("sliding_window_layers", &kv.sliding_window_layers),
        ("sliding_window_tokens", &kv.sliding_window_tokens),
        ("kv_heads", &kv.kv_heads),
        ("head_dim", &kv.head_dim),
    ];
    for (name, figure) in counts {
        if let Some(figure) = figure {
            sourced(&format!("{path}.kv.{name}"), figure, sources)?;
        }
    }
    Ok(())
}

fn validate_run_cache(
    path: &str,
    cache: &RunCache,
    catalog: &ModelCatalog,
    dataset: &Dataset,
    sources: &HashSet<&str>,
) -> Checked {
    let Some(run) = dataset.run(&cache.run) else {
        return Err(DataError::new(
            format!("{path}.run"),
            Problem::DanglingReference { target: "run", id: cache.run.clone() },
        ));
    };
    if let Some(format) = &cache.weights {
        let known = catalog.model(&run.model_id).is_some_and(|model| model.weights_of(format).is_some());
        if !known {
            let id = format!("{}: {format}", run.model_id);
            return Err(DataError::new(
                format!("{path}.weights"),
                Problem::DanglingReference { target: "weights", id },
            ));
        }
    }
    if let Some(source) = &cache.source {
        resolve(format!("{path}.source"), "source", sources, source)?;
    }
    text(format!("{path}.note"), &cache.note)
}

fn unique<'a>(list: &str, ids: impl Iterator<Item = &'a str>) -> Checked {
    let mut seen = HashSet::new();
    for (index, id) in ids.enumerate() {
        if !seen.insert(id) {
            return Err(DataError::new(format!("{list}[{index}]"), Problem::DuplicateId(id.to_owned())));
        }
    }
    Ok(())
}

/// Checks a catalogue against a dataset. Coverage (a model entry for every `model_id`, a run
/// entry for every sourced run) is a test, not a load error: a run added without its cache facts
/// gets no computed pool and says so.
fn validate_catalog(catalog: &ModelCatalog, dataset: &Dataset) -> Checked {
    let dataset_sources: HashSet<&str> = dataset.sources.iter().map(|s| s.id.as_str()).collect();
    for (index, source) in catalog.sources.iter().enumerate() {
        let path = format!("sources[{index}]");
        if !is_valid_id(&source.id) {
            return Err(DataError::new(format!("{path}.id"), Problem::BadId(source.id.clone())));
        }
        if dataset_sources.contains(source.id.as_str()) {
            return Err(DataError::new(format!("{path}.id"), Problem::DuplicateId(source.id.clone())));
        }
        text(format!("{path}.title"), &source.title)?;
        text(format!("{path}.publisher"), &source.publisher)?;
    }
    unique("sources", catalog.sources.iter().map(|s| s.id.as_str()))?;
    unique("models", catalog.models.iter().map(|m| m.id.as_str()))?;
    unique("runs", catalog.runs.iter().map(|r| r.run.as_str()))?;
    let mut sources = dataset_sources;
    sources.extend(catalog.sources.iter().map(|s| s.id.as_str()));
    for (index, model) in catalog.models.iter().enumerate() {
        validate_model(&format!("models[{index}]"), model, &sources)?;
    }
    for (index, cache) in catalog.runs.iter().enumerate() {
        validate_run_cache(&format!("runs[{index}]"), cache, catalog, dataset, &sources)?;
    }
    Ok(())
}
