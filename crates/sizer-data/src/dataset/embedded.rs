//! Parsing: the embedded dataset, once, and any JSON document with the same shape.
//!
//! Native builds parse the embedded JSON (error paths for whoever edits it); the wasm decodes
//! the same dataset from its binary form ([`crate::dataset::wire`], written by `build.rs`), which needs
//! neither the JSON text nor serde's visitors for the dataset types in the download.

use std::sync::OnceLock;

use serde::de::DeserializeOwned;

use crate::dataset::error::{DataError, Problem};
use crate::dataset::model::{Dataset, Run};
use crate::dataset::validate::{validate_dataset, validate_run};
use crate::dataset::wire;

/// The embedded dataset in binary form ([`Dataset::from_binary`]), generated from `data/*.json`
/// by `build.rs` at compile time. The browser loads this; native builds load the JSON.
pub const EMBEDDED_BINARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/dataset.bin"));

/// The arena's runs and sources (`data/arena.json`) in the same binary form, kept apart from
/// [`EMBEDDED_BINARY`]: the browser appends them at load, or, with feature `arena-later` (the
/// split wasm), only when [`crate::install_arena`] is called from the second module, which then holds
/// these bytes, so they do not delay the first result. Native builds load `data/arena.json`.
pub const ARENA_BINARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/arena.bin"));

/// FNV-1a of the embedded model catalogue, [`EMBEDDED_BINARY`] and [`ARENA_BINARY`] in 16 hex digits (computed by `build.rs`): prerendered pages
/// carry it, so a widget built from other data does not hydrate them.
pub const DATASET_FINGERPRINT: &str = env!("SPARK_SIZER_DATASET_FINGERPRINT");

// The JSON is embedded in native builds only; the wasm embeds its binary form.
#[cfg(not(target_arch = "wasm32"))]
const SOURCES_JSON: &str = include_str!("../../data/sources.json");
#[cfg(not(target_arch = "wasm32"))]
const RUNS_JSON: &str = include_str!("../../data/runs.json");
#[cfg(not(target_arch = "wasm32"))]
const FACTS_JSON: &str = include_str!("../../data/facts.json");
#[cfg(not(target_arch = "wasm32"))]
const CLAIMS_JSON: &str = include_str!("../../data/claims.json");
#[cfg(not(target_arch = "wasm32"))]
const ADVICE_JSON: &str = include_str!("../../data/advice.json");
/// The arena's runs and sources, one document generated from the fixtures (`cargo xtask
/// arena-data`), appended to the lists above.
#[cfg(not(target_arch = "wasm32"))]
pub const ARENA_JSON: &str = include_str!("../../data/arena.json");

/// Parses `json` as a `T`, turning serde's error into one that names the path, prefixed by
/// `prefix` (the list's name when each file holds one list).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn parse<T: DeserializeOwned>(prefix: &str, json: &str) -> Result<T, DataError> {
    let deserializer = &mut serde_json::Deserializer::from_str(json);
    let value: T = serde_path_to_error::deserialize(deserializer).map_err(|error| {
        // serde_path_to_error marks a key it never read (a syntax error) as `?`: drop it.
        let full = error.path().to_string();
        let inner = full.strip_suffix(".?").unwrap_or(&full).to_owned();
        let path = match (prefix.is_empty(), inner.as_str()) {
            (true, _) => inner.clone(),
            (false, ".") => prefix.to_owned(),
            (false, rest) if rest.starts_with('[') => format!("{prefix}{rest}"),
            (false, rest) => format!("{prefix}.{rest}"),
        };
        DataError::new(path, Problem::Json(error.into_inner().to_string()))
    })?;
    Ok(value)
}

/// In the browser the only JSON parsed here is the embedded dataset, which the native tests
/// load and validate with full paths; tracking paths in the wasm cost 15 KB gzip
/// (BENCHMARKS.md), so the error names only the list and serde's line and column.
#[cfg(target_arch = "wasm32")]
pub(crate) fn parse<T: DeserializeOwned>(prefix: &str, json: &str) -> Result<T, DataError> {
    serde_json::from_str(json).map_err(|error| DataError::new(prefix.to_owned(), Problem::Json(error.to_string())))
}

impl Dataset {
    /// Parses and validates one JSON document `{"sources": [..], "runs": [..], "facts": [..],
    /// "claims": [..]}` (the widget's export format).
    pub fn from_json(json: &str) -> Result<Dataset, DataError> {
        let dataset: Dataset = parse("", json)?;
        validate_dataset(&dataset)?;
        Ok(dataset)
    }

    /// Parses and validates the four lists from separate JSON arrays (the layout of `data/`),
    /// without advice. Error paths start with the list's name: `runs[3].points[2].per_request_tok_s`.
    pub fn from_parts(sources: &str, runs: &str, facts: &str, claims: &str) -> Result<Dataset, DataError> {
        Dataset::from_lists(sources, runs, facts, claims, "[]")
    }

    /// [`Dataset::from_parts`] with the advice list (`data/advice.json`) as well.
    pub fn from_lists(
        sources: &str,
        runs: &str,
        facts: &str,
        claims: &str,
        advice: &str,
    ) -> Result<Dataset, DataError> {
        let dataset = Dataset {
            sources: parse("sources", sources)?,
            runs: parse("runs", runs)?,
            facts: parse("facts", facts)?,
            claims: parse("claims", claims)?,
            advice: parse("advice", advice)?,
        };
        validate_dataset(&dataset)?;
        Ok(dataset)
    }

    /// Decodes and validates the binary form ([`Dataset::to_binary`]).
    pub fn from_binary(bytes: &[u8]) -> Result<Dataset, DataError> {
        let dataset = Dataset::decode_binary(bytes)?;
        validate_dataset(&dataset)?;
        Ok(dataset)
    }

    /// Decodes the binary form without validating it (the wasm's embedded dataset, which the
    /// native tests validate).
    fn decode_binary(bytes: &[u8]) -> Result<Dataset, DataError> {
        wire::decode(bytes).map_err(|error| DataError::new("", Problem::Binary(error)))
    }

    /// The compact binary form [`Dataset::from_binary`] reads: exact, not self-describing, and
    /// only readable by the same version of this crate.
    pub fn to_binary(&self) -> Vec<u8> {
        wire::encode(self)
    }

    /// Serialises to the one-document form [`Dataset::from_json`] reads.
    pub fn to_json(&self) -> Result<String, DataError> {
        serde_json::to_string_pretty(self).map_err(|e| DataError::new("", Problem::Json(e.to_string())))
    }
}

impl Run {
    /// Parses one run (e.g. a user's saved run) and checks it on its own.
    pub fn from_json(json: &str) -> Result<Run, DataError> {
        let run: Run = parse("run", json)?;
        run.validate()?;
        Ok(run)
    }

    /// Checks the run on its own: ids, text, points in increasing concurrency, figures finite
    /// and positive. Error paths start with `run`. Importers call this on what they build.
    pub fn validate(&self) -> Result<(), DataError> {
        validate_run("run", self)
    }
}

static DATASET: OnceLock<Result<Dataset, DataError>> = OnceLock::new();

/// Native: the JSON files, with full error paths (the arena document's start with `arena`).
#[cfg(not(target_arch = "wasm32"))]
fn load_embedded() -> Result<Dataset, DataError> {
    let mut dataset: Dataset = Dataset {
        sources: parse("sources", SOURCES_JSON)?,
        runs: parse("runs", RUNS_JSON)?,
        facts: parse("facts", FACTS_JSON)?,
        claims: parse("claims", CLAIMS_JSON)?,
        advice: parse("advice", ADVICE_JSON)?,
    };
    dataset.append(parse("arena", ARENA_JSON)?);
    validate_dataset(&dataset)?;
    Ok(dataset)
}

/// Browser: the binary form of the same files, decoded without validating it again: the
/// native tests validate the JSON and prove this binary decodes to exactly that dataset
/// (`tests/tests/data/binary.rs`).
#[cfg(target_arch = "wasm32")]
fn load_embedded() -> Result<Dataset, DataError> {
    #[allow(unused_mut)]
    let mut dataset = Dataset::decode_binary(EMBEDDED_BINARY)?;
    // Without `arena-later` the arena is in from the start (the unsplit wasm, its tests).
    #[cfg(not(feature = "arena-later"))]
    dataset.append(Dataset::decode_binary(ARENA_BINARY)?);
    Ok(dataset)
}

/// The dataset with the arena appended by [`crate::install_arena`] (feature `arena-later` only).
static WITH_ARENA: OnceLock<Dataset> = OnceLock::new();

/// With feature `arena-later` in the browser: appends the arena's runs and sources to the
/// dataset, once (for [`crate::install_arena`]); from then on [`dataset()`] returns the whole
/// dataset (earlier borrows stay valid: both live for the program). Returns `true` when this
/// call added them. Everywhere else the arena is in from the start and this does nothing.
pub(crate) fn install_arena_runs() -> bool {
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    {
        if WITH_ARENA.get().is_some() {
            return false;
        }
        let (Ok(base), Ok(arena)) = (DATASET.get_or_init(load_embedded).as_ref(), Dataset::decode_binary(ARENA_BINARY))
        else {
            return false;
        };
        let mut whole = base.clone();
        whole.append(arena);
        WITH_ARENA.set(whole).is_ok()
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "arena-later")))]
    false
}

/// True while runs are still to come: in the split browser build (feature `arena-later`),
/// until [`crate::install_arena`] appended the arena's. A run id unknown until then may be one of
/// them, so the widget waits for the data instead of calling the id unknown.
pub fn runs_pending() -> bool {
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    {
        WITH_ARENA.get().is_none()
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "arena-later")))]
    {
        false
    }
}

/// The embedded dataset, parsed and validated on first use.
pub fn try_dataset() -> Result<&'static Dataset, &'static DataError> {
    if let Some(whole) = WITH_ARENA.get() {
        return Ok(whole);
    }
    DATASET.get_or_init(load_embedded).as_ref()
}

/// The embedded dataset. The test suite proves it loads; should it ever fail (a broken build),
/// this returns an empty dataset rather than panicking, and [`try_dataset`] says why.
pub fn dataset() -> &'static Dataset {
    static EMPTY: Dataset =
        Dataset { sources: Vec::new(), runs: Vec::new(), facts: Vec::new(), claims: Vec::new(), advice: Vec::new() };
    try_dataset().unwrap_or(&EMPTY)
}
