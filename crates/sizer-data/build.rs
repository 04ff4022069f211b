//! Writes `$OUT_DIR/dataset.bin`: the dataset of `data/*.json` in the binary form of
//! `src/wire.rs`, which the wasm build embeds instead of the JSON (`src/load.rs`). Generated on
//! every change of the JSON or the model, so it cannot go stale; the native tests prove that it
//! decodes to exactly the dataset the JSON path loads.
//!
//! The model and the codec are the crate's own source files, compiled into this script.

#[allow(dead_code)]
#[path = "src/date.rs"]
mod date;
#[allow(dead_code)]
#[path = "src/figure.rs"]
mod figure;
#[allow(dead_code)]
#[path = "src/model.rs"]
mod model;
#[allow(dead_code)]
#[path = "src/wire.rs"]
mod wire;

use std::error::Error;
use std::path::PathBuf;

/// The lists of `data/`, each one JSON array.
const LISTS: [&str; 5] = ["sources", "runs", "facts", "claims", "advice"];
/// The source files this script compiles in.
const MODULES: [&str; 4] = ["date", "figure", "model", "wire"];

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
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR for build scripts")?);
    std::fs::write(out.join("dataset.bin"), wire::encode(&dataset))?;
    Ok(())
}
