//! The sourced dataset: every benchmark table and figure of both seed articles (and the public
//! llama.cpp DGX Spark batched-bench tables), with provenance, as typed and validated Rust.
//!
//! The JSON lives in `data/*.json` (one array per list) and is compiled in with `include_str!`;
//! [`dataset()`] parses and validates it once. The wasm build embeds a binary form of the same
//! JSON instead ([`EMBEDDED_BINARY`], written by `build.rs`), so the browser parses no JSON.
//! `DATA.md` at the repository root says how to add a benchmark.

#![forbid(unsafe_code)]

mod claim_check;
mod curve;
mod date;
mod error;
mod figure;
mod load;
mod lookup;
mod model;
mod run_scenario;
mod validate;
mod wire;

pub use claim_check::{ClaimCheck, Recomputed};
pub use curve::{CurveBasis, RunCurveError};
pub use date::{DateError, PartialDate};
pub use error::{DataError, Problem};
pub use figure::{Figure, FigureOrigin, TokenCount};
pub use load::{EMBEDDED_BINARY, dataset, try_dataset};
pub use lookup::CitedValue;
pub use model::{
    Citation, Claim, ClaimQuantity, Counter, Dataset, Fact, FactKind, Qualifier, Run, RunOrigin, RunPoint, Source,
    SourceKind, Topology, Unit, Workload,
};
pub use run_scenario::{RunInputs, TtftNearest, YOURS, scenario_for_run};
pub use validate::is_valid_id;
pub use wire::WireError;
