//! Writes `$OUT_DIR/dataset.bin`: the dataset of `data/*.json` in the binary form of
//! `src/dataset/wire.rs`, which the wasm build embeds instead of the JSON
//! (`src/dataset/embedded.rs`); `$OUT_DIR/arena.bin`, the arena's runs and sources
//! (`data/arena.json`) in the same form, kept apart so the split wasm can carry them in its
//! second module (feature `arena-later`); `$OUT_DIR/loads.bin`, the arena's measured loads
//! (`data/arena_loads.json`, `src/dataset/measured_load.rs`); and `$OUT_DIR/models.bin`, the
//! model catalogue of `data/models.json` in the same form (`src/catalogue/catalog.rs`, its codec
//! `src/catalogue/wire.rs`), also cut in two like the dataset: `models_first.bin` without the
//! arena's entries and `arena_models.bin` with only them (the split wasm's second module appends it).
//! Generated on
//! every change of the JSON or the model, so it cannot go stale; the native tests prove that it
//! decodes to exactly the dataset the JSON path loads.
//!
//! The model and the codec are the crate's own source files, compiled into this script.

/// The crate's own modules this script compiles in, at the same paths as in the crate
/// (`crate::dataset::model::Run`), so their `crate::` paths resolve here too.
#[allow(dead_code)]
#[path = "src/dataset"]
mod dataset {
    pub mod date;
    pub mod figure;
    pub mod measured_load;
    pub mod model;
    pub mod setup;
    pub mod wire;
}
#[allow(dead_code)]
#[path = "src/catalogue"]
mod catalogue {
    pub mod model_facts;
    pub mod wire;
}

use catalogue::model_facts;
use dataset::{measured_load, model, wire};
use std::error::Error;
use std::path::PathBuf;

/// The lists of `data/`, each one JSON array.
const LISTS: [&str; 5] = ["sources", "runs", "facts", "claims", "advice"];
/// The source files this script compiles in.
const MODULES: [&str; 8] = [
    "dataset/date",
    "dataset/figure",
    "dataset/measured_load",
    "dataset/model",
    "dataset/setup",
    "dataset/wire",
    "catalogue/model_facts",
    "catalogue/wire",
];
/// The model catalogue, one JSON object.
const CATALOG: &str = "models";
/// The arena's runs and sources, one dataset document generated from the fixtures
/// (`cargo xtask arena-data`), appended to the lists.
const ARENA: &str = "arena";
/// The arena's measured open-loop loads, one document generated from the fixtures with it
/// (`loads.bin`, decoded only where the widget's second module shows them).
const LOADS: &str = "arena_loads";

/// One list, parsed; a bad entry fails the build naming its path (`runs[3].points[2].note`).
fn parse<T: serde::de::DeserializeOwned>(list: &str) -> Result<T, Box<dyn Error>> {
    let path = format!("data/{list}.json");
    let json = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let deserializer = &mut serde_json::Deserializer::from_str(&json);
    serde_path_to_error::deserialize(deserializer)
        .map_err(|e| format!("{path}: {list}{}: {}", e.path(), e.inner()).into())
}

fn main() -> Result<(), Box<dyn Error>> {
    for list in LISTS {
        println!("cargo::rerun-if-changed=data/{list}.json");
    }
    println!("cargo::rerun-if-changed=data/{CATALOG}.json");
    println!("cargo::rerun-if-changed=data/{ARENA}.json");
    println!("cargo::rerun-if-changed=data/{LOADS}.json");
    for module in MODULES {
        println!("cargo::rerun-if-changed=src/{module}.rs");
    }
    let dataset = model::Dataset {
        sources: parse(LISTS[0])?,
        runs: parse(LISTS[1])?,
        facts: parse(LISTS[2])?,
        claims: parse(LISTS[3])?,
        advice: parse(LISTS[4])?,
    };
    let arena: model::Dataset = parse(ARENA)?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR for build scripts")?);
    let binary = wire::encode(&dataset);
    let arena_binary = wire::encode(&arena);
    let loads: measured_load::MeasuredLoadTable = parse(LOADS)?;
    let loads_binary = wire::encode_loads(&loads);
    let catalog: model_facts::ModelCatalog = parse(CATALOG)?;
    let catalog_binary = catalogue::wire::encode_catalog(&catalog);
    let (catalog_first, arena_catalog) = split_catalog(catalog, &dataset, &arena);
    // Written into prerendered pages, so a wasm built from other data renders afresh instead of
    // hydrating markup it cannot match.
    let fingerprint = fnv1a(catalog_binary.iter().chain(&binary).chain(&arena_binary).chain(&loads_binary));
    println!("cargo::rustc-env=SPARK_SIZER_DATASET_FINGERPRINT={fingerprint:016x}");
    std::fs::write(out.join("dataset.bin"), binary)?;
    std::fs::write(out.join("models.bin"), catalog_binary)?;
    std::fs::write(out.join("arena.bin"), arena_binary)?;
    std::fs::write(out.join("loads.bin"), loads_binary)?;
    std::fs::write(out.join("models_first.bin"), catalogue::wire::encode_catalog(&catalog_first))?;
    std::fs::write(out.join("arena_models.bin"), catalogue::wire::encode_catalog(&arena_catalog))?;
    Ok(())
}

/// The catalogue without the arena's entries, and the arena's entries alone: the cache facts of
/// its runs and the models no other run serves. Each part keeps the catalogue's order, so the
/// first with the arena's appended is the whole (`tests/tests/data/models_kv_bytes.rs` checks it);
/// a source stays in the first part unless only the arena's entries cite it.
fn split_catalog(
    catalog: model_facts::ModelCatalog,
    dataset: &model::Dataset,
    arena: &model::Dataset,
) -> (model_facts::ModelCatalog, model_facts::ModelCatalog) {
    let arena_run = |id: &str| arena.runs.iter().any(|run| run.id == id);
    let arena_only_model = |id: &str| {
        arena.runs.iter().any(|run| run.model_id == id) && !dataset.runs.iter().any(|run| run.model_id == id)
    };
    let (arena_models, models) = catalog.models.into_iter().partition(|model| arena_only_model(&model.id));
    let (arena_runs, runs): (Vec<_>, Vec<_>) = catalog.runs.into_iter().partition(|cache| arena_run(&cache.run));
    // The first part's entries as JSON: a source is cited there when its id appears quoted.
    let first = serde_json::to_string(&(&models, &runs)).unwrap_or_default();
    let (sources, arena_sources) =
        catalog.sources.into_iter().partition(|source| first.contains(&["\"", &source.id, "\""].concat()));
    (
        model_facts::ModelCatalog { sources, models, runs },
        model_facts::ModelCatalog { sources: arena_sources, models: arena_models, runs: arena_runs },
    )
}

/// FNV-1a, 64 bit (Fowler, Noll, Vo): a fingerprint, not a security hash.
fn fnv1a<'a>(bytes: impl Iterator<Item = &'a u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
